//! Replaying a block's steps on one instance, and deciding which goals the
//! drawing reaches.

use crate::geom::{
    meet, pick_crossing, touch_point, Circle, Degenerate, Line, Meet, Object, Outside, Point,
};
use crate::resolve::{Call, Goal, Instance, Origin, Problem, StepOp, Type, Value};

/// Everything a replay built, indexed as `StepOp` indexes points and objects.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub points: Vec<Point>,
    pub objects: Vec<Object>,
    /// Indexed like `points`: an intersection that lies beyond a segment or
    /// ray is not a point of the drawing (`_` may skip it, a name may not).
    pub beyond: Vec<Option<Beyond>>,
}

impl Replay {
    /// The same replay with every length multiplied by `factor` (> 0): from
    /// a problem's unit frame to the file's coordinates.
    pub fn scaled(&self, factor: f64) -> Replay {
        Replay {
            points: self.points.iter().map(|point| *point * factor).collect(),
            objects: self
                .objects
                .iter()
                .map(|object| object.scaled(factor))
                .collect(),
            beyond: self
                .beyond
                .iter()
                .map(|beyond| {
                    beyond.map(|beyond| Beyond {
                        object: beyond.object,
                        at: beyond.at.scaled(factor),
                    })
                })
                .collect(),
        }
    }
}

impl Replay {
    /// The drawing before any step: the instance's givens and setup.
    pub(in crate::solve) fn start(instance: &Instance) -> Replay {
        Replay {
            points: instance.givens.clone(),
            objects: instance.setup.clone(),
            beyond: vec![None; instance.givens.len()],
        }
    }

    /// Adds an intersection of two objects, marked when it lies beyond a
    /// segment's or ray's extent.
    fn push_crossing(&mut self, point: Point, objects: [(usize, Object); 2]) {
        let beyond = objects.into_iter().find_map(|(object, found)| match found {
            Object::Line(line) => line.outside(point).map(|at| Beyond { object, at }),
            Object::Circle(_) => None,
        });
        self.points.push(point);
        self.beyond.push(beyond);
    }
}

/// An intersection point outside the extent of one of its objects.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beyond {
    /// The segment or ray, indexed like `Replay::objects`.
    pub object: usize,
    pub at: Outside,
}

/// The step that could not be built, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepFailure {
    pub step: usize,
    pub why: Degenerate,
    /// For a step that uses a tool of your own: the step of the tool's
    /// body that could not be built (counted from 0).
    pub inside: Option<usize>,
}

pub fn replay(problem: &Problem, instance: &Instance) -> Result<Replay, StepFailure> {
    replay_steps(
        problem.steps.iter().map(|step| step.op),
        instance,
        &problem.calls,
    )
}

/// Replays a sequence of operations (a solver's answer, or steps without
/// tools of your own: one fails with `Degenerate::NoBody`).
pub fn replay_ops(
    ops: impl IntoIterator<Item = StepOp>,
    instance: &Instance,
) -> Result<Replay, StepFailure> {
    replay_steps(ops, instance, &[])
}

/// Replays a sequence of operations of a problem whose uses of tools of
/// your own have these operands (`Problem::calls`).
pub fn replay_steps(
    ops: impl IntoIterator<Item = StepOp>,
    instance: &Instance,
    calls: &[Call],
) -> Result<Replay, StepFailure> {
    let mut replay = Replay::start(instance);
    for (index, op) in ops.into_iter().enumerate() {
        replay_step(&mut replay, index, op, instance, calls)?;
    }
    Ok(replay)
}

