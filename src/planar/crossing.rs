//! When two links cross: the Planarity model's rules, and two ways to find
//! every crossing pair (all pairs, for reference; a grid, for big graphs).
//!
//! The model's rules: links that share a node never cross; links whose four
//! endpoints are not at four distinct positions always cross (stacking nodes
//! is no way out); otherwise they cross when each link's endpoints lie on
//! opposite sides of the other. Where the model's heading arithmetic leaves
//! collinear touching to chance (a node lying exactly on another link counts
//! as crossing or not depending on orientation), euc decides: segments that
//! touch or overlap cross. A drawing with a node on a link is not solved.

use super::exact::orientation;
use crate::geom::Point;

/// A link between two nodes, by index.
pub type Link = (usize, usize);

/// Whether two links cross under the rules above.
pub fn crossed(positions: &[Point], a: Link, b: Link) -> bool {
    let (a1, a2, b1, b2) = (a.0, a.1, b.0, b.1);
    if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 {
        return false;
    }
    let points = [positions[a1], positions[a2], positions[b1], positions[b2]];
    // Disjoint boxes: no common point, stacked or not (most candidates).
    let [p, q, r, s] = points;
    if p.x.max(q.x) < r.x.min(s.x)
        || r.x.max(s.x) < p.x.min(q.x)
        || p.y.max(q.y) < r.y.min(s.y)
        || r.y.max(s.y) < p.y.min(q.y)
    {
        return false;
    }
    for i in 0..4 {
        for j in 0..i {
            if points[i] == points[j] {
                return true;
            }
        }
    }
    segments_meet(points[0], points[1], points[2], points[3])
}

/// Closed segments `pq` and `rs` have a point in common, decided exactly
/// on the coordinates as written (see `exact`).
pub fn segments_meet(p: Point, q: Point, r: Point, s: Point) -> bool {
    // Disjoint bounding boxes settle most pairs without a turn.
    if p.x.max(q.x) < r.x.min(s.x)
        || r.x.max(s.x) < p.x.min(q.x)
        || p.y.max(q.y) < r.y.min(s.y)
        || r.y.max(s.y) < p.y.min(q.y)
    {
        return false;
    }
    let d1 = orientation(r, s, p);
    let d2 = orientation(r, s, q);
    // Both ends strictly on one side: no common point.
    if d1 == d2 && d1 != 0 {
        return false;
    }
    let d3 = orientation(p, q, r);
    let d4 = orientation(p, q, s);
    if d3 == d4 && d3 != 0 {
        return false;
    }
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && on_segment(r, s, p))
        || (d2 == 0 && on_segment(r, s, q))
        || (d3 == 0 && on_segment(p, q, r))
        || (d4 == 0 && on_segment(p, q, s))
}

/// `c`, collinear with `ab`, lies within its bounding box.
fn on_segment(a: Point, b: Point, c: Point) -> bool {
    c.x >= a.x.min(b.x) && c.x <= a.x.max(b.x) && c.y >= a.y.min(b.y) && c.y <= a.y.max(b.y)
}

/// Where two crossing links meet (a representative point when they overlap).
pub fn crossing_point(positions: &[Point], a: Link, b: Link) -> Point {
    let (p, q, r, s) = (
        positions[a.0],
        positions[a.1],
        positions[b.0],
        positions[b.1],
    );
    let denominator = (q - p).cross(s - r);
    if denominator.abs() > 1e-12 {
        let t = (r - p).cross(s - r) / denominator;
        return p + (q - p) * t;
    }
    // Parallel: overlapping, or stacked endpoints; report a shared-looking point.
    [p, q]
        .into_iter()
        .find(|point| on_segment(r, s, *point))
        .unwrap_or((p + r) * 0.5)
}

/// Every crossing pair (indices into `links`, first < second), by testing all pairs.
pub fn crossings_reference(positions: &[Point], links: &[Link]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for j in 0..links.len() {
        for i in 0..j {
            if crossed(positions, links[i], links[j]) {
                found.push((i, j));
            }
        }
    }
    found
}

