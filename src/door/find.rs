//! "Find construction", the one use case behind the editor's action and
//! `euc solve`: how long a construction to look for (on a solved block,
//! only a shorter one helps), the search, the check of its answer, what
//! each outcome means to the user (`Verdict`) and the words for it
//! (docs/solver.md). The edges only print these words or send them.

use crate::analysis::{checked_answer, Analysis};
use crate::check::Status;
use crate::resolve::Count;
use crate::solve::construction::Construction;
use crate::solve::search::{search, Budget, Outcome, SearchOptions, Stats, Stop};

/// What to find: a block, how to search, and what the reader knows.
pub struct FindRequest {
    /// The solve block's index in the scene.
    pub block: usize,
    pub options: SearchOptions,
    /// The block's length when it is solved already (`solved_length`):
    /// exhausting the lengths below it proves there is no shorter one.
    pub solved: Option<usize>,
    /// The time limit as the reader set it ("60 s"), for the messages;
    /// `None` when they did not set one themselves.
    pub limit: Option<String>,
}

/// What a search means to the user.
#[derive(Debug)]
pub enum Verdict {
    /// A construction to write, its step lines checked as `check` would;
    /// `proved`: no shorter one exists (else `message` says what is open).
    Answer {
        construction: Box<Construction>,
        lines: Vec<String>,
        proved: bool,
        message: String,
    },
    /// Nothing to write, and that is the answer: the block is solved and no
    /// shorter construction exists within the bound.
    Proved(String),
    /// No construction to write: none within the bound, a stop before any
    /// answer, a block that cannot be searched, or an answer `check`
    /// refused.
    Failed(String),
    /// Stopped on request (the progress bar's button) before any answer.
    StoppedEmpty(String),
    /// Cancelled: whoever asked is gone, nothing is said or written.
    Cancelled,
}

/// The search's outcome as the user sees it, with the search's own record.
pub struct Found {
    pub verdict: Verdict,
    /// The outcome as the search gave it (`euc solve --format json`), but
    /// an answer `check` refused is `Unsearchable` with its reason.
    pub outcome: Outcome,
    pub stats: Stats,
}

/// Finds a construction for a block of `analysis` (analysed from `text`):
/// searches while `budget` lets it, checks the answer, and decides what the
/// outcome means. `taken()` says whether a stop was the reader's own "stop
/// and take the best so far" rather than a cancel.
pub fn find(
    text: &str,
    analysis: &Analysis,
    request: &FindRequest,
    budget: &dyn Budget,
    taken: &dyn Fn() -> bool,
) -> Found {
    let searchable = analysis.scene().searchable(request.block);
    let (mut outcome, stats) = search(&searchable, &request.options, budget);
    let checked =
        |construction: &Construction| checked_answer(text, analysis, request.block, construction);
    let verdict = match &outcome {
        Outcome::Found(construction) => match checked(construction) {
            Ok(lines) => Verdict::Answer {
                message: found(construction, !searchable.tools.is_empty()),
                construction: Box::new(construction.clone()),
                lines,
                proved: true,
            },
            Err(why) => {
                outcome = Outcome::Unsearchable(why.clone());
                Verdict::Failed(why)
            }
        },
        Outcome::Stopped {
            stop,
            searched,
            best,
        } => stopped_verdict(
            *stop,
            *searched,
            best.as_deref(),
            taken(),
            request,
            &checked,
            !searchable.tools.is_empty(),
        ),
        Outcome::Exhausted { max_moves } => match request.solved {
            Some(_) => Verdict::Proved(no_shorter(*max_moves, request.solved)),
            None => Verdict::Failed(none_within(*max_moves)),
        },
        Outcome::Unsearchable(why) => Verdict::Failed(unsearchable(why)),
    };
    Found {
        verdict,
        outcome,
        stats,
    }
}

