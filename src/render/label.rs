//! Where a label goes: beside what it names. Candidate places ring the
//! object's visible points at growing but bounded distances; the nearest
//! place that covers no other label wins, and when every place within the
//! bound is covered the label overlaps at the nearest one rather than
//! wandering off (issue 29).

use crate::geom::Point;

/// A box in picture pixels: left, top, right, bottom.
pub type Rect = (f64, f64, f64, f64);

/// Gaps tried between a label and its anchor, beyond the anchor's own
/// clearance (a point's dot, a node's disc), nearest first. The last is
/// the bound: no label is further from its anchor.
const RINGS: [f64; 4] = [4.0, 9.0, 15.0, 21.0];

/// Directions tried on each ring, in order of preference: above right
/// first (where labels usually sit), then the other diagonals, then the
/// sides.
const DIRECTIONS: [(f64, f64); 8] = [
    (1.0, -1.0),
    (-1.0, -1.0),
    (1.0, 1.0),
    (-1.0, 1.0),
    (0.0, -1.0),
    (0.0, 1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
];

/// The box for a label of `size` (width, height) near one of `anchors`
/// (in order of preference), `clearance` pixels clear of it, inside `area`
/// and covering none of `taken` if that can be done within the bound;
/// `None` when there is no anchor (nothing of the object is in view).
pub fn place(
    anchors: &[Point],
    clearance: f64,
    size: (f64, f64),
    taken: &[Rect],
    area: Rect,
) -> Option<Rect> {
    let first = *anchors.first()?;
    for gap in RINGS {
        for &anchor in anchors {
            for direction in DIRECTIONS {
                let candidate = beside(anchor, direction, clearance + gap, size);
                if outside(candidate, area) == 0.0 && covered(candidate, taken) == 0.0 {
                    return Some(candidate);
                }
            }
        }
    }
    // Nothing free within the bound: the nearest ring, overlapping least
    // (and in view as far as it can be).
    let nearest = anchors.iter().flat_map(|&anchor| {
        DIRECTIONS.map(|direction| beside(anchor, direction, clearance + RINGS[0], size))
    });
    let cost = |candidate: Rect| outside(candidate, area) * 1000.0 + covered(candidate, taken);
    nearest
        .min_by(|a, b| cost(*a).total_cmp(&cost(*b)))
        .or(Some(beside(
            first,
            DIRECTIONS[0],
            clearance + RINGS[0],
            size,
        )))
}

/// How far a point is from a box: 0 inside it.
pub fn distance((left, top, right, bottom): Rect, point: Point) -> f64 {
    let dx = (left - point.x).max(point.x - right).max(0.0);
    let dy = (top - point.y).max(point.y - bottom).max(0.0);
    dx.hypot(dy)
}

/// A box of `size` whose nearest edge or corner is `gap` from `anchor` in
/// `direction` (each component −1, 0 or 1; y down).
fn beside(anchor: Point, (dx, dy): (f64, f64), gap: f64, (width, height): (f64, f64)) -> Rect {
    // Diagonals keep the corner `gap` away, not each side.
    let step = if dx != 0.0 && dy != 0.0 {
        gap / std::f64::consts::SQRT_2
    } else {
        gap
    };
    let left = match dx {
        d if d > 0.0 => anchor.x + step,
        d if d < 0.0 => anchor.x - step - width,
        _ => anchor.x - width / 2.0,
    };
    let top = match dy {
        d if d > 0.0 => anchor.y + step,
        d if d < 0.0 => anchor.y - step - height,
        _ => anchor.y - height / 2.0,
    };
    (left, top, left + width, top + height)
}

/// How far a box reaches out of `area`.
fn outside((left, top, right, bottom): Rect, (l, t, r, b): Rect) -> f64 {
    (l - left).max(0.0) + (right - r).max(0.0) + (t - top).max(0.0) + (bottom - b).max(0.0)
}

/// The area of a box that `taken` boxes cover.
fn covered((left, top, right, bottom): Rect, taken: &[Rect]) -> f64 {
    taken
        .iter()
        .map(|&(l, t, r, b)| {
            (right.min(r) - left.max(l)).max(0.0) * (bottom.min(b) - top.max(t)).max(0.0)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Rect = (0.0, 0.0, 800.0, 600.0);

    #[test]
    fn a_free_label_sits_above_right_of_its_point() {
        let at = Point::new(100.0, 100.0);
        let placed = place(&[at], 4.0, (20.0, 14.0), &[], AREA).unwrap();
        assert!(placed.0 > at.x && placed.3 < at.y, "{placed:?}");
        assert!(distance(placed, at) <= 8.0 + 1e-9);
    }

    #[test]
    fn a_crowded_label_overlaps_nearby_rather_than_going_far() {
        let at = Point::new(100.0, 100.0);
        // Everything around the point is taken.
        let taken = [(0.0, 0.0, 800.0, 600.0)];
        let placed = place(&[at], 4.0, (20.0, 14.0), &taken, AREA).unwrap();
        assert!(distance(placed, at) <= 8.0 + 1e-9, "{placed:?}");
        // Only above right is taken: another side, as near.
        let taken = [(100.0, 70.0, 140.0, 100.0)];
        let placed = place(&[at], 4.0, (20.0, 14.0), &taken, AREA).unwrap();
        assert!(placed.2 < at.x, "{placed:?}");
        assert!(distance(placed, at) <= 8.0 + 1e-9);
    }

    #[test]
    fn nothing_in_view_gets_no_label() {
        assert_eq!(place(&[], 4.0, (20.0, 14.0), &[], AREA), None);
    }
}
