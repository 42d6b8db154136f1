//! Planarity puzzles (release): generating a level (both generators),
//! counting crossings and untangling, at growing sizes; the all-pairs
//! crossing count is the in-run baseline for the grid.
//!
//! cargo bench --bench planar [SECTION…]
//!
//! Sections (all by default): `levels`, `spread`, `lines`, `witness`,
//! `families`, `scale`, `packed`, `check`, `crossings`.

// Tests and benchmarks may unwrap (a failure is the report) and run long
// scripted scenarios; the library and the binary may do neither.
#![allow(clippy::unwrap_used, clippy::too_many_lines)]

use euc::geom::Point;
use euc::planar::crossing::{crossings, crossings_reference};
use euc::planar::draw::embed::spread;
use euc::planar::draw::gaps::gaps;
use euc::planar::draw::relax::side;
use euc::planar::draw::untangle::{untangle, Untangled};
use euc::planar::generate::{generate, Method};
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn time<T>(work: impl FnOnce() -> T) -> (Duration, T) {
    let started = Instant::now();
    let result = work();
    (started.elapsed(), result)
}

fn millis(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1e3)
}

/// `count` random segments of length up to 1 in a square sized for about
/// one crossing per segment on average.
fn random_segments(count: usize) -> (Vec<Point>, Vec<(usize, usize)>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let side = (count as f64).sqrt();
    let mut positions = Vec::new();
    let mut links = Vec::new();
    for index in 0..count {
        let start = Point::new(rng.random_range(0.0..side), rng.random_range(0.0..side));
        let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
        positions.push(start);
        positions.push(start + Point::new(angle.cos(), angle.sin()) * rng.random_range(0.1..1.0));
        links.push((2 * index, 2 * index + 1));
    }
    (positions, links)
}

fn main() {
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |section: &str| asked.is_empty() || asked.iter().any(|a| a == section);
    println!("# euc planar benchmark\n");
    let sections: [(&str, fn()); 9] = [
        ("levels", levels),
        ("spread", spread_of_levels),
        ("lines", lines_generator),
        ("witness", witness),
        ("families", families),
        ("scale", gaps_at_scale),
        ("packed", packed_against_components),
        ("check", check_big_block),
        ("crossings", counting_crossings),
    ];
    for (name, section) in sections {
        if run(name) {
            section();
        }
    }
}

