//! Points' offsets from one aim, laid out for vector registers, and the
//! branch-free test of which pairs' moves pass the aim
//! (docs/solver.md, "Candidates").

use crate::geom::{Point, EPS};

/// Each point's offset from an aim and its squared length, one array per
/// coordinate so that the pair tests of `offer_through` run in vector
/// registers, and the tests' results for one point against the points
/// before it.
#[derive(Clone, Default)]
pub(super) struct Offsets {
    pub(super) x: Vec<f64>,
    pub(super) y: Vec<f64>,
    pub(super) squared: Vec<f64>,
    pub(super) hits: Vec<u8>,
}

/// A pair's line passes the aim.
pub(super) const THROUGH_LINE: u8 = 1;
/// The circle about the pair's first point through the second does.
pub(super) const ABOUT_FIRST: u8 = 2;
/// The circle about the second point through the first does.
pub(super) const ABOUT_SECOND: u8 = 4;

impl Offsets {
    pub(super) fn fill(&mut self, points: &[Point], aim: Point) {
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
    pub(super) fn test_pairs(&mut self, b: usize, lines: bool, circles: bool) -> bool {
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
