//! Evaluation of typed expressions on one instance of a problem.

use super::types::{Builtin, Ir, Value};
use crate::geom::{self, Circle, Line, Meet, Object, Point};
use crate::parse::ast::BinaryOp;

/// Why a value could not be computed; the message completes "cannot compute this: …".
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError(pub String);

type Result<T> = std::result::Result<T, EvalError>;

/// The failure of an expression that uses a value which already failed (and
/// was reported where it is declared).
pub const MISSING: &str = "a value it uses could not be computed";

fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(EvalError(message.into()))
}

/// Evaluates `ir`; `slots` holds the values of the names it refers to
/// (`None` where a name's own value failed, which fails this one too).
pub fn eval(ir: &Ir, slots: &[Option<Value>]) -> Result<Value> {
    let value = match ir {
        Ir::Number(value) => Value::Number(*value),
        Ir::Slot(slot) => match slots.get(*slot).copied().flatten() {
            Some(value) => value,
            None => return fail(MISSING),
        },
        Ir::Neg(inner) => match eval(inner, slots)? {
            Value::Number(value) => Value::Number(-value),
            Value::Point(point) => Value::Point(point * -1.0),
            other => return fail(format!("cannot negate a {}", other.ty())),
        },
        Ir::Binary(op, left, right) => binary(*op, eval(left, slots)?, eval(right, slots)?)?,
        Ir::Point(x, y) => Value::Point(Point::new(number(x, slots)?, number(y, slots)?)),
        Ir::Call(builtin, args) => {
            let args = args
                .iter()
                .map(|arg| eval(arg, slots))
                .collect::<Result<Vec<_>>>()?;
            call(*builtin, &args)?
        }
        Ir::Meet(left, right) => {
            let (left, right, found) = meet_objects(left, right, slots)?;
            match found {
                Meet::One(point) => match (left, right) {
                    (Object::Line(_), Object::Line(_)) => {
                        within(&[left, right], point)?;
                        Value::Point(point)
                    }
                    _ => return fail(geom::Degenerate::Tangent.describe()),
                },
                // The pair keeps the carriers' canonical order; the point
                // picked from it must lie within segments and rays.
                Meet::Two(first, second) => Value::Pair(first, second),
            }
        }
        // A point picked from an intersection must lie within segments and
        // rays: the objects are computed once, for the pair and the test.
        Ir::Pick(pair, index) => match pair.as_ref() {
            Ir::Meet(left, right) => match meet_objects(left, right, slots)? {
                (left, right, Meet::Two(first, second)) => {
                    let point = if *index == 0 { first } else { second };
                    within(&[left, right], point)?;
                    Value::Point(point)
                }
                (_, _, Meet::One(_)) => return fail(geom::Degenerate::Tangent.describe()),
            },
            _ => match eval(pair, slots)? {
                Value::Pair(first, second) => {
                    Value::Point(if *index == 0 { first } else { second })
                }
                other => other,
            },
        },
    };
    check_finite(value)
}

fn meet_objects(left: &Ir, right: &Ir, slots: &[Option<Value>]) -> Result<(Object, Object, Meet)> {
    let left = object(eval(left, slots)?)?;
    let right = object(eval(right, slots)?)?;
    // At the objects' own scale, as `call` builds them.
    let unit = unit_of(&[object_value(left), object_value(right)]);
    match geom::meet(&left.scaled(1.0 / unit), &right.scaled(1.0 / unit)) {
        Ok(Meet::One(point)) => Ok((left, right, Meet::One(point * unit))),
        Ok(Meet::Two(a, b)) => Ok((left, right, Meet::Two(a * unit, b * unit))),
        Err(why) => fail(why.describe()),
    }
}

/// Fails if the intersection point lies beyond a segment or ray.
fn within(objects: &[Object], point: Point) -> Result<()> {
    for object in objects {
        if let Object::Line(line) = object {
            if let Some(outside) = line.outside(point) {
                return fail(format!(
                    "the intersection {point} lies outside the {}: {}",
                    line.extent.name(),
                    describe_outside(line, outside)
                ));
            }
        }
    }
    Ok(())
}

/// "beyond its end (2, 0)" and the like, for messages.
pub fn describe_outside(line: &geom::Line, outside: geom::Outside) -> String {
    match (outside, line.extent) {
        (geom::Outside::Before(at), geom::Extent::Ray) => format!("behind its start {at}"),
        (geom::Outside::Before(at), _) => format!("beyond its end {at}"),
        (geom::Outside::After(at), _) => format!("beyond its end {at}"),
    }
}

