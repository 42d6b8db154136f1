//! Stars as the game gives them: one for reaching the goals, one for an L
//! count at or under the level's L-star, one for an E count at or under its
//! E-star (docs/language.md, "Stars"). A report, never an error.

use crate::resolve::Stars;
use serde::Serialize;

/// The stars a block's construction earns against its `stars` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StarReport {
    /// Stars earned: 0 when the goals are not reached.
    pub earned: usize,
    /// Stars the level offers: 1 for completing it, 1 per count stated.
    pub of: usize,
    /// The construction's counts (E and L) and the level's.
    pub e: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub e_star: Option<usize>,
    pub l: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub l_star: Option<usize>,
}

impl StarReport {
    /// Stars for a construction of `e` E and `l` L moves; `solved`: its
    /// steps reach the goals on every instance.
    pub fn new(stars: Stars, solved: bool, e: usize, l: usize) -> StarReport {
        let within = |star: Option<usize>, count: usize| {
            usize::from(solved && star.is_some_and(|star| count <= star))
        };
        StarReport {
            earned: usize::from(solved) + within(stars.e, e) + within(stars.l, l),
            of: 1 + usize::from(stars.e.is_some()) + usize::from(stars.l.is_some()),
            e,
            e_star: stars.e,
            l,
            l_star: stars.l,
        }
    }

    /// "3 of 3 stars", or "2 of 3 stars (5 E, the E-star is 4)" naming each
    /// star missed for a count.
    pub fn describe(&self) -> String {
        let mut missed = Vec::new();
        if self.earned > 0 {
            for (count, star, letter) in [(self.e, self.e_star, "E"), (self.l, self.l_star, "L")] {
                if let Some(star) = star.filter(|&star| count > star) {
                    missed.push(format!("{count} {letter}, the {letter}-star is {star}"));
                }
            }
        }
        let plural = if self.of == 1 { "" } else { "s" };
        let stars = format!("{} of {} star{plural}", self.earned, self.of);
        if missed.is_empty() {
            stars
        } else {
            format!("{stars} ({})", missed.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn check(
        e_star: Option<usize>,
        l_star: Option<usize>,
        solved: bool,
        e: usize,
        l: usize,
    ) -> String {
        let stars = Stars {
            e: e_star,
            l: l_star,
            span: Span::default(),
        };
        StarReport::new(stars, solved, e, l).describe()
    }

    #[test]
    fn a_star_for_completing_and_one_per_count_met() {
        assert_eq!(check(Some(3), Some(2), true, 3, 2), "3 of 3 stars");
        assert_eq!(check(Some(3), Some(2), true, 2, 1), "3 of 3 stars");
        assert_eq!(
            check(Some(3), Some(2), true, 5, 2),
            "2 of 3 stars (5 E, the E-star is 3)"
        );
        assert_eq!(
            check(Some(3), Some(2), true, 5, 3),
            "1 of 3 stars (5 E, the E-star is 3; 3 L, the L-star is 2)"
        );
        assert_eq!(check(Some(4), None, true, 4, 4), "2 of 2 stars");
    }

    #[test]
    fn no_star_without_reaching_the_goals() {
        assert_eq!(check(Some(3), Some(2), false, 1, 1), "0 of 3 stars");
    }
}
