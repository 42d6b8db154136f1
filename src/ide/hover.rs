//! What the cursor is on, in words and coordinates.

use super::name_at;
use crate::analysis::Analysis;
use crate::geom::format_number;
use crate::geom::Object;
use crate::parse::ast::{DeclKind, Expr, ExprKind, ItemKind, MaskToken, SolveItemKind};
use crate::resolve::{types::builtin_doc, StepOp, Value};
use crate::solve::goals_reached;
use crate::solve::mask::min_length;
use crate::span::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub span: Span,
    /// Markdown.
    pub text: String,
}

pub fn hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    if let Some(hover) = puzzle_hover(analysis, offset) {
        return Some(hover);
    }
    if let Some(hover) = super::tool_names::tool_hover(analysis, offset) {
        return Some(hover);
    }
    if let Some(name) = name_at(analysis, offset) {
        if let Some(text) = name_hover(analysis, name.binding, name.symbol) {
            return Some(Hover {
                span: name.span,
                text,
            });
        }
    }
    for (index, problem) in analysis.scene().problems.iter().enumerate() {
        if !problem.span.contains(offset) {
            continue;
        }
        if let Some(goal) = problem
            .goals
            .iter()
            .position(|goal| goal.span.contains(offset))
        {
            return Some(Hover {
                span: problem.goals[goal].span,
                text: goal_hover(analysis, index, goal),
            });
        }
    }
    if let Some(hover) = block_name_hover(analysis, offset) {
        return Some(hover);
    }
    let in_step = analysis
        .scene()
        .problems
        .iter()
        .any(|problem| problem.steps.iter().any(|step| step.span.contains(offset)));
    if !in_step {
        if let Some(hover) =
            mask_hover(analysis, offset).or_else(|| keyword_hover(analysis, offset))
        {
            return Some(hover);
        }
    }
    if let Some(hover) = expression_hover(analysis, offset) {
        return Some(hover);
    }
    for (index, problem) in analysis.scene().problems.iter().enumerate() {
        if !problem.span.contains(offset) {
            continue;
        }
        if let Some(step) = problem
            .steps
            .iter()
            .position(|step| step.span.contains(offset))
        {
            let text = step_hover(analysis, index, step)?;
            return Some(Hover {
                span: problem.steps[step].span,
                text,
            });
        }
    }
    mask_hover(analysis, offset)
}

/// A solve block's name: what its check found.
fn block_name_hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    use crate::check::Status;
    let (index, span) = analysis
        .file()
        .items
        .iter()
        .filter_map(|item| match &item.kind {
            ItemKind::Solve(block) => block.name.as_ref().map(|name| name.span),
            _ => None,
        })
        .enumerate()
        .find(|(_, span)| span.contains(offset))?;
    let (problem, report) = (
        analysis.scene().problems.get(index)?,
        analysis.reports.get(index)?,
    );
    let count = crate::solve::construction::describe_count(
        report.tool_uses,
        report.moves,
        report.uses_tools,
    );
    let status = match report.status {
        Status::Solved => format!(
            "solved ✓ in {count}, on all {} instances{}",
            report.instances,
            report.drops.map_or(String::new(), |share| format!(
                "; works for {} of the points dropped anywhere",
                share.describe()
            ))
        ),
        Status::Unsolved => {
            "no construction yet: \"Find construction\" or `euc solve` writes one".to_string()
        }
        Status::Failed => format!("the construction ({count}) fails: see the errors"),
        Status::Unchecked => "not checked: fix the errors in the file first".to_string(),
    };
    let goals: Vec<String> = problem
        .goals
        .iter()
        .map(|goal| format!("`{}`", goal.name))
        .collect();
    let stars = report.stars.map_or(String::new(), |stars| {
        format!("\n\nstars: {}", stars.describe())
    });
    Some(Hover {
        span,
        text: format!(
            "**solve** `{}` — goals {}\n\n{status}{stars}",
            problem.name,
            goals.join(", ")
        ),
    })
}

