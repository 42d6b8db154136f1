//! Code lenses: a line above each block with what its check found and what
//! can be done with it.

use crate::analysis::Analysis;
use crate::check::{BlockReport, PuzzleReport, Status};
use crate::parse::ast::ItemKind;
use crate::resolve::{Problem, Puzzle};
use crate::span::Span;

/// What clicking a lens does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LensAction {
    /// Nothing: the lens only tells.
    None,
    FindConstruction {
        block: String,
    },
    ShowPicture {
        block: String,
    },
    /// The picture on the instance the construction fails on (E0403,
    /// E0406, W0005).
    ShowFailingInstance {
        block: String,
    },
    Untangle {
        block: String,
    },
    Play {
        block: String,
    },
    /// The construction board of a solve block.
    PlayConstruction {
        block: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lens {
    /// The block's header: where the lens goes.
    pub span: Span,
    pub title: String,
    pub action: LensAction,
}

pub fn code_lenses(analysis: &Analysis) -> Vec<Lens> {
    let mut lenses = Vec::new();
    let has_input_errors = analysis.diagnostics.iter().any(|d| d.is_input_error());
    let (mut solve, mut planar) = (0, 0);
    for item in &analysis.file().items {
        match &item.kind {
            ItemKind::Solve(_) => {
                if let (Some(problem), Some(report)) = (
                    analysis.scene().problems.get(solve),
                    analysis.reports.get(solve),
                ) {
                    solve_lenses(problem, report, has_input_errors, &mut lenses);
                    if !has_input_errors && fails_elsewhere(analysis, problem, None) {
                        lenses.push(Lens {
                            span: problem.header_span,
                            title: "Show where it fails".to_string(),
                            action: LensAction::ShowFailingInstance {
                                block: problem.name.clone(),
                            },
                        });
                    }
                }
                solve += 1;
            }
            ItemKind::Planar(_) => {
                if let (Some(puzzle), Some(report)) = (
                    analysis.scene().puzzles.get(planar),
                    analysis.puzzle_reports.get(planar),
                ) {
                    planar_lenses(puzzle, report, has_input_errors, &mut lenses);
                }
                planar += 1;
            }
            _ => {}
        }
    }
    lenses
}

/// The codes of a construction that works as declared but fails on a
/// moved instance or a drop: what "Show where it fails" shows, in the
/// editor's picture and on the board.
pub const FAILS_ELSEWHERE: [&str; 3] = ["E0403", "E0406", "W0005"];

/// Whether the block's construction works as declared but fails on a
/// moved instance or a drop (E0403, E0406, W0005); with `near`, only a
/// diagnostic whose span or a label touches it counts (a quick fix there).
pub fn fails_elsewhere(analysis: &Analysis, problem: &Problem, near: Option<Span>) -> bool {
    let touches =
        |span: Span| near.is_none_or(|near| span.start <= near.end && near.start <= span.end);
    analysis.diagnostics.iter().any(|diagnostic| {
        FAILS_ELSEWHERE.contains(&diagnostic.code)
            && problem.span.contains(diagnostic.span.start)
            && (touches(diagnostic.span)
                || diagnostic.labels.iter().any(|label| touches(label.span)))
    })
}

/// A solve block's lenses: its status, Find construction, the picture and
/// the board.
fn solve_lenses(
    problem: &Problem,
    report: &BlockReport,
    has_input_errors: bool,
    lenses: &mut Vec<Lens>,
) {
    let lens = |title: String, action| Lens {
        span: problem.header_span,
        title,
        action,
    };
    let block = problem.name.clone();
    let count = crate::solve::construction::describe_count(
        report.tool_uses,
        report.moves,
        report.uses_tools,
    );
    let status = if has_input_errors {
        Status::Unchecked
    } else {
        report.status
    };
    let (status_text, find) = match status {
        Status::Solved => (
            format!(
                "{count} ✓ on {} instances{}",
                report.instances,
                report
                    .stars
                    .map_or(String::new(), |stars| format!(", {}", stars.describe()))
            ),
            "Find a shorter construction",
        ),
        Status::Unsolved => ("no construction yet".to_string(), "Find construction"),
        Status::Failed => (
            format!("{count} ✗ the construction fails"),
            "Find construction",
        ),
        Status::Unchecked => ("not checked: fix the errors first".to_string(), ""),
    };
    lenses.push(lens(status_text, LensAction::None));
    if !find.is_empty() {
        lenses.push(lens(
            find.to_string(),
            LensAction::FindConstruction {
                block: block.clone(),
            },
        ));
    }
    if status != Status::Unchecked {
        lenses.push(lens(
            "Show picture".to_string(),
            LensAction::ShowPicture {
                block: block.clone(),
            },
        ));
        lenses.push(lens(
            "Play".to_string(),
            LensAction::PlayConstruction { block },
        ));
    }
}

/// A planar block's lenses: its crossings, Untangle and the board.
fn planar_lenses(
    puzzle: &Puzzle,
    report: &PuzzleReport,
    has_input_errors: bool,
    lenses: &mut Vec<Lens>,
) {
    let lens = |title: String, action| Lens {
        span: puzzle.header_span,
        title,
        action,
    };
    let block = puzzle.name.clone();
    let status = match report.status {
        Status::Solved => format!("solved ✓ · {} nodes", report.nodes),
        Status::Failed => format!(
            "{} crossing{} · {} nodes",
            report.crossings,
            if report.crossings == 1 { "" } else { "s" },
            report.nodes
        ),
        _ => "not checked: fix the errors first".to_string(),
    };
    lenses.push(lens(status, LensAction::None));
    if report.status == Status::Failed && !has_input_errors {
        lenses.push(lens(
            "Untangle".to_string(),
            LensAction::Untangle {
                block: block.clone(),
            },
        ));
    }
    if matches!(report.status, Status::Solved | Status::Failed) {
        lenses.push(lens("Play".to_string(), LensAction::Play { block }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn titles(text: &str) -> Vec<String> {
        code_lenses(&analyze(text))
            .into_iter()
            .map(|lens| lens.title)
            .collect()
    }

    #[test]
    fn each_block_says_what_its_check_found() {
        let solved = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\n";
        assert_eq!(
            titles(solved),
            [
                "2 moves ✓ on 5 instances",
                "Find a shorter construction",
                "Show picture",
                "Play"
            ]
        );
        let unsolved =
            "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal M = midpoint(A, B)\n}\n";
        assert_eq!(
            titles(unsolved),
            [
                "no construction yet",
                "Find construction",
                "Show picture",
                "Play"
            ]
        );
        let broken = "point A = (0, 0)\nsolve s {\n  goal M = midpoint(A, Nowhere)\n}\n";
        assert_eq!(titles(broken), ["not checked: fix the errors first"]);
        let tangled = "planar p {\n  node a = (0, 0)\n  node b = (1, 1)\n  node c = (1, 0)\n  node d = (0, 1)\n  edge a - b, c - d\n}\n";
        assert_eq!(
            titles(tangled),
            ["1 crossing · 4 nodes", "Untangle", "Play"]
        );
    }
}
