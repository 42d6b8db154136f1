//! Tokens → syntax tree. Parsing never fails: it returns a tree (with error
//! nodes where it recovered) and the syntax diagnostics.

pub mod ast;
mod confusions;
mod grammar;

use crate::diag::Diagnostic;
use crate::lex::{lex, Token};
use crate::span::{Shift, Span};
use ast::SourceFile;
use chumsky::error::{RichPattern, RichReason};
use chumsky::prelude::*;

/// Lexes and parses a whole text.
pub fn parse(text: &str) -> (SourceFile, Vec<Diagnostic>) {
    parse_range(text, Span::new(0, text.len()))
}

/// Lexes and parses the items in one range of a text, as if the rest were
/// not there; spans are the text's. `range` must start and end on character
/// boundaries. An edit inside one block parses the block alone
/// (`crate::incremental`).
pub fn parse_range(text: &str, range: Span) -> (SourceFile, Vec<Diagnostic>) {
    let Some(part) = text.get(range.range()) else {
        return (SourceFile::default(), Vec::new());
    };
    let (mut tokens, mut diagnostics) = lex(part);
    for (_, span) in &mut tokens {
        *span = Span::new(span.start + range.start, span.end + range.start);
    }
    for diagnostic in &mut diagnostics {
        diagnostic.shift_after(0, range.start as isize);
    }
    drop_overly_nested_statements(&mut tokens, &mut diagnostics);
    close_blocks_left_open(&mut tokens, &mut diagnostics, text);
    let end = SimpleSpan::from(range.end..range.end);
    let tokens: Vec<(Token<'_>, SimpleSpan)> = tokens
        .into_iter()
        .map(|(token, span)| (token, SimpleSpan::from(span.start..span.end)))
        .collect();
    let input = tokens.as_slice().map(end, |(token, span)| (token, span));
    let (file, errors) = grammar::source_file().parse(input).into_output_errors();
    // A character the lexer could not read is the mistake on its line: the
    // parser's error there (a token missing where it was) would only repeat
    // it (docs/design.md, "Mistakes and their fixes").
    let unreadable: Vec<usize> = diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code == "E0001")
        .map(|diagnostic| line_of(text, diagnostic.span.start))
        .collect();
    diagnostics.extend(
        errors
            .iter()
            .map(|error| syntax_error_to_diagnostic(error, text))
            .filter(|diagnostic| {
                diagnostic.code != "E0002"
                    || !unreadable.contains(&line_of(text, diagnostic.span.start))
            }),
    );
    for diagnostic in &mut diagnostics {
        diagnostic.span = clamp(diagnostic.span, text);
    }
    without_echoes_of_a_brace(&mut diagnostics, text);
    diagnostics.sort_by_key(|diagnostic| diagnostic.span.start);
    let mut file = file.unwrap_or_default();
    for item in &mut file.items {
        if let ast::ItemKind::Tool(tool) = &mut std::sync::Arc::make_mut(item).kind {
            tool.doc = doc_comment(text, tool.keyword_span.start);
        }
    }
    (file, diagnostics)
}

