//! Checking a solve block: replay its steps on the declared instance, every
//! `verify` instance and the random ones, and say what fails where. A
//! `planar` block is checked for crossings in `puzzle.rs`.

mod drops;
mod mask;
mod puzzle;
mod stars;
mod user_tools;
pub use drops::DropShare;
use drops::{dropped_points, survey_drops};
pub use stars::StarReport;
pub use user_tools::check_tool;

pub use puzzle::{check_puzzle, check_puzzle_after, PuzzleReport, CROSSED_LINKS_SHOWN};

use crate::diag::Diagnostic;
use crate::geom::{Degenerate, Object};
use crate::resolve::{Instance, Origin, Problem, StepOp, Value};
use crate::solve::{
    goals_reached, mask_matches, mixed_bindings, replay, replay_ops, Beyond, BoundGoal, Replay,
    StepFailure,
};
use crate::span::Span;
use serde::Serialize;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The steps reach every goal on every instance.
    Solved,
    /// No steps yet.
    Unsolved,
    /// The steps fail somewhere.
    Failed,
    /// Earlier mistakes in the file keep the block from being checked.
    Unchecked,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BlockReport {
    pub name: String,
    pub status: Status,
    pub steps: usize,
    /// Euclidea's E moves: lines and circles, each L-tool at its cost.
    pub moves: usize,
    /// Euclidea's L moves: tool uses (every line, circle and L-tool is one).
    pub tool_uses: usize,
    /// The block allows L-tools: both counts are worth showing.
    #[serde(skip)]
    pub uses_tools: bool,
    /// How many instances the steps were replayed on.
    pub instances: usize,
    /// Which alternative of each either-or goal the steps reach on the
    /// declared instance (goals with one alternative are left out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reached: Vec<Reached>,
    /// The declared-instance replay, when it succeeded (for hover and
    /// pictures); of the steps that resolved, when some did not.
    #[serde(skip)]
    pub replay: Option<Replay>,
    /// With dropped points: for how many of the surveyed drops the
    /// construction works (docs/language.md, "Where a construction works").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drops: Option<DropShare>,
    /// Against the block's `stars` line, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stars: Option<StarReport>,
}

/// An either-or goal and the alternative the construction reaches.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reached {
    pub goal: String,
    /// Counted from 1, in the order the alternatives are written.
    pub alternative: usize,
    pub of: usize,
}

impl Reached {
    /// "X by its 2nd alternative (of 2)".
    pub fn describe(&self) -> String {
        format!(
            "`{}` by its {} alternative (of {})",
            self.goal,
            ordinal(self.alternative),
            self.of
        )
    }
}

/// "1st", "2nd", "3rd", "4th", … (up to the 20th, as alternatives go).
fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".to_string(),
        2 => "2nd".to_string(),
        3 => "3rd".to_string(),
        n => format!("{n}th"),
    }
}

/// Whether the givens and setup reach every goal on every instance already
/// (a goal that is a given point or a drawn line): zero moves solve it.
fn reached_without_steps(problem: &Problem) -> bool {
    !problem.instances.is_empty()
        && !problem.goals.is_empty()
        && mask_matches(&problem.mask, &[])
        && problem.instances.iter().all(|instance| {
            instance.goals.len() == problem.goals.len()
                && replay_ops([], instance).is_ok_and(|replay| {
                    goals_reached(&problem.goals, instance, &replay)
                        .iter()
                        .all(Option::is_some)
                })
        })
}

/// Checks a solve block in steps: is there a construction at all; do its
/// tools and draws fit the block; does it work on the declared instance;
/// does it still work on every other instance (verify, random, dropped).
/// The first failing instance stops the check.
///
/// `survey` gives the block's drop survey (`Scene::survey`), asked for only
/// when the construction works where declared.
pub fn check_problem(
    problem: &Problem,
    survey: impl FnOnce() -> Arc<Vec<Instance>>,
) -> (BlockReport, Vec<Diagnostic>) {
    let (mut report, diagnostics) = check_steps(problem, survey);
    // Stars are a report, never an error: a construction longer than its
    // star counts passes (docs/language.md, "Stars").
    report.stars = problem.stars.map(|stars| {
        let solved = report.status == Status::Solved;
        StarReport::new(stars, solved, report.moves, report.tool_uses)
    });
    (report, diagnostics)
}

