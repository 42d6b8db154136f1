//! The construction board (`euc play`, the editor's "Play" on a solve
//! block), one use case with one entry: a request (`Ask`: the state, the
//! state on the instance the construction fails on, a move, an undo, a
//! redo, a hint or the whole solution) on a block of an analysis, and its
//! answer — the state the board draws (`state`), or the edits a move makes
//! with the lines it wrote (`moves`, `redo`, `hint`).
//! Geometry stays here: the board's script draws what it is told and sends
//! back names or crossing ids (docs/design.md, "The construction board").

mod hint;
mod moves;
mod redo;
mod state;

pub use hint::{hint_move, HintAsk};
pub use moves::{play_move, redo_move, undo_move, Move, Played};
pub use state::{construction_state, failing_state, text_version, ConstructionState};
pub(crate) use state::{Drawing, Usable};

use crate::analysis::Analysis;
use crate::solve::search::Budget;

/// What the board asks of a solve block.
#[derive(Clone, Debug)]
pub enum Ask {
    State,
    /// The state drawn on the instance the construction fails on, as
    /// `euc render --instance failing` draws it ("Show where it fails").
    Failing,
    Move(Move),
    /// The move's lines (none: the last move, as a reloaded page asks) and
    /// the version of the state it was asked on.
    Undo(Lines),
    Redo(Lines),
    /// The next move of a shortest completion, or with `all` every move.
    Hint(HintAsk),
}

/// The lines of a move to undo or redo, and the state's version.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct Lines {
    #[serde(default)]
    pub lines: Option<Vec<String>>,
    #[serde(default)]
    pub version: Option<String>,
}

/// The board's answer.
#[derive(Debug)]
pub enum Answer {
    State(Box<ConstructionState>),
    /// The edits of the file's text, and the lines they write or remove.
    Played(Played),
}

/// Answers `ask` on solve block `index` of `analysis`; a hint searches
/// while `budget` lets it (the edges give it `HINT_SECONDS`).
pub fn ask(
    analysis: &Analysis,
    index: usize,
    ask: &Ask,
    budget: &dyn Budget,
) -> Result<Answer, String> {
    let text = &analysis.text;
    let scene = analysis.scene();
    let problem = scene
        .problems
        .get(index)
        .ok_or_else(|| "no such solve block".to_string())?;
    let report = || {
        analysis
            .reports
            .get(index)
            .ok_or_else(|| "the block could not be checked: fix the errors first".to_string())
    };
    let played = match ask {
        Ask::State => {
            let state = construction_state(text, scene, index, report()?, &analysis.diagnostics)?;
            return Ok(Answer::State(Box::new(state)));
        }
        Ask::Failing => {
            let report = report()?;
            let instance = crate::render::failing_instance(analysis, index)?;
            let diagnostics = &analysis.diagnostics;
            let state = failing_state(text, scene, index, report, diagnostics, &instance);
            return Ok(Answer::State(Box::new(state)));
        }
        Ask::Move(played) => play_move(text, scene, problem, played),
        Ask::Undo(asked) => undo_move(
            text,
            problem,
            asked.lines.as_deref(),
            asked.version.as_deref(),
        ),
        Ask::Redo(Lines {
            lines: Some(lines),
            version,
        }) => redo_move(text, problem, lines, version.as_deref()),
        Ask::Redo(_) => Err("a redo needs the move's `lines`".to_string()),
        Ask::Hint(hint) => hint_move(text, scene, index, hint, budget),
    }?;
    Ok(Answer::Played(played))
}