/// A search that stopped early: out of time, or stopped by the reader
/// (`taken`), its best answer so far is written with what is still open;
/// a cancel writes nothing.
fn stopped_verdict(
    stop: Stop,
    searched: usize,
    best: Option<&Construction>,
    taken: bool,
    request: &FindRequest,
    checked: &dyn Fn(&Construction) -> Result<Vec<String>, String>,
    tools: bool,
) -> Verdict {
    let why = match stop {
        Stop::Cancelled if taken => STOPPED_ON_REQUEST.to_string(),
        Stop::Cancelled => return Verdict::Cancelled,
        Stop::OutOfTime => why_stopped(stop, request.limit.as_deref()),
    };
    match best.map(|best| (best, checked(best))) {
        Some((best, Ok(lines))) => Verdict::Answer {
            message: improvable(&found(best, tools), best.moves(), &why, searched),
            construction: Box::new(best.clone()),
            lines,
            proved: false,
        },
        _ if taken => Verdict::StoppedEmpty(stopped(&why, searched)),
        _ => Verdict::Failed(stopped(&why, searched)),
    }
}

/// Said when the search was cancelled, and by the editor when a search
/// ends without another word.
pub const CANCELLED: &str = "cancelled";

/// The title of the action on a block: with steps, only a shorter
/// construction is news.
pub fn action_title(has_steps: bool) -> &'static str {
    if has_steps {
        "Find a shorter construction"
    } else {
        "Find construction"
    }
}

/// The length of a solved block's construction, counted as its `count`
/// line says (E moves or L tool uses); `None` when the block has no steps
/// or they do not solve it.
pub fn solved_length(analysis: &Analysis, block: usize) -> Option<usize> {
    let problem = &analysis.scene().problems[block];
    let report = &analysis.reports[block];
    (!problem.steps.is_empty() && report.status == Status::Solved).then_some(match problem.count {
        Count::E => report.moves,
        Count::L => report.tool_uses,
    })
}

/// The longest construction to look for: the setting, and below a solved
/// block's length, so that "none" is an answer, not a swap.
pub fn max_moves(solved: Option<usize>, setting: usize) -> usize {
    solved.map_or(setting, |solved| solved.saturating_sub(1).min(setting))
}

/// A construction found, as `euc solve` reports it: "6 moves", "2 L, 6 E"
/// (`tools`: always both counts), or why no move was needed.
pub fn found(construction: &Construction, tools: bool) -> String {
    match construction.moves() {
        0 => "0 moves: the givens and setup already reach every goal".to_string(),
        _ => construction.describe_count(tools),
    }
}

/// A construction found, as the editor's progress report ends.
pub fn found_briefly(construction: &Construction) -> String {
    format!("found {}", construction.describe_count(false))
}

/// Every construction up to `max_moves` was examined, and none works.
pub fn none_within(max_moves: usize) -> String {
    format!("no construction with at most {max_moves} moves")
}

/// Every construction up to `max_moves` was examined on a block solved in
/// `solved` moves: a proof when the bound was just below it, else the
/// solver's limit.
pub fn no_shorter(max_moves: usize, solved: Option<usize>) -> String {
    let moves = if max_moves == 1 { "move" } else { "moves" };
    if Some(max_moves + 1) == solved {
        format!("no shorter construction exists: none with at most {max_moves} {moves}")
    } else {
        format!("no shorter construction with at most {max_moves} {moves} (the solver's limit)")
    }
}

/// Why a search stopped early, in words: the time limit (named when the
/// reader did not set it themselves) or a cancel.
pub fn why_stopped(stop: Stop, limit: Option<&str>) -> String {
    match (stop, limit) {
        (Stop::OutOfTime, Some(limit)) => format!("time limit of {limit} reached"),
        (Stop::OutOfTime, None) => "time limit reached".to_string(),
        (Stop::Cancelled, _) => CANCELLED.to_string(),
    }
}

/// Why "Find construction" stopped when the progress bar's cancel button
/// took the best answer so far.
pub const STOPPED_ON_REQUEST: &str = "stopped on request";

/// The search stopped early (`why`: `why_stopped`), after every length up
/// to `searched`.
pub fn stopped(why: &str, searched: usize) -> String {
    format!("{why}; {}", none_within(searched))
}

/// A search stopped with an answer not yet proved shortest: "9 moves
/// found; none with at most 7 exists; 8 not yet ruled out (time limit
/// reached)" (docs/solver.md, "An answer at once"); `why`: `why_stopped`.
pub fn improvable(found: &str, moves: usize, why: &str, searched: usize) -> String {
    let open = match (searched + 1, moves.saturating_sub(1)) {
        (low, high) if low == high => format!("{low} not yet ruled out"),
        (low, high) => format!("{low} to {high} not yet ruled out"),
    };
    let proved = if searched == 0 {
        String::new()
    } else {
        format!("{}; ", none_within(searched))
    };
    format!("{found} found; {proved}{open} ({why})")
}

