//! The construction board's requests, for the editor's "Play" on a solve
//! block: `euc/constructionState` → `{version, state}`;
//! `euc/constructionMove`, `euc/constructionUndo`, `euc/constructionRedo`
//! and `euc/constructionHint` (the next move of a shortest completion, or
//! with `all` every move: a search of up to `HINT_SECONDS`) → `{edit, lines}`, a workspace edit versioned for the document it was
//! computed on, which the client applies as an ordinary undoable edit
//! (docs/design.md, "The construction board").

use super::documents::Snapshot;
use super::server::{panicked, Backend};
use super::solve_job::invalid;
use crate::analysis::Analysis;
use crate::edit::board::{
    construction_state, hint_move, play_move, redo_move, undo_move, ConstructionState, HintAsk,
    Move, Played, HINT_SECONDS,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Uri, WorkspaceEdit};

pub const CONSTRUCTION_STATE: &str = "euc/constructionState";
pub const CONSTRUCTION_MOVE: &str = "euc/constructionMove";
pub const CONSTRUCTION_UNDO: &str = "euc/constructionUndo";
pub const CONSTRUCTION_REDO: &str = "euc/constructionRedo";
pub const CONSTRUCTION_HINT: &str = "euc/constructionHint";

/// The parameters of the requests: the document, the solve block (default:
/// the first), and for a move the move (`edit::board::Move`), for an undo
/// or redo the move's lines, for a hint whether it is the whole completion.
#[derive(Debug, Deserialize)]
pub struct ConstructionParams {
    pub uri: Uri,
    #[serde(default)]
    pub block: Option<String>,
    #[serde(default, rename = "move")]
    pub played: Option<Move>,
    #[serde(default)]
    pub lines: Option<Vec<String>>,
    #[serde(default)]
    pub version: Option<String>,
    #[serde(default)]
    pub all: bool,
}

#[derive(Debug, Serialize)]
struct StateAnswer {
    /// The document's version.
    version: i32,
    state: ConstructionState,
}

#[derive(Debug, Serialize)]
struct EditAnswer {
    edit: WorkspaceEdit,
    lines: Vec<String>,
}

impl Backend {
    pub async fn construction_state(&self, params: ConstructionParams) -> Result<Value> {
        let (snapshot, analysis, index) = self.construction_block(&params).await?;
        let report = analysis
            .reports
            .get(index)
            .ok_or_else(|| invalid("the block could not be checked".into()))?;
        let state = construction_state(
            &analysis.text,
            analysis.scene(),
            index,
            report,
            &analysis.diagnostics,
        )
        .map_err(invalid)?;
        serde_json::to_value(StateAnswer {
            version: snapshot.version,
            state,
        })
        .map_err(|_| panicked())
    }

    pub async fn construction_move(&self, params: ConstructionParams) -> Result<Value> {
        let played = params
            .played
            .clone()
            .ok_or_else(|| invalid("a move needs `move`: {tool, args, at?}".into()))?;
        self.construction_edit(&params, |text, analysis, index| {
            let scene = analysis.scene();
            play_move(text, scene, &scene.problems[index], &played)
        })
        .await
    }

    pub async fn construction_undo(&self, params: ConstructionParams) -> Result<Value> {
        let (lines, version) = (params.lines.clone(), params.version.clone());
        self.construction_edit(&params, |text, analysis, index| {
            let problem = &analysis.scene().problems[index];
            undo_move(text, problem, lines.as_deref(), version.as_deref())
        })
        .await
    }

    pub async fn construction_redo(&self, params: ConstructionParams) -> Result<Value> {
        let Some(lines) = params.lines.clone() else {
            return Err(invalid("a redo needs the move's `lines`".into()));
        };
        let version = params.version.clone();
        self.construction_edit(&params, |text, analysis, index| {
            let problem = &analysis.scene().problems[index];
            redo_move(text, problem, &lines, version.as_deref())
        })
        .await
    }

    pub async fn construction_hint(&self, params: ConstructionParams) -> Result<Value> {
        let (snapshot, analysis, index) = self.construction_block(&params).await?;
        let ask = HintAsk {
            all: params.all,
            version: params.version.clone(),
        };
        // A search: off the server's own threads, in one of its places,
        // held by the thread, which runs on when the request is cancelled.
        let place = self.searches.enter()?;
        let played = tokio::task::spawn_blocking(move || {
            let _place = place;
            let budget = super::actions::HintBudget(
                std::time::Instant::now() + std::time::Duration::from_secs(HINT_SECONDS),
            );
            let limit = format!("{HINT_SECONDS} s");
            hint_move(
                &analysis.text,
                analysis.scene(),
                index,
                &ask,
                &budget,
                &|stop| crate::ide::find::why_stopped(stop, Some(&limit)),
            )
        })
        .await
        .map_err(|_| panicked())?
        .map_err(invalid)?;
        serde_json::to_value(EditAnswer {
            edit: snapshot.versioned_edit(played.edits),
            lines: played.lines,
        })
        .map_err(|_| panicked())
    }

    /// The edit `make` computes on the block, as a versioned workspace edit.
    async fn construction_edit(
        &self,
        params: &ConstructionParams,
        make: impl FnOnce(&str, &Analysis, usize) -> std::result::Result<Played, String>,
    ) -> Result<Value> {
        let (snapshot, analysis, index) = self.construction_block(params).await?;
        let played = make(&analysis.text, &analysis, index).map_err(invalid)?;
        serde_json::to_value(EditAnswer {
            edit: snapshot.versioned_edit(played.edits),
            lines: played.lines,
        })
        .map_err(|_| panicked())
    }

    /// The document's analysis and the index of its solve block.
    async fn construction_block(
        &self,
        params: &ConstructionParams,
    ) -> Result<(Snapshot, Arc<Analysis>, usize)> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let scene = analysis.scene();
        let index = scene
            .problem_or_first(params.block.as_deref())
            .ok_or_else(|| invalid("no such solve block".into()))?;
        Ok((snapshot, analysis, index))
    }
}
