//! Hints: a shortest completion of a block's steps so far, whose first move
//! is the hint (docs/solver.md, "Hints"). The steps so far become part of a
//! derived problem — their drawn objects join the setup, their named points
//! the givens, replayed on every instance — and the search answers that
//! problem within what the level's counts leave.

use super::construction::Construction;
use super::mask::allows;
pub use super::mask::remaining_mask;
use super::replay::replay;
use super::search::{search, Budget, Outcome, SearchOptions, Stats, Stop};
use crate::parse::ast::MaskToken;
use crate::resolve::{Count, Instance, Problem, StepOp};
use std::sync::Arc;

/// What a hint may ask of the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct HintOptions {
    /// Threads, techniques and what to count (`count` overrides the
    /// block's `count` line); `max_moves` is the limit of a block without
    /// a star count for what it counts.
    pub search: SearchOptions,
    /// The most moves in all (the steps so far included), over the block's
    /// star count.
    pub limit: Option<usize>,
}

/// The steps so far as a problem: their objects are setup, their named
/// points givens.
#[derive(Clone, Debug)]
pub struct Partial {
    /// The derived problem: no steps, the mask's remainder, the givens and
    /// setup extended. Its extra givens and setup have no symbol
    /// (`usize::MAX` in `givens` and `setup`).
    pub problem: Problem,
    /// Names of the extra givens, in order (after the block's givens).
    pub point_names: Vec<String>,
    /// Names of the drawn objects, in order (after the block's setup).
    pub object_names: Vec<String>,
    /// The steps' E or L count, as the block counts.
    pub spent: usize,
}

/// The most moves a completion may reach, in all, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub moves: usize,
    pub count: Count,
    /// The block's `stars` line gave it (else the options).
    pub from_stars: bool,
}

impl Limit {
    /// "7 moves", or "7 E" / "7 L" in a block with L-tools.
    pub fn describe(&self, uses_tools: bool) -> String {
        match (uses_tools, self.count) {
            (false, _) => format!(
                "{} move{}",
                self.moves,
                if self.moves == 1 { "" } else { "s" }
            ),
            (true, Count::E) => format!("{} E", self.moves),
            (true, Count::L) => format!("{} L", self.moves),
        }
    }
}

/// A shortest completion: its first move is the hint.
#[derive(Clone, Debug)]
pub struct Hint {
    pub partial: Partial,
    /// Over `partial.problem`; no draws when the steps reach the goals.
    pub construction: Construction,
    pub limit: Limit,
    pub stats: Stats,
}

/// Why there is no hint.
#[derive(Clone, Debug, PartialEq)]
pub enum NoHint {
    /// No completion within the limit (the steps so far spend `spent`).
    NoCompletion { limit: Limit, spent: usize },
    /// Stopped before an answer: completions up to `searched` moves in all
    /// (the steps so far spend `spent`) were ruled out.
    Stopped {
        stop: Stop,
        limit: Limit,
        searched: usize,
        spent: usize,
    },
    /// The steps so far cannot be continued (they do not resolve, fit the
    /// mask or build on every instance), or the problem cannot be searched.
    NotReady(String),
}

impl NoHint {
    /// The message for people: "no completion within 7 moves from here
    /// (the block's E-star; the steps so far take 4)". `why` says why a
    /// stopped search stopped ("time limit of 10 s reached").
    pub fn describe(&self, uses_tools: bool, why: &str) -> String {
        match self {
            NoHint::NoCompletion { limit, spent } => format!(
                "no completion within {} from here ({}; the steps so far take {})",
                limit.describe(uses_tools),
                limit.source(),
                Limit {
                    moves: *spent,
                    ..*limit
                }
                .describe(uses_tools),
            ),
            // Not "no completion": one may well exist, past what was
            // searched in time.
            NoHint::Stopped {
                limit,
                searched,
                spent,
                ..
            } => {
                let moves = |moves| Limit { moves, ..*limit }.describe(uses_tools);
                let untried = if searched + 1 == limit.moves {
                    moves(limit.moves)
                } else {
                    format!("{} to {}", searched + 1, moves(limit.moves))
                };
                let ruled_out = if searched > spent {
                    format!("none within {} from here, ", moves(*searched))
                } else {
                    String::new()
                };
                format!(
                    "{why} before a completion was found: {ruled_out}{untried} not yet searched"
                )
            }
            NoHint::NotReady(why) => why.clone(),
        }
    }
}

