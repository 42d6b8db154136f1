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

/// A scrambled 300-node level: one diagnostic per crossed link for the
/// first 100, one summary on the block, and the full count in the report.
#[test]
fn a_big_tangle_gets_a_bounded_set_of_diagnostics_and_the_full_count() {
    use euc::planar::generate::{generate, Method};
    let level = generate(296, 1, Method::Model);
    let text = euc::planar::write::block_text("big", 296, 1, &level.positions, &level.links);
    let analysis = euc::analysis::analyze(&text);
    let codes: Vec<&str> = analysis.diagnostics.iter().map(|d| d.code).collect();
    let per_link = codes.iter().filter(|&&c| c == "E0701").count();
    assert_eq!(per_link, euc::check::CROSSED_LINKS_SHOWN);
    assert_eq!(codes.iter().filter(|&&c| c == "E0702").count(), 1);
    assert_eq!(codes.len(), per_link + 1);
    let pairs = crossings(&level.positions, &level.links).len();
    assert_eq!(analysis.puzzle_reports[0].crossings, pairs);
    let summary = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == "E0702")
        .unwrap();
    assert!(
        summary
            .message
            .contains(&format!("({pairs} crossing pairs)")),
        "{}",
        summary.message
    );
}

/// A link listed again, the other way round and on a later `edge` line, is
/// reported once, labelled where it was first listed; the check keeps the
/// first.
#[test]
fn a_link_listed_twice_is_reported_at_the_repeat() {
    let text = "planar p {\n  node a = (0, 0)\n  node b = (1, 0)\n  node c = (0, 1)\n  edge a - b, b - c\n  edge c - a, b - a\n}\n";
    let analysis = euc::analysis::analyze(text);
    let repeated: Vec<_> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.code == "E0602")
        .collect();
    assert_eq!(repeated.len(), 1, "{:?}", analysis.diagnostics);
    let repeat = repeated[0];
    assert_eq!(&text[repeat.span.start..repeat.span.end], "b - a");
    let first = repeat.labels[0].span;
    assert_eq!(&text[first.start..first.end], "a - b");
    assert_eq!(analysis.scene().puzzles[0].links.len(), 3);
}
