//! The analysis never panics or hangs: on arbitrary text, on token soup, and
//! on every prefix of every example (what an editor sees while someone types).

use euc::analysis::analyze;
use proptest::prelude::*;

#[test]
fn every_prefix_of_every_example() {
    for path in super::example_files() {
        let text = super::read(&path);
        for (end, _) in text.char_indices() {
            let _ = analyze(&text[..end]);
        }
    }
}

const WORDS: &[&str] = &[
    "let",
    "const",
    "point",
    "line",
    "segment",
    "ray",
    "circle",
    "solve",
    "planar",
    "goal",
    "mask",
    "ignore",
    "verify",
    "min",
    "max",
    "level",
    "seed",
    "node",
    "edge",
    "A",
    "B",
    "k",
    "c1",
    "_",
    "sqrt",
    "on",
    "any",
    "other",
    "nearer",
    "touch",
    "tools",
    "tool",
    "use",
    "->",
    "\"lib.euc\"",
    "\"main.euc\"",
    "\"x.txt\"",
    "foot",
    "///",
    "compass",
    "compass**",
    "center",
    "midpoint",
    "1",
    "0",
    "2.5",
    "90deg",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ",",
    "=",
    "+",
    "-",
    "*",
    "**",
    "/",
    "&",
    "|",
    "\n",
    ";",
    "//",
    "é",
    "$",
];

/// Every `use` line reads `lib`'s text (the analysed text is `main.euc`,
/// so `use "main.euc"` is a file using itself).
struct OneLibrary {
    lib: String,
}

impl euc::analysis::Sources for OneLibrary {
    fn root(&self) -> Option<String> {
        Some("main.euc".to_string())
    }

    fn load(
        &self,
        _: Option<&str>,
        path: &str,
    ) -> Result<euc::analysis::Source, euc::analysis::LoadError> {
        let id = if path == "main.euc" { path } else { "lib.euc" };
        Ok(euc::analysis::Source {
            id: id.to_string(),
            text: self.lib.clone(),
        })
    }
}

/// A tool's definition and its use, from which token soup is made.
const TOOL_WORDS: &[&str] = &[
    "tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {",
    "m = perpendicular(l, P)",
    "F = l & m",
    "}",
    "use \"lib.euc\"",
    "use \"main.euc\"",
    "use std",
    "tools mid, tangents, circumcircle",
    "M = mid(A, G)",
    "t1, t2, T1, T2 = tangents(A, G, s)",
    "point A = (0, 0)",
    "line s = line(A, (1, 0))",
    "solve s {",
    "tools foot",
    "mask foot**",
    "goal G = A",
    "G = foot(A, s)",
    "G, H = foot(s)",
    "\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Tools and `use` lines in any order, the used file as arbitrary as
    /// the one using it.
    #[test]
    fn tools_and_use_lines_in_any_order(
        main in proptest::collection::vec(proptest::sample::select(TOOL_WORDS), 0..40),
        lib in proptest::collection::vec(proptest::sample::select(TOOL_WORDS), 0..40),
    ) {
        let sources = std::sync::Arc::new(OneLibrary { lib: lib.join("\n") });
        let text = main.join("\n");
        let analysis = euc::analysis::analyze_file(&text, sources);
        for diagnostic in &analysis.diagnostics {
            prop_assert!(diagnostic.span.end <= text.len());
        }
        let _ = euc::format::format(&text);
        let _ = euc::render::render_svg(&analysis, &euc::render::RenderOptions::default());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text(text in "\\PC{0,200}") {
        let _ = analyze(&text);
    }

    #[test]
    fn token_soup(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..80)) {
        let _ = analyze(&words.join(" "));
    }

    #[test]
    fn diagnostic_spans_are_inside_the_text(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..60)) {
        let text = words.join(" ");
        for diagnostic in analyze(&text).diagnostics {
            prop_assert!(diagnostic.span.start <= diagnostic.span.end && diagnostic.span.end <= text.len());
            prop_assert!(text.is_char_boundary(diagnostic.span.start) && text.is_char_boundary(diagnostic.span.end));
        }
    }
}

/// The examples, each with a few characters deleted, inserted or replaced:
/// nearly-valid files reach the deep stages (replay, planar checks, hover,
/// completion, pictures), which token soup rarely does.
fn mutated_example() -> impl Strategy<Value = String> {
    // The examples, the Euclidea levels and every mistake fixture.
    let mut files = super::example_files();
    files.extend(super::euc_files(
        &super::root().join("tests/fixtures/mistakes"),
    ));
    let examples: Vec<String> = files.iter().map(|path| super::read(path)).collect();
    (
        proptest::sample::select(examples),
        proptest::collection::vec(
            (
                any::<prop::sample::Index>(),
                0u8..3,
                proptest::sample::select(
                    &[' ', '(', ')', '&', '_', 'A', '1', '\n', '-', '{', '}', ','][..],
                ),
            ),
            1..4,
        ),
    )
        .prop_map(|(text, edits)| {
            let mut chars: Vec<char> = text.chars().collect();
            for (index, kind, character) in edits {
                if chars.is_empty() {
                    break;
                }
                let at = index.index(chars.len());
                match kind {
                    0 => {
                        chars.remove(at);
                    }
                    1 => chars.insert(at, character),
                    _ => chars[at] = character,
                }
            }
            chars.into_iter().collect()
        })
}

/// The mutation fuzzer's run: seeded, so a failure in CI replays exactly
/// (`EUC_FUZZ_SEED=… cargo test mutated_examples`), and bounded, so it
/// fits the test run; `EUC_FUZZ_CASES` makes a longer run (and `fuzz/` has
/// a cargo-fuzz target for coverage-guided ones).
fn fuzz_config() -> ProptestConfig {
    let from_env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse().ok())
            .unwrap_or(default)
    };
    let seed = from_env("EUC_FUZZ_SEED", 20_261_130);
    eprintln!("mutation fuzzer: seed {seed} (EUC_FUZZ_SEED)");
    ProptestConfig {
        cases: from_env("EUC_FUZZ_CASES", 2_000) as u32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    fn mutated_examples(text in mutated_example(), at in any::<prop::sample::Index>()) {
        let analysis = analyze(&text);
        let offset = at.index(text.len() + 1);
        let offset = (0..=offset).rev().find(|&o| text.is_char_boundary(o)).unwrap_or(0);
        let _ = euc::ide::hover(&analysis, offset);
        let _ = euc::ide::completions(&analysis, &text, offset);
        let _ = euc::ide::references(&analysis, offset);
        let _ = euc::ide::rename(&analysis, offset, "fresh");
        let _ = euc::ide::inlay_hints(&analysis, euc::span::Span::new(0, text.len()));
        let _ = euc::ide::outline(&analysis);
        let _ = euc::render::render_svg(&analysis, &euc::render::RenderOptions::default());
    }
}
