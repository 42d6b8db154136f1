//! The analysis (or only the resolution) of a file with its `use` lines
//! followed on disk, each path relative to the file that names it
//! (docs/language.md, "Tools from other files"). The disk reader is the
//! language server's too (`lsp::sources::FileSources`).

use crate::diag::Diagnostic;
use crate::door::{analyze_file, resolve_file, Analysis, Scene};
use crate::lsp::sources::FileSources;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The sources of the file at `path` (`-`: standard input, whose `use`
/// lines are relative to the current folder).
fn near(path: &Path) -> FileSources {
    if super::is_stdin(path) {
        FileSources::new(None, PathBuf::from("."))
    } else {
        FileSources::of_file(path)
    }
}

/// The analysis of `text`, read from `path`, with its `use` lines followed
/// on disk.
pub fn analyze_source(path: &Path, text: &str) -> Analysis {
    analyze_file(text, Arc::new(near(path)))
}

/// `text`, read from `path`, parsed and resolved with its `use` lines
/// followed on disk, its blocks not checked (`hint`, `planar untangle`).
pub fn resolve_source(path: &Path, text: &str) -> (Scene, Vec<Diagnostic>) {
    resolve_file(text, &near(path))
}
