//! Spreading a crossing-free drawing without losing it: a spring embedder
//! (links pull, nodes and nearby links push) whose every move is kept only
//! when it creates no crossing and leaves the moved node's smallest gap —
//! to any node, to any link, and of its links to any node — no smaller than
//! before or at least `wanted`. So the drawing stays plane and its smallest
//! gap never shrinks below where it started (docs/planar.md, "Drawing").

use super::crossing::{segments_meet, Link};
use crate::geom::Point;

/// The smallest node–node distance and the smallest distance between a node
/// and a link it is not an end of.
pub fn gaps(positions: &[Point], links: &[Link]) -> (f64, f64) {
    let mut node = f64::INFINITY;
    for (a, &p) in positions.iter().enumerate() {
        for &q in &positions[..a] {
            node = node.min(p.dist(q));
        }
    }
    let mut link = f64::INFINITY;
    for &(a, b) in links {
        for (v, &p) in positions.iter().enumerate() {
            if v != a && v != b {
                link = link.min(distance_to_segment(p, positions[a], positions[b]));
            }
        }
    }
    (node, link)
}

/// The side of the square the drawing fits.
pub fn side(positions: &[Point]) -> f64 {
    let (mut low, mut high) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in positions {
        low = Point::new(low.x.min(p.x), low.y.min(p.y));
        high = Point::new(high.x.max(p.x), high.y.max(p.y));
    }
    (high.x - low.x).max(high.y - low.y)
}

pub fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    p.dist(closest_on_segment(p, a, b))
}

fn closest_on_segment(p: Point, a: Point, b: Point) -> Point {
    let along = b - a;
    let length = along.dot(along);
    if length == 0.0 {
        return a;
    }
    let t = ((p - a).dot(along) / length).clamp(0.0, 1.0);
    a + along * t
}

/// Nodes and links by cell of a uniform grid over the frame. Entries go
/// stale as nodes move (a moved node and its links are added where they now
/// are, not removed from where they were): every query measures current
/// positions, so a stale entry costs a test, never an answer.
struct Cells {
    low: Point,
    size: f64,
    columns: usize,
    rows: usize,
    nodes: Vec<Vec<usize>>,
    links: Vec<Vec<usize>>,
}

impl Cells {
    fn new(low: Point, high: Point, size: f64) -> Cells {
        let columns = (((high.x - low.x) / size) as usize + 1).min(4096);
        let rows = (((high.y - low.y) / size) as usize + 1).min(4096);
        Cells {
            low,
            size,
            columns,
            rows,
            nodes: vec![Vec::new(); columns * rows],
            links: vec![Vec::new(); columns * rows],
        }
    }

    /// The cells a box meets.
    fn range(&self, from: Point, to: Point) -> impl Iterator<Item = usize> + '_ {
        let column =
            |x: f64| (((x - self.low.x) / self.size).max(0.0) as usize).min(self.columns - 1);
        let row = |y: f64| (((y - self.low.y) / self.size).max(0.0) as usize).min(self.rows - 1);
        let (left, right) = (column(from.x), column(to.x));
        let (bottom, top) = (row(from.y), row(to.y));
        (bottom..=top).flat_map(move |r| (left..=right).map(move |c| r * self.columns + c))
    }

    fn add_node(&mut self, v: usize, p: Point) {
        let cell = self.range(p, p).next().expect("one cell");
        self.nodes[cell].push(v);
    }

    fn add_link(&mut self, index: usize, a: Point, b: Point) {
        let cells: Vec<usize> = self.range(lower(a, b), upper(a, b)).collect();
        for cell in cells {
            self.links[cell].push(index);
        }
    }
}

fn lower(a: Point, b: Point) -> Point {
    Point::new(a.x.min(b.x), a.y.min(b.y))
}

fn upper(a: Point, b: Point) -> Point {
    Point::new(a.x.max(b.x), a.y.max(b.y))
}

struct Layout<'a> {
    at: Vec<Point>,
    links: &'a [Link],
    incident: Vec<Vec<usize>>,
    low: Point,
    high: Point,
    cells: Cells,
    /// Per node and per link: the query that last met it.
    node_seen: std::cell::RefCell<(u32, Vec<u32>, Vec<u32>)>,
    /// Cell entries looked at so far: the relaxation's budget.
    work: std::cell::Cell<u64>,
}

