//! Spreading a crossing-free drawing without losing it: a spring embedder
//! (links pull, nodes and nearby links push) whose every move is kept only
//! when it creates no crossing and leaves the moved node's smallest gap —
//! to any node, to any link, and of its links to any node — no smaller than
//! before or at least `wanted`. So the drawing stays plane and its smallest
//! gap never shrinks below where it started (docs/planar.md, "Drawing").

use crate::geom::Point;
use crate::planar::crossing::{frame, segments_meet, Cells, Link};

/// The side of the square the drawing fits.
pub fn side(positions: &[Point]) -> f64 {
    let (low, high) = frame(positions);
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

/// Nodes and links by cell (a link in every cell its segment passes
/// through). Entries go stale as nodes move (a moved node and its links are
/// added where they now are, not removed from where they were): every query
/// measures current positions, so a stale entry costs a test, never an
/// answer. A query reports each node and link once.
struct Index {
    grid: Cells,
    nodes: Vec<Vec<usize>>,
    links: Vec<Vec<usize>>,
    /// The query that last met each node and each link.
    stamp: std::cell::Cell<u32>,
    nodes_seen: Vec<std::cell::Cell<u32>>,
    links_seen: Vec<std::cell::Cell<u32>>,
    /// Cell entries looked at so far: the relaxation's budget.
    work: std::cell::Cell<u64>,
}

impl Index {
    fn new(grid: Cells, nodes: usize, links: usize) -> Index {
        Index {
            grid,
            nodes: vec![Vec::new(); grid.len()],
            links: vec![Vec::new(); grid.len()],
            stamp: std::cell::Cell::new(0),
            nodes_seen: vec![std::cell::Cell::new(0); nodes],
            links_seen: vec![std::cell::Cell::new(0); links],
            work: std::cell::Cell::new(0),
        }
    }

    fn clear(&mut self) {
        self.nodes.iter_mut().for_each(Vec::clear);
        self.links.iter_mut().for_each(Vec::clear);
    }

    fn add_node(&mut self, v: usize, p: Point) {
        let cell = self.grid.at(p);
        self.nodes[cell].push(v);
    }

    fn add_link(&mut self, index: usize, a: Point, b: Point) {
        let links = &mut self.links;
        self.grid.along(a, b, 0, |cell| {
            links[cell].push(index);
            false
        });
    }

    fn next_stamp(&self) -> u32 {
        let stamp = self.stamp.get().wrapping_add(1);
        if stamp == 0 {
            self.nodes_seen.iter().for_each(|seen| seen.set(0));
            self.links_seen.iter().for_each(|seen| seen.set(0));
            self.stamp.set(1);
            return 1;
        }
        self.stamp.set(stamp);
        stamp
    }

    fn visit(
        &self,
        cell: usize,
        stamp: u32,
        node: &mut impl FnMut(usize),
        link: &mut impl FnMut(usize),
    ) {
        let (nodes, links) = (&self.nodes[cell], &self.links[cell]);
        self.work
            .set(self.work.get() + 1 + (nodes.len() + links.len()) as u64);
        for &w in nodes {
            if self.nodes_seen[w].replace(stamp) != stamp {
                node(w);
            }
        }
        for &l in links {
            if self.links_seen[l].replace(stamp) != stamp {
                link(l);
            }
        }
    }

    /// Each node and each link in cells meeting the box.
    fn near(
        &self,
        from: Point,
        to: Point,
        mut node: impl FnMut(usize),
        mut link: impl FnMut(usize),
    ) {
        let stamp = self.next_stamp();
        for cell in self.grid.boxed(from, to) {
            self.visit(cell, stamp, &mut node, &mut link);
        }
    }

    /// Each node and each link in cells within `reach` cells of the
    /// segment `p q`.
    fn near_segment(
        &self,
        p: Point,
        q: Point,
        reach: usize,
        mut node: impl FnMut(usize),
        mut link: impl FnMut(usize),
    ) {
        let stamp = self.next_stamp();
        self.grid.along(p, q, reach, |cell| {
            self.visit(cell, stamp, &mut node, &mut link);
            false
        });
    }
}

struct Layout<'a> {
    at: Vec<Point>,
    links: &'a [Link],
    incident: Vec<Vec<usize>>,
    low: Point,
    high: Point,
    index: Index,
}

/// Cell entries the relaxation may look at in all (a few tenths of a second):
/// it stops after the sweep that passes this, so its cost is bounded and
/// the same on every machine.
const WORK: u64 = 40_000_000;

impl Layout<'_> {
    /// The index again from the current positions, without stale entries.
    fn rebuild(&mut self) {
        self.index.clear();
        for (v, &p) in self.at.iter().enumerate() {
            self.index.add_node(v, p);
        }
        for (number, &(a, b)) in self.links.iter().enumerate() {
            self.index.add_link(number, self.at[a], self.at[b]);
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
        let cells_within = (limit / self.index.grid.size()).ceil() as usize;
        {
            self.index.near(
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
                self.index.near_segment(
                    p,
                    qu,
                    cells_within,
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
            self.index.add_node(v, to);
            for &link in &self.incident[v] {
                let (a, b) = self.links[link];
                self.index.add_link(link, self.at[a], self.at[b]);
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
            self.index.near_segment(
                p,
                qu,
                0,
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
    let (low, high) = frame(positions);
    let side = (high.x - low.x).max(high.y - low.y);
    let k = side / (count as f64).sqrt();
    let mut layout = Layout {
        at: positions.to_vec(),
        links,
        incident,
        low,
        high,
        index: Index::new(Cells::new(low, high, k), count, links.len()),
    };
    let mut temperature = side / 8.0;
    for _ in 0..sweeps {
        if layout.index.work.get() > WORK {
            break;
        }
        layout.rebuild();
        for v in 0..count {
            let p = layout.at[v];
            let force = std::cell::Cell::new(Point::new(0.0, 0.0));
            let push = |by: Point| force.set(force.get() + by);
            let reach = Point::new(2.0 * k, 2.0 * k);
            layout.index.near(
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
