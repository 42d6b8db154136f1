//! Every code action: the quick fixes diagnostics carry, "Find
//! construction" on a solve block, and on planar blocks untangle, next
//! level, generate a level.

use super::commands::{BlockCommand, ServerCommand};
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

/// "Find construction" (or "Find a shorter construction") on solve block
/// `block`: resolved later (`codeAction/resolve`), or `as_command` for a
/// client that cannot resolve an action's edit. It answers the client's
/// diagnostics of an empty block (W0002) among `diagnostics`.
pub fn find_action(
    analysis: &Analysis,
    snapshot: &Snapshot,
    uri: &Uri,
    block: usize,
    diagnostics: Vec<Diagnostic>,
    as_command: bool,
) -> CodeActionOrCommand {
    let problem = &analysis.scene().problems[block];
    let empty = problem.steps.is_empty();
    let title = crate::ide::find::action_title(!empty);
    let arguments = BlockCommand {
        uri: uri.clone(),
        block: problem.name.clone(),
        version: Some(snapshot.version),
    };
    let diagnostics: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| d.code == Some(NumberOrString::String("W0002".to_string())))
        .collect();
    let mut action = CodeAction {
        title: title.to_string(),
        kind: Some(if empty {
            CodeActionKind::QUICKFIX
        } else {
            CodeActionKind::REFACTOR_REWRITE
        }),
        diagnostics: (!diagnostics.is_empty()).then_some(diagnostics),
        is_preferred: Some(empty),
        data: Some(arguments.to_data()),
        ..CodeAction::default()
    };
    if as_command {
        action.command = Some(Command {
            title: title.to_string(),
            command: ServerCommand::FindConstruction.name().to_string(),
            arguments: Some(arguments.to_arguments()),
        });
    }
    CodeActionOrCommand::CodeAction(action)
}

/// "Untangle", "Next level" on a planar block; "Generate a Planarity level" elsewhere.
pub fn planar_actions(
    analysis: &Analysis,
    snapshot: &Snapshot,
    offset: usize,
) -> Vec<CodeActionOrCommand> {
    use crate::edit::planar::{append_new_level, next_level, untangle_block};
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
