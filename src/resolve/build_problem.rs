//! A `solve` block → `Problem` (problem.rs): goals, mask, limits, tools and
//! count resolved against the top-level symbols, then the block's own steps
//! (steps.rs) and its instances (instances.rs). `planar` blocks share its
//! header and constant helpers.

use super::constant::{constant_number, top_level_lowering};
use super::eval::{eval, EvalError};
use super::instances::build_instances;
use super::lower::closest;
use super::problem::{Count, Goal, Limits, Problem, ToolRef};
use super::types::{Type, Value};
use super::{DeclKind, Scene};
use crate::diag::Diagnostic;
use crate::parse::ast::{self, Limit, MaskPart, MaskToken, SolveBlock, SolveItemKind, Tool};
use crate::span::Span;

pub(super) fn resolve_block(
    block: &SolveBlock,
    span: Span,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Problem {
    let (name, header_span) = block_header(&block.name, block.keyword_span, "solve");
    let mut problem = empty_problem(scene, name, span, header_span, block.body_span);
    let mut mask_spans: Vec<MaskPart> = Vec::new();
    let mut mask_line: Option<Span> = None;
    let mut ignore_line: Option<Span> = None;
    let mut tools_line: Option<Span> = None;
    let mut count_line: Option<Span> = None;
    let mut stars_line: Option<Span> = None;
    let mut verifies = Vec::new();
    for item in &block.items {
        match &item.kind {
            SolveItemKind::Goal { names, values } => {
                resolve_goal_line(names, values, item.span, scene, &mut problem, diagnostics)
            }
            SolveItemKind::Mask(parts) => {
                if let Some(first) = mask_line {
                    diagnostics.push(duplicate_line("mask", item.span, first));
                } else {
                    mask_line = Some(item.span);
                    mask_spans = parts.clone();
                }
            }
            SolveItemKind::Ignore(limits) => {
                if let Some(first) = ignore_line {
                    diagnostics.push(duplicate_line("ignore", item.span, first));
                } else {
                    ignore_line = Some(item.span);
                    resolve_limits(limits, scene, &mut problem.limits, diagnostics);
                }
            }
            SolveItemKind::Verify(assignments) => {
                if let Some(overrides) = resolve_verify(assignments, scene, diagnostics) {
                    verifies.push((item.span, overrides));
                }
            }
            SolveItemKind::Tools(names) => {
                if let Some(first) = tools_line {
                    diagnostics.push(duplicate_line("tools", item.span, first));
                } else {
                    tools_line = Some(item.span);
                    problem.tools_span = Some(item.span);
                    // `drop`: the game's point tool, a point put on a line
                    // or circle of the drawing (docs/language.md, "Points
                    // dropped on the drawing").
                    let (drops, tools): (Vec<_>, Vec<_>) =
                        names.iter().cloned().partition(|name| name.text == "drop");
                    problem.drops = !drops.is_empty();
                    let errors = diagnostics.len();
                    (problem.tools, problem.own_tools) = resolve_tools(&tools, scene, diagnostics);
                    // A tool it names is unknown (E0510, perhaps misspelt):
                    // the steps that use the tool meant are not errors too.
                    problem.tools_unknown |= diagnostics.len() > errors;
                    problem.allowed = problem
                        .own_tools
                        .iter()
                        .filter_map(|&index| scene.tools.get(index).cloned().map(ToolRef))
                        .collect();
                }
            }
            SolveItemKind::Count(name) => {
                if let Some(first) = count_line {
                    diagnostics.push(duplicate_line("count", item.span, first));
                } else {
                    count_line = Some(item.span);
                    if let Some(count) = resolve_count(name, diagnostics) {
                        problem.count = count;
                    }
                }
            }
            SolveItemKind::Stars(counts) => {
                if let Some(first) = stars_line {
                    diagnostics.push(duplicate_line("stars", item.span, first));
                } else {
                    stars_line = Some(item.span);
                    problem.stars =
                        Some(super::stars::resolve_stars(counts, item.span, diagnostics));
                }
            }
            SolveItemKind::Error(broken) => problem.tools_unknown |= broken.tools,
            SolveItemKind::Step(_) => {}
        }
    }
    problem.mask = resolve_mask(&mask_spans, diagnostics);
    let errors = diagnostics.len();
    problem.mask_own = resolve_mask_own(&mask_spans, problem.mask.len(), scene, diagnostics);
    // A mask naming no tool is its mistake: the steps are not held to it.
    if diagnostics.len() > errors {
        problem.mask = vec![MaskToken::All];
        problem.mask_own = vec![Vec::new()];
    }
    problem.mask_span = match (mask_spans.first(), mask_spans.last()) {
        (Some(first), Some(last)) => Some(first.span.to(last.span)),
        _ => None,
    };
    super::steps::resolve_steps(block, scene, &mut problem, diagnostics);
    problem.instances = build_instances(scene, &problem, &verifies, diagnostics)
        .iter()
        .map(|instance| instance.scaled(1.0 / problem.unit))
        .collect();
    problem
}

/// A block's problem before its lines are read: the file's givens and
/// setup, nothing else.
fn empty_problem(
    scene: &Scene,
    name: String,
    span: Span,
    header_span: Span,
    body_span: Span,
) -> Problem {
    Problem {
        name,
        span,
        header_span,
        body_span,
        givens: scene.givens().to_vec(),
        setup: scene.setup().to_vec(),
        setup_names: scene
            .setup()
            .iter()
            .map(|&symbol| scene.symbols[symbol].name.clone())
            .collect(),
        goals: Vec::new(),
        mask: Vec::new(),
        mask_own: Vec::new(),
        mask_span: None,
        tools_span: None,
        limits: Limits::default(),
        instances: Vec::new(),
        survey: Default::default(),
        unit: scene.unit,
        steps: Vec::new(),
        steps_complete: true,
        tools_unknown: false,
        tools: Vec::new(),
        own_tools: Vec::new(),
        allowed: Vec::new(),
        calls: Vec::new(),
        drops: false,
        count: Count::E,
        stars: None,
        local_names: Vec::new(),
        local_uses: Vec::new(),
    }
}

/// A `count` line: `e` or `l` (E0508 else).
fn resolve_count(name: &ast::Name, diagnostics: &mut Vec<Diagnostic>) -> Option<Count> {
    match name.text.to_ascii_lowercase().as_str() {
        "e" => Some(Count::E),
        "l" => Some(Count::L),
        _ => {
            diagnostics.push(
                Diagnostic::error(
                    "E0508",
                    name.span,
                    format!("`count` is `e` or `l`, not `{}`", name.text),
                )
                .with_help("`count e` minimises elementary moves (lines and circles, each L-tool at the game's cost); `count l` minimises tool uses")
                .with_fix("Count elementary moves (`count e`)", name.span, "e")
                .with_fix("Count tool uses (`count l`)", name.span, "l"),
            );
            None
        }
    }
}
/// A `tools` line: the L-tools it allows, and the tools of your own (as
/// indices into `Scene::tools`; a broken one is left out quietly).
fn resolve_tools(
    names: &[ast::Name],
    scene: &Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Tool>, Vec<usize>) {
    let mut tools = Vec::new();
    let mut own = Vec::new();
    for name in names {
        if let Some(index) = scene.tool_index(&name.text) {
            if !own.contains(&index) {
                own.push(index);
            }
            continue;
        }
        if scene.knows_tool(&name.text) {
            continue;
        }
        match Tool::from_name(&name.text) {
            Some(tool) if !tools.contains(&tool) => tools.push(tool),
            Some(_) => {}
            None => {
                let mut known: Vec<String> =
                    Tool::ALL.iter().map(|t| t.name().to_string()).collect();
                let own_names: Vec<String> =
                    scene.tools.iter().map(|tool| tool.name.clone()).collect();
                let mut diagnostic = Diagnostic::error(
                    "E0510",
                    name.span,
                    if own_names.is_empty() {
                        format!("`{}` is not an L-tool", name.text)
                    } else {
                        format!("`{}` is not an L-tool or a tool of your own", name.text)
                    },
                )
                .with_help(format!(
                    "the L-tools are {}{} (lines and circles are always allowed; `drop` lets the solver put points on the drawing)",
                    known.join(", "),
                    if own_names.is_empty() {
                        String::new()
                    } else {
                        format!("; this file's tools are {}", own_names.join(", "))
                    }
                ));
                known.extend(own_names);
                if let Some(close) = closest(&name.text, &known) {
                    diagnostic = diagnostic.did_you_mean(name.span, close);
                }
                diagnostics.push(diagnostic);
            }
        }
    }
    (tools, own)
}

fn duplicate_line(keyword: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(
        "E0502",
        span,
        format!("a second `{keyword}` line in the same block"),
    )
    .with_label(first, "the first one")
    .with_help(format!("put everything on one `{keyword}` line"))
}

/// A `goal` line: one goal, or several reached together (`goal X, Y =
/// (a, b) | (c, d)`), one group of the problem's variants.
fn resolve_goal_line(
    names: &[ast::Name],
    values: &[ast::Expr],
    item_span: Span,
    scene: &mut Scene,
    problem: &mut Problem,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let group = problem.goals.last().map_or(0, |goal| goal.group + 1);
    let before = problem.goals.len();
    resolve_goal_columns(names, values, item_span, group, scene, problem, diagnostics);
    // A goal that did not resolve leaves the block uncheckable: checked
    // without it, a construction would be reported as reaching its goals.
    if problem.goals.len() < before + names.len() {
        problem.steps_complete = false;
    }
}

/// The goals of one line, each with its column of alternatives.
fn resolve_goal_columns(
    names: &[ast::Name],
    values: &[ast::Expr],
    item_span: Span,
    group: usize,
    scene: &mut Scene,
    problem: &mut Problem,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let [name] = names {
        let values: Vec<&ast::Expr> = values.iter().collect();
        resolve_goal(name, &values, item_span, group, scene, problem, diagnostics);
        return;
    }
    let mut columns: Vec<Vec<&ast::Expr>> = vec![Vec::new(); names.len()];
    for value in values {
        match &value.kind {
            ast::ExprKind::Tuple(parts) if parts.len() == names.len() => {
                for (column, part) in columns.iter_mut().zip(parts) {
                    column.push(part);
                }
            }
            ast::ExprKind::Error => return,
            _ => {
                let listed: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
                diagnostics.push(
                    Diagnostic::error(
                        "E0208",
                        value.span,
                        format!(
                            "goal line `{}` names {} goals: each alternative lists {} values in parentheses",
                            listed.join(", "),
                            names.len(),
                            names.len()
                        ),
                    )
                    .with_help(format!(
                        "write `goal {} = ({}) | (…)`, one value per goal in each alternative",
                        listed.join(", "),
                        listed.iter().map(|name| format!("{name}1")).collect::<Vec<_>>().join(", ")
                    )),
                );
                return;
            }
        }
    }
    for (name, column) in names.iter().zip(&columns) {
        resolve_goal(name, column, item_span, group, scene, problem, diagnostics);
    }
}

fn resolve_goal(
    name: &ast::Name,
    values: &[&ast::Expr],
    item_span: Span,
    group: usize,
    scene: &mut Scene,
    problem: &mut Problem,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(previous) = problem.goals.iter().find(|goal| goal.name == name.text) {
        diagnostics.push(
            Diagnostic::error(
                "E0102",
                name.span,
                format!("goal `{}` is declared twice", name.text),
            )
            .with_label(previous.span, "first declared here"),
        );
        return;
    }
    if let Some(index) = scene.symbol(&name.text) {
        diagnostics.push(
            Diagnostic::error(
                "E0104",
                name.span,
                format!(
                    "goal `{}` has the name of a top-level declaration",
                    name.text
                ),
            )
            .with_label(scene.symbol_span(index), "declared here")
            .with_help("give the goal its own name"),
        );
        return;
    }
    let mut definitions = Vec::new();
    let mut is_constant = false;
    let mut first_ty: Option<Type> = None;
    for value in values {
        let mut references = Vec::new();
        let (lowered, constant) = {
            let mut lowering = top_level_lowering(scene, diagnostics, &mut references);
            let lowered = lowering.lower(value);
            (lowered, !lowering.mentions_name)
        };
        scene.references.extend(references);
        let Some((definition, ty)) = lowered else {
            return;
        };
        if let Some(first) = first_ty {
            if !(ty == first || (ty.is_line() && first.is_line())) {
                diagnostics.push(
                    Diagnostic::error(
                        "E0208",
                        value.span,
                        format!("the alternatives of goal `{}` must be of one kind: this is a {ty}, the first is a {first}", name.text),
                    )
                    .with_label(values[0].span, format!("this is a {first}"))
                    .with_help("an either-or goal lists the same kind of object, e.g. the two mirror-image points: `goal X = P | Q`"),
                );
                return;
            }
        }
        first_ty.get_or_insert(ty);
        is_constant |= constant;
        definitions.push(definition);
    }
    let (Some(ty), Some(value)) = (first_ty, values.first()) else {
        return;
    };
    if !(matches!(ty, Type::Point | Type::Circle) || ty.is_line()) {
        diagnostics.push(
            Diagnostic::error(
                "E0208",
                value.span,
                format!("a goal is a point, a line or a circle, not a {ty}"),
            )
            .with_help(
                "for an intersection, bind it at top level: `let P, _ = k & l`, then `goal G = P`",
            ),
        );
        return;
    }
    if is_constant {
        diagnostics.push(
            Diagnostic::warning("W0001", value.span, format!("goal `{}` is a constant: it cannot follow the givens", name.text))
                .with_help("write the goal in terms of the givens (e.g. `center(k)` rather than `(0, 0)`), so that constructions are checked on moved instances too"),
        );
    }
    problem.goals.push(Goal {
        name: name.text.clone(),
        span: name.span,
        item_span,
        ty,
        definitions,
        alternative_spans: values.iter().map(|value| value.span).collect(),
        is_constant,
        group,
    });
}

fn resolve_mask(parts: &[MaskPart], diagnostics: &mut Vec<Diagnostic>) -> Vec<MaskToken> {
    let generators: Vec<&MaskPart> = parts
        .iter()
        .filter(|part| part.token.is_generator())
        .collect();
    if generators.len() > 1 {
        let mut diagnostic = Diagnostic::error(
            "E0501",
            generators[1].span,
            format!(
                "a mask has at most one `**` part, this one has {}",
                generators.len()
            ),
        )
        .with_label(generators[0].span, "the first `**` part");
        for extra in &generators[2..] {
            diagnostic = diagnostic.with_label(extra.span, "another one");
        }
        diagnostics.push(diagnostic.with_help("merge them: `line** circle**` can be written `**`"));
        return vec![MaskToken::All];
    }
    if parts.is_empty() {
        vec![MaskToken::All]
    } else {
        parts.iter().map(|part| part.token).collect()
    }
}

/// The tools of your own each mask part names (E0510 for a name that is
/// none; a broken one allows nothing, quietly).
fn resolve_mask_own(
    parts: &[MaskPart],
    length: usize,
    scene: &Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Vec<(usize, String)>> {
    let mut own = vec![Vec::new(); length];
    for (part, named) in parts.iter().enumerate() {
        for name in &named.own {
            match scene.tool_index(&name.text) {
                Some(index) => {
                    if let Some(slot) = own.get_mut(part) {
                        slot.push((index, name.text.clone()));
                    }
                }
                None if scene.knows_tool(&name.text) => {}
                None => {
                    let mut known: Vec<String> =
                        Tool::ALL.iter().map(|t| t.name().to_string()).collect();
                    known.extend(scene.tools.iter().map(|tool| tool.name.clone()));
                    let mut diagnostic = Diagnostic::error(
                        "E0510",
                        name.span,
                        format!("`{}` is not a mask part: no L-tool or tool of your own has this name", name.text),
                    )
                    .with_help("a mask part is `line`, `circle`, `*`, `**`, an L-tool, a tool of your own, or a choice of them in parentheses");
                    if let Some(close) = closest(&name.text, &known) {
                        diagnostic = diagnostic.did_you_mean(name.span, close);
                    }
                    diagnostics.push(diagnostic);
                }
            }
        }
    }
    own
}

fn resolve_limits(
    limits: &[ast::IgnoreLimit],
    scene: &mut Scene,
    out: &mut Limits,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for limit in limits {
        let Some(value) = constant_number(&limit.value, scene, diagnostics) else {
            continue;
        };
        let word = if limit.limit == Limit::Min {
            "min"
        } else {
            "max"
        };
        if value < 0.0 || (limit.limit == Limit::Max && value == 0.0) {
            diagnostics.push(
                Diagnostic::error(
                    "E0503",
                    limit.value.span,
                    format!("`ignore {word}` must be positive, found {value}"),
                )
                .with_help("`min` is a distance between points, `max` a distance from the origin"),
            );
            continue;
        }
        let slot = if limit.limit == Limit::Min {
            &mut out.min
        } else {
            &mut out.max
        };
        if slot.is_some() {
            diagnostics.push(Diagnostic::error(
                "E0502",
                limit.span,
                format!("`{word}` is given twice"),
            ));
        }
        *slot = Some(value);
    }
}

/// The name of a block (or `default`) and the span of its header.
pub(super) fn block_header(
    name: &Option<ast::Name>,
    keyword_span: Span,
    default: &str,
) -> (String, Span) {
    match name {
        Some(name) => (name.text.clone(), keyword_span.to(name.span)),
        None => (default.to_string(), keyword_span),
    }
}

fn resolve_verify(
    assignments: &[ast::Assignment],
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<(usize, Value)>> {
    let mut overrides = Vec::new();
    let mut complete = true;
    for assignment in assignments {
        let Some(index) = scene.symbol(&assignment.name.text) else {
            let mut diagnostic = Diagnostic::error(
                "E0101",
                assignment.name.span,
                format!("unknown name `{}`", assignment.name.text),
            );
            if let Some(close) = scene.names.closest(&assignment.name.text) {
                diagnostic = diagnostic.did_you_mean(assignment.name.span, close);
            }
            diagnostics.push(diagnostic);
            complete = false;
            continue;
        };
        scene.references.push(super::Reference {
            span: assignment.name.span,
            symbol: index,
        });
        let symbol = scene.symbols[index].clone();
        if symbol.kind == DeclKind::Const {
            // A constant is fixed on purpose: it never moves
            // (docs/language.md, "Constants").
            diagnostics.push(
                Diagnostic::error("E0504", assignment.name.span, format!("`{}` is a constant: it is the same on every instance, so `verify` cannot set it", symbol.name))
                    .with_label(scene.symbol_decl_span(index), "declared `const` here")
                    .with_help("declare it with `let` (or `point`, …) to let `verify` and the random instances move it"),
            );
            complete = false;
            continue;
        }
        if !symbol.is_parameter {
            diagnostics.push(
                Diagnostic::error("E0504", assignment.name.span, format!("`{}` is not a parameter: it is computed from other names", symbol.name))
                    .with_label(scene.symbol_decl_span(index), "computed here")
                    .with_help("a `verify` line sets parameters: declarations whose right side mentions no name"),
            );
            complete = false;
            continue;
        }
        let mut references = Vec::new();
        let lowered =
            top_level_lowering(scene, diagnostics, &mut references).lower(&assignment.value);
        scene.references.extend(references);
        let Some((ir, ty)) = lowered else {
            complete = false;
            continue;
        };
        if Some(ty) != symbol.ty {
            diagnostics.push(
                Diagnostic::error(
                    "E0505",
                    assignment.value.span,
                    format!(
                        "`{}` is a {}, but this is a {ty}",
                        symbol.name,
                        symbol.ty.unwrap_or(Type::Number)
                    ),
                )
                .with_label(scene.symbol_span(index), "declared here"),
            );
            complete = false;
            continue;
        }
        match eval(&ir, &scene.values) {
            Ok(value) => overrides.push((index, value)),
            Err(EvalError(message)) => {
                diagnostics.push(Diagnostic::error(
                    "E0301",
                    assignment.value.span,
                    format!("cannot compute this: {message}"),
                ));
                complete = false;
            }
        }
    }
    complete.then_some(overrides)
}
