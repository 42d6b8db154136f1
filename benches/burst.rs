//! A keystroke's burst of requests, as VS Code sends it, against the real
//! `euc lsp` over stdio (release): a one-character edit, then at once the
//! requests an editor makes for it — semantic tokens (the visible range and
//! the whole file's delta), the outline, code lenses, folding ranges, the
//! highlight of the name under the cursor, code actions there, completion
//! there and inlay hints on the screen. Each request is timed from the edit
//! to its answer. Two pairs of files, each edited in turn 100 ms apart:
//! 50 lines against 5,000 lines of solve blocks and declarations, and a
//! 50-node planar level against a 5,000-node one (its nodes scrambled:
//! millions of crossing pairs). Reported as medians and the ratio of the
//! large file to the small one (docs/design.md, "Cost at any size").
//!
//! cargo bench --bench burst [blocks|planar]

#![allow(clippy::unwrap_used, clippy::too_many_lines)]

#[path = "../tests/suite/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

#[path = "common/generated.rs"]
mod generated;

use generated::generated_file;
use lsp_client::Session;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// A planar level of `nodes` nodes as `euc planar new` writes it.
fn planar_file(binary: &Path, nodes: usize) -> String {
    let output = std::process::Command::new(binary)
        .args(["planar", "new", "--level", &(nodes - 4).to_string()])
        .output()
        .unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// Where the edit goes: a line and the column of the character replaced,
/// with the two characters it alternates between.
struct Edit {
    line: u32,
    character: u32,
    characters: [&'static str; 2],
}

/// The first digit after `= (` on the first `node` line (its x), or the
/// space of the indent of line 5 (a step of the first block).
fn edit_place(text: &str) -> Edit {
    for (line, content) in text.lines().enumerate() {
        if content.trim_start().starts_with("node ") {
            let open = content.find('(').unwrap();
            let digit = content[open..].find(|c: char| c.is_ascii_digit()).unwrap() + open;
            return Edit {
                line: line as u32,
                character: digit as u32,
                characters: ["7", "3"],
            };
        }
    }
    Edit {
        line: 5,
        character: 1,
        characters: ["\t", " "],
    }
}

const REQUESTS: &[&str] = &[
    "textDocument/semanticTokens/range",
    "textDocument/semanticTokens/full/delta",
    "textDocument/documentSymbol",
    "textDocument/codeLens",
    "textDocument/foldingRange",
    "textDocument/documentHighlight",
    "textDocument/codeAction",
    "textDocument/completion",
    "textDocument/inlayHint",
];

/// The params of each request of the burst, at the edit.
fn params(method: &str, uri: &str, edit: &Edit, previous: &str) -> Value {
    let document = json!({ "uri": uri });
    let at = json!({ "line": edit.line, "character": edit.character });
    let first = edit.line.saturating_sub(30);
    let screen = json!({ "start": { "line": first, "character": 0 }, "end": { "line": first + 60, "character": 0 } });
    match method {
        "textDocument/semanticTokens/range" | "textDocument/inlayHint" => {
            json!({ "textDocument": document, "range": screen })
        }
        "textDocument/semanticTokens/full/delta" => {
            json!({ "textDocument": document, "previousResultId": previous })
        }
        "textDocument/documentHighlight" | "textDocument/completion" => {
            json!({ "textDocument": document, "position": at })
        }
        "textDocument/codeAction" => json!({
            "textDocument": document,
            "range": { "start": at, "end": at },
            "context": { "diagnostics": [] }
        }),
        _ => json!({ "textDocument": document }),
    }
}

/// The one-character edit of `version`: the place's character replaced by
/// one of its two, in turn.
fn change(session: &mut Session, uri: &str, version: i32, edit: &Edit) {
    let character = edit.characters[(version % 2) as usize];
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [
            { "range": { "start": { "line": edit.line, "character": edit.character },
                         "end": { "line": edit.line, "character": edit.character + 1 } },
              "text": character }
        ] }),
    );
}

/// One edit, its diagnostics waited for, then each request of the burst
/// alone: what each costs by itself, without the others before it.
fn alone(
    session: &mut Session,
    uri: &str,
    version: i32,
    edit: &Edit,
    previous: &str,
    samples: &mut Samples,
) -> String {
    change(session, uri, version, edit);
    session.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
    let mut result_id = previous.to_string();
    for method in REQUESTS {
        let started = Instant::now();
        let id = session.request(method, params(method, uri, edit, &result_id));
        let answer = session.response(id);
        samples.entry(method).or_default().push(started.elapsed());
        if let Some(id) = answer["result"]["resultId"].as_str() {
            result_id = id.to_string();
        }
    }
    result_id
}

/// Medians per request over the rounds, and the whole burst's.
type Samples = HashMap<&'static str, Vec<Duration>>;

