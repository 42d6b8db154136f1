//! The house's rules that habit alone let slip (docs/architecture.md):
//! every file says what it owns and has its place in the code map, and no
//! file names another that names it back. Each check is shown failing on
//! a planted violation.

use super::root;
use std::collections::{BTreeMap, BTreeSet};

/// The `.rs` files under src/, by their path from src/, with their text
/// (the purity test's reading of them).
fn source_files() -> BTreeMap<String, String> {
    super::purity::source_files().into_iter().collect()
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

/// The codes a text names as string literals: `"E0404"`, `"W0002"`.
fn code_literals(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(6))
        .filter(|&at| {
            bytes[at] == b'"'
                && matches!(bytes[at + 1], b'E' | b'W')
                && bytes[at + 2..at + 6].iter().all(u8::is_ascii_digit)
                && bytes[at + 6] == b'"'
        })
        .map(|at| text[at + 1..at + 6].to_string())
        .collect()
}

/// The codes the README's table names, a range row ("E0201–E0209") naming
/// each code from its first to its last.
fn readme_codes(readme: &str) -> BTreeSet<String> {
    let table = readme
        .split("### Diagnostic codes")
        .nth(1)
        .and_then(|rest| rest.split("\n#").next())
        .unwrap_or("");
    let mut named = BTreeSet::new();
    for row in table.lines().filter(|line| line.starts_with("| ")) {
        let first_cell = row.split('|').nth(1).unwrap_or("").trim();
        let bounds: Vec<&str> = first_cell.split('–').map(str::trim).collect();
        let parse = |code: &str| -> Option<(char, u32)> {
            let letter = code.chars().next()?;
            Some((letter, code.get(1..)?.parse().ok()?))
        };
        let (Some((letter, low)), Some((_, high))) = (
            bounds.first().and_then(|code| parse(code)),
            bounds.last().and_then(|code| parse(code)),
        ) else {
            continue;
        };
        named.extend((low..=high).map(|number| format!("{letter}{number:04}")));
    }
    named
}

/// `docs/codes.md`, where the editor's link on each diagnostic goes, is the
/// registry's text (`EUC_WRITE_CODES=1 cargo test` writes it again).
#[test]
fn the_page_of_codes_is_the_registry() {
    let path = root().join("docs/codes.md");
    let page = euc::diag::codes::markdown();
    if std::env::var_os("EUC_WRITE_CODES").is_some() {
        std::fs::write(&path, &page).unwrap();
    }
    assert!(
        super::read(&path) == page,
        "docs/codes.md differs from diag::codes: run with EUC_WRITE_CODES=1"
    );
    for known in euc::diag::codes::CODES {
        let anchor = euc::diag::codes::link(known.code);
        let id = anchor.rsplit('#').next().unwrap();
        assert!(page.contains(&format!("<a id=\"{id}\"></a>")), "{anchor}");
    }
}

/// One registry of diagnostic codes (`diag::codes`): every code the
/// source writes is in it with its words, every code in it is written
/// somewhere, and the README's table names exactly its codes.
#[test]
fn every_diagnostic_code_is_registered_once_and_in_the_readme() {
    use euc::diag::codes::CODES;
    let registered: BTreeSet<String> = CODES.iter().map(|c| c.code.to_string()).collect();
    assert_eq!(registered.len(), CODES.len(), "a code registered twice");
    let sources = source_files();
    let mut written = BTreeSet::new();
    for (file, text) in &sources {
        if file != "diag/codes.rs" {
            written.extend(code_literals(text));
        }
    }
    // A code written through its constant (`pub const NAME: &str = "W0002";`).
    for line in sources["diag/codes.rs"].lines() {
        let Some((name, code)) = line
            .strip_prefix("pub const ")
            .and_then(|rest| rest.split_once(": &str = "))
        else {
            continue;
        };
        let used = sources
            .iter()
            .any(|(file, text)| file != "diag/codes.rs" && text.contains(name));
        if used {
            written.extend(code_literals(code));
        }
    }
    let unregistered: Vec<&String> = written.difference(&registered).collect();
    assert!(
        unregistered.is_empty(),
        "codes not in diag::codes: {unregistered:?}"
    );
    let unused: Vec<&String> = registered.difference(&written).collect();
    assert!(
        unused.is_empty(),
        "registered codes nothing writes: {unused:?}"
    );
    let readme = readme_codes(&super::read(&root().join("README.md")));
    assert_eq!(
        readme, registered,
        "README's table of codes and diag::codes differ"
    );
    for known in CODES {
        assert!(
            !known.summary.is_empty() && known.explanation.ends_with('.'),
            "{} needs its words",
            known.code
        );
    }
    // The checks read what they should: a literal in code, a range row.
    assert_eq!(
        code_literals("x(\"E0404\", \"W0002\") \"E04045\" E0101"),
        BTreeSet::from(["E0404".to_string(), "W0002".to_string()])
    );
    assert_eq!(
        readme_codes(
            "### Diagnostic codes\n\n| E0201–E0203 | t |\n| W0001 | w |\n## Next\n| E0999 | x |"
        ),
        BTreeSet::from(["E0201", "E0202", "E0203", "W0001"].map(String::from))
    );
}

