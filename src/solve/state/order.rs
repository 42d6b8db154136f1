//! The order in which a node tries its moves (docs/solver.md,
//! "Goal-directed order"): the goal-directed ranking, and the mixed order
//! that takes the search's own order and the ranking in turn.

use super::{Choice, State};
use crate::geom::Object;

/// Scratch for `mix_for_goals`, reused between nodes so that the hot path
/// does not allocate.
#[derive(Default)]
pub(in crate::solve) struct Mixing {
    ranked: Vec<(u32, f64, u32)>,
    taken: Vec<bool>,
    mixed: Vec<Choice>,
}

impl State {
    /// A move's goal-directed rank, smaller first: goal objects and objects
    /// through more aims (goal points, goal circles' centres), then those
    /// passing nearer an aim.
    fn goal_rank(&self, choice: &Choice) -> (u32, f64) {
        let nearest = self
            .aims
            .iter()
            .map(|aim| match &choice.object {
                Object::Line(line) => line.distance_to(*aim),
                Object::Circle(circle) => (circle.center.dist(*aim) - circle.radius).abs(),
            })
            .fold(f64::INFINITY, f64::min);
        (u16::BITS - choice.marks.count_ones(), nearest)
    }

    /// The moves' places in the goal-directed order, each with its rank;
    /// ties keep the search's own order.
    fn rank(&self, choices: &[Choice], ranked: &mut Vec<(u32, f64, u32)>) {
        ranked.clear();
        ranked.extend(choices.iter().zip(0u32..).map(|(choice, index)| {
            let (marks, nearest) = self.goal_rank(choice);
            (marks, nearest, index)
        }));
        ranked.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)).then(x.2.cmp(&y.2)));
    }

    /// Goal-directed order (`goal_order`), also the quick search's cut
    /// (docs/solver.md, "An answer at once").
    pub(in crate::solve) fn rank_for_goals(&self, choices: &mut Vec<Choice>) {
        let mut ranked = Vec::new();
        self.rank(choices, &mut ranked);
        *choices = ranked
            .iter()
            .map(|&(_, _, index)| choices[index as usize])
            .collect();
    }

    /// The mixed order (`mixed_order`): the goal-directed ranking's first
    /// move, then the search's own first, then the ranking's next not yet
    /// taken, and so on, each move once. A move early in either order is
    /// early here (at most twice as far down), so a node whose answer one
    /// order buries and the other finds early still finds it early
    /// (docs/solver.md, "Goal-directed order").
    pub(in crate::solve) fn mix_for_goals(&self, choices: &mut Vec<Choice>, scratch: &mut Mixing) {
        let Mixing {
            ranked,
            taken,
            mixed,
        } = scratch;
        self.rank(choices, ranked);
        taken.clear();
        taken.resize(choices.len(), false);
        mixed.clear();
        let (mut own, mut goal) = (0, 0);
        while mixed.len() < choices.len() {
            for (next, from_goal) in [(&mut goal, true), (&mut own, false)] {
                let index_at = |at: usize| {
                    if from_goal {
                        ranked[at].2 as usize
                    } else {
                        at
                    }
                };
                while *next < choices.len() && taken[index_at(*next)] {
                    *next += 1;
                }
                if *next < choices.len() {
                    let index = index_at(*next);
                    taken[index] = true;
                    mixed.push(choices[index]);
                }
            }
        }
        std::mem::swap(choices, mixed);
    }
}
