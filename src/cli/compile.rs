//! `euc compile`: the resolved problems as the solver receives them.

use crate::door::format_number;
use crate::door::{Count, Instance, Limits, Type};
use crate::door::{MaskToken, Tool};
use crate::door::{Origin, Problem, Puzzle, Scene, Step, StepOp, UserTool, Value};
use serde::Serialize;
use std::fmt::Write;

/// What `compile --format json` prints, borrowed from the analysis and
/// written straight to the output: a file of 80,000 points once built a
/// tree of 1.7 GB first. Keys in alphabetical order, as before.
#[derive(Serialize)]
pub struct CompiledJson<'a> {
    diagnostics: [(); 0],
    problems: Vec<ProblemJson<'a>>,
    puzzles: Vec<PuzzleJson<'a>>,
    /// The tools of your own the file defines and brings in
    /// (docs/language.md, "Tools of your own").
    tools: Vec<ToolJson<'a>>,
}

#[derive(Serialize)]
struct ToolJson<'a> {
    name: &'a str,
    doc: Option<&'a str>,
    /// The `use` line's path it came by; null for the file's own.
    from: Option<&'a str>,
    params: Vec<TypedName<'a>>,
    results: Vec<TypedName<'a>>,
    /// What one use counts: 1 L and its body's E.
    e: usize,
    l: usize,
    /// The body's steps as written.
    steps: &'a [String],
}

#[derive(Serialize)]
struct TypedName<'a> {
    name: &'a str,
    #[serde(rename = "type")]
    ty: Type,
}

fn tool_to_json(tool: &UserTool) -> ToolJson<'_> {
    ToolJson {
        name: &tool.name,
        doc: tool.doc.as_deref(),
        from: tool.from.as_deref(),
        params: tool
            .params
            .iter()
            .map(|param| TypedName {
                name: &param.name,
                ty: param.ty,
            })
            .collect(),
        results: tool
            .results
            .iter()
            .map(|result| TypedName {
                name: &result.name,
                ty: result.ty,
            })
            .collect(),
        e: tool.e_cost,
        l: 1,
        steps: &tool.step_texts,
    }
}

pub fn problems_to_json(scene: &Scene) -> CompiledJson<'_> {
    CompiledJson {
        diagnostics: [],
        problems: scene
            .problems
            .iter()
            .map(|problem| problem_to_json(scene, problem))
            .collect(),
        puzzles: scene.puzzles.iter().map(puzzle_to_json).collect(),
        tools: scene.tools.iter().map(|tool| tool_to_json(tool)).collect(),
    }
}

#[derive(Serialize)]
struct PuzzleJson<'a> {
    level: Option<u32>,
    links: &'a [(usize, usize)],
    name: &'a str,
    nodes: Vec<NodeJson<'a>>,
    seed: Option<u64>,
}

#[derive(Serialize)]
struct NodeJson<'a> {
    name: &'a str,
    x: f64,
    y: f64,
}

fn puzzle_to_json(puzzle: &Puzzle) -> PuzzleJson<'_> {
    PuzzleJson {
        level: puzzle.level,
        links: &puzzle.links,
        name: &puzzle.name,
        nodes: puzzle
            .nodes
            .iter()
            .map(|node| NodeJson {
                name: &node.name,
                x: node.position.x,
                y: node.position.y,
            })
            .collect(),
        seed: puzzle.seed,
    }
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    givens: Vec<&'a str>,
    goals: Vec<GoalJson<'a>>,
    ignore: Limits,
    /// In the file's coordinates.
    instances: Vec<Instance>,
    mask: Vec<String>,
    name: &'a str,
    setup: Vec<&'a str>,
    /// The level's star counts (`stars e 3 l 2`), or null.
    stars: Option<StarsJson>,
    steps: Vec<StepJson<'a>>,
    /// The L-tools the block allows (`tools`), the tools of your own it
    /// allows (by name, as in the file's `tools`), and whether it may drop
    /// points on its drawing.
    tools: Vec<&'static str>,
    own_tools: Vec<&'a str>,
    drops: bool,
    /// What the solver minimises: "e" or "l".
    count: Count,
}

