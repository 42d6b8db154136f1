//! An edit inside one top-level declaration that keeps its names, kinds and
//! types (a number changed, most often): the declaration is defined again
//! with what is computed from it (`resolve::redefine`); the blocks that
//! use one of the changed names are resolved and checked again, and the
//! others keep their problem and report with the changed givens and setup
//! objects put in, when that cannot change what their check found.
//! docs/design.md, "Analysis after an edit".

use super::{move_after, parse_item_alone, recheck, Held, Redone};
use crate::analysis::{analyze_parsed, assemble, Analysis, Settling, Tree};
use crate::check::{BlockReport, Status};
use crate::parse::ast::{Item, ItemKind, SourceFile};
use crate::resolve::redefine::{moved_inputs, redefine, Moved, PendingInputs};
use crate::resolve::{resolve_block_again, Scene};
use crate::span::{Settle, Shift};
use std::sync::Arc;

/// An edited declaration, parsed alone.
pub(super) struct Plan {
    held: Held,
    item: Arc<Item>,
}

/// The plan for an edit inside a declaration of a file without syntax
/// errors or top-level diagnostics, when the declaration parses cleanly
/// alone and binds the same names.
pub(super) fn plan(previous: &Analysis, text: &str, held: Held) -> Option<Plan> {
    let parts = &previous.parts;
    if !parts.syntax.is_empty() || !parts.top.is_empty() {
        return None;
    }
    let ItemKind::Decl(old) = &previous.file().items[held.item].kind else {
        return None;
    };
    let item = parse_item_alone(text, held.new)?;
    let ItemKind::Decl(new) = &item.kind else {
        return None;
    };
    let names = |decl: &crate::parse::ast::Decl| -> Vec<Option<String>> {
        decl.binders
            .iter()
            .map(|binder| binder.name().map(|name| name.text.clone()))
            .collect()
    };
    (old.kind == new.kind && names(old) == names(new)).then_some(Plan { held, item })
}

/// The analysis after the planned edit; from the edited tree when the
/// declaration changed more than values (`redefine` says when).
pub(super) fn redo(
    previous: Analysis,
    plan: Plan,
    text: crate::analysis::Text,
) -> (Analysis, Redone) {
    let Analysis {
        tree,
        scene,
        mut reports,
        mut puzzle_reports,
        mut parts,
        ..
    } = previous;
    let Plan { held, item } = plan;
    let (from, delta) = (held.old.end, held.delta);
    let mut file = tree.into_inner().file;
    file.items[held.item] = item;
    let mut scene = scene.into_inner();
    scene.settle();
    // The declaration's uses of names, found while every span is still
    // where the previous text has it.
    let top_references = parts
        .blocks
        .first()
        .map_or(scene.references.len(), |block| {
            block.resolution.references.start
        });
    let top = &scene.references[..top_references];
    let old_references = top.partition_point(|use_| use_.span.start < held.old.start)
        ..top.partition_point(|use_| use_.span.start < held.old.end);
    // Several blocks may be resolved again in their new places: the
    // scene's spans move at once.
    move_after(&mut scene, &mut parts, from, delta);
    scene.settle();
    let Some(redefined) = redefine(&mut scene, &file.items[held.item], old_references) else {
        let file = moved(file, held);
        let analysis = analyze_parsed(text, file, Vec::new(), &parts.options, &parts.sources);
        return (analysis, Redone::AllButParsing);
    };
    let moved_inputs = moved_inputs(&scene, &redefined.changed).zip(redefined.before);
    // Which blocks' goals the changed inputs leave alone, from one list of
    // every block's goals rather than from each block's instances.
    let untouched = moved_inputs
        .as_ref()
        .map(|(moved, before)| scene.goals.untouched(moved, before));
    let mut patched = Vec::new();
    let mut offset = redefined.moved;
    for block in &mut parts.blocks {
        let resolution = &mut block.resolution;
        let references = &mut resolution.references;
        *references = references.start.saturating_add_signed(offset)
            ..references.end.saturating_add_signed(offset);
        let uses_changed = scene.references[references.clone()]
            .iter()
            .any(|reference| redefined.changed.binary_search(&reference.symbol).is_ok());
        let index = resolution.index;
        let kept = !uses_changed
            && (resolution.is_puzzle
                || moved_inputs.as_ref().zip(untouched.as_ref()).is_some_and(
                    |((moved, before), untouched)| {
                        untouched[index] && patch(&scene, &mut reports[index], index, moved, before)
                    },
                ));
        if kept {
            if !resolution.is_puzzle {
                patched.push(index);
            }
            continue;
        }
        // The block's item as the new text has it.
        let mut item = Item::clone(&file.items[resolution.item]);
        if resolution.item > held.item {
            item.shift_after(from, delta);
        }
        let Some(again) = resolve_block_again(&item, resolution, &mut scene) else {
            // Not reached: the item is the block it was.
            let analysis = analyze_parsed(
                text,
                moved(file, held),
                Vec::new(),
                &parts.options,
                &parts.sources,
            );
            return (analysis, Redone::AllButParsing);
        };
        offset += again.references.len() as isize - resolution.references.len() as isize;
        let before = block.crossings.take();
        *block = recheck(&scene, again, before, &mut reports, &mut puzzle_reports);
    }
    // The kept blocks' instances take the changed inputs when the scene is
    // first read, after the diagnostics are out: memory the edit would
    // otherwise find cold in every block.
    if let (Some((moved, _)), false) = (moved_inputs, patched.is_empty()) {
        scene.pending_inputs = Some(PendingInputs {
            moved,
            problems: patched,
        });
    }
    let tree = Tree::moving(file, held.item + 1, from, delta);
    let analysis = assemble(
        text,
        Settling::waiting(tree),
        Settling::waiting(scene),
        reports,
        puzzle_reports,
        parts,
    );
    (analysis, Redone::OneDeclaration)
}

