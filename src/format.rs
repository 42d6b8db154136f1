//! The formatter: indentation by block depth, one space around `=` and
//! binary operators and after commas, none inside brackets, at most one
//! blank line. It works on tokens and keeps every comment and every number
//! as written; it refuses files with syntax errors, and checks its own
//! output (same tokens, same comments) before returning it.

use crate::lex::{lex, Token};
use crate::span::Span;

const INDENT: &str = "  ";

/// A byte-order mark: kept as the file has it, the formatting itself done
/// on the text after it.
const BOM: char = '\u{feff}';

/// The formatted text, or `None` when the file has syntax errors (or, as a
/// safeguard, when formatting would change anything but whitespace).
pub fn format(text: &str) -> Option<String> {
    let (formatted, _) = formatted_lines(text)?;
    let formatted = crate::edit::with_line_breaks_of(text, formatted);
    Some(if text.starts_with(BOM) {
        format!("{BOM}{formatted}")
    } else {
        formatted
    })
}

/// The LF text without the mark formatted, with what each line became
/// (`format_lines`), or `None` as for `format`. CRLF line breaks are
/// formatted as LF; the callers put them back.
fn formatted_lines(text: &str) -> Option<(String, Vec<Option<String>>)> {
    let (_, diagnostics) = crate::parse::parse(text);
    if diagnostics.iter().any(|d| d.is_error()) {
        return None;
    }
    let plain = text.trim_start_matches(BOM).replace("\r\n", "\n");
    let (formatted, lines) = format_lines(&plain);
    let same = same_tokens(&plain, &formatted) && comments(&plain) == comments(&formatted);
    same.then_some((formatted, lines))
}

/// The edits that format the lines `range` touches, each a whole line's
/// text (without its line break) replaced, or a blank line removed with
/// its break; `None` when the file would not be formatted at all
/// (`format`). Lines map one to one, as the formatter changes no line but
/// blank runs, which keep one blank line.
pub fn format_range(text: &str, range: Span) -> Option<Vec<(Span, String)>> {
    let (_, lines) = formatted_lines(text)?;
    let skipped = if text.starts_with(BOM) {
        BOM.len_utf8()
    } else {
        0
    };
    let mut edits = Vec::new();
    let mut start = skipped;
    for (line, formatted) in text[skipped..].split_inclusive('\n').zip(lines) {
        let end = start + line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        // A range ending where a line starts does not touch that line; an
        // empty one touches the line it is on.
        let touched = if range.start == range.end {
            start <= range.start && range.start <= end
        } else {
            start < range.end && range.start < end
        };
        if touched {
            match formatted {
                Some(formatted) if formatted != body => {
                    edits.push((Span::new(start, start + body.len()), formatted));
                }
                Some(_) => {}
                None => edits.push((Span::new(start, end), String::new())),
            }
        }
        start = end;
    }
    Some(edits)
}

/// The formatted text, and for each line of `text` what it became (`None`:
/// a blank line removed).
fn format_lines(text: &str) -> (String, Vec<Option<String>>) {
    let (tokens, _) = lex(text);
    let mut lines: Vec<Option<String>> = Vec::new();
    let mut blank_lines: Vec<usize> = Vec::new();
    let mut out = String::new();
    let mut depth = 0usize;
    let mut parens = 0usize;
    let mut blank_run = 0;
    let mut at = 0; // index into tokens
    let mut line_start = 0;
    let mut after_bar = false;
    for line in text.split_inclusive('\n') {
        let line_end = line_start + line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let mut on_line: Vec<(Token, Span)> = Vec::new();
        while at < tokens.len() && tokens[at].1.start < line_end {
            if !matches!(tokens[at].0, Token::Newline)
                || text[tokens[at].1.range()].starts_with(';')
            {
                on_line.push(tokens[at].clone());
            }
            at += 1;
        }
        let comment = comment_of(body, line_start, &on_line);
        if on_line.is_empty() && comment.is_none() {
            blank_run += 1;
            blank_lines.push(lines.len());
            lines.push(None);
            line_start = line_end;
            continue;
        }
        if blank_run > 0 && !out.is_empty() {
            out.push('\n');
            lines[blank_lines[0]] = Some(String::new());
        }
        blank_run = 0;
        blank_lines.clear();
        let closes_first = matches!(on_line.first(), Some((Token::RBrace, _)));
        // An either-or goal's alternative on a line of its own is indented
        // as a continuation, as inside parentheses.
        // A line that starts by closing the last parenthesis (a tool's
        // parameter list written a line each) stands where it opened.
        let closes_parens =
            parens == 1 && matches!(on_line.first(), Some((Token::RParen | Token::RBracket, _)));
        let continues = (parens > 0 && !closes_parens)
            || after_bar
            || matches!(on_line.first(), Some((Token::Bar, _)));
        let level = depth.saturating_sub(usize::from(closes_first)) + usize::from(continues);
        let mut rendered = INDENT.repeat(level);
        rendered.push_str(&join(text, &on_line));
        if let Some(comment) = comment {
            if !on_line.is_empty() {
                rendered.push(' ');
            }
            rendered.push_str(comment);
        }
        out.push_str(rendered.trim_end());
        out.push('\n');
        lines.push(Some(rendered.trim_end().to_string()));
        after_bar = matches!(on_line.last(), Some((Token::Bar, _)));
        for (token, _) in &on_line {
            match token {
                Token::LBrace => depth += 1,
                Token::RBrace => depth = depth.saturating_sub(1),
                Token::LParen | Token::LBracket => parens += 1,
                Token::RParen | Token::RBracket => parens = parens.saturating_sub(1),
                _ => {}
            }
        }
        line_start = line_end;
    }
    (out, lines)
}