impl Limit {
    /// Where the limit comes from, for messages.
    pub fn source(&self) -> &'static str {
        match (self.from_stars, self.count) {
            (true, Count::E) => "the block's E-star",
            (true, Count::L) => "the block's L-star",
            (false, _) => "the limit of the search",
        }
    }
}

/// The next moves of a shortest completion of `problem`'s steps (the block
/// as `Scene::searchable` gives it), within the block's star count for what
/// it counts, else the options' limit. Deterministic: the same steps give
/// the same hint for any number of threads, and appending the hint's first
/// move leaves a completion one move shorter, so repeated hints reach the
/// goals in the shortest count from the first.
pub fn next_moves(
    problem: &Problem,
    options: &HintOptions,
    budget: &dyn Budget,
) -> Result<Hint, NoHint> {
    let count = options.search.count.unwrap_or(problem.count);
    let star = problem.stars.and_then(|stars| stars.limit(count));
    let limit = Limit {
        moves: options.limit.or(star).unwrap_or(options.search.max_moves),
        count,
        from_stars: options.limit.is_none() && star.is_some(),
    };
    let partial = partial(problem, count).map_err(NoHint::NotReady)?;
    let spent = partial.spent;
    if spent > limit.moves {
        return Err(NoHint::NoCompletion { limit, spent });
    }
    let search_options = SearchOptions {
        max_moves: limit.moves - spent,
        count: Some(count),
        ..options.search
    };
    let (outcome, stats) = search(&partial.problem, &search_options, budget);
    match outcome {
        Outcome::Found(construction) => Ok(Hint {
            partial,
            construction,
            limit,
            stats,
        }),
        Outcome::Exhausted { .. } => Err(NoHint::NoCompletion { limit, spent }),
        Outcome::Stopped { stop, searched, .. } => Err(NoHint::Stopped {
            stop,
            limit,
            searched: spent + searched,
            spent,
        }),
        Outcome::Unsearchable(why) => Err(NoHint::NotReady(why)),
    }
}

