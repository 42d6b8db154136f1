//! Accepting a candidate: it must replay on every instance of the problem
//! (declared, `verify`, random) and reach each goal by the same point or
//! object on all of them — no coincidental constructions.

use super::construction::{
    crossing, Binding, Construction, DrawStep, GoalWitness, StepPlan, TOUCH,
};
use super::mask::Draw;
use super::replay::{goals_reached, mixed_bindings, replay_ops, BoundGoal, Replay};
use crate::geom::{meet, Object};
use crate::resolve::{Instance, Problem, StepOp, Value};

/// The finished construction with a witness for every goal, or `None` if it
/// fails on some instance.
pub fn finish(problem: &Problem, draws: &[DrawStep]) -> Option<Construction> {
    // With drops, the canonical answer may work for fewer of them than the
    // order-free one (a drop moves a crossing order round): the one that
    // works for more is written. `None` from `share`: fewer than half.
    let share = |construction: &Construction| drops_it_works_for(problem, construction);
    match canonical(problem, draws) {
        Some(found) if problem.survey.is_empty() => Some(found),
        Some(found) => {
            // Right on every one of the first drops: taken without the
            // count, which `check` makes of the written answer anyway.
            if works_for_the_first(problem, &found, EARLY) {
                return Some(found);
            }
            let works = share(&found);
            if works == Some(problem.survey.len()) {
                return Some(found);
            }
            let other = order_free(problem, draws).and_then(|other| Some((share(&other)?, other)));
            match (works, other) {
                (Some(works), Some((more, other))) if more > works => Some(other),
                (None, Some((_, other))) => Some(other),
                _ => works.map(|_| found),
            }
        }
        None => order_free(problem, draws).filter(|other| share(other).is_some()),
    }
}

/// Whether the replay of a plan comes near every goal of its instance (by
/// any alternative; a point goal as a point of the drawing or a crossing
/// of any two of its objects): less than `canonical` and `order_free` ask
/// of every instance, so a replay that fails this fails them.
fn near_every_goal(instance: &Instance, replay: &Replay) -> bool {
    let objects = &replay.objects;
    let near = |goal: &Value| match goal {
        Value::Point(goal) => {
            replay.points.iter().any(|point| point.same(*goal))
                || (0..objects.len()).any(|second| {
                    (0..second).any(|first| {
                        [0, 1, TOUCH].into_iter().any(|which| {
                            crossing(&objects[first], &objects[second], which)
                                .is_some_and(|point| point.same(*goal))
                        })
                    })
                })
        }
        other => super::replay::reaches(replay, other),
    };
    instance
        .goals
        .iter()
        .all(|alternatives| alternatives.iter().any(near))
}

/// How many of the survey's drops are replayed first: a construction that
/// works for none of them is taken to work for fewer than half of all
/// (the drops are drawn independently: one that works for half or more
/// fails all of these with probability 2^-32). A near-miss of the search —
/// right on the search's instances only because of where the points were
/// dropped — is so turned away after 32 replays, not 1,000; at worst a
/// rare answer is missed, never a wrong one given (docs/solver.md,
/// "Drops").
const SCREEN: usize = 32;

/// How many of the survey's first drops an answer must work for to be
/// taken without counting the rest. One that works for fewer than half of
/// all passes this with probability below 2^-64; one that fails only a
/// few drops here and there may pass, and is then written where the
/// order-free steps might have worked for a few more (docs/solver.md,
/// "Drops").
const EARLY: usize = 64;

/// Whether the construction works for each of the survey's first `count`
/// drops.
fn works_for_the_first(problem: &Problem, construction: &Construction, count: usize) -> bool {
    let plan = construction.plan(problem.givens.len(), &setup_kinds(problem));
    (problem.survey.iter())
        .take(count)
        .all(|instance| works_on(problem, &plan, instance))
}

/// Whether the plan replays on the instance and reaches every goal there,
/// by the names it gives them, as `check` demands of a drop.
fn works_on(problem: &Problem, plan: &StepPlan, instance: &Instance) -> bool {
    replay_on_the_drawing(plan, instance).is_some_and(|replay| {
        reaches_together(problem, instance, &replay)
            && goal_names_hold(problem, instance, plan, &replay)
    })
}

