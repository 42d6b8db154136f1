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

/// `euc planar untangle` on a star of 1,200 nodes with three lone nodes
/// (past the 1,000 nodes above which the packed components are given out
/// alone): the written block has no crossings, and every node is at least
/// 1/(2n) of the board from every other node and every link (a star drawn
/// whole kept 0.33 of that at 2,000 nodes).
#[test]
fn untangling_a_big_star_with_lone_nodes_keeps_the_gap() {
    use euc::planar::draw::gaps::gaps;
    use euc::planar::draw::relax::side;
    let count = 1_203;
    let links: Vec<(usize, usize)> = (1..1_200).map(|leaf| (0, leaf)).collect();
    let circle: Vec<Point> = (0..count)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / count as f64;
            Point::new(15.0 * angle.cos(), 15.0 * angle.sin())
        })
        .collect();
    let text = euc::planar::write::block_text("star", 1_199, 1, &circle, &links);
    let dir = std::env::temp_dir().join(format!("euc-star-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("star.euc");
    std::fs::write(&file, text).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_euc"))
        .args(["planar", "untangle", "--write"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let written = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let positions: Vec<Point> = written
        .lines()
        .filter_map(|line| line.trim().strip_prefix("node "))
        .map(|rest| {
            let (_, place) = rest.split_once("= (").unwrap();
            let (x, y) = place.trim_end_matches(')').split_once(", ").unwrap();
            Point::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    assert_eq!(positions.len(), count);
    assert!(crossings_reference(&positions, &links).is_empty());
    let (node, link) = gaps(&positions, &links);
    let least = side(&positions) / (2.0 * count as f64);
    assert!(
        node >= least && link >= least,
        "node gap {:.3}, link gap {:.3} of 1/(2n)",
        node / least,
        link / least
    );
}
