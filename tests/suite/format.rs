//! The formatter: examples are already formatted; formatting is idempotent
//! and changes only whitespace.

use euc::format::format;
use proptest::prelude::*;

#[test]
fn examples_are_formatted() {
    let mut files = super::example_files();
    files.push(super::root().join("examples/planar/tangled.euc"));
    for path in files {
        let text = super::read(&path);
        assert_eq!(
            format(&text).as_deref(),
            Some(text.as_str()),
            "{}",
            path.display()
        );
    }
}

/// A tool of your own keeps its doc comment, its parameters (one a line
/// too, the `)` where the list opened) and its body, indented as a block.
#[test]
fn a_tool_definition_keeps_its_shape() {
    let written = "use  \"lib/triangles.euc\"\n\
        /// The tangents from P.\n\
        tool tangents(\n\
        P = (3, 0),\n   \
        O = (0,0),\n\
        circle k = circle(O,(1, 0))\n  \
        )->t1,t2{\n\
        op = line(O, P)\n\
        T1, T2 = k&circle(P,O)\n  \
        t1 = line(P, T1)\n\
        t2 = line(P, T2)\n\
        }\n";
    let formatted = "use \"lib/triangles.euc\"\n\
        /// The tangents from P.\n\
        tool tangents(\n  \
        P = (3, 0),\n  \
        O = (0, 0),\n  \
        circle k = circle(O, (1, 0))\n\
        ) -> t1, t2 {\n  \
        op = line(O, P)\n  \
        T1, T2 = k & circle(P, O)\n  \
        t1 = line(P, T1)\n  \
        t2 = line(P, T2)\n\
        }\n";
    assert_eq!(format(written).as_deref(), Some(formatted));
    assert_eq!(format(formatted).as_deref(), Some(formatted));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Examples with their whitespace scrambled format back to the same text.
    #[test]
    fn scrambled_whitespace_formats_back(seed in any::<u64>()) {
        let files = super::example_files();
        let path = &files[(seed % files.len() as u64) as usize];
        let text = super::read(path);
        let mut scrambled = String::new();
        let mut state = seed;
        for character in text.chars() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match character {
                ' ' if state >> 61 == 0 => {}
                ' ' if state >> 61 == 1 => scrambled.push_str("   "),
                '\n' if state >> 61 == 2 => scrambled.push_str("\n\n\n"),
                _ => scrambled.push(character),
            }
            if character == '\n' && state >> 60 == 3 {
                scrambled.push_str("    ");
            }
        }
        if let Some(formatted) = format(&scrambled) {
            prop_assert_eq!(format(&formatted), Some(formatted.clone()), "idempotent");
        }
    }
}
