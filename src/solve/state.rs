//! The working set of one search path: points with where they came from,
//! objects, what each goal still needs, the moves worth trying next, and
//! undo. The design (bounds, candidate lists, why each is sound) is in
//! `docs/solver.md`.

use super::construction::{Construction, DrawStep, PointRef};
use super::context::Context;
use super::mask::{allowed_at, kinds_at, Draw};
use super::spots::{Spot, Spots};
use super::verify::finish;
use crate::geom::{meet, Circle, Degenerate, Extent, Line, Meet, Object, Point, EPS};
use crate::parse::ast::Tool;
use crate::resolve::{Instance, Limits, Problem, Value};

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
/// Aims beyond this many are not indexed (the filter then scans).
const MAX_AIMS: usize = 15;

type KeySet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<IdentityHasher>>;

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

/// A lower bound meaning "never": the goal can no longer be reached.
const NEVER: usize = usize::MAX / 4;

/// One distinct goal of the search instance and what the drawing has of it.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// A point goal: reached when two drawn objects pass through it.
    Point { at: Point, hits: u8, done: bool },
    /// A line goal: drawn through two points on it.
    Line { line: Line, on: u8, done: bool },
    /// A circle goal: drawn from its centre through a point on it.
    Circle {
        circle: Circle,
        on: u8,
        center_hits: u8,
        center_present: bool,
        done: bool,
    },
}

impl Target {
    fn new(goal: &Value) -> Option<Target> {
        match *goal {
            Value::Point(at) => Some(Target::Point {
                at,
                hits: 0,
                done: false,
            }),
            Value::Line(line) => Some(Target::Line {
                line,
                on: 0,
                done: false,
            }),
            Value::Circle(circle) => Some(Target::Circle {
                circle,
                on: 0,
                center_hits: 0,
                center_present: false,
                done: false,
            }),
            Value::Number(_) | Value::Pair(..) => None,
        }
    }

    fn same(&self, other: &Target) -> bool {
        match (self, other) {
            (Target::Point { at: a, .. }, Target::Point { at: b, .. }) => a.same(*b),
            (Target::Line { line: a, .. }, Target::Line { line: b, .. }) => a.same(b),
            (Target::Circle { circle: a, .. }, Target::Circle { circle: b, .. }) => a.same(b),
            _ => false,
        }
    }

    fn done(&self) -> bool {
        match *self {
            Target::Point { done, .. }
            | Target::Line { done, .. }
            | Target::Circle { done, .. } => done,
        }
    }

    fn is_object(&self) -> bool {
        !matches!(self, Target::Point { .. })
    }

    /// Whether drawing `object` serves this goal directly (passes through
    /// the goal point, or is the goal object).
    fn served_by(&self, object: &Object) -> bool {
        match self {
            Target::Point { at, .. } => object.contains(*at),
            Target::Line { line, .. } => object.reaches(&Object::Line(*line)),
            Target::Circle { circle, .. } => object.same(&Object::Circle(*circle)),
        }
    }

    /// Records a drawn object.
    fn add_object(&mut self, object: &Object) {
        match self {
            Target::Point { at, hits, done } => {
                if object.contains(*at) {
                    *hits = hits.saturating_add(1);
                    *done |= *hits >= 2;
                }
            }
            Target::Line { line, done, .. } => *done |= object.reaches(&Object::Line(*line)),
            Target::Circle {
                circle,
                center_hits,
                done,
                ..
            } => {
                *done |= object.same(&Object::Circle(*circle));
                if object.contains(circle.center) {
                    *center_hits = center_hits.saturating_add(1);
                }
            }
        }
    }

    /// Records a point joining the working set.
    fn add_point(&mut self, point: Point) {
        match self {
            Target::Point { .. } => {}
            Target::Line { line, on, .. } => {
                if line.distance_to(point) < EPS {
                    *on = on.saturating_add(1);
                }
            }
            Target::Circle {
                circle,
                on,
                center_present,
                ..
            } => {
                if (circle.center.dist(point) - circle.radius).abs() < EPS {
                    *on = on.saturating_add(1);
                }
                *center_present |= circle.center.same(point);
            }
        }
    }

    /// The point every move that brings this goal closer must pass through
    /// (a goal point, or a goal circle's missing centre), with the goal's
    /// need; `None` when moves of other kinds can serve it.
    fn aim(&self, prerequisites: bool) -> Option<(Point, usize)> {
        match *self {
            _ if self.done() => None,
            Target::Point { at, .. } => Some((at, self.needs(prerequisites))),
            Target::Circle {
                circle,
                center_present: false,
                ..
            } if prerequisites => Some((circle.center, self.needs(prerequisites))),
            _ => None,
        }
    }

    /// The fewest moves that can still reach this goal. With
    /// `prerequisites`, a line needs two points on it first and a circle its
    /// centre and a point on it; without, only what the seed's goal pruning
    /// knows (a point needs two objects, an object one move).
    fn needs(&self, prerequisites: bool) -> usize {
        match *self {
            _ if self.done() => 0,
            Target::Point { hits, .. } => 2 - usize::from(hits.min(2)),
            Target::Line { on, .. } => 1 + usize::from(prerequisites && on < 2),
            Target::Circle {
                on,
                center_hits,
                center_present,
                ..
            } => {
                if !prerequisites {
                    return 1;
                }
                let center = if center_present {
                    0
                } else if center_hits >= 2 {
                    // On two objects but not in the working set: dropped by
                    // an `ignore` limit, so never usable as a centre.
                    NEVER
                } else {
                    2 - usize::from(center_hits)
                };
                1 + center.max(usize::from(on == 0))
            }
        }
    }
}

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

