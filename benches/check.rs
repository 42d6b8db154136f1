//! Parsing and checking generated files of 1,000 and 10,000 lines (release).
//! Lexing alone is measured in the same run as the baseline the other
//! figures are read against.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

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

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for lines in [1_000, 10_000] {
        let text = generated_file(lines);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("lex", lines), &text, |b, text| {
            b.iter(|| euc::lex::lex(text))
        });
        group.bench_with_input(BenchmarkId::new("parse", lines), &text, |b, text| {
            b.iter(|| euc::parse::parse(text))
        });
        group.bench_with_input(BenchmarkId::new("analyze", lines), &text, |b, text| {
            b.iter(|| {
                let analysis = euc::analysis::analyze(text);
                assert!(!analysis.has_errors());
                analysis
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
