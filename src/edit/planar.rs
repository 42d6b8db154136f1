//! The text edits behind "next level" and "untangle", shared by the command
//! line and the editor.

use super::TextEdit;
use crate::check::Status;
use crate::planar::crossing::crossing_summary;
use crate::planar::draw::untangle::{untangle, Untangled};
use crate::planar::generate::{generate, Method, MAX_LEVEL};
use crate::planar::write::{block_text, position_text};
use crate::resolve::Puzzle;

/// Replaces a solved block with the next level (same seed, the model's generator).
pub fn next_level(puzzle: &Puzzle, status: Status) -> Result<Vec<TextEdit>, String> {
    if status != Status::Solved {
        let count = crossing_summary(&puzzle.positions(), &puzzle.links, 0).pairs;
        return Err(format!("not solved yet: {count} pairs of links cross"));
    }
    let level = puzzle.level.unwrap_or(0).saturating_add(1);
    if level > MAX_LEVEL {
        return Err(format!(
            "there is no next level: euc generates levels 1 to {MAX_LEVEL}"
        ));
    }
    let seed = puzzle.seed.unwrap_or(0);
    let generated = generate(level, seed, Method::Model);
    let name = next_level_name(puzzle);
    let mut text = block_text(&name, level, seed, &generated.positions, &generated.links);
    text.pop(); // the line break after the block stays where it is
    Ok(vec![TextEdit {
        span: puzzle.span,
        text,
    }])
}

/// The name of the block after "next level": `level_N` blocks follow the
/// level, others keep their name.
pub fn next_level_name(puzzle: &Puzzle) -> String {
    if puzzle.name.starts_with("level_") {
        format!("level_{}", puzzle.level.unwrap_or(0).saturating_add(1))
    } else {
        puzzle.name.clone()
    }
}

/// New positions for every node, with no links crossing.
pub fn untangle_block(puzzle: &Puzzle) -> Result<Vec<TextEdit>, String> {
    match untangle(
        &puzzle.positions(),
        &puzzle.links,
        puzzle.level,
        puzzle.seed,
    ) {
        Untangled::Positions(positions) => Ok(puzzle
            .nodes
            .iter()
            .zip(positions)
            .map(|(node, point)| TextEdit {
                span: node.value_span,
                text: position_text(point),
            })
            .collect()),
        Untangled::NotPlanar(why) => Err(format!(
            "no drawing without crossings exists: {}",
            why.describe(|node| format!("`{}`", puzzle.nodes[node].name))
        )),
        Untangled::GaveUp { crossings, .. } => Err(format!(
            "could not untangle it: the best drawing found still has {crossings} crossings"
        )),
    }
}

/// A new level-1 block appended to `text`, named so as not to clash.
pub fn append_new_level(text: &str, taken: &[String], seed: u64) -> TextEdit {
    let name = (1..)
        .map(|n| {
            if n == 1 {
                "level_1".to_string()
            } else {
                format!("level_1_{n}")
            }
        })
        .find(|name| !taken.contains(name))
        .unwrap_or_default();
    let generated = generate(1, seed, Method::Model);
    let block = block_text(&name, 1, seed, &generated.positions, &generated.links);
    let separator = if text.is_empty() || text.ends_with("\n\n") {
        ""
    } else if text.ends_with('\n') {
        "\n"
    } else {
        "\n\n"
    };
    TextEdit {
        span: crate::span::Span::new(text.len(), text.len()),
        text: format!("{separator}{block}"),
    }
}

/// How far from the middle a move may put a node, on either axis. Levels are
/// drawn in the model's world, -16.5 to 16.5 (generate.rs); the box is sixty
/// times wider so that a block drawn larger by hand still plays (the board
/// fits any block to its view and keeps every drag inside this box), and
/// small enough that a coordinate written to six decimals is an exact number
/// of millionths (docs/planar.md, "The board").
pub const MOVE_LIMIT: f64 = 1000.0;

/// Moves one node, as a drop on the board does: its position written to the
/// decimals the block's size needs ([`decimals`]). A coordinate that is not
/// a number, infinite or beyond [`MOVE_LIMIT`] is refused, so the text
/// written always reads back as the position meant (a move to 1e307 once
/// wrote `inf`, which does not parse, and every later move was refused).
pub fn move_node(
    puzzle: &Puzzle,
    node: &str,
    to: crate::geom::Point,
) -> Result<Vec<TextEdit>, String> {
    move_nodes(puzzle, &[(node.to_string(), to)])
}

