//! Language-server latency (release), against the real `euc lsp` over stdio:
//! time to first diagnostics on open, diagnostics after a one-character edit
//! inside one block (a character replaced, or typed and deleted) and of a
//! parameter every block uses, and hover, on a 5,000-line file; the
//! server's CPU time per edit; then the analysis itself in this process,
//! from scratch and after an edit inside one block. A 50-line file is the
//! baseline, edited in turn with the large one, 20 ms apart as typing is;
//! diagnostics include the server's debounce (none when the last analysis
//! of the same kind took under 10 ms, else twice its cost, at most 120 ms).
//!
//! cargo bench --bench lsp

// Tests and benchmarks may unwrap (a failure is the report) and run long
// scripted scenarios; the library and the binary may do neither.
#![allow(clippy::unwrap_used, clippy::too_many_lines)]

#[path = "../tests/suite/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

#[path = "common/generated.rs"]
mod generated;

use euc::analysis::analyze;
use euc::incremental::{reanalyze_shared, Change, Redone};
use euc::span::Span;
use generated::generated_file;
use lsp_client::Session;
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn millis(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1e3)
}

struct Figures {
    open: Duration,
    /// An edit of a top-level parameter every block depends on.
    edit: Duration,
    /// An edit inside one block that keeps the text's length.
    block_edit: Duration,
    /// A character typed or deleted inside one block (later spans move).
    typed: Duration,
    hover: Duration,
}

/// Changes one character of a line (a `let` value or a step's indent) to
/// `text` and waits for the diagnostics of that version.
fn edit_and_wait(
    session: &mut Session,
    uri: &str,
    version: i32,
    line: u32,
    character: u32,
    text: &str,
) -> Duration {
    let started = Instant::now();
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [
            { "range": { "start": { "line": line, "character": character }, "end": { "line": line, "character": character + 1 } }, "text": text }
        ] }),
    );
    session.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
    started.elapsed()
}

/// Types a space after the indent of line 5 (`typing`) or deletes it, and
/// waits for the diagnostics of that version.
fn type_and_wait(session: &mut Session, uri: &str, version: i32, typing: bool) -> Duration {
    let (end, text) = if typing { (2, " ") } else { (3, "") };
    let started = Instant::now();
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [
            { "range": { "start": { "line": 5, "character": 2 }, "end": { "line": 5, "character": end } }, "text": text }
        ] }),
    );
    session.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
    started.elapsed()
}

/// CPU time the server's threads have used so far (Linux: the sum of
/// `/proc/PID/task/*/schedstat`, in nanoseconds); `None` elsewhere.
fn server_cpu(session: &Session) -> Option<Duration> {
    let tasks = std::fs::read_dir(format!("/proc/{}/task", session.pid())).ok()?;
    let mut total = 0u64;
    for task in tasks.flatten() {
        let stat = std::fs::read_to_string(task.path().join("schedstat")).ok()?;
        total += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(total))
}

/// The server's CPU time per edit inside one block, over `edits` edits,
/// each waited for: unlike the wall time it leaves out the scheduler's
/// wake-ups, which on a shared machine are larger than the work.
fn cpu_per_block_edit(
    session: &mut Session,
    name: &str,
    text: &str,
    edits: i32,
    typing: bool,
) -> Option<Duration> {
    let uri = format!("file:///bench/{name}-{typing}-cpu.euc");
    session.open(&uri, text);
    // The first edit is timed with the whole analysis; then the series.
    edit_and_wait(session, &uri, 2, 5, 1, "\t");
    let before = server_cpu(session)?;
    for version in 3..3 + edits {
        if typing {
            type_and_wait(session, &uri, version, version % 2 == 1);
        } else {
            let space = if version % 2 == 0 { "\t" } else { " " };
            edit_and_wait(session, &uri, version, 5, 1, space);
        }
    }
    Some((server_cpu(session)? - before) / edits as u32)
}

/// How far apart edits are sent: faster than anyone types (50 characters
/// a second), and time for the server to finish what it does after
/// publishing (freeing, moving spans) as it has between keystrokes.
const PACE: Duration = Duration::from_millis(20);