/// For how many of the surveyed drops the construction works, when it is
/// half of them or more (`None`: fewer). With dropped points, `check`
/// fails a construction that works for fewer than half of them (E0406)
/// and leaves the drop-only instances to the survey (`Problem::variants`
/// drops them for the search): `finish` keeps the same rule, so the solver
/// answers what `check` accepts (docs/language.md, "Where a construction
/// works"). The count stops as soon as half can no longer be reached.
fn drops_it_works_for(problem: &Problem, construction: &Construction) -> Option<usize> {
    let plan = construction.plan(problem.givens.len(), &setup_kinds(problem));
    let works = |instance: &Instance| works_on(problem, &plan, instance);
    let survey = problem.survey.as_slice();
    let half = survey.len().div_ceil(2);
    let (mut passed, mut failed) = (0, 0);
    for (index, instance) in survey.iter().enumerate() {
        if index == SCREEN && passed == 0 && survey.len() > SCREEN {
            return None;
        }
        if works(instance) {
            passed += 1;
        } else {
            failed += 1;
            if survey.len() - failed < half {
                return None;
            }
        }
    }
    Some(passed)
}

/// Whether every step that carries a goal's name holds one of the goal's
/// alternatives on `instance`, and the names of one goal line one
/// alternative together, as `check` demands (E0404): reaching the goal
/// with another crossing (the `_` beside the named one) is "no longer the
/// goal" there, and a line's goals bound to two alternatives mix them.
fn goal_names_hold(
    problem: &Problem,
    instance: &Instance,
    plan: &StepPlan,
    replay: &Replay,
) -> bool {
    let mut bound = Vec::new();
    let mut point = instance.givens.len();
    let mut object = instance.setup.len();
    for (op, names) in plan.ops.iter().zip(&plan.names) {
        for (slot, name) in names.iter().enumerate() {
            let Binding::Goal(goal) = *name else {
                continue;
            };
            let is = |value: &Value| {
                if op.is_meet() {
                    matches!(*value, Value::Point(at) if at.same(replay.points[point + slot]))
                        && replay.beyond[point + slot].is_none()
                } else {
                    match *value {
                        Value::Line(line) => replay.objects[object].reaches(&Object::Line(line)),
                        Value::Circle(circle) => {
                            replay.objects[object].reaches(&Object::Circle(circle))
                        }
                        _ => false,
                    }
                }
            };
            let alternatives: Vec<usize> = (0..instance.goals[goal].len())
                .filter(|&alternative| is(&instance.goals[goal][alternative]))
                .collect();
            if alternatives.is_empty() {
                return false;
            }
            bound.push(BoundGoal { goal, alternatives });
        }
        if op.is_meet() {
            point += names.len();
        } else {
            object += 1;
        }
    }
    mixed_bindings(&problem.goals, instance, replay, &bound).is_empty()
}

/// The construction with every crossing bound in canonical order.
fn canonical(problem: &Problem, draws: &[DrawStep]) -> Option<Construction> {
    let setup_kinds = setup_kinds(problem);
    let bare = Construction {
        draws: draws.to_vec(),
        goals: Vec::new(),
        steps: None,
        calls: Vec::new(),
    };
    let plan = bare.plan(problem.givens.len(), &setup_kinds);
    let replays = replays_on_the_drawing(problem, &plan)?;
    if !lines_agree(problem, &replays) {
        return None;
    }
    // The first witness of each goal by any alternative; when that binds a
    // goal line's names to two alternatives, each either-or goal's first
    // alternative (a variant's own: `Problem::variants`).
    [false, true].into_iter().find_map(|first_alternative| {
        let goals = (0..problem.goals.len())
            .map(|goal| witness(problem, &replays, goal, first_alternative))
            .collect::<Option<Vec<_>>>()?;
        let found = Construction {
            draws: draws.to_vec(),
            goals,
            steps: None,
            calls: Vec::new(),
        };
        if !has_either_or_line(problem) {
            return Some(found);
        }
        let plan = found.plan(problem.givens.len(), &setup_kinds);
        let replays = replays_on_the_drawing(problem, &plan)?;
        let whole = (problem.instances.iter().zip(&replays))
            .all(|(instance, replay)| goal_names_hold(problem, instance, &plan, replay));
        whole.then_some(found)
    })
}