/// The `///` lines right above offset `at` (a tool's keyword, first on its
/// line), without the slashes and the one space after them: a tool's doc
/// comment. The lexer skips them as comments, so they are read here.
fn doc_comment(text: &str, at: usize) -> Option<String> {
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    if !before[line_start..].trim().is_empty() {
        return None;
    }
    let mut lines: Vec<&str> = before[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .take_while(|line| line.starts_with("///"))
        .map(|line| {
            let line = &line[3..];
            line.strip_prefix(' ').unwrap_or(line).trim_end()
        })
        .collect();
    lines.reverse();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Operators and parentheses allowed in one statement. Every stage walks
/// expressions recursively, so this bound is what keeps pathological input
/// (thousands of nested parentheses or chained operators) from exhausting the
/// stack; real statements use a few dozen.
const MAX_NESTING: usize = 256;

/// Removes statements with more than `MAX_NESTING` operators or parentheses,
/// leaving a diagnostic in their place.
fn drop_overly_nested_statements(
    tokens: &mut Vec<(Token<'_>, Span)>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut start = 0;
    let mut count = 0;
    let mut index = 0;
    while index <= tokens.len() {
        let boundary = index == tokens.len()
            || matches!(
                tokens[index].0,
                Token::Newline | Token::LBrace | Token::RBrace
            );
        if boundary {
            if count > MAX_NESTING {
                let span = tokens[start].1.to(tokens[index - 1].1);
                diagnostics.push(
                    Diagnostic::error("E0004", span, "this statement is nested too deeply to read")
                        .with_help(format!("split it into several declarations (at most {MAX_NESTING} operators and parentheses each)")),
                );
                tokens.drain(start..index);
                index = start;
            }
            start = index + 1;
            count = 0;
        } else if matches!(
            tokens[index].0,
            Token::LParen
                | Token::LBracket
                | Token::Plus
                | Token::Minus
                | Token::Star
                | Token::Slash
                | Token::Amp
                | Token::Bar
        ) {
            count += 1;
        }
        index += 1;
    }
}

fn syntax_error_to_diagnostic(error: &grammar::ParseError<'_, '_>, text: &str) -> Diagnostic {
    let span = Span::new(error.span().start, error.span().end);
    match error.reason() {
        RichReason::Custom(message) if message == grammar::NEVER_CLOSED => {
            let end = text.trim_end().len();
            let last = Span::new(end.saturating_sub(1), end);
            Diagnostic::error("E0003", span, message.clone())
                .with_label(last, "the file ends here")
                .with_help("close the block with `}` on a line of its own where it ends")
                .with_fix("Close the block at the end", Span::new(end, end), "\n}")
        }
        RichReason::Custom(message) => Diagnostic::error("E0003", span, message.clone()),
        RichReason::ExpectedFound { found, .. } => {
            let found = match found {
                // A `;` is lexed as a line break; name it as written.
                Some(_) if text.get(span.range()) == Some(";") => "`;`".to_string(),
                Some(token) => token.to_string(),
                None => "end of file".to_string(),
            };
            let mut expected: Vec<String> = error.expected().map(pattern_to_text).collect();
            expected.sort();
            expected.dedup();
            if let Some(diagnostic) = confusions::known(found_token(error), &expected, text, span) {
                return diagnostic;
            }
            if let Some(word) = reserved_word_as_name(&expected, found_token(error), text, span) {
                return Diagnostic::error(
                    "E0002",
                    span,
                    format!("`{word}` is a reserved word: it cannot be a name"),
                )
                .with_help(format!(
                    "`{word}` starts a declaration or a drawing; rename it here and wherever it is used, e.g. to `{word}_`"
                ))
                .with_fix(format!("Rename to `{word}_`"), span, format!("{word}_"));
            }
            let message = if expected.is_empty() {
                format!("unexpected {found}")
            } else {
                format!("expected {}, found {found}", one_of(&expected))
            };
            let diagnostic = Diagnostic::error("E0002", span, message);
            let unclosed = expected.iter().any(|e| e == "`)`")
                && matches!(found_token(error), None | Some(Token::Newline));
            if unclosed {
                return diagnostic.with_help("a `(` is not closed");
            }
            match hint(found_token(error), text, span) {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            }
        }
    }
}

/// The keyword found where a name was expected (`line ray = …`: `ray` and
/// `segment` became keywords after files had used them as names).
fn reserved_word_as_name<'a>(
    expected: &[String],
    found: Option<&Token<'_>>,
    text: &'a str,
    span: Span,
) -> Option<&'a str> {
    if !expected.iter().any(|pattern| pattern == "name") {
        return None;
    }
    let keyword = found?.is_keyword();
    let word = text.get(span.range())?;
    (keyword && word.chars().all(|c| c.is_alphabetic())).then_some(word)
}

/// A block left open above another (docs/design.md, "Mistakes and their
/// fixes"): a `solve` or `planar` first on its line inside a block closes
/// the blocks still open there, so that the next block is read as the
/// block it is. One error, at the `{` left open, says so.
fn close_blocks_left_open(
    tokens: &mut Vec<(Token<'_>, Span)>,
    diagnostics: &mut Vec<Diagnostic>,
    text: &str,
) {
    let mut depth = 0usize;
    let mut line_start = true;
    let mut index = 0;
    while index < tokens.len() {
        let (token, span) = (&tokens[index].0, tokens[index].1);
        match token {
            Token::LBrace => depth += 1,
            Token::RBrace => depth = depth.saturating_sub(1),
            Token::Solve | Token::Planar if line_start && depth > 0 => {
                diagnostics.push(confusions::unclosed_above(text, span));
                let at = Span::new(span.start, span.start);
                let closes = std::iter::repeat_n((Token::RBrace, at), depth)
                    .chain(std::iter::once((Token::Newline, at)));
                tokens.splice(index..index, closes);
                index += depth + 1;
                depth = 0;
            }
            _ => {}
        }
        line_start = matches!(tokens[index].0, Token::Newline);
        index += 1;
    }
}

/// One error for one missing brace (docs/design.md, "Mistakes and their
/// fixes"): a block header without its `{` leaves its lines to be read as
/// top-level lines, each an error, up to its `}`.
fn without_echoes_of_a_brace(diagnostics: &mut Vec<Diagnostic>, text: &str) {
    let headless: Vec<(usize, usize)> = diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.message == confusions::MISSING_OPEN)
        .map(|diagnostic| {
            (
                diagnostic.span.end,
                closing_line_after(text, diagnostic.span.end),
            )
        })
        .collect();
    diagnostics.retain(|diagnostic| {
        let echo = diagnostic.code == "E0002"
            && headless
                .iter()
                .any(|&(from, to)| from < diagnostic.span.start && diagnostic.span.start <= to);
        !echo
    });
}

/// Where the first line after `offset` that starts with `}` starts (the
/// end of the text if none does).
fn closing_line_after(text: &str, offset: usize) -> usize {
    let rest = text.get(offset..).unwrap_or("");
    let mut at = offset;
    for line in rest.split_inclusive('\n') {
        if line.trim_start().starts_with('}') {
            return at + (line.len() - line.trim_start().len());
        }
        at += line.len();
    }
    text.len()
}

/// Where the line holding `offset` starts.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |at| at + 1)
}