/// Times for both files, `PACE` apart, in turn: each edit or hover is made
/// to the 50-line file and to the 5,000-line one one after the other (the
/// order alternating), so both see the same machine at the same moment.
fn paced(
    session: &mut Session,
    uris: &[String; 2],
    step: i32,
    samples: &mut [Vec<Duration>; 2],
    mut timed: impl FnMut(&mut Session, &str) -> Duration,
) {
    let order = if step % 2 == 0 { [0, 1] } else { [1, 0] };
    for side in order {
        std::thread::sleep(PACE);
        samples[side].push(timed(session, &uris[side]));
    }
}

fn measure(session: &mut Session, texts: [&str; 2], runs: usize) -> [Figures; 2] {
    // Samples of the 50-line file, then of the 5,000-line one.
    let mut opens: [Vec<Duration>; 2] = Default::default();
    let mut edits = opens.clone();
    let mut block_edits = opens.clone();
    let mut typed = opens.clone();
    let mut hovers = opens.clone();
    for run in 0..runs {
        let uris = ["small", "large"].map(|name| format!("file:///bench/{name}-{run}.euc"));
        for side in 0..2 {
            let started = Instant::now();
            session.open(&uris[side], texts[side]);
            opens[side].push(started.elapsed());
        }
        let mut version = 1;
        for _ in 0..5 {
            version += 1;
            // `let r0 = 1 + …`: the 1 becomes 2 and back, the file stays valid.
            let digit = if version % 2 == 0 { "2" } else { "1" };
            paced(session, &uris, version, &mut edits, |session, uri| {
                edit_and_wait(session, uri, version, 0, 9, digit)
            });
            paced(session, &uris, version, &mut hovers, |session, uri| {
                let started = Instant::now();
                let id = session.request(
                    "textDocument/hover",
                    json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 7 } }),
                );
                session.response(id);
                started.elapsed()
            });
        }
        for _ in 0..6 {
            version += 1;
            // `  c1 = circle(A0, B0)` in the first block: its indent's
            // second space becomes a tab and back.
            let space = if version % 2 == 0 { "\t" } else { " " };
            paced(session, &uris, version, &mut block_edits, |session, uri| {
                edit_and_wait(session, uri, version, 5, 1, space)
            });
        }
        for typing in [true, false, true, false, true, false] {
            version += 1;
            // A space typed after the indent of `  c1 = …`, then deleted.
            paced(session, &uris, version, &mut typed, |session, uri| {
                type_and_wait(session, uri, version, typing)
            });
        }
    }
    [0, 1].map(|side| Figures {
        open: median(std::mem::take(&mut opens[side])),
        edit: median(std::mem::take(&mut edits[side])),
        block_edit: median(std::mem::take(&mut block_edits[side])),
        typed: median(std::mem::take(&mut typed[side])),
        hover: median(std::mem::take(&mut hovers[side])),
    })
}

