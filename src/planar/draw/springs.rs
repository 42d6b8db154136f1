//! The forces of `smooth::spread_out` and one round of its free nodes'
//! moves, shared between threads (`sweep`; docs/planar.md, "Drawing").

use super::ring::Ring;
use super::sweep::{self, Shared};
use crate::geom::Point;
use crate::planar::crossing::{Buckets, Cells};

/// The most nodes of one cell that push a node in `spread_out`; cells hold
/// about one node where the drawing is even.
const CROWD: usize = 16;

/// The forces of `spread_out`: links pull (d²/k), nodes within 2k push
/// (k²/d); nodes are found in cells of `grid`.
pub(super) struct Springs<'a> {
    pub grid: Cells,
    pub k: f64,
    pub linked: &'a [Vec<usize>],
}

impl Springs<'_> {
    pub fn force(&self, v: usize, at: impl Fn(usize) -> Point, cells: &Buckets) -> Point {
        let (p, k) = (at(v), self.k);
        let mut force = Point::new(0.0, 0.0);
        let reach = Point::new(2.0 * k, 2.0 * k);
        for cell in self.grid.boxed(p - reach, p + reach) {
            // In a crowded cell (the middle of Tutte's drawing of a stacked
            // triangulation holds hundreds of nodes in one) the first few
            // push for all: every node with every other there cost 11 s of
            // untangling a 5,000-node one.
            for &w in cells.first(cell, CROWD) {
                let away = p - at(w);
                let d2 = away.dot(away);
                if w != v && d2 < 4.0 * k * k {
                    force = force + away * (k * k / d2.max(1e-12 * k * k));
                }
            }
        }
        for &u in &self.linked[v] {
            let toward = at(u) - p;
            force = force + toward * (toward.norm() / k);
        }
        force
    }
}

/// What one round of `spread_out` over its free nodes needs besides the
/// positions.
pub(super) struct Spreading<'a> {
    pub springs: &'a Springs<'a>,
    pub neighbours: &'a [Vec<usize>],
    pub fixed: &'a [bool],
    pub sign: f64,
    pub floor: f64,
}

impl Spreading<'_> {
    /// Each free node in turn moves by its force, cut to `temperature`
    /// and halved up to three times until its triangles keep their
    /// orientation and width; shared by one thread per state with the
    /// same result as one (`sweep::in_order`). A node reads the nodes of
    /// `cells` near it that push (the first `CROWD` of their cell), its
    /// links' other ends and its ring: nodes within three cells of each
    /// other (a force's box spans two cells either way, and rounding may
    /// add one) one of which pushes, linked nodes and neighbours interact.
    /// Most nodes of a crowded cell push no one, and would otherwise wait
    /// for each other.
    pub fn round(&self, at: &mut [Point], cells: &Buckets, temperature: f64, states: &mut [Ring]) {
        let count = at.len();
        let grid = &self.springs.grid;
        let place: Vec<(usize, usize)> = at
            .iter()
            .map(|&p| {
                let cell = grid.at(p);
                (cell % grid.columns, cell / grid.columns)
            })
            .collect();
        let mut pushes = vec![false; count];
        for cell in 0..grid.len() {
            cells
                .first(cell, CROWD)
                .iter()
                .for_each(|&w| pushes[w] = true);
        }
        let interacts = |u: usize, v: usize| {
            let ((a, b), (c, d)) = (place[u], place[v]);
            ((pushes[u] || pushes[v]) && a.abs_diff(c) <= 3 && b.abs_diff(d) <= 3)
                || self.springs.linked[v].contains(&u)
                || self.neighbours[v].contains(&u)
        };
        let shared = Shared::new(at);
        sweep::in_order(count, states, interacts, |v, gathered| {
            let ring = &self.neighbours[v];
            if self.fixed[v] || ring.len() < 3 {
                return;
            }
            let p = shared.get(v);
            let force = self.springs.force(v, |w| shared.get(w), cells);
            let length = force.norm();
            if length <= 0.0 || length.is_nan() {
                return;
            }
            gathered.gather(ring.iter().map(|&w| shared.get(w)), self.sign, None);
            let before = gathered.worst(p);
            if before < 0.0 {
                return;
            }
            let least = before.min(self.floor * self.floor);
            let mut step = force * (temperature.min(length) / length);
            let cut = Ring::cut(least, false);
            for _ in 0..4 {
                if gathered.above_cut(p + step, least, false, cut).is_some() {
                    shared.set(v, p + step);
                    break;
                }
                step = step * 0.5;
            }
        });
        shared.write_to(at);
    }
}
