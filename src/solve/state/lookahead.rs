//! The lookahead: moves after which a goal point would have no object
//! through it to draw next are dropped before they are drawn
//! (docs/solver.md, "Lookahead").

use super::super::context::Context;
use super::super::mask::Draw;
use super::super::spots::{Spot, Spots};
use super::bounds::Filter;
use super::candidates::draw_object;
use super::{Choice, State};
use crate::geom::{meet, Circle, Degenerate, Extent, Line, Object, Point};

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
    Spots(&'a Spots),
    Points(&'a [(Point, f64)]),
}

impl State {
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
    pub(super) fn drop_doomed(
        &self,
        remaining: usize,
        context: &Context,
        filter: &mut Filter,
        choices: &mut Vec<Choice>,
    ) {
        let from = if context.techniques.lookahead_at_two {
            2
        } else {
            3
        };
        if remaining < from || choices.is_empty() {
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
                self.spots_for(aim, slack, &mut filter.spots);
            } else {
                offsets_from(&self.points, aim, &mut filter.relative);
            }
            let near = if by_spots {
                Near::Spots(&filter.spots)
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

    /// The spots of `aim` (see `drop_doomed`), indexed for look-ups within
    /// `slack` and more. A curve's spot on its own Q (the line QG meets the
    /// objects through Q there) is left out: a move's point there is no
    /// new point. No other spot lies on a point drawn unless an object
    /// through the aim is drawable already (Q' on the line QG, on the
    /// circle about Q through G, or on the bisector of QG each gives one),
    /// and where one is the lookahead asks only of that object; a point
    /// drawn that a spot still reaches only keeps a move (docs/solver.md,
    /// "Lookahead").
    fn spots_for(&self, aim: Point, slack: f64, spots: &mut Spots) {
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
            // A point on the line QG or the circle about Q through G gives
            // that object with Q: none where it is drawn already (the
            // goal on a drawn line), and its spots would be every point
            // on it.
            for (curve, gives_itself) in [
                (Object::Line(through), true),
                (Object::Line(bisector), false),
                (Object::Circle(about), true),
            ] {
                if gives_itself && self.is_drawn(&curve) {
                    continue;
                }
                for object in &self.objects {
                    let Ok(found) = meet(&curve, object) else {
                        continue;
                    };
                    // Beyond a segment or ray there are no points to make.
                    let own = |at: &Point| (*at - point).dot(*at - point) <= slack * slack;
                    for at in found.points().filter(|at| object.covers(*at) && !own(at)) {
                        let sine = crossing_sine(&curve, object, at).max(MIN_SINE);
                        spots.push(Spot {
                            at,
                            reach: slack / sine,
                        });
                    }
                }
            }
        }
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
        // The move's own points: where it meets the objects through them
        // it makes no new point (`a`, `b` are points for lines and circles;
        // an L-tool's operands merely need not lie on it).
        let (own_a, own_b) = (
            self.points[choice.a as usize],
            self.points[choice.b as usize],
        );
        let is_own = |point: Point| {
            let (to_a, to_b) = (point - own_a, point - own_b);
            to_a.dot(to_a) <= slack * slack || to_b.dot(to_b) <= slack * slack
        };
        for object in &self.objects {
            let Ok(found) = meet(&choice.object, object) else {
                continue;
            };
            for point in found.points() {
                let offset = point - aim;
                let to_aim = offset.dot(offset);
                match near {
                    // A point drawn already is no new point (and its pairs
                    // with the move's new points are theirs); one the move
                    // passes by chance is taken as new, which only keeps
                    // moves.
                    Near::Spots(spots) => {
                        if is_own(point) {
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
