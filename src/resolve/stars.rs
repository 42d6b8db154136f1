//! A block's `stars e 3 l 2` line → `Stars`: the level's E-star and L-star
//! counts, which `check` compares with the construction's counts as the game
//! gives stars, and which `euc hint` takes as the level's limit
//! (docs/language.md, "Stars").

use super::problem::Stars;
use crate::diag::Diagnostic;
use crate::parse::ast::StarCount;
use crate::span::Span;

/// The most moves a star count may state: the solver's own limit
/// (`solve::search::MOST_MOVES`, a later stage than this one).
const MOST_STAR_MOVES: f64 = 64.0;

/// Reads one `stars` line; a count that is not `e` or `l`, not a whole
/// number from 1 to the solver's limit, or given twice is E0509 and left out.
pub(super) fn resolve_stars(
    counts: &[StarCount],
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) -> Stars {
    let mut stars = Stars {
        e: None,
        l: None,
        span,
    };
    let mut seen: [Option<Span>; 2] = [None, None];
    for star in counts {
        let slot = match star.count.text.to_ascii_lowercase().as_str() {
            "e" => 0,
            "l" => 1,
            _ => {
                diagnostics.push(
                    Diagnostic::error(
                        "E0509",
                        star.count.span,
                        format!(
                            "a star count is `e` or `l`, not `{}`",
                            star.count.text
                        ),
                    )
                    .with_help("`stars e 3 l 2`: the level's E-star (elementary moves) and L-star (tool uses)")
                    .with_fix("The E-star (`e`)", star.count.span, "e")
                    .with_fix("The L-star (`l`)", star.count.span, "l"),
                );
                continue;
            }
        };
        if let Some(first) = seen[slot] {
            diagnostics.push(
                Diagnostic::error(
                    "E0509",
                    star.count.span,
                    format!("the {}-star is given twice", ["E", "L"][slot]),
                )
                .with_label(first, "given here first")
                .with_help("a level has one E-star and one L-star count"),
            );
            continue;
        }
        seen[slot] = Some(star.count.span);
        let value = star.value;
        if value.fract() != 0.0 || !(1.0..=MOST_STAR_MOVES).contains(&value) {
            diagnostics.push(
                Diagnostic::error(
                    "E0509",
                    star.value_span,
                    format!(
                        "a star count is a whole number of moves from 1 to {MOST_STAR_MOVES}, not {value}"
                    ),
                )
                .with_help("write the count the game gives for the star, e.g. `stars e 5 l 3`"),
            );
            continue;
        }
        let moves = Some(value as usize);
        if slot == 0 {
            stars.e = moves;
        } else {
            stars.l = moves;
        }
    }
    stars
}

#[cfg(test)]
mod tests {

    /// The E and L counts a line gives.
    type Counts = Option<(Option<usize>, Option<usize>)>;

    fn check(block_line: &str) -> (Counts, Vec<String>) {
        let text = format!(
            "point A = (0, 0)\npoint B = (1, 0)\nsolve s {{\n  goal M = midpoint(A, B)\n  {block_line}\n}}\n"
        );
        let (file, _) = crate::parse::parse(&text);
        let (scene, diagnostics) = crate::resolve::resolve(&file, &Default::default());
        let stars = scene.problems[0].stars.map(|stars| (stars.e, stars.l));
        let codes = diagnostics
            .iter()
            .filter(|d| d.code.starts_with('E'))
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        (stars, codes)
    }

    #[test]
    fn both_counts_in_either_order() {
        assert_eq!(check("stars e 3 l 2"), (Some((Some(3), Some(2))), vec![]));
        assert_eq!(check("stars l 2, e 3"), (Some((Some(3), Some(2))), vec![]));
        assert_eq!(check("stars E 4"), (Some((Some(4), None)), vec![]));
    }

    #[test]
    fn bad_counts_are_e0509() {
        let (stars, codes) = check("stars e 3 x 2");
        assert_eq!(stars, Some((Some(3), None)));
        assert_eq!(codes, ["E0509 a star count is `e` or `l`, not `x`"]);
        let (_, codes) = check("stars e 2.5");
        assert_eq!(
            codes,
            ["E0509 a star count is a whole number of moves from 1 to 64, not 2.5"]
        );
        let (_, codes) = check("stars e 0");
        assert_eq!(codes.len(), 1);
        let (stars, codes) = check("stars e 3 e 4");
        assert_eq!(stars, Some((Some(3), None)));
        assert_eq!(codes, ["E0509 the E-star is given twice"]);
    }

    #[test]
    fn a_second_stars_line_is_e0502() {
        let (stars, codes) = check("stars e 3\n  stars l 2");
        assert_eq!(stars, Some((Some(3), None)));
        assert_eq!(codes, ["E0502 a second `stars` line in the same block"]);
    }
}
