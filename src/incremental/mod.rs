//! Analysis after an edit: when the edit lies inside one `solve` or
//! `planar` block, only that block is parsed, resolved and checked again;
//! the rest of the previous analysis is kept, its spans moved by the edit's
//! change in length. Anything else is analysed from scratch. Either way the
//! result equals `analyze` of the new text (tested on random edits below
//! and in `tests/suite/`); docs/design.md, "Analysis after an edit".

use crate::analysis::{
    analyze_parsed, analyze_shared_in, assemble, Analysis, BlockParts, Redid, Settling, Text, Tree,
};
use crate::check::{check_problem, check_puzzle_after};
use crate::diag::Diagnostic;
use crate::parse::ast::{Item, ItemKind, SourceFile};
use crate::parse::{parse, parse_range};
use crate::planar::recount::Crossings;
use crate::resolve::{resolve_block_again, Pending, Scene};
use crate::span::{Shift, Span};
use std::sync::Arc;

mod declaration;
mod node;

/// The analysis of `text`, reusing what `previous` (of an earlier text)
/// found for the parts the edit left alone.
pub fn reanalyze(previous: &Analysis, text: &str) -> Analysis {
    reanalyze_telling(previous, text).0
}

/// How much of an analysis was done again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Redone {
    /// The text did not change.
    Nothing,
    /// One block was parsed, resolved and checked; the rest was kept.
    OneBlock,
    /// One `node` line of a planar block was parsed and its position
    /// evaluated again; the block's crossings were counted again for that
    /// node alone (`node`).
    OneNode,
    /// One declaration was parsed and defined again, with what is computed
    /// from it; the blocks that use it were resolved and checked again, the
    /// others kept (`declaration`).
    OneDeclaration,
    /// One item (a declaration) was parsed; the whole file was resolved
    /// and checked.
    AllButParsing,
    /// The whole text was analysed.
    Everything,
}

/// `reanalyze`, saying how much it did again.
pub fn reanalyze_telling(previous: &Analysis, text: &str) -> (Analysis, Redone) {
    if *previous.text == *text {
        return (previous.clone(), Redone::Nothing);
    }
    let held = item_holding(previous, text, change_between(&previous.text, text));
    let text: Text = Arc::new(text.to_string());
    if let Some(plan) = held.and_then(|held| node::plan(previous, &text, held)) {
        return (node::redo(previous.clone(), plan, text), Redone::OneNode);
    }
    if let Some(plan) = held.and_then(|held| plan_one_block(previous, &text, held)) {
        return (
            redo_one_block(previous.clone(), plan, text),
            Redone::OneBlock,
        );
    }
    if let Some(plan) = held.and_then(|held| declaration::plan(previous, &text, held)) {
        return declaration::redo(previous.clone(), plan, text);
    }
    everything_else(previous, text, held)
}

/// `reanalyze_telling` that takes the previous analysis over when nothing
/// else holds it: its parts are moved, not copied (the language server's
/// way, where the previous analysis is dropped anyway), and keeps `text`
/// without a copy.
///
/// `change`, when the caller knows it (the language server does from the
/// editor's edit), is the range of the previous text that the edit replaced
/// and what replaced it; else it is found by comparing the texts.
pub fn reanalyze_shared(
    previous: Arc<Analysis>,
    text: Text,
    change: Option<Change>,
) -> (Analysis, Redone) {
    if change.is_none() && *previous.text == *text {
        return (Arc::unwrap_or_clone(previous), Redone::Nothing);
    }
    let held = item_holding(
        &previous,
        &text,
        change.or_else(|| change_between(&previous.text, &text)),
    );
    if let Some(plan) = held.and_then(|held| node::plan(&previous, &text, held)) {
        return (
            node::redo(Arc::unwrap_or_clone(previous), plan, text),
            Redone::OneNode,
        );
    }
    if let Some(plan) = held.and_then(|held| plan_one_block(&previous, &text, held)) {
        let previous = Arc::unwrap_or_clone(previous);
        return (redo_one_block(previous, plan, text), Redone::OneBlock);
    }
    if let Some(plan) = held.and_then(|held| declaration::plan(&previous, &text, held)) {
        return declaration::redo(Arc::unwrap_or_clone(previous), plan, text);
    }
    everything_else(&previous, text, held)
}

