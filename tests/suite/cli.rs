//! The real `euc` binary: exit codes, human output and the JSON shape.

use super::root;
use std::process::{Command, Output};

fn euc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_euc"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the euc binary runs")
}

fn fixture(name: &str) -> String {
    format!("tests/fixtures/mistakes/{name}")
}

#[test]
fn check_passes_on_every_example() {
    let files: Vec<String> = super::example_files()
        .iter()
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let output = euc(&args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("ok      examples/napoleon.euc: napoleon (6 moves"),
        "{stdout}"
    );
    // An either-or goal: check says which alternative the steps reach.
    assert!(
        stdout.contains(
            "examples/euclidea/angle-60.euc: sixty (3 moves, 5 instances; reaches `m` by its 1st alternative (of 2); 2 of 2 stars)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_failing_construction_exits_1() {
    let output = euc(&["check", &fixture("non-general.euc")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("works only for these coordinates"));
}

/// Steps that break the block's own rules fail the check (exit 1, FAILED)
/// whether they leave the mask (E0506) or use an L-tool the block does not
/// allow (E0507, which once printed FAILED and exited 2); a `tools` line
/// naming no L-tool is wrong input (E0510, exit 2).
#[test]
fn steps_against_the_blocks_rules_exit_1_and_unknown_tools_2() {
    for (name, code, verdict) in [
        ("steps-outside-mask.euc", "E0506", 1),
        ("tool-not-allowed.euc", "E0507", 1),
        ("unknown-tool.euc", "E0510", 2),
    ] {
        let output = euc(&["check", &fixture(name)]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(&format!("[{code}]")), "{name}: {stderr}");
        assert_eq!(output.status.code(), Some(verdict), "{name}: {stderr}");
        if verdict == 1 {
            assert!(
                String::from_utf8_lossy(&output.stdout).contains("FAILED"),
                "{name}"
            );
        }
    }
}

#[test]
fn wrong_input_exits_2() {
    assert_eq!(
        euc(&["check", &fixture("missing-equals.euc")])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(euc(&["check", "no/such/file.euc"]).status.code(), Some(2));
    assert_eq!(euc(&["check"]).status.code(), Some(2), "a file is required");
    assert_eq!(euc(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(euc(&["--help"]).status.code(), Some(0));
}

/// The README's table of codes, as the registry holds it
/// (`diag::codes::Code::exit`): each one-mistake file exits from `check`
/// with its worst code's exit code, and a file with wrong input exits 2
/// from every command that reads it.
#[test]
fn every_mistake_exits_as_its_codes_say() {
    let folder = root().join("tests/fixtures/mistakes");
    let out = std::env::temp_dir().join(format!("euc-exit-{}.svg", std::process::id()));
    let mut wrong = Vec::new();
    for path in super::euc_files(&folder) {
        let analysis = super::analyze_path(&path);
        let expected = analysis
            .diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.is_error())
            .map(|diagnostic| euc::diag::codes::code(diagnostic.code).map_or(2, |known| known.exit))
            .max()
            .unwrap_or(0);
        let file = path.to_string_lossy().to_string();
        let mut runs = vec![("check", euc(&["check", &file]).status.code())];
        if expected == 2 {
            runs.push(("compile", euc(&["compile", &file]).status.code()));
            let render = euc(&["render", &file, "-o", &out.to_string_lossy()]);
            runs.push(("render", render.status.code()));
        }
        for (command, code) in runs {
            if code != Some(expected) {
                wrong.push(format!("{file}: {command} exits {code:?}, not {expected}"));
            }
        }
    }
    let _ = std::fs::remove_file(&out);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `render --instance failing` draws why a construction was not accepted:
/// the moved instance or the drop it fails on, the goal missed and by how
/// much; a construction that works everywhere has none to draw.
#[test]
fn render_draws_the_instance_a_construction_fails_on() {
    for (name, goal) in [("non-general.euc", "M"), ("depends-on-the-drop.euc", "F")] {
        let drawn = euc(&["render", &fixture(name), "--instance", "failing"]);
        assert_eq!(drawn.status.code(), Some(0));
        let svg = String::from_utf8_lossy(&drawn.stdout);
        assert!(
            svg.contains(&format!("on another instance: goal `{goal}` missed by")),
            "{svg}"
        );
    }
    let works = euc(&["render", "examples/napoleon.euc", "--instance", "failing"]);
    assert_eq!(works.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&works.stderr).contains("no failing instance"));
    let moved = euc(&["render", "examples/napoleon.euc", "--instance", "2"]);
    assert!(String::from_utf8_lossy(&moved.stdout).contains("every goal is reached here"));
    let beyond = euc(&["render", "examples/napoleon.euc", "--instance", "99"]);
    assert_eq!(beyond.status.code(), Some(2));
    let planar = euc(&["render", "examples/planar-solved.euc", "--instance", "1"]);
    assert_eq!(planar.status.code(), Some(2));
}

#[test]
fn an_unsolved_block_is_a_warning_not_a_failure() {
    let output = euc(&["check", &fixture("unsolved-block.euc")]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("unsolved"));
}

#[test]
fn check_json_shape() {
    let output = euc(&[
        "check",
        "--format",
        "json",
        "examples/midpoint.euc",
        &fixture("unknown-name.euc"),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let value: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(value["exit"], 2);
    let files = value["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["blocks"][0]["name"], "midpoint");
    assert_eq!(files[0]["blocks"][0]["status"], "solved");
    assert_eq!(files[0]["blocks"][0]["moves"], 6);
    let diagnostic = &files[1]["diagnostics"][0];
    assert_eq!(diagnostic["code"], "E0101");
    assert_eq!(diagnostic["severity"], "error");
    assert!(diagnostic["span"]["start"].is_u64() && diagnostic["start"]["line"].is_u64());
    assert!(diagnostic["help"].is_string());
}

#[test]
fn compile_prints_the_problem_readably_and_as_json() {
    let output = euc(&["compile", "examples/napoleon.euc"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("problem napoleon") && text.contains("mask: circle**"),
        "{text}"
    );

    let output = euc(&["compile", "--format", "json", "examples/napoleon.euc"]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let problem = &value["problems"][0];
    assert_eq!(problem["name"], "napoleon");
    assert_eq!(problem["givens"], serde_json::json!(["A", "B"]));
    assert_eq!(problem["setup"], serde_json::json!(["k"]));
    assert_eq!(problem["mask"], serde_json::json!(["circle**"]));
    assert_eq!(problem["goals"][0]["type"], "point");
    let instances = problem["instances"].as_array().unwrap();
    assert_eq!(instances[0]["origin"]["kind"], "declared");
    assert!(instances.len() >= 5);
    // Each goal is a list of its alternatives (one unless written `a | b`).
    let center = &instances[0]["goals"][0][0]["value"];
    assert!(center["x"].as_f64().unwrap().abs() < 1e-12);
    assert_eq!(problem["stars"], serde_json::Value::Null);
    assert_eq!(problem["tools"], serde_json::json!([]));
    assert_eq!(problem["count"], "e");
}

#[test]
fn compile_shows_the_tools_the_count_and_the_stars() {
    let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal M = midpoint(A, B)\n  tools perpendicular drop\n  count l\n  stars e 4 l 2\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.euc");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let output = euc(&["compile", path]);
    assert_eq!(output.status.code(), Some(0));
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        shown.contains("  tools: perpendicular drop\n  count: l\n  stars: e 4 l 2\n"),
        "{shown}"
    );
    let output = euc(&["compile", "--format", "json", path]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let problem = &value["problems"][0];
    assert_eq!(problem["stars"], serde_json::json!({ "e": 4, "l": 2 }));
    assert_eq!(problem["tools"], serde_json::json!(["perpendicular"]));
    assert_eq!(problem["drops"], true);
    assert_eq!(problem["count"], "l");

    let output = euc(&["compile", "--json", &fixture("unknown-name.euc")]);
    assert_eq!(output.status.code(), Some(2));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["diagnostics"][0]["code"], "E0101");
}

#[test]
fn compile_shows_tools_of_your_own_and_their_uses() {
    let output = euc(&["compile", "--format", "json", "examples/tools-own.euc"]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let altitude = &value["tools"][0];
    assert_eq!(altitude["name"], "altitude");
    assert_eq!(altitude["from"], serde_json::Value::Null);
    assert_eq!(
        altitude["params"][2],
        serde_json::json!({ "name": "C", "type": "point" })
    );
    assert_eq!(
        altitude["results"],
        serde_json::json!([{ "name": "h", "type": "line" }])
    );
    assert_eq!(
        (altitude["e"].clone(), altitude["l"].clone()),
        (4.into(), 1.into())
    );
    assert_eq!(altitude["steps"][1], "h = perpendicular(bc, A)");
    let problem = &value["problems"][0];
    assert_eq!(problem["own_tools"], serde_json::json!(["altitude"]));
    assert_eq!(
        problem["steps"][1]["uses"],
        serde_json::json!({ "tool": "altitude", "operands": [1, 2, 0], "results": [2], "e": 4, "l": 1 })
    );
    // A step that uses no tool says nothing of one.
    assert!(problem["steps"][2].get("uses").is_none());

    let output = euc(&["compile", "examples/tools-imported.euc"]);
    let shown = String::from_utf8_lossy(&output.stdout);
    for line in [
        "tool foot(point P, line l) -> point F\n  from: lib/triangles.euc\n  a use counts: 1 L, 3 E\n",
        "  tools: median\n",
        "    F = use foot(p2, o0) -> p3 (1 L, 3 E)\n",
    ] {
        assert!(shown.contains(line), "{line} in {shown}");
    }
}

#[test]
fn compile_expand_writes_every_use_out_and_check_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    for (example, counts) in [
        ("examples/tools-own.euc", ["(4 L, 8 E", "(5 L, 7 E"]),
        ("examples/tools-imported.euc", ["(6 L, 10 E", "(2 L, 4 E"]),
    ] {
        let output = euc(&["compile", "--expand", example]);
        assert_eq!(output.status.code(), Some(0), "{example}");
        let expanded = String::from_utf8(output.stdout).unwrap();
        assert!(!expanded.contains("tool ") && !expanded.contains("use \""));
        let path = dir.path().join("expanded.euc");
        std::fs::write(&path, &expanded).unwrap();
        let checked = euc(&["check", path.to_str().unwrap()]);
        let said = String::from_utf8_lossy(&checked.stdout);
        assert_eq!(checked.status.code(), Some(0), "{said}\n{expanded}");
        for count in counts {
            assert!(said.contains(count), "{count} in {said}");
        }
    }
    let output = euc(&[
        "compile",
        "--expand",
        "--format",
        "json",
        "examples/tools-own.euc",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn no_colour_when_not_a_terminal() {
    let output = euc(&["check", &fixture("unknown-name.euc")]);
    assert!(!String::from_utf8_lossy(&output.stderr).contains('\u{1b}'));
}

#[test]
fn colour_follows_color_and_no_color() {
    let coloured = |args: &[&str], no_color: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_euc"));
        command
            .args(args)
            .current_dir(root())
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command.output().unwrap();
        String::from_utf8_lossy(&output.stderr).contains('\u{1b}')
    };
    let file = fixture("unknown-name.euc");
    assert!(coloured(&["check", "--color", "always", &file], None));
    assert!(coloured(&["check", "--color", "always", &file], Some("1")));
    assert!(!coloured(&["check", "--color", "never", &file], None));
    assert!(!coloured(&["--color", "auto", "check", &file], Some("1")));
}

#[test]
fn help_lists_the_exit_codes() {
    for args in [
        vec!["--help"],
        vec!["check", "--help"],
        vec!["solve", "--help"],
    ] {
        let output = euc(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(help.contains("Exit codes:"), "{args:?}: {help}");
        assert!(help.contains("NO_COLOR"), "{args:?}");
    }
}

#[test]
fn check_speaks_github_actions() {
    let output = euc(&[
        "check",
        "--format",
        "github",
        &fixture("goal-not-reached.euc"),
        "examples/midpoint.euc",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let annotation = stdout.lines().next().unwrap();
    assert!(
        annotation.starts_with(
            "::error file=tests/fixtures/mistakes/goal-not-reached.euc,line=4,col=8,endLine=4,endColumn=9,title=E0402::goal `M` is not reached"
        ),
        "{stdout}"
    );
    // A multi-line message stays one workflow command.
    assert!(annotation.contains("%0Ahelp: "), "{annotation}");
    // And one summary line per block.
    assert!(
        stdout.contains("ok      examples/midpoint.euc: midpoint"),
        "{stdout}"
    );
}

#[test]
fn check_writes_sarif_that_code_scanning_reads() {
    let output = euc(&[
        "check",
        "--format",
        "sarif",
        &fixture("goal-not-reached.euc"),
        &fixture("unknown-name.euc"),
        "examples/midpoint.euc",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&output.stdout)));
    // Validation against the OASIS SARIF 2.1.0 schema
    // (tests/fixtures/sarif-schema-2.1.0.json) runs in .ci/run, with
    // Python's jsonschema: the Rust validator took a third of a clean
    // `cargo test`'s compile time (docs/architecture.md, "The test suite").
    assert_eq!(value["version"], "2.1.0");
    assert_eq!(value["runs"].as_array().unwrap().len(), 1);
    let results = value["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() >= 2, "{value:#}");
    let rules = value["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"], "{result}");
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().unwrap() >= 1);
        assert!(region["startColumn"].as_u64().unwrap() >= 1);
    }
    assert!(results.iter().any(|r| r["ruleId"] == "E0402"
        && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            == "tests/fixtures/mistakes/goal-not-reached.euc"));
}

fn temporary_copy(name: &str, text: &str) -> std::path::PathBuf {
    let directory = std::env::temp_dir().join(format!("euc-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(format!("{name}.euc"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn solve_prints_the_file_with_the_block_filled() {
    let output = euc(&["solve", "examples/solve-third-proportional.euc"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8_lossy(&output.stdout);
    let original = super::read(&root().join("examples/solve-third-proportional.euc"));
    assert!(
        printed.len() > original.len() && printed.contains("c3 = circle("),
        "{printed}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("third_proportional: 3 moves"), "{stderr}");
}

#[test]
fn solve_write_changes_only_the_empty_blocks() {
    let original = format!(
        "// header comment   with  odd spacing\n{}\n// between blocks\nsolve done {{\n  goal E = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  E, _ = c1 & c2\n}}\n// trailer",
        super::read(&root().join("examples/solve-third-proportional.euc"))
    );
    let path = temporary_copy("write", &original);
    let output = euc(&["solve", "--write", path.to_str().unwrap()]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.stdout, b"", "--write prints nothing on stdout");
    let written = std::fs::read_to_string(&path).unwrap();
    // Everything outside the filled block is unchanged, byte for byte.
    let block_end = original[..original.find("// between").unwrap()]
        .rfind('}')
        .unwrap();
    let inserted = written.len() - original.len();
    assert_eq!(&written[..block_end], &original[..block_end]);
    assert_eq!(&written[block_end + inserted..], &original[block_end..]);
    assert!(written[block_end..block_end + inserted]
        .lines()
        .all(|line| line.starts_with("  ")));
    let check = euc(&["check", path.to_str().unwrap()]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    // A second run finds nothing to do.
    let again = euc(&["solve", "--write", path.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);
}

#[test]
fn solve_check_is_for_ci() {
    let empty = euc(&["solve", "--check", "examples/solve-midpoint.euc"]);
    assert_eq!(empty.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&empty.stderr).contains("is empty"));
    let solved = euc(&["solve", "--check", "examples/napoleon.euc"]);
    assert_eq!(
        solved.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&solved.stderr)
    );
    let failing = euc(&["solve", "--check", &fixture("non-general.euc")]);
    assert_eq!(failing.status.code(), Some(1));
}

#[test]
fn solve_limits_end_with_a_clear_message_and_exit_1() {
    let output = euc(&["solve", "--max-moves", "5", "examples/solve-napoleon.euc"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("napoleon: no construction with at most 5 moves"),
        "{stderr}"
    );

    let output = euc(&[
        "solve",
        "--timeout",
        "0",
        "--max-moves",
        "12",
        "benches/no-short-solution.euc",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("time limit of 0 s reached"), "{stderr}");
}

#[test]
fn solve_block_selection() {
    let output = euc(&["solve", "--block", "napoleon", "examples/napoleon.euc"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "a solved block is solved again when named"
    );
    let printed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(printed.matches(" = circle(").count(), 6 + 1, "{printed}");
    let output = euc(&["solve", "--block", "nosuch", "examples/napoleon.euc"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no solve block named `nosuch`"));
}

#[test]
fn solve_refuses_files_with_errors() {
    assert_eq!(
        euc(&["solve", &fixture("unknown-name.euc")]).status.code(),
        Some(2)
    );
}

#[test]
fn planar_new_untangle_next() {
    let output = euc(&["planar", "new", "--level", "4", "--seed", "11"]);
    assert_eq!(output.status.code(), Some(0));
    let block = String::from_utf8(output.stdout).unwrap();
    assert!(
        block.starts_with("planar level_4 {\n  level 4\n  seed 11\n"),
        "{block}"
    );
    assert_eq!(block.matches("  node ").count(), 8);
    let again = euc(&["planar", "new", "--level", "4", "--seed", "11"]);
    assert_eq!(
        again.stdout,
        block.as_bytes(),
        "the same level and seed give the same block"
    );

    let path = temporary_copy("planar", &format!("// a puzzle\n{block}// after\n"));
    let file = path.to_str().unwrap();
    assert_eq!(
        euc(&["check", file]).status.code(),
        Some(1),
        "a scrambled level has crossings"
    );
    let next = euc(&["planar", "next", file]);
    assert_eq!(
        next.status.code(),
        Some(1),
        "an unsolved level does not advance"
    );
    assert!(String::from_utf8_lossy(&next.stderr).contains("not solved yet"));
    assert_eq!(
        euc(&["planar", "untangle", "--write", file]).status.code(),
        Some(0)
    );
    let untangled = std::fs::read_to_string(&path).unwrap();
    assert!(untangled.starts_with("// a puzzle\n") && untangled.ends_with("}\n// after\n"));
    assert_eq!(euc(&["check", file]).status.code(), Some(0));
    assert_eq!(
        euc(&["planar", "next", "--write", file]).status.code(),
        Some(0)
    );
    let next = std::fs::read_to_string(&path).unwrap();
    assert!(
        next.contains("planar level_5 {\n  level 5\n  seed 11\n")
            && next.ends_with("}\n// after\n"),
        "{next}"
    );
    assert_eq!(
        euc(&["check", file]).status.code(),
        Some(1),
        "the new level starts scrambled"
    );
}

#[test]
fn planar_untangle_says_when_no_drawing_exists() {
    let k5 = "planar k5 {\n  node a = (0, 0)\n  node b = (1, 0)\n  node c = (2, 1)\n  node d = (1, 2)\n  node e = (0, 1)\n  edge a - b, a - c, a - d, a - e, b - c, b - d, b - e, c - d, c - e, d - e\n}\n";
    let path = temporary_copy("k5", k5);
    let output = euc(&["planar", "untangle", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no drawing without crossings exists"));
}

/// Untangling reads the file without checking it (no crossing count
/// first), but a mistake in the input is still refused with its place.
#[test]
fn planar_untangle_refuses_input_errors() {
    let broken = "planar p {\n  node a = (0, 0)\n  node b = (1, 0)\n  edge a - c\n}\n";
    let path = temporary_copy("untangle-broken", broken);
    let output = euc(&["planar", "untangle", "--write", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("E0601") && stderr.contains(":4:"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        broken,
        "left alone"
    );
}

#[test]
fn render_writes_a_picture_or_says_why_not() {
    let output = euc(&["render", "examples/napoleon.euc"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("<svg "));
    let path = temporary_copy("render", "").with_extension("svg");
    let output = euc(&[
        "render",
        "examples/planar-solved.euc",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(std::fs::read_to_string(&path).unwrap().contains("solved"));
    let output = euc(&["render", &fixture("unknown-name.euc")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("nothing to draw"));
}

/// `--step` counts moves (steps that draw a line or circle): 0 is the
/// givens alone, the block's number of moves the whole construction, and
/// anything beyond is wrong input, as is a step on a planar block (issue 29:
/// both were drawn whole, silently).
#[test]
fn render_refuses_a_step_the_block_does_not_have() {
    for fine in ["0", "6"] {
        let output = euc(&["render", "examples/napoleon.euc", "--step", fine]);
        assert_eq!(output.status.code(), Some(0), "--step {fine}");
    }
    let output = euc(&["render", "examples/napoleon.euc", "--step", "100"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("block `napoleon` has 6 moves")
            && stderr.contains("from 0 (the givens alone) to 6, not 100"),
        "{stderr}"
    );
    let path = temporary_copy("render-step", "").with_extension("svg");
    let output = euc(&[
        "render",
        "examples/planar-solved.euc",
        "--step",
        "1",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!path.exists(), "nothing is written");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is a planar block: it has no moves"),
        "{stderr}"
    );
}

#[test]
fn the_readme_picture_is_up_to_date() {
    let output = euc(&["render", "examples/napoleon.euc"]);
    let committed = super::read(&root().join("docs/napoleon.svg"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        committed,
        "run: euc render examples/napoleon.euc -o docs/napoleon.svg"
    );
}

#[test]
fn fmt_prints_checks_and_writes() {
    let path = temporary_copy(
        "fmt",
        "point A=(0,0)\n\n\n\npoint B = A+( 1 , -2 ) // kept\n",
    );
    let file = path.to_str().unwrap();
    let printed = euc(&["fmt", file]);
    assert_eq!(printed.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&printed.stdout),
        "point A = (0, 0)\n\npoint B = A + (1, -2) // kept\n"
    );
    assert_eq!(euc(&["fmt", "--check", file]).status.code(), Some(1));
    assert_eq!(euc(&["fmt", "--write", file]).status.code(), Some(0));
    assert_eq!(euc(&["fmt", "--check", file]).status.code(), Some(0));
    assert_eq!(
        euc(&["fmt", &fixture("missing-equals.euc")]).status.code(),
        Some(2),
        "broken files are not formatted"
    );
}

/// Sharded searches merged give exactly the unsharded answer, for several
/// problems and numbers of shards.
#[test]
fn merged_shards_give_the_unsharded_answer() {
    let scratch = std::env::temp_dir().join(format!("euc-shards-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    for file in [
        "examples/solve-napoleon.euc",
        "examples/solve-midpoint.euc",
        "examples/solve-perpendicular.euc",
        "examples/solve-third-proportional.euc",
    ] {
        let unsharded = euc(&["solve", file, "-j", "1"]);
        assert_eq!(unsharded.status.code(), Some(0), "{file}");
        for count in [1, 2, 3, 7] {
            let mut results = Vec::new();
            for index in 0..count {
                let shard = format!("{index}/{count}");
                let output = euc(&["solve", file, "--shard", &shard, "--format", "json"]);
                assert_eq!(output.status.code(), Some(0), "{file} {shard}");
                let path = scratch.join(format!("{count}-{index}.json"));
                std::fs::write(&path, &output.stdout).expect("writable");
                results.push(path.display().to_string());
            }
            let mut args = vec!["solve", file, "--merge"];
            args.extend(results.iter().map(String::as_str));
            let merged = euc(&args);
            assert_eq!(
                merged.status.code(),
                Some(0),
                "{file} in {count}: {}",
                String::from_utf8_lossy(&merged.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&merged.stdout),
                String::from_utf8_lossy(&unsharded.stdout),
                "{file} in {count} shards"
            );
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// Merging refuses incomplete sets and says when no shard found anything.
#[test]
fn merge_needs_every_shard_and_reports_none() {
    let scratch = std::env::temp_dir().join(format!("euc-merge-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let file = "benches/no-short-solution.euc";
    let mut results = Vec::new();
    for index in 0..2 {
        let shard = format!("{index}/2");
        let output = euc(&[
            "solve",
            file,
            "--max-moves",
            "4",
            "--shard",
            &shard,
            "--format",
            "json",
        ]);
        let path = scratch.join(format!("{index}.json"));
        std::fs::write(&path, &output.stdout).expect("writable");
        results.push(path.display().to_string());
    }
    let missing = euc(&["solve", file, "--merge", &results[0]]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("shard 1/2 is missing"));
    let none = euc(&["solve", file, "--merge", &results[0], &results[1]]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("no construction with at most 4 moves"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
    std::fs::remove_dir_all(&scratch).ok();
}

/// A shard result is input like any other: what `--merge` writes must be
/// steps of the block that pass `check` there, a result claims at most
/// `MOST_SHARDS` shards, and a result is read up to a limit. A result
/// claiming one step that closed the block and opened another was merged,
/// exit 0, into a file that then failed `check`; a count of 10^13 aborted
/// the merge (exit 134); `/dev/zero` was read until memory ran out.
#[cfg(unix)]
#[test]
fn merge_writes_only_what_checks_and_reads_within_bounds() {
    let scratch = std::env::temp_dir().join(format!("euc-forged-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let file = scratch.join("midpoint.euc");
    let original = std::fs::read_to_string(root().join("examples/solve-midpoint.euc")).unwrap();
    std::fs::write(&file, &original).unwrap();
    let file = file.to_str().unwrap();
    let output = euc(&["solve", file, "--shard", "0/1", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let honest: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let result = scratch.join("forged.json");
    let result_path = result.to_str().unwrap();
    let merged = |result: &serde_json::Value| {
        std::fs::write(result_path, result.to_string()).unwrap();
        euc(&["solve", file, "--merge", result_path, "--write"])
    };
    let evil = "c1 = circle(A, B)\n}\nsolve evil {\n  goal D = A\n  D = A";
    for (steps, says) in [
        (vec![evil], "more than one line"),
        (
            vec!["c1 = circle(A, B) } solve evil { goal D = A"],
            "not steps of block `midpoint`",
        ),
        (vec!["c1 = circle(A, B)"], "not reached"),
    ] {
        let mut forged = honest.clone();
        forged["blocks"][0]["steps"] = serde_json::json!(steps);
        forged["blocks"][0]["moves"] = serde_json::json!(1);
        let output = merged(&forged);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{steps:?}: {stderr}");
        assert!(
            stderr.contains("refused") && stderr.contains(says),
            "{steps:?}: {stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(file).unwrap(),
            original,
            "{steps:?}"
        );
    }
    for count in [
        "10000000000000",
        "18446744073709551615",
        "18446744073709551616",
        "0",
        "2.5",
    ] {
        let forged = honest
            .to_string()
            .replace("\"count\":1", &format!("\"count\":{count}"));
        std::fs::write(&result, forged).unwrap();
        let output = euc(&["solve", file, "--merge", result_path]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{count} shards: {stderr}");
        assert!(
            stderr.contains("1 to 10000 shards"),
            "{count} shards: {stderr}"
        );
    }
    // Under a memory limit, so that a merge reading without end fails
    // alone instead of taking the machine's memory.
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 2000000; exec \"$0\" solve \"$1\" --merge /dev/zero",
        ])
        .args([env!("CARGO_BIN_EXE_euc"), file])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("larger than 32 MiB"), "{stderr}");
    // The honest result still merges and writes.
    let output = merged(&honest);
    assert_eq!(output.status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(file).unwrap(), original);
    std::fs::remove_dir_all(&scratch).ok();
}

/// `solve --format json` answers in JSON whatever happens: an input error,
/// an unreadable or empty shard result, an unknown block each print a
/// document with the error (it once printed nothing on stdout).
#[test]
fn solve_json_reports_errors_as_json() {
    let scratch = std::env::temp_dir().join(format!("euc-json-errors-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let empty = scratch.join("empty.json");
    std::fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap();
    let broken = fixture("missing-equals.euc");
    for (args, says) in [
        (
            vec!["solve", &broken, "--format", "json"],
            "the file has errors",
        ),
        (
            vec!["solve", &broken, "--shard", "0/2", "--format", "json"],
            "the file has errors",
        ),
        (
            vec![
                "solve",
                "examples/solve-midpoint.euc",
                "--merge",
                empty,
                "--format",
                "json",
            ],
            "is not a shard result",
        ),
        (
            vec![
                "solve",
                "examples/solve-midpoint.euc",
                "--block",
                "nope",
                "--format",
                "json",
            ],
            "no solve block named `nope`",
        ),
        (
            vec!["solve", "no-such-file.euc", "--format", "json"],
            "cannot read",
        ),
    ] {
        let output = euc(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let document: serde_json::Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|error| panic!("{args:?}: not JSON ({error}): {output:?}"));
        let error = document["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{args:?}: {document}");
        assert_eq!(document["exit"], 2, "{args:?}");
    }
    let output = euc(&["solve", &broken, "--format", "json"]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(document["diagnostics"][0]["code"], "E0002", "{document}");
    std::fs::remove_dir_all(&scratch).ok();
}

/// A shard exits 0 when its share is searched in full, an answer found or
/// not (the verdict is the merge's: 1 when no shard found one, as for
/// `solve`), and 1 when it stopped before: its result may not merge.
#[test]
fn a_shard_exits_by_whether_its_share_was_searched() {
    let file = "benches/no-short-solution.euc";
    for (timeout, status, code) in [("60", "exhausted", 0), ("0", "stopped", 1)] {
        let output = euc(&[
            "solve",
            file,
            "--max-moves",
            "4",
            "--timeout",
            timeout,
            "--shard",
            "0/2",
            "--format",
            "json",
        ]);
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(document["blocks"][0]["status"], status, "{document}");
        assert_eq!(output.status.code(), Some(code), "--timeout {timeout}");
    }
}

/// `--count` chooses what `solve` minimises in a block with L-tools, and
/// `check --format json` reports both counts.
#[test]
fn solve_counts_l_or_e_and_check_reports_both() {
    let file = "examples/tools-mixed.euc";
    let output = euc(&["solve", file, "--block", "square", "--count", "l"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("square: 4 L, 6 E"), "{stderr}");
    let output = euc(&["solve", file, "--block", "square", "--count", "e"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("square: 5 L, 5 E"), "{stderr}");
    let output = euc(&["check", "--format", "json", file]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let block = &value["files"][0]["blocks"][0];
    assert_eq!(
        (block["moves"].as_u64(), block["tool_uses"].as_u64()),
        (Some(8), Some(4)),
        "{block}"
    );
}

#[test]
fn a_goal_that_cannot_be_computed_fails_every_command() {
    for name in [
        "goal-cannot-be-computed.euc",
        "goal-square-root-of-negative.euc",
    ] {
        for command in [
            vec!["check"],
            vec!["compile", "--json"],
            vec!["solve", "--check"],
        ] {
            let mut args = command.clone();
            let path = fixture(name);
            args.push(&path);
            let output = euc(&args);
            assert_eq!(output.status.code(), Some(2), "{command:?} {name}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                stderr.contains("E0301") || stdout.contains("E0301"),
                "{command:?} {name}: {stderr}{stdout}"
            );
        }
    }
}

#[test]
fn moved_and_scaled_files_check_like_the_originals() {
    // Random instances move points by a part of the figure's size, not of
    // their distance from the origin (docs/design.md, "Tolerances").
    let dir = std::env::temp_dir().join(format!("euc-moved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bisector = std::fs::read_to_string(root().join("examples/angle-bisector.euc"))
        .unwrap()
        .replace("point O = (0, 0)", "point O = (50, 25)")
        .replace("point A = (2, 0.5)", "point A = (52, 25.5)")
        .replace("point B = (0.5, 1.8)", "point B = (50.5, 26.8)");
    let proportional = std::fs::read_to_string(root().join("examples/third-proportional.euc"))
        .unwrap()
        .replace("let b = sqrt(3)", "let b = sqrt(3) * 0.01")
        .replace("let c = sqrt(5)", "let c = sqrt(5) * 0.01");
    for (name, text) in [("moved.euc", bisector), ("scaled.euc", proportional)] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let output = euc(&["check", path.to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A figure with declared lines keeps its moved instances at any scale:
/// below about 10^-155 every one was lost (W0004, "checked on its declared
/// coordinates only"), because a moved line's second point lay one unit of
/// the file along it, 10^160 units of the figure's frame, and squaring that
/// overflowed (docs/design.md, "Tolerances").
#[test]
fn declared_lines_keep_their_moved_instances_at_any_scale() {
    let dir = std::env::temp_dir().join(format!("euc-tiny-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join("examples/setup-crossing.euc")).unwrap();
    for factor in [1.0, 1e-160, 1e-200, 1e-10, 1e7, 1e160, 1e200] {
        let path = dir.join("setup-crossing.euc");
        std::fs::write(&path, scaled_pairs(&text, factor)).unwrap();
        let output = euc(&["check", path.to_str().unwrap()]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{factor}: {stderr}");
        assert!(!stderr.contains("W0004"), "{factor}: {stderr}");
        assert!(
            stdout.contains("(1 move, 5 instances)"),
            "{factor}: {stdout}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `text` with every pair of literal numbers `(x, y)`, a point, scaled by
/// `factor`.
fn scaled_pairs(text: &str, factor: f64) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let pair = rest.split_once(')').and_then(|(inside, after)| {
            let (x, y) = inside.split_once(", ")?;
            Some((x.parse::<f64>().ok()?, y.parse::<f64>().ok()?, after))
        });
        if let Some((x, y, after)) = pair {
            out.push_str(&format!("{:e}, {:e})", x * factor, y * factor));
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `text` with every `point X = (x, y)` of literal numbers scaled by
/// `factor` and then moved by `shift`.
fn moved_figure(text: &str, factor: f64, shift: (f64, f64)) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let literal = line
            .strip_prefix("point ")
            .and_then(|rest| rest.split_once(" = ("))
            .and_then(|(name, rest)| Some((name, rest.strip_suffix(')')?.split_once(", ")?)))
            .and_then(|(name, (x, y))| {
                Some((name, x.parse::<f64>().ok()?, y.parse::<f64>().ok()?))
            });
        match literal {
            Some((name, x, y)) => out.push_str(&format!(
                "point {name} = ({:e}, {:e})",
                x * factor + shift.0,
                y * factor + shift.1
            )),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[test]
fn every_example_checks_alike_at_any_scale_and_place() {
    // Each block is checked in its own unit frame, so tolerances follow the
    // figure's size (docs/design.md, "Tolerances"). With absolute ones, four
    // examples failed at 10^7 and most at 10^-10.
    let dir = std::env::temp_dir().join(format!("euc-scales-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    // The libraries the examples `use`, beside the moved copies as beside
    // the examples.
    for library in super::euc_files(&root().join("examples/lib")) {
        std::fs::copy(&library, dir.join("lib").join(library.file_name().unwrap())).unwrap();
    }
    let moves = [
        (1e-10, (0.0, 0.0)),
        (1e-4, (0.0, 0.0)),
        (1e7, (0.0, 0.0)),
        (1e10, (0.0, 0.0)),
        (1e-160, (0.0, 0.0)),
        (1e-200, (0.0, 0.0)),
        (1e200, (0.0, 0.0)),
        (1.0, (1e4, -3e4)),
        (3.0, (-2e6, 1e6)),
    ];
    let mut tried = 0;
    for example in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = example.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "euc") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = euc(&["check", path.to_str().unwrap()]).status.code();
        for (factor, shift) in moves {
            let moved = dir.join(path.file_name().unwrap());
            std::fs::write(&moved, moved_figure(&text, factor, shift)).unwrap();
            let output = euc(&["check", moved.to_str().unwrap()]);
            assert_eq!(
                output.status.code(),
                expected,
                "{} scaled by {factor} and moved by {shift:?}: {}",
                path.display(),
                String::from_utf8_lossy(&output.stderr)
            );
            tried += 1;
        }
    }
    assert!(tried >= 9 * 10, "only {tried} files tried");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn writes_killed_at_any_moment_lose_nothing_and_leave_nothing() {
    // `fmt --write` killed by SIGTERM or SIGKILL at moments spread over its
    // run: the file is always the old text or the new one, whole; SIGTERM
    // removes the temporary file at once, and the next write removes what a
    // SIGKILL left (docs/design.md, "Writing files").
    let dir = std::env::temp_dir().join(format!("euc-kills-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.euc");
    let old: String = (0..20_000).map(|i| format!("let  v{i} =  {i}\n")).collect();
    let new: String = (0..20_000).map(|i| format!("let v{i} = {i}\n")).collect();
    let path_text = path.to_str().unwrap();
    // Kills spread from half of an undisturbed run's time to a little past
    // it, where the file is written.
    std::fs::write(&path, &old).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(euc(&["fmt", "--write", path_text]).status.code(), Some(0));
    let run = started.elapsed();
    let mut left_by_sigkill = 0;
    for round in 0..24u32 {
        std::fs::write(&path, &old).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_euc"))
            .args(["fmt", "--write", path_text])
            .spawn()
            .unwrap();
        std::thread::sleep(run.mul_f64(0.5 + 0.6 * f64::from(round) / 24.0));
        if round % 2 == 0 {
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
        } else {
            let _ = child.kill();
        }
        let status = child.wait().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text == old || text == new, "round {round}: a partial file");
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .filter(|name| name.to_string_lossy().starts_with(".euc-"))
            .collect();
        // A SIGKILL in the round before may have left its own file, which
        // this run removes only once it reaches its write: look for ours.
        let own = format!(".euc-{}-", child.id());
        if round % 2 == 0 && status.code() != Some(0) {
            assert!(
                !leftovers
                    .iter()
                    .any(|name| name.to_string_lossy().starts_with(&own)),
                "round {round}: SIGTERM left {leftovers:?}"
            );
        }
        left_by_sigkill += usize::from(round % 2 == 1 && !leftovers.is_empty());
    }
    eprintln!("temporary files left by SIGKILL: {left_by_sigkill} of 12 rounds");
    std::fs::write(&path, &old).unwrap();
    assert_eq!(euc(&["fmt", "--write", path_text]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), new);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["big.euc"], "only the file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_write_that_fails_midway_keeps_the_file_and_leaves_no_temporary() {
    // A file-size limit makes the write fail the way a full disk does
    // (EFBIG instead of ENOSPC), with SIGXFSZ ignored as a shell can.
    let dir = std::env::temp_dir().join(format!("euc-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.euc");
    let old: String = (0..20_000).map(|i| format!("let  v{i} =  {i}\n")).collect();
    std::fs::write(&path, &old).unwrap();
    let output = Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 64; exec \"$0\" fmt --write \"$1\"",
            env!("CARGO_BIN_EXE_euc"),
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        old,
        "the file is untouched"
    );
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["big.euc"], "no temporary file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_figure_draws_without_overflow() {
    let output = euc(&["render", "tests/fixtures/huge-figure.euc"]);
    assert_eq!(output.status.code(), Some(0));
    let svg = String::from_utf8_lossy(&output.stdout);
    assert!(svg.contains("<circle"), "{svg}");
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
}

#[test]
fn solve_keeps_crlf_line_breaks() {
    let text = std::fs::read_to_string(root().join("examples/solve-midpoint.euc"))
        .unwrap()
        .replace('\n', "\r\n");
    let path = std::env::temp_dir().join(format!("euc-crlf-{}.euc", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let output = euc(&["solve", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(0));
    let solved = String::from_utf8(output.stdout).unwrap();
    assert!(solved.len() > text.len(), "steps were added");
    assert_eq!(
        solved.matches('\n').count(),
        solved.matches("\r\n").count(),
        "every line break is CRLF: {solved:?}"
    );
}

#[test]
fn a_reader_that_goes_away_is_no_panic() {
    // `euc compile --json FILE | head -c 10` panicked on the closed pipe.
    for args in [
        vec!["compile", "--json", "examples/napoleon.euc"],
        vec!["check", "examples/napoleon.euc"],
        vec!["fmt", "examples/napoleon.euc"],
        vec!["render", "examples/napoleon.euc"],
        vec!["planar", "new", "--level", "30"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_euc"))
            .args(&args)
            .current_dir(root())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the euc binary runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// A verdict survives a reader that went away: `euc check … | head -c1` in
/// a `set -o pipefail` shell once exited 0 on a failing file, in every
/// format but JSON, because a closed pipe ended the command with success.
#[cfg(unix)]
#[test]
fn a_closed_pipe_keeps_the_verdicts_exit_code() {
    use std::io::Write;
    use std::process::Stdio;
    for (file, verdict) in [
        (fixture("non-general.euc"), 1),
        (fixture("missing-equals.euc"), 2),
        ("examples/napoleon.euc".to_string(), 0),
    ] {
        for format in ["text", "json", "github", "sarif"] {
            // The reader is gone before euc starts (the shell waits for a line).
            let mut child = Command::new("sh")
                .args(["-c", "read go; exec \"$0\" check --format \"$1\" \"$2\""])
                .args([env!("CARGO_BIN_EXE_euc"), format, &file])
                .current_dir(root())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            drop(child.stdout.take());
            let mut input = child.stdin.take().unwrap();
            input.write_all(b"go\n").unwrap();
            drop(input);
            let status = child.wait().unwrap();
            assert_eq!(status.code(), Some(verdict), "{file} --format {format}");
        }
    }
}

#[test]
fn limits_are_errors_not_hangs() {
    // Each ran unbounded or panicked.
    for (args, says) in [
        (
            vec!["solve", "examples/solve-midpoint.euc", "-j", "100000"],
            "at most 256 threads",
        ),
        (vec!["planar", "new", "--level", "100000"], "1..=5000"),
        (
            vec!["solve", "examples/solve-midpoint.euc", "--timeout", "-1"],
            "",
        ),
        (
            vec!["solve", "examples/solve-midpoint.euc", "--timeout", "nan"],
            "0 seconds or more",
        ),
        (vec!["check", "/dev/zero"], "larger than 2 MiB"),
    ] {
        let output = euc(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // No limit at all is a limit too.
    for timeout in ["inf", "1e20", "none"] {
        let output = euc(&["solve", "examples/solve-midpoint.euc", "--timeout", timeout]);
        assert_eq!(output.status.code(), Some(0), "--timeout {timeout}");
    }
}

#[test]
fn a_dash_reads_standard_input() {
    use std::io::Write;
    let text = std::fs::read_to_string(root().join("examples/napoleon.euc")).unwrap();
    for args in [vec!["check", "-"], vec!["fmt", "-"], vec!["compile", "-"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_euc"))
            .args(&args)
            .current_dir(root())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
    }
    let output = euc(&["fmt", "--write", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("standard input"));
}

#[test]
fn a_file_that_is_not_utf8_is_named_as_such() {
    let path = std::env::temp_dir().join(format!("euc-latin1-{}.euc", std::process::id()));
    std::fs::write(&path, b"point A = (0, 0) // caf\xe9\n").unwrap();
    let human = euc(&["check", path.to_str().unwrap()]);
    let json = euc(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(human.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&human.stderr).contains("not UTF-8"));
    let compiled = euc(&["compile", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(compiled.status.code(), Some(2));
    let compiled: serde_json::Value = serde_json::from_slice(&compiled.stdout).unwrap();
    assert!(compiled["error"].as_str().unwrap().contains("not UTF-8"));
    std::fs::remove_file(&path).unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        value["files"][0]["error"]
            .as_str()
            .unwrap()
            .contains("not UTF-8 text (byte 23 is not)"),
        "{value}"
    );
}

/// Numbers past the limits are clear errors with exit 2, never an abort,
/// a panic or a search that eats the memory.
#[test]
fn limits_on_lengths_and_shards_are_clear_errors() {
    let file = "examples/solve-napoleon.euc";
    for moves in [
        "0",
        "65",
        "1e9",
        "4294967296",
        "18446744073709551615",
        "2.5",
    ] {
        let output = euc(&["solve", file, "--max-moves", moves]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "--max-moves {moves}: {stderr}"
        );
        assert!(stderr.contains("from 1 to 64"), "{stderr}");
    }
    for shard in [
        "0/4294967296",
        "0/9223372036854775807",
        "0/10001",
        "3/2",
        "0/0",
    ] {
        let output = euc(&["solve", file, "--shard", shard, "--format", "json"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "--shard {shard}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // Tantalo's generator makes (L + 3)(L + 2) / 2 nodes: up to level 97.
    let output = euc(&["planar", "new", "--method", "lines", "--level", "98"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("1 to 97"), "{stderr}");
    let output = euc(&["planar", "new", "--method", "lines", "--level", "97"]);
    assert_eq!(output.status.code(), Some(0));
    let nodes = String::from_utf8_lossy(&output.stdout)
        .matches("node ")
        .count();
    assert_eq!(nodes, 100 * 99 / 2);
    let output = euc(&["solve", file, "--max-moves", "64", "--timeout", "5"]);
    assert_eq!(output.status.code(), Some(0));
}

/// The solver never answers what `check` rejects: where the figure's
/// numbers run out it says so (exit 1) and writes nothing; what it writes,
/// `check` accepts. On these two the 8-circle answer's last two circles
/// touch at the midpoint: refused as "only touch" until touching points
/// were taken with `touch(…)`, accepted since.
#[test]
fn solve_never_answers_what_check_rejects() {
    for file in [
        "tests/fixtures/solve/far-apart.euc",
        "tests/fixtures/solve/verify-far-away.euc",
    ] {
        let output = euc(&["solve", file]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        match output.status.code() {
            Some(0) => {
                let filled = root().join("target").join(format!(
                    "answered-{}",
                    std::path::Path::new(file)
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                ));
                std::fs::write(&filled, &stdout).unwrap();
                let check = euc(&["check", filled.to_str().unwrap()]);
                assert_eq!(
                    check.status.code(),
                    Some(0),
                    "{file}: {stdout}\n{}",
                    String::from_utf8_lossy(&check.stderr)
                );
            }
            Some(1) => {
                assert!(
                    stderr.contains("out of the range this search can decide"),
                    "{file}: {stderr}"
                );
                assert_eq!(stdout, text, "{file}");
            }
            other => panic!("{file}: exit {other:?}: {stderr}"),
        }
    }
}

/// Setup lines through points near 10^160 (whose squares overflow) still
/// get moved instances: no W0004, the crossing checked five times.
#[test]
fn a_huge_setup_is_moved_like_any_other() {
    let output = euc(&["check", "tests/fixtures/solve/setup-lines-at-1e160.euc"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("W0004"), "{stderr}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("(0 moves, 5 instances)"),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// `solve --format json` says what is proved: `proved_none_below` is the
/// answer's length once it is proved shortest, and one past the lengths
/// fully searched when the search stops or exhausts its limit.
#[test]
fn the_json_says_what_is_proved() {
    let output = euc(&["solve", "examples/solve-midpoint.euc", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let block = &json["blocks"][0];
    assert_eq!(block["status"], "found", "{json}");
    assert_eq!(block["proved_none_below"], block["moves"], "{json}");
    let output = euc(&[
        "solve",
        "examples/solve-midpoint.euc",
        "--max-moves",
        "2",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let block = &json["blocks"][0];
    assert_eq!(block["status"], "exhausted", "{json}");
    assert_eq!(block["proved_none_below"], 3, "{json}");
}

/// `euc explain` reads the registry of codes: one code's meaning and fix,
/// every code a line, and a refusal for a code euc does not report.
#[test]
fn explain_reads_the_registry_of_codes() {
    let one = euc(&["explain", "e0404"]);
    assert_eq!(one.status.code(), Some(0));
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(
        text.starts_with("E0404 (error, exit code 1: the construction fails): "),
        "{text}"
    );
    assert!(text.contains("alternative"), "{text}");
    let wrong = text.find("\nWrong:\n").expect("a wrong example");
    let right = text.find("\nRight:\n").expect("a right example");
    assert!(
        wrong < right && text[wrong..].contains("    solve s {"),
        "{text}"
    );
    let all = euc(&["explain"]);
    assert_eq!(all.status.code(), Some(0));
    let lines = String::from_utf8_lossy(&all.stdout).lines().count();
    assert_eq!(lines, euc::diag::codes::CODES.len());
    let unknown = euc(&["explain", "E9999"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no code `E9999`"));
}

/// `count l` with tools of your own: the solver's answer uses them, one
/// move each, and `check` accepts what it writes — own tools, tools from
/// `use std`, a use two deep, and the goals bound to a use's results.
#[test]
fn solve_with_tools_of_your_own_writes_uses_that_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep.euc");
    std::fs::write(
        &path,
        "use std\n\
         point A = (0, 0)\npoint B = (4, 0.3)\npoint C = (1.3, 3.1)\n\
         tool altitude(A = (0, 3), B = (-1, 0), C = (2, 0.5)) -> h {\n  bc = line(B, C)\n  h = perpendicular(bc, A)\n}\n\
         solve orthocentre {\n  tools altitude\n  count l\n  goal H = perpendicular(line(B, C), A) & perpendicular(line(A, C), B)\n}\n\
         solve centroid {\n  tools mid\n  count l\n  goal G = (A + B + C) / 3\n}\n\
         solve circle_through {\n  tools circumcircle\n  count l\n  goal k = circle(perp_bisector(A, B) & perp_bisector(B, C), A)\n}\n\
         solve reflected {\n  tools mirror\n  goal X = reflect(A, line(B, C))\n}\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let original = std::fs::read_to_string(&path).unwrap();
    let output = euc(&["solve", "--write", file]);
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{said}");
    let written = std::fs::read_to_string(&path).unwrap();
    for step in [
        "= altitude(",
        "H = l1 & l2",
        "= mid(A, B)",
        "k, _ = circumcircle(",
        // `count e`: the fewest E, written with the tool where a use
        // reaches the same count.
        "X = mirror(A, B, C)",
    ] {
        assert!(written.contains(step), "{step} in\n{written}");
    }
    let checked = euc(&["check", file]);
    let report = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(0), "{report}\n{written}");
    for counts in ["(2 L, 8 E", "(4 L, 10 E", "(1 L, 7 E", "(1 L, 2 E"] {
        assert!(report.contains(counts), "{counts} in {report}");
    }
    // `--expand`: the same answers written in lines, circles and L-tools,
    // which check at the same E counts.
    std::fs::write(&path, &original).unwrap();
    let output = euc(&["solve", "--expand", file]);
    assert_eq!(output.status.code(), Some(0));
    let expanded = String::from_utf8(output.stdout).unwrap();
    assert!(!expanded.contains("altitude(") && !expanded.contains("= mid("));
    let flat = dir.path().join("flat.euc");
    std::fs::write(&flat, &expanded).unwrap();
    let checked = euc(&["check", flat.to_str().unwrap()]);
    let report = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(0), "{report}\n{expanded}");
    for counts in ["(4 L, 8 E", "(10 moves", "(7 moves", "(2 moves"] {
        assert!(report.contains(counts), "{counts} in {report}");
    }
}

/// The standard library checks, and every tool in it is shown in
/// `examples/library.euc` (whose blocks prove each makes what it says) and
/// listed in docs/library.md.
#[test]
fn the_standard_library_checks_and_is_shown_and_documented() {
    let output = euc(&["check", "lib/std.euc"]);
    assert_eq!(output.status.code(), Some(0));
    let library = super::read(&root().join("lib/std.euc"));
    let example = super::read(&root().join("examples/library.euc"));
    let docs = super::read(&root().join("docs/library.md"));
    let names: Vec<&str> = library
        .lines()
        .filter_map(|line| line.strip_prefix("tool "))
        .map(|rest| rest.split('(').next().unwrap())
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    for name in names {
        assert!(
            example.contains(&format!("tools {name}\n")),
            "{name} in examples/library.euc"
        );
        assert!(
            docs.contains(&format!("`{name}(")),
            "{name} in docs/library.md"
        );
    }
}
