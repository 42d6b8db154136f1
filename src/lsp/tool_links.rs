//! Tools of your own across files in the editor: go to a tool's definition
//! in the file a `use` line names, its references and its rename across the
//! file defining it and the open documents that use that file, and the
//! users of a file analysed again when it changes (docs/design.md, "Tools
//! across files"). The core says where a file names a tool
//! (`ide::tool_at`, `tool_occurrences`); this file finds the files.

use super::analyser::on_analysis_thread;
use super::convert;
use super::documents::file_path;
use super::server::{guarded, panicked, Backend};
use super::solve_job::invalid;
use crate::door::{analyze_shared_from, ide, Analysis, Text};
use crate::span::LineIndex;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

/// A file that names a tool: the one defining it, or an open document
/// that uses that file.
struct Naming {
    uri: Uri,
    text: Text,
    index: Arc<LineIndex>,
    analysis: Arc<Analysis>,
    /// Its version, when it is open.
    version: Option<i32>,
}

impl Naming {
    fn view(&self) -> convert::Text<'_> {
        convert::Text {
            text: &self.text,
            index: &self.index,
        }
    }
}

/// A path as the disk knows it, when it does.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

impl Backend {
    /// Analyses again, and publishes the diagnostics of, every open
    /// document that reads one of `paths` through its `use` lines.
    pub(super) fn check_users_of(&self, paths: &[PathBuf], delay: Duration) {
        for path in paths {
            for (uri, version) in self.documents.users_of(path) {
                self.schedule_diagnostics(uri, version, delay);
            }
        }
    }

    /// `check_users_of` the document at `uri`, if it is a file.
    pub(super) fn check_users_of_document(&self, uri: &Uri, delay: Duration) {
        if let Some(path) = file_path(uri) {
            self.check_users_of(&[path], delay);
        }
    }

    /// Where the tool named at `offset` is defined, in this file or in the
    /// one its `use` line names; `None` when no tool is named there.
    pub(super) async fn tool_definition(
        &self,
        uri: &Uri,
        analysis: &Analysis,
        offset: usize,
    ) -> Result<Option<Location>> {
        let Some(at) = guarded(|| ide::tool_at(analysis, offset))? else {
            return Ok(None);
        };
        let (uri, text) = match &at.from {
            None => (uri.clone(), analysis.text.clone()),
            Some(from) => match self.used_file(uri, from) {
                Some((path, text)) => match Uri::from_file_path(&path) {
                    Some(uri) => (self.open_uri(&path).unwrap_or(uri), text),
                    None => return Ok(None),
                },
                None => return Ok(None),
            },
        };
        let index = LineIndex::new(&text);
        let view = convert::Text {
            text: &text,
            index: &index,
        };
        Ok(Some(Location::new(uri, view.range(at.definition))))
    }

    /// Every place the tool named at `offset` is named: in the file that
    /// defines it and in the open documents that use that file.
    pub(super) async fn tool_references(
        &self,
        uri: &Uri,
        analysis: &Arc<Analysis>,
        offset: usize,
    ) -> Result<Option<Vec<Location>>> {
        let Some(at) = guarded(|| ide::tool_at(analysis, offset))? else {
            return Ok(None);
        };
        let mut locations = Vec::new();
        for file in self.files_naming(uri, analysis, &at).await? {
            let view = file.view();
            locations.extend(
                ide::tool_occurrences(&file.analysis, &at.name)
                    .into_iter()
                    .map(|span| Location::new(file.uri.clone(), view.range(span))),
            );
        }
        Ok(Some(locations))
    }