fn check_steps(
    problem: &Problem,
    survey: impl FnOnce() -> Arc<Vec<Instance>>,
) -> (BlockReport, Vec<Diagnostic>) {
    let mut report = unchecked_report(problem);
    if problem.steps.is_empty() && problem.steps_complete && !reached_without_steps(problem) {
        report.status = Status::Unsolved;
        return (report, vec![no_construction_yet(problem)]);
    }
    let mut diagnostics = disallowed_tools(problem);
    if problem.steps_complete && !mask::steps_fit(problem) {
        diagnostics.push(mask::mismatch(problem));
    }
    if !diagnostics.is_empty() {
        report.status = Status::Failed;
    }
    if problem.instances.is_empty() {
        return (report, diagnostics);
    }
    if !problem.steps_complete {
        // Not checked, but the steps that resolved still have coordinates
        // for hover and inlay hints (a step's mistake hides only what
        // depends on it).
        report.replay = replay(problem, &problem.instances[0]).ok();
        return (report, diagnostics);
    }
    let declared = &problem.instances[0];
    let replay = match verdict(problem, declared) {
        Verdict::Works(replay) => replay,
        Verdict::Beyond {
            step,
            binder,
            beyond,
            replay,
        } => {
            diagnostics.push(beyond_on_declared(problem, step, binder, beyond, &replay));
            report.replay = Some(replay);
            report.status = Status::Failed;
            return (report, diagnostics);
        }
        Verdict::StepFails(failure) => {
            diagnostics.push(step_fails_on_declared(problem, &failure));
            report.status = Status::Failed;
            return (report, diagnostics);
        }
        Verdict::Misses {
            missed,
            wrong_bindings,
            replay,
        } => {
            diagnostics.extend(missed_on_declared(problem, declared, &missed));
            diagnostics.extend(
                wrong_bindings
                    .iter()
                    .map(|&binding| wrong_binding(problem, binding)),
            );
            report.replay = Some(replay);
            report.status = Status::Failed;
            return (report, diagnostics);
        }
    };
    diagnostics.extend(redrawn_objects(problem, &replay));
    report.reached = reached_alternatives(problem, declared, &replay);
    report.replay = Some(replay);
    report.instances = 1;
    // Where a drop may fall is the survey's question, asked before the
    // parameters move: a construction that works only at its declared drop
    // is E0406, however the random instances would fail it.
    let survey = if problem.survey.is_empty() {
        survey()
    } else {
        problem.survey.clone()
    };
    if let Some((share, diagnostic)) = survey_drops(problem, &survey) {
        report.drops = Some(share);
        if let Some(diagnostic) = diagnostic {
            let failed = diagnostic.is_error();
            diagnostics.push(diagnostic);
            if failed {
                report.status = Status::Failed;
                return (report, diagnostics);
            }
        }
    }
    for instance in &problem.instances[1..] {
        if matches!(instance.origin, Origin::Dropped { .. }) && !survey.is_empty() {
            continue;
        }
        report.instances += 1;
        if let Some(diagnostic) = failure_elsewhere(problem, instance) {
            diagnostics.push(diagnostic);
            report.status = Status::Failed;
            return (report, diagnostics);
        }
    }
    if report.status != Status::Failed {
        report.status = Status::Solved;
    }
    (report, diagnostics)
}

