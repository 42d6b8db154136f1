//! Open documents: text, version, line index and the latest analysis; the
//! files each analysis read through its `use` lines, and the users of a
//! file analysed again when it changes (docs/design.md, "Tools across
//! files").

use super::analyser::on_analysis_thread;
use super::sources::{DocumentSources, OpenTexts};
use crate::door::{analyze_shared_from, Analysis, Text};
use crate::door::{reanalyze_shared, touches_one_block, Change, Redone};
use crate::span::{LineIndex, Span};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};
use tower_lsp_server::ls_types as lsp;

/// Diagnostics wait at most this long after a change, so that typing is not
/// slowed by analyses that will be outdated at the next keystroke.
pub const DEBOUNCE: Duration = Duration::from_millis(120);

/// An analysis cheaper than this publishes at once: keystrokes come tens
/// of milliseconds apart, so at worst one analysis in a burst is wasted.
pub const CHEAP: Duration = Duration::from_millis(10);

/// How long to wait after a change, given what the last analysis of the
/// same kind cost: nothing when analyses are cheap (diagnostics at once),
/// twice the cost otherwise, never more than `DEBOUNCE`; `DEBOUNCE` before
/// the first analysis.
pub fn debounce_for(cost: Option<Duration>) -> Duration {
    match cost {
        Some(cost) if cost < CHEAP => Duration::ZERO,
        Some(cost) => (cost * 2).min(DEBOUNCE),
        None => DEBOUNCE,
    }
}

pub struct Document {
    pub uri: lsp::Uri,
    /// Its file, when it is one.
    path: Option<PathBuf>,
    /// Where its analyses read the files its `use` lines name; made anew
    /// for an analysis from scratch.
    sources: Arc<DocumentSources>,
    pub text: Text,
    pub version: i32,
    pub index: Arc<LineIndex>,
    /// Shared with running solves, which stop when it moves on.
    pub current_version: Arc<AtomicI32>,
    /// The analysis of a version, computed once however many ask for it at
    /// the same time (the first computes, the others wait for it).
    analysis: Option<(i32, Arc<OnceLock<Arc<Analysis>>>)>,
    /// The latest analysis made, of whatever version: the next one redoes
    /// only what an edit touched (`crate::incremental`).
    latest: Option<Arc<Analysis>>,
    /// What the last analysis of each kind took: of the whole text, and of
    /// one block after an edit inside it.
    costs: [Option<Duration>; 2],
    /// Analyses replaced by newer ones, freed after diagnostics are out.
    retired: Vec<Arc<Analysis>>,
    /// Whether the pending change lies inside one block (its analysis will
    /// most likely redo that block alone).
    one_block: bool,
    /// When the change before the latest came: a change that comes after a
    /// pause (not in a burst of typing) is analysed at once.
    previous_change: Option<Instant>,
    latest_change: Option<Instant>,
    /// The edit from the text of `latest` (that very text) to this one,
    /// when one edit made it: the analysis need not compare the texts to
    /// find it.
    edit: Option<(Text, Change)>,
}

/// One consistent view of a document.
#[derive(Clone)]
pub struct Snapshot {
    pub uri: lsp::Uri,
    pub text: Text,
    pub version: i32,
    pub index: Arc<LineIndex>,
    pub current_version: Arc<AtomicI32>,
}

impl Snapshot {
    /// Whether the text is small enough to analyse (`analysis::MOST_BYTES`):
    /// requests about a larger one are answered with nothing, and its
    /// diagnostics say why.
    pub fn analysable(&self) -> bool {
        self.text.len() <= crate::door::MOST_BYTES
    }

