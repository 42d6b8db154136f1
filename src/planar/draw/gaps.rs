//! A drawing's smallest gaps — node to node, and node to a link it is not
//! an end of — found in an R-tree of its nodes (`rstar`). Each query opens
//! only the boxes nearer than the smallest gap found so far, so a crowded
//! patch costs its own few nodes where a grid of one cell per node measured
//! every node of its crowded cells against every link through them (most of
//! untangling a stacked triangulation of 5,000 nodes; docs/planar.md,
//! "Drawing"). The gaps are the minima of the same distances as measuring
//! every pair, to the bit.

use super::relax::distance_to_segment;
use crate::geom::Point;
use crate::planar::crossing::Link;
use rstar::primitives::GeomWithData;
use rstar::{RTree, SelectionFunction, AABB};
use std::cell::Cell;

/// A node in the tree: its position and index.
type Node = GeomWithData<[f64; 2], usize>;

/// The smallest node–node distance and the smallest distance between a node
/// and a link it is not an end of (infinite where there is no such pair).
pub fn gaps(positions: &[Point], links: &[Link]) -> (f64, f64) {
    let nodes = Nodes::new(positions);
    let node = (0..positions.len()).fold(f64::INFINITY, |node, v| {
        nodes.nearest_but(v, positions[v], positions, node)
    });
    let link = Cell::new(f64::INFINITY);
    for &(a, b) in links {
        let (pa, pb) = (positions[a], positions[b]);
        for w in nodes
            .tree
            .locate_with_selection_function(Nearer::new(pa, pb, &link))
        {
            if w.data != a && w.data != b {
                let gap = distance_to_segment(positions[w.data], pa, pb);
                link.set(link.get().min(gap));
            }
        }
    }
    (node, link.get())
}

/// A drawing's nodes in an R-tree, kept where they are as they move (by
/// `moved`): the nearest-node queries of `gaps` and `smooth::separate`.
pub(super) struct Nodes {
    tree: RTree<Node>,
}

impl Nodes {
    pub fn new(positions: &[Point]) -> Nodes {
        let nodes = positions
            .iter()
            .enumerate()
            .map(|(v, p)| Node::new([p.x, p.y], v))
            .collect();
        Nodes {
            tree: RTree::bulk_load(nodes),
        }
    }

    /// The distance from `p` to the nearest node but `v` (`at` holding
    /// where the nodes are), or `within` when none is nearer.
    pub fn nearest_but(&self, v: usize, p: Point, at: &[Point], within: f64) -> f64 {
        let best = Cell::new(within);
        for w in self
            .tree
            .locate_with_selection_function(Nearer::new(p, p, &best))
        {
            if w.data != v {
                best.set(best.get().min(p.dist(at[w.data])));
            }
        }
        best.get()
    }

    /// Node `v` has moved `from` one place `to` another.
    pub fn moved(&mut self, v: usize, from: Point, to: Point) {
        self.tree.remove(&Node::new([from.x, from.y], v));
        self.tree.insert(Node::new([to.x, to.y], v));
    }
}

/// Opens the boxes that may hold a node nearer the segment `a b` (a point
/// when `a` is `b`) than `best`, which the caller lowers as it finds nodes.
struct Nearer<'a> {
    a: Point,
    b: Point,
    best: &'a Cell<f64>,
}

impl<'a> Nearer<'a> {
    fn new(a: Point, b: Point, best: &'a Cell<f64>) -> Nearer<'a> {
        Nearer { a, b, best }
    }
}

impl SelectionFunction<Node> for Nearer<'_> {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        let ([lx, ly], [hx, hy]) = (envelope.lower(), envelope.upper());
        let (low, high) = (Point::new(lx, ly), Point::new(hx, hy));
        // The distance is worked out in floating point; a box is passed
        // over only when it is surely no nearer than the best.
        let best = self.best.get() / (1.0 - 1e-9);
        if self.a == self.b {
            // A point: its squared distance, the common query.
            let squared = point_to_box_squared(self.a, low, high);
            squared < best * best
        } else {
            box_to_segment(low, high, self.a, self.b) < best
        }
    }

    /// Every node in an opened box is measured by the caller.
    fn should_unpack_leaf(&self, _: &Node) -> bool {
        true
    }
}

