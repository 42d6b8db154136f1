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
    let d3 = orientation(p, q, r);
    let d4 = orientation(p, q, s);
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

/// The same pairs, in the same order, through a uniform grid over the links'
/// bounding boxes: only links that share a cell are tested.
pub fn crossings(positions: &[Point], links: &[Link]) -> Vec<(usize, usize)> {
    if links.len() < 64 {
        return crossings_reference(positions, links);
    }
    let (mut min, mut max) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    let mut total_length = 0.0;
    for &(a, b) in links {
        for point in [positions[a], positions[b]] {
            min = Point::new(min.x.min(point.x), min.y.min(point.y));
            max = Point::new(max.x.max(point.x), max.y.max(point.y));
        }
        total_length += positions[a].dist(positions[b]);
    }
    let extent = (max.x - min.x).max(max.y - min.y).max(1e-9);
    // Cells about the size of an average link, at most a few per link.
    let average = (total_length / links.len() as f64).max(extent / 4096.0);
    let columns = ((extent / average).ceil() as usize).clamp(1, 4096);
    let size = extent / columns as f64;
    let cell = |value: f64, origin: f64| (((value - origin) / size) as usize).min(columns - 1);
    let mut grid: std::collections::HashMap<(usize, usize), Vec<usize>> =
        std::collections::HashMap::new();
    for (index, &(a, b)) in links.iter().enumerate() {
        let (p, q) = (positions[a], positions[b]);
        for x in cell(p.x.min(q.x), min.x)..=cell(p.x.max(q.x), min.x) {
            for y in cell(p.y.min(q.y), min.y)..=cell(p.y.max(q.y), min.y) {
                grid.entry((x, y)).or_default().push(index);
            }
        }
    }
    let mut found = std::collections::HashSet::new();
    // A link whose two ends are stacked crosses every link it shares no node
    // with, wherever that link is: the grid cannot see those pairs.
    for (index, &(a, b)) in links.iter().enumerate() {
        if positions[a] == positions[b] {
            for other in 0..links.len() {
                let pair = (index.min(other), index.max(other));
                if other != index && crossed(positions, links[pair.0], links[pair.1]) {
                    found.insert(pair);
                }
            }
        }
    }
    for members in grid.values() {
        for (position, &j) in members.iter().enumerate() {
            for &i in &members[..position] {
                let pair = (i.min(j), i.max(j));
                if !found.contains(&pair) && crossed(positions, links[pair.0], links[pair.1]) {
                    found.insert(pair);
                }
            }
        }
    }
    let mut found: Vec<(usize, usize)> = found.into_iter().collect();
    found.sort_by_key(|&(i, j)| (j, i));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_crossing_point() {
        let square = at(&[(0.0, 0.0), (2.0, 2.0), (0.0, 2.0), (2.0, 0.0)]);
        assert_eq!(
            crossing_point(&square, (0, 1), (2, 3)),
            Point::new(1.0, 1.0)
        );
    }
}
