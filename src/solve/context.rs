//! What every node of one search round shares: the problem, its mask and
//! length, the techniques in force, the budget and the shared counters.

use super::budget::Budget;
use super::mask::{kinds_at, Draw};
use super::options::Techniques;
use crate::parse::ast::MaskToken;
use crate::resolve::Problem;
use std::sync::atomic::{AtomicBool, AtomicU64};

pub(super) struct Context<'a> {
    pub(super) techniques: Techniques,
    pub(super) problem: &'a Problem,
    pub(super) mask: &'a [MaskToken],
    pub(super) length: usize,
    pub(super) budget: &'a dyn Budget,
    pub(super) total: &'a AtomicU64,
    /// Set when one worker stops: the others stop at their next check.
    pub(super) halt: &'a AtomicBool,
    /// Whether the mask allows lines (circles) anywhere.
    pub(super) any_lines: bool,
    pub(super) any_circles: bool,
    /// The E moves a construction must cost exactly (the E count with
    /// L-tools, docs/language.md "The L-tools"; cheaper ones were searched
    /// before); `None`: any.
    pub(super) cost_limit: Option<usize>,
    /// Whether the block's L-tools are moves here.
    pub(super) tools: bool,
    /// The quick search for a first answer: only this many children of
    /// each node, in the search's order (docs/solver.md, "An answer at
    /// once"); `None`: all.
    pub(super) beam: Option<usize>,
}

impl<'a> Context<'a> {
    pub(super) fn new(
        problem: &'a Problem,
        techniques: Techniques,
        length: usize,
        budget: &'a dyn Budget,
        total: &'a AtomicU64,
        halt: &'a AtomicBool,
    ) -> Self {
        let mask = &problem.mask;
        let allows = |draw| {
            (0..length).any(|index| {
                let (lines, circles, _) = kinds_at(mask, index, length);
                match draw {
                    Draw::Line => lines,
                    Draw::Circle => circles,
                    Draw::Tool(_) => false,
                }
            })
        };
        Context {
            techniques,
            problem,
            mask,
            length,
            budget,
            total,
            halt,
            any_lines: allows(Draw::Line),
            any_circles: allows(Draw::Circle),
            cost_limit: None,
            tools: false,
            beam: None,
        }
    }

    /// Partial-order reduction, unless `ignore min` is set: which points
    /// survive that limit depends on the order objects are drawn in, so
    /// every order must be tried (docs/solver.md, "Soundness").
    pub(super) fn reorder(&self) -> bool {
        self.techniques.merge_reorderings && self.problem.limits.min.is_none()
    }

    /// The no-idle-object bound, unless `ignore min` is set (leaving an
    /// object out can let a point survive that hides a later one).
    pub(super) fn idle_objects(&self) -> bool {
        self.techniques.goal_pruning
            && self.techniques.idle_objects
            && self.problem.limits.min.is_none()
    }
}
