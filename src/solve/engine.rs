//! The search below one root: depth-first in a fixed order on one thread,
//! or the first levels split into subtrees that threads (or shards on
//! other machines) take in that order; the earliest subtree's answer wins,
//! so answers do not depend on the number of threads or shards
//! (docs/solver.md). The driver above it (`search.rs`) chooses the
//! lengths, rounds and variants.

use super::budget::{Progress, Stop};
use super::construction::Construction;
use super::context::Context;
use super::options::Shard;
use super::state::{Choice, Filter, Mixing, State};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How often workers look at the budget and publish their counts: often
/// enough that a stop is obeyed within a millisecond or two.
const CHECK_EVERY: u64 = 256;

/// The moves from a node that keep every goal within reach.
fn expand(state: &mut State, depth: usize, context: &Context, filter: &mut Filter) -> Vec<Choice> {
    let mut out = Vec::new();
    if state.lower_bound(context) <= context.length - depth {
        state.children(depth, context, filter, &mut out);
        // The first levels of a split in the node's order too, so that
        // threads take the promising subtrees first.
        state.order_moves(
            &mut out,
            context,
            context.length - depth,
            &mut Mixing::default(),
        );
    }
    out
}

/// The state at the end of a path of moves from the root.
fn state_at(root: &State, path: &[Choice], context: &Context) -> State {
    let mut state = root.clone();
    for choice in path {
        state.apply(*choice, context);
    }
    state
}

/// Splits the first levels into many small subtrees, which the threads
/// take in order (each the earliest not yet taken), so that when an early
/// subtree has the answer the others are near it and stop at once.
pub(super) fn search_parallel(
    root: &State,
    context: &Context,
    threads: usize,
) -> Result<Option<Construction>, Stop> {
    let (frontier, depth) = split(root, context, 256 * threads)?;
    let order: Vec<usize> = (0..frontier.len()).collect();
    let found = search_frontier(root, context, &frontier, depth, &order, threads)?;
    Ok(found.map(|(_, construction)| construction))
}

/// Searches this shard's subtrees: the first levels are split into at least
/// 16 subtrees per shard, each subtree's size is estimated by its number of
/// children, and the subtrees are dealt out largest first to the shard with
/// the least work so far. Every shard computes the same split.
pub(super) fn search_shard(
    root: &State,
    context: &Context,
    threads: usize,
    shard: Shard,
) -> Result<Option<(usize, Construction)>, Stop> {
    let (frontier, depth) = split(root, context, 16 * shard.count)?;
    let mut filter = Filter::default();
    let mut sizes: Vec<(u64, usize)> = Vec::with_capacity(frontier.len());
    for (index, path) in frontier.iter().enumerate() {
        if let Some(stop) = context.budget.stop() {
            return Err(stop);
        }
        let mut state = state_at(root, path, context);
        let children = if depth < context.length {
            expand(&mut state, depth, context, &mut filter).len() as u64
        } else {
            0
        };
        sizes.push((children + 1, index));
    }
    sizes.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut load = vec![0u64; shard.count];
    let mut mine = Vec::new();
    for (size, index) in sizes {
        let least = (0..shard.count)
            .min_by_key(|&k| (load[k], k))
            .expect("at least one shard");
        load[least] += size;
        if least == shard.index {
            mine.push(index);
        }
    }
    mine.sort_unstable();
    search_frontier(root, context, &frontier, depth, &mine, threads)
}