/// The `//` comment ending a line, if any: what follows the line's last token.
fn comment_of<'a>(body: &'a str, line_start: usize, tokens: &[(Token, Span)]) -> Option<&'a str> {
    let after = tokens.last().map_or(0, |(_, span)| {
        span.end.saturating_sub(line_start).min(body.len())
    });
    let rest = body[after..].trim_start();
    rest.starts_with("//").then_some(rest.trim_end())
}

/// The tokens of a line with canonical spacing, each as written.
fn join(text: &str, tokens: &[(Token, Span)]) -> String {
    let mut out = String::new();
    for (index, (token, span)) in tokens.iter().enumerate() {
        // `compass**` and `(circle | compass)**` mean one generator part;
        // a space would split them in two (docs/language.md, "Masks over
        // the L-tools").
        let stars_attached =
            matches!(token, Token::StarStar) && index > 0 && tokens[index - 1].1.end == span.start;
        if index > 0
            && !stars_attached
            && space_between(
                &tokens[index - 1].0,
                token,
                tokens.get(index.wrapping_sub(2)).map(|t| &t.0),
            )
        {
            out.push(' ');
        }
        out.push_str(&text[span.range()]);
    }
    out
}

fn space_between(previous: &Token, next: &Token, before_previous: Option<&Token>) -> bool {
    use Token::*;
    // A minus with nothing to subtract from is unary: no space after it.
    let unary_minus = matches!(previous, Minus)
        && matches!(
            before_previous,
            None | Some(
                LParen | LBracket | Comma | Eq | Plus | Minus | Star | Slash | Amp | Bar | Newline
            )
        );
    if unary_minus {
        return false;
    }
    !matches!(
        (previous, next),
        (LParen | LBracket, _)
            | (_, RParen | RBracket | Comma | Newline)
            | (Ident(_) | Line | Circle | Segment | Ray | Point, LParen)
    )
}

/// The tokens as (kind, text), ignoring line breaks: formatting must not change them.
fn same_tokens(before: &str, after: &str) -> bool {
    let texts = |text: &str| -> Vec<String> {
        lex(text)
            .0
            .into_iter()
            .filter(|(token, span)| {
                !matches!(token, Token::Newline) || text[span.range()].starts_with(';')
            })
            .map(|(_, span)| text[span.range()].to_string())
            .collect()
    };
    texts(before) == texts(after)
}

