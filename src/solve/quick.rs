//! A first answer of any length, before the exact search proves the
//! shorter lengths (docs/solver.md, "An answer at once"): the shortest
//! construction with L-tools written as lines and circles (`expand.rs`),
//! then the same with the standard library's tangents and circles through
//! three points beside them (the library route), then, where that gives
//! nothing, a beam over the search's own tree.

use super::budget::{Budget, Progress, Stop};
use super::construction::Construction;
use super::context::Context;
use super::engine::search_subtree;
use super::expand::expanded;
use super::mask::mask_matches;
use super::options::{SearchOptions, Techniques};
use super::outcome::{Outcome, Stats};
use super::variants::Variants;
use crate::parse::ast::MaskToken;
use crate::resolve::{Count, Problem};
use crate::tools::Tool;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// How many constructions the beam may examine in all, each node's ranked
/// moves counted whether it keeps them or not: about a second where nodes
/// are dear (13.10: 0.3 s per 100,000), and the angle of 3° (15.10) its
/// first answer after 481,000. Counted, not timed, so its answer is the
/// same on every machine.
const BEAM_BUDGET: u64 = 500_000;

/// The L-tool sets searched in turn until one gives an answer, each with
/// its budget (counted likewise): every tool first; then a narrower tree
/// without the compass and the angle bisector reaches answers the full set
/// does not within its budget (the tangent point on a hypotenuse, 14.3: 9
/// moves, the game's count). A third set (the angle bisector instead of
/// the parallel) gave no level of `examples/euclidea/` its first answer
/// and cost 150,000 constructions where nothing answers (docs/solver.md,
/// "An answer at once").
const TOOL_SETS: [(&[Tool], u64); 2] = [
    (&Tool::ALL, 120_000),
    (
        &[Tool::PerpBisector, Tool::Perpendicular, Tool::Parallel],
        150_000,
    ),
];

/// The library route's tools and budget (`Techniques::library`): taken
/// after the L-tool sets, before the beam (docs/solver.md, "The library
/// route"). Its longest search with an answer on `examples/euclidea/` took
/// 87,049 constructions (10.3); at 150,000, where it fails, it held the
/// beam and the exact search back long enough to take the angle of 3°
/// (15.10) past the second.
const LIBRARY_SET: (&[Tool], u64) = (
    &[
        Tool::PerpBisector,
        Tool::Perpendicular,
        Tool::Parallel,
        Tool::TangentLeft,
        Tool::TangentRight,
        Tool::Circumcircle,
    ],
    100_000,
);

/// Widths of the beam, tried in turn at each length: each node keeps only
/// its first few children, goal objects and objects through more aims
/// first.
const BEAM_WIDTHS: [usize; 3] = [2, 3, 5];

/// The quick search runs once the exact search's last length examined this
/// many constructions: the next one will take 25 to 150 times more, so an
/// answer of any length first is worth its cost; shorter searches end
/// before it would pay. (At 5,000 and 3,000, levels whose bounds now cut
/// hard and whose nodes are dear — the circumscribed square 5.8, the
/// square in a triangle 13.4, the rhombus in a triangle 14.1 — examined
/// 2,800 to 3,600 at one length and then seconds at the next without a
/// first answer.)
pub(super) const FIRST_ANSWER_FROM: u64 = 2_000;

/// The whole search (`search::search`), which the L-tool route runs with
/// the tools: handed down, so that this file does not name the driver
/// that calls it.
pub(super) type Driver = fn(&Problem, &SearchOptions, &dyn Budget) -> (Outcome, Stats);

/// One way to a first answer: an L-tool set with its budget, or the beam.
#[derive(Clone, Copy)]
enum Route {
    Tools(&'static [Tool], u64),
    Beam,
}

/// A first answer of any length up to `last`, not proved shortest (the
/// exact search then rules out the shorter lengths), for a problem with
/// lines and circles only (`search` asks for none otherwise): the L-tool
/// routes, the library route, then the beam from `first` moves up. Err only when the caller's
/// budget stops it; the constructions examined are added to `total`.
///
/// The routes run on up to `threads` threads, each taking the next route in
/// order, and the first route in that order with an answer gives it: each
/// route's search is deterministic on its own (one thread, a counted
/// budget), so the answer is the one routes tried one after another give,
/// on any number of threads. A route stops as soon as an earlier one has
/// an answer.
#[allow(clippy::too_many_arguments)]
pub(super) fn first_answer(
    variants: &Variants,
    driver: Driver,
    techniques: Techniques,
    first: usize,
    last: usize,
    threads: usize,
    budget: &dyn Budget,
    total: &AtomicU64,
) -> Result<Option<Construction>, Stop> {
    let problem = variants.problem();
    // The tools cannot be written where points are dropped on the drawing.
    let mut routes: Vec<Route> = Vec::new();
    if !problem.drops {
        routes.extend(
            TOOL_SETS
                .iter()
                .map(|&(tools, limit)| Route::Tools(tools, limit)),
        );
        if techniques.library {
            routes.push(Route::Tools(LIBRARY_SET.0, LIBRARY_SET.1));
        }
    }
    routes.push(Route::Beam);
    let shared = Shared {
        base: total.load(Ordering::Relaxed),
        all: AtomicU64::new(0),
        answered: AtomicUsize::new(usize::MAX),
    };
    let results: Vec<Mutex<Option<Found>>> = routes.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let run = |rank: usize| {
        let (limit, route) = match routes[rank] {
            Route::Tools(tools, limit) => (limit, Some(tools)),
            Route::Beam => (BEAM_BUDGET, None),
        };
        let capped = Capped {
            inner: budget,
            spent: AtomicU64::new(0),
            reported: AtomicU64::new(0),
            limit,
            moves: first,
            shared: &shared,
            rank,
        };
        let found = match route {
            Some(tools) => from_tools(variants, driver, tools, techniques, last, &capped),
            None => beam_search(variants, techniques, first, last, &capped),
        };
        capped.settle();
        if matches!(found, Ok(Some(_))) {
            shared.answered.fetch_min(rank, Ordering::Relaxed);
        }
        *results[rank].lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
    };
    let take_routes = || loop {
        let rank = next.fetch_add(1, Ordering::Relaxed);
        if rank >= routes.len() || shared.answered.load(Ordering::Relaxed) < rank {
            break;
        }
        run(rank);
    };
    let helpers = threads.clamp(1, routes.len()) - 1;
    std::thread::scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(take_routes);
        }
        take_routes();
    });
    total.fetch_add(shared.all.load(Ordering::Relaxed), Ordering::Relaxed);
    for result in results {
        match result.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(Ok(Some(found))) => return Ok(Some(found)),
            Some(Err(stop)) => return Err(stop),
            Some(Ok(None)) | None => {}
        }
    }
    Ok(None)
}