/// The squared distance from `p` to the box from `low` to `high`.
fn point_to_box_squared(p: Point, low: Point, high: Point) -> f64 {
    let dx = (low.x - p.x).max(p.x - high.x).max(0.0);
    let dy = (low.y - p.y).max(p.y - high.y).max(0.0);
    dx * dx + dy * dy
}

/// The distance between the box from `low` to `high` and the segment `a b`:
/// 0 where they meet, else the least from an end of the segment to the box
/// or from a corner of the box to the segment (two disjoint convex shapes
/// are nearest at a corner of one).
fn box_to_segment(low: Point, high: Point, a: Point, b: Point) -> f64 {
    if segment_meets_box(low, high, a, b) {
        return 0.0;
    }
    let to_box = |p: Point| point_to_box_squared(p, low, high).sqrt();
    let corners = [
        low,
        Point::new(high.x, low.y),
        high,
        Point::new(low.x, high.y),
    ];
    corners
        .iter()
        .map(|&c| distance_to_segment(c, a, b))
        .fold(to_box(a).min(to_box(b)), f64::min)
}

/// Whether the segment `a b` meets the box from `low` to `high` (clipped
/// against each side in turn, Liang–Barsky).
fn segment_meets_box(low: Point, high: Point, a: Point, b: Point) -> bool {
    let d = b - a;
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-d.x, a.x - low.x),
        (d.x, high.x - a.x),
        (-d.y, a.y - low.y),
        (d.y, high.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else if p < 0.0 {
            enter = enter.max(q / p);
        } else {
            leave = leave.min(q / p);
        }
    }
    enter <= leave
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Every pair measured: the reference.
    fn all_pairs(positions: &[Point], links: &[Link]) -> (f64, f64) {
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

    /// The tree finds the same gaps as every pair, to the bit: on random
    /// drawings, on crowded ones (most nodes in a patch a millionth of the
    /// board wide, as Tutte's drawing packs a stacked triangulation's
    /// middle), shifted far from the origin, and on nodes in a line.
    #[test]
    fn the_gaps_are_those_of_every_pair() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for case in 0..300 {
            let count = rng.random_range(1..60);
            let crowd = case % 3 == 1;
            let shift = if case % 5 == 0 { 1e6 } else { 0.0 };
            let positions: Vec<Point> = (0..count)
                .map(|i| {
                    let spread = if crowd && i % 4 != 0 { 1e-6 } else { 10.0 };
                    let y = if case % 7 == 0 {
                        0.0
                    } else {
                        rng.random_range(-spread..spread)
                    };
                    Point::new(rng.random_range(-spread..spread) + shift, y + shift)
                })
                .collect();
            let links: Vec<Link> = (0..rng.random_range(0..2 * count))
                .map(|_| (rng.random_range(0..count), rng.random_range(0..count)))
                .filter(|(a, b)| a != b)
                .collect();
            let (node, link) = gaps(&positions, &links);
            let (all_node, all_link) = all_pairs(&positions, &links);
            assert_eq!(node.to_bits(), all_node.to_bits(), "case {case}");
            assert_eq!(link.to_bits(), all_link.to_bits(), "case {case}");
        }
        // A grid of nodes a unit apart, and a link between two nodes
        // beside it whose nearest node is farther than a cell.
        let mut positions: Vec<Point> = (0..100)
            .map(|i| Point::new((i % 10) as f64, (i / 10) as f64))
            .collect();
        positions.extend([Point::new(-0.5, 4.5001), Point::new(9.5, 4.5)]);
        let links = vec![(100, 101), (0, 99)];
        assert_eq!(gaps(&positions, &links), all_pairs(&positions, &links));
    }

    /// A segment through a box without an end in it meets it; one beside
    /// it is as far as its nearest corner.
    #[test]
    fn a_box_and_a_segment() {
        let (low, high) = (Point::new(0.0, 0.0), Point::new(1.0, 1.0));
        let across = (Point::new(-1.0, 0.5), Point::new(2.0, 0.5));
        assert_eq!(box_to_segment(low, high, across.0, across.1), 0.0);
        let beside = (Point::new(2.0, -1.0), Point::new(3.0, 3.0));
        let corner = distance_to_segment(Point::new(1.0, 0.0), beside.0, beside.1);
        assert_eq!(box_to_segment(low, high, beside.0, beside.1), corner);
        let above = (Point::new(0.5, 3.0), Point::new(0.5, 3.0));
        assert_eq!(box_to_segment(low, high, above.0, above.1), 2.0);
    }
}
