//! The one entry point the CLI, the language server and the tests call:
//! text in, tree + scene + block reports + diagnostics out. No I/O: the
//! files `use` lines name are asked of the caller's `Sources`
//! (`imports.rs`).

mod imports;

pub use imports::{LoadError, NoSources, Source, Sources, MOST_USED_BYTES, MOST_USED_FILES};

use crate::check::{
    check_problem, check_puzzle_after, check_tool, BlockReport, PuzzleReport, Status,
};
use crate::diag::Diagnostic;
use crate::parse::{ast::SourceFile, parse};
use crate::planar::recount::Crossings;
use crate::resolve::{resolve_traced, BlockResolution, ResolveOptions, Scene};
use crate::span::{Settle, Shift};
use std::sync::{Arc, Mutex, OnceLock};

/// A document's text, shared by the language server's copy and the
/// analysis of it, and edited in place when no one else holds it.
pub type Text = Arc<String>;

#[derive(Clone, Debug)]
pub struct Analysis {
    /// The text analysed.
    pub text: Text,
    /// Its syntax tree (`Analysis::file`).
    pub(crate) tree: Settling<Tree>,
    /// What it declares (`Analysis::scene`).
    pub(crate) scene: Settling<Scene>,
    /// One per solve block, in file order.
    pub reports: Vec<BlockReport>,
    /// One per planar block, in file order.
    pub puzzle_reports: Vec<PuzzleReport>,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// How the diagnostics were made, stage by stage and block by block:
    /// what `crate::incremental` keeps when an edit touches one block.
    pub(crate) parts: Parts,
    /// After an edit that redid one part of the previous analysis alone.
    pub redone: Option<Redid>,
}

/// The part of a text an edit redid alone (one block, or one node's line
/// of a planar block; `crate::incremental`): nothing that a name outside it
/// means changed, so what is computed per name (semantic tokens) need be
/// computed again for its lines only.
#[derive(Clone, Debug)]
pub struct Redid {
    /// The text before the edit…
    pub before: Text,
    /// …the part's span in it…
    pub old: crate::span::Span,
    /// …and in the text analysed.
    pub new: crate::span::Span,
}

/// The diagnostics of an analysis before they are merged and sorted.
#[derive(Clone, Debug, Default)]
pub(crate) struct Parts {
    /// The options the scene was resolved with.
    pub options: ResolveOptions,
    /// Where the files its `use` lines name were read: an analysis made
    /// again after an edit reads them there too.
    pub sources: SharedSources,
    /// Lexing and parsing.
    pub syntax: Vec<Diagnostic>,
    /// Resolving the top level.
    pub top: Vec<Diagnostic>,
    /// One per block, in file order.
    pub blocks: Vec<BlockParts>,
}

#[derive(Clone, Debug)]
pub(crate) struct BlockParts {
    pub resolution: BlockResolution,
    /// What checking the block's construction or puzzle said.
    pub checked: Vec<Diagnostic>,
    /// A planar block's crossing count, which the check after an edit
    /// that moves a few nodes starts from (`Crossings::after`).
    pub crossings: Option<Arc<Crossings>>,
}

/// The caller's `Sources`, kept with an analysis (none: `NoSources`).
#[derive(Clone)]
pub struct SharedSources(pub Arc<dyn Sources>);

impl Default for SharedSources {
    fn default() -> SharedSources {
        SharedSources(Arc::new(NoSources))
    }
}

impl std::fmt::Debug for SharedSources {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedSources")
    }
}

/// A part of an analysis that settles (moves the spans an edit left to
/// move) when first read, once. After an edit inside one block, the syntax
/// tree after the edit and the scene's spans are left to move: the
/// diagnostics are made without reading them, the language server
/// publishes them first and settles the rest afterwards (docs/design.md,
/// "Analysis after an edit").
pub(crate) struct Settling<T> {
    ready: OnceLock<T>,
    waiting: Mutex<Option<T>>,
}

impl<T: Settle + Default> Settling<T> {
    pub(crate) fn ready(value: T) -> Settling<T> {
        Settling {
            ready: OnceLock::from(value),
            waiting: Mutex::new(None),
        }
    }