#[derive(Serialize)]
struct StarsJson {
    e: Option<usize>,
    l: Option<usize>,
}

#[derive(Serialize)]
struct GoalJson<'a> {
    constant: bool,
    name: &'a str,
    #[serde(rename = "type")]
    ty: Type,
}

#[derive(Serialize)]
struct StepJson<'a> {
    binds: Vec<&'a Option<String>>,
    op: StepOp,
    /// A use of a tool of your own: which, on what, making what.
    #[serde(skip_serializing_if = "Option::is_none")]
    uses: Option<UseJson<'a>>,
}

/// A use's tool, operands (point or object indices, as `op` numbers
/// them, one per parameter) and results (each binder's index), and what it
/// counts.
#[derive(Serialize)]
struct UseJson<'a> {
    tool: &'a str,
    operands: &'a [usize],
    results: Vec<usize>,
    e: usize,
    l: usize,
}

fn step_to_json<'a>(problem: &'a Problem, step: &'a Step) -> StepJson<'a> {
    let uses = match step.op {
        StepOp::Use { call, .. } => problem.calls.get(call as usize).map(|call| UseJson {
            tool: &call.tool.name,
            operands: &call.args,
            results: step.binders.iter().map(|binder| binder.index).collect(),
            e: call.tool.e_cost,
            l: 1,
        }),
        _ => None,
    };
    StepJson {
        binds: step.binders.iter().map(|binder| &binder.name).collect(),
        op: step.op,
        uses,
    }
}

fn problem_to_json<'a>(scene: &'a Scene, problem: &'a Problem) -> ProblemJson<'a> {
    let name_of = |symbol: &usize| scene.symbols[*symbol].name.as_str();
    ProblemJson {
        givens: problem.givens.iter().map(name_of).collect(),
        goals: problem
            .goals
            .iter()
            .map(|goal| GoalJson {
                constant: goal.is_constant,
                name: &goal.name,
                ty: goal.ty,
            })
            .collect(),
        ignore: problem.limits,
        instances: problem
            .instances
            .iter()
            .map(|instance| instance.scaled(problem.unit))
            .collect(),
        mask: problem.mask.iter().map(|token| token.text()).collect(),
        name: &problem.name,
        setup: problem.setup.iter().map(name_of).collect(),
        stars: problem.stars.map(|stars| StarsJson {
            e: stars.e,
            l: stars.l,
        }),
        tools: problem.tools.iter().map(|tool| tool.name()).collect(),
        own_tools: own_tool_names(scene, problem),
        drops: problem.drops,
        count: problem.count,
        steps: problem
            .steps
            .iter()
            .map(|step| step_to_json(problem, step))
            .collect(),
    }
}

/// The tools of your own a block's `tools` line allows, by name.
fn own_tool_names<'a>(scene: &'a Scene, problem: &Problem) -> Vec<&'a str> {
    problem
        .own_tools
        .iter()
        .filter_map(|&tool| scene.tools.get(tool))
        .map(|tool| tool.name.as_str())
        .collect()
}

