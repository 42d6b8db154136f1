//! Syntax-tree expressions → typed `Ir`, reporting unknown names, misused
//! functions and type mismatches; one mistake yields one diagnostic and the
//! expression around it is skipped.

use super::types::{binary_type, meet_type, Ir, Type, BUILTINS};
use crate::diag::Diagnostic;
use crate::parse::ast::{Expr, ExprKind};
use crate::span::Span;

/// What a name means where it is used.
pub enum Lookup {
    Found {
        slot: usize,
        ty: Type,
        symbol: usize,
    },
    /// Declared, but after this use.
    Later {
        declared: Span,
    },
    /// Declared, but its declaration has a mistake already reported.
    Broken,
    Unknown,
}

/// A use of a symbol, for go-to-definition and rename.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    pub span: Span,
    pub symbol: usize,
}

pub struct Lowering<'a, F: Fn(&str) -> Lookup> {
    pub lookup: F,
    /// Every name in scope, for "did you mean" hints.
    pub names_in_scope: &'a [String],
    pub diagnostics: &'a mut Vec<Diagnostic>,
    pub references: &'a mut Vec<Reference>,
    /// Set when the expression mentions a name (then it is not a parameter).
    pub mentions_name: bool,
    /// Whether the expression may be `any(…)`: only the whole right side of
    /// a one-name `point` declaration may (a point dropped anywhere).
    pub any_allowed: bool,
}

