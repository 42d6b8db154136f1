//! The crossing count of a drawing kept from one edit to the next: when a
//! few nodes move, only their links are tested again, against every link,
//! instead of counting every crossing pair anew — seconds at 5,000 nodes
//! scrambled, where tens of millions of pairs cross (docs/planar.md,
//! "Checking after an edit").

use super::crossing::{crossed, crossing_summary, Link};
use crate::geom::Point;

/// Every link's crossing count and lowest-numbered partners for one
/// drawing, and the drawing itself (what the next one is compared with).
#[derive(Clone, Debug)]
pub struct Crossings {
    positions: Vec<Point>,
    links: Vec<Link>,
    /// Crossing pairs in all.
    pub pairs: usize,
    /// Per link: how many links it crosses.
    pub counts: Vec<usize>,
    /// Per link: its lowest-numbered partners, at most `keep`; `None`
    /// when an edit may have taken one away (found again when asked).
    partners: Vec<Option<Vec<usize>>>,
    keep: usize,
}

/// Links tested again after an edit, at most: beyond it, counting anew
/// costs about as much.
const RETESTED_MOST: usize = 256;

/// Links from which the pairs are tested again on two threads: a thread
/// costs tens of microseconds, a thousand pairs a few.
const TWO_THREADS_FROM: usize = 4096;

impl Crossings {
    /// Counts every crossing pair of a drawing.
    pub fn count(positions: &[Point], links: &[Link], keep: usize) -> Crossings {
        let summary = crossing_summary(positions, links, keep);
        Crossings {
            positions: positions.to_vec(),
            links: links.to_vec(),
            pairs: summary.pairs,
            counts: summary.counts,
            partners: summary.partners.into_iter().map(Some).collect(),
            keep,
        }
    }

    /// The count for the drawing `positions` of the same links, from this
    /// one: the links of the nodes that moved are tested again against
    /// every link. Counted anew when the links differ or many nodes moved.
    pub fn after(&self, positions: &[Point], links: &[Link]) -> Crossings {
        self.clone().moved_to(positions, links)
    }

    /// `after`, taking this count over rather than copying it (a 5,000-node
    /// level's counts and partners are 15,000 of each). With many links,
    /// the pairs are tested on two threads.
    pub fn moved_to(mut self, positions: &[Point], links: &[Link]) -> Crossings {
        let same_links = self.links == links && self.positions.len() == positions.len();
        let moved: Vec<bool> = if same_links {
            self.positions
                .iter()
                .zip(positions)
                .map(|(before, now)| before != now)
                .collect()
        } else {
            Vec::new()
        };
        let retested: Vec<usize> = (0..links.len())
            .filter(|&link| same_links && (moved[links[link].0] || moved[links[link].1]))
            .collect();
        if !same_links || retested.len() > RETESTED_MOST {
            return Crossings::count(positions, links, self.keep);
        }
        let mut is_retested = vec![false; links.len()];
        for &link in &retested {
            is_retested[link] = true;
            self.partners[link] = None;
        }
        // The pairs that changed, in the order of (a, b): what one thread
        // testing every pair in turn would find.
        let changes = |others: std::ops::Range<usize>| {
            let mut changed = Vec::new();
            for &a in &retested {
                for b in others.clone() {
                    // A pair of two retested links is tested once.
                    if b == a || (is_retested[b] && b < a) {
                        continue;
                    }
                    let was = crossed(&self.positions, links[a], links[b]);
                    let is = crossed(positions, links[a], links[b]);
                    if was != is {
                        changed.push((a, b, is));
                    }
                }
            }
            changed
        };
        let half = links.len() / 2;
        let mut changed = if links.len() >= TWO_THREADS_FROM {
            std::thread::scope(|scope| {
                let second = scope.spawn(|| changes(half..links.len()));
                let mut first = changes(0..half);
                first.extend(second.join().unwrap_or_default());
                first
            })
        } else {
            changes(0..links.len())
        };
        changed.sort_unstable_by_key(|&(a, b, _)| (a, b));
        for (a, b, is) in changed {
            self.change(a, b, is);
        }
        self.positions.copy_from_slice(positions);
        self
    }

