//! The steps of a solve block: each resolved to an operation on earlier
//! points and objects, with the names it binds.

use super::problem::{Problem, Step, StepBinder, StepOp};
use super::scope::{Local, Operands, Scope};
use super::types::Type;
use super::Scene;
use crate::diag::Diagnostic;
use crate::parse::ast::{self, Binder, ExprKind, SolveBlock, SolveItemKind, Tool};
use crate::span::Span;
use crate::tools::Operand;
use std::collections::HashMap;

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
        bound_in_block: names_bound_in(block),
    };
    let mut point_count = problem.givens.len();
    // A block left open: its steps may run on into what was meant after
    // it (docs/design.md, "Mistakes and their fixes").
    if !block.closed {
        problem.steps_complete = false;
    }
    let mut object_count = problem.setup.len();
    let mut local_spans: HashMap<String, Span> = HashMap::new();
    for item in &block.items {
        let step = match &item.kind {
            SolveItemKind::Step(step) => step,
            SolveItemKind::Error(broken) => {
                problem.steps_complete = false;
                scope.mark_broken_names(&broken.names);
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
            calls: &mut problem.calls,
        };
        let Some((op, outputs)) = resolve_step_op(step, &mut operands) else {
            problem.steps_complete = false;
            scope.mark_broken(step);
            continue;
        };
        let expected = outputs.len();
        if step.binders.len() != expected {
            let diagnostic = match op {
                StepOp::Use { call, .. } => problem
                    .calls
                    .get(call as usize)
                    .map(|call| super::tool_uses::results_mismatch(step, item.span, &call.tool)),
                _ => None,
            };
            diagnostics.push(
                diagnostic.unwrap_or_else(|| binder_count_mismatch(step, item.span, &outputs)),
            );
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
                    ty: *ty,
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
                ty: *ty,
            });
        }
        // Intersections index every point they make, named or not.
        problem.steps.push(Step {
            span: item.span,
            op,
            binders,
        });
    }
    let replayed = problem.replayed();
    if !problem.calls.is_empty() && replayed > super::MOST_REPLAYED_IN_BLOCK {
        diagnostics.push(super::tool_uses::too_many_replayed(
            problem.header_span,
            &format!("`{}`", problem.name),
            replayed,
            super::MOST_REPLAYED_IN_BLOCK,
        ));
        problem.steps_complete = false;
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

/// Every name the block's steps bind, where first.
fn names_bound_in(block: &SolveBlock) -> HashMap<String, Span> {
    let mut bound: HashMap<String, Span> = HashMap::new();
    for item in &block.items {
        if let SolveItemKind::Step(step) = &item.kind {
            for name in step.binders.iter().filter_map(Binder::name) {
                bound.entry(name.text.clone()).or_insert(name.span);
            }
        }
    }
    bound
}

/// The operation of a step and the types of what it makes.
fn resolve_step_op(step: &ast::Step, operands: &mut Operands) -> Option<(StepOp, Vec<Type>)> {
    let form_help = "a step is `l = line(P, Q)`, `c = circle(C, P)` or `P, Q = a & b`, with names of points and objects";
    match &step.value.kind {
        ExprKind::Call { function, args } if Tool::from_name(&function.text).is_some() => {
            resolve_tool_step(step, function, args, operands)
        }
        ExprKind::Call { function, args } if operands.scene.knows_tool(&function.text) => {
            super::tool_uses::resolve_use_step(step, function, args, operands)
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
        other => {
            let slip = match other {
                ExprKind::Call { function, .. } => misspelt_step_error(function),
                _ => None,
            };
            operands.diagnostics.push(slip.unwrap_or_else(|| {
                Diagnostic::error(
                    "E0207",
                    step.value.span,
                    "a step draws one line or circle, or intersects two objects",
                )
                .with_help(form_help)
            }));
            None
        }
    }
}

/// E0207 on a step's function that was likely meant to be another.
/// A step's function likely meant to be another: a crossing written as a
/// function (`intersect(a, b)`, written `a & b`) or a misspelt form
/// (`cirle` for `circle`).
fn misspelt_step_error(function: &ast::Name) -> Option<Diagnostic> {
    let name = function.text.as_str();
    let diagnostic = Diagnostic::error(
        "E0207",
        function.span,
        format!("a step cannot draw with `{name}`"),
    );
    if super::lower::MEETS.contains(&name) {
        return Some(diagnostic.with_help(super::lower::MEET_HELP));
    }
    let forms: Vec<String> = ["line", "circle", "other", "nearer", "any", "touch"]
        .into_iter()
        .chain(Tool::ALL.iter().map(|tool| tool.name()))
        .map(str::to_string)
        .collect();
    let close = crate::diag::similar::closest_among(name, &forms)?;
    Some(diagnostic.did_you_mean(function.span, close))
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
        // Only the L-tools a text names come here: none takes a circle
        // (`Operand::Circle` is the library route's, docs/solver.md).
        let found = if *operand != Operand::Point {
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