/// A keyword: what it declares or does.
fn keyword_hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    use crate::lex::Token;
    // A keyword never spans lines: lexing the cursor's line is enough.
    let text = &analysis.text;
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    let line_end = text[offset..]
        .find('\n')
        .map_or(text.len(), |at| offset + at);
    let (tokens, _) = crate::lex::lex(&text[line_start..line_end]);
    let (token, span) = tokens
        .into_iter()
        .map(|(token, span)| {
            (
                token,
                Span::new(span.start + line_start, span.end + line_start),
            )
        })
        .find(|(_, span)| span.start <= offset && offset < span.end)?;
    if let Token::Ident(word) = token {
        return contextual_hover(analysis, word, span);
    }
    let text = match token {
        Token::Const => "**const** name = expression — a value random instances never move (a ratio such as the golden section's, an angle the level fixes); usable in expressions, never a given of a construction",
        Token::Let => "**let** name = expression — a value (number or point) used in expressions, never a given of a construction; with no other name on its right side it is a parameter that random instances move",
        Token::Point => "**point** P = (x, y) — a given point: part of the starting set; `any(…)` drops it anywhere on an object",
        Token::Line => "**line** — a line drawn at the start (`line l = line(A, B)`), a straightedge step (`l = line(A, B)`), or in a mask any line",
        Token::Circle => "**circle** — a circle drawn at the start (`circle k = circle(C, P)`), a compass step (`k = circle(C, P)`), or in a mask any circle",
        Token::Segment => "**segment** s = segment(A, B) — a segment drawn at the start: it meets other objects only between its ends",
        Token::Ray => "**ray** r = ray(A, B) — a ray drawn at the start: it meets other objects only from A on",
        Token::Solve => "**solve** name { … } — a problem: goals, an optional mask, limits and tools, and the construction steps that reach the goals",
        Token::Planar => "**planar** name { … } — a Planarity puzzle: nodes, links, and a level and seed when generated",
        Token::Goal => "**goal** X = expression — what the construction must reach; `a | b` accepts either alternative",
        Token::Mask => "**mask** — the order of tools the construction must follow: `line`, `circle`, `*` any one, `**` any number",
        Token::Ignore => "**ignore** min d / max d — the seed engine's limits: drop new points closer than d to a known one, or farther than d from the origin",
        Token::Verify => "**verify** A = (x, y), … — one more instance the construction must also work on",
        Token::StarStar | Token::LineStars | Token::CircleStars => "**\\*\\*** in a mask — any number of moves of that tool (or of any tool)",
        _ => return None,
    };
    Some(Hover {
        span,
        text: text.to_string(),
    })
}

