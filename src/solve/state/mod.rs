//! The working set of one search path: points with where they came from,
//! objects, what each goal still needs, the moves worth trying next, and
//! undo. The design (bounds, candidate lists, why each is sound) is in
//! `docs/solver.md`.
//!
//! This file holds the state and its moves forward and back (`apply`,
//! `undo`); the children each own one job: `target` (one goal's progress),
//! `bounds` (lower bound and filter), `candidates` (the pair scan, building
//! a move), `levels` (candidate lists kept level by level), `offsets` (the
//! vectorised pair test), `lookahead` (dropping doomed moves), `order` (the
//! order of a node's moves), `tools` (the L-tool moves), `keys` (object
//! hashes).

mod bounds;
mod candidates;
mod keys;
mod levels;
mod lookahead;
mod offsets;
mod order;
mod target;
mod tools;

pub(super) use bounds::Filter;
use keys::{object_key, KeySet};
use offsets::Offsets;
pub(super) use order::Mixing;
use target::Target;

use super::construction::{crossing, drop_place, Construction, DrawStep, PointRef, DROP, TOUCH};
use super::context::Context;
use super::mask::{kinds_at, Draw};
use super::verify::finish;
use crate::geom::{meet, Degenerate, Meet, Object, Point, EPS};
use crate::resolve::{Instance, Limits, Problem};

/// One move: draw `object` (a line through `a` and `b`, or a circle with
/// centre `a` through `b`, points of the working set; an L-tool's operands
/// as `DrawStep` has them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Choice {
    draw: Draw,
    a: u32,
    b: u32,
    c: u32,
    /// The line of `perpendicular` and `parallel` (an object index).
    line: u32,
    object: Object,
    key: u64,
    /// Which aims the object passes (bit i: `State::aims[i]`), and bit 15:
    /// it is a goal object.
    marks: u16,
}

/// The mark of a move that draws a goal line or circle.
const GOAL_OBJECT: u16 = 1 << 15;

/// Two crossings closer than this (in the figure's unit) may be one
/// touching point found a hair apart by rounding: `add_meets` asks
/// `touch_point`, whose own test is the figure's tolerance.
const NEAR_TOUCH: f64 = 1e-2;
/// Aims beyond this many are not indexed (the filter then scans).
const MAX_AIMS: usize = 15;

/// The working set of one search path, with undo.
#[derive(Clone)]
pub(super) struct State {
    points: Vec<Point>,
    origins: Vec<PointRef>,
    /// The move (1-based) that first made each point; 0 for givens and for
    /// intersections of setup objects.
    made_at: Vec<u32>,
    objects: Vec<Object>,
    keys: Vec<u64>,
    setup: usize,
    draws: Vec<DrawStep>,
    choices: Vec<Choice>,
    /// For each drawn object: later moves using a point it made.
    uses: Vec<u16>,
    /// For each drawn object: whether it could be left out of a construction
    /// that does not use it (it lies in the mask's generator part).
    removable: Vec<bool>,
    /// For each drawn object: whether it serves a goal directly.
    serves: Vec<bool>,
    /// Removable objects that neither serve a goal nor made a used point.
    idle: usize,
    targets: Vec<Target>,
    /// Points a move may have to pass through: goal points and the centres
    /// of goal circles, indexed like `target_aims`.
    aims: Vec<Point>,
    /// For each target, its aim's bit.
    target_aims: Vec<u16>,
    /// Saved targets, one copy per move, for undo.
    saved_targets: Vec<Target>,
    limits: Limits,
    /// Candidate moves, level by level: level `t` holds the moves using a
    /// point made by move `t` (level 0: the starting points), in the order
    /// their pairs were taken, each object once over all levels.
    arena: Vec<Choice>,
    level_start: Vec<usize>,
    /// Per level, the positions in `arena` of candidates with marks, so a
    /// filter that demands an aim reads only those.
    marked: Vec<u32>,
    marked_start: Vec<usize>,
    /// The keys of every candidate in `arena`.
    live: KeySet,
    /// Scratch for `offer_through` and `offer_goal_objects`.
    offsets: Offsets,
    goal_pairs: Vec<(usize, usize, u8)>,
    /// While a move's intersections are added: the points within the
    /// repeat distance of its object (`apply`), the only ones a new point
    /// can repeat.
    near_new: Vec<usize>,
    only_near: bool,
    /// Index of the first point made by each move (and 0 for level 0).
    level_points: Vec<usize>,
    /// E moves drawn so far (each L-tool at its cost).
    cost: usize,
}

