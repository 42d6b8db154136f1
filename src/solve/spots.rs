//! The lookahead's spots (docs/solver.md, "Lookahead"): points where a new
//! point would let an object through an aim be drawn, each with the
//! distance within which a computed point counts as on it, looked up in a
//! hash grid rebuilt at each node without clearing its memory.

use crate::geom::Point;

/// A spot and how far a computed point may lie from it and still count.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spot {
    pub(super) at: Point,
    pub(super) reach: f64,
}

#[derive(Default)]
pub(super) struct Spots {
    spots: Vec<Spot>,
    /// Spots whose reach is wider than a cell, checked one by one.
    wide: Vec<Spot>,
    cell: f64,
    per_cell: f64,
    /// Open addressing: (stamp, cell key's high half, spot index); a slot
    /// whose stamp is not the current one is empty, so the table is emptied
    /// by a new stamp. Twelve bytes a slot and at most half full: the table
    /// of a node's spots stays in the nearest cache (it is probed for every
    /// new point of every move).
    slots: Vec<(u32, u32, u32)>,
    stamp: u32,
    /// One bit per hash of the cells holding a spot, about eight bits a
    /// cell: most points are near no spot, and this small filter answers
    /// them without touching the table.
    occupied: Vec<u64>,
}

impl Spots {
    /// Starts a new set of spots; `reach` is the widest reach kept in the
    /// grid, whose cells are twice as wide.
    pub(super) fn clear(&mut self, reach: f64) {
        self.spots.clear();
        self.wide.clear();
        let cell = 2.0 * reach;
        self.cell = cell;
        self.per_cell = cell.recip();
    }

    pub(super) fn push(&mut self, spot: Spot) {
        if spot.reach > 0.5 * self.cell {
            self.wide.push(spot);
        } else {
            self.spots.push(spot);
        }
    }

    /// Builds the grid: each spot in every cell its reach square overlaps
    /// (at most four, since a reach is at most half a cell; mostly one), in
    /// a table at most half full.
    pub(super) fn index(&mut self) {
        let cells = |spots: &Spots, Spot { at, reach }: Spot| {
            let (left, right) = (spots.cell_of(at.x - reach), spots.cell_of(at.x + reach));
            let (low, high) = (spots.cell_of(at.y - reach), spots.cell_of(at.y + reach));
            (left..=right).flat_map(move |column| (low..=high).map(move |row| key(column, row)))
        };
        let filled: usize = self
            .spots
            .iter()
            .map(|&spot| cells(self, spot).count())
            .sum();
        let wanted = (filled * 2).next_power_of_two().max(64);
        // A table far too large for this node is shrunk: its size is what
        // each probe's cache misses cost.
        if self.slots.len() < wanted || self.slots.len() > 8 * wanted {
            self.slots = vec![(0, 0, 0); wanted];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0, 0));
            self.stamp = 1;
        }
        let bits = (filled * 8).next_power_of_two().max(512);
        self.occupied.clear();
        self.occupied.resize(bits / 64, 0);
        for index in 0..self.spots.len() {
            for key in cells(self, self.spots[index]) {
                self.insert(key, index as u32);
                let bit = self.occupied_bit(key);
                self.occupied[bit / 64] |= 1 << (bit % 64);
            }
        }
    }

    /// The filter's bit for a cell key: bits the table's slot does not use.
    fn occupied_bit(&self, key: u64) -> usize {
        (key >> 40) as usize & (self.occupied.len() * 64 - 1)
    }

    /// The cell of a coordinate: truncation after an offset that keeps
    /// every coordinate of the figure positive (floor is a libm call).
    fn cell_of(&self, value: f64) -> i64 {
        (value * self.per_cell + CELL_OFFSET) as i64
    }

    fn insert(&mut self, key: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut slot = (key as usize) & mask;
        while self.slots[slot].0 == self.stamp {
            slot = (slot + 1) & mask;
        }
        self.slots[slot] = (self.stamp, check(key), index);
    }

    /// Whether `point` lies within the reach of a spot.
    pub(super) fn near(&self, point: Point) -> bool {
        let close = |spot: &Spot| {
            let offset = spot.at - point;
            offset.dot(offset) <= spot.reach * spot.reach
        };
        if self.wide.iter().any(close) {
            return true;
        }
        if self.slots.is_empty() {
            return false;
        }
        let key = key(self.cell_of(point.x), self.cell_of(point.y));
        let bit = self.occupied_bit(key);
        if self.occupied[bit / 64] & (1 << (bit % 64)) == 0 {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut slot = (key as usize) & mask;
        while self.slots[slot].0 == self.stamp {
            let (_, found, index) = self.slots[slot];
            if found == check(key) && close(&self.spots[index as usize]) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        false
    }
}

/// Added to coordinates in cells: figures are at most 10^12 cells wide
/// (the spots' cells are a millionth of the figure's size, and beyond the
/// offset only the grid's spread suffers, not its answers).
const CELL_OFFSET: f64 = (1u64 << 40) as f64;

/// What a slot keeps of a cell's key: the half the slot's position does
/// not use (a false match only costs a distance test).
fn check(key: u64) -> u32 {
    (key >> 32) as u32
}

/// A well-mixed key for a grid cell.
fn key(column: i64, row: i64) -> u64 {
    let mut z = (column as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (row as u64);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_near_a_spot_only_within_its_reach() {
        let mut spots = Spots::default();
        // The table is reused: a new stamp empties it.
        for round in 0..3 {
            spots.clear(0.05);
            spots.push(Spot {
                at: Point::new(1.0, 1.0),
                reach: 0.05,
            });
            spots.push(Spot {
                at: Point::new(-30.0, 2.0),
                reach: 5.0,
            });
            spots.index();
            assert!(spots.near(Point::new(1.03, 0.98)));
            assert!(!spots.near(Point::new(1.06, 1.0)));
            // Across a cell edge.
            assert!(spots.near(Point::new(0.99, 1.0)));
            // A wide spot, checked apart from the grid.
            assert!(spots.near(Point::new(-33.0, 5.0)), "round {round}");
            assert!(!spots.near(Point::new(9.0, 9.0)));
        }
    }
}
