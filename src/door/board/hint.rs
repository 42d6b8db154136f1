//! The board's "Hint" and "Show a solution": the next move, or all the
//! moves, of a shortest completion of the block's steps within the level's
//! counts (`solve::hint`), appended to the block like a redo. Refused when
//! the text is not the one the board drew; a search that runs out of time
//! says so (docs/design.md, "The construction board").

use super::moves::same_version;
use super::Played;
use crate::door::hint::{hint, limit_words, HintRequest, Hinted, HINT_SECONDS, REACHED};
use crate::edit::fill_block;
use crate::resolve::Scene;
use crate::solve::search::Budget;

/// What the board sends for a hint.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct HintAsk {
    /// The whole completion ("Show a solution"), not only its next move.
    #[serde(default)]
    pub all: bool,
    /// The `version` of the state the hint was asked on.
    #[serde(default)]
    pub version: Option<String>,
}

/// The edits that append the next move (or, with `ask.all`, every move) of
/// a shortest completion of block `index` of `scene`, analysed from `text`,
/// searching while `budget` lets it (the edges give it `HINT_SECONDS`).
pub fn hint_move(
    text: &str,
    scene: &Scene,
    index: usize,
    ask: &HintAsk,
    budget: &dyn Budget,
) -> Result<Played, String> {
    same_version(text, ask.version.as_deref())?;
    let request = HintRequest {
        block: index,
        all: ask.all,
        limit: Some(limit_words(HINT_SECONDS)),
        ..HintRequest::default()
    };
    match hint(scene, &request, budget)? {
        Hinted::Reached => Err(REACHED.to_string()),
        Hinted::Lines(lines) => Ok(Played {
            edits: fill_block(text, &scene.problems[index], &[], &lines),
            lines,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::edit::apply_edits;
    use crate::solve::search::{search, Outcome, SearchOptions, Stop, Unlimited};

    /// Doubling AB with circles only, one of its three moves drawn.
    const HALF: &str = "point A = (-1, 0.2)\npoint B = (0.3, 0.5)\nsolve double {\n  goal C = B * 2 - A\n  mask circle**\n  stars e 3\n  c1 = circle(B, A)\n}\n";

    fn hinted(text: &str, all: bool) -> Result<(String, Played), String> {
        let analysis = analyze(text);
        let ask = HintAsk {
            all,
            version: Some(super::super::text_version(text)),
        };
        let played = hint_move(text, analysis.scene(), 0, &ask, &Unlimited)?;
        Ok((apply_edits(text, &played.edits), played))
    }

    /// The solver's shortest count for the block with no steps.
    fn shortest(text: &str) -> usize {
        let analysis = analyze(text);
        let mut problem = analysis.scene().searchable(0);
        problem.steps.clear();
        let options = SearchOptions {
            threads: 1,
            ..SearchOptions::default()
        };
        match search(&problem, &options, &crate::solve::search::Unlimited).0 {
            Outcome::Found(construction) => construction.moves(),
            other => panic!("no construction: {other:?}"),
        }
    }

    #[test]
    fn a_hint_keeps_a_shortest_completion_and_a_solution_completes_it() {
        let (text, played) = hinted(HALF, false).unwrap();
        assert!(
            played.lines.last().unwrap().contains("circle("),
            "{played:?}"
        );
        let analysis = analyze(&text);
        assert_eq!(analysis.reports[0].moves, 2);
        let (text, played) = hinted(&text, true).unwrap();
        assert!(played.lines.iter().any(|line| line.starts_with("C")));
        let analysis = analyze(&text);
        let report = &analysis.reports[0];
        assert_eq!(report.status, crate::check::Status::Solved, "{text}");
        assert_eq!(report.moves, shortest(HALF));
        assert_eq!(report.stars.unwrap().earned, 2);
        assert_eq!(
            hinted(&text, false).unwrap_err(),
            "the steps already reach the goals"
        );
    }

    /// Out of time before it starts.
    struct Expired;

    impl Budget for Expired {
        fn stop(&self) -> Option<Stop> {
            Some(Stop::OutOfTime)
        }
        fn progress(&self, _: &crate::solve::search::Progress) {}
    }

    #[test]
    fn a_hint_out_of_time_says_so_and_not_that_there_is_none() {
        // Not constructible (the cube root of 2): the search cannot end
        // before its first question to the budget.
        let cube_root = "point A = (0, 0)\npoint B = (1, 0)\nsolve far {\n  goal X = A + (B - A) * 1.2599210498948732\n  stars e 12\n}\n";
        let started = format!(
            "{}  c1 = circle(A, B)\n}}\n",
            cube_root.trim_end_matches("}\n")
        );
        for text in [cube_root, started.as_str()] {
            let analysis = analyze(text);
            let ask = HintAsk {
                all: false,
                version: Some(super::super::text_version(text)),
            };
            let stopped = hint_move(text, analysis.scene(), 0, &ask, &Expired).unwrap_err();
            assert!(
                stopped.starts_with("time limit of 10 s reached before a completion was found: "),
                "{stopped}"
            );
            assert!(
                stopped.ends_with(" to 12 moves not yet searched"),
                "{stopped}"
            );
            assert!(!stopped.contains("no completion"), "{stopped}");
        }
    }

    #[test]
    fn a_hint_says_when_no_completion_is_left_or_the_file_changed() {
        let wasted = HALF.replace(
            "c1 = circle(B, A)",
            "c0 = circle(A, B)\n  c1 = circle(B, A)\n  c2 = circle(B, A)",
        );
        let message = hinted(&wasted, false).unwrap_err();
        assert!(
            message.starts_with("no completion within 3 moves from here"),
            "{message}"
        );
        let analysis = analyze(HALF);
        let stale = HintAsk {
            all: false,
            version: Some("0".into()),
        };
        let refused = hint_move(HALF, analysis.scene(), 0, &stale, &Unlimited).unwrap_err();
        assert!(refused.contains("the file changed"), "{refused}");
    }

    #[test]
    fn a_hint_continues_a_use_of_a_tool_of_your_own() {
        let text = "point A = (-1, 0.2)\npoint B = (0.3, 0.5)\n\ntool middle(A = (0, 0), B = (2, 0.5)) -> M {\n  ab = line(A, B)\n  bisector = perp_bisector(A, B)\n  M = ab & bisector\n}\n\nsolve diameter {\n  tools middle\n  goal k = circle(midpoint(A, B), A)\n  M = middle(A, B)\n}\n";
        let (done, played) = hinted(text, false).unwrap();
        assert_eq!(played.lines, ["k = circle(M, A)"]);
        let analysis = analyze(&done);
        assert_eq!(
            analysis.reports[0].status,
            crate::check::Status::Solved,
            "{done}"
        );
    }
}