/// A word that is a keyword where it stands (`tools`, `count`, the planar
/// lines), a tool on a `tools` line, or `count`'s `e` or `l`.
fn contextual_hover(analysis: &Analysis, word: &str, span: Span) -> Option<Hover> {
    let kind = *super::tokens::contextual_words(analysis).get(&(span.start, span.end))?;
    let line_start = analysis.text[..span.start]
        .rfind('\n')
        .map_or(0, |at| at + 1);
    let on_stars_line = analysis.text[line_start..span.start]
        .trim_start()
        .starts_with("stars");
    let text = match (word, kind) {
        (_, super::tokens::TokenKind::Function) => builtin_doc(word)?.to_string(),
        ("stars", _) => "**stars** e N l M — the level's E-star and L-star counts: `check` gives a star for reaching the goals, one for at most N elementary moves, one for at most M tool uses, as the game does (a report, never an error); `euc hint` takes the count as the level's limit".to_string(),
        ("e" | "E", _) if on_stars_line => "**E-star** — the most elementary moves (lines and circles, each L-tool at its E cost) for the level's E star".to_string(),
        ("l" | "L", _) if on_stars_line => "**L-star** — the most tool uses (each line, circle and L-tool is one) for the level's L star".to_string(),
        ("tools", _) => "**tools** perpendicular parallel … — the L-tools this block allows besides lines and circles (`perp_bisector`, `perpendicular`, `parallel`, `angle_bisector`, `compass`), each counted as one L and its E cost; `drop` lets the solver put a point on a line or circle of the drawing".to_string(),
        ("drop", _) => "**drop** — the game's point tool: the solver may put a point on a line or circle of the drawing (it counts no move; the construction must work wherever the point is dropped)".to_string(),
        ("count", _) => "**count** e | l — what the solver minimises: `e` elementary moves (lines and circles, each L-tool at its E cost, the game's E stars), `l` tool uses (the game's L stars)".to_string(),
        ("e" | "E", _) => "**count e** — minimise elementary moves: each line and circle is one, each L-tool its E cost".to_string(),
        ("l" | "L", _) => "**count l** — minimise tool uses: each line, circle and L-tool is one".to_string(),
        ("level", _) => "**level** N — the Planarity level this block is (the generator's size: level N has more nodes as N grows); \"Next level\" makes level N + 1 once it is solved".to_string(),
        ("seed", _) => "**seed** S — the generator's random seed: the same level and seed give the same puzzle".to_string(),
        ("node", _) => "**node** name = (x, y) — a node of the puzzle and where it is on the board".to_string(),
        ("edge", _) => "**edge** a - b, c - d, … — links between nodes; the puzzle is solved when no two links cross".to_string(),
        _ => return None,
    };
    Some(Hover { span, text })
}

fn describe(value: &Value) -> String {
    match value {
        Value::Number(number) => {
            let degrees = number.to_degrees();
            if (degrees - degrees.round()).abs() < 1e-9 && degrees.abs() >= 1.0 {
                format!("{} (= {}°)", format_number(*number), degrees.round())
            } else {
                format_number(*number)
            }
        }
        Value::Line(line) if !line.extent.is_full() => {
            let (a, b, c) = line.equation();
            let extent = match line.end() {
                Some(end) => format!("from {} to {}", line.origin, end),
                None => format!("from {}, direction {}", line.origin, line.direction),
            };
            format!(
                "{} {extent}, on {}x + {}y = {}",
                line.extent.name(),
                format_number(a),
                format_number(b),
                format_number(c),
            )
        }
        Value::Line(line) => {
            let (a, b, c) = line.equation();
            format!(
                "{}x + {}y = {} (through {}, direction {})",
                format_number(a),
                format_number(b),
                format_number(c),
                line.origin,
                line.direction
            )
        }
        Value::Circle(circle) => format!(
            "centre {}, radius {}",
            circle.center,
            format_number(circle.radius)
        ),
        other => other.to_string(),
    }
}

fn object_value(object: &Object) -> Value {
    match object {
        Object::Line(line) => Value::Line(*line),
        Object::Circle(circle) => Value::Circle(*circle),
    }
}

