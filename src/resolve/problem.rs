//! What a `solve` block resolves to: the `Problem` handed to the checker
//! and the solver — its goals, limits, instances (`Instance`) and steps
//! (`Step`, `StepOp`) — and what it counts (`Count`). `build_problem.rs`
//! builds it. What a tool of your own resolves to (`UserTool`, its body a
//! `Problem` on the tool's own figure) and a use's operands (`Call`), one
//! holding the other: `tool_defs.rs` builds them, `tool_uses.rs` resolves a
//! step that uses one, `solve/replay.rs` replays it (docs/language.md,
//! "Tools of your own").

use super::types::{Ir, Type, Value};
use crate::geom::{Object, Point};
use crate::parse::ast::{MaskToken, Tool};
use crate::span::{Shift, Span};
use serde::Serialize;
use std::sync::Arc;

/// One solve block, ready for replay and search.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    /// The whole block.
    pub span: Span,
    /// `solve` and the block's name: where block-wide diagnostics point.
    pub header_span: Span,
    /// Between the braces.
    pub body_span: Span,
    /// Symbols of the given points (the starting set), in order.
    pub givens: Vec<usize>,
    /// Symbols of the lines and circles drawn at the start.
    pub setup: Vec<usize>,
    /// Their names, for messages.
    pub setup_names: Vec<String>,
    pub goals: Vec<Goal>,
    pub mask: Vec<MaskToken>,
    /// Indexed like `mask`: the tools of your own each part allows besides
    /// its token's kinds, as indices into `Scene::tools` with their names.
    pub mask_own: Vec<Vec<(usize, String)>>,
    /// Where the mask's parts are written (a fix rewrites them).
    pub mask_span: Option<Span>,
    /// The block's `tools` line, if any (a fix adds a tool to it).
    pub tools_span: Option<Span>,
    pub limits: Limits,
    /// The declared instance first, then `verify` ones, then random ones.
    /// Empty when a given or a goal cannot be computed. In the block's unit
    /// frame: divided by `unit`.
    pub instances: Vec<Instance>,
    /// With dropped points: the drops `check` replays the construction on
    /// to tell the share where it works (docs/language.md, "Where a
    /// construction works"), in the unit frame like `instances`.
    pub survey: Arc<Vec<Instance>>,
    /// The power of two the figure is measured in. Instances are stored
    /// divided by it, so every tolerance of the checker and the solver is
    /// relative to the figure's size (docs/design.md, "Tolerances"); a
    /// coordinate shown to the user is multiplied back. Dividing by a power
    /// of two is exact: nothing is rounded either way.
    pub unit: f64,
    pub steps: Vec<Step>,
    /// False when a step or a goal did not resolve: the block cannot be
    /// replayed and checked.
    pub steps_complete: bool,
    /// The block's `tools` line did not parse: no step is held to it
    /// (E0507 would repeat its syntax error on every tool step).
    pub tools_unknown: bool,
    /// The L-tools the block allows besides lines and circles (`tools`).
    pub tools: Vec<Tool>,
    /// The tools of your own the `tools` line allows, as indices into
    /// `Scene::tools` (docs/language.md, "Tools of your own").
    pub own_tools: Vec<usize>,
    /// Those tools themselves, in the same order: what the solver may use
    /// (`solve/uses.rs`).
    pub allowed: Vec<ToolRef>,
    /// The operands of each step that uses a tool of your own
    /// (`StepOp::Use`), with the tool itself.
    pub calls: Vec<Call>,
    /// `tools drop`: the solver may drop a point on a line or circle it
    /// drew, at no cost (docs/language.md, "Points dropped on the drawing").
    pub drops: bool,
    /// What the solver minimises (`count`, or `--count`).
    pub count: Count,
    /// The level's star counts (`stars e 3 l 2`), if the block states them.
    pub stars: Option<Stars>,
    /// Names bound in the block, so that writers can choose fresh ones.
    pub local_names: Vec<String>,
    /// Each use of a name bound in the block, with the span that binds it.
    pub local_uses: Vec<(Span, Span)>,
}

/// The most steps one use of a tool of your own replays, its tools' own
/// steps counted (each tool using another twice doubles it).
pub const MOST_REPLAYED: usize = 10_000;

