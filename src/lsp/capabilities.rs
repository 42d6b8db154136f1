//! What the server offers (`ServerCapabilities`) and what it uses of the
//! client's capabilities, in one place; the handlers are in `server`.

use super::commands::ServerCommand;
use super::convert;
use tower_lsp_server::ls_types::*;

/// What the client can do that the server uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientSupport {
    /// Code actions resolved later (`codeAction/resolve` fills `edit`):
    /// "Find construction" then searches only when chosen, not a command.
    pub resolve_edit: bool,
    /// Work-done progress the server starts (`window/workDoneProgress/create`).
    pub work_done_progress: bool,
    /// File watchers the server registers (`workspace/didChangeWatchedFiles`
    /// with `dynamicRegistration`): a used file changed on disk analyses
    /// its users again.
    pub watch_files: bool,
    /// Completion items inserted as snippets (`circle(${1:C}, ${2:P})`).
    pub snippets: bool,
}

/// What the server uses of the client's capabilities.
pub fn client_support(capabilities: &ClientCapabilities) -> ClientSupport {
    ClientSupport {
        resolve_edit: capabilities
            .text_document
            .as_ref()
            .and_then(|text| text.code_action.as_ref())
            .and_then(|action| action.resolve_support.as_ref())
            .is_some_and(|support| support.properties.iter().any(|property| property == "edit")),
        work_done_progress: capabilities
            .window
            .as_ref()
            .and_then(|window| window.work_done_progress)
            .unwrap_or(false),
        watch_files: capabilities
            .workspace
            .as_ref()
            .and_then(|workspace| workspace.did_change_watched_files.as_ref())
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false),
        snippets: capabilities
            .text_document
            .as_ref()
            .and_then(|text| text.completion.as_ref())
            .and_then(|completion| completion.completion_item.as_ref())
            .and_then(|item| item.snippet_support)
            .unwrap_or(false),
    }
}

/// The watcher of `.euc` files the server registers when the client can
/// watch files: a library changed outside the editor.
pub fn euc_file_watcher() -> Registration {
    let options = DidChangeWatchedFilesRegistrationOptions {
        watchers: vec![FileSystemWatcher {
            glob_pattern: GlobPattern::String("**/*.euc".to_string()),
            kind: None,
        }],
    };
    Registration {
        id: "euc-files".to_string(),
        method: "workspace/didChangeWatchedFiles".to_string(),
        register_options: serde_json::to_value(options).ok(),
    }
}

/// Everything the server offers.
pub fn server_capabilities() -> ServerCapabilities {
    ServerCapabilities {
        // Saves too: a saved library analyses its users again.
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        signature_help_provider: Some(SignatureHelpOptions {
            trigger_characters: Some(vec!["(".to_string(), ",".to_string()]),
            retrigger_characters: None,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: convert::token_legend(),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                range: Some(true),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            },
        )),
        completion_provider: Some(CompletionOptions {
            // Not a space: after a finished name or value only an operator
            // fits, and a list there would take the Enter key.
            trigger_characters: Some(vec!["(".to_string(), ",".to_string(), "=".to_string()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::REFACTOR_REWRITE,
                CodeActionKind::REFACTOR_EXTRACT,
            ]),
            resolve_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: ServerCommand::ALL
                .iter()
                .map(|command| command.name().to_string())
                .collect(),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        ..ServerCapabilities::default()
    }
}
