//! Expressions over the top-level names, computed on the declared
//! instance: the numbers a block states (a limit, where a step drops its
//! point, a planar node's place) and the values `verify` sets.

use super::eval::{eval, EvalError};
use super::lower::{Lookup, Lowering};
use super::types::{Type, Value};
use super::Scene;
use crate::diag::Diagnostic;
use crate::parse::ast;

/// A lowering that sees every top-level name (and nothing of a block).
pub(super) fn top_level_lowering<'a>(
    scene: &'a Scene,
    diagnostics: &'a mut Vec<Diagnostic>,
    references: &'a mut Vec<super::Reference>,
) -> Lowering<'a, impl Fn(&str) -> Lookup + 'a> {
    Lowering {
        lookup: move |name: &str| match scene.symbol(name) {
            Some(index) if scene.symbols[index].ty.is_none() => Lookup::Broken,
            Some(index) => Lookup::Found {
                slot: index,
                ty: scene.symbols[index].ty.unwrap_or(Type::Number),
                symbol: index,
            },
            None => Lookup::Unknown,
        },
        names_in_scope: &scene.names,
        diagnostics,
        references,
        mentions_name: false,
        any_allowed: false,
    }
}

/// A number stated by an expression over the top-level names.
pub(super) fn constant_number(
    expr: &ast::Expr,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<f64> {
    match evaluate_constant(expr, scene, diagnostics)? {
        Value::Number(value) => Some(value),
        other => {
            diagnostics.push(Diagnostic::error(
                "E0201",
                expr.span,
                format!("expected a number, found a {}", other.ty()),
            ));
            None
        }
    }
}

/// An expression over the top-level names, on the declared instance.
pub(super) fn evaluate_constant(
    expr: &ast::Expr,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Value> {
    let mut references = Vec::new();
    let value = evaluate_constant_in(expr, scene, diagnostics, &mut references);
    scene.references.extend(references);
    value
}

/// `evaluate_constant`, its uses of names put in `references`.
pub(super) fn evaluate_constant_in(
    expr: &ast::Expr,
    scene: &Scene,
    diagnostics: &mut Vec<Diagnostic>,
    references: &mut Vec<super::Reference>,
) -> Option<Value> {
    let lowered = top_level_lowering(scene, diagnostics, references).lower(expr);
    let (ir, _) = lowered?;
    match eval(&ir, &scene.values) {
        Ok(value) => Some(value),
        Err(EvalError(message)) => {
            diagnostics.push(Diagnostic::error(
                "E0301",
                expr.span,
                format!("cannot compute this: {message}"),
            ));
            None
        }
    }
}
