//! Positions without crossings for a puzzle: the generator's own solution
//! when the puzzle is a generated level, otherwise a search that moves nodes
//! until no links cross; and the reasons a graph can have no such drawing.

use super::crossing::{crossings, Link};
use super::generate::{generate, Method};
use crate::geom::Point;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug, PartialEq)]
pub enum Untangled {
    Positions(Vec<Point>),
    /// No drawing without crossings exists, and why.
    NotPlanar(String),
    /// The search ran out of moves; the best drawing it found.
    GaveUp {
        positions: Vec<Point>,
        crossings: usize,
    },
}

/// Untangles `links` on `positions`; `level` and `seed` identify a generated level.
pub fn untangle(
    positions: &[Point],
    links: &[Link],
    level: Option<u32>,
    seed: Option<u64>,
) -> Untangled {
    if let (Some(level), Some(seed)) = (level, seed) {
        for method in [Method::Model, Method::Lines] {
            let generated = generate(level, seed, method);
            if generated.solution.len() == positions.len() && same_links(&generated.links, links) {
                return Untangled::Positions(generated.solution);
            }
        }
    }
    if let Some(reason) = not_planar(positions.len(), links) {
        return Untangled::NotPlanar(reason);
    }
    search(positions, links)
}

fn normalized(links: &[Link]) -> Vec<Link> {
    let mut links: Vec<Link> = links.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    links.sort_unstable();
    links
}

fn same_links(a: &[Link], b: &[Link]) -> bool {
    normalized(a) == normalized(b)
}

/// Reasons a graph cannot be drawn without crossings: too many links for
/// Euler's formula, or a K5 or K3,3 among its nodes.
pub fn not_planar(count: usize, links: &[Link]) -> Option<String> {
    let links = normalized(links);
    if count >= 3 && links.len() > 3 * count - 6 {
        return Some(format!(
            "it has {} links, but a planar graph on {count} nodes has at most 3n - 6 = {}",
            links.len(),
            3 * count - 6
        ));
    }
    let mut adjacent = vec![vec![false; count]; count];
    for &(a, b) in &links {
        adjacent[a][b] = true;
        adjacent[b][a] = true;
    }
    if count <= 40 {
        if let Some(k5) = find_k5(&adjacent) {
            return Some(format!("nodes {k5:?} are all linked to each other (a K5)"));
        }
    }
    if count <= 16 {
        if let Some((left, right)) = find_k33(&adjacent) {
            return Some(format!(
                "each of nodes {left:?} is linked to each of {right:?} (a K3,3)"
            ));
        }
    }
    None
}

