//! What a name means inside the steps of a block or a tool's body
//! (`Scope`), and the operands of one step looked up in it (`Operands`),
//! with the diagnostics for names that mean nothing there.

use super::lower::closest;
use super::problem::Call;
use super::problem::Goal;
use super::types::Type;
use super::Scene;
use crate::diag::Diagnostic;
use crate::parse::ast::{self, Binder, DeclKind, ExprKind};
use crate::span::Span;
use std::collections::HashMap;

/// What a name means inside a block's steps.
#[derive(Clone, Copy)]
pub(super) enum Local {
    Point(usize),
    Object(usize, Type),
}

/// The names a block's steps can use: the file's givens and setup objects
/// (their symbols, in order, looked up by binary search: a block's scope
/// costs neither a copy of their names nor a map of them) and what the
/// block's own steps bind, which hide them.
pub(super) struct Scope {
    pub givens: Vec<usize>,
    pub setup: Vec<usize>,
    pub local: HashMap<String, (Local, Span)>,
    /// Names bound by steps that failed to resolve, with where: their
    /// mistake is reported once, so later uses are skipped quietly instead
    /// of each reported as an unknown name (docs/architecture.md, "One error per mistake").
    pub broken: HashMap<String, Span>,
    /// Every name the block's steps bind, where first: a use above its
    /// step is told so, not "unknown" (docs/design.md, "Mistakes and their
    /// fixes").
    pub bound_in_block: HashMap<String, Span>,
}

impl Scope {
    fn get(&self, scene: &Scene, name: &str) -> Option<(Local, Span)> {
        match self.local.get(name) {
            Some(&found) => Some(found),
            None => self.top(scene, scene.symbol(name)?),
        }
    }

    /// A given or setup object by symbol (broken declarations stay out of
    /// scope: their uses are already explained).
    fn top(&self, scene: &Scene, symbol: usize) -> Option<(Local, Span)> {
        let ty = scene.symbols[symbol].ty?;
        let declared = scene.symbol_span(symbol);
        if let Ok(position) = self.givens.binary_search(&symbol) {
            return Some((Local::Point(position), declared));
        }
        let position = self.setup.binary_search(&symbol).ok()?;
        Some((Local::Object(position, ty), declared))
    }

    /// Puts the names a failed step binds out of use, quietly.
    pub(super) fn mark_broken(&mut self, step: &ast::Step) {
        for name in step.binders.iter().filter_map(Binder::name) {
            self.local.remove(&name.text);
            self.broken.insert(name.text.clone(), name.span);
        }
    }

    /// The same for the names a line that did not parse seemed to bind.
    pub(super) fn mark_broken_names(&mut self, names: &[ast::Name]) {
        for name in names {
            self.local.remove(&name.text);
            self.broken.insert(name.text.clone(), name.span);
        }
    }

    /// Every name in scope, for "did you mean".
    fn names(&self, scene: &Scene) -> Vec<String> {
        let mut names: Vec<String> = self.local.keys().cloned().collect();
        names.extend(
            self.givens
                .iter()
                .chain(&self.setup)
                .filter(|&&symbol| scene.symbols[symbol].ty.is_some())
                .map(|&symbol| &scene.symbols[symbol].name)
                .filter(|name| !self.local.contains_key(name.as_str()))
                .cloned(),
        );
        names
    }
}

impl Local {
    pub(super) fn index(self) -> usize {
        match self {
            Local::Point(index) | Local::Object(index, _) => index,
        }
    }
}

pub(super) fn step_name<'a>(
    expr: &'a ast::Expr,
    what: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<&'a str> {
    match &expr.kind {
        ExprKind::Name(name) => Some(name),
        ExprKind::Error => None,
        _ => {
            diagnostics.push(
                Diagnostic::error("E0207", expr.span, format!("a step uses the name of a {what}, not an expression"))
                    .with_help("declare the value with `point` at top level, or construct it in an earlier step"),
            );
            None
        }
    }
}

/// What the names in a step's operands can refer to, and where to report.
pub(super) struct Operands<'a> {
    pub scene: &'a mut Scene,
    /// The block's unit frame (`Problem::unit`): a drop's declared distance
    /// is stored in it.
    pub unit: f64,
    pub goals: &'a [Goal],
    pub uses: &'a mut Vec<(Span, Span)>,
    pub scope: &'a Scope,
    pub diagnostics: &'a mut Vec<Diagnostic>,
    /// The problem's operands of tools of your own: a use adds its own.
    pub calls: &'a mut Vec<Call>,
}

