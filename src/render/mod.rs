//! Scene → SVG: a solve block (givens, setup, the construction in order,
//! goals) or a planar block (nodes, links, crossings). Pure and
//! deterministic: the same file gives the same picture, byte for byte.

mod describe;
mod label;
mod planar;
mod svg;

use planar::render_puzzle;
pub use planar::{MOST_LABELLED, MOST_MARKS};

use crate::analysis::Analysis;
use crate::check::Status;
use crate::geom::{Object, Point};
use crate::resolve::{Call, Instance, Problem, Step, StepOp, Value};
use crate::solve::replay::replay_body;
use crate::solve::{goals_reached, replay_steps, Replay, StepFailure};
use describe::{describe_problem, Shown};
use svg::{Canvas, Style};

/// Which block to draw, and how much of its construction.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// The block's name; the first solve or planar block when absent.
    pub block: Option<String>,
    /// Draw the construction up to this move (lines and circles), not further.
    pub moves: Option<usize>,
    /// Draw the lines and circles inside each use of a tool of your own
    /// too, replayed on its operands (`euc render --expand`).
    pub expand: bool,
    /// Draw the construction on another instance than the declared one
    /// (`euc render --instance`): the one `check` found it failing on, or
    /// one by number.
    pub instance: Option<InstanceChoice>,
}

/// Which instance of a solve block to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstanceChoice {
    /// The first the construction fails on, as `check` tries them: a drop
    /// of the survey (E0406, W0005), else a moved instance (E0403).
    Failing,
    /// By number: 0 the declared coordinates, then `verify` instances,
    /// then the moved ones (as `euc compile` lists them).
    Number(usize),
}

impl std::str::FromStr for InstanceChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<InstanceChoice, String> {
        match text {
            "failing" => Ok(InstanceChoice::Failing),
            number => number.parse().map(InstanceChoice::Number).map_err(|_| {
                format!("`{number}` is no instance: write `failing` or a number (0: the declared coordinates)")
            }),
        }
    }
}

/// The picture, or why there is none.
pub fn render_svg(analysis: &Analysis, options: &RenderOptions) -> Result<String, String> {
    let svg = render_any(analysis, options)?;
    // Coordinates near the largest floating-point numbers overflow on the
    // way to the picture; such a picture is refused, not drawn with NaN
    // (every number is an attribute value, written by `svg::number`).
    if ["=\"NaN\"", "=\"inf\"", "=\"-inf\""]
        .iter()
        .any(|bad| svg.contains(bad))
    {
        return Err(
            "the figure's coordinates are too large to draw (they overflow on the way to the picture)"
                .to_string(),
        );
    }
    Ok(svg)
}

/// The number of moves (steps that draw a line or circle) of the block a
/// picture with these options shows; `None` for a planar block or none.
/// The live picture's slider runs from 0 to this.
pub fn move_count(analysis: &Analysis, options: &RenderOptions) -> Option<usize> {
    match pick_block(analysis, options) {
        Ok(Block::Solve(index)) => Some(moves_of(&analysis.scene().problems[index])),
        _ => None,
    }
}

/// The block whose step is on the line of `offset`, and the move that step
/// ends at (1 for the first line or circle; an intersection's step ends at
/// the move before it): the picture that follows the cursor draws up to
/// it, the step's own line or circle marked as the latest. The cursor may
/// be anywhere on the step's lines, its indent and a comment after it too.
pub fn move_at(analysis: &Analysis, offset: usize) -> Option<(String, usize)> {
    let text = &analysis.text;
    let line_start = |at: usize| {
        text.get(..at)
            .and_then(|before| before.rfind('\n'))
            .map_or(0, |n| n + 1)
    };
    let line_end = |at: usize| {
        text.get(at..)
            .and_then(|after| after.find('\n'))
            .map_or(text.len(), |n| at + n)
    };
    let problem = analysis
        .scene()
        .problems
        .iter()
        .find(|problem| problem.span.contains(offset))?;
    let mut drawn = 0;
    for step in &problem.steps {
        drawn += usize::from(!step.op.is_meet());
        if line_start(step.span.start) <= offset && offset <= line_end(step.span.end) {
            return Some((problem.name.clone(), drawn));
        }
    }
    None
}