fn comments(text: &str) -> Vec<String> {
    let (tokens, _) = lex(text);
    let mut found = Vec::new();
    let mut line_start = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let line_end = line_start + line.len();
        let mut on_line = Vec::new();
        while at < tokens.len() && tokens[at].1.start < line_end {
            if !matches!(tokens[at].0, Token::Newline)
                || text[tokens[at].1.range()].starts_with(';')
            {
                on_line.push(tokens[at].clone());
            }
            at += 1;
        }
        if let Some(comment) = comment_of(line.trim_end_matches(['\n', '\r']), line_start, &on_line)
        {
            found.push(comment.to_string());
        }
        line_start = line_end;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::{format, format_range};
    use crate::span::Span;

    #[test]
    fn an_alternative_on_its_own_line_is_indented_as_a_continuation() {
        let text = "solve s {\ngoal X, Y = (A, B)\n| (B, A)\ngoal Z = A |\nB\n}\n";
        let tidy = "solve s {\n  goal X, Y = (A, B)\n    | (B, A)\n  goal Z = A |\n    B\n}\n";
        assert_eq!(format(text).as_deref(), Some(tidy));
        assert_eq!(format(tidy).as_deref(), Some(tidy));
    }

    #[test]
    fn stars_written_against_a_mask_part_stay_there() {
        let text = "solve s {\n  mask ( circle|compass )** line compass **\n}\n";
        let tidy = "solve s {\n  mask (circle | compass)** line compass **\n}\n";
        assert_eq!(format(text).as_deref(), Some(tidy));
    }

    #[test]
    fn spacing_indentation_and_blank_lines() {
        let messy = "point A=(0,0)   // the origin\n\n\n\npoint B = A+( 1 , -2 )\nsolve  s{\ngoal M=midpoint( A,B )\n    mask circle**\n      c1=circle(A,B)\nP, _=c1&c1\n}\n\n";
        let tidy = "point A = (0, 0) // the origin\n\npoint B = A + (1, -2)\nsolve s {\n  goal M = midpoint(A, B)\n  mask circle**\n  c1 = circle(A, B)\n  P, _ = c1 & c1\n}\n";
        assert_eq!(format(messy).as_deref(), Some(tidy));
        assert_eq!(
            format(tidy).as_deref(),
            Some(tidy),
            "formatting twice changes nothing"
        );
    }

    #[test]
    fn unary_minus_and_numbers_as_written() {
        assert_eq!(
            format("let a = -1.50 * - 2\nlet b = (-a, 1e3) - 30deg\n").as_deref(),
            Some("let a = -1.50 * -2\nlet b = (-a, 1e3) - 30deg\n")
        );
    }

    #[test]
    fn expressions_over_several_lines_are_indented() {
        assert_eq!(
            format("let a = midpoint(\n(0, 0),\n(1, 1))\n").as_deref(),
            Some("let a = midpoint(\n  (0, 0),\n  (1, 1))\n")
        );
    }

    /// Applies edits (not overlapping) to `text`.
    fn apply(text: &str, edits: &[(Span, String)]) -> String {
        let mut out = text.to_string();
        for (span, new) in edits.iter().rev() {
            out.replace_range(span.range(), new);
        }
        out
    }

    #[test]
    fn a_range_formats_the_lines_it_touches_alone() {
        let text = "point  A=(0,0)\n\n\n\npoint B =(1,0)\nsolve s {\ngoal M=midpoint(A,B)\n   }\n";
        let second = text.find("point B").unwrap();
        let edits = format_range(text, Span::new(second, second + 3)).unwrap();
        assert_eq!(
            apply(text, &edits),
            "point  A=(0,0)\n\n\n\npoint B = (1, 0)\nsolve s {\ngoal M=midpoint(A,B)\n   }\n"
        );
        // The blank run keeps one line; the lines around it stay as written.
        let blank = text.find("\n\n").unwrap() + 1;
        let edits = format_range(text, Span::new(blank, blank + 3)).unwrap();
        assert_eq!(
            apply(text, &edits),
            "point  A=(0,0)\n\npoint B =(1,0)\nsolve s {\ngoal M=midpoint(A,B)\n   }\n"
        );
        // The whole text as the range is the whole file formatted.
        let edits = format_range(text, Span::new(0, text.len())).unwrap();
        assert_eq!(apply(text, &edits), format(text).unwrap());
        // A byte-order mark and CRLF line breaks are kept.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        let edits = format_range(&crlf, Span::new(0, crlf.len())).unwrap();
        assert_eq!(apply(&crlf, &edits), format(&crlf).unwrap());
        assert_eq!(format_range("point A = (0,", Span::new(0, 3)), None);
    }

    #[test]
    fn broken_files_are_left_alone() {
        assert_eq!(format("point A = (0, 0\n"), None);
    }

    #[test]
    fn a_byte_order_mark_and_crlf_line_breaks_are_kept() {
        assert_eq!(
            format("\u{feff}point A=(0,0)\r\n// c\r\npoint B = A\r\n").as_deref(),
            Some("\u{feff}point A = (0, 0)\r\n// c\r\npoint B = A\r\n")
        );
    }

    #[test]
    fn a_semicolon_inside_parentheses_is_an_error_not_deleted() {
        // It used to parse as `(1 + 2)`, and formatting deleted the `;`.
        assert_eq!(format("let a = (1; + 2)\n"), None);
        let (_, diagnostics) = crate::parse::parse("let a = (1; + 2)\n");
        assert!(
            diagnostics[0].message.ends_with("found `;`"),
            "{diagnostics:?}"
        );
        assert_eq!(
            format("let a = 1;let b = 2\n").as_deref(),
            Some("let a = 1; let b = 2\n")
        );
    }
}