impl<F: Fn(&str) -> Lookup> Lowering<'_, F> {
    pub fn lower(&mut self, expr: &Expr) -> Option<(Ir, Type)> {
        // Only the root may be `any(…)`; everything below it may not.
        let any_allowed = std::mem::replace(&mut self.any_allowed, false);
        match &expr.kind {
            ExprKind::Number(value) => Some((Ir::Number(*value), Type::Number)),
            ExprKind::Degrees(value) => Some((Ir::Number(value.to_radians()), Type::Number)),
            ExprKind::Name(name) => self.lower_name(name, expr.span),
            ExprKind::Neg(inner) => {
                let (ir, ty) = self.lower(inner)?;
                if matches!(ty, Type::Number | Type::Point) {
                    Some((Ir::Neg(Box::new(ir)), ty))
                } else {
                    self.diagnostics.push(
                        Diagnostic::error("E0201", expr.span, format!("cannot negate a {ty}"))
                            .with_label(inner.span, format!("this is a {ty}")),
                    );
                    None
                }
            }
            ExprKind::Binary(op, left, right) => {
                let left_result = self.lower(left);
                let right_result = self.lower(right);
                let ((left_ir, left_ty), (right_ir, right_ty)) = (left_result?, right_result?);
                match binary_type(*op, left_ty, right_ty) {
                    Some(ty) => Some((Ir::Binary(*op, Box::new(left_ir), Box::new(right_ir)), ty)),
                    None => {
                        self.diagnostics.push(
                            Diagnostic::error(
                                "E0201",
                                expr.span,
                                format!("`{}` does not apply to a {left_ty} and a {right_ty}", op.symbol()),
                            )
                            .with_label(left.span, format!("this is a {left_ty}"))
                            .with_label(right.span, format!("this is a {right_ty}"))
                            .with_help("numbers combine with numbers; points add and subtract, and scale by numbers"),
                        );
                        None
                    }
                }
            }
            ExprKind::Tuple(items) => {
                let lowered: Vec<_> = items.iter().map(|item| self.lower(item)).collect();
                if items.len() != 2 {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "E0205",
                            expr.span,
                            format!("a point has two coordinates, found {}", items.len()),
                        )
                        .with_help("write a point as `(x, y)`"),
                    );
                    return None;
                }
                let mut coordinates = Vec::new();
                for (item, result) in items.iter().zip(lowered) {
                    let (ir, ty) = result?;
                    if ty != Type::Number {
                        self.diagnostics.push(
                            Diagnostic::error(
                                "E0201",
                                item.span,
                                format!("a coordinate must be a number, found a {ty}"),
                            )
                            .with_help("to move a point, add vectors: `A + (1, 0)`"),
                        );
                        return None;
                    }
                    coordinates.push(ir);
                }
                let y = coordinates.pop()?;
                let x = coordinates.pop()?;
                Some((Ir::Point(Box::new(x), Box::new(y)), Type::Point))
            }
            ExprKind::Call { function, args } => {
                let lowered: Vec<_> = args.iter().map(|arg| self.lower(arg)).collect();
                let overloads: Vec<_> = BUILTINS
                    .iter()
                    .filter(|(name, ..)| *name == function.text)
                    .collect();
                if overloads.is_empty() {
                    let mut diagnostic = Diagnostic::error(
                        "E0203",
                        function.span,
                        format!("unknown function `{}`", function.text),
                    );
                    let names: Vec<String> =
                        BUILTINS.iter().map(|(name, ..)| name.to_string()).collect();
                    if let Some(close) = closest(&function.text, &names) {
                        diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
                    }
                    self.diagnostics.push(diagnostic);
                    return None;
                }
                let lowered: Vec<(Ir, Type)> = lowered.into_iter().collect::<Option<_>>()?;
                let types: Vec<Type> = lowered.iter().map(|(_, ty)| *ty).collect();
                match overloads.iter().find(|(_, params, ..)| {
                    params.len() == types.len()
                        && types
                            .iter()
                            .zip(params.iter())
                            .all(|(ty, param)| ty.fits(*param))
                }) {
                    Some((_, _, _, builtin)) if builtin.is_any() && !any_allowed => {
                        self.diagnostics.push(
                            Diagnostic::error(
                                "E0209",
                                expr.span,
                                "`any(…)` declares a given point dropped anywhere: it is the whole right side of a `point` declaration",
                            )
                            .with_help("declare the point on its own line, e.g. `point D = any(r, 1)`, and use `D` here"),
                        );
                        None
                    }
                    Some((_, _, result, builtin)) => Some((
                        Ir::Call(*builtin, lowered.into_iter().map(|(ir, _)| ir).collect()),
                        *result,
                    )),
                    None => {
                        let signatures: Vec<String> = overloads
                            .iter()
                            .map(|(name, params, result, _)| {
                                let params: Vec<_> = params.iter().map(Type::to_string).collect();
                                format!("`{name}({})` → {result}", params.join(", "))
                            })
                            .collect();
                        let found: Vec<_> = types.iter().map(Type::to_string).collect();
                        self.diagnostics.push(
                            Diagnostic::error(
                                "E0202",
                                expr.span,
                                format!("`{}` cannot take ({})", function.text, found.join(", ")),
                            )
                            .with_help(format!("it takes {}", signatures.join(" or "))),
                        );
                        None
                    }
                }
            }
            ExprKind::Meet(left, right) => {
                let left_result = self.lower(left);
                let right_result = self.lower(right);
                let ((left_ir, left_ty), (right_ir, right_ty)) = (left_result?, right_result?);
                match meet_type(left_ty, right_ty) {
                    Some(ty) => Some((Ir::Meet(Box::new(left_ir), Box::new(right_ir)), ty)),
                    None => {
                        let (bad, bad_ty) = if left_ty.is_line() || left_ty == Type::Circle {
                            (right.span, right_ty)
                        } else {
                            (left.span, left_ty)
                        };
                        self.diagnostics.push(
                            Diagnostic::error(
                                "E0201",
                                bad,
                                format!("`&` intersects lines and circles, not a {bad_ty}"),
                            )
                            .with_help("write `l & k` with l and k lines or circles"),
                        );
                        None
                    }
                }
            }
            ExprKind::Error => None,
        }
    }

    fn lower_name(&mut self, name: &str, span: Span) -> Option<(Ir, Type)> {
        if name == "pi" {
            return Some((Ir::Number(std::f64::consts::PI), Type::Number));
        }
        self.mentions_name = true;
        match (self.lookup)(name) {
            Lookup::Found { slot, ty, symbol } => {
                self.references.push(Reference { span, symbol });
                Some((Ir::Slot(slot), ty))
            }
            Lookup::Later { declared } => {
                self.diagnostics.push(
                    Diagnostic::error(
                        "E0103",
                        span,
                        format!("`{name}` is used before its declaration"),
                    )
                    .with_label(declared, "declared here")
                    .with_help("move the declaration above its first use"),
                );
                None
            }
            Lookup::Broken => None,
            Lookup::Unknown => {
                let mut diagnostic =
                    Diagnostic::error("E0101", span, format!("unknown name `{name}`"));
                if let Some(close) = closest(name, self.names_in_scope) {
                    diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
                } else if BUILTINS.iter().any(|(builtin, ..)| *builtin == name) {
                    diagnostic = diagnostic
                        .with_help(format!("`{name}` is a function: call it with arguments"));
                }
                self.diagnostics.push(diagnostic);
                None
            }
        }
    }
}

/// The most similar name, if any is similar enough to suggest.
pub fn closest<'a>(name: &str, candidates: &'a [String]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|candidate| (strsim::damerau_levenshtein(name, candidate), candidate))
        .filter(|(distance, candidate)| {
            let length = name.chars().count().min(candidate.chars().count());
            *distance
                <= if length <= 1 {
                    0
                } else if length <= 4 {
                    1
                } else {
                    2
                }
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate.as_str())
}
