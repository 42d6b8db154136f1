//! The server's own requests, typed: `euc/render` for the live picture and
//! the board's `euc/boardState`, `euc/boardMove` (one node, or several in
//! one edit), `euc/boardNext` for the
//! VS Code "Play" webview (docs/planar.md, "The board"), and
//! `euc/invalidMessage`, the broken messages `framing` turns into requests;
//! and `window/workDoneProgress/cancel`, which `tower-lsp-server` does not
//! route itself.

use super::documents::Snapshot;
use super::server::{panicked, Backend};
use super::solve_job::invalid;
use crate::edit::planar::BoardState;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Uri, WorkspaceEdit};

pub const RENDER: &str = "euc/render";
pub const BOARD_STATE: &str = "euc/boardState";
pub const BOARD_MOVE: &str = "euc/boardMove";
pub const BOARD_NEXT: &str = "euc/boardNext";
pub use super::framing::INVALID_MESSAGE;
pub const PROGRESS_CANCEL: &str = "window/workDoneProgress/cancel";

/// The parameters of `euc/render`.
#[derive(Debug, Deserialize)]
pub struct RenderParams {
    pub uri: Uri,
    /// The block; the first solve or planar block when absent.
    #[serde(default)]
    pub block: Option<String>,
    /// Draw up to this move: 0 (the givens alone) to the block's number of
    /// moves; beyond it, or on a planar block, the answer's `error` says why.
    #[serde(default)]
    pub moves: Option<usize>,
}

/// The answer to `euc/render`: the picture or why there is none, with the
/// number of moves the block has (for a slider) and the version drawn.
#[derive(Debug, Serialize)]
pub struct RenderAnswer {
    pub version: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub moves: usize,
}

/// The parameters of the board's requests: the document, the planar block
/// (default: the first), and for a move the node and where it was dropped,
/// or `moves`, several nodes moved in one edit ("Restart" and its undo, so
/// that one undo of the editor takes them back).
#[derive(Debug, Deserialize)]
pub struct BoardParams {
    pub uri: Uri,
    #[serde(default)]
    pub block: Option<String>,
    #[serde(default)]
    pub node: Option<String>,
    #[serde(default)]
    pub x: Option<f64>,
    #[serde(default)]
    pub y: Option<f64>,
    #[serde(default)]
    pub moves: Option<Vec<NodeMove>>,
}

/// One node of a `moves` list and where it goes.
#[derive(Debug, Deserialize)]
pub struct NodeMove {
    pub node: String,
    pub x: f64,
    pub y: f64,
}

/// The answer to `euc/boardState`.
#[derive(Debug, Serialize)]
pub struct BoardAnswer {
    pub version: i32,
    pub state: BoardState,
}

/// The answer to `euc/boardMove` and `euc/boardNext`: the edit, returned,
/// not applied, so that the client applies it as a normal, undoable edit
/// of the document version it was computed for; and the block it leaves
/// on the board.
#[derive(Debug, Serialize)]
pub struct BoardEdit {
    pub block: String,
    pub edit: WorkspaceEdit,
}

/// As the JSON the client reads.
fn answer(value: impl Serialize) -> Result<Value> {
    serde_json::to_value(value).map_err(|_| panicked())
}

impl Backend {
    /// `window/workDoneProgress/cancel`: the cancel button of a "Find
    /// construction" progress bar stops the search, and the best answer
    /// found so far is taken (`solve_job::Running`).
    pub async fn progress_cancel(
        &self,
        params: tower_lsp_server::ls_types::WorkDoneProgressCancelParams,
    ) {
        self.running.stop(&params.token);
    }

    /// `euc/invalidMessage`: a message the client sent broken, answered
    /// with its error (`framing`).
    pub async fn invalid_message(&self, params: super::framing::InvalidMessage) -> Result<Value> {
        Err(params.error())
    }

    /// `euc/render`: the picture of a block from the document as it is
    /// now (unsaved text included), up to a move.
    pub async fn render(&self, params: RenderParams) -> Result<Value> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let options = crate::render::RenderOptions {
            block: params.block.clone(),
            moves: params.moves,
        };
        let rendered = {
            let analysis = analysis.clone();
            tokio::task::spawn_blocking(move || crate::render::render_svg(&analysis, &options))
                .await
                .map_err(|_| panicked())?
        };
        // The slider's end: 0 for a planar block (it has no moves).
        let moves = crate::render::move_count(
            &analysis,
            &crate::render::RenderOptions {
                block: params.block.clone(),
                moves: None,
            },
        )
        .unwrap_or(0);
        let (svg, error) = match rendered {
            Ok(svg) => (Some(svg), None),
            Err(why) => (None, Some(why)),
        };
        answer(RenderAnswer {
            version: snapshot.version,
            svg,
            error,
            moves,
        })
    }

    pub async fn board_state(&self, params: BoardParams) -> Result<Value> {
        let (snapshot, puzzle, _) = self.board_puzzle(&params).await?;
        answer(BoardAnswer {
            version: snapshot.version,
            state: crate::edit::planar::board_state(&puzzle),
        })
    }

    pub async fn board_move(&self, params: BoardParams) -> Result<Value> {
        let (snapshot, puzzle, _) = self.board_puzzle(&params).await?;
        let moves: Vec<(String, crate::geom::Point)> = match (&params.moves, &params.node) {
            (Some(moves), None) => moves
                .iter()
                .map(|one| (one.node.clone(), crate::geom::Point::new(one.x, one.y)))
                .collect(),
            (None, Some(node)) => {
                let (Some(x), Some(y)) = (params.x, params.y) else {
                    return Err(invalid("a move needs `node`, `x` and `y`".into()));
                };
                vec![(node.clone(), crate::geom::Point::new(x, y))]
            }
            _ => {
                return Err(invalid(
                    "a move needs `node`, `x` and `y`, or `moves`: [{node, x, y}, …]".into(),
                ))
            }
        };
        // All or none, in one edit (a node named twice refuses them all).
        let edits = crate::edit::planar::move_nodes(&puzzle, &moves).map_err(invalid)?;
        answer(BoardEdit {
            block: puzzle.name.clone(),
            edit: snapshot.versioned_edit(edits),
        })
    }

    pub async fn board_next(&self, params: BoardParams) -> Result<Value> {
        let (snapshot, puzzle, status) = self.board_puzzle(&params).await?;
        let edits = crate::edit::planar::next_level(&puzzle, status).map_err(invalid)?;
        answer(BoardEdit {
            block: crate::edit::planar::next_level_name(&puzzle),
            edit: snapshot.versioned_edit(edits),
        })
    }

    /// The board's planar block, and whether it is untangled.
    async fn board_puzzle(
        &self,
        params: &BoardParams,
    ) -> Result<(Snapshot, crate::resolve::Puzzle, crate::check::Status)> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let scene = analysis.scene();
        let index = scene
            .puzzle_or_first(params.block.as_deref())
            .ok_or_else(|| invalid("no such planar block".into()))?;
        Ok((
            snapshot,
            scene.puzzles[index].clone(),
            analysis.puzzle_reports[index].status,
        ))
    }
}
