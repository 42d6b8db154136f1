//! A hint, the one use case behind `euc hint`, the editor's "Hint: the
//! next move" and "Complete this construction", and the boards' "Hint" and
//! "Show a solution": the next move, or every move, of a shortest
//! completion of a block's steps, as the step lines to append
//! (docs/solver.md, "Hints").

use super::find::why_stopped;
use crate::edit::hint_to_lines;
use crate::resolve::Scene;
use crate::solve::hint::{next_moves, HintOptions, NoHint};
use crate::solve::search::Budget;

/// How long, in seconds, the boards' hints search before they say they ran
/// out of time: the player waits for them (the edges keep the clock).
pub const HINT_SECONDS: u64 = 10;

/// How long the editor's "Hint: the next move" and "Complete this
/// construction" search: the editor does not wait, and a whole completion
/// may be long.
pub const COMPLETE_SECONDS: u64 = 30;

/// What to hint.
#[derive(Default)]
pub struct HintRequest {
    /// The solve block's index in the scene.
    pub block: usize,
    pub options: HintOptions,
    /// The whole completion, not only its next move.
    pub all: bool,
    /// The time limit in words ("10 s"), for a search that runs out of it.
    pub limit: Option<String>,
}

/// What a hint gives.
#[derive(Debug, PartialEq)]
pub enum Hinted {
    /// The lines to append to the block.
    Lines(Vec<String>),
    /// Nothing to add: the steps reach every goal already.
    Reached,
}

/// Said when the steps need no hint.
pub const REACHED: &str = "the steps already reach the goals";

/// Hints block `request.block` of `scene`, searching while `budget` lets
/// it; `Err` says why there is no hint, in words.
pub fn hint(scene: &Scene, request: &HintRequest, budget: &dyn Budget) -> Result<Hinted, String> {
    let problem = scene.searchable(request.block);
    let hint = next_moves(&problem, &request.options, budget).map_err(|no_hint| {
        let why = match &no_hint {
            NoHint::Stopped { stop, .. } => why_stopped(*stop, request.limit.as_deref()),
            _ => String::new(),
        };
        no_hint.describe(
            !problem.tools.is_empty() || !problem.own_tools.is_empty(),
            &why,
        )
    })?;
    if hint.construction.moves() == 0 {
        return Ok(Hinted::Reached);
    }
    let lines = hint_to_lines(scene, &scene.problems[request.block], &hint);
    Ok(Hinted::Lines(if request.all {
        lines.all
    } else {
        lines.next
    }))
}

/// A time limit of `seconds` in the words of "time limit of … reached".
pub fn limit_words(seconds: u64) -> String {
    format!("{seconds} s")
}
