//! The workspace's `.euc` files for workspace symbols: the folders from
//! `initialize`, the files under them read with `walkdir`, each file's
//! symbols kept until its size or time of change differs (open documents
//! are read as edited, by `structure.rs`).

use super::convert::{self, Text};
use crate::door::ide;
use crate::span::LineIndex;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use tower_lsp_server::ls_types::*;

/// Files a workspace-symbol search reads at most, and their largest size
/// (the CLI's input limit).
const MAX_FILES: usize = 2_000;
const MAX_BYTES: u64 = 2 << 20;
/// Entries (files and folders) a search looks at under each folder.
const MAX_ENTRIES: usize = 50_000;
/// Symbols one answer lists at most.
pub(super) const MAX_ANSWERS: usize = 1_000;

/// The workspace folders, and the symbols of the files read from them,
/// kept until a file's size or time of change differs.
#[derive(Default)]
pub struct Workspace {
    folders: Mutex<Vec<PathBuf>>,
    read: Mutex<HashMap<PathBuf, ReadFile>>,
}

/// A file's symbols, and the time of change and size they were read at.
struct ReadFile {
    modified: SystemTime,
    size: u64,
    symbols: Arc<Vec<WorkspaceSymbol>>,
}

impl Workspace {
    /// The folders the client opened (`workspaceFolders`, else `rootUri`).
    pub fn set_folders(&self, params: &InitializeParams) {
        #[allow(deprecated)]
        let root = params.root_uri.iter();
        let folders = params
            .workspace_folders
            .iter()
            .flatten()
            .map(|folder| &folder.uri)
            .chain(root)
            .filter_map(|uri| uri.to_file_path().map(|path| path.into_owned()))
            .collect();
        *self.folders.lock().unwrap_or_else(|p| p.into_inner()) = folders;
    }

    /// The symbols of the `.euc` files under the folders but `skip`.
    pub(super) fn symbols_on_disk(&self, skip: &[PathBuf]) -> Vec<WorkspaceSymbol> {
        let folders = self
            .folders
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let files = folders
            .iter()
            .flat_map(|folder| {
                walkdir::WalkDir::new(folder)
                    .max_depth(16)
                    .into_iter()
                    .filter_entry(|entry| entry.depth() == 0 || !skipped_dir(entry.file_name()))
                    // A folder such as `/` or a home folder is not walked
                    // whole at every query.
                    .take(MAX_ENTRIES)
                    .filter_map(std::result::Result::ok)
                    .filter(|entry| {
                        entry.file_type().is_file()
                            && entry.path().extension().is_some_and(|ext| ext == "euc")
                    })
            })
            .take(MAX_FILES);
        let mut symbols = Vec::new();
        for entry in files {
            let path = entry.path();
            if skip.iter().any(|open| open == path) {
                continue;
            }
            if let Some(found) = self.file_symbols(path) {
                symbols.extend(found.iter().cloned());
            }
        }
        symbols
    }

    /// One file's symbols, read again only when it changed.
    fn file_symbols(&self, path: &Path) -> Option<Arc<Vec<WorkspaceSymbol>>> {
        let metadata = std::fs::metadata(path).ok()?;
        let (modified, size) = (metadata.modified().ok()?, metadata.len());
        if size > MAX_BYTES {
            return None;
        }
        if let Some(read) = self.read.lock().ok()?.get(path) {
            if read.modified == modified && read.size == size {
                return Some(read.symbols.clone());
            }
        }
        let text = std::fs::read_to_string(path).ok()?;
        let uri = Uri::from_file_path(path)?;
        let index = LineIndex::new(&text);
        let view = Text {
            text: &text,
            index: &index,
        };
        let analysis = crate::door::analyze(&text);
        let found = Arc::new(symbols_of(&uri, &view, &ide::outline(&analysis)));
        self.read.lock().ok()?.insert(
            path.to_path_buf(),
            ReadFile {
                modified,
                size,
                symbols: found.clone(),
            },
        );
        Some(found)
    }
}

/// Folders no one keeps constructions in: hidden ones, build output,
/// packages.
fn skipped_dir(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') || name == "target" || name == "node_modules"
}

/// An outline as workspace symbols: top-level names and blocks, and the
/// goals and steps of each block (its name their container).
pub(super) fn symbols_of(
    uri: &Uri,
    text: &Text,
    outline: &[ide::OutlineItem],
) -> Vec<WorkspaceSymbol> {
    let mut symbols = Vec::new();
    let mut add = |item: &ide::OutlineItem, container: Option<&str>| {
        let symbol = convert::symbol(text, item);
        symbols.push(WorkspaceSymbol {
            name: item.name.clone(),
            kind: symbol.kind,
            tags: None,
            container_name: container.map(str::to_string),
            location: OneOf::Left(Location::new(uri.clone(), symbol.selection_range)),
            data: None,
        });
    };
    for item in outline {
        add(item, None);
        for child in &item.children {
            add(child, Some(&item.name));
        }
    }
    symbols
}

/// Whether `name` holds the query's characters in order, ignoring case
/// (`mdp` finds `midpoint`), as editors' symbol pickers match.
pub(super) fn matches(query: &str, name: &str) -> bool {
    let mut name = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .all(|wanted| name.any(|c| c == wanted))
}
