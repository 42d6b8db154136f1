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
    let mut seen: Vec<&UseLine> = Vec::new();
    for item in &file.items {
        let ItemKind::Use(line) = &item.kind else {
            continue;
        };
        // The same line twice is one mistake, not one per tool.
        if let Some(first) = seen.iter().find(|first| first.path == line.path) {
            diagnostics.push(
                Diagnostic::error(
                    "E0802",
                    line.path_span,
                    format!("`{}` is brought in twice", line.path),
                )
                .with_label(first.path_span, "brought in here first")
                .with_help("remove this line".to_string()),
            );
            continue;
        }
        seen.push(line);
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
    if !line.standard && !path.ends_with(".euc") {
        let standard = matches!(path.as_str(), "std" | "lib/std");
        let diagnostic = error(
            "E0811",
            format!("`{path}` is not a `.euc` file"),
            "`use` brings in the tools of another euc file: `use \"lib/triangles.euc\"`; \
             the standard library is `use std`, without quotes",
        );
        return Err(if standard {
            Box::new(diagnostic.with_fix("Write `use std`", at, "std"))
        } else {
            diagnostic
        });
    }
    let from = walk.open.last().and_then(|(id, _)| id.clone());
    let source = if line.standard {
        standard_library()
    } else {
        walk.sources.load(from.as_deref(), path).map_err(|why| {
            error(
                "E0811",
                unreadable(path, &why),
                "paths are relative to the file whose `use` line names them",
            )
        })?
    };
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

/// The standard library's text (`lib/std.euc`, built into euc), and its
/// id.
pub const STANDARD_LIBRARY: &str = include_str!("../../lib/std.euc");
pub const STANDARD_ID: &str = "euc:std";

/// `use std`: the standard library, read from inside euc
/// (docs/library.md), so every file finds it without a path.
fn standard_library() -> Source {
    Source {
        id: STANDARD_ID.to_string(),
        text: STANDARD_LIBRARY.to_string(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, analyze_file, Analysis};

    /// Files by path from the root folder (`main.euc` is the text
    /// analysed).
    struct Files {
        files: Vec<(String, String)>,
    }

    /// `folder/../a.euc` → `a.euc`.
    fn normal(path: &str) -> String {
        let mut parts: Vec<&str> = Vec::new();
        for part in path.split('/') {
            match part {
                "." | "" => {}
                ".." => {
                    parts.pop();
                }
                part => parts.push(part),
            }
        }
        parts.join("/")
    }

    impl Sources for Files {
        fn root(&self) -> Option<String> {
            Some("main.euc".to_string())
        }

        fn load(&self, from: Option<&str>, path: &str) -> Result<Source, LoadError> {
            let from = from.unwrap_or("main.euc");
            let folder = from.rsplit_once('/').map_or("", |(folder, _)| folder);
            let id = normal(&format!("{folder}/{path}"));
            self.files
                .iter()
                .find(|(name, _)| *name == id)
                .map(|(_, text)| Source {
                    id: id.clone(),
                    text: text.clone(),
                })
                .ok_or(LoadError::Missing(id))
        }
    }

    fn files(files: &[(&str, &str)]) -> Arc<Files> {
        Arc::new(Files {
            files: files
                .iter()
                .map(|(name, text)| (name.to_string(), text.to_string()))
                .collect(),
        })
    }

    fn errors(analysis: &Analysis) -> Vec<String> {
        analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{} {}", d.code, d.message))
            .collect()
    }

    const FOOT: &str = "tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n";
    const USES_FOOT: &str = "use \"lib/feet.euc\"\npoint A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n\
        solve s {\n  tools foot\n  goal G = project(X, line(A, B))\n  ab = line(A, B)\n  G = foot(X, ab)\n}\n";

    #[test]
    fn a_used_file_s_tools_are_brought_in() {
        let sources = files(&[("lib/feet.euc", FOOT)]);
        let analysis = analyze_file(USES_FOOT, sources);
        assert_eq!(errors(&analysis), Vec::<String>::new());
        let foot = &analysis.scene().tools[0];
        assert_eq!(foot.from.as_deref(), Some("lib/feet.euc"));
        assert_eq!(analysis.reports[0].moves, 4);
        // Not read from a file: the `use` line cannot be followed.
        let alone = analyze(USES_FOOT);
        assert!(errors(&alone)[0].starts_with("E0811 `lib/feet.euc` cannot be read here"));
    }

    #[test]
    fn a_file_used_twice_brings_its_tools_in_once() {
        // `lib/b.euc` uses `lib/feet.euc` itself; `main.euc` uses both.
        let b = "use \"feet.euc\"\ntool mirror(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> Q {\n  F = foot(P, l)\n  c = circle(F, P)\n  m = line(P, F)\n  Q = other(m, c, P)\n}\n";
        let main = format!("use \"lib/b.euc\"\n{USES_FOOT}");
        let main = main.replacen(
            "  G = foot(X, ab)",
            "  G = foot(X, ab)\n  Y = mirror(X, ab)",
            1,
        );
        let main = main.replacen("tools foot", "tools foot mirror", 1);
        let sources = files(&[("lib/feet.euc", FOOT), ("lib/b.euc", b)]);
        let analysis = analyze_file(&main, sources);
        assert_eq!(errors(&analysis), Vec::<String>::new());
        // `b.euc` brings in its own tools, not those it uses.
        let names: Vec<&str> = analysis
            .scene()
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(names, ["mirror", "foot"]);
        assert_eq!(analysis.reports[0].moves, 4 + 5);
    }

    #[test]
    fn a_cycle_through_three_files_is_named_where_it_starts() {
        let sources = files(&[
            ("a.euc", "use \"b.euc\"\n"),
            ("b.euc", "use \"main.euc\"\n"),
            ("main.euc", "use \"a.euc\"\n"),
        ]);
        let analysis = analyze_file("use \"a.euc\"\n", sources);
        assert_eq!(
            errors(&analysis),
            ["E0812 a cycle of `use` lines: this file → `a.euc` → `b.euc` → `main.euc`, which is where it started"]
        );
    }

    #[test]
    fn files_over_the_limits_are_refused_at_their_use_line() {
        let large = format!("// {}\n", "x".repeat(MOST_BYTES));
        let analysis = analyze_file("use \"large.euc\"\n", files(&[("large.euc", &large)]));
        assert_eq!(
            errors(&analysis),
            ["E0811 `large.euc` is 2.0 MiB: euc reads files of at most 2 MiB"]
        );
        let names: Vec<String> = (0..=MOST_USED_FILES).map(|n| format!("f{n}.euc")).collect();
        let many: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), "")).collect();
        let main: String = names
            .iter()
            .map(|name| format!("use \"{name}\"\n"))
            .collect();
        let analysis = analyze_file(&main, files(&many));
        let found = errors(&analysis);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("E0811 `f64.euc` is one file too many"),
            "{found:?}"
        );
        // Bytes together: five files of 1.9 MiB.
        let big = format!("// {}\n", "x".repeat(MOST_BYTES - 100_000));
        let names: Vec<String> = (0..5).map(|n| format!("b{n}.euc")).collect();
        let big_files: Vec<(&str, &str)> = names
            .iter()
            .map(|name| (name.as_str(), big.as_str()))
            .collect();
        let main: String = names
            .iter()
            .map(|name| format!("use \"{name}\"\n"))
            .collect();
        let found = errors(&analyze_file(&main, files(&big_files)));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("E0811 `b4.euc` is one file too many"),
            "{found:?}"
        );
    }
}