/// The block a picture shows.
enum Block {
    Solve(usize),
    Planar(usize),
}

fn render_any(analysis: &Analysis, options: &RenderOptions) -> Result<String, String> {
    let scene = analysis.scene();
    let block = pick_block(analysis, options)?;
    if let (Block::Planar(index), Some(_)) = (&block, options.instance) {
        return Err(format!(
            "`{}` is a planar block: it has one drawing, no instances",
            scene.puzzles[*index].name
        ));
    }
    match (block, options.moves) {
        (Block::Solve(index), moves) => {
            let problem = &scene.problems[index];
            let count = moves_of(problem);
            if let Some(asked) = moves.filter(|&asked| asked > count) {
                return Err(too_far(&problem.name, asked, count));
            }
            let instance = chosen_instance(analysis, index, options.instance)?;
            draw_problem(analysis, index, moves, options.expand, instance.as_ref())
                .map(Canvas::finish)
        }
        (Block::Planar(index), Some(asked)) => Err(format!(
            "`{}` is a planar block: it has no moves, so there is no move {asked} to draw up to (draw it without a move)",
            scene.puzzles[index].name
        )),
        (Block::Planar(index), None) => Ok(render_puzzle(analysis, index)),
    }
}

/// Move 0 is the givens and setup alone (the slider's left end), move
/// `count` the whole construction; anything beyond is a mistake, not the
/// whole picture drawn silently.
fn too_far(name: &str, asked: usize, count: usize) -> String {
    match count {
        0 => format!(
            "block `{name}` has no moves yet (no step draws a line or circle): only move 0, the givens alone, can be drawn, not move {asked}"
        ),
        1 => format!(
            "block `{name}` has 1 move (step that draws a line or circle): draw up to move 0 (the givens alone) or 1, not {asked}"
        ),
        _ => format!(
            "block `{name}` has {count} moves (steps that draw a line or circle): draw up to a move from 0 (the givens alone) to {count}, not {asked}"
        ),
    }
}

/// How many of a block's steps draw a line or circle (the moves counted by
/// `--step` and the slider; intersections are not moves).
fn moves_of(problem: &Problem) -> usize {
    problem
        .steps
        .iter()
        .filter(|step| !step.op.is_meet())
        .count()
}

/// The named block, or the first solve or planar block of the file.
fn pick_block(analysis: &Analysis, options: &RenderOptions) -> Result<Block, String> {
    let scene = analysis.scene();
    let problem_index = |name: &str| scene.problem_index(name);
    if let Some(problem) = pick(scene.problems.len(), problem_index, options, analysis, true) {
        return Ok(Block::Solve(problem));
    }
    let puzzle_index = |name: &str| scene.puzzle_index(name);
    if let Some(puzzle) = pick(scene.puzzles.len(), puzzle_index, options, analysis, false) {
        return Ok(Block::Planar(puzzle));
    }
    Err(match &options.block {
        Some(name) => format!("no solve or planar block named `{name}`"),
        None => "the file has no solve or planar block".to_string(),
    })
}

/// The named block, or the first block of the file if it is of this kind
/// (`count` blocks of it, found by name with `index_of`).
fn pick(
    count: usize,
    index_of: impl Fn(&str) -> Option<usize>,
    options: &RenderOptions,
    analysis: &Analysis,
    solve: bool,
) -> Option<usize> {
    match &options.block {
        Some(wanted) => index_of(wanted),
        None => {
            let first_solve = analysis.scene().problems.first().map(|p| p.span.start);
            let first_planar = analysis.scene().puzzles.first().map(|p| p.span.start);
            let solve_first = match (first_solve, first_planar) {
                (Some(s), Some(p)) => s < p,
                (Some(_), None) => true,
                _ => false,
            };
            (solve == solve_first && count > 0).then_some(0)
        }
    }
}

