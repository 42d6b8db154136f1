//! `euc compile`: the resolved problems as the solver receives them.

use crate::check::{format_number, format_point, format_value};
use crate::parse::ast::{MaskToken, Tool};
use crate::resolve::{Origin, Problem, Puzzle, Scene, StepOp};
use serde_json::{json, Value as Json};
use std::fmt::Write;

pub fn problems_to_json(scene: &Scene) -> Json {
    json!({
        "problems": scene.problems.iter().map(|problem| problem_to_json(scene, problem)).collect::<Vec<_>>(),
        "puzzles": scene.puzzles.iter().map(puzzle_to_json).collect::<Vec<_>>(),
    })
}

fn puzzle_to_json(puzzle: &Puzzle) -> Json {
    json!({
        "name": puzzle.name,
        "level": puzzle.level,
        "seed": puzzle.seed,
        "nodes": puzzle.nodes.iter().map(|node| json!({ "name": node.name, "x": node.position.x, "y": node.position.y })).collect::<Vec<_>>(),
        "links": puzzle.links,
    })
}

fn problem_to_json(scene: &Scene, problem: &Problem) -> Json {
    let name_of = |symbol: &usize| scene.symbols[*symbol].name.clone();
    json!({
        "name": problem.name,
        "givens": problem.givens.iter().map(name_of).collect::<Vec<_>>(),
        "setup": problem.setup.iter().map(name_of).collect::<Vec<_>>(),
        "goals": problem.goals.iter().map(|goal| json!({
            "name": goal.name, "type": goal.ty, "constant": goal.is_constant,
        })).collect::<Vec<_>>(),
        "mask": problem.mask.iter().map(|token| token.text()).collect::<Vec<_>>(),
        "ignore": problem.limits,
        "instances": problem.instances.iter()
            .map(|instance| instance.scaled(problem.unit))
            .collect::<Vec<_>>(),
        "steps": problem.steps.iter().map(|step| json!({
            "op": step.op,
            "binds": step.binders.iter().map(|binder| &binder.name).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

pub fn problems_to_text(scene: &Scene) -> String {
    let mut out = String::new();
    for problem in &scene.problems {
        // Writing to a String cannot fail.
        let _ = write_problem(&mut out, scene, problem);
    }
    for puzzle in &scene.puzzles {
        let _ = write_puzzle(&mut out, puzzle);
    }
    if scene.problems.is_empty() && scene.puzzles.is_empty() {
        out.push_str("no solve or planar blocks\n");
    }
    out
}

fn write_puzzle(out: &mut String, puzzle: &Puzzle) -> std::fmt::Result {
    writeln!(out, "planar {}", puzzle.name)?;
    if let Some(level) = puzzle.level {
        writeln!(out, "  level {level}, seed {}", puzzle.seed.unwrap_or(0))?;
    }
    writeln!(out, "  nodes:")?;
    for node in &puzzle.nodes {
        writeln!(out, "    {} = {}", node.name, format_point(node.position))?;
    }
    let links: Vec<String> = (0..puzzle.links.len())
        .map(|link| puzzle.link_name(link))
        .collect();
    writeln!(out, "  links: {}", links.join(", "))
}

fn write_problem(out: &mut String, scene: &Scene, problem: &Problem) -> std::fmt::Result {
    writeln!(out, "problem {}", problem.name)?;
    let mask: Vec<&str> = problem
        .mask
        .iter()
        .map(|token| MaskToken::text(*token))
        .collect();
    writeln!(out, "  mask: {}", mask.join(" "))?;
    if problem.limits.min.is_some() || problem.limits.max.is_some() {
        let show = |limit: Option<f64>| limit.map_or("none".to_string(), format_number);
        writeln!(
            out,
            "  ignore: min {} max {}",
            show(problem.limits.min),
            show(problem.limits.max)
        )?;
    }
    let Some(declared) = problem.instances.first() else {
        return writeln!(out, "  (not evaluated: the file has errors)");
    };
    let declared = &declared.scaled(problem.unit);
    writeln!(out, "  starting set:")?;
    for (symbol, point) in problem.givens.iter().zip(&declared.givens) {
        let dropped = if scene.symbols[*symbol].dropped {
            " (dropped anywhere)"
        } else {
            ""
        };
        writeln!(
            out,
            "    {} = {}{dropped}",
            scene.symbols[*symbol].name,
            format_point(*point)
        )?;
    }
    if !problem.setup.is_empty() {
        writeln!(out, "  setup:")?;
        for (symbol, object) in problem.setup.iter().zip(&declared.setup) {
            let value = match object {
                crate::geom::Object::Line(line) => crate::resolve::Value::Line(*line),
                crate::geom::Object::Circle(circle) => crate::resolve::Value::Circle(*circle),
            };
            writeln!(
                out,
                "    {} = {}",
                scene.symbols[*symbol].name,
                format_value(&value)
            )?;
        }
    }
    writeln!(out, "  goals:")?;
    for (goal, values) in problem.goals.iter().zip(&declared.goals) {
        let constant = if goal.is_constant { " (constant)" } else { "" };
        let values: Vec<String> = values.iter().map(format_value).collect();
        writeln!(out, "    {} = {}{constant}", goal.name, values.join(" | "))?;
    }
    let verify = problem
        .instances
        .iter()
        .filter(|i| matches!(i.origin, Origin::Verify { .. }))
        .count();
    let random = problem
        .instances
        .iter()
        .filter(|i| matches!(i.origin, Origin::Random { .. }))
        .count();
    let dropped = problem
        .instances
        .iter()
        .filter(|i| matches!(i.origin, Origin::Dropped { .. }))
        .count();
    let dropped = if dropped > 0 {
        format!(", {dropped} with only the dropped points moved")
    } else {
        String::new()
    };
    writeln!(
        out,
        "  instances: declared, {verify} verify, {random} random{dropped}"
    )?;
    if !problem.steps.is_empty() {
        writeln!(out, "  steps:")?;
        for step in &problem.steps {
            let op = match step.op {
                StepOp::Line(a, b) => format!("line(p{a}, p{b})"),
                StepOp::Circle(a, b) => format!("circle(p{a}, p{b})"),
                StepOp::Meet(a, b) => format!("o{a} & o{b}"),
                StepOp::Tool { tool, args } => {
                    let [a, b, c] = args;
                    match tool {
                        Tool::PerpBisector => format!("perp_bisector(p{a}, p{b})"),
                        Tool::Perpendicular | Tool::Parallel => {
                            format!("{}(o{a}, p{b})", tool.name())
                        }
                        Tool::AngleBisector | Tool::Compass => {
                            format!("{}(p{a}, p{b}, p{c})", tool.name())
                        }
                    }
                }
            };
            let names: Vec<&str> = step
                .binders
                .iter()
                .map(|b| b.name.as_deref().unwrap_or("_"))
                .collect();
            writeln!(out, "    {} = {op}", names.join(", "))?;
        }
    }
    Ok(())
}
