//! The server's own requests on a document (declared in `ext`): `euc/render`
//! for the live picture and the Planarity board's `euc/boardState`,
//! `euc/boardMove` (one node, or several in one edit) and `euc/boardNext`
//! for the VS Code "Play" webview (docs/planar.md, "The board"); and
//! `euc/invalidMessage`, the broken messages `framing` turns into requests,
//! and `window/workDoneProgress/cancel`, which `tower-lsp-server` does not
//! route itself.

use super::documents::Snapshot;
use super::ext::{self, Answer, BoardAnswer, BoardEdit, BoardParams, Params, RenderAnswer};
use super::server::{panicked, Backend};
use super::solve_job::invalid;
use crate::door::planar::{self, Ask};
use crate::door::{move_at, move_count, render_svg, InstanceChoice, RenderOptions};
use tower_lsp_server::jsonrpc::Result;

impl Backend {
    /// `window/workDoneProgress/cancel`: the cancel button of a "Find
    /// construction" progress bar stops the search, and the best answer
    /// found so far is taken (`solve_job::Running`).
    pub async fn progress_cancel(&self, params: Params<ext::ProgressCancel>) {
        self.running.stop(&params.token);
    }

    /// `euc/invalidMessage`: a message the client sent broken, answered
    /// with its error (`framing`).
    pub async fn invalid_message(
        &self,
        params: Params<ext::InvalidMessage>,
    ) -> Answer<ext::InvalidMessage> {
        Err(params.error())
    }

    /// `euc/render`: the picture of a block from the document as it is
    /// now (unsaved text included), up to a move.
    pub async fn render(&self, params: Params<ext::Render>) -> Answer<ext::Render> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let instance = match params.instance.as_deref().map(str::parse::<InstanceChoice>) {
            Some(Err(why)) => return Err(invalid(why)),
            Some(Ok(choice)) => Some(choice),
            None => None,
        };
        let at = params
            .at
            .and_then(|position| move_at(&analysis, snapshot.view().offset(position)));
        let (block, moves) = match &at {
            Some((block, moves)) => (Some(block.clone()), Some(*moves)),
            None => (params.block.clone(), params.moves),
        };
        let options = RenderOptions {
            block: block.clone(),
            moves,
            instance,
            ..RenderOptions::default()
        };
        let rendered = {
            let analysis = analysis.clone();
            tokio::task::spawn_blocking(move || render_svg(&analysis, &options))
                .await
                .map_err(|_| panicked())?
        };
        // The slider's end: 0 for a planar block (it has no moves).
        let moves = move_count(
            &analysis,
            &RenderOptions {
                block,
                moves: None,
                ..RenderOptions::default()
            },
        )
        .unwrap_or(0);
        let (svg, error) = match rendered {
            Ok(svg) => (Some(svg), None),
            Err(why) => (None, Some(why)),
        };
        Ok(RenderAnswer {
            version: snapshot.version,
            svg,
            error,
            moves,
            at,
        })
    }

    pub async fn board_state(&self, params: Params<ext::BoardState>) -> Answer<ext::BoardState> {
        match self.board(&params, Ask::State).await? {
            (snapshot, planar::Answer::State(state)) => Ok(BoardAnswer {
                version: snapshot.version,
                state,
            }),
            (_, planar::Answer::Edit { .. }) => Err(panicked()),
        }
    }

    pub async fn board_move(&self, params: Params<ext::BoardMove>) -> Answer<ext::BoardMove> {
        let moves = params.moves.clone();
        self.board_edit(&params, Ask::Move(moves)).await
    }

    pub async fn board_next(&self, params: Params<ext::BoardNext>) -> Answer<ext::BoardNext> {
        self.board_edit(&params, Ask::Next).await
    }

    /// A move or the next level, as an edit of the document.
    async fn board_edit(&self, params: &BoardParams, ask: Ask) -> Result<BoardEdit> {
        match self.board(params, ask).await? {
            (snapshot, planar::Answer::Edit { block, edits }) => Ok(BoardEdit {
                block,
                edit: snapshot.versioned_edit(edits),
            }),
            (_, planar::Answer::State(_)) => Err(panicked()),
        }
    }

    /// Asks the board's question of the document's planar block.
    async fn board(&self, params: &BoardParams, ask: Ask) -> Result<(Snapshot, planar::Answer)> {
        let Some((snapshot, analysis)) = self.analyzed(&params.uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        let scene = analysis.scene();
        let index = scene
            .puzzle_or_first(params.block.as_deref())
            .ok_or_else(|| invalid("no such planar block".into()))?;
        let status = analysis.puzzle_reports[index].status;
        let answer = planar::ask(&scene.puzzles[index], status, &ask).map_err(invalid)?;
        Ok((snapshot, answer))
    }
}
