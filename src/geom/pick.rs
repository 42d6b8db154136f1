//! One crossing of two objects named by where it lies, not by the
//! canonical order: `other(a, b, P)` and `nearer(a, b, P)`
//! (docs/language.md, "The other crossing"); and the point where two
//! objects touch, `touch(a, b)` ("Touching objects").

use super::{meet, Circle, Degenerate, Line, Meet, Object, Point, EPS};

/// How a step takes one of two crossings without their canonical order
/// (docs/language.md, "The other crossing"): the one other than a known
/// point, or the one nearer a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pick {
    Other,
    Nearer,
}

impl Pick {
    /// The function that writes it: `other(k, l, P)`, `nearer(k, l, P)`.
    pub fn from_name(name: &str) -> Option<Pick> {
        [Pick::Other, Pick::Nearer]
            .into_iter()
            .find(|pick| pick.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Pick::Other => "other",
            Pick::Nearer => "nearer",
        }
    }
}

/// One crossing of `a` and `b`, chosen by where it lies, not by the
/// canonical order: `Pick::Other`, the crossing other than `at` (which must
/// be one of the two, within `EPS`); `Pick::Nearer`, the crossing nearer
/// `at` (the two must not be equally near). Either keeps naming the same
/// point while a dropped point moves the canonical order round.
pub fn pick_crossing(a: &Object, b: &Object, pick: Pick, at: Point) -> Result<Point, Degenerate> {
    let (p, q) = match meet(a, b)? {
        Meet::Two(p, q) => (p, q),
        Meet::One(_) => return Err(Degenerate::Tangent),
    };
    let (near, far) = if p.dist(at) <= q.dist(at) {
        (p, q)
    } else {
        (q, p)
    };
    match pick {
        Pick::Other if near.dist(at) >= EPS => Err(Degenerate::NotACrossing),
        Pick::Other => Ok(far),
        Pick::Nearer if far.dist(at) - near.dist(at) < EPS => Err(Degenerate::EquallyNear),
        Pick::Nearer => Ok(near),
    }
}

/// The point where a circle touches a line or another circle, within `EPS`
/// of the figure's size (far looser than `meet`'s test for a double point,
/// which a tangency computed from moved instances misses by rounding):
/// `touch(a, b)` (docs/language.md, "Touching objects"). Objects that cross
/// twice, or do not meet, or two lines, have no touching point.
pub fn touch_point(a: &Object, b: &Object) -> Result<Point, Degenerate> {
    let point = match (a, b) {
        (Object::Line(_), Object::Line(_)) => return Err(Degenerate::NoTouch),
        (Object::Line(line), Object::Circle(circle))
        | (Object::Circle(circle), Object::Line(line)) => line_touches(line, circle)?,
        (Object::Circle(a), Object::Circle(b)) => circles_touch(a, b)?,
    };
    if !point.is_finite() {
        return Err(Degenerate::NotFinite);
    }
    // A segment or ray touches only within its extent.
    if !(a.covers(point) && b.covers(point)) {
        return Err(Degenerate::DoNotMeet);
    }
    Ok(point)
}

fn line_touches(line: &Line, circle: &Circle) -> Result<Point, Degenerate> {
    let foot = line.project(circle.center);
    let gap = circle.center.dist(foot) - circle.radius;
    if gap.abs() < EPS {
        Ok(foot)
    } else if gap < 0.0 {
        Err(Degenerate::NoTouch)
    } else {
        Err(Degenerate::DoNotMeet)
    }
}