    /// `value`, to settle when first read.
    pub(crate) fn waiting(value: T) -> Settling<T> {
        Settling {
            ready: OnceLock::new(),
            waiting: Mutex::new(Some(value)),
        }
    }

    pub(crate) fn get(&self) -> &T {
        self.ready.get_or_init(|| {
            // Either `ready` was set when this was made or `waiting` holds
            // the value, taken once: `get_or_init` runs this once.
            let mut value = self
                .waiting
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .take()
                .unwrap_or_default();
            value.settle();
            value
        })
    }

    pub(crate) fn into_inner(self) -> T {
        self.get();
        self.ready.into_inner().unwrap_or_default()
    }
}

impl<T: Settle + Default + Clone> Clone for Settling<T> {
    fn clone(&self) -> Settling<T> {
        Settling::ready(self.get().clone())
    }
}

impl<T: Settle + Default + std::fmt::Debug> std::fmt::Debug for Settling<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// An analysis's syntax tree, whose items from `first` on may still have
/// to move by `delta` bytes at every offset from `from` on.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    pub file: SourceFile,
    moving: Option<Moving>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Moving {
    first: usize,
    from: usize,
    delta: isize,
}

impl Tree {
    pub(crate) fn new(file: SourceFile) -> Tree {
        Tree { file, moving: None }
    }

    /// `file` with its items from `first` on still to move.
    pub(crate) fn moving(file: SourceFile, first: usize, from: usize, delta: isize) -> Tree {
        let moving =
            (delta != 0 && first < file.items.len()).then_some(Moving { first, from, delta });
        Tree { file, moving }
    }
}

impl Settle for Tree {
    fn settle(&mut self) {
        if let Some(Moving { first, from, delta }) = self.moving.take() {
            for later in &mut self.file.items[first..] {
                Arc::make_mut(later).shift_after(from, delta);
            }
        }
    }
}

impl Analysis {
    /// The syntax tree (moving, on first read after an edit, the spans of
    /// the items after the edit).
    pub fn file(&self) -> &SourceFile {
        &self.tree.get().file
    }

    /// Everything the file declares, resolved and evaluated (moving, on
    /// first read after an edit, the spans after the edit).
    pub fn scene(&self) -> &Scene {
        self.scene.get()
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Mistakes in the input itself (not failing constructions or puzzles).
    pub fn input_errors(&self) -> Vec<Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.is_input_error())
            .cloned()
            .collect()
    }
}

pub fn analyze(text: &str) -> Analysis {
    analyze_with(text, &ResolveOptions::default())
}

/// The largest text analysed: what `euc` reads from a file
/// (`cli::MAX_INPUT`), and the largest document the language server
/// analyses (a 16 MB document took 4.5 s a keystroke, and nothing bounded
/// it).
pub const MOST_BYTES: usize = 2 << 20;

/// What stands for the analysis of a text of `length` bytes, over
/// `MOST_BYTES`: the analysis of nothing, with one diagnostic saying why.
pub fn too_large(length: usize) -> Analysis {
    let mut analysis = analyze("");
    let diagnostic = Diagnostic::error(
        "E0005",
        crate::span::Span::new(0, 0),
        format!(
            "this document is {:.1} MiB: euc analyses at most {} MiB, as `euc check` reads",
            length as f64 / f64::from(1 << 20),
            MOST_BYTES >> 20
        ),
    )
    .with_help("split it into smaller files");
    analysis.parts.syntax.push(diagnostic.clone());
    analysis.diagnostics.push(diagnostic);
    analysis
}

pub fn analyze_with(text: &str, options: &ResolveOptions) -> Analysis {
    analyze_shared_with(Arc::new(text.to_string()), options)
}

/// The analysis of a file's text, its `use` lines read from `sources`
/// (what `euc check` and the other commands do for a file on disk).
pub fn analyze_file(text: &str, sources: Arc<dyn Sources>) -> Analysis {
    analyze_shared_in(
        Arc::new(text.to_string()),
        &ResolveOptions::default(),
        &SharedSources(sources),
    )
}

