//! Open documents: text, version, line index and the latest analysis.

use crate::analysis::{analyze, Analysis};
use crate::span::LineIndex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types as lsp;

pub struct Document {
    pub uri: lsp::Uri,
    pub text: Arc<str>,
    pub version: i32,
    pub index: Arc<LineIndex>,
    /// Shared with running solves, which stop when it moves on.
    pub current_version: Arc<AtomicI32>,
    analysis: Option<(i32, Arc<Analysis>)>,
}

/// One consistent view of a document.
#[derive(Clone)]
pub struct Snapshot {
    pub uri: lsp::Uri,
    pub text: Arc<str>,
    pub version: i32,
    pub index: Arc<LineIndex>,
    pub current_version: Arc<AtomicI32>,
}

impl Snapshot {
    /// The text with its line index, for position conversions.
    pub fn view(&self) -> super::convert::Text<'_> {
        super::convert::Text {
            text: &self.text,
            index: &self.index,
        }
    }

    /// Core edits as an edit of this version of the document: a client
    /// applies it only if the document is still at this version.
    pub fn versioned_edit(&self, edits: Vec<crate::edit::TextEdit>) -> lsp::WorkspaceEdit {
        let view = self.view();
        let edits = edits
            .into_iter()
            .map(|edit| {
                lsp::OneOf::Left(lsp::TextEdit {
                    range: view.range(edit.span),
                    new_text: crate::edit::with_line_breaks_of(&self.text, edit.text),
                })
            })
            .collect();
        lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Edits(vec![lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri: self.uri.clone(),
                    version: Some(self.version),
                },
                edits,
            }])),
            ..lsp::WorkspaceEdit::default()
        }
    }
}

#[derive(Default, Clone)]
pub struct Documents(Arc<Mutex<HashMap<String, Document>>>);

impl Documents {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Document>> {
        // A panic elsewhere must not take the documents with it.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn open(&self, uri: lsp::Uri, text: String, version: i32) {
        let index = Arc::new(LineIndex::new(&text));
        let document = Document {
            uri: uri.clone(),
            text: text.into(),
            version,
            index,
            current_version: Arc::new(AtomicI32::new(version)),
            analysis: None,
        };
        self.lock().insert(uri.as_str().to_string(), document);
    }

    pub fn close(&self, uri: &lsp::Uri) {
        if let Some(document) = self.lock().remove(uri.as_str()) {
            document.current_version.store(i32::MIN, Ordering::SeqCst);
        }
    }

    /// Applies content changes in order; returns false (and changes nothing)
    /// for an unknown document or a version older than the one held.
    pub fn change(
        &self,
        uri: &lsp::Uri,
        version: i32,
        changes: Vec<lsp::TextDocumentContentChangeEvent>,
    ) -> bool {
        let mut documents = self.lock();
        let Some(document) = documents.get_mut(uri.as_str()) else {
            return false;
        };
        if version < document.version {
            return false;
        }
        let mut text = document.text.to_string();
        for change in changes {
            match change.range {
                Some(range) => {
                    let index = LineIndex::new(&text);
                    let view = super::convert::Text {
                        text: &text,
                        index: &index,
                    };
                    let span = view.span(range);
                    text.replace_range(span.start..span.end, &change.text);
                }
                None => text = change.text,
            }
        }
        document.index = Arc::new(LineIndex::new(&text));
        document.text = text.into();
        document.version = version;
        document.current_version.store(version, Ordering::SeqCst);
        document.analysis = None;
        true
    }

    pub fn snapshot(&self, uri: &lsp::Uri) -> Option<Snapshot> {
        let documents = self.lock();
        let document = documents.get(uri.as_str())?;
        Some(Snapshot {
            uri: document.uri.clone(),
            text: document.text.clone(),
            version: document.version,
            index: document.index.clone(),
            current_version: document.current_version.clone(),
        })
    }

    /// The analysis of the snapshot's version, computed once and shared.
    pub fn analysis(&self, snapshot: &Snapshot) -> Arc<Analysis> {
        if let Some(document) = self.lock().get(snapshot.uri.as_str()) {
            if let Some((version, analysis)) = &document.analysis {
                if *version == snapshot.version {
                    return analysis.clone();
                }
            }
        }
        let analysis = Arc::new(analyze(&snapshot.text));
        if let Some(document) = self.lock().get_mut(snapshot.uri.as_str()) {
            if document.version == snapshot.version {
                document.analysis = Some((snapshot.version, analysis.clone()));
            }
        }
        analysis
    }
}
