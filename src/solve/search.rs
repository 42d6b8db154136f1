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
use super::compress::compress;
use super::construction::Construction;
use super::context::Context;
use super::engine::{search_parallel, search_shard, search_subtree};
pub use super::options::{SearchOptions, Shard, Techniques, MOST_MOVES, MOST_SHARDS};
pub use super::outcome::{Outcome, Stats};
use super::quick::{first_answer, FIRST_ANSWER_FROM};
use super::uses::{search_with_uses, with_a_use};
use super::variants::Variants;
pub use super::verify::setup_kinds;
use crate::parse::ast::MaskToken;
use crate::resolve::{Count, Problem};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A shard's subtree number carries the variant of an either-or problem in
/// its high bits, so that the earliest subtree is the unsharded answer.
const VARIANT_SHIFT: u32 = 40;

/// Likewise the place of a round among those of one E cost (L-tools).
const ROUND_SHIFT: u32 = 52;

/// Constructions examined at the previous length from which a length is
/// searched on several threads.
const PARALLEL_FROM: u64 = 1_000;

pub fn search(problem: &Problem, options: &SearchOptions, budget: &dyn Budget) -> (Outcome, Stats) {
    let count = options.count.unwrap_or(problem.count);
    // (A shard searches its share of the main search's tree only.)
    if problem.allowed.is_empty() || unsearchable(problem).is_some() || options.shard.is_some() {
        return search_lines(problem, options, budget);
    }
    // Tools of your own (docs/solver.md, "Tools of your own"): with
    // `count l` each use one move; with `count e` the fewest moves in
    // lines, circles and L-tools, then the same count with a use if one
    // is found soon, so that the answer is written with the tool's name.
    if count == Count::L {
        return search_with_uses(problem, options.max_moves.min(MOST_MOVES), count, budget);
    }
    let (outcome, stats) = search_lines(problem, options, budget);
    match outcome {
        Outcome::Found(found) => {
            let answer = with_a_use(problem, found.e_moves(), budget).unwrap_or(found);
            (Outcome::Found(answer), stats)
        }
        outcome => (outcome, stats),
    }
}