/// `text` parsed and resolved, the tools of its `use` lines read from
/// `sources`, without checking its blocks (the used files are analysed
/// whole, as `analyze_file` does): the scene and every diagnostic so far,
/// for commands that need no verdict of the blocks.
pub fn resolve_file(text: &str, sources: &dyn Sources) -> (Scene, Vec<Diagnostic>) {
    let (file, mut diagnostics) = parse(text);
    let mut walk = imports::Walk::new(sources);
    let (imported, import_diagnostics) = imports::bring_in(&file, &mut walk, &library_of);
    let (scene, top, blocks) = resolve_traced(&file, &ResolveOptions::default(), &imported);
    diagnostics.extend(top);
    diagnostics.extend(import_diagnostics);
    for block in blocks {
        diagnostics.extend(block.diagnostics);
    }
    (scene, diagnostics)
}

/// An analysis of `text` that reads `use` lines where `like` read them.
pub fn analyze_like(text: &str, like: &Analysis) -> Analysis {
    // The same declarations draw the same drops: taken, not drawn again.
    let options = ResolveOptions {
        reuse: Some(like.scene().survey_cache()),
        ..like.parts.options.clone()
    };
    analyze_shared_in(Arc::new(text.to_string()), &options, &like.parts.sources)
}

/// `analyze` of a shared text, which the analysis keeps without a copy
/// (the language server's way: its document and the analysis hold one
/// text).
pub fn analyze_shared(text: Text) -> Analysis {
    analyze_shared_with(text, &ResolveOptions::default())
}

/// `analyze_shared`, its `use` lines read from `sources` (the language
/// server's way for a document that is a file).
pub fn analyze_shared_from(text: Text, sources: Arc<dyn Sources>) -> Analysis {
    analyze_shared_in(text, &ResolveOptions::default(), &SharedSources(sources))
}

pub(crate) fn analyze_shared_with(text: Text, options: &ResolveOptions) -> Analysis {
    analyze_shared_in(text, options, &SharedSources::default())
}

/// `analyze_shared_with`, reading `use` lines from `sources`.
pub(crate) fn analyze_shared_in(
    text: Text,
    options: &ResolveOptions,
    sources: &SharedSources,
) -> Analysis {
    let (file, syntax) = parse(&text);
    analyze_parsed(text, file, syntax, options, sources)
}

/// Everything after parsing: `file` and `syntax` are the parse of `text`.
pub(crate) fn analyze_parsed(
    text: Text,
    file: SourceFile,
    syntax: Vec<Diagnostic>,
    options: &ResolveOptions,
    sources: &SharedSources,
) -> Analysis {
    let mut walk = imports::Walk::new(sources.0.as_ref());
    let mut analysis = analyze_walking(text, file, syntax, options, &mut walk);
    analysis.parts.sources = sources.clone();
    analysis
}

/// A used file, analysed on its own: its tools and its errors.
fn library_of(text: &str, walk: &mut imports::Walk) -> imports::Library {
    let text: Text = Arc::new(text.to_string());
    let (file, syntax) = parse(&text);
    let analysis = analyze_walking(text, file, syntax, &ResolveOptions::default(), walk);
    imports::Library {
        tools: analysis
            .scene()
            .tools
            .iter()
            .filter(|tool| tool.from.is_none())
            .cloned()
            .collect(),
        errors: imports::located(&analysis.text, &analysis.diagnostics),
    }
}