/// The progress message: the length searched, what is proved, the best
/// answer so far ("searching 8 moves (none ≤ 7); 9 found; 120000
/// constructions examined"). An answer longer than `limit` (the most moves
/// asked for) is not the search's answer: it is named as beyond it, so
/// that a stop that writes nothing does not surprise.
pub fn describe_progress(progress: &crate::solve::search::Progress, limit: usize) -> String {
    let proved = match progress.moves.saturating_sub(1) {
        0 => String::new(),
        below => format!(" (none ≤ {below})"),
    };
    let best = progress.best.map_or(String::new(), |best| {
        if best <= limit {
            format!("; {best} moves found")
        } else {
            format!("; one of {best} moves found, beyond the limit of {limit}")
        }
    });
    format!(
        "searching {} moves{proved}{best}; {} constructions examined",
        progress.moves, progress.examined
    )
}

/// The block cannot be searched, and why.
pub fn unsearchable(why: &str) -> String {
    format!("cannot search: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_not_proved_shortest_says_what_is_open() {
        assert_eq!(
            improvable("9 moves", 9, &why_stopped(Stop::OutOfTime, Some("10s")), 7),
            "9 moves found; no construction with at most 7 moves; 8 not yet ruled out (time limit of 10s reached)"
        );
        assert_eq!(
            improvable("12 moves", 12, &why_stopped(Stop::OutOfTime, None), 6),
            "12 moves found; no construction with at most 6 moves; 7 to 11 not yet ruled out (time limit reached)"
        );
    }

    /// An answer beyond the most moves asked for is no answer of this
    /// search (a stop writes nothing): the progress says so.
    #[test]
    fn progress_names_an_answer_beyond_the_limit_as_such() {
        let progress = |best| crate::solve::search::Progress {
            moves: 6,
            examined: 1200,
            best,
        };
        assert_eq!(
            describe_progress(&progress(Some(7)), 8),
            "searching 6 moves (none ≤ 5); 7 moves found; 1200 constructions examined"
        );
        assert_eq!(
            describe_progress(&progress(Some(11)), 8),
            "searching 6 moves (none ≤ 5); one of 11 moves found, beyond the limit of 8; \
             1200 constructions examined"
        );
    }

    /// A cancel (Ctrl-C) is a cancel, whatever the time limit was.
    #[test]
    fn a_cancel_is_named_as_such() {
        assert_eq!(why_stopped(Stop::Cancelled, Some("60")), "cancelled");
        assert_eq!(
            stopped(&why_stopped(Stop::OutOfTime, Some("1")), 6),
            "time limit of 1 reached; no construction with at most 6 moves"
        );
    }

    #[test]
    fn a_solved_block_is_searched_below_its_length() {
        assert_eq!(max_moves(None, 8), 8);
        assert_eq!(max_moves(Some(5), 8), 4);
        assert_eq!(max_moves(Some(20), 8), 8);
        assert_eq!(max_moves(Some(0), 8), 0);
    }

    #[test]
    fn the_words_for_each_outcome() {
        assert_eq!(none_within(3), "no construction with at most 3 moves");
        assert_eq!(
            no_shorter(1, Some(2)),
            "no shorter construction exists: none with at most 1 move"
        );
        assert_eq!(
            no_shorter(8, Some(12)),
            "no shorter construction with at most 8 moves (the solver's limit)"
        );
        assert_eq!(
            stopped(&why_stopped(Stop::OutOfTime, Some("0.5 s")), 2),
            "time limit of 0.5 s reached; no construction with at most 2 moves"
        );
        assert_eq!(
            stopped(&why_stopped(Stop::OutOfTime, None), 2),
            "time limit reached; no construction with at most 2 moves"
        );
        assert_eq!(
            stopped(&why_stopped(Stop::Cancelled, None), 0),
            "cancelled; no construction with at most 0 moves"
        );
        assert_eq!(unsearchable("no goal"), "cannot search: no goal");
    }
}
