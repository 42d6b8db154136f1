//! Code actions: the quick fixes diagnostics carry, and on planar blocks
//! untangle, next level, generate a level.

use super::documents::Snapshot;
use crate::analysis::Analysis;
use crate::span::Span;
use tower_lsp_server::ls_types::*;

/// One quick fix per fix of each diagnostic that touches `range`; the only
/// fix of a diagnostic is the preferred one.
pub fn quick_fixes(
    analysis: &Analysis,
    snapshot: &Snapshot,
    uri: &Uri,
    range: Span,
) -> Vec<CodeActionOrCommand> {
    let view = snapshot.view();
    let mut actions = Vec::new();
    for diagnostic in &analysis.diagnostics {
        let span = diagnostic.span;
        if span.end < range.start || span.start > range.end {
            continue;
        }
        for fix in &diagnostic.fixes {
            let edit = crate::edit::fix_edit(&snapshot.text, fix);
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![super::convert::diagnostic(&view, uri, diagnostic)]),
                is_preferred: Some(diagnostic.fixes.len() == 1),
                edit: Some(snapshot.versioned_edit(vec![edit])),
                ..CodeAction::default()
            }));
        }
    }
    actions
}

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
        .scene()
        .puzzles
        .iter()
        .position(|puzzle| puzzle.span.contains(offset))
    {
        let puzzle = &analysis.scene().puzzles[index];
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
            .scene()
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
