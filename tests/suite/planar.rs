//! The fast crossing finder agrees with the all-pairs reference.

use euc::geom::Point;
use euc::planar::crossing::{crossings, crossings_reference};
use proptest::prelude::*;

fn graph() -> impl Strategy<Value = (Vec<Point>, Vec<(usize, usize)>)> {
    (5usize..60).prop_flat_map(|count| {
        // Coordinates on a coarse grid, so that stacked nodes and collinear
        // touching links actually happen.
        let points = proptest::collection::vec((-20i32..20, -20i32..20), count);
        let links = proptest::collection::vec((0..count, 0..count), 64..200);
        (points, links).prop_map(|(points, links)| {
            let points = points
                .into_iter()
                .map(|(x, y)| Point::new(f64::from(x) * 0.5, f64::from(y) * 0.5))
                .collect();
            let links = links.into_iter().filter(|(a, b)| a != b).collect();
            (points, links)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn grid_and_reference_find_the_same_crossings((points, links) in graph()) {
        prop_assert_eq!(crossings(&points, &links), crossings_reference(&points, &links));
    }
}
