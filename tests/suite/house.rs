//! The house's rules that habit alone let slip (docs/architecture.md):
//! every file says what it owns and has its place in the code map, and no
//! file names another that names it back. Each check is shown failing on
//! a planted violation.

use super::root;
use std::collections::BTreeMap;

/// The `.rs` files under src/, by their path from src/, with their text.
fn source_files() -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut stack = vec![root().join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root().join("src")).expect("under src/");
                let relative = relative.to_string_lossy().replace('\\', "/");
                files.insert(relative, super::read(&path));
            }
        }
    }
    files
}

/// The code map's bullets (docs/architecture.md, "Code map"), each with
/// its continuation lines joined.
fn code_map_bullets(architecture: &str) -> Vec<String> {
    let map = architecture
        .split("## Code map")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or("");
    let mut bullets: Vec<String> = Vec::new();
    for line in map.lines() {
        if let Some(start) = line.strip_prefix("- ") {
            bullets.push(start.to_string());
        } else if line.starts_with("  ") {
            if let Some(last) = bullets.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        }
    }
    bullets
}

/// The files the code map does not name: a file is named by its path
/// from src/ (`ide/hover.rs`), or by its own name (`hover.rs`) in a
/// bullet that names its folder (`ide/`).
fn missing_from_the_map<'a>(
    files: impl Iterator<Item = &'a str>,
    bullets: &[String],
) -> Vec<String> {
    files
        .filter(|file| *file != "main.rs" && *file != "lib.rs")
        .filter(|file| {
            let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
            !bullets.iter().any(|bullet| {
                let bullet = bullet.replace("/ ", "/");
                bullet.contains(&format!("`{file}`"))
                    || bullet.contains(&format!("`{file}`:"))
                    || (!folder.is_empty()
                        && bullet.contains(&format!("{folder}/"))
                        && bullet.contains(&format!("`{name}`")))
            })
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_file_says_what_it_owns_and_is_in_the_code_map() {
    let files = source_files();
    let undocumented: Vec<&String> = files
        .iter()
        .filter(|(_, text)| !text.starts_with("//!"))
        .map(|(file, _)| file)
        .collect();
    assert!(
        undocumented.is_empty(),
        "files without a `//!` first line: {undocumented:?}"
    );
    let bullets = code_map_bullets(&super::read(&root().join("docs/architecture.md")));
    let missing = missing_from_the_map(files.keys().map(String::as_str), &bullets);
    assert!(
        missing.is_empty(),
        "files docs/architecture.md's code map does not name: {missing:?}"
    );
    // The check fails on a file the map does not name, and passes on one
    // named by its path or by its name beside its folder.
    let planted = ["ide/hover.rs", "solve/state/keys.rs", "planar/nowhere.rs"];
    let bullets = [
        "`ide/hover.rs`: hover".to_string(),
        "`solve/state/`: `keys.rs` (keys)".to_string(),
    ];
    assert_eq!(
        missing_from_the_map(planted.into_iter(), &bullets),
        ["planar/nowhere.rs"]
    );
}