fn circles_touch(a: &Circle, b: &Circle) -> Result<Point, Degenerate> {
    let (distance, unit) = super::centre_line(a, b)?;
    let outside = distance - (a.radius + b.radius);
    let inside = distance - (a.radius - b.radius).abs();
    if outside.abs() < EPS {
        // Side by side: the point between the centres.
        Ok(a.center + unit * a.radius)
    } else if inside.abs() < EPS {
        // One inside the other: the point beyond the smaller one's centre.
        Ok(if a.radius >= b.radius {
            a.center + unit * a.radius
        } else {
            a.center - unit * a.radius
        })
    } else if outside > 0.0 || inside < 0.0 {
        Err(Degenerate::DoNotMeet)
    } else {
        Err(Degenerate::NoTouch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Line};

    /// `other` names the same point whichever canonical slot it takes: a
    /// circle through a point A dropped anywhere on k meets k at A and at
    /// the other crossing, in either order as A goes round.
    #[test]
    fn the_other_crossing_does_not_depend_on_the_order() {
        let k = Object::Circle(Circle::new(Point::new(0.0, 0.0), 2.0).unwrap());
        let mut slots = [false; 2];
        for step in 0..36 {
            let angle = f64::from(step) * 10f64.to_radians();
            let a = Point::new(2.0 * angle.cos(), 2.0 * angle.sin());
            let c = Object::Circle(Circle::through(Point::new(1.0, 0.5), a).unwrap());
            let Ok(Meet::Two(p, q)) = meet(&k, &c) else {
                continue;
            };
            slots[usize::from(q.same(a))] = true;
            let other = pick_crossing(&k, &c, Pick::Other, a).unwrap();
            assert!(!other.same(a) && (other.same(p) || other.same(q)));
            assert!(pick_crossing(&k, &c, Pick::Nearer, a).unwrap().same(a));
        }
        assert_eq!(slots, [true, true], "A takes both canonical slots");
        let c = Object::Circle(Circle::new(Point::new(1.0, 0.0), 2.0).unwrap());
        assert_eq!(
            pick_crossing(&k, &c, Pick::Other, Point::new(5.0, 5.0)),
            Err(Degenerate::NotACrossing)
        );
        // Two crossings equally near the centre of the line between them.
        let l = Object::Line(Line::through(Point::new(-3.0, 0.0), Point::new(3.0, 0.0)).unwrap());
        assert_eq!(
            pick_crossing(&k, &l, Pick::Nearer, Point::new(0.0, 1.0)),
            Err(Degenerate::EquallyNear)
        );
    }

    #[test]
    fn touching_points_of_circles_and_lines() {
        let circle =
            |x: f64, y: f64, r: f64| Object::Circle(Circle::new(Point::new(x, y), r).unwrap());
        let line = |ax: f64, ay: f64, bx: f64, by: f64| {
            Object::Line(Line::through(Point::new(ax, ay), Point::new(bx, by)).unwrap())
        };
        let at = |a: &Object, b: &Object| touch_point(a, b).map(|p| (p.x, p.y));
        // Side by side, and inside (either order).
        assert_eq!(
            at(&circle(0.0, 0.0, 1.0), &circle(3.0, 0.0, 2.0)),
            Ok((1.0, 0.0))
        );
        assert_eq!(
            at(&circle(0.0, 0.0, 3.0), &circle(1.0, 0.0, 2.0)),
            Ok((3.0, 0.0))
        );
        assert_eq!(
            at(&circle(1.0, 0.0, 2.0), &circle(0.0, 0.0, 3.0)),
            Ok((3.0, 0.0))
        );
        assert_eq!(
            at(&line(-1.0, 1.0, 1.0, 1.0), &circle(0.0, 0.0, 1.0)),
            Ok((0.0, 1.0))
        );
        // Off by rounding still touches; off by more crosses or misses.
        let near = circle(3.0 + 1e-12, 0.0, 2.0);
        assert!(at(&circle(0.0, 0.0, 1.0), &near).is_ok());
        assert_eq!(
            at(&circle(0.0, 0.0, 1.0), &circle(2.9, 0.0, 2.0)),
            Err(Degenerate::NoTouch)
        );
        assert_eq!(
            at(&circle(0.0, 0.0, 1.0), &circle(3.1, 0.0, 2.0)),
            Err(Degenerate::DoNotMeet)
        );
        assert_eq!(
            at(&circle(0.0, 0.0, 3.0), &circle(0.5, 0.0, 2.0)),
            Err(Degenerate::DoNotMeet)
        );
        assert_eq!(
            at(&line(0.0, 0.0, 1.0, 0.0), &line(0.0, 0.0, 0.0, 1.0)),
            Err(Degenerate::NoTouch)
        );
        assert_eq!(
            at(&circle(0.0, 0.0, 1.0), &circle(0.0, 0.0, 2.0)),
            Err(Degenerate::Concentric)
        );
    }
}
