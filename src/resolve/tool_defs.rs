//! The file's tool definitions → the scene's table of tools of your own:
//! their names checked, the order they use each other in (a tool that uses
//! itself, directly or through others, is an error naming the circle), and
//! each resolved on its own figure as a small file of its own — the
//! parameters its declarations, the body its one block — with the
//! machinery of a solve block (instances.rs, build_problem.rs); docs/
//! language.md, "Tools of your own".

use super::build_problem::resolve_block;
use super::problem::{ImportedTool, ToolParam, ToolResult, UserTool};
use super::types::{Type, BUILTINS};
use super::{instances, DeclKind, Kinds, ResolveOptions, Scene};
use crate::diag::Diagnostic;
use crate::parse::ast::{
    self, Binder, Decl, ExprKind, Item, ItemKind, SolveBlock, SolveItemKind, SourceFile, ToolDef,
};
use crate::span::Span;
use crate::tools::Tool;
use std::collections::HashMap;
use std::sync::Arc;

/// Words a tool cannot be named, besides the L-tools, the built-in
/// functions and the reserved words: those the language reads in their
/// place (`tools drop`, `tool`, `use`).
const TAKEN: &[&str] = &["pi", "tool", "use", "drop"];

/// Fills `scene.tools` (the imported tools, then the file's own, each
/// resolved and ready to use) and `scene.broken_tools`.
pub(super) fn define_tools(
    file: &SourceFile,
    imported: &[ImportedTool],
    options: &ResolveOptions,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut table: Vec<Arc<UserTool>> = Vec::new();
    let mut brought: HashMap<&str, &ImportedTool> = HashMap::new();
    for import in imported {
        if let Some(first) = brought.get(import.tool.name.as_str()) {
            diagnostics.push(
                Diagnostic::error(
                    "E0802",
                    import.span,
                    format!(
                        "`{}` is brought in twice: {} and {} both define it",
                        import.tool.name,
                        origin(&first.tool),
                        origin(&import.tool)
                    ),
                )
                .with_label(first.span, "brought in here first")
                .with_help("rename the tool in one of the files"),
            );
            continue;
        }
        brought.insert(&import.tool.name, import);
        table.push(import.tool.clone());
    }
    let definitions = named_definitions(file, &brought, diagnostics);
    let (order, mut broken) = usage_order(&definitions, diagnostics);
    let mut own: Vec<Option<Arc<UserTool>>> = vec![None; definitions.len()];
    for position in order {
        let (item, definition) = definitions[position];
        let mut so_far = table.clone();
        so_far.extend(own.iter().flatten().cloned());
        let (tool, found) = resolve_tool(item, definition, &so_far, &broken, options);
        diagnostics.extend(found);
        match tool {
            Some(tool) => own[position] = Some(Arc::new(tool)),
            None => broken.push(definition.name.text.clone()),
        }
    }
    table.extend(own.into_iter().flatten());
    scene.tools = Arc::new(table);
    scene.broken_tools = Arc::new(broken);
}

/// "`lib/a.euc`" (the file a tool was brought in from), or "this file".
fn origin(tool: &UserTool) -> String {
    match &tool.from {
        Some(path) => format!("`{path}`"),
        None => "this file".to_string(),
    }
}

/// What a tool named `name` would clash with (E0801): an L-tool, a
/// built-in function or a word of the language.
pub fn name_taken(name: &str) -> Option<&'static str> {
    if Tool::from_name(name).is_some() {
        Some("an L-tool")
    } else if BUILTINS.iter().any(|(builtin, ..)| *builtin == name) {
        Some("a built-in function")
    } else if TAKEN.contains(&name) {
        Some("a word of the language")
    } else {
        None
    }
}

