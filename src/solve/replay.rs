//! Replaying a block's steps on one instance, and deciding which goals the
//! drawing reaches.

use crate::geom::{meet, Circle, Degenerate, Line, Meet, Object, Point};
use crate::resolve::{Instance, Problem, StepOp, Value};

/// Everything a replay built, indexed as `StepOp` indexes points and objects.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub points: Vec<Point>,
    pub objects: Vec<Object>,
}

/// The step that could not be built, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepFailure {
    pub step: usize,
    pub why: Degenerate,
}

pub fn replay(problem: &Problem, instance: &Instance) -> Result<Replay, StepFailure> {
    replay_ops(problem.steps.iter().map(|step| step.op), instance)
}

/// Replays a sequence of operations (a block's steps or a solver's answer).
pub fn replay_ops(
    ops: impl IntoIterator<Item = StepOp>,
    instance: &Instance,
) -> Result<Replay, StepFailure> {
    let mut replay = Replay {
        points: instance.givens.clone(),
        objects: instance.setup.clone(),
    };
    for (index, op) in ops.into_iter().enumerate() {
        let fail = |why| StepFailure { step: index, why };
        match op {
            StepOp::Line(from, to) => {
                let line = Line::through(replay.points[from], replay.points[to]).map_err(fail)?;
                replay.objects.push(Object::Line(line));
            }
            StepOp::Circle(center, through) => {
                let circle =
                    Circle::through(replay.points[center], replay.points[through]).map_err(fail)?;
                replay.objects.push(Object::Circle(circle));
            }
            StepOp::Meet(first, second) => {
                let (a, b) = (replay.objects[first], replay.objects[second]);
                match meet(&a, &b).map_err(fail)? {
                    Meet::One(point) if matches!((a, b), (Object::Line(_), Object::Line(_))) => {
                        replay.points.push(point)
                    }
                    Meet::One(_) => return Err(fail(Degenerate::Tangent)),
                    Meet::Two(p, q) => replay.points.extend([p, q]),
                }
            }
        }
    }
    Ok(replay)
}

/// For each goal of the instance, whether the drawing reaches it: a point
/// goal is a given, a step's point or a point on two drawn objects (an
/// intersection); a line or circle goal is one of the drawn objects.
pub fn goals_reached(instance: &Instance, replay: &Replay) -> Vec<bool> {
    instance
        .goals
        .iter()
        .map(|goal| match goal {
            Value::Point(goal) => {
                replay.points.iter().any(|point| point.same(*goal))
                    || on_two_objects(&replay.objects, *goal)
            }
            Value::Line(line) => replay
                .objects
                .iter()
                .any(|object| object.same(&Object::Line(*line))),
            Value::Circle(circle) => replay
                .objects
                .iter()
                .any(|object| object.same(&Object::Circle(*circle))),
            Value::Number(_) | Value::Pair(..) => false,
        })
        .collect()
}

/// Whether two different objects pass through the point.
fn on_two_objects(objects: &[Object], point: Point) -> bool {
    let mut through = objects.iter().filter(|object| object.contains(point));
    match through.next() {
        Some(first) => through.any(|other| !other.same(first)),
        None => false,
    }
}