fn everything_else(previous: &Analysis, text: Text, held: Option<Held>) -> (Analysis, Redone) {
    if let Some(analysis) = held.and_then(|held| within_one_item(previous, &text, held)) {
        return (analysis, Redone::AllButParsing);
    }
    (
        analyze_shared_in(text, &previous.parts.options, &previous.parts.sources),
        Redone::Everything,
    )
}

/// How a text changed: `old` (a range of the previous text) became `new`
/// (a range of this one); the text before and after is the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub old: Span,
    pub new: Span,
}

/// The one range that differs between two texts (the longest common
/// prefix and suffix left out); `None` when they are equal.
pub fn change_between(before: &str, after: &str) -> Option<Change> {
    let (a, b) = (before.as_bytes(), after.as_bytes());
    let prefix = common_prefix(a, b);
    if prefix == a.len() && prefix == b.len() {
        return None;
    }
    // The suffix may not reach into the prefix.
    let suffix = common_suffix(&a[prefix..], &b[prefix..]);
    Some(Change {
        old: Span::new(prefix, a.len() - suffix),
        new: Span::new(prefix, b.len() - suffix),
    })
}

/// Bytes compared at once while looking for the change, coarse then fine:
/// each slice comparison is one `memcmp` (a 5,000-line file byte by byte
/// cost 0.3 ms).
const CHUNKS: [usize; 2] = [4096, 64];

