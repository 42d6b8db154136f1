//! The seed engine's masks: fixed parts (`line`, `circle`, `*`) around at
//! most one generator (`line**`, `circle**`, `**`).

use crate::parse::ast::MaskToken;

pub use crate::tools::Draw;

/// `*` and `**` allow every tool; which L-tools a block has is its `tools`
/// line, checked apart.
pub fn allows(token: MaskToken, draw: Draw) -> bool {
    match token {
        MaskToken::Line | MaskToken::Lines => draw == Draw::Line,
        MaskToken::Circle | MaskToken::Circles => draw == Draw::Circle,
        MaskToken::Any | MaskToken::All => true,
        MaskToken::Tool(tool) => draw == Draw::Tool(tool),
        MaskToken::Choice { kinds, .. } => kinds.contains(draw),
    }
}

/// Whether a sequence of drawn objects fits the mask.
pub fn mask_matches(mask: &[MaskToken], draws: &[Draw]) -> bool {
    fits(mask, draws, |part, draw| allows(mask[part], *draw))
}

/// Whether a sequence of moves fits the mask, `allows(part, move)` saying
/// whether the mask's part at that index allows the move (a check of
/// steps that use tools of your own asks it of their names).
pub fn fits<M>(mask: &[MaskToken], moves: &[M], allows: impl Fn(usize, &M) -> bool) -> bool {
    match mask.iter().position(|token| token.is_generator()) {
        None => {
            mask.len() == moves.len()
                && moves
                    .iter()
                    .enumerate()
                    .all(|(part, made)| allows(part, made))
        }
        Some(generator) => {
            let after = mask.len() - generator - 1;
            if moves.len() < generator + after {
                return false;
            }
            let tail = moves.len() - after;
            moves.iter().enumerate().all(|(at, made)| {
                let part = if at < generator {
                    at
                } else if at >= tail {
                    generator + 1 + at - tail
                } else {
                    generator
                };
                allows(part, made)
            })
        }
    }
}

/// At move `index` of a construction of `length` moves: whether a line and
/// a circle are allowed, and, inside the generator part, where that part
/// starts (moves there may be reordered among themselves).
pub fn kinds_at(mask: &[MaskToken], index: usize, length: usize) -> (bool, bool, Option<usize>) {
    let allowed = |token: MaskToken| (allows(token, Draw::Line), allows(token, Draw::Circle));
    match mask.iter().position(|token| token.is_generator()) {
        None => {
            let (line, circle) = mask
                .get(index)
                .map_or((false, false), |token| allowed(*token));
            (line, circle, None)
        }
        Some(generator) => {
            let after = mask.len() - generator - 1;
            if index < generator {
                let (line, circle) = allowed(mask[index]);
                (line, circle, None)
            } else if index + after >= length {
                let (line, circle) = allowed(mask[generator + 1 + index + after - length]);
                (line, circle, None)
            } else {
                let (line, circle) = allowed(mask[generator]);
                (line, circle, Some(generator))
            }
        }
    }
}

/// Whether the mask allows this tool at move `index` of `length`.
pub fn allowed_at(mask: &[MaskToken], index: usize, length: usize, draw: Draw) -> bool {
    let token = match mask.iter().position(|token| token.is_generator()) {
        None => mask.get(index).copied(),
        Some(generator) => {
            let after = mask.len() - generator - 1;
            if index < generator {
                Some(mask[index])
            } else if index + after >= length {
                mask.get(generator + 1 + index + after - length).copied()
            } else {
                Some(mask[generator])
            }
        }
    };
    token.is_some_and(|token| allows(token, draw))
}

/// The fewest steps the mask allows.
pub fn min_length(mask: &[MaskToken]) -> usize {
    mask.iter().filter(|token| !token.is_generator()).count()
}

/// What the mask leaves after `draws`: the parts not yet used. Draws that
/// the generator part (`line**`, `**`) allows stay in it, so a mask with
/// fixed parts after its generator (`** line`) keeps them for the
/// completion. `None`: the draws do not fit the mask.
pub fn remaining_mask(mask: &[MaskToken], draws: &[Draw]) -> Option<Vec<MaskToken>> {
    let mut at = 0;
    for &draw in draws {
        loop {
            let token = *mask.get(at)?;
            if allows(token, draw) {
                if !token.is_generator() {
                    at += 1;
                }
                break;
            }
            if !token.is_generator() {
                return None;
            }
            // The generator is done with: the next fixed part must take it.
            at += 1;
        }
    }
    Some(mask[at..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Draw::{Circle as C, Line as L};
    use MaskToken::*;

    #[test]
    fn fixed_parts_and_one_generator() {
        assert!(mask_matches(&[All], &[]));
        assert!(mask_matches(&[Circles], &[C, C, C]));
        assert!(!mask_matches(&[Circles], &[C, L]));
        assert!(mask_matches(&[Line, Circles, Any], &[L, C, C, L]));
        assert!(!mask_matches(&[Line, Circles, Any], &[C, C]));
        assert!(mask_matches(&[Any, Line], &[C, L]));
        assert!(!mask_matches(&[Any, Line], &[C, L, L]));
        assert_eq!(min_length(&[Line, Circles, Any]), 2);
    }

    #[test]
    fn a_choice_of_kinds_allows_each_and_nothing_else() {
        use crate::tools::{DrawSet, Tool};
        let compass = Draw::Tool(Tool::Compass);
        let kinds: DrawSet = [C, compass].into_iter().collect();
        let many = Choice { kinds, many: true };
        assert!(mask_matches(&[many], &[C, compass, C]));
        assert!(!mask_matches(&[many], &[C, L]));
        assert!(!mask_matches(&[many], &[Draw::Tool(Tool::Parallel)]));
        let one = Choice { kinds, many: false };
        assert!(mask_matches(&[one, Line], &[compass, L]));
        assert!(!mask_matches(&[one, Line], &[compass, C, L]));
        assert_eq!(min_length(&[one, many]), 1);
        assert_eq!(kinds_at(&[many], 0, 2), (false, true, Some(0)));
        assert!(allowed_at(&[many], 1, 2, compass));
        assert_eq!(many.text(), "(circle | compass)**");
        let compass_only = Choice {
            kinds: DrawSet::default().with(compass),
            many: true,
        };
        assert_eq!(compass_only.text(), "compass**");
    }
}