/// One edit and its burst: each request's time from the edit to its
/// answer; the new result id of the semantic tokens.
fn burst(
    session: &mut Session,
    uri: &str,
    version: i32,
    edit: &Edit,
    previous: &str,
    samples: &mut Samples,
) -> String {
    let started = Instant::now();
    change(session, uri, version, edit);
    let mut pending: HashMap<i64, &'static str> = REQUESTS
        .iter()
        .map(|method| {
            (
                session.request(method, params(method, uri, edit, previous)),
                *method,
            )
        })
        .collect();
    let mut result_id = previous.to_string();
    while !pending.is_empty() {
        let answer = session.wait(|message| {
            message.get("method").is_none()
                && message["id"]
                    .as_i64()
                    .is_some_and(|id| pending.contains_key(&id))
        });
        let elapsed = started.elapsed();
        let method = pending.remove(&answer["id"].as_i64().unwrap()).unwrap();
        assert!(answer.get("error").is_none(), "{method}: {answer}");
        if let Some(id) = answer["result"]["resultId"].as_str() {
            result_id = id.to_string();
        }
        samples.entry(method).or_default().push(elapsed);
        samples.entry("the whole burst").or_default().push(elapsed);
    }
    // The whole burst: the last answer (pushed last for this round).
    let all = samples.get_mut("the whole burst").unwrap();
    let last = all.split_off(all.len() - REQUESTS.len());
    all.push(last.into_iter().max().unwrap());
    result_id
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Opens both files, then edits them in turn `rounds` times, each edit's
/// burst answered before the next, `PACE` apart; then as many edits with
/// each request alone.
fn measure(
    session: &mut Session,
    name: &str,
    texts: [&str; 2],
    rounds: i32,
) -> ([Samples; 2], [Samples; 2]) {
    let uris = ["small", "large"].map(|size| format!("file:///bench/{name}-{size}.euc"));
    let edits = texts.map(edit_place);
    let mut previous = [String::new(), String::new()];
    for side in 0..2 {
        session.open(&uris[side], texts[side]);
        let id = session.request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": uris[side] } }),
        );
        let answer = session.response(id);
        previous[side] = answer["result"]["resultId"]
            .as_str()
            .unwrap_or("")
            .to_string();
    }
    // Each edit's burst together, then as many edits with each request alone.
    let mut runs: [[Samples; 2]; 2] = Default::default();
    for (run, samples) in runs.iter_mut().enumerate() {
        let timed = if run == 0 { burst } else { alone };
        let first = 2 + run as i32 * rounds;
        for version in first..first + rounds {
            let order = if version % 2 == 0 { [0, 1] } else { [1, 0] };
            for side in order {
                std::thread::sleep(PACE);
                previous[side] = timed(
                    session,
                    &uris[side],
                    version,
                    &edits[side],
                    &previous[side].clone(),
                    &mut samples[side],
                );
            }
        }
    }
    let [samples, single] = runs;
    (samples, single)
}

/// Between edits: as a person types, and time for the server to finish
/// what it does after answering.
const PACE: Duration = Duration::from_millis(100);

fn millis(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1e3)
}

fn table(title: &str, sizes: [&str; 2], samples: [Samples; 2]) {
    println!("\n# {title}\n");
    println!("| request | {} ms | {} ms | ratio |", sizes[0], sizes[1]);
    println!("|---|---|---|---|");
    let mut methods: Vec<&'static str> = REQUESTS.to_vec();
    if samples[0].contains_key("the whole burst") {
        methods.push("the whole burst");
    }
    for method in methods {
        let small = median(samples[0][method].clone());
        let large = median(samples[1][method].clone());
        println!(
            "| {} | {} | {} | {:.1}x |",
            method.trim_start_matches("textDocument/"),
            millis(small),
            millis(large),
            large.as_secs_f64() / small.as_secs_f64()
        );
    }
}

fn main() {
    let binary = Path::new(env!("CARGO_BIN_EXE_euc"));
    let rounds = std::env::var("EUC_BURST_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(15);
    // What VS Code declares for what the burst asks.
    let capabilities = json!({
        "window": { "workDoneProgress": true },
        "textDocument": {
            "codeAction": {
                "dataSupport": true,
                "resolveSupport": { "properties": ["edit"] },
                "codeActionLiteralSupport": { "codeActionKind": { "valueSet": [
                    "", "quickfix", "refactor", "refactor.rewrite", "source"
                ] } }
            },
            "completion": { "completionItem": { "snippetSupport": true } }
        }
    });
    // `cargo bench --bench burst [blocks|planar]`: one pair of files only.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    let wanted = |pair: &str| only.is_empty() || only.iter().any(|arg| arg == pair);
    let mut session = Session::start_with(binary, json!({}), capabilities);
    let mut pairs = Vec::new();
    if wanted("blocks") {
        let (small, large) = (generated_file(50), generated_file(5_000));
        pairs.push((
            "solve blocks and declarations",
            ["50 lines", "5,000 lines"],
            measure(&mut session, "blocks", [&small, &large], rounds),
        ));
    }
    if wanted("planar") {
        let (small, large) = (planar_file(binary, 50), planar_file(binary, 5_000));
        pairs.push((
            "a planar level, one node's coordinate edited",
            ["50 nodes", "5,000 nodes"],
            measure(&mut session, "planar", [&small, &large], rounds),
        ));
    }
    session.stop();
    println!("# a keystroke's burst of requests, edit to answer (median of {rounds})");
    for (title, sizes, (together, single)) in pairs {
        table(&format!("{title}: the burst"), sizes, together);
        table(
            &format!("{title}: each request alone, after the diagnostics"),
            sizes,
            single,
        );
    }
}