    /// The pair `a`, `b` crosses now (`is`) or no longer.
    fn change(&mut self, a: usize, b: usize, is: bool) {
        if is {
            self.pairs += 1;
        } else {
            self.pairs -= 1;
        }
        for (at, other) in [(a, b), (b, a)] {
            if is {
                self.counts[at] += 1;
            } else {
                self.counts[at] -= 1;
            }
            let keep = self.keep;
            let Some(partners) = &mut self.partners[at] else {
                continue;
            };
            let place = partners.partition_point(|&p| p < other);
            if is && place < keep {
                partners.insert(place, other);
                partners.truncate(keep);
            } else if !is && partners.get(place) == Some(&other) {
                // The next partner after the kept ones is not known.
                self.partners[at] = None;
            }
        }
    }

    /// The lowest-numbered links `link` crosses, at most `keep`.
    pub fn partners(&mut self, link: usize) -> &[usize] {
        if self.partners[link].is_none() {
            let (positions, links, keep) = (&self.positions, &self.links, self.keep);
            let found: Vec<usize> = (0..links.len())
                .filter(|&other| other != link && crossed(positions, links[link], links[other]))
                .take(keep)
                .collect();
            self.partners[link] = Some(found);
        }
        self.partners[link].as_deref().unwrap_or_default()
    }

    /// The drawing counted.
    pub fn positions(&self) -> &[Point] {
        &self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::crossing::crossings_reference;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// After any moves of a few nodes, the counts, pairs and partners are
    /// those counted anew.
    #[test]
    fn a_recount_after_moves_is_a_count_anew() {
        recount_rounds(40, 90, 60, true);
    }

    /// With enough links for two threads, the same.
    #[test]
    fn a_recount_on_two_threads_is_a_count_anew() {
        recount_rounds(1_500, TWO_THREADS_FROM + 100, 4, false);
    }

    /// `rounds` moves of a few nodes of a random drawing, each counted
    /// after the last and anew (and by the reference count, if `reference`).
    fn recount_rounds(nodes: usize, link_count: usize, rounds: usize, reference: bool) {
        let mut random = ChaCha8Rng::seed_from_u64(7);
        let mut positions: Vec<Point> = (0..nodes)
            .map(|_| Point {
                x: random.random_range(0.0..10.0),
                y: random.random_range(0.0..10.0),
            })
            .collect();
        let mut links: Vec<Link> = Vec::new();
        let mut listed = std::collections::HashSet::new();
        while links.len() < link_count {
            let (a, b) = (random.random_range(0..nodes), random.random_range(0..nodes));
            if a < b && listed.insert((a, b)) {
                links.push((a, b));
            }
        }
        let mut kept = Crossings::count(&positions, &links, 3);
        for round in 0..rounds {
            for _ in 0..1 + round % 3 {
                let node = random.random_range(0..nodes);
                // Now and then onto another node: stacked nodes cross.
                positions[node] = if round % 7 == 0 {
                    positions[(node + 1) % nodes]
                } else {
                    Point {
                        x: random.random_range(0.0..10.0),
                        y: random.random_range(0.0..10.0),
                    }
                };
            }
            kept = if round % 2 == 0 {
                kept.after(&positions, &links)
            } else {
                kept.moved_to(&positions, &links)
            };
            let mut anew = Crossings::count(&positions, &links, 3);
            if reference {
                assert_eq!(kept.pairs, crossings_reference(&positions, &links).len());
            }
            assert_eq!(kept.pairs, anew.pairs, "round {round}");
            assert_eq!(kept.counts, anew.counts, "round {round}");
            for link in 0..links.len() {
                assert_eq!(kept.partners(link), anew.partners(link), "round {round}");
            }
        }
    }

    /// Other links, or a drawing of another size, are counted anew.
    #[test]
    fn other_links_are_counted_anew() {
        let positions = [
            Point { x: 0.0, y: 0.0 },
            Point { x: 1.0, y: 1.0 },
            Point { x: 0.0, y: 1.0 },
            Point { x: 1.0, y: 0.0 },
        ];
        let apart = Crossings::count(&positions, &[(0, 2), (1, 3)], 3);
        let crossing = apart.after(&positions, &[(0, 1), (2, 3)]);
        assert_eq!((apart.pairs, crossing.pairs), (0, 1));
    }
}
