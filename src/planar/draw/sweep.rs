//! One sweep over a drawing's nodes in index order, each node moved from
//! where the nodes before it were moved to (Gauss–Seidel, as `smooth`'s
//! widening and spreading do it), shared between two threads with the
//! same result to the bit: a node waits only for an earlier node it
//! interacts with that the other thread has not finished yet
//! (docs/planar.md, "Drawing").

use crate::geom::Point;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The most threads a sweep uses: with two, the only earlier node that can
/// still be unfinished when a node is taken is the other thread's latest
/// (see `in_order`).
pub const THREADS: usize = 2;

/// The smallest drawing whose sweeps are shared: a thread is started for
/// every sweep, and below this the other thread's share is worth less
/// than starting it.
const SHARED_FROM: usize = 1000;

/// How many threads the sweeps over a drawing of `count` nodes use: two
/// from `SHARED_FROM` nodes on when the machine has two cores free to
/// run them, else one.
pub fn threads(count: usize) -> usize {
    if count >= SHARED_FROM && second_core() {
        THREADS
    } else {
        1
    }
}

/// Whether the machine has a second core for a helping thread.
pub fn second_core() -> bool {
    std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= THREADS)
}

/// Positions that the threads of a sweep read and write, each coordinate's
/// bits in an atomic (plain loads and stores on the usual targets).
pub struct Shared {
    coordinates: Vec<Slot>,
}

/// One node's coordinates on a cache line of their own: the two threads
/// take neighbouring nodes, and would otherwise write one line in turns.
#[repr(align(64))]
struct Slot([AtomicU64; 2]);

impl Shared {
    pub fn new(at: &[Point]) -> Shared {
        Shared {
            coordinates: at
                .iter()
                .map(|p| Slot([AtomicU64::new(p.x.to_bits()), AtomicU64::new(p.y.to_bits())]))
                .collect(),
        }
    }

    pub fn get(&self, v: usize) -> Point {
        let [x, y] = &self.coordinates[v].0;
        Point::new(
            f64::from_bits(x.load(Ordering::Relaxed)),
            f64::from_bits(y.load(Ordering::Relaxed)),
        )
    }

    pub fn set(&self, v: usize, p: Point) {
        let [x, y] = &self.coordinates[v].0;
        x.store(p.x.to_bits(), Ordering::Relaxed);
        y.store(p.y.to_bits(), Ordering::Relaxed);
    }

    /// Copies the positions back into `at`.
    pub fn write_to(&self, at: &mut [Point]) {
        for (v, p) in at.iter_mut().enumerate() {
            *p = self.get(v);
        }
    }
}

/// Calls `visit(v, state)` for every node `v` below `count`, on one thread
/// per state (at most `THREADS`), with the result of calling it in
/// increasing `v` on one: `visit(v)` may read what `visit(u)` writes (and
/// `visit(u)` what `visit(v)` writes) only when `interacts(u, v)`, which
/// must be symmetric.
///
/// Each thread takes the next node from a shared counter and finishes it
/// before taking another, so when a thread takes `v`, every node below it
/// is finished but possibly the other thread's latest: the highest node
/// below `v` that this thread did not take itself. Only when that one
/// interacts with `v` does the thread wait for it. A node above `v` that
/// interacts with it waits the same way, so it reads what `v` read before
/// `v` changes it.
pub fn in_order<S: Send>(
    count: usize,
    states: &mut [S],
    interacts: impl Fn(usize, usize) -> bool + Sync,
    visit: impl Fn(usize, &mut S) + Sync,
) {
    assert!((1..=THREADS).contains(&states.len()));
    if states.len() == 1 {
        (0..count).for_each(|v| visit(v, &mut states[0]));
        return;
    }
    let next = AtomicUsize::new(0);
    let done: Vec<Flag> = (0..count).map(|_| Flag(AtomicBool::new(false))).collect();
    let work = |state: &mut S| {
        // The first node of this thread's latest run of consecutive nodes.
        let (mut first, mut previous) = (0usize, usize::MAX);
        loop {
            // Acquiring the counter also sees every position the other
            // thread wrote before its latest take.
            let v = next.fetch_add(1, Ordering::AcqRel);
            if v >= count {
                return;
            }
            if previous.wrapping_add(1) != v {
                first = v;
            }
            previous = v;
            if first > 0 {
                let latest = first - 1;
                if !done[latest].0.load(Ordering::Acquire) && interacts(latest, v) {
                    wait_for(&done[latest].0);
                }
            }
            visit(v, state);
            done[v].0.store(true, Ordering::Release);
        }
    };
    std::thread::scope(|scope| {
        let (mine, others) = states.split_first_mut().expect("two states");
        let other = scope.spawn(|| work(&mut others[0]));
        work(mine);
        other.join().expect("a sweep's thread");
    });
}

/// A node's "done" on a cache line of its own, for the same reason.
#[repr(align(64))]
struct Flag(AtomicBool);

/// Waits until `flag` is set: spinning a little (the other thread is
/// usually in the middle of one node), then giving the core away.
fn wait_for(flag: &AtomicBool) {
    let mut spins = 0u32;
    while !flag.load(Ordering::Acquire) {
        if spins < 1000 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each node becomes the sum of its neighbours on a ring of nodes
    /// numbered at random (its value read where the nodes before it already
    /// changed theirs): two threads give what one does, exactly.
    #[test]
    fn two_threads_visit_as_one_does() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for count in [1, 2, 3, 10, 1000, 20_000] {
            let mut around: Vec<usize> = (0..count).collect();
            around.shuffle(&mut rng);
            let mut neighbours = vec![Vec::new(); count];
            for i in 0..count {
                let (a, b) = (around[i], around[(i + 1) % count]);
                if a != b {
                    neighbours[a].push(b);
                    neighbours[b].push(a);
                }
            }
            let start: Vec<Point> = (0..count)
                .map(|v| Point::new(v as f64 * 0.37, 1.0 / (v as f64 + 1.0)))
                .collect();
            let run = |threads: usize| {
                let at = Shared::new(&start);
                let mut states = vec![0usize; threads];
                for _ in 0..3 {
                    in_order(
                        count,
                        &mut states,
                        |u, v| neighbours[u].contains(&v),
                        |v, visited| {
                            let sum = neighbours[v]
                                .iter()
                                .fold(at.get(v) * 0.5, |sum, &w| sum + at.get(w) * 0.25);
                            at.set(v, sum);
                            *visited += 1;
                        },
                    );
                }
                let mut out = start.clone();
                at.write_to(&mut out);
                assert_eq!(states.iter().sum::<usize>(), 3 * count);
                out
            };
            let (one, two) = (run(1), run(2));
            let bits = |at: &[Point]| -> Vec<(u64, u64)> {
                at.iter().map(|p| (p.x.to_bits(), p.y.to_bits())).collect()
            };
            assert_eq!(bits(&one), bits(&two), "{count} nodes");
        }
    }
}
