//! Syntax tree → resolved scene: top-level symbols with types and values on
//! the declared instance, and one `Problem` per `solve` block with its
//! instances (declared, `verify`, random) evaluated to coordinates.

mod build_problem;
mod constant;
mod eval;
mod goal_table;
mod instances;
mod lower;
mod planar;
mod problem;
pub(crate) mod redefine;
mod scope;
mod stars;
mod steps;
mod survey;
mod tool_defs;
mod tool_uses;
pub mod types;

pub use eval::{describe_outside, eval, EvalError};
pub use instances::RANDOM_INSTANCES;
pub use lower::Reference;
pub(crate) use planar::node_position_again;
pub use planar::{Puzzle, PuzzleNode};
pub use problem::*;
pub use tool_defs::name_taken as tool_name_taken;
pub use types::{Type, Value};

use crate::diag::Diagnostic;
use crate::geom::Point;
use crate::parse::ast::{Binder, DeclKind, Item, ItemKind, SourceFile};
use crate::span::{Shift, Span};
use lower::{Lookup, Lowering};
use std::collections::HashMap;
use std::sync::Arc;
use types::Ir;

/// A top-level name.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    pub name: String,
    /// Where the name is bound.
    pub span: Span,
    /// The whole declaration.
    pub decl_span: Span,
    pub kind: DeclKind,
    /// `None` when the declaration did not type-check.
    pub ty: Option<Type>,
    /// A declaration whose right side mentions no other name (docs/design.md).
    pub is_parameter: bool,
    /// A given point dropped anywhere (`any(…)`): random instances move it
    /// across its whole object.
    pub dropped: bool,
}

/// Everything the file declares, resolved and evaluated.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    pub symbols: Vec<Symbol>,
    /// How each symbol is computed from the others (indexed like `symbols`).
    pub definitions: Arc<Vec<Option<Ir>>>,
    /// For each symbol, the symbols whose definitions read it (each once,
    /// in no order): what an edit of one declaration changes is found from
    /// it without reading every definition (`redefine`).
    pub(crate) readers: Arc<Vec<Vec<usize>>>,
    /// Each symbol's value on the declared instance.
    pub values: Vec<Option<Value>>,
    pub references: Vec<Reference>,
    pub problems: Vec<Problem>,
    /// Every problem's goals on its instances, in one list (`GoalTable`).
    pub(crate) goals: goal_table::GoalTable,
    pub puzzles: Vec<Puzzle>,
    /// The tools of your own the file can use: those its `use` lines bring
    /// in, then its own, in the order written (docs/language.md, "Tools of
    /// your own").
    pub tools: Arc<Vec<Arc<UserTool>>>,
    /// The names of tools whose definition failed (or that use themselves):
    /// their uses are skipped quietly, the definition saying why.
    pub(crate) broken_tools: Arc<Vec<String>>,
    /// How many symbols are given points dropped anywhere (`Symbol::dropped`).
    dropped: usize,
    /// Name → index into `symbols`.
    by_name: Arc<HashMap<String, usize>>,
    /// The names of `symbols`, for "did you mean" hints.
    names: Arc<lower::Names>,
    /// The power of two the declared figure is measured in: every block's
    /// unit frame (`Problem::unit`), found once per file.
    unit: f64,
    /// The box the declared figure spans (`instances::extent`), which the
    /// unit and the random instances' jitter are measured from.
    pub(crate) extent: Option<(Point, Point)>,
    /// The box every value but those of these symbols spans: an edit of
    /// one declaration, made again and again, finds the figure's extent
    /// from its own changed values and this (`redefine`).
    pub(crate) extent_apart: Option<redefine::ExtentApart>,
    /// Random instances shared by every block: drawn once per file, since
    /// each one evaluates every declaration.
    random: Arc<Vec<instances::DrawnInstance>>,
    /// How `random` was drawn, when an edit of one declaration can redraw
    /// it in part (`redefine`).
    draws: Option<Arc<instances::Draws>>,
    /// The drops `check` tells the share of working ones on
    /// (`instances::drop_survey`): drawn when first asked for (by a block
    /// whose construction works where declared), once per file.
    drop_survey: Arc<survey::SurveyCache>,
    /// The seed of the random instances, for the survey's own.
    seed: u64,
    kinds: Arc<Kinds>,
    /// The move an edit left to make (`crate::incremental`): `Settle`
    /// makes it, and until then `symbol_span` and `symbol_decl_span` read
    /// the symbols' spans moved.
    pub(crate) pending: Option<Pending>,
    /// The changed inputs an edit of a declaration left to put into the
    /// blocks it kept (`incremental::declaration`): `Settle` puts them.
    pub(crate) pending_inputs: Option<redefine::PendingInputs>,
}

