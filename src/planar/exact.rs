//! Exact orientation on what a file says: the sign of the turn `a → b → c`
//! decided on the decimals the coordinates are written with, so that the
//! checker, the untangler and the board agree on "node on a link" and
//! "crossing" (docs/planar.md, "Exactness"). A floating-point filter answers
//! when the turn is clearly away from zero; otherwise the coordinates are
//! read back as decimals and the determinant computed in integers, or —
//! for values too long for 128-bit arithmetic — by adaptive exact
//! arithmetic on the binary values (the `robust` crate).

use crate::geom::Point;

/// −1, 0 or 1: clockwise, collinear, counter-clockwise.
pub fn orientation(a: Point, b: Point, c: Point) -> i8 {
    let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y);
    let (left, right) = (dx1 * dy2, dy1 * dx2);
    let determinant = left - right;
    // The filter covers the arithmetic's own rounding and the distance
    // between each decimal and the binary value that stands for it.
    let largest = (a.x.abs().max(a.y.abs()))
        .max(b.x.abs().max(b.y.abs()))
        .max(c.x.abs().max(c.y.abs()));
    let bound = 1e-14
        * (left.abs() + right.abs() + largest * (dx1.abs() + dy1.abs() + dx2.abs() + dy2.abs()));
    if determinant.is_finite() && determinant.abs() > bound {
        return determinant.signum() as i8;
    }
    match decimal_orientation(a, b, c) {
        Some(sign) => sign,
        None => {
            let turn = robust::orient2d(
                robust::Coord { x: a.x, y: a.y },
                robust::Coord { x: b.x, y: b.y },
                robust::Coord { x: c.x, y: c.y },
            );
            if turn > 0.0 {
                1
            } else if turn < 0.0 {
                -1
            } else {
                0
            }
        }
    }
}

/// A coordinate as written: `digits × 10^-scale`.
fn decimal(value: f64) -> Option<(i128, u32)> {
    if !value.is_finite() {
        return None;
    }
    // Display prints the shortest decimal that reads back as `value`.
    let text = format!("{value}");
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.len() + fraction.len() > 36 {
        return None;
    }
    let digits: i128 = format!("{whole}{fraction}").parse().ok()?;
    Some((
        if negative { -digits } else { digits },
        fraction.len() as u32,
    ))
}

fn decimal_orientation(a: Point, b: Point, c: Point) -> Option<i8> {
    let values = [a.x, a.y, b.x, b.y, c.x, c.y].map(decimal);
    let scale = values.iter().map(|v| v.map(|(_, s)| s)).max()??;
    let mut scaled = [0i128; 6];
    for (slot, value) in scaled.iter_mut().zip(values) {
        let (digits, own) = value?;
        *slot = digits.checked_mul(10i128.checked_pow(scale - own)?)?;
        if slot.abs() > 1_000_000_000_000_000_000 {
            return None;
        }
    }
    let [ax, ay, bx, by, cx, cy] = scaled;
    let determinant = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    Some(determinant.signum() as i8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_that_binary_fractions_miss_are_collinear() {
        // 0.1, 0.2, 0.3 are collinear as written, not as binary fractions.
        let (a, b, c) = (
            Point::new(0.1, 0.1),
            Point::new(0.2, 0.2),
            Point::new(0.3, 0.3),
        );
        assert_eq!(orientation(a, b, c), 0);
        assert_eq!(
            orientation(
                Point::new(0.1, 0.3),
                Point::new(0.2, 0.2),
                Point::new(0.3, 0.1)
            ),
            0
        );
        assert_eq!(orientation(a, b, Point::new(0.3, 0.300001)), 1);
        assert_eq!(orientation(a, b, Point::new(0.3, 0.299999)), -1);
        // Far from the origin, one unit in the last printed place.
        let far = 1.0e9;
        assert_eq!(
            orientation(
                Point::new(far, far),
                Point::new(far + 1.0, far),
                Point::new(far + 2.0, far + 1e-6)
            ),
            1
        );
        // Too many digits for 128 bits: the binary values decide, exactly.
        let tiny = Point::new(1e-300, 0.0);
        assert_eq!(
            orientation(Point::new(0.0, 0.0), Point::new(1e300, 0.0), tiny),
            0
        );
        assert_eq!(
            orientation(
                Point::new(0.0, 0.0),
                Point::new(1e300, 1e-300),
                Point::new(1.0, 0.0)
            ),
            -1
        );
    }
}