    /// The text with its line index, for position conversions.
    pub fn view(&self) -> super::convert::Text<'_> {
        super::convert::Text {
            text: &self.text,
            index: &self.index,
        }
    }

    /// Core edits as an edit of this version of the document: a client
    /// applies it only if the document is still at this version.
    pub fn versioned_edit(&self, edits: Vec<crate::door::TextEdit>) -> lsp::WorkspaceEdit {
        let view = self.view();
        let edits = edits
            .into_iter()
            .map(|edit| {
                lsp::OneOf::Left(lsp::TextEdit {
                    range: view.range(edit.span),
                    new_text: crate::door::with_line_breaks_of(&self.text, edit.text),
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

type Map = HashMap<String, Document>;

#[derive(Default, Clone)]
pub struct Documents(Arc<Mutex<Map>>);

/// The open documents' texts, for the files `use` lines name (weak: the
/// documents hold their analyses, which hold these).
struct OpenDocuments(Weak<Mutex<Map>>);

impl OpenTexts for OpenDocuments {
    fn text_at(&self, path: &Path) -> Option<Text> {
        let documents = self.0.upgrade()?;
        let documents = documents
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        documents
            .values()
            .find(|document| document.path.as_deref() == Some(path))
            .map(|document| document.text.clone())
    }
}

/// The file a document is, if it is one.
pub fn file_path(uri: &lsp::Uri) -> Option<PathBuf> {
    uri.to_file_path().map(|path| path.into_owned())
}

impl Documents {
    /// Fresh sources for the document at `uri`.
    pub fn sources_for(&self, uri: &lsp::Uri) -> Arc<DocumentSources> {
        let open = Box::new(OpenDocuments(Arc::downgrade(&self.0)));
        Arc::new(DocumentSources::new(file_path(uri).as_deref(), open))
    }

    /// The sources the document's analyses read through.
    pub fn sources(&self, uri: &lsp::Uri) -> Option<Arc<DocumentSources>> {
        Some(self.lock().get(uri.as_str())?.sources.clone())
    }

    /// Whether the document's analyses still read through `sources`: not
    /// when a file it uses changed since (`users_of`), which analyses it
    /// again.
    pub fn reads_through(&self, uri: &lsp::Uri, sources: &Arc<DocumentSources>) -> bool {
        self.lock()
            .get(uri.as_str())
            .is_some_and(|document| Arc::ptr_eq(&document.sources, sources))
    }

    /// The open documents whose analyses read the file at `path` (through
    /// any number of `use` lines), each to be analysed again from scratch:
    /// their URIs and versions.
    pub fn users_of(&self, path: &Path) -> Vec<(lsp::Uri, i32)> {
        let mut documents = self.lock();
        let mut users = Vec::new();
        for document in documents.values_mut() {
            if document.path.as_deref() == Some(path) || !document.sources.asked_for(path) {
                continue;
            }
            document.analysis = None;
            document.retired.extend(document.latest.take());
            document.edit = None;
            document.one_block = false;
            users.push((document.uri.clone(), document.version));
        }
        drop(documents);
        for (uri, _) in &users {
            let sources = self.sources_for(uri);
            if let Some(document) = self.lock().get_mut(uri.as_str()) {
                document.sources = sources;
            }
        }
        users
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Document>> {
        // A panic elsewhere must not take the documents with it.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn open(&self, uri: lsp::Uri, text: String, version: i32) {
        let index = Arc::new(LineIndex::new(&text));
        let document = Document {
            path: file_path(&uri),
            sources: self.sources_for(&uri),
            uri: uri.clone(),
            text: Arc::new(text),
            version,
            index,
            current_version: Arc::new(AtomicI32::new(version)),
            analysis: None,
            latest: None,
            costs: [None; 2],
            previous_change: None,
            latest_change: None,
            retired: Vec::new(),
            one_block: false,
            edit: None,
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
        document.previous_change = document.latest_change.replace(Instant::now());
        // Each range change is applied to the text and to its line index,
        // which is updated rather than built again. The text is copied
        // once (the latest analysis shares it), or not at all.
        let previous = std::mem::take(&mut document.text);
        // The edit from the latest analysis's text, when that is the very
        // text one range change edits: the analysis then compares no texts.
        let edit = match (changes.as_slice(), &document.latest) {
            ([change], Some(latest)) if Arc::ptr_eq(&latest.text, &previous) => {
                change.range.map(|range| {
                    let old = super::convert::Text {
                        text: &previous,
                        index: &document.index,
                    }
                    .span(range);
                    let new = Span::new(old.start, old.start + change.text.len());
                    (latest.text.clone(), Change { old, new })
                })
            }
            _ => None,
        };
        let mut text = match changes.first() {
            // The whole text replaced: nothing to copy.
            Some(change) if change.range.is_none() => String::new(),
            _ => Arc::try_unwrap(previous).unwrap_or_else(|shared| {
                let mut copy = String::with_capacity(shared.len() + 64);
                copy.push_str(&shared);
                copy
            }),
        };
        let mut index = document.index.clone();
        for change in changes {
            match change.range {
                Some(range) => {
                    let view = super::convert::Text {
                        text: &text,
                        index: &index,
                    };
                    let span = view.span(range);
                    index = Arc::new(index.replaced(span, &change.text));
                    text.replace_range(span.start..span.end, &change.text);
                }
                None => {
                    text = change.text;
                    index = Arc::new(LineIndex::new(&text));
                }
            }
        }
        document.index = index;
        document.one_block = document
            .latest
            .as_ref()
            .is_some_and(|latest| touches_one_block(latest, &text, edit.as_ref().map(|e| e.1)));
        document.edit = edit;
        document.text = Arc::new(text);
        document.version = version;
        document.current_version.store(version, Ordering::SeqCst);
        document.analysis = None;
        true
    }

    /// Every open document.
    pub fn uris(&self) -> Vec<lsp::Uri> {
        self.lock()
            .values()
            .map(|document| document.uri.clone())
            .collect()
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

    /// The analysis of the snapshot's version: computed once and shared,
    /// also between requests that ask for it at the same time; from the
    /// latest analysis when an edit touched one block.
    pub fn analysis(&self, snapshot: &Snapshot) -> Arc<Analysis> {
        // Neither kept nor the start of the next analysis: a document too
        // large to analyse that shrinks again is analysed from its latest
        // analysable version.
        if !snapshot.analysable() {
            return Arc::new(crate::door::too_large(snapshot.text.len()));
        }
        let (cell, latest, edit, sources) = {
            let mut documents = self.lock();
            let sources = documents
                .get(snapshot.uri.as_str())
                .map(|document| document.sources.clone());
            match documents.get_mut(snapshot.uri.as_str()) {
                Some(document) if document.version == snapshot.version => {
                    let cell = match &document.analysis {
                        Some((version, cell)) if *version == snapshot.version => cell.clone(),
                        _ => {
                            let cell = Arc::new(OnceLock::new());
                            document.analysis = Some((snapshot.version, cell.clone()));
                            cell
                        }
                    };
                    // Taken, not shared, when this call will compute: the
                    // analysis after an edit can then move its parts
                    // instead of copying them.
                    let latest = match cell.get() {
                        Some(_) => None,
                        None => document.latest.take(),
                    };
                    // The edit since the latest analysis, if it still is
                    // the one from that text to this one.
                    let edit = match (&latest, &document.edit) {
                        (Some(latest), Some((base, change)))
                            if Arc::ptr_eq(base, &latest.text)
                                && Arc::ptr_eq(&document.text, &snapshot.text) =>
                        {
                            Some(*change)
                        }
                        _ => None,
                    };
                    (cell, latest, edit, sources)
                }
                // An older version: analysed for this caller alone.
                _ => (Arc::new(OnceLock::new()), None, None, sources),
            }
        };
        let sources = sources.unwrap_or_else(|| self.sources_for(&snapshot.uri));
        let used = sources.clone();
        let mut cost = None;
        let analysis = cell
            .get_or_init(|| {
                let started = Instant::now();
                let text = snapshot.text.clone();
                // On the one analysis thread, whose arena holds analyses'
                // memory (`analyser`).
                let (analysis, redone) = on_analysis_thread(move || match latest {
                    // An edit undone, or a version that changed nothing.
                    Some(latest) if edit.is_none() && *latest.text == *text => (latest, None),
                    Some(latest) => {
                        let (analysis, redone) = reanalyze_shared(latest, text, edit);
                        (Arc::new(analysis), Some(redone))
                    }
                    None => (
                        Arc::new(analyze_shared_from(text, sources)),
                        Some(Redone::Everything),
                    ),
                });
                if let Some(redone) = redone {
                    cost = Some((
                        started.elapsed(),
                        matches!(redone, Redone::OneBlock | Redone::OneNode),
                    ));
                }
                analysis
            })
            .clone();
        if let Some(document) = self.lock().get_mut(snapshot.uri.as_str()) {
            if let Some((cost, one_block)) = cost {
                document.costs[usize::from(one_block)] = Some(cost);
            }
            // An analysis of an older version still serves as the start of
            // the next one when there is none newer.
            // A request that found the analysis made (a hover after the
            // diagnostics) changes nothing: keeping the same analysis
            // twice, as the latest and as retired, would make the next
            // edit copy it rather than move its parts.
            let already = document
                .latest
                .as_ref()
                .is_some_and(|latest| Arc::ptr_eq(latest, &analysis));
            // An analysis that read files through sources replaced since
            // (a file it uses changed: `users_of`) is out of date even at
            // this version: never the start of the next one.
            let stale = !Arc::ptr_eq(&document.sources, &used);
            if !already
                && !stale
                && (document.version == snapshot.version || document.latest.is_none())
            {
                // Freeing a large file's analysis takes milliseconds: not
                // on the way to its diagnostics (`free_retired`).
                if let Some(old) = document.latest.replace(analysis.clone()) {
                    document.retired.push(old);
                }
            }
        }
        analysis
    }

    /// How long diagnostics wait after a change to this document: by what
    /// the last analysis of the same kind (whole text, or one block) took;
    /// none for the first edit inside a block (expected to be cheap), and
    /// none for a change after a pause (docs/design.md, "Analysis after an
    /// edit").
    pub fn debounce(&self, uri: &lsp::Uri) -> Duration {
        let documents = self.lock();
        let Some(document) = documents.get(uri.as_str()) else {
            return DEBOUNCE;
        };
        let delay = match (document.one_block, document.costs) {
            (true, [_, None]) => Duration::ZERO,
            (true, [_, cost]) | (false, [cost, _]) => debounce_for(cost),
        };
        // Leading edge: a change after a pause longer than the wait is not
        // part of a burst, and waiting would only delay its diagnostics;
        // the changes that follow it closely wait.
        let paused = match (document.previous_change, document.latest_change) {
            (Some(before), Some(latest)) => latest.duration_since(before) > delay,
            _ => true,
        };
        if paused {
            Duration::ZERO
        } else {
            delay
        }
    }

    /// Moves the spans that the latest analysis, made after an edit, left
    /// to move until its tree and scene are read (`analysis::Settling`).
    /// Done under the lock, so that an analysis of the next edit waits for
    /// it and then takes the latest analysis whole rather than copying it.
    pub fn settle(&self, uri: &lsp::Uri) {
        let documents = self.lock();
        if let Some(latest) = documents.get(uri.as_str()).and_then(|d| d.latest.as_ref()) {
            latest.file();
            latest.scene();
        }
    }

    /// Frees the analyses that newer ones replaced.
    pub fn free_retired(&self, uri: &lsp::Uri) {
        let retired = match self.lock().get_mut(uri.as_str()) {
            Some(document) => std::mem::take(&mut document.retired),
            None => return,
        };
        drop(retired);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheap_analyses_publish_at_once_and_dear_ones_wait_a_little() {
        assert_eq!(debounce_for(None), DEBOUNCE);
        assert_eq!(debounce_for(Some(Duration::from_millis(1))), Duration::ZERO);
        assert_eq!(
            debounce_for(Some(Duration::from_millis(20))),
            Duration::from_millis(40)
        );
        assert_eq!(debounce_for(Some(Duration::from_secs(1))), DEBOUNCE);
    }

    #[test]
    fn an_edit_inside_a_block_is_timed_apart_from_whole_analyses() {
        let documents = Documents::default();
        let uri: lsp::Uri = "file:///typing.euc".parse().unwrap();
        let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal M = midpoint(A, B)\n}\n";
        documents.open(uri.clone(), text.to_string(), 1);
        documents.analysis(&documents.snapshot(&uri).unwrap());
        let edit = |line: u32, character: u32, version: i32| {
            let position = lsp::Position::new(line, character);
            let change = lsp::TextDocumentContentChangeEvent {
                range: Some(lsp::Range::new(position, position)),
                range_length: None,
                text: " ".to_string(),
            };
            assert!(documents.change(&uri, version, vec![change]));
            let one_block = documents.lock()[uri.as_str()].one_block;
            documents.analysis(&documents.snapshot(&uri).unwrap());
            one_block
        };
        // Inside the block: the one-block analysis is timed on its own.
        assert!(edit(3, 2, 2));
        assert!(documents.lock()[uri.as_str()].costs[1].is_some());
        // A declaration: the whole text.
        assert!(!edit(0, 9, 3));
    }

    /// A whole-text change replaces the text; a range change right after
    /// an analysis is handed to the next one as the edit, which gives what
    /// an analysis from scratch gives.
    #[test]
    fn whole_and_range_changes_keep_text_and_analysis_right() {
        let documents = Documents::default();
        let uri: lsp::Uri = "file:///changes.euc".parse().unwrap();
        documents.open(uri.clone(), "point A = (0, 0)\n".to_string(), 1);
        documents.analysis(&documents.snapshot(&uri).unwrap());
        let whole = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal M = midpoint(A, B)\n}\n";
        let change = |range: Option<lsp::Range>, text: &str| lsp::TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        };
        assert!(documents.change(&uri, 2, vec![change(None, whole)]));
        let snapshot = documents.snapshot(&uri).unwrap();
        assert_eq!(*snapshot.text, whole);
        documents.analysis(&snapshot);
        let at = lsp::Position::new(3, 24);
        assert!(documents.change(&uri, 3, vec![change(Some(lsp::Range::new(at, at)), "x")]));
        assert!(documents.lock()[uri.as_str()].edit.is_some());
        let snapshot = documents.snapshot(&uri).unwrap();
        assert_eq!(*snapshot.text, whole.replace("(A, B)", "(A, Bx)"));
        let analysis = documents.analysis(&snapshot);
        let fresh = crate::door::analyze(&snapshot.text);
        assert_eq!(analysis.diagnostics, fresh.diagnostics);
        assert!(!analysis.diagnostics.is_empty(), "`Bx` is unknown");
    }

    /// A second request for an analysis already made (a hover after the
    /// diagnostics) leaves it held once: the next edit moves its parts
    /// instead of copying them.
    #[test]
    fn asking_again_for_an_analysis_keeps_it_held_once() {
        let documents = Documents::default();
        let uri: lsp::Uri = "file:///again.euc".parse().unwrap();
        documents.open(uri.clone(), "let a = 1\npoint A = (a, 0)\n".to_string(), 1);
        let snapshot = documents.snapshot(&uri).unwrap();
        let first = documents.analysis(&snapshot);
        let again = documents.analysis(&snapshot);
        assert!(Arc::ptr_eq(&first, &again));
        drop((first, again));
        assert!(documents.lock()[uri.as_str()].retired.is_empty());
        assert!(documents.change(&uri, 2, vec![]));
        let latest = documents
            .lock()
            .get_mut(uri.as_str())
            .unwrap()
            .latest
            .take()
            .unwrap();
        assert_eq!(Arc::strong_count(&latest), 1);
    }

    #[test]
    fn requests_at_the_same_time_share_one_analysis() {
        let documents = Documents::default();
        let uri: lsp::Uri = "file:///shared.euc".parse().unwrap();
        let text: String = (0..2_000)
            .map(|i| format!("point P{i} = ({i}, 1)\n"))
            .collect();
        documents.open(uri.clone(), text, 1);
        let snapshot = documents.snapshot(&uri).unwrap();
        let results: Vec<Arc<Analysis>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| documents.analysis(&snapshot)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(results
            .windows(2)
            .all(|pair| Arc::ptr_eq(&pair[0], &pair[1])));
        assert!(documents.debounce(&uri) <= DEBOUNCE);
    }

    #[test]
    fn a_change_after_a_pause_is_analysed_at_once_and_a_burst_waits() {
        let documents = Documents::default();
        let uri: lsp::Uri = "file:///burst.euc".parse().unwrap();
        documents.open(uri.clone(), "let a = 1\n".to_string(), 1);
        let whole = |text: &str| {
            vec![lsp::TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: text.to_string(),
            }]
        };
        // As if the whole-text analyses cost 50 ms: a wait of 100 ms.
        documents.lock().get_mut(uri.as_str()).unwrap().costs =
            [Some(Duration::from_millis(50)); 2];
        assert!(documents.change(&uri, 2, whole("let a = 2\n")));
        assert_eq!(documents.debounce(&uri), Duration::ZERO, "the first change");
        assert!(documents.change(&uri, 3, whole("let a = 3\n")));
        assert_eq!(
            documents.debounce(&uri),
            Duration::from_millis(100),
            "a burst"
        );
        std::thread::sleep(Duration::from_millis(120));
        assert!(documents.change(&uri, 4, whole("let a = 4\n")));
        assert_eq!(documents.debounce(&uri), Duration::ZERO, "after a pause");
    }
}