fn find_k5(adjacent: &[Vec<bool>]) -> Option<[usize; 5]> {
    let count = adjacent.len();
    let mut chosen = Vec::new();
    fn extend(adjacent: &[Vec<bool>], start: usize, chosen: &mut Vec<usize>) -> bool {
        if chosen.len() == 5 {
            return true;
        }
        for next in start..adjacent.len() {
            if chosen.iter().all(|&c| adjacent[c][next]) {
                chosen.push(next);
                if extend(adjacent, next + 1, chosen) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
    (count >= 5 && extend(adjacent, 0, &mut chosen))
        .then(|| [chosen[0], chosen[1], chosen[2], chosen[3], chosen[4]])
}

fn find_k33(adjacent: &[Vec<bool>]) -> Option<([usize; 3], [usize; 3])> {
    let count = adjacent.len();
    let triples: Vec<[usize; 3]> = (0..count)
        .flat_map(|a| (a + 1..count).flat_map(move |b| (b + 1..count).map(move |c| [a, b, c])))
        .collect();
    for left in &triples {
        let common: Vec<usize> = (0..count)
            .filter(|node| !left.contains(node) && left.iter().all(|&l| adjacent[l][*node]))
            .collect();
        if common.len() >= 3 {
            return Some((*left, [common[0], common[1], common[2]]));
        }
    }
    None
}

/// Moves nodes, one at a time, to where they cross fewer links: to the
/// middle of their neighbours or to random places, keeping each move that
/// does not add crossings; restarts from the given layout a few times.
fn search(start: &[Point], links: &[Link]) -> Untangled {
    let count = start.len();
    let mut rng = ChaCha8Rng::seed_from_u64(0x756e_7461_6e67_6c65);
    let mut neighbours = vec![Vec::new(); count];
    for &(a, b) in links {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut best = (start.to_vec(), crossings(start, links).len());
    for _restart in 0..8 {
        let mut positions = best.0.clone();
        let mut current = best.1;
        for _ in 0..4000 {
            if current == 0 {
                break;
            }
            let node = rng.random_range(0..count);
            let old = positions[node];
            let candidate = if !neighbours[node].is_empty() && rng.random_bool(0.5) {
                let sum = neighbours[node]
                    .iter()
                    .fold(Point::new(0.0, 0.0), |sum, &n| sum + positions[n]);
                let centre = sum * (1.0 / neighbours[node].len() as f64);
                centre + Point::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0))
            } else {
                Point::new(rng.random_range(-16.0..16.0), rng.random_range(-16.0..16.0))
            };
            positions[node] = round(candidate);
            let after = crossings(&positions, links).len();
            if after <= current {
                current = after;
            } else {
                positions[node] = old;
            }
        }
        if current < best.1 {
            best = (positions, current);
        }
        if best.1 == 0 {
            return Untangled::Positions(best.0);
        }
    }
    Untangled::GaveUp {
        positions: best.0,
        crossings: best.1,
    }
}

fn round(point: Point) -> Point {
    Point::new(
        (point.x * 100.0).round() / 100.0,
        (point.y * 100.0).round() / 100.0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::crossing::crossings_reference;

    fn complete(count: usize) -> Vec<Link> {
        (0..count)
            .flat_map(|a| (a + 1..count).map(move |b| (a, b)))
            .collect()
    }

    fn circle(count: usize) -> Vec<Point> {
        (0..count)
            .map(|i| {
                let angle = i as f64 * std::f64::consts::TAU / count as f64;
                Point::new(10.0 * angle.cos(), 10.0 * angle.sin())
            })
            .collect()
    }

    #[test]
    fn every_generated_level_untangles() {
        for level in 1..=30 {
            for seed in [1, 2, 3] {
                for method in [Method::Model, Method::Lines] {
                    if method == Method::Lines && level > 10 {
                        continue;
                    }
                    let generated = generate(level, seed, method);
                    let Untangled::Positions(positions) = untangle(
                        &generated.positions,
                        &generated.links,
                        Some(level),
                        Some(seed),
                    ) else {
                        panic!("level {level} seed {seed} {method:?} did not untangle")
                    };
                    assert!(crossings_reference(&positions, &generated.links).is_empty());
                }
            }
        }
    }

    #[test]
    fn k5_and_k33_are_not_planar() {
        let k5 = untangle(&circle(5), &complete(5), None, None);
        assert!(
            matches!(k5, Untangled::NotPlanar(ref why) if why.contains("3n - 6")),
            "{k5:?}"
        );
        let k33: Vec<Link> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        let result = untangle(&circle(6), &k33, None, None);
        assert!(
            matches!(result, Untangled::NotPlanar(ref why) if why.contains("K3,3")),
            "{result:?}"
        );
        // K5 inside a bigger sparse graph is named.
        let mut links = complete(5);
        links.extend((5..12).map(|n| (n - 1, n)));
        let result = untangle(&circle(12), &links, None, None);
        assert!(
            matches!(result, Untangled::NotPlanar(ref why) if why.contains("K5")),
            "{result:?}"
        );
    }

    #[test]
    fn planar_graphs_written_by_hand_untangle() {
        // K4 and the cube, drawn tangled on a circle.
        let k4 = complete(4);
        let cube: Vec<Link> = vec![
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 4),
            (0, 6),
            (1, 7),
            (2, 4),
            (3, 5),
        ];
        for (count, links) in [(4, k4), (8, cube)] {
            assert_eq!(not_planar(count, &links), None);
            let Untangled::Positions(positions) = untangle(&circle(count), &links, None, None)
            else {
                panic!("{count} nodes did not untangle")
            };
            assert!(crossings_reference(&positions, &links).is_empty());
        }
    }
}
