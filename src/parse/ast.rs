//! The syntax tree: what the text says, every node with its byte span.
//! Mistakes that the parser recovered from stay in the tree as `Error` nodes.

use crate::span::{Shift, Span};
use std::fmt::{self, Write};

#[derive(Clone, Debug, PartialEq, Default)]
pub struct SourceFile {
    pub items: Vec<std::sync::Arc<Item>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// One name bound by a declaration or a step; `_` binds nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Binder {
    Name(Name),
    Wildcard(Span),
}

impl Binder {
    pub fn span(&self) -> Span {
        match self {
            Binder::Name(name) => name.span,
            Binder::Wildcard(span) => *span,
        }
    }

    pub fn name(&self) -> Option<&Name> {
        match self {
            Binder::Name(name) => Some(name),
            Binder::Wildcard(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    /// A value that is not a given: usable in expressions, never in steps.
    Let,
    /// A value random instances never move (`const phi = (sqrt(5) - 1) / 2`).
    Const,
    /// A given point: part of the starting set.
    Point,
    /// A line drawn at the start.
    Line,
    /// A segment drawn at the start (it meets others only between its ends).
    Segment,
    /// A ray drawn at the start.
    Ray,
    /// A circle drawn at the start.
    Circle,
}

impl DeclKind {
    pub fn keyword(self) -> &'static str {
        match self {
            DeclKind::Let => "let",
            DeclKind::Const => "const",
            DeclKind::Point => "point",
            DeclKind::Line => "line",
            DeclKind::Segment => "segment",
            DeclKind::Ray => "ray",
            DeclKind::Circle => "circle",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    Decl(Decl),
    Solve(SolveBlock),
    Planar(PlanarBlock),
    /// A tool of your own (docs/language.md, "Tools of your own").
    Tool(ToolDef),
    /// `use "lib/triangles.euc"`: another file's tools.
    Use(UseLine),
    /// A line that did not parse; if it began like a declaration, the name it
    /// declares (so that uses of the name are not reported as unknown too).
    Error(Option<(DeclKind, Name)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub kind: DeclKind,
    pub keyword_span: Span,
    pub binders: Vec<Binder>,
    pub value: Expr,
}

/// `tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F { … }`: a
/// construction on its own figure, used as one step.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolDef {
    pub name: Name,
    pub keyword_span: Span,
    pub params: Vec<ToolParam>,
    /// What a use binds, in order.
    pub results: Vec<Name>,
    /// The body: steps (any other line of a block is the resolver's
    /// mistake to report).
    pub items: Vec<SolveItem>,
    /// The text between the braces.
    pub body_span: Span,
    /// Whether its `}` was found.
    pub closed: bool,
    /// The `///` lines right above it, without the slashes.
    pub doc: Option<String>,
}

/// One parameter of a tool: its name and its value on the tool's own
/// figure; the keyword, when written, states its type (`point P = …`).
#[derive(Clone, Debug, PartialEq)]
pub struct ToolParam {
    pub kind: Option<(DeclKind, Span)>,
    pub name: Name,
    pub value: Expr,
    pub span: Span,
}

/// `use "lib/triangles.euc"`.
#[derive(Clone, Debug, PartialEq)]
pub struct UseLine {
    pub keyword_span: Span,
    /// As written between the quotes.
    pub path: String,
    /// The quoted path, quotes included (for `use std`, the word).
    pub path_span: Span,
    /// `use std`: the standard library, shipped inside euc (`path` is
    /// `std`).
    pub standard: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SolveBlock {
    pub name: Option<Name>,
    pub keyword_span: Span,
    pub items: Vec<SolveItem>,
    /// The text between the braces, what `euc solve --write` replaces.
    pub body_span: Span,
    /// Whether its `}` was found (an edit inside a closed block can be
    /// parsed alone: `crate::incremental`).
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SolveItem {
    pub kind: SolveItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SolveItemKind {
    /// `goal X = a | b`: reached by any one of the alternatives (at least
    /// one). `goal X, Y = (a, b) | (c, d)` names several goals that are
    /// reached together by one alternative: each value then lists one
    /// value per name, in parentheses.
    Goal {
        names: Vec<Name>,
        values: Vec<Expr>,
    },
    Mask(Vec<MaskPart>),
    /// `tools perpendicular parallel …`: the L-tools this block allows
    /// besides lines and circles.
    Tools(Vec<Name>),
    /// `count e` or `count l`: what the solver minimises.
    Count(Name),
    /// `stars e 3 l 2`: the level's E-star and L-star counts, reported by
    /// `check` as the game gives stars (docs/language.md, "Stars").
    Stars(Vec<StarCount>),
    Ignore(Vec<IgnoreLimit>),
    Verify(Vec<Assignment>),
    Step(Step),
    /// A line that did not parse, with the names it seemed to bind
    /// (`c1 = circle(A, B))`: `c1`): they are put out of use quietly, so
    /// their uses below add no error of their own.
    Error(BrokenLine),
}

/// What is known of a block's line that did not parse.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BrokenLine {
    /// The names it binds, if it starts as a step does.
    pub names: Vec<Name>,
    /// It starts as a `tools` line: which tools the block allows is not
    /// known, so no step is an error for its tool (E0507).
    pub tools: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub binders: Vec<Binder>,
    pub value: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaskToken {
    Line,
    Circle,
    Any,
    Lines,
    Circles,
    All,
    /// One use of an L-tool.
    Tool(Tool),
    /// One move of any kind listed, `(circle | compass)`, or any number of
    /// them, `(circle | compass)**` and `compass**` (docs/language.md,
    /// "Masks over the L-tools").
    Choice {
        kinds: DrawSet,
        many: bool,
    },
}

/// The L-tools are described in one place, `crate::tools`.
pub use crate::tools::{Draw, DrawSet, Tool};

impl MaskToken {
    /// As written: the seed engine's spelling for its parts.
    pub fn text(self) -> String {
        match self {
            MaskToken::Line => "line".into(),
            MaskToken::Circle => "circle".into(),
            MaskToken::Any => "*".into(),
            MaskToken::Lines => "line**".into(),
            MaskToken::Circles => "circle**".into(),
            MaskToken::All => "**".into(),
            MaskToken::Tool(tool) => tool.name().into(),
            MaskToken::Choice { kinds, many } => {
                let names: Vec<&str> = kinds.draws().map(Draw::name).collect();
                let stars = if many { "**" } else { "" };
                if names.len() == 1 {
                    format!("{}{stars}", names[0])
                } else {
                    format!("({}){stars}", names.join(" | "))
                }
            }
        }
    }

    pub fn is_generator(self) -> bool {
        matches!(
            self,
            MaskToken::Lines
                | MaskToken::Circles
                | MaskToken::All
                | MaskToken::Choice { many: true, .. }
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MaskPart {
    pub token: MaskToken,
    pub span: Span,
    /// The tools of your own the part allows besides `token`'s kinds
    /// (`foot`, `(circle | foot)`): the resolver looks them up.
    pub own: Vec<Name>,
}

impl MaskPart {
    /// As written: `line`, `(circle | foot)**`.
    pub fn text(&self) -> String {
        if self.own.is_empty() {
            return self.token.text();
        }
        let (kinds, many) = match self.token {
            MaskToken::Choice { kinds, many } => (kinds, many),
            _ => (DrawSet::default(), false),
        };
        let names: Vec<String> = kinds
            .draws()
            .map(|draw| draw.name().to_string())
            .chain(self.own.iter().map(|name| name.text.clone()))
            .collect();
        let stars = if many { "**" } else { "" };
        if names.len() == 1 {
            format!("{}{stars}", names[0])
        } else {
            format!("({}){stars}", names.join(" | "))
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Min,
    Max,
}

/// One count of a `stars` line: `e 3` (the word, then the number).
#[derive(Clone, Debug, PartialEq)]
pub struct StarCount {
    pub count: Name,
    pub value: f64,
    pub value_span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct IgnoreLimit {
    pub limit: Limit,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    pub name: Name,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlanarBlock {
    pub name: Option<Name>,
    pub keyword_span: Span,
    pub items: Vec<PlanarItem>,
    pub body_span: Span,
    /// Whether its `}` was found (an edit inside a closed block can be
    /// parsed alone: `crate::incremental`).
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlanarItem {
    pub kind: PlanarItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlanarItemKind {
    Level(Expr),
    Seed(Expr),
    Node { name: Name, value: Expr },
    Edges(Vec<Edge>),
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub from: Name,
    pub to: Name,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Number(f64),
    /// A number with the `deg` suffix, kept in degrees as written.
    Degrees(f64),
    Name(String),
    Neg(Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `(x, y)`; other lengths are reported by the resolver.
    Tuple(Vec<Expr>),
    Call {
        function: Name,
        args: Vec<Expr>,
    },
    /// `a & b`: the intersection of two objects.
    Meet(Box<Expr>, Box<Expr>),
    Error,
}

// Every span of the tree moves with the text after an edit (`Shift`).

impl Shift for Name {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
    }
}

impl Shift for Binder {
    fn shift_after(&mut self, from: usize, delta: isize) {
        match self {
            Binder::Name(name) => name.shift_after(from, delta),
            Binder::Wildcard(span) => span.shift_after(from, delta),
        }
    }
}

impl Shift for Item {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        match &mut self.kind {
            ItemKind::Decl(decl) => {
                decl.keyword_span.shift_after(from, delta);
                decl.binders.shift_after(from, delta);
                decl.value.shift_after(from, delta);
            }
            ItemKind::Solve(block) => {
                block.name.shift_after(from, delta);
                block.keyword_span.shift_after(from, delta);
                block.body_span.shift_after(from, delta);
                block.items.shift_after(from, delta);
            }
            ItemKind::Planar(block) => {
                block.name.shift_after(from, delta);
                block.keyword_span.shift_after(from, delta);
                block.body_span.shift_after(from, delta);
                block.items.shift_after(from, delta);
            }
            ItemKind::Tool(tool) => {
                tool.name.shift_after(from, delta);
                tool.keyword_span.shift_after(from, delta);
                for param in &mut tool.params {
                    if let Some((_, span)) = &mut param.kind {
                        span.shift_after(from, delta);
                    }
                    param.name.shift_after(from, delta);
                    param.value.shift_after(from, delta);
                    param.span.shift_after(from, delta);
                }
                tool.results.shift_after(from, delta);
                tool.items.shift_after(from, delta);
                tool.body_span.shift_after(from, delta);
            }
            ItemKind::Use(line) => {
                line.keyword_span.shift_after(from, delta);
                line.path_span.shift_after(from, delta);
            }
            ItemKind::Error(declares) => {
                if let Some((_, name)) = declares {
                    name.shift_after(from, delta);
                }
            }
        }
    }
}

impl Shift for SolveItem {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        match &mut self.kind {
            SolveItemKind::Goal { names, values } => {
                names.shift_after(from, delta);
                values.shift_after(from, delta);
            }
            SolveItemKind::Mask(parts) => {
                for part in parts {
                    part.span.shift_after(from, delta);
                    part.own.shift_after(from, delta);
                }
            }
            SolveItemKind::Tools(names) => names.shift_after(from, delta),
            SolveItemKind::Count(name) => name.shift_after(from, delta),
            SolveItemKind::Stars(counts) => {
                for star in counts {
                    star.count.shift_after(from, delta);
                    star.value_span.shift_after(from, delta);
                }
            }
            SolveItemKind::Ignore(limits) => {
                for limit in limits {
                    limit.span.shift_after(from, delta);
                    limit.value.shift_after(from, delta);
                }
            }
            SolveItemKind::Verify(assignments) => {
                for assignment in assignments {
                    assignment.name.shift_after(from, delta);
                    assignment.value.shift_after(from, delta);
                }
            }
            SolveItemKind::Step(step) => {
                step.binders.shift_after(from, delta);
                step.value.shift_after(from, delta);
            }
            SolveItemKind::Error(broken) => broken.names.shift_after(from, delta),
        }
    }
}

impl Shift for PlanarItem {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        match &mut self.kind {
            PlanarItemKind::Level(value) | PlanarItemKind::Seed(value) => {
                value.shift_after(from, delta)
            }
            PlanarItemKind::Node { name, value } => {
                name.shift_after(from, delta);
                value.shift_after(from, delta);
            }
            PlanarItemKind::Edges(edges) => {
                for edge in edges {
                    edge.from.shift_after(from, delta);
                    edge.to.shift_after(from, delta);
                    edge.span.shift_after(from, delta);
                }
            }
            PlanarItemKind::Error => {}
        }
    }
}

impl Shift for Expr {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        match &mut self.kind {
            ExprKind::Number(_) | ExprKind::Degrees(_) | ExprKind::Name(_) | ExprKind::Error => {}
            ExprKind::Neg(inner) => inner.shift_after(from, delta),
            ExprKind::Binary(_, left, right) | ExprKind::Meet(left, right) => {
                left.shift_after(from, delta);
                right.shift_after(from, delta);
            }
            ExprKind::Tuple(parts) => parts.shift_after(from, delta),
            ExprKind::Call { function, args } => {
                function.shift_after(from, delta);
                args.shift_after(from, delta);
            }
        }
    }
}

/// A compact, stable outline of the tree for snapshots and `--tree` debugging.
pub fn tree_to_text(file: &SourceFile) -> String {
    let mut out = String::new();
    for item in &file.items {
        write_item(&mut out, item).expect("writing to a String cannot fail");
    }
    out
}

fn write_item(out: &mut String, item: &Item) -> fmt::Result {
    let Span { start, end } = item.span;
    match &item.kind {
        ItemKind::Decl(decl) => writeln!(
            out,
            "{start}..{end} {} {} = {}",
            decl.kind.keyword(),
            binders_to_text(&decl.binders),
            expr_to_text(&decl.value)
        ),
        ItemKind::Solve(block) => {
            writeln!(out, "{start}..{end} solve {}", block_name(&block.name))?;
            write_solve_items(out, &block.items)
        }
        ItemKind::Tool(tool) => {
            let params: Vec<String> = tool
                .params
                .iter()
                .map(|param| {
                    let keyword = param
                        .kind
                        .map_or(String::new(), |(kind, _)| format!("{} ", kind.keyword()));
                    format!(
                        "{keyword}{} = {}",
                        param.name.text,
                        expr_to_text(&param.value)
                    )
                })
                .collect();
            let results: Vec<&str> = tool.results.iter().map(|name| name.text.as_str()).collect();
            writeln!(
                out,
                "{start}..{end} tool {}({}) -> {}",
                tool.name.text,
                params.join(", "),
                results.join(", ")
            )?;
            if let Some(doc) = &tool.doc {
                writeln!(out, "  doc {doc:?}")?;
            }
            write_solve_items(out, &tool.items)
        }
        ItemKind::Use(line) => writeln!(out, "{start}..{end} use {:?}", line.path),
        ItemKind::Planar(block) => {
            writeln!(out, "{start}..{end} planar {}", block_name(&block.name))?;
            for item in &block.items {
                let Span { start, end } = item.span;
                let text = match &item.kind {
                    PlanarItemKind::Level(value) => format!("level {}", expr_to_text(value)),
                    PlanarItemKind::Seed(value) => format!("seed {}", expr_to_text(value)),
                    PlanarItemKind::Node { name, value } => {
                        format!("node {} = {}", name.text, expr_to_text(value))
                    }
                    PlanarItemKind::Edges(edges) => {
                        let edges: Vec<_> = edges
                            .iter()
                            .map(|e| format!("{}-{}", e.from.text, e.to.text))
                            .collect();
                        format!("edge {}", edges.join(", "))
                    }
                    PlanarItemKind::Error => "error".to_string(),
                };
                writeln!(out, "  {start}..{end} {text}")?;
            }
            Ok(())
        }
        ItemKind::Error(_) => writeln!(out, "{start}..{end} error"),
    }
}

/// The lines of a solve block or a tool's body, one a line, indented.
fn write_solve_items(out: &mut String, items: &[SolveItem]) -> fmt::Result {
    for item in items {
        let Span { start, end } = item.span;
        writeln!(out, "  {start}..{end} {}", solve_item_text(item))?;
    }
    Ok(())
}

fn solve_item_text(item: &SolveItem) -> String {
    match &item.kind {
        SolveItemKind::Goal { names, values } => {
            let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
            let values: Vec<String> = values.iter().map(expr_to_text).collect();
            format!("goal {} = {}", names.join(", "), values.join(" | "))
        }
        SolveItemKind::Tools(names) => {
            let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
            format!("tools {}", names.join(" "))
        }
        SolveItemKind::Count(name) => format!("count {}", name.text),
        SolveItemKind::Stars(counts) => {
            let counts: Vec<String> = counts
                .iter()
                .map(|star| format!("{} {}", star.count.text, star.value))
                .collect();
            format!("stars {}", counts.join(" "))
        }
        SolveItemKind::Mask(parts) => {
            let parts: Vec<_> = parts.iter().map(MaskPart::text).collect();
            format!("mask {}", parts.join(" "))
        }
        SolveItemKind::Ignore(limits) => {
            let limits: Vec<_> = limits
                .iter()
                .map(|limit| {
                    let word = if limit.limit == Limit::Min {
                        "min"
                    } else {
                        "max"
                    };
                    format!("{word} {}", expr_to_text(&limit.value))
                })
                .collect();
            format!("ignore {}", limits.join(" "))
        }
        SolveItemKind::Verify(assignments) => {
            let assignments: Vec<_> = assignments
                .iter()
                .map(|a| format!("{} = {}", a.name.text, expr_to_text(&a.value)))
                .collect();
            format!("verify {}", assignments.join(", "))
        }
        SolveItemKind::Step(step) => format!(
            "step {} = {}",
            binders_to_text(&step.binders),
            expr_to_text(&step.value)
        ),
        SolveItemKind::Error(_) => "error".to_string(),
    }
}

fn block_name(name: &Option<Name>) -> &str {
    name.as_ref().map_or("<unnamed>", |name| name.text.as_str())
}

fn binders_to_text(binders: &[Binder]) -> String {
    let names: Vec<_> = binders
        .iter()
        .map(|binder| binder.name().map_or("_", |name| name.text.as_str()))
        .collect();
    names.join(", ")
}

/// Fully parenthesised, so that snapshots show how the parser grouped things.
/// An expression as a person writes it: parentheses only where the
/// grammar needs them (`(-1, 0)`, `(a + b) * c`), for hovers. The parse
/// tree printer (`expr_to_text`) brackets everything instead.
pub fn expr_as_written(expr: &Expr) -> String {
    written(expr, 0)
}

/// How tightly an expression binds: `&` < `+ -` < `* /` < unary `-` < the rest.
fn binding_power(expr: &Expr) -> u8 {
    match &expr.kind {
        ExprKind::Meet(..) => 1,
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, ..) => 2,
        ExprKind::Binary(BinaryOp::Mul | BinaryOp::Div, ..) => 3,
        ExprKind::Neg(_) => 4,
        _ => 5,
    }
}

/// `expr` in a place that needs at least `power`.
fn written(expr: &Expr, power: u8) -> String {
    let own = binding_power(expr);
    let text = match &expr.kind {
        ExprKind::Number(value) => format!("{value}"),
        ExprKind::Degrees(value) => format!("{value}deg"),
        ExprKind::Name(name) => name.clone(),
        ExprKind::Neg(inner) => format!("-{}", written(inner, 4)),
        // Left-associative: the right operand of the same power is bracketed.
        ExprKind::Binary(op, left, right) => format!(
            "{} {} {}",
            written(left, own),
            op.symbol(),
            written(right, own + 1)
        ),
        ExprKind::Meet(left, right) => {
            format!("{} & {}", written(left, 1), written(right, 2))
        }
        ExprKind::Tuple(items) => {
            let items: Vec<_> = items.iter().map(|item| written(item, 0)).collect();
            format!("({})", items.join(", "))
        }
        ExprKind::Call { function, args } => {
            let args: Vec<_> = args.iter().map(|arg| written(arg, 0)).collect();
            format!("{}({})", function.text, args.join(", "))
        }
        ExprKind::Error => "…".to_string(),
    };
    if own < power {
        format!("({text})")
    } else {
        text
    }
}

pub fn expr_to_text(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Number(value) => format!("{value}"),
        ExprKind::Degrees(value) => format!("{value}deg"),
        ExprKind::Name(name) => name.clone(),
        ExprKind::Neg(inner) => format!("(-{})", expr_to_text(inner)),
        ExprKind::Binary(op, left, right) => {
            format!(
                "({} {} {})",
                expr_to_text(left),
                op.symbol(),
                expr_to_text(right)
            )
        }
        ExprKind::Tuple(items) => {
            let items: Vec<_> = items.iter().map(expr_to_text).collect();
            format!("({})", items.join(", "))
        }
        ExprKind::Call { function, args } => {
            let args: Vec<_> = args.iter().map(expr_to_text).collect();
            format!("{}({})", function.text, args.join(", "))
        }
        ExprKind::Meet(left, right) => {
            format!("({} & {})", expr_to_text(left), expr_to_text(right))
        }
        ExprKind::Error => "<error>".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_print_as_written() {
        for text in [
            "(-1, 0)",
            "A + (B - A) * 2",
            "(a + b) * c",
            "a - (b - c)",
            "a - b - c",
            "a / (b * c)",
            "-(a + b)",
            "--a",
            "circle(A, B) & line(A, C)",
            "rotate(B, A, 90deg) + (0.5, -2)",
        ] {
            let (file, diagnostics) = crate::parse::parse(&format!("let x = {text}\n"));
            assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
            let ItemKind::Decl(decl) = &file.items[0].kind else {
                panic!("{text}: not a declaration");
            };
            assert_eq!(expr_as_written(&decl.value), text);
        }
    }
}
