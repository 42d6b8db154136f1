//! "Make this construction a tool": a solve block that checks becomes a
//! tool of your own, inserted above it — its givens and set-up objects the
//! parameters (with their declared coordinates as the tool's figure), its
//! goals the results, named as the goals are, and its steps the body
//! (docs/language.md, "Tools of your own"). The edit is offered only when
//! the definition it inserts checks: it is analysed with the file's `use`
//! lines and other tools before it is handed out.

use crate::analysis::{analyze_like, Analysis};
use crate::check::Status;
use crate::edit::TextEdit;
use crate::geom::{Extent, Object, Point};
use crate::parse::ast::ItemKind;
use crate::resolve::{tool_name_taken, Problem, Scene, StepOp, Type};
use crate::span::Span;

/// The action's title.
pub const MAKE_TOOL: &str = "Make this construction a tool";

/// The edit that inserts block `block` of `analysis` as a tool of your own
/// above it, or why it cannot be made one.
pub fn make_tool(analysis: &Analysis, block: usize) -> Result<TextEdit, String> {
    let scene = analysis.scene();
    let problem = scene.problems.get(block).ok_or("no such solve block")?;
    if analysis.reports.get(block).map(|report| report.status) != Some(Status::Solved) {
        return Err(format!(
            "block `{}` does not check yet: a tool is made of a construction that does",
            problem.name
        ));
    }
    let definition = definition(&analysis.text, scene, problem)?;
    tool_checks(analysis, &definition)?;
    let at = line_start(&analysis.text, problem.span.start);
    Ok(TextEdit {
        span: Span::new(at, at),
        text: format!("{definition}\n"),
    })
}

/// The tool's text: doc line, header, body.
fn definition(text: &str, scene: &Scene, problem: &Problem) -> Result<String, String> {
    if problem.steps.is_empty() {
        return Err("the block has no steps to make a tool of".to_string());
    }
    if problem
        .steps
        .iter()
        .any(|step| matches!(step.op, StepOp::Drop { .. }))
    {
        return Err("a tool's body drops no point with `any(…)`".to_string());
    }
    let bound = problem.bound_names();
    if let Some(goal) = problem
        .goals
        .iter()
        .find(|goal| !bound.contains(&goal.name.as_str()))
    {
        return Err(format!(
            "goal `{}` is reached but no step names it: bind it by name first (`{} = …`)",
            goal.name, goal.name
        ));
    }
    let base = &problem.name;
    let name = if scene.knows_tool(base) || tool_name_taken(base).is_some() {
        format!("{}_tool", problem.name)
    } else {
        problem.name.clone()
    };
    let results: Vec<&str> = problem
        .goals
        .iter()
        .map(|goal| goal.name.as_str())
        .collect();
    let body: String = problem
        .steps
        .iter()
        .map(|step| format!("  {}\n", &text[step.span.range()]))
        .collect();
    Ok(format!(
        "/// The construction of `{}`: its givens in, its goals out.\ntool {name}({}) -> {} {{\n{body}}}\n",
        problem.name,
        parameters(scene, problem)?.join(", "),
        results.join(", ")
    ))
}

/// The parameters: the given points at their declared coordinates, then
/// the set-up objects, each written through the points before it where it
/// passes through them (so that a circle about a given stays about it when
/// the tool's figure moves).
fn parameters(scene: &Scene, problem: &Problem) -> Result<Vec<String>, String> {
    let declared = problem
        .instances
        .first()
        .ok_or("the block's figure cannot be computed")?;
    let unit = problem.unit;
    let named: Vec<(&str, Point)> = problem
        .givens
        .iter()
        .zip(&declared.givens)
        .map(|(&symbol, &at)| (scene.symbols[symbol].name.as_str(), at))
        .collect();
    let point = |at: Point| -> String {
        named
            .iter()
            .find(|(_, given)| given.same(at))
            .map_or_else(|| (at * unit).to_string(), |(name, _)| name.to_string())
    };
    let mut written: Vec<String> = named
        .iter()
        .map(|(name, at)| format!("{name} = {}", *at * unit))
        .collect();
    for (&symbol, object) in problem.setup.iter().zip(&declared.setup) {
        let name = &scene.symbols[symbol].name;
        let ty = scene.symbols[symbol].ty.unwrap_or(Type::Line);
        // A given on the object, other than `not`.
        let on = |not: Option<Point>| {
            named
                .iter()
                .find(|(_, given)| {
                    not.is_none_or(|not| !given.same(not)) && object.contains(*given)
                })
                .map(|(_, given)| *given)
        };
        let value = match object {
            Object::Circle(circle) => {
                let through = on(Some(circle.center))
                    .unwrap_or(circle.center + Point::new(circle.radius, 0.0));
                format!("circle({}, {})", point(circle.center), point(through))
            }
            Object::Line(line) => match line.extent {
                Extent::Segment(_) => format!(
                    "segment({}, {})",
                    point(line.origin),
                    point(line.end().unwrap_or(line.origin + line.direction))
                ),
                Extent::Ray => {
                    let through = on(Some(line.origin)).unwrap_or(line.origin + line.direction);
                    format!("ray({}, {})", point(line.origin), point(through))
                }
                Extent::Full => {
                    let first = on(None).unwrap_or(line.origin);
                    let second = on(Some(first)).unwrap_or(first + line.direction);
                    format!("line({}, {})", point(first), point(second))
                }
            },
        };
        written.push(format!("{ty} {name} = {value}"));
    }
    Ok(written)
}