/// The most steps a block replays with its tools of your own counted: ten
/// uses of the largest tool.
pub const MOST_REPLAYED_IN_BLOCK: usize = 10 * MOST_REPLAYED;

impl Problem {
    /// The names the block's steps bind, in order.
    pub fn bound_names(&self) -> Vec<&str> {
        self.steps
            .iter()
            .flat_map(|step| &step.binders)
            .filter_map(|binder| binder.name.as_deref())
            .collect()
    }

    /// The steps a replay of the steps makes, each use of a tool of your
    /// own counted as the steps it replays.
    pub fn replayed(&self) -> usize {
        self.steps
            .iter()
            .map(|step| match step.op {
                StepOp::Use { call, .. } => self
                    .calls
                    .get(call as usize)
                    .map_or(1, |call| call.tool.replayed),
                _ => 1,
            })
            .fold(0, usize::saturating_add)
    }

    /// The E cost of each move of the steps, in order: a line or circle 1,
    /// an L-tool or a tool of your own its cost. Each counts 1 L.
    pub fn move_costs(&self) -> Vec<usize> {
        self.steps
            .iter()
            .filter_map(|step| match step.op {
                StepOp::Use { call, .. } => Some(
                    self.calls
                        .get(call as usize)
                        .map_or(1, |call| call.tool.e_cost),
                ),
                op => op.draw().map(crate::tools::Draw::e_cost),
            })
            .collect()
    }

    /// Mask part `part` as written: `line`, `(circle | foot)**`.
    pub fn mask_part_text(&self, part: usize) -> String {
        let Some(token) = self.mask.get(part) else {
            return String::new();
        };
        let own = self.mask_own.get(part).map_or(&[][..], Vec::as_slice);
        if own.is_empty() {
            return token.text();
        }
        let (kinds, many) = match *token {
            MaskToken::Choice { kinds, many } => (kinds, many),
            _ => (crate::tools::DrawSet::default(), false),
        };
        let names: Vec<String> = kinds
            .draws()
            .map(|draw| draw.name().to_string())
            .chain(own.iter().map(|(_, name)| name.clone()))
            .collect();
        let stars = if many { "**" } else { "" };
        match names.as_slice() {
            [one] => format!("{one}{stars}"),
            names => format!("({}){stars}", names.join(" | ")),
        }
    }

    /// The tool of your own step `step` uses, if it uses one.
    pub fn used_tool(&self, step: usize) -> Option<&Arc<UserTool>> {
        match self.steps.get(step)?.op {
            StepOp::Use { call, .. } => self.calls.get(call as usize).map(|call| &call.tool),
            _ => None,
        }
    }

    /// The E cost of the block's dearest L-tool (`None` without tools).
    pub fn dearest_tool(&self) -> Option<usize> {
        self.tools.iter().map(|tool| tool.e_cost()).max()
    }

    /// How many variants the block has (`variant`): the product of its
    /// either-or goal lines' alternative counts, at most `usize::MAX`.
    pub fn variant_count(&self) -> usize {
        self.goal_lines()
            .iter()
            .fold(1usize, |count, (_, choices)| count.saturating_mul(*choices))
    }

    /// One problem per choice of an alternative for every either-or goal
    /// line (the goals of one line choose together), the first line's
    /// alternatives varying slowest: variant `number` of `variant_count`.
    /// A problem without either-or goals is its only variant. A variant's
    /// goals have the chosen definition; its instances list the chosen
    /// alternative first, then the others.
    pub fn variant(&self, number: usize) -> Problem {
        let mut narrowed = self.clone();
        // Where drops may fall is the survey's question, for the search as
        // for `check` (`verify::finish`).
        if !narrowed.survey.is_empty() {
            narrowed
                .instances
                .retain(|instance| !matches!(instance.origin, Origin::Dropped { .. }));
        }
        let mut rest = number;
        for (members, count) in self.goal_lines().into_iter().rev() {
            let choice = rest % count;
            rest /= count;
            for goal in members {
                let goal_def = &mut narrowed.goals[goal];
                goal_def.definitions = vec![goal_def.definitions[choice].clone()];
                goal_def.alternative_spans = vec![goal_def.alternative_spans[choice]];
                // The chosen alternative first: the search aims at it; the
                // others stay, since an answer may reach another one on
                // another instance, as `check` accepts (`verify::witness`).
                for instance in &mut narrowed.instances {
                    let chosen = instance.goals[goal].remove(choice);
                    instance.goals[goal].insert(0, chosen);
                }
            }
        }
        narrowed
    }