/// Whether a line of several goals has alternatives (so that binding its
/// goals by name may mix them).
fn has_either_or_line(problem: &Problem) -> bool {
    let goals = &problem.goals;
    (1..goals.len()).any(|at| {
        goals[at].group == goals[at - 1].group
            && problem
                .instances
                .first()
                .is_some_and(|i| i.goals[at].len() > 1)
    })
}

/// Whether, on every instance, the goals of each goal line are reached by
/// one alternative together, as `check` demands (`goals_reached`).
fn lines_agree(problem: &Problem, replays: &[Replay]) -> bool {
    problem
        .instances
        .iter()
        .zip(replays)
        .all(|(instance, replay)| reaches_together(problem, instance, replay))
}

/// Whether the replay on `instance` reaches every goal line by one
/// alternative.
fn reaches_together(problem: &Problem, instance: &Instance, replay: &Replay) -> bool {
    goals_reached(&problem.goals, instance, replay)
        .iter()
        .all(Option::is_some)
}

/// The plan replayed on every instance, if it replays everywhere and no
/// move uses a point that is not on the drawing there (an intersection
/// beyond a segment or behind a ray).
fn replays_on_the_drawing(problem: &Problem, plan: &StepPlan) -> Option<Vec<Replay>> {
    // The last instance first, and given up on at once when the plan comes
    // near no alternative of some goal there: with dropped points it is the
    // solver's nudged instance, where a goal reached only because of where
    // the points were dropped is missed, so such a candidate costs one
    // replay instead of one per instance and the survey's screen
    // (`resolve::instances::nudged_drops`; docs/solver.md, "Drops").
    let Some((last, others)) = problem.instances.split_last() else {
        return Some(Vec::new());
    };
    let at_last = replay_on_the_drawing(plan, last)?;
    if !near_every_goal(last, &at_last) {
        return None;
    }
    let mut replays = others
        .iter()
        .map(|instance| replay_on_the_drawing(plan, instance))
        .collect::<Option<Vec<_>>>()?;
    replays.push(at_last);
    Some(replays)
}

/// The plan replayed on one instance, if it replays there and no move uses
/// a point beyond a segment or behind a ray.
fn replay_on_the_drawing(plan: &StepPlan, instance: &Instance) -> Option<Replay> {
    let replay = replay_ops(plan.ops.iter().copied(), instance).ok()?;
    let uses_beyond = plan.ops.iter().any(|op| {
        op.point_operands()
            .into_iter()
            .any(|point| replay.beyond[point].is_some())
    });
    (!uses_beyond).then_some(replay)
}

