//! The analysis after an edit equals the analysis from scratch: chains of
//! small random edits (what typing does) on every example, Euclidea level
//! and mistake fixture, each analysed both ways.

use euc::analysis::{analyze, Analysis};
use euc::incremental::{reanalyze_shared, reanalyze_telling, Change, Redone};
use euc::span::Span;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Everything the editor and the command line read from an analysis.
fn assert_same(fast: &Analysis, full: &Analysis, case: &str) {
    assert_eq!(fast.text, full.text, "{case}");
    assert_eq!(fast.file(), full.file(), "{case}");
    assert_eq!(fast.diagnostics, full.diagnostics, "{case}");
    assert_eq!(fast.reports, full.reports, "{case}");
    assert_eq!(fast.puzzle_reports, full.puzzle_reports, "{case}");
    assert_eq!(fast.scene().symbols, full.scene().symbols, "{case}");
    assert_eq!(fast.scene().references, full.scene().references, "{case}");
    assert_eq!(fast.scene().problems, full.scene().problems, "{case}");
    assert_eq!(fast.scene().puzzles, full.scene().puzzles, "{case}");
}

/// Blocks with declarations between and after them; block `two` binds a
/// name declared after it (E0104, its label on that later declaration).
const SEVERAL_BLOCKS: &str = "let r = 1\npoint A = (0, 0)\npoint B = (2 * r, 0)\n\
solve one {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\n\
let s = r + 1\npoint D = (0, s)\n\
solve two {\n  goal M = midpoint(A, D)\n  mask line\n  t = circle(A, D)\n}\n\
planar three {\n  node n1 = (0, 0)\n  node n2 = (1, 1)\n  node n3 = (1, 0)\n  edge n1 - n2, n2 - n3\n}\n\
let t = s * 2\nsolve four {\n  goal N = midpoint(B, D)\n}\n";

/// Every example, Euclidea level and mistake fixture, and a file of
/// several blocks (examples hold one block each, at the end: there edits
/// inside a block move the items after it too): their paths and texts.
fn corpus() -> (Vec<std::path::PathBuf>, Vec<String>) {
    let mut paths = super::example_files();
    paths.extend(super::euc_files(
        &super::root().join("tests/fixtures/mistakes"),
    ));
    let mut files: Vec<String> = paths.iter().map(|path| super::read(path)).collect();
    paths.push("(several blocks)".into());
    files.push(SEVERAL_BLOCKS.to_string());
    (paths, files)
}