/// Whether `definition` checks where it will stand: analysed after the
/// file's `use` lines and its other tools, it must have no error.
fn tool_checks(analysis: &Analysis, definition: &str) -> Result<(), String> {
    let text = &analysis.text;
    let mut probe: String = analysis
        .file()
        .items
        .iter()
        .filter(|item| matches!(item.kind, ItemKind::Use(_) | ItemKind::Tool(_)))
        .map(|item| format!("{}\n", &text[item.span.range()]))
        .collect();
    let start = probe.len();
    probe.push_str(definition);
    let checked = analyze_like(&probe, analysis);
    match checked
        .diagnostics
        .iter()
        .find(|d| d.is_error() && d.span.start >= start)
    {
        Some(error) => Err(format!(
            "the tool would not check: {} ({})",
            error.message, error.code
        )),
        None => Ok(()),
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |newline| newline + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::edit::apply_edits;

    /// `text` with its block `block` made a tool, analysed again: the new
    /// text, and the analysis.
    fn made(text: &str, block: &str) -> (String, Analysis) {
        let analysis = analyze(text);
        let index = analysis.scene().problem_index(block).unwrap();
        let edit = make_tool(&analysis, index).unwrap();
        let after = apply_edits(text, &[edit]);
        let again = analyze(&after);
        (after, again)
    }

    fn errors(analysis: &Analysis) -> Vec<String> {
        analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect()
    }

    #[test]
    fn the_midpoint_block_becomes_a_tool_that_checks() {
        let text = include_str!("../../examples/midpoint.euc");
        let (after, again) = made(text, "midpoint");
        assert_eq!(errors(&again), Vec::<String>::new(), "{after}");
        assert!(
            after.contains(
                "tool midpoint_tool(A = (-1, 0), B = (1, 0)) -> M {\n  c1 = circle(A, B)\n"
            ),
            "{after}"
        );
        let tool = &again.scene().tools[0];
        assert_eq!(
            tool.signature(),
            "midpoint_tool(point A, point B) -> point M"
        );
        assert_eq!(tool.e_cost, 6);
        // The block itself is untouched and still checks.
        assert_eq!(again.reports[0].status, Status::Solved);
    }

    #[test]
    fn set_up_objects_are_parameters_through_the_givens() {
        let text = include_str!("../../examples/tools-own.euc");
        let (after, again) = made(text, "tangent");
        assert_eq!(errors(&again), Vec::<String>::new(), "{after}");
        assert!(
            after.contains("tool tangent(A = (0, 0), B = (6, 0.5), C = (2, 4), P = (9, 3), R = (7.5, 0.5), circle k = circle(B, R)) -> t {\n  t, _ = tangents(P, B, k)\n}"),
            "{after}"
        );
        let (after, again) = made(&after, "orthocentre");
        assert_eq!(errors(&again), Vec::<String>::new(), "{after}");
        assert_eq!(again.scene().tools.len(), 4);
    }

    #[test]
    fn blocks_that_cannot_be_tools_say_why() {
        let empty =
            "point A = (0, 0)\npoint B = (1, 0)\n\nsolve s {\n  goal C = midpoint(A, B)\n}\n";
        let analysis = analyze(empty);
        assert!(make_tool(&analysis, 0)
            .unwrap_err()
            .contains("does not check"));
        // The goal reached by a crossing nobody names.
        let unnamed = "point A = (0, 0)\npoint B = (1, 0)\n\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n}\n";
        let analysis = analyze(unnamed);
        assert_eq!(analysis.reports[0].status, Status::Solved);
        let why = make_tool(&analysis, 0).unwrap_err();
        assert!(why.contains("no step names it"), "{why}");
    }
}
