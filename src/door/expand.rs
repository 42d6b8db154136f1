//! `euc compile --expand`: a file with every use of a tool of your own
//! written out as its tool's body, so that it holds lines, circles and
//! L-tools only (`edit::expand`; docs/language.md, "Tools of your own").

use crate::analysis::Analysis;
use crate::edit::{apply_edits, expand::expand_uses};

/// The file's text with every use written out, or why it cannot be: the
/// file has errors, or a use's operands cannot be written as steps.
pub fn expand(analysis: &Analysis) -> Result<String, String> {
    if analysis.has_errors() {
        return Err("the file has errors: fix them first".to_string());
    }
    let text: &str = &analysis.text;
    let edits = expand_uses(text, analysis.file(), analysis.scene())?;
    Ok(apply_edits(text, &edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, analyze_file, LoadError, Source, Sources};
    use std::sync::Arc;

    /// examples/lib/triangles.euc, as `use "lib/triangles.euc"` reads it.
    struct Library;

    impl Sources for Library {
        fn load(&self, _from: Option<&str>, path: &str) -> Result<Source, LoadError> {
            assert_eq!(path, "lib/triangles.euc");
            Ok(Source {
                id: path.to_string(),
                text: include_str!("../../examples/lib/triangles.euc").into(),
            })
        }
    }

    /// Each block's E count, as `check` counts it.
    fn e_counts(analysis: &Analysis) -> Vec<usize> {
        analysis.reports.iter().map(|report| report.moves).collect()
    }

    /// The file expanded checks clean, with no use left and each block's E
    /// count as before.
    fn check(analysis: &Analysis) -> String {
        assert!(!analysis.has_errors(), "{:?}", analysis.diagnostics);
        let expanded = expand(analysis).unwrap();
        let again = analyze(&expanded);
        assert!(!again.has_errors(), "{expanded}\n{:?}", again.diagnostics);
        assert!(again.scene().tools.is_empty(), "{expanded}");
        assert_eq!(e_counts(&again), e_counts(analysis), "{expanded}");
        for report in &again.reports {
            assert_eq!(report.status, crate::check::Status::Solved, "{expanded}");
        }
        expanded
    }

    #[test]
    fn expanding_the_examples_keeps_their_e_counts() {
        let own = check(&analyze(include_str!("../../examples/tools-own.euc")));
        for line in [
            "  tools perpendicular\n",
            "  bc_1 = line(B, C)\n  ha = perpendicular(bc_1, A)\n",
            "  bc_2 = line(C, A)\n  hb = perpendicular(bc_2, B)\n",
            "  tools perp_bisector\n",
            "  t = line(P, T1_1)\n  t2_1 = line(P, T2_1)\n",
        ] {
            assert!(own.contains(line), "{line} in {own}");
        }
        assert!(!own.contains("tool ") && !own.contains("///"), "{own}");
        let text = include_str!("../../examples/tools-imported.euc");
        let imported = check(&analyze_file(text, Arc::new(Library)));
        // Nested: `median` uses `middle`, written out too.
        for line in [
            "  ab_1 = line(B, C)\n  bisector_1 = perp_bisector(B, C)\n  M_1 = ab_1 & bisector_1\n  ma = line(A, M_1)\n",
            "  m_1 = perpendicular(ab, C)\n  F = ab & m_1\n",
        ] {
            assert!(imported.contains(line), "{line} in {imported}");
        }
        assert!(!imported.contains("use "), "{imported}");
    }

    #[test]
    fn a_line_parameter_given_a_segment_cannot_be_written_out() {
        let text = "point A = (0, 0)\npoint B = (4, 0)\npoint X = (1, 2)\nsegment s = segment(A, B)\ntool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\nsolve s2 {\n  tools foot\n  goal G = project(X, line(A, B))\n  G = foot(X, s)\n}\n";
        let analysis = analyze(text);
        let why = expand(&analysis).unwrap_err();
        assert!(
            why.contains("block `s2`: `foot`'s parameter `l` is a line"),
            "{why}"
        );
    }
}