/// Keeps a span inside the text and on character boundaries, whatever the
/// parser's recovery did with it.
fn clamp(span: Span, text: &str) -> Span {
    let fit = |mut offset: usize| {
        offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    };
    let end = fit(span.end);
    Span::new(fit(span.start).min(end), end)
}

fn found_token<'a, 't>(error: &'a grammar::ParseError<'t, 't>) -> Option<&'a Token<'t>> {
    error.found()
}

/// Hints for the mistakes people make most.
fn hint(found: Option<&Token<'_>>, text: &str, span: Span) -> Option<String> {
    let line_start = text[..span.start.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let line = line.lines().next().unwrap_or("").trim_start();
    match found {
        Some(Token::Ident(_)) if line_start == span.start && !line.starts_with("//") => Some(
            "top-level lines start with `let`, `point`, `line`, `segment`, `ray`, `circle`, `solve`, `planar`, `tool` or `use`; steps go inside a `solve` block or a `tool`"
                .to_string(),
        ),
        Some(Token::Eq) if line.starts_with("goal") => {
            Some("a goal needs a name: `goal M = midpoint(A, B)`".to_string())
        }
        None => Some("the file ended in the middle of a statement".to_string()),
        _ => None,
    }
}

fn pattern_to_text(pattern: &RichPattern<'_, Token<'_>>) -> String {
    match pattern {
        RichPattern::Token(token) => token.to_string(),
        RichPattern::Label(label) => label.to_string(),
        RichPattern::Identifier(word) => format!("`{word}`"),
        RichPattern::Any => "something".to_string(),
        RichPattern::EndOfInput => "end of file".to_string(),
        // The enum is non-exhaustive.
        _ => "something else".to_string(),
    }
}

fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block left open above another: one error at its `{`, and the
    /// next block read as itself, closed, with its own lines.
    #[test]
    fn a_block_left_open_does_not_swallow_the_next() {
        let text = "point A = (0, 0)\nsolve s {\n  goal M = A\n\nsolve t {\n  goal N = A\n}\n";
        let (file, diagnostics) = parse(text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(diagnostics[0].span, Span::new(25, 26));
        let blocks: Vec<(&str, bool, usize)> = file
            .items
            .iter()
            .filter_map(|item| match &item.kind {
                ast::ItemKind::Solve(block) => Some((
                    block.name.as_ref()?.text.as_str(),
                    block.closed,
                    block.items.len(),
                )),
                _ => None,
            })
            .collect();
        assert_eq!(blocks, [("s", false, 1), ("t", true, 1)]);
    }

    /// Both open: an error at each `{`, the last at the file's end.
    #[test]
    fn two_blocks_left_open_are_two_errors() {
        let text = "solve s {\n  goal M = A\nsolve t {\n  goal N = A\n";
        let (_, diagnostics) = parse(text);
        let codes: Vec<(&str, usize)> = diagnostics
            .iter()
            .map(|diagnostic| (diagnostic.code, diagnostic.span.start))
            .collect();
        assert_eq!(codes, [("E0002", 8), ("E0003", 31)]);
    }
}
