//! The planar puzzles' use cases, one entry each: the board (`euc planar
//! play`, the editor's "Play"): its state and a move of nodes; and the
//! actions on a block: the next level and untangling; and a new level
//! (docs/planar.md, "The board").

use crate::check::Status;
use crate::edit::planar::{move_nodes, next_level, next_level_name, untangle_block};
use crate::edit::TextEdit;
use crate::geom::Point;
use crate::planar::crossing::crossing_summary;
use crate::planar::generate::{generate, Method, MAX_LEVEL};
use crate::planar::write::block_text;
use crate::resolve::Puzzle;

pub use crate::edit::planar::append_new_level;

/// What a planar block is asked.
#[derive(Clone, Debug)]
pub enum Ask {
    /// What the board draws.
    State,
    /// Nodes dropped somewhere, all in one edit.
    Move(NodeMoves),
    /// The next level in place of a solved block.
    Next,
    /// Every node moved so that no links cross.
    Untangle,
}

/// The answer: the board's state, or the edits and the block they leave
/// on the board (the next level may rename it).
#[derive(Debug)]
pub enum Answer {
    State(BoardState),
    Edit { block: String, edits: Vec<TextEdit> },
}

/// A move as the boards send it: one node and where it was dropped, or
/// `moves`, several nodes moved in one edit ("Restart" and its undo, so
/// that one undo takes them back).
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct NodeMoves {
    #[serde(default)]
    pub node: Option<String>,
    #[serde(default)]
    pub x: Option<f64>,
    #[serde(default)]
    pub y: Option<f64>,
    #[serde(default)]
    pub moves: Option<Vec<NodeMove>>,
}

/// One node of a `moves` list and where it goes.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct NodeMove {
    pub node: String,
    pub x: f64,
    pub y: f64,
}

impl NodeMoves {
    /// The nodes and where they go, or what the move lacks.
    fn places(&self) -> Result<Vec<(String, Point)>, String> {
        match (&self.moves, &self.node) {
            (Some(moves), None) => Ok(moves
                .iter()
                .map(|one| (one.node.clone(), Point::new(one.x, one.y)))
                .collect()),
            (None, Some(node)) => match (self.x, self.y) {
                (Some(x), Some(y)) => Ok(vec![(node.clone(), Point::new(x, y))]),
                _ => Err("a move needs `node`, `x` and `y`".into()),
            },
            _ => Err("a move needs `node`, `x` and `y`, or `moves`: [{node, x, y}, …]".into()),
        }
    }
}

/// Answers `ask` on a planar block and its check's status.
pub fn ask(puzzle: &Puzzle, status: Status, ask: &Ask) -> Result<Answer, String> {
    let edit = |edits| Answer::Edit {
        block: puzzle.name.clone(),
        edits,
    };
    match ask {
        Ask::State => Ok(Answer::State(board_state(puzzle))),
        // All or none, in one edit (a node named twice refuses them all;
        // positions off the board or not finite are refused).
        Ask::Move(moves) => Ok(edit(move_nodes(puzzle, &moves.places()?)?)),
        Ask::Next => Ok(Answer::Edit {
            block: next_level_name(puzzle),
            edits: next_level(puzzle, status)?,
        }),
        Ask::Untangle => Ok(edit(untangle_block(puzzle)?)),
    }
}

/// The actions a block offers: untangling while links cross, the next
/// level once it is solved (and there is one).
pub fn offered(puzzle: &Puzzle, status: Status) -> Vec<Ask> {
    let mut offered = Vec::new();
    if status == Status::Failed {
        offered.push(Ask::Untangle);
    }
    if status == Status::Solved && puzzle.level.unwrap_or(0) < MAX_LEVEL {
        offered.push(Ask::Next);
    }
    offered
}

/// A new level as a planar block's text (`name`, default `level_L`), or why
/// the generator has none at that level.
pub fn new_level(
    level: u32,
    seed: u64,
    method: Method,
    name: Option<&str>,
) -> Result<String, String> {
    if level > method.max_level() {
        return Err(format!(
            "`--method lines` draws L + 3 lines, (L + 3)(L + 2) / 2 nodes at level L: \
             its levels are 1 to {} (up to 4,950 nodes)",
            method.max_level()
        ));
    }
    let generated = generate(level, seed, method);
    let name = name.map_or_else(|| format!("level_{level}"), str::to_string);
    Ok(block_text(
        &name,
        level,
        seed,
        &generated.positions,
        &generated.links,
    ))
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