impl Operands<'_> {
    /// The name an operand refers to, with where it is bound; records the use.
    pub(super) fn local(&mut self, expr: &ast::Expr, what: &str) -> Option<(Local, Span, String)> {
        let name = step_name(expr, what, self.diagnostics)?;
        match self.scope.get(self.scene, name) {
            Some((local, declared)) => {
                note_reference(self.scene, name, expr.span, declared, self.uses);
                Some((local, declared, name.to_string()))
            }
            None if self.scope.broken.contains_key(name) => {
                // Bound by a step that failed: that step's error explains it.
                self.uses.push((expr.span, self.scope.broken[name]));
                None
            }
            None => {
                unknown_in_step(
                    name,
                    expr.span,
                    self.scene,
                    self.goals,
                    self.scope,
                    self.diagnostics,
                );
                None
            }
        }
    }

    pub(super) fn point(&mut self, expr: &ast::Expr) -> Option<usize> {
        match self.local(expr, "point")? {
            (Local::Point(index), ..) => Some(index),
            (Local::Object(_, ty), declared, name) => {
                self.diagnostics.push(
                    Diagnostic::error(
                        "E0201",
                        expr.span,
                        format!("`{name}` is a {ty}, but a point is needed here"),
                    )
                    .with_label(declared, "bound here"),
                );
                None
            }
        }
    }

    /// A line or circle operand; `why` ends the message when a point is
    /// given instead ("only lines and circles intersect").
    pub(super) fn object(&mut self, expr: &ast::Expr, why: &str) -> Option<(usize, Type)> {
        match self.local(expr, "line or circle")? {
            (Local::Object(index, ty), ..) => Some((index, ty)),
            (Local::Point(_), declared, name) => {
                self.diagnostics.push(
                    Diagnostic::error("E0201", expr.span, format!("`{name}` is a point: {why}"))
                        .with_label(declared, "bound here"),
                );
                None
            }
        }
    }
}

/// Records a use: of a top-level symbol in the scene, of a block's own name in `uses`.
fn note_reference(
    scene: &mut Scene,
    name: &str,
    span: Span,
    declared: Span,
    uses: &mut Vec<(Span, Span)>,
) {
    match scene.symbol(name) {
        Some(symbol) if scene.symbol_span(symbol) == declared => {
            scene.references.push(super::Reference { span, symbol })
        }
        _ => uses.push((span, declared)),
    }
}

fn unknown_in_step(
    name: &str,
    span: Span,
    scene: &Scene,
    goals: &[Goal],
    scope: &Scope,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(index) = scene.symbol(name) {
        let symbol = &scene.symbols[index];
        if symbol.ty.is_none() {
            return;
        }
        diagnostics.push(
            Diagnostic::error(
                "E0206",
                span,
                format!("`{name}` is not given, so constructions cannot use it"),
            )
            .with_label(
                scene.symbol_span(index),
                format!("declared with `{}`", symbol.kind.keyword()),
            )
            .with_help(match symbol.kind {
                DeclKind::Let | DeclKind::Const => {
                    "declare it with `point` (or `line`/`circle`) to make it part of the problem"
                }
                _ => "only given points, setup objects and what earlier steps built can be used",
            }),
        );
        return;
    }
    if let Some(goal) = goals.iter().find(|goal| goal.name == name) {
        diagnostics.push(
            Diagnostic::error(
                "E0105",
                span,
                format!("goal `{name}` is not constructed yet"),
            )
            .with_label(goal.span, "the goal")
            .with_help(format!(
                "bind it first with a step such as `{name}, _ = a & b`"
            )),
        );
        return;
    }
    if let Some(&bound) = scope.bound_in_block.get(name) {
        diagnostics.push(
            Diagnostic::error(
                "E0103",
                span,
                format!("`{name}` is used before the step that binds it"),
            )
            .with_label(bound, "bound here, below")
            .with_help("a step can use what earlier steps bind: move this step below that one"),
        );
        return;
    }
    let names = scope.names(scene);
    let mut diagnostic = Diagnostic::error("E0101", span, format!("unknown name `{name}`"));
    if let Some(close) = closest(name, &names) {
        diagnostic = diagnostic.did_you_mean(span, close);
    } else {
        diagnostic = diagnostic.with_help(
            "a step can use given points, setup objects and names bound by earlier steps",
        );
    }
    diagnostics.push(diagnostic);
}