/// Moves several nodes in one edit, as "Restart" and its undo do: each as
/// [`move_node`] would, all or none (a node named twice is refused).
pub fn move_nodes(
    puzzle: &Puzzle,
    moves: &[(String, crate::geom::Point)],
) -> Result<Vec<TextEdit>, String> {
    let places = decimals(&puzzle.positions());
    let mut edits: Vec<TextEdit> = Vec::with_capacity(moves.len());
    for (node, to) in moves {
        for (axis, value) in [("x", to.x), ("y", to.y)] {
            if !(value.is_finite() && value.abs() <= MOVE_LIMIT) {
                return Err(format!(
                    "{axis} = {} is off the board: a node moves to positions from \
                     -{MOVE_LIMIT} to {MOVE_LIMIT} on both axes",
                    shown(value)
                ));
            }
        }
        let Some(found) = puzzle.nodes.iter().find(|n| n.name == *node) else {
            return Err(format!("block `{}` has no node `{node}`", puzzle.name));
        };
        if edits.iter().any(|edit| edit.span == found.value_span) {
            return Err(format!("node `{node}` is moved twice in one move"));
        }
        edits.push(TextEdit {
            span: found.value_span,
            text: position_text(crate::geom::Point::new(
                kept(to.x, places),
                kept(to.y, places),
            )),
        });
    }
    Ok(edits)
}

/// The decimals a drop on a block is written to: enough for a thousandth
/// of its extent (its positions' larger side), from two (a block 10 or
/// more across, as generated levels are) up to six (what a written number
/// carries). A block at a scale of 0.01 gets five, not the two that once
/// snapped its dropped nodes to a grid as coarse as the block. The board
/// rounds a drag by the same rule (`editors/board/board.js`, `decimals`).
pub fn decimals(positions: &[crate::geom::Point]) -> i32 {
    let spread = |axis: fn(&crate::geom::Point) -> f64| {
        let values = positions.iter().map(axis);
        values.clone().fold(f64::NEG_INFINITY, f64::max) - values.fold(f64::INFINITY, f64::min)
    };
    let extent = spread(|p| p.x).max(spread(|p| p.y));
    if !(extent.is_finite() && extent > 0.0) {
        return 2;
    }
    (2..6)
        .find(|&places| extent * 10f64.powi(places) >= 1000.0)
        .unwrap_or(6)
}

/// A coordinate as written: as sent when it has at most six decimals (a
/// position read from the file, as undo and restart send), else rounded
/// to `places` decimals. Within [`MOVE_LIMIT`] the count of millionths
/// stays far below 2^53, so the result is the double nearest a decimal of
/// at most six places, which `format_number`'s six decimals print as that
/// decimal and the lexer reads back as this very double. Adding zero turns
/// -0 into 0.
fn kept(value: f64, places: i32) -> f64 {
    if rounded(value, 6) == value {
        value + 0.0
    } else {
        rounded(value, places)
    }
}

/// `value` rounded to `places` decimals, halves away from zero.
fn rounded(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale + 0.0
}

