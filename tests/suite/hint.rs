//! `euc hint` end to end: the next move of a shortest completion of a
//! block's steps, repeated until the goals are reached, and its refusals.

use super::root;
use std::process::{Command, Output};

fn euc(args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_euc"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the euc binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

/// `text` with `lines` appended as steps of its (only) block.
fn append(text: &str, lines: &str) -> String {
    let close = text.rfind('}').expect("a block");
    let indented: String = lines.lines().map(|line| format!("  {line}\n")).collect();
    format!("{}{indented}{}", &text[..close], &text[close..])
}

/// Moves of the block (lines and circles drawn), by `euc check --format json`.
fn moves_checked(text: &str) -> (String, usize) {
    let output = euc(&["check", "--format", "json", "-"], Some(text));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let block = &json["files"][0]["blocks"][0];
    (
        block["status"].as_str().unwrap().to_string(),
        block["moves"].as_u64().unwrap() as usize,
    )
}

/// Hints until the goals are reached: each hint appended must leave a
/// completion as short as the first one promised.
fn hint_to_the_end(start: &str, block: &str) -> (String, usize) {
    let all = euc(
        &["hint", "-", "--block", block, "--all", "-j", "1"],
        Some(start),
    );
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stderr));
    let completion = text(&all.stdout);
    let finished = append(start, &completion);
    let (status, shortest) = moves_checked(&finished);
    assert_eq!(status, "solved", "{finished}");
    let mut current = start.to_string();
    for _ in 0..10 {
        let next = euc(&["hint", "-", "--block", block, "-j", "2"], Some(&current));
        assert_eq!(next.status.code(), Some(0), "{}", text(&next.stderr));
        if next.stdout.is_empty() {
            assert!(text(&next.stderr).contains("already reach the goals"));
            return (current, shortest);
        }
        // One move (a line or circle) per hint, with the steps naming or
        // dropping its points.
        let lines = text(&next.stdout);
        let draws = lines
            .lines()
            .filter(|line| {
                !line.contains('&')
                    && !["touch(", "other(", "nearer(", "any("]
                        .iter()
                        .any(|point| line.contains(point))
            })
            .count();
        assert_eq!(draws, 1, "{lines}");
        current = append(&current, &lines);
    }
    panic!("ten hints did not reach the goals:\n{current}");
}

#[test]
fn hints_on_a_half_done_level_reach_the_goal_in_the_shortest_count() {
    let start = super::read(&root().join("tests/fixtures/hint/half-done.euc"));
    let (done, shortest) = hint_to_the_end(&start, "double");
    let (status, moves) = moves_checked(&done);
    assert_eq!(status, "solved", "{done}");
    assert_eq!(moves, shortest, "{done}");
    // The game's E-star: the first circle is on a shortest construction.
    assert_eq!(moves, 3, "{done}");
}

#[test]
fn hints_from_an_empty_block_reach_the_goal_in_the_solver_count() {
    let start = super::read(&root().join("examples/hint-midpoint.euc"));
    let (done, moves) = hint_to_the_end(&start, "midpoint");
    let solved = euc(
        &[
            "solve",
            "examples/hint-midpoint.euc",
            "--format",
            "json",
            "-j",
            "1",
        ],
        None,
    );
    let json: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
    let shortest = json["blocks"][0]["moves"].as_u64().unwrap() as usize;
    assert_eq!(moves, shortest, "{done}");
    let checked = euc(&["check", "-"], Some(&done));
    assert!(
        text(&checked.stdout).contains("3 of 3 stars"),
        "{}",
        text(&checked.stdout)
    );
}

