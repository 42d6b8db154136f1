//! Time, cancellation and progress, passed into the search from outside:
//! the core has no clock (docs/solver.md).

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
