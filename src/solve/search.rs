//! Iterative deepening over the constructions a mask allows, so the first
//! construction found is a shortest one.
//!
//! Techniques, each switchable and measured in `benches/solve.rs` (the
//! design and why each is sound: docs/solver.md):
//! - reorderings are explored once (partial-order reduction), unless
//!   `ignore min` makes the order matter;
//! - goal-directed pruning and bounds: what each goal still needs before its
//!   last move (`State::lower_bound`), nodes out of reach cut before their
//!   moves are listed, and when the bound is tight the next object must pass
//!   through a goal point or a goal circle's centre;
//! - no idle object: every object must serve a goal or make a used point;
//! - lookahead: a move after which a goal point would have no object
//!   through it to draw next is dropped before it is drawn;
//! - the same object reached from different pairs of points is tried once;
//!   candidate moves are kept level by level;
//! - long lengths are split into subtrees that threads (or shards on other
//!   machines) take in a fixed order; the answer of the earliest subtree
//!   wins, so answers do not depend on the number of threads or shards
//!   (shards run no quick first answer: docs/solver.md, "An answer at
//!   once").

pub use super::budget::{Budget, Progress, Stop, Unlimited};
use super::construction::Construction;
pub(super) use super::context::Context;
pub use super::options::{SearchOptions, Shard, Techniques, MOST_MOVES, MOST_SHARDS};
use super::quick::{first_answer, FIRST_ANSWER_FROM};
use super::state::{Choice, Filter, Mixing, State};
use super::variants::Variants;
pub use super::verify::setup_kinds;
use crate::parse::ast::MaskToken;
use crate::resolve::{Count, Problem};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// How often workers look at the budget and publish their counts: often
/// enough that a stop is obeyed within a millisecond or two.
const CHECK_EVERY: u64 = 256;

/// A shard's subtree number carries the variant of an either-or problem in
/// its high bits, so that the earliest subtree is the unsharded answer.
const VARIANT_SHIFT: u32 = 40;

/// Likewise the place of a round among those of one E cost (L-tools).
const ROUND_SHIFT: u32 = 52;

/// Constructions examined at the previous length from which a length is
/// searched on several threads.
const PARALLEL_FROM: u64 = 1_000;

pub fn search(problem: &Problem, options: &SearchOptions, budget: &dyn Budget) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    if let Some(why) = unsearchable(problem) {
        return (Outcome::Unsearchable(why), stats);
    }
    // An either-or goal is searched as one problem per choice of
    // alternatives, each length in every variant before the next length
    // (docs/language.md, "Either-or goals").
    let variants = match Variants::new(problem, options.techniques.symmetry) {
        Ok(variants) => variants,
        Err(why) => return (Outcome::Unsearchable(why), stats),
    };
    let at_the_root = variants.first(
        || budget.stop(),
        |index, variant, root| Ok(root.solution(variant).map(|found| (index, found))),
    );
    match at_the_root {
        Ok(Some((index, construction))) => {
            if options.shard.is_some() {
                stats.subtree = Some(index << VARIANT_SHIFT);
            }
            return (Outcome::Found(construction), stats);
        }
        Ok(None) => {}
        Err(stop) => return (stopped(stop, 0, None), stats),
    }
    let (first, last) = lengths(&problem.mask, options.max_moves.min(MOST_MOVES));
    let count = options.count.unwrap_or(problem.count);
    let rounds = rounds(problem, count, first, last);
    let with_tools = techniques_with_tools(options.techniques);
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        threads => threads,
    };
    let total = AtomicU64::new(0);
    let mut searched = first.saturating_sub(1);
    // Once a length grows long, a first answer of any length; the exact search
    // then rules out the shorter lengths (docs/solver.md, "An answer at once").
    let mut best = None;
    let mut quick = options.first_answer && problem.tools.is_empty() && options.shard.is_none();
    let best_length = |best: &Option<Construction>| best.as_ref().map(|found| found.draws.len());
    // Rounds of one cost come in order: the place among them joins the
    // shard's subtree number, above the variant.
    let mut place = 0;
    for (round, &(length, cost_limit)) in rounds.iter().enumerate() {
        if best_length(&best).is_some_and(|moves| length >= moves) {
            // Every shorter length is ruled out: the first answer is a
            // shortest one, and its own length need not be searched.
            let found = best.take().expect("tested above");
            return (Outcome::Found(found), stats);
        }
        let same_cost = round > 0 && cost_limit.is_some() && rounds[round - 1].1 == cost_limit;
        place = if same_cost { place + 1 } else { 0 };
        let tools = !problem.tools.is_empty() && cost_limit != Some(length);
        let techniques = if tools {
            with_tools
        } else {
            options.techniques
        };
        // Threads pay only when a length is long: the previous length (about
        // a hundred times smaller) says so. Answers do not depend on it.
        let previous = stats
            .examined_per_length
            .last()
            .map_or(0, |(_, count)| *count);
        if quick && previous >= FIRST_ANSWER_FROM {
            quick = false;
            let before = total.load(Ordering::Relaxed);
            let found = first_answer(
                problem,
                &variants,
                options.techniques,
                length,
                last,
                threads,
                budget,
                &total,
            );
            stats.quick_examined = total.load(Ordering::Relaxed) - before;
            match found {
                Ok(found) => best = found,
                Err(stop) => return (stopped(stop, searched, None), stats),
            }
            stats.first_answer =
                best_length(&best).map(|moves| (moves, total.load(Ordering::Relaxed)));
            // As short as the exact search's next length: a shortest one.
            if let Some(found) = best.take_if(|found| found.draws.len() <= length) {
                return (Outcome::Found(found), stats);
            }
        }
        let this_round = Round {
            length,
            cost_limit,
            tools,
            techniques,
            threads,
            parallel: threads > 1 && previous >= PARALLEL_FROM,
            place,
            best: best_length(&best),
        };
        let result = search_round(&variants, &this_round, options, budget, &total, &mut stats);
        match result {
            Ok(Some(construction)) => return (Outcome::Found(construction), stats),
            // A length (or, with a cost limit, the last length of a cost) is
            // done: nothing shorter (cheaper) is left.
            Ok(None) => {
                let limit = cost_limit.unwrap_or(length);
                if rounds
                    .get(round + 1)
                    .is_none_or(|next| next.1.unwrap_or(next.0) > limit)
                {
                    searched = limit;
                }
            }
            Err(stop) => return (stopped(stop, searched, best), stats),
        }
    }
    match best {
        Some(found) => (Outcome::Found(found), stats),
        None => (Outcome::Exhausted { max_moves: last }, stats),
    }
}