/// The same pairs, in the same order, through a uniform grid: each link is
/// listed in the cells its segment passes through (not its bounding box, so
/// a long link costs its length, not its area), and only links that share a
/// cell are tested.
pub fn crossings(positions: &[Point], links: &[Link]) -> Vec<(usize, usize)> {
    if links.len() < 64 {
        return crossings_reference(positions, links);
    }
    let mut found = Vec::new();
    each_crossing(positions, links, |i, j| found.push((i, j)));
    found.sort_unstable_by_key(|&(i, j)| (j, i));
    found
}

/// Crossings counted per link, without listing every pair: what a checker
/// needs for a drawing with millions of crossing pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossingSummary {
    /// Crossing pairs in all.
    pub pairs: usize,
    /// Per link: how many links it crosses.
    pub counts: Vec<usize>,
    /// Per link: the lowest-numbered links it crosses, at most `keep`.
    pub partners: Vec<Vec<usize>>,
    /// The first `PAIRS_KEPT` pairs found, in a fixed order (for pictures).
    pub first: Vec<(usize, usize)>,
}

/// Crossing pairs a summary lists whole.
pub const PAIRS_KEPT: usize = 1_000;

/// Counts every crossing pair once (the same pairs as `crossings`), keeping
/// for each link its count and its first `keep` partners by number.
pub fn crossing_summary(positions: &[Point], links: &[Link], keep: usize) -> CrossingSummary {
    let mut summary = CrossingSummary {
        pairs: 0,
        counts: vec![0; links.len()],
        partners: vec![Vec::new(); links.len()],
        first: Vec::new(),
    };
    let note = |i: usize, j: usize, summary: &mut CrossingSummary| {
        summary.pairs += 1;
        if summary.first.len() < PAIRS_KEPT {
            summary.first.push((i, j));
        }
        for (at, other) in [(i, j), (j, i)] {
            summary.counts[at] += 1;
            let partners = &mut summary.partners[at];
            let place = partners.partition_point(|&p| p < other);
            if place < keep {
                partners.insert(place, other);
                partners.truncate(keep);
            }
        }
    };
    each_crossing(positions, links, |i, j| note(i, j, &mut summary));
    summary
}

/// Calls `found(i, j)` (i < j) once for every crossing pair, in no
/// particular order, through the link index.
fn each_crossing(positions: &[Point], links: &[Link], found: impl FnMut(usize, usize)) {
    each_crossing_from(positions, links, PARALLEL, found);
}

/// `each_crossing`, on two threads from `parallel` links on.
fn each_crossing_from(
    positions: &[Point],
    links: &[Link],
    parallel: usize,
    mut found: impl FnMut(usize, usize),
) {
    let index = LinkIndex::new(positions, links, links.iter().copied());
    // The links `range` crosses among those after it.
    let pairs_of = |range: std::ops::Range<usize>, found: &mut dyn FnMut(usize, usize)| {
        // A pair shares several cells at times: `met[j] == i` marks j as
        // already tested against i.
        let mut met = vec![usize::MAX; links.len()];
        for i in range {
            let link = links[i];
            index.each_near(positions, link, |j| {
                if j > i && met[j] != i {
                    met[j] = i;
                    if crossed(positions, link, links[j]) {
                        found(i, j);
                    }
                }
                false
            });
        }
    };
    if links.len() < parallel {
        pairs_of(0..links.len(), &mut found);
        return;
    }
    // Big drawings: the links split between two threads (the index is
    // shared and read-only); each collects its pairs, handed on in order.
    let middle = links.len() / 2;
    let (first, second) = std::thread::scope(|scope| {
        let later = scope.spawn(|| {
            let mut pairs = Vec::new();
            pairs_of(middle..links.len(), &mut |i, j| pairs.push((i, j)));
            pairs
        });
        let mut pairs = Vec::new();
        pairs_of(0..middle, &mut |i, j| pairs.push((i, j)));
        (pairs, later.join().expect("the crossing thread finishes"))
    });
    for (i, j) in first.into_iter().chain(second) {
        found(i, j);
    }
}

/// Links from which crossings are looked for on two threads.
const PARALLEL: usize = 20_000;

