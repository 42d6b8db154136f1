//! A step that uses a tool of your own (`F = foot(X, s)`): its operands
//! checked against the tool's parameters, one `Call` for the problem, and
//! the types of what it binds, the tool's results (docs/language.md, "Tools
//! of your own").

use super::problem::StepOp;
use super::problem::{Call, UserTool};
use super::scope::Operands;
use super::types::Type;
use crate::diag::Diagnostic;
use crate::parse::ast;
use std::sync::Arc;

/// A use of a tool of your own, or `None` (with its diagnostics) when an
/// operand is missing or of the wrong kind. A use of a tool whose own
/// definition failed is skipped quietly: its definition says why.
pub(super) fn resolve_use_step(
    step: &ast::Step,
    function: &ast::Name,
    args: &[ast::Expr],
    operands: &mut Operands,
) -> Option<(StepOp, Vec<Type>)> {
    let index = operands.scene.tool_index(&function.text)?;
    let tool: Arc<UserTool> = operands.scene.tools[index].clone();
    if args.len() != tool.params.len() {
        operands.diagnostics.push(
            Diagnostic::error(
                "E0207",
                step.value.span,
                format!(
                    "`{}` takes {} operand{}, not {}",
                    tool.name,
                    tool.params.len(),
                    if tool.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            )
            .with_help(format!("write `{}`: {}", tool.usage(), kinds(&tool))),
        );
        return None;
    }
    let mut resolved = Vec::with_capacity(args.len());
    let mut complete = true;
    for (arg, param) in args.iter().zip(&tool.params) {
        let found = if param.ty == Type::Point {
            operands.point(arg)
        } else {
            let why = format!("`{}` takes a {} as `{}`", tool.name, param.ty, param.name);
            match operands.object(arg, &why) {
                Some((object, ty)) if fits(ty, param.ty) => Some(object),
                Some((_, ty)) => {
                    operands.diagnostics.push(
                        Diagnostic::error(
                            "E0201",
                            arg.span,
                            format!(
                                "`{}` takes a {} as `{}`, not a {ty}",
                                tool.name, param.ty, param.name
                            ),
                        )
                        .with_help(format!(
                            "write `{}`: {}",
                            tool.usage(),
                            kinds(&tool)
                        )),
                    );
                    None
                }
                None => None,
            }
        };
        match found {
            Some(found) => resolved.push(found),
            None => complete = false,
        }
    }
    if !complete {
        return None;
    }
    let outputs = tool.results.iter().map(|result| result.ty).collect();
    let call = operands.calls.len();
    operands.calls.push(Call {
        tool,
        args: resolved,
    });
    Some((
        StepOp::Use {
            tool: index as u32,
            call: call as u32,
        },
        outputs,
    ))
}

/// E0204 for a use that binds more or fewer names than the tool has
/// results.
pub(super) fn results_mismatch(
    step: &ast::Step,
    span: crate::span::Span,
    tool: &UserTool,
) -> Diagnostic {
    let names: Vec<&str> = tool
        .results
        .iter()
        .map(|result| result.name.as_str())
        .collect();
    let count = names.len();
    Diagnostic::error(
        "E0204",
        span,
        format!(
            "`{}` makes {count} result{} ({}), but {} name{} bound",
            tool.name,
            if count == 1 { "" } else { "s" },
            names.join(", "),
            step.binders.len(),
            super::plural(step.binders.len())
        ),
    )
    .with_help(format!(
        "bind one name per result, in order (`_` for one you do not need): `{} = {}`",
        names.join(", "),
        tool.usage()
    ))
}

/// E0807: a tool, or a block, that replays too many steps with the tools
/// it uses counted: nested tools multiply, and every instance replays them.
pub(super) fn too_many_replayed(
    span: crate::span::Span,
    what: &str,
    replayed: usize,
    most: usize,
) -> Diagnostic {
    Diagnostic::error(
        "E0807",
        span,
        format!("{what} replays {replayed} steps with the tools it uses counted: at most {most}"),
    )
    .with_help("each use of a tool replays the tool's whole body: use the tools fewer times, or nest them less deep")
}

/// Whether an operand of type `given` fits a parameter of type `wanted`: a
/// parameter declared a line takes any line, segment or ray (the tool sees
/// the whole line); a segment, ray or circle only its own kind.
fn fits(given: Type, wanted: Type) -> bool {
    given == wanted || (wanted == Type::Line && given.is_line())
}

/// "P a point, l a line".
fn kinds(tool: &UserTool) -> String {
    let kinds: Vec<String> = tool
        .params
        .iter()
        .map(|param| format!("{} a {}", param.name, param.ty))
        .collect();
    kinds.join(", ")
}