/// The first levels expanded breadth-first until there are `target`
/// subtrees (or one move is left): the paths to them, in the search's
/// order, and their depth.
fn split(
    root: &State,
    context: &Context,
    target: usize,
) -> Result<(Vec<Vec<Choice>>, usize), Stop> {
    let mut filter = Filter::default();
    let mut frontier: Vec<Vec<Choice>> = vec![Vec::new()];
    let mut depth = 0;
    while frontier.len() < target && depth + 1 < context.length {
        let mut next = Vec::new();
        for path in &frontier {
            if let Some(stop) = context.budget.stop() {
                return Err(stop);
            }
            let mut state = state_at(root, path, context);
            let children = expand(&mut state, depth, context, &mut filter);
            // Counted and reported as they come: a level of dear nodes may
            // take seconds to split, and a budget counted in constructions
            // (a compression window's) must see them.
            let total = context
                .total
                .fetch_add(children.len() as u64, Ordering::Relaxed)
                + children.len() as u64;
            context.budget.progress(&Progress {
                moves: context.length,
                examined: total,
                best: None,
            });
            for choice in children {
                let mut extended = path.clone();
                extended.push(choice);
                next.push(extended);
            }
        }
        frontier = next;
        depth += 1;
        if frontier.is_empty() {
            break;
        }
    }
    Ok((frontier, depth))
}

/// Searches the subtrees `order` (places in `frontier`, ascending) on
/// `threads` threads, each taking the earliest not yet taken; the answer
/// of the earliest subtree wins, with its place.
fn search_frontier(
    root: &State,
    context: &Context,
    frontier: &[Vec<Choice>],
    depth: usize,
    order: &[usize],
    threads: usize,
) -> Result<Option<(usize, Construction)>, Stop> {
    let best = AtomicUsize::new(usize::MAX);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, SubtreeResult)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, order.len().max(1)) {
            scope.spawn(|| {
                // One worker per thread, across its subtrees: its count of
                // constructions carries over, so that subtrees smaller than
                // a check's interval still look at the clock.
                let mut worker = Worker::new(context, &best);
                loop {
                    let taken = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = order.get(taken) else {
                        break;
                    };
                    if index > best.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Err(stop) = worker.obeys_budget() {
                        results
                            .lock()
                            .unwrap_or_else(|poisoned| poisoned.into_inner())
                            .push((index, Err(stop)));
                        break;
                    }
                    worker.index = index;
                    let mut state = state_at(root, &frontier[index], context);
                    let found = worker.dfs(&mut state, depth);
                    match &found {
                        Ok(Some(_)) => {
                            best.fetch_min(index, Ordering::Relaxed);
                        }
                        Err(_) => context.halt.store(true, Ordering::Relaxed),
                        Ok(None) => {}
                    }
                    results
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .push((index, found));
                }
                worker.publish();
            });
        }
    });
    let mut results = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    results.sort_by_key(|(index, _)| *index);
    let mut stopped = None;
    for (index, result) in results {
        match result {
            // Every subtree before this one was searched in full.
            Ok(Some(construction)) if stopped.is_none() => return Ok(Some((index, construction))),
            Ok(_) => {}
            Err(stop) => stopped = stopped.or(Some(stop)),
        }
    }
    match stopped {
        Some(stop) => Err(stop),
        None => Ok(None),
    }
}

/// What one subtree gave: its answer, none, or why it stopped.
type SubtreeResult = Result<Option<Construction>, Stop>;

/// Depth-first search below one node, in a fixed order.
pub(super) fn search_subtree(
    state: &mut State,
    context: &Context,
    depth: usize,
) -> Result<Option<Construction>, Stop> {
    let best = AtomicUsize::new(usize::MAX);
    let mut worker = Worker::new(context, &best);
    let result = worker.dfs(state, depth);
    worker.publish();
    result
}

struct Worker<'a> {
    context: &'a Context<'a>,
    examined: u64,
    best: &'a AtomicUsize,
    /// This subtree's place in the fixed order; later subtrees stop once an
    /// earlier one has an answer.
    index: usize,
    /// Reused across nodes, so the hot path does not allocate.
    filter: Filter,
    /// One list of moves per depth.
    buffers: Vec<Vec<Choice>>,
    /// Scratch for the mixed order.
    mixing: Mixing,
}

/// Why a worker leaves its subtree early.
enum Leave {
    Stop(Stop),
    /// An earlier subtree has an answer.
    Beaten,
}

