//! Widening a triangulated drawing's thin triangles without losing its
//! plane-ness: each free node in turn moves to where the triangles around it
//! are widest — the sum over them of one over the squared smallest altitude
//! is least — and only where every one of them keeps its orientation. A
//! drawing of a triangulated disk whose triangles all turn one way stays a
//! plane drawing, so no crossing test is needed and a sweep costs the sum of
//! the degrees. Every gap of the drawing (node to node, node to link) is at
//! least the smallest altitude of its triangles, so that is the number
//! raised; `spread_out` evens the drawing out under the same rule
//! (docs/planar.md, "Drawing").

use super::gaps::Nodes;
use super::ring::Ring;
use super::springs::{Spreading, Springs};
use super::sweep::{self, Shared};
use crate::geom::Point;
use crate::planar::crossing::{Buckets, Cells, Link};
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

const H: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// The eight directions a pattern search tries.
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

/// A pattern search (`widen`'s and `separate`'s): from a point, a step
/// in each of the eight directions, moving to the best that scores above
/// the point's own score, halving the step when none does.
struct Search {
    step: f64,
    /// Stops after this many halvings,
    halvings: usize,
    /// this many rounds,
    rounds: usize,
    /// or once the score reaches this.
    enough: f64,
}

impl Search {
    /// Where the search from `start` (scoring `best`) ends; `score(p,
    /// best)` is `None` where the point may not go, and may be `None` too
    /// where it would not score above `best` (so it can stop early).
    fn run(
        &self,
        start: Point,
        mut best: f64,
        mut score: impl FnMut(Point, f64) -> Option<f64>,
    ) -> Point {
        let (mut here, mut step) = (start, self.step);
        let (mut halvings, mut rounds) = (0, 0);
        while halvings < self.halvings && rounds < self.rounds && best < self.enough {
            rounds += 1;
            let mut improved = None;
            for (dx, dy) in DIRECTIONS {
                let p = here + Point::new(dx, dy) * step;
                if let Some(value) = score(p, best).filter(|&value| value > best) {
                    best = value;
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
        here
    }
}

/// Twice the signed area of `a b c`.
fn turn(a: Point, b: Point, c: Point) -> f64 {
    (b - a).cross(c - a)
}

/// The squared smallest altitude of the triangle `p a b` times `sign`'s
/// orientation, or −1 when it turns the other way or is flat.
pub(super) fn altitude_squared(p: Point, a: Point, b: Point, sign: f64) -> f64 {
    let area = sign * turn(p, a, b);
    if area <= 0.0 {
        return -1.0;
    }
    let (pa, pb, ab) = ((a - p).dot(a - p), (b - p).dot(b - p), (b - a).dot(b - a));
    area * area / pa.max(pb).max(ab)
}

/// The smallest squared altitude of the triangles around a node at `p`,
/// `ring` its neighbours in rotation order, or −1 if one is flat or
/// flipped.
fn thinnest(p: Point, ring: &[usize], at: &[Point], sign: f64) -> f64 {
    let mut least = f64::INFINITY;
    for (i, &a) in ring.iter().enumerate() {
        let h = altitude_squared(p, at[a], at[ring[(i + 1) % ring.len()]], sign);
        if h <= 0.0 {
            return -1.0;
        }
        least = least.min(h);
    }
    least
}

/// Up to `sweeps` rounds over the nodes not `fixed`: `neighbours` lists each
/// node's neighbours in rotation order, every two consecutive ones around a
/// free node making a triangle of the drawing `at` (a triangulated disk,
/// its rim fixed). A node whose triangles are `enough` wide (by
/// `Ring::worst`) stays. It stops early when no node moved. Each round is
/// shared by `threads` threads (at most `sweep::THREADS`) with the same
/// result as one.
pub fn widen(
    at: &mut [Point],
    neighbours: &[Vec<usize>],
    fixed: &[bool],
    sweeps: usize,
    enough: f64,
    threads: usize,
) {
    let Some(sign) = orientation(at, neighbours, fixed) else {
        return;
    };
    let count = at.len();
    let shared = Shared::new(at);
    // The search from a node depends only on where it and its ring are, so
    // a node that stayed is searched again only once one of its ring has
    // moved: the same drawing, for a fraction of the searches once most
    // nodes have settled. Both count node visits from 1 (0: never): the
    // visit of `v` in round `s` is `s * count + v + 1`.
    let moved_at: Vec<AtomicUsize> = (0..count).map(|_| AtomicUsize::new(0)).collect();
    let stayed_at: Vec<AtomicUsize> = (0..count).map(|_| AtomicUsize::new(0)).collect();
    let mut states: Vec<(Ring, usize)> = (0..threads).map(|_| Default::default()).collect();
    // A node reads only its ring, and writes only itself.
    let interacts = |u: usize, v: usize| neighbours[v].contains(&u);
    for round in 0..sweeps {
        states.iter_mut().for_each(|state| state.1 = 0);
        sweep::in_order(count, &mut states, interacts, |v, (gathered, moved)| {
            let visit = round * count + v + 1;
            let ring = &neighbours[v];
            if fixed[v] || ring.len() < 3 {
                return;
            }
            let stayed = stayed_at[v].load(Relaxed);
            if stayed > 0 && ring.iter().all(|&w| moved_at[w].load(Relaxed) < stayed) {
                return;
            }
            stayed_at[v].store(visit, Relaxed);
            let start = shared.get(v);
            gathered.gather(ring.iter().map(|&w| shared.get(w)), sign, None);
            let best = gathered.worst(start);
            if best < 0.0 || best >= enough * enough {
                // Flat or flipped from the start (left to verification), or
                // wide enough.
                return;
            }
            // Steps from a third of the distance to the nearest neighbour,
            // halved when no direction widens the triangles.
            let nearest = ring
                .iter()
                .map(|&w| start.dist(shared.get(w)))
                .fold(f64::INFINITY, f64::min);
            let search = Search {
                step: nearest / 3.0,
                halvings: 3,
                rounds: 8,
                enough: f64::INFINITY,
            };
            // The bound changes only when a place scores above it.
            let mut cut = (best, Ring::cut(best, true));
            let here = search.run(start, best, |p, best| {
                if cut.0 != best {
                    cut = (best, Ring::cut(best, true));
                }
                gathered.above_cut(p, best, true, cut.1)
            });
            if here != start {
                shared.set(v, here);
                moved_at[v].store(visit, Relaxed);
                stayed_at[v].store(0, Relaxed);
                *moved += 1;
            }
        });
        if states.iter().all(|state| state.1 == 0) {
            break;
        }
    }
    shared.write_to(at);
}

/// How long `spread_out` runs: `sweeps` rounds, a node's step at most the
/// spring length in the first and `cooling` times the last one's in each
/// after it.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub sweeps: usize,
    pub cooling: f64,
}

/// A spring embedder on the graph's own `links` (links pull, nodes within
/// two spring lengths push) over a triangulated disk drawing as `widen`
/// takes it, on `schedule`: a node moves only where every triangle around it keeps its
/// orientation and they stay at least `floor` wide by `Ring::worst` (or as
/// wide as before). The nodes of `rim` (in order around a circle about the
/// origin, fixed for `widen`) move too, as long as the rim stays simple
/// (up to `FREE_RIM` nodes; on a longer rim they slide along the circle
/// between their rim neighbours). So the drawing stays plane, with no
/// crossing test but the rim's. Each round over the free nodes is shared
/// by `threads` threads (at most `sweep::THREADS`) with the same result as
/// one; the rim's nodes move on one.
#[allow(clippy::too_many_arguments)]
pub fn spread_out(
    at: &mut [Point],
    links: &[Link],
    neighbours: &[Vec<usize>],
    fixed: &[bool],
    schedule: Schedule,
    floor: f64,
    rim: &[usize],
    threads: usize,
) {
    let count = at.len();
    let Some(sign) = orientation(at, neighbours, fixed) else {
        return;
    };
    // Rim nodes move as the springs pull them while the rim crosses itself
    // nowhere, which a move checks against every rim link; on a longer rim
    // they slide along their circle between their rim neighbours instead,
    // which keeps it convex. Either way their triangles but the outer face
    // keep their orientation.
    let free = rim.len() <= FREE_RIM;
    let radius = rim.first().map_or(0.0, |&v| at[v].norm());
    let sliding = rim_openings(rim, neighbours);
    let mut linked = vec![Vec::new(); count];
    for &(a, b) in links {
        linked[a].push(b);
        linked[b].push(a);
    }
    let grid = Cells::over(at, count);
    let k = grid.size();
    let springs = Springs {
        grid,
        k,
        linked: &linked,
    };
    let mut temperature = k;
    let mut cells = Buckets::default();
    let mut gathered = Ring::default();
    let mut states: Vec<Ring> = (0..threads).map(|_| Ring::default()).collect();
    let spreading = Spreading {
        springs: &springs,
        neighbours,
        fixed,
        sign,
        floor,
    };
    for _ in 0..schedule.sweeps {
        cells.fill(&grid, at);
        spreading.round(at, &cells, temperature, &mut states);
        for &(i, before, after, open) in &sliding {
            let v = rim[i];
            let ring = &neighbours[v];
            let p = at[v];
            let force = springs.force(v, |w| at[w], &cells);
            let length = force.norm();
            gathered.gather(ring.iter().map(|&w| at[w]), sign, Some(open));
            let before_score = gathered.worst(p);
            if before_score < 0.0 || length <= 0.0 || length.is_nan() {
                continue;
            }
            let least = before_score.min(floor * floor);
            let angle = p.y.atan2(p.x);
            let along = force.dot(Point::new(-angle.sin(), angle.cos()));
            let mut fraction = 1.0;
            for _ in 0..4 {
                let to = if free {
                    p + force * (fraction * temperature.min(length) / length)
                } else {
                    let turned = angle + fraction * along.clamp(-temperature, temperature) / radius;
                    Point::new(radius * turned.cos(), radius * turned.sin())
                };
                let apart = to.dist(at[before]) > 1e-3 * k && to.dist(at[after]) > 1e-3 * k;
                let simple = if free {
                    rim_stays_simple(at, rim, i, to)
                } else {
                    // Strictly between its rim neighbours on the circle.
                    turn(at[before], to, at[after]) * turn(at[before], p, at[after]) > 0.0
                };
                if apart && simple && gathered.above(to, least, false).is_some() {
                    at[v] = to;
                    break;
                }
                fraction *= 0.5;
            }
        }
        temperature *= schedule.cooling;
    }
}

/// For each rim node that can move (rims of 4 nodes and more): its place on
/// the rim, its rim neighbours before and after it, and the place in its
/// ring of neighbours where the outer face opens.
fn rim_openings(rim: &[usize], neighbours: &[Vec<usize>]) -> Vec<(usize, usize, usize, usize)> {
    if rim.len() < 4 {
        return Vec::new();
    }
    (0..rim.len())
        .filter_map(|i| {
            let (v, before, after) = (
                rim[i],
                rim[(i + rim.len() - 1) % rim.len()],
                rim[(i + 1) % rim.len()],
            );
            let ring = &neighbours[v];
            let open = (0..ring.len()).find(|&j| {
                let (a, b) = (ring[j], ring[(j + 1) % ring.len()]);
                (a == before && b == after) || (a == after && b == before)
            })?;
            Some((i, before, after, open))
        })
        .collect()
}

/// Moves apart the free nodes nearer another node than `apart`, which
/// spreading leaves where the drawing is crowded (the middle of Tutte's):
/// each such node moves where its nearest node is farthest, found by a
/// pattern search as `widen`'s, and only where every triangle around it
/// keeps its orientation and a smallest altitude of at least `gap` (or
/// what its thinnest had before). Up to `passes` rounds, stopping when none
/// is that near. A node's move changes no other pair's distance, so the
/// smallest distance of the drawing never shrinks, and neither does its
/// smallest altitude below `gap` (docs/planar.md, "Drawing").
pub fn separate(
    at: &mut [Point],
    neighbours: &[Vec<usize>],
    fixed: &[bool],
    apart: f64,
    gap: f64,
    passes: usize,
) {
    let Some(sign) = orientation(at, neighbours, fixed) else {
        return;
    };
    // Also a NaN distance (a drawing with no links has no mean length).
    if apart.is_nan() || apart <= 0.0 {
        return;
    }
    // Where the nodes are, for each one's distance to its nearest.
    let mut nodes = Nodes::new(at);
    for _ in 0..passes {
        let crowded: Vec<usize> = (0..at.len())
            .filter(|&v| !fixed[v] && neighbours[v].len() >= 3)
            .filter(|&v| nodes.nearest_but(v, at[v], at, apart) < apart)
            .collect();
        if crowded.is_empty() {
            return;
        }
        let mut moved = false;
        for v in crowded {
            let ring = &neighbours[v];
            let start = at[v];
            let before = thinnest(start, ring, at, sign);
            if before < 0.0 {
                continue;
            }
            let least = before.min(gap * gap);
            let search = Search {
                step: apart / 2.0,
                halvings: 4,
                rounds: 12,
                enough: apart,
            };
            let nearest = |p: Point| nodes.nearest_but(v, p, at, apart);
            let here = search.run(start, nearest(start), |p, _| {
                (thinnest(p, ring, at, sign) >= least).then(|| nearest(p))
            });
            if here != start {
                nodes.moved(v, start, here);
                at[v] = here;
                moved = true;
            }
        }
        if !moved {
            return;
        }
    }
}

/// The longest rim whose nodes move freely in `spread_out`: checking a
/// move costs the rim's length (docs/planar.md, "Drawing").
const FREE_RIM: usize = 128;

/// Whether the rim, with its `i`-th node moved `to`, still neither crosses
/// nor touches itself: neither new rim link meets a rim link it does not
/// share a node with. With every inner triangle turning one way, a simple
/// rim keeps the whole drawing plane.
fn rim_stays_simple(at: &[Point], rim: &[usize], i: usize, to: Point) -> bool {
    let n = rim.len();
    let meets = |a: Point, b: Point, c: Point, d: Point| {
        turn(a, b, c) * turn(a, b, d) <= 0.0 && turn(c, d, a) * turn(c, d, b) <= 0.0
    };
    let (before, after) = ((i + n - 1) % n, (i + 1) % n);
    (0..n).all(|j| {
        let next = (j + 1) % n;
        let (c, d) = (at[rim[j]], at[rim[next]]);
        let clear_of = |end: usize| j == end || next == end || j == i || next == i;
        (clear_of(before) || !meets(at[rim[before]], to, c, d))
            && (clear_of(after) || !meets(to, at[rim[after]], c, d))
    })
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

    /// `sweeps` rounds on the untangler's usual cooling.
    fn schedule(sweeps: usize) -> Schedule {
        Schedule {
            sweeps,
            cooling: 0.97,
        }
    }

    /// A square with a node off its centre, linked to the four corners:
    /// widening moves it to the centre's neighbourhood and keeps the four
    /// triangles turning one way.
    #[test]
    fn a_node_moves_where_its_triangles_are_widest() {
        let mut at = in_unit_square(&[Point::new(0.9, 0.05)]);
        let mut neighbours = vec![Vec::new(); 5];
        neighbours[4] = vec![0, 1, 2, 3];
        let fixed = [true, true, true, true, false];
        let worst = |at: &[Point]| {
            let mut gathered = Ring::default();
            gathered.gather(neighbours[4].iter().map(|&w| at[w]), 1.0, None);
            gathered.worst(at[4])
        };
        let before = worst(&at);
        widen(&mut at, &neighbours, &fixed, 50, f64::INFINITY, 1);
        let after = worst(&at);
        assert!(after > before * 10.0, "{before} → {after}");
        assert!(at[4].dist(Point::new(0.5, 0.5)) < 0.05, "{:?}", at[4]);
    }

    /// The sum over the triangles around free nodes of one over their
    /// squared smallest altitude (each counted once per free corner), and
    /// whether they all turn one way.
    fn energy(at: &[Point], neighbours: &[Vec<usize>], fixed: &[bool]) -> (f64, bool) {
        let (mut sum, mut turns) = (0.0, std::collections::HashSet::new());
        for v in (0..at.len()).filter(|&v| !fixed[v]) {
            let ring = &neighbours[v];
            for (i, &a) in ring.iter().enumerate() {
                let b = ring[(i + 1) % ring.len()];
                let area = turn(at[v], at[a], at[b]);
                turns.insert(area > 0.0);
                sum += 1.0 / altitude_squared(at[v], at[a], at[b], area.signum());
            }
        }
        (sum, turns.len() == 1)
    }

    /// Tutte's drawing of a planar graph's disk triangulation: each node's
    /// neighbours in rotation order, the rim, which nodes are on it, and
    /// the positions.
    struct Start {
        disk: Vec<Vec<usize>>,
        rim: Vec<usize>,
        fixed: Vec<bool>,
        at: Vec<Point>,
    }

    fn tutte_start(count: usize, links: &[Link]) -> Start {
        use crate::planar::draw::{grid, tutte};
        use crate::planar::lr;
        let rotation = lr::embed(count, links).expect("planar");
        let (disk, rim) = grid::disk_triangulation(&rotation);
        let mut fixed = vec![false; count];
        rim.iter().for_each(|&v| fixed[v] = true);
        let at = tutte::disk_drawing(&disk, &rim, 15.0);
        Start {
            disk,
            rim,
            fixed,
            at,
        }
    }

    /// Whether the drawing of the whole triangulation, checked exactly, has
    /// no crossing and no node on a link.
    fn triangulation_is_plane(start: &Start) -> bool {
        let disk = &start.disk;
        let triangulation: Vec<Link> = (0..disk.len())
            .flat_map(|v| {
                disk[v]
                    .iter()
                    .filter(move |&&w| v < w)
                    .map(move |&w| (v, w))
            })
            .collect();
        crate::planar::draw::embed::verified(&start.at, &triangulation)
    }

    /// The unit square's corners, then `inner`.
    fn in_unit_square(inner: &[Point]) -> Vec<Point> {
        let mut at = vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 1.0),
        ];
        at.extend_from_slice(inner);
        at
    }

