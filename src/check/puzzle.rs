//! Checking a `planar` block: its links must not cross. One diagnostic per
//! crossed link, up to a limit, then one summary (docs/planar.md).

use super::Status;
use crate::diag::Diagnostic;
use crate::planar::crossing::crossing_point;
use crate::planar::recount::Crossings;
use crate::resolve::Puzzle;
use serde::Serialize;
use std::sync::Arc;

/// What checking a `planar` block found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleReport {
    pub name: String,
    pub status: Status,
    pub nodes: usize,
    pub links: usize,
    pub crossings: usize,
}

/// Crossed links listed one by one in a block; beyond them, a summary.
pub const CROSSED_LINKS_SHOWN: usize = 100;

/// Partners named on each crossed link's diagnostic.
const PARTNERS_SHOWN: usize = 3;

/// One diagnostic per crossed link (how many links it crosses, the first
/// few of them with their crossing points as labels), for the first
/// `CROSSED_LINKS_SHOWN` crossed links; beyond them one summary on the
/// block. The report counts every crossing pair. A block without crossings
/// is solved.
pub fn check_puzzle(puzzle: &Puzzle) -> (PuzzleReport, Vec<Diagnostic>) {
    let (report, diagnostics, _) = check_puzzle_after(puzzle, None);
    (report, diagnostics)
}

/// `check_puzzle`, from the count of the block's drawing before an edit
/// (`before`): when a few nodes moved, only their links are tested again
/// (`Crossings::after`). The count made, for the next edit.
pub fn check_puzzle_after(
    puzzle: &Puzzle,
    before: Option<Arc<Crossings>>,
) -> (PuzzleReport, Vec<Diagnostic>, Option<Arc<Crossings>>) {
    let mut report = PuzzleReport {
        name: puzzle.name.clone(),
        status: Status::Unchecked,
        nodes: puzzle.nodes.len(),
        links: puzzle.links.len(),
        crossings: 0,
    };
    if !puzzle.complete {
        return (report, Vec::new(), None);
    }
    let positions = puzzle.positions();
    let mut summary = match before {
        Some(before) => Arc::unwrap_or_clone(before).moved_to(&positions, &puzzle.links),
        None => Crossings::count(&positions, &puzzle.links, PARTNERS_SHOWN),
    };
    report.crossings = summary.pairs;
    report.status = if summary.pairs == 0 {
        Status::Solved
    } else {
        Status::Failed
    };
    let crossed: Vec<usize> = (0..puzzle.links.len())
        .filter(|&link| summary.counts[link] > 0)
        .collect();
    let mut diagnostics: Vec<Diagnostic> = crossed
        .iter()
        .take(CROSSED_LINKS_SHOWN)
        .map(|&link| {
            let count = summary.counts[link];
            let partners = summary.partners(link).to_vec();
            let named: Vec<String> = partners
                .iter()
                .map(|&other| format!("`{}`", puzzle.link_name(other)))
                .collect();
            let more = if count > partners.len() {
                format!(" and {} more", count - partners.len())
            } else {
                String::new()
            };
            let mut diagnostic = Diagnostic::error(
                "E0701",
                puzzle.link_spans[link],
                format!(
                    "link `{}` crosses {} {}: {}{more}",
                    puzzle.link_name(link),
                    count,
                    if count == 1 { "link" } else { "links" },
                    named.join(", ")
                ),
            );
            for &other in &partners {
                let at = crossing_point(&positions, puzzle.links[link], puzzle.links[other]);
                diagnostic = diagnostic.with_label(
                    puzzle.link_spans[other],
                    format!("crosses `{}` at {at}", puzzle.link_name(link)),
                );
            }
            diagnostic.with_help(
                "move a node so that no two links cross; `euc planar untangle` can do it for you",
            )
        })
        .collect();
    if crossed.len() > CROSSED_LINKS_SHOWN {
        diagnostics.push(
            Diagnostic::error(
                "E0702",
                puzzle.header_span,
                format!(
                    "{} of {} links cross ({} crossing pairs); the first {} are listed",
                    crossed.len(),
                    puzzle.links.len(),
                    summary.pairs,
                    CROSSED_LINKS_SHOWN
                ),
            )
            .with_help("`euc check --format json` gives the full count; `euc planar untangle` moves every node"),
        );
    }
    (report, diagnostics, Some(Arc::new(summary)))
}
