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
    numbered_moves(problem)
        .into_iter()
        .map(|(_, made)| made)
        .collect()
}

/// The moves with the index of the step that makes each.
fn numbered_moves(problem: &Problem) -> Vec<(usize, Move)> {
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
            ))
            .map(|made| (index, made)),
            op => op.draw().map(|draw| (index, Move::Draw(draw))),
        })
        .collect()
}

/// Whether the mask's part at `part` allows a move.
fn part_allows(problem: &Problem, part: usize, made: &Move) -> bool {
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
}

/// The first move the mask does not allow where it stands, and the part
/// there (`None` for a move past a mask without `**`), if the count of
/// moves fits the mask at all: the parts before the `**` part take the
/// first moves, those after it the last, as `fits` reads them.
fn first_outside(problem: &Problem, moves: &[(usize, Move)]) -> Option<(usize, Option<usize>)> {
    let mask = &problem.mask;
    let generator = mask.iter().position(|token| token.is_generator());
    let after = generator.map_or(0, |generator| mask.len() - generator - 1);
    let before = generator.unwrap_or(mask.len());
    if moves.len() < before + after {
        return None;
    }
    let tail = moves.len() - after;
    moves.iter().enumerate().find_map(|(at, (step, made))| {
        let part = match generator {
            None if at >= mask.len() => return Some((*step, None)),
            None => at,
            Some(_) if at < before => at,
            Some(generator) if at >= tail => generator + 1 + at - tail,
            Some(generator) => generator,
        };
        (!part_allows(problem, part, made)).then_some((*step, Some(part)))
    })
}

/// Whether the steps fit the block's mask.
pub(super) fn steps_fit(problem: &Problem) -> bool {
    fits(&problem.mask, &moves(problem), |part, made| {
        part_allows(problem, part, made)
    })
}

/// E0506: the steps draw what the block's mask does not allow; on the
/// first step outside it where there is one (the block's header when the
/// steps are too few), naming the mask's part it breaks.
pub(super) fn mismatch(problem: &Problem) -> Diagnostic {
    let numbered = numbered_moves(problem);
    let drawn: Vec<&str> = numbered.iter().map(|(_, made)| made.name()).collect();
    let mask: Vec<String> = (0..problem.mask.len())
        .map(|part| problem.mask_part_text(part))
        .collect();
    let message = format!(
        "the steps draw `{}`, which the mask `{}` does not allow",
        drawn.join(" "),
        mask.join(" ")
    );
    let outside = first_outside(problem, &numbered);
    let span = outside
        .and_then(|(step, _)| problem.steps.get(step))
        .map_or(problem.header_span, |step| step.span);
    let mut diagnostic = Diagnostic::error("E0506", span, message);
    if let Some((step, part)) = outside {
        let made = numbered
            .iter()
            .find(|(index, _)| *index == step)
            .map_or("", |(_, made)| made.name());
        let label = match part {
            Some(part) => format!("its part `{}` does not allow `{made}` there", mask[part]),
            None => format!("no part of it is left for `{made}`"),
        };
        if let Some(mask_span) = problem.mask_span {
            diagnostic = diagnostic.with_label(mask_span, label);
        }
    }
    let diagnostic = diagnostic.with_help("change the steps or the mask");
    match (problem.mask_span, drawn.is_empty()) {
        (Some(span), false) => {
            diagnostic.with_fix("Widen the mask to these steps", span, drawn.join(" "))
        }
        _ => diagnostic,
    }
}
