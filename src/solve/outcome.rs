//! What a search gives: an answer, none within the length, a stop with
//! the best answer so far, or why the problem cannot be searched; and the
//! counts of what it examined.

use super::budget::Stop;
use super::construction::Construction;

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Found(Construction),
    /// Every construction up to `max_moves` was examined.
    Exhausted {
        max_moves: usize,
    },
    /// Stopped early; lengths up to `searched` were fully examined. `best`:
    /// the shortest answer found so far, longer than `searched`, not proved
    /// shortest (docs/solver.md, "An answer at once").
    Stopped {
        stop: Stop,
        searched: usize,
        best: Option<Box<Construction>>,
    },
    /// The problem cannot be searched (no instance, no goal), or its answer
    /// lies where the figure's numbers run out.
    Unsearchable(String),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Constructions examined (objects built) per length searched.
    pub examined_per_length: Vec<(usize, u64)>,
    /// In a sharded search, the place of the subtree holding the answer in
    /// the fixed order of subtrees at the answer's length (the unsharded
    /// search's answer is the one in the earliest subtree).
    pub subtree: Option<usize>,
    /// The quick first answer: its length and the constructions examined
    /// when it was found.
    pub first_answer: Option<(usize, u64)>,
    /// Constructions the quick search examined (not in any length's count).
    pub quick_examined: u64,
}

impl Stats {
    pub fn examined(&self) -> u64 {
        self.examined_per_length
            .iter()
            .map(|(_, count)| count)
            .sum::<u64>()
            + self.quick_examined
    }
}
