//! Syntax-tree expressions → typed `Ir`, reporting unknown names, misused
//! functions and type mismatches; one mistake yields one diagnostic and the
//! expression around it is skipped.

use super::types::{binary_type, meet_type, Ir, Type, BUILTINS};
use crate::diag::similar::closest_among;
use crate::diag::Diagnostic;
use crate::parse::ast::{BinaryOp, Expr, ExprKind, Name};
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
    pub names_in_scope: &'a Names,
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
            ExprKind::Neg(inner) => self.lower_neg(expr, inner),
            ExprKind::Binary(op, left, right) => self.lower_binary(expr, *op, left, right),
            ExprKind::Tuple(items) => self.lower_tuple(expr, items),
            ExprKind::Call { function, args } => self.lower_call(expr, function, args, any_allowed),
            ExprKind::Meet(left, right) => self.lower_meet(left, right),
            ExprKind::Error => None,
        }
    }

    /// `-x`: numbers and points negate.
    fn lower_neg(&mut self, expr: &Expr, inner: &Expr) -> Option<(Ir, Type)> {
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

    /// `a op b`, typed by `binary_type`.
    fn lower_binary(
        &mut self,
        expr: &Expr,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
    ) -> Option<(Ir, Type)> {
        let left_result = self.lower(left);
        let right_result = self.lower(right);
        let ((left_ir, left_ty), (right_ir, right_ty)) = (left_result?, right_result?);
        match binary_type(op, left_ty, right_ty) {
            Some(ty) => Some((Ir::Binary(op, Box::new(left_ir), Box::new(right_ir)), ty)),
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

    /// `(x, y)`: two numbers make a point.
    fn lower_tuple(&mut self, expr: &Expr, items: &[Expr]) -> Option<(Ir, Type)> {
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

    /// A call of a builtin: the overload its operands' types fit; `any(…)`
    /// only where `any_allowed` (the root of a one-name `point` declaration).
    fn lower_call(
        &mut self,
        expr: &Expr,
        function: &Name,
        args: &[Expr],
        any_allowed: bool,
    ) -> Option<(Ir, Type)> {
        let lowered: Vec<_> = args.iter().map(|arg| self.lower(arg)).collect();
        let overloads: Vec<_> = BUILTINS
            .iter()
            .filter(|(name, ..)| *name == function.text)
            .collect();
        if overloads.is_empty() && self.names_in_scope.tools.contains(&function.text) {
            self.diagnostics.push(
                Diagnostic::error(
                    "E0203",
                    function.span,
                    format!("`{}` is a tool of your own: a step uses it, an expression cannot", function.text),
                )
                .with_help(format!(
                    "use it as a step of a solve block or a tool, `F = {}(…)`, and the point or object it binds by name",
                    function.text
                )),
            );
            return None;
        }
        if overloads.is_empty() {
            let mut diagnostic = Diagnostic::error(
                "E0203",
                function.span,
                format!("unknown function `{}`", function.text),
            );
            let names: Vec<String> = BUILTINS.iter().map(|(name, ..)| name.to_string()).collect();
            let slip = FUNCTION_SLIPS
                .iter()
                .find(|(wrong, _)| *wrong == function.text);
            if let Some((_, right)) = slip {
                diagnostic = diagnostic.did_you_mean(function.span, right);
            } else if MEETS.contains(&function.text.as_str()) {
                diagnostic = diagnostic.with_help(MEET_HELP);
            } else if let Some(close) = closest(&function.text, &names) {
                diagnostic = diagnostic.did_you_mean(function.span, close);
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

    /// `a & b`: lines and circles intersect.
    fn lower_meet(&mut self, left: &Expr, right: &Expr) -> Option<(Ir, Type)> {
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
                if name == "\u{3c0}" {
                    diagnostic = diagnostic.did_you_mean(span, "pi");
                } else if let Some(close) = self.names_in_scope.closest(name) {
                    diagnostic = diagnostic.did_you_mean(span, close);
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

/// Functions people write by other names, with euc's (docs/design.md,
/// "Mistakes and their fixes").
const FUNCTION_SLIPS: &[(&str, &str)] = &[
    ("distance", "dist"),
    ("length", "dist"),
    ("mid", "midpoint"),
    ("middle", "midpoint"),
    ("mirror", "reflect"),
    ("projection", "project"),
    ("rotation", "rotate"),
    ("root", "sqrt"),
    ("centre", "center"),
];

/// Names of a crossing as a function, which euc writes with `&`.
pub(super) const MEETS: &[&str] = &["intersect", "intersection", "meet", "cross", "crossing"];

/// What to write instead of one of `MEETS`.
pub(super) const MEET_HELP: &str =
    "two objects meet with `&`: `X = a & b` (both crossings: `X, Y = a & b`)";

/// A fixed list of names with an index for "did you mean": every name under
/// up to two deleted characters. Two names within edit distance 2 share such
/// a variant, so a look-up checks only the names it shares one with instead
/// of every name (5,000 unknown names among 10,000 took 20 s that way). The
/// index is built on the first look-up.
#[derive(Clone, Debug, Default)]
pub struct Names {
    list: Vec<String>,
    index: std::sync::OnceLock<std::collections::HashMap<String, Vec<u32>>>,
    /// The tools of your own in scope: a call of one in an expression is
    /// told apart from an unknown function.
    tools: Vec<String>,
}

/// Names longer than this are compared one by one (there are few).
const INDEXED: usize = 32;

impl Names {
    pub fn new(list: Vec<String>) -> Names {
        Names {
            list,
            index: std::sync::OnceLock::new(),
            tools: Vec::new(),
        }
    }

    /// The same names, with these tools of your own in scope.
    pub fn with_tools(self, tools: Vec<String>) -> Names {
        Names { tools, ..self }
    }

    /// The most similar name, if any is similar enough to suggest: the same
    /// answer as `closest` over the whole list.
    pub fn closest(&self, name: &str) -> Option<&str> {
        if name.chars().count() > INDEXED {
            return closest(name, &self.list);
        }
        let index = self.index.get_or_init(|| {
            let mut index: std::collections::HashMap<String, Vec<u32>> = Default::default();
            for (position, name) in self.list.iter().enumerate() {
                if name.chars().count() <= INDEXED {
                    for variant in deletions(name) {
                        index.entry(variant).or_default().push(position as u32);
                    }
                }
            }
            index
        });
        let mut near: Vec<u32> = deletions(name)
            .iter()
            .filter_map(|variant| index.get(variant))
            .flatten()
            .copied()
            .collect();
        near.sort_unstable();
        near.dedup();
        let long = self
            .list
            .iter()
            .filter(|other| other.chars().count() > INDEXED);
        closest_among(
            name,
            near.iter().map(|&i| &self.list[i as usize]).chain(long),
        )
    }
}

/// `name` with up to two characters deleted, each variant once.
fn deletions(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut variants = vec![name.to_string()];
    for i in 0..chars.len() {
        let one: String = chars[..i].iter().chain(&chars[i + 1..]).collect();
        for j in i + 1..chars.len() {
            variants.push(
                chars[..i]
                    .iter()
                    .chain(&chars[i + 1..j])
                    .chain(&chars[j + 1..])
                    .collect(),
            );
        }
        variants.push(one);
    }
    variants.sort_unstable();
    variants.dedup();
    variants
}

/// The most similar name, if any is similar enough to suggest.
pub fn closest<'a>(name: &str, candidates: &'a [String]) -> Option<&'a str> {
    closest_among(name, candidates)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn equally_close_names_are_suggested_in_name_order() {
        // Callers pass names from hash maps: the answer must not depend on
        // their order.
        let forward = names(&["Bpex", "Apey", "Apez"]);
        let backward = names(&["Apez", "Apey", "Bpex"]);
        assert_eq!(closest("Apex", &forward), Some("Apey"));
        assert_eq!(closest("Apex", &backward), Some("Apey"));
        assert_eq!(closest("Apex", &names(&["apex", "Apex2"])), Some("Apex2"));
        assert_eq!(closest("q", &names(&["p"])), None);
    }

    #[test]
    fn the_index_suggests_what_the_whole_list_does() {
        let list = names(&[
            "A",
            "B",
            "Apex",
            "apex",
            "Apey",
            "centre",
            "center",
            "c1",
            "c2",
            "midpoint",
            "ab",
            "ba",
            "abc",
            "x",
            "xy",
            "long_name_of_a_circle",
            "k",
        ]);
        let indexed = Names::new(list.clone());
        for query in [
            "Apexx",
            "Aepx",
            "cnetre",
            "centr",
            "c3",
            "mid",
            "midpiont",
            "ab",
            "ac",
            "bca",
            "y",
            "long_name_of_a_circel",
            "A",
            "q",
            "xyz",
            "kk",
        ] {
            assert_eq!(indexed.closest(query), closest(query, &list), "{query}");
        }
    }

    #[test]
    fn long_names_are_compared_within_the_band() {
        // Two 100,000-character names took 33 s with the full table.
        let long = "n".repeat(100_000);
        let mut near = long.clone();
        near.replace_range(50_000..50_001, "m");
        assert_eq!(closest(&long, &[near.clone()]), Some(near.as_str()));
        let far = "m".repeat(100_000);
        assert_eq!(closest(&long, &[far]), None);
    }
}
