//! The steps of a solve block: each resolved to an operation on earlier
//! points and objects, with the names it binds.

use super::lower::closest;
use super::problem::{Goal, Problem, Step, StepBinder, StepOp};
use super::types::Type;
use super::Scene;
use crate::diag::Diagnostic;
use crate::parse::ast::{self, Binder, DeclKind, ExprKind, SolveBlock, SolveItemKind, Tool};
use crate::span::Span;
use crate::tools::Operand;
use std::collections::HashMap;

/// What a name means inside a block's steps.
#[derive(Clone, Copy)]
enum Local {
    Point(usize),
    Object(usize, Type),
}

/// The names a block's steps can use: the file's givens and setup objects
/// (their symbols, in order, looked up by binary search: a block's scope
/// costs neither a copy of their names nor a map of them) and what the
/// block's own steps bind, which hide them.
struct Scope {
    givens: Vec<usize>,
    setup: Vec<usize>,
    local: HashMap<String, (Local, Span)>,
    /// Names bound by steps that failed to resolve, with where: their
    /// mistake is reported once, so later uses are skipped quietly instead
    /// of each reported as an unknown name (docs/architecture.md, "One error per mistake").
    broken: HashMap<String, Span>,
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
    fn mark_broken(&mut self, step: &ast::Step) {
        for name in step.binders.iter().filter_map(Binder::name) {
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
    fn index(self) -> usize {
        match self {
            Local::Point(index) | Local::Object(index, _) => index,
        }
    }
}

pub(super) fn resolve_steps(
    block: &SolveBlock,
    scene: &mut Scene,
    problem: &mut Problem,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Symbols are numbered in declaration order, and so listed.
    debug_assert!(problem.givens.is_sorted() && problem.setup.is_sorted());
    let mut scope = Scope {
        givens: problem.givens.clone(),
        setup: problem.setup.clone(),
        local: HashMap::new(),
        broken: HashMap::new(),
    };
    let mut point_count = problem.givens.len();
    let mut object_count = problem.setup.len();
    let mut local_spans: HashMap<String, Span> = HashMap::new();
    for item in &block.items {
        let step = match &item.kind {
            SolveItemKind::Step(step) => step,
            SolveItemKind::Error => {
                problem.steps_complete = false;
                continue;
            }
            _ => continue,
        };
        let mut operands = Operands {
            unit: problem.unit,
            scene: &mut *scene,
            goals: &problem.goals,
            uses: &mut problem.local_uses,
            scope: &scope,
            diagnostics: &mut *diagnostics,
        };
        let Some((op, outputs)) = resolve_step_op(step, &mut operands) else {
            problem.steps_complete = false;
            scope.mark_broken(step);
            continue;
        };
        let expected = outputs.len();
        if step.binders.len() != expected {
            diagnostics.push(binder_count_mismatch(step, item.span, &outputs));
            problem.steps_complete = false;
            scope.mark_broken(step);
            continue;
        }
        let mut binders = Vec::new();
        for (binder, ty) in step.binders.iter().zip(&outputs) {
            let local = if *ty == Type::Point {
                point_count += 1;
                Local::Point(point_count - 1)
            } else {
                object_count += 1;
                Local::Object(object_count - 1, *ty)
            };
            let Binder::Name(name) = binder else {
                binders.push(StepBinder {
                    name: None,
                    span: binder.span(),
                    goal: None,
                    index: local.index(),
                });
                continue;
            };
            let goal = check_binding(name, *ty, scene, problem, &mut local_spans, diagnostics);
            scope.local.insert(name.text.clone(), (local, name.span));
            binders.push(StepBinder {
                name: Some(name.text.clone()),
                span: name.span,
                goal,
                index: local.index(),
            });
        }
        // Intersections index every point they make, named or not.
        problem.steps.push(Step {
            span: item.span,
            op,
            binders,
        });
    }
}

/// The error for a step that binds more or fewer names than it makes, with
/// the fix where one is clear.
fn binder_count_mismatch(step: &ast::Step, span: Span, outputs: &[Type]) -> Diagnostic {
    let expected = outputs.len();
    let message = if expected == 2 {
        format!(
            "this intersection has two points, but {} name{} bound",
            step.binders.len(),
            super::plural(step.binders.len())
        )
    } else {
        format!(
            "this step makes one {}, but {} names are bound",
            outputs[0],
            step.binders.len()
        )
    };
    let help = if expected == 2 {
        "bind both points in canonical order, `_` for one you do not need: `P, _ = k & l`"
    } else {
        "bind one name"
    };
    let mut diagnostic = Diagnostic::error("E0204", span, message).with_help(help);
    // The fix: `_` for the missing point, or the first name alone.
    if let (Some(first), Some(last)) = (step.binders.first(), step.binders.last()) {
        diagnostic = if expected == 2 && step.binders.len() == 1 {
            let end = first.span().end;
            diagnostic.with_fix("Bind the other point to `_`", Span::new(end, end), ", _")
        } else if expected == 1 {
            let kept = first.name().map_or("_", |name| name.text.as_str());
            diagnostic.with_fix(
                format!("Bind only `{kept}`"),
                first.span().to(last.span()),
                kept,
            )
        } else {
            diagnostic
        };
    }
    diagnostic
}

/// The checks on a name a step binds: a goal's name must be bound to the
/// goal's kind, a top-level name cannot be bound, and a name is bound once
/// per block (then it joins `local_names`). Returns the goal it binds.
fn check_binding(
    name: &ast::Name,
    ty: Type,
    scene: &Scene,
    problem: &mut Problem,
    local_spans: &mut HashMap<String, Span>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let goal = problem.goals.iter().position(|goal| goal.name == name.text);
    if let Some(goal) = goal {
        if !(problem.goals[goal].ty == ty || (ty.is_line() && problem.goals[goal].ty.is_line())) {
            diagnostics.push(
                Diagnostic::error(
                    "E0201",
                    name.span,
                    format!(
                        "goal `{}` is a {}, but this step binds a {ty}",
                        name.text, problem.goals[goal].ty
                    ),
                )
                .with_label(problem.goals[goal].span, "the goal"),
            );
            problem.steps_complete = false;
        }
    } else if let Some(symbol) = scene.symbol(&name.text) {
        diagnostics.push(
            Diagnostic::error(
                "E0104",
                name.span,
                format!("`{}` is already a top-level name", name.text),
            )
            .with_label(scene.symbol_span(symbol), "declared here")
            .with_help("steps bind new names; choose another one"),
        );
        problem.steps_complete = false;
    }
    if let Some(first) = local_spans.get(&name.text) {
        diagnostics.push(
            Diagnostic::error(
                "E0102",
                name.span,
                format!("`{}` is bound twice in this block", name.text),
            )
            .with_label(*first, "first bound here"),
        );
        problem.steps_complete = false;
    } else {
        local_spans.insert(name.text.clone(), name.span);
        problem.local_names.push(name.text.clone());
    }
    goal
}

/// The operation of a step and the types of what it makes.
fn resolve_step_op(step: &ast::Step, operands: &mut Operands) -> Option<(StepOp, Vec<Type>)> {
    let form_help = "a step is `l = line(P, Q)`, `c = circle(C, P)` or `P, Q = a & b`, with names of points and objects";
    match &step.value.kind {
        ExprKind::Call { function, args } if Tool::from_name(&function.text).is_some() => {
            resolve_tool_step(step, function, args, operands)
        }
        ExprKind::Call { function, args }
            if function.text == "line" || function.text == "circle" =>
        {
            if args.len() != 2 {
                operands.diagnostics.push(
                    Diagnostic::error(
                        "E0207",
                        step.value.span,
                        format!("`{}` in a step takes two points", function.text),
                    )
                    .with_help(form_help),
                );
                return None;
            }
            let first = operands.point(&args[0]);
            let second = operands.point(&args[1]);
            let (first, second) = (first?, second?);
            if function.text == "line" {
                Some((StepOp::Line(first, second), vec![Type::Line]))
            } else {
                Some((StepOp::Circle(first, second), vec![Type::Circle]))
            }
        }
        ExprKind::Call { function, args }
            if crate::geom::Pick::from_name(&function.text).is_some() =>
        {
            resolve_pick_step(step, function, args, operands)
        }
        ExprKind::Call { function, args } if function.text == "any" => {
            resolve_drop_step(step, args, operands)
        }
        ExprKind::Call { function, args } if function.text == "touch" => {
            let [first, second] = args.as_slice() else {
                operands.diagnostics.push(
                    Diagnostic::error(
                        "E0207",
                        step.value.span,
                        "`touch` in a step takes two objects",
                    )
                    .with_help("write `T = touch(k, l)`: the point where k and l touch"),
                );
                return None;
            };
            let first = operands.object(first, "only lines and circles touch");
            let second = operands.object(second, "only lines and circles touch");
            let ((first, first_ty), (second, second_ty)) = (first?, second?);
            if first_ty.is_line() && second_ty.is_line() {
                operands.diagnostics.push(
                    Diagnostic::error(
                        "E0207",
                        step.value.span,
                        "two lines cross, they never touch",
                    )
                    .with_help("write `P = l & m`"),
                );
                return None;
            }
            Some((StepOp::Touch(first, second), vec![Type::Point]))
        }
        ExprKind::Meet(left, right) => {
            let left = operands.object(left, "only lines and circles intersect");
            let right = operands.object(right, "only lines and circles intersect");
            let ((left, left_ty), (right, right_ty)) = (left?, right?);
            let outputs = if left_ty.is_line() && right_ty.is_line() {
                vec![Type::Point]
            } else {
                vec![Type::Point, Type::Point]
            };
            Some((StepOp::Meet(left, right), outputs))
        }
        ExprKind::Error => None,
        _ => {
            operands.diagnostics.push(
                Diagnostic::error(
                    "E0207",
                    step.value.span,
                    "a step draws one line or circle, or intersects two objects",
                )
                .with_help(form_help),
            );
            None
        }
    }
}

/// `Q = other(k, l, P)` or `Q = nearer(k, l, P)`: one crossing of two
/// objects (not two lines: they cross once), chosen by where it lies.
fn resolve_pick_step(
    step: &ast::Step,
    function: &ast::Name,
    args: &[ast::Expr],
    operands: &mut Operands,
) -> Option<(StepOp, Vec<Type>)> {
    let pick = crate::geom::Pick::from_name(&function.text)?;
    let [first, second, at] = args else {
        operands.diagnostics.push(
            Diagnostic::error(
                "E0207",
                step.value.span,
                format!(
                    "`{}` in a step takes two objects and a point",
                    function.text
                ),
            )
            .with_help(format!(
                "write `{}(k, l, P)`: the crossing of k and l {} P",
                function.text,
                if pick == crate::geom::Pick::Other {
                    "other than"
                } else {
                    "nearer"
                }
            )),
        );
        return None;
    };
    let first = operands.object(first, "only lines and circles cross");
    let second = operands.object(second, "only lines and circles cross");
    let at = operands.point(at);
    let ((first, first_ty), (second, second_ty), at) = (first?, second?, at?);
    if first_ty.is_line() && second_ty.is_line() {
        operands.diagnostics.push(
            Diagnostic::error(
                "E0207",
                step.value.span,
                "two lines cross once: there is no other crossing to choose",
            )
            .with_help("write `P = l & m`"),
        );
        return None;
    }
    Some((
        StepOp::Pick {
            first,
            second,
            pick,
            at,
        },
        vec![Type::Point],
    ))
}

/// `D = any(l, t)` or `D = any(k, angle)`: a point dropped on an object of
/// the drawing, declared t along the line from its origin (at the angle on
/// the circle); no move (docs/language.md, "Points dropped on the drawing").
fn resolve_drop_step(
    step: &ast::Step,
    args: &[ast::Expr],
    operands: &mut Operands,
) -> Option<(StepOp, Vec<Type>)> {
    let [object, at] = args else {
        operands.diagnostics.push(
            Diagnostic::error(
                "E0207",
                step.value.span,
                "`any` in a step takes an object of the drawing and where the point is declared on it",
            )
            .with_help("write `D = any(l, t)` (t along the line from its first point) or `D = any(k, 30deg)` (the angle on the circle)"),
        );
        return None;
    };
    let (object, ty) = operands.object(object, "a point is dropped on a line or circle")?;
    let at = super::constant::constant_number(at, operands.scene, operands.diagnostics)?;
    let circle = !ty.is_line();
    let at = if circle { at } else { at / operands.unit };
    Some((
        StepOp::Drop {
            object,
            at: super::problem::DropAt::new(at),
            circle,
        },
        vec![Type::Point],
    ))
}

/// A step that uses an L-tool: its operands, lines or points by the tool.
fn resolve_tool_step(
    step: &ast::Step,
    function: &ast::Name,
    args: &[ast::Expr],
    operands: &mut Operands,
) -> Option<(StepOp, Vec<Type>)> {
    let tool = Tool::from_name(&function.text)?;
    let (shape, signature) = (tool.operands(), tool.usage());
    if args.len() != shape.len() {
        operands.diagnostics.push(
            Diagnostic::error(
                "E0207",
                step.value.span,
                format!(
                    "`{}` in a step takes {} operands",
                    function.text,
                    shape.len()
                ),
            )
            .with_help(format!(
                "write `{signature}` with names of points and lines"
            )),
        );
        return None;
    }
    let mut resolved = [0usize; 3];
    let mut complete = true;
    for (position, (arg, operand)) in args.iter().zip(shape).enumerate() {
        let found = if *operand == Operand::Line {
            let why = format!("`{}` takes a line here", function.text);
            match operands.object(arg, &why) {
                Some((index, ty)) if ty.is_line() => Some(index),
                Some((_, ty)) => {
                    operands.diagnostics.push(
                        Diagnostic::error(
                            "E0201",
                            arg.span,
                            format!("`{}` takes a line here, not a {ty}", function.text),
                        )
                        .with_help(format!("write `{signature}`")),
                    );
                    None
                }
                None => None,
            }
        } else {
            operands.point(arg)
        };
        match found {
            Some(index) => resolved[position] = index,
            None => complete = false,
        }
    }
    if !complete {
        return None;
    }
    let made = if tool.draws_line() {
        Type::Line
    } else {
        Type::Circle
    };
    Some((
        StepOp::Tool {
            tool,
            args: resolved,
        },
        vec![made],
    ))
}

fn step_name<'a>(
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
struct Operands<'a> {
    scene: &'a mut Scene,
    /// The block's unit frame (`Problem::unit`): a drop's declared distance
    /// is stored in it.
    unit: f64,
    goals: &'a [Goal],
    uses: &'a mut Vec<(Span, Span)>,
    scope: &'a Scope,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Operands<'_> {
    /// The name an operand refers to, with where it is bound; records the use.
    fn local(&mut self, expr: &ast::Expr, what: &str) -> Option<(Local, Span, String)> {
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

    fn point(&mut self, expr: &ast::Expr) -> Option<usize> {
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
    fn object(&mut self, expr: &ast::Expr, why: &str) -> Option<(usize, Type)> {
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