/// Replays step `index`, `op`, on the replay so far (a search with tools
/// of your own grows its drawing so, one step at a time).
pub(in crate::solve) fn replay_step(
    replay: &mut Replay,
    index: usize,
    op: StepOp,
    instance: &Instance,
    calls: &[Call],
) -> Result<(), StepFailure> {
    let fail = |why| StepFailure {
        step: index,
        why,
        inside: None,
    };
    match op {
        StepOp::Use { call, .. } => {
            let call = calls.get(call as usize).ok_or(fail(Degenerate::NoBody))?;
            let made = use_tool(call, replay).map_err(|(why, inside)| StepFailure {
                step: index,
                why,
                inside: Some(inside),
            })?;
            for value in made {
                match value {
                    Value::Point(point) => {
                        replay.points.push(point);
                        replay.beyond.push(None);
                    }
                    Value::Line(line) => replay.objects.push(Object::Line(line)),
                    Value::Circle(circle) => replay.objects.push(Object::Circle(circle)),
                    Value::Number(_) | Value::Pair(..) => {}
                }
            }
        }
        StepOp::Line(from, to) => {
            let line = Line::through(replay.points[from], replay.points[to]).map_err(fail)?;
            replay.objects.push(Object::Line(line));
        }
        StepOp::Circle(center, through) => {
            let circle =
                Circle::through(replay.points[center], replay.points[through]).map_err(fail)?;
            replay.objects.push(Object::Circle(circle));
        }
        StepOp::Tool { tool, args } => {
            let object = tool
                .object(args, &replay.points, &replay.objects)
                .map_err(fail)?;
            replay.objects.push(object);
        }
        StepOp::Meet(first, second) => {
            let (a, b) = (replay.objects[first], replay.objects[second]);
            let found = match meet(&a, &b).map_err(fail)? {
                Meet::One(point) if matches!((a, b), (Object::Line(_), Object::Line(_))) => {
                    vec![point]
                }
                Meet::One(_) => return Err(fail(Degenerate::Tangent)),
                Meet::Two(p, q) => vec![p, q],
            };
            for point in found {
                replay.push_crossing(point, [(first, a), (second, b)]);
            }
        }
        StepOp::Drop { object, at, .. } => {
            let on = replay.objects[object];
            let point = match instance.drop_seed {
                Some(seed) => drop_anywhere(&on, seed, index),
                None => drop_at(&on, at.value()),
            };
            // Declared past a segment's end, it is not on the drawing.
            replay.push_crossing(point, [(object, on), (object, on)]);
        }
        StepOp::Touch(first, second) => {
            let (a, b) = (replay.objects[first], replay.objects[second]);
            let point = touch_point(&a, &b).map_err(fail)?;
            replay.push_crossing(point, [(first, a), (second, b)]);
        }
        StepOp::Pick {
            first,
            second,
            pick,
            at,
        } => {
            let (a, b) = (replay.objects[first], replay.objects[second]);
            let point = pick_crossing(&a, &b, pick, replay.points[at]).map_err(fail)?;
            replay.push_crossing(point, [(first, a), (second, b)]);
        }
    }
    Ok(())
}

/// What a use of a tool of your own makes on the replay so far: the
/// tool's body replayed on the use's operands (`replay_body`), then its
/// results in order. Err: why the body cannot be built there, and at which
/// of its steps (a named point outside a segment or ray of the operands
/// counts: it is no point of the drawing).
fn use_tool(call: &Call, replay: &Replay) -> Result<Vec<Value>, (Degenerate, usize)> {
    let tool = &call.tool;
    let missing = (Degenerate::NoBody, 0);
    let figure = &tool.figure;
    let body = replay_body(call, replay)?;
    for (at, step) in figure.steps.iter().enumerate() {
        let outside = step.binders.iter().any(|binder| {
            binder.name.is_some()
                && binder.is_point()
                && body.beyond.get(binder.index).is_some_and(Option::is_some)
        });
        if outside {
            return Err((Degenerate::Beyond, at));
        }
    }
    tool.results
        .iter()
        .map(|result| {
            let value = if result.is_point() {
                body.points
                    .get(result.index)
                    .map(|point| Value::Point(*point))
            } else {
                body.objects.get(result.index).map(|object| match object {
                    Object::Line(line) => Value::Line(*line),
                    Object::Circle(circle) => Value::Circle(*circle),
                })
            };
            value.ok_or(missing)
        })
        .collect()
}

