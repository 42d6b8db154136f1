//! `use "lib/triangles.euc"`: the files a text's `use` lines name, asked of
//! the edge (`Sources`: the core reads no file), each analysed on its own
//! once, and the tools each defines brought in; the limits on what is read,
//! cycles of `use` lines, and a used file's own errors, each reported at
//! the `use` line (docs/language.md, "Tools from other files").

use crate::analysis::MOST_BYTES;
use crate::diag::Diagnostic;
use crate::parse::ast::{ItemKind, SourceFile, UseLine};
use crate::resolve::{ImportedTool, UserTool};
use crate::span::LineIndex;
use std::collections::HashMap;
use std::sync::Arc;

/// Where the files `use` lines name come from: the command line reads them
/// from disk, a test from a map. Paths are as a `use` line writes them,
/// relative to the file that writes it.
pub trait Sources: Send + Sync {
    /// The file `path` names, written in the file `from` (an id `load` gave,
    /// or `None`: the text analysed).
    fn load(&self, from: Option<&str>, path: &str) -> Result<Source, LoadError>;

    /// The id of the text analysed, when it is a file (a file that uses
    /// itself is found by it).
    fn root(&self) -> Option<String> {
        None
    }
}

/// A file read for a `use` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// The same for every path that names this file (a canonical path):
    /// what cycles are found by and what is read once.
    pub id: String,
    pub text: String,
}

/// Why a `use` line's file cannot be read; the message is the core's.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// No file there (with where it was looked for).
    Missing(String),
    Directory,
    /// Larger than `MOST_BYTES`, with its size in bytes (the edge need not
    /// read it to know).
    TooLarge(u64),
    Unreadable(String),
    /// The text analysed was not read from a file (an editor's buffer
    /// before the server reads imports): there is nothing to be relative to.
    NoFiles,
}

/// No files at all: every `use` line is `LoadError::NoFiles`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSources;

impl Sources for NoSources {
    fn load(&self, _: Option<&str>, _: &str) -> Result<Source, LoadError> {
        Err(LoadError::NoFiles)
    }
}

/// The most the files a text uses, through any number of `use` lines, may
/// hold together: four files of the largest size a file may have.
pub const MOST_USED_BYTES: usize = 4 * MOST_BYTES;

/// The most files a text may use, through any number of `use` lines.
pub const MOST_USED_FILES: usize = 64;

/// What the analysis of a used file gives its user: its own tools, and its
/// errors (each with where, `line:column`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Library {
    pub tools: Vec<Arc<UserTool>>,
    pub errors: Vec<(String, String)>,
}

/// One analysis's walk through the files its `use` lines reach.
pub(crate) struct Walk<'a> {
    sources: &'a dyn Sources,
    /// The files being analysed, outermost first: their ids (the text
    /// analysed has its root id, or none) and how they were named.
    open: Vec<(Option<String>, String)>,
    bytes: usize,
    files: usize,
    /// Each file analysed already, by id: read once per analysis.
    done: HashMap<String, Arc<Library>>,
    /// Cycles found and not reported yet: the depth in `open` of the file
    /// the cycle returns to, and the chain of paths.
    cycles: Vec<(usize, String)>,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(sources: &'a dyn Sources) -> Walk<'a> {
        Walk {
            open: vec![(sources.root(), "this file".to_string())],
            sources,
            bytes: 0,
            files: 0,
            done: HashMap::new(),
            cycles: Vec::new(),
        }
    }
}

/// How a used file is analysed (`analysis` passes its own analysis: this
/// file does not name it back).
pub(crate) type Analyse<'f> = dyn Fn(&str, &mut Walk) -> Library + 'f;

/// The tools `file`'s `use` lines bring in, and what is wrong with them,
/// at the `use` lines. `walk` is at `file` (its last open file).
pub(crate) fn bring_in(
    file: &SourceFile,
    walk: &mut Walk,
    analyse: &Analyse,
) -> (Vec<ImportedTool>, Vec<Diagnostic>) {
    let mut tools = Vec::new();
    let mut diagnostics = Vec::new();
    for item in &file.items {
        let ItemKind::Use(line) = &item.kind else {
            continue;
        };
        match library(line, walk, analyse) {
            Ok(library) => {
                if let Some(diagnostic) = errors_in(line, &library) {
                    diagnostics.push(diagnostic);
                }
                tools.extend(library.tools.iter().map(|tool| ImportedTool {
                    tool: Arc::new(UserTool {
                        from: Some(line.path.clone()),
                        ..UserTool::clone(tool)
                    }),
                    span: line.path_span,
                }));
            }
            Err(diagnostic) => diagnostics.push(*diagnostic),
        }
    }
    (tools, diagnostics)
}

