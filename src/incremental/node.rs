//! An edit inside one `node` line of a planar block that keeps the node's
//! name (a coordinate changed: the common edit of a level, by hand or by
//! the board): that line alone is parsed, the node's position evaluated
//! again and the block's crossings counted again for that node
//! (`check_puzzle_after`); the block's other lines are kept, moved. On a
//! 5,000-node level the block is 12,000 lines, and parsing and resolving
//! it all again was most of a keystroke's cost. docs/design.md, "Analysis
//! after an edit".

use super::{assemble_redone, move_after, recheck, Held};
use crate::analysis::{Analysis, Redid, Text, Tree};
use crate::geom::Point;
use crate::parse::ast::{ItemKind, PlanarItem, PlanarItemKind};
use crate::parse::parse;
use crate::resolve::node_position_again;
use crate::span::{Shift, Span};
use std::sync::Arc;

/// What `plan` found: the edited block (its place in `Parts::blocks`), the
/// line's place among its lines and its node's among the puzzle's nodes,
/// the line as it is now and the node's new position.
pub(super) struct Plan {
    held: Held,
    block: usize,
    line: usize,
    node: usize,
    /// Where the line was.
    old: Span,
    new: PlanarItem,
    position: Point,
}

/// The plan for an edit inside one `node` line of a planar block that
/// resolved without a diagnostic, in a file without syntax errors, when
/// the line parses cleanly alone, keeps its name where it was, and both
/// its old and its new value are points that read no name.
pub(super) fn plan(previous: &Analysis, text: &str, held: Held) -> Option<Plan> {
    let parts = &previous.parts;
    if !parts.syntax.is_empty() {
        return None;
    }
    let block = parts
        .blocks
        .iter()
        .position(|block| block.resolution.item == held.item)?;
    let resolution = &parts.blocks[block].resolution;
    if !resolution.is_puzzle || !resolution.diagnostics.is_empty() {
        return None;
    }
    let ItemKind::Planar(planar) = &previous.file().items[held.item].kind else {
        return None;
    };
    let change = held.change;
    let line = planar
        .items
        .partition_point(|line| line.span.end < change.old.end);
    let old = planar.items.get(line)?;
    // Strictly after the line's start: no line before it ends where the
    // edit begins.
    if !(old.span.start < change.old.start && change.old.end <= old.span.end) {
        return None;
    }
    let PlanarItemKind::Node { name, .. } = &old.kind else {
        return None;
    };
    let scene = previous.scene();
    let puzzle = &scene.puzzles[resolution.index];
    let node = planar.items[..line]
        .iter()
        .filter(|line| matches!(line.kind, PlanarItemKind::Node { .. }))
        .count();
    let same_node = puzzle.nodes.get(node).is_some_and(|n| n.name == name.text);
    let reads_a_name = scene.references[resolution.references.clone()]
        .iter()
        .any(|use_| old.span.start <= use_.span.start && use_.span.start < old.span.end);
    if !puzzle.complete || !same_node || reads_a_name {
        return None;
    }
    let span = Span::new(old.span.start, old.span.end.checked_add_signed(held.delta)?);
    let new = parse_line_alone(text, span)?;
    let PlanarItemKind::Node {
        name: new_name,
        value,
    } = &new.kind
    else {
        return None;
    };
    if new_name.text != name.text || new_name.span != name.span {
        return None;
    }
    let position = node_position_again(value, scene)?;
    Some(Plan {
        held,
        block,
        line,
        node,
        old: old.span,
        new,
        position,
    })
}

/// The line of a planar block in `span` of `text`, parsed as the only line
/// of a block: `None` unless it is one line of exactly that extent, with
/// no syntax error.
fn parse_line_alone(text: &str, span: Span) -> Option<PlanarItem> {
    const OPEN: &str = "planar {\n";
    let line = text.get(span.range())?;
    let (file, syntax) = parse(&format!("{OPEN}{line}\n}}"));
    let [item] = file.items.as_slice() else {
        return None;
    };
    let ItemKind::Planar(block) = &item.kind else {
        return None;
    };
    let [only] = block.items.as_slice() else {
        return None;
    };
    let mut only = only.clone();
    only.shift_after(0, span.start as isize - OPEN.len() as isize);
    (syntax.is_empty() && only.span == span).then_some(only)
}

/// The analysis after the planned edit.
pub(super) fn redo(previous: Analysis, plan: Plan, text: Text) -> Analysis {
    let Analysis {
        text: text_before,
        tree,
        scene,
        mut reports,
        mut puzzle_reports,
        mut parts,
        ..
    } = previous;
    let Plan {
        held,
        block,
        line,
        node,
        old,
        new,
        position,
    } = plan;
    let (from, delta) = (held.change.old.end, held.delta);
    let (old_line, new_line) = (old, new.span);
    let value_span = match &new.kind {
        PlanarItemKind::Node { value, .. } => value.span,
        _ => new.span,
    };
    // The block's lines after the edit move now; the items after the block
    // when the tree is first read (`analysis::Settling`).
    let mut file = tree.into_inner().file;
    let item = Arc::make_mut(&mut file.items[held.item]);
    if delta != 0 {
        item.shift_after(from, delta);
    }
    if let ItemKind::Planar(planar) = &mut item.kind {
        planar.items[line] = new;
    }
    let mut scene = scene.into_inner();
    move_after(&mut scene, &mut parts, from, delta);
    // The puzzle moves now, so that its check speaks of the new text; it is
    // left out of the scene's pending move.
    let index = parts.blocks[block].resolution.index;
    let puzzle = &mut scene.puzzles[index];
    if let Some(pending) = &mut scene.pending {
        puzzle.shift_after(from, delta);
        pending.fresh = Some((true, index));
    }
    puzzle.nodes[node].position = position;
    puzzle.nodes[node].value_span = value_span;
    let before = parts.blocks[block].crossings.take();
    let resolution = parts.blocks[block].resolution.clone();
    parts.blocks[block] = recheck(
        &scene,
        resolution,
        before,
        &mut reports,
        &mut puzzle_reports,
    );
    let tree = Tree::moving(file, held.item + 1, held.old.end, delta);
    let redid = Redid {
        before: text_before,
        old: old_line,
        new: new_line,
    };
    assemble_redone(redid, text, (tree, scene), reports, puzzle_reports, parts)
}
