//! A planar block's picture: links (crossing ones red), the first crossings
//! marked, and nodes sized to their number, labelled only where the labels
//! can be read.

use super::svg::{Canvas, Style};
use crate::analysis::Analysis;
use crate::geom::Point;
use crate::planar::crossing::{crossing_point, crossing_summary};

/// The most crossings marked in a picture: a scrambled 5,000-node level has
/// millions, and a mark each made SVGs of hundreds of megabytes. Every
/// crossing link is still drawn as one; the title gives the count.
pub const MOST_MARKS: usize = crate::planar::crossing::PAIRS_KEPT;

/// Above this many nodes no node is labelled: a thousand names around a
/// ring overprint one another (issue 29).
pub const MOST_LABELLED: usize = 200;

/// The room a node's label needs, in pixels between neighbouring nodes: the
/// label's height (14) and its gap from the node (8), and a little air.
const LABEL_ROOM: f64 = 24.0;

pub(super) fn render_puzzle(analysis: &Analysis, index: usize) -> String {
    let puzzle = &analysis.scene().puzzles[index];
    let positions = puzzle.positions();
    let mut canvas = Canvas::fitted(&positions, &[]);
    // Counted per link, with each link's first partners: never a list of
    // every pair (docs/planar.md, "Crossings").
    let summary = puzzle
        .complete
        .then(|| crossing_summary(&positions, &puzzle.links, 0));
    let pairs = summary.as_ref().map(|summary| summary.pairs);
    let state = match pairs {
        None => "crossings not counted (fix the errors first)".to_string(),
        Some(0) => "solved".to_string(),
        Some(1) => "1 crossing".to_string(),
        Some(pairs) if pairs > MOST_MARKS => {
            format!("{pairs} crossings (the first {MOST_MARKS} marked)")
        }
        Some(pairs) => format!("{pairs} crossings"),
    };
    // "level_4 level 4" says it twice: a name with the number is enough.
    let level = puzzle
        .level
        .filter(|level| !puzzle.name.ends_with(&level.to_string()))
        .map_or(String::new(), |level| format!(" level {level}"));
    let heading = format!("{}{level} — {state}", puzzle.name);
    canvas.title(&heading);
    canvas.describe(
        &format!("Planar block {heading}"),
        &description(puzzle.nodes.len(), puzzle.links.len(), pairs),
    );
    let size = node_size(puzzle.nodes.len());
    for (link, &(a, b)) in puzzle.links.iter().enumerate() {
        let crossing = summary
            .as_ref()
            .is_some_and(|summary| summary.counts[link] > 0);
        let style = if crossing {
            Style::Missing
        } else {
            Style::Setup
        };
        canvas.segment(positions[a], positions[b], style, size / 8.0);
    }
    for &(a, b) in summary.iter().flat_map(|summary| &summary.first) {
        let at = crossing_point(&positions, puzzle.links[a], puzzle.links[b]);
        canvas.cross(at, (size / 8.0).max(0.5));
    }
    let labelled = readable(&positions, canvas.scale());
    if labelled {
        // Every disc kept free of labels before the first is placed.
        for node in &puzzle.nodes {
            canvas.reserve(node.position, size * 1.1);
        }
    }
    for node in &puzzle.nodes {
        let name = if labelled { node.name.as_str() } else { "" };
        canvas.node(node.position, name, size);
    }
    canvas.finish()
}

/// "12 nodes, 18 links and 3 crossings." for the picture's `<desc>`.
fn description(nodes: usize, links: usize, pairs: Option<usize>) -> String {
    let plural = |count: usize, word: &str| match count {
        1 => format!("1 {word}"),
        _ => format!("{count} {word}s"),
    };
    let crossings = match pairs {
        Some(0) => "no crossings (untangled)".to_string(),
        Some(pairs) => plural(pairs, "crossing"),
        None => "crossings not counted, as the block has errors".to_string(),
    };
    format!(
        "A Planarity puzzle of {}, {} and {crossings}.",
        plural(nodes, "node"),
        plural(links, "link")
    )
}

/// A node's radius in pixels: 8 for up to 40 nodes, shrinking with the
/// square root of their number (the area each node has) down to 2.
fn node_size(nodes: usize) -> f64 {
    (8.0 * (40.0 / nodes.max(1) as f64).sqrt()).clamp(2.0, 8.0)
}

/// Whether node labels can be read: not too many, and the nodes (at the
/// picture's `scale`) typically further apart than a label is tall.
fn readable(positions: &[Point], scale: f64) -> bool {
    if positions.len() > MOST_LABELLED {
        return false;
    }
    if positions.len() < 2 {
        return true;
    }
    // Each node's nearest neighbour (quadratic, but for at most
    // `MOST_LABELLED` nodes); the median, so that one close pair does not
    // take every label away.
    let mut nearest: Vec<f64> = positions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            positions
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, b)| (*a - *b).norm())
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    nearest.sort_by(f64::total_cmp);
    nearest[nearest.len() / 2] * scale >= LABEL_ROOM
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_shrink_with_their_number() {
        assert_eq!(node_size(5), 8.0);
        assert_eq!(node_size(40), 8.0);
        assert!((node_size(160) - 4.0).abs() < 1e-9);
        assert_eq!(node_size(1000), 2.0);
    }

    #[test]
    fn labels_need_few_nodes_with_room_between_them() {
        let row = |count: usize, gap: f64| -> Vec<Point> {
            (0..count)
                .map(|i| Point::new(i as f64 * gap, 0.0))
                .collect()
        };
        assert!(readable(&row(10, 1.0), 30.0));
        assert!(!readable(&row(10, 1.0), 10.0), "12 px apart");
        assert!(!readable(&row(MOST_LABELLED + 1, 1.0), 100.0));
        assert!(readable(&row(1, 1.0), 1.0));
    }

    #[test]
    fn the_description_counts_nodes_links_and_crossings() {
        assert_eq!(
            description(4, 5, Some(1)),
            "A Planarity puzzle of 4 nodes, 5 links and 1 crossing."
        );
        assert_eq!(
            description(1, 0, Some(0)),
            "A Planarity puzzle of 1 node, 0 links and no crossings (untangled)."
        );
    }
}
