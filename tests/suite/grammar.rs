//! The tree-sitter grammar (grammar/tree-sitter-euc): it parses every file
//! the compiler accepts, its corpus gives the trees written down, and its
//! queries compile and colour a line as the README says.

use std::path::Path;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Language, Parser, Query, QueryCursor, Tree};

fn language() -> Language {
    tree_sitter_euc::LANGUAGE.into()
}

fn parse(text: &str) -> Tree {
    let mut parser = Parser::new();
    parser.set_language(&language()).unwrap();
    parser.parse(text, None).expect("the parser returns a tree")
}

/// The first ERROR or MISSING node, as line:column and its text.
fn first_error(tree: &Tree, text: &str) -> Option<String> {
    let mut cursor = tree.walk();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            let at = node.start_position();
            return Some(format!(
                "{}:{} {:?}",
                at.row + 1,
                at.column + 1,
                &text[node.byte_range()]
            ));
        }
        stack.extend(node.children(&mut cursor));
    }
    None
}

#[test]
fn every_valid_file_parses_without_errors() {
    let mut files = super::example_files();
    files.extend(super::euc_files(&super::root().join("examples/planar")));
    assert!(files.len() > 30);
    for path in files {
        let text = super::read(&path);
        let tree = parse(&text);
        if let Some(error) = first_error(&tree, &text) {
            panic!(
                "{}: {error}\n{}",
                path.display(),
                tree.root_node().to_sexp()
            );
        }
    }
}

#[test]
fn every_mistake_parses_to_a_tree() {
    // Mistakes may give ERROR nodes, but the parser always ends with a
    // tree covering the whole file (what an editor shows while you type).
    for path in super::euc_files(&super::root().join("tests/fixtures/mistakes")) {
        let text = super::read(&path);
        let tree = parse(&text);
        assert_eq!(
            tree.root_node().end_byte(),
            text.len(),
            "{}",
            path.display()
        );
    }
}

/// The entries of a corpus file: name, source, expected tree.
fn corpus_entries(text: &str) -> Vec<(String, String, String)> {
    let mut entries = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.starts_with("===") {
            continue;
        }
        let name = lines.next().unwrap_or_default().trim().to_string();
        lines.next(); // the closing ===
        let mut source = String::new();
        for line in lines.by_ref() {
            if line.starts_with("---") {
                break;
            }
            source.push_str(line);
            source.push('\n');
        }
        let mut tree = String::new();
        while let Some(line) = lines.peek() {
            if line.starts_with("===") {
                break;
            }
            tree.push_str(lines.next().unwrap());
            tree.push(' ');
        }
        entries.push((name, source.trim().to_string() + "\n", tree));
    }
    entries
}

/// A tree without field names and with single spaces, for comparing.
fn normalized(tree: &str) -> String {
    let without_fields: Vec<&str> = tree
        .split_whitespace()
        .filter(|word| !word.ends_with(':'))
        .collect();
    without_fields
        .join(" ")
        .replace("( ", "(")
        .replace(" )", ")")
}

#[test]
fn the_corpus_gives_the_trees_written_down() {
    let corpus = super::root().join("grammar/tree-sitter-euc/test/corpus");
    let mut count = 0;
    for entry in std::fs::read_dir(&corpus).unwrap() {
        let path = entry.unwrap().path();
        for (name, source, expected) in corpus_entries(&super::read(&path)) {
            let tree = parse(&source);
            assert_eq!(
                normalized(&tree.root_node().to_sexp()),
                normalized(&expected),
                "{}: {name}",
                path.display()
            );
            count += 1;
        }
    }
    assert!(count >= 8, "only {count} corpus entries");
}

fn queries(folder: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "scm"))
        .map(|path| (path.display().to_string(), super::read(&path)))
        .collect();
    found.sort();
    found
}

#[test]
fn every_query_compiles() {
    let folders = [
        "grammar/tree-sitter-euc/queries",
        "editors/helix/runtime/queries/euc",
    ];
    for folder in folders {
        let found = queries(&super::root().join(folder));
        assert!(found.len() >= 4, "{folder}");
        for (path, query) in found {
            if let Err(error) = Query::new(&language(), &query) {
                panic!("{path}: {error}");
            }
        }
    }
}

