//! Compression: from any answer, shorter ones near it (docs/solver.md,
//! "Compression"). A window of the answer's moves — a move and every move
//! that builds on it, or the moves after a prefix — is taken away, the rest
//! kept as drawn (their objects join the setup, replayed on every
//! instance), and the exact search asked for fewer moves than the window
//! had. The smallest windows come first (their searches are the cheapest);
//! each improvement restarts from the shorter answer, reported as the best
//! so far, until no window gives one or the budget runs out.

use super::budget::{Budget, Capped, Progress, Stop};
use super::construction::{Construction, DrawStep, PointRef};
use super::mask::{remaining_mask, Draw};
use super::options::SearchOptions;
use super::outcome::{Outcome, Stats};
use super::replay::{replay_ops, search_instance};
use super::verify::{finish, setup_kinds};
use crate::geom::{meet, Point};
use crate::resolve::{Count, Instance, Origin, Problem};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The driver searches a window's rest (handed down, as to `quick`, so
/// that this file does not name the driver that calls it).
pub(super) type Driver = fn(&Problem, &SearchOptions, &dyn Budget) -> (Outcome, Stats);

/// Constructions one window's search may examine before the next window.
const WINDOW_BUDGET: u64 = 50_000;

/// Constructions compression may examine in all: beyond, the exact search
/// is the better use of the time (measured: docs/solver.md, "Compression").
/// Nodes over a window's rest are dear (the kept moves' crossings are many
/// points): each counts `weight` constructions.
const COMPRESS_BUDGET: u64 = 400_000;

/// Objects at a window's root (setup and kept moves) up to which a node
/// counts one construction; beyond, a node's pairs of points grow with the
/// square of its objects, and so does what it counts (`weight`): on the
/// perimeter bisector (8.1) a window keeping 5 of 10 moves over three
/// segments costs 86 µs a node, the exact search 13 µs.
const LIGHT_OBJECTS: usize = 4;

/// The most moves a window's rest may be searched in: deeper windows did
/// not pay within their budget on the game's levels.
const DEEPEST: usize = 5;

/// What compression found and spent.
pub(super) struct Compressed {
    pub best: Construction,
    pub examined: u64,
}

/// Shorter answers near `found`, while `budget` lets it; `Err` when the
/// budget stopped it (with the best so far).
pub(super) fn compress(
    problem: &Problem,
    found: Construction,
    options: &SearchOptions,
    driver: Driver,
    budget: &dyn Budget,
) -> Result<Compressed, (Stop, Compressed)> {
    let count = options.count.unwrap_or(problem.count);
    let mut best = found;
    let mut examined = 0;
    if problem.drops || problem.instances.is_empty() {
        return Ok(Compressed { best, examined });
    }
    // Where drops may fall is the survey's question, as for the search's
    // variants (`Problem::variant`).
    let mut problem = problem.clone();
    if !problem.survey.is_empty() {
        problem
            .instances
            .retain(|instance| !matches!(instance.origin, Origin::Dropped { .. }));
    }
    let problem = &problem;
    'improve: loop {
        for window in windows(problem, &best) {
            if let Some(stop) = budget.stop() {
                return Err((stop, Compressed { best, examined }));
            }
            if examined >= COMPRESS_BUDGET {
                break 'improve;
            }
            let cost = |draws: &[DrawStep]| cost_of(count, draws);
            let kept: Vec<DrawStep> = window.kept.clone();
            let spent = cost(&kept);
            let Some(bound) = cost(&best.draws).checked_sub(spent + 1) else {
                continue;
            };
            if bound > DEEPEST {
                continue;
            }
            let Some(rest) = rest_of(problem, &kept) else {
                continue;
            };
            let weight = weight(rest.setup.len()).max(weight_of_points(&rest));
            let capped = Capped::new(budget, weight, WINDOW_BUDGET);
            let rest_options = SearchOptions {
                max_moves: bound,
                count: Some(count),
                first_answer: false,
                shard: None,
                ..*options
            };
            let (outcome, stats) = driver(&rest, &rest_options, &capped);
            examined += stats.examined().saturating_mul(weight);
            let Outcome::Found(completion) = outcome else {
                continue;
            };
            let mut draws = kept;
            draws.extend(completion.draws);
            if let Some(shorter) = finish(problem, &draws) {
                if cost(&shorter.draws) < cost(&best.draws) {
                    budget.progress(&Progress {
                        moves: 0,
                        examined,
                        best: Some(cost(&shorter.draws)),
                    });
                    best = shorter;
                    continue 'improve;
                }
            }
        }
        break;
    }
    Ok(Compressed { best, examined })
}

/// What one node of a window's search counts: 1 up to `LIGHT_OBJECTS`
/// objects at its root, then the square of the ratio.
fn weight(objects: usize) -> u64 {
    let ratio = objects.max(LIGHT_OBJECTS) as f64 / LIGHT_OBJECTS as f64;
    (ratio * ratio).ceil() as u64
}

/// Points at a window's root (the givens and the crossings of the setup,
/// the kept moves' objects among them, on the search instance) up to which
/// a node counts one construction. A node's pairs grow with the square of
/// its points: on the billiards on a round table (13.10), a window keeping
/// 3 of 8 moves over one circle has 4 objects but 12 points at its root,
/// and its nodes cost 67 µs against the exact search's 5 µs; counted by
/// objects, one such window ran 4 s under a cap of 50,000.
const LIGHT_POINTS: usize = 4;