/// The instance a picture of why a construction was not accepted shows
/// (README, "Why a construction fails"): the first drop of the survey
/// where the steps fail (E0406, W0005), else the first moved instance
/// where they fail (E0403), in the order `check` tries them; `None` when
/// they work everywhere `check` looks, or fail already as declared.
pub fn failing_instance(problem: &Problem, survey: &[Instance]) -> Option<Instance> {
    let declared = problem.instances.first()?;
    if !matches!(verdict(problem, declared), Verdict::Works(_)) {
        return None;
    }
    let fails = |instance: &&Instance| !matches!(verdict(problem, instance), Verdict::Works(_));
    if let Some(drop) = survey.iter().find(fails) {
        return Some(drop.clone());
    }
    problem.instances[1..]
        .iter()
        .filter(|instance| survey.is_empty() || !matches!(instance.origin, Origin::Dropped { .. }))
        .find(fails)
        .cloned()
}

/// The report of a block before it is checked: its counts.
fn unchecked_report(problem: &Problem) -> BlockReport {
    let costs = problem.move_costs();
    BlockReport {
        name: problem.name.clone(),
        status: Status::Unchecked,
        steps: problem.steps.len(),
        moves: costs.iter().sum(),
        tool_uses: costs.len(),
        uses_tools: !problem.tools.is_empty()
            || !problem.own_tools.is_empty()
            || !problem.calls.is_empty(),
        instances: 0,
        reached: Vec::new(),
        replay: None,
        drops: None,
        stars: None,
    }
}

/// W0002: an empty block whose goals are not reached without steps.
fn no_construction_yet(problem: &Problem) -> Diagnostic {
    Diagnostic::warning(
        crate::diag::codes::NO_CONSTRUCTION_YET,
        problem.header_span,
        format!("`{}` has no construction yet", problem.name),
    )
    .with_help("run `euc solve` on this file, or use the editor's \"Find construction\" action")
}

/// E0507: an L-tool step (or a tool of your own) needs the block's `tools`
/// line to allow it.
fn disallowed_tools(problem: &Problem) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    if problem.tools_unknown {
        return diagnostics;
    }
    for (index, step) in problem.steps.iter().enumerate() {
        if let (StepOp::Use { tool, .. }, Some(used)) = (step.op, problem.used_tool(index)) {
            if !problem.own_tools.contains(&(tool as usize)) {
                diagnostics.push(disallowed(
                    problem,
                    step.span,
                    &used.name,
                    "a tool of your own",
                ));
            }
        }
        if let StepOp::Tool { tool, .. } = step.op {
            if !problem.tools.contains(&tool) {
                diagnostics.push(disallowed(problem, step.span, tool.name(), "an L-tool"));
            }
        }
    }
    diagnostics
}

/// E0507 for one step: the tool `name` is not on the block's `tools` line.
fn disallowed(problem: &Problem, span: Span, name: &str, what: &str) -> Diagnostic {
    let (at, text) = allow_tool(problem, name);
    Diagnostic::error(
        "E0507",
        span,
        format!("`{name}` is {what} this block does not allow"),
    )
    .with_help(match problem.tools_span {
        Some(_) => format!(
            "add `{name}` to the block's `tools` line (lines and circles are always allowed)"
        ),
        None => format!("add `tools {name}` to the block (lines and circles are always allowed)"),
    })
    .with_fix(format!("Allow `{name}` in this block"), at, text)
}

/// The fix for E0507: the tool added at the end of the block's `tools`
/// line (a second line would be E0502), else a `tools` line at the start
/// of its body.
fn allow_tool(problem: &Problem, tool: &str) -> (Span, String) {
    match problem.tools_span {
        Some(line) => (Span::new(line.end, line.end), format!(" {tool}")),
        None => {
            let at = problem.body_span.start;
            (Span::new(at, at), format!("\n  tools {tool}"))
        }
    }
}

