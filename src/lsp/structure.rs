//! Requests about a file's structure: the outline, folding, formatting of
//! the whole file or a range, selection ranges, and workspace symbols (the
//! names and blocks of every `.euc` file under the workspace folders, kept
//! in `workspace.rs`, and of the open documents as they are in the editor).

use super::documents::Snapshot;
use super::server::{guarded, panicked, Backend};
use super::workspace::{matches, symbols_of, MAX_ANSWERS};
use crate::door::ide;
use crate::span::Span;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

impl Backend {
    pub(super) async fn workspace_symbols(
        &self,
        query: &str,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let mut found = Vec::new();
        let mut open_paths = Vec::new();
        for uri in self.documents.uris() {
            let Some((snapshot, analysis)) = self.analyzed(&uri).await? else {
                continue;
            };
            if let Some(path) = uri.to_file_path() {
                open_paths.push(path.into_owned());
            }
            let outline = guarded(|| ide::outline(&analysis))?;
            found.extend(symbols_of(&uri, &snapshot.view(), &outline));
        }
        let workspace = self.workspace.clone();
        let on_disk = tokio::task::spawn_blocking(move || workspace.symbols_on_disk(&open_paths))
            .await
            .map_err(|_| panicked())?;
        found.extend(on_disk);
        found.retain(|symbol| matches(query, &symbol.name));
        found.truncate(MAX_ANSWERS);
        Ok(Some(WorkspaceSymbolResponse::Nested(found)))
    }

    pub(super) async fn selection_ranges(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        let Some((snapshot, analysis)) = self.analyzed(&params.text_document.uri).await? else {
            return Ok(None);
        };
        let text = snapshot.view();
        let mut answers = Vec::new();
        for position in params.positions {
            let offset = text.offset(position);
            let chain = guarded(|| ide::selection_ranges(&analysis, offset))?;
            // Outermost first, each the parent of the next.
            let mut range: Option<SelectionRange> = None;
            for span in chain.into_iter().rev() {
                range = Some(SelectionRange {
                    range: text.range(span),
                    parent: range.map(Box::new),
                });
            }
            answers.push(range.unwrap_or(SelectionRange {
                range: Range::new(position, position),
                parent: None,
            }));
        }
        Ok(Some(answers))
    }

    pub(super) async fn format_whole(&self, uri: &Uri) -> Result<Option<Vec<TextEdit>>> {
        let Some(snapshot) = self.documents.snapshot(uri).filter(Snapshot::analysable) else {
            return Ok(None);
        };
        let formatted = guarded(|| crate::door::format(&snapshot.text))?;
        let text = snapshot.view();
        Ok(formatted
            .filter(|formatted| *formatted != *snapshot.text)
            .map(|formatted| {
                vec![TextEdit {
                    range: text.range(Span::new(0, snapshot.text.len())),
                    new_text: formatted,
                }]
            }))
    }

    pub(super) async fn format_range(
        &self,
        uri: &Uri,
        range: Range,
    ) -> Result<Option<Vec<TextEdit>>> {
        let Some(snapshot) = self.documents.snapshot(uri).filter(Snapshot::analysable) else {
            return Ok(None);
        };
        let text = snapshot.view();
        let span = text.span(range);
        let edits = guarded(|| crate::door::format_range(&snapshot.text, span))?;
        Ok(edits.map(|edits| {
            edits
                .into_iter()
                .map(|(span, new_text)| TextEdit {
                    range: text.range(span),
                    new_text,
                })
                .collect()
        }))
    }

    pub(super) async fn folding(&self, uri: &Uri) -> Result<Option<Vec<FoldingRange>>> {
        let Some((snapshot, analysis)) = self.analyzed(uri).await? else {
            return Ok(None);
        };
        let text = snapshot.view();
        let spans = guarded(|| ide::folding_ranges(&analysis))?;
        Ok(Some(
            spans
                .into_iter()
                .map(|span| {
                    let range = text.range(span);
                    FoldingRange {
                        start_line: range.start.line,
                        end_line: range.end.line,
                        kind: Some(FoldingRangeKind::Region),
                        ..FoldingRange::default()
                    }
                })
                .filter(|range| range.end_line > range.start_line)
                .collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_query_matches_its_characters_in_order_ignoring_case() {
        assert!(matches("", "anything"));
        assert!(matches("mdp", "midpoint"));
        assert!(matches("NAP", "napoleon"));
        assert!(!matches("xyz", "midpoint"));
        assert!(!matches("tm", "midpoint"));
    }
}