/// `analyze_parsed`, the files its `use` lines reach walked by `walk`.
fn analyze_walking(
    text: Text,
    file: SourceFile,
    syntax: Vec<Diagnostic>,
    options: &ResolveOptions,
    walk: &mut imports::Walk,
) -> Analysis {
    let (imported, import_diagnostics) = imports::bring_in(&file, walk, &library_of);
    let (scene, mut top, resolutions) = resolve_traced(&file, options, &imported);
    top.extend(import_diagnostics);
    for tool in scene.tools.iter().filter(|tool| tool.from.is_none()) {
        top.extend(check_tool(tool));
    }
    let mut reports = vec![None; scene.problems.len()];
    let mut puzzle_reports = vec![None; scene.puzzles.len()];
    let blocks = resolutions
        .into_iter()
        .map(|resolution| {
            let mut crossings = None;
            let checked = if resolution.is_puzzle {
                let (report, diagnostics, counted) =
                    check_puzzle_after(&scene.puzzles[resolution.index], None);
                puzzle_reports[resolution.index] = Some(report);
                crossings = counted;
                diagnostics
            } else {
                let (report, diagnostics) =
                    check_problem(&scene.problems[resolution.index], || {
                        scene.survey(resolution.index)
                    });
                reports[resolution.index] = Some(report);
                diagnostics
            };
            BlockParts {
                resolution,
                checked,
                crossings,
            }
        })
        .collect();
    let parts = Parts {
        // Kept for the next analysis, without the survey it was given.
        options: ResolveOptions {
            reuse: None,
            ..options.clone()
        },
        sources: SharedSources::default(),
        syntax,
        top,
        blocks,
    };
    assemble(
        text,
        Settling::ready(Tree::new(file)),
        Settling::ready(scene),
        reports.into_iter().flatten().collect(),
        puzzle_reports.into_iter().flatten().collect(),
        parts,
    )
}

/// The analysis from its parts: every diagnostic in the order the stages
/// make them, then sorted by position.
pub(crate) fn assemble(
    text: Text,
    tree: Settling<Tree>,
    scene: Settling<Scene>,
    reports: Vec<BlockReport>,
    puzzle_reports: Vec<PuzzleReport>,
    parts: Parts,
) -> Analysis {
    let mut diagnostics = parts.syntax.clone();
    diagnostics.extend(parts.top.iter().cloned());
    for block in &parts.blocks {
        diagnostics.extend(block.resolution.diagnostics.iter().cloned());
    }
    for is_puzzle in [false, true] {
        for block in &parts.blocks {
            if block.resolution.is_puzzle == is_puzzle {
                diagnostics.extend(block.checked.iter().cloned());
            }
        }
    }
    // A block that could not be checked fails the file: if nothing said
    // why, this does (a CI job must never pass on it; docs/design.md, "Exit
    // codes").
    let unchecked = reports.iter().any(|r| r.status == Status::Unchecked)
        || puzzle_reports.iter().any(|r| r.status == Status::Unchecked);
    if unchecked && !diagnostics.iter().any(Diagnostic::is_error) {
        // Their headers' spans: the scene settles here (seldom).
        let scene = scene.get();
        for (problem, report) in scene.problems.iter().zip(&reports) {
            if report.status == Status::Unchecked {
                diagnostics.push(Diagnostic::error(
                    "E0302",
                    problem.header_span,
                    format!("`{}` could not be checked", problem.name),
                ));
            }
        }
        for (puzzle, report) in scene.puzzles.iter().zip(&puzzle_reports) {
            if report.status == Status::Unchecked {
                diagnostics.push(Diagnostic::error(
                    "E0302",
                    puzzle.header_span,
                    format!("planar `{}` could not be checked", puzzle.name),
                ));
            }
        }
    }
    diagnostics.sort_by_key(|diagnostic| (diagnostic.span.start, diagnostic.span.end));
    Analysis {
        text,
        tree,
        scene,
        reports,
        puzzle_reports,
        diagnostics,
        parts,
        redone: None,
    }
}

/// The solver's answer for block `index` of `analysis` (the analysis of
/// `text`) as the lines to put in the block — if `check` accepts them there.
/// The solver's replay and the checker agree wherever the figure's numbers
/// hold; where they run out (coordinates near the largest float, scales
/// 10^10 apart), the filled file is the judge (docs/solver.md, "Answers are
/// checked"). Err: why the answer was refused.
pub fn checked_answer(
    text: &str,
    analysis: &Analysis,
    index: usize,
    construction: &crate::solve::construction::Construction,
) -> Result<Vec<String>, String> {
    let scene = analysis.scene();
    let problem = &scene.problems[index];
    let lines = crate::edit::construction_to_lines(scene, problem, construction);
    checked_steps(text, analysis, index, &lines)
        .map(|()| lines)
        .map_err(|why| {
            format!(
                "out of the range this search can decide: the answer it found ({}) fails the check ({why})",
                construction.describe_count(!problem.tools.is_empty())
            )
        })
}