/// Which alternative of each either-or goal the steps reach on the
/// declared instance; a goal bound by name is reached by the alternative
/// it is bound to.
fn reached_alternatives(problem: &Problem, declared: &Instance, replay: &Replay) -> Vec<Reached> {
    let mut reached = goals_reached(&problem.goals, declared, replay);
    for binding in goal_bindings(problem, declared, replay) {
        reached[binding.bound.goal] = binding.bound.alternatives.first().copied();
    }
    reached
        .into_iter()
        .enumerate()
        .filter(|(goal, _)| problem.goals[*goal].definitions.len() > 1)
        .filter_map(|(goal, alternative)| Some((goal, alternative?)))
        .fold(
            Vec::new(),
            |mut found: Vec<(usize, Reached)>, (goal, alternative)| {
                // The goals of one line reached by one alternative are named together.
                let group = problem.goals[goal].group;
                match found.last_mut() {
                    Some((last, reached))
                        if problem.goals[*last].group == group
                            && reached.alternative == alternative + 1 =>
                    {
                        reached.goal = format!("{}, {}", reached.goal, problem.goals[goal].name);
                    }
                    _ => found.push((
                        goal,
                        Reached {
                            goal: problem.goals[goal].name.clone(),
                            alternative: alternative + 1,
                            of: problem.goals[goal].definitions.len(),
                        },
                    )),
                }
                found
            },
        )
        .into_iter()
        .map(|(_, reached)| reached)
        .collect()
}

/// E0405 on the declared instance: a name bound to an intersection beyond
/// a segment or ray.
fn beyond_on_declared(
    problem: &Problem,
    step: usize,
    binder: usize,
    beyond: Beyond,
    replay: &Replay,
) -> Diagnostic {
    let binder = &problem.steps[step].binders[binder];
    Diagnostic::error(
        "E0405",
        binder.span,
        format!(
            "`{}` is not a point of the drawing: {}",
            binder.name.as_deref().unwrap_or("_"),
            describe_beyond(problem, replay, beyond)
        ),
    )
    .with_label(problem.steps[step].span, "this intersection")
    .with_help(
        "segments and rays meet other objects only within their extent: write `_` for this point, or draw the full line through the segment first (`l = line(A, B)`, one move)",
    )
}

/// E0401 on the declared instance: a step cannot be built.
fn step_fails_on_declared(problem: &Problem, failure: &StepFailure) -> Diagnostic {
    Diagnostic::error(
        "E0401",
        problem.steps[failure.step].span,
        format!("this step cannot be built: {}", why_it_fails(problem, failure)),
    )
    .with_help(match failure.why {
        _ if failure.inside.is_some() => "the tool works on its own figure, not on these operands: use it where each of its steps can be built",
        Degenerate::Tangent => "the objects touch: `T = touch(a, b)` names the one common point",
        Degenerate::NoTouch => "`touch` is for a circle touching a circle or a line; objects that cross twice are bound with `P, Q = a & b`",
        _ => "check which objects the step uses; intersections need objects that cross",
    })
}

/// Why a step cannot be built, in words: "the lines are parallel", or for
/// a tool of your own the step of its body that fails ("`foot`'s step 2,
/// `F = l & m`, fails: the lines are parallel").
pub(crate) fn why_it_fails(problem: &Problem, failure: &StepFailure) -> String {
    let why = failure.why.describe();
    match (failure.inside, problem.used_tool(failure.step)) {
        (Some(inside), Some(tool)) => match tool.step_texts.get(inside) {
            Some(text) => format!(
                "`{}`'s step {}, `{text}`, fails: {why}",
                tool.name,
                inside + 1
            ),
            None => format!("`{}` fails: {why}", tool.name),
        },
        _ => why.to_string(),
    }
}

