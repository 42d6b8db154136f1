//! The one entry point the CLI, the language server and the tests call:
//! text in, tree + scene + block reports + diagnostics out. No I/O.

use crate::check::{check_problem, check_puzzle, BlockReport, PuzzleReport, Status};
use crate::diag::Diagnostic;
use crate::parse::{ast::SourceFile, parse};
use crate::resolve::{resolve, ResolveOptions, Scene};

#[derive(Clone, Debug)]
pub struct Analysis {
    /// The text analysed.
    pub text: String,
    pub file: SourceFile,
    pub scene: Scene,
    /// One per solve block, in file order.
    pub reports: Vec<BlockReport>,
    /// One per planar block, in file order.
    pub puzzle_reports: Vec<PuzzleReport>,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Analysis {
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

pub fn analyze_with(text: &str, options: &ResolveOptions) -> Analysis {
    let (file, mut diagnostics) = parse(text);
    let (scene, resolve_diagnostics) = resolve(&file, options);
    diagnostics.extend(resolve_diagnostics);
    let mut reports = Vec::new();
    for problem in &scene.problems {
        let (report, check_diagnostics) = check_problem(problem);
        reports.push(report);
        diagnostics.extend(check_diagnostics);
    }
    let mut puzzle_reports = Vec::new();
    for puzzle in &scene.puzzles {
        let (report, check_diagnostics) = check_puzzle(puzzle);
        puzzle_reports.push(report);
        diagnostics.extend(check_diagnostics);
    }
    // A block that could not be checked fails the file: if nothing said
    // why, this does (a CI job must never pass on it; docs/design.md, "Exit
    // codes").
    if !diagnostics.iter().any(Diagnostic::is_error) {
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
        text: text.to_string(),
        file,
        scene,
        reports,
        puzzle_reports,
        diagnostics,
    }
}