/// Whether any two links cross, stopping at the first pair found.
pub fn any_crossing(positions: &[Point], links: &[Link]) -> bool {
    if links.len() < 64 {
        return (0..links.len()).any(|j| (0..j).any(|i| crossed(positions, links[i], links[j])));
    }
    let index = LinkIndex::new(positions, links, links.iter().copied());
    links.iter().enumerate().any(|(i, &link)| {
        index.each_near(positions, link, |j| {
            j > i && crossed(positions, link, links[j])
        })
    })
}

/// The lower left and upper right corners of the box around `positions`
/// (infinite, and the wrong way round, when there are none).
pub fn frame(positions: &[Point]) -> (Point, Point) {
    let (mut low, mut high) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in positions {
        low = Point::new(low.x.min(p.x), low.y.min(p.y));
        high = Point::new(high.x.max(p.x), high.y.max(p.y));
    }
    (low, high)
}

/// A uniform grid of square cells over a frame: which cells a box or a
/// segment meets. Points outside the frame count in its border cells.
#[derive(Clone, Copy, Debug)]
pub struct Cells {
    low: Point,
    size: f64,
    pub columns: usize,
    pub rows: usize,
}

impl Cells {
    /// Cells of side `size` from `low` to `high`, at most 4096 either way.
    pub fn new(low: Point, high: Point, size: f64) -> Cells {
        let count = |extent: f64| ((extent / size) as usize + 1).clamp(1, 4096);
        Cells {
            low,
            size,
            columns: count(high.x - low.x),
            rows: count(high.y - low.y),
        }
    }

    /// About `count` cells, square, over `positions`' frame.
    pub fn over(positions: &[Point], count: usize) -> Cells {
        let (mut low, mut high) = frame(positions);
        if positions.is_empty() {
            (low, high) = (Point::new(0.0, 0.0), Point::new(1.0, 1.0));
        }
        let extent = (high.x - low.x).max(high.y - low.y).max(1e-9);
        let side = ((count.max(1) as f64).sqrt().ceil() as usize).clamp(1, 4096);
        let size = extent / side as f64;
        Cells {
            low,
            size,
            columns: side,
            rows: side,
        }
    }

    pub fn len(&self) -> usize {
        self.columns * self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn size(&self) -> f64 {
        self.size
    }

    fn column(&self, x: f64) -> usize {
        (((x - self.low.x) / self.size).floor().max(0.0) as usize).min(self.columns - 1)
    }

    fn row(&self, y: f64) -> usize {
        (((y - self.low.y) / self.size).floor().max(0.0) as usize).min(self.rows - 1)
    }

    /// The cell holding `p`.
    pub fn at(&self, p: Point) -> usize {
        self.row(p.y) * self.columns + self.column(p.x)
    }

    /// The cells a box meets.
    pub fn boxed(&self, from: Point, to: Point) -> impl Iterator<Item = usize> + '_ {
        let (left, right) = (self.column(from.x), self.column(to.x));
        let (bottom, top) = (self.row(from.y), self.row(to.y));
        (bottom..=top).flat_map(move |r| (left..=right).map(move |c| r * self.columns + c))
    }

    /// The cells within `reach` cells of the segment `p q` (so every cell
    /// the segment passes through for `reach` 0), from `p`'s end: per
    /// column of cells, the rows the segment spans over that column's strip
    /// widened by `reach` strips, those rows widened by `reach` and one more
    /// either way against rounding. Stops when `visit` returns true and
    /// says whether it did.
    pub fn along(
        &self,
        p: Point,
        q: Point,
        reach: usize,
        mut visit: impl FnMut(usize) -> bool,
    ) -> bool {
        let (from, to) = (self.column(p.x), self.column(q.x));
        let (first, last) = if from <= to {
            (
                from.saturating_sub(reach),
                (to + reach).min(self.columns - 1),
            )
        } else {
            (
                (from + reach).min(self.columns - 1),
                to.saturating_sub(reach),
            )
        };
        let dx = q.x - p.x;
        let wide = reach as f64 * self.size;
        for step in 0..=first.abs_diff(last) {
            let c = if first <= last {
                first + step
            } else {
                first - step
            };
            // The segment's y over this column's strip, widened.
            let (y0, y1) = if dx == 0.0 {
                (p.y, q.y)
            } else {
                let strip_left = self.low.x + c as f64 * self.size;
                let x0 = p.x.min(q.x).max(strip_left - wide);
                let x1 = p.x.max(q.x).min(strip_left + self.size + wide);
                let at = |x: f64| p.y + (q.y - p.y) * ((x - p.x) / dx);
                (at(x0.min(x1)), at(x1.max(x0)))
            };
            let (bottom, top) = (
                self.row(y0.min(y1)).saturating_sub(reach + 1),
                (self.row(y0.max(y1)) + reach + 1).min(self.rows - 1),
            );
            let hit = if q.y >= p.y {
                (bottom..=top).any(|r| visit(r * self.columns + c))
            } else {
                (bottom..=top).rev().any(|r| visit(r * self.columns + c))
            };
            if hit {
                return true;
            }
        }
        false
    }
}