pub fn problems_to_text(scene: &Scene) -> String {
    let mut out = String::new();
    for tool in scene.tools.iter() {
        // Writing to a String cannot fail.
        let _ = write_tool(&mut out, tool);
    }
    for problem in &scene.problems {
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

/// A tool of your own: its signature, where it comes from, what a use
/// counts, and its body as written.
fn write_tool(out: &mut String, tool: &UserTool) -> std::fmt::Result {
    writeln!(out, "tool {}", tool.signature())?;
    if let Some(from) = &tool.from {
        writeln!(out, "  from: {from}")?;
    }
    writeln!(out, "  a use counts: 1 L, {} E", tool.e_cost)?;
    writeln!(out, "  steps:")?;
    for step in &tool.step_texts {
        writeln!(out, "    {step}")?;
    }
    Ok(())
}

fn write_puzzle(out: &mut String, puzzle: &Puzzle) -> std::fmt::Result {
    writeln!(out, "planar {}", puzzle.name)?;
    if let Some(level) = puzzle.level {
        writeln!(out, "  level {level}, seed {}", puzzle.seed.unwrap_or(0))?;
    }
    writeln!(out, "  nodes:")?;
    for node in &puzzle.nodes {
        writeln!(out, "    {} = {}", node.name, node.position)?;
    }
    let links: Vec<String> = (0..puzzle.links.len())
        .map(|link| puzzle.link_name(link))
        .collect();
    writeln!(out, "  links: {}", links.join(", "))
}

fn write_problem(out: &mut String, scene: &Scene, problem: &Problem) -> std::fmt::Result {
    writeln!(out, "problem {}", problem.name)?;
    write_settings(out, scene, problem)?;
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
            scene.symbols[*symbol].name, point
        )?;
    }
    if !problem.setup.is_empty() {
        writeln!(out, "  setup:")?;
        for (symbol, object) in problem.setup.iter().zip(&declared.setup) {
            let value = match object {
                crate::door::Object::Line(line) => crate::door::Value::Line(*line),
                crate::door::Object::Circle(circle) => crate::door::Value::Circle(*circle),
            };
            writeln!(out, "    {} = {}", scene.symbols[*symbol].name, value)?;
        }
    }
    writeln!(out, "  goals:")?;
    for (goal, values) in problem.goals.iter().zip(&declared.goals) {
        let constant = if goal.is_constant { " (constant)" } else { "" };
        let values: Vec<String> = values.iter().map(Value::to_string).collect();
        writeln!(out, "    {} = {}{constant}", goal.name, values.join(" | "))?;
    }
    write_instance_counts(out, problem)?;
    write_steps(out, problem)
}

/// A block's mask, tools, count, stars and `ignore` limits.
fn write_settings(out: &mut String, scene: &Scene, problem: &Problem) -> std::fmt::Result {
    let mask: Vec<String> = problem
        .mask
        .iter()
        .map(|token| MaskToken::text(*token))
        .collect();
    writeln!(out, "  mask: {}", mask.join(" "))?;
    let mut tools: Vec<&str> = problem.tools.iter().map(|tool| tool.name()).collect();
    tools.extend(own_tool_names(scene, problem));
    if problem.drops {
        tools.push("drop");
    }
    if !tools.is_empty() {
        writeln!(out, "  tools: {}", tools.join(" "))?;
        let count = match problem.count {
            Count::E => "e",
            Count::L => "l",
        };
        writeln!(out, "  count: {count}")?;
    }
    if let Some(stars) = problem.stars {
        let counts: Vec<String> = [("e", stars.e), ("l", stars.l)]
            .into_iter()
            .filter_map(|(name, count)| Some(format!("{name} {}", count?)))
            .collect();
        writeln!(out, "  stars: {}", counts.join(" "))?;
    }
    if problem.limits.min.is_some() || problem.limits.max.is_some() {
        let show = |limit: Option<f64>| limit.map_or("none".to_string(), format_number);
        writeln!(
            out,
            "  ignore: min {} max {}",
            show(problem.limits.min),
            show(problem.limits.max)
        )?;
    }
    Ok(())
}

/// How many instances of each kind a block is checked on.
fn write_instance_counts(out: &mut String, problem: &Problem) -> std::fmt::Result {
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
    )
}