fn name_hover(analysis: &Analysis, binding: Span, symbol: Option<usize>) -> Option<String> {
    let scene = &analysis.scene();
    if let Some(index) = symbol {
        let symbol = &scene.symbols[index];
        let role = match symbol.kind {
            DeclKind::Let => "value (not usable in constructions)",
            DeclKind::Const => {
                "constant (random instances never move it; not usable in constructions)"
            }
            DeclKind::Point => "given point",
            DeclKind::Line => "line drawn at the start",
            DeclKind::Segment => "segment drawn at the start (meets others only between its ends)",
            DeclKind::Ray => "ray drawn at the start (meets others only from its start on)",
            DeclKind::Circle => "circle drawn at the start",
        };
        let ty = symbol.ty.map_or("?".to_string(), |ty| ty.to_string());
        let mut text = format!(
            "**{}** `{}`: {ty}, {role}",
            symbol.kind.keyword(),
            symbol.name
        );
        if symbol.is_parameter {
            text.push_str(" — a parameter: random instances move it");
        }
        if symbol.dropped {
            text.push_str(" — dropped anywhere: random instances move it across its whole object (in the figure), and the construction must work wherever it falls");
        }
        if let Some(definition) = declared_as(analysis, symbol.decl_span) {
            text.push_str(&format!("\n\n`= {definition}`"));
        }
        match scene.values[index] {
            Some(value) => text.push_str(&format!("\n\n{}", describe(&value))),
            None => text.push_str("\n\n(cannot be computed)"),
        }
        return Some(text);
    }
    for (block, problem) in scene.problems.iter().enumerate() {
        for step in &problem.steps {
            let Some(binder) = step.binders.iter().find(|binder| binder.span == binding) else {
                continue;
            };
            let name = binder.name.as_deref().unwrap_or("_");
            // In the file's coordinates, for showing.
            let replay = analysis.reports[block]
                .replay
                .as_ref()
                .map(|replay| replay.scaled(problem.unit));
            let replay = replay.as_ref();
            let mut text = match step.op {
                StepOp::Meet(..)
                | StepOp::Pick { .. }
                | StepOp::Touch(..)
                | StepOp::Drop { .. } => {
                    let point = replay.and_then(|replay| replay.points.get(binder.index));
                    let what = match step.op {
                        StepOp::Drop { .. } => {
                            "dropped on the drawing, no move: `check` surveys drops anywhere on its object"
                        }
                        StepOp::Touch(..) => "where two objects touch",
                        _ => "an intersection",
                    };
                    format!(
                        "**point** `{name}` ({what})\n\n{}",
                        point.map_or("(not computed: the steps fail)".to_string(), |p| p
                            .to_string())
                    )
                }
                StepOp::Use { .. } if binder.is_point() => {
                    let point = replay.and_then(|replay| replay.points.get(binder.index));
                    format!(
                        "**point** `{name}` (a tool's result)\n\n{}",
                        point.map_or("(not computed: the steps fail)".to_string(), |p| p
                            .to_string())
                    )
                }
                StepOp::Line(..)
                | StepOp::Circle(..)
                | StepOp::Tool { .. }
                | StepOp::Use { .. } => {
                    let object = replay.and_then(|replay| replay.objects.get(binder.index));
                    let kind = if binder.is_point() {
                        "point"
                    } else if binder.ty == crate::resolve::Type::Circle {
                        "circle"
                    } else {
                        "line"
                    };
                    format!(
                        "**{kind}** `{name}`\n\n{}",
                        object.map_or("(not computed: the steps fail)".to_string(), |o| describe(
                            &object_value(o)
                        ))
                    )
                }
            };
            if let Some(goal) = binder.goal {
                text.push_str(&format!("\n\nbound as goal `{}`", problem.goals[goal].name));
            }
            return Some(text);
        }
    }
    None
}

/// The right side of a declaration, as written (the points a line or circle is made from).
fn declared_as(analysis: &Analysis, decl_span: Span) -> Option<String> {
    analysis
        .file()
        .items
        .iter()
        .find_map(|item| match &item.kind {
            ItemKind::Decl(decl) if item.span == decl_span => {
                Some(crate::parse::ast::expr_as_written(&decl.value))
            }
            _ => None,
        })
}