fn check_finite(value: Value) -> Result<Value> {
    let finite = match value {
        Value::Number(value) => value.is_finite(),
        Value::Point(point) => point.is_finite(),
        Value::Line(line) => line.origin.is_finite() && line.direction.is_finite(),
        Value::Circle(circle) => circle.center.is_finite() && circle.radius.is_finite(),
        Value::Pair(first, second) => first.is_finite() && second.is_finite(),
    };
    if finite {
        Ok(value)
    } else {
        fail("the result is not a finite number")
    }
}

fn number(ir: &Ir, slots: &[Option<Value>]) -> Result<f64> {
    match eval(ir, slots)? {
        Value::Number(value) => Ok(value),
        other => fail(format!("expected a number, found a {}", other.ty())),
    }
}

fn object_value(object: Object) -> Value {
    match object {
        Object::Line(line) => Value::Line(line),
        Object::Circle(circle) => Value::Circle(circle),
    }
}

pub fn object(value: Value) -> Result<Object> {
    match value {
        Value::Line(line) => Ok(Object::Line(line)),
        Value::Circle(circle) => Ok(Object::Circle(circle)),
        other => fail(format!(
            "expected a line or a circle, found a {}",
            other.ty()
        )),
    }
}

fn binary(op: BinaryOp, left: Value, right: Value) -> Result<Value> {
    use Value::{Number as N, Point as P};
    Ok(match (op, left, right) {
        (BinaryOp::Add, N(a), N(b)) => N(a + b),
        (BinaryOp::Sub, N(a), N(b)) => N(a - b),
        (BinaryOp::Mul, N(a), N(b)) => N(a * b),
        (BinaryOp::Div, N(_), N(0.0)) => return fail("division by zero"),
        (BinaryOp::Div, N(a), N(b)) => N(a / b),
        (BinaryOp::Add, P(a), P(b)) => P(a + b),
        (BinaryOp::Sub, P(a), P(b)) => P(a - b),
        (BinaryOp::Mul, N(a), P(b)) | (BinaryOp::Mul, P(b), N(a)) => P(b * a),
        (BinaryOp::Div, P(_), N(0.0)) => return fail("division by zero"),
        (BinaryOp::Div, P(a), N(b)) => P(a * (1.0 / b)),
        (op, left, right) => {
            return fail(format!(
                "`{}` does not apply to a {} and a {}",
                op.symbol(),
                left.ty(),
                right.ty()
            ))
        }
    })
}

/// Builds a line or circle at the scale of its own arguments: they are
/// divided by the power of two nearest their size first (exactly), so that
/// "its two points are the same point" means the same to within 10^-9 of
/// their size, as rounding decides it, in a figure of any size
/// (docs/design.md, "Tolerances"). Other functions compute as they are.
fn call(builtin: Builtin, args: &[Value]) -> Result<Value> {
    if !builtin.builds_object() && builtin.pick().is_none() {
        return compute(builtin, args);
    }
    if let [_, Value::Number(radius)] = args {
        if *radius < 0.0 {
            return fail(format!("a radius cannot be negative ({radius})"));
        }
    }
    let unit = unit_of(args);
    let framed: Vec<Value> = args
        .iter()
        .map(|arg| match arg {
            // A constructor's only number is a radius: a length.
            Value::Number(length) => Value::Number(length / unit),
            other => other.scaled(1.0 / unit),
        })
        .collect();
    Ok(compute(builtin, &framed)?.scaled(unit))
}

/// The power of two nearest the size of some values (1 when all are zero).
fn unit_of(values: &[Value]) -> f64 {
    let size = values.iter().fold(0.0_f64, |most, value| {
        let size = match value {
            Value::Number(length) => length.abs(),
            Value::Point(point) => point.x.abs().max(point.y.abs()),
            Value::Line(line) => line.origin.x.abs().max(line.origin.y.abs()),
            Value::Circle(circle) => circle
                .center
                .x
                .abs()
                .max(circle.center.y.abs())
                .max(circle.radius),
            Value::Pair(a, b) => a.x.abs().max(a.y.abs()).max(b.x.abs()).max(b.y.abs()),
        };
        most.max(size)
    });
    geom::power_of_two_near(size)
}