/// Lengths to restore on undo.
pub(super) struct Mark {
    points: usize,
    objects: usize,
    levels: usize,
    arena: usize,
    marked: usize,
}

impl State {
    pub(super) fn new(instance: &Instance, problem: &Problem) -> State {
        let mut targets: Vec<Target> = Vec::new();
        // The search sees one alternative per goal (`Problem::variants`).
        for goal in instance
            .goals
            .iter()
            .filter_map(|alternatives| alternatives.first())
        {
            if let Some(target) = Target::new(goal) {
                // Goals that are the same point or object are reached together.
                if !targets.iter().any(|known| known.same(&target)) {
                    targets.push(target);
                }
            }
        }
        let mut state = State {
            points: Vec::new(),
            origins: Vec::new(),
            made_at: Vec::new(),
            objects: Vec::new(),
            keys: Vec::new(),
            setup: instance.setup.len(),
            draws: Vec::new(),
            choices: Vec::new(),
            uses: Vec::new(),
            removable: Vec::new(),
            serves: Vec::new(),
            idle: 0,
            targets,
            saved_targets: Vec::new(),
            // In file units; the instance is in the problem's unit frame.
            limits: problem.limits.scaled(1.0 / problem.unit),
            arena: Vec::new(),
            level_start: Vec::new(),
            marked: Vec::new(),
            marked_start: Vec::new(),
            live: KeySet::default(),
            offsets: Offsets::default(),
            goal_pairs: Vec::new(),
            near_new: Vec::new(),
            only_near: false,
            aims: Vec::new(),
            target_aims: Vec::new(),
            level_points: vec![0],
            cost: 0,
        };
        for target in &state.targets {
            let aim = match *target {
                Target::Point { at, .. } => Some(at),
                Target::Circle { circle, .. } => Some(circle.center),
                Target::Line { .. } => None,
            };
            let bit = match aim {
                Some(point) if state.aims.len() < MAX_AIMS => {
                    state.aims.push(point);
                    1 << (state.aims.len() - 1)
                }
                _ => 0,
            };
            state.target_aims.push(bit);
        }
        for (index, given) in instance.givens.iter().enumerate() {
            state.push_point(*given, PointRef::Given(index), 0);
            for target in &mut state.targets {
                if let Target::Point { at, done, .. } = target {
                    *done |= at.same(*given);
                }
            }
        }
        for object in &instance.setup {
            for target in &mut state.targets {
                target.add_object(object);
            }
            state.keys.push(object_key(object));
            state.objects.push(*object);
        }
        // Intersections of setup objects are points a construction may use,
        // as `euc check` accepts them.
        for second in 0..state.setup {
            for first in 0..second {
                state.add_meets(first, second, 0);
            }
        }
        // With `tools drop`, a point dropped on each given object, as on
        // each drawn one (`apply`), where it falls within the object.
        if problem.drops {
            for index in 0..state.setup {
                let point = drop_point(&state.objects[index], index);
                if state.objects[index].covers(point) {
                    let origin = PointRef::Meet {
                        first: index,
                        second: index,
                        which: DROP,
                    };
                    state.add_point(point, origin, 0);
                }
            }
        }
        state
    }