/// The block's steps as a derived problem (see `Partial`).
pub fn partial(problem: &Problem, count: Count) -> Result<Partial, String> {
    if !problem.steps_complete {
        return Err("a step does not resolve: fix the errors first".to_string());
    }
    if problem.instances.is_empty() {
        return Err("the problem has errors: its instances cannot be computed".to_string());
    }
    let first_left = mask_left(problem).ok_or_else(|| {
        "the steps so far do not fit the block's mask: `euc check` says where".to_string()
    })?;
    // A use of a tool of your own counts 1 L and its body's E.
    let costs = problem.move_costs();
    let spent = match count {
        Count::E => costs.iter().sum(),
        Count::L => costs.len(),
    };
    // The named points (a step's `_` is left out: it stays a crossing of
    // the objects, which the search finds itself) and the drawn objects;
    // a tool of your own binds both in one step.
    let mut named_points = Vec::new();
    let mut object_names = Vec::new();
    for step in &problem.steps {
        for binder in &step.binders {
            let name = binder.name.clone().unwrap_or_else(|| "_".to_string());
            if binder.is_point() {
                if binder.name.is_some() {
                    named_points.push((binder.index, name));
                }
            } else {
                object_names.push(name);
            }
        }
    }
    let derive = |instance: &Instance| -> Result<Instance, String> {
        let replayed = replay(problem, instance).map_err(|failure| {
            format!(
                "step {} cannot be built on every instance ({}): `euc check` says where",
                failure.step + 1,
                failure.why.describe()
            )
        })?;
        let mut derived = instance.clone();
        derived.givens.extend(
            named_points
                .iter()
                .map(|&(index, _)| replayed.points[index]),
        );
        derived.setup = replayed.objects;
        Ok(derived)
    };
    let instances = problem
        .instances
        .iter()
        .map(derive)
        .collect::<Result<Vec<_>, _>>()?;
    // A drop where the steps so far cannot be built is no drop they leave.
    let survey: Vec<Instance> = problem
        .survey
        .iter()
        .filter_map(|instance| derive(instance).ok())
        .collect();
    let mut derived = problem.clone();
    derived
        .givens
        .extend(std::iter::repeat_n(usize::MAX, named_points.len()));
    derived
        .setup
        .extend(std::iter::repeat_n(usize::MAX, object_names.len()));
    derived.setup_names.extend(object_names.iter().cloned());
    derived.instances = instances;
    derived.survey = Arc::new(survey);
    derived.steps = Vec::new();
    // The uses so far are replayed into the setup: no step needs a call.
    derived.calls = Vec::new();
    derived.mask = problem.mask.get(first_left..).unwrap_or_default().to_vec();
    derived.mask_own = problem
        .mask_own
        .get(first_left..)
        .unwrap_or_default()
        .to_vec();
    derived.stars = None;
    Ok(Partial {
        problem: derived,
        point_names: named_points.into_iter().map(|(_, name)| name).collect(),
        object_names,
        spent,
    })
}

