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
    "let", "point", "line", "circle", "solve", "planar", "goal", "mask", "ignore", "verify", "min",
    "max", "level", "seed", "node", "edge", "A", "B", "k", "c1", "_", "sqrt", "on", "center",
    "midpoint", "1", "0", "2.5", "90deg", "(", ")", "{", "}", "[", "]", ",", "=", "+", "-", "*",
    "**", "/", "&", "\n", ";", "//", "é", "$",
];

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