    /// On Tutte's drawings of stacked triangulations (the deepest nesting,
    /// nodes 10^-9 apart), widening lowers the sum it descends and keeps
    /// every triangle turning one way, and so does spreading.
    #[test]
    fn widening_and_spreading_keep_the_drawing_plane() {
        use crate::planar::families;
        use rand::SeedableRng;
        for seed in 0..6 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let count = 40 + 20 * seed as usize;
            let links = families::stacked(count, &mut rng);
            let Start {
                disk,
                rim,
                fixed,
                mut at,
            } = tutte_start(count, &links);
            let (before, plane) = energy(&at, &disk, &fixed);
            assert!(plane);
            widen(&mut at, &disk, &fixed, 60, f64::INFINITY, 1);
            let (widened, plane) = energy(&at, &disk, &fixed);
            assert!(plane && widened < before, "{before} → {widened}");
            spread_out(&mut at, &links, &disk, &fixed, schedule(50), 1e-3, &rim, 1);
            assert!(energy(&at, &disk, &fixed).1);
        }
    }

    /// Widening and spreading on two threads move every node where one
    /// thread does, to the bit: on Tutte's drawings of a generated level
    /// and of a stacked triangulation (hundreds of nodes in one cell of
    /// its crowded middle).
    #[test]
    fn two_threads_widen_and_spread_as_one_does() {
        use crate::planar::generate::{generate, Method};
        use crate::planar::{families, lr};
        use rand::SeedableRng;
        let level = generate(596, 3, Method::Model);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let graphs = [
            (level.positions.len(), lr::simple(&level.links)),
            (800, families::stacked(800, &mut rng)),
        ];
        for (count, links) in graphs {
            let start = tutte_start(count, &links);
            let run = |threads: usize| {
                let mut at = start.at.clone();
                let (disk, fixed, rim) = (&start.disk, &start.fixed, &start.rim);
                widen(&mut at, disk, fixed, 20, f64::INFINITY, threads);
                spread_out(
                    &mut at,
                    &links,
                    disk,
                    fixed,
                    schedule(20),
                    1e-3,
                    rim,
                    threads,
                );
                widen(&mut at, disk, fixed, 20, f64::INFINITY, threads);
                at.iter()
                    .map(|p| (p.x.to_bits(), p.y.to_bits()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(run(1), run(2), "{count} nodes");
        }
    }

    /// On generated levels, whose rims are short enough to move freely,
    /// spreading keeps the triangulation plane: every link of it, checked
    /// exactly, crosses none and passes through no node.
    #[test]
    fn spreading_with_a_free_rim_keeps_the_drawing_plane() {
        use crate::planar::generate::{generate, Method};
        use crate::planar::lr;
        for seed in 1..=4 {
            let level = generate(96, seed, Method::Model);
            let links = lr::simple(&level.links);
            let mut start = tutte_start(level.positions.len(), &links);
            let Start {
                rim,
                disk,
                fixed,
                at,
            } = &mut start;
            assert!((4..=FREE_RIM).contains(&rim.len()));
            let before: Vec<Point> = rim.iter().map(|&v| at[v]).collect();
            spread_out(at, &links, disk, fixed, schedule(50), 1e-3, rim, 1);
            assert!(
                rim.iter().zip(&before).any(|(&v, &p)| at[v].dist(p) > 1e-6),
                "the rim moved"
            );
            assert!(triangulation_is_plane(&start), "seed {seed}");
        }
    }

    /// Two nodes in the middle of a square, a tenth apart, each linked to
    /// the other and to the corners: separating moves them apart as far as
    /// asked and keeps the six triangles turning one way.
    #[test]
    fn crowded_nodes_are_moved_apart() {
        let mut at = in_unit_square(&[Point::new(0.45, 0.5), Point::new(0.55, 0.5)]);
        let mut neighbours = vec![Vec::new(); 6];
        neighbours[4] = vec![0, 5, 2, 3];
        neighbours[5] = vec![1, 2, 4, 0];
        let fixed = [true, true, true, true, false, false];
        assert!(energy(&at, &neighbours, &fixed).1);
        separate(&mut at, &neighbours, &fixed, 0.35, 0.0, 8);
        assert!(at[4].dist(at[5]) >= 0.35, "{:?} {:?}", at[4], at[5]);
        assert!(energy(&at, &neighbours, &fixed).1);
    }

    /// On Tutte's drawings of generated levels and of stacked
    /// triangulations (crowded in the middle), separating never lowers the
    /// smallest node–node distance and keeps the triangulation plane,
    /// checked exactly; on the levels it leaves fewer nodes crowded.
    #[test]
    fn separating_keeps_the_drawing_plane() {
        use crate::planar::generate::{generate, Method};
        use crate::planar::{families, lr};
        use rand::SeedableRng;
        let smallest = |at: &[Point]| {
            let mut least = f64::INFINITY;
            for a in 0..at.len() {
                for b in 0..a {
                    least = least.min(at[a].dist(at[b]));
                }
            }
            least
        };
        let crowded = |at: &[Point], apart: f64| {
            (0..at.len())
                .filter(|&a| (0..at.len()).any(|b| a != b && at[a].dist(at[b]) < apart))
                .count()
        };
        for seed in 1..=4 {
            let (count, links) = if seed % 2 == 0 {
                let level = generate(150, seed, Method::Model);
                (level.positions.len(), lr::simple(&level.links))
            } else {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                (120, families::stacked(120, &mut rng))
            };
            let mut start = tutte_start(count, &links);
            let Start {
                disk, fixed, at, ..
            } = &mut start;
            let apart = 0.5;
            let (least, many) = (smallest(at), crowded(at, apart));
            separate(at, disk, fixed, apart, 1e-3, 8);
            assert!(smallest(at) >= least, "seed {seed}");
            // A stacked triangulation nests its nodes in ever smaller
            // triangles: there the distance is only kept.
            if seed % 2 == 0 {
                assert!(crowded(at, apart) < many, "seed {seed}: {many} crowded");
            }
            assert!(triangulation_is_plane(&start), "seed {seed}");
        }
    }

    /// A rim node may not move across the far side of its rim.
    #[test]
    fn a_rim_move_that_crosses_the_rim_is_refused() {
        let at = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        let rim = [0, 1, 2, 3];
        assert!(rim_stays_simple(&at, &rim, 2, Point::new(3.0, 3.0)));
        assert!(!rim_stays_simple(&at, &rim, 2, Point::new(2.0, -1.0)));
        assert!(!rim_stays_simple(&at, &rim, 2, Point::new(-1.0, 2.0)));
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
