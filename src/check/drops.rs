//! Where a construction with dropped points works: the share of the
//! surveyed drops (docs/language.md, "Where a construction works"), and
//! where the dropped points fell for a message.

use super::{assignments, failure_elsewhere};
use crate::diag::Diagnostic;
use crate::resolve::{Instance, Origin, Problem, StepOp, Value};
use crate::solve::replay_steps;
use serde::Serialize;

/// The share of drops where a construction works.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DropShare {
    pub works: usize,
    pub of: usize,
}

impl DropShare {
    pub fn percent(self) -> f64 {
        100.0 * self.works as f64 / self.of.max(1) as f64
    }

    /// "84.1 %" — "100 %" only when every drop works, "0 %" only when none.
    pub fn describe(self) -> String {
        let percent = self.percent();
        let text = if self.works == self.of {
            "100".to_string()
        } else if self.works == 0 {
            "0".to_string()
        } else {
            format!("{:.1}", percent.clamp(0.1, 99.9))
        };
        format!("{text} % of {} drops", self.of)
    }
}

/// The share of the surveyed drops where the construction works, and what
/// to say of it: nothing when every drop works; W0007 when some fail;
/// E0406 when it fails for half of them or more, since then it works only
/// where the points happen to be declared (docs/language.md, "Where a
/// construction works"). Each names one drop where it fails.
pub(super) fn survey_drops(
    problem: &Problem,
    survey: &[Instance],
) -> Option<(DropShare, Option<Diagnostic>)> {
    if survey.is_empty() {
        return None;
    }
    let mut first_failure = None;
    let mut works = 0;
    for instance in survey {
        match failure_elsewhere(problem, instance) {
            None => works += 1,
            Some(diagnostic) => {
                first_failure.get_or_insert((diagnostic, instance));
            }
        }
    }
    let share = DropShare {
        works,
        of: survey.len(),
    };
    let diagnostic = first_failure.map(|(failure, instance)| {
        if 2 * share.works < share.of {
            let message = format!("{} (it works for {})", failure.message, share.describe());
            return Diagnostic { message, ..failure };
        }
        let drop = match &instance.origin {
            Origin::Dropped { .. } => assignments(&dropped_points(problem, instance)),
            _ => String::new(),
        };
        let mut warning = Diagnostic::warning(
            "W0005",
            problem.header_span,
            format!(
                "the construction works for {}, not wherever the points fall",
                share.describe()
            ),
        );
        warning.labels = failure.labels;
        warning.with_help(format!(
            "it fails for example with {drop}. It passes: the game takes a construction for the drop the player makes, and it works for the drop declared here; a construction that works for every drop needs no luck"
        ))
    });
    Some((share, diagnostic))
}

/// Where the points dropped anywhere fell on `instance`, by name, in the
/// file's coordinates: the declared `any(…)` points, then the steps' own
/// drops (`StepOp::Drop`), found by replaying the steps up to the last one
/// (left out if the steps fail before it).
pub(super) fn dropped_points(problem: &Problem, instance: &Instance) -> Vec<(String, Value)> {
    let mut points = match &instance.origin {
        Origin::Dropped { points } => points.to_vec(),
        _ => Vec::new(),
    };
    let last = problem
        .steps
        .iter()
        .rposition(|step| matches!(step.op, StepOp::Drop { .. }));
    if let Some(last) = last {
        let ops = problem.steps[..=last].iter().map(|step| step.op);
        if let Ok(replay) = replay_steps(ops, instance, &problem.calls) {
            for step in &problem.steps[..=last] {
                if let (StepOp::Drop { .. }, Some(binder)) = (step.op, step.binders.first()) {
                    let name = binder.name.clone().unwrap_or_else(|| "_".to_string());
                    let at = replay.points[binder.index] * problem.unit;
                    points.push((name, Value::Point(at)));
                }
            }
        }
    }
    points
}