fn compute(builtin: Builtin, args: &[Value]) -> Result<Value> {
    use Value::{Circle as C, Line as L, Number as N, Point as P};
    let value = match (builtin, args) {
        (Builtin::Sqrt, [N(x)]) if *x < 0.0 => {
            return fail(format!("square root of a negative number ({x})"))
        }
        (Builtin::Sqrt, [N(x)]) => N(x.sqrt()),
        (Builtin::Sin, [N(x)]) => N(x.sin()),
        (Builtin::Cos, [N(x)]) => N(x.cos()),
        (Builtin::Tan, [N(x)]) => N(x.tan()),
        (Builtin::Asin | Builtin::Acos, [N(x)]) if x.abs() > 1.0 => {
            return fail(format!("{x} is outside -1..1"))
        }
        (Builtin::Asin, [N(x)]) => N(x.asin()),
        (Builtin::Acos, [N(x)]) => N(x.acos()),
        (Builtin::Atan, [N(x)]) => N(x.atan()),
        (Builtin::Atan2, [N(y), N(x)]) => N(y.atan2(*x)),
        (Builtin::Abs, [N(x)]) => N(x.abs()),
        // `hypot`: figures near the ends of f64's range (10^±200) too.
        (Builtin::Dist, [P(a), P(b)]) => N((a.x - b.x).hypot(a.y - b.y)),
        (Builtin::Midpoint, [P(a), P(b)]) => P((*a + *b) * 0.5),
        (Builtin::Center, [C(circle)]) => P(circle.center),
        (Builtin::Radius, [C(circle)]) => N(circle.radius),
        (Builtin::OnCircle, [C(circle), N(angle)]) => P(circle.at_angle(*angle)),
        (Builtin::OnLine, [L(line), N(t)]) => P(line.origin + line.direction * *t),
        (Builtin::LineThrough, [P(a), P(b)]) => {
            L(Line::through(*a, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::SegmentBetween, [P(a), P(b)]) => {
            L(Line::segment(*a, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::RayFrom, [P(a), P(b)]) => {
            L(Line::ray(*a, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::CircleThrough, [P(center), P(point)]) => {
            C(Circle::through(*center, *point).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::CircleRadius, [P(center), N(radius)]) => {
            C(Circle::new(*center, *radius).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::X, [P(point)]) => N(point.x),
        (Builtin::Y, [P(point)]) => N(point.y),
        (Builtin::Rotate, [P(point), P(center), N(angle)]) => {
            let (sin, cos) = angle.sin_cos();
            let offset = *point - *center;
            P(*center
                + Point::new(
                    offset.x * cos - offset.y * sin,
                    offset.x * sin + offset.y * cos,
                ))
        }
        (Builtin::Reflect, [P(point), L(line)]) => P(line.project(*point) * 2.0 - *point),
        (Builtin::Project, [P(point), L(line)]) => P(line.project(*point)),
        (Builtin::PerpBisector, [P(a), P(b)]) => {
            L(Line::perp_bisector(*a, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::Perpendicular, [L(line), P(point)]) => L(line
            .perpendicular(*point)
            .or_else(|why| fail(why.describe()))?),
        (Builtin::Parallel, [L(line), P(point)]) => {
            L(line.parallel(*point).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::AngleBisector, [P(a), P(vertex), P(b)]) => {
            L(Line::angle_bisector(*a, *vertex, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::Compass, [P(center), P(a), P(b)]) => {
            C(Circle::compass(*center, *a, *b).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::AnyPoint, [P(point)]) => P(*point),
        (Builtin::AnyOnLine, [L(line), N(t)]) => {
            let point = line.origin + line.direction * *t;
            if let Some(outside) = line.outside(point) {
                return fail(format!(
                    "the point is dropped outside the {}: {}",
                    line.extent.name(),
                    describe_outside(line, outside)
                ));
            }
            P(point)
        }
        (Builtin::AnyOnCircle, [C(circle), N(angle)]) => P(circle.at_angle(*angle)),
        (Builtin::Other | Builtin::Nearer, [a, b, P(at)]) => {
            let pick = builtin.pick().expect("other or nearer");
            let (a, b) = (object(*a)?, object(*b)?);
            P(geom::pick_crossing(&a, &b, pick, *at).or_else(|why| fail(why.describe()))?)
        }
        (Builtin::Touch, [a, b]) => {
            let (a, b) = (object(*a)?, object(*b)?);
            P(geom::touch_point(&a, &b).or_else(|why| fail(why.describe()))?)
        }
        _ => return fail("the arguments do not fit this function"),
    };
    Ok(value)
}