/// The search in lines, circles and L-tools (the driver the quick route
/// and compression are handed).
fn search_lines(
    problem: &Problem,
    options: &SearchOptions,
    budget: &dyn Budget,
) -> (Outcome, Stats) {
    let count = options.count.unwrap_or(problem.count);
    let mut stats = Stats::default();
    // An either-or goal is searched as one problem per choice of
    // alternatives, each length in every variant before the next length
    // (docs/language.md, "Either-or goals").
    let variants = match unsearchable(problem)
        .map_or_else(|| Variants::new(problem, options.techniques.symmetry), Err)
    {
        Ok(variants) => variants,
        Err(why) => return (Outcome::Unsearchable(why), stats),
    };
    if let Some(outcome) = at_the_root(&variants, options, budget, &mut stats) {
        return (outcome, stats);
    }
    let (first, last) = lengths(&problem.mask, options.max_moves.min(MOST_MOVES));
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
    // With `tools drop`, the same search without dropped points first, once
    // the search grows long (docs/solver.md, "Drops").
    let mut drop_free = problem.drops
        && options.first_answer
        && options.shard.is_none()
        && (problem.tools.is_empty() || count == Count::L);
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
        if drop_free && previous >= FIRST_ANSWER_FROM {
            drop_free = false;
            match drop_free_answer(problem, options, last, budget, &mut stats) {
                Ok(found) => best = found.or(best),
                Err(stop) => return (stopped(stop, searched, best), stats),
            }
            if let Some(found) = best.take_if(|found| found.draws.len() <= length) {
                return (Outcome::Found(found), stats);
            }
        }
        if quick && previous >= FIRST_ANSWER_FROM {
            quick = false;
            let at = Quick {
                length,
                last,
                threads,
            };
            match quick_answer(problem, &variants, options, &at, budget, &total, &mut stats) {
                Ok(found) => best = found,
                Err((stop, found)) => return (stopped(stop, searched, found), stats),
            }
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

/// Constructions the search without dropped points may examine for a
/// first answer to a `tools drop` block: a few seconds, enough for the
/// levels whose L-star needs no drop and whose search with drops cannot
/// reach it (13.5 and 15.8 take 1.7 million each); spent in vain where no
/// answer without drops is that near (docs/solver.md, "Drops").
const DROP_FREE_BUDGET: u64 = 4_000_000;

/// The shortest answer without dropped points, up to `last` moves, within
/// `DROP_FREE_BUDGET` constructions: an answer to the block with `tools
/// drop` too, and often found far sooner — every drawn line and circle
/// gives a point more to the search with drops, whose tree grows so much
/// that an answer without any drop can lie beyond its reach (Euclidea 9.7:
/// 6 L in 0.25 s without drops, none ≤ 5 in 30 s with them). `Err` when
/// the outer budget stopped it (docs/solver.md, "Drops").
fn drop_free_answer(
    problem: &Problem,
    options: &SearchOptions,
    last: usize,
    budget: &dyn Budget,
    stats: &mut Stats,
) -> Result<Option<Construction>, Stop> {
    let mut without = problem.clone();
    without.drops = false;
    let capped = super::budget::Capped::new(budget, 1, DROP_FREE_BUDGET);
    let inner = SearchOptions {
        max_moves: last,
        first_answer: false,
        ..*options
    };
    let (outcome, _) = search_lines(&without, &inner, &capped);
    stats.quick_examined += capped.examined();
    if let Some(stop) = budget.stop() {
        return Err(stop);
    }
    Ok(match outcome {
        Outcome::Found(found) => Some(found),
        Outcome::Stopped { best, .. } => best.map(|best| *best),
        _ => None,
    })
}

/// Where the quick first answer is asked for: the length the exact search
/// is about to prove, the limit, the threads.
struct Quick {
    length: usize,
    last: usize,
    threads: usize,
}

/// The quick first answer (docs/solver.md, "An answer at once"), then
/// compressed ("Compression"): an answer within the limit, or none; `Err`
/// when the budget stopped it, with what it had.
fn quick_answer(
    problem: &Problem,
    variants: &Variants,
    options: &SearchOptions,
    at: &Quick,
    budget: &dyn Budget,
    total: &AtomicU64,
    stats: &mut Stats,
) -> Result<Option<Construction>, (Stop, Option<Construction>)> {
    let before = total.load(Ordering::Relaxed);
    // With compression, a first answer up to twice the limit is worth
    // having: compression may bring it within (one above the limit is
    // never given).
    let compress_on = options.techniques.compress;
    let reach = if compress_on {
        at.last.saturating_mul(2).min(MOST_MOVES)
    } else {
        at.last
    };
    let found = first_answer(
        variants,
        search_lines,
        options.techniques,
        at.length,
        reach,
        at.threads,
        budget,
        total,
    );
    stats.quick_examined = total.load(Ordering::Relaxed) - before;
    let found = found.map_err(|stop| (stop, None))?;
    stats.first_answer = found
        .as_ref()
        .map(|found| (found.draws.len(), total.load(Ordering::Relaxed)));
    let within = |found: Construction| (found.draws.len() <= at.last).then_some(found);
    match found {
        // From the first answer to a shorter one near it, while the exact
        // search has not yet reached its length.
        Some(found) if compress_on && found.draws.len() > at.length => {
            match compress(problem, found, options, search_lines, budget) {
                Ok(compressed) => {
                    stats.quick_examined += compressed.examined;
                    Ok(within(compressed.best))
                }
                Err((stop, compressed)) => {
                    stats.quick_examined += compressed.examined;
                    Err((stop, within(compressed.best)))
                }
            }
        }
        // Beyond the limit: no answer.
        found => Ok(found.and_then(within)),
    }
}

/// The answer of no moves, where a variant's goals are reached before any
/// (or the budget's stop).
fn at_the_root(
    variants: &Variants,
    options: &SearchOptions,
    budget: &dyn Budget,
    stats: &mut Stats,
) -> Option<Outcome> {
    let found = variants.first(
        || budget.stop(),
        |index, variant, root| Ok(root.solution(variant).map(|found| (index, found))),
    );
    match found {
        Ok(Some((index, construction))) => {
            if options.shard.is_some() {
                stats.subtree = Some(index << VARIANT_SHIFT);
            }
            Some(Outcome::Found(construction))
        }
        Ok(None) => None,
        Err(stop) => Some(stopped(stop, 0, None)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::budget::Unlimited;
    use crate::solve::construction::PointRef;

    /// The tangent at a point of a given circle: 3 moves with a point
    /// dropped on the circle, 4 without. The drop-free first answer is the
    /// 4 moves, none of them a drop; the search then proves the 3.
    #[test]
    fn the_first_answer_of_a_drop_block_needs_no_drop() {
        let text = "point C = (0, 0)\npoint X = (1.7, 0.9)\ncircle k = circle(C, X)\n\
            solve tangent {\n  goal m = line(X, rotate(C, X, 90deg))\n  tools drop\n}\n";
        let analysis = crate::analysis::analyze(text);
        let problem = analysis.scene().searchable(0);
        assert!(problem.drops);
        let options = SearchOptions::default();
        let mut stats = Stats::default();
        let found = drop_free_answer(&problem, &options, 6, &Unlimited, &mut stats)
            .expect("not stopped")
            .expect("an answer without drops");
        assert_eq!(found.draws.len(), 4);
        assert!(found
            .draws
            .iter()
            .flat_map(|draw| [draw.a, draw.b, draw.c])
            .all(
                |point| !matches!(point, PointRef::Meet { first, second, .. } if first == second)
            ));
        assert!(stats.quick_examined > 0);
        let (outcome, _) = search(&problem, &options, &Unlimited);
        let Outcome::Found(shortest) = outcome else {
            panic!("{outcome:?}");
        };
        assert_eq!(shortest.draws.len(), 3);
    }
}
