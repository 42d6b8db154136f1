//! An edit of one top-level declaration that keeps its names, kinds and
//! types: the declaration is lowered again, and only the values computed
//! from it — on the declared instance and on each random one — are
//! computed again; the blocks are then redone or patched by
//! `crate::incremental`. docs/design.md, "Analysis after an edit".

use super::eval::{eval, object};
use super::instances::{grown, strictly_inside, unit_and_size, Outcome};
use super::lower::Reference;
use super::problem::{Instance, Origin, Problem};
use super::types::Value;
use super::{lower_declaration, Scene};
use crate::geom::{Object, Point};
use crate::parse::ast::{Binder, Item, ItemKind};
use std::sync::Arc;

/// What `redefine` changed.
#[derive(Clone, Debug)]
pub(crate) struct Redefined {
    /// Every symbol whose value may have changed: those the declaration
    /// binds and those computed from them, in declaration order.
    pub changed: Vec<usize>,
    /// How many more (or fewer) uses of names the declaration has: the
    /// blocks' ranges in `Scene::references` move by this much.
    pub moved: isize,
    /// `moved_inputs` before the edit: where the changed givens and setup
    /// objects were, on every instance (the same in every block that takes
    /// them; read here once rather than from each block's instances).
    pub before: Option<Vec<Vec<Moved>>>,
}

/// `item`, a declaration edited in place (the scene's spans already in the
/// new text's places), defined again in `scene`: its uses of names, its
/// definitions, and the values of it and what is computed from it on the
/// declared and random instances. `old_references` are its uses of names
/// before the edit, in `Scene::references`.
///
/// `None` when the edit changes more than values — a name, a kind or a
/// type; a diagnostic; a value that can no longer be computed anywhere it
/// was; a random instance that now would, or would not, be drawn; the
/// figure's size, which every random instance is drawn relative to; a
/// point dropped anywhere — and the scene is then partly changed: resolve
/// the file again.
pub(crate) fn redefine(
    scene: &mut Scene,
    item: &Item,
    old_references: std::ops::Range<usize>,
) -> Option<Redefined> {
    let ItemKind::Decl(decl) = &item.kind else {
        return None;
    };
    if scene.drops_points() {
        return None;
    }
    let mut bound = Vec::new();
    for binder in &decl.binders {
        if let Binder::Name(name) = binder {
            let symbol = scene.symbol(&name.text)?;
            let old = &scene.symbols[symbol];
            if old.decl_span != item.span || old.kind != decl.kind {
                return None;
            }
            bound.push(symbol);
        }
    }
    // Every name the declaration bound before, and no other: its symbols
    // are next to each other (a declaration binds at most two).
    let first = *bound.first()?;
    let before = (first.saturating_sub(2)..(first + 3).min(scene.symbols.len()))
        .filter(|&symbol| scene.symbols[symbol].decl_span == item.span)
        .count();
    if before != bound.len() {
        return None;
    }
    let mut diagnostics = Vec::new();
    let (references, definitions) = lower_declaration(item, decl, scene, &mut diagnostics);
    let same = definitions.len() == bound.len()
        && definitions.iter().all(|definition| {
            let old = &scene.symbols[definition.symbol];
            old.ty == Some(definition.ty) && old.is_parameter == definition.is_parameter
        });
    if !diagnostics.is_empty() || !same || definitions.iter().any(|d| d.dropped) {
        return None;
    }
    let moved = replace_references(scene, old_references, references);
    for definition in definitions {
        definition.apply(scene);
    }
    let changed = dependents(scene, &bound);
    if scene
        .extent_apart
        .as_ref()
        .is_some_and(|apart| apart.symbols != changed)
    {
        // Values outside it are about to change.
        scene.extent_apart = None;
    }
    // The figure keeps its extent when each changed value was, and is,
    // strictly inside it; else the extent is found again.
    let before = moved_inputs(scene, &changed);
    let mut kept = true;
    for &symbol in &changed {
        let definition = scene.definitions[symbol].as_ref()?;
        let value = eval(definition, &scene.values).ok()?;
        let old = scene.values[symbol].replace(value);
        kept = kept
            && scene.extent.is_some_and(|extent| {
                strictly_inside(&value, extent)
                    && old.is_none_or(|old| strictly_inside(&old, extent))
            });
    }
    if !kept {
        let apart = extent_apart(scene, &changed);
        let extent = changed
            .iter()
            .filter_map(|&symbol| scene.values[symbol].as_ref())
            .fold(apart, grown);
        // Every random instance is jittered by a part of the figure's size.
        if unit_and_size(extent) != unit_and_size(scene.extent) {
            return None;
        }
        scene.extent = extent;
    }
    redraw(scene, &changed)?;
    Some(Redefined {
        changed,
        moved,
        before,
    })
}

/// The box every value but those of `symbols` spans (`Scene::extent_apart`).
#[derive(Clone, Debug)]
pub(crate) struct ExtentApart {
    symbols: Vec<usize>,
    extent: Option<(Point, Point)>,
}

/// The box every value but those of `changed` spans: found once, then
/// kept for the next edit that changes the same symbols (the same
/// declaration edited again, most often).
fn extent_apart(scene: &mut Scene, changed: &[usize]) -> Option<(Point, Point)> {
    if let Some(apart) = &scene.extent_apart {
        if apart.symbols == changed {
            return apart.extent;
        }
    }
    let extent = scene
        .values
        .iter()
        .enumerate()
        .filter(|(symbol, _)| changed.binary_search(symbol).is_err())
        .filter_map(|(_, value)| value.as_ref())
        .fold(None, grown);
    scene.extent_apart = Some(ExtentApart {
        symbols: changed.to_vec(),
        extent,
    });
    extent
}