    /// The edit that renames the tool named at `offset` everywhere
    /// `tool_references` finds it; an error when the new name is not free
    /// in one of those files.
    pub(super) async fn tool_rename(
        &self,
        uri: &Uri,
        analysis: &Arc<Analysis>,
        offset: usize,
        new_name: &str,
    ) -> Result<Option<WorkspaceEdit>> {
        let Some(at) = guarded(|| ide::tool_at(analysis, offset))? else {
            return Ok(None);
        };
        let mut edits = Vec::new();
        for file in self.files_naming(uri, analysis, &at).await? {
            guarded(|| ide::check_tool_name(&file.analysis, &at.name, new_name))?
                .map_err(|error| invalid(error.to_string()))?;
            let spans = guarded(|| ide::tool_occurrences(&file.analysis, &at.name))?;
            if spans.is_empty() {
                continue;
            }
            let view = file.view();
            edits.push(TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier {
                    uri: file.uri.clone(),
                    version: file.version,
                },
                edits: spans
                    .into_iter()
                    .map(|span| {
                        OneOf::Left(TextEdit {
                            range: view.range(span),
                            new_text: new_name.to_string(),
                        })
                    })
                    .collect(),
            });
        }
        Ok(Some(WorkspaceEdit {
            document_changes: Some(DocumentChanges::Edits(edits)),
            ..WorkspaceEdit::default()
        }))
    }

    /// The file a `use` line of the document at `uri` names: its path and
    /// text, as the document's analysis reads it.
    fn used_file(&self, uri: &Uri, from: &str) -> Option<(PathBuf, Text)> {
        self.documents.sources(uri)?.resolve(from)
    }

    /// The URI of the open document at `path`, as the client named it.
    fn open_uri(&self, path: &Path) -> Option<Uri> {
        let wanted = canonical(path);
        self.documents
            .uris()
            .into_iter()
            .find(|uri| file_path(uri).is_some_and(|open| canonical(&open) == wanted))
    }

    /// The file defining the tool `at` names, then every other open
    /// document that brings it in from that file.
    async fn files_naming(
        &self,
        uri: &Uri,
        analysis: &Arc<Analysis>,
        at: &ide::ToolAt,
    ) -> Result<Vec<Naming>> {
        let (defining, path) = match &at.from {
            None => {
                let Some(snapshot) = self.documents.snapshot(uri) else {
                    return Ok(Vec::new());
                };
                let naming = Naming {
                    uri: uri.clone(),
                    text: snapshot.text.clone(),
                    index: snapshot.index.clone(),
                    analysis: analysis.clone(),
                    version: Some(snapshot.version),
                };
                (naming, file_path(uri).map(|path| canonical(&path)))
            }
            Some(from) => {
                let Some((path, text)) = self.used_file(uri, from) else {
                    return Ok(Vec::new());
                };
                (self.library(&path, text).await?, Some(path))
            }
        };
        let mut files = vec![defining];
        let Some(path) = path else {
            return Ok(files);
        };
        for open in self.documents.uris() {
            if files.iter().any(|file| file.uri == open) {
                continue;
            }
            let Some((snapshot, analysis)) = self.analyzed(&open).await? else {
                continue;
            };
            let brought_from = analysis
                .scene()
                .tools
                .iter()
                .find(|tool| tool.name == at.name)
                .and_then(|tool| tool.from.clone());
            let Some(from) = brought_from else {
                continue;
            };
            if self
                .used_file(&open, &from)
                .is_some_and(|(used, _)| canonical(&used) == path)
            {
                files.push(Naming {
                    uri: open,
                    text: snapshot.text.clone(),
                    index: snapshot.index.clone(),
                    analysis,
                    version: Some(snapshot.version),
                });
            }
        }
        Ok(files)
    }

    /// The file at `path` (read as `text`) analysed: as the open document
    /// when it is one, else from its text, off the async runtime.
    async fn library(&self, path: &Path, text: Text) -> Result<Naming> {
        if let Some(uri) = self.open_uri(path) {
            if let Some((snapshot, analysis)) = self.analyzed(&uri).await? {
                return Ok(Naming {
                    uri,
                    text: snapshot.text.clone(),
                    index: snapshot.index.clone(),
                    analysis,
                    version: Some(snapshot.version),
                });
            }
        }
        let uri = Uri::from_file_path(path).ok_or_else(panicked)?;
        let sources = self.documents.sources_for(&uri);
        let for_thread = text.clone();
        // On the one analysis thread, as every analysis (`analyser`).
        let analysis = tokio::task::spawn_blocking(move || {
            on_analysis_thread(move || analyze_shared_from(for_thread, sources))
        })
        .await
        .map_err(|_| panicked())?;
        Ok(Naming {
            uri,
            index: Arc::new(LineIndex::new(&text)),
            text,
            analysis: Arc::new(analysis),
            version: None,
        })
    }
}
