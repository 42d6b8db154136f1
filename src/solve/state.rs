//! The working set of one search path: points with where they came from,
//! objects, goal bookkeeping, the moves worth trying next, and undo.

use super::construction::{Construction, DrawStep, PointRef};
use super::mask::{kinds_at, Draw};
use super::search::{search_instance, Context};
use super::verify::finish;
use crate::geom::{meet, Circle, Line, Meet, Object, Point, EPS};
use crate::resolve::{Instance, Limits, Problem, Value};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// One move: draw `draw` from points `a` and `b` of the working set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    draw: Draw,
    a: u32,
    b: u32,
}

type KeySet = HashSet<u64, BuildHasherDefault<IdentityHasher>>;

/// Keys are already well-mixed hashes.
#[derive(Default)]
struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 << 8) | u64::from(*byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// The working set of one search path, with undo.
#[derive(Clone)]
pub(super) struct State {
    points: Vec<Point>,
    origins: Vec<PointRef>,
    /// The move (1-based) that first made each point; 0 for givens.
    made_at: Vec<usize>,
    objects: Vec<Object>,
    keys: Vec<u64>,
    setup: usize,
    draws: Vec<DrawStep>,
    /// For each point goal: objects through it (2 means reached).
    goal_hits: Vec<u8>,
    /// For each goal: reached by a given point or an object equal to it.
    goal_done: Vec<bool>,
    limits: Limits,
}

/// Lengths to restore on undo.
pub(super) struct Mark {
    points: usize,
    objects: usize,
    goal_hits: Vec<u8>,
    goal_done: Vec<bool>,
}

impl State {
    pub(super) fn new(instance: &Instance, problem: &Problem) -> State {
        let mut state = State {
            points: instance.givens.clone(),
            origins: (0..instance.givens.len()).map(PointRef::Given).collect(),
            made_at: vec![0; instance.givens.len()],
            objects: Vec::new(),
            keys: Vec::new(),
            setup: instance.setup.len(),
            draws: Vec::new(),
            goal_hits: vec![0; instance.goals.len()],
            goal_done: vec![false; instance.goals.len()],
            limits: problem.limits,
        };
        for (index, goal) in instance.goals.iter().enumerate() {
            if let Value::Point(goal) = goal {
                state.goal_done[index] = instance.givens.iter().any(|given| given.same(*goal));
            }
        }
        for object in &instance.setup {
            state.add_object_goals(object, &instance.goals);
            state.keys.push(object_key(object));
            state.objects.push(*object);
        }
        state
    }

    fn add_object_goals(&mut self, object: &Object, goals: &[Value]) {
        for (index, goal) in goals.iter().enumerate() {
            match goal {
                Value::Point(point) if object.contains(*point) => {
                    self.goal_hits[index] = self.goal_hits[index].saturating_add(1);
                    if self.goal_hits[index] >= 2 {
                        self.goal_done[index] = true;
                    }
                }
                Value::Line(line) if object.same(&Object::Line(*line)) => {
                    self.goal_done[index] = true
                }
                Value::Circle(circle) if object.same(&Object::Circle(*circle)) => {
                    self.goal_done[index] = true
                }
                _ => {}
            }
        }
    }

    /// The moves worth trying from here, in a fixed order.
    pub(super) fn children(&self, depth: usize, context: &Context) -> Vec<Choice> {
        let problem = context.problem;
        let goals = &problem.instances[search_instance(problem)].goals;
        let remaining = context.length - depth;
        let techniques = context.techniques;
        // Goal-directed pruning.
        let mut must_pass: Vec<Point> = Vec::new();
        let mut must_be: Vec<Object> = Vec::new();
        let mut objects_missing = 0;
        for (index, goal) in goals.iter().enumerate() {
            if self.goal_done[index] {
                continue;
            }
            match goal {
                Value::Point(point) => {
                    let need = 2 - usize::from(self.goal_hits[index].min(2));
                    if need > remaining && techniques.goal_pruning {
                        return Vec::new();
                    }
                    if need == remaining && techniques.goal_pruning {
                        must_pass.push(*point);
                    }
                }
                Value::Line(line) => {
                    objects_missing += 1;
                    must_be.push(Object::Line(*line));
                }
                Value::Circle(circle) => {
                    objects_missing += 1;
                    must_be.push(Object::Circle(*circle));
                }
                _ => {}
            }
        }
        if objects_missing > remaining && techniques.goal_pruning {
            return Vec::new();
        }
        let must_be_goal = objects_missing == remaining && techniques.goal_pruning;
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let mut tried = KeySet::default();
        let mut choices = Vec::new();
        let count = self.points.len();
        let mut consider = |draw: Draw, a: usize, b: usize, choices: &mut Vec<Choice>| {
            let (pa, pb) = (self.points[a], self.points[b]);
            let passes = must_pass.iter().all(|goal| match draw {
                Draw::Line => {
                    let direction = pb - pa;
                    direction.cross(*goal - pa).abs() < EPS * direction.norm()
                }
                Draw::Circle => (pa.dist(*goal) - pa.dist(pb)).abs() < EPS,
            });
            if !passes {
                return;
            }
            let object = match draw {
                Draw::Line => Line::through(pa, pb).map(Object::Line),
                Draw::Circle => Circle::through(pa, pb).map(Object::Circle),
            };
            let Ok(object) = object else { return };
            if must_be_goal && !must_be.iter().any(|goal| goal.same(&object)) {
                return;
            }
            let key = object_key(&object);
            if techniques.merge_same_objects && !tried.insert(key) {
                return;
            }
            if self.objects.iter().any(|existing| existing.same(&object)) {
                return;
            }
            // Partial-order reduction: could this object have been drawn
            // before a later-sorting one? Then that order is explored instead.
            if let Some(floor) = reorderable.filter(|_| techniques.merge_reorderings) {
                let made = self.made_at[a].max(self.made_at[b]).max(floor);
                for step in made..depth {
                    if self.keys[self.setup + step] > key {
                        return;
                    }
                }
            }
            choices.push(Choice {
                draw,
                a: a as u32,
                b: b as u32,
            });
        };
        for a in 0..count {
            for b in 0..count {
                if a == b {
                    continue;
                }
                if lines && a < b {
                    consider(Draw::Line, a, b, &mut choices);
                }
                if circles {
                    consider(Draw::Circle, a, b, &mut choices);
                }
            }
        }
        choices
    }

    /// Draws one object and adds its new intersections.
    pub(super) fn apply(&mut self, choice: Choice, problem: &Problem) -> Mark {
        let mark = Mark {
            points: self.points.len(),
            objects: self.objects.len(),
            goal_hits: self.goal_hits.clone(),
            goal_done: self.goal_done.clone(),
        };
        let (a, b) = (choice.a as usize, choice.b as usize);
        let object = match choice.draw {
            Draw::Line => Line::through(self.points[a], self.points[b]).map(Object::Line),
            Draw::Circle => Circle::through(self.points[a], self.points[b]).map(Object::Circle),
        }
        .expect("children() only offers buildable objects");
        let step = self.draws.len() + 1;
        let index = self.objects.len();
        for other in 0..index {
            let Ok(found) = meet(&self.objects[other], &object) else {
                continue;
            };
            let Meet::Two(..) = found else {
                // Two lines meet once; tangent points are not robust, so
                // only line pairs give single points.
                if let (Object::Line(_), Object::Line(_), Meet::One(point)) =
                    (self.objects[other], object, found)
                {
                    self.add_point(
                        point,
                        PointRef::Meet {
                            first: other,
                            second: index,
                            which: 0,
                        },
                        step,
                    );
                }
                continue;
            };
            for (which, point) in found.points().enumerate() {
                self.add_point(
                    point,
                    PointRef::Meet {
                        first: other,
                        second: index,
                        which: which as u8,
                    },
                    step,
                );
            }
        }
        let goals = &problem.instances[search_instance(problem)].goals;
        self.add_object_goals(&object, goals);
        self.keys.push(object_key(&object));
        self.objects.push(object);
        self.draws.push(DrawStep {
            draw: choice.draw,
            a: self.origins[a],
            b: self.origins[b],
        });
        mark
    }

    fn add_point(&mut self, point: Point, origin: PointRef, step: usize) {
        if let Some(max) = self.limits.max {
            if point.norm() > max {
                return;
            }
        }
        let min = self.limits.min.unwrap_or(0.0).max(EPS);
        if self.points.iter().any(|known| known.dist(point) < min) {
            return;
        }
        self.points.push(point);
        self.origins.push(origin);
        self.made_at.push(step);
    }

    pub(super) fn undo(&mut self, mark: Mark) {
        self.points.truncate(mark.points);
        self.origins.truncate(mark.points);
        self.made_at.truncate(mark.points);
        self.objects.truncate(mark.objects);
        self.keys.truncate(mark.objects);
        self.draws.truncate(mark.objects - self.setup);
        self.goal_hits = mark.goal_hits;
        self.goal_done = mark.goal_done;
    }

    /// The construction so far, if it reaches every goal on the declared
    /// instance and, replayed, on every other one.
    pub(super) fn solution(&self, problem: &Problem) -> Option<Construction> {
        if !self.goal_done.iter().all(|done| *done) {
            return None;
        }
        finish(problem, &self.draws)
    }
}

/// A hash of an object that equal objects share (up to rounding at the
/// edges of the grid, which only costs a repeated try).
fn object_key(object: &Object) -> u64 {
    // Truncation, not rounding: `round` is a libm call on the hot path.
    let quantize = |value: f64| (value * 1e7) as i64 as u64;
    match object {
        Object::Line(line) => {
            let mut normal = line.direction.perp();
            if normal.x < -1e-12 || (normal.x.abs() <= 1e-12 && normal.y < 0.0) {
                normal = normal * -1.0;
            }
            let offset = normal.dot(line.origin);
            mix(&[1, quantize(normal.x), quantize(normal.y), quantize(offset)])
        }
        Object::Circle(circle) => mix(&[
            2,
            quantize(circle.center.x),
            quantize(circle.center.y),
            quantize(circle.radius),
        ]),
    }
}

fn mix(values: &[u64]) -> u64 {
    values.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, value| {
        let mut z = hash ^ value.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}
