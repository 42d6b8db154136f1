//! The analysis core stays pure: no file system, printing, terminal
//! rendering or protocol types below the `cli` and `lsp` edges.

use super::root;

const FORBIDDEN: &[&str] = &[
    "std::fs",
    "println!",
    "eprintln!",
    "print!(",
    "ariadne",
    "tokio",
    "tower_lsp",
    "std::io",
    "std::time",
];
const EDGES: &[&str] = &["cli", "lsp", "main.rs"];

#[test]
fn core_modules_do_no_io() {
    let mut stack = vec![root().join("src")];
    let mut checked = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path
                .strip_prefix(root().join("src"))
                .unwrap()
                .to_string_lossy()
                .to_string();
            if EDGES
                .iter()
                .any(|edge| relative == *edge || relative.starts_with(&format!("{edge}/")))
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = super::read(&path);
            let code: Vec<&str> = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect();
            for word in FORBIDDEN {
                assert!(
                    !code.iter().any(|line| line.contains(word)),
                    "src/{relative} uses `{word}`: keep I/O in cli/ or lsp/"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 10);
}

/// Imports point down the pipeline (docs/design.md, "Pipeline"): the
/// stages before `check` never name it.
#[test]
fn stages_below_check_do_not_import_it() {
    let mut stack: Vec<_> = [
        "lex.rs", "parse", "resolve", "geom", "solve", "span.rs", "diag.rs",
    ]
    .iter()
    .map(|part| root().join("src").join(part))
    .collect();
    let mut checked = 0;
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).unwrap() {
                stack.push(entry.unwrap().path());
            }
            continue;
        }
        assert!(
            !super::read(&path).contains("crate::check"),
            "{} names crate::check, a later stage",
            path.display()
        );
        checked += 1;
    }
    assert!(checked > 10);
}