/// The methods `src/lsp/ext.rs` declares, by their names on the wire.
fn declared_methods(ext: &str) -> Vec<String> {
    ext.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once(" = \"")?;
            let (method, params) = rest.split_once('"')?;
            params
                .trim_start()
                .starts_with('(')
                .then(|| method.to_string())
        })
        .collect()
}

/// Every `"euc/…"` method a piece of code names.
fn named_methods(text: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for quote in ['"', '\''] {
        let opening = format!("{quote}euc/");
        for (at, _) in text.match_indices(&opening) {
            let rest = &text[at + 1..];
            if let Some(end) = rest.find(quote) {
                named.insert(rest[..end].to_string());
            }
        }
    }
    named
}

/// What a set of files names that `declared` lacks, as "file: method".
fn undeclared(files: &[(String, String)], declared: &[String]) -> Vec<String> {
    let mut missing = Vec::new();
    for (file, text) in files {
        for method in named_methods(text) {
            if !declared.contains(&method) {
                missing.push(format!("{file}: {method}"));
            }
        }
    }
    missing
}

#[test]
fn every_custom_method_is_declared_once_and_documented() {
    let ext = super::read(&root().join("src/lsp/ext.rs"));
    let declared = declared_methods(&ext);
    assert!(declared.len() >= 10, "{declared:?}");
    let unique: BTreeSet<_> = declared.iter().collect();
    assert_eq!(unique.len(), declared.len(), "a method declared twice");
    // One declaration: no other file of the server spells a method.
    let others: Vec<_> = source_files()
        .into_iter()
        .filter(|(file, _)| file.starts_with("lsp/") && file != "lsp/ext.rs")
        .map(|(file, text)| {
            let named = named_methods(&text);
            (file, named)
        })
        .filter(|(_, named)| !named.is_empty())
        .collect();
    assert!(
        others.is_empty(),
        "methods spelled outside ext.rs: {others:?}"
    );
    // The editors call only declared methods.
    let mut editors = Vec::new();
    for dir in ["editors/vscode/src", "editors/board"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ts" || e == "js") {
                editors.push((path.display().to_string(), super::read(&path)));
            }
        }
    }
    let missing = undeclared(&editors, &declared);
    assert!(missing.is_empty(), "undeclared methods: {missing:?}");
    // The design record's table names every one.
    let design = super::read(&root().join("docs/design.md"));
    let table = design
        .split("## The server's own methods")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/design.md has \"The server's own methods\"");
    for method in &declared {
        assert!(
            table.contains(&format!("| `{method}` |")),
            "docs/design.md's table lacks {method}"
        );
    }
    // The check fails on an editor that calls a method nobody declared.
    let planted = [(
        "extension.ts".to_string(),
        "client.sendRequest('euc/boardState', p); client.sendRequest(\"euc/teleport\", q);"
            .to_string(),
    )];
    assert_eq!(
        undeclared(&planted, &declared),
        ["extension.ts: euc/teleport"]
    );
}