/// Everything a use's body makes on the replay so far, numbered as the
/// body's steps number points and objects: its parameters first (a
/// parameter declared a line sees the whole line through a segment or
/// ray), then what each step makes. `use_tool` takes the results from it;
/// `euc render --expand` draws the rest.
pub fn replay_body(call: &Call, replay: &Replay) -> Result<Replay, (Degenerate, usize)> {
    let tool = &call.tool;
    let missing = (Degenerate::NoBody, 0);
    let mut givens = Vec::new();
    let mut setup = Vec::new();
    for (param, &arg) in tool.params.iter().zip(&call.args) {
        if param.ty == Type::Point {
            givens.push(*replay.points.get(arg).ok_or(missing)?);
        } else {
            let mut object = *replay.objects.get(arg).ok_or(missing)?;
            if let (Object::Line(line), Type::Line) = (&mut object, param.ty) {
                line.extent = crate::geom::Extent::Full;
            }
            setup.push(object);
        }
    }
    let instance = Instance {
        origin: Origin::Declared,
        givens,
        setup,
        goals: Vec::new(),
        drop_seed: None,
    };
    let figure = &tool.figure;
    replay_steps(
        figure.steps.iter().map(|step| step.op),
        &instance,
        &figure.calls,
    )
    .map_err(|failure| (failure.why, failure.step))
}

/// The instance the search runs on: a random one when there is one. The
/// declared coordinates are often special (symmetric, collinear, round), and
/// objects that coincide only there (the line through A and B being the line
/// through A and C) would be merged and the general construction never
/// tried. Every answer is replayed on all instances, the declared one too.
pub(in crate::solve) fn search_instance(problem: &Problem) -> usize {
    problem
        .instances
        .iter()
        .position(|instance| matches!(instance.origin, crate::resolve::Origin::Random { .. }))
        .unwrap_or(0)
}

/// For each goal of the instance, whether the drawing reaches it: a point
/// goal is a given, a step's point or a point on two drawn objects (an
/// intersection, within segments and rays); a line or circle goal is one of
/// the drawn objects (a segment or ray goal: the full line through it).
///
/// Each entry is the first alternative of the goal the drawing reaches.
/// Goals of one line (`Goal::group`) are reached by one alternative
/// together: each takes the alternative that most of its line reach (the
/// first of equals), and those that miss it are not reached.
pub fn goals_reached(goals: &[Goal], instance: &Instance, replay: &Replay) -> Vec<Option<usize>> {
    let reached: Vec<Vec<bool>> = instance
        .goals
        .iter()
        .map(|alternatives| {
            alternatives
                .iter()
                .map(|goal| reaches(replay, goal))
                .collect()
        })
        .collect();
    (0..reached.len())
        .map(|goal| {
            let line: Vec<usize> = (0..reached.len())
                .filter(|&other| {
                    goals.get(other).map(|g| g.group) == goals.get(goal).map(|g| g.group)
                })
                .collect();
            if line.len() <= 1 {
                return reached[goal].iter().position(|&hit| hit);
            }
            let count = reached[goal].len();
            let score = |choice: usize| {
                line.iter()
                    .filter(|&&other| reached[other].get(choice) == Some(&true))
                    .count()
            };
            let best =
                (0..count).max_by_key(|&choice| (score(choice), std::cmp::Reverse(choice)))?;
            reached[goal][best].then_some(best)
        })
        .collect()
}

/// A goal bound by name in the steps: the goal, and the alternatives of it
/// the bound point or object is on one instance (none: it is not the goal).
#[derive(Clone, Debug, PartialEq)]
pub struct BoundGoal {
    pub goal: usize,
    pub alternatives: Vec<usize>,
}