/// E0402 on the declared instance: goals not reached, each with where it is.
fn missed_on_declared(problem: &Problem, declared: &Instance, missed: &[usize]) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for &goal in missed {
        let mut diagnostic = Diagnostic::error(
            "E0402",
            problem.goals[goal].span,
            format!(
                "goal `{}` is not reached by these steps",
                problem.goals[goal].name
            ),
        );
        let points: Vec<String> = declared.goals[goal]
            .iter()
            .filter_map(|value| match value {
                Value::Point(point) => Some((*point * problem.unit).to_string()),
                _ => None,
            })
            .collect();
        match points.as_slice() {
            [] => {}
            [point] => {
                diagnostic = diagnostic.with_help(format!(
                    "the goal is at {point}; no given point, step or intersection of the drawing is there"
                ))
            }
            points => {
                diagnostic = diagnostic.with_help(format!(
                    "the goal's alternatives are at {}; no given point, step or intersection of the drawing is at any of them",
                    points.join(", ")
                ))
            }
        }
        diagnostics.push(diagnostic);
    }
    diagnostics
}

/// E0404 on the declared instance: a goal's name bound to another point or
/// object, or to another alternative than its goal line is reached by.
fn wrong_binding(problem: &Problem, wrong: WrongBinding) -> Diagnostic {
    let op = problem.steps[wrong.step].op;
    let binder = &problem.steps[wrong.step].binders[wrong.binder];
    let goal = binder.goal.unwrap_or_default();
    let (made, name) = (binder.ty.to_string(), &problem.goals[goal].name);
    let help = match op {
        StepOp::Meet(..) | StepOp::Pick { .. } | StepOp::Touch(..) | StepOp::Drop { .. } => {
            "bind another name here, or check the order of the intersection's two points"
        }
        _ => "bind another name here, or draw the goal from other points",
    };
    if let Some(holds) = wrong.holds {
        // Mixed alternatives: each name holds one, but the line holds none whole.
        return Diagnostic::error(
            "E0404",
            binder.span,
            format!(
                "this {made} is goal `{name}`'s {} alternative, while the rest of its goal line is reached by another: one alternative reaches a goal line whole",
                ordinal(holds + 1)
            ),
        )
        .with_label(problem.goals[goal].span, "the goal line")
        .with_help(format!(
            "bind `{name}` to the {made} of the alternative the rest of the line is reached by, or reach the rest by this one"
        ));
    }
    Diagnostic::error(
        "E0404",
        binder.span,
        match problem.goals[goal].definitions.len() {
            1 => format!("this {made} is bound as goal `{name}`, but it is not the goal"),
            count => format!(
                "this {made} is bound as goal `{name}`, but it is none of its {count} alternatives"
            ),
        },
    )
    .with_label(problem.goals[goal].span, "the goal")
    .with_help(help)
}

/// E0403 (or E0406 for a dropped point) when the steps, which work on the
/// declared instance, fail on `instance`; `None` when they work there.
fn failure_elsewhere(problem: &Problem, instance: &Instance) -> Option<Diagnostic> {
    let (span, label) = match verdict(problem, instance) {
        Verdict::Works(_) => return None,
        Verdict::Beyond {
            step,
            binder,
            beyond,
            replay,
        } => (
            problem.steps[step].binders[binder].span,
            format!(
                "here `{}` is not a point of the drawing: {}",
                problem.steps[step].binders[binder]
                    .name
                    .as_deref()
                    .unwrap_or("_"),
                describe_beyond(problem, &replay, beyond)
            ),
        ),
        Verdict::StepFails(failure) => (
            problem.steps[failure.step].span,
            format!(
                "here the step cannot be built: {}",
                why_it_fails(problem, &failure)
            ),
        ),
        Verdict::Misses {
            missed,
            wrong_bindings,
            ..
        } => match (missed.first(), wrong_bindings.first()) {
            (Some(&goal), _) => (
                problem.goals[goal].span,
                format!("goal `{}` is missed", problem.goals[goal].name),
            ),
            (None, Some(wrong)) => (
                problem.steps[wrong.step].binders[wrong.binder].span,
                "this is no longer the goal".to_string(),
            ),
            (None, None) => return None,
        },
    };
    let (code, message) = match &instance.origin {
        Origin::Dropped { .. } => {
            let names: Vec<String> = dropped_points(problem, instance)
                .iter()
                .map(|(name, _)| format!("`{name}`"))
                .collect();
            (
                "E0406",
                format!(
                    "the construction depends on where {} {} dropped",
                    names.join(" and "),
                    if names.len() == 1 { "is" } else { "are" }
                ),
            )
        }
        _ => (
            "E0403",
            "the construction works only for these coordinates".to_string(),
        ),
    };
    Some(
        Diagnostic::error(code, problem.header_span, message)
            .with_label(span, label)
            .with_help(describe_instance(problem, instance)),
    )
}

