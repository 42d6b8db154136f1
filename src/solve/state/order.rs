//! The order in which a node tries its moves (docs/solver.md,
//! "Goal-directed order"): the goal-directed ranking, and the mixed order
//! that takes the search's own order and the ranking in turn.

use super::super::context::Context;
use super::{Choice, State};
use crate::geom::Object;

/// Scratch for `order_moves`, reused between nodes so that the hot path
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

    /// Puts a node's moves in the order the search takes them: the
    /// goal-directed ranking alone (`goal_order`, and the beam, which keeps
    /// only the first few), else the mixed order (`mixed_order`), else as
    /// listed. Only where more than the last move is left: there every move
    /// is merely tested against the goals.
    pub(in crate::solve) fn order_moves(
        &self,
        choices: &mut Vec<Choice>,
        context: &Context,
        remaining: usize,
        scratch: &mut Mixing,
    ) {
        if remaining <= 1 {
            return;
        }
        if context.techniques.goal_order || context.beam.is_some() {
            self.rank_for_goals(choices, scratch);
        } else if context.techniques.mixed_order {
            self.mix_for_goals(choices, scratch);
        }
    }

    /// Goal-directed order (`goal_order`), also the quick search's cut
    /// (docs/solver.md, "An answer at once").
    fn rank_for_goals(&self, choices: &mut Vec<Choice>, scratch: &mut Mixing) {
        let Mixing { ranked, mixed, .. } = scratch;
        self.rank(choices, ranked);
        mixed.clear();
        mixed.extend(ranked.iter().map(|&(_, _, index)| choices[index as usize]));
        std::mem::swap(choices, mixed);
    }

    /// The mixed order (`mixed_order`): the goal-directed ranking's first
    /// move, then the search's own first, then the ranking's next not yet
    /// taken, and so on, each move once. A move early in either order is
    /// early here (at most twice as far down), so a node whose answer one
    /// order buries and the other finds early still finds it early
    /// (docs/solver.md, "Goal-directed order").
    fn mix_for_goals(&self, choices: &mut Vec<Choice>, scratch: &mut Mixing) {
        let Mixing {
            ranked,
            taken,
            mixed,
        } = scratch;
        self.rank(choices, ranked);
        taken.clear();
        taken.resize(choices.len(), false);
        mixed.clear();
        let mut by_goal = ranked.iter().map(|&(_, _, index)| index as usize);
        let mut own = 0..choices.len();
        // Each round takes at least one move (the ranking lists them all).
        for _ in 0..choices.len() {
            take_next(&mut by_goal, taken, choices, mixed);
            take_next(&mut own, taken, choices, mixed);
        }
        std::mem::swap(choices, mixed);
    }
}

/// Moves the next move of `order` not yet taken, if any, to `mixed`.
fn take_next(
    order: &mut impl Iterator<Item = usize>,
    taken: &mut [bool],
    choices: &[Choice],
    mixed: &mut Vec<Choice>,
) {
    if let Some(index) = order.find(|&index| !taken[index]) {
        taken[index] = true;
        mixed.push(choices[index]);
    }
}
