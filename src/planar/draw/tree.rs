//! A layered drawing of a tree whose every gap is bounded below: nodes on
//! horizontal layers by their depth from the tree's centre, subtrees packed
//! side by side one unit apart (Reingold and Tilford's tidy drawing, each
//! parent above the middle of its children), and each strip between two
//! layers as tall as its longest link is wide, times a slope (docs/planar.md,
//! "Drawing").
//!
//! Why every gap is at least `slope / √(1 + slope²)` units: nodes of one
//! layer are at least a unit apart, layers at least a unit apart, and a
//! link lies inside its strip, so only nodes on the strip's two layers can
//! come near it. Such a node is at least a unit along its layer from the
//! link's end there, and the link leaves that layer at an angle whose sine
//! is at least that ratio. A tree's width is below its node count, so with
//! a strip height summing to no more than that, the gap is at least 1/(2n)
//! of the board.

use crate::geom::Point;
use crate::planar::crossing::Link;

/// The slopes tried: strip height over the widest link's horizontal reach.
pub const SLOPES: [f64; 3] = [0.5, 1.0, 2.0];

/// One layered drawing per slope of `SLOPES`, for a tree on `count` nodes
/// (`links` connects them all, `count - 1` links).
pub fn layered(count: usize, links: &[Link]) -> Vec<Vec<Point>> {
    let mut neighbours = vec![Vec::new(); count];
    for &(a, b) in links {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let root = centre(&neighbours);
    let (order, parent, depth) = breadth_first(&neighbours, root);
    let offset = offsets(&neighbours, &order, &parent);
    let mut x = vec![0.0; count];
    for &v in order.iter().skip(1) {
        x[v] = x[parent[v]] + offset[v];
    }
    // How far a link of each strip reaches sideways.
    let layers = depth.iter().max().map_or(0, |d| d + 1);
    let mut reach = vec![0.0f64; layers];
    for &v in order.iter().skip(1) {
        reach[depth[parent[v]]] = reach[depth[parent[v]]].max(offset[v].abs());
    }
    SLOPES
        .iter()
        .map(|slope| {
            let mut y = vec![0.0; layers];
            for d in 1..layers {
                y[d] = y[d - 1] - (slope * reach[d - 1]).max(1.0);
            }
            (0..count).map(|v| Point::new(x[v], y[depth[v]])).collect()
        })
        .collect()
}

/// The middle node of a longest path: the root that keeps the tree
/// shallowest (a path of n nodes gets n/2 layers, not n).
fn centre(neighbours: &[Vec<usize>]) -> usize {
    let (order, _, _) = breadth_first(neighbours, 0);
    let far = *order.last().expect("a node");
    let (order, parent, depth) = breadth_first(neighbours, far);
    let mut v = *order.last().expect("a node");
    for _ in 0..depth[v] / 2 {
        v = parent[v];
    }
    v
}

/// Nodes in breadth-first order from `root`, each one's parent (the root
/// its own) and depth.
fn breadth_first(neighbours: &[Vec<usize>], root: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let count = neighbours.len();
    let mut parent = vec![usize::MAX; count];
    let mut depth = vec![0; count];
    let mut order = vec![root];
    parent[root] = root;
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &w in &neighbours[v] {
            if parent[w] == usize::MAX {
                parent[w] = v;
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
    }
    (order, parent, depth)
}

/// A subtree's outline: the leftmost and rightmost x on each of its
/// layers, the deepest first (so a parent's layer is pushed at the end),
/// each plus `shift`; the subtree's root is at 0.
struct Contour {
    left: Vec<f64>,
    right: Vec<f64>,
    shift: f64,
}

/// Each node's x relative to its parent, children of a node left to right
/// in the order of its neighbours, one unit between subtrees on every
/// layer. Outlines are merged by copying the shallower one into the deeper,
/// so the whole is linear in the tree's size.
fn offsets(neighbours: &[Vec<usize>], order: &[usize], parent: &[usize]) -> Vec<f64> {
    let mut offset = vec![0.0; neighbours.len()];
    let mut contours: Vec<Option<Contour>> = (0..neighbours.len()).map(|_| None).collect();
    for &v in order.iter().rev() {
        let children = neighbours[v].iter().filter(|&&w| parent[w] == v && w != v);
        let mut group: Option<Contour> = None;
        let mut last = 0.0;
        let mut placed = Vec::new();
        for &child in children {
            let mut next = contours[child].take().expect("children first");
            let Some(mut merged) = group.take() else {
                group = Some(next);
                placed.push(child);
                continue;
            };
            let common = merged.left.len().min(next.left.len());
            let mut at = f64::NEG_INFINITY;
            for level in 1..=common {
                let right = merged.right[merged.right.len() - level] + merged.shift;
                let left = next.left[next.left.len() - level] + next.shift;
                at = at.max(right - left + 1.0);
            }
            next.shift += at;
            offset[child] = at;
            last = at;
            placed.push(child);
            merged = join(merged, next);
            group = Some(merged);
        }
        let mut contour = match group {
            None => Contour {
                left: Vec::new(),
                right: Vec::new(),
                shift: 0.0,
            },
            Some(group) => group,
        };
        // The parent above the middle of its first and last child.
        let middle = last / 2.0;
        for &child in &placed {
            offset[child] -= middle;
        }
        contour.shift -= middle;
        contour.left.push(-contour.shift);
        contour.right.push(-contour.shift);
        contours[v] = Some(contour);
    }
    offset
}

/// The outline of `left` and `right` side by side: each layer's leftmost
/// from `left` where it reaches, its rightmost from `right` where it does.
fn join(mut left: Contour, mut right: Contour) -> Contour {
    if right.left.len() >= left.left.len() {
        let (from, to) = (left.left.len(), right.left.len());
        for level in 1..=from {
            right.left[to - level] = left.left[from - level] + left.shift - right.shift;
        }
        right
    } else {
        let (from, to) = (right.right.len(), left.right.len());
        for level in 1..=from {
            left.right[to - level] = right.right[from - level] + right.shift - left.shift;
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::crossing::crossings_reference;
    use crate::planar::draw::gaps::gaps;
    use crate::planar::draw::relax::side;

    /// The least gap over 1/(2n) of the board, over the slopes' drawings.
    fn best_gap(count: usize, links: &[Link]) -> f64 {
        layered(count, links)
            .iter()
            .map(|drawing| {
                assert!(crossings_reference(drawing, links).is_empty());
                let (node, link) = gaps(drawing, links);
                node.min(link) * 2.0 * count as f64 / side(drawing)
            })
            .fold(0.0, f64::max)
    }

    #[test]
    fn the_gap_holds_for_trees_stars_paths_and_binary_trees() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        for count in [2, 3, 10, 501, 2000, 5000] {
            let random: Vec<Link> = (1..count).map(|i| (rng.random_range(0..i), i)).collect();
            let star: Vec<Link> = (1..count).map(|i| (0, i)).collect();
            let path: Vec<Link> = (1..count).map(|i| (i - 1, i)).collect();
            let binary: Vec<Link> = (1..count).map(|i| ((i - 1) / 2, i)).collect();
            for (name, links) in [
                ("random", random),
                ("star", star),
                ("path", path),
                ("binary", binary),
            ] {
                let gap = best_gap(count, &links);
                assert!(gap >= 1.0, "{name} tree of {count}: {gap:.3} × 1/(2n)");
            }
        }
    }

    /// The bound of the module's comment, checked on a caterpillar whose
    /// long links sit next to short ones: every gap at least
    /// slope / √(1 + slope²) units.
    #[test]
    fn every_gap_is_at_least_the_bound() {
        let mut links: Vec<Link> = (1..40).map(|i| (i - 1, i)).collect();
        links.extend((40..400).map(|i| (i % 40, i)));
        for (drawing, slope) in layered(400, &links).iter().zip(SLOPES) {
            let (node, link) = gaps(drawing, &links);
            let bound = slope / (1.0 + slope * slope).sqrt();
            assert!(
                node >= 1.0 && link >= bound - 1e-9,
                "{slope}: {node} {link}"
            );
        }
    }
}