/// `EUC_FUZZ_SEED` when set (to replay another run), else `default`.
fn fuzz_seed(default: u64) -> u64 {
    std::env::var("EUC_FUZZ_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(default)
}

/// What an edit inserts: a character, a name, a number, a whole step.
const PIECES: &[&str] = &[
    "",
    " ",
    "\n",
    "1",
    "5",
    ".",
    "A",
    "B",
    "x",
    "(",
    ")",
    ",",
    "&",
    "-",
    "_",
    "}",
    "{",
    "é",
    "\n  c9 = circle(A, B)",
    "\n  goal Z = midpoint(A, B)",
    "  mask line",
    "deg",
    "// note",
];

/// Chains of up to five edits at random places of every example, Euclidea
/// level and mistake fixture (seeded: `EUC_FUZZ_SEED` replays another run,
/// `EUC_FUZZ_CASES` sets the number of chains).
#[test]
fn chains_of_edits_give_the_analysis_from_scratch() {
    let (paths, files) = corpus();
    let seed = fuzz_seed(0x1c_ed17);
    let chains = std::env::var("EUC_FUZZ_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(400);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut counts = [0usize; 6];
    for chain in 0..chains {
        let file = rng.random_range(0..files.len());
        let mut text = files[file].clone();
        let mut analysis = analyze(&text);
        for edit in 0..rng.random_range(1..=5) {
            // Edits land in blocks more often than not, as typing does.
            let blocks: Vec<(usize, usize)> = text
                .match_indices('{')
                .filter_map(|(open, _)| Some((open, open + text[open..].find('}')?)))
                .collect();
            let mut start = if blocks.is_empty() || rng.random_ratio(1, 4) {
                rng.random_range(0..=text.len())
            } else {
                let (open, close) = blocks[rng.random_range(0..blocks.len())];
                rng.random_range(open + 1..=close)
            };
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + rng.random_range(0..4)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let piece = PIECES[rng.random_range(0..PIECES.len())];
            text.replace_range(start..end, piece);
            let case = format!(
                "seed {seed}, chain {chain}, edit {edit}: {} with {start}..{end} → {piece:?}, \
                 after {:?}, now {text:?}",
                paths[file].display(),
                analysis.text,
            );
            // Odd chains hand the previous analysis over with the edit's
            // range, as the language server does (every other one without
            // it); even ones lend it.
            let (fast, redone) = if chain % 2 == 1 {
                let change = (chain % 4 == 1).then(|| Change {
                    old: Span::new(start, end),
                    new: Span::new(start, start + piece.len()),
                });
                reanalyze_shared(Arc::new(analysis), Arc::new(text.clone()), change)
            } else {
                reanalyze_telling(&analysis, &text)
            };
            assert_same(&fast, &analyze(&text), &case);
            counts[redone as usize] += 1;
            analysis = fast;
        }
    }
    // The test means something only if many edits took the fast path.
    let [nothing, one_block, one_node, one_declaration, one_parse, everything] = counts;
    let block = one_block + one_node;
    assert!(
        block * 2 >= nothing + block + one_declaration + one_parse + everything && one_parse > 0,
        "one block redone {one_block} times, one node {one_node}, one declaration \
         {one_declaration}, all but the parse {one_parse}, nothing {nothing}, \
         everything {everything}"
    );
}

/// Chains of up to four digits changed in top-level declarations (what
/// trying values out does) of every example, Euclidea level and mistake
/// fixture: each edit's analysis equals the one from scratch, and many
/// redo the declaration alone (`Redone::OneDeclaration`). Many cannot: a
/// digit changed at random often changes the figure's size, which every
/// random instance is drawn relative to, and levels with points dropped
/// anywhere are resolved again whole (docs/design.md, "Analysis after an
/// edit").
#[test]
fn changing_numbers_in_declarations_gives_the_analysis_from_scratch() {
    let (paths, files) = corpus();
    let seed = fuzz_seed(0xd1_617);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut counts = [0usize; 6];
    for (file, original) in files.iter().enumerate() {
        let mut text = original.clone();
        let mut analysis = analyze(&text);
        for edit in 0..rng.random_range(1..=4) {
            let digits = top_level_digits(&text);
            if digits.is_empty() {
                break;
            }
            let at = digits[rng.random_range(0..digits.len())];
            let digit = char::from(b'0' + rng.random_range(0..10u8));
            let inserted = rng.random_ratio(1, 4);
            let end = if inserted { at } else { at + 1 };
            text.replace_range(at..end, &digit.to_string());
            let case = format!(
                "seed {seed}, {} edit {edit}: {at}..{end} → {digit}, now {text:?}",
                paths[file].display()
            );
            let (fast, redone) = if edit % 2 == 0 {
                let change = Change {
                    old: Span::new(at, end),
                    new: Span::new(at, at + 1),
                };
                reanalyze_shared(Arc::new(analysis), Arc::new(text.clone()), Some(change))
            } else {
                reanalyze_telling(&analysis, &text)
            };
            assert_same(&fast, &analyze(&text), &case);
            counts[redone as usize] += 1;
            analysis = fast;
        }
    }
    let [_, _, _, one_declaration, one_parse, everything] = counts;
    assert!(
        one_declaration * 5 >= one_declaration + one_parse + everything,
        "one declaration {one_declaration}, all but the parse {one_parse}, \
         everything {everything}"
    );
}

/// Where the digits of top-level declarations' values are.
fn top_level_digits(text: &str) -> Vec<usize> {
    let mut digits = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let declares = [
            "let ", "point ", "line ", "circle ", "segment ", "ray ", "const ",
        ]
        .iter()
        .any(|keyword| line.starts_with(keyword));
        if let Some(equals) = line.find('=').filter(|_| declares) {
            let value = &line[equals..line.find("//").unwrap_or(line.len())];
            digits.extend(
                value
                    .char_indices()
                    .filter(|(_, c)| c.is_ascii_digit())
                    .map(|(at, _)| offset + equals + at),
            );
        }
        offset += line.len();
    }
    digits
}

#[test]
fn typing_a_step_into_a_block_redoes_that_block_alone() {
    let path = super::root().join("examples/napoleon.euc");
    let mut text = super::read(&path);
    let mut analysis = analyze(&text);
    let at = text.rfind('}').expect("napoleon.euc ends with a block");
    let mut fast = 0;
    for (typed, character) in "  k9 = circle(A, B)\n".chars().enumerate() {
        text.insert(at + typed, character);
        let (next, redone) = reanalyze_telling(&analysis, &text);
        let full = analyze(&text);
        assert_eq!(
            next.diagnostics, full.diagnostics,
            "after {typed} characters"
        );
        fast += usize::from(redone == Redone::OneBlock);
        analysis = next;
    }
    // Half-typed steps are syntax errors inside the block: it still ends at
    // its `}`, so every keystroke redoes this block alone.
    assert_eq!(fast, 20, "keystrokes that redid one block");
}

/// Every example's first block typed again, one character at a time, into
/// its braces: each keystroke's analysis equals the one from scratch.
#[test]
fn typing_each_examples_first_block_gives_the_analysis_from_scratch() {
    for path in super::example_files() {
        let full = super::read(&path);
        let Some(open) = full.find("{\n") else {
            continue;
        };
        let Some(close) = full[open..].find("\n}").map(|end| open + end) else {
            continue;
        };
        let body = &full[open + 2..close];
        let mut text = format!("{}{}", &full[..open + 2], &full[close..]);
        let mut analysis = analyze(&text);
        let mut at = open + 2;
        for character in body.chars() {
            text.insert(at, character);
            at += character.len_utf8();
            let (next, _) = reanalyze_telling(&analysis, &text);
            let case = format!("{} typed to {at}", path.display());
            assert_same(&next, &analyze(&text), &case);
            analysis = next;
        }
        assert_eq!(text, full);
    }
}

/// What an edit of a node's line types: digits, a sign, a point, a name,
/// a stray character; or nothing (a character deleted).
const NODE_PIECES: &[&str] = &[
    "", "", "1", "7", "0", "-", ".", "r", "n2", "(", ",", " ", "x",
];

/// Chains of edits inside the `node` lines of a planar level, between
/// declarations (a node placed at a declared value, stacked nodes, nodes
/// dragged across links): each keystroke's analysis equals the one from
/// scratch, and most redo the edited node alone (`Redone::OneNode`). An
/// edit that leaves a mistake other than a crossing is undone by the next
/// keystroke, as a person would, so that the level stays mostly clean.
#[test]
fn editing_a_planar_levels_nodes_gives_the_analysis_from_scratch() {
    use euc::planar::generate::{generate, Method};
    let level = generate(26, 7, Method::Model);
    let block = euc::planar::write::block_text("tangle", 26, 7, &level.positions, &level.links);
    // One node at a declared value (it reads a name), one stacked on another.
    let block = block.replacen("node n3 = ", "node n3 = P + ", 1).replacen(
        "node n5 = ",
        "node n5 = (0, 0) + 0 * ",
        1,
    );
    let mut text = format!("let r = 1\npoint P = (r, 0)\n{block}let s = 2\n");
    let mut analysis = Arc::new(analyze(&text));
    let mut rng = ChaCha8Rng::seed_from_u64(fuzz_seed(49));
    let mut one_node = 0;
    let mut keystrokes = 0;
    let mut keystroke = |text: &str, analysis: Arc<Analysis>, case: &str| {
        let (next, redone) = reanalyze_shared(analysis, Arc::new(text.to_string()), None);
        let full = analyze(text);
        assert_same(&next, &full, case);
        one_node += usize::from(redone == Redone::OneNode);
        keystrokes += 1;
        Arc::new(next)
    };
    for round in 0..300 {
        let lines: Vec<(usize, usize)> = text
            .match_indices("node ")
            .map(|(at, _)| (at, text[at..].find('\n').unwrap_or(0)))
            .collect();
        let (at, length) = lines[rng.random_range(0..lines.len())];
        let open = text[at..at + length]
            .find('(')
            .map_or(length / 2, |open| open + 1);
        let start = at + rng.random_range(open.min(length)..=length);
        let piece = NODE_PIECES[rng.random_range(0..NODE_PIECES.len())];
        let end = if piece.is_empty() && start < at + length {
            start + text[start..].chars().next().map_or(0, char::len_utf8)
        } else {
            start
        };
        let before = text.clone();
        text.replace_range(start..end, piece);
        let case = format!("round {round}: {piece:?} at {start}");
        analysis = keystroke(&text, analysis, &case);
        if analysis
            .diagnostics
            .iter()
            .any(|d| !d.code.starts_with("E07"))
        {
            text = before;
            analysis = keystroke(&text, analysis, &format!("{case}, undone"));
        }
    }
    assert!(
        one_node * 5 > keystrokes,
        "{one_node} of {keystrokes} keystrokes redid one node alone"
    );
}

/// The node path on texts unlike the level above: CRLF line ends, a comment
/// after a node, coordinates of 1e200 and 1e-200, tabs: each keystroke's
/// analysis still equals the one from scratch.
#[test]
fn node_edits_on_odd_texts_give_the_analysis_from_scratch() {
    for (scale, newline) in [("e200", "\r\n"), ("e-200", "\n"), ("", "\r\n")] {
        let text = format!(
            "planar odd {{{newline}\tnode a = (0{scale}, 0){newline}  node b = (1{scale}, 1{scale}) // b{newline}  \
             node c = (1{scale}, 0){newline}  node d = (0, 1{scale}){newline}  edge a - b, c - d{newline}}}{newline}"
        );
        let mut text = text;
        let mut analysis = Arc::new(analyze(&text));
        let mut one_node = 0;
        let places: Vec<usize> = text.match_indices("(1").map(|(at, _)| at + 1).collect();
        for (round, digit) in "2357913".chars().enumerate() {
            let at = places[round % places.len()];
            text.replace_range(at..at + 1, &digit.to_string());
            let (next, redone) = reanalyze_shared(analysis, Arc::new(text.clone()), None);
            assert_same(
                &next,
                &analyze(&text),
                &format!("{scale:?} {newline:?} round {round}"),
            );
            one_node += usize::from(redone == Redone::OneNode);
            analysis = Arc::new(next);
        }
        assert!(
            one_node > 0,
            "{scale:?} {newline:?}: no edit redid one node"
        );
    }
}