/// The same moves when the canonical order of some crossing changes from
/// one instance to another (a point dropped on a circle moves it round):
/// a crossing whose other crossing is an earlier point on the searched
/// instance is taken as `other(a, b, P)`, which names it on every
/// instance; each point goal is bound to the crossing that is the goal on
/// the search instance. Accepted when the steps so written replay on
/// every instance and reach every goal there (docs/solver.md, "Crossings
/// that change order").
fn order_free(problem: &Problem, draws: &[DrawStep]) -> Option<Construction> {
    let givens = problem.givens.len();
    let bare = Construction {
        draws: draws.to_vec(),
        goals: Vec::new(),
        steps: None,
        calls: Vec::new(),
    };
    let mut plan = bare.plan(givens, &setup_kinds(problem));
    // The moves name crossings in the canonical order of the search instance.
    let reference = &problem.instances[super::replay::search_instance(problem)];
    replay_ops(plan.ops.iter().copied(), reference).ok()?;
    // Each point goal bound to the crossing it is on the searched instance.
    let mut point_goals = Vec::new();
    for goal in 0..problem.goals.len() {
        let Value::Point(at) = reference.goals[goal][0] else {
            continue;
        };
        if (0..givens).any(|i| {
            problem
                .instances
                .iter()
                .all(|instance| is_goal_point(instance, goal, instance.givens[i]))
        }) {
            continue;
        }
        let searched = replay_ops(plan.ops.iter().copied(), reference).ok()?;
        let (op, slot) = crossing_at(&mut plan, &searched, givens, at)?;
        plan.names[op][slot] = Binding::Goal(goal);
        point_goals.push(goal);
    }
    let searched = replay_ops(plan.ops.iter().copied(), reference).ok()?;
    let plan = take_other_crossings(plan, &searched, givens);
    let replays = replays_on_the_drawing(problem, &plan)?;
    // Every point goal is its bound crossing on every instance.
    let mut point = givens;
    for (op, names) in plan.ops.iter().zip(&plan.names) {
        if !op.is_meet() {
            continue;
        }
        for (slot, name) in names.iter().enumerate() {
            if let Binding::Goal(goal) = *name {
                let holds = problem
                    .instances
                    .iter()
                    .zip(&replays)
                    .all(|(instance, replay)| {
                        is_goal_point(instance, goal, replay.points[point + slot])
                            && replay.beyond[point + slot].is_none()
                    });
                if !holds {
                    return None;
                }
            }
        }
        point += names.len();
    }
    if !lines_agree(problem, &replays) {
        return None;
    }
    // As in `canonical`: the first witnesses, then the first alternatives
    // when those mix a goal line's alternatives.
    [false, true].into_iter().find_map(|first_alternative| {
        let goals = (0..problem.goals.len())
            .map(|goal| {
                if point_goals.contains(&goal) {
                    Some(GoalWitness::Bound)
                } else {
                    witness(problem, &replays, goal, first_alternative)
                }
            })
            .collect::<Option<Vec<_>>>()?;
        // A drawn goal object is bound by the goal's name, as `plan` does.
        let mut plan = plan.clone();
        let setup = problem.setup.len();
        let drawing_ops: Vec<usize> = (0..plan.ops.len())
            .filter(|&op| !plan.ops[op].is_meet())
            .collect();
        for (goal, witness) in goals.iter().enumerate() {
            if let GoalWitness::Object(object) = *witness {
                if let Some(&op) = object
                    .checked_sub(setup)
                    .and_then(|drawn| drawing_ops.get(drawn))
                {
                    plan.names[op][0] = Binding::Goal(goal);
                }
            }
        }
        let whole = (problem.instances.iter().zip(&replays))
            .all(|(instance, replay)| goal_names_hold(problem, instance, &plan, replay));
        whole.then(|| Construction {
            draws: draws.to_vec(),
            goals,
            steps: Some(Box::new(plan)),
            calls: Vec::new(),
        })
    })
}

/// Whether `point` is one of the goal's alternatives on the instance.
fn is_goal_point(instance: &Instance, goal: usize, point: crate::geom::Point) -> bool {
    instance.goals[goal]
        .iter()
        .any(|value| matches!(value, Value::Point(goal) if goal.same(point)))
}

/// The intersection op and slot whose point is `at` on the searched replay,
/// adding the op when no step intersects those two objects yet.
fn crossing_at(
    plan: &mut StepPlan,
    searched: &Replay,
    givens: usize,
    at: crate::geom::Point,
) -> Option<(usize, usize)> {
    let mut point = givens;
    for (index, (op, names)) in plan.ops.iter().zip(&plan.names).enumerate() {
        if !op.is_meet() {
            continue;
        }
        if let Some(slot) = (0..names.len()).find(|&slot| searched.points[point + slot].same(at)) {
            return Some((index, slot));
        }
        point += names.len();
    }
    let objects = &searched.objects;
    for second in 0..objects.len() {
        for first in 0..second {
            let Ok(found) = meet(&objects[first], &objects[second]) else {
                continue;
            };
            if let Some(slot) = found
                .points()
                .position(|p| p.same(at) && objects[first].covers(p) && objects[second].covers(p))
            {
                let outputs = found.points().count();
                plan.ops.push(StepOp::Meet(first, second));
                plan.names.push(vec![Binding::Unused; outputs]);
                return Some((plan.ops.len() - 1, slot));
            }
        }
    }
    None
}

