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
const EDGES: &[&str] = &["cli", "lsp", "deadline.rs", "main.rs"];

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

/// The stages from the bottom up (docs/architecture.md, "Layers"): a module
/// may name the modules before it and itself, never one after it. The
/// edges come last; `cli` runs `lsp` (`euc lsp`), never the other way.
const LAYERS: &[&str] = &[
    "span",
    "diag",
    "geom",
    "tools",
    "lex",
    "parse",
    "resolve",
    "solve",
    "planar",
    "check",
    "edit",
    "analysis",
    "incremental",
    "format",
    "ide",
    "render",
    "door",
    "deadline",
    "lsp",
    "cli",
];

/// The layer of a file under src/: its first component, without `.rs`.
fn layer_of(relative: &str) -> Option<usize> {
    let first = relative.split('/').next()?.trim_end_matches(".rs");
    LAYERS.iter().position(|layer| *layer == first)
}

/// Every `crate::module` a piece of code names, skipping comments and
/// unit-test modules (`#[cfg(test)]` to the module's closing brace at the
/// start of a line: tests may use the whole crate).
fn named_modules(text: &str) -> Vec<(usize, String)> {
    let mut named = Vec::new();
    let mut in_tests = false;
    for (number, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            in_tests = true;
        }
        if in_tests {
            in_tests = line != "}";
            continue;
        }
        if code.starts_with("//") {
            continue;
        }
        let code = code.split("//").next().unwrap_or(code);
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            // `crate::{a, b::c}` names each of a and b.
            let group = rest
                .strip_prefix('{')
                .map_or(rest, |inner| inner.split('}').next().unwrap_or(inner));
            for part in group.split(',') {
                let name: String = part
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    named.push((number + 1, name));
                }
                if !rest.starts_with('{') {
                    break;
                }
            }
        }
    }
    named
}

/// Every upward `crate::…` in src/, as "file:line names module".
fn upward_imports(files: &[(String, String)]) -> Vec<String> {
    let mut upward = Vec::new();
    for (relative, text) in files {
        let Some(own) = layer_of(relative) else {
            continue;
        };
        for (line, name) in named_modules(text) {
            if let Some(other) = LAYERS.iter().position(|layer| *layer == name) {
                if other > own {
                    upward.push(format!("src/{relative}:{line} names `{name}`"));
                }
            }
        }
    }
    upward
}

/// The `.rs` files under src/, by their path from src/, with their text.
pub(super) fn source_files() -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut stack = vec![root().join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root().join("src")).unwrap();
                files.push((relative.to_string_lossy().to_string(), super::read(&path)));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn no_module_names_a_later_stage() {
    let files = source_files();
    // Every top-level module of lib.rs has its place in the order.
    let lib = super::read(&root().join("src/lib.rs"));
    for line in lib.lines() {
        if let Some(module) = line
            .strip_prefix("pub mod ")
            .and_then(|m| m.strip_suffix(';'))
        {
            assert!(
                LAYERS.contains(&module),
                "src/lib.rs: `{module}` has no place in LAYERS"
            );
        }
    }
    let upward = upward_imports(&files);
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
    // The test itself fails on an upward import (here, one planted in geom).
    let planted = vec![(
        "geom/mod.rs".to_string(),
        "use crate::span::Span;\nuse crate::check::Status;\n#[cfg(test)]\nmod tests {\n    use crate::cli::run;\n}\nfn f() -> crate::lsp::Backend {}\n"
            .to_string(),
    )];
    assert_eq!(
        upward_imports(&planted),
        [
            "src/geom/mod.rs:2 names `check`",
            "src/geom/mod.rs:7 names `lsp`"
        ]
    );
}

/// What the edges may name of the crate: the door, spans and diagnostics,
/// the edges' clock, and the edges themselves (`cli` runs `lsp`, the order
/// above keeps it one way). Everything else of the core reaches them
/// through `door` (docs/architecture.md, "The door").
const DOOR: &[&str] = &["door", "span", "diag", "deadline", "lsp", "cli"];

/// Every `crate::…` in an edge file that names a module behind the door.
fn past_the_door(files: &[(String, String)]) -> Vec<String> {
    let mut past = Vec::new();
    for (relative, text) in files {
        let edge = ["cli/", "lsp/", "deadline.rs"]
            .iter()
            .any(|edge| relative.starts_with(edge));
        if !edge {
            continue;
        }
        for (line, name) in named_modules(text) {
            if !DOOR.contains(&name.as_str()) {
                past.push(format!("src/{relative}:{line} names `{name}`"));
            }
        }
    }
    past
}

#[test]
fn the_edges_name_only_the_door() {
    let past = past_the_door(&source_files());
    assert!(
        past.is_empty(),
        "the edges reach past the door (name it in src/door/mod.rs):\n{}",
        past.join("\n")
    );
    // The test itself fails on an edge that reaches past the door.
    let planted = vec![
        (
            "lsp/hover.rs".to_string(),
            "use crate::door::ide;\nuse crate::solve::search::search;\n".to_string(),
        ),
        (
            "cli/new.rs".to_string(),
            "use crate::lsp::run;\nfn f() -> crate::resolve::Scene {}\nuse crate::{span::Span, edit::TextEdit};\n"
                .to_string(),
        ),
        (
            "geom/mod.rs".to_string(),
            "use crate::span::Span;\n".to_string(),
        ),
    ];
    assert_eq!(
        past_the_door(&planted),
        [
            "src/lsp/hover.rs:2 names `solve`",
            "src/cli/new.rs:2 names `resolve`",
            "src/cli/new.rs:3 names `edit`"
        ]
    );
}