/// The capture each identifier of `text` gets: the last matching pattern,
/// Neovim's rule and Helix's since 25.07 (before, Helix took the first; a
/// query written for that left every name plain in Helix 25.07's
/// screenshot).
fn captures(query: &str, text: &str) -> Vec<(String, String)> {
    let query = Query::new(&language(), query).unwrap();
    let tree = parse(text);
    let mut by_node: Vec<(std::ops::Range<usize>, usize, String)> = Vec::new();
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(&query, tree.root_node(), text.as_bytes());
    while let Some(found) = matches.next() {
        for capture in found.captures() {
            let name = query.capture_names()[capture.index as usize].to_string();
            by_node.push((capture.node.byte_range(), found.pattern_index, name));
        }
    }
    let mut words = Vec::new();
    for range in by_node.iter().map(|(range, ..)| range.clone()) {
        if words
            .iter()
            .any(|(r, _): &(std::ops::Range<usize>, String)| *r == range)
        {
            continue;
        }
        let mut candidates: Vec<&(std::ops::Range<usize>, usize, String)> =
            by_node.iter().filter(|(r, ..)| *r == range).collect();
        candidates.sort_by_key(|(_, pattern, _)| *pattern);
        let chosen = candidates.last().expect("captured");
        words.push((range, chosen.2.clone()));
    }
    words
        .into_iter()
        .map(|(range, capture)| (text[range].to_string(), capture))
        .collect()
}

#[test]
fn highlights_tell_the_kinds_of_names_apart() {
    let text = "// a\npoint A = (0, 0)\ncircle k = circle(A, 1)\nlet r = 2\nsolve s {\n  goal M = midpoint(A, k)\n  mask circle**\n}\n";
    let nvim = captures(tree_sitter_euc::HIGHLIGHTS_QUERY, text);
    let helix = captures(
        &super::read(&super::root().join("editors/helix/runtime/queries/euc/highlights.scm")),
        text,
    );
    let of = |list: &[(String, String)], word: &str| {
        list.iter()
            .find(|(text, _)| text == word)
            .map(|(_, capture)| capture.clone())
            .unwrap_or_default()
    };
    for (word, in_nvim, in_helix) in [
        ("// a", "comment", "comment"),
        ("point", "keyword", "keyword"),
        ("A", "variable.parameter", "variable.parameter"),
        ("k", "variable.member", "variable.other.member"),
        ("r", "constant", "constant"),
        ("s", "module", "namespace"),
        ("M", "constant.builtin", "constant.builtin"),
        ("midpoint", "function.builtin", "function.builtin"),
        ("0", "number", "constant.numeric"),
    ] {
        assert_eq!(of(&nvim, word), in_nvim, "Neovim: {word} in {nvim:?}");
        assert_eq!(of(&helix, word), in_helix, "Helix: {word} in {helix:?}");
    }
}

#[test]
fn highlights_tell_tools_of_your_own_apart() {
    let text = "use \"lib/a.euc\"\nuse std\n/// The foot.\ntool foot(P = (0, 2), line l = line((0, 0), (1, 0))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\nsolve s {\n  tools foot\n  G = foot(A, ab)\n}\n";
    let nvim = captures(tree_sitter_euc::HIGHLIGHTS_QUERY, text);
    let helix = captures(
        &super::read(&super::root().join("editors/helix/runtime/queries/euc/highlights.scm")),
        text,
    );
    let of = |list: &[(String, String)], word: &str| {
        list.iter()
            // A comment after a statement starts at the line break before
            // it (the grammar's lexer takes it as the comment's start).
            .find(|(text, _)| text.trim_start() == word)
            .map(|(_, capture)| capture.clone())
            .unwrap_or_default()
    };
    let foots: Vec<&str> = nvim
        .iter()
        .filter(|(text, _)| text == "foot")
        .map(|(_, capture)| capture.as_str())
        .collect();
    // The definition, the `tools` line's name, the use.
    assert_eq!(foots, ["function", "variable", "function.call"]);
    for (word, in_nvim, in_helix) in [
        (
            "/// The foot.",
            "comment.documentation",
            "comment.line.documentation",
        ),
        ("tool", "keyword.function", "keyword.function"),
        ("use", "keyword.import", "keyword.control.import"),
        (
            "\"lib/a.euc\"",
            "string.special.path",
            "string.special.path",
        ),
        ("std", "module", "namespace"),
        ("foot", "function", "function"),
        ("P", "variable.parameter", "variable.parameter"),
        ("perpendicular", "function.builtin", "function.builtin"),
    ] {
        assert_eq!(of(&nvim, word), in_nvim, "Neovim: {word} in {nvim:?}");
        assert_eq!(of(&helix, word), in_helix, "Helix: {word} in {helix:?}");
    }
}