/// One length (with L-tools: one length at one cost) of the search.
struct Round {
    length: usize,
    cost_limit: Option<usize>,
    tools: bool,
    techniques: Techniques,
    threads: usize,
    /// Whether to use them: only once lengths are long.
    parallel: bool,
    /// The round's place among those of one cost (a shard's subtree number).
    place: usize,
    /// The length of the best answer so far, for the progress report.
    best: Option<usize>,
}

/// Searches one round in every variant, in order, until one has an answer.
fn search_round(
    variants: &Variants,
    round: &Round,
    options: &SearchOptions,
    budget: &dyn Budget,
    total: &AtomicU64,
    stats: &mut Stats,
) -> Result<Option<Construction>, Stop> {
    let before = total.load(Ordering::Relaxed);
    budget.progress(&Progress {
        moves: round.length,
        examined: before,
        best: round.best,
    });
    let result = variants.first(
        || budget.stop(),
        |index, variant, root| {
            let halt = AtomicBool::new(false);
            let mut context = Context::new(
                variant,
                round.techniques,
                round.length,
                budget,
                total,
                &halt,
            );
            context.cost_limit = round.cost_limit;
            context.tools = round.tools;
            if let Some(shard) = options.shard.filter(|s| s.count <= MOST_SHARDS) {
                search_shard(root, &context, round.threads, shard).map(|found| {
                    found.map(|(subtree, construction)| {
                        stats.subtree =
                            Some(round.place << ROUND_SHIFT | index << VARIANT_SHIFT | subtree);
                        construction
                    })
                })
            } else if round.parallel {
                search_parallel(root, &context, round.threads)
            } else {
                search_subtree(&mut root.clone(), &context, 0)
            }
        },
    );
    let examined = total.load(Ordering::Relaxed) - before;
    stats.examined_per_length.push((round.length, examined));
    result
}

/// A search stopped after ruling out the lengths up to `searched`, with the
/// best answer found so far if any.
fn stopped(stop: Stop, searched: usize, best: Option<Construction>) -> Outcome {
    let best = best.map(Box::new);
    Outcome::Stopped {
        stop,
        searched,
        best,
    }
}

/// Why a problem cannot be searched at all, if it cannot.
fn unsearchable(problem: &Problem) -> Option<String> {
    if problem.instances.is_empty() {
        return Some("the problem has errors: its instances cannot be computed".to_string());
    }
    if problem.goals.is_empty() {
        return Some("the block has no goal".to_string());
    }
    None
}

/// The techniques of a round where L-tools are moves. L-tools use operands
/// the bounds do not know (a perpendicular needs one point of its line, the
/// compass no point of its circle, a parallel uses a line): with them only
/// the goal pruning stays (docs/language.md). A round whose cost equals its
/// length has no room for an L-tool and keeps every technique.
fn techniques_with_tools(techniques: Techniques) -> Techniques {
    Techniques {
        prerequisites: false,
        idle_objects: false,
        incremental: false,
        lookahead: false,
        lookahead_at_two: false,
        merge_reorderings: false,
        ..techniques
    }
}

/// The searches to run, in order: each length once — or, to minimise E with
/// L-tools (which cost several E each), each E cost from the fewest up, and
/// for it first the lines and circles alone (as many moves as E, every
/// technique), then every shorter number of moves that L-tools can bring to
/// that cost exactly. The answer has the fewest E.
fn rounds(
    problem: &Problem,
    count: Count,
    first: usize,
    last: usize,
) -> Vec<(usize, Option<usize>)> {
    let cheapest = problem.tools.iter().map(|tool| tool.e_cost()).min();
    let dearest = problem.dearest_tool();
    match (count, cheapest, dearest) {
        (Count::E, Some(cheapest), Some(dearest)) => (first..=last)
            .flat_map(|cost| {
                let shorter = (cost.div_ceil(dearest).max(first)
                    ..=cost.saturating_sub(cheapest - 1))
                    .filter(move |&length| length < cost);
                std::iter::once(cost)
                    .chain(shorter)
                    .map(move |length| (length, Some(cost)))
            })
            .collect(),
        _ => (first..=last).map(|length| (length, None)).collect(),
    }
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
fn search_parallel(
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
fn search_shard(
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
            for choice in expand(&mut state, depth, context, &mut filter) {
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
