//! The text edits behind "next level" and "untangle", shared by the command
//! line and the editor.

use super::crossing::crossing_summary;
use super::generate::{generate, Method, MAX_LEVEL};
use super::untangle::{untangle, Untangled};
use super::write::{block_text, position_text};
use crate::check::Status;
use crate::edit::TextEdit;
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

/// Moves one node, as a drop on the board does: its position written to two
/// decimals, as levels are.
pub fn move_node(
    puzzle: &Puzzle,
    node: &str,
    to: crate::geom::Point,
) -> Result<Vec<TextEdit>, String> {
    if !(to.x.is_finite() && to.y.is_finite()) {
        return Err("a position must be two finite numbers".to_string());
    }
    let Some(found) = puzzle.nodes.iter().find(|n| n.name == node) else {
        return Err(format!("block `{}` has no node `{node}`", puzzle.name));
    };
    let rounded = crate::geom::Point::new(
        (to.x * 100.0).round() / 100.0,
        (to.y * 100.0).round() / 100.0,
    );
    Ok(vec![TextEdit {
        span: found.value_span,
        text: position_text(rounded),
    }])
}

/// What the board shows: the block's nodes and links and its exact crossing
/// count (docs/planar.md, "The board").
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoardState {
    pub block: String,
    pub level: Option<u32>,
    pub crossings: usize,
    pub solved: bool,
    pub nodes: Vec<BoardNode>,
    pub links: Vec<(usize, usize)>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoardNode {
    pub name: String,
    pub x: f64,
    pub y: f64,
}

pub fn board_state(puzzle: &Puzzle) -> BoardState {
    let positions = puzzle.positions();
    let pairs = crossing_summary(&positions, &puzzle.links, 0).pairs;
    BoardState {
        block: puzzle.name.clone(),
        level: puzzle.level,
        crossings: pairs,
        solved: puzzle.complete && pairs == 0,
        nodes: puzzle
            .nodes
            .iter()
            .map(|node| BoardNode {
                name: node.name.clone(),
                x: node.position.x,
                y: node.position.y,
            })
            .collect(),
        links: puzzle.links.clone(),
    }
}
