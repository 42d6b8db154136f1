//! One-mistake fixtures: each file in tests/fixtures/mistakes shows one kind
//! of mistake; its rendered diagnostics (message, span, hint) are snapshotted.

use super::render;
use euc::analysis::analyze;

#[test]
fn each_mistake_is_reported_with_span_and_hint() {
    let mut count = 0;
    insta::glob!("..", "fixtures/mistakes/*.euc", |path| {
        count += 1;
        let text = super::read(path);
        // As `euc check` reads it: `use` lines name files beside it.
        let analysis = super::analyze_path(path);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(!analysis.diagnostics.is_empty(), "{name} reports nothing");
        // Paths on this machine are left out: snapshots hold on any.
        let root = super::root().display().to_string();
        let rendered = render(&name, &text, &analysis.diagnostics).replace(&root, "<repository>");
        insta::assert_snapshot!(rendered);
    });
    assert!(
        count >= 150,
        "at least 150 distinct mistakes, found {count}"
    );
}

#[test]
fn independent_syntax_mistakes_are_each_reported() {
    let text = "let a = 1 +\npoint A = (0, 0\npoint B = (1, 0)\nline = line(A, B)\nsolve s {\n  goal = A\n  c = circle(A, B)\n}\n";
    let analysis = analyze(text);
    let lines: Vec<usize> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("E000"))
        .map(|d| text[..d.span.start].matches('\n').count() + 1)
        .collect();
    assert_eq!(lines, [1, 2, 4, 6], "{:#?}", analysis.diagnostics);
}

/// `euc explain`'s examples: each code's wrong file gets that code, its
/// right file checks clean, and a code without them says why.
#[test]
fn each_code_has_a_wrong_and_a_right_example() {
    use euc::diag::codes::{example, CODES, WITHOUT_EXAMPLE};
    // As `euc check main.euc` reads them (E0812's file uses itself by name).
    let folder = std::env::temp_dir().join(format!("euc-examples-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("main.euc");
    let analyze = |text: &str| {
        std::fs::write(&file, text).unwrap();
        super::analyze_path(&file)
    };
    let mut faults = Vec::new();
    for known in CODES {
        let without = WITHOUT_EXAMPLE.iter().any(|(code, _)| *code == known.code);
        let Some((wrong, right)) = example(known.code) else {
            if !without {
                faults.push(format!("{}: no example and no reason", known.code));
            }
            continue;
        };
        if without {
            faults.push(format!(
                "{}: an example, yet listed without one",
                known.code
            ));
        }
        let got = analyze(wrong);
        if !got.diagnostics.iter().any(|d| d.code == known.code) {
            faults.push(format!(
                "{}: the wrong example gets {:#?}",
                known.code, got.diagnostics
            ));
        }
        let fixed = analyze(right);
        let noted = |d: &&euc::diag::Diagnostic| d.severity != euc::diag::Severity::Info;
        if fixed.diagnostics.iter().any(|d| noted(&d)) {
            faults.push(format!(
                "{}: the right example gets {:#?}",
                known.code, fixed.diagnostics
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Mistake files that still get more than one error, each kept here until
/// it is mended (docs/design.md, "Mistakes and their fixes"): the ledger
/// below fails when a file not listed gets a second error, and when a
/// listed one no longer does (so the list only shrinks).
const KNOWN_CASCADES: &[&str] = &[
    // Each link of a crossing pair is an error of its own, at the link.
    "planar-crossing.euc",
    "planar-stacked-nodes.euc",
    // Several independent mistakes, each reported (the point of the file).
    "several-syntax-mistakes.euc",
];

#[test]
fn each_mistake_gets_one_error_unless_a_known_cascade() {
    let mut mended = Vec::new();
    let mut cascades = Vec::new();
    insta::glob!("..", "fixtures/mistakes/*.euc", |path| {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let analysis = super::analyze_path(path);
        let errors: Vec<String> = analysis
            .diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.is_error())
            .map(|diagnostic| format!("{} {}", diagnostic.code, diagnostic.message))
            .collect();
        let listed = KNOWN_CASCADES.contains(&name.as_str());
        if listed && errors.len() <= 1 {
            mended.push(name);
        } else if !listed && errors.len() > 1 {
            cascades.push(format!("{name}: {errors:#?}"));
        }
    });
    assert!(
        cascades.is_empty(),
        "more than one error:\n{}",
        cascades.join("\n")
    );
    assert!(
        mended.is_empty(),
        "mended, take them off KNOWN_CASCADES: {mended:?}"
    );
}
