//! Scene → SVG: a solve block (givens, setup, the construction in order,
//! goals) or a planar block (nodes, links, crossings). Pure and
//! deterministic: the same file gives the same picture, byte for byte.

mod svg;

use crate::analysis::Analysis;
use crate::check::Status;
use crate::geom::{Object, Point};
use crate::planar::crossing::{crossing_point, crossing_summary};
use crate::resolve::{Instance, Problem, Step, Value};
use crate::solve::{goals_reached, replay_ops, Replay, StepFailure};
use svg::{Canvas, Style};

/// Which block to draw, and how much of its construction.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// The block's name; the first solve or planar block when absent.
    pub block: Option<String>,
    /// Draw the construction up to this move (lines and circles), not further.
    pub moves: Option<usize>,
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

fn render_any(analysis: &Analysis, options: &RenderOptions) -> Result<String, String> {
    let scene = analysis.scene();
    let problem_index = |name: &str| scene.problem_index(name);
    if let Some(problem) = pick(scene.problems.len(), problem_index, options, analysis, true) {
        return render_problem(analysis, problem, options.moves);
    }
    let puzzle_index = |name: &str| scene.puzzle_index(name);
    if let Some(puzzle) = pick(scene.puzzles.len(), puzzle_index, options, analysis, false) {
        return Ok(render_puzzle(analysis, puzzle));
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

/// A solve block's picture in steps: the steps up to the requested move,
/// their replay, the goals shown, the frame, the title, then points before
/// objects.
fn render_problem(
    analysis: &Analysis,
    index: usize,
    moves: Option<usize>,
) -> Result<String, String> {
    let scene = &analysis.scene();
    let problem = &scene.problems[index];
    let declared = problem
        .instances
        .first()
        .ok_or("the block's problem cannot be computed: fix the errors first")?;
    let (ops, drawn) = steps_up_to(problem, moves);
    let replay = replay_ops(ops.iter().map(|step| step.op), declared);
    let (replay, failure) = match replay {
        Ok(replay) => (Some(replay), None),
        Err(failure) => (None, Some(failure)),
    };
    // The whole construction's, so that every step is drawn in one frame
    // (a picture of move 2 lines up with the picture of move 5).
    let whole = match moves {
        Some(_) => replay_ops(problem.steps.iter().map(|step| step.op), declared).ok(),
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
    canvas.title(&title(&problem.name, failure, status, moves, drawn));
    // Points first, so that their labels have the first pick of places.
    if let Some(replay) = &replay {
        draw_intersections(&mut canvas, &ops, replay);
    }
    for (position, point) in declared.givens.iter().enumerate() {
        canvas.point(
            *point,
            Style::Setup,
            &scene.symbols[problem.givens[position]].name,
        );
    }
    for (label, value) in shown.iter().flatten() {
        if let Value::Point(point) = value {
            canvas.goal_point(*point, label);
        }
    }
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
        draw_construction(&mut canvas, &ops, replay, &goal_objects, latest);
    }
    for (label, goal) in &goal_objects {
        let reached = replay
            .as_ref()
            .is_some_and(|r| r.objects.iter().any(|o| o.reaches(goal)));
        if !reached {
            canvas.object(goal, Style::Missing, Some(label));
        }
    }
    Ok(canvas.finish())
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

/// The named intersection points of the steps drawn.
fn draw_intersections(canvas: &mut Canvas, ops: &[Step], replay: &Replay) {
    for step in ops {
        if step.op.is_meet() {
            for binder in step.binders.iter().filter(|binder| binder.name.is_some()) {
                // A point bound as a goal is labelled once, as the goal.
                let name = match binder.goal {
                    Some(_) => "",
                    None => binder.name.as_deref().unwrap_or(""),
                };
                canvas.point(replay.points[binder.index], Style::Helper, name);
            }
        }
    }
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
) {
    let mut number = 0;
    for step in ops {
        if step.op.is_meet() {
            continue;
        }
        number += 1;
        let object = &replay.objects[step.binders[0].index];
        let style = if goal_objects.iter().any(|(_, goal)| object.reaches(goal)) {
            Style::Goal
        } else if latest == Some(number) {
            // Stepping through: the move just made stands out.
            Style::Latest
        } else {
            Style::Helper
        };
        let name = step.binders[0].name.clone().unwrap_or_default();
        canvas.object(object, style, Some(&format!("{number}: {name}")));
    }
}

/// The most crossings marked in a picture: a scrambled 5,000-node level has
/// millions, and a mark each made SVGs of hundreds of megabytes. Every
/// crossing link is still drawn as one; the title gives the count.
pub const MOST_MARKS: usize = crate::planar::crossing::PAIRS_KEPT;

fn render_puzzle(analysis: &Analysis, index: usize) -> String {
    let puzzle = &analysis.scene().puzzles[index];
    let positions = puzzle.positions();
    let mut canvas = Canvas::fitted(&positions, &[]);
    // Counted per link, with each link's first partners: never a list of
    // every pair (docs/planar.md, "Pictures").
    let summary = puzzle
        .complete
        .then(|| crossing_summary(&positions, &puzzle.links, 0));
    let pairs = summary.as_ref().map_or(0, |summary| summary.pairs);
    let state = match pairs {
        0 => "solved".to_string(),
        1 => "1 crossing".to_string(),
        pairs if pairs > MOST_MARKS => {
            format!("{pairs} crossings (the first {MOST_MARKS} marked)")
        }
        pairs => format!("{pairs} crossings"),
    };
    // "level_4 level 4" says it twice: a name with the number is enough.
    let level = puzzle
        .level
        .filter(|level| !puzzle.name.ends_with(&level.to_string()))
        .map_or(String::new(), |level| format!(" level {level}"));
    canvas.title(&format!("{}{level} — {state}", puzzle.name));
    for (link, &(a, b)) in puzzle.links.iter().enumerate() {
        let crossing = summary
            .as_ref()
            .is_some_and(|summary| summary.counts[link] > 0);
        let style = if crossing {
            Style::Missing
        } else {
            Style::Setup
        };
        canvas.segment(positions[a], positions[b], style);
    }
    for &(a, b) in summary.iter().flat_map(|summary| &summary.first) {
        canvas.cross(crossing_point(&positions, puzzle.links[a], puzzle.links[b]));
    }
    for node in &puzzle.nodes {
        canvas.node(node.position, &node.name);
    }
    canvas.finish()
}
