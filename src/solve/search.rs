//! Iterative deepening over the constructions a mask allows, so the first
//! construction found is a shortest one.
//!
//! Techniques, each measured in `benches/solve.rs`:
//! - reorderings are explored once: a new object must not be movable to an
//!   earlier position where it would sort before the object there (the
//!   lexicographically least order of each set of objects is the only one
//!   explored — partial-order reduction, stateless and so parallel-friendly);
//! - goal-directed pruning: a goal point missing from the drawing needs two
//!   objects through it; when the remaining steps are exactly as many as a goal
//!   still needs, the next object must pass through it (a cheap test before
//!   any intersection is computed), and a goal needing more is a dead end;
//! - the same object reached from different pairs of points is tried once;
//! - the first levels are split across threads; each subtree is searched in
//!   a fixed order and the answer of the earliest subtree wins, so answers
//!   do not depend on the number of threads.

use super::construction::Construction;
use super::state::{Choice, State};
pub use super::verify::setup_kinds;
use crate::parse::ast::MaskToken;
use crate::resolve::Problem;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Give up after constructions of this many moves.
    pub max_moves: usize,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The techniques, each switchable so that benchmarks can measure it and
    /// tests can compare against the plain search.
    pub techniques: Techniques,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Explore each set of objects in one order only.
    pub merge_reorderings: bool,
    /// Near the end, only objects through the missing goals.
    pub goal_pruning: bool,
    /// Try an object reached from several pairs of points once.
    pub merge_same_objects: bool,
}

impl Techniques {
    pub const ALL: Techniques = Techniques {
        merge_reorderings: true,
        goal_pruning: true,
        merge_same_objects: true,
    };
    /// The seed engine's search: every sequence, pruned by nothing.
    pub const NONE: Techniques = Techniques {
        merge_reorderings: false,
        goal_pruning: false,
        merge_same_objects: false,
    };
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_moves: 8,
            threads: 0,
            techniques: Techniques::ALL,
        }
    }
}

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

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Found(Construction),
    /// Every construction up to `max_moves` was examined.
    Exhausted {
        max_moves: usize,
    },
    /// Stopped early; lengths up to `searched` were fully examined.
    Stopped {
        stop: Stop,
        searched: usize,
    },
    /// The problem cannot be searched (no instance, no goal).
    Unsearchable(&'static str),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Constructions examined (objects built) per length searched.
    pub examined_per_length: Vec<(usize, u64)>,
}

impl Stats {
    pub fn examined(&self) -> u64 {
        self.examined_per_length
            .iter()
            .map(|(_, count)| count)
            .sum()
    }
}

/// How often workers look at the budget and publish their counts.
const CHECK_EVERY: u64 = 4096;

pub fn search(problem: &Problem, options: &SearchOptions, budget: &dyn Budget) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    if problem.instances.is_empty() {
        return (
            Outcome::Unsearchable("the problem has errors: its instances cannot be computed"),
            stats,
        );
    }
    if problem.goals.is_empty() {
        return (Outcome::Unsearchable("the block has no goal"), stats);
    }
    let root = State::new(&problem.instances[search_instance(problem)], problem);
    if let Some(construction) = root.solution(problem) {
        return (Outcome::Found(construction), stats);
    }
    let (first, last) = lengths(&problem.mask, options.max_moves);
    let threads = if options.threads == 0 {
        rayon::current_num_threads()
    } else {
        options.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build();
    let total = AtomicU64::new(0);
    let mut searched = first.saturating_sub(1);
    for length in first..=last {
        let before = total.load(Ordering::Relaxed);
        budget.progress(&Progress {
            moves: length,
            examined: before,
        });
        let context = Context {
            problem,
            mask: &problem.mask,
            length,
            budget,
            total: &total,
            techniques: options.techniques,
        };
        let result = match (&pool, threads) {
            (Ok(pool), threads) if threads > 1 => {
                pool.install(|| search_parallel(&root, &context, threads))
            }
            _ => search_subtree(
                &mut root.clone(),
                &context,
                0,
                &AtomicUsize::new(usize::MAX),
                0,
            ),
        };
        stats
            .examined_per_length
            .push((length, total.load(Ordering::Relaxed) - before));
        match result {
            Ok(Some(construction)) => return (Outcome::Found(construction), stats),
            Ok(None) => searched = length,
            Err(stop) => return (Outcome::Stopped { stop, searched }, stats),
        }
    }
    (Outcome::Exhausted { max_moves: last }, stats)
}