/// What the next move must do, derived from the bounds at a node.
#[derive(Default)]
pub(super) struct Filter {
    /// Points the next object must pass through.
    pass: Vec<Point>,
    /// Whether the next object must be one of `goal_objects` (the goal
    /// lines and circles still missing; the list is reused between nodes).
    only_goal_objects: bool,
    goal_objects: Vec<Object>,
    /// Objects (indices among all objects) the next move's two points must
    /// come from, when it is the last move.
    cover: Vec<usize>,
    dead: bool,
    /// The marks every admitted move has (a superset test before `admits`),
    /// and whether they say enough to read only the marked candidates.
    marks: u16,
    indexed: bool,
    /// Scratch: the key each level's candidates must exceed.
    thresholds: Vec<Option<u64>>,
    /// Scratch for the lookahead: the spots (where a new point lets an
    /// object through the aim be drawn) and the points drawn, both indexed;
    /// the points' offsets from the aim; one move's new points with their
    /// squared distances to the aim; the objects through the aim the points
    /// already give.
    spots: Spots,
    known: Spots,
    relative: Vec<(Point, f64)>,
    fresh: Vec<(Point, f64)>,
    drawable: Vec<Object>,
}

/// How far (relative to the figure) the lookahead looks around a spot.
const SPOT_REACH: f64 = 1e-6;
/// Spots where the curves cross at a smaller sine are kept apart.
const WIDE_SINE: f64 = 1e-2;
/// Below this sine the curves are taken to touch.
const MIN_SINE: f64 = 1e-6;
/// From this many moves at a node, the lookahead builds spots.
const SPOTS_FROM: usize = 24;

