//! The step lines a redo puts back, checked before they are written. They
//! come from the client (the page's history, the editor's webview), and any
//! client may send any text: `solve other`, a line separator, a NUL, a line
//! of 60 KB. Written as they came, most such lines left a file that no
//! longer parsed, which an undo could not take back. So every line must
//! parse as one step of the block, alone and in its place.

use crate::edit::{apply_edits, TextEdit};
use crate::parse::ast::{ItemKind, SolveItemKind};
use crate::parse::{parse, parse_range};
use crate::resolve::Problem;
use crate::span::Span;

/// The longest step line a redo writes. The board writes a step as a name,
/// a tool and up to three operands, or a crossing of two objects; names of
/// a few hundred bytes still fit.
pub const MOST_LINE_BYTES: usize = 2_000;

/// The most step lines one redo writes: a shown solution of the longest
/// construction searched (64 moves), each with crossings named first, fits.
pub const MOST_LINES: usize = 1_000;

/// `lines` with their outer blanks (spaces and tabs) trimmed, if each is one step of a solve
/// block on its own, within the bounds.
pub fn step_lines(lines: &[String]) -> Result<Vec<String>, String> {
    const ONE_MOVE: &str = "a redo puts back the step lines of one move";
    if lines.is_empty() {
        return Err(ONE_MOVE.to_string());
    }
    if lines.len() > MOST_LINES {
        return Err(format!(
            "{ONE_MOVE}: {} lines are more than the {MOST_LINES} one redo writes",
            lines.len()
        ));
    }
    let mut trimmed = Vec::with_capacity(lines.len());
    for line in lines {
        if line.len() > MOST_LINE_BYTES {
            return Err(format!(
                "{ONE_MOVE}: a line of {} bytes is longer than the {MOST_LINE_BYTES} a step may have",
                line.len()
            ));
        }
        // A brace or a line break would end the block or the line early;
        // said plainly here rather than as a parse that went wrong.
        if line.contains(['\n', '\r', '{', '}']) {
            return Err(format!(
                "{ONE_MOVE}: a step line has no line breaks or braces"
            ));
        }
        trimmed.push(line.trim_matches([' ', '\t']).to_string());
    }
    let probe = format!("solve probe {{\n{}\n}}\n", trimmed.join("\n"));
    let (file, diagnostics) = parse(&probe);
    if let Some(first) = diagnostics.first() {
        return Err(format!("{ONE_MOVE}, not one that reads: {}", first.message));
    }
    let items = match file.items.as_slice() {
        [item] => match &item.kind {
            ItemKind::Solve(block) => &block.items,
            _ => return Err(ONE_MOVE.to_string()),
        },
        _ => return Err(ONE_MOVE.to_string()),
    };
    let steps = items
        .iter()
        .filter(|item| matches!(item.kind, SolveItemKind::Step(_)))
        .count();
    let whole_lines = items.len() == trimmed.len()
        && items
            .iter()
            .zip(&trimmed)
            .all(|(item, line)| &probe[item.span.range()] == line);
    if steps != items.len() || !whole_lines {
        return Err(format!(
            "{ONE_MOVE}: each line one step (`name = tool(…)` or a crossing)"
        ));
    }
    Ok(trimmed)
}

