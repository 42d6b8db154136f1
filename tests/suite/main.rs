//! The one integration test binary: examples, one-mistake fixtures, the real
//! binary, and never-panic properties.

// Tests and benchmarks may unwrap (a failure is the report) and run long
// scripted scenarios; the library and the binary may do neither.
#![allow(clippy::unwrap_used, clippy::too_many_lines)]

mod board_http;
mod cli;
mod dropped;
mod examples;
mod format;
mod grammar;
mod hint;
mod house;
mod ide;
mod incremental;
mod lsp;
mod lsp_client;
mod lsp_in_process;
mod lsp_tools;
mod mistakes;
mod never_panic;
mod planar;
mod play_http;
mod purity;
mod render;
mod solver;
mod writes;

use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn example_files() -> Vec<PathBuf> {
    let mut files = euc_files(&root().join("examples"));
    files.extend(euc_files(&root().join("examples/euclidea")));
    // Libraries of tools, which examples bring in with `use`.
    files.extend(euc_files(&root().join("examples/lib")));
    // Snapshots are named by file stem: two examples may not share one.
    let mut stems: Vec<_> = files.iter().filter_map(|path| path.file_stem()).collect();
    stems.sort();
    let before = stems.len();
    stems.dedup();
    assert_eq!(before, stems.len(), "two examples share a file name");
    files
}

/// The `.euc` files of one folder, sorted.
pub fn euc_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", folder.display()))
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "euc"))
        .collect();
    files.sort();
    files
}

/// The analysis of a file on disk, its `use` lines followed as `euc check`
/// follows them.
pub fn analyze_path(path: &Path) -> euc::analysis::Analysis {
    euc::cli::sources::analyze_source(path, &read(path))
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// Diagnostics as a person reads them: the ariadne report without colour,
/// then one line per diagnostic with its code, severity and byte span.
pub fn render(name: &str, text: &str, diagnostics: &[euc::diag::Diagnostic]) -> String {
    let mut out = euc::cli::report::render_diagnostics(name, text, diagnostics, false);
    out.push_str("---\n");
    for diagnostic in diagnostics {
        out.push_str(&format!(
            "{} {:?} {}..{}: {}\n",
            diagnostic.code,
            diagnostic.severity,
            diagnostic.span.start,
            diagnostic.span.end,
            diagnostic.message
        ));
        for fix in &diagnostic.fixes {
            out.push_str(&format!(
                "  fix {:?}: {}..{} -> {:?}\n",
                fix.title, fix.span.start, fix.span.end, fix.replacement
            ));
        }
    }
    out
}