    /// The V-star's problem: every alternative of every either-or goal is a
    /// goal of its own, so an answer draws all the level's variants in one
    /// drawing (docs/solver.md, "The three stars"). The alternatives after
    /// the first are named `X′`, `X″`, … (`X_4` beyond); a block without
    /// either-or goals is its own V-star problem.
    pub fn every_variant(&self) -> Problem {
        let mut every = self.clone();
        let spread = |goals: &[Vec<Value>]| -> Vec<Vec<Value>> {
            goals
                .iter()
                .flat_map(|values| values.iter().map(|value| vec![*value]))
                .collect()
        };
        let mut goals = Vec::new();
        for goal in &self.goals {
            for (index, (definition, span)) in goal
                .definitions
                .iter()
                .zip(&goal.alternative_spans)
                .enumerate()
            {
                let name = match index {
                    0 => goal.name.clone(),
                    1 => format!("{}′", goal.name),
                    2 => format!("{}″", goal.name),
                    _ => format!("{}_{}", goal.name, index + 1),
                };
                goals.push(Goal {
                    name,
                    definitions: vec![definition.clone()],
                    alternative_spans: vec![*span],
                    group: goals.len(),
                    ..goal.clone()
                });
            }
        }
        every.goals = goals;
        for instance in &mut every.instances {
            instance.goals = spread(&instance.goals);
        }
        every.survey = Arc::new(
            self.survey
                .iter()
                .map(|instance| Instance {
                    goals: spread(&instance.goals),
                    ..instance.clone()
                })
                .collect(),
        );
        every
    }

    /// Every variant (`variant`), for blocks known to have few.
    pub fn variants(&self) -> Vec<Problem> {
        (0..self.variant_count())
            .map(|number| self.variant(number))
            .collect()
    }

    /// The either-or goal lines: each line's goals and its number of
    /// alternatives, in the order they are written.
    fn goal_lines(&self) -> Vec<(Vec<usize>, usize)> {
        let mut groups: Vec<usize> = self.goals.iter().map(|goal| goal.group).collect();
        groups.dedup();
        groups
            .into_iter()
            .filter_map(|group| {
                let members: Vec<usize> = (0..self.goals.len())
                    .filter(|&goal| self.goals[goal].group == group)
                    .collect();
                let count = self.goals[members[0]].definitions.len();
                (count > 1).then_some((members, count))
            })
            .collect()
    }
}

/// Euclidea's two scores: elementary moves (E: lines and circles, each
/// L-tool at its cost) or tool uses (L).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Count {
    E,
    L,
}

/// A block's `stars` line: the most E and L moves for the game's E-star
/// and L-star (docs/language.md, "Stars").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stars {
    pub e: Option<usize>,
    pub l: Option<usize>,
    /// The whole line.
    pub span: Span,
}