/// Whether `edits` (one insertion of `lines` at the end of `problem`'s
/// block in `text`) leave the block parsing as before with `lines` as its
/// last steps: a line that reads alone may still join the step before it
/// (`| line(A, B)` continues an either-or) or be spoilt by the block's end.
pub fn reads_back(
    text: &str,
    problem: &Problem,
    edits: &[TextEdit],
    lines: &[String],
) -> Result<(), String> {
    let [insertion] = edits else {
        return Err("a redo inserts its lines in one place".to_string());
    };
    let after = apply_edits(text, edits);
    let grown = after.len() - text.len();
    let inserted = Span::new(insertion.span.start, insertion.span.start + grown);
    let (_, before) = parse_range(text, problem.span);
    let block = Span::new(problem.span.start, problem.span.end + grown);
    let (file, diagnostics) = parse_range(&after, block);
    let spoilt = || {
        format!(
            "a redo puts back lines that read as the last steps of block `{}`; these would not",
            problem.name
        )
    };
    let overlaps = |span: Span| span.start < inserted.end && inserted.start < span.end;
    if diagnostics.len() > before.len() || diagnostics.iter().any(|d| overlaps(d.span)) {
        return Err(spoilt());
    }
    let Some(ItemKind::Solve(solve)) = file.items.first().map(|item| &item.kind) else {
        return Err(spoilt());
    };
    let touched: Vec<_> = solve
        .items
        .iter()
        .filter(|item| overlaps(item.span))
        .collect();
    let exact = touched.len() == lines.len()
        && touched.iter().zip(lines).all(|(item, line)| {
            matches!(item.kind, SolveItemKind::Step(_))
                && item.span.start >= inserted.start
                && item.span.end <= inserted.end
                && &after[item.span.range()] == line
        });
    if exact {
        Ok(())
    } else {
        Err(spoilt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::door::board::redo_move;

    const LEVEL: &str = "point A = (0, 0)\npoint B = (1, 0)\n\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n}\n";

    /// What a redo of `lines` on `LEVEL` (or `text`) makes of it.
    fn redo_on(text: &str, lines: &[String]) -> Result<String, String> {
        let analysis = analyze(text);
        let problem = &analysis.scene().problems[0];
        redo_move(text, problem, lines, None).map(|played| apply_edits(text, &played.edits))
    }

    /// Bodies a hostile or broken client might send as a redo's lines.
    fn hostile() -> Vec<Vec<String>> {
        let one = |line: &str| vec![line.to_string()];
        vec![
            one("solve other"),
            one("l1 = line(A, B)\u{2028}l2 = line(B, A)"),
            one("l1 = line(A,\u{0} B)"),
            one(&format!("l{} = line(A, B)", "x".repeat(60_000))),
            one(&format!("l1 = line(A, B) // {}", "x".repeat(60_000))),
            one("goal m = line(A, B)"),
            one("point Z = (0, 0)"),
            one("tools perpendicular"),
            one("verify A = (0, 0)"),
            one("l1 = line(A, B"),
            one("| circle(B, A)"),
            one("l1 = line(A, B) |"),
            one("l1 = line(A, B); l2 = line(B, A)"),
            one("l1 = line(A, B) l2"),
            one("l1 ="),
            one("// only a comment"),
            one("l1 = line(A, B) // and a comment"),
            one(""),
            one("   "),
            one("l1 = line(A, B)}"),
            one("\u{85}l1 = line(A, B)"),
            vec!["l1 = line(A, B)".to_string(), String::new()],
            vec!["l1 = line(A, B)".to_string(); MOST_LINES + 1],
            Vec::new(),
        ]
    }

    #[test]
    fn every_hostile_redo_is_refused_and_nothing_written() {
        for lines in hostile() {
            let shown: String = format!("{lines:?}").chars().take(80).collect();
            assert!(redo_on(LEVEL, &lines).is_err(), "{shown} was written");
        }
    }

    #[test]
    fn a_line_that_joins_the_step_before_it_is_refused() {
        // Alone, `| line(A, B)` is no step either; in place it would have
        // continued an either-or.
        let text = LEVEL.replace("c1 = circle(A, B)", "c1 = circle(A, B) |");
        assert!(redo_on(&text, &["l1 = line(A, B)".to_string()]).is_err());
    }

    #[test]
    fn good_lines_are_written_trimmed_and_read_back() {
        let lines = vec![
            "  c2 = circle(B, A) ".to_string(),
            "C, _ = c1 & c2".to_string(),
        ];
        let after = redo_on(LEVEL, &lines).unwrap();
        assert!(
            after.ends_with("  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\n"),
            "{after}"
        );
        assert!(!analyze(&after).has_errors(), "{after}");
        // In a file with CRLF line breaks too.
        let crlf = LEVEL.replace('\n', "\r\n");
        let after = redo_on(&crlf, &lines).unwrap();
        assert!(after.ends_with("  C, _ = c1 & c2\r\n}\r\n"), "{after:?}");
    }
}
