//! Every code action: the quick fixes diagnostics carry, "Find
//! construction", the hints and "Make this construction a tool" on a solve
//! block, and on planar blocks untangle, next level, generate a level.

use super::commands::{BlockCommand, ServerCommand};
use super::documents::Snapshot;
use crate::deadline::Deadline;
use crate::door::hint::{hint, limit_words, HintRequest, Hinted, COMPLETE_SECONDS, REACHED};
use crate::door::planar::{self, append_new_level, Ask};
use crate::door::{fill_block, fix_edit, Analysis, Puzzle, Status, TextEdit};
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
            let edit = fix_edit(&snapshot.text, fix);
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

/// "Make this construction a tool" on solve block `block`, when it checks
/// and the tool it makes would (`ide::make_tool`: an analysis of the
/// definition, so the server runs this on the analysis thread).
pub fn make_tool_action(
    analysis: &Analysis,
    snapshot: &Snapshot,
    block: usize,
) -> Option<CodeActionOrCommand> {
    let edit = crate::door::ide::make_tool(analysis, block).ok()?;
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: crate::door::ide::MAKE_TOOL.to_string(),
        kind: Some(CodeActionKind::REFACTOR_EXTRACT),
        edit: Some(snapshot.versioned_edit(vec![edit])),
        ..CodeAction::default()
    }))
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
    let title = crate::door::find::action_title(!empty);
    let arguments = BlockCommand {
        uri: uri.clone(),
        block: problem.name.clone(),
        version: Some(snapshot.version),
    };
    let diagnostics: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| {
            d.code
                == Some(NumberOrString::String(
                    crate::diag::codes::NO_CONSTRUCTION_YET.to_string(),
                ))
        })
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
/// The first two cost a layout or a new level (seconds at 5,000 nodes), so
/// they are offered from the check's status alone and computed when chosen
/// (`codeAction/resolve`, `planar_edit`); a client that cannot resolve an
/// action's edit gets them computed here.
pub fn planar_actions(
    analysis: &Analysis,
    snapshot: &Snapshot,
    uri: &Uri,
    offset: usize,
    lazy: bool,
) -> Vec<CodeActionOrCommand> {
    let action = |title: &str, kind: CodeActionKind| CodeAction {
        title: title.to_string(),
        kind: Some(kind),
        ..CodeAction::default()
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
        for kind in planar::offered(puzzle, status)
            .iter()
            .filter_map(PlanarAction::of)
        {
            let mut action = action(kind.title(), CodeActionKind::REFACTOR_REWRITE);
            if lazy {
                let command = BlockCommand {
                    uri: uri.clone(),
                    block: puzzle.name.clone(),
                    version: Some(snapshot.version),
                };
                action.data = Some(kind.data(&command));
            } else {
                // Not offered where it cannot be done (a graph that is not
                // planar): the eager path knows before it lists.
                let Ok(edits) = kind.edits(puzzle, status) else {
                    continue;
                };
                action.edit = Some(snapshot.versioned_edit(edits));
            }
            actions.push(CodeActionOrCommand::CodeAction(action));
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
        let mut action = action("Generate a Planarity level", CodeActionKind::SOURCE);
        action.edit = Some(snapshot.versioned_edit(vec![edit]));
        actions.push(CodeActionOrCommand::CodeAction(action));
    }
    actions
}

/// A planar block's action computed when chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanarAction {
    Untangle,
    NextLevel,
}

impl PlanarAction {
    /// The action that carries out a question of the door, if one does.
    fn of(ask: &Ask) -> Option<PlanarAction> {
        match ask {
            Ask::Untangle => Some(PlanarAction::Untangle),
            Ask::Next => Some(PlanarAction::NextLevel),
            Ask::State | Ask::Move(_) => None,
        }
    }

