//! The seed engine's masks: fixed parts (`line`, `circle`, `*`) around at
//! most one generator (`line**`, `circle**`, `**`).

use crate::parse::ast::MaskToken;

/// The kind of object a step draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    Line,
    Circle,
}

fn allows(token: MaskToken, draw: Draw) -> bool {
    match token {
        MaskToken::Line | MaskToken::Lines => draw == Draw::Line,
        MaskToken::Circle | MaskToken::Circles => draw == Draw::Circle,
        MaskToken::Any | MaskToken::All => true,
    }
}

/// Whether a sequence of drawn objects fits the mask.
pub fn mask_matches(mask: &[MaskToken], draws: &[Draw]) -> bool {
    match mask.iter().position(|token| token.is_generator()) {
        None => mask.len() == draws.len() && mask.iter().zip(draws).all(|(t, d)| allows(*t, *d)),
        Some(generator) => {
            let (before, after) = (&mask[..generator], &mask[generator + 1..]);
            if draws.len() < before.len() + after.len() {
                return false;
            }
            let middle = &draws[before.len()..draws.len() - after.len()];
            before.iter().zip(draws).all(|(t, d)| allows(*t, *d))
                && after
                    .iter()
                    .zip(&draws[draws.len() - after.len()..])
                    .all(|(t, d)| allows(*t, *d))
                && middle.iter().all(|d| allows(mask[generator], *d))
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

/// The fewest steps the mask allows.
pub fn min_length(mask: &[MaskToken]) -> usize {
    mask.iter().filter(|token| !token.is_generator()).count()
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
}
