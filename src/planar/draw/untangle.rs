//! Positions without crossings for a puzzle: the generator's own solution
//! when the puzzle is a generated level, otherwise a search that moves nodes
//! until no links cross; and the reasons a graph can have no such drawing.

use crate::geom::Point;
use crate::planar::crossing::{crossings, Link};
use crate::planar::generate::{generate, Method};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug, PartialEq)]
pub enum Untangled {
    Positions(Vec<Point>),
    /// No drawing without crossings exists, and why.
    NotPlanar(NotPlanar),
    /// The search ran out of moves; the best drawing it found.
    GaveUp {
        positions: Vec<Point>,
        crossings: usize,
    },
}

/// Why a graph has no drawing without crossings (nodes by index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotPlanar {
    TooManyLinks {
        links: usize,
        bound: usize,
    },
    K5([usize; 5]),
    K33([usize; 3], [usize; 3]),
    /// Paths between these branch nodes form a subdivided K5.
    K5Subdivision([usize; 5]),
    /// Paths between the two sides form a subdivided K3,3.
    K33Subdivision([usize; 3], [usize; 3]),
}

impl NotPlanar {
    /// In words, with nodes named by `name`.
    pub fn describe(&self, name: impl Fn(usize) -> String) -> String {
        let list = |nodes: &[usize]| {
            nodes
                .iter()
                .map(|&n| name(n))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            NotPlanar::TooManyLinks { links, bound } => {
                format!("it has {links} links, but a planar graph on these nodes has at most 3n - 6 = {bound}")
            }
            NotPlanar::K5(nodes) => {
                format!("nodes {} are all linked to each other (a K5)", list(nodes))
            }
            NotPlanar::K33(left, right) => {
                format!(
                    "each of nodes {} is linked to each of {} (a K3,3)",
                    list(left),
                    list(right)
                )
            }
            NotPlanar::K5Subdivision(nodes) => {
                format!(
                    "nodes {} are joined pairwise by separate paths (a subdivided K5)",
                    list(nodes)
                )
            }
            NotPlanar::K33Subdivision(left, right) => format!(
                "each of nodes {} is joined to each of {} by separate paths (a subdivided K3,3)",
                list(left),
                list(right)
            ),
        }
    }
}