/// The analysis itself, in this process: from scratch, again after a
/// character replaced inside one block, and again after one typed (or
/// deleted) there, which moves the spans of everything after it — handing
/// the previous analysis over as the language server does
/// (`euc::incremental::reanalyze_shared`); median of `runs`.
fn analysis_times(text: &str, runs: usize) -> (Duration, Duration, Duration, Duration) {
    let at = text
        .find("  c1 = circle(A0")
        .expect("the generated file has block s0")
        + 1;
    let replace = |run: usize| {
        let mut edited = text.to_string();
        edited.replace_range(at..at + 1, if run % 2 == 0 { "\t" } else { " " });
        edited
    };
    let mut full = Vec::new();
    for run in 0..runs {
        let edited = replace(run);
        let started = Instant::now();
        let analysis = analyze(&edited);
        full.push(started.elapsed());
        drop(analysis);
    }
    // Edits one after the other, as typing makes them (no analysis from
    // scratch in between to empty the caches).
    let mut again = Vec::new();
    let mut previous = Arc::new(analyze(text));
    for run in 0..runs {
        // The server holds its text shared, as the analysis does, and
        // knows the edit.
        let edited = Arc::new(replace(run));
        let replaced = Some(Change {
            old: Span::new(at, at + 1),
            new: Span::new(at, at + 1),
        });
        let started = Instant::now();
        let (analysis, redone) = reanalyze_shared(previous, edited, replaced);
        again.push(started.elapsed());
        assert_eq!(redone, Redone::OneBlock);
        previous = Arc::new(analysis);
    }
    let mut typed = Vec::new();
    let mut moved = Vec::new();
    let mut current = text.to_string();
    for run in 0..runs {
        if run % 2 == 0 {
            current.insert(at, ' ');
        } else {
            current.remove(at);
        }
        let shared = Arc::new(current.clone());
        let (removed, inserted) = if run % 2 == 0 { (0, 1) } else { (1, 0) };
        let edit = Some(Change {
            old: Span::new(at, at + removed),
            new: Span::new(at, at + inserted),
        });
        let started = Instant::now();
        let (analysis, redone) = reanalyze_shared(previous, shared, edit);
        typed.push(started.elapsed());
        assert_eq!(redone, Redone::OneBlock);
        // The spans after the edit move when the tree and the scene are
        // first read (the server does it after publishing the diagnostics).
        let started = Instant::now();
        analysis.file();
        analysis.scene();
        moved.push(started.elapsed());
        previous = Arc::new(analysis);
    }
    (median(full), median(again), median(typed), median(moved))
}

/// The analysis after an edit of the parameter `r0` (which block `s0`
/// and two givens of every block's starting set use): a digit replaced,
/// and a space typed then deleted; median of `runs`.
fn declaration_times(text: &str, runs: usize) -> (Duration, Duration, Vec<Redone>) {
    let at = text.find("let r0 = 1").expect("the generated file has r0") + 9;
    let mut previous = Arc::new(analyze(text));
    let mut current = text.to_string();
    let mut replaced = Vec::new();
    let mut typed = Vec::new();
    let mut kinds = Vec::new();
    for run in 0..2 * runs {
        let (old, new) = match run % 4 {
            0 | 2 => (Span::new(at, at + 1), Span::new(at, at + 1)),
            1 => (Span::new(at + 1, at + 1), Span::new(at + 1, at + 2)),
            _ => (Span::new(at + 1, at + 2), Span::new(at + 1, at + 1)),
        };
        match run % 4 {
            0 => current.replace_range(at..at + 1, "2"),
            2 => current.replace_range(at..at + 1, "1"),
            1 => current.insert(at + 1, ' '),
            _ => drop(current.remove(at + 1)),
        }
        let shared = Arc::new(current.clone());
        let started = Instant::now();
        let (analysis, redone) = reanalyze_shared(previous, shared, Some(Change { old, new }));
        let elapsed = started.elapsed();
        kinds.push(redone);
        if run % 2 == 0 {
            replaced.push(elapsed);
        } else {
            // Typed: the spans after it moved already.
            typed.push(elapsed);
        }
        previous = Arc::new(analysis);
    }
    (median(replaced), median(typed), kinds)
}