/// The instance `choice` names, `None` for the declared one.
fn chosen_instance(
    analysis: &Analysis,
    index: usize,
    choice: Option<InstanceChoice>,
) -> Result<Option<Instance>, String> {
    let problem = &analysis.scene().problems[index];
    match choice {
        None | Some(InstanceChoice::Number(0)) => Ok(None),
        Some(InstanceChoice::Number(number)) => match problem.instances.get(number) {
            Some(instance) => Ok(Some(instance.clone())),
            None => Err(format!(
                "`{}` has {} instances: 0 is the declared coordinates, 1 to {} are moved (`euc compile` lists them)",
                problem.name,
                problem.instances.len(),
                problem.instances.len().saturating_sub(1)
            )),
        },
        Some(InstanceChoice::Failing) => failing_instance(analysis, index).map(Some),
    }
}

/// The instance solve block `index`'s construction fails on, as `check`
/// tries them (`check::failing_instance`), or why there is none to show:
/// `--instance failing` and the board's "Show where it fails" draw it.
pub fn failing_instance(analysis: &Analysis, index: usize) -> Result<Instance, String> {
    let problem = analysis
        .scene()
        .problems
        .get(index)
        .ok_or_else(|| "no such solve block".to_string())?;
    let survey = analysis.scene().survey(index);
    crate::check::failing_instance(problem, &survey).ok_or_else(|| {
        format!(
            "`{}` has no failing instance to draw: its construction works on every instance `euc check` tries, or fails already as declared",
            problem.name
        )
    })
}

/// A solve block's picture in steps: the steps up to the requested move,
/// their replay, the goals shown, the frame, the title, then points before
/// objects.
fn draw_problem(
    analysis: &Analysis,
    index: usize,
    moves: Option<usize>,
    expand: bool,
    on: Option<&Instance>,
) -> Result<Canvas, String> {
    let scene = &analysis.scene();
    let problem = &scene.problems[index];
    let declared = problem
        .instances
        .first()
        .ok_or("the block's problem cannot be computed: fix the errors first")?;
    let declared = on.unwrap_or(declared);
    let (ops, drawn) = steps_up_to(problem, moves);
    let replay = replay_steps(ops.iter().map(|step| step.op), declared, &problem.calls);
    let (replay, failure) = match replay {
        Ok(replay) => (Some(replay), None),
        Err(failure) => (None, Some(failure)),
    };
    // The whole construction's, so that every step is drawn in one frame
    // (a picture of move 2 lines up with the picture of move 5).
    let whole = match moves {
        Some(_) => replay_steps(
            problem.steps.iter().map(|step| step.op),
            declared,
            &problem.calls,
        )
        .ok(),
        None => replay.clone(),
    };
    let shown = shown_goals(problem, declared, replay.as_ref());
    let fit = frame_points(declared, whole.as_ref().or(replay.as_ref()), &shown);
    let objects: Vec<Object> = whole
        .as_ref()
        .or(replay.as_ref())
        .map_or(declared.setup.clone(), |r| r.objects.clone());
    let mut canvas = Canvas::fitted(&fit, &objects);
    let status = analysis.reports[index].status;
    let heading = match on {
        None => title(&problem.name, failure, status, moves, drawn),
        Some(instance) => title_elsewhere(problem, instance, failure, replay.as_ref()),
    };
    canvas.title(&heading);
    let shown_words = Shown {
        problem,
        symbols: &scene.symbols,
        drawn: drawn_objects(&ops, replay.as_ref()),
        moves: drawn,
        total: moves_of(problem),
        failed_step: failure.map(|failure| failure.step + 1),
        reached: replay
            .as_ref()
            .map_or(vec![false; problem.goals.len()], |replay| {
                let reached = goals_reached(&problem.goals, declared, replay);
                reached.iter().map(Option::is_some).collect()
            }),
    };
    canvas.describe(
        &format!("Solve block {heading}"),
        &describe_problem(&shown_words),
    );
    // Points first, so that their labels have the first pick of places.
    let mut marks = replay
        .as_ref()
        .map_or(Vec::new(), |replay| intersections(&ops, replay));
    for (position, point) in declared.givens.iter().enumerate() {
        let name = &scene.symbols[problem.givens[position]].name;
        marks.push(Mark::Dot(*point, Style::Setup, name));
    }
    for (label, value) in shown.iter().flatten() {
        if let Value::Point(point) = value {
            marks.push(Mark::Goal(*point, label));
        }
    }
    draw_marks(&mut canvas, &marks);
    // Setup objects, then the construction in order, numbered.
    for (position, object) in declared.setup.iter().enumerate() {
        canvas.object(
            object,
            Style::Setup,
            Some(&scene.symbols[problem.setup[position]].name),
        );
    }
    let goal_objects: Vec<(&str, Object)> = shown
        .iter()
        .flatten()
        .filter_map(|(label, goal)| match goal {
            Value::Line(line) => Some((label.as_str(), Object::Line(*line))),
            Value::Circle(circle) => Some((label.as_str(), Object::Circle(*circle))),
            _ => None,
        })
        .collect();
    if let Some(replay) = &replay {
        let latest = moves.map(|_| drawn);
        if expand {
            draw_inner_moves(&mut canvas, &ops, &problem.calls, replay);
        }
        draw_construction(
            &mut canvas,
            &ops,
            replay,
            &goal_objects,
            latest,
            &analysis.text,
        );
    }
    draw_missing_goals(&mut canvas, &goal_objects, replay.as_ref());
    Ok(canvas)
}

