//! Where a label goes: beside what it names. Candidate places ring the
//! object's visible points at growing but bounded distances; the nearest
//! place that covers no other label wins, and when every place within the
//! bound is covered the label overlaps at the nearest one rather than
//! wandering off (issue 29). The boxes taken are kept in a grid of the
//! picture, so a candidate is compared with the boxes near it, not with
//! every label placed before: comparing with all of them made a picture's
//! cost grow as the square of its steps (4,000 steps took 41 s).

use crate::geom::Point;

/// A box in picture pixels: left, top, right, bottom.
pub type Rect = (f64, f64, f64, f64);

/// The side of a cell of `Taken`'s grid, in pixels: about two labels'
/// height, so a box touches a few cells.
const CELL: f64 = 32.0;

/// Cells across and down: an 800 × 600 picture. A box beyond it counts in
/// the cells at its edge, which keeps every overlap found.
const COLUMNS: usize = 25;
const ROWS: usize = 19;

/// The side of a cell of `Taken`'s depth raster, in pixels.
const PIXEL: f64 = 4.0;

/// Depth raster cells across and down.
const PIXEL_COLUMNS: usize = 200;
const PIXEL_ROWS: usize = 150;

/// The boxes no label should cover (labels placed, marks, the title and
/// legend strips), in the order they were taken, with a grid of the
/// picture that lists in each cell the boxes touching it, and a raster of
/// how many boxes cover each 4-pixel cell's centre.
pub struct Taken {
    rects: Vec<Rect>,
    cells: Vec<Vec<u32>>,
    depth: Vec<u32>,
}

impl Default for Taken {
    fn default() -> Taken {
        Taken {
            rects: Vec::new(),
            cells: vec![Vec::new(); COLUMNS * ROWS],
            depth: vec![0; PIXEL_COLUMNS * PIXEL_ROWS],
        }
    }
}

impl Taken {
    pub fn push(&mut self, rect: Rect) {
        let index = self.rects.len() as u32;
        self.rects.push(rect);
        for cell in cells(rect) {
            self.cells[cell].push(index);
        }
        for pixel in pixels(rect) {
            self.depth[pixel] += 1;
        }
    }

    /// Whether any box taken overlaps `rect` with some area.
    fn overlaps(&self, rect: Rect) -> bool {
        cells(rect).any(|cell| {
            self.cells[cell]
                .iter()
                .any(|&index| overlap(rect, self.rects[index as usize]) > 0.0)
        })
    }

    /// About the area of `rect` that the boxes taken cover, counting each
    /// box once per box over it: from the depth raster, 16 square pixels a
    /// cell. Only the label that finds every place covered asks, and in a
    /// crowded picture labels pile up, so the exact sum over the boxes
    /// near it grew with the picture's steps.
    fn covered(&self, rect: Rect) -> f64 {
        let cells: u64 = pixels(rect).map(|pixel| u64::from(self.depth[pixel])).sum();
        cells as f64 * PIXEL * PIXEL
    }
}

/// The depth raster's cells whose centres lie strictly inside a box (none
/// for a box outside the picture).
fn pixels((left, top, right, bottom): Rect) -> impl Iterator<Item = usize> {
    // Centres at (i + 0.5) × PIXEL: the first strictly right of `left`.
    let first = |low: f64, count: usize| {
        ((low / PIXEL - 0.5).floor() + 1.0).clamp(0.0, count as f64) as usize
    };
    let end =
        |high: f64, count: usize| ((high / PIXEL - 0.5).ceil()).clamp(0.0, count as f64) as usize;
    let columns = first(left, PIXEL_COLUMNS)..end(right, PIXEL_COLUMNS);
    let rows = first(top, PIXEL_ROWS)..end(bottom, PIXEL_ROWS);
    rows.flat_map(move |row| {
        columns
            .clone()
            .map(move |column| row * PIXEL_COLUMNS + column)
    })
}

