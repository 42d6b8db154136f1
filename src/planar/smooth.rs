//! Widening a triangulated drawing's thinnest triangles without losing its
//! plane-ness: each free node in turn moves to where the smallest altitude
//! of the triangles around it is largest, and only where every one of those
//! triangles keeps its orientation. A drawing of a triangulated disk whose
//! triangles all turn one way stays a plane drawing, so no crossing test is
//! needed and a sweep costs the sum of the degrees. Every gap of the
//! drawing (node to node, node to link) is at least the smallest altitude
//! of its triangles, so that is the number raised (docs/planar.md,
//! "Drawing").

use crate::geom::Point;

/// Twice the signed area of `a b c`.
fn turn(a: Point, b: Point, c: Point) -> f64 {
    (b - a).cross(c - a)
}

/// The squared smallest altitude of the triangle `p a b` times `sign`'s
/// orientation, or −1 when it turns the other way or is flat.
fn altitude_squared(p: Point, a: Point, b: Point, sign: f64) -> f64 {
    let area = sign * turn(p, a, b);
    if area <= 0.0 {
        return -1.0;
    }
    let (pa, pb, ab) = ((a - p).dot(a - p), (b - p).dot(b - p), (b - a).dot(b - a));
    area * area / pa.max(pb).max(ab)
}

/// The squared smallest altitude among the triangles around a node at `p`
/// with `ring` its neighbours in rotation order, −1 if one is flipped.
fn worst(p: Point, ring: &[usize], at: &[Point], sign: f64) -> f64 {
    let mut least = f64::INFINITY;
    for (i, &a) in ring.iter().enumerate() {
        let b = ring[(i + 1) % ring.len()];
        let h = altitude_squared(p, at[a], at[b], sign);
        if h < 0.0 {
            return -1.0;
        }
        least = least.min(h);
    }
    least
}

/// Up to `sweeps` rounds over the nodes not `fixed`: `neighbours` lists each
/// node's neighbours in rotation order, every two consecutive ones around a
/// free node making a triangle of the drawing `at` (a triangulated disk,
/// its rim fixed). A node whose thinnest triangle is `enough` wide stays.
/// Returns the sweeps made (it stops when no node moved).
pub fn widen(
    at: &mut [Point],
    neighbours: &[Vec<usize>],
    fixed: &[bool],
    sweeps: usize,
    enough: f64,
) -> usize {
    let Some(sign) = orientation(at, neighbours, fixed) else {
        return 0;
    };
    const H: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const DIRECTIONS: [(f64, f64); 8] = [
        (1.0, 0.0),
        (H, H),
        (0.0, 1.0),
        (-H, H),
        (-1.0, 0.0),
        (-H, -H),
        (0.0, -1.0),
        (H, -H),
    ];
    for sweep in 0..sweeps {
        let mut moved = 0usize;
        for v in 0..at.len() {
            let ring = &neighbours[v];
            if fixed[v] || ring.len() < 3 {
                continue;
            }
            let mut here = at[v];
            let mut best = worst(here, ring, at, sign);
            if best < 0.0 || best >= enough * enough {
                // Flat or flipped from the start (left to verification), or
                // wide enough.
                continue;
            }
            // Steps from a third of the distance to the nearest neighbour,
            // halved when no direction widens the worst triangle.
            let nearest = ring
                .iter()
                .map(|&w| here.dist(at[w]))
                .fold(f64::INFINITY, f64::min);
            let mut step = nearest / 3.0;
            let (mut halvings, mut rounds) = (0, 0);
            while halvings < 3 && rounds < 8 {
                rounds += 1;
                let mut improved = None;
                for (dx, dy) in DIRECTIONS {
                    let p = here + Point::new(dx, dy) * step;
                    let h = worst(p, ring, at, sign);
                    if h > best {
                        best = h;
                        improved = Some(p);
                    }
                }
                match improved {
                    Some(p) => here = p,
                    None => {
                        step *= 0.5;
                        halvings += 1;
                    }
                }
            }
            if here != at[v] {
                at[v] = here;
                moved += 1;
            }
        }
        if moved == 0 {
            return sweep + 1;
        }
    }
    sweeps
}

/// The way the triangles of a drawing turn, read from the first free node's
/// first triangle that is not flat.
fn orientation(at: &[Point], neighbours: &[Vec<usize>], fixed: &[bool]) -> Option<f64> {
    (0..at.len())
        .filter(|&v| !fixed[v] && neighbours[v].len() >= 3)
        .map(|v| turn(at[v], at[neighbours[v][0]], at[neighbours[v][1]]))
        .find(|&t| t != 0.0)
        .map(f64::signum)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square with a node off its centre, linked to the four corners:
    /// widening moves it to the centre's neighbourhood and keeps the four
    /// triangles turning one way.
    #[test]
    fn a_node_moves_where_its_thinnest_triangle_is_widest() {
        let mut at = vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 1.0),
            Point::new(0.9, 0.05),
        ];
        let mut neighbours = vec![Vec::new(); 5];
        neighbours[4] = vec![0, 1, 2, 3];
        let fixed = [true, true, true, true, false];
        let before = worst(at[4], &neighbours[4], &at, 1.0);
        widen(&mut at, &neighbours, &fixed, 50, f64::INFINITY);
        let after = worst(at[4], &neighbours[4], &at, 1.0);
        assert!(after > before * 10.0, "{before} → {after}");
        assert!(at[4].dist(Point::new(0.5, 0.5)) < 0.05, "{:?}", at[4]);
    }

    /// A flipped triangle is never accepted: a move that crosses a
    /// neighbour's link is refused however wide its triangles would be.
    #[test]
    fn orientation_is_kept() {
        let at = [
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.5, 1.0),
        ];
        assert!(altitude_squared(Point::new(0.5, 0.3), at[0], at[1], -1.0) < 0.0);
        assert!(altitude_squared(Point::new(0.5, -0.3), at[0], at[1], -1.0) > 0.0);
        assert!(altitude_squared(Point::new(0.5, 0.0), at[0], at[1], 1.0) < 0.0);
    }
}