    fn title(self) -> &'static str {
        match self {
            PlanarAction::Untangle => "Untangle",
            PlanarAction::NextLevel => "Next level",
        }
    }

    fn name(self) -> &'static str {
        match self {
            PlanarAction::Untangle => "untangle",
            PlanarAction::NextLevel => "next-level",
        }
    }

    /// The action's `data`: the block, and which action.
    fn data(self, command: &BlockCommand) -> serde_json::Value {
        let mut data = command.to_data();
        data["action"] = serde_json::json!(self.name());
        data
    }

    /// Which planar action `data` names, if any ("Find construction" has none).
    pub fn from_data(data: &serde_json::Value) -> Option<PlanarAction> {
        [PlanarAction::Untangle, PlanarAction::NextLevel]
            .into_iter()
            .find(|action| data["action"].as_str() == Some(action.name()))
    }

    /// The edits that carry it out, or why it cannot be.
    pub fn edits(self, puzzle: &Puzzle, status: Status) -> Result<Vec<TextEdit>, String> {
        let ask = match self {
            PlanarAction::Untangle => Ask::Untangle,
            PlanarAction::NextLevel => Ask::Next,
        };
        match planar::ask(puzzle, status, &ask)? {
            planar::Answer::Edit { edits, .. } => Ok(edits),
            planar::Answer::State(_) => Err("the action answered with a state".into()),
        }
    }
}

/// The hint actions on a solve block (docs/solver.md, "Hints"): the next
/// move of a shortest completion, or all of it, appended to the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintAction {
    NextMove,
    Complete,
}

impl HintAction {
    fn title(self) -> &'static str {
        match self {
            HintAction::NextMove => "Hint: the next move",
            HintAction::Complete => "Complete this construction",
        }
    }

    fn name(self) -> &'static str {
        match self {
            HintAction::NextMove => "hint",
            HintAction::Complete => "complete",
        }
    }

    /// Which hint action `data` names, if any.
    pub fn from_data(data: &serde_json::Value) -> Option<HintAction> {
        [HintAction::NextMove, HintAction::Complete]
            .into_iter()
            .find(|action| data["action"].as_str() == Some(action.name()))
    }

    /// Both actions on block `block`, resolved when chosen (a search):
    /// offered while its goals are not reached.
    pub fn offered(
        analysis: &Analysis,
        snapshot: &Snapshot,
        uri: &Uri,
        block: usize,
    ) -> Vec<CodeActionOrCommand> {
        if analysis.reports[block].status == Status::Solved {
            return Vec::new();
        }
        let command = BlockCommand {
            uri: uri.clone(),
            block: analysis.scene().problems[block].name.clone(),
            version: Some(snapshot.version),
        };
        [HintAction::NextMove, HintAction::Complete]
            .into_iter()
            .map(|action| {
                let mut data = command.to_data();
                data["action"] = serde_json::json!(action.name());
                CodeActionOrCommand::CodeAction(CodeAction {
                    title: action.title().to_string(),
                    kind: Some(CodeActionKind::REFACTOR_REWRITE),
                    data: Some(data),
                    ..CodeAction::default()
                })
            })
            .collect()
    }

    /// The edit: the hint's lines appended to the block, or why there is
    /// none ("no completion within 7 moves from here …").
    pub fn edit(
        self,
        snapshot: &Snapshot,
        analysis: &Analysis,
        block: &str,
    ) -> Result<WorkspaceEdit, String> {
        let scene = analysis.scene();
        let index = scene
            .problem_index(block)
            .ok_or_else(|| format!("no solve block named `{block}`"))?;
        let request = HintRequest {
            block: index,
            all: self == HintAction::Complete,
            limit: Some(limit_words(COMPLETE_SECONDS)),
            ..HintRequest::default()
        };
        match hint(scene, &request, &Deadline::seconds(COMPLETE_SECONDS))? {
            Hinted::Reached => Err(REACHED.to_string()),
            Hinted::Lines(lines) => {
                let block = &scene.problems[index];
                Ok(snapshot.versioned_edit(fill_block(&snapshot.text, block, &[], &lines)))
            }
        }
    }
}