/// A refused coordinate as the message shows it: huge ones as 1e307, not
/// as 308 digits.
fn shown(value: f64) -> String {
    if value.is_finite() && value.abs() < 1e9 {
        value.to_string()
    } else {
        format!("{value:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::edit::apply_edits;
    use crate::geom::Point;

    const BLOCK: &str = "planar b {\n  node n1 = (1, 2)\n  node n2 = (-3, 4)\n  edge n1 - n2\n}\n";

    fn puzzle(text: &str) -> Puzzle {
        let analysis = analyze(text);
        assert!(analysis.input_errors().is_empty(), "{text}");
        analysis.scene().puzzles[0].clone()
    }

    /// Moves `n1` of [`BLOCK`] and reads the file back: the text written for
    /// it and the position the language reads from that text.
    fn check(x: f64, y: f64) -> Result<(String, Point), String> {
        let edits = move_node(&puzzle(BLOCK), "n1", Point::new(x, y))?;
        let text = apply_edits(BLOCK, &edits);
        let moved = puzzle(&text);
        assert_eq!(moved.nodes[1].position, Point::new(-3.0, 4.0), "n2 stays");
        Ok((edits[0].text.clone(), moved.nodes[0].position))
    }

    /// [`BLOCK`] is 4 across: a drop is written to three decimals; a
    /// position with at most six (as undo sends) as it is.
    #[test]
    fn a_move_writes_the_decimals_the_block_needs_and_reads_back() {
        let cases = [
            ((3.25, 4.5), "(3.25, 4.5)", (3.25, 4.5)),
            ((-3.2541234, 0.1254999), "(-3.254, 0.125)", (-3.254, 0.125)),
            ((-3.254, 0.000125), "(-3.254, 0.000125)", (-3.254, 0.000125)),
            ((-0.0, -0.0004001), "(0, 0)", (0.0, 0.0)),
            ((1e-300, -5e-324), "(0, 0)", (0.0, 0.0)),
            ((1000.0, -1000.0), "(1000, -1000)", (1000.0, -1000.0)),
            (
                (999.9995001, -999.9996001),
                "(1000, -1000)",
                (1000.0, -1000.0),
            ),
            ((16.5, -16.5), "(16.5, -16.5)", (16.5, -16.5)),
        ];
        for ((x, y), text, (read_x, read_y)) in cases {
            let (written, read) = check(x, y).unwrap();
            assert_eq!(written, text, "move to ({x}, {y})");
            assert_eq!(read, Point::new(read_x, read_y), "move to ({x}, {y})");
        }
    }

    #[test]
    fn a_block_gets_the_decimals_a_thousandth_of_its_extent_needs() {
        let across =
            |extent: f64| decimals(&[Point::new(0.0, 0.0), Point::new(extent, 0.5 * extent)]);
        assert_eq!(across(33.0), 2);
        assert_eq!(across(10.0), 2);
        assert_eq!(across(9.99), 3);
        assert_eq!(across(4.0), 3);
        assert_eq!(across(0.0165), 5);
        assert_eq!(across(1e-9), 6);
        assert_eq!(decimals(&[Point::new(0.01, 0.01)]), 2);
        assert_eq!(decimals(&[]), 2);
    }

    /// A block at a scale of 0.01 keeps a drop to five decimals: it lands
    /// where it was dropped, within a thousandth of the block.
    #[test]
    fn a_drop_on_a_small_block_keeps_its_place() {
        let small = "planar b {\n  node n1 = (0.01, 0.02)\n  node n2 = (-0.003, 0.004)\n  edge n1 - n2\n}\n";
        let edits = move_node(
            &puzzle(small),
            "n1",
            Point::new(0.0123456789, -0.00987654321),
        )
        .unwrap();
        assert_eq!(edits[0].text, "(0.01235, -0.00988)");
        let moved = puzzle(&apply_edits(small, &edits));
        assert_eq!(moved.nodes[0].position, Point::new(0.01235, -0.00988));
    }

    /// "Restart" and its undo move every node in one edit; a node named
    /// twice is refused, and nothing is written.
    #[test]
    fn several_nodes_move_in_one_edit() {
        let moves = [
            ("n1".to_string(), Point::new(5.0, 6.0)),
            ("n2".to_string(), Point::new(-7.0, 8.0)),
        ];
        let edits = move_nodes(&puzzle(BLOCK), &moves).unwrap();
        let moved = puzzle(&apply_edits(BLOCK, &edits));
        assert_eq!(moved.nodes[0].position, Point::new(5.0, 6.0));
        assert_eq!(moved.nodes[1].position, Point::new(-7.0, 8.0));
        let twice = [moves[0].clone(), moves[0].clone()];
        assert_eq!(
            move_nodes(&puzzle(BLOCK), &twice).unwrap_err(),
            "node `n1` is moved twice in one move"
        );
    }

    #[test]
    fn a_move_off_the_board_or_to_no_number_is_refused() {
        let cases = [
            ((1e307, 2.0), "x = 1e307 is off the board"),
            ((2.0, -1e307), "y = -1e307 is off the board"),
            ((f64::NAN, 0.0), "x = NaN is off the board"),
            ((0.0, f64::INFINITY), "y = inf is off the board"),
            ((f64::NEG_INFINITY, 0.0), "x = -inf is off the board"),
            (
                (f64::MAX, 0.0),
                "x = 1.7976931348623157e308 is off the board",
            ),
            ((1000.01, 0.0), "x = 1000.01 is off the board"),
            ((0.0, -1000.001), "y = -1000.001 is off the board"),
        ];
        for ((x, y), start) in cases {
            let message = check(x, y).unwrap_err();
            assert!(message.starts_with(start), "({x}, {y}): {message}");
            assert!(
                message.ends_with("from -1000 to 1000 on both axes"),
                "{message}"
            );
        }
    }

    #[test]
    fn a_move_of_a_missing_node_is_refused() {
        let edits = move_node(&puzzle(BLOCK), "n9", Point::new(0.0, 0.0));
        assert_eq!(edits.unwrap_err(), "block `b` has no node `n9`");
    }

    proptest::proptest! {
        /// Every move inside the box writes the rounded position exactly;
        /// every finite one outside it is refused.
        #[test]
        fn every_move_reads_back_or_is_refused(
            x in -1100.0f64..1100.0,
            y in -1100.0f64..1100.0,
        ) {
            match check(x, y) {
                Ok((_, read)) => {
                    proptest::prop_assert!(x.abs() <= MOVE_LIMIT && y.abs() <= MOVE_LIMIT);
                    proptest::prop_assert_eq!(read, Point::new(kept(x, 3), kept(y, 3)));
                    proptest::prop_assert!((read.x - x).abs() <= 0.0005 + 1e-9 && (read.y - y).abs() <= 0.0005 + 1e-9);
                }
                Err(message) => {
                    proptest::prop_assert!(!(x.abs() <= MOVE_LIMIT && y.abs() <= MOVE_LIMIT), "{}", message);
                }
            }
        }
    }
}