/// Puts the declaration's uses of names in place of its old ones, `old`
/// among `Scene::references`; how many more there are.
fn replace_references(
    scene: &mut Scene,
    old: std::ops::Range<usize>,
    references: Vec<Reference>,
) -> isize {
    let moved = references.len() as isize - old.len() as isize;
    scene.references.splice(old, references);
    moved
}

/// `bound` and every symbol computed from one of them, in order.
fn dependents(scene: &Scene, bound: &[usize]) -> Vec<usize> {
    let mut seen = vec![false; scene.symbols.len()];
    let mut changed = bound.to_vec();
    for &symbol in bound {
        seen[symbol] = true;
    }
    let mut next = 0;
    while let Some(&symbol) = changed.get(next) {
        next += 1;
        for &reader in &scene.readers[symbol] {
            if !std::mem::replace(&mut seen[reader], true) {
                changed.push(reader);
            }
        }
    }
    changed.sort_unstable();
    changed
}

/// The changed values on every random instance, each drawn as it was: a
/// changed parameter from the same place of the generator. `None` when an
/// attempt's outcome could change.
fn redraw(scene: &mut Scene, changed: &[usize]) -> Option<()> {
    if scene.problems.is_empty() {
        // No block: no random instance was drawn.
        return Some(());
    }
    let draws = scene.draws.clone()?;
    let is_changed = |symbol: usize| changed.binary_search(&symbol).is_ok();
    let definitions = scene.definitions.clone();
    let declared: Vec<(usize, Value)> = changed
        .iter()
        .filter(|&&symbol| draws.draws(symbol))
        .map(|&symbol| Some((symbol, scene.values[symbol]?)))
        .collect::<Option<_>>()?;
    let random = Arc::make_mut(&mut scene.random);
    for attempt in &draws.attempts {
        let drawn = match attempt.outcome {
            Outcome::Failed(symbol) if is_changed(symbol) => return None,
            Outcome::Failed(_) => continue,
            Outcome::Drawn(drawn) => &mut random[drawn],
        };
        for &symbol in changed {
            let value = if let Some((_, value)) = declared.iter().find(|(s, _)| *s == symbol) {
                draws.redraw(attempt, symbol, *value)?
            } else {
                eval(definitions[symbol].as_ref()?, &drawn.values).ok()?
            };
            drawn.values[symbol] = Some(value);
        }
        if let (Origin::Random { parameters }, false) = (&mut drawn.origin, declared.is_empty()) {
            // A new list (every block's instances hold the old one until
            // `patch_instances`), with the names shared.
            let mut list = parameters.to_vec();
            for (symbol, _) in &declared {
                list.get_mut(draws.place(*symbol)?)?.1 = drawn.values[*symbol]?;
            }
            *parameters = list.into();
        }
    }
    Some(())
}

/// A changed given point or setup object of a block, on one instance, in
/// the block's unit frame: where it is in `Instance::givens` or
/// `Instance::setup`, and its value now.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Moved {
    Given(usize, Point),
    Setup(usize, Object),
}

/// For each instance (declared, then random), the changed givens and
/// setup objects as they are now, in every block's unit frame (every block
/// starts from the file's givens and setup) — or `None` when a changed
/// setup object is no longer an object.
pub(crate) fn moved_inputs(scene: &Scene, changed: &[usize]) -> Option<Vec<Vec<Moved>>> {
    let factor = 1.0 / scene.unit;
    let (givens, setup) = (scene.givens(), scene.setup());
    let values = std::iter::once(&scene.values).chain(scene.random.iter().map(|d| &d.values));
    let mut instances = Vec::new();
    for values in values {
        let mut moved = Vec::new();
        for &symbol in changed {
            if let Ok(at) = givens.binary_search(&symbol) {
                let Some(Value::Point(point)) = values[symbol] else {
                    return None;
                };
                moved.push(Moved::Given(at, point * factor));
            } else if let Ok(at) = setup.binary_search(&symbol) {
                let object = object(values[symbol]?).ok()?;
                moved.push(Moved::Setup(at, object.scaled(factor)));
            }
        }
        instances.push(moved);
    }
    Some(instances)
}

/// Whether `problem`'s instances are the declared one and the file's random
/// ones alone, so that `moved_inputs` fits them: no `verify` line, no
/// random instance it cannot be computed on, no point its steps drop.
pub(crate) fn takes_moved_inputs(scene: &Scene, problem: &Problem) -> bool {
    problem.instances.len() == scene.random.len() + 1
        && problem.instances[1..]
            .iter()
            .all(|instance| matches!(instance.origin, Origin::Random { .. }))
        && problem.unit == scene.unit
        && !problem.drops
        && problem.survey.is_empty()
}

/// Changed givens and setup objects (`moved_inputs`) still to put into
/// the instances of some blocks (`Scene::pending_inputs`).
#[derive(Clone, Debug)]
pub(crate) struct PendingInputs {
    pub moved: Vec<Vec<Moved>>,
    pub problems: Vec<usize>,
}

/// Puts `moved` (from `moved_inputs`) into the block's instances, with the
/// random instances' origins as the scene has them now.
pub(crate) fn patch_instances(scene: &mut Scene, problem: usize, moved: &[Vec<Moved>]) {
    let random = &scene.random;
    let instances = &mut scene.problems[problem].instances;
    for (index, (instance, moved)) in instances.iter_mut().zip(moved).enumerate() {
        patch_instance(instance, moved);
        if index > 0 {
            instance.origin = random[index - 1].origin.clone();
        }
    }
}

fn patch_instance(instance: &mut Instance, moved: &[Moved]) {
    for moved in moved {
        match *moved {
            Moved::Given(at, point) => instance.givens[at] = point,
            Moved::Setup(at, object) => instance.setup[at] = object,
        }
    }
}