/// Cell entries the relaxation may look at in all (a few tenths of a second):
/// it stops after the sweep that passes this, so its cost is bounded and
/// the same on every machine.
const WORK: u64 = 40_000_000;

impl Layout<'_> {
    fn rebuild(&mut self, size: f64) {
        self.cells = Cells::new(self.low, self.high, size);
        for (v, &p) in self.at.iter().enumerate() {
            self.cells.add_node(v, p);
        }
        for (index, &(a, b)) in self.links.iter().enumerate() {
            self.cells.add_link(index, self.at[a], self.at[b]);
        }
    }

    /// Each node and each link in cells meeting the box once.
    fn near(
        &self,
        from: Point,
        to: Point,
        mut node: impl FnMut(usize),
        mut link: impl FnMut(usize),
    ) {
        let mut seen = self.node_seen.borrow_mut();
        let (stamp, nodes_seen, links_seen) = &mut *seen;
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            nodes_seen.fill(0);
            links_seen.fill(0);
            *stamp = 1;
        }
        for cell in self.cells.range(from, to) {
            self.work.set(
                self.work.get()
                    + 1
                    + (self.cells.nodes[cell].len() + self.cells.links[cell].len()) as u64,
            );
            for &w in &self.cells.nodes[cell] {
                if nodes_seen[w] != *stamp {
                    nodes_seen[w] = *stamp;
                    node(w);
                }
            }
            for &l in &self.cells.links[cell] {
                if links_seen[l] != *stamp {
                    links_seen[l] = *stamp;
                    link(l);
                }
            }
        }
    }

    /// The smallest gap that involves node `v` placed at `p` (at most
    /// `limit`).
    fn gap_at(&self, v: usize, p: Point, limit: f64) -> f64 {
        self.nearest(v, p, limit).0
    }

    /// That gap (at most `limit`), and a direction in which moving `v`
    /// widens it.
    fn nearest(&self, v: usize, p: Point, limit: f64) -> (f64, Point) {
        let reach = Point::new(limit, limit);
        let gap = std::cell::Cell::new(limit);
        let away = std::cell::Cell::new(Point::new(0.0, 0.0));
        let note = |distance: f64, direction: Point| {
            if distance < gap.get() {
                gap.set(distance);
                away.set(direction);
            }
        };
        {
            self.near(
                p - reach,
                p + reach,
                |w| {
                    if w != v {
                        note(p.dist(self.at[w]), p - self.at[w]);
                    }
                },
                |l| {
                    let (a, b) = self.links[l];
                    if a != v && b != v {
                        let closest = closest_on_segment(p, self.at[a], self.at[b]);
                        note(p.dist(closest), p - closest);
                    }
                },
            );
            for &link in &self.incident[v] {
                let (a, b) = self.links[link];
                let u = if a == v { b } else { a };
                let qu = self.at[u];
                self.near(
                    lower(p, qu) - reach,
                    upper(p, qu) + reach,
                    |w| {
                        if w != v && w != u {
                            let q = self.at[w];
                            let closest = closest_on_segment(q, p, qu);
                            note(q.dist(closest), closest - q);
                        }
                    },
                    |_| {},
                );
            }
        }
        (gap.get(), away.get())
    }

    /// Moves `v` to `to` (inside the frame) if no gap of it falls below
    /// `least` and no links cross there.
    fn try_move(&mut self, v: usize, to: Point, least: f64) -> bool {
        let to = Point::new(
            to.x.clamp(self.low.x, self.high.x),
            to.y.clamp(self.low.y, self.high.y),
        );
        if self.gap_at(v, to, least) >= least && self.plane_at(v, to) {
            self.at[v] = to;
            self.cells.add_node(v, to);
            for &link in &self.incident[v] {
                let (a, b) = self.links[link];
                self.cells.add_link(link, self.at[a], self.at[b]);
            }
            return true;
        }
        false
    }

    /// Whether node `v` at `p` leaves every link crossing-free.
    fn plane_at(&self, v: usize, p: Point) -> bool {
        let mut plane = true;
        for &link in &self.incident[v] {
            let (a, b) = self.links[link];
            let u = if a == v { b } else { a };
            let qu = self.at[u];
            self.near(
                lower(p, qu),
                upper(p, qu),
                |_| {},
                |l| {
                    let (c, d) = self.links[l];
                    if plane
                        && c != v
                        && d != v
                        && c != u
                        && d != u
                        && segments_meet(p, qu, self.at[c], self.at[d])
                    {
                        plane = false;
                    }
                },
            );
            if !plane {
                return false;
            }
        }
        true
    }
}

