//! The construction board's requests, for the editor's "Play" on a solve
//! block (declared in `ext`): each converts its parameters into the door's
//! `board::Ask` and the answer into the state (as declared, or where the
//! construction fails) or a versioned workspace edit; a hint searches for
//! up to `HINT_SECONDS` (docs/design.md, "The construction board").

use super::documents::Snapshot;
use super::ext::{self, Answer, ConstructionParams, EditAnswer, Params, StateAnswer};
use super::server::{panicked, Backend};
use super::solve_job::invalid;
use crate::deadline::Deadline;
use crate::door::board::{self, Ask, HintAsk, Lines};
use crate::door::hint::HINT_SECONDS;
use tower_lsp_server::jsonrpc::Result;

impl Backend {
    pub async fn construction_state(
        &self,
        params: Params<ext::ConstructionState>,
    ) -> Answer<ext::ConstructionState> {
        self.construction_view(&params, Ask::State).await
    }

    /// "Show where it fails": the state the page of `euc play` gets from
    /// `GET /failing`, or why the block has no instance to show.
    pub async fn construction_failing(
        &self,
        params: Params<ext::ConstructionFailing>,
    ) -> Answer<ext::ConstructionFailing> {
        self.construction_view(&params, Ask::Failing).await
    }

    pub async fn construction_move(
        &self,
        params: Params<ext::ConstructionMove>,
    ) -> Answer<ext::ConstructionMove> {
        let played = params
            .played
            .clone()
            .ok_or_else(|| invalid("a move needs `move`: {tool, args, at?}".into()))?;
        self.construction_edit(&params, Ask::Move(played)).await
    }

    pub async fn construction_undo(
        &self,
        params: Params<ext::ConstructionUndo>,
    ) -> Answer<ext::ConstructionUndo> {
        self.construction_edit(&params, Ask::Undo(lines_of(&params)))
            .await
    }

    pub async fn construction_redo(
        &self,
        params: Params<ext::ConstructionRedo>,
    ) -> Answer<ext::ConstructionRedo> {
        self.construction_edit(&params, Ask::Redo(lines_of(&params)))
            .await
    }

    pub async fn construction_hint(
        &self,
        params: Params<ext::ConstructionHint>,
    ) -> Answer<ext::ConstructionHint> {
        let ask = HintAsk {
            all: params.all,
            version: params.version.clone(),
        };
        self.construction_edit(&params, Ask::Hint(ask)).await
    }

    /// The state, as declared or where it fails: a view, no edit.
    async fn construction_view(
        &self,
        params: &ConstructionParams,
        ask: Ask,
    ) -> Result<StateAnswer> {
        match self.construction(params, ask).await? {
            (snapshot, board::Answer::State(state)) => Ok(StateAnswer {
                version: snapshot.version,
                state: *state,
            }),
            (_, board::Answer::Played(_)) => Err(panicked()),
        }
    }

    /// A move, an undo, a redo or a hint, as an edit of the document.
    async fn construction_edit(&self, params: &ConstructionParams, ask: Ask) -> Result<EditAnswer> {
        match self.construction(params, ask).await? {
            (snapshot, board::Answer::Played(played)) => Ok(EditAnswer {
                edit: snapshot.versioned_edit(played.edits),
                lines: played.lines,
            }),
            (_, board::Answer::State(_)) => Err(panicked()),
        }
    }

    /// Asks the board's question of the document's block, off the server's
    /// own threads: a hint searches, in one of the server's places, held by
    /// the thread, which runs on when the request is cancelled.
    async fn construction(
        &self,
        params: &ConstructionParams,
        ask: Ask,
    ) -> Result<(Snapshot, board::Answer)> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let index = analysis
            .scene()
            .problem_or_first(params.block.as_deref())
            .ok_or_else(|| invalid("no such solve block".into()))?;
        let place = match ask {
            Ask::Hint(_) => Some(self.searches.enter()?),
            _ => None,
        };
        let answer = tokio::task::spawn_blocking(move || {
            let _place = place;
            board::ask(&analysis, index, &ask, &Deadline::seconds(HINT_SECONDS))
        })
        .await
        .map_err(|_| panicked())?
        .map_err(invalid)?;
        Ok((snapshot, answer))
    }
}

/// An undo's or a redo's lines and version.
fn lines_of(params: &ConstructionParams) -> Lines {
    Lines {
        lines: params.lines.clone(),
        version: params.version.clone(),
    }
}