/// The library a `use` line names, analysed (or found analysed); Err: why
/// it cannot be, said at the line.
fn library(
    line: &UseLine,
    walk: &mut Walk,
    analyse: &Analyse,
) -> Result<Arc<Library>, Box<Diagnostic>> {
    let at = line.path_span;
    let path = &line.path;
    let error = |code: &'static str, message: String, help: &str| {
        Box::new(Diagnostic::error(code, at, message).with_help(help.to_string()))
    };
    if !path.ends_with(".euc") {
        return Err(error(
            "E0811",
            format!("`{path}` is not a `.euc` file"),
            "`use` brings in the tools of another euc file: `use \"lib/triangles.euc\"`",
        ));
    }
    let from = walk.open.last().and_then(|(id, _)| id.clone());
    let source = walk.sources.load(from.as_deref(), path).map_err(|why| {
        error(
            "E0811",
            unreadable(path, &why),
            "paths are relative to the file whose `use` line names them",
        )
    })?;
    let open = walk
        .open
        .iter()
        .position(|(id, _)| id.as_deref() == Some(source.id.as_str()));
    if open == Some(walk.open.len() - 1) {
        return Err(error(
            "E0812",
            format!("`{path}` is the file that uses it: a file's own tools need no `use`"),
            "remove the line",
        ));
    }
    if let Some(depth) = open {
        let mut chain: Vec<String> = walk.open[depth..]
            .iter()
            .map(|(_, shown)| shown.clone())
            .collect();
        chain.push(format!("`{path}`"));
        walk.cycles.push((depth, chain.join(" → ")));
        return Ok(Arc::default());
    }
    if let Some(done) = walk.done.get(&source.id) {
        return Ok(done.clone());
    }
    if source.text.len() > MOST_BYTES {
        return Err(error(
            "E0811",
            unreadable(path, &LoadError::TooLarge(source.text.len() as u64)),
            "split the file",
        ));
    }
    walk.bytes += source.text.len();
    walk.files += 1;
    if walk.bytes > MOST_USED_BYTES || walk.files > MOST_USED_FILES {
        return Err(error(
            "E0811",
            format!(
                "`{path}` is one file too many: the files a file uses, through any number of `use` lines, are at most {MOST_USED_FILES} and {} MiB together",
                MOST_USED_BYTES >> 20
            ),
            "use fewer or smaller files",
        ));
    }
    walk.open
        .push((Some(source.id.clone()), format!("`{path}`")));
    let depth = walk.open.len() - 1;
    let library = Arc::new(analyse(&source.text, walk));
    walk.open.pop();
    let (closing, others): (Vec<_>, Vec<_>) = walk
        .cycles
        .drain(..)
        .partition(|(back_to, _)| *back_to == depth - 1);
    walk.cycles = others;
    if let Some((_, chain)) = closing.first() {
        return Err(error(
            "E0812",
            format!("a cycle of `use` lines: {chain}, which is where it started"),
            "files cannot use each other's tools both ways: move the shared tools to a file both use",
        ));
    }
    if walk.cycles.is_empty() {
        walk.done.insert(source.id, library.clone());
    }
    Ok(library)
}

/// E0813: the used file's errors, the first of them quoted.
fn errors_in(line: &UseLine, library: &Library) -> Option<Diagnostic> {
    let (at, first) = library.errors.first()?;
    let count = library.errors.len();
    Some(
        Diagnostic::error(
            "E0813",
            line.path_span,
            format!(
                "`{}` has {count} error{}; the first, at {at}: {first}",
                line.path,
                if count == 1 { "" } else { "s" }
            ),
        )
        .with_help(format!(
            "run `euc check` on `{}` and fix it there",
            line.path
        )),
    )
}

/// The errors of an analysed file, each with where (`line:column`).
pub(crate) fn located(text: &str, errors: &[Diagnostic]) -> Vec<(String, String)> {
    let index = LineIndex::new(text);
    errors
        .iter()
        .filter(|diagnostic| diagnostic.is_error())
        .map(|diagnostic| {
            let position = index.position(text, diagnostic.span.start);
            (
                format!("{}:{}", position.line + 1, position.column + 1),
                diagnostic.message.clone(),
            )
        })
        .collect()
}

/// Why a file cannot be read, in words.
fn unreadable(path: &str, why: &LoadError) -> String {
    match why {
        LoadError::Missing(looked) => format!("cannot find `{path}` (no file at {looked})"),
        LoadError::Directory => format!("`{path}` is a directory, not a file"),
        LoadError::TooLarge(size) => format!(
            "`{path}` is {:.1} MiB: euc reads files of at most {} MiB",
            *size as f64 / f64::from(1 << 20),
            MOST_BYTES >> 20
        ),
        LoadError::Unreadable(reason) => format!("cannot read `{path}`: {reason}"),
        LoadError::NoFiles => format!(
            "`{path}` cannot be read here: this text was not read from a file, so its `use` lines are not followed"
        ),
    }
}
