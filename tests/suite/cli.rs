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
}

#[test]
fn a_failing_construction_exits_1() {
    let output = euc(&["check", &fixture("non-general.euc")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("works only for these coordinates"));
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

    let output = euc(&["compile", "--json", "examples/napoleon.euc"]);
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
    let center = &instances[0]["goals"][0]["value"];
    assert!(center["x"].as_f64().unwrap().abs() < 1e-12);

    let output = euc(&["compile", "--json", &fixture("unknown-name.euc")]);
    assert_eq!(output.status.code(), Some(2));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["diagnostics"][0]["code"], "E0101");
}

#[test]
fn no_colour_when_not_a_terminal() {
    let output = euc(&["check", &fixture("unknown-name.euc")]);
    assert!(!String::from_utf8_lossy(&output.stderr).contains('\u{1b}'));
}