/// What one node of a window's search counts by the points at its root:
/// 1 up to `LIGHT_POINTS`, then the square of the ratio.
fn weight_of_points(rest: &Problem) -> u64 {
    let Some(instance) = rest.instances.get(search_instance(rest)) else {
        return 1;
    };
    let mut points: Vec<Point> = instance.givens.clone();
    for (index, first) in instance.setup.iter().enumerate() {
        for second in &instance.setup[index + 1..] {
            let Ok(crossing) = meet(first, second) else {
                continue;
            };
            for point in crossing.points() {
                let on_both = first.covers(point) && second.covers(point);
                if on_both && !points.iter().any(|known| known.same(point)) {
                    points.push(point);
                }
            }
        }
    }
    let ratio = points.len().max(LIGHT_POINTS) as f64 / LIGHT_POINTS as f64;
    (ratio * ratio).ceil() as u64
}

/// A construction's cost as the search counts it.
fn cost_of(count: Count, draws: &[DrawStep]) -> usize {
    match count {
        Count::E => draws.iter().map(|draw| draw.draw.e_cost()).sum(),
        Count::L => draws.len(),
    }
}

/// The moves kept when a window is taken away, renumbered.
struct Cut {
    kept: Vec<DrawStep>,
}

/// Every window of `found`: each move with the moves that build on it, and
/// each suffix; the fewest moves taken away first.
fn windows(problem: &Problem, found: &Construction) -> Vec<Cut> {
    let setup = problem.setup.len();
    let moves = found.draws.len();
    // The moves each move builds on (by index among the moves).
    let builds_on: Vec<Vec<usize>> = found
        .draws
        .iter()
        .map(|draw| {
            objects_used(draw)
                .into_iter()
                .filter_map(|object| object.checked_sub(setup))
                .collect()
        })
        .collect();
    let mut away: Vec<BTreeSet<usize>> = Vec::new();
    for first in 0..moves {
        // The move and everything that builds on it, transitively.
        let mut closure = BTreeSet::from([first]);
        for (later, used) in builds_on.iter().enumerate().skip(first + 1) {
            if used.iter().any(|used| closure.contains(used)) {
                closure.insert(later);
            }
        }
        away.push(closure);
        away.push((first..moves).collect());
    }
    away.sort_by_key(BTreeSet::len);
    away.dedup();
    away.into_iter()
        .map(|taken| Cut {
            kept: renumbered(&found.draws, &taken, setup),
        })
        .collect()
}

/// The objects a move's points are crossings of, and its line.
fn objects_used(draw: &DrawStep) -> Vec<usize> {
    let mut used = Vec::new();
    for point in [draw.a, draw.b, draw.c] {
        if let PointRef::Meet { first, second, .. } = point {
            used.extend([first, second]);
        }
    }
    if let Draw::Tool(tool) = draw.draw {
        let object = |operand: &crate::tools::Operand| *operand != crate::tools::Operand::Point;
        if tool.operands().iter().any(object) {
            used.push(draw.line);
        }
    }
    used
}

/// The moves not in `taken`, their objects renumbered as if the taken ones
/// had never been drawn (none of them builds on a taken one).
fn renumbered(draws: &[DrawStep], taken: &BTreeSet<usize>, setup: usize) -> Vec<DrawStep> {
    let new_index = |object: usize| match object.checked_sub(setup) {
        None => object,
        Some(at) => object - taken.range(..at).count(),
    };
    draws
        .iter()
        .enumerate()
        .filter(|(index, _)| !taken.contains(index))
        .map(|(_, draw)| {
            let mut moved = *draw;
            for point in [&mut moved.a, &mut moved.b, &mut moved.c] {
                if let PointRef::Meet { first, second, .. } = point {
                    *first = new_index(*first);
                    *second = new_index(*second);
                }
            }
            if let Draw::Tool(_) = moved.draw {
                moved.line = new_index(moved.line);
            }
            moved
        })
        .collect()
}

/// The problem of drawing the rest: the kept moves' objects join the
/// setup on every instance and every surveyed drop, the mask what is left
/// of it. `None` where the kept moves cannot be replayed everywhere.
fn rest_of(problem: &Problem, kept: &[DrawStep]) -> Option<Problem> {
    let kinds: Vec<Draw> = kept.iter().map(|draw| draw.draw).collect();
    let mask = remaining_mask(&problem.mask, &kinds)?;
    let bare = Construction {
        draws: kept.to_vec(),
        goals: Vec::new(),
        steps: None,
        calls: Vec::new(),
    };
    let plan = bare.plan(problem.givens.len(), &setup_kinds(problem));
    let derive = |instance: &Instance| -> Option<Instance> {
        let replay = replay_ops(plan.ops.iter().copied(), instance).ok()?;
        let mut derived = instance.clone();
        derived.setup = replay.objects;
        Some(derived)
    };
    let mut rest = problem.clone();
    rest.instances = problem
        .instances
        .iter()
        .map(derive)
        .collect::<Option<Vec<_>>>()?;
    rest.survey = Arc::new(problem.survey.iter().filter_map(derive).collect());
    rest.setup
        .extend(std::iter::repeat_n(usize::MAX, kept.len()));
    rest.setup_names
        .extend((0..kept.len()).map(|index| format!("kept{index}")));
    rest.mask = mask;
    rest.steps = Vec::new();
    rest.stars = None;
    Some(rest)
}