impl Stars {
    /// The star count for what the block counts, if stated.
    pub fn limit(&self, count: Count) -> Option<usize> {
        match count {
            Count::E => self.e,
            Count::L => self.l,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    pub name: String,
    pub span: Span,
    pub item_span: Span,
    pub ty: Type,
    /// One per alternative of `goal X = a | b` (the game's mirror-image
    /// answers): the goal is reached by any one of them.
    pub definitions: Vec<Ir>,
    /// Where each alternative is written.
    pub alternative_spans: Vec<Span>,
    /// Written without any name: it cannot follow the givens.
    pub is_constant: bool,
    /// The goal line it is written on: goals of one line (`goal X, Y =
    /// (a, b) | (c, d)`) take their alternatives together.
    pub group: usize,
}

/// The seed engine's `ignore` options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Limits {
    /// Drop a new point closer than this to a known point.
    pub min: Option<f64>,
    /// Drop a new point farther than this from the origin.
    pub max: Option<f64>,
}

impl Limits {
    /// Both distances multiplied by `factor` (> 0): into a unit frame.
    pub fn scaled(self, factor: f64) -> Limits {
        Limits {
            min: self.min.map(|min| min * factor),
            max: self.max.map(|max| max * factor),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Origin {
    Declared,
    Verify {
        span: Span,
    },
    Random {
        /// Each moved parameter's name and value. The names are shared, so
        /// that a value changed after an edit copies no name
        /// (`redefine`).
        parameters: Arc<[(Arc<str>, Value)]>,
    },
    /// Only the points dropped anywhere (`any(…)`) moved.
    Dropped {
        points: Arc<[(String, Value)]>,
    },
}

/// One instance of a problem, in coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Instance {
    pub origin: Origin,
    pub givens: Vec<Point>,
    pub setup: Vec<Object>,
    /// Indexed like `Problem::goals`: each goal's alternatives (one unless
    /// written `a | b`), each a point, line or circle.
    pub goals: Vec<Vec<Value>>,
    /// On the drop survey's instances: where the steps' own dropped points
    /// fall (`StepOp::Drop`), drawn from this seed; elsewhere they fall
    /// where declared.
    #[serde(skip)]
    pub drop_seed: Option<u64>,
}

impl Instance {
    /// `scaled`, in place (the drop survey makes a thousand).
    pub fn scale(&mut self, factor: f64) {
        for point in &mut self.givens {
            *point = *point * factor;
        }
        for object in &mut self.setup {
            *object = object.scaled(factor);
        }
        for value in self.goals.iter_mut().flatten() {
            *value = value.scaled(factor);
        }
    }

    /// The same instance with every length multiplied by `factor` (> 0).
    /// The moved parameters in `origin` stay as written in the file.
    pub fn scaled(&self, factor: f64) -> Instance {
        Instance {
            origin: self.origin.clone(),
            givens: self.givens.iter().map(|point| *point * factor).collect(),
            setup: self
                .setup
                .iter()
                .map(|object| object.scaled(factor))
                .collect(),
            goals: self
                .goals
                .iter()
                .map(|values| values.iter().map(|value| value.scaled(factor)).collect())
                .collect(),
            drop_seed: self.drop_seed,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub span: Span,
    pub op: StepOp,
    pub binders: Vec<StepBinder>,
}

/// Points are indexed givens first, then every intersection point of the
/// steps in order (named or not); objects setup first, then drawn ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "op", content = "args", rename_all = "lowercase")]
pub enum StepOp {
    Line(usize, usize),
    Circle(usize, usize),
    Meet(usize, usize),
    /// `other(a, b, P)` or `nearer(a, b, P)`: one crossing of two objects,
    /// chosen by where it lies (`geom::pick_crossing`); binds one point.
    Pick {
        first: usize,
        second: usize,
        pick: crate::geom::Pick,
        at: usize,
    },
    /// `touch(a, b)`: the point where two objects touch
    /// (`geom::touch_point`); binds one point.
    Touch(usize, usize),
    /// `D = any(l, t)` or `any(k, angle)` in a step: a point dropped on an
    /// object of the drawing, at no cost (docs/language.md, "Points dropped
    /// on the drawing"); where declared on the declared and moved instances,
    /// anywhere on the object on the drop survey's. Binds one point.
    Drop {
        object: usize,
        at: DropAt,
        /// The object is a circle (`at` an angle), else a line.
        circle: bool,
    },
    /// An L-tool. `args` are point indices, except the first of
    /// `perpendicular` and `parallel` (the line, an object index); the
    /// perpendicular bisector uses two, the others' third is unused.
    Tool {
        tool: Tool,
        args: [usize; 3],
    },
    /// A tool of your own: `tool` indexes `Scene::tools`, `call` the
    /// problem's `calls` (its operands). Binds what the tool's results are,
    /// points and objects, in order (docs/language.md, "Tools of your own").
    Use {
        tool: u32,
        call: u32,
    },
}

/// Where a step drops its point on the declared instance: the distance
/// from a line's origin along it (in the block's unit frame), or the angle
/// on a circle. Kept as bits so that steps compare and hash exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DropAt(u64);

impl DropAt {
    pub fn new(value: f64) -> DropAt {
        DropAt(value.to_bits())
    }

    pub fn value(self) -> f64 {
        f64::from_bits(self.0)
    }
}

impl Serialize for DropAt {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

impl StepOp {
    /// An intersection: it binds points, draws nothing.
    pub fn is_meet(&self) -> bool {
        matches!(
            self,
            StepOp::Meet(..) | StepOp::Pick { .. } | StepOp::Touch(..) | StepOp::Drop { .. }
        )
    }

    /// The tool a drawing step uses (`None` for an intersection).
    pub fn draw(&self) -> Option<crate::tools::Draw> {
        use crate::tools::Draw;
        match self {
            StepOp::Line(..) => Some(Draw::Line),
            StepOp::Circle(..) => Some(Draw::Circle),
            StepOp::Tool { tool, .. } => Some(Draw::Tool(*tool)),
            StepOp::Meet(..)
            | StepOp::Pick { .. }
            | StepOp::Touch(..)
            | StepOp::Drop { .. }
            | StepOp::Use { .. } => None,
        }
    }

    /// The points a drawing step uses (replay indices); none for an
    /// intersection.
    pub fn point_operands(&self) -> Vec<usize> {
        match *self {
            StepOp::Line(a, b) | StepOp::Circle(a, b) => vec![a, b],
            StepOp::Tool { tool, args } => tool.point_args(args).collect(),
            StepOp::Meet(..)
            | StepOp::Pick { .. }
            | StepOp::Touch(..)
            | StepOp::Drop { .. }
            | StepOp::Use { .. } => Vec::new(),
        }
    }

    /// What the step makes: "point" (an intersection), "line" or "circle";
    /// a tool of your own makes its "results" (each binder's `ty` says
    /// what).
    pub fn made(&self) -> &'static str {
        match self {
            StepOp::Use { .. } => "results",
            StepOp::Meet(..) | StepOp::Pick { .. } | StepOp::Touch(..) | StepOp::Drop { .. } => {
                "point"
            }
            StepOp::Circle(..) => "circle",
            StepOp::Tool { tool, .. } if !tool.draws_line() => "circle",
            StepOp::Line(..) | StepOp::Tool { .. } => "line",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct StepBinder {
    pub name: Option<String>,
    pub span: Span,
    /// Binding a goal's name asserts that this is the goal.
    pub goal: Option<usize>,
    /// The point's or object's index in replay numbering (see `StepOp`).
    pub index: usize,
    /// What it binds: a point, a line (of any kind) or a circle.
    pub ty: Type,
}

impl StepBinder {
    /// Whether it binds a point (else a line or circle).
    pub fn is_point(&self) -> bool {
        self.ty == Type::Point
    }
}

impl Shift for Problem {
    fn shift_after(&mut self, from: usize, delta: isize) {
        for span in [&mut self.span, &mut self.header_span, &mut self.body_span] {
            span.shift_after(from, delta);
        }
        self.mask_span.shift_after(from, delta);
        self.tools_span.shift_after(from, delta);
        for goal in &mut self.goals {
            goal.span.shift_after(from, delta);
            goal.item_span.shift_after(from, delta);
            goal.alternative_spans.shift_after(from, delta);
        }
        for instance in &mut self.instances {
            if let Origin::Verify { span } = &mut instance.origin {
                span.shift_after(from, delta);
            }
        }
        for step in &mut self.steps {
            step.span.shift_after(from, delta);
            for binder in &mut step.binders {
                binder.span.shift_after(from, delta);
            }
        }
        self.local_uses.shift_after(from, delta);
    }
}

/// A tool of your own, checked on its own figure and used as one step.
#[derive(Clone, Debug, PartialEq)]
pub struct UserTool {
    pub name: String,
    /// Its `///` lines, without the slashes.
    pub doc: Option<String>,
    /// The `use` line's path it was brought in by (`None`: defined in the
    /// file analysed). Its spans are in that file.
    pub from: Option<String>,
    /// Where its name is written.
    pub name_span: Span,
    /// The whole definition.
    pub span: Span,
    pub params: Vec<ToolParam>,
    pub results: Vec<ToolResult>,
    /// The body on the tool's own figure: the point parameters are its
    /// givens and the others its setup, each in the order written; its
    /// instances are the figure as declared and moved (in the figure's unit
    /// frame, like any block's).
    pub figure: Problem,
    /// Elementary moves one use counts: its body's (each L-tool and tool of
    /// your own at its own cost). A use counts 1 L, as an L-tool does.
    pub e_cost: usize,
    /// The steps one use replays, the tools its body uses counted with
    /// theirs: at most `MOST_REPLAYED` (nested tools multiply).
    pub replayed: usize,
    /// Each step of the body as written (`F = l & m`), for the messages of a
    /// use that cannot be built.
    pub step_texts: Vec<String>,
}

impl UserTool {
    /// How a step writes a use, for messages: `foot(P, l)`.
    pub fn usage(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        format!("{}({})", self.name, names.join(", "))
    }

    /// `foot(P, l) -> F`, with each parameter's type: the signature hover
    /// and messages show.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|param| format!("{} {}", param.ty, param.name))
            .collect();
        let results: Vec<String> = self
            .results
            .iter()
            .map(|result| format!("{} {}", result.ty, result.name))
            .collect();
        format!(
            "{}({}) -> {}",
            self.name,
            params.join(", "),
            results.join(", ")
        )
    }
}

/// One parameter: its name and type, where it is written, and its place
/// among the figure's givens (a point) or setup (a line or circle).
#[derive(Clone, Debug, PartialEq)]
pub struct ToolParam {
    pub name: String,
    pub ty: Type,
    pub span: Span,
    pub slot: usize,
}

/// One result: what a use binds, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolResult {
    pub name: String,
    /// A point, a line or a circle.
    pub ty: Type,
    /// Where the result is written after `->`.
    pub span: Span,
    /// Its index in the body's replay: a point's or an object's.
    pub index: usize,
}

impl ToolResult {
    pub fn is_point(&self) -> bool {
        self.ty == Type::Point
    }
}

/// The operands of one use of a tool of your own (`StepOp::Use` indexes a
/// problem's list of them). The tool is here to be replayed: its spans are
/// not moved by edits elsewhere in the file (`Scene::tools` has them
/// moved), and two calls are equal when they use the tool of one name and
/// file on the same operands.
#[derive(Clone, Debug)]
pub struct Call {
    pub tool: Arc<UserTool>,
    /// Each parameter's operand, in order: a point index for a point, an
    /// object index for the others, numbered as `StepOp` numbers them.
    pub args: Vec<usize>,
}

impl PartialEq for Call {
    fn eq(&self, other: &Call) -> bool {
        self.args == other.args
            && (Arc::ptr_eq(&self.tool, &other.tool)
                || (self.tool.name == other.tool.name && self.tool.from == other.tool.from))
    }
}

impl Call {
    /// The use written out, `foot(X, s)`, each operand named by `name_of`
    /// (whether it is a point, and its index).
    pub fn text(&self, mut name_of: impl FnMut(bool, usize) -> String) -> String {
        let operands: Vec<String> = self
            .tool
            .params
            .iter()
            .zip(&self.args)
            .map(|(param, &arg)| name_of(param.ty == Type::Point, arg))
            .collect();
        format!("{}({})", self.tool.name, operands.join(", "))
    }
}

/// A tool a block allows, for the solver: like a `Call`'s, its spans are
/// not moved by edits elsewhere, and two are equal when they are the tool
/// of one name and file.
#[derive(Clone, Debug)]
pub struct ToolRef(pub Arc<UserTool>);

impl PartialEq for ToolRef {
    fn eq(&self, other: &ToolRef) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.name == other.0.name && self.0.from == other.0.from)
    }
}

/// A tool another file defines, and the `use` line that brought it in.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedTool {
    pub tool: Arc<UserTool>,
    /// The `use` line's path, quotes included.
    pub span: Span,
}

impl Shift for UserTool {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.name_span.shift_after(from, delta);
        self.span.shift_after(from, delta);
        for param in &mut self.params {
            param.span.shift_after(from, delta);
        }
        for result in &mut self.results {
            result.span.shift_after(from, delta);
        }
        self.figure.shift_after(from, delta);
    }
}