/// A move that draws a line or circle already on the page is wasted.
fn redrawn_objects(problem: &Problem, replay: &Replay) -> Vec<Diagnostic> {
    let setup = problem.setup.len();
    let mut found = Vec::new();
    for (index, step) in problem.steps.iter().enumerate() {
        // A tool of your own may make what is drawn already: its body
        // needs it, and the use is one move whatever it makes.
        if step.op.is_meet() || matches!(step.op, StepOp::Use { .. }) {
            continue;
        }
        let object = step.binders[0].index;
        let Some(earlier) =
            (0..object).find(|&other| replay.objects[other].same(&replay.objects[object]))
        else {
            continue;
        };
        let mut diagnostic = Diagnostic::warning(
            "W0003",
            step.span,
            format!(
                "this {} is already drawn: the move is wasted",
                replay.objects[object].kind_name()
            ),
        )
        .with_help("remove the step, or use the earlier object");
        // Removing it is the fix when no later step uses what it drew.
        let binding = step.binders[0].span;
        if !problem
            .local_uses
            .iter()
            .any(|(_, bound)| *bound == binding)
        {
            diagnostic = diagnostic.with_fix("Remove the wasted step", step.span, "");
        }
        if earlier >= setup {
            if let Some(first) = problem.steps[..index].iter().find(|s| {
                !s.op.is_meet()
                    && s.binders
                        .iter()
                        .any(|b| !b.is_point() && b.index == earlier)
            }) {
                diagnostic = diagnostic.with_label(first.span, "drawn here");
            }
        }
        found.push(diagnostic);
    }
    found
}

enum Verdict {
    Works(Replay),
    /// A name is bound to an intersection outside a segment or ray.
    Beyond {
        step: usize,
        binder: usize,
        beyond: Beyond,
        replay: Replay,
    },
    StepFails(StepFailure),
    /// Goals not reached, and goal names bound to other points (step, binder).
    Misses {
        missed: Vec<usize>,
        wrong_bindings: Vec<WrongBinding>,
        replay: Replay,
    },
}

fn verdict(problem: &Problem, instance: &Instance) -> Verdict {
    let replay = match replay(problem, instance) {
        Ok(replay) => replay,
        Err(failure) => return Verdict::StepFails(failure),
    };
    for (step_index, step) in problem.steps.iter().enumerate() {
        if !step.op.is_meet() {
            continue;
        }
        for (binder_index, binder) in step.binders.iter().enumerate() {
            if binder.name.is_none() {
                continue;
            }
            if let Some(beyond) = replay.beyond.get(binder.index).copied().flatten() {
                return Verdict::Beyond {
                    step: step_index,
                    binder: binder_index,
                    beyond,
                    replay,
                };
            }
        }
    }
    let missed: Vec<usize> = goals_reached(&problem.goals, instance, &replay)
        .iter()
        .enumerate()
        .filter(|(_, reached)| reached.is_none())
        .map(|(goal, _)| goal)
        .collect();
    let wrong_bindings = wrong_goal_bindings(problem, instance, &replay);
    if missed.is_empty() && wrong_bindings.is_empty() {
        Verdict::Works(replay)
    } else {
        Verdict::Misses {
            missed,
            wrong_bindings,
            replay,
        }
    }
}

