//! The text edits behind "next level" and "untangle", shared by the command
//! line and the editor.

use super::crossing::crossings;
use super::generate::{generate, Method};
use super::untangle::{untangle, Untangled};
use super::write::{block_text, position_text};
use crate::check::Status;
use crate::edit::TextEdit;
use crate::resolve::Puzzle;

/// Replaces a solved block with the next level (same seed, the model's generator).
pub fn next_level(puzzle: &Puzzle, status: Status) -> Result<Vec<TextEdit>, String> {
    if status != Status::Solved {
        let count = crossings(&puzzle.positions(), &puzzle.links).len();
        return Err(format!("not solved yet: {count} pairs of links cross"));
    }
    let level = puzzle.level.unwrap_or(0) + 1;
    let seed = puzzle.seed.unwrap_or(0);
    let generated = generate(level, seed, Method::Model);
    let name = if puzzle.name.starts_with("level_") {
        format!("level_{level}")
    } else {
        puzzle.name.clone()
    };
    let mut text = block_text(&name, level, seed, &generated.positions, &generated.links);
    text.pop(); // the line break after the block stays where it is
    Ok(vec![TextEdit {
        span: puzzle.span,
        text,
    }])
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