/// The file's tool definitions whose names are free: not an L-tool, a
/// built-in function or a word of the language, not defined twice, not
/// brought in by a `use` line (E0801, E0802 otherwise).
fn named_definitions<'a>(
    file: &'a SourceFile,
    brought: &HashMap<&str, &ImportedTool>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<(&'a Item, &'a ToolDef)> {
    let mut definitions: Vec<(&Item, &ToolDef)> = Vec::new();
    for item in &file.items {
        let ItemKind::Tool(definition) = &item.kind else {
            continue;
        };
        let name = &definition.name;
        if let Some(taken) = name_taken(&name.text) {
            diagnostics.push(
                Diagnostic::error(
                    "E0801",
                    name.span,
                    format!(
                        "`{}` is {taken}: a tool of your own needs a name of its own",
                        name.text
                    ),
                )
                .with_help(format!("rename the tool, e.g. to `my_{}`", name.text)),
            );
            continue;
        }
        if let Some(first) = definitions
            .iter()
            .find(|(_, other)| other.name.text == name.text)
        {
            diagnostics.push(
                Diagnostic::error(
                    "E0802",
                    name.span,
                    format!("tool `{}` is defined twice", name.text),
                )
                .with_label(first.1.name.span, "first defined here")
                .with_help("rename one of them"),
            );
            continue;
        }
        if let Some(import) = brought.get(name.text.as_str()) {
            diagnostics.push(
                Diagnostic::error(
                    "E0802",
                    name.span,
                    format!(
                        "tool `{}` is brought in by {} already",
                        name.text,
                        origin(&import.tool)
                    ),
                )
                .with_label(import.span, "brought in here")
                .with_help("rename this tool, or use the one brought in"),
            );
            continue;
        }
        definitions.push((item, definition));
    }
    definitions
}

/// The order to resolve the definitions in, each after the ones it uses,
/// and the names of those that use themselves (E0803 for each circle, at
/// its first tool in the file).
fn usage_order(
    definitions: &[(&Item, &ToolDef)],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<usize>, Vec<String>) {
    let position = |name: &str| {
        definitions
            .iter()
            .position(|(_, definition)| definition.name.text == name)
    };
    let uses: Vec<Vec<usize>> = definitions
        .iter()
        .map(|(_, definition)| {
            let mut used: Vec<usize> = called(definition).filter_map(position).collect();
            used.dedup();
            used
        })
        .collect();
    let mut walk = Walk {
        uses: &uses,
        state: vec![Visit::New; definitions.len()],
        path: Vec::new(),
        order: Vec::new(),
        circles: Vec::new(),
    };
    for start in 0..definitions.len() {
        walk.visit(start);
    }
    let mut broken = Vec::new();
    for circle in &walk.circles {
        let names: Vec<String> = circle
            .iter()
            .chain(circle.first())
            .map(|&at| format!("`{}`", definitions[at].1.name.text))
            .collect();
        let first = definitions[circle[0]].1;
        diagnostics.push(
            Diagnostic::error(
                "E0803",
                first.name.span,
                format!("`{}` uses itself: {}", first.name.text, names.join(" → ")),
            )
            .with_help("a tool is built from lines, circles, L-tools and other tools, never from itself: break the circle"),
        );
        broken.extend(circle.iter().map(|&at| definitions[at].1.name.text.clone()));
    }
    let order = walk
        .order
        .into_iter()
        .filter(|&at| !broken.contains(&definitions[at].1.name.text))
        .collect();
    (order, broken)
}

/// The names a definition's steps call (each step's top-level call).
fn called(definition: &ToolDef) -> impl Iterator<Item = &str> {
    definition.items.iter().filter_map(|item| match &item.kind {
        SolveItemKind::Step(step) => match &step.value.kind {
            ExprKind::Call { function, .. } => Some(function.text.as_str()),
            _ => None,
        },
        _ => None,
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Visit {
    New,
    Open,
    Done,
}

/// A depth-first walk of which tool uses which: the order (each tool after
/// those it uses) and the circles met, each from its first tool in the file.
struct Walk<'a> {
    uses: &'a [Vec<usize>],
    state: Vec<Visit>,
    path: Vec<usize>,
    order: Vec<usize>,
    circles: Vec<Vec<usize>>,
}

impl Walk<'_> {
    fn visit(&mut self, at: usize) {
        match self.state[at] {
            Visit::Done => return,
            Visit::Open => {
                let from = self.path.iter().position(|&on| on == at).unwrap_or(0);
                let mut circle = self.path[from..].to_vec();
                let first = circle
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, &at)| at)
                    .map_or(0, |(i, _)| i);
                circle.rotate_left(first);
                if !self.circles.contains(&circle) {
                    self.circles.push(circle);
                }
                return;
            }
            Visit::New => {}
        }
        self.state[at] = Visit::Open;
        self.path.push(at);
        for next in self.uses[at].clone() {
            self.visit(next);
        }
        self.path.pop();
        self.state[at] = Visit::Done;
        self.order.push(at);
    }
}

