//! Parsing and checking generated files of 1,000 and 10,000 lines (release).
//! Lexing alone is measured in the same run as the baseline the other
//! figures are read against (medians of 21 and 5 runs).
//!
//! cargo bench --bench check

// Tests and benchmarks may unwrap (a failure is the report) and run long
// scripted scenarios; the library and the binary may do neither.
#![allow(clippy::unwrap_used, clippy::too_many_lines)]

use std::time::{Duration, Instant};

/// A file of `lines` lines: chains of declarations and, every 50 lines, a
/// solved block (the compass-only midpoint) that `check` replays.
fn generated_file(lines: usize) -> String {
    let mut text = String::new();
    let mut count = 0;
    let mut block = 0;
    while count < lines {
        let i = block;
        text.push_str(&format!(
            "let r{i} = 1 + {i} / 1000\npoint A{i} = ({i}, -r{i})\npoint B{i} = A{i} + (2 * r{i}, 0)\nline l{i} = line(A{i}, B{i})\n\
             solve s{i} {{\n  goal M = midpoint(A{i}, B{i})\n  mask circle**\n  c1 = circle(A{i}, B{i})\n  c2 = circle(B{i}, A{i})\n\
             P, Q = c1 & c2\n  c3 = circle(P, Q)\n  _, R = c2 & c3\n  c4 = circle(R, A{i})\n  S, _ = c1 & c4\n  c5 = circle(S, A{i})\n\
             _, T = c2 & c5\n  c6 = circle(T, R)\n}}\n"
        ));
        for j in 0..31 {
            text.push_str(&format!(
                "let v{i}_{j} = r{i} * {j} + sqrt({j}) // filler\n"
            ));
        }
        count += 18 + 31;
        block += 1;
    }
    text
}

/// The median of `runs` timings of `work`.
fn median_time<T>(runs: usize, mut work: impl FnMut() -> T) -> Duration {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[runs / 2]
}

fn main() {
    println!("| lines | KB | lex ms | parse / lex | analyze / lex | analyze MB/s |");
    println!("|---|---|---|---|---|---|");
    for lines in [1_000, 10_000] {
        let text = generated_file(lines);
        let runs = if lines > 5_000 { 5 } else { 21 };
        let lex = median_time(runs, || euc::lex::lex(&text));
        let parse = median_time(runs, || euc::parse::parse(&text));
        let analyze = median_time(runs, || {
            let analysis = euc::analysis::analyze(&text);
            assert!(!analysis.has_errors());
            analysis
        });
        println!(
            "| {lines} | {} | {:.3} | {:.1} | {:.1} | {:.1} |",
            text.len() / 1024,
            lex.as_secs_f64() * 1e3,
            parse.as_secs_f64() / lex.as_secs_f64(),
            analyze.as_secs_f64() / lex.as_secs_f64(),
            text.len() as f64 / analyze.as_secs_f64() / 1e6
        );
    }
}