fn goal_hover(analysis: &Analysis, block: usize, goal: usize) -> String {
    let problem = &analysis.scene().problems[block];
    let report = &analysis.reports[block];
    let Some(declared) = problem.instances.first() else {
        return format!(
            "**goal** `{}` (cannot be computed)",
            problem.goals[goal].name
        );
    };
    let values = &declared.goals[goal];
    let reached = report
        .replay
        .as_ref()
        .and_then(|replay| goals_reached(&problem.goals, declared, replay)[goal]);
    let status = match (&report.replay, reached) {
        _ if !problem.steps_complete => "not checked: a step has an error".to_string(),
        _ if problem.steps.is_empty() => "not reached yet: the block has no steps".to_string(),
        (Some(_), Some(alternative)) => {
            // The check's answer, which knows the alternative a binding names.
            let alternative = report
                .reached
                .iter()
                .find(|reached| reached.goal == problem.goals[goal].name)
                .map_or(alternative + 1, |reached| reached.alternative);
            let which = if values.len() > 1 {
                format!(" by alternative {alternative}")
            } else {
                String::new()
            };
            match report.status {
                crate::check::Status::Solved => {
                    format!(
                        "reached{which} ✓ in {} (on all {} instances)",
                        crate::solve::construction::describe_count(
                            report.tool_uses,
                            report.moves,
                            report.uses_tools
                        ),
                        report.instances
                    )
                }
                _ => format!(
                    "reached{which} on the declared coordinates, but the construction fails elsewhere"
                ),
            }
        }
        (Some(_), None) => "**not reached** by the steps".to_string(),
        (None, _) => "not reached: the steps fail".to_string(),
    };
    let shown = |value: &Value| describe(&value.scaled(problem.unit));
    let value = if let [value] = values.as_slice() {
        shown(value)
    } else {
        let listed: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(index, value)| format!("{}. {}", index + 1, shown(value)))
            .collect();
        format!(
            "either of {} alternatives:\n\n{}",
            values.len(),
            listed.join("\n")
        )
    };
    format!(
        "**goal** `{}`: {}\n\n{value}\n\n{status}",
        problem.goals[goal].name, problem.goals[goal].ty,
    )
}

fn step_hover(analysis: &Analysis, block: usize, step: usize) -> Option<String> {
    let problem = &analysis.scene().problems[block];
    // In the file's coordinates, for showing.
    let replay = &analysis.reports[block]
        .replay
        .as_ref()?
        .scaled(problem.unit);
    let op = problem.steps[step].op;
    Some(match op {
        StepOp::Meet(..) | StepOp::Pick { .. } | StepOp::Touch(..) | StepOp::Drop { .. } => {
            let binders = &problem.steps[step].binders;
            let points: Vec<String> = binders
                .iter()
                .map(|binder| {
                    let name = binder.name.as_deref().unwrap_or("_");
                    let point = replay
                        .points
                        .get(binder.index)
                        .map_or("?".to_string(), |p| p.to_string());
                    match replay.beyond.get(binder.index).copied().flatten() {
                        Some(beyond) => {
                            let outside = match replay.objects.get(beyond.object) {
                                Some(Object::Line(line)) => {
                                    crate::resolve::describe_outside(line, beyond.at)
                                }
                                _ => String::new(),
                            };
                            let object = problem
                                .setup_names
                                .get(beyond.object)
                                .map_or(String::new(), |name| format!(" `{name}`"));
                            format!("`{name}` = {point} — not a point of the drawing: outside{object}, {outside}")
                        }
                        None => format!("`{name}` = {point}"),
                    }
                })
                .collect();
            format!("**intersection**: {}", points.join(", "))
        }
        StepOp::Line(..) | StepOp::Circle(..) | StepOp::Tool { .. } => {
            let binder = &problem.steps[step].binders[0];
            let object = replay.objects.get(binder.index)?;
            format!(
                "**{}**: {}",
                object.kind_name(),
                describe(&object_value(object))
            )
        }
        StepOp::Use { .. } => {
            let tool = problem.used_tool(step)?;
            let results: Vec<String> = problem.steps[step]
                .binders
                .iter()
                .map(|binder| {
                    let name = binder.name.as_deref().unwrap_or("_");
                    let value = if binder.is_point() {
                        replay.points.get(binder.index).map(|p| p.to_string())
                    } else {
                        replay
                            .objects
                            .get(binder.index)
                            .map(|o| describe(&object_value(o)))
                    };
                    format!("`{name}` = {}", value.unwrap_or_else(|| "?".to_string()))
                })
                .collect();
            format!(
                "**{}** (a tool of your own): {}",
                tool.name,
                results.join(", ")
            )
        }
    })
}