/// Spreads `positions` (already free of crossings) over their own bounding
/// square in up to `sweeps` rounds of moves (fewer when the work budget runs
/// out); `wanted` is the gap at which a node's gap no longer needs to grow.
pub fn relax(positions: &mut [Point], links: &[Link], sweeps: usize, wanted: f64) {
    let count = positions.len();
    if count < 3 {
        return;
    }
    let mut incident = vec![Vec::new(); count];
    for (index, &(a, b)) in links.iter().enumerate() {
        incident[a].push(index);
        incident[b].push(index);
    }
    let (mut low, mut high) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in positions.iter() {
        low = lower(low, *p);
        high = upper(high, *p);
    }
    let side = (high.x - low.x).max(high.y - low.y);
    let k = side / (count as f64).sqrt();
    let mut layout = Layout {
        at: positions.to_vec(),
        links,
        incident,
        low,
        high,
        cells: Cells::new(low, high, k),
        node_seen: std::cell::RefCell::new((0, vec![0; count], vec![0; links.len()])),
        work: std::cell::Cell::new(0),
    };
    let mut temperature = side / 8.0;
    for _ in 0..sweeps {
        if layout.work.get() > WORK {
            break;
        }
        layout.rebuild(k);
        for v in 0..count {
            let p = layout.at[v];
            let force = std::cell::Cell::new(Point::new(0.0, 0.0));
            let push = |by: Point| force.set(force.get() + by);
            let reach = Point::new(2.0 * k, 2.0 * k);
            layout.near(
                p - reach,
                p + reach,
                |w| {
                    let away = p - layout.at[w];
                    let d2 = away.dot(away);
                    if w != v && d2 < 4.0 * k * k {
                        push(away * (k * k / d2.max(1e-12 * k * k)));
                    }
                },
                |l| {
                    let (a, b) = layout.links[l];
                    if a == v || b == v {
                        return;
                    }
                    let away = p - closest_on_segment(p, layout.at[a], layout.at[b]);
                    let d2 = away.dot(away);
                    if d2 < 0.25 * k * k {
                        push(away * (0.5 * k * k / d2.max(1e-12 * k * k)));
                    }
                },
            );
            for &link in &layout.incident[v] {
                let (a, b) = layout.links[link];
                let u = if a == v { b } else { a };
                let toward = layout.at[u] - p;
                push(toward * (toward.norm() / k));
            }
            let force = force.get();
            let length = force.norm();
            if length <= 0.0 || length.is_nan() {
                continue;
            }
            let (gap, away) = layout.nearest(v, p, wanted);
            let before = gap.min(wanted);
            let mut step = force * (temperature.min(length) / length);
            let mut moved = false;
            for _ in 0..4 {
                if layout.try_move(v, p + step, before) {
                    moved = true;
                    break;
                }
                step = step * 0.5;
            }
            // A node still too close to something steps straight away from
            // it, as far as it may.
            let distance = away.norm();
            if !moved && gap < wanted && distance > 0.0 {
                let mut step = away * ((wanted - gap) / distance);
                for _ in 0..4 {
                    let to = p + step;
                    let widened = layout.gap_at(v, to, wanted);
                    if widened > gap && layout.try_move(v, to, before.max(widened.min(wanted))) {
                        break;
                    }
                    step = step * 0.5;
                }
            }
        }
        temperature *= 0.9;
    }
    positions.copy_from_slice(&layout.at);
}