/// Every span at or after `from` moves by `delta`, but those of the block
/// resolved again after the edit, already in place: its references
/// (`fresh_references`) and its problem or puzzle (`fresh`: whether a
/// puzzle, and its index).
#[derive(Clone, Debug)]
pub(crate) struct Pending {
    pub from: usize,
    pub delta: isize,
    pub fresh_references: std::ops::Range<usize>,
    pub fresh: Option<(bool, usize)>,
}

impl Scene {
    /// Block `index` as the solver takes it: with its drop survey, so that
    /// it answers by `check`'s rule.
    pub fn searchable(&self, index: usize) -> Problem {
        let mut problem = self.problems[index].clone();
        if problem.survey.is_empty() {
            problem.survey = self.survey(index);
        }
        // After the others: the search's own instance stays the first
        // random one (`solve::replay::search_instance`).
        let nudged = self.nudged_drops().map(std::slice::from_ref);
        problem.instances.extend(instances::survey_instances(
            nudged.unwrap_or_default(),
            &problem,
        ));
        problem
    }

    /// Whether a given point is dropped anywhere (`any(…)`).
    pub(crate) fn drops_points(&self) -> bool {
        self.dropped > 0
    }

    pub fn symbol(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The tool of your own named `name`, as an index into `tools`.
    pub fn tool_index(&self, name: &str) -> Option<usize> {
        self.tools.iter().position(|tool| tool.name == name)
    }

    /// Whether `name` is a tool of your own, usable or broken.
    pub fn knows_tool(&self, name: &str) -> bool {
        self.tool_index(name).is_some() || self.broken_tools.iter().any(|tool| tool == name)
    }

    /// The solve block named `name`, as an index into `problems`.
    pub fn problem_index(&self, name: &str) -> Option<usize> {
        self.problems
            .iter()
            .position(|problem| problem.name == name)
    }

    /// The planar block named `name`, as an index into `puzzles`.
    pub fn puzzle_index(&self, name: &str) -> Option<usize> {
        self.puzzles.iter().position(|puzzle| puzzle.name == name)
    }

    /// The solve block named `name`, or without a name the first one: what
    /// every command and request that takes `--block`/`block` means.
    pub fn problem_or_first(&self, name: Option<&str>) -> Option<usize> {
        match name {
            Some(name) => self.problem_index(name),
            None => (!self.problems.is_empty()).then_some(0),
        }
    }

    /// The planar block named `name`, or without a name the first one.
    pub fn puzzle_or_first(&self, name: Option<&str>) -> Option<usize> {
        match name {
            Some(name) => self.puzzle_index(name),
            None => (!self.puzzles.is_empty()).then_some(0),
        }
    }

    /// The given points, in declaration order: the starting set.
    pub fn givens(&self) -> &[usize] {
        &self.kinds.givens
    }

    /// The lines and circles drawn at the start.
    pub fn setup(&self) -> &[usize] {
        &self.kinds.setup
    }

    /// Where a symbol's name is bound, moved by a pending edit.
    pub fn symbol_span(&self, symbol: usize) -> Span {
        self.moved(self.symbols[symbol].span)
    }

    /// A symbol's whole declaration, moved by a pending edit.
    pub fn symbol_decl_span(&self, symbol: usize) -> Span {
        self.moved(self.symbols[symbol].decl_span)
    }

    fn moved(&self, mut span: Span) -> Span {
        if let Some(pending) = &self.pending {
            span.shift_after(pending.from, pending.delta);
        }
        span
    }
}

impl crate::span::Settle for Scene {
    /// The changed inputs into the blocks an edit of a declaration kept;
    /// then every span the scene holds but the block resolved again.
    fn settle(&mut self) {
        if let Some(inputs) = self.pending_inputs.take() {
            for problem in inputs.problems {
                redefine::patch_instances(self, problem, &inputs.moved);
            }
        }
        let Some(Pending {
            from,
            delta,
            fresh_references,
            fresh,
        }) = self.pending.take()
        else {
            return;
        };
        for symbol in &mut self.symbols {
            symbol.span.shift_after(from, delta);
            symbol.decl_span.shift_after(from, delta);
        }
        for (index, reference) in self.references.iter_mut().enumerate() {
            if !fresh_references.contains(&index) {
                reference.span.shift_after(from, delta);
            }
        }
        for (index, problem) in self.problems.iter_mut().enumerate() {
            if fresh != Some((false, index)) {
                problem.shift_after(from, delta);
            }
        }
        for (index, puzzle) in self.puzzles.iter_mut().enumerate() {
            if fresh != Some((true, index)) {
                puzzle.shift_after(from, delta);
            }
        }
        // An edit inside a block moves the tools defined after it; those
        // brought in are written in other files.
        if self.tools.iter().any(|tool| tool.from.is_none()) {
            for tool in Arc::make_mut(&mut self.tools) {
                if tool.from.is_none() {
                    Arc::make_mut(tool).shift_after(from, delta);
                }
            }
        }
    }
}

/// The symbols every block starts from, found once per file (each block's
/// problem lists them).
#[derive(Clone, Debug, Default)]
struct Kinds {
    givens: Vec<usize>,
    setup: Vec<usize>,
}

impl Kinds {
    fn of(symbols: &[Symbol]) -> Kinds {
        let mut kinds = Kinds::default();
        for (index, symbol) in symbols.iter().enumerate() {
            match symbol.kind {
                DeclKind::Point => kinds.givens.push(index),
                DeclKind::Line | DeclKind::Segment | DeclKind::Ray | DeclKind::Circle => {
                    kinds.setup.push(index)
                }
                DeclKind::Let | DeclKind::Const => {}
            }
        }
        kinds
    }
}

#[derive(Clone, Debug)]
pub struct ResolveOptions {
    /// Seed of the random instances; the same seed gives the same instances.
    pub seed: u64,
    pub random_instances: usize,
    /// The drop survey of an analysis of the same declarations, taken
    /// when the declared values are the same (`survey::SurveyCache`).
    pub reuse: Option<Arc<survey::SurveyCache>>,
}

impl Default for ResolveOptions {
    fn default() -> Self {
        ResolveOptions {
            seed: 0x5eed,
            random_instances: RANDOM_INSTANCES,
            reuse: None,
        }
    }
}

pub fn resolve(file: &SourceFile, options: &ResolveOptions) -> (Scene, Vec<Diagnostic>) {
    let (scene, mut diagnostics, blocks) = resolve_traced(file, options, &[]);
    for block in blocks {
        diagnostics.extend(block.diagnostics);
    }
    (scene, diagnostics)
}

/// What resolving one `solve` or `planar` block added to the scene: an
/// edit inside the block redoes just this (`crate::incremental`).
#[derive(Clone, Debug)]
pub struct BlockResolution {
    /// The block's index among the file's items.
    pub item: usize,
    /// Its index in `Scene::problems` or `Scene::puzzles`.
    pub index: usize,
    pub is_puzzle: bool,
    /// What resolving the block said.
    pub diagnostics: Vec<Diagnostic>,
    /// Its uses of top-level names in `Scene::references`.
    pub references: std::ops::Range<usize>,
}

/// `resolve`, with the top level's diagnostics apart from each block's;
/// `imported` are the tools the file's `use` lines bring in (read by
/// `analysis`: the core reads no file).
pub fn resolve_traced(
    file: &SourceFile,
    options: &ResolveOptions,
    imported: &[ImportedTool],
) -> (Scene, Vec<Diagnostic>, Vec<BlockResolution>) {
    let mut diagnostics = Vec::new();
    let mut scene = Scene::default();
    tool_defs::define_tools(file, imported, options, &mut scene, &mut diagnostics);
    declare_symbols(file, &mut scene, &mut diagnostics);
    scene.kinds = Arc::new(Kinds::of(&scene.symbols));
    scene.names = Arc::new(names_of(&scene));
    define_symbols(file, &mut scene, &mut diagnostics);
    blocks_named_twice(file, &mut diagnostics);
    scene.values = evaluate_declared(file, &scene, &mut diagnostics);
    scene.extent = instances::extent(&scene.values);
    scene.unit = instances::unit_and_size(scene.extent).0;
    if file
        .items
        .iter()
        .any(|item| matches!(item.kind, ItemKind::Solve(_)))
    {
        let (random, draws) =
            instances::random_instances(&scene, options.seed, options.random_instances);
        scene.random = Arc::new(random);
        scene.draws = draws.map(Arc::new);
        scene.seed = options.seed;
        scene.drop_survey =
            survey::SurveyCache::for_values(options.seed, &scene.values, options.reuse.as_ref());
    }
    let mut blocks = Vec::new();
    for (index, item) in file.items.iter().enumerate() {
        let first_reference = scene.references.len();
        let mut block_diagnostics = Vec::new();
        let (position, is_puzzle) = match &item.kind {
            ItemKind::Planar(block) => {
                let puzzle =
                    planar::resolve_puzzle(block, item.span, &mut scene, &mut block_diagnostics);
                scene.puzzles.push(puzzle);
                (scene.puzzles.len() - 1, true)
            }
            ItemKind::Solve(block) => {
                let problem = build_problem::resolve_block(
                    block,
                    item.span,
                    &mut scene,
                    &mut block_diagnostics,
                );
                let fits = redefine::takes_moved_inputs(&scene, &problem);
                scene.goals.set(scene.problems.len(), &problem, fits);
                scene.problems.push(problem);
                (scene.problems.len() - 1, false)
            }
            ItemKind::Decl(_) | ItemKind::Tool(_) | ItemKind::Use(_) | ItemKind::Error(_) => {
                continue
            }
        };
        blocks.push(BlockResolution {
            item: index,
            index: position,
            is_puzzle,
            diagnostics: block_diagnostics,
            references: first_reference..scene.references.len(),
        });
    }
    (scene, diagnostics, blocks)
}

/// E0102 on a block named like an earlier one: `--block NAME`, hints and
/// the editor's actions would find only the first.
fn blocks_named_twice(file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for item in &file.items {
        let name = match &item.kind {
            ItemKind::Solve(block) => block.name.as_ref(),
            ItemKind::Planar(block) => block.name.as_ref(),
            _ => None,
        };
        let Some(name) = name else { continue };
        match seen.get(name.text.as_str()) {
            Some(first) => diagnostics.push(
                Diagnostic::error(
                    "E0102",
                    name.span,
                    format!("two blocks are named `{}`", name.text),
                )
                .with_label(*first, "the first block of that name")
                .with_help(
                    "give each block its own name: `euc solve --block NAME` and the editor find blocks by name",
                ),
            ),
            None => {
                seen.insert(&name.text, name.span);
            }
        }
    }
}

/// Resolves a block again after an edit inside it, in place of `previous`
/// (the scene's other parts as the top level left them): its problem or
/// puzzle and its references are replaced, later references move up or
/// down. `None`, and the scene untouched, when the item is not a block of
/// the same kind.
pub fn resolve_block_again(
    item: &Item,
    previous: &BlockResolution,
    scene: &mut Scene,
) -> Option<BlockResolution> {
    let same_kind = match item.kind {
        ItemKind::Planar(_) => previous.is_puzzle,
        ItemKind::Solve(_) => !previous.is_puzzle,
        ItemKind::Decl(_) | ItemKind::Tool(_) | ItemKind::Use(_) | ItemKind::Error(_) => false,
    };
    if !same_kind {
        return None;
    }
    // The block's references are gathered apart and put in place of the
    // old ones: the later ones move only when their count changed.
    let kept = std::mem::take(&mut scene.references);
    let mut diagnostics = Vec::new();
    if let ItemKind::Planar(block) = &item.kind {
        scene.puzzles[previous.index] =
            planar::resolve_puzzle(block, item.span, scene, &mut diagnostics);
    }
    if let ItemKind::Solve(block) = &item.kind {
        let problem = build_problem::resolve_block(block, item.span, scene, &mut diagnostics);
        let fits = redefine::takes_moved_inputs(scene, &problem);
        scene.goals.set(previous.index, &problem, fits);
        scene.problems[previous.index] = problem;
    }
    let gathered = std::mem::replace(&mut scene.references, kept);
    let references = previous.references.start..previous.references.start + gathered.len();
    scene
        .references
        .splice(previous.references.clone(), gathered);
    Some(BlockResolution {
        item: previous.item,
        index: previous.index,
        is_puzzle: previous.is_puzzle,
        diagnostics,
        references,
    })
}

/// The names of `scene`'s symbols and tools, for "did you mean" and for
/// the message of a tool used in an expression.
fn names_of(scene: &Scene) -> lower::Names {
    lower::Names::new(
        scene
            .symbols
            .iter()
            .map(|symbol| symbol.name.clone())
            .collect(),
    )
    .with_tools(
        scene
            .tools
            .iter()
            .map(|tool| tool.name.clone())
            .chain(scene.broken_tools.iter().cloned())
            .collect(),
    )
}

/// First pass: every top-level name, so that later uses can say "declared later".
fn declare_symbols(file: &SourceFile, scene: &mut Scene, diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<String, Span> = HashMap::new();
    for item in &file.items {
        let (kind, names): (DeclKind, Vec<&crate::parse::ast::Name>) = match &item.kind {
            ItemKind::Decl(decl) => (
                decl.kind,
                decl.binders.iter().filter_map(Binder::name).collect(),
            ),
            ItemKind::Error(Some((kind, name))) => (*kind, vec![name]),
            _ => continue,
        };
        for name in names {
            if let Some(first) = seen.get(&name.text) {
                diagnostics.push(
                    Diagnostic::error(
                        "E0102",
                        name.span,
                        format!("`{}` is declared twice", name.text),
                    )
                    .with_label(*first, "first declared here")
                    .with_help("names are unique in a file; rename one of them"),
                );
                continue;
            }
            if name.text == "pi"
                || types::BUILTINS
                    .iter()
                    .any(|(builtin, ..)| *builtin == name.text)
            {
                diagnostics.push(
                    Diagnostic::error(
                        "E0102",
                        name.span,
                        format!("`{}` is a built-in name", name.text),
                    )
                    .with_help("choose another name"),
                );
                continue;
            }
            seen.insert(name.text.clone(), name.span);
            Arc::make_mut(&mut scene.by_name).insert(name.text.clone(), scene.symbols.len());
            scene.symbols.push(Symbol {
                name: name.text.clone(),
                span: name.span,
                decl_span: item.span,
                kind,
                ty: None,
                is_parameter: false,
                dropped: false,
            });
            Arc::make_mut(&mut scene.definitions).push(None);
            Arc::make_mut(&mut scene.readers).push(Vec::new());
        }
    }
}

/// Second pass: lower each declaration and check its type against its keyword.
fn define_symbols(file: &SourceFile, scene: &mut Scene, diagnostics: &mut Vec<Diagnostic>) {
    for item in &file.items {
        let ItemKind::Decl(decl) = &item.kind else {
            continue;
        };
        let (references, definitions) = lower_declaration(item, decl, scene, diagnostics);
        scene.references.extend(references);
        for definition in definitions {
            definition.apply(scene);
        }
    }
}

/// What one declaration defines a name as (`lower_declaration`).
#[derive(Clone, Debug)]
pub(crate) struct Definition {
    pub symbol: usize,
    pub ir: Ir,
    pub ty: Type,
    pub is_parameter: bool,
    pub dropped: bool,
}

impl Definition {
    fn apply(self, scene: &mut Scene) {
        let readers = Arc::make_mut(&mut scene.readers);
        if let Some(old) = &scene.definitions[self.symbol] {
            old.each_slot(&mut |slot| {
                if let Some(list) = readers.get_mut(slot) {
                    list.retain(|&reader| reader != self.symbol);
                }
            });
        }
        self.ir.each_slot(&mut |slot| {
            if let Some(list) = readers.get_mut(slot) {
                // Pushed last when read twice: no symbol is pushed in between.
                if list.last() != Some(&self.symbol) {
                    list.push(self.symbol);
                }
            }
        });
        Arc::make_mut(&mut scene.definitions)[self.symbol] = Some(self.ir);
        let symbol = &mut scene.symbols[self.symbol];
        symbol.ty = Some(self.ty);
        symbol.is_parameter = self.is_parameter;
        if std::mem::replace(&mut symbol.dropped, self.dropped) != self.dropped {
            if self.dropped {
                scene.dropped += 1;
            } else {
                scene.dropped -= 1;
            }
        }
    }
}

/// A declaration lowered against the names declared before it: its uses
/// of names, and the definition of each name it binds (none when it does
/// not type-check, with the diagnostics saying why).
pub(crate) fn lower_declaration(
    item: &Item,
    decl: &crate::parse::ast::Decl,
    scene: &Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Reference>, Vec<Definition>) {
    let symbols = &scene.symbols;
    let by_name = &scene.by_name;
    let mut references = Vec::new();
    let mut lowering = Lowering {
        lookup: |name: &str| match by_name.get(name).copied() {
            Some(index)
                if symbols[index].decl_span.start < item.span.start
                    && symbols[index].ty.is_none() =>
            {
                Lookup::Broken
            }
            Some(index) if symbols[index].decl_span.start < item.span.start => Lookup::Found {
                slot: index,
                ty: symbols[index].ty.unwrap_or(Type::Number),
                symbol: index,
            },
            Some(index) => Lookup::Later {
                declared: symbols[index].span,
            },
            None => Lookup::Unknown,
        },
        names_in_scope: &scene.names,
        diagnostics,
        references: &mut references,
        mentions_name: false,
        any_allowed: decl.kind == DeclKind::Point && decl.binders.len() == 1,
    };
    let lowered = lowering.lower(&decl.value);
    let dropped = matches!(&lowered, Some((Ir::Call(builtin, _), _)) if builtin.is_any());
    // A dropped point moves across its object instead (docs/language.md).
    // A constant never moves (docs/language.md, "Constants").
    let is_parameter = !lowering.mentions_name && !dropped && decl.kind != DeclKind::Const;
    // A use of a name whose own declaration failed is not a new mistake.
    let uses_broken = references
        .iter()
        .any(|reference| scene.symbols[reference.symbol].ty.is_none());
    let Some((ir, ty)) = lowered else {
        return (references, Vec::new());
    };
    if uses_broken {
        return (references, Vec::new());
    }
    let binder_types = match binder_types(decl.kind, ty, decl.binders.len()) {
        Ok(types) => types,
        Err(message) => {
            diagnostics.push(
                Diagnostic::error("E0204", decl.value.span, message.0)
                    .with_label(
                        decl.keyword_span,
                        format!("declared as `{}`", decl.kind.keyword()),
                    )
                    .with_help(message.1),
            );
            return (references, Vec::new());
        }
    };
    let mut definitions = Vec::new();
    for (position, binder) in decl.binders.iter().enumerate() {
        let Binder::Name(name) = binder else { continue };
        let Some(index) = scene
            .symbol(&name.text)
            .filter(|&index| scene.symbols[index].span == name.span)
        else {
            continue;
        };
        definitions.push(Definition {
            symbol: index,
            ir: if ty == Type::Pair {
                Ir::Pick(Box::new(ir.clone()), position)
            } else {
                ir.clone()
            },
            ty: binder_types,
            is_parameter: is_parameter && ty != Type::Pair,
            dropped,
        });
    }
    (references, definitions)
}

/// The type each name of a declaration gets, or why the declaration does not fit.
fn binder_types(kind: DeclKind, ty: Type, binders: usize) -> Result<Type, (String, String)> {
    let element = if ty == Type::Pair { Type::Point } else { ty };
    let expected_binders = if ty == Type::Pair { 2 } else { 1 };
    if binders != expected_binders {
        return Err(if ty == Type::Pair {
            (
                format!("this intersection has two points, but {binders} name{} bound", plural(binders)),
                "bind both points, in canonical order: `P, Q = k & l` (use `_` for one you do not need)".to_string(),
            )
        } else {
            (
                format!("this is one {ty}, but {binders} names are bound"),
                "bind one name".to_string(),
            )
        });
    }
    let expected = match kind {
        DeclKind::Let | DeclKind::Const => return Ok(element),
        DeclKind::Point => Type::Point,
        DeclKind::Line => Type::Line,
        DeclKind::Segment => Type::Segment,
        DeclKind::Ray => Type::Ray,
        DeclKind::Circle => Type::Circle,
    };
    if element == expected {
        Ok(element)
    } else {
        Err((
            format!(
                "`{}` declares a {expected}, but this is a {element}",
                kind.keyword()
            ),
            format!(
                "use `let` for a helper value, or `{}` for a {element}",
                keyword_for(element)
            ),
        ))
    }
}

fn keyword_for(ty: Type) -> &'static str {
    match ty {
        Type::Point | Type::Pair => "point",
        Type::Line => "line",
        Type::Segment => "segment",
        Type::Ray => "ray",
        Type::Circle => "circle",
        Type::Number => "let",
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        " is"
    } else {
        "s are"
    }
}

