//! Hash keys of objects (equal objects share one) and the set that holds
//! them without hashing again.

use crate::geom::{Extent, Object};

pub(super) type KeySet =
    std::collections::HashSet<u64, std::hash::BuildHasherDefault<IdentityHasher>>;

/// Keys are already well-mixed hashes.
#[derive(Default)]
pub(super) struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 << 8) | u64::from(*byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// A hash of an object that equal objects share (up to rounding at the
/// edges of the grid, which only costs a repeated try).
#[inline]
pub(super) fn object_key(object: &Object) -> u64 {
    // Truncation, not rounding: `round` is a libm call on the hot path.
    let quantize = |value: f64| (value * 1e7) as i64 as u64;
    match object {
        Object::Line(line) => {
            let mut normal = line.direction.perp();
            if normal.x < -1e-12 || (normal.x.abs() <= 1e-12 && normal.y < 0.0) {
                normal = normal * -1.0;
            }
            let offset = normal.dot(line.origin);
            // A segment or ray differs from the full line over it (drawing
            // that line is a move); segments and rays are only setup objects,
            // which are never drawn again, so the kind alone tells them apart.
            let kind = match line.extent {
                Extent::Full => 1,
                Extent::Ray => 3,
                Extent::Segment(_) => 4,
            };
            mix(&[
                kind,
                quantize(normal.x),
                quantize(normal.y),
                quantize(offset),
            ])
        }
        Object::Circle(circle) => mix(&[
            2,
            quantize(circle.center.x),
            quantize(circle.center.y),
            quantize(circle.radius),
        ]),
    }
}

fn mix(values: &[u64]) -> u64 {
    values.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, value| {
        let mut z = hash ^ value.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}
