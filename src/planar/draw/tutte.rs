//! Tutte's barycentric drawing of a disk: the rim on a circle, every other
//! node at the mean of its neighbours. With every inner face a triangle and
//! the rim strictly convex the drawing is plane (Tutte; Floater). It crowds
//! nodes far from the rim together, but it starts the relaxation much
//! nearer an even drawing than the grid drawing does for most graphs
//! (docs/planar.md, "Drawing").

use crate::geom::Point;

/// Positions for a disk triangulation (`neighbours` in rotation order,
/// `rim` the outer face's nodes in order) inside a circle of `radius`.
pub fn disk_drawing(neighbours: &[Vec<usize>], rim: &[usize], radius: f64) -> Vec<Point> {
    let count = neighbours.len();
    let mut at = vec![Point::new(0.0, 0.0); count];
    let mut fixed = vec![false; count];
    for (i, &v) in rim.iter().enumerate() {
        let angle = std::f64::consts::TAU * i as f64 / rim.len() as f64;
        at[v] = Point::new(radius * angle.cos(), radius * angle.sin());
        fixed[v] = true;
    }
    solve(neighbours, &fixed, &mut at);
    at
}

/// Conjugate gradients on the Laplacian of the free nodes, both
/// coordinates at once, from the positions given.
fn solve(neighbours: &[Vec<usize>], fixed: &[bool], at: &mut [Point]) {
    let count = neighbours.len();
    let zero = Point::new(0.0, 0.0);
    // Σ (x_v − x_w) over v's neighbours, for every free v. A fixed
    // neighbour counts at its place (the residual: b − L x = −that) or as
    // zero (L applied to a search direction, which leaves fixed nodes be).
    let laplacian = |x: &[Point], fixed_at_place: bool, out: &mut [Point]| {
        for v in 0..count {
            out[v] = zero;
            if fixed[v] {
                continue;
            }
            let mut sum = zero;
            for &w in &neighbours[v] {
                let other = if fixed[w] && !fixed_at_place {
                    zero
                } else {
                    x[w]
                };
                sum = sum + (x[v] - other);
            }
            out[v] = sum;
        }
    };
    let dot = |a: &[Point], b: &[Point]| {
        a.iter()
            .zip(b)
            .fold((0.0, 0.0), |(x, y), (p, q)| (x + p.x * q.x, y + p.y * q.y))
    };
    let mut r = vec![zero; count];
    laplacian(at, true, &mut r);
    for value in &mut r {
        *value = *value * -1.0;
    }
    let mut d = r.clone();
    let mut q = vec![zero; count];
    let mut rr = dot(&r, &r);
    let scale = dot(at, at);
    let done = |rr: (f64, f64)| rr.0 + rr.1 <= 1e-28 * (scale.0 + scale.1).max(1e-300);
    for _ in 0..4 * count + 100 {
        if done(rr) {
            break;
        }
        laplacian(&d, false, &mut q);
        let dq = dot(&d, &q);
        let alpha = (ratio(rr.0, dq.0), ratio(rr.1, dq.1));
        for v in 0..count {
            at[v] = at[v] + Point::new(d[v].x * alpha.0, d[v].y * alpha.1);
            r[v] = r[v] - Point::new(q[v].x * alpha.0, q[v].y * alpha.1);
        }
        let next = dot(&r, &r);
        let beta = (ratio(next.0, rr.0), ratio(next.1, rr.1));
        for v in 0..count {
            d[v] = r[v] + Point::new(d[v].x * beta.0, d[v].y * beta.1);
        }
        rr = next;
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        0.0
    }
}