impl<'a> Worker<'a> {
    fn new(context: &'a Context<'a>, best: &'a AtomicUsize) -> Self {
        Worker {
            context,
            examined: 0,
            best,
            index: 0,
            filter: Filter::default(),
            buffers: Vec::new(),
            mixing: Mixing::default(),
        }
    }

    fn dfs(&mut self, state: &mut State, depth: usize) -> Result<Option<Construction>, Stop> {
        match self.visit(state, depth) {
            Ok(found) => Ok(found),
            Err(Leave::Stop(stop)) => Err(stop),
            Err(Leave::Beaten) => Ok(None),
        }
    }

    /// Counts one examined construction and, now and then, asks whether to go on.
    fn tick(&mut self) -> Result<(), Leave> {
        self.tick_by(1)
    }

    /// Counts `count` examined constructions and, at each multiple of
    /// `CHECK_EVERY` passed, asks whether to go on.
    fn tick_by(&mut self, count: u64) -> Result<(), Leave> {
        let before = self.examined / CHECK_EVERY;
        self.examined += count;
        let passed = self.examined / CHECK_EVERY - before;
        if passed == 0 {
            return Ok(());
        }
        let step = passed * CHECK_EVERY;
        let total = self.context.total.fetch_add(step, Ordering::Relaxed) + step;
        self.obeys_budget().map_err(Leave::Stop)?;
        if self.best.load(Ordering::Relaxed) < self.index {
            return Err(Leave::Beaten);
        }
        self.context.budget.progress(&Progress {
            moves: self.context.length,
            examined: total,
            best: None,
        });
        Ok(())
    }

    /// Whether the budget (or another worker that was stopped) says stop.
    fn obeys_budget(&self) -> Result<(), Stop> {
        let context = self.context;
        if context.halt.load(Ordering::Relaxed) {
            return Err(context.budget.stop().unwrap_or(Stop::Cancelled));
        }
        if let Some(stop) = context.budget.stop() {
            context.halt.store(true, Ordering::Relaxed);
            return Err(stop);
        }
        Ok(())
    }

    /// Adds the constructions not yet counted in the shared total.
    fn publish(&self) {
        self.context
            .total
            .fetch_add(self.examined % CHECK_EVERY, Ordering::Relaxed);
    }

    fn visit(&mut self, state: &mut State, depth: usize) -> Result<Option<Construction>, Leave> {
        let context = self.context;
        let problem = context.problem;
        let remaining = context.length - depth;
        if remaining == 0 {
            return Ok(state.solution(problem));
        }
        // One level earlier: a node whose goals are out of reach is not expanded.
        if state.lower_bound(context) > remaining {
            return Ok(None);
        }
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut choices = std::mem::take(&mut self.buffers[depth]);
        state.children(depth, context, &mut self.filter, &mut choices);
        state.order_moves(&mut choices, context, remaining, &mut self.mixing);
        if let Some(width) = context.beam.filter(|_| remaining > 1) {
            // A beam node costs every move it ranks, not only those it
            // keeps: counted so, the beam's budget holds where nodes have
            // many moves (docs/solver.md, "An answer at once").
            let cut = choices.len().saturating_sub(width);
            choices.truncate(width);
            if let Err(leave) = self.tick_by(cut as u64) {
                self.buffers[depth] = choices;
                return Err(leave);
            }
        }
        let mut found = Ok(None);
        if remaining == 1 && context.techniques.incremental {
            // The last move: only whether it reaches the goals matters.
            for choice in &choices {
                if let Err(leave) = self.tick() {
                    found = Err(leave);
                    break;
                }
                if state.finishes(choice) {
                    if let Some(construction) = state.solution_with(*choice, problem) {
                        found = Ok(Some(construction));
                        break;
                    }
                }
            }
        } else {
            for choice in &choices {
                if let Err(leave) = self.tick() {
                    found = Err(leave);
                    break;
                }
                let mark = state.apply(*choice, context);
                let below = self.visit(state, depth + 1);
                state.undo(mark);
                if !matches!(below, Ok(None)) {
                    found = below;
                    break;
                }
            }
        }
        self.buffers[depth] = choices;
        found
    }
}