fn main() {
    let binary = Path::new(env!("CARGO_BIN_EXE_euc"));
    let mut session = Session::start(binary, json!({}));
    let small_text = generated_file(50);
    let large_text = generated_file(5_000);
    let [small, large] = measure(&mut session, [&small_text, &large_text], 8);
    let small_cpu = cpu_per_block_edit(&mut session, "small", &small_text, 1_000, false);
    let large_cpu = cpu_per_block_edit(&mut session, "large", &large_text, 1_000, false);
    let small_typed_cpu = cpu_per_block_edit(&mut session, "small", &small_text, 1_000, true);
    let large_typed_cpu = cpu_per_block_edit(&mut session, "large", &large_text, 1_000, true);
    let tokens = long_line_tokens(&mut session);
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
            "diagnostics after an edit inside one block (incl. the adaptive debounce)",
            small.block_edit,
            large.block_edit,
        ),
        (
            "diagnostics after a character typed or deleted inside one block",
            small.typed,
            large.typed,
        ),
        (
            "diagnostics after an edit of a parameter every block uses",
            small.edit,
            large.edit,
        ),
        ("hover after the edit", small.hover, large.hover),
    ] {
        row(label, small, large);
    }
    if let (Some(small), Some(large)) = (small_cpu, large_cpu) {
        row(
            "server CPU per edit inside one block (mean of 1,000)",
            small,
            large,
        );
    }
    if let (Some(small), Some(large)) = (small_typed_cpu, large_typed_cpu) {
        row(
            "server CPU per character typed or deleted there (mean of 1,000)",
            small,
            large,
        );
    }
    let (small_full, small_again, small_typed, small_moved) = analysis_times(&small_text, 21);
    let (large_full, large_again, large_typed, large_moved) = analysis_times(&large_text, 21);
    // At 50 lines `r0` sets the figure's size, so every edit of it is
    // analysed again whole (docs/design.md, "Analysis after an edit").
    let (small_parameter, small_parameter_typed, _) = declaration_times(&small_text, 21);
    let (large_parameter, large_parameter_typed, kinds) = declaration_times(&large_text, 21);
    assert!(kinds.iter().all(|&kind| kind == Redone::OneDeclaration));
    println!("\n# the analysis in this process (median of 21)\n");
    println!("| analysis | 50 lines ms | 5,000 lines ms | ratio |");
    println!("|---|---|---|---|");
    row("from scratch", small_full, large_full);
    row(
        "after a character replaced inside one block",
        small_again,
        large_again,
    );
    row(
        "after a character typed inside one block (diagnostics ready)",
        small_typed,
        large_typed,
    );
    row(
        "then moving the spans after it (after publishing)",
        small_moved,
        large_moved,
    );
    row(
        "after a digit of a parameter every block's givens use replaced",
        small_parameter,
        large_parameter,
    );
    row(
        "after a character typed in that declaration (spans moved)",
        small_parameter_typed,
        large_parameter_typed,
    );
    println!(
        "\nat 5,000 lines, an edit inside one block costs {:.1}x less than analysing from scratch",
        large_full.as_secs_f64() / large_again.as_secs_f64()
    );
    println!("\n# semantic tokens of a file that is one long line (median of 5)\n");
    println!("| line | ms | ratio to 10 KB | ratio of sizes |");
    println!("|---|---|---|---|");
    for (bytes, time) in &tokens {
        println!(
            "| {} KB | {} | {:.1} | {:.0} |",
            bytes / 1000,
            millis(*time),
            time.as_secs_f64() / tokens[0].1.as_secs_f64(),
            *bytes as f64 / tokens[0].0 as f64
        );
    }
}

/// `textDocument/semanticTokens/full` on files of one long line of 10, 100
/// and 400 KB: linear, the ratios follow the sizes (the tokens' columns were
/// once counted from the line's start, each: 7 s at 400 KB).
fn long_line_tokens(session: &mut Session) -> Vec<(usize, Duration)> {
    [10_000, 100_000, 400_000]
        .into_iter()
        .enumerate()
        .map(|(file, bytes)| {
            let terms = vec!["dist(A, B)"; bytes / 13].join(" + ");
            let text = format!("point A = (0, 0)\npoint B = (1, 0)\nlet x = {terms}\n");
            let uri = format!("file:///bench/long{file}.euc");
            session.open(&uri, &text);
            let samples = (0..5)
                .map(|_| {
                    let started = Instant::now();
                    let id = session.request(
                        "textDocument/semanticTokens/full",
                        json!({ "textDocument": { "uri": uri } }),
                    );
                    session.response(id);
                    started.elapsed()
                })
                .collect();
            (text.len(), median(samples))
        })
        .collect()
}

fn row(label: &str, small: Duration, large: Duration) {
    println!(
        "| {label} | {} | {} | {:.2} |",
        millis(small),
        millis(large),
        large.as_secs_f64() / small.as_secs_f64()
    );
}