/// The instance the search runs on: a random one when there is one. The
/// declared coordinates are often special (symmetric, collinear, round), and
/// objects that coincide only there (the line through A and B being the line
/// through A and C) would be merged and the general construction never
/// tried. Every answer is replayed on all instances, the declared one too.
pub(super) fn search_instance(problem: &Problem) -> usize {
    problem
        .instances
        .iter()
        .position(|instance| matches!(instance.origin, crate::resolve::Origin::Random { .. }))
        .unwrap_or(0)
}

/// The construction lengths to try: from the mask's shortest to its longest
/// (or the step limit).
fn lengths(mask: &[MaskToken], max_moves: usize) -> (usize, usize) {
    let fixed = mask.iter().filter(|token| !token.is_generator()).count();
    if mask.iter().any(|token| token.is_generator()) {
        (fixed.max(1), max_moves)
    } else {
        (fixed, fixed.min(max_moves))
    }
}

pub(super) struct Context<'a> {
    pub(super) techniques: Techniques,
    pub(super) problem: &'a Problem,
    pub(super) mask: &'a [MaskToken],
    pub(super) length: usize,
    pub(super) budget: &'a dyn Budget,
    pub(super) total: &'a AtomicU64,
}

/// Splits the first levels into enough subtrees for the threads, searches
/// them in parallel and keeps the answer of the earliest subtree.
fn search_parallel(
    root: &State,
    context: &Context,
    threads: usize,
) -> Result<Option<Construction>, Stop> {
    let mut frontier: Vec<Vec<Choice>> = vec![Vec::new()];
    let mut depth = 0;
    while frontier.len() < 16 * threads && depth + 1 < context.length {
        let mut next = Vec::new();
        for path in &frontier {
            let mut state = root.clone();
            for choice in path {
                state.apply(*choice, context.problem);
            }
            for choice in state.children(depth, context) {
                let mut extended = path.clone();
                extended.push(choice);
                next.push(extended);
            }
        }
        context
            .total
            .fetch_add(next.len() as u64, Ordering::Relaxed);
        frontier = next;
        depth += 1;
        if frontier.is_empty() {
            return Ok(None);
        }
    }
    let best = AtomicUsize::new(usize::MAX);
    let results: Vec<Result<Option<Construction>, Stop>> = frontier
        .par_iter()
        .enumerate()
        .map(|(index, path)| {
            if index > best.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let mut state = root.clone();
            for choice in path {
                state.apply(*choice, context.problem);
            }
            let found = search_subtree(&mut state, context, depth, &best, index)?;
            if found.is_some() {
                best.fetch_min(index, Ordering::Relaxed);
            }
            Ok(found)
        })
        .collect();
    let mut stopped = None;
    for result in results {
        match result {
            Ok(Some(construction)) => return Ok(Some(construction)),
            Ok(None) => {}
            Err(stop) => stopped = stopped.or(Some(stop)),
        }
    }
    match stopped {
        Some(stop) => Err(stop),
        None => Ok(None),
    }
}

/// Depth-first search below one node, in a fixed order.
fn search_subtree(
    state: &mut State,
    context: &Context,
    depth: usize,
    best: &AtomicUsize,
    index: usize,
) -> Result<Option<Construction>, Stop> {
    let mut worker = Worker {
        context,
        examined: 0,
        best,
        index,
    };
    let result = worker.dfs(state, depth);
    context
        .total
        .fetch_add(worker.examined % CHECK_EVERY, Ordering::Relaxed);
    result
}

struct Worker<'a> {
    context: &'a Context<'a>,
    examined: u64,
    best: &'a AtomicUsize,
    /// This subtree's place in the fixed order; later subtrees stop once an
    /// earlier one has an answer.
    index: usize,
}

impl Worker<'_> {
    fn dfs(&mut self, state: &mut State, depth: usize) -> Result<Option<Construction>, Stop> {
        let problem = self.context.problem;
        if depth == self.context.length {
            return Ok(state.solution(problem));
        }
        for choice in state.children(depth, self.context) {
            self.examined += 1;
            if self.examined % CHECK_EVERY == 0 {
                let total =
                    self.context.total.fetch_add(CHECK_EVERY, Ordering::Relaxed) + CHECK_EVERY;
                if let Some(stop) = self.context.budget.stop() {
                    return Err(stop);
                }
                if self.best.load(Ordering::Relaxed) < self.index {
                    return Ok(None);
                }
                self.context.budget.progress(&Progress {
                    moves: self.context.length,
                    examined: total,
                });
            }
            let mark = state.apply(choice, problem);
            let found = self.dfs(state, depth + 1)?;
            state.undo(mark);
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}