/// How the lookahead tests a new point: among the spots, or against every
/// point drawn (offsets from the aim and their squared lengths).
enum Near<'a> {
    /// The spots, and the points drawn (each within the tolerance).
    Spots {
        spots: &'a Spots,
        known: &'a Spots,
    },
    Points(&'a [(Point, f64)]),
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
        state
    }

    /// The fewest moves that can still reach every goal.
    pub(super) fn lower_bound(&self, context: &Context) -> usize {
        let techniques = context.techniques;
        if !techniques.goal_pruning {
            return 0;
        }
        let prerequisites = techniques.prerequisites;
        let mut bound = 0;
        let mut objects_missing = 0;
        for target in &self.targets {
            bound = bound.max(target.needs(prerequisites));
            objects_missing += usize::from(target.is_object() && !target.done());
        }
        bound = bound.max(objects_missing);
        if context.idle_objects() {
            // Every later move uses two points, each made by two objects:
            // four idle objects at most become useful per move.
            bound = bound.max(self.idle.div_ceil(4));
        }
        bound
    }

    /// What the next move must do, with `remaining` moves left (this one
    /// included), for the bound to stay within reach.
    pub(super) fn filter(&self, remaining: usize, context: &Context, filter: &mut Filter) {
        filter.pass.clear();
        filter.marks = 0;
        filter.indexed = true;
        filter.only_goal_objects = false;
        filter.goal_objects.clear();
        filter.cover.clear();
        filter.dead = self.lower_bound(context) > remaining;
        if filter.dead || !context.techniques.goal_pruning {
            return;
        }
        let prerequisites = context.techniques.prerequisites;
        let mut objects_missing = 0;
        for (target, aim) in self.targets.iter().zip(&self.target_aims) {
            objects_missing += usize::from(target.is_object() && !target.done());
            let needs = target.needs(prerequisites);
            if needs != remaining {
                continue;
            }
            match *target {
                Target::Point { at, .. } => {
                    filter.pass.push(at);
                    filter.marks |= aim;
                    filter.indexed &= *aim != 0;
                }
                Target::Circle {
                    circle,
                    on,
                    center_present,
                    ..
                } if prerequisites && !center_present && remaining > 1 => {
                    // The centre is the binding need unless only a point on
                    // the circle is missing.
                    let center_need = needs - 1;
                    if center_need >= usize::from(on == 0) {
                        filter.pass.push(circle.center);
                        filter.marks |= aim;
                        filter.indexed &= *aim != 0;
                    }
                }
                _ => {}
            }
        }
        if objects_missing == remaining {
            filter.marks |= GOAL_OBJECT;
            filter.only_goal_objects = true;
            filter.goal_objects.extend(
                self.targets
                    .iter()
                    .filter(|target| !target.done())
                    .filter_map(|target| match target {
                        Target::Line { line, .. } => Some(Object::Line(*line)),
                        Target::Circle { circle, .. } => Some(Object::Circle(*circle)),
                        Target::Point { .. } => None,
                    }),
            );
        }
        if remaining == 1 && context.idle_objects() && self.idle > 0 {
            // The last move must make every idle object useful.
            filter.cover.extend(
                (self.setup..self.objects.len()).filter(|&index| self.is_idle(index - self.setup)),
            );
            if filter.cover.len() > 4 {
                filter.dead = true;
            }
        }
    }

    fn is_idle(&self, drawn: usize) -> bool {
        self.removable[drawn] && !self.serves[drawn] && self.uses[drawn] == 0
    }

    /// Whether a move passes the filter (before its intersections are computed).
    fn admits(&self, filter: &Filter, choice: &Choice) -> bool {
        // When every point to pass is an aim, the move's marks (the same
        // `contains` test, made once when it was built) already say it.
        let passes = if filter.indexed {
            choice.marks & filter.marks == filter.marks
        } else {
            filter
                .pass
                .iter()
                .all(|point| choice.object.contains(*point))
        };
        if !passes {
            return false;
        }
        if filter.only_goal_objects
            && !filter
                .goal_objects
                .iter()
                .any(|goal| choice.object.reaches(goal))
        {
            return false;
        }
        self.covers(filter, choice.a, choice.b)
    }

    /// Whether a move from points `a` and `b` makes every idle object the
    /// filter lists useful (each is a parent of one of the two points).
    fn covers(&self, filter: &Filter, a: u32, b: u32) -> bool {
        if filter.cover.is_empty() {
            return true;
        }
        let parents = |point: u32| match self.origins[point as usize] {
            PointRef::Meet { first, second, .. } => [first, second],
            PointRef::Given(_) => [usize::MAX, usize::MAX],
        };
        let [p, q] = parents(a);
        let [r, s] = parents(b);
        filter
            .cover
            .iter()
            .all(|&idle| [p, q, r, s].contains(&idle))
    }

    /// The moves worth trying from here, in a fixed order, into `out`.
    pub(super) fn children(
        &mut self,
        depth: usize,
        context: &Context,
        filter: &mut Filter,
        out: &mut Vec<Choice>,
    ) {
        out.clear();
        self.filter(context.length - depth, context, filter);
        if filter.dead {
            return;
        }
        if context.techniques.incremental && context.techniques.merge_same_objects {
            self.children_incremental(depth, context, filter, out);
        } else {
            self.children_scan(depth, context, filter, out);
        }
        if context.techniques.lookahead && context.techniques.goal_pruning {
            self.drop_doomed(context.length - depth, context, filter, out);
        }
    }

    /// Drops the moves after which a goal would be out of reach one move
    /// later: when a goal needs one move fewer than are left but every
    /// move serving it must pass its aim G (a goal point, a goal circle's
    /// centre), a move that does not pass G leaves the child tight, and the
    /// child's next move must pass G. If no pair of points drawn so far
    /// gives an object through G, such a child has no move unless one of
    /// its new points P does: with an old point Q, on the line QG, on the
    /// circle about Q through G, or on the perpendicular bisector of QG;
    /// or with another new point P', |PP'| = |PG|, or (M a circle) the
    /// chord PP' through G. The first three are the
    /// spots (those curves met with every object drawn, once per node); a
    /// child's new points are looked up among them instead of being drawn.
    /// Sound because every test is looser than the child's own
    /// (docs/solver.md, "Lookahead").
    fn drop_doomed(
        &self,
        remaining: usize,
        context: &Context,
        filter: &mut Filter,
        choices: &mut Vec<Choice>,
    ) {
        if remaining < 3 || choices.is_empty() {
            return;
        }
        let prerequisites = context.techniques.prerequisites;
        let slack = SPOT_REACH * self.scale();
        for target in &self.targets {
            let Some((aim, needs)) = target.aim(prerequisites) else {
                continue;
            };
            // With one move to spare, a move off the aim leaves the child
            // tight; with none, every move passes the aim (the filter says
            // so) and the child is tight again, needing a second object
            // through it.
            let tight = needs == remaining;
            if needs + 1 != remaining && !tight {
                continue;
            }
            let drawable = &mut filter.drawable;
            self.drawable_through(aim, slack, drawable);
            if drawable.len() > 1 || (!tight && !drawable.is_empty()) {
                continue;
            }
            // Many moves: the spots, once per node; few: each new point
            // against every point.
            let by_spots = choices.len() > SPOTS_FROM;
            if by_spots {
                self.spots_for(aim, slack, &mut filter.spots, &mut filter.known);
            } else {
                offsets_from(&self.points, aim, &mut filter.relative);
            }
            let near = if by_spots {
                Near::Spots {
                    spots: &filter.spots,
                    known: &filter.known,
                }
            } else {
                Near::Points(&filter.relative)
            };
            let (fresh, drawable) = (&mut filter.fresh, &filter.drawable);
            choices.retain(|choice| {
                let through = choice.object.contains(aim);
                (through && !tight)
                    || drawable.iter().any(|object| !object.same(&choice.object))
                    || self.enables(choice, aim, &near, slack, fresh)
            });
        }
    }

    /// Up to two objects through `aim` (distinct, not drawn yet) that a
    /// pair of points drawn so far gives, each found with a tolerance wider
    /// than the moves' own tests.
    fn drawable_through(&self, aim: Point, slack: f64, found: &mut Vec<Object>) {
        found.clear();
        let mut offer = |object: Result<Object, Degenerate>| {
            if let Ok(object) = object {
                if !found
                    .iter()
                    .chain(&self.objects)
                    .any(|known| known.same(&object))
                {
                    found.push(object);
                }
            }
            found.len() > 1
        };
        for (b, &point_b) in self.points.iter().enumerate() {
            let to_b = point_b - aim;
            let b_length = to_b.norm();
            for &point_a in &self.points[..b] {
                let to_a = point_a - aim;
                let length = (to_b - to_a).norm();
                // A line through a and b passes the aim when the offsets are
                // parallel; a circle about a through b when |a − aim| =
                // |a − b|; about b through a when |b − aim| = |a − b|.
                if (to_a.cross(to_b).abs() <= slack * length
                    && offer(draw_object(Draw::Line, point_a, point_b)))
                    || ((to_a.norm() - length).abs() <= slack
                        && offer(draw_object(Draw::Circle, point_a, point_b)))
                    || ((b_length - length).abs() <= slack
                        && offer(draw_object(Draw::Circle, point_b, point_a)))
                {
                    return;
                }
            }
        }
    }

    /// The spots of `aim` (see `drop_doomed`), and the points drawn, each
    /// indexed for look-ups within `slack` and more.
    fn spots_for(&self, aim: Point, slack: f64, spots: &mut Spots, known: &mut Spots) {
        spots.clear(slack / WIDE_SINE);
        for &point in &self.points {
            let Ok(through) = Line::through(point, aim) else {
                continue;
            };
            let bisector = Line {
                origin: (point + aim) * 0.5,
                direction: through.direction.perp(),
                extent: Extent::Full,
            };
            let Ok(about) = Circle::through(point, aim) else {
                continue;
            };
            for curve in [
                Object::Line(through),
                Object::Line(bisector),
                Object::Circle(about),
            ] {
                for object in &self.objects {
                    let Ok(found) = meet(&curve, object) else {
                        continue;
                    };
                    // Beyond a segment or ray there are no points to make.
                    for at in found.points().filter(|at| object.covers(*at)) {
                        let sine = crossing_sine(&curve, object, at).max(MIN_SINE);
                        spots.push(Spot {
                            at,
                            reach: slack / sine,
                        });
                    }
                }
            }
        }
        // The curves pass through their own Q, so there are spots on points
        // already drawn: a child's point there is no new point, and is
        // looked up here first.
        known.clear(slack);
        for &point in &self.points {
            known.push(Spot {
                at: point,
                reach: slack,
            });
        }
        known.index();
        spots.index();
    }

    /// Whether drawing `choice` makes a point from which an object through
    /// `aim` can be drawn (see `drop_doomed`).
    fn enables(
        &self,
        choice: &Choice,
        aim: Point,
        near: &Near,
        slack: f64,
        fresh: &mut Vec<(Point, f64)>,
    ) -> bool {
        let agree = |a: f64, b: f64| (a - b) * (a - b) <= 2.0 * slack * slack * (a + b);
        // Only an object not drawn yet is a move.
        let new =
            |object: Result<Object, Degenerate>| object.is_ok_and(|object| !self.is_drawn(&object));
        fresh.clear();
        for object in &self.objects {
            let Ok(found) = meet(&choice.object, object) else {
                continue;
            };
            for point in found.points() {
                let offset = point - aim;
                let to_aim = offset.dot(offset);
                match near {
                    Near::Spots { spots, known } => {
                        if known.near(point) {
                            continue;
                        }
                        if spots.near(point) {
                            return true;
                        }
                    }
                    Near::Points(relative) => {
                        let same = |&(other, _): &(Point, f64)| {
                            let between = offset - other;
                            between.dot(between) <= slack * slack
                        };
                        if relative.iter().any(same) {
                            continue;
                        }
                        for (&(other, other_to_aim), &old) in relative.iter().zip(&self.points) {
                            let between = offset - other;
                            let length = between.dot(between);
                            let cross = offset.cross(other);
                            if (cross * cross <= slack * slack * length
                                && new(draw_object(Draw::Line, point, old)))
                                || (agree(other_to_aim, length)
                                    && new(draw_object(Draw::Circle, old, point)))
                                || (agree(to_aim, length)
                                    && new(draw_object(Draw::Circle, point, old)))
                            {
                                return true;
                            }
                        }
                    }
                }
                fresh.push((point, to_aim));
            }
        }
        // Two new points: a circle about one through the other passes the
        // aim when both distances agree (squared, with a looser tolerance
        // than |a − b| <= slack implies); the line through both is the
        // move itself when it is a line, a chord when it is a circle.
        let chords = matches!(choice.object, Object::Circle(_));
        for (index, &(first, first_to_aim)) in fresh.iter().enumerate() {
            for &(second, second_to_aim) in &fresh[index + 1..] {
                let length = (first - second).dot(first - second);
                if length <= slack * slack {
                    // One point made twice (the move passes a point of two
                    // objects): no pair.
                    continue;
                }
                if agree(first_to_aim, length) || agree(second_to_aim, length) {
                    return true;
                }
                let cross = (first - aim).cross(second - aim);
                if chords
                    && cross * cross <= slack * slack * length
                    && new(draw_object(Draw::Line, first, second))
                {
                    return true;
                }
            }
        }
        false
    }

    /// The size of the figure, for tolerances that must not depend on where
    /// it is drawn or how large.
    fn scale(&self) -> f64 {
        self.points
            .iter()
            .map(|point| point.x.abs().max(point.y.abs()))
            .fold(1.0, f64::max)
    }

    /// The first search: every pair of points, every node.
    fn children_scan(
        &self,
        depth: usize,
        context: &Context,
        filter: &Filter,
        choices: &mut Vec<Choice>,
    ) {
        let techniques = context.techniques;
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let mut tried = KeySet::default();
        let count = self.points.len();
        let mut consider = |draw: Draw, a: usize, b: usize, choices: &mut Vec<Choice>| {
            if !self.pretest(filter, draw, a, b) {
                return;
            }
            let Some(choice) = self.build(draw, a, b) else {
                return;
            };
            if !self.admits(filter, &choice) {
                return;
            }
            if techniques.merge_same_objects && !tried.insert(choice.key) {
                return;
            }
            if self.is_drawn(&choice.object) {
                return;
            }
            // Partial-order reduction: could this object have been drawn
            // before a later-sorting one? Then that order is explored instead.
            if let Some(floor) = reorderable.filter(|_| context.reorder()) {
                let made = (self.made_at[a].max(self.made_at[b]) as usize).max(floor);
                for step in made..depth {
                    if self.keys[self.setup + step] > choice.key {
                        return;
                    }
                }
            }
            choices.push(choice);
        };
        let within_cost = self.within_cost(depth, context, 1);
        for a in 0..count {
            for b in 0..count {
                if a == b || !within_cost {
                    continue;
                }
                if lines && a < b {
                    consider(Draw::Line, a, b, choices);
                }
                if circles {
                    consider(Draw::Circle, a, b, choices);
                }
            }
        }
        if context.tools {
            self.children_tools(depth, context, filter, &mut tried, choices);
        }
    }

    /// Whether an object equal to this one is on the page already.
    fn is_drawn(&self, object: &Object) -> bool {
        self.objects.iter().any(|existing| existing.same(object))
    }

    /// With an exact cost (the E count with L-tools), whether a move of
    /// this cost leaves a cost the remaining moves can still make: each
    /// costs from one to the dearest tool.
    fn within_cost(&self, depth: usize, context: &Context, cost: usize) -> bool {
        let Some(limit) = context.cost_limit else {
            return true;
        };
        let dearest = if context.tools {
            context.problem.dearest_tool().unwrap_or(1)
        } else {
            1
        };
        let after = context.length - depth - 1;
        let spent = self.cost + cost;
        spent + after <= limit && limit <= spent + after * dearest
    }

    /// Candidate lists kept level by level: a node inherits every earlier
    /// level's candidates that sort after the objects drawn since (the same
    /// reduction as `children_scan`), and computes only the moves using its
    /// own new points. Where few moves can pass the filter (and at the last
    /// move), no level is built: the levels not built yet are read pair by
    /// pair, each pair tested before its object is built.
    fn children_incremental(
        &mut self,
        depth: usize,
        context: &Context,
        filter: &mut Filter,
        choices: &mut Vec<Choice>,
    ) {
        let restrictive =
            !filter.pass.is_empty() || filter.only_goal_objects || !filter.cover.is_empty();
        let pair_by_pair = context.length - depth == 1 || restrictive;
        // Levels not built yet: this node's, and its ancestors' if they were
        // read pair by pair too.
        let built = if pair_by_pair {
            self.level_start.len().min(depth + 1)
        } else {
            while self.level_start.len() <= depth {
                self.build_level(context);
            }
            depth + 1
        };
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let floor = reorderable.filter(|_| context.reorder());
        // Level t's candidates must sort after every object drawn by moves
        // t+1 … depth that lie in the reorderable part; the others are
        // excluded one by one.
        filter.thresholds.clear();
        filter.thresholds.resize(depth + 1, None);
        let mut threshold: Option<u64> = None;
        for level in (0..depth).rev() {
            // Move index `level` (0-based) is move level+1.
            if floor.is_some_and(|floor| level >= floor) {
                let key = self.keys[self.setup + level];
                threshold = Some(threshold.map_or(key, |limit| limit.max(key)));
            }
            filter.thresholds[level] = threshold;
        }
        let filter = &*filter;
        // Older levels first, as the scan takes older points first.
        for level in 0..built {
            let candidates = level_range(&self.level_start, level, self.arena.len());
            let limit = filter.thresholds[level];
            let unchecked = |key: u64| {
                (level..depth)
                    .filter(|&step| floor.is_none_or(|floor| step < floor))
                    .any(|step| self.keys[self.setup + step] == key)
            };
            let mut consider = |choice: &Choice| {
                let allowed = match choice.draw {
                    Draw::Line => lines,
                    Draw::Circle => circles,
                    Draw::Tool(_) => false,
                };
                if allowed
                    && choice.marks & filter.marks == filter.marks
                    && limit.is_none_or(|limit| choice.key > limit)
                    && self.admits(filter, choice)
                    && !unchecked(choice.key)
                {
                    choices.push(*choice);
                }
            };
            if filter.marks != 0 && filter.indexed {
                let marked = level_range(&self.marked_start, level, self.marked.len());
                for &position in &self.marked[marked] {
                    consider(&self.arena[position as usize]);
                }
            } else {
                for choice in &self.arena[candidates] {
                    consider(choice);
                }
            }
        }
        if built > depth {
            return;
        }
        let first_new = self.level_points[built];
        if filter.pass.len() == 1 {
            self.offer_through(filter, first_new, lines, circles, choices);
        } else if filter.only_goal_objects {
            self.offer_goal_objects(filter, first_new, lines, circles, choices);
        } else {
            for b in first_new..self.points.len() {
                for a in 0..b {
                    if lines {
                        self.offer(filter, Draw::Line, a, b, choices);
                    }
                    if circles {
                        self.offer(filter, Draw::Circle, a, b, choices);
                        self.offer(filter, Draw::Circle, b, a, choices);
                    }
                }
            }
        }
    }

    /// The new pairs' moves when the next move must draw a goal line or
    /// circle: only pairs of points on a goal line, or a goal circle's
    /// centre with a point on it, can (the filter's own test, `pretest`),
    /// so those pairs are listed from the points on each goal, O(points)
    /// instead of O(points²), and offered in the order the pair loop
    /// takes them (newer point, older point, line before circles).
    fn offer_goal_objects(
        &mut self,
        filter: &Filter,
        first_new: usize,
        lines: bool,
        circles: bool,
        choices: &mut Vec<Choice>,
    ) {
        let mut pairs = std::mem::take(&mut self.goal_pairs);
        pairs.clear();
        let mut on = Vec::new();
        let mut centres = Vec::new();
        for goal in &filter.goal_objects {
            on.clear();
            match goal {
                Object::Line(line) if lines => {
                    on.extend(
                        (0..self.points.len())
                            .filter(|&index| line.distance_to(self.points[index]) < EPS),
                    );
                    for (position, &b) in on.iter().enumerate() {
                        if b >= first_new {
                            pairs.extend(on[..position].iter().map(|&a| (b, a, THROUGH_LINE)));
                        }
                    }
                }
                Object::Circle(circle) if circles => {
                    centres.clear();
                    for (index, point) in self.points.iter().enumerate() {
                        if circle.center.same(*point) {
                            centres.push(index);
                        }
                        if (circle.center.dist(*point) - circle.radius).abs() < EPS {
                            on.push(index);
                        }
                    }
                    for &centre in &centres {
                        for &other in &on {
                            let pair = match centre.cmp(&other) {
                                // Pairs are (newer, older): the centre is
                                // the older point, or the newer one.
                                std::cmp::Ordering::Less => (other, centre, ABOUT_FIRST),
                                std::cmp::Ordering::Greater => (centre, other, ABOUT_SECOND),
                                std::cmp::Ordering::Equal => continue,
                            };
                            if pair.0 >= first_new {
                                pairs.push(pair);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        for &(b, a, kind) in &pairs {
            // The kinds sort as the pair loop offers them: the line, the
            // circle about the older point, the circle about the newer.
            match kind {
                THROUGH_LINE => self.offer(filter, Draw::Line, a, b, choices),
                ABOUT_FIRST => self.offer(filter, Draw::Circle, a, b, choices),
                _ => self.offer(filter, Draw::Circle, b, a, choices),
            }
        }
        self.goal_pairs = pairs;
    }

    /// The new pairs' moves through the filter's one point G, tested on the
    /// points' offsets from G computed once per node: a line through a and
    /// b passes G when cross(a − G, b − G) vanishes, a circle about a through
    /// b when |a − G|² = |a − b|² — a few multiplications per pair for all
    /// three moves, where each pair is rejected.
    fn offer_through(
        &mut self,
        filter: &Filter,
        first_new: usize,
        lines: bool,
        circles: bool,
        choices: &mut Vec<Choice>,
    ) {
        let aim = filter.pass[0];
        let mut offsets = std::mem::take(&mut self.offsets);
        offsets.fill(&self.points, aim);
        for b in first_new..self.points.len() {
            // First every pair's three tests, branch-free, then the few
            // pairs that pass.
            if !offsets.test_pairs(b, lines, circles) {
                continue;
            }
            for (a, &hits) in offsets.hits.iter().enumerate() {
                if hits & THROUGH_LINE != 0 {
                    self.offer(filter, Draw::Line, a, b, choices);
                }
                if hits & ABOUT_FIRST != 0 {
                    self.offer(filter, Draw::Circle, a, b, choices);
                }
                if hits & ABOUT_SECOND != 0 {
                    self.offer(filter, Draw::Circle, b, a, choices);
                }
            }
        }
        self.offsets = offsets;
    }

    /// The filter's cheap tests on a pair of points, before any object is
    /// built: most pairs fail here.
    fn pretest(&self, filter: &Filter, draw: Draw, a: usize, b: usize) -> bool {
        if !self.covers(filter, a as u32, b as u32) {
            return false;
        }
        let (pa, pb) = (self.points[a], self.points[b]);
        // No square root unless a pair is close to passing.
        let through = |point: Point| match draw {
            Draw::Tool(_) => true,
            Draw::Line => {
                let direction = pb - pa;
                let cross = direction.cross(point - pa);
                cross * cross < EPS * EPS * direction.dot(direction)
            }
            Draw::Circle => {
                let (to_point, to_b) = (point - pa, pb - pa);
                let (far, near) = (to_point.dot(to_point), to_b.dot(to_b));
                (far - near).abs() <= 1e-6 * (far + near + 1.0)
                    && (far.sqrt() - near.sqrt()).abs() < EPS
            }
        };
        if !filter.pass.iter().all(|point| through(*point)) {
            return false;
        }
        if filter.only_goal_objects {
            let could_be = |goal: &Object| match (goal, draw) {
                (Object::Line(line), Draw::Line) => {
                    line.distance_to(pa) < EPS && line.distance_to(pb) < EPS
                }
                (Object::Circle(circle), Draw::Circle) => {
                    circle.center.same(pa) && (circle.center.dist(pb) - circle.radius).abs() < EPS
                }
                _ => false,
            };
            if !filter.goal_objects.iter().any(could_be) {
                return false;
            }
        }
        true
    }

    /// A move from a pair of points of a level not built, if it passes the
    /// filter and its level's threshold and is not an object drawn or listed
    /// already.
    fn offer(&self, filter: &Filter, draw: Draw, a: usize, b: usize, choices: &mut Vec<Choice>) {
        if (draw == Draw::Line && self.on_one_drawn_line(a, b)) || !self.pretest(filter, draw, a, b)
        {
            return;
        }
        let Some(choice) = self.build(draw, a, b) else {
            return;
        };
        // The move belongs to the level of its newer point (the one the
        // reduction's threshold is kept for).
        let level = self.made_at[a.max(b)] as usize;
        let limit = filter.thresholds.get(level).copied().flatten();
        if limit.is_none_or(|limit| choice.key > limit)
            && self.admits(filter, &choice)
            && !self.keys.contains(&choice.key)
            && !self.live.contains(&choice.key)
        {
            choices.push(choice);
        }
    }

    /// The candidate moves using a point made by one move (or the starting
    /// points), each object once over all levels.
    fn build_level(&mut self, context: &Context) {
        let level = self.level_start.len();
        self.level_start.push(self.arena.len());
        self.marked_start.push(self.marked.len());
        let (lines, circles) = (context.any_lines, context.any_circles);
        for b in level_range(&self.level_points, level, self.points.len()) {
            for a in 0..b {
                if lines {
                    self.push_candidate(Draw::Line, a, b);
                }
                if circles {
                    self.push_candidate(Draw::Circle, a, b);
                    self.push_candidate(Draw::Circle, b, a);
                }
            }
        }
    }

    fn push_candidate(&mut self, draw: Draw, a: usize, b: usize) {
        if draw == Draw::Line && self.on_one_drawn_line(a, b) {
            return;
        }
        if let Some(choice) = self.build(draw, a, b) {
            // Each object once over all levels (the oldest level's, whose
            // reduction is the exact one).
            if !self.keys.contains(&choice.key) && self.live.insert(choice.key) {
                if choice.marks != 0 {
                    self.marked.push(self.arena.len() as u32);
                }
                self.arena.push(choice);
            }
        }
    }

    /// Whether two points were both made on one full line already drawn
    /// (or set up): the line through them is that line, no move. An
    /// integer test on the points' origins, so such pairs (every pair on a
    /// line that many objects cross) are not built to be turned away.
    fn on_one_drawn_line(&self, a: usize, b: usize) -> bool {
        let parents = |point: usize| match self.origins[point] {
            PointRef::Meet { first, second, .. } => [first, second],
            PointRef::Given(_) => [usize::MAX; 2],
        };
        let theirs = parents(b);
        parents(a).into_iter().any(|object| {
            object != usize::MAX
                && theirs.contains(&object)
                && matches!(self.objects[object], Object::Line(line) if line.extent.is_full())
        })
    }

    fn build(&self, draw: Draw, a: usize, b: usize) -> Option<Choice> {
        let (pa, pb) = (self.points[a], self.points[b]);
        let object = draw_object(draw, pa, pb).ok()?;
        Some(Choice {
            draw,
            a: a as u32,
            b: b as u32,
            c: a as u32,
            line: 0,
            object,
            key: object_key(&object),
            marks: self.marks(&object),
        })
    }

    /// Which aims an object passes (bit i: `aims[i]`), and whether it is a
    /// goal object.
    fn marks(&self, object: &Object) -> u16 {
        let mut marks = 0;
        for (bit, aim) in self.aims.iter().enumerate() {
            if object.contains(*aim) {
                marks |= 1 << bit;
            }
        }
        if self
            .targets
            .iter()
            .any(|target| target.is_object() && target.served_by(object))
        {
            marks |= GOAL_OBJECT;
        }
        marks
    }

    /// An L-tool move with its object already drawn (`DrawStep` gives the
    /// operands' roles).
    fn tool_choice(&self, tool: Tool, operands: [usize; 4], object: Object) -> Choice {
        let [a, b, c, line] = operands;
        let marks = self.marks(&object);
        Choice {
            draw: Draw::Tool(tool),
            a: a as u32,
            b: b as u32,
            c: c as u32,
            line: line as u32,
            object,
            key: object_key(&object),
            marks,
        }
    }

    /// The L-tool moves the mask allows at this depth, tested like the
    /// pairs of `children_scan`: objects are drawn straight from the points
    /// (unit vectors from each vertex and the pairs' distances computed once
    /// per node), and the filter's passing points and goal objects are
    /// checked before a move is marked and keyed (docs/language.md, "The
    /// L-tools").
    fn children_tools(
        &self,
        depth: usize,
        context: &Context,
        filter: &Filter,
        tried: &mut KeySet,
        choices: &mut Vec<Choice>,
    ) {
        let count = self.points.len();
        let points = &self.points;
        let mut consider = |tool: Tool,
                            operands: [usize; 4],
                            object: Option<Object>,
                            choices: &mut Vec<Choice>| {
            let Some(object) = object else { return };
            if !filter.pass.iter().all(|point| object.contains(*point)) {
                return;
            }
            if filter.only_goal_objects
                && !filter.goal_objects.iter().any(|goal| object.reaches(goal))
            {
                return;
            }
            let choice = self.tool_choice(tool, operands, object);
            if !self.admits(filter, &choice) || !tried.insert(choice.key) {
                return;
            }
            if self.is_drawn(&choice.object) {
                return;
            }
            choices.push(choice);
        };
        let mut distances: Vec<f64> = Vec::new();
        let mut units: Vec<Option<Point>> = Vec::new();
        // When the move must be a goal object: only tools of its kind, and
        // the compass only about a goal circle's centre, the angle bisector
        // only at a vertex on a goal line.
        let goal_lines: Vec<Line> = filter
            .goal_objects
            .iter()
            .filter_map(|goal| match goal {
                Object::Line(line) => Some(*line),
                Object::Circle(_) => None,
            })
            .collect();
        let goal_centers: Vec<Point> = filter
            .goal_objects
            .iter()
            .filter_map(|goal| match goal {
                Object::Circle(circle) => Some(circle.center),
                Object::Line(_) => None,
            })
            .collect();
        let only_goals = filter.only_goal_objects;
        for &tool in &context.problem.tools {
            if !allowed_at(context.mask, depth, context.length, Draw::Tool(tool))
                || !self.within_cost(depth, context, tool.e_cost())
            {
                continue;
            }
            if only_goals
                && (if tool.draws_line() {
                    goal_lines.is_empty()
                } else {
                    goal_centers.is_empty()
                })
            {
                continue;
            }
            match tool {
                Tool::PerpBisector => {
                    for a in 0..count {
                        for b in a + 1..count {
                            // A point it passes is as far from both ends.
                            let equidistant = |point: &Point| {
                                (point.dist(points[a]) - point.dist(points[b])).abs() < EPS
                            };
                            if !filter.pass.iter().all(equidistant) {
                                continue;
                            }
                            let object = Line::perp_bisector(points[a], points[b])
                                .ok()
                                .map(Object::Line);
                            consider(tool, [a, b, a, 0], object, choices);
                        }
                    }
                }
                Tool::Perpendicular | Tool::Parallel => {
                    for line in 0..self.objects.len() {
                        let Object::Line(base) = self.objects[line] else {
                            continue;
                        };
                        for (a, point) in points.iter().enumerate() {
                            let object = if tool == Tool::Perpendicular {
                                base.perpendicular(*point)
                            } else {
                                base.parallel(*point)
                            };
                            consider(
                                tool,
                                [a, a, a, line],
                                object.ok().map(Object::Line),
                                choices,
                            );
                        }
                    }
                }
                Tool::AngleBisector => {
                    for vertex in 0..count {
                        if only_goals
                            && !goal_lines
                                .iter()
                                .any(|line| line.distance_to(points[vertex]) < EPS)
                        {
                            continue;
                        }
                        units.clear();
                        units.extend(points.iter().map(|point| {
                            let offset = *point - points[vertex];
                            let length = offset.norm();
                            (length >= EPS).then(|| offset * (1.0 / length))
                        }));
                        for (a, unit_a) in units.iter().enumerate() {
                            let Some(unit_a) = *unit_a else { continue };
                            for (b, unit_b) in units.iter().enumerate().skip(a + 1) {
                                let Some(unit_b) = *unit_b else { continue };
                                let sum = unit_a + unit_b;
                                let direction = if sum.norm() < 1e-9 {
                                    unit_a.perp()
                                } else {
                                    sum
                                };
                                let length = direction.norm();
                                let object = Object::Line(Line {
                                    origin: points[vertex],
                                    direction: direction * (1.0 / length),
                                    extent: Extent::Full,
                                });
                                consider(tool, [a, vertex, b, 0], Some(object), choices);
                            }
                        }
                    }
                }
                Tool::Compass => {
                    if distances.is_empty() {
                        distances.extend(
                            (0..count * count).map(|k| points[k / count].dist(points[k % count])),
                        );
                    }
                    for (center, at) in points.iter().enumerate() {
                        if only_goals && !goal_centers.iter().any(|goal| goal.same(*at)) {
                            continue;
                        }
                        for a in 0..count {
                            for b in a + 1..count {
                                let radius = distances[a * count + b];
                                // About an end of the radius it is a plain circle.
                                if center == a || center == b || radius < EPS {
                                    continue;
                                }
                                let object = Object::Circle(Circle {
                                    center: points[center],
                                    radius,
                                });
                                consider(tool, [center, a, b, 0], Some(object), choices);
                            }
                        }
                    }
                }
            }
        }
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
        let Ok(found) = meet(&a, &b) else {
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
            // Two lines meet once; tangent points are not robust, so only
            // line pairs give single points.
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

/// Each point's offset from an aim and its squared length, one array per
/// coordinate so that the pair tests of `offer_through` run in vector
/// registers, and the tests' results for one point against the points
/// before it.
#[derive(Clone, Default)]
struct Offsets {
    x: Vec<f64>,
    y: Vec<f64>,
    squared: Vec<f64>,
    hits: Vec<u8>,
}

/// A pair's line passes the aim.
const THROUGH_LINE: u8 = 1;
/// The circle about the pair's first point through the second does.
const ABOUT_FIRST: u8 = 2;
/// The circle about the second point through the first does.
const ABOUT_SECOND: u8 = 4;

impl Offsets {
    fn fill(&mut self, points: &[Point], aim: Point) {
        self.x.clear();
        self.y.clear();
        self.squared.clear();
        for point in points {
            let offset = *point - aim;
            self.x.push(offset.x);
            self.y.push(offset.y);
            self.squared.push(offset.dot(offset));
        }
    }

    /// Which moves from point `b` and each earlier point pass the aim: a
    /// line through a and b when cross(a − G, b − G) vanishes, a circle
    /// about a through b when |a − G|² = |a − b|², about b through a when
    /// |b − G|² = |a − b|². Most rows have no pair that passes, so a first
    /// pass only folds every test's margin into a minimum (vector
    /// instructions, no branches); rows with a hit are tested pair by pair
    /// into `hits`. Returns whether there is one.
    fn test_pairs(&mut self, b: usize, lines: bool, circles: bool) -> bool {
        let (bx, by, b_squared) = (self.x[b], self.y[b], self.squared[b]);
        let (x, y, squared) = (&self.x[..b], &self.y[..b], &self.squared[..b]);
        // Each test as a margin that is negative when it passes, written
        // with dot(a, b) and cross(a, b) of the offsets: |a − b|² is
        // |a|² + |b|² − 2 dot, so |a|² − |a − b|² = 2 dot − |b|² and
        // |b|² − |a − b|² = 2 dot − |a|². The tolerances are looser than
        // `pretest`'s (|a − b|² ≤ 2 (|a|² + |b|²)), which decides.
        let margins = |ax: f64, ay: f64, a_squared: f64| {
            let dot = ax * bx + ay * by;
            let cross = ax * by - ay * bx;
            let size = a_squared + b_squared + 1.0;
            let twice = dot + dot;
            [
                cross * cross - 2.0 * EPS * EPS * size,
                (twice - b_squared).abs() - 4e-6 * size,
                (twice - a_squared).abs() - 4e-6 * size,
            ]
        };
        let smaller = |a: f64, b: f64| if a < b { a } else { b };
        // Four lanes, so that the minimum need not be taken in order (a
        // floating-point fold is not reordered by the compiler), over
        // chunks of four, which the compiler turns into vector operations.
        let mut lanes = [f64::INFINITY; 4];
        // A kind not drawn here never passes: its margin is raised to +∞.
        let larger = |a: f64, b: f64| if a > b { a } else { b };
        let floor = |drawn: bool| {
            if drawn {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        };
        let (line_floor, circle_floor) = (floor(lines), floor(circles));
        let margin = |ax: f64, ay: f64, a_squared: f64| {
            let [line, first, second] = margins(ax, ay, a_squared);
            smaller(
                larger(line, line_floor),
                larger(smaller(first, second), circle_floor),
            )
        };
        let chunks = x
            .chunks_exact(4)
            .zip(y.chunks_exact(4))
            .zip(squared.chunks_exact(4));
        for ((xs, ys), squares) in chunks {
            for lane in 0..4 {
                lanes[lane] = smaller(lanes[lane], margin(xs[lane], ys[lane], squares[lane]));
            }
        }
        for index in b - b % 4..b {
            lanes[0] = smaller(lanes[0], margin(x[index], y[index], squared[index]));
        }
        let least = smaller(smaller(lanes[0], lanes[1]), smaller(lanes[2], lanes[3]));
        if least.is_nan() || least > 0.0 {
            return false;
        }
        self.hits.clear();
        self.hits.extend(
            x.iter()
                .zip(y)
                .zip(squared)
                .map(|((&ax, &ay), &a_squared)| {
                    let [line, first, second] = margins(ax, ay, a_squared);
                    let mut hits = 0;
                    if lines && line < 0.0 {
                        hits |= THROUGH_LINE;
                    }
                    if circles && first <= 0.0 {
                        hits |= ABOUT_FIRST;
                    }
                    if circles && second <= 0.0 {
                        hits |= ABOUT_SECOND;
                    }
                    hits
                }),
        );
        true
    }
}

/// The object a move draws from two points: the line through them, or the
/// circle about the first through the second (L-tools are built apart).
fn draw_object(draw: Draw, a: Point, b: Point) -> Result<Object, Degenerate> {
    match draw {
        Draw::Line => Line::through(a, b).map(Object::Line),
        Draw::Circle => Circle::through(a, b).map(Object::Circle),
        Draw::Tool(_) => Err(Degenerate::SamePoints),
    }
}

/// Each point's offset from `aim` and its squared length, into `out`.
fn offsets_from(points: &[Point], aim: Point, out: &mut Vec<(Point, f64)>) {
    out.clear();
    out.extend(points.iter().map(|point| {
        let offset = *point - aim;
        (offset, offset.dot(offset))
    }));
}

/// The sine of the angle at which two objects cross at `at` (1 when
/// square, 0 when they touch).
fn crossing_sine(first: &Object, second: &Object, at: Point) -> f64 {
    let tangent = |object: &Object| match object {
        Object::Line(line) => line.direction,
        Object::Circle(circle) => (at - circle.center).perp() * (1.0 / circle.radius),
    };
    tangent(first).cross(tangent(second)).abs()
}

/// The entries of one level in a list split by level starts.
fn level_range(starts: &[usize], level: usize, total: usize) -> std::ops::Range<usize> {
    starts[level]..starts.get(level + 1).copied().unwrap_or(total)
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
            // A segment or ray differs from the full line over it (drawing
            // that line is a move); segments and rays are only setup objects,
            // which are never drawn again, so the kind alone tells them apart.
            let kind = match line.extent {
                Extent::Full => 1,
                Extent::Ray => 3,
                Extent::Segment(_) => 4,
            };
            mix(&[
                kind,
                quantize(normal.x),
                quantize(normal.y),
                quantize(offset),
            ])
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