/// Links by the grid cells their segments pass through, for finding the
/// links a segment may cross. Links with an end at a position shared by
/// another node cross links anywhere (the stacking rule), so they are kept
/// apart and offered for every segment.
pub struct LinkIndex {
    grid: Cells,
    cells: Vec<Vec<usize>>,
    /// Links with an end on a stacked position.
    everywhere: Vec<usize>,
    stacked: Vec<(u64, u64)>,
    /// Links by index, as added.
    links: Vec<Link>,
}

impl LinkIndex {
    /// An index over `positions` (the figure's frame) holding `initial`,
    /// sized for about `expected.len()` links (at most 4096² cells).
    pub fn new(
        positions: &[Point],
        expected: &[Link],
        initial: impl Iterator<Item = Link>,
    ) -> LinkIndex {
        // Positions held by two nodes or more, sorted for look-ups.
        let mut keys: Vec<(u64, u64)> = positions
            .iter()
            .map(|p| (p.x.to_bits(), p.y.to_bits()))
            .collect();
        keys.sort_unstable();
        let mut stacked: Vec<(u64, u64)> = keys
            .windows(2)
            .filter(|pair| pair[0] == pair[1])
            .map(|pair| pair[0])
            .collect();
        stacked.dedup();
        let grid = Cells::over(positions, expected.len());
        let mut index = LinkIndex {
            grid,
            cells: vec![Vec::new(); grid.len()],
            everywhere: Vec::new(),
            stacked,
            links: Vec::new(),
        };
        for link in initial {
            index.add(positions, link);
        }
        index
    }

    fn is_stacked(&self, p: Point) -> bool {
        !self.stacked.is_empty()
            && self
                .stacked
                .binary_search(&(p.x.to_bits(), p.y.to_bits()))
                .is_ok()
    }

    pub fn add(&mut self, positions: &[Point], link: Link) {
        let number = self.links.len();
        self.links.push(link);
        let (p, q) = (positions[link.0], positions[link.1]);
        if self.is_stacked(p) || self.is_stacked(q) {
            self.everywhere.push(number);
            return;
        }
        let cells = &mut self.cells;
        self.grid.along(p, q, 0, |cell| {
            cells[cell].push(number);
            false
        });
    }

    /// Calls `visit` with the index (in order added) of every link that
    /// may cross `link`, some more than once, until it returns true;
    /// returns whether it did. A link with a stacked end meets every link.
    pub fn each_near(
        &self,
        positions: &[Point],
        link: Link,
        mut visit: impl FnMut(usize) -> bool,
    ) -> bool {
        let (p, q) = (positions[link.0], positions[link.1]);
        if self.is_stacked(p) || self.is_stacked(q) {
            return (0..self.links.len()).any(visit);
        }
        if self.everywhere.iter().any(|&number| visit(number)) {
            return true;
        }
        self.grid.along(p, q, 0, |cell| {
            self.cells[cell].iter().any(|&number| visit(number))
        })
    }

    /// The links added so far, by number.
    pub fn links(&self) -> &[Link] {
        &self.links
    }
}

