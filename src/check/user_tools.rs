//! Checking a tool of your own on its own figure, as a block is checked:
//! its body replayed on the figure as declared (E0401, E0405 where it
//! cannot be built) and on the figure moved (E0403 where it works only for
//! the declared coordinates), so a use can trust it in general (docs/
//! language.md, "Tools of your own").

use super::{
    beyond_on_declared, failure_elsewhere, redrawn_objects, step_fails_on_declared, verdict,
    Verdict,
};
use crate::diag::Diagnostic;
use crate::resolve::UserTool;

/// What checking `tool`'s body on its figure says: nothing when it works on
/// every instance of the figure.
pub fn check_tool(tool: &UserTool) -> Vec<Diagnostic> {
    let figure = &tool.figure;
    let Some(declared) = figure.instances.first() else {
        return Vec::new();
    };
    let mut diagnostics = Vec::new();
    match verdict(figure, declared) {
        Verdict::Works(replay) => diagnostics.extend(redrawn_objects(figure, &replay)),
        Verdict::Beyond {
            step,
            binder,
            beyond,
            replay,
        } => {
            diagnostics.push(beyond_on_declared(figure, step, binder, beyond, &replay));
            return diagnostics;
        }
        Verdict::StepFails(failure) => {
            diagnostics.push(step_fails_on_declared(figure, &failure));
            return diagnostics;
        }
        // A figure has no goals to miss.
        Verdict::Misses { .. } => {}
    }
    for instance in &figure.instances[1..] {
        if let Some(mut diagnostic) = failure_elsewhere(figure, instance) {
            diagnostic.message = format!(
                "`{}` works only for these coordinates of its figure",
                tool.name
            );
            // A tool's givens are its parameters.
            diagnostic.help = diagnostic
                .help
                .map(|help| help.replace("when the givens move", "when its parameters move"));
            diagnostics.push(diagnostic);
            break;
        }
    }
    diagnostics
}
