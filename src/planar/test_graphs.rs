//! Small graphs shared by the planarity tests.

/// Every pair of `count` nodes linked.
pub fn complete(count: usize) -> Vec<(usize, usize)> {
    (0..count)
        .flat_map(|a| (a + 1..count).map(move |b| (a, b)))
        .collect()
}

/// The cube: two squares, corners joined crosswise.
pub fn cube() -> Vec<(usize, usize)> {
    vec![
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 4),
        (0, 6),
        (1, 7),
        (2, 4),
        (3, 5),
    ]
}