/// The goal lines and circles no drawn object reaches, dashed.
fn draw_missing_goals(canvas: &mut Canvas, goals: &[(&str, Object)], replay: Option<&Replay>) {
    for (label, goal) in goals {
        let reached = replay.is_some_and(|r| r.objects.iter().any(|o| o.reaches(goal)));
        if !reached {
            canvas.object(goal, Style::Missing, Some(label));
        }
    }
}

/// The lines and circles the steps draw, in order.
fn drawn_objects<'a>(ops: &[Step], replay: Option<&'a Replay>) -> Vec<&'a Object> {
    let Some(replay) = replay else {
        return Vec::new();
    };
    // A tool of your own may make points and several objects.
    ops.iter()
        .flat_map(|step| &step.binders)
        .filter(|binder| !binder.is_point())
        .filter_map(|binder| replay.objects.get(binder.index))
        .collect()
}

/// The steps up to the requested move, and how many lines and circles they
/// draw.
fn steps_up_to(problem: &Problem, moves: Option<usize>) -> (Vec<Step>, usize) {
    let mut ops = Vec::new();
    let mut drawn = 0;
    for step in &problem.steps {
        let is_draw = !step.op.is_meet();
        if is_draw && moves.is_some_and(|limit| drawn >= limit) {
            break;
        }
        drawn += usize::from(is_draw);
        ops.push(step.clone());
    }
    (ops, drawn)
}

/// Each goal's labelled values to draw: an either-or goal shows the
/// alternative reached, or all of them.
fn shown_goals(
    problem: &Problem,
    declared: &Instance,
    replay: Option<&Replay>,
) -> Vec<Vec<(String, Value)>> {
    let reached = replay.map(|replay| goals_reached(&problem.goals, declared, replay));
    problem
        .goals
        .iter()
        .zip(&declared.goals)
        .enumerate()
        .map(|(index, (goal, values))| {
            let reached = reached.as_ref().and_then(|reached| reached[index]);
            values
                .iter()
                .enumerate()
                .filter(|(alternative, _)| reached.is_none_or(|r| r == *alternative))
                .map(|(alternative, value)| {
                    let label = if values.len() > 1 && reached.is_none() {
                        format!("{} ({})", goal.name, alternative + 1)
                    } else {
                        goal.name.clone()
                    };
                    (label, *value)
                })
                .collect()
        })
        .collect()
}