/// Whether `lines` put in block `index` of `analysis` (the analysis of
/// `text`) are that block's steps, one a line, and pass `check` there. For
/// answers from outside the search too (`euc solve --merge` reads them
/// from shard results), so text that would close the block and add another
/// (`c1 = circle(A, B)\n}\nsolve evil {…`) is refused rather than written.
/// Err: why not, in words.
pub fn checked_steps(
    text: &str,
    analysis: &Analysis,
    index: usize,
    lines: &[String],
) -> Result<(), String> {
    let scene = analysis.scene();
    let problem = &scene.problems[index];
    if let Some(line) = lines.iter().find(|line| line.contains(['\n', '\r'])) {
        return Err(format!("a step is more than one line: {line:?}"));
    }
    let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
    let edits = crate::edit::fill_block(text, problem, &spans, lines);
    let filled_text = crate::edit::apply_edits(text, &edits);
    let filled = analyze_like(&filled_text, analysis);
    // The steps stay inside the block: it ends where it ended, moved by what
    // was put in, and the file has the blocks it had.
    let grown = filled_text.len() as isize - text.len() as isize;
    let names = |analysis: &Analysis| -> Vec<String> {
        let scene = analysis.scene();
        scene
            .problems
            .iter()
            .map(|problem| problem.name.clone())
            .chain(scene.puzzles.iter().map(|puzzle| puzzle.name.clone()))
            .collect()
    };
    let same_block = filled.scene().problems.get(index).is_some_and(|block| {
        block.span.start == problem.span.start
            && block.span.end as isize == problem.span.end as isize + grown
            && block.steps.len() == lines.len()
    });
    if !same_block || names(&filled) != names(analysis) {
        return Err(format!(
            "the lines are not steps of block `{}`, one a line",
            problem.name
        ));
    }
    if filled.reports[index].status == Status::Solved {
        return Ok(());
    }
    Err(filled
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .map_or_else(
            || "the goals are not reached".to_string(),
            |d| d.message.clone(),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps from outside the search (a shard's result) are written only
    /// as steps of their own block that pass the check: a claimed step that
    /// closed the block and opened another was once merged as it was.
    #[test]
    fn only_steps_of_the_block_that_pass_are_accepted() {
        let text =
            "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n}\n";
        let analysis = analyze(text);
        let check = |lines: &[&str]| {
            let lines: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
            checked_steps(text, &analysis, 0, &lines)
        };
        assert_eq!(
            check(&["c1 = circle(A, B)", "c2 = circle(B, A)", "C, _ = c1 & c2"]),
            Ok(())
        );
        let evil = "c1 = circle(A, B)\n}\nsolve evil {\n  goal D = A\n  D = A";
        assert!(check(&[evil]).unwrap_err().contains("more than one line"));
        for outside in [
            "c1 = circle(A, B) } solve evil { goal D = midpoint(A, B)",
            "c1 = circle(A, B) }",
            "}",
            "",
        ] {
            let refused = check(&[outside]).unwrap_err();
            assert!(
                refused.contains("not steps of block `s`"),
                "{outside}: {refused}"
            );
        }
        let refused = check(&["c1 = circle(A, B)"]).unwrap_err();
        assert!(refused.contains("not reached"), "{refused}");
    }

    /// A tree left to move moves when first read, once, and a copy of it
    /// is the moved tree.
    #[test]
    fn a_tree_left_to_move_moves_once_when_read() {
        // `let a = 1` became `let a = 12`: what follows moves by one.
        let (file, _) = parse("let a = 1\nlet b = a\nlet c = b\n");
        let (moved, _) = parse("let a = 12\nlet b = a\nlet c = b\n");
        let mut before_edit = file.clone();
        before_edit.items[0] = moved.items[0].clone();
        let tree = Settling::waiting(Tree::moving(before_edit, 1, 9, 1));
        assert_eq!(tree.get().file, moved);
        assert_eq!(tree.get().file, moved);
        assert_eq!(tree.clone().into_inner().file, moved);
        let unmoved = Settling::waiting(Tree::moving(file.clone(), 1, 9, 0));
        assert_eq!(unmoved.get().file, file);
    }
}