/// `file`, whose items after the edited one are where the previous text
/// had them, with them moved.
fn moved(file: SourceFile, held: Held) -> SourceFile {
    Settling::waiting(Tree::moving(file, held.item + 1, held.old.end, held.delta))
        .into_inner()
        .file
}

/// Puts the changed givens and setup objects into the report of solve
/// block `index`, which uses none of the changed names and whose goals
/// they leave alone (`GoalTable::untouched`): `false`, and nothing
/// changed, when that could still change what checking it finds — it was
/// not solved (nor empty), or a changed object, where it was or where it
/// is, is an object its steps draw again.
fn patch(
    scene: &Scene,
    report: &mut BlockReport,
    index: usize,
    moved: &[Vec<Moved>],
    before: &[Vec<Moved>],
) -> bool {
    let problem = &scene.problems[index];
    let settled = match report.status {
        Status::Solved => true,
        Status::Unsolved => problem.steps.is_empty(),
        Status::Failed | Status::Unchecked => false,
    };
    if !settled {
        return false;
    }
    if cfg!(debug_assertions) {
        for (instance, before) in problem.instances.iter().zip(before) {
            for before in before {
                assert!(held_by(instance, before), "{before:?} in block {index}");
            }
        }
    }
    if let Some(replay) = &report.replay {
        for moved in &moved[0] {
            let Moved::Setup(at, object) = *moved else {
                continue;
            };
            let old = problem.instances[0].setup[at];
            let drawn_again = replay
                .objects
                .iter()
                .enumerate()
                .any(|(other, drawn)| other != at && (drawn.same(&old) || drawn.same(&object)));
            if drawn_again {
                return false;
            }
        }
    }
    if let Some(replay) = &mut report.replay {
        for moved in &moved[0] {
            match *moved {
                Moved::Given(at, point) => replay.points[at] = point,
                Moved::Setup(at, object) => replay.objects[at] = object,
            }
        }
    }
    true
}

/// Whether `instance` holds `moved` where it says.
fn held_by(instance: &crate::resolve::Instance, moved: &Moved) -> bool {
    match *moved {
        Moved::Given(at, point) => instance.givens[at] == point,
        Moved::Setup(at, object) => instance.setup[at] == object,
    }
}
