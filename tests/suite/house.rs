//! The house's rules that habit alone let slip (docs/architecture.md):
//! every file says what it owns and has its place in the code map, and no
//! file names another that names it back. Each check is shown failing on
//! a planted violation.

use super::root;
use std::collections::{BTreeMap, BTreeSet};

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

/// A file's module path: `solve/state/mod.rs` is `solve::state`,
/// `solve/search.rs` is `solve::search`, `lib.rs` the crate.
fn module_of(file: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if matches!(parts.last(), Some(&"mod") | Some(&"lib")) {
        parts.pop();
    }
    parts
}

/// The file that holds module `path`, if one does.
fn file_of(path: &[&str], files: &BTreeSet<String>) -> Option<String> {
    if path.is_empty() {
        return Some("lib.rs".to_string());
    }
    let joined = path.join("/");
    [format!("{joined}.rs"), format!("{joined}/mod.rs")]
        .into_iter()
        .find(|file| files.contains(file))
}

/// The files a file names through `crate::`, `super::` and `self::` paths
/// outside comments and unit tests, each path taken to the file of its
/// longest prefix that is a module. A `mod.rs` naming its own submodules
/// declares or re-exports them: no edge.
fn named_files(file: &str, text: &str, files: &BTreeSet<String>) -> BTreeSet<String> {
    let own = module_of(file);
    let is_module_root = file.ends_with("mod.rs") || file == "lib.rs";
    let code: String = text
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut named = BTreeSet::new();
    let bytes = code.as_bytes();
    for (start, _) in code.char_indices() {
        let rest = &code[start..];
        let before = start.checked_sub(1).map(|at| bytes[at]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
            continue;
        }
        let Some(head) = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|head| rest.starts_with(head))
        else {
            continue;
        };
        let path: Vec<&str> = rest
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .next()
            .unwrap_or("")
            .split("::")
            .filter(|segment| !segment.is_empty())
            .collect();
        let mut base: Vec<&str> = match head {
            "crate::" => Vec::new(),
            "self::" => own.clone(),
            _ => own[..own.len().saturating_sub(1)].to_vec(),
        };
        let mut segments = &path[1..];
        while segments.first() == Some(&"super") {
            base.pop();
            segments = &segments[1..];
        }
        base.extend_from_slice(segments);
        let target = (0..=base.len())
            .rev()
            .find_map(|length| file_of(&base[..length], files));
        if let Some(target) = target {
            let into_own_subtree = module_of(&target).starts_with(&own);
            if target != file && !(is_module_root && into_own_subtree) {
                named.insert(target);
            }
        }
    }
    named
}

/// The import circles between files: each strongly connected set of two
/// or more files (Tarjan's algorithm), sorted.
fn import_circles(sources: &BTreeMap<String, String>) -> Vec<Vec<String>> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let names: Vec<&String> = files.iter().filter(|file| *file != "main.rs").collect();
    let index_of = |file: &str| names.iter().position(|name| *name == file);
    let edges: Vec<Vec<usize>> = names
        .iter()
        .map(|file| {
            named_files(file, &sources[*file], &files)
                .iter()
                .filter_map(|target| index_of(target))
                .collect()
        })
        .collect();
    struct Tarjan<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    set.push(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    self.found.push(set);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        edges: &edges,
        index: vec![None; names.len()],
        low: vec![0; names.len()],
        stack: Vec::new(),
        on_stack: vec![false; names.len()],
        next: 0,
        found: Vec::new(),
    };
    for v in 0..names.len() {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    let mut circles: Vec<Vec<String>> = tarjan
        .found
        .into_iter()
        .map(|set| {
            let mut set: Vec<String> = set.into_iter().map(|v| names[v].clone()).collect();
            set.sort();
            set
        })
        .collect();
    circles.sort();
    circles
}

/// No file names another that names it back, through any number of files
/// (the solver once had six in one circle: docs/architecture.md).
#[test]
fn no_import_circle_between_files() {
    let circles = import_circles(&source_files());
    assert!(circles.is_empty(), "import circles: {circles:?}");
    // The check finds a planted circle of three files through `super::`
    // and `crate::` paths, and leaves a module's own re-exports alone (a/x
    // names a/mod.rs, which re-exports from a/x: no circle).
    let planted: BTreeMap<String, String> = [
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("a/mod.rs", "mod x;\npub use x::Thing;\npub struct Other;\n"),
        (
            "a/x.rs",
            "use super::super::b::helper;\nuse super::Other;\n",
        ),
        ("b.rs", "use crate::c::run; // a comment naming crate::a\n"),
        ("c.rs", "fn f() -> crate::a::x::Thing {}\n"),
    ]
    .into_iter()
    .map(|(file, text)| (file.to_string(), text.to_string()))
    .collect();
    assert_eq!(import_circles(&planted), [["a/x.rs", "b.rs", "c.rs"]]);
}