/// The declared instance, with a diagnostic for each declaration that cannot be computed.
fn evaluate_declared(
    file: &SourceFile,
    scene: &Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Option<Value>> {
    let mut values = vec![None; scene.symbols.len()];
    let mut reported = Vec::new();
    for (index, definition) in scene.definitions.iter().enumerate() {
        let Some(definition) = definition else {
            continue;
        };
        match eval(definition, &values) {
            Ok(value) => values[index] = Some(value),
            Err(EvalError(message)) => {
                let decl_span = scene.symbols[index].decl_span;
                // One report per declaration, and none for a failure inherited from another.
                let inherited = message.starts_with("a value it uses");
                if !inherited && !reported.contains(&decl_span) {
                    reported.push(decl_span);
                    let span = value_span(file, decl_span).unwrap_or(decl_span);
                    diagnostics.push(Diagnostic::error(
                        "E0301",
                        span,
                        format!("cannot compute `{}`: {message}", scene.symbols[index].name),
                    ));
                }
            }
        }
    }
    values
}

fn value_span(file: &SourceFile, decl_span: Span) -> Option<Span> {
    file.items.iter().find_map(|item| match &item.kind {
        ItemKind::Decl(decl) if item.span == decl_span => Some(decl.value.span),
        _ => None,
    })
}