/// Untangles `links` on `positions`: a plane embedding drawn with Tutte's
/// method; failing that (rounding), the generator's own solution when
/// `level` and `seed` identify a generated level, or a node-moving search.
pub fn untangle(
    positions: &[Point],
    links: &[Link],
    level: Option<u32>,
    seed: Option<u64>,
) -> Untangled {
    // One embedding does both jobs for a planar graph; only when it fails is
    // the graph examined for the reason.
    match super::embed::planar_drawing(positions.len(), links) {
        Some(drawing) => {
            return Untangled::Positions(drawing);
        }
        None => {
            if let Some(reason) = not_planar(positions.len(), links) {
                return Untangled::NotPlanar(reason);
            }
        }
    }
    if let (Some(level), Some(seed)) = (level, seed) {
        for method in [Method::Model, Method::Lines] {
            let generated = generate(level, seed, method);
            if generated.solution.len() == positions.len() && same_links(&generated.links, links) {
                return Untangled::Positions(generated.solution);
            }
        }
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

/// Why a graph cannot be drawn without crossings, if it cannot: too many
/// links for Euler's formula, a K5 or K3,3 among its nodes, or a subdivided
/// one found by removing links while the rest stays non-planar.
pub fn not_planar(count: usize, links: &[Link]) -> Option<NotPlanar> {
    let links = normalized(links);
    let mut unique = links.clone();
    unique.dedup();
    if count >= 3 && unique.len() > 3 * count - 6 {
        return Some(NotPlanar::TooManyLinks {
            links: unique.len(),
            bound: 3 * count - 6,
        });
    }
    if super::embed::is_planar(count, &unique) {
        return None;
    }
    let mut adjacent = vec![vec![false; count]; count];
    for &(a, b) in &unique {
        adjacent[a][b] = true;
        adjacent[b][a] = true;
    }
    if count <= 40 {
        if let Some(k5) = find_k5(&adjacent) {
            return Some(NotPlanar::K5(k5));
        }
    }
    if count <= 16 {
        if let Some((left, right)) = find_k33(&adjacent) {
            return Some(NotPlanar::K33(left, right));
        }
    }
    Some(kuratowski_subdivision(count, unique))
}

/// Removes every link whose removal leaves the graph non-planar: what stays
/// is a subdivided K5 (five nodes of degree 4) or K3,3 (six of degree 3).
fn kuratowski_subdivision(count: usize, mut links: Vec<Link>) -> NotPlanar {
    let mut index = 0;
    while index < links.len() {
        let removed = links.remove(index);
        if super::embed::is_planar(count, &links) {
            links.insert(index, removed);
            index += 1;
        }
    }
    let mut degree = vec![0; count];
    let mut neighbours = vec![Vec::new(); count];
    for &(a, b) in &links {
        degree[a] += 1;
        degree[b] += 1;
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let branch: Vec<usize> = (0..count).filter(|&n| degree[n] >= 3).collect();
    if branch.len() == 5 {
        return NotPlanar::K5Subdivision([branch[0], branch[1], branch[2], branch[3], branch[4]]);
    }
    // K3,3: follow each path from the first branch node to see where it ends.
    let ends_from = |start: usize| -> Vec<usize> {
        neighbours[start]
            .iter()
            .map(|&first| {
                let (mut before, mut at) = (start, first);
                while degree[at] == 2 {
                    let next = if neighbours[at][0] == before {
                        neighbours[at][1]
                    } else {
                        neighbours[at][0]
                    };
                    before = at;
                    at = next;
                }
                at
            })
            .collect()
    };
    let right = ends_from(branch[0]);
    let left: Vec<usize> = branch
        .iter()
        .copied()
        .filter(|n| !right.contains(n))
        .collect();
    match (left.as_slice(), right.as_slice()) {
        ([a, b, c], [d, e, f]) => NotPlanar::K33Subdivision([*a, *b, *c], [*d, *e, *f]),
        _ => NotPlanar::K33Subdivision(
            [branch[0], branch[1], branch[2]],
            [branch[3], branch[4], branch[5]],
        ),
    }
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
    use crate::planar::families::{complete, cube};

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
        assert_eq!(
            k5,
            Untangled::NotPlanar(NotPlanar::TooManyLinks {
                links: 10,
                bound: 9
            })
        );
        let k33: Vec<Link> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        let result = untangle(&circle(6), &k33, None, None);
        assert_eq!(
            result,
            Untangled::NotPlanar(NotPlanar::K33([0, 1, 2], [3, 4, 5]))
        );
        // K5 inside a bigger sparse graph is named.
        let mut links = complete(5);
        links.extend((5..12).map(|n| (n - 1, n)));
        let result = untangle(&circle(12), &links, None, None);
        assert_eq!(result, Untangled::NotPlanar(NotPlanar::K5([0, 1, 2, 3, 4])));
        // Subdivided: every link of K5 becomes a path through a new node.
        let mut subdivided = Vec::new();
        for (index, (a, b)) in complete(5).into_iter().enumerate() {
            subdivided.extend([(a, 5 + index), (5 + index, b)]);
        }
        let result = untangle(&circle(15), &subdivided, None, None);
        assert_eq!(
            result,
            Untangled::NotPlanar(NotPlanar::K5Subdivision([0, 1, 2, 3, 4]))
        );
        let mut subdivided: Vec<Link> = Vec::new();
        for (index, (a, b)) in k33.iter().copied().enumerate() {
            subdivided.extend([(a, 6 + index), (6 + index, b)]);
        }
        subdivided.push((15, 0));
        let result = untangle(&circle(16), &subdivided, None, None);
        assert_eq!(
            result,
            Untangled::NotPlanar(NotPlanar::K33Subdivision([0, 1, 2], [3, 4, 5]))
        );
    }

    #[test]
    fn planar_graphs_written_by_hand_untangle() {
        // K4 and the cube, drawn tangled on a circle.
        let k4 = complete(4);
        for (count, links) in [(4, k4), (8, cube())] {
            assert_eq!(not_planar(count, &links), None);
            assert!(super::super::embed::is_planar(count, &links));
            let Untangled::Positions(positions) = untangle(&circle(count), &links, None, None)
            else {
                panic!("{count} nodes did not untangle")
            };
            assert!(crossings_reference(&positions, &links).is_empty());
        }
    }
}