/// Where the block's mask continues after the steps so far (`remaining_mask`
/// with tools of your own among the moves: a part takes a use when it names
/// the tool or is `*`/`**`); `None` when they do not fit it.
fn mask_left(problem: &Problem) -> Option<usize> {
    let mut at = 0;
    for step in &problem.steps {
        let allows = |part: usize| {
            let token = problem.mask[part];
            match step.op {
                StepOp::Use { tool, .. } => {
                    matches!(token, MaskToken::Any | MaskToken::All)
                        || problem
                            .mask_own
                            .get(part)
                            .is_some_and(|own| own.iter().any(|(index, _)| *index == tool as usize))
                }
                op => op.draw().is_some_and(|draw| allows(token, draw)),
            }
        };
        if step.op.draw().is_none() && !matches!(step.op, StepOp::Use { .. }) {
            continue;
        }
        loop {
            let token = *problem.mask.get(at)?;
            if allows(at) {
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
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::parse::ast::MaskToken::*;
    use crate::solve::mask::Draw;
    use crate::solve::search::Unlimited;

    #[test]
    fn the_mask_left_after_some_draws() {
        use Draw::{Circle as C, Line as L};
        assert_eq!(remaining_mask(&[All], &[L, C]), Some(vec![All]));
        assert_eq!(
            remaining_mask(&[Line, Circles], &[L, C]),
            Some(vec![Circles])
        );
        assert_eq!(remaining_mask(&[Line, Circle], &[L]), Some(vec![Circle]));
        assert_eq!(remaining_mask(&[Line, Circle], &[C]), None);
        assert_eq!(remaining_mask(&[Circles, Line], &[C, L]), Some(vec![]));
        assert_eq!(remaining_mask(&[Line], &[L, L]), None);
    }

    const DOUBLE: &str = "point A = (-1, 0.2)\npoint B = (0.3, 0.5)\nsolve double {\n  goal C = B * 2 - A\n  mask circle**\n  stars e 3\n  c1 = circle(B, A)\n}\n";

    fn hint(text: &str) -> Result<Hint, NoHint> {
        let analysis = analyze(text);
        let problem = analysis.scene().searchable(0);
        let options = HintOptions {
            search: SearchOptions {
                threads: 1,
                ..SearchOptions::default()
            },
            limit: None,
        };
        next_moves(&problem, &options, &Unlimited)
    }

    #[test]
    fn a_hint_completes_the_steps_so_far_within_the_star() {
        let found = hint(DOUBLE).expect("a completion");
        assert_eq!(found.partial.spent, 1);
        assert_eq!(found.partial.object_names, ["c1"]);
        assert_eq!(found.construction.draws.len(), 2);
        assert_eq!(
            found.limit,
            Limit {
                moves: 3,
                count: Count::E,
                from_stars: true
            }
        );
    }

    #[test]
    fn a_wasted_move_leaves_no_completion_within_the_star() {
        let wasted = DOUBLE.replace(
            "c1 = circle(B, A)",
            "c0 = circle(A, B)\n  c1 = circle(B, A)\n  c2 = circle(B, A)",
        );
        let analysis = analyze(&wasted);
        let problem = analysis.scene().searchable(0);
        let result = next_moves(&problem, &HintOptions::default(), &Unlimited);
        assert!(
            matches!(result, Err(NoHint::NoCompletion { spent: 3, .. })),
            "{result:?}"
        );
        let wasted = DOUBLE.replace(
            "c1 = circle(B, A)",
            "c0 = circle(A, B)\n  c1 = circle(A, B)",
        );
        let result = hint(&wasted);
        assert!(
            matches!(result, Err(NoHint::NoCompletion { spent: 2, .. })),
            "{result:?}"
        );
    }

    #[test]
    fn steps_that_reach_the_goals_need_no_move() {
        let done = DOUBLE.replace(
            "c1 = circle(B, A)",
            "c1 = circle(B, A)\n  c2 = circle(A, B)\n  P1, P2 = c1 & c2\n  c3 = circle(P1, P2)\n  C, _ = c1 & c3",
        );
        let found = hint(&done).expect("complete");
        assert!(found.construction.draws.is_empty());
    }

    /// The circle on the diameter AB, its centre found by a tool of your
    /// own.
    const DIAMETER: &str = "point A = (-1, 0.2)\npoint B = (0.3, 0.5)\n\ntool middle(A = (0, 0), B = (2, 0.5)) -> M {\n  ab = line(A, B)\n  bisector = perp_bisector(A, B)\n  M = ab & bisector\n}\n\nsolve diameter {\n  tools middle\n  goal k = circle(midpoint(A, B), A)\n  M = middle(A, B)\n}\n";

    #[test]
    fn steps_with_a_tool_of_your_own_are_continued() {
        let found = hint(DIAMETER).expect("a completion");
        assert_eq!(found.partial.spent, 4, "1 L, 4 E");
        assert_eq!(found.partial.point_names, ["M"]);
        assert_eq!(found.partial.object_names, Vec::<String>::new());
        assert_eq!(found.construction.draws.len(), 1);
        let analysis = analyze(DIAMETER);
        let problem = analysis.scene().searchable(0);
        let by_l = HintOptions {
            search: SearchOptions {
                threads: 1,
                count: Some(Count::L),
                ..SearchOptions::default()
            },
            limit: None,
        };
        let found = next_moves(&problem, &by_l, &Unlimited).expect("a completion");
        assert_eq!(found.partial.spent, 1);
    }

    #[test]
    fn a_mask_naming_a_tool_of_your_own_leaves_its_other_parts() {
        let masked = DIAMETER.replace("tools middle\n", "tools middle\n  mask middle circle\n");
        let analysis = analyze(&masked);
        let problem = analysis.scene().searchable(0);
        assert_eq!(mask_left(&problem), Some(1));
        let found = hint(&masked).expect("a completion");
        assert_eq!(found.partial.problem.mask, [Circle]);
        let wrong = DIAMETER.replace("tools middle\n", "tools middle\n  mask circle middle\n");
        let result = hint(&wrong);
        assert!(matches!(result, Err(NoHint::NotReady(_))), "{result:?}");
    }
}