/// The grid cells a box touches (clamped to the grid's edge).
fn cells((left, top, right, bottom): Rect) -> impl Iterator<Item = usize> {
    // `as` saturates, and a NaN becomes 0: any box maps to some cells.
    let column = |x: f64| ((x / CELL).floor() as isize).clamp(0, COLUMNS as isize - 1) as usize;
    let row = |y: f64| ((y / CELL).floor() as isize).clamp(0, ROWS as isize - 1) as usize;
    let (first_column, last_column) = (column(left), column(right));
    let (first_row, last_row) = (row(top), row(bottom));
    (first_row..=last_row.max(first_row)).flat_map(move |row| {
        (first_column..=last_column.max(first_column)).map(move |column| row * COLUMNS + column)
    })
}

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
    taken: &Taken,
    area: Rect,
) -> Option<Rect> {
    let first = *anchors.first()?;
    for gap in RINGS {
        for &anchor in anchors {
            for direction in DIRECTIONS {
                let candidate = beside(anchor, direction, clearance + gap, size);
                if outside(candidate, area) == 0.0 && !taken.overlaps(candidate) {
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
    let cost = |candidate: Rect| outside(candidate, area) * 1000.0 + taken.covered(candidate);
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

/// The area two boxes share.
fn overlap((left, top, right, bottom): Rect, (l, t, r, b): Rect) -> f64 {
    (right.min(r) - left.max(l)).max(0.0) * (bottom.min(b) - top.max(t)).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Rect = (0.0, 0.0, 800.0, 600.0);

    #[test]
    fn a_free_label_sits_above_right_of_its_point() {
        let at = Point::new(100.0, 100.0);
        let placed = place(&[at], 4.0, (20.0, 14.0), &taken(&[]), AREA).unwrap();
        assert!(placed.0 > at.x && placed.3 < at.y, "{placed:?}");
        assert!(distance(placed, at) <= 8.0 + 1e-9);
    }

    #[test]
    fn a_crowded_label_overlaps_nearby_rather_than_going_far() {
        let at = Point::new(100.0, 100.0);
        // Everything around the point is taken.
        let placed = place(&[at], 4.0, (20.0, 14.0), &taken(&[AREA]), AREA).unwrap();
        assert!(distance(placed, at) <= 8.0 + 1e-9, "{placed:?}");
        // Only above right is taken: another side, as near.
        let box_ = (100.0, 70.0, 140.0, 100.0);
        let placed = place(&[at], 4.0, (20.0, 14.0), &taken(&[box_]), AREA).unwrap();
        assert!(placed.2 < at.x, "{placed:?}");
        assert!(distance(placed, at) <= 8.0 + 1e-9);
    }

    #[test]
    fn nothing_in_view_gets_no_label() {
        assert_eq!(place(&[], 4.0, (20.0, 14.0), &taken(&[]), AREA), None);
    }

    fn taken(rects: &[Rect]) -> Taken {
        let mut taken = Taken::default();
        rects.iter().for_each(|&rect| taken.push(rect));
        taken
    }

    fn grow((left, top, right, bottom): Rect) -> Rect {
        (left - PIXEL, top - PIXEL, right + PIXEL, bottom + PIXEL)
    }

    /// The grid finds what comparing with every box finds, for boxes in
    /// the picture, across its edges and far outside it; the raster's
    /// covered area is near the exact one.
    #[test]
    fn the_grid_finds_every_overlap_and_sums_it_alike() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as f64 / (1u64 << 31) as f64) * 1000.0 - 100.0
        };
        let rects: Vec<Rect> = (0..300)
            .map(|_| {
                let (x, y) = (next(), next());
                (x, y, x + next().abs() / 10.0, y + 14.0)
            })
            .chain([(-1e9, -1e9, -1e9 + 5.0, -1e9 + 5.0), (2e3, 2e3, 3e3, 3e3)])
            .collect();
        let grid = taken(&rects);
        for _ in 0..2000 {
            let (x, y) = (next(), next());
            let candidate = (x, y, x + 40.0, y + 14.0);
            let every: f64 = rects.iter().map(|&rect| overlap(candidate, rect)).sum();
            assert_eq!(grid.overlaps(candidate), every > 0.0, "{candidate:?}");
            // The raster's count is near the exact area: within a cell's
            // row and column along each box's edges.
            let slack: f64 = rects
                .iter()
                .filter(|&&rect| {
                    overlap(candidate, rect) > 0.0 || overlap(grow(candidate), rect) > 0.0
                })
                .map(|&(l, t, r, b)| 2.0 * PIXEL * ((r - l) + (b - t) + 4.0 * PIXEL))
                .sum();
            if outside(candidate, AREA) == 0.0 {
                assert!(
                    (grid.covered(candidate) - every).abs() <= slack,
                    "{candidate:?}"
                );
            }
        }
    }
}