/// What a route gives: an answer, none, or the caller's stop.
type Found = Result<Option<Construction>, Stop>;

/// What the routes share: the constructions all of them examined (for the
/// caller's progress), and the first route known to have an answer.
struct Shared {
    /// The constructions examined before the quick search.
    base: u64,
    all: AtomicU64,
    answered: AtomicUsize,
}

/// The search with every node cut to its first children (a beam), the
/// narrowest beam first, each at every length.
fn beam_search(
    variants: &Variants,
    techniques: Techniques,
    first: usize,
    last: usize,
    budget: &Capped,
) -> Result<Option<Construction>, Stop> {
    for length in first.max(1)..=last {
        for width in BEAM_WIDTHS {
            let found = variants.first(
                || budget.inner.stop(),
                |_, variant, root| {
                    let halt = AtomicBool::new(false);
                    let mut context =
                        Context::new(variant, techniques, length, budget, &budget.spent, &halt);
                    context.beam = Some(width);
                    search_subtree(&mut root.clone(), &context, 0)
                },
            );
            match found {
                Ok(None) => {}
                Ok(Some(found)) => return Ok(Some(found)),
                Err(_) => return budget.inner.stop().map_or(Ok(None), Err),
            }
        }
    }
    Ok(None)
}

/// The shortest construction with these L-tools (fewest tool uses, often
/// far fewer moves than the E count), in goal-directed order, each use
/// written as lines and circles and the moves nothing needs removed;
/// `None` where a tool use cannot be written so on the figure, or the
/// result breaks the mask.
fn from_tools(
    variants: &Variants,
    driver: Driver,
    tools: &[Tool],
    techniques: Techniques,
    last: usize,
    budget: &Capped,
) -> Result<Option<Construction>, Stop> {
    let problem = variants.problem();
    let mut with_tools = problem.clone();
    with_tools.tools = tools.to_vec();
    with_tools.mask = vec![MaskToken::All];
    let options = SearchOptions {
        max_moves: last,
        threads: 1,
        techniques: Techniques {
            goal_order: true,
            ..techniques
        },
        shard: None,
        count: Some(Count::L),
        first_answer: false,
    };
    match driver(&with_tools, &options, budget).0 {
        Outcome::Found(found) => {
            let written = (0..variants.len())
                .find_map(|index| expanded(variants.get(index).0, &found))
                .filter(|written| written.draws.len() <= last)
                .filter(|written| {
                    let kinds: Vec<_> = written.draws.iter().map(|draw| draw.draw).collect();
                    mask_matches(&problem.mask, &kinds)
                });
            Ok(written)
        }
        Outcome::Stopped { .. } => budget.inner.stop().map_or(Ok(None), Err),
        Outcome::Exhausted { .. } | Outcome::Unsearchable(_) => Ok(None),
    }
}

/// The caller's budget, and a cap on the constructions one route
/// examines. A search of its own (the L-tool route) counts in its own
/// total, which its progress reports bring here; the beam counts in
/// `spent` itself.
struct Capped<'a> {
    inner: &'a dyn Budget,
    spent: AtomicU64,
    /// How much of `spent` is counted in `shared.all` already.
    reported: AtomicU64,
    limit: u64,
    /// The length the exact search is about to prove, for progress.
    moves: usize,
    shared: &'a Shared,
    /// This route's place in the order of preference.
    rank: usize,
}

impl Capped<'_> {
    /// Counts what this route examined since its last report in the
    /// shared total.
    fn settle(&self) {
        let spent = self.spent.load(Ordering::Relaxed);
        let before = self.reported.fetch_max(spent, Ordering::Relaxed);
        self.shared
            .all
            .fetch_add(spent.saturating_sub(before), Ordering::Relaxed);
    }
}

impl Budget for Capped<'_> {
    fn stop(&self) -> Option<Stop> {
        self.inner.stop().or_else(|| {
            let spent_all = self.spent.load(Ordering::Relaxed) >= self.limit;
            let beaten = self.shared.answered.load(Ordering::Relaxed) < self.rank;
            (spent_all || beaten).then_some(Stop::OutOfTime)
        })
    }

    fn progress(&self, progress: &Progress) {
        self.spent.fetch_max(progress.examined, Ordering::Relaxed);
        self.settle();
        // The spinner and the editor's bar keep moving meanwhile.
        self.inner.progress(&Progress {
            moves: self.moves,
            examined: self.shared.base + self.shared.all.load(Ordering::Relaxed),
            best: None,
        });
    }
}