/// What to fit: the givens, the steps' points, the goals, small circles.
fn frame_points(
    declared: &Instance,
    replay: Option<&Replay>,
    shown: &[Vec<(String, Value)>],
) -> Vec<Point> {
    let mut fit: Vec<Point> = declared.givens.clone();
    if let Some(replay) = replay {
        fit.extend(replay.points.iter().copied());
    }
    // Goals are always in the frame, a goal circle whole.
    for (_, value) in shown.iter().flatten() {
        match value {
            Value::Point(point) => fit.push(*point),
            Value::Circle(circle) => {
                let r = Point::new(circle.radius, circle.radius);
                fit.extend([circle.center - r, circle.center + r]);
            }
            _ => {}
        }
    }
    // Segments and rays are drawn from their ends: the picture shows them.
    for object in &declared.setup {
        if let Object::Line(line) = object {
            if !line.extent.is_full() {
                fit.push(line.origin);
                fit.extend(line.end());
            }
        }
    }
    fit
}

/// "name — 3 moves", "name — up to move 2", "name — step 2 cannot be built: …".
fn title(
    name: &str,
    failure: Option<StepFailure>,
    status: Status,
    moves: Option<usize>,
    drawn: usize,
) -> String {
    match (failure, status) {
        (Some(failure), _) => format!(
            "{} — step {} cannot be built: {}",
            name,
            failure.step + 1,
            failure.why.describe()
        ),
        (None, Status::Solved) if moves.is_none() => format!("{} — {} moves", name, drawn),
        (None, _) if moves.is_some() => format!("{} — up to move {}", name, drawn),
        (None, Status::Unsolved) => format!("{} — no construction yet", name),
        (None, _) => format!("{} — the construction fails", name),
    }
}

/// The title of a picture on another instance than the declared one.
fn title_elsewhere(
    problem: &Problem,
    instance: &Instance,
    failure: Option<StepFailure>,
    replay: Option<&Replay>,
) -> String {
    format!(
        "{} — {}",
        problem.name,
        elsewhere(problem, instance, failure, replay)
    )
}

/// What goes wrong on another instance than the declared one, as a
/// picture's title says it after the block's name and the board says it
/// of the instance it shows: "on another instance: goal `M` missed by
/// 0.066572", or "on another instance, step 3 cannot be built: …".
/// `replay` is the steps' replay there, `failure` the step that cannot be
/// built there.
pub fn elsewhere(
    problem: &Problem,
    instance: &Instance,
    failure: Option<StepFailure>,
    replay: Option<&Replay>,
) -> String {
    match failure {
        Some(failure) => format!(
            "on another instance, step {} cannot be built: {}",
            failure.step + 1,
            failure.why.describe()
        ),
        None => format!(
            "on another instance: {}",
            missed_by(problem, instance, replay)
        ),
    }
}

/// How the construction misses on an instance: each point goal missed
/// with its distance to the nearest point of the drawing, in the file's
/// units; the instance's coordinates.
fn missed_by(problem: &Problem, instance: &Instance, replay: Option<&Replay>) -> String {
    let mut said = Vec::new();
    if let Some(replay) = replay {
        let reached = goals_reached(&problem.goals, instance, replay);
        for ((goal, values), reached) in problem.goals.iter().zip(&instance.goals).zip(reached) {
            if reached.is_some() {
                continue;
            }
            let nearest = values
                .iter()
                .filter_map(|value| match value {
                    Value::Point(goal) => replay
                        .points
                        .iter()
                        .map(|point| point.dist(*goal))
                        .min_by(f64::total_cmp),
                    _ => None,
                })
                .min_by(f64::total_cmp);
            said.push(match nearest {
                Some(distance) => format!(
                    "goal `{}` missed by {}",
                    goal.name,
                    crate::geom::format_length(distance * problem.unit)
                ),
                None => format!("goal `{}` missed", goal.name),
            });
        }
    }
    if said.is_empty() {
        "every goal is reached here".to_string()
    } else {
        said.join(", ")
    }
}

