//! Graphs for planarity tests and benchmarks: the Kuratowski graphs, the
//! cube, and the families untangling must handle (issue 11).

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

/// A named graph: its node count and links.
pub type Family = (String, usize, Vec<(usize, usize)>);

/// The graphs of issue 11 that untangling once failed on, by name: trees,
/// paths, cycles, a wheel, nested triangles, grids, binary trees, stacked
/// and random maximal planar graphs.
pub fn families() -> Vec<Family> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut all = Vec::new();
    let tree: Vec<_> = (1..200).map(|i| (rng.random_range(0..i), i)).collect();
    all.push(("random tree of 200".to_string(), 200, tree));
    all.push((
        "path of 100".to_string(),
        100,
        (0..99).map(|i| (i, i + 1)).collect(),
    ));
    for n in [60, 80] {
        all.push((
            format!("cycle of {n}"),
            n,
            (0..n).map(|i| (i, (i + 1) % n)).collect(),
        ));
    }
    let mut wheel: Vec<_> = (1..=30).map(|i| (0, i)).collect();
    wheel.extend((1..=30).map(|i| (i, i % 30 + 1)));
    all.push(("wheel with a rim of 30".to_string(), 31, wheel));
    let mut nested = Vec::new();
    for level in 0..10 {
        let base = 3 * level;
        nested.extend([(base, base + 1), (base + 1, base + 2), (base + 2, base)]);
        if level > 0 {
            nested.extend((0..3).map(|i| (base - 3 + i, base + i)));
        }
    }
    all.push(("10 nested triangles".to_string(), 30, nested));
    let side = 30;
    let grid = grid(side, side);
    all.push(("30 x 30 grid".to_string(), side * side, grid));
    all.push((
        "binary tree of 127".to_string(),
        127,
        (1..127).map(|i| ((i - 1) / 2, i)).collect(),
    ));
    all.push((
        "stacked triangulation of 500".to_string(),
        500,
        stacked(500, &mut rng),
    ));
    all
}

/// The families that once fell below the 1/(2n) gap at scale (issue 29),
/// at `count` nodes: a random tree, a star, a binary tree and a mixed
/// disconnected graph.
pub fn scaled(count: usize) -> Vec<Family> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let tree = (1..count).map(|i| (rng.random_range(0..i), i)).collect();
    vec![
        (format!("random tree of {count}"), count, tree),
        (
            format!("star of {count}"),
            count,
            (1..count).map(|i| (0, i)).collect(),
        ),
        (
            format!("binary tree of {count}"),
            count,
            (1..count).map(|i| ((i - 1) / 2, i)).collect(),
        ),
        (
            format!("mixed disconnected graph of {count}"),
            count,
            mixed(count, &mut rng),
        ),
    ]
}

/// A disconnected graph of `count` nodes: a grid, a cycle, a star, a
/// random tree, a stacked triangulation and a path, each about a sixth of
/// the nodes, and four nodes alone (`count` at least 60).
pub fn mixed(count: usize, rng: &mut impl rand::Rng) -> Vec<(usize, usize)> {
    let part = count / 6;
    let mut links = Vec::new();
    let mut base = 0;
    let mut add = |size: usize, part_links: Vec<(usize, usize)>, base: &mut usize| {
        links.extend(part_links.into_iter().map(|(a, b)| (*base + a, *base + b)));
        *base += size;
    };
    let side = (part as f64).sqrt() as usize;
    add(side * side, grid(side, side), &mut base);
    add(
        part,
        (0..part).map(|i| (i, (i + 1) % part)).collect(),
        &mut base,
    );
    add(part, (1..part).map(|i| (0, i)).collect(), &mut base);
    let tree = (1..part).map(|i| (rng.random_range(0..i), i)).collect();
    add(part, tree, &mut base);
    add(part, stacked(part, rng), &mut base);
    // The rest a path, but for four nodes alone.
    let rest = count - base - 4;
    add(rest, (1..rest).map(|i| (i - 1, i)).collect(), &mut base);
    links
}

/// A planar 3-tree: a triangle, then each node put in a random face and
/// linked to its three corners.
pub fn stacked(count: usize, rng: &mut impl rand::Rng) -> Vec<(usize, usize)> {
    let mut links = vec![(0, 1), (1, 2), (2, 0)];
    let mut faces = vec![[0, 1, 2], [0, 2, 1]];
    for v in 3..count {
        let face = faces.swap_remove(rng.random_range(1..faces.len()));
        links.extend(face.iter().map(|&c| (c, v)));
        faces.extend([
            [face[0], face[1], v],
            [face[1], face[2], v],
            [face[2], face[0], v],
        ]);
    }
    links
}

/// A `width` × `height` grid: node `r * width + c` linked to its right and
/// lower neighbours.
pub fn grid(width: usize, height: usize) -> Vec<(usize, usize)> {
    let mut links = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if c + 1 < width {
                links.push((r * width + c, r * width + c + 1));
            }
            if r + 1 < height {
                links.push((r * width + c, (r + 1) * width + c));
            }
        }
    }
    links
}
