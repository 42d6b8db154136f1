//! Code actions on planar blocks: untangle, next level, generate a level.

use super::documents::Snapshot;
use crate::analysis::Analysis;
use tower_lsp_server::ls_types::*;

/// "Untangle", "Next level" on a planar block; "Generate a Planarity level" elsewhere.
pub fn planar_actions(
    analysis: &Analysis,
    snapshot: &Snapshot,
    offset: usize,
) -> Vec<CodeActionOrCommand> {
    use crate::planar::edits::{append_new_level, next_level, untangle_block};
    let action = |title: &str, kind: CodeActionKind, edits: Vec<crate::edit::TextEdit>| {
        CodeActionOrCommand::CodeAction(CodeAction {
            title: title.to_string(),
            kind: Some(kind),
            edit: Some(snapshot.versioned_edit(edits)),
            ..CodeAction::default()
        })
    };
    let mut actions = Vec::new();
    if let Some(index) = analysis
        .scene
        .puzzles
        .iter()
        .position(|puzzle| puzzle.span.contains(offset))
    {
        let puzzle = &analysis.scene.puzzles[index];
        let status = analysis.puzzle_reports[index].status;
        if status == crate::check::Status::Failed {
            if let Ok(edits) = untangle_block(puzzle) {
                actions.push(action("Untangle", CodeActionKind::REFACTOR_REWRITE, edits));
            }
        }
        if let Ok(edits) = next_level(puzzle, status) {
            actions.push(action(
                "Next level",
                CodeActionKind::REFACTOR_REWRITE,
                edits,
            ));
        }
    } else {
        let taken: Vec<String> = analysis
            .scene
            .puzzles
            .iter()
            .map(|puzzle| puzzle.name.clone())
            .collect();
        let edit = append_new_level(
            &snapshot.text,
            &taken,
            snapshot.version.unsigned_abs().into(),
        );
        actions.push(action(
            "Generate a Planarity level",
            CodeActionKind::SOURCE,
            vec![edit],
        ));
    }
    actions
}
