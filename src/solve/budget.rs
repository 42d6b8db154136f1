//! Time, cancellation and progress, passed into the search from outside:
//! the core has no clock (docs/solver.md).

use std::sync::atomic::{AtomicU64, Ordering};

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    OutOfTime,
}

/// What the search reports while it runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The construction length being searched.
    pub moves: usize,
    /// Constructions examined so far (all lengths).
    pub examined: u64,
    /// The length of the shortest answer found so far (the quick first
    /// answer; docs/solver.md, "An answer at once"), when one is known.
    /// Every length below `moves` is ruled out.
    pub best: Option<usize>,
}

/// Time, cancellation and progress come from outside: the core has no clock.
pub trait Budget: Sync {
    /// Asked every few thousand constructions.
    fn stop(&self) -> Option<Stop>;
    fn progress(&self, progress: &Progress);
}

/// A budget that never stops and reports nothing.
pub struct Unlimited;

impl Budget for Unlimited {
    fn stop(&self) -> Option<Stop> {
        None
    }
    fn progress(&self, _: &Progress) {}
}

/// An outer budget's stops, and at most `limit` constructions of its own,
/// each node counting `weight` (a node over a compression window's rest is
/// dear: `compress`); progress is not passed on.
pub struct Capped<'a> {
    outer: &'a dyn Budget,
    examined: AtomicU64,
    weight: u64,
    limit: u64,
}

impl<'a> Capped<'a> {
    pub fn new(outer: &'a dyn Budget, weight: u64, limit: u64) -> Self {
        Capped {
            outer,
            examined: AtomicU64::new(0),
            weight,
            limit,
        }
    }

    /// Constructions examined under this budget.
    pub fn examined(&self) -> u64 {
        self.examined.load(Ordering::Relaxed)
    }
}

impl Budget for Capped<'_> {
    fn stop(&self) -> Option<Stop> {
        self.outer.stop().or_else(|| {
            let spent = self.examined.load(Ordering::Relaxed);
            (spent.saturating_mul(self.weight) >= self.limit).then_some(Stop::OutOfTime)
        })
    }

    fn progress(&self, progress: &Progress) {
        self.examined
            .fetch_max(progress.examined, Ordering::Relaxed);
    }
}
