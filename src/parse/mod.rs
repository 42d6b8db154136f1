//! Tokens → syntax tree. Parsing never fails: it returns a tree (with error
//! nodes where it recovered) and the syntax diagnostics.

pub mod ast;
mod grammar;

use crate::diag::Diagnostic;
use crate::lex::{lex, Token};
use crate::span::Span;
use ast::SourceFile;
use chumsky::error::RichReason;
use chumsky::prelude::*;

/// Lexes and parses a whole text.
pub fn parse(text: &str) -> (SourceFile, Vec<Diagnostic>) {
    let (tokens, mut diagnostics) = lex(text);
    let end = SimpleSpan::from(text.len()..text.len());
    let tokens: Vec<(Token<'_>, SimpleSpan)> = tokens
        .into_iter()
        .map(|(token, span)| (token, SimpleSpan::from(span.start..span.end)))
        .collect();
    let input = tokens.as_slice().map(end, |(token, span)| (token, span));
    let (file, errors) = grammar::source_file().parse(input).into_output_errors();
    diagnostics.extend(errors.iter().map(|error| syntax_error_to_diagnostic(error, text)));
    diagnostics.sort_by_key(|diagnostic| diagnostic.span.start);
    (file.unwrap_or_default(), diagnostics)
}

fn syntax_error_to_diagnostic(error: &grammar::ParseError<'_, '_>, text: &str) -> Diagnostic {
    let span = Span::new(error.span().start, error.span().end);
    match error.reason() {
        RichReason::Custom(message) => Diagnostic::error("E0003", span, message.clone()),
        RichReason::ExpectedFound { found, .. } => {
            let found = match found {
                Some(token) => token.to_string(),
                None => "end of file".to_string(),
            };
            let mut expected: Vec<String> = error.expected().map(|pattern| pattern.to_string()).collect();
            expected.sort();
            expected.dedup();
            let message = if expected.is_empty() {
                format!("unexpected {found}")
            } else {
                format!("expected {}, found {found}", one_of(&expected))
            };
            let diagnostic = Diagnostic::error("E0002", span, message);
            match hint(found_token(error), text, span) {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            }
        }
    }
}

fn found_token<'a, 't>(error: &'a grammar::ParseError<'t, 't>) -> Option<&'a Token<'t>> {
    error.found()
}

/// Hints for the mistakes people make most.
fn hint(found: Option<&Token<'_>>, text: &str, span: Span) -> Option<String> {
    let line_start = text[..span.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let line = line.lines().next().unwrap_or("").trim_start();
    match found {
        Some(Token::Ident(_)) if line_start == span.start && !line.starts_with("//") => Some(
            "top-level lines start with `let`, `point`, `line`, `circle`, `solve` or `planar`; steps go inside a `solve` block"
                .to_string(),
        ),
        Some(Token::Eq) if line.starts_with("goal") => {
            Some("a goal needs a name: `goal M = midpoint(A, B)`".to_string())
        }
        None => Some("the file ended in the middle of a statement".to_string()),
        _ => None,
    }
}

fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
