//! Accepting a candidate: it must replay on every instance of the problem
//! (declared, `verify`, random) and reach each goal by the same point or
//! object on all of them — no coincidental constructions.

use super::construction::{Construction, DrawStep, GoalWitness};
use super::mask::Draw;
use super::replay::{replay_ops, Replay};
use crate::geom::{meet, Object};
use crate::resolve::{Problem, Value};

/// The finished construction with a witness for every goal, or `None` if it
/// fails on some instance.
pub fn finish(problem: &Problem, draws: &[DrawStep]) -> Option<Construction> {
    let setup_kinds = setup_kinds(problem);
    let bare = Construction {
        draws: draws.to_vec(),
        goals: Vec::new(),
    };
    let plan = bare.plan(problem.givens.len(), &setup_kinds);
    let replays: Vec<Replay> = problem
        .instances
        .iter()
        .map(|instance| replay_ops(plan.ops.iter().copied(), instance).ok())
        .collect::<Option<_>>()?;
    // A move may only use points of the drawing: not an intersection that
    // lies beyond a segment or ray on some instance.
    let uses_beyond = plan.ops.iter().any(|op| {
        op.point_operands()
            .into_iter()
            .any(|point| replays.iter().any(|replay| replay.beyond[point].is_some()))
    });
    if uses_beyond {
        return None;
    }
    let goals = (0..problem.goals.len())
        .map(|goal| witness(problem, &replays, goal))
        .collect::<Option<Vec<_>>>()?;
    Some(Construction {
        draws: draws.to_vec(),
        goals,
    })
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

/// The first given point, intersection or object that is this goal on every instance.
fn witness(problem: &Problem, replays: &[Replay], goal: usize) -> Option<GoalWitness> {
    // The solver verifies one variant: one alternative per goal.
    let goal_on = |instance: usize| problem.instances[instance].goals[goal][0];
    match goal_on(0) {
        Value::Point(_) => {
            let is_goal = |instance: usize, point: crate::geom::Point| match goal_on(instance) {
                Value::Point(goal) => goal.same(point),
                _ => false,
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
                    for which in 0..2u8 {
                        let holds = (0..replays.len()).all(|k| {
                            let objects = &replays[k].objects;
                            meet(&objects[first], &objects[second])
                                .ok()
                                .and_then(|found| found.points().nth(usize::from(which)))
                                .is_some_and(|point| {
                                    objects[first].covers(point)
                                        && objects[second].covers(point)
                                        && is_goal(k, point)
                                })
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
                let holds = (0..replays.len()).all(|k| match goal_on(k) {
                    Value::Line(line) => replays[k].objects[index].reaches(&Object::Line(line)),
                    Value::Circle(circle) => {
                        replays[k].objects[index].same(&Object::Circle(circle))
                    }
                    _ => false,
                });
                holds.then_some(GoalWitness::Object(index))
            })
        }
        Value::Number(_) | Value::Pair(..) => None,
    }
}