/// The plan with each two-point intersection of which one point is used
/// and the other is an earlier point (on the searched replay) written as
/// `other(a, b, earlier)`, binding one point; later point indices follow.
fn take_other_crossings(plan: StepPlan, searched: &Replay, givens: usize) -> StepPlan {
    let mut new_index: Vec<usize> = (0..givens).collect();
    let mut out = StepPlan {
        ops: Vec::new(),
        names: Vec::new(),
    };
    let mut point = givens;
    let mut next = givens;
    for (op, names) in plan.ops.into_iter().zip(plan.names) {
        // Points the op made in the old numbering.
        let outputs = names.len();
        let (op, names) = match op {
            StepOp::Meet(first, second) if names.len() == 2 => {
                let used: Vec<usize> = (0..2).filter(|&s| names[s] != Binding::Unused).collect();
                // The point used, and an earlier point the other crossing is.
                let other_is_known = match used[..] {
                    [slot] => (0..point)
                        .find(|&j| searched.points[j].same(searched.points[point + 1 - slot]))
                        .map(|known| (slot, known)),
                    _ => None,
                };
                match other_is_known {
                    Some((slot, known)) => {
                        new_index.push(new_index[known]);
                        new_index.push(new_index[known]);
                        new_index[point + slot] = next;
                        let op = StepOp::Pick {
                            first,
                            second,
                            pick: crate::geom::Pick::Other,
                            at: new_index[known],
                        };
                        (op, vec![names[slot]])
                    }
                    None => {
                        new_index.push(next);
                        new_index.push(next + 1);
                        (op, names)
                    }
                }
            }
            StepOp::Meet(..) | StepOp::Pick { .. } | StepOp::Touch(..) | StepOp::Drop { .. } => {
                new_index.extend(next..next + names.len());
                (op, names)
            }
            // The solver's answers use no tool of your own.
            StepOp::Use { .. } => (op, names),
            StepOp::Line(a, b) => (StepOp::Line(new_index[a], new_index[b]), names),
            StepOp::Circle(a, b) => (StepOp::Circle(new_index[a], new_index[b]), names),
            StepOp::Tool { tool, mut args } => {
                for (arg, operand) in args.iter_mut().zip(tool.operands()) {
                    if *operand == crate::tools::Operand::Point {
                        *arg = new_index[*arg];
                    }
                }
                (StepOp::Tool { tool, args }, names)
            }
        };
        if op.is_meet() {
            point += outputs;
            next += names.len();
        }
        out.ops.push(op);
        out.names.push(names);
    }
    out
}

pub fn setup_kinds(problem: &Problem) -> Vec<Draw> {
    problem.instances[0]
        .setup
        .iter()
        .map(|object| match object {
            Object::Line(_) => Draw::Line,
            Object::Circle(_) => Draw::Circle,
        })
        .collect()
}

/// The first given point, intersection or object that is this goal on every
/// instance — by any of its alternatives there, as `check` accepts, or by
/// the first only when `first_alternative` (a variant lists its own
/// alternative first: `Problem::variants`).
fn witness(
    problem: &Problem,
    replays: &[Replay],
    goal: usize,
    first_alternative: bool,
) -> Option<GoalWitness> {
    let goal_on = |instance: usize| {
        let all = &problem.instances[instance].goals[goal];
        if first_alternative {
            &all[..1]
        } else {
            &all[..]
        }
    };
    match goal_on(0)[0] {
        Value::Point(_) => {
            let is_goal = |instance: usize, point: crate::geom::Point| {
                goal_on(instance)
                    .iter()
                    .any(|value| matches!(value, Value::Point(goal) if goal.same(point)))
            };
            let givens = problem.instances[0].givens.len();
            if let Some(index) = (0..givens)
                .find(|&i| (0..replays.len()).all(|k| is_goal(k, problem.instances[k].givens[i])))
            {
                return Some(GoalWitness::Given(index));
            }
            let objects = replays[0].objects.len();
            for second in 0..objects {
                for first in 0..second {
                    for which in [0, 1, TOUCH] {
                        let holds = (0..replays.len()).all(|k| {
                            let objects = &replays[k].objects;
                            crossing(&objects[first], &objects[second], which)
                                .is_some_and(|point| is_goal(k, point))
                        });
                        if holds {
                            return Some(GoalWitness::Meet {
                                first,
                                second,
                                which,
                            });
                        }
                    }
                }
            }
            None
        }
        Value::Line(_) | Value::Circle(_) => {
            // A setup object counts: a goal already drawn needs no move.
            (0..replays[0].objects.len()).find_map(|index| {
                let holds = (0..replays.len()).all(|k| {
                    goal_on(k).iter().any(|goal| match *goal {
                        Value::Line(line) => replays[k].objects[index].reaches(&Object::Line(line)),
                        Value::Circle(circle) => {
                            replays[k].objects[index].same(&Object::Circle(circle))
                        }
                        _ => false,
                    })
                });
                holds.then_some(GoalWitness::Object(index))
            })
        }
        Value::Number(_) | Value::Pair(..) => None,
    }
}