/// A point to draw: a dot of a style, or a goal's ring; with its label.
enum Mark<'a> {
    Dot(Point, Style, &'a str),
    Goal(Point, &'a str),
}

/// Every mark's place is kept free of labels first, then each is drawn and
/// labelled: a label placed early never covers a dot drawn later when
/// there is another place for it (issue 29).
fn draw_marks(canvas: &mut Canvas, marks: &[Mark]) {
    for mark in marks {
        match *mark {
            Mark::Dot(point, ..) => canvas.reserve(point, svg::DOT),
            Mark::Goal(point, _) => canvas.reserve(point, svg::RING),
        }
    }
    for mark in marks {
        match *mark {
            Mark::Dot(point, style, name) => canvas.point(point, style, name),
            Mark::Goal(point, name) => canvas.goal_point(point, name),
        }
    }
}

/// The named intersection points of the steps drawn.
fn intersections<'a>(ops: &'a [Step], replay: &Replay) -> Vec<Mark<'a>> {
    let mut marks = Vec::new();
    for step in ops {
        if step.op.is_meet() || matches!(step.op, crate::resolve::StepOp::Use { .. }) {
            let points = step.binders.iter().filter(|binder| binder.is_point());
            for binder in points.filter(|binder| binder.name.is_some()) {
                // A point bound as a goal is labelled once, as the goal.
                let name = match binder.goal {
                    Some(_) => "",
                    None => binder.name.as_deref().unwrap_or(""),
                };
                if let Some(point) = replay.points.get(binder.index) {
                    marks.push(Mark::Dot(*point, Style::Helper, name));
                }
            }
        }
    }
    marks
}

/// The lines and circles of the steps drawn, numbered; one that reaches a
/// goal is drawn as the goal, and move `latest` (when stepping through)
/// stands out.
fn draw_construction(
    canvas: &mut Canvas,
    ops: &[Step],
    replay: &Replay,
    goal_objects: &[(&str, Object)],
    latest: Option<usize>,
    text: &str,
) {
    let mut number = 0;
    for step in ops {
        if step.op.is_meet() {
            continue;
        }
        number += 1;
        let before = text.get(..step.span.start).unwrap_or("");
        canvas.step_line = Some(before.matches('\n').count() + 1);
        // A tool of your own draws each object it makes, numbered as one move.
        for binder in step.binders.iter().filter(|binder| !binder.is_point()) {
            let Some(object) = replay.objects.get(binder.index) else {
                continue;
            };
            let style = if goal_objects.iter().any(|(_, goal)| object.reaches(goal)) {
                Style::Goal
            } else if latest == Some(number) {
                // Stepping through: the move just made stands out.
                Style::Latest
            } else {
                Style::Helper
            };
            let name = binder.name.clone().unwrap_or_default();
            canvas.object(object, style, Some(&format!("{number}: {name}")));
        }
    }
    canvas.step_line = None;
}

/// `--expand`: the lines and circles each use of a tool of your own draws
/// inside, replayed on its operands (the uses inside it too), beneath the
/// construction; the use's results are the construction's own.
fn draw_inner_moves(canvas: &mut Canvas, ops: &[Step], calls: &[Call], replay: &Replay) {
    for step in ops {
        if let StepOp::Use { call, .. } = step.op {
            if let Some(call) = calls.get(call as usize) {
                draw_body(canvas, call, replay);
            }
        }
    }
}

/// The lines and circles of one use's body but its results.
fn draw_body(canvas: &mut Canvas, call: &Call, replay: &Replay) {
    // A use that cannot be built is the check's error, drawn as such.
    let Ok(body) = replay_body(call, replay) else {
        return;
    };
    let figure = &call.tool.figure;
    let results: Vec<usize> = call
        .tool
        .results
        .iter()
        .filter(|result| !result.is_point())
        .map(|result| result.index)
        .collect();
    for step in &figure.steps {
        if let StepOp::Use { call: inner, .. } = step.op {
            if let Some(inner) = figure.calls.get(inner as usize) {
                draw_body(canvas, inner, &body);
            }
        }
        for binder in step.binders.iter().filter(|binder| !binder.is_point()) {
            if results.contains(&binder.index) {
                continue;
            }
            if let Some(object) = body.objects.get(binder.index) {
                canvas.object(object, Style::Inner, None);
            }
        }
    }
}

#[cfg(test)]
mod tests;