    /// Draws one object and adds its new intersections.
    pub(super) fn apply(&mut self, choice: Choice, context: &Context) -> Mark {
        let depth = self.draws.len();
        let mark = Mark {
            points: self.points.len(),
            objects: self.objects.len(),
            levels: self.level_start.len(),
            arena: self.arena.len(),
            marked: self.marked.len(),
        };
        self.saved_targets.extend_from_slice(&self.targets);
        let object = choice.object;
        let step = depth + 1;
        let index = self.objects.len();
        let serves = self.targets.iter().any(|target| target.served_by(&object));
        for target in &mut self.targets {
            target.add_object(&object);
        }
        self.keys.push(choice.key);
        self.objects.push(object);
        self.cost += choice.draw.e_cost();
        self.draws.push(self.draw_step(&choice));
        self.choices.push(choice);
        self.mark_uses(choice, 1);
        let removable =
            context.idle_objects() && kinds_at(context.mask, depth, context.length).2.is_some();
        self.removable.push(removable);
        self.serves.push(serves);
        self.uses.push(0);
        self.idle += usize::from(removable && !serves);
        self.level_points.push(self.points.len());
        // A new point repeats an old one only if that one lies within the
        // repeat distance of the new object: those few are listed once, and
        // each new point is compared with them alone (and with the points
        // this move has made, all on the object).
        let mut near = std::mem::take(&mut self.near_new);
        near.clear();
        let reach = self.repeat_distance() * (1.0 + 1e-9);
        near.extend((0..self.points.len()).filter(|&index| {
            let point = self.points[index];
            match object {
                Object::Line(line) => line.distance_to(point) <= reach,
                Object::Circle(circle) => {
                    (circle.center.dist(point) - circle.radius).abs() <= reach
                }
            }
        }));
        self.near_new = near;
        self.only_near = true;
        for other in 0..index {
            self.add_meets(other, index, step as u32);
        }
        if context.problem.drops {
            let point = drop_point(&object, index);
            let origin = PointRef::Meet {
                first: index,
                second: index,
                which: DROP,
            };
            self.add_point(point, origin, step as u32);
        }
        self.only_near = false;
        mark
    }

    /// A move as the construction records it: its points by origin.
    fn draw_step(&self, choice: &Choice) -> DrawStep {
        DrawStep {
            draw: choice.draw,
            a: self.origins[choice.a as usize],
            b: self.origins[choice.b as usize],
            c: self.origins[choice.c as usize],
            line: choice.line as usize,
        }
    }

    /// Counts the use of the points of a move (or takes it back).
    fn mark_uses(&mut self, choice: Choice, delta: i32) {
        // Operands a move does not use repeat `a`: each point counts once.
        let (a, b, c) = (choice.a, choice.b, choice.c);
        let distinct = [
            Some(a),
            (b != a).then_some(b),
            (c != a && c != b).then_some(c),
        ];
        for point in distinct.into_iter().flatten() {
            if let PointRef::Meet { first, second, .. } = self.origins[point as usize] {
                for object in [first, second] {
                    if object < self.setup {
                        continue;
                    }
                    let drawn = object - self.setup;
                    let was_idle = self.is_idle(drawn);
                    self.uses[drawn] = (i32::from(self.uses[drawn]) + delta) as u16;
                    let is_idle = self.is_idle(drawn);
                    if was_idle && !is_idle {
                        self.idle -= 1;
                    } else if !was_idle && is_idle {
                        self.idle += 1;
                    }
                }
            }
        }
    }

    /// Whether drawing `choice` as the last move reaches every goal on the
    /// search instance (no intersections needed: a point goal is reached by
    /// two objects through it).
    pub(super) fn finishes(&self, choice: &Choice) -> bool {
        self.targets.iter().all(|target| {
            let mut target = *target;
            target.add_object(&choice.object);
            target.done()
        })
    }

    /// The construction with `choice` as its last move, if it is one.
    pub(super) fn solution_with(
        &mut self,
        choice: Choice,
        problem: &Problem,
    ) -> Option<Construction> {
        self.draws.push(self.draw_step(&choice));
        let found = finish(problem, &self.draws);
        self.draws.pop();
        found
    }

