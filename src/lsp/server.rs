//! The `LanguageServer` implementation: protocol in, one question to the
//! analysis, protocol out. What the server offers is in `capabilities`, what
//! the client set in `settings`, the commands' arguments in `commands`,
//! code actions in `actions`, the server's own requests in `requests`.

use super::capabilities::{client_support, euc_file_watcher, server_capabilities, ClientSupport};
use super::commands::{BlockCommand, ServerCommand, PLAY, PLAY_CONSTRUCTION, SHOW_PICTURE};
use super::convert;
use super::documents::{Documents, Snapshot};
use super::lens_refresh::LensWatch;
use super::settings::Settings;
use super::solve_job::{find_construction, invalid, Running, Searches};
use crate::door::ide;
use crate::door::Analysis;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tower_lsp_server::jsonrpc::{self, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

/// The tokens last sent for a document: their result id, the text they
/// are of, and the tokens.
#[derive(Clone)]
struct SentTokens {
    id: String,
    text: crate::door::Text,
    data: Arc<Vec<SemanticToken>>,
}

pub struct Backend {
    client: Client,
    pub(super) documents: Documents,
    /// The workspace folders and the symbols read from them.
    pub(super) workspace: Arc<super::workspace::Workspace>,
    /// What the client set (`settings`).
    settings: Mutex<Settings>,
    /// What the client can do (`capabilities`).
    client_support: Mutex<ClientSupport>,
    /// What each document's lenses said, for `workspace/codeLens/refresh`.
    lenses: Arc<LensWatch>,
    next_token: AtomicU64,
    /// Searches with a progress report, for the progress bar's cancel.
    pub(super) running: Running,
    /// The places of the searches running at once.
    pub(super) searches: Searches,
    /// The semantic tokens last sent for each document, for deltas.
    sent_tokens: Mutex<HashMap<Uri, SentTokens>>,
    next_tokens_id: AtomicU64,
    /// Set by `shutdown`: an `exit` before it is an error (exit code 1).
    shut_down: Arc<AtomicBool>,
}

impl Backend {
    pub fn new(client: Client) -> Backend {
        Backend::with_shutdown_flag(client, Arc::default())
    }

    /// A backend that sets `shut_down` when the client asks it to shut down.
    pub fn with_shutdown_flag(client: Client, shut_down: Arc<AtomicBool>) -> Backend {
        Backend {
            shut_down,
            client,
            documents: Documents::default(),
            workspace: Arc::default(),
            settings: Mutex::default(),
            client_support: Mutex::default(),
            lenses: Arc::default(),
            next_token: AtomicU64::new(1),
            running: Running::default(),
            searches: Searches::default(),
            sent_tokens: Mutex::default(),
            next_tokens_id: AtomicU64::new(1),
        }
    }

    /// Takes in the settings the client sent (`Settings::update`) and logs
    /// the values it refused.
    async fn update_settings(&self, sent: &serde_json::Value) {
        let refused = match self.settings.lock() {
            Ok(mut settings) => settings.update(sent),
            Err(_) => Vec::new(),
        };
        for message in refused {
            self.client.log_message(MessageType::WARNING, message).await;
        }
    }

    /// The settings as they are now.
    fn settings(&self) -> Settings {
        self.settings
            .lock()
            .map(|settings| settings.clone())
            .unwrap_or_default()
    }

    fn client_support(&self) -> ClientSupport {
        self.client_support
            .lock()
            .map(|support| *support)
            .unwrap_or_default()
    }

    /// The snapshot and its analysis, computed off the async runtime; a
    /// panic in the analysis becomes an error response. Nothing for a
    /// document too large to analyse (its diagnostic says so).
    pub(super) async fn analyzed(&self, uri: &Uri) -> Result<Option<(Snapshot, Arc<Analysis>)>> {
        let Some(snapshot) = self.documents.snapshot(uri).filter(Snapshot::analysable) else {
            return Ok(None);
        };
        let documents = self.documents.clone();
        let for_thread = snapshot.clone();
        let analysis = tokio::task::spawn_blocking(move || documents.analysis(&for_thread))
            .await
            .map_err(|_| panicked())?;
        Ok(Some((snapshot, analysis)))
    }

    /// "Show the instance it fails on" where a construction fails off its
    /// declared coordinates (E0403, E0406, W0005): the picture of that
    /// instance, for clients that draw pictures themselves (`clientCommands`
    /// holds `euc.showPicture`; README, "Why a construction fails").
    fn failing_instance_action(
        &self,
        analysis: &Analysis,
        block: usize,
        range: crate::span::Span,
    ) -> Option<CodeActionOrCommand> {
        let problem = analysis.scene().problems.get(block)?;
        let fails_elsewhere = ide::fails_elsewhere(analysis, problem, Some(range));
        let shown = self
            .settings()
            .client_commands
            .iter()
            .any(|c| c == SHOW_PICTURE);
        (fails_elsewhere && shown).then(|| {
            CodeActionOrCommand::CodeAction(CodeAction {
                title: "Show the instance it fails on".to_string(),
                kind: Some(CodeActionKind::QUICKFIX),
                command: Some(Command {
                    title: "Show the instance it fails on".to_string(),
                    command: SHOW_PICTURE.to_string(),
                    arguments: Some(vec![
                        serde_json::json!(problem.name),
                        serde_json::json!("failing"),
                    ]),
                }),
                ..CodeAction::default()
            })
        })
    }

    /// The snapshot, its analysis and the byte offset of a position in it.
    async fn at(
        &self,
        uri: &Uri,
        position: Position,
    ) -> Result<Option<(Snapshot, Arc<Analysis>, usize)>> {
        let Some((snapshot, analysis)) = self.analyzed(uri).await? else {
            return Ok(None);
        };
        let offset = snapshot.view().offset(position);
        Ok(Some((snapshot, analysis, offset)))
    }

    /// The document's semantic tokens in protocol form.
    /// The whole text's encoded tokens, and the text they are of. After an
    /// edit that redid one part of the analysis alone, only that part's
    /// lines are classified again, into the tokens last sent, when those
    /// are of the text before the edit (`convert::spliced_tokens`).
    async fn encoded_tokens(
        &self,
        uri: &Uri,
    ) -> Result<Option<(crate::door::Text, Arc<Vec<SemanticToken>>)>> {
        let Some((snapshot, analysis)) = self.analyzed(uri).await? else {
            return Ok(None);
        };
        let sent = self
            .sent_tokens
            .lock()
            .ok()
            .and_then(|sent| sent.get(uri).cloned());
        // Off the runtime, as the outline (`document_symbol`).
        let text = snapshot.text.clone();
        let encoded = tokio::task::spawn_blocking(move || {
            let text = snapshot.view();
            let spliced = analysis
                .redone
                .as_ref()
                .zip(sent)
                .filter(|(redid, sent)| Arc::ptr_eq(&redid.before, &sent.text));
            if let Some((redid, sent)) = spliced {
                let part = guarded(|| ide::semantic_tokens_in(&analysis, text.text, redid.new))?;
                let lines = convert::RedoneLines::of(&text, redid);
                let part = convert::semantic_tokens(&text, &part);
                return Ok(convert::spliced_tokens(&sent.data, lines, &part));
            }
            let tokens = guarded(|| ide::semantic_tokens(&analysis, text.text))?;
            Ok::<_, jsonrpc::Error>(convert::semantic_tokens(&text, &tokens))
        })
        .await
        .map_err(|_| panicked())??;
        Ok(Some((text, Arc::new(encoded))))
    }

    /// Keeps the tokens sent for a document (of `text`), under a new
    /// result id.
    fn remember_tokens(
        &self,
        uri: Uri,
        (text, data): (crate::door::Text, Arc<Vec<SemanticToken>>),
    ) -> String {
        let id = self
            .next_tokens_id
            .fetch_add(1, Ordering::Relaxed)
            .to_string();
        if let Ok(mut sent) = self.sent_tokens.lock() {
            let id = id.clone();
            sent.insert(uri, SentTokens { id, text, data });
        }
        id
    }

    async fn publish(&self, uri: Uri, version: i32) {
        let (client, documents) = (self.client.clone(), self.documents.clone());
        super::publish::publish_diagnostics(client, documents, self.lenses.clone(), uri, version)
            .await;
    }

    pub(super) fn schedule_diagnostics(&self, uri: Uri, version: i32, delay: Duration) {
        let (client, documents) = (self.client.clone(), self.documents.clone());
        let lenses = self.lenses.clone();
        tokio::spawn(async move {
            // Not even a zero sleep: the timer fires on its next
            // millisecond tick.
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            super::publish::publish_diagnostics(client, documents, lenses, uri, version).await;
        });
    }

    async fn progress_token(&self) -> Option<ProgressToken> {
        if !self.client_support().work_done_progress {
            return None;
        }
        let token = NumberOrString::String(format!(
            "euc-solve-{}",
            self.next_token.fetch_add(1, Ordering::Relaxed)
        ));
        self.client
            .create_work_done_progress(token.clone())
            .await
            .ok()?;
        Some(token)
    }

    /// The edit that untangles a planar block (the "Untangle" lens).
    async fn untangle(&self, command: &BlockCommand) -> Result<WorkspaceEdit> {
        self.planar_edit(command, super::actions::PlanarAction::Untangle)
            .await
    }

    /// A planar block's action, computed now: for the "Untangle" lens and
    /// for a resolved code action.
    async fn planar_edit(
        &self,
        command: &BlockCommand,
        action: super::actions::PlanarAction,
    ) -> Result<WorkspaceEdit> {
        let BlockCommand {
            uri,
            block,
            version,
        } = command;
        let Some((snapshot, analysis)) = self.analyzed(uri).await? else {
            return Err(invalid("the document is not open".into()));
        };
        if version.is_some_and(|version| version != snapshot.version) {
            return Err(invalid(
                "the document changed since this action was offered".into(),
            ));
        }
        let scene = analysis.scene();
        let index = scene
            .puzzle_index(block)
            .ok_or_else(|| invalid(format!("no planar block named `{block}`")))?;
        let puzzle = scene.puzzles[index].clone();
        let status = analysis.puzzle_reports[index].status;
        // Held by the thread, which runs on when the request is cancelled.
        let place = self.searches.enter()?;
        let edits = tokio::task::spawn_blocking(move || {
            let _place = place;
            action.edits(&puzzle, status)
        })
        .await
        .map_err(|_| panicked())?
        .map_err(invalid)?;
        Ok(snapshot.versioned_edit(edits))
    }

    async fn find(&self, command: &BlockCommand) -> Result<WorkspaceEdit> {
        let BlockCommand {
            uri,
            block,
            version,
        } = command;
        let snapshot = self
            .documents
            .snapshot(uri)
            .ok_or_else(|| invalid("the document is not open".into()))?;
        if version.is_some_and(|version| version != snapshot.version) {
            return Err(invalid(
                "the document changed since this action was offered".into(),
            ));
        }
        let _place = self.searches.enter()?;
        let token = self.progress_token().await;
        find_construction(
            &self.client,
            &self.running,
            &self.documents,
            snapshot,
            block,
            self.settings().solver,
            token,
        )
        .await
    }
}

pub(super) fn panicked() -> jsonrpc::Error {
    jsonrpc::Error::internal_error()
}

/// Runs a pure query, turning a panic into an error response.
pub(super) fn guarded<T>(query: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(query)).map_err(|_| panicked())
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        if let Some(options) = &params.initialization_options {
            self.update_settings(options).await;
        }
        if let Ok(mut support) = self.client_support.lock() {
            *support = client_support(&params.capabilities);
        }
        self.lenses.enable_for(&params.capabilities);
        self.workspace.set_folders(&params);
        Ok(InitializeResult {
            server_info: Some(ServerInfo {
                name: "euc".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            capabilities: server_capabilities(),
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        if self.client_support().watch_files {
            let client = self.client.clone();
            // Not awaited here: the client answers after this returns.
            tokio::spawn(async move {
                let _ = client.register_capability(vec![euc_file_watcher()]).await;
            });
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        self.documents
            .open(document.uri.clone(), document.text, document.version);
        // Its text now wins over the disk for the documents that use it.
        self.check_users_of_document(&document.uri, Duration::ZERO);
        self.publish(document.uri, document.version).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        // Applied before any await: edits to one document stay in order.
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        if self.documents.change(&uri, version, params.content_changes) {
            let delay = self.documents.debounce(&uri);
            self.check_users_of_document(&uri, delay);
            self.schedule_diagnostics(uri, version, delay);
        } else {
            self.client
                .log_message(
                    MessageType::WARNING,
                    format!("euc: ignored an out-of-order change to {}", uri.as_str()),
                )
                .await;
        }
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        self.check_users_of_document(&params.text_document.uri, Duration::ZERO);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let paths: Vec<_> = params
            .changes
            .iter()
            .filter_map(|change| super::documents::file_path(&change.uri))
            .collect();
        self.check_users_of(&paths, Duration::ZERO);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        self.documents.close(&params.text_document.uri);
        // The disk's text now wins over the editor's.
        self.check_users_of_document(&params.text_document.uri, Duration::ZERO);
        self.lenses.close(&params.text_document.uri);
        if let Ok(mut sent) = self.sent_tokens.lock() {
            sent.remove(&params.text_document.uri);
        }
        self.client
            .publish_diagnostics(params.text_document.uri, Vec::new(), None)
            .await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.update_settings(&params.settings).await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let place = params.text_document_position_params;
        let Some((snapshot, analysis, offset)) =
            self.at(&place.text_document.uri, place.position).await?
        else {
            return Ok(None);
        };
        let text = snapshot.view();
        let found = guarded(|| ide::hover(&analysis, offset))?;
        Ok(found.map(|hover| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: hover.text,
            }),
            range: Some(text.range(hover.span)),
        }))
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let place = params.text_document_position_params;
        let uri = place.text_document.uri;
        let Some((snapshot, analysis, offset)) = self.at(&uri, place.position).await? else {
            return Ok(None);
        };
        if let Some(location) = self.tool_definition(&uri, &analysis, offset).await? {
            return Ok(Some(GotoDefinitionResponse::Scalar(location)));
        }
        let text = snapshot.view();
        let found = guarded(|| ide::definition(&analysis, offset))?;
        Ok(found.map(|span| GotoDefinitionResponse::Scalar(Location::new(uri, text.range(span)))))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri;
        let Some((snapshot, analysis)) = self.analyzed(&uri).await? else {
            return Ok(None);
        };
        let text = snapshot.view();
        let client_commands = self.settings().client_commands;
        let lenses = guarded(|| ide::code_lenses(&analysis))?;
        let on_server = |command: ServerCommand, block: String| {
            let arguments = BlockCommand {
                uri: uri.clone(),
                block,
                version: Some(snapshot.version),
            };
            (command.name().to_string(), arguments.to_arguments())
        };
        Ok(Some(
            lenses
                .into_iter()
                .filter_map(|lens| {
                    let (command, arguments) = match lens.action {
                        ide::LensAction::None => (String::new(), Vec::new()),
                        ide::LensAction::FindConstruction { block } => {
                            on_server(ServerCommand::FindConstruction, block)
                        }
                        ide::LensAction::Untangle { block } => {
                            on_server(ServerCommand::Untangle, block)
                        }
                        ide::LensAction::ShowPicture { block } => {
                            (SHOW_PICTURE.to_string(), vec![serde_json::json!(block)])
                        }
                        ide::LensAction::ShowFailingInstance { block } => (
                            SHOW_PICTURE.to_string(),
                            vec![serde_json::json!(block), serde_json::json!("failing")],
                        ),
                        ide::LensAction::Play { block } => {
                            (PLAY.to_string(), vec![serde_json::json!(block)])
                        }
                        ide::LensAction::PlayConstruction { block } => (
                            PLAY_CONSTRUCTION.to_string(),
                            vec![serde_json::json!(block)],
                        ),
                    };
                    // A client command the client did not announce would fail.
                    let known = command.is_empty()
                        || ServerCommand::named(&command).is_ok()
                        || client_commands.contains(&command);
                    known.then(|| CodeLens {
                        range: text.range(lens.span),
                        command: Some(Command {
                            title: lens.title,
                            command,
                            arguments: (!arguments.is_empty()).then_some(arguments),
                        }),
                        data: None,
                    })
                })
                .collect(),
        ))
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let place = params.text_document_position_params;
        let Some((snapshot, analysis, offset)) =
            self.at(&place.text_document.uri, place.position).await?
        else {
            return Ok(None);
        };
        let text = snapshot.view();
        // The binding first, then the uses; a tool's names in this file.
        let spans = match guarded(|| ide::tool_at(&analysis, offset))? {
            Some(at) => guarded(|| ide::tool_occurrences(&analysis, &at.name))?,
            None => guarded(|| ide::references(&analysis, offset))?,
        };
        Ok(Some(
            spans
                .into_iter()
                .enumerate()
                .map(|(index, span)| DocumentHighlight {
                    range: text.range(span),
                    kind: Some(if index == 0 {
                        DocumentHighlightKind::WRITE
                    } else {
                        DocumentHighlightKind::READ
                    }),
                })
                .collect(),
        ))
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let place = params.text_document_position_params;
        let Some((_, analysis, offset)) = self.at(&place.text_document.uri, place.position).await?
        else {
            return Ok(None);
        };
        let Some(help) = guarded(|| ide::signature_help(&analysis, offset))? else {
            return Ok(None);
        };
        Ok(Some(SignatureHelp {
            signatures: help
                .signatures
                .into_iter()
                .map(|signature| SignatureInformation {
                    documentation: signature.doc.map(|doc| {
                        Documentation::MarkupContent(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: doc,
                        })
                    }),
                    parameters: Some(
                        signature
                            .parameters
                            .into_iter()
                            .map(|parameter| ParameterInformation {
                                label: ParameterLabel::Simple(parameter),
                                documentation: None,
                            })
                            .collect(),
                    ),
                    label: signature.label,
                    active_parameter: None,
                })
                .collect(),
            active_signature: Some(help.active_signature as u32),
            active_parameter: Some(help.active_parameter as u32),
        }))
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let place = params.text_document_position;
        let uri = place.text_document.uri;
        let Some((snapshot, analysis, offset)) = self.at(&uri, place.position).await? else {
            return Ok(None);
        };
        if let Some(locations) = self.tool_references(&uri, &analysis, offset).await? {
            return Ok(Some(locations));
        }
        let text = snapshot.view();
        let spans = guarded(|| ide::references(&analysis, offset))?;
        Ok(Some(
            spans
                .into_iter()
                .map(|span| Location::new(uri.clone(), text.range(span)))
                .collect(),
        ))
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let Some((snapshot, analysis, offset)) =
            self.at(&params.text_document.uri, params.position).await?
        else {
            return Ok(None);
        };
        let text = snapshot.view();
        if let Some(at) = guarded(|| ide::tool_at(&analysis, offset))? {
            return Ok(Some(PrepareRenameResponse::Range(text.range(at.span))));
        }
        let spans = guarded(|| ide::references(&analysis, offset))?;
        Ok(spans
            .into_iter()
            .find(|span| span.contains(offset))
            .map(|span| PrepareRenameResponse::Range(text.range(span))))
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let place = params.text_document_position;
        let uri = place.text_document.uri;
        let Some((snapshot, analysis, offset)) = self.at(&uri, place.position).await? else {
            return Ok(None);
        };
        if let Some(edit) = self
            .tool_rename(&uri, &analysis, offset, &params.new_name)
            .await?
        {
            return Ok(Some(edit));
        }
        let edits = guarded(|| ide::rename(&analysis, offset, &params.new_name))?
            .map_err(|error| invalid(error.to_string()))?;
        Ok(Some(snapshot.versioned_edit(edits)))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let Some((snapshot, analysis)) = self.analyzed(&params.text_document.uri).await? else {
            return Ok(None);
        };
        // Off the runtime: at 5,000 lines the outline is thousands of
        // symbols, and the burst's other requests need not wait for it.
        let symbols = tokio::task::spawn_blocking(move || {
            let text = snapshot.view();
            let items = guarded(|| ide::outline(&analysis))?;
            Ok::<_, jsonrpc::Error>(
                items
                    .iter()
                    .map(|item| convert::symbol(&text, item))
                    .collect(),
            )
        })
        .await
        .map_err(|_| panicked())??;
        Ok(Some(DocumentSymbolResponse::Nested(symbols)))
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.format_whole(&params.text_document.uri).await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        self.format_range(&params.text_document.uri, params.range)
            .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.folding(&params.text_document.uri).await
    }

    async fn selection_range(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        self.selection_ranges(params).await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        self.workspace_symbols(&params.query).await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let Some(tokens) = self.encoded_tokens(&uri).await? else {
            return Ok(None);
        };
        let data = tokens.1.to_vec();
        let result_id = self.remember_tokens(uri, tokens);
        Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
            result_id: Some(result_id),
            data,
        })))
    }

    /// The tokens of the lines on the editor's screen: what a keystroke
    /// asks for first, at a cost that does not grow with the file.
    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let Some((snapshot, analysis)) = self.analyzed(&params.text_document.uri).await? else {
            return Ok(None);
        };
        let text = snapshot.view();
        let within = text.span(params.range);
        let tokens = guarded(|| ide::semantic_tokens_in(&analysis, text.text, within))?;
        Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
            result_id: None,
            data: convert::semantic_tokens(&text, &tokens),
        })))
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri;
        let Some(tokens) = self.encoded_tokens(&uri).await? else {
            return Ok(None);
        };
        let previous = self
            .sent_tokens
            .lock()
            .ok()
            .and_then(|sent| {
                sent.get(&uri)
                    .map(|sent| (sent.id.clone(), sent.data.clone()))
            })
            .filter(|(id, _)| *id == params.previous_result_id);
        let data = tokens.1.clone();
        let result_id = self.remember_tokens(uri, tokens);
        Ok(Some(match previous {
            Some((_, old)) => SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
                result_id: Some(result_id),
                edits: convert::token_edits(&old, &data),
            }),
            // Not the tokens the client holds: send them all.
            None => SemanticTokensFullDeltaResult::Tokens(SemanticTokens {
                result_id: Some(result_id),
                data: data.to_vec(),
            }),
        }))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        if !self.settings().inlay_hints {
            return Ok(Some(Vec::new()));
        }
        let Some((snapshot, analysis)) = self.analyzed(&params.text_document.uri).await? else {
            return Ok(None);
        };
        let text = snapshot.view();
        let range = text.span(params.range);
        let hints = guarded(|| ide::inlay_hints(&analysis, range))?;
        Ok(Some(
            hints
                .into_iter()
                .map(|hint| InlayHint {
                    position: text.position(hint.offset),
                    label: InlayHintLabel::String(hint.label),
                    kind: Some(InlayHintKind::TYPE),
                    text_edits: None,
                    tooltip: None,
                    padding_left: None,
                    padding_right: None,
                    data: None,
                })
                .collect(),
        ))
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let place = params.text_document_position;
        let Some((snapshot, analysis, offset)) =
            self.at(&place.text_document.uri, place.position).await?
        else {
            return Ok(None);
        };
        let list = guarded(|| ide::completion_list(&analysis, &snapshot.text, offset))?;
        let snippets = self.client_support().snippets;
        Ok(Some(CompletionResponse::List(CompletionList {
            is_incomplete: list.incomplete,
            items: list
                .items
                .into_iter()
                .filter(|item| snippets || item.kind != ide::CompletionKind::Snippet)
                .map(|item| convert::completion(item, snippets))
                .collect(),
        })))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let Some((snapshot, analysis, offset)) = self.at(&uri, params.range.start).await? else {
            return Ok(None);
        };
        let range = snapshot.view().span(params.range);
        let mut actions =
            guarded(|| super::actions::quick_fixes(&analysis, &snapshot, &uri, range))?;
        let Some(block) = ide::block_at(&analysis, offset) else {
            actions.extend({
                let (analysis, snapshot, uri) = (analysis.clone(), snapshot.clone(), uri.clone());
                let lazy = self.client_support().resolve_edit;
                tokio::task::spawn_blocking(move || {
                    super::actions::planar_actions(&analysis, &snapshot, &uri, offset, lazy)
                })
                .await
                .map_err(|_| panicked())?
            });
            return Ok((!actions.is_empty()).then_some(actions));
        };
        actions.extend(self.failing_instance_action(&analysis, block, range));
        // The solver refuses a file with input errors: fix them first.
        if analysis.diagnostics.iter().any(|d| d.is_input_error()) {
            return Ok((!actions.is_empty()).then_some(actions));
        }
        let as_command = !self.client_support().resolve_edit;
        actions.push(super::actions::find_action(
            &analysis,
            &snapshot,
            &uri,
            block,
            params.context.diagnostics,
            as_command,
        ));
        // A search each: offered to clients that resolve them when chosen.
        if !as_command {
            actions.extend(super::actions::HintAction::offered(
                &analysis, &snapshot, &uri, block,
            ));
        }
        if analysis.reports.get(block).map(|report| report.status)
            == Some(crate::door::Status::Solved)
        {
            let made = tokio::task::spawn_blocking(move || {
                super::analyser::on_analysis_thread(move || {
                    super::actions::make_tool_action(&analysis, &snapshot, block)
                })
            });
            actions.extend(made.await.map_err(|_| panicked())?);
        }
        Ok(Some(actions))
    }

    async fn code_action_resolve(&self, mut action: CodeAction) -> Result<CodeAction> {
        let data = action.data.clone().unwrap_or_default();
        let command = BlockCommand::from_data(&data)?;
        if let Some(hint) = super::actions::HintAction::from_data(&data) {
            let Some((snapshot, analysis)) = self.analyzed(&command.uri).await? else {
                return Err(invalid("the document is not open".into()));
            };
            if command
                .version
                .is_some_and(|version| version != snapshot.version)
            {
                return Err(invalid(
                    "the document changed since this action was offered".into(),
                ));
            }
            // Held by the thread, which runs on when the request is cancelled.
            let place = self.searches.enter()?;
            let edit = tokio::task::spawn_blocking(move || {
                let _place = place;
                hint.edit(&snapshot, &analysis, &command.block)
            });
            action.edit = Some(edit.await.map_err(|_| panicked())?.map_err(invalid)?);
            return Ok(action);
        }
        action.edit = Some(match super::actions::PlanarAction::from_data(&data) {
            Some(planar) => self.planar_edit(&command, planar).await?,
            None => self.find(&command).await?,
        });
        Ok(action)
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        let command = ServerCommand::named(&params.command)?;
        let arguments = BlockCommand::from_arguments(&params.arguments)?;
        let edit = match command {
            ServerCommand::Untangle => self.untangle(&arguments).await?,
            ServerCommand::FindConstruction => self.find(&arguments).await?,
        };
        if edit == WorkspaceEdit::default() {
            // Nothing to change (no shorter construction): nothing applied.
            return Ok(Some(serde_json::json!({ "applied": false })));
        }
        let response = self.client.apply_edit(edit).await?;
        Ok(Some(serde_json::json!({ "applied": response.applied })))
    }
}

#[cfg(test)]
mod tests {
    use super::guarded;

    #[test]
    fn a_panicking_query_becomes_an_error_response() {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let result = guarded(|| -> usize { panic!("a bug in a query") });
        std::panic::set_hook(previous);
        assert_eq!(
            result.unwrap_err().code,
            tower_lsp_server::jsonrpc::ErrorCode::InternalError
        );
        assert_eq!(guarded(|| 7).unwrap(), 7);
    }
}
