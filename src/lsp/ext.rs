//! The server's own methods, one declaration each: the name on the wire,
//! the parameters and the answer (taplo's `lsp_ext` is the model). The
//! handlers take and give exactly these types, so a method's wire format
//! is read here and nowhere else; docs/design.md lists them for clients
//! and `tests/suite/house.rs` holds the list to the docs and the VS Code
//! extension.

use crate::door::board::{self, Move};
use crate::door::planar::{self, NodeMoves};
use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{Position, Uri, WorkDoneProgressCancelParams, WorkspaceEdit};

/// One method of the server's own.
pub trait Method {
    /// Its name on the wire.
    const METHOD: &'static str;
    type Params: for<'de> Deserialize<'de>;
    /// `()` for a notification.
    type Answer: Serialize;
}

macro_rules! methods {
    ($($(#[$doc:meta])* $name:ident = $method:literal ($params:ty) -> $answer:ty;)*) => {
        $(
            $(#[$doc])*
            pub enum $name {}

            impl Method for $name {
                const METHOD: &'static str = $method;
                type Params = $params;
                type Answer = $answer;
            }
        )*
    };
}

methods! {
    /// The live picture of a block, up to a move.
    Render = "euc/render" (RenderParams) -> RenderAnswer;
    /// The Planarity board's state.
    BoardState = "euc/boardState" (BoardParams) -> BoardAnswer;
    /// A node dropped, or several in one edit.
    BoardMove = "euc/boardMove" (BoardParams) -> BoardEdit;
    /// The next level in place of a solved block.
    BoardNext = "euc/boardNext" (BoardParams) -> BoardEdit;
    /// The construction board's state.
    ConstructionState = "euc/constructionState" (ConstructionParams) -> StateAnswer;
    /// The construction board's state drawn on the instance its
    /// construction fails on ("Show where it fails").
    ConstructionFailing = "euc/constructionFailing" (ConstructionParams) -> StateAnswer;
    /// A move on the construction board.
    ConstructionMove = "euc/constructionMove" (ConstructionParams) -> EditAnswer;
    /// The move taken back.
    ConstructionUndo = "euc/constructionUndo" (ConstructionParams) -> EditAnswer;
    /// The move put back.
    ConstructionRedo = "euc/constructionRedo" (ConstructionParams) -> EditAnswer;
    /// The next move of a shortest completion, or every move (`all`).
    ConstructionHint = "euc/constructionHint" (ConstructionParams) -> EditAnswer;
    /// A message the client sent broken, turned into a request by
    /// `framing` and answered with its error.
    InvalidMessage = "euc/invalidMessage" (InvalidMessageParams) -> ();
    /// The progress bar's cancel button: a protocol notification that
    /// `tower-lsp-server` does not route itself; it stops "Find
    /// construction" and the best answer so far is taken.
    ProgressCancel = "window/workDoneProgress/cancel" (WorkDoneProgressCancelParams) -> ();
}

/// The params of `euc/invalidMessage`.
#[derive(serde::Deserialize)]
pub struct InvalidMessageParams {
    pub code: i64,
    pub message: String,
}

impl InvalidMessageParams {
    /// The answer: the error the message deserves.
    pub fn error(&self) -> jsonrpc::Error {
        jsonrpc::Error {
            code: jsonrpc::ErrorCode::from(self.code),
            message: self.message.clone().into(),
            data: None,
        }
    }
}

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
    /// Another instance than the declared one: `"failing"` (the one the
    /// check found the construction failing on) or its number as text.
    #[serde(default)]
    pub instance: Option<String>,
    /// The cursor: on a step's line the picture draws up to that step's
    /// move (its block, however `block` and `moves` say), the step's line
    /// or circle marked as the latest; the answer's `at` says which.
    #[serde(default)]
    pub at: Option<Position>,
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
    /// With `at` on a step: the block and the move drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<(String, usize)>,
}

/// The parameters of the Planarity board's requests: the document, the
/// planar block (default: the first), and for a move the node and where it
/// was dropped, or `moves`, several nodes moved in one edit ("Restart" and
/// its undo, so that one undo of the editor takes them back).
#[derive(Debug, Deserialize)]
pub struct BoardParams {
    pub uri: Uri,
    #[serde(default)]
    pub block: Option<String>,
    #[serde(flatten)]
    pub moves: NodeMoves,
}

/// The answer to `euc/boardState`.
#[derive(Debug, Serialize)]
pub struct BoardAnswer {
    pub version: i32,
    pub state: planar::BoardState,
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

/// The parameters of the construction board's requests: the document, the
/// solve block (default: the first), and for a move the move, for an undo
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

/// The answer to `euc/constructionState` and `euc/constructionFailing`.
#[derive(Debug, Serialize)]
pub struct StateAnswer {
    /// The document's version.
    pub version: i32,
    pub state: board::ConstructionState,
}

/// The answer to a move, an undo, a redo or a hint: the edit, versioned
/// for the document it was computed on, which the client applies as an
/// ordinary undoable edit, and the lines it writes or removes.
#[derive(Debug, Serialize)]
pub struct EditAnswer {
    pub edit: WorkspaceEdit,
    pub lines: Vec<String>,
}

/// A method's parameters.
pub type Params<M> = <M as Method>::Params;

/// A method's answer, or the error it ends with.
pub type Answer<M> = tower_lsp_server::jsonrpc::Result<<M as Method>::Answer>;