/// Nodes by cell in one list, cell after cell, each cell's in increasing
/// order (as pushing them one by one into a list per cell kept them, so
/// `CROWD` picks the same ones): filled again each sweep with one pass to
/// count and one to place, and read without a pointer per cell.
#[derive(Default)]
pub struct Buckets {
    /// Where each cell's nodes start in `nodes`, and where the last ends.
    starts: Vec<usize>,
    nodes: Vec<usize>,
}

impl Buckets {
    pub fn fill(&mut self, grid: &Cells, at: &[Point]) {
        self.starts.clear();
        self.starts.resize(grid.len() + 1, 0);
        let cell_of: Vec<usize> = at.iter().map(|&p| grid.at(p)).collect();
        for &cell in &cell_of {
            self.starts[cell + 1] += 1;
        }
        for cell in 0..grid.len() {
            self.starts[cell + 1] += self.starts[cell];
        }
        self.nodes.clear();
        self.nodes.resize(at.len(), 0);
        // `starts[cell]` runs forward as its nodes are placed, and is set
        // back after.
        for (v, &cell) in cell_of.iter().enumerate() {
            self.nodes[self.starts[cell]] = v;
            self.starts[cell] += 1;
        }
        for cell in (0..grid.len()).rev() {
            self.starts[cell + 1] = self.starts[cell];
        }
        self.starts[0] = 0;
    }

    /// The nodes of `cell`, at most `most` of them.
    pub fn first(&self, cell: usize, most: usize) -> &[usize] {
        let (from, to) = (self.starts[cell], self.starts[cell + 1]);
        &self.nodes[from..to.min(from + most)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_threads_find_the_pairs_one_does() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut positions = Vec::new();
        for _ in 0..6_000 {
            let start = Point::new(rng.random_range(0.0..40.0), rng.random_range(0.0..40.0));
            positions.push(start);
            positions
                .push(start + Point::new(rng.random_range(-2.0..2.0), rng.random_range(-2.0..2.0)));
        }
        let links: Vec<Link> = (0..3_000).map(|k| (2 * k, 2 * k + 1)).collect();
        let mut links = links;
        // A few links across everything, and one sharing an end.
        links.extend([(0, 5_999), (10, 4_001), (0, 7)]);
        let pairs = |parallel: usize| {
            let mut found = Vec::new();
            each_crossing_from(&positions, &links, parallel, |i, j| found.push((i, j)));
            found.sort_unstable();
            found
        };
        let one = pairs(usize::MAX);
        assert!(one.len() > 100, "{}", one.len());
        assert_eq!(pairs(0), one);
    }

    fn at(points: &[(f64, f64)]) -> Vec<Point> {
        points.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn the_rules_case_by_case() {
        let square = at(&[(0.0, 0.0), (1.0, 1.0), (0.0, 1.0), (1.0, 0.0), (2.0, 2.0)]);
        assert!(crossed(&square, (0, 1), (2, 3)), "the two diagonals cross");
        assert!(!crossed(&square, (0, 2), (1, 3)), "opposite sides do not");
        assert!(
            !crossed(&square, (0, 1), (1, 2)),
            "links sharing a node never cross"
        );
        assert!(!crossed(&square, (0, 1), (1, 4)), "not even when collinear");
        let stacked = at(&[(0.0, 0.0), (1.0, 0.0), (5.0, 5.0), (0.0, 0.0)]);
        assert!(
            crossed(&stacked, (0, 1), (2, 3)),
            "stacked nodes always cross"
        );
        let touching = at(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
        assert!(
            crossed(&touching, (0, 1), (2, 3)),
            "a node on a link crosses it"
        );
        assert!(crossed(&touching, (2, 3), (0, 1)), "whatever the order");
        let overlapping = at(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (3.0, 0.0)]);
        assert!(crossed(&overlapping, (0, 1), (2, 3)));
        let apart = at(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)]);
        assert!(!crossed(&apart, (0, 1), (2, 3)), "collinear but apart");
    }

