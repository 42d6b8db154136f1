//! Value types, the built-in functions with their signatures, and the typed
//! intermediate form (`Ir`) that expressions lower to; how a value prints.

use crate::geom::{format_number, Circle, Extent, Line, Point};
use crate::parse::ast::BinaryOp;
use serde::Serialize;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Type {
    Number,
    Point,
    Line,
    /// A line that meets other objects only between its two ends.
    Segment,
    /// A line that meets other objects only from its start on.
    Ray,
    Circle,
    /// The two intersection points of a line or circle with a circle; only a
    /// binding with two names can take it apart.
    Pair,
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Type::Number => "number",
            Type::Point => "point",
            Type::Line => "line",
            Type::Segment => "segment",
            Type::Ray => "ray",
            Type::Circle => "circle",
            Type::Pair => "pair of points",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum Value {
    Number(f64),
    Point(Point),
    Line(Line),
    Circle(Circle),
    Pair(Point, Point),
}

impl Value {
    /// The same value with every length multiplied by `factor` (> 0); a
    /// number stays as it is (it may be an angle or a ratio).
    pub fn scaled(&self, factor: f64) -> Value {
        match *self {
            Value::Number(value) => Value::Number(value),
            Value::Point(point) => Value::Point(point * factor),
            Value::Line(line) => Value::Line(line.scaled(factor)),
            Value::Circle(circle) => Value::Circle(circle.scaled(factor)),
            Value::Pair(a, b) => Value::Pair(a * factor, b * factor),
        }
    }

    pub fn ty(&self) -> Type {
        match self {
            Value::Number(_) => Type::Number,
            Value::Point(_) => Type::Point,
            Value::Line(line) => match line.extent {
                Extent::Full => Type::Line,
                Extent::Ray => Type::Ray,
                Extent::Segment(_) => Type::Segment,
            },
            Value::Circle(_) => Type::Circle,
            Value::Pair(..) => Type::Pair,
        }
    }
}

/// A value as messages and hovers show it: "2", "(1, 0)", "segment from
/// (0, 0) to (4, 0)", "(1, 0) and (-1, 0)".
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Number(number) => f.write_str(&format_number(*number)),
            Value::Point(point) => write!(f, "{point}"),
            Value::Line(line) => write!(f, "{line}"),
            Value::Circle(circle) => write!(f, "{circle}"),
            Value::Pair(first, second) => write!(f, "{first} and {second}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Abs,
    Dist,
    Midpoint,
    Center,
    Radius,
    OnCircle,
    OnLine,
    LineThrough,
    SegmentBetween,
    RayFrom,
    CircleThrough,
    CircleRadius,
    X,
    Y,
    Rotate,
    Reflect,
    Project,
    PerpBisector,
    Perpendicular,
    Parallel,
    AngleBisector,
    Compass,
    /// `any(P)`: a given point dropped anywhere in the figure (declared at P).
    AnyPoint,
    /// `any(l, t)`: dropped anywhere on a line, segment or ray (declared at t).
    AnyOnLine,
    /// `any(k, angle)`: dropped anywhere on a circle.
    AnyOnCircle,
    /// `other(a, b, P)`: the crossing of a and b other than P.
    Other,
    /// `nearer(a, b, P)`: the crossing of a and b nearer P.
    Nearer,
    /// `touch(a, b)`: the point where a and b touch.
    Touch,
}

impl Builtin {
    /// `other` and `nearer`: how they take one of two crossings.
    pub fn pick(self) -> Option<crate::geom::Pick> {
        match self {
            Builtin::Other => Some(crate::geom::Pick::Other),
            Builtin::Nearer => Some(crate::geom::Pick::Nearer),
            _ => None,
        }
    }

    /// The `any(…)` forms: a point dropped anywhere (docs/language.md).
    pub fn is_any(self) -> bool {
        matches!(
            self,
            Builtin::AnyPoint | Builtin::AnyOnLine | Builtin::AnyOnCircle
        )
    }

    /// Builds a line or a circle, and so may find its arguments degenerate.
    pub fn builds_object(self) -> bool {
        matches!(
            self,
            Builtin::LineThrough
                | Builtin::SegmentBetween
                | Builtin::RayFrom
                | Builtin::CircleThrough
                | Builtin::CircleRadius
                | Builtin::PerpBisector
                | Builtin::Perpendicular
                | Builtin::Parallel
                | Builtin::AngleBisector
                | Builtin::Compass
        )
    }
}

use Type::{Circle as C, Line as L, Number as N, Point as P};

/// Every function: its name, the argument types of one overload, the result.
pub const BUILTINS: &[(&str, &[Type], Type, Builtin)] = &[
    ("sqrt", &[N], N, Builtin::Sqrt),
    ("sin", &[N], N, Builtin::Sin),
    ("cos", &[N], N, Builtin::Cos),
    ("tan", &[N], N, Builtin::Tan),
    ("asin", &[N], N, Builtin::Asin),
    ("acos", &[N], N, Builtin::Acos),
    ("atan", &[N], N, Builtin::Atan),
    ("atan2", &[N, N], N, Builtin::Atan2),
    ("abs", &[N], N, Builtin::Abs),
    ("dist", &[P, P], N, Builtin::Dist),
    ("midpoint", &[P, P], P, Builtin::Midpoint),
    ("center", &[C], P, Builtin::Center),
    ("radius", &[C], N, Builtin::Radius),
    ("on", &[C, N], P, Builtin::OnCircle),
    ("on", &[L, N], P, Builtin::OnLine),
    ("line", &[P, P], L, Builtin::LineThrough),
    ("segment", &[P, P], Type::Segment, Builtin::SegmentBetween),
    ("ray", &[P, P], Type::Ray, Builtin::RayFrom),
    ("circle", &[P, P], C, Builtin::CircleThrough),
    ("circle", &[P, N], C, Builtin::CircleRadius),
    ("x", &[P], N, Builtin::X),
    ("y", &[P], N, Builtin::Y),
    ("rotate", &[P, P, N], P, Builtin::Rotate),
    ("reflect", &[P, L], P, Builtin::Reflect),
    ("project", &[P, L], P, Builtin::Project),
    ("perp_bisector", &[P, P], L, Builtin::PerpBisector),
    ("perpendicular", &[L, P], L, Builtin::Perpendicular),
    ("parallel", &[L, P], L, Builtin::Parallel),
    ("angle_bisector", &[P, P, P], L, Builtin::AngleBisector),
    ("compass", &[P, P, P], C, Builtin::Compass),
    ("any", &[P], P, Builtin::AnyPoint),
    ("any", &[L, N], P, Builtin::AnyOnLine),
    ("any", &[C, N], P, Builtin::AnyOnCircle),
    // Two crossings to choose from: a circle with a circle or a line.
    ("other", &[C, C, P], P, Builtin::Other),
    ("other", &[L, C, P], P, Builtin::Other),
    ("other", &[C, L, P], P, Builtin::Other),
    ("nearer", &[C, C, P], P, Builtin::Nearer),
    ("nearer", &[L, C, P], P, Builtin::Nearer),
    ("nearer", &[C, L, P], P, Builtin::Nearer),
    // One common point: a circle touching a circle or a line.
    ("touch", &[C, C], P, Builtin::Touch),
    ("touch", &[L, C], P, Builtin::Touch),
    ("touch", &[C, L], P, Builtin::Touch),
];

/// One line per function, for hover and completion.
pub fn builtin_doc(name: &str) -> Option<&'static str> {
    Some(match name {
        "sqrt" => "sqrt(x): square root",
        "sin" | "cos" | "tan" => "trigonometric function of an angle in radians (write `30deg` for degrees)",
        "asin" | "acos" | "atan" => "inverse trigonometric function, in radians",
        "atan2" => "atan2(y, x): the angle of the vector (x, y), in radians",
        "abs" => "abs(x): absolute value",
        "dist" => "dist(P, Q): the distance between two points",
        "midpoint" => "midpoint(P, Q): the point halfway between P and Q",
        "center" => "center(k): the centre of a circle",
        "radius" => "radius(k): the radius of a circle",
        "on" => "on(k, angle): the point of circle k at that angle; on(l, t): the point at distance t along line l",
        "line" => "line(P, Q): the line through P and Q, directed from P to Q",
        "segment" => "segment(P, Q): the segment from P to Q; it meets other objects only between P and Q",
        "ray" => "ray(P, Q): the ray from P through Q; it meets other objects only from P on",
        "circle" => "circle(C, P): centre C through P; circle(C, r): centre C, radius r",
        "x" | "y" => "x(P), y(P): a coordinate of a point",
        "rotate" => "rotate(P, C, angle): P turned about C by the angle (counter-clockwise)",
        "reflect" => "reflect(P, l): the mirror image of P in line l",
        "project" => "project(P, l): the foot of the perpendicular from P to l",
        "perp_bisector" => "perp_bisector(A, B): the perpendicular bisector of AB (an L-tool: 1 L, 3 E)",
        "perpendicular" => "perpendicular(l, P): the line through P perpendicular to l (an L-tool: 1 L, 3 E)",
        "parallel" => "parallel(l, P): the line through P parallel to l (an L-tool: 1 L, 4 E)",
        "angle_bisector" => "angle_bisector(A, V, B): the bisector of the angle A V B at V (an L-tool: 1 L, 4 E)",
        "compass" => "compass(C, A, B): the circle with centre C and radius |AB| (the non-collapsing compass, an L-tool: 1 L, 5 E)",
        "any" => "any(P), any(l, t), any(k, angle): a given point dropped anywhere — in the figure, on a line, segment or ray, on a circle; declared at P, t or angle, and moved across its whole object on random instances (`point D = any(r, 1)`)",
        "other" => "other(a, b, P): the crossing of a and b other than P, which is the other one — in a step, `Q = other(k, l, P)` names it whatever the canonical order (a point dropped on a circle moves that order round)",
        "nearer" => "nearer(a, b, P): the crossing of a and b nearer P — in a step, `Q = nearer(k, l, P)` names it whatever the canonical order",
        "touch" => "touch(a, b): the point where a circle touches another circle or a line (they must touch, within the figure's tolerance) — in a step, `T = touch(k, l)` takes it at no cost, as the game offers it",
        "pi" => "pi: 3.14159…",
        _ => return None,
    })
}

