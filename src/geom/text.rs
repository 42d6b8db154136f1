//! How numbers, points, lines and circles print in messages, hovers and
//! `euc compile` output: at most six decimals, no trailing zeros, never a
//! negative zero.

use super::{Circle, Line, Point};
use std::fmt;

/// Six decimals, without trailing zeros or a negative zero.
pub fn format_number(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// A length in a message: as `format_number` within 10^-3 to 10^7, else
/// with six significant digits in scientific form, so that a figure drawn
/// at 10^-100 or 10^100 has no length shown as 0 or as a hundred digits.
pub fn format_length(value: f64) -> String {
    let size = value.abs();
    if size == 0.0 || (1e-3..1e7).contains(&size) {
        format_number(value)
    } else {
        format!("{value:.5e}")
    }
}

/// "(1, -0.5)".
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "({}, {})", format_number(self.x), format_number(self.y))
    }
}

/// "segment from (0, 0) to (4, 0)", "ray from (0, 0) direction (1, 0)" or
/// "line 0x + 1y = 2".
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.extent.is_full() {
            let (a, b, c) = self.equation();
            return write!(
                f,
                "line {}x + {}y = {}",
                format_number(a),
                format_number(b),
                format_number(c)
            );
        }
        match self.end() {
            Some(end) => write!(f, "segment from {} to {end}", self.origin),
            None => write!(f, "ray from {} direction {}", self.origin, self.direction),
        }
    }
}

/// "circle centre (0, 0) radius 2".
impl fmt::Display for Circle {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "circle centre {} radius {}",
            self.center,
            format_number(self.radius)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_at_any_scale_shows_its_digits() {
        assert_eq!(format_length(0.066572), "0.066572");
        assert_eq!(format_length(6.6572e-102), "6.65720e-102");
        assert_eq!(format_length(6.6572e98), "6.65720e98");
        assert_eq!(format_length(0.0), "0");
    }

    fn check(value: f64, expected: &str) {
        assert_eq!(format_number(value), expected);
    }

    #[test]
    fn numbers_lose_trailing_zeros_and_negative_zero() {
        check(2.0, "2");
        check(0.1 + 0.2, "0.3");
        check(-1e-9, "0");
        check(-1.25, "-1.25");
    }

    #[test]
    fn points_print_as_coordinate_pairs() {
        assert_eq!(Point { x: 1.0, y: -0.5 }.to_string(), "(1, -0.5)");
    }
}