fn mask_hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    for item in &analysis.file().items {
        let ItemKind::Solve(block) = &item.kind else {
            continue;
        };
        for solve_item in &block.items {
            let SolveItemKind::Mask(parts) = &solve_item.kind else {
                continue;
            };
            if !solve_item.span.contains(offset) {
                continue;
            }
            let tokens: Vec<MaskToken> = parts.iter().map(|part| part.token).collect();
            let each: Vec<String> = tokens
                .iter()
                .map(|token| {
                    let listed = |kinds: crate::tools::DrawSet| {
                        let names: Vec<&str> = kinds.draws().map(|draw| draw.name()).collect();
                        names.join(" or ")
                    };
                    let meaning = match token {
                        MaskToken::Line => "one line".to_string(),
                        MaskToken::Circle => "one circle".to_string(),
                        MaskToken::Any => "one line or circle".to_string(),
                        MaskToken::Lines => "any number of lines (or none)".to_string(),
                        MaskToken::Circles => "any number of circles (or none)".to_string(),
                        MaskToken::All => "any number of lines and circles (or none)".to_string(),
                        MaskToken::Tool(_) => "one use of this L-tool".to_string(),
                        MaskToken::Choice { kinds, many: false } => {
                            format!("one move: {}", listed(*kinds))
                        }
                        MaskToken::Choice { kinds, many: true } => {
                            format!("any number of moves (or none), each {}", listed(*kinds))
                        }
                    };
                    format!("- `{}`: {meaning}", token.text())
                })
                .collect();
            let generator = tokens.iter().any(|token| token.is_generator());
            let lengths = if generator {
                format!("constructions of {} moves or more", min_length(&tokens))
            } else {
                format!("constructions of exactly {} moves", tokens.len())
            };
            return Some(Hover {
                span: solve_item.span,
                text: format!("**mask**: {lengths}, in this order:\n\n{}", each.join("\n")),
            });
        }
    }
    None
}

/// Numbers and function names inside expressions.
fn expression_hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let mut found = None;
    for item in &analysis.file().items {
        if !item.span.contains(offset) {
            continue;
        }
        for expr in item_expressions(&item.kind) {
            innermost(expr, offset, &mut found);
        }
    }
    let (span, text) = found?;
    Some(Hover { span, text })
}

