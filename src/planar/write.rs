//! Puzzles → `.euc` text: a generated level as a `planar` block.

use super::crossing::Link;
use crate::geom::Point;

/// A `planar` block with nodes `n1`, `n2`, … at `positions`.
pub fn block_text(
    name: &str,
    level: u32,
    seed: u64,
    positions: &[Point],
    links: &[Link],
) -> String {
    let mut text = format!("planar {name} {{\n  level {level}\n  seed {seed}\n");
    for (index, point) in positions.iter().enumerate() {
        text.push_str(&format!(
            "  node n{} = {}\n",
            index + 1,
            position_text(*point)
        ));
    }
    for chunk in links.chunks(8) {
        let edges: Vec<String> = chunk
            .iter()
            .map(|&(a, b)| format!("n{} - n{}", a + 1, b + 1))
            .collect();
        text.push_str(&format!("  edge {}\n", edges.join(", ")));
    }
    text.push_str("}\n");
    text
}

pub fn position_text(point: Point) -> String {
    point.to_string()
}