/// Generating and untangling the model's levels at doubling sizes.
fn levels() {
    println!("## Generate (the model's rules) and untangle (left-right embedding, grid drawing, relaxation)\n");
    println!("Growth: time over the row before (the size doubles). Baseline: counting");
    println!("the crossings of a scrambled 1,000-node level pair by pair (4.4 million");
    println!("pairs), timed just before each row; the columns over it compare runs on");
    println!("a machine whose load changes.\n");
    println!("| nodes | links | baseline ms | generate ms | / baseline | growth | untangle ms | / baseline | growth | crossings after |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let reference = generate(996, 1, Method::Model);
    let mut before: Option<(Duration, Duration)> = None;
    for nodes in [125u32, 250, 500, 1000, 2000, 4000, 5000] {
        let (baseline, _) = time(|| crossings_reference(&reference.positions, &reference.links));
        let over = |took: Duration| format!("{:.2}", took.as_secs_f64() / baseline.as_secs_f64());
        let (generated_in, level) = time(|| generate(nodes - 4, 1, Method::Model));
        let (untangled_in, result) = time(|| untangle(&level.positions, &level.links, None, None));
        let after = match result {
            Untangled::Positions(positions) => {
                crossings(&positions, &level.links).len().to_string()
            }
            other => format!("{other:?}"),
        };
        let growth = |now: Duration, then: Option<Duration>| {
            then.map_or("—".to_string(), |then| {
                format!("{:.1}", now.as_secs_f64() / then.as_secs_f64())
            })
        };
        println!(
            "| {nodes} | {} | {} | {} | {} | {} | {} | {} | {} | {after} |",
            level.links.len(),
            millis(baseline),
            millis(generated_in),
            over(generated_in),
            growth(generated_in, before.map(|b| b.0)),
            millis(untangled_in),
            over(untangled_in),
            growth(untangled_in, before.map(|b| b.1)),
        );
        before = Some((generated_in, untangled_in));
    }
}

/// The spread of untangled levels over twelve seeds per size.
fn spread_of_levels() {
    println!("\n## Spread of untangled levels\n");
    println!("The smallest node–node distance over the mean link length (a human-friendly");
    println!("board keeps it above 0.1), over seeds 1 to 12 of each size.\n");
    println!("| nodes | least | median | seeds below 0.1 | untangle ms (median) |");
    println!("|---|---|---|---|---|");
    for nodes in [10u32, 30, 60, 100, 150, 200, 250, 500, 1000, 2000] {
        let mut spreads = Vec::new();
        let mut times = Vec::new();
        for seed in 1..=12 {
            let level = generate(nodes - 4, seed, Method::Model);
            let (untangled_in, untangled) =
                time(|| untangle(&level.positions, &level.links, None, None));
            times.push(untangled_in);
            let Untangled::Positions(positions) = untangled else {
                panic!("{nodes} nodes, seed {seed}: not untangled");
            };
            let (node, _) = gaps(&positions, &level.links);
            spreads.push(spread(&positions, &level.links, node));
        }
        spreads.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        times.sort();
        println!(
            "| {nodes} | {:.3} | {:.3} | {} | {} |",
            spreads[0],
            spreads[spreads.len() / 2],
            spreads.iter().filter(|&&s| s < 0.1).count(),
            millis(times[times.len() / 2])
        );
    }
}

/// Every level of Tantalo's generator from 1 to 50.
fn lines_generator() {
    println!("\n## Tantalo's lines generator\n");
    println!("Every level from 1 to 50 (seed 1); the target is at most 1 s each.\n");
    println!("| level | nodes | links | generate ms |");
    println!("|---|---|---|---|");
    let mut slowest = (0, Duration::ZERO);
    for level in 1..=50u32 {
        let (generated_in, generated) = time(|| generate(level, 1, Method::Lines));
        if generated_in > slowest.1 {
            slowest = (level, generated_in);
        }
        if [1, 5, 10, 13, 14, 20, 30, 40, 50].contains(&level) {
            println!(
                "| {level} | {} | {} | {} |",
                generated.positions.len(),
                generated.links.len(),
                millis(generated_in)
            );
        }
    }
    println!(
        "\nThe slowest of levels 1 to 50: level {}, {} ms.",
        slowest.0,
        millis(slowest.1)
    );
}

/// The K3,3 in a non-planar grid.
fn witness() {
    println!("\n## Why a graph is not planar\n");
    println!("| graph | nodes | links | witness ms | witness |");
    println!("|---|---|---|---|---|");
    let width = 30;
    let mut grid = euc::planar::families::grid(width, width);
    // Both diagonals between opposite corners: they must cross outwidth.
    grid.extend([(0, width * width - 1), (width - 1, width * (width - 1))]);
    let (found_in, why) = time(|| euc::planar::draw::untangle::not_planar(width * width, &grid));
    println!(
        "| 30 x 30 grid with both corner diagonals | {} | {} | {} | {:?} |",
        width * width,
        grid.len(),
        millis(found_in),
        why.map(|w| w.describe(|n| n.to_string()))
    );
}

/// The graph families of docs/planar.md, untangled, with their gaps.
fn families() {
    println!("\n## Untangle graphs that are not levels\n");
    gap_table(euc::planar::families::families());
}

/// Trees, stars, binary trees and mixed disconnected graphs just below and
/// above the sizes where the drawing changes method, up to 5,000 nodes.
fn gaps_at_scale() {
    println!("\n## Gaps at scale\n");
    let mut all = Vec::new();
    for count in [500, 501, 1000, 2000, 5000] {
        all.extend(euc::planar::families::scaled(count));
    }
    all.push((
        "stacked triangulation of 5000".to_string(),
        5000,
        euc::planar::families::stacked(5000, &mut rand_chacha::ChaCha8Rng::seed_from_u64(29)),
    ));
    gap_table(all);
}

/// A disconnected graph untangled against the same graph joined into one
/// (a link from each component to the next; the in-run baseline): the
/// packed drawing of its components costs about what drawing the joined
/// graph whole does, a ratio near 1. Drawing the whole graph as well as its
/// components, each with its own relaxation budget (issue 29's
/// regression), made it 2-5.
fn packed_against_components() {
    println!("\n## Disconnected graphs against the same graph joined into one\n");
    println!("| graph | links | untangle ms | joined ms | ratio |");
    println!("|---|---|---|---|---|");
    for count in [200, 500, 1000, 2000] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let links = euc::planar::families::mixed(count, &mut rng);
        let firsts: Vec<usize> = euc::planar::draw::pack::components(count, &links)
            .iter()
            .map(|(nodes, _)| nodes[0])
            .collect();
        let mut joined = links.clone();
        joined.extend(firsts.windows(2).map(|pair| (pair[0], pair[1])));
        let (whole, _) = time(|| untangle(&circle(count), &links, None, None));
        let (baseline, _) = time(|| untangle(&circle(count), &joined, None, None));
        println!(
            "| mixed disconnected graph of {count} | {} | {} | {} | {:.2} |",
            links.len(),
            millis(whole),
            millis(baseline),
            whole.as_secs_f64() / baseline.as_secs_f64()
        );
    }
}