fn item_expressions(kind: &ItemKind) -> Vec<&Expr> {
    match kind {
        ItemKind::Decl(decl) => vec![&decl.value],
        ItemKind::Solve(block) => block
            .items
            .iter()
            .flat_map(|item| match &item.kind {
                SolveItemKind::Goal { values, .. } => values.iter().collect(),
                SolveItemKind::Step(step) => vec![&step.value],
                SolveItemKind::Ignore(limits) => limits.iter().map(|limit| &limit.value).collect(),
                SolveItemKind::Verify(assignments) => {
                    assignments.iter().map(|a| &a.value).collect()
                }
                _ => Vec::new(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn innermost(expr: &Expr, offset: usize, found: &mut Option<(Span, String)>) {
    if !expr.span.contains(offset) {
        return;
    }
    match &expr.kind {
        ExprKind::Number(value) => {
            *found = Some((expr.span, format!("number {}", format_number(*value))))
        }
        ExprKind::Degrees(value) => {
            *found = Some((
                expr.span,
                format!("{value}° = {} radians", format_number(value.to_radians())),
            ))
        }
        ExprKind::Name(name) if name == "pi" => {
            *found = builtin_doc("pi").map(|doc| (expr.span, doc.to_string()))
        }
        ExprKind::Neg(inner) => innermost(inner, offset, found),
        ExprKind::Binary(_, left, right) | ExprKind::Meet(left, right) => {
            innermost(left, offset, found);
            innermost(right, offset, found);
        }
        ExprKind::Tuple(items) => items.iter().for_each(|item| innermost(item, offset, found)),
        ExprKind::Call { function, args } => {
            if function.span.contains(offset) {
                *found =
                    builtin_doc(&function.text).map(|doc| (function.span, format!("`{}`", doc)));
            }
            args.iter().for_each(|arg| innermost(arg, offset, found));
        }
        ExprKind::Name(_) | ExprKind::Error => {}
    }
}

/// Nodes, links and the block itself in a `planar` block.
/// Crossing links a hover names; the rest are counted.
const PARTNERS_NAMED: usize = 10;

/// The links that cross `link`, the first few with where: one link
/// against the others, only for what the cursor is on (a hover never
/// recounts the block: the check counted it, `PuzzleReport`).
fn crossing_links(
    puzzle: &crate::resolve::Puzzle,
    positions: &[crate::geom::Point],
    link: usize,
) -> Vec<String> {
    use crate::planar::crossing::{crossed, crossing_point};
    if !puzzle.complete {
        return Vec::new();
    }
    let partners: Vec<usize> = (0..puzzle.links.len())
        .filter(|&other| {
            other != link && crossed(positions, puzzle.links[link], puzzle.links[other])
        })
        .collect();
    let mut named: Vec<String> = partners
        .iter()
        .take(PARTNERS_NAMED)
        .map(|&other| {
            let at = crossing_point(positions, puzzle.links[link], puzzle.links[other]);
            format!("`{}` at {}", puzzle.link_name(other), at)
        })
        .collect();
    if partners.len() > PARTNERS_NAMED {
        named.push(format!("and {} more", partners.len() - PARTNERS_NAMED));
    }
    named
}

fn puzzle_hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let (index, puzzle) = analysis
        .scene()
        .puzzles
        .iter()
        .enumerate()
        .find(|(_, puzzle)| puzzle.span.contains(offset))?;
    let positions = puzzle.positions();
    let crossing_text = |link: usize| crossing_links(puzzle, &positions, link);
    if let Some(node) = puzzle
        .nodes
        .iter()
        .position(|node| node.span.contains(offset))
    {
        let links: Vec<usize> = (0..puzzle.links.len())
            .filter(|&l| puzzle.links[l].0 == node || puzzle.links[l].1 == node)
            .collect();
        let crossing: Vec<String> = links.iter().flat_map(|&l| crossing_text(l)).collect();
        let text = format!(
            "**node** `{}` at {}, degree {}\n\n{}",
            puzzle.nodes[node].name,
            puzzle.nodes[node].position,
            links.len(),
            if crossing.is_empty() {
                "its links cross nothing".to_string()
            } else {
                format!("its links cross: {}", crossing.join(", "))
            }
        );
        return Some(Hover {
            span: puzzle.nodes[node].span,
            text,
        });
    }
    if let Some(link) = puzzle
        .link_spans
        .iter()
        .position(|span| span.contains(offset))
    {
        let (a, b) = puzzle.links[link];
        let crossing = crossing_text(link);
        let text = format!(
            "**link** `{}` from {} to {}, length {}\n\n{}",
            puzzle.link_name(link),
            positions[a],
            positions[b],
            format_number(positions[a].dist(positions[b])),
            if crossing.is_empty() {
                "crosses nothing".to_string()
            } else {
                format!("crosses {}", crossing.join(", "))
            }
        );
        return Some(Hover {
            span: puzzle.link_spans[link],
            text,
        });
    }
    if puzzle.header_span.contains(offset) {
        let level = puzzle
            .level
            .map_or("no level".to_string(), |level| format!("level {level}"));
        let state = match analysis.puzzle_reports.get(index) {
            _ if !puzzle.complete => "not checked: fix the errors in the block".to_string(),
            Some(report) if report.crossings == 0 => "solved: no links cross".to_string(),
            Some(report) => format!("{} pairs of links cross", report.crossings),
            None => "not checked".to_string(),
        };
        let text = format!(
            "**planar** `{}`: {level}, {} nodes, {} links — {state}",
            puzzle.name,
            puzzle.nodes.len(),
            puzzle.links.len()
        );
        return Some(Hover {
            span: puzzle.header_span,
            text,
        });
    }
    None
}