/// One definition on its own figure, or `None` (with the diagnostics
/// saying why) when it cannot be used.
fn resolve_tool(
    item: &Item,
    definition: &ToolDef,
    table: &[Arc<UserTool>],
    broken: &[String],
    options: &ResolveOptions,
) -> (Option<UserTool>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut scene = Scene {
        tools: Arc::new(table.to_vec()),
        broken_tools: Arc::new(broken.to_vec()),
        ..Scene::default()
    };
    let figure = figure_file(definition, &mut diagnostics);
    let mut complete = define_parameters(&figure, definition, &mut scene, &mut diagnostics);
    let block = body_block(definition, &mut diagnostics);
    complete &= block.items.len() == definition.items.len();
    scene.values = super::evaluate_declared(&figure, &scene, &mut diagnostics);
    scene.extent = instances::extent(&scene.values);
    scene.unit = instances::unit_and_size(scene.extent).0;
    let (random, _) = instances::random_instances(&scene, options.seed, options.random_instances);
    scene.random = Arc::new(random);
    scene.seed = options.seed;
    let problem = resolve_block(&block, item.span, &mut scene, &mut diagnostics);
    for step in &problem.steps {
        if let super::StepOp::Drop { .. } = step.op {
            diagnostics.push(
                Diagnostic::error(
                    "E0806",
                    step.span,
                    "a tool's body does not drop points: a use must build the same figure every time",
                )
                .with_help("make the point a parameter of the tool, or construct it"),
            );
            complete = false;
        }
    }
    let replayed = problem.replayed();
    if replayed > super::MOST_REPLAYED {
        diagnostics.push(super::tool_uses::too_many_replayed(
            definition.name.span,
            &format!("one use of `{}`", definition.name.text),
            replayed,
            super::MOST_REPLAYED,
        ));
        complete = false;
    }
    let results = tool_results(definition, &problem, &mut diagnostics);
    complete &= results.len() == definition.results.len()
        && problem.steps_complete
        && !problem.instances.is_empty()
        && !diagnostics.iter().any(Diagnostic::is_error);
    if !complete {
        return (None, diagnostics);
    }
    let params = tool_params(&scene);
    let tool = UserTool {
        name: definition.name.text.clone(),
        doc: definition.doc.clone(),
        from: None,
        name_span: definition.name.span,
        span: item.span,
        params,
        results,
        e_cost: problem.move_costs().iter().sum(),
        replayed,
        step_texts: step_texts(definition),
        figure: problem,
    };
    (Some(tool), diagnostics)
}

/// The tool's figure as a file: each parameter a declaration (`let` where
/// no keyword is written: its type then comes from its value).
fn figure_file(definition: &ToolDef, diagnostics: &mut Vec<Diagnostic>) -> SourceFile {
    let mut items = Vec::new();
    for param in &definition.params {
        let kind = match param.kind {
            Some((DeclKind::Let | DeclKind::Const, span)) => {
                diagnostics.push(parameter_kind(span, "a helper value"));
                continue;
            }
            Some((kind, _)) => kind,
            None => DeclKind::Let,
        };
        let keyword_span = param.kind.map_or(param.name.span, |(_, span)| span);
        items.push(Arc::new(Item {
            kind: ItemKind::Decl(Decl {
                kind,
                keyword_span,
                binders: vec![Binder::Name(param.name.clone())],
                value: param.value.clone(),
            }),
            span: param.span,
        }));
    }
    SourceFile { items }
}

/// E0805: a parameter that is no point, line, segment, ray or circle.
fn parameter_kind(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error(
        "E0805",
        span,
        format!("a tool's parameter is a point, a line, a segment, a ray or a circle, not {what}"),
    )
    .with_help("a construction draws from points and objects alone: write `P = (0, 2)`, `l = line(A, B)` or `point P = (0, 2)`")
}