/// How many bytes `a` and `b` have in common from their starts.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let length = a.len().min(b.len());
    let mut same = 0;
    for chunk in CHUNKS {
        while same + chunk <= length && a[same..same + chunk] == b[same..same + chunk] {
            same += chunk;
        }
    }
    same + a[same..length]
        .iter()
        .zip(&b[same..length])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` have in common from their ends.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let length = a.len().min(b.len());
    let (a, b) = (&a[a.len() - length..], &b[b.len() - length..]);
    let mut same = 0;
    for chunk in CHUNKS {
        while same + chunk <= length
            && a[length - same - chunk..length - same] == b[length - same - chunk..length - same]
        {
            same += chunk;
        }
    }
    let rest = length - same;
    same + a[..rest]
        .iter()
        .rev()
        .zip(b[..rest].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Whether an edit from `previous` to `text` lies inside one block (and the
/// previous text had no syntax error elsewhere): then `reanalyze` most
/// likely redoes that block alone. Cheap: one comparison of the texts.
/// `change` as for `reanalyze_shared`.
pub fn touches_one_block(previous: &Analysis, text: &str, change: Option<Change>) -> bool {
    let change = change.or_else(|| change_between(&previous.text, text));
    item_holding(previous, text, change).is_some_and(|held| block_at(previous, held).is_some())
}

/// The item of the previous text that holds every changed byte, if its
/// syntax errors all lie in it too: where it was and where it is now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Held {
    /// Its index among the file's items.
    item: usize,
    /// Its span in the previous text…
    old: Span,
    /// …and in the new one (longer or shorter by `delta`).
    new: Span,
    delta: isize,
    /// The edit itself.
    change: Change,
}

/// The item holding `change` (`None`: the texts are equal).
fn item_holding(previous: &Analysis, text: &str, change: Option<Change>) -> Option<Held> {
    let change = change?;
    // Items are in order: none ending before the change holds it, nor any
    // starting after it.
    let items = &previous.file().items;
    let first = items.partition_point(|item| item.span.end < change.old.start);
    let item = (first..items.len())
        .take_while(|&i| items[i].span.start <= change.old.start)
        .find(|&i| change.old.end <= items[i].span.end)?;
    let old = previous.file().items[item].span;
    let inside = |span: Span| old.start <= span.start && span.end <= old.end;
    if !previous.parts.syntax.iter().all(|d| inside(d.span)) {
        return None;
    }
    let delta = text.len() as isize - previous.text.len() as isize;
    let new = Span::new(old.start, old.end.checked_add_signed(delta)?);
    Some(Held {
        item,
        old,
        new,
        delta,
        change,
    })
}

/// The held item's index in `Parts::blocks`, if it is a block.
fn block_at(previous: &Analysis, held: Held) -> Option<usize> {
    previous
        .parts
        .blocks
        .iter()
        .position(|block| block.resolution.item == held.item)
}

/// `file` with the held item replaced and every later one moved.
fn splice(file: &mut SourceFile, held: Held, item: Arc<Item>) {
    file.items[held.item] = item;
    if held.delta == 0 {
        return;
    }
    for later in &mut file.items[held.item + 1..] {
        Arc::make_mut(later).shift_after(held.old.end, held.delta);
    }
}

/// How to redo one block, or `None` when the edit is not inside one block,
/// the previous text had syntax errors outside that block, the new text's
/// items outside it are not the previous ones moved, or the block is no
/// longer a block of the same kind.
///
/// Why parsing a clean block alone is enough: items are parsed one after
/// the other, each from the start of a statement; the text before the block
/// is unchanged, and a block that ends with its own `}` is parsed from the
/// same tokens, and stops at the same place, with or without the text after
/// it. The text after it is unchanged and is parsed from the start of a
/// statement in both versions. The top level of the scene reads only
/// declarations (and whether any `solve` block exists), so it is kept; the
/// block's uses of top-level names are replaced in `Scene::references`.
/// A block's name as written, if it has one.
fn block_name(item: &Item) -> Option<&str> {
    match &item.kind {
        ItemKind::Solve(block) => block.name.as_ref().map(|name| name.text.as_str()),
        ItemKind::Planar(block) => block.name.as_ref().map(|name| name.text.as_str()),
        ItemKind::Decl(_) | ItemKind::Tool(_) | ItemKind::Use(_) | ItemKind::Error(_) => None,
    }
}

fn plan_one_block(previous: &Analysis, text: &str, held: Held) -> Option<Plan> {
    let position = block_at(previous, held)?;
    let block = &previous.parts.blocks[position].resolution;
    let Held {
        item: index,
        new: new_span,
        delta,
        ..
    } = held;
    let from = held.old.end;
    let tree = match parse_item_alone(text, new_span) {
        Some(item) => Reparsed::Item(item),
        None => {
            // A block with syntax errors: the parser's recovery reports
            // them with what it saw before the block, so the whole text is
            // parsed — and the rest is kept only if it parsed as before.
            let (file, syntax) = parse(text);
            let same_items = file.items.len() == previous.file().items.len()
                && file.items[index].span == new_span
                && file.items[..index] == previous.file().items[..index]
                && file.items[index + 1..]
                    .iter()
                    .zip(&previous.file().items[index + 1..])
                    .all(|(new, old)| {
                        let mut old = Item::clone(old);
                        old.shift_after(from, delta);
                        **new == old
                    });
            let inside = |span: Span| new_span.start <= span.start && span.end <= new_span.end;
            if !same_items || !syntax.iter().all(|d| inside(d.span)) {
                return None;
            }
            Reparsed::File(file, syntax)
        }
    };
    let item = match &tree {
        Reparsed::Item(item) => item,
        Reparsed::File(file, _) => &file.items[index],
    };
    let same_kind = match item.kind {
        ItemKind::Solve(_) => !block.is_puzzle,
        ItemKind::Planar(_) => block.is_puzzle,
        ItemKind::Decl(_) | ItemKind::Tool(_) | ItemKind::Use(_) | ItemKind::Error(_) => false,
    };
    // A block renamed may now share its name with another, or no longer
    // (E0102, a top-level diagnostic): the whole file is analysed again.
    let same_name = block_name(item) == block_name(&previous.file().items[index]);
    (same_kind && same_name).then_some(Plan {
        position,
        held,
        tree,
    })
}

/// What `plan_one_block` found: the edited block (its index in
/// `Parts::blocks`), where it was and is, and its new tree.
struct Plan {
    position: usize,
    held: Held,
    tree: Reparsed,
}

enum Reparsed {
    /// The block parsed alone (no syntax error).
    Item(Arc<Item>),
    /// The whole text parsed (the block has syntax errors).
    File(SourceFile, Vec<Diagnostic>),
}

/// The analysis of `text` from the previous one and the plan: the rest
/// moved, the block resolved and checked again.
fn redo_one_block(previous: Analysis, plan: Plan, text: Text) -> Analysis {
    let Analysis {
        text: text_before,
        tree: previous_tree,
        scene,
        mut reports,
        mut puzzle_reports,
        mut parts,
        ..
    } = previous;
    let Plan {
        position,
        held,
        tree,
    } = plan;
    let (from, delta) = (held.old.end, held.delta);
    let previous_block = parts.blocks[position].resolution.clone();
    let index = previous_block.item;
    // The items after the block move when the tree is first read, after
    // the diagnostics are out (`analysis::Settling`).
    let (file, first) = match tree {
        Reparsed::Item(item) => {
            let mut file = previous_tree.into_inner().file;
            file.items[index] = item;
            parts.syntax = Vec::new();
            (file, index + 1)
        }
        Reparsed::File(parsed, syntax) => {
            parts.syntax = syntax;
            let moved = parsed.items.len();
            (parsed, moved)
        }
    };
    // An edit that keeps the text's length (a character replaced) moves
    // nothing after it. The scene's spans move when it is first read, after
    // the diagnostics are out (`analysis::Settling`); until then the block
    // reads its symbols' spans moved (`Scene::symbol_span`).
    let mut scene = scene.into_inner();
    move_after(&mut scene, &mut parts, from, delta);
    let Some(resolution) = resolve_block_again(&file.items[index], &previous_block, &mut scene)
    else {
        // Not reached: the plan checked the block's kind.
        return analyze_shared_in(text, &parts.options, &parts.sources);
    };
    if let Some(pending) = &mut scene.pending {
        pending.fresh_references = resolution.references.clone();
        pending.fresh = Some((resolution.is_puzzle, resolution.index));
    }
    let moved = resolution.references.len() as isize - previous_block.references.len() as isize;
    for later in &mut parts.blocks[position + 1..] {
        let references = &mut later.resolution.references;
        *references = references.start.saturating_add_signed(moved)
            ..references.end.saturating_add_signed(moved);
    }
    let before = parts.blocks[position].crossings.take();
    parts.blocks[position] = recheck(
        &scene,
        resolution,
        before,
        &mut reports,
        &mut puzzle_reports,
    );
    let tree = Tree::moving(file, first, from, delta);
    let redid = Redid {
        before: text_before,
        old: held.old,
        new: held.new,
    };
    assemble_redone(redid, text, (tree, scene), reports, puzzle_reports, parts)
}

/// The analysis after an edit that redid one part alone (`redid`): its
/// tree and scene settle when first read (`analysis::Settling`).
fn assemble_redone(
    redid: Redid,
    text: Text,
    (tree, scene): (Tree, Scene),
    reports: Vec<crate::check::BlockReport>,
    puzzle_reports: Vec<crate::check::PuzzleReport>,
    parts: crate::analysis::Parts,
) -> Analysis {
    Analysis {
        redone: Some(redid),
        ..assemble(
            text,
            Settling::waiting(tree),
            Settling::waiting(scene),
            reports,
            puzzle_reports,
            parts,
        )
    }
}

/// Leaves the scene's spans from `from` on to move by `delta` (when it
/// settles), and moves the diagnostics of the top level and every block.
fn move_after(scene: &mut Scene, parts: &mut crate::analysis::Parts, from: usize, delta: isize) {
    if delta == 0 {
        return;
    }
    scene.pending = Some(Pending {
        from,
        delta,
        fresh_references: 0..0,
        fresh: None,
    });
    parts.top.shift_after(from, delta);
    for block in &mut parts.blocks {
        block.resolution.diagnostics.shift_after(from, delta);
        block.checked.shift_after(from, delta);
    }
}

/// Checks the block `resolution` resolved again, putting its report in
/// place, a planar block from its crossing count `before` the edit; the
/// block's parts.
fn recheck(
    scene: &crate::resolve::Scene,
    resolution: crate::resolve::BlockResolution,
    before: Option<Arc<Crossings>>,
    reports: &mut [crate::check::BlockReport],
    puzzle_reports: &mut [crate::check::PuzzleReport],
) -> BlockParts {
    let index = resolution.index;
    let (checked, crossings) = if resolution.is_puzzle {
        let (report, diagnostics, crossings) = check_puzzle_after(&scene.puzzles[index], before);
        puzzle_reports[index] = report;
        (diagnostics, crossings)
    } else {
        let (report, diagnostics) = check_problem(&scene.problems[index], || scene.survey(index));
        reports[index] = report;
        (diagnostics, None)
    };
    BlockParts {
        resolution,
        checked,
        crossings,
    }
}

/// The item in `span` parsed on its own, if it is one item of exactly that
/// extent with no syntax error (a block closed by its `}`): then the whole
/// text's parse has it too. (With an error, the parser's report depends on
/// what it recovered from before the item.)
pub(super) fn parse_item_alone(text: &str, span: Span) -> Option<Arc<Item>> {
    let (mut parsed, syntax) = parse_range(text, span);
    let closed = parsed.items.first().is_some_and(|item| match &item.kind {
        ItemKind::Solve(block) => block.closed,
        ItemKind::Planar(block) => block.closed,
        ItemKind::Tool(tool) => tool.closed,
        ItemKind::Decl(_) | ItemKind::Use(_) => true,
        ItemKind::Error(_) => false,
    });
    if !closed || !syntax.is_empty() || parsed.items.len() != 1 || parsed.items[0].span != span {
        return None;
    }
    parsed.items.pop()
}

/// An edit inside one item that parses cleanly alone (a declaration, most
/// often): the other items are kept, moved, and the file is resolved and
/// checked from that tree — everything but the parse, a third of a full
/// analysis. `None` when the item does not parse cleanly alone.
fn within_one_item(previous: &Analysis, text: &Text, held: Held) -> Option<Analysis> {
    let item = parse_item_alone(text, held.new)?;
    let mut file = previous.file().clone();
    splice(&mut file, held, item);
    Some(analyze_parsed(
        text.clone(),
        file,
        Vec::new(),
        &previous.parts.options,
        &previous.parts.sources,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    proptest::proptest! {
        /// Comparing 4 KB and then 64 bytes at a time finds the ends byte
        /// by byte does: on texts of few letters (so ends overlap), some
        /// repeated past 4 KB so that the coarse chunks are used, an edit
        /// anywhere.
        #[test]
        fn the_change_found_in_chunks_is_the_one_found_byte_by_byte(
            piece in "[ab\n]{0,400}",
            copies in 1usize..30,
            at in 0usize..12_000,
            removed in 0usize..80,
            inserted in "[ab]{0,80}",
        ) {
            let text = piece.repeat(copies);
            let (_, edited) = crate::span::tests::replace(&text, at, removed, &inserted);
            let (a, b) = (text.as_bytes(), edited.as_bytes());
            let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let room = a.len().min(b.len()) - prefix;
            let suffix = a.iter().rev().zip(b.iter().rev()).take(room).take_while(|(x, y)| x == y).count();
            let expected = (text != edited).then(|| Change {
                old: Span::new(prefix, a.len() - suffix),
                new: Span::new(prefix, b.len() - suffix),
            });
            proptest::prop_assert_eq!(change_between(&text, &edited), expected);
        }
    }

    #[test]
    fn the_change_is_the_range_between_the_common_ends() {
        assert_eq!(change_between("abc", "abc"), None);
        assert_eq!(
            change_between("let a = 1\n", "let a = 12\n"),
            Some(Change {
                old: Span::new(9, 9),
                new: Span::new(9, 10)
            })
        );
        // A repeated letter: the prefix wins, the suffix does not overlap it.
        assert_eq!(
            change_between("aa", "aaa"),
            Some(Change {
                old: Span::new(2, 2),
                new: Span::new(2, 3)
            })
        );
        assert_eq!(
            change_between("abcd", ""),
            Some(Change {
                old: Span::new(0, 4),
                new: Span::new(0, 0)
            })
        );
    }

    /// Everything the editor and the command line read from an analysis.
    fn assert_same(fast: &Analysis, full: &Analysis) {
        assert_eq!(fast.text, full.text);
        assert_eq!(fast.file(), full.file());
        assert_eq!(fast.diagnostics, full.diagnostics);
        assert_eq!(fast.reports, full.reports);
        assert_eq!(fast.puzzle_reports, full.puzzle_reports);
        assert_eq!(fast.scene().symbols, full.scene().symbols);
        assert_eq!(fast.scene().references, full.scene().references);
        assert_eq!(fast.scene().problems, full.scene().problems);
        assert_eq!(fast.scene().puzzles, full.scene().puzzles);
        assert_eq!(fast.scene().values, full.scene().values);
        assert_eq!(fast.scene().extent, full.scene().extent);
        assert_eq!(fast.scene().goals, full.scene().goals);
        assert_eq!(fast.scene().drops_points(), full.scene().drops_points());
        assert_eq!(fast.scene().tools, full.scene().tools);
        let readers = |analysis: &Analysis| -> Vec<Vec<usize>> {
            let mut readers = analysis.scene().readers.to_vec();
            readers.iter_mut().for_each(|list| list.sort_unstable());
            readers
        };
        assert_eq!(readers(fast), readers(full));
    }

    #[test]
    fn edits_one_after_another_keep_what_reads_what() {
        // Each from the previous analysis, as typing makes them: `E` stops
        // reading `s`, then reads it again; the figure grows and shrinks.
        let mut text = DECLARATIONS.to_string();
        let mut previous = Arc::new(analyze(&text));
        // An edit inside a block, between them, starts from the kept
        // blocks with their changed inputs put in.
        let (declaration, block) = (Redone::OneDeclaration, Redone::OneBlock);
        for (find, replace, expected) in [
            ("(2, s)", "(2, 2 * r)", declaration),
            ("let s = 2 * r", "let s = 2.5 * r", declaration),
            ("let r = 1", "let r = 1.25", declaration),
            (
                "  c2 = circle(B, A)\n  P",
                "  c2 = circle(B,  A)\n  P",
                block,
            ),
            ("(2, 2 * r)", "(2, s)", declaration),
            ("let s = 2.5 * r", "let s = 2 * r", declaration),
            ("(1, 3)", "(1, 3.5)", declaration),
            ("  c2 = circle(C, A)", "  c2 = circle(C,A)", block),
            ("(3, 1)", "(3, 3.5)", declaration),
            ("(1, 3.5)", "(1, 3)", declaration),
            ("(3, 3.5)", "(3, 1)", declaration),
            // The box of the figure but `C` is kept from one edit of `C` to
            // the next, and let go when `G` moves inside it in between.
            ("(3, 1)", "(3, 2)", declaration),
            ("(1, 3)", "(1, 3.5)", declaration),
            ("(3, 2)", "(3, 2.8)", declaration),
            ("(1, 3.5)", "(1, 2.2)", declaration),
        ] {
            assert!(text.contains(find), "{find}");
            text = text.replacen(find, replace, 1);
            let (analysis, redone) = reanalyze_shared(previous, Arc::new(text.clone()), None);
            assert_eq!(redone, expected, "`{find}` → `{replace}`");
            assert_same(&analysis, &analyze(&text));
            previous = Arc::new(analysis);
        }
    }

    const FILE: &str = "point A = (0, 0)\npoint B = (1, 0)\n\
        solve first {\n  goal M = midpoint(A, B)\n}\n\
        let r = 2\n\
        planar p {\n  node a = (0, 0)\n  node b = (1, 1)\n  node c = (1, 0)\n  node d = (0, 1)\n  edge a - b, c - d\n}\n\
        solve second {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\n\
        point D = (r, 1)\n";

    #[test]
    fn an_edit_inside_a_block_redoes_that_block_alone() {
        let previous = analyze(FILE);
        assert_eq!(previous.parts.syntax, []);
        for (find, replace) in [
            ("c2 = circle(B, A)", "c2 = circle(B, A)\n  c3 = line(A, B)"),
            ("C, _ = c1 & c2", "_, C = c1 & c2"),
            ("goal M = midpoint(A, B)", "goal M = midpoint(A, Bx)"),
            ("edge a - b, c - d", "edge a - b"),
            ("node a = (0, 0)", "node a = (1, 1)"),
            // A node renamed, or placed at a declared value: the block.
            ("node b = (1, 1)", "node bb = (1, 1)"),
            ("node c = (1, 0)", "node c = (r, 0)"),
            ("solve first {\n", "solve first {\n  mask line\n"),
            // Syntax errors inside the block: it still ends at its `}`.
            ("C, _ = c1 & c2", "C, _ = c1 & (c2"),
            ("c1 = circle(A, B)", "c1 = circle(A, B"),
        ] {
            let text = FILE.replacen(find, replace, 1);
            // A coordinate of a node: that node alone.
            let expected = if replace == "node a = (1, 1)" {
                Redone::OneNode
            } else {
                Redone::OneBlock
            };
            let (fast, redone) = reanalyze_telling(&previous, &text);
            assert_eq!(redone, expected, "`{find}` → `{replace}`");
            assert_same(&fast, &analyze(&text));
            let (shared, redone) =
                reanalyze_shared(Arc::new(previous.clone()), Arc::new(text.clone()), None);
            assert_eq!(redone, expected);
            assert_same(&shared, &fast);
            // The editor's edit as the change: wider than the bytes that
            // differ, the same analysis.
            let start = FILE.find(find).expect("in the file");
            let change = Change {
                old: Span::new(start, start + find.len()),
                new: Span::new(start, start + replace.len()),
            };
            let (hinted, redone) = reanalyze_shared(
                Arc::new(previous.clone()),
                Arc::new(text.clone()),
                Some(change),
            );
            assert_eq!(redone, Redone::OneBlock);
            assert_same(&hinted, &fast);
        }
    }

    #[test]
    fn edits_outside_one_block_are_analysed_from_scratch() {
        let previous = analyze(FILE);
        for (find, replace) in [
            ("let r = 2", "let r = 3"),
            ("}\nlet r", "}\n\nlet r"),
            ("solve second {", "solve second {{"),
            ("}\nlet r", "let r"),
        ] {
            let text = FILE.replacen(find, replace, 1);
            let held = item_holding(&previous, &text, change_between(&previous.text, &text));
            assert!(
                held.and_then(|held| plan_one_block(&previous, &text, held))
                    .is_none(),
                "{find}"
            );
            assert_same(&reanalyze(&previous, &text), &analyze(&text));
        }
    }

    #[test]
    fn an_edit_inside_a_declaration_keeps_the_parse_of_the_rest() {
        let previous = analyze(FILE);
        // `D` moves with `r`, and the figure's size with it: every random
        // instance is drawn relative to that size.
        for (find, replace) in [("let r = 2", "let r = 3"), ("point B", "line B")] {
            let text = FILE.replacen(find, replace, 1);
            let (analysis, redone) = reanalyze_telling(&previous, &text);
            assert_eq!(redone, Redone::AllButParsing, "{find}");
            assert_same(&analysis, &analyze(&text));
        }
    }

    /// A tool of your own between two blocks that use it.
    const TOOLS: &str = "point A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n\
        solve first {\n  tools foot\n  goal G = project(X, line(A, B))\n  ab = line(A, B)\n  G = foot(X, ab)\n}\n\
        /// The foot of the perpendicular.\n\
        tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n\
        solve second {\n  tools foot\n  goal H = project(A, line(B, X))\n  bx = line(B, X)\n  H = foot(A, bx)\n}\n";

    #[test]
    fn edits_around_and_inside_a_tool_are_analysed_as_from_scratch() {
        let previous = analyze(TOOLS);
        assert!(!previous.has_errors(), "{:?}", previous.diagnostics);
        for (find, replace, expected) in [
            // Before the tool: its spans move.
            (
                "  ab = line(A, B)\n",
                "  ab = line(A,  B)\n",
                Redone::OneBlock,
            ),
            ("  G = foot(X, ab)", "  G = foot(X, X)", Redone::OneBlock),
            ("  bx = line(B, X)", "  bx = line(X, B)", Redone::OneBlock),
            ("(1.5, 3)", "(1.5, 3.5)", Redone::OneDeclaration),
            ("  F = l & m", "  F = m & l", Redone::AllButParsing),
            ("P = (0, 2)", "P = (0, 2.5)", Redone::AllButParsing),
            ("-> F {", "-> G {", Redone::AllButParsing),
            (
                "perpendicular.",
                "perpendicular from P.",
                Redone::Everything,
            ),
        ] {
            assert!(TOOLS.contains(find), "{find}");
            let text = TOOLS.replacen(find, replace, 1);
            let (analysis, redone) = reanalyze_telling(&previous, &text);
            assert_eq!(redone, expected, "`{find}` → `{replace}`");
            assert_same(&analysis, &analyze(&text));
        }
    }

    /// Declarations that feed some blocks and not others, parameters and
    /// not, edits that keep the length and edits that do not.
    const DECLARATIONS: &str = "let r = 1\nlet s = 2 * r\n\
        point A = (0, 0)\npoint B = (4, 0)\npoint C = (1, 3)\npoint E = (2, s)\n\
        line m = line(A, C)\n\
        solve first {\n  goal M = midpoint(A, B)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  P, Q = c1 & c2\n  l = line(P, Q)\n  n = line(A, B)\n  M = l & n\n}\n\
        solve second {\n  goal D = rotate(C, A, 60deg)\n  c1 = circle(A, C)\n  c2 = circle(C, A)\n  D, _ = c1 & c2\n}\n\
        solve third {\n  goal F = midpoint(E, C)\n}\n\
        point G = (3, 1)\n";

    #[test]
    fn an_edit_of_a_value_redoes_only_the_blocks_that_use_it() {
        let previous = analyze(DECLARATIONS);
        assert!(
            previous.diagnostics.iter().all(|d| !d.is_error()),
            "{:?}",
            previous.diagnostics
        );
        for (find, replace, expected) in [
            ("(1, 3)", "(1, 2.5)", Redone::OneDeclaration),
            ("let r = 1", "let r = 1.25", Redone::OneDeclaration),
            ("let s = 2 * r", "let s = 2.5 * r", Redone::OneDeclaration),
            ("let s = 2 * r", "let s = r + r", Redone::OneDeclaration),
            ("(3, 1)", "(3, 1.5)", Redone::OneDeclaration),
            ("(3, 1)", "(  3, 1)", Redone::OneDeclaration),
            ("line(A, C)", "line(C, A)", Redone::OneDeclaration),
            // `G` onto the first block's goal: the block is checked again.
            ("(3, 1)", "(2, 0)", Redone::OneDeclaration),
            ("point G", "point H", Redone::AllButParsing),
            ("(3, 1)", "(3, 1) + G", Redone::AllButParsing),
            ("(3, 1)", "(300, 1)", Redone::AllButParsing),
            // `C` to the figure's edge: its extent changes, not its size.
            ("(1, 3)", "(1, 3.5)", Redone::OneDeclaration),
            ("(1, 3)", "(1, -0.5)", Redone::OneDeclaration),
            // `B` past it: the figure's size, which random instances move
            // points by a part of, changes.
            ("(4, 0)", "(4.5, 0)", Redone::AllButParsing),
        ] {
            let text = DECLARATIONS.replacen(find, replace, 1);
            let (analysis, redone) = reanalyze_telling(&previous, &text);
            assert_eq!(redone, expected, "`{find}` → `{replace}`");
            assert_same(&analysis, &analyze(&text));
            let (shared, _) =
                reanalyze_shared(Arc::new(previous.clone()), Arc::new(text.clone()), None);
            assert_same(&shared, &analysis);
        }
    }
}