/// `count` nodes on a circle of radius 15.
fn circle(count: usize) -> Vec<Point> {
    (0..count)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / count as f64;
            Point::new(15.0 * angle.cos(), 15.0 * angle.sin())
        })
        .collect()
}

/// Untangles each graph from a circle and prints its time and gaps.
fn gap_table(graphs: Vec<euc::planar::families::Family>) {
    println!("Gaps are the smallest node–node and node–link distances times 2n over the");
    println!("board's side: 1 or more meets the target of a 1/(2n) board gap.\n");
    println!("| graph | nodes | links | untangle ms | node gap × 2n | link gap × 2n |");
    println!("|---|---|---|---|---|---|");
    for (name, count, links) in graphs {
        let (untangled_in, result) = time(|| untangle(&circle(count), &links, None, None));
        let Untangled::Positions(positions) = result else {
            println!(
                "| {name} | {count} | {} | {} | not untangled | |",
                links.len(),
                millis(untangled_in)
            );
            continue;
        };
        let (node, link) = gaps(&positions, &links);
        let scale = 2.0 * count as f64 / side(&positions);
        println!(
            "| {name} | {count} | {} | {} | {:.2} | {:.2} |",
            links.len(),
            millis(untangled_in),
            node * scale,
            link * scale
        );
    }
}

/// `euc check`'s analysis of one planar block of 99,736 links (a 183 × 183
/// grid with one diagonal per square, no crossings): reading the links,
/// with the check for repeated ones, dominated it before (3 s).
fn check_big_block() {
    println!("\n## Checking a planar block of 100,000 links\n");
    let width = 183;
    let mut text = String::from("planar big {\n");
    for v in 0..width * width {
        text += &format!("  node n{v} = ({}, {})\n", v % width, v / width);
    }
    let mut links = euc::planar::families::grid(width, width);
    links.extend(
        (0..width * width)
            .filter(|v| v % width + 1 < width && v / width + 1 < width)
            .map(|v| (v, v + width + 1)),
    );
    for chunk in links.chunks(20) {
        let listed: Vec<String> = chunk.iter().map(|(a, b)| format!("n{a} - n{b}")).collect();
        text += &format!("  edge {}\n", listed.join(", "));
    }
    text += "}\n";
    let (checked_in, analysis) = time(|| euc::analysis::analyze(&text));
    println!("| nodes | links | errors | analyse ms |");
    println!("|---|---|---|---|");
    println!(
        "| {} | {} | {} | {} |",
        width * width,
        links.len(),
        analysis.diagnostics.len(),
        millis(checked_in)
    );
}

/// The crossing index against all pairs.
fn counting_crossings() {
    println!("\n## Counting crossings among random short links (grid vs all pairs)\n");
    println!("| links | crossing pairs | grid ms | all pairs ms | all pairs / grid |");
    println!("|---|---|---|---|---|");
    for (count, long) in [
        (12_500usize, 0),
        (25_000, 0),
        (50_000, 0),
        (100_000, 0),
        (100_000, 5),
    ] {
        let (mut positions, mut links) = random_segments(count);
        // A few links right across the figure.
        let side = (count as f64).sqrt();
        for k in 0..long {
            let offset = side * (k as f64 + 0.5) / long as f64;
            positions.push(Point::new(0.0, offset));
            positions.push(Point::new(side, side - offset));
            links.push((positions.len() - 2, positions.len() - 1));
        }
        let (grid, found) = time(|| crossings(&positions, &links));
        let reference = if count <= 25_000 {
            let (reference, expected) = time(|| crossings_reference(&positions, &links));
            assert_eq!(found, expected);
            Some(reference)
        } else {
            None
        };
        println!(
            "| {count}{} | {} | {} | {} | {} |",
            if long > 0 {
                format!(" + {long} long")
            } else {
                String::new()
            },
            found.len(),
            millis(grid),
            reference.map_or("—".to_string(), millis),
            reference.map_or("—".to_string(), |r| format!(
                "{:.0}",
                r.as_secs_f64() / grid.as_secs_f64()
            ))
        );
    }
}