/// Declares and defines the parameters on the figure; each takes the
/// kind of its value (a point a given, a line or circle drawn at the
/// start). False when one cannot be a parameter.
fn define_parameters(
    figure: &SourceFile,
    definition: &ToolDef,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    super::declare_symbols(figure, scene, diagnostics);
    scene.names = Arc::new(super::names_of(scene));
    super::define_symbols(figure, scene, diagnostics);
    let mut complete = scene.symbols.len() == definition.params.len();
    for symbol in &mut scene.symbols {
        let value_span = figure
            .items
            .iter()
            .find_map(|item| match &item.kind {
                ItemKind::Decl(decl) if item.span == symbol.decl_span => Some(decl.value.span),
                _ => None,
            })
            .unwrap_or(symbol.span);
        let kind = match symbol.ty {
            None => {
                complete = false;
                continue;
            }
            Some(Type::Point) => DeclKind::Point,
            Some(Type::Line) => DeclKind::Line,
            Some(Type::Segment) => DeclKind::Segment,
            Some(Type::Ray) => DeclKind::Ray,
            Some(Type::Circle) => DeclKind::Circle,
            Some(ty @ (Type::Number | Type::Pair)) => {
                diagnostics.push(parameter_kind(value_span, &format!("a {ty}")));
                symbol.ty = None;
                complete = false;
                continue;
            }
        };
        if symbol.dropped {
            diagnostics.push(parameter_kind(value_span, "a point dropped anywhere"));
            symbol.ty = None;
            complete = false;
            continue;
        }
        symbol.kind = kind;
    }
    scene.kinds = Arc::new(Kinds::of(&scene.symbols));
    complete
}

/// The body as a block of steps; any other line of a block is E0806.
fn body_block(definition: &ToolDef, diagnostics: &mut Vec<Diagnostic>) -> SolveBlock {
    let mut items = Vec::new();
    for item in &definition.items {
        let line = match &item.kind {
            SolveItemKind::Step(_) | SolveItemKind::Error(_) => {
                items.push(item.clone());
                continue;
            }
            SolveItemKind::Goal { .. } => "`goal`",
            SolveItemKind::Mask(_) => "`mask`",
            SolveItemKind::Tools(_) => "`tools`",
            SolveItemKind::Count(_) => "`count`",
            SolveItemKind::Stars(_) => "`stars`",
            SolveItemKind::Ignore(_) => "`ignore`",
            SolveItemKind::Verify(_) => "`verify`",
        };
        diagnostics.push(
            Diagnostic::error(
                "E0806",
                item.span,
                format!("a tool's body holds steps only, not a {line} line"),
            )
            .with_help("a tool may use lines, circles, every L-tool and the other tools of the file; a solve block that uses it states goals, masks and counts"),
        );
    }
    SolveBlock {
        name: Some(definition.name.clone()),
        keyword_span: definition.keyword_span,
        items,
        body_span: definition.body_span,
        closed: definition.closed,
    }
}

