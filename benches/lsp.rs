//! Language-server latency (release), against the real `euc lsp` over stdio:
//! time to first diagnostics on open, diagnostics after a one-character edit,
//! and hover, on a 5,000-line file. A 50-line file measured in the same run
//! is the baseline; diagnostics include the server's debounce (none when
//! the last analysis took under 5 ms, else twice its cost, at most 120 ms).
//!
//! cargo bench --bench lsp

#[path = "../tests/suite/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

use lsp_client::Session;
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// `lines` lines of declarations with a solved block every 50 lines.
fn generated_file(lines: usize) -> String {
    let mut text = String::new();
    let mut block = 0;
    while text.lines().count() + 50 <= lines {
        let i = block;
        text.push_str(&format!(
            "let r{i} = 1 + {i} / 1000\npoint A{i} = ({i}, -r{i})\npoint B{i} = A{i} + (2 * r{i}, 0)\n\
             solve s{i} {{\n  goal C = rotate(B{i}, A{i}, 60deg)\n  c1 = circle(A{i}, B{i})\n  c2 = circle(B{i}, A{i})\n  C, _ = c1 & c2\n}}\n"
        ));
        for j in 0..41 {
            text.push_str(&format!("let v{i}_{j} = r{i} * {j} + sqrt({j})\n"));
        }
        block += 1;
    }
    text
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn millis(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1e3)
}

struct Figures {
    open: Duration,
    edit: Duration,
    hover: Duration,
}

fn measure(session: &mut Session, name: &str, text: &str, runs: usize) -> Figures {
    let mut opens = Vec::new();
    let mut edits = Vec::new();
    let mut hovers = Vec::new();
    for run in 0..runs {
        let uri = format!("file:///bench/{name}-{run}.euc");
        let started = Instant::now();
        session.open(&uri, text);
        opens.push(started.elapsed());
        let mut version = 1;
        for _ in 0..5 {
            version += 1;
            let started = Instant::now();
            session.notify(
                "textDocument/didChange",
                json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [
                    // `let r0 = 1 + …`: the 1 becomes 2 and back, the file stays valid.
                    { "range": { "start": { "line": 0, "character": 9 }, "end": { "line": 0, "character": 10 } }, "text": if version % 2 == 0 { "2" } else { "1" } }
                ] }),
            );
            let wanted = version;
            session.wait(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri
                    && m["params"]["version"] == wanted
            });
            edits.push(started.elapsed());
            let started = Instant::now();
            let id = session.request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 7 } }),
            );
            session.response(id);
            hovers.push(started.elapsed());
        }
    }
    Figures {
        open: median(opens),
        edit: median(edits),
        hover: median(hovers),
    }
}

fn main() {
    let binary = Path::new(env!("CARGO_BIN_EXE_euc"));
    let mut session = Session::start(binary, json!({}));
    let small = measure(&mut session, "small", &generated_file(50), 5);
    let large_text = generated_file(5_000);
    let large = measure(&mut session, "large", &large_text, 5);
    session.stop();
    println!(
        "# euc language server latency ({} lines vs 50 lines)\n",
        large_text.lines().count()
    );
    println!("| measure | 50 lines ms | 5,000 lines ms | ratio |");
    println!("|---|---|---|---|");
    for (label, small, large) in [
        ("first diagnostics after open", small.open, large.open),
        (
            "diagnostics after a one-character edit (incl. the adaptive debounce)",
            small.edit,
            large.edit,
        ),
        ("hover after the edit", small.hover, large.hover),
    ] {
        println!(
            "| {label} | {} | {} | {:.1} |",
            millis(small),
            millis(large),
            large.as_secs_f64() / small.as_secs_f64()
        );
    }
}