    /// The intersections of two objects that are new to the working set.
    fn add_meets(&mut self, first: usize, second: usize, step: u32) {
        let (a, b) = (self.objects[first], self.objects[second]);
        let found = meet(&a, &b);
        // Objects that touch (within the figure's tolerance) give the
        // touching point, as the game does; `meet` finds two crossings a
        // hair apart, one double point, or none there (docs/language.md,
        // "Touching objects"). Whether they touch on every instance is
        // for `verify` to see.
        let close = match found {
            Ok(Meet::Two(p, q)) => p.dist(q) < NEAR_TOUCH,
            Ok(Meet::One(_)) => !matches!((a, b), (Object::Line(_), Object::Line(_))),
            Err(Degenerate::DoNotMeet) => true,
            Err(_) => false,
        };
        if close {
            if let Some(point) = crossing(&a, &b, TOUCH) {
                let origin = PointRef::Meet {
                    first,
                    second,
                    which: TOUCH,
                };
                self.add_point(point, origin, step);
                return;
            }
        }
        let Ok(found) = found else {
            return;
        };
        // A segment or ray (only setup objects are) meets others within its extent.
        let drawn = first >= self.setup;
        let within = |point: Point| drawn || (a.covers(point) && b.covers(point));
        match found {
            Meet::Two(..) => {
                for (which, point) in found.points().enumerate() {
                    if !within(point) {
                        continue;
                    }
                    let origin = PointRef::Meet {
                        first,
                        second,
                        which: which as u8,
                    };
                    self.add_point(point, origin, step);
                }
            }
            // Two lines meet once; a double point of a line or circle and
            // a circle is a touching point, taken above.
            Meet::One(point)
                if matches!((a, b), (Object::Line(_), Object::Line(_))) && within(point) =>
            {
                let origin = PointRef::Meet {
                    first,
                    second,
                    which: 0,
                };
                self.add_point(point, origin, step);
            }
            Meet::One(_) => {}
        }
    }

    fn add_point(&mut self, point: Point, origin: PointRef, step: u32) {
        if let Some(max) = self.limits.max {
            if point.norm() > max {
                return;
            }
        }
        let min = self.repeat_distance();
        let min_squared = min * min;
        let close = |known: &Point| {
            let (dx, dy) = (known.x - point.x, known.y - point.y);
            dx * dx + dy * dy < min_squared
        };
        let repeated = if self.only_near {
            self.near_new
                .iter()
                .any(|&index| close(&self.points[index]))
        } else {
            self.points.iter().any(close)
        };
        if repeated {
            return;
        }
        if self.only_near {
            self.near_new.push(self.points.len());
        }
        self.push_point(point, origin, step);
    }

    /// Points closer than this are one point (`ignore min`, at least EPS).
    fn repeat_distance(&self) -> f64 {
        self.limits.min.unwrap_or(0.0).max(EPS)
    }

    fn push_point(&mut self, point: Point, origin: PointRef, step: u32) {
        for target in &mut self.targets {
            target.add_point(point);
        }
        self.points.push(point);
        self.origins.push(origin);
        self.made_at.push(step);
    }

    pub(super) fn undo(&mut self, mark: Mark) {
        let choice = self.choices.pop().expect("undo follows apply");
        self.cost -= choice.draw.e_cost();
        let drawn = self.draws.len() - 1;
        self.idle -= usize::from(self.is_idle(drawn));
        self.uses.pop();
        self.removable.pop();
        self.serves.pop();
        self.mark_uses(choice, -1);
        self.points.truncate(mark.points);
        self.origins.truncate(mark.points);
        self.made_at.truncate(mark.points);
        self.objects.truncate(mark.objects);
        self.keys.truncate(mark.objects);
        self.draws.truncate(mark.objects - self.setup);
        self.level_points.pop();
        self.level_start.truncate(mark.levels);
        self.marked_start.truncate(mark.levels);
        self.marked.truncate(mark.marked);
        for choice in &self.arena[mark.arena..] {
            self.live.remove(&choice.key);
        }
        self.arena.truncate(mark.arena);
        let saved = self.saved_targets.len() - self.targets.len();
        self.targets.copy_from_slice(&self.saved_targets[saved..]);
        self.saved_targets.truncate(saved);
    }

    /// Whether every goal is reached on the search instance.
    pub(super) fn goals_done(&self) -> bool {
        self.targets.iter().all(Target::done)
    }

    /// The construction so far, if it reaches every goal on the search
    /// instance and, replayed, on every instance.
    pub(super) fn solution(&self, problem: &Problem) -> Option<Construction> {
        if !self.goals_done() {
            return None;
        }
        finish(problem, &self.draws)
    }
}

/// Where the search drops a point on an object (`tools drop`): the place
/// the step `any(…)` that writes it declares (`construction::Planner`).
fn drop_point(object: &Object, index: usize) -> Point {
    match object {
        Object::Line(line) => line.origin + line.direction * drop_place(index, false),
        Object::Circle(circle) => circle.at_angle(drop_place(index, true)),
    }
}
