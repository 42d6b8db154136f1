//! A block's steps against its mask when tools of your own may be among
//! them: each move is a line, a circle, an L-tool or a tool of your own,
//! which a part allows when it names it (`foot`, `(circle | foot)**`) or is
//! `*` or `**` (docs/language.md, "Tools of your own").

use crate::diag::Diagnostic;
use crate::parse::ast::MaskToken;
use crate::resolve::{Problem, StepOp};
use crate::solve::mask::{allows, fits, Draw};

/// One move of the steps: a line, circle or L-tool, or a tool of your own
/// (its index into `Scene::tools`), with its name.
enum Move {
    Draw(Draw),
    Own(usize, String),
}

impl Move {
    fn name(&self) -> &str {
        match self {
            Move::Draw(draw) => draw.name(),
            Move::Own(_, name) => name,
        }
    }
}

fn moves(problem: &Problem) -> Vec<Move> {
    problem
        .steps
        .iter()
        .enumerate()
        .filter_map(|(index, step)| match step.op {
            StepOp::Use { tool, .. } => Some(Move::Own(
                tool as usize,
                problem
                    .used_tool(index)
                    .map_or_else(String::new, |used| used.name.clone()),
            )),
            op => op.draw().map(Move::Draw),
        })
        .collect()
}

/// Whether the steps fit the block's mask.
pub(super) fn steps_fit(problem: &Problem) -> bool {
    fits(&problem.mask, &moves(problem), |part, made| {
        let token = problem.mask[part];
        match made {
            Move::Draw(draw) => allows(token, *draw),
            Move::Own(tool, _) => {
                matches!(token, MaskToken::Any | MaskToken::All)
                    || problem
                        .mask_own
                        .get(part)
                        .is_some_and(|own| own.iter().any(|(index, _)| index == tool))
            }
        }
    })
}

/// E0506: the steps draw what the block's mask does not allow.
pub(super) fn mismatch(problem: &Problem) -> Diagnostic {
    let moves = moves(problem);
    let drawn: Vec<&str> = moves.iter().map(Move::name).collect();
    let mask: Vec<String> = (0..problem.mask.len())
        .map(|part| problem.mask_part_text(part))
        .collect();
    let diagnostic = Diagnostic::error(
        "E0506",
        problem.header_span,
        format!(
            "the steps draw `{}`, which the mask `{}` does not allow",
            drawn.join(" "),
            mask.join(" ")
        ),
    )
    .with_help("change the steps or the mask");
    match (problem.mask_span, drawn.is_empty()) {
        (Some(span), false) => {
            diagnostic.with_fix("Widen the mask to these steps", span, drawn.join(" "))
        }
        _ => diagnostic,
    }
}