/// Each result, found among the names the body's steps bind (E0804 for one
/// no step binds; E0102 for one written twice). A result that a failed step
/// binds is left out quietly.
fn tool_results(
    definition: &ToolDef,
    problem: &super::Problem,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ToolResult> {
    let mut results: Vec<ToolResult> = Vec::new();
    for (position, name) in definition.results.iter().enumerate() {
        if let Some(first) = definition.results[..position]
            .iter()
            .find(|n| n.text == name.text)
        {
            diagnostics.push(
                Diagnostic::error(
                    "E0102",
                    name.span,
                    format!("result `{}` is named twice", name.text),
                )
                .with_label(first.span, "first named here"),
            );
            continue;
        }
        let bound = problem
            .steps
            .iter()
            .flat_map(|step| &step.binders)
            .find(|binder| binder.name.as_deref() == Some(name.text.as_str()));
        if let Some(binder) = bound {
            results.push(ToolResult {
                name: name.text.clone(),
                ty: binder.ty,
                span: name.span,
                index: binder.index,
            });
            continue;
        }
        let bound_by_failed_step = definition.items.iter().any(|item| match &item.kind {
            SolveItemKind::Step(step) => step
                .binders
                .iter()
                .any(|binder| binder.name().is_some_and(|bound| bound.text == name.text)),
            _ => false,
        });
        if !bound_by_failed_step {
            diagnostics.push(
                Diagnostic::error(
                    "E0804",
                    name.span,
                    format!(
                        "result `{}` is never bound: no step of the body binds it",
                        name.text
                    ),
                )
                .with_help(format!(
                    "bind it in the body, e.g. `{} = l & m`; a parameter is not a result",
                    name.text
                )),
            );
        }
    }
    results
}

/// Each parameter, with its place among the figure's givens or setup.
fn tool_params(scene: &Scene) -> Vec<ToolParam> {
    scene
        .symbols
        .iter()
        .enumerate()
        .map(|(index, symbol)| {
            let ty = symbol.ty.unwrap_or(Type::Point);
            let slot = if ty == Type::Point {
                scene.givens().iter().position(|&given| given == index)
            } else {
                scene.setup().iter().position(|&setup| setup == index)
            };
            ToolParam {
                name: symbol.name.clone(),
                ty,
                span: symbol.span,
                slot: slot.unwrap_or(0),
            }
        })
        .collect()
}

/// Each step of the body as written: `F = l & m`.
fn step_texts(definition: &ToolDef) -> Vec<String> {
    definition
        .items
        .iter()
        .filter_map(|item| match &item.kind {
            SolveItemKind::Step(step) => {
                let binders: Vec<&str> = step
                    .binders
                    .iter()
                    .map(|binder| binder.name().map_or("_", |name| name.text.as_str()))
                    .collect();
                Some(format!(
                    "{} = {}",
                    binders.join(", "),
                    ast::expr_as_written(&step.value)
                ))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze;
    use crate::check::Status;
    use crate::resolve::Type;

    const FOOT: &str = "/// The foot of the perpendicular\n/// from P to l.\n\
        tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n";

    /// The codes of an analysis's errors, in order.
    fn errors(text: &str) -> Vec<String> {
        analyze(text)
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{} {}", d.code, d.message))
            .collect()
    }

    #[test]
    fn a_tool_has_its_parameters_results_cost_and_doc() {
        let text = format!(
            "{FOOT}tool mirror(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> Q, c {{\n  F = foot(P, l)\n  c = circle(F, P)\n  m = line(P, F)\n  Q = other(m, c, P)\n}}\n"
        );
        let analysis = analyze(&text);
        assert!(!analysis.has_errors(), "{:?}", analysis.diagnostics);
        let tools = &analysis.scene().tools;
        assert_eq!(tools.len(), 2);
        let foot = &tools[0];
        assert_eq!(foot.name, "foot");
        assert_eq!(
            foot.doc.as_deref(),
            Some("The foot of the perpendicular\nfrom P to l.")
        );
        assert_eq!(foot.signature(), "foot(point P, line l) -> point F");
        assert_eq!(foot.e_cost, 3);
        assert_eq!(&text[foot.name_span.range()], "foot");
        // A tool that uses another counts its moves: 3 + 1 + 1.
        let mirror = &tools[1];
        assert_eq!(mirror.e_cost, 5);
        assert_eq!(
            mirror.results.iter().map(|r| r.ty).collect::<Vec<_>>(),
            [Type::Point, Type::Circle]
        );
        assert_eq!(mirror.step_texts[3], "Q = other(m, c, P)");
    }

    #[test]
    fn a_use_counts_one_l_and_the_body_s_e() {
        let text = format!(
            "point A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n{FOOT}\
             solve s {{\n  tools foot\n  stars l 2 e 4\n  goal G = project(X, line(A, B))\n  ab = line(A, B)\n  G = foot(X, ab)\n}}\n"
        );
        let analysis = analyze(&text);
        assert!(!analysis.has_errors(), "{:?}", analysis.diagnostics);
        let report = &analysis.reports[0];
        assert_eq!(report.status, Status::Solved);
        assert_eq!((report.tool_uses, report.moves), (2, 4));
        assert!(report.uses_tools);
        assert_eq!(report.stars.as_ref().map(|stars| stars.earned), Some(3));
    }

    #[test]
    fn tools_may_be_defined_after_their_uses_in_any_order() {
        let text = format!(
            "point A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n\
             solve s {{\n  tools mirror\n  goal G = reflect(X, line(A, B))\n  ab = line(A, B)\n  G, _ = mirror(X, ab)\n}}\n\
             tool mirror(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> Q, c {{\n  F = foot(P, l)\n  c = circle(F, P)\n  m = line(P, F)\n  Q = other(m, c, P)\n}}\n{FOOT}"
        );
        let analysis = analyze(&text);
        assert!(!analysis.has_errors(), "{:?}", analysis.diagnostics);
        assert_eq!(analysis.reports[0].status, Status::Solved);
    }

    #[test]
    fn a_line_parameter_sees_the_whole_line_through_a_segment() {
        // The foot of X lies beyond the segment's end: on its line.
        let block =
            "solve s {\n  tools foot\n  goal G = project(X, line(A, B))\n  G = foot(X, ab)\n}\n";
        let segment = format!(
            "point A = (0, 0)\npoint B = (1, 0)\npoint X = (3, 2)\nsegment ab = segment(A, B)\n{FOOT}{block}"
        );
        assert_eq!(errors(&segment), Vec::<String>::new());
        // A tool of segments meets them only between their ends.
        let on_segment = "tool cut(s = segment((0, 0), (2, 0)), k = circle((1, 0), (1.5, 0))) -> X {\n  X, _ = s & k\n}\n";
        let text = format!(
            "point A = (0, 0)\npoint B = (1, 0)\npoint C = (3, 0)\npoint D = (3.5, 0)\nsegment ab = segment(A, B)\ncircle k = circle(C, D)\n{on_segment}\
             solve s {{\n  tools cut\n  goal G = A\n  X = cut(ab, k)\n}}\n"
        );
        let found = errors(&text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("E0401 this step cannot be built: `cut`'s step 1, `X, _ = s & k`, fails: a point it names lies outside a segment or ray"),
            "{found:?}"
        );
    }

    #[test]
    fn masks_name_tools_of_your_own() {
        let text = |mask: &str| {
            format!(
                "point A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n{FOOT}\
                 solve s {{\n  tools foot\n  mask {mask}\n  goal G = project(X, line(A, B))\n  ab = line(A, B)\n  G = foot(X, ab)\n}}\n"
            )
        };
        for allowed in [
            "line foot",
            "* *",
            "line (circle | foot)",
            "(line | foot)**",
            "line foot**",
            "**",
        ] {
            assert_eq!(errors(&text(allowed)), Vec::<String>::new(), "{allowed}");
        }
        for refused in [
            "line line",
            "foot line",
            "line (circle | compass)",
            "line**",
        ] {
            let found = errors(&text(refused));
            assert!(
                found.len() == 1 && found[0].starts_with("E0506"),
                "{refused}: {found:?}"
            );
        }
    }

    #[test]
    fn a_block_replays_at_most_ten_uses_of_the_largest_tool() {
        // `t4` replays 10,000 steps, the most one use may.
        let mut text = "point A = (0, 0)\npoint B = (1, 0)\n\
            tool t0(P = (0, 0), Q = (1, 0)) -> c {\n  c = circle(P, Q)\n}\n"
            .to_string();
        let uses = |tool: &str, count: usize| -> String {
            (0..count)
                .map(|i| format!("  c{i} = {tool}(P, Q)\n"))
                .collect::<String>()
                .replace("(P, Q)", if tool == "t4" { "(A, B)" } else { "(P, Q)" })
        };
        for level in 1..5 {
            text.push_str(&format!(
                "tool t{level}(P = (0, 0), Q = (1, 0)) -> c9 {{\n{}}}\n",
                uses(&format!("t{}", level - 1), 10)
            ));
        }
        let block = |count: usize| {
            format!(
                "{text}solve s {{\n  tools t4\n  goal G = A\n{}}}\n",
                uses("t4", count)
            )
        };
        assert_eq!(errors(&block(10)), Vec::<String>::new());
        let found = errors(&block(11));
        assert_eq!(
            found,
            ["E0807 `s` replays 110000 steps with the tools it uses counted: at most 100000"]
        );
    }

    #[test]
    fn a_broken_tool_s_uses_are_not_reported_again() {
        let text = "point A = (0, 0)\npoint X = (1, 2)\n\
            tool bad(P = (0, 0), Q = (1, 0)) -> c {\n  c = circle(P, R)\n}\n\
            solve s {\n  tools bad\n  goal G = A\n  c = bad(A, X)\n  d = circle(c, A)\n}\n";
        let found = errors(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("E0101 unknown name `R`"), "{found:?}");
    }
}