/// Which of `bound` hold another alternative than their goal line is
/// reached by (indices into `bound`). The goals of one line are reached by
/// one alternative together, and a goal bound by name is reached by what
/// it is bound to: a line is whole when one alternative is reached by
/// every goal of the line and held by every binding of it. When none is,
/// the bindings that do not hold the alternative `goals_reached` chooses
/// are the ones mixed in (docs/language.md, "Either-or goals").
pub fn mixed_bindings(
    goals: &[Goal],
    instance: &Instance,
    replay: &Replay,
    bound: &[BoundGoal],
) -> Vec<usize> {
    if bound.is_empty() {
        return Vec::new();
    }
    // Asked for only when a line is not whole: most calls (every surveyed
    // drop of a candidate answer) never need it.
    let mut chosen: Option<Vec<Option<usize>>> = None;
    let mut mixed = Vec::new();
    let mut groups: Vec<usize> = goals.iter().map(|goal| goal.group).collect();
    groups.dedup();
    for group in groups {
        let members: Vec<usize> = (0..goals.len())
            .filter(|&goal| goals[goal].group == group)
            .collect();
        let count = instance.goals[members[0]].len();
        let bindings: Vec<usize> = (0..bound.len())
            .filter(|&at| members.contains(&bound[at].goal) && !bound[at].alternatives.is_empty())
            .collect();
        if count <= 1 || bindings.is_empty() {
            continue;
        }
        let whole = |choice: usize| {
            members.iter().all(|&goal| {
                instance.goals[goal]
                    .get(choice)
                    .is_some_and(|value| reaches(replay, value))
            }) && bindings
                .iter()
                .all(|&at| bound[at].alternatives.contains(&choice))
        };
        if (0..count).any(whole) {
            continue;
        }
        // A line not reached at all is the missed goals' error.
        let chosen = chosen.get_or_insert_with(|| goals_reached(goals, instance, replay));
        let Some(choice) = members.iter().find_map(|&goal| chosen[goal]) else {
            continue;
        };
        mixed.extend(
            bindings
                .into_iter()
                .filter(|&at| !bound[at].alternatives.contains(&choice)),
        );
    }
    mixed
}

pub(in crate::solve) fn reaches(replay: &Replay, goal: &Value) -> bool {
    match goal {
        Value::Point(goal) => {
            replay
                .points
                .iter()
                .zip(&replay.beyond)
                .any(|(point, beyond)| beyond.is_none() && point.same(*goal))
                || on_two_objects(&replay.objects, *goal)
        }
        Value::Line(line) => replay
            .objects
            .iter()
            .any(|object| object.reaches(&Object::Line(*line))),
        Value::Circle(circle) => replay
            .objects
            .iter()
            .any(|object| object.same(&Object::Circle(*circle))),
        Value::Number(_) | Value::Pair(..) => false,
    }
}

/// Whether two different objects pass through the point.
fn on_two_objects(objects: &[Object], point: Point) -> bool {
    let mut through = objects.iter().filter(|object| object.contains(point));
    match through.next() {
        Some(first) => through.any(|other| !other.same(first)),
        None => false,
    }
}

/// A step's dropped point where declared: `at` along a line from its
/// origin, or at angle `at` on a circle (docs/language.md, "Points dropped
/// on the drawing").
fn drop_at(object: &Object, at: f64) -> Point {
    match object {
        Object::Line(line) => line.origin + line.direction * at,
        Object::Circle(circle) => circle.at_angle(at),
    }
}

/// A step's dropped point anywhere on its object, as a survey instance has
/// it: drawn from the instance's seed and the step, so a replay is
/// repeatable. A segment between 10 % and 90 % of its length, a ray up to
/// the figure's size (1 in the unit frame) from its start, a line within
/// the figure's size either side of its origin, a circle at any angle — as
/// `any(…)` drops on given objects (docs/language.md, "Arbitrary points").
fn drop_anywhere(object: &Object, seed: u64, step: usize) -> Point {
    let u = unit_random(seed ^ (step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    match object {
        Object::Line(line) => {
            let t = match line.extent {
                crate::geom::Extent::Segment(length) => length * (0.1 + 0.8 * u),
                crate::geom::Extent::Ray => 0.05 + 0.95 * u,
                crate::geom::Extent::Full => 2.0 * u - 1.0,
            };
            line.origin + line.direction * t
        }
        Object::Circle(circle) => circle.at_angle(std::f64::consts::TAU * u),
    }
}

/// A number in [0, 1) from a seed (SplitMix64's finaliser).
fn unit_random(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}
