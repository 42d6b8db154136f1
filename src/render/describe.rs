//! The one-sentence `<desc>` of a solve block's picture, for screen
//! readers: the givens, the moves drawn, the goals and whether they are
//! reached.

use crate::geom::Object;
use crate::resolve::{Problem, Symbol, Type};

/// What a solve block's picture shows, to put into words.
pub(super) struct Shown<'a> {
    pub problem: &'a Problem,
    pub symbols: &'a [Symbol],
    /// The lines and circles drawn, in order (none when a step fails).
    pub drawn: Vec<&'a Object>,
    /// The moves drawn and the block's moves in all.
    pub moves: usize,
    pub total: usize,
    /// The step (counted from 1) that cannot be built, if one cannot.
    pub failed_step: Option<usize>,
    /// Per goal: whether the drawing reaches it.
    pub reached: Vec<bool>,
}

/// "Given point A, point B and circle k, 6 moves are drawn (6 circles),
/// and the goal point O is reached."
pub(super) fn describe_problem(shown: &Shown) -> String {
    let named = |symbol: usize| {
        let symbol = &shown.symbols[symbol];
        match symbol.ty {
            Some(ty) => format!("{ty} {}", symbol.name),
            None => symbol.name.clone(),
        }
    };
    let givens: Vec<String> = (shown.problem.givens.iter())
        .chain(&shown.problem.setup)
        .map(|&symbol| named(symbol))
        .collect();
    let givens = match givens.is_empty() {
        true => "With nothing given".to_string(),
        false => format!("Given {}", list(&givens)),
    };
    let moves = match shown.failed_step {
        Some(step) => format!("the construction stops at step {step}, which cannot be built"),
        None => moves_drawn(shown),
    };
    format!("{givens}, {moves}, and {}.", goals(shown))
}

/// "2 of 6 moves are drawn (1 circle and 1 line)".
fn moves_drawn(shown: &Shown) -> String {
    let circles = shown
        .drawn
        .iter()
        .filter(|object| matches!(object, Object::Circle(_)))
        .count();
    let kinds = [
        plural(circles, "circle"),
        plural(shown.drawn.len() - circles, "line"),
    ];
    let kinds: Vec<String> = kinds
        .into_iter()
        .filter(|kind| !kind.starts_with("0 "))
        .collect();
    let kinds = match kinds.is_empty() {
        true => String::new(),
        false => format!(" ({})", list(&kinds)),
    };
    let verb = if shown.moves == 1 { "is" } else { "are" };
    match (shown.moves, shown.total) {
        (0, 0) => "there are no moves yet".to_string(),
        (0, _) => format!("none of the {} moves is drawn yet", shown.total),
        (moves, total) if moves < total => format!("{moves} of {total} moves {verb} drawn{kinds}"),
        (moves, _) => format!("{} {verb} drawn{kinds}", plural(moves, "move")),
    }
}

/// "the goal point O is reached", "the goals point O and line m are
/// reached", "the goals point O and line m are reached but circle c is not".
fn goals(shown: &Shown) -> String {
    let goals = &shown.problem.goals;
    let named = |index: &usize| match goals[*index].ty {
        Type::Number => goals[*index].name.clone(),
        ty => format!("{ty} {}", goals[*index].name),
    };
    let (reached, missed): (Vec<usize>, Vec<usize>) =
        (0..goals.len()).partition(|&index| shown.reached[index]);
    let reached: Vec<String> = reached.iter().map(named).collect();
    let missed: Vec<String> = missed.iter().map(named).collect();
    let verb = |names: &[String]| if names.len() == 1 { "is" } else { "are" };
    match (reached.is_empty(), missed.is_empty()) {
        (true, true) => "there is no goal".to_string(),
        (false, true) if reached.len() == 1 => format!("the goal {} is reached", reached[0]),
        (true, false) if missed.len() == 1 => format!("the goal {} is not reached", missed[0]),
        (false, true) => format!("the goals {} are reached", list(&reached)),
        (true, false) => format!("the goals {} are not reached", list(&missed)),
        (false, false) => format!(
            "of the goals, {} {} reached but {} {} not",
            list(&reached),
            verb(&reached),
            list(&missed),
            verb(&missed)
        ),
    }
}

fn plural(count: usize, word: &str) -> String {
    match count {
        1 => format!("1 {word}"),
        _ => format!("{count} {word}s"),
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        let words = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(list(&words(&["A"])), "A");
        assert_eq!(list(&words(&["A", "B"])), "A and B");
        assert_eq!(list(&words(&["A", "B", "k"])), "A, B and k");
    }
}