/// A block's steps, with points and objects by their replay index.
fn write_steps(out: &mut String, problem: &Problem) -> std::fmt::Result {
    if !problem.steps.is_empty() {
        writeln!(out, "  steps:")?;
        for step in &problem.steps {
            let op = match step.op {
                StepOp::Line(a, b) => format!("line(p{a}, p{b})"),
                StepOp::Circle(a, b) => format!("circle(p{a}, p{b})"),
                StepOp::Meet(a, b) => format!("o{a} & o{b}"),
                StepOp::Pick {
                    first,
                    second,
                    pick,
                    at,
                } => format!("{}(o{first}, o{second}, p{at})", pick.name()),
                StepOp::Touch(a, b) => format!("touch(o{a}, o{b})"),
                StepOp::Drop { object, at, .. } => {
                    format!("any(o{object}, {})", format_number(at.value()))
                }
                StepOp::Tool { tool, args } => {
                    Tool::call_text(tool, args, |operand, arg| match operand {
                        crate::door::Operand::Point => format!("p{arg}"),
                        crate::door::Operand::Line | crate::door::Operand::Circle => {
                            format!("o{arg}")
                        }
                    })
                }
                StepOp::Use { call, .. } => use_text(problem, step, call),
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

/// A use of a tool of your own: `use tangents(p3, p1, o0) -> o1, o2 (1 L,
/// 7 E)`, its operands and results numbered as the other steps number
/// points (`p`) and objects (`o`).
fn use_text(problem: &Problem, step: &crate::door::Step, call: u32) -> String {
    let index =
        |is_point: bool, index: usize| format!("{}{index}", if is_point { 'p' } else { 'o' });
    let Some(call) = problem.calls.get(call as usize) else {
        return "?".to_string();
    };
    let results: Vec<String> = step
        .binders
        .iter()
        .map(|binder| index(binder.is_point(), binder.index))
        .collect();
    format!(
        "use {} -> {} (1 L, {} E)",
        call.text(index),
        results.join(", "),
        call.tool.e_cost
    )
}

/// `euc compile --expand`: the file with every use written out.
fn print_expanded(analysis: &crate::door::Analysis, as_json: bool) -> i32 {
    if as_json {
        say!("error: --expand prints a file, not JSON: leave out --format json");
        return super::EXIT_USAGE;
    }
    match crate::door::expand::expand(analysis) {
        Ok(text) => {
            super::emit(&text);
            super::EXIT_OK
        }
        Err(why) => {
            say!("error: {why}");
            super::EXIT_USAGE
        }
    }
}

/// `euc compile`: reads, analyses and prints the file's problems.
pub(super) fn run(path: &std::path::Path, as_json: bool, expand: bool) -> i32 {
    use super::{colour, emit, emit_json, read_source, report, source_name};
    use super::{EXIT_OK, EXIT_USAGE};
    use crate::span::LineIndex;
    use serde_json::json;
    let text = match read_source(path) {
        Ok(text) => text,
        Err(message) => {
            say!("error: {message}");
            if as_json {
                emit(&format!(
                    "{}\n",
                    json!({ "path": source_name(path), "error": message, "problems": [], "diagnostics": [] })
                ));
            }
            return EXIT_USAGE;
        }
    };
    let analysis = super::sources::analyze_source(path, &text);
    let errors = analysis.input_errors();
    let name = source_name(path);
    if !errors.is_empty() {
        if as_json {
            let index = LineIndex::new(&text);
            let diagnostics: Vec<_> = errors
                .iter()
                .map(|d| report::diagnostic_to_json(&text, &index, d))
                .collect();
            emit(&format!(
                "{}\n",
                json!({ "problems": [], "diagnostics": diagnostics })
            ));
        } else {
            say_raw!(
                "{}",
                report::render_diagnostics(&name, &text, &errors, colour())
            );
        }
        return EXIT_USAGE;
    }
    if expand {
        return print_expanded(&analysis, as_json);
    }
    if as_json {
        emit_json(&problems_to_json(analysis.scene()));
    } else {
        emit(&problems_to_text(analysis.scene()));
    }
    EXIT_OK
}