/// Binders that carry a goal's name but hold another point or object, or
/// another alternative than the rest of their goal line.
fn wrong_goal_bindings(
    problem: &Problem,
    instance: &Instance,
    replay: &Replay,
) -> Vec<WrongBinding> {
    let bindings = goal_bindings(problem, instance, replay);
    let bound: Vec<BoundGoal> = bindings.iter().map(|b| b.bound.clone()).collect();
    let mixed = mixed_bindings(&problem.goals, instance, replay, &bound);
    bindings
        .iter()
        .enumerate()
        .filter(|(at, binding)| binding.bound.alternatives.is_empty() || mixed.contains(at))
        .map(|(_, binding)| WrongBinding {
            step: binding.step,
            binder: binding.binder,
            holds: binding.bound.alternatives.first().copied(),
        })
        .collect()
}

/// A binder that carries a goal's name wrongly; `holds`: the alternative
/// it holds, when it holds one but its goal line is reached by another.
#[derive(Clone, Copy)]
struct WrongBinding {
    step: usize,
    binder: usize,
    holds: Option<usize>,
}

/// A step binder that carries a goal's name, and the alternatives of the
/// goal it holds (none: it holds another point or object).
struct GoalBinding {
    step: usize,
    binder: usize,
    bound: BoundGoal,
}

fn goal_bindings(problem: &Problem, instance: &Instance, replay: &Replay) -> Vec<GoalBinding> {
    let mut found = Vec::new();
    for (step_index, step) in problem.steps.iter().enumerate() {
        for (binder_index, binder) in step.binders.iter().enumerate() {
            // An either-or goal's name may be bound to any of its alternatives.
            let object = replay
                .objects
                .get(binder.index)
                .filter(|_| !binder.is_point());
            let is = |goal: &Value| match goal {
                Value::Point(goal) if binder.is_point() => replay
                    .points
                    .get(binder.index)
                    .is_some_and(|point| point.same(*goal)),
                Value::Line(goal) if binder.ty.is_line() => {
                    object.is_some_and(|object| object.reaches(&Object::Line(*goal)))
                }
                Value::Circle(goal) if binder.ty == crate::resolve::Type::Circle => {
                    object.is_some_and(|object| object.same(&Object::Circle(*goal)))
                }
                _ => false,
            };
            if let Some(goal) = binder.goal {
                found.push(GoalBinding {
                    step: step_index,
                    binder: binder_index,
                    bound: BoundGoal {
                        goal,
                        alternatives: (0..instance.goals[goal].len())
                            .filter(|&alternative| is(&instance.goals[goal][alternative]))
                            .collect(),
                    },
                });
            }
        }
    }
    found
}

/// "it lies outside segment `a`, beyond its end (4, 0)".
fn describe_beyond(problem: &Problem, replay: &Replay, beyond: Beyond) -> String {
    let name = problem
        .setup_names
        .get(beyond.object)
        .map_or(String::new(), |name| format!(" `{name}`"));
    match replay.objects[beyond.object] {
        Object::Line(line) => format!(
            "it lies outside {}{name}, {}",
            line.extent.name(),
            crate::resolve::describe_outside(
                &line.scaled(problem.unit),
                beyond.at.scaled(problem.unit)
            )
        ),
        Object::Circle(_) => format!("it lies outside{name}"),
    }
}

fn describe_instance(problem: &Problem, instance: &Instance) -> String {
    match &instance.origin {
        Origin::Declared => "it fails on the declared coordinates".to_string(),
        Origin::Verify { .. } => "it fails on a `verify` instance of this block".to_string(),
        Origin::Random { parameters } => format!(
            "it fails when the givens move a little ({}); a construction must work for every position, not only the declared one",
            assignments(parameters)
        ),
        Origin::Dropped { .. } => format!(
            "it fails when the point is dropped elsewhere ({}); a point dropped anywhere may be anywhere on its object, so the construction must not rely on where it was declared",
            assignments(&dropped_points(problem, instance))
        ),
    }
}

/// "a = 1.2, B = (0, 1)".
fn assignments<Name: std::fmt::Display>(values: &[(Name, Value)]) -> String {
    let values: Vec<String> = values
        .iter()
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    values.join(", ")
}
