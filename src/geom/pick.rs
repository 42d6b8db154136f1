//! One crossing of two objects named by where it lies, not by the
//! canonical order: `other(a, b, P)` and `nearer(a, b, P)`
//! (docs/language.md, "The other crossing").

use super::{meet, Degenerate, Meet, Object, Point, EPS};

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
}
