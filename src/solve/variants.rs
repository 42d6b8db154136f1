//! The variants a search walks: one per choice of an alternative for every
//! either-or goal line (docs/language.md, "Either-or goals"), each made
//! with its root state when the search first reaches it, not all before
//! the search starts: twelve 3-way goal lines once took 12.8 GB and a
//! minute before `--timeout` was asked. A block has at most
//! `MOST_VARIANTS`.

use super::budget::Stop;
use super::replay::search_instance;
use super::state::State;
use super::symmetry::mirrored_variants;
use crate::resolve::Problem;
use std::sync::OnceLock;

/// The most variants a block may have: a shard's subtree number holds the
/// variant in 12 bits (`search::VARIANT_SHIFT`); more is a block the
/// search refuses, in words, at once.
pub const MOST_VARIANTS: usize = 1 << 12;

/// Symmetry compares each variant with every earlier one: only this few.
const MOST_COMPARED: usize = 64;

pub(super) struct Variants<'a> {
    problem: &'a Problem,
    /// The variant numbers searched, in order (symmetry leaves out mirror
    /// images of earlier ones).
    kept: Vec<usize>,
    /// Each kept variant and its root state, made when first asked for.
    made: Vec<OnceLock<(Problem, State)>>,
}

impl<'a> Variants<'a> {
    /// The variants of `problem`, or why it has too many to search.
    pub fn new(problem: &'a Problem, symmetry: bool) -> Result<Variants<'a>, String> {
        let count = problem.variant_count();
        if count > MOST_VARIANTS {
            return Err(format!(
                "the either-or goals make {} combinations of alternatives, more than the {MOST_VARIANTS} the solver searches: join goals that choose together into one goal line",
                if count == usize::MAX {
                    "too many".to_string()
                } else {
                    count.to_string()
                }
            ));
        }
        let mut kept: Vec<usize> = (0..count).collect();
        if symmetry && (2..=MOST_COMPARED).contains(&count) {
            // A variant that mirrors an earlier one is not searched
            // (docs/solver.md, "Symmetry").
            let mut skip = mirrored_variants(&problem.variants()).into_iter();
            kept.retain(|_| !skip.next().unwrap_or(false));
        }
        let made = kept.iter().map(|_| OnceLock::new()).collect();
        Ok(Variants {
            problem,
            kept,
            made,
        })
    }

    /// The block the variants are of.
    pub fn problem(&self) -> &'a Problem {
        self.problem
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Kept variant `index` and its root state.
    pub fn get(&self, index: usize) -> (&Problem, &State) {
        let (variant, root) = self.made[index].get_or_init(|| {
            let variant = self.problem.variant(self.kept[index]);
            let root = State::new(&variant.instances[search_instance(&variant)], &variant);
            (variant, root)
        });
        (variant, root)
    }

    /// The first of `visit`'s answers over the variants in order, asking
    /// `stop` before each: a search of many small variants obeys its
    /// budget between them.
    pub fn first<T>(
        &self,
        stop: impl Fn() -> Option<Stop>,
        mut visit: impl FnMut(usize, &Problem, &State) -> Result<Option<T>, Stop>,
    ) -> Result<Option<T>, Stop> {
        for index in 0..self.len() {
            if let Some(stop) = stop() {
                return Err(stop);
            }
            let (variant, root) = self.get(index);
            if let Some(found) = visit(index, variant, root)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}
