//! A disconnected graph drawn one component at a time, the drawings packed
//! in rows (docs/planar.md, "Drawing"). Drawn whole, a graph's components
//! are linked into one triangulation, and the small ones end up squeezed
//! between the big ones' triangles; apart, each keeps the gaps of its own
//! drawing.

use crate::geom::Point;
use crate::planar::crossing::Link;

/// The connected components of a graph on `count` nodes: each one's nodes
/// (ascending) and its links renumbered by their place in that list.
pub fn components(count: usize, links: &[Link]) -> Vec<(Vec<usize>, Vec<Link>)> {
    let mut neighbours = vec![Vec::new(); count];
    for &(a, b) in links {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut component = vec![usize::MAX; count];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for start in 0..count {
        if component[start] != usize::MAX {
            continue;
        }
        let id = parts.len();
        component[start] = id;
        let mut nodes = vec![start];
        let mut next = 0;
        while next < nodes.len() {
            let v = nodes[next];
            next += 1;
            for &w in &neighbours[v] {
                if component[w] == usize::MAX {
                    component[w] = id;
                    nodes.push(w);
                }
            }
        }
        nodes.sort_unstable();
        parts.push(nodes);
    }
    let mut local = vec![0; count];
    for nodes in &parts {
        for (i, &v) in nodes.iter().enumerate() {
            local[v] = i;
        }
    }
    let mut part_links = vec![Vec::new(); parts.len()];
    for &(a, b) in links {
        part_links[component[a]].push((local[a], local[b]));
    }
    parts.into_iter().zip(part_links).collect()
}

/// A drawn component: its nodes in the whole graph, their positions, and
/// the smallest gap of the drawing (node to node or node to link; infinite
/// for a lone node).
pub struct Part {
    pub nodes: Vec<usize>,
    pub drawing: Vec<Point>,
    pub gap: f64,
}

/// The parts' drawings side by side in rows, each scaled so that its gap is
/// at least one unit and its box at least `√(n · nodes) / 2` units on a
/// side (its share of the board's area for `n` nodes in all), boxes one
/// unit apart; nodes of two parts are then at least a unit apart too. The
/// rows are about as wide as the whole is tall.
pub fn pack(count: usize, parts: &[Part]) -> Vec<Point> {
    let share = (count as f64).sqrt() / 2.0;
    let boxes: Vec<(Point, f64, Point)> = parts
        .iter()
        .map(|part| {
            let (low, high) = frame(&part.drawing);
            let extent = (high.x - low.x).max(high.y - low.y);
            let wanted = share * (part.nodes.len() as f64).sqrt();
            let scale = if extent > 0.0 {
                (1.0 / part.gap).max(wanted / extent)
            } else {
                0.0
            };
            let size = (high - low) * scale;
            // A lone node (or nodes drawn at one point) in the middle of a
            // box of its share.
            let size = Point::new(size.x.max(wanted), size.y.max(wanted));
            (low, scale, size)
        })
        .collect();
    let area: f64 = boxes.iter().map(|b| (b.2.x + 1.0) * (b.2.y + 1.0)).sum();
    let widest = boxes.iter().map(|b| b.2.x).fold(0.0, f64::max);
    let width = area.sqrt().max(widest);
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by(|&a, &b| boxes[b].2.y.total_cmp(&boxes[a].2.y).then(a.cmp(&b)));
    let mut positions = vec![Point::new(0.0, 0.0); count];
    let (mut x, mut y, mut row) = (0.0, 0.0, 0.0f64);
    for index in order {
        let (low, scale, size) = boxes[index];
        if x > 0.0 && x + size.x > width {
            (x, y, row) = (0.0, y + row + 1.0, 0.0);
        }
        let (drawn_low, drawn_high) = frame(&parts[index].drawing);
        let drawn = (drawn_high - drawn_low) * scale;
        // Centred in its box.
        let corner = Point::new(x + (size.x - drawn.x) / 2.0, y + (size.y - drawn.y) / 2.0);
        for (&v, &p) in parts[index].nodes.iter().zip(&parts[index].drawing) {
            positions[v] = corner + (p - low) * scale;
        }
        x += size.x + 1.0;
        row = row.max(size.y);
    }
    positions
}

/// The lower left and upper right corners of the points' box.
fn frame(points: &[Point]) -> (Point, Point) {
    points.iter().fold(
        (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(low, high), p| {
            (
                Point::new(low.x.min(p.x), low.y.min(p.y)),
                Point::new(high.x.max(p.x), high.y.max(p.y)),
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_found_and_renumbered() {
        let parts = components(7, &[(0, 3), (3, 5), (1, 6)]);
        let nodes: Vec<&Vec<usize>> = parts.iter().map(|(nodes, _)| nodes).collect();
        assert_eq!(nodes, [&vec![0, 3, 5], &vec![1, 6], &vec![2], &vec![4]]);
        assert_eq!(parts[0].1, [(0, 1), (1, 2)]);
        assert_eq!(parts[1].1, [(0, 1)]);
    }

    /// Two parts and two lone nodes: every node of one part at least a unit
    /// from every node of another, and each part's own gap scaled to at
    /// least a unit.
    #[test]
    fn packed_parts_keep_their_gaps_and_stay_apart() {
        let square = vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
        ];
        let parts = [
            Part {
                nodes: vec![0, 1, 2, 3],
                drawing: square,
                gap: 2.0,
            },
            Part {
                nodes: vec![4, 5],
                drawing: vec![Point::new(5.0, 5.0), Point::new(5.0, 5.1)],
                gap: 0.1,
            },
            Part {
                nodes: vec![6],
                drawing: vec![Point::new(0.0, 0.0)],
                gap: f64::INFINITY,
            },
            Part {
                nodes: vec![7],
                drawing: vec![Point::new(0.0, 0.0)],
                gap: f64::INFINITY,
            },
        ];
        let positions = pack(8, &parts);
        for a in 0..8 {
            for b in 0..a {
                assert!(positions[a].dist(positions[b]) >= 1.0 - 1e-9, "{a} {b}");
            }
        }
    }
}
