//! The lower bound at a node and the filter it implies for the next move:
//! which points it must pass, whether it must draw a goal object, which
//! idle objects it must use (docs/solver.md, "Bounds").

use super::super::construction::PointRef;
use super::super::context::Context;
use super::super::spots::Spots;
use super::target::Target;
use super::{Choice, State, GOAL_OBJECT};
use crate::geom::{meet, Object, Point};

/// What the next move must do, derived from the bounds at a node.
#[derive(Default)]
pub(in crate::solve) struct Filter {
    /// Points the next object must pass through.
    pub(super) pass: Vec<Point>,
    /// Whether the next object must be one of `goal_objects` (the goal
    /// lines and circles still missing; the list is reused between nodes).
    pub(super) only_goal_objects: bool,
    pub(super) goal_objects: Vec<Object>,
    /// Objects (indices among all objects) the next move's two points must
    /// come from, when it is the last move.
    pub(super) cover: Vec<usize>,
    /// Where no goal line or circle can be drawn yet and the next move must
    /// make one drawable (`on_goal_spots`): the ways it can, one per goal
    /// that one move can make drawable (none: the node is dead), and the
    /// goals' crossings with drawn objects they refer to.
    pub(super) must_enable: bool,
    pub(super) enablers: Vec<Enabler>,
    pub(super) crossings: Vec<Point>,
    pub(super) dead: bool,
    /// The marks every admitted move has (a superset test before `admits`),
    /// and whether they say enough to read only the marked candidates.
    pub(super) marks: u16,
    pub(super) indexed: bool,
    /// Scratch: the key each level's candidates must exceed.
    pub(super) thresholds: Vec<Option<u64>>,
    /// Scratch for the lookahead: the spots (where a new point lets an
    /// object through the aim be drawn), indexed; the points' offsets from the aim; one move's new points with their
    /// squared distances to the aim; the objects through the aim the points
    /// already give.
    pub(super) spots: Spots,
    pub(super) relative: Vec<(Point, f64)>,
    pub(super) fresh: Vec<(Point, f64)>,
    pub(super) drawable: Vec<Object>,
}

/// What one move must pass to make a goal line or circle drawable: its
/// missing centre, if any, and at least `at_least` of its crossings with
/// drawn objects (`crossings[from..to]` of the filter).
#[derive(Clone, Copy)]
pub(super) struct Enabler {
    centre: Option<Point>,
    from: u32,
    to: u32,
    at_least: u8,
}

impl State {
    /// The fewest moves that can still reach every goal.
    pub(in crate::solve) fn lower_bound(&self, context: &Context) -> usize {
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
        if objects_missing > 0 && self.no_goal_drawable(context) {
            // The next move cannot draw a goal object: one move more.
            bound = bound.max(objects_missing + 1);
        }
        if context.idle_objects() {
            // Every later move uses two points, each made by two objects:
            // four idle objects at most become useful per move.
            bound = bound.max(self.idle.div_ceil(4));
        }
        bound
    }

    /// What the next move must do, with `remaining` moves left (this one
    /// included), for the bound to stay within reach.
    pub(in crate::solve) fn filter(
        &self,
        remaining: usize,
        context: &Context,
        filter: &mut Filter,
    ) {
        filter.pass.clear();
        filter.marks = 0;
        filter.indexed = true;
        filter.only_goal_objects = false;
        filter.goal_objects.clear();
        filter.cover.clear();
        filter.must_enable = false;
        filter.enablers.clear();
        filter.crossings.clear();
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
        if objects_missing > 0 && objects_missing + 1 == remaining && self.no_goal_drawable(context)
        {
            self.on_goal_spots(filter);
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

    /// Whether no missing goal line or circle can be drawn now (a line
    /// has fewer than two points on it, a circle lacks its centre or a
    /// point on it), with `on_goal_spots` (docs/solver.md, "Goal objects
    /// not drawable yet").
    fn no_goal_drawable(&self, context: &Context) -> bool {
        let techniques = context.techniques;
        techniques.on_goal_spots
            && techniques.prerequisites
            && !self
                .targets
                .iter()
                .any(|target| target.is_object() && !target.done() && target.drawable())
    }

    /// Tight, with no missing goal line or circle drawable now and every
    /// move after the next one drawing one: the next move must make one
    /// drawable. A move's new points are its crossings with drawn objects,
    /// so a new point lies on a goal only where the goal crosses a drawn
    /// object: a line with one point on it needs the move through one of
    /// its crossings (not that point), a line with none through two (a
    /// circle, then: a line crosses it once); a circle with its centre
    /// needs one crossing, one without it the move through its centre
    /// (which one object passes already, else one move cannot make it),
    /// and a crossing too if no point is on it. With no way, the node is
    /// dead (docs/solver.md, "Goal objects not drawable yet").
    fn on_goal_spots(&self, filter: &mut Filter) {
        filter.must_enable = true;
        for target in &self.targets {
            let (goal, on, centre) = match *target {
                _ if target.done() => continue,
                Target::Line { line, on, .. } => (Object::Line(line.carrier()), on, None),
                Target::Circle {
                    circle,
                    on,
                    center_present,
                    center_hits,
                    ..
                } => {
                    if !center_present && center_hits != 1 {
                        continue;
                    }
                    let centre = (!center_present).then_some(circle.center);
                    (Object::Circle(circle), on, centre)
                }
                Target::Point { .. } => continue,
            };
            let at_least = match goal {
                Object::Line(_) => 2 - on.min(2),
                Object::Circle(_) => u8::from(on == 0),
            };
            let from = filter.crossings.len();
            if at_least > 0 {
                let known = (on > 0)
                    .then(|| self.points.iter().find(|point| goal.contains(**point)))
                    .flatten();
                for object in &self.objects {
                    let Ok(found) = meet(&goal, object) else {
                        continue;
                    };
                    for at in found.points().filter(|at| object.covers(*at)) {
                        if !known.is_some_and(|point| point.same(at)) {
                            filter.crossings.push(at);
                        }
                    }
                }
            }
            if filter.crossings.len() - from >= usize::from(at_least) {
                filter.enablers.push(Enabler {
                    centre,
                    from: from as u32,
                    to: filter.crossings.len() as u32,
                    at_least,
                });
            }
        }
        filter.dead |= filter.enablers.is_empty();
    }

    /// Whether a move makes a goal drawable in one of the filter's ways.
    fn enables_a_goal(filter: &Filter, object: &Object) -> bool {
        filter.enablers.iter().any(|way| {
            way.centre.is_none_or(|centre| object.contains(centre)) && {
                let crossings = &filter.crossings[way.from as usize..way.to as usize];
                let mut needed = way.at_least;
                needed == 0
                    || crossings.iter().any(|at| {
                        needed -= u8::from(object.contains(*at));
                        needed == 0
                    })
            }
        })
    }

    #[inline]
    pub(super) fn is_idle(&self, drawn: usize) -> bool {
        self.removable[drawn] && !self.serves[drawn] && self.uses[drawn] == 0
    }

    /// Whether a move passes the filter (before its intersections are computed).
    #[inline]
    pub(super) fn admits(&self, filter: &Filter, choice: &Choice) -> bool {
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
        if filter.must_enable && !Self::enables_a_goal(filter, &choice.object) {
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
    #[inline]
    pub(super) fn covers(&self, filter: &Filter, a: u32, b: u32) -> bool {
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
}