#[test]
fn no_completion_within_the_stars_exits_1_and_says_so() {
    let start = super::read(&root().join("tests/fixtures/hint/half-done.euc"))
        .replace("stars e 3 l 3", "stars e 2");
    let output = euc(&["hint", "-", "--block", "double"], Some(&start));
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        text(&output.stderr),
        "double: no completion within 2 moves from here (the block's E-star; the steps so far take 1 move)\n"
    );
    // `--max-moves` sets the limit instead.
    let output = euc(&["hint", "-", "--max-moves", "3"], Some(&start));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn a_hint_out_of_time_says_so() {
    let output = euc(
        &[
            "hint",
            "benches/no-short-solution.euc",
            "--timeout",
            "0",
            "--max-moves",
            "12",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stderr);
    assert!(
        said.contains("time limit of 0 s reached before a completion was found")
            && said.contains("12 moves not yet searched")
            && !said.contains("no completion"),
        "{said}"
    );
}

#[test]
fn a_hint_needs_a_block() {
    let output = euc(
        &["hint", "examples/hint-midpoint.euc", "--block", "nope"],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no solve block named `nope`"));
}

/// `check` reports stars as the game gives them, in text and JSON: all
/// three, one missed for a count, none for a block that fails.
#[test]
fn check_reports_stars() {
    let solved = super::read(&root().join("tests/fixtures/hint/half-done.euc")).replace(
        "  k = circle(B, A)\n",
        "  k = circle(B, A)\n  c2 = circle(A, B)\n  P1, P2 = k & c2\n  c3 = circle(P1, P2)\n  C, _ = k & c3\n",
    );
    let short_star = solved.replace("stars e 3 l 3", "stars l 2, e 3");
    let mut report = String::new();
    for (name, source) in [
        ("all three", solved.as_str()),
        ("L-star missed", short_star.as_str()),
        (
            "failing",
            super::read(&root().join("tests/fixtures/hint/half-done.euc")).as_str(),
        ),
    ] {
        let checked = euc(&["check", "-"], Some(source));
        let json = euc(&["check", "--format", "json", "-"], Some(source));
        let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        report.push_str(&format!(
            "{name}: exit {:?}\n{}{}\n\n",
            checked.status.code(),
            text(&checked.stdout),
            json["files"][0]["blocks"][0]["stars"]
        ));
    }
    insta::assert_snapshot!(report);
}

/// With `tools drop`, hints drop a point on the given circle and walk to
/// the goal in the solver's 3 moves (the hints once dead-ended after their
/// own first move: the search never dropped on a given object).
#[test]
fn hints_on_a_drop_level_drop_on_the_given_object() {
    let start = super::read(&root().join("examples/solve-drop-on-given.euc"));
    let (done, shortest) = hint_to_the_end(&start, "tangent");
    let (status, moves) = moves_checked(&done);
    assert_eq!(status, "solved", "{done}");
    assert_eq!((moves, shortest), (3, 3), "{done}");
    assert!(done.contains("= any(k, "), "{done}");
}

/// A folder with `examples/lib/triangles.euc` at `lib/triangles.euc` and
/// `text` at `name`, as `use "lib/triangles.euc"` expects.
fn with_library(name: &str, text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    std::fs::create_dir(folder.path().join("lib")).unwrap();
    std::fs::copy(
        root().join("examples/lib/triangles.euc"),
        folder.path().join("lib/triangles.euc"),
    )
    .unwrap();
    let file = folder.path().join(name);
    std::fs::write(&file, text).unwrap();
    (folder, file)
}

/// `euc hint` follows `use` lines as `euc check` does, and continues steps
/// that use tools of your own: one median of the centroid drawn, the hint
/// and the whole completion; the completion appended passes `check`.
#[test]
fn hints_follow_use_lines_and_continue_uses_of_tools() {
    let start = super::read(&root().join("examples/tools-imported.euc"))
        .replace("  mb = median(B, C, A)\n  G = ma & mb\n", "");
    let (_folder, file) = with_library("centroid.euc", &start);
    let path = file.to_str().unwrap();
    let next = euc(
        &[
            "hint",
            path,
            "--block",
            "centroid",
            "--max-moves",
            "12",
            "-j",
            "1",
        ],
        None,
    );
    assert_eq!(next.status.code(), Some(0), "{}", text(&next.stderr));
    assert!(!next.stdout.is_empty());
    let all = euc(
        &[
            "hint",
            path,
            "--block",
            "centroid",
            "--all",
            "--max-moves",
            "12",
            "-j",
            "1",
        ],
        None,
    );
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stderr));
    let lines: String = text(&all.stdout)
        .lines()
        .map(|line| format!("  {line}\n"))
        .collect();
    let done = start.replace(
        "  ma = median(A, B, C)\n",
        &format!("  ma = median(A, B, C)\n{lines}"),
    );
    std::fs::write(&file, &done).unwrap();
    let checked = euc(&["check", path], None);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{done}{}",
        text(&checked.stderr)
    );
    assert!(
        text(&checked.stdout).contains("centroid ("),
        "{}",
        text(&checked.stdout)
    );
}

/// The orthocentre with one `altitude` drawn (examples/tools-own.euc): the
/// completion counts the use's 4 E, and appended it passes `check`.
#[test]
fn a_hint_after_a_tool_of_your_own_counts_its_moves() {
    let start = super::read(&root().join("examples/tools-own.euc"))
        .replace("  hb = altitude(B, C, A)\n  H = ha & hb\n", "");
    let output = euc(
        &[
            "hint",
            "-",
            "--block",
            "orthocentre",
            "--all",
            "--max-moves",
            "9",
            "-j",
            "1",
        ],
        Some(&start),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lines: String = text(&output.stdout)
        .lines()
        .map(|line| format!("  {line}\n"))
        .collect();
    let done = start.replace(
        "  ha = altitude(A, B, C)\n",
        &format!("  ha = altitude(A, B, C)\n{lines}"),
    );
    let checked = euc(&["check", "-"], Some(&done));
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{done}{}",
        text(&checked.stderr)
    );
    assert!(
        text(&checked.stdout).contains("orthocentre (4 L, 7 E"),
        "{}",
        text(&checked.stdout)
    );
    // Within 8 E there is none: the use's 4 E are spent.
    let short = euc(
        &[
            "hint",
            "-",
            "--block",
            "orthocentre",
            "--max-moves",
            "6",
            "-j",
            "1",
        ],
        Some(&start),
    );
    assert_eq!(short.status.code(), Some(1));
    assert!(
        text(&short.stderr).contains("the steps so far take 4 E"),
        "{}",
        text(&short.stderr)
    );
}

/// `euc planar untangle` reads a file's `use` lines too (it resolved the
/// file without them: every `use` line was an error).
#[test]
fn planar_untangle_follows_use_lines() {
    let level = super::read(&root().join("examples/planar-solved.euc"));
    let (_folder, file) = with_library("level.euc", &format!("use \"lib/triangles.euc\"\n{level}"));
    let output = euc(&["planar", "untangle", file.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

/// With `count l` and tools of your own on the `tools` line, the hint's
/// moves use them (the search in tool uses, docs/solver.md), and the
/// completion checks.
#[test]
fn hints_in_tool_uses_suggest_the_tools() {
    let text = "use std\npoint A = (0, 0)\npoint B = (4, 0.3)\npoint C = (1.3, 3.1)\n\
                solve centroid {\n  tools mid\n  count l\n  goal G = (A + B + C) / 3\n  M = mid(A, B)\n}\n";
    let output = euc(&["hint", "--all", "-"], Some(text));
    let lines = text_of(&output);
    assert_eq!(output.status.code(), Some(0), "{lines}");
    assert!(lines.contains(" = mid("), "{lines}");
    let (status, _) = moves_checked(&append(text, &lines));
    assert_eq!(status, "solved", "{lines}");
}

fn text_of(output: &Output) -> String {
    text(&output.stdout)
}