/// A typed, name-free expression: names have become slots.
#[derive(Clone, Debug, PartialEq)]
pub enum Ir {
    Number(f64),
    Slot(usize),
    Neg(Box<Ir>),
    Binary(BinaryOp, Box<Ir>, Box<Ir>),
    Point(Box<Ir>, Box<Ir>),
    Call(Builtin, Vec<Ir>),
    Meet(Box<Ir>, Box<Ir>),
    /// One point of a pair (0 or 1).
    Pick(Box<Ir>, usize),
}

impl Ir {
    /// Calls `visit` with every symbol the expression reads.
    pub fn each_slot(&self, visit: &mut impl FnMut(usize)) {
        match self {
            Ir::Number(_) => {}
            Ir::Slot(slot) => visit(*slot),
            Ir::Neg(inner) | Ir::Pick(inner, _) => inner.each_slot(visit),
            Ir::Binary(_, left, right) | Ir::Point(left, right) | Ir::Meet(left, right) => {
                left.each_slot(visit);
                right.each_slot(visit);
            }
            Ir::Call(_, args) => args.iter().for_each(|arg| arg.each_slot(visit)),
        }
    }
}

/// The result type of an arithmetic operator, if the operands allow it.
pub fn binary_type(op: BinaryOp, left: Type, right: Type) -> Option<Type> {
    match (op, left, right) {
        (_, N, N) => Some(N),
        (BinaryOp::Add | BinaryOp::Sub, P, P) => Some(P),
        (BinaryOp::Mul, N, P) | (BinaryOp::Mul | BinaryOp::Div, P, N) => Some(P),
        _ => None,
    }
}

impl Type {
    /// A line, segment or ray.
    pub fn is_line(self) -> bool {
        matches!(self, Type::Line | Type::Segment | Type::Ray)
    }

    /// Whether a value of this type may stand where `expected` is asked for:
    /// a segment or ray is a line to every function.
    pub fn fits(self, expected: Type) -> bool {
        self == expected || (expected == Type::Line && self.is_line())
    }
}

/// The result type of `a & b`.
pub fn meet_type(left: Type, right: Type) -> Option<Type> {
    match (left, right) {
        (left, right) if left.is_line() && right.is_line() => Some(P),
        (left, right) if (left.is_line() || left == C) && (right.is_line() || right == C) => {
            Some(Type::Pair)
        }
        _ => None,
    }
}
