//! What the search tracks per goal: what the drawing has of it, what it
//! still needs (the lower bounds' terms) and the point a move serving it
//! must pass (docs/solver.md, "Bounds").

use crate::geom::{Circle, Line, Object, Point, EPS};
use crate::resolve::Value;

/// A lower bound meaning "never": the goal can no longer be reached.
pub(super) const NEVER: usize = usize::MAX / 4;

/// One distinct goal of the search instance and what the drawing has of it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Target {
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
    pub(super) fn new(goal: &Value) -> Option<Target> {
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

    #[inline]
    pub(super) fn same(&self, other: &Target) -> bool {
        match (self, other) {
            (Target::Point { at: a, .. }, Target::Point { at: b, .. }) => a.same(*b),
            (Target::Line { line: a, .. }, Target::Line { line: b, .. }) => a.same(b),
            (Target::Circle { circle: a, .. }, Target::Circle { circle: b, .. }) => a.same(b),
            _ => false,
        }
    }

    #[inline]
    pub(super) fn done(&self) -> bool {
        match *self {
            Target::Point { done, .. }
            | Target::Line { done, .. }
            | Target::Circle { done, .. } => done,
        }
    }

    #[inline]
    pub(super) fn is_object(&self) -> bool {
        !matches!(self, Target::Point { .. })
    }

    /// Whether drawing `object` serves this goal directly (passes through
    /// the goal point, or is the goal object).
    #[inline]
    pub(super) fn served_by(&self, object: &Object) -> bool {
        match self {
            Target::Point { at, .. } => object.contains(*at),
            Target::Line { line, .. } => object.reaches(&Object::Line(*line)),
            Target::Circle { circle, .. } => object.same(&Object::Circle(*circle)),
        }
    }

    /// Whether a goal line or circle can be drawn now: a line through two
    /// points on it, a circle from its centre through a point on it.
    #[inline]
    pub(super) fn drawable(&self) -> bool {
        match *self {
            Target::Point { .. } => false,
            Target::Line { on, .. } => on >= 2,
            Target::Circle {
                on, center_present, ..
            } => center_present && on >= 1,
        }
    }

    /// Records a drawn object.
    #[inline]
    pub(super) fn add_object(&mut self, object: &Object) {
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
    #[inline]
    pub(super) fn add_point(&mut self, point: Point) {
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
    #[inline]
    pub(super) fn aim(&self, prerequisites: bool) -> Option<(Point, usize)> {
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
    #[inline]
    pub(super) fn needs(&self, prerequisites: bool) -> usize {
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