    #[test]
    fn a_node_on_a_link_is_decided_on_the_written_decimals() {
        // (0.3, 0.3) lies on the link from (0.1, 0.1) to (0.5, 0.5) as
        // written; in binary fractions the turn is not zero.
        let on = at(&[(0.1, 0.1), (0.5, 0.5), (0.3, 0.3), (0.3, 2.0)]);
        assert!(crossed(&on, (0, 1), (2, 3)));
        let off = at(&[(0.1, 0.1), (0.5, 0.5), (0.3, 0.300001), (0.3, 2.0)]);
        assert!(!crossed(&off, (0, 1), (2, 3)));
    }

    /// A segment's cells within `reach` hold every point that near it:
    /// the relaxation's and the gaps' look-ups rely on it.
    #[test]
    fn the_cells_along_a_segment_hold_every_point_within_reach() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let corners = [Point::new(-15.0, -15.0), Point::new(15.0, 15.0)];
        for _ in 0..300 {
            let grid = Cells::over(&corners, rng.random_range(1..2000));
            let reach = rng.random_range(0..3usize);
            let mut point =
                || Point::new(rng.random_range(-15.0..15.0), rng.random_range(-15.0..15.0));
            let (p, q) = (point(), point());
            let mut visited = std::collections::HashSet::new();
            grid.along(p, q, reach, |cell| {
                visited.insert(cell);
                false
            });
            for _ in 0..200 {
                let t: f64 = rng.random_range(0.0..1.0);
                let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
                let near = p
                    + (q - p) * t
                    + Point::new(angle.cos(), angle.sin())
                        * (rng.random_range(0.0..1.0) * reach as f64 * grid.size());
                let near = Point::new(near.x.clamp(-15.0, 15.0), near.y.clamp(-15.0, 15.0));
                assert!(
                    visited.contains(&grid.at(near)),
                    "{p:?}–{q:?} reach {reach}: {near:?}"
                );
            }
        }
    }

    /// The index finds the same pairs as testing all of them, on random
    /// links, long ones, stacked nodes and vertical and horizontal links.
    #[test]
    fn the_index_agrees_with_all_pairs() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for round in 0..20 {
            let count = 150;
            let mut positions: Vec<Point> = (0..count)
                .map(|_| Point::new(rng.random_range(-10.0..10.0), rng.random_range(-10.0..10.0)))
                .collect();
            // Grid-aligned and stacked nodes.
            positions[1] = Point::new(positions[0].x, 9.0);
            positions[3] = Point::new(-9.5, positions[2].y);
            if round % 2 == 0 {
                positions[5] = positions[4];
            }
            let mut links: Vec<Link> = (0..count / 2).map(|i| (2 * i, 2 * i + 1)).collect();
            links.extend((0..40).map(|_| (rng.random_range(0..count), rng.random_range(0..count))));
            links.retain(|&(a, b)| a != b);
            assert_eq!(
                crossings(&positions, &links),
                crossings_reference(&positions, &links),
                "round {round}"
            );
            assert_eq!(
                any_crossing(&positions, &links),
                !crossings_reference(&positions, &links).is_empty()
            );
        }
    }

    #[test]
    fn the_summary_counts_the_same_pairs() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for count in [10, 200] {
            let positions: Vec<Point> = (0..count)
                .map(|_| Point::new(rng.random_range(-10.0..10.0), rng.random_range(-10.0..10.0)))
                .collect();
            let links: Vec<Link> = (1..count).map(|i| (rng.random_range(0..i), i)).collect();
            let pairs = crossings_reference(&positions, &links);
            let summary = crossing_summary(&positions, &links, 3);
            assert_eq!(summary.pairs, pairs.len());
            for (link, partners) in summary.partners.iter().enumerate() {
                let mut all: Vec<usize> = pairs
                    .iter()
                    .filter_map(|&(i, j)| (i == link).then_some(j).or((j == link).then_some(i)))
                    .collect();
                all.sort_unstable();
                assert_eq!(summary.counts[link], all.len());
                all.truncate(3);
                assert_eq!(partners, &all);
            }
        }
    }

    #[test]
    fn the_crossing_point() {
        let square = at(&[(0.0, 0.0), (2.0, 2.0), (0.0, 2.0), (2.0, 0.0)]);
        assert_eq!(
            crossing_point(&square, (0, 1), (2, 3)),
            Point::new(1.0, 1.0)
        );
    }
}
