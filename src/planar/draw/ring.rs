//! Scoring many places of one node against its ring of neighbours, as
//! widening and spreading do (`smooth`): how wide the triangles around the
//! node would be there, stopping as soon as the place is sure to score too
//! low (docs/planar.md, "Drawing").

#[cfg(test)]
use super::smooth::altitude_squared;
use crate::geom::Point;

/// The least sum of one over squared altitudes whose score (one over it)
/// `fails`, or infinity when none below it does. Division rounds
/// monotonically, so every sum from it on fails too: comparing the partial
/// sum with it stops the scoring as early as one division per triangle more
/// would, without those divisions (waiting for them was most of widening).
fn cut(bound: f64, fails: impl Fn(f64) -> bool) -> f64 {
    if !(bound > 0.0 && bound.is_finite()) {
        return f64::INFINITY;
    }
    let mut cut = 1.0 / bound;
    // One over `1 / bound` may round back above `bound`: up to the next
    // numbers until it fails. Below: a few numbers lower may fail too, but
    // the first filter needs only some sum that surely does.
    while cut.is_finite() && !fails(1.0 / cut) {
        cut = f64::from_bits(cut.to_bits() + 1);
    }
    cut
}

/// Whether a score of `value` fails against `bound`.
fn fails(value: f64, bound: f64, strict: bool) -> bool {
    if strict {
        value <= bound
    } else {
        value < bound
    }
}

/// How wide the triangles around a node are, `ring` its neighbours in
/// rotation order: one over the sum of one over each triangle's squared
/// smallest altitude, or −1 if one is flat or flipped. It is at most the
/// thinnest triangle's squared altitude, and unlike that minimum it grows
/// with every triangle widened, so moving one node at a time does not stall
/// where two nodes share the thinnest triangle (docs/planar.md, "Drawing").
///
/// The ring is gathered once to score many places of the node, to the
/// same bits as scoring each from the whole drawing (`worst_but`): its
/// neighbours' positions in one place and the squared length of each side
/// opposite the node, which does not depend on where the node is. Widening
/// scores dozens of places per node visited, most of them only to refuse
/// them.
#[derive(Default)]
pub struct Ring {
    points: Vec<Point>,
    sides: Vec<f64>,
    sign: f64,
    /// The pair of neighbours left out (the outer face, at a rim node).
    open: Option<usize>,
}

impl Ring {
    /// Keeps the ring's `points` (its neighbours' positions in rotation
    /// order).
    pub fn gather(&mut self, points: impl Iterator<Item = Point>, sign: f64, open: Option<usize>) {
        self.points.clear();
        self.points.extend(points);
        self.sides.clear();
        let n = self.points.len();
        let points = &self.points;
        self.sides.extend(
            (0..n).map(|i| (points[(i + 1) % n] - points[i]).dot(points[(i + 1) % n] - points[i])),
        );
        self.sign = sign;
        self.open = open;
    }

    /// `worst_but` at `p`, or −1 where a triangle is flat or flipped.
    pub fn worst(&self, p: Point) -> f64 {
        self.above(p, f64::NEG_INFINITY, false).unwrap_or(-1.0)
    }

    /// `worst_but` at `p` when it is above `bound` (strictly when
    /// `strict`), else `None` (also where a triangle is flat or flipped).
    /// The sum of one over the squared altitudes only grows, so once a part
    /// of it already scores at or below `bound` the rest is not computed.
    pub fn above(&self, p: Point, bound: f64, strict: bool) -> Option<f64> {
        self.above_cut(p, bound, strict, Ring::cut(bound, strict))
    }

    /// The sum at which `above` stops for `bound`: worked out once for
    /// the places a search scores against one bound (its two divisions
    /// cost as much as a triangle's).
    pub fn cut(bound: f64, strict: bool) -> f64 {
        cut(bound, |value| fails(value, bound, strict))
    }

    /// `above` with `cut` from `Ring::cut(bound, strict)`.
    pub fn above_cut(&self, p: Point, bound: f64, strict: bool, cut: f64) -> Option<f64> {
        let fails = |value: f64| fails(value, bound, strict);
        let n = self.points.len();
        let first = self.points[0] - p;
        let first_squared = first.dot(first);
        let (mut a, mut pa) = (first, first_squared);
        let mut energy = 0.0;
        for i in 0..n {
            let (b, pb) = if i + 1 == n {
                (first, first_squared)
            } else {
                let b = self.points[i + 1] - p;
                (b, b.dot(b))
            };
            if self.open != Some(i) {
                let area = self.sign * a.cross(b);
                if area <= 0.0 {
                    return None;
                }
                energy += 1.0 / (area * area / pa.max(pb).max(self.sides[i]));
                if energy >= cut {
                    return None;
                }
            }
            (a, pa) = (b, pb);
        }
        Some(1.0 / energy).filter(|&value| !fails(value))
    }
}

/// How wide the triangles around a node at `p` are, `ring` its neighbours
/// in rotation order, without the pair from `ring[open]` (the outer face,
/// at a rim node): `Ring::worst` one place at a time, its reference.
#[cfg(test)]
fn worst_but(p: Point, ring: &[usize], at: &[Point], sign: f64, open: Option<usize>) -> f64 {
    let mut energy = 0.0;
    for (i, &a) in ring.iter().enumerate() {
        if open == Some(i) {
            continue;
        }
        let b = ring[(i + 1) % ring.len()];
        let h = altitude_squared(p, at[a], at[b], sign);
        if h <= 0.0 {
            return -1.0;
        }
        energy += 1.0 / h;
    }
    1.0 / energy
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Ring` scores every place as `worst_but` does, to the bit, and
    /// refuses exactly the places that score at or below a bound (below
    /// it when not strict), the bound the score itself included.
    #[test]
    fn a_gathered_ring_scores_as_worst_but() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut gathered = Ring::default();
        for case in 0..2000 {
            let n = rng.random_range(3..9);
            // A ring around the origin, a little irregular, and places near
            // its middle (some outside it: flipped triangles).
            let at: Vec<Point> = (0..n)
                .map(|i| {
                    let angle =
                        std::f64::consts::TAU * (i as f64 + rng.random_range(-0.3..0.3)) / n as f64;
                    Point::new(angle.cos(), angle.sin()) * rng.random_range(0.5..1.5)
                })
                .collect();
            let ring: Vec<usize> = (0..n).collect();
            let open = (case % 3 == 0).then(|| rng.random_range(0..n));
            let sign = if case % 2 == 0 { 1.0 } else { -1.0 };
            let ring: Vec<usize> = if sign < 0.0 {
                ring.into_iter().rev().collect()
            } else {
                ring
            };
            gathered.gather(ring.iter().map(|&w| at[w]), sign, open);
            let p = Point::new(rng.random_range(-0.8..0.8), rng.random_range(-0.8..0.8));
            let expected = worst_but(p, &ring, &at, sign, open);
            assert_eq!(
                gathered.worst(p).to_bits(),
                expected.to_bits(),
                "case {case}"
            );
            let near = [0.5, 0.999_999_9, 1.0, 1.000_000_1, 2.0];
            for bound in near.map(|f| f * expected.abs()) {
                let strict = gathered.above(p, bound, true);
                let loose = gathered.above(p, bound, false);
                let cut = Ring::cut(bound, true);
                assert_eq!(gathered.above_cut(p, bound, true, cut), strict);
                assert_eq!(
                    strict,
                    (expected > bound).then_some(expected),
                    "case {case}"
                );
                assert_eq!(
                    loose,
                    (expected >= bound).then_some(expected),
                    "case {case}"
                );
            }
        }
    }
}
