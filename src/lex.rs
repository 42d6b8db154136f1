//! Text → tokens. Characters that start no token become diagnostics and are
//! left out of the stream, so the parser sees the rest and lexing never aborts.

use crate::diag::Diagnostic;
use crate::span::Span;
use logos::Logos;
use std::fmt;

#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(skip r"[ \t\r\f]+")]
// A byte-order mark (editors on Windows write one first) is not content.
#[logos(skip "\u{feff}")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Token<'src> {
    #[token("let")]
    Let,
    #[token("const")]
    Const,
    #[token("point")]
    Point,
    #[token("line")]
    Line,
    #[token("circle")]
    Circle,
    #[token("segment")]
    Segment,
    #[token("ray")]
    Ray,
    #[token("solve")]
    Solve,
    #[token("planar")]
    Planar,
    #[token("goal")]
    Goal,
    #[token("mask")]
    Mask,
    #[token("ignore")]
    Ignore,
    #[token("verify")]
    Verify,

    #[regex(r"[\p{L}_][\p{L}\p{N}_']*")]
    Ident(&'src str),
    #[regex(r"([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", |lex| lex.slice().parse::<f64>().ok())]
    Number(f64),
    #[regex(r"([0-9]+(\.[0-9]*)?|\.[0-9]+)deg", |lex| {
        let text = lex.slice();
        text[..text.len() - 3].parse::<f64>().ok()
    })]
    Degrees(f64),

    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(",")]
    Comma,
    #[token("=")]
    Eq,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("**")]
    StarStar,
    /// `line**` written without a space (with one, it is `line` then `**`).
    #[token("line**")]
    LineStars,
    #[token("circle**")]
    CircleStars,
    #[token("/")]
    Slash,
    #[token("&")]
    Amp,
    /// Between the alternatives of an either-or goal.
    #[token("|")]
    Bar,
    /// Before a tool's results: `tool foot(P = …, l = …) -> F { … }`.
    #[token("->")]
    Arrow,
    /// A path in quotes, as a `use` line names a file: `use "lib/a.euc"`.
    /// The text between the quotes; no escapes, no line breaks.
    #[regex(r#""[^"\n]*""#, |lex| { let text = lex.slice(); &text[1..text.len() - 1] })]
    Text(&'src str),
    /// A line break or `;`: statements end here.
    #[token("\n")]
    Newline,
    /// Becomes a `Newline` once lexed; kept apart until then because a line
    /// break inside parentheses continues the statement and a `;` never
    /// does.
    #[token(";")]
    Semicolon,
}

impl Token<'_> {
    /// A reserved word: it starts a declaration, a drawing or a block item
    /// and cannot be a name (docs/language.md, "Reserved words").
    /// Whether it starts a declaration (`let`, `point`, …).
    pub fn is_declaration(&self) -> bool {
        matches!(
            self,
            Token::Let
                | Token::Const
                | Token::Point
                | Token::Line
                | Token::Circle
                | Token::Segment
                | Token::Ray
        )
    }

    pub fn is_keyword(&self) -> bool {
        self.is_declaration()
            || matches!(
                self,
                Token::Solve
                    | Token::Planar
                    | Token::Goal
                    | Token::Mask
                    | Token::Ignore
                    | Token::Verify
            )
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text = match self {
            Token::Let => "let",
            Token::Const => "const",
            Token::Point => "point",
            Token::Line => "line",
            Token::Circle => "circle",
            Token::Segment => "segment",
            Token::Ray => "ray",
            Token::Solve => "solve",
            Token::Planar => "planar",
            Token::Goal => "goal",
            Token::Mask => "mask",
            Token::Ignore => "ignore",
            Token::Verify => "verify",
            Token::Ident(name) => return write!(f, "`{name}`"),
            Token::Number(value) => return write!(f, "number {value}"),
            Token::Degrees(value) => return write!(f, "angle {value}deg"),
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBrace => "{",
            Token::RBrace => "}",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::Comma => ",",
            Token::Eq => "=",
            Token::Plus => "+",
            Token::Minus => "-",
            Token::Star => "*",
            Token::StarStar => "**",
            Token::LineStars => "line**",
            Token::CircleStars => "circle**",
            Token::Slash => "/",
            Token::Amp => "&",
            Token::Bar => "|",
            Token::Arrow => "->",
            Token::Text(text) => return write!(f, "\"{text}\""),
            Token::Newline => return write!(f, "end of line"),
            Token::Semicolon => return write!(f, "`;`"),
        };
        write!(f, "`{text}`")
    }
}

/// The tokens of a text with their byte spans, and the lexical mistakes.
///
/// Line breaks inside parentheses and brackets are dropped, so an expression
/// may span lines there; everywhere else a line break ends a statement. A
/// line that starts like a new statement ends an unclosed parenthesis, so one
/// missing `)` does not swallow the lines after it.
pub fn lex(text: &str) -> (Vec<(Token<'_>, Span)>, Vec<Diagnostic>) {
    let mut raw = Vec::new();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    for (token, range) in Token::lexer(text).spanned() {
        let span = Span::from(range);
        match token {
            Ok(token) => raw.push((token, span)),
            Err(()) => {
                if let Some(diagnostic) = lookalike(&text[span.range()], span) {
                    diagnostics.push(diagnostic);
                    continue;
                }
                // Merge a run of junk into one diagnostic (not into a
                // lookalike's, which has its fix).
                if let Some(last) = diagnostics.last_mut() {
                    if last.span.end == span.start && last.fixes.is_empty() {
                        last.span.end = span.end;
                        last.message = format!(
                            "unexpected characters `{}`",
                            &text[last.span.range()].escape_debug()
                        );
                        continue;
                    }
                }
                diagnostics.push(
                    Diagnostic::error(
                        "E0001",
                        span,
                        format!("unexpected character `{}`", &text[span.range()].escape_debug()),
                    )
                    .with_help("euc files use names, numbers, `( ) { } [ ] , = + - * / & **` and `//` comments"),
                );
            }
        }
    }
    (join_lines_in_parentheses(raw), diagnostics)
}

/// Characters pasted from documents and other tools, each with what euc
/// writes instead and what it is (docs/design.md, "Mistakes and their
/// fixes").
const LOOKALIKES: &[(char, &str, &str)] = &[
    ('\u{2212}', "-", "a Unicode minus sign"),
    ('\u{2013}', "-", "a dash"),
    ('\u{2014}', "-", "a dash"),
    ('\u{00d7}', "*", "a multiplication sign"),
    ('\u{22c5}', "*", "a dot operator"),
    ('\u{00b7}', "*", "a middle dot"),
    ('\u{00f7}', "/", "a division sign"),
    ('\u{00b0}', "deg", "a degree sign"),
    ('\u{2032}', "", "a prime"),
    ('\u{ff08}', "(", "a full-width parenthesis"),
    ('\u{ff09}', ")", "a full-width parenthesis"),
    ('\u{ff0c}', ",", "a full-width comma"),
];

/// The error for a lookalike character: its name, and the fix that
/// writes what euc reads (`60°` becomes `60deg`).
fn lookalike(found: &str, span: Span) -> Option<Diagnostic> {
    let mut chars = found.chars();
    let (one, None) = (chars.next()?, chars.next()) else {
        return None;
    };
    let &(_, instead, what) = LOOKALIKES.iter().find(|(ch, ..)| *ch == one)?;
    let diagnostic = Diagnostic::error(
        "E0001",
        span,
        format!("unexpected character `{one}` ({what})"),
    );
    Some(match (one, instead) {
        ('\u{00b0}', _) => diagnostic
            .with_help("an angle is a number with `deg` right after it: `60deg`")
            .with_fix("Replace with `deg`", span, "deg"),
        (_, "") => diagnostic
            .with_help("names are letters, digits and `_`: `A1`, not `A′`")
            .with_fix(format!("Delete `{one}`"), span, ""),
        _ => diagnostic
            .with_help(format!("euc reads `{instead}` here"))
            .with_fix(format!("Replace with `{instead}`"), span, instead),
    })
}

fn join_lines_in_parentheses(raw: Vec<(Token<'_>, Span)>) -> Vec<(Token<'_>, Span)> {
    let mut tokens = Vec::with_capacity(raw.len());
    let mut depth = 0usize;
    // Inside a tool's parameter list each parameter may start a line as a
    // declaration does (`P = (0, 2),`): only a brace ends it.
    let mut parameters = false;
    for index in 0..raw.len() {
        match raw[index].0 {
            Token::LParen | Token::LBracket => {
                parameters |= depth == 0 && opens_parameters(&raw[..index]);
                depth += 1;
            }
            Token::RParen | Token::RBracket => {
                depth = depth.saturating_sub(1);
                parameters &= depth > 0;
            }
            // A brace always ends a statement context.
            Token::LBrace | Token::RBrace => {
                depth = 0;
                parameters = false;
            }
            Token::Newline if depth > 0 => {
                if !parameters && starts_statement(&raw[index + 1..]) {
                    depth = 0;
                } else {
                    continue;
                }
            }
            // An either-or goal's alternatives may each start a line with
            // `|` (or end one with it): no statement starts with `|`.
            Token::Newline
                if matches!(tokens.last(), Some((Token::Bar, _)))
                    || matches!(
                        raw[index + 1..]
                            .iter()
                            .find(|(token, _)| *token != Token::Newline),
                        Some((Token::Bar, _))
                    ) =>
            {
                continue;
            }
            // `let a = (1; + 2)` is an unclosed parenthesis, not `(1 + 2)`.
            Token::Semicolon => {
                depth = 0;
                tokens.push((Token::Newline, raw[index].1));
                continue;
            }
            _ => {}
        }
        tokens.push(raw[index].clone());
    }
    tokens
}

/// Whether a `(` after these tokens opens a tool's parameter list: `tool
/// name(` at the start of a line.
fn opens_parameters(before: &[(Token<'_>, Span)]) -> bool {
    match before {
        [.., (Token::Ident("tool"), _), (Token::Ident(_), _)] => {
            before.len() == 2
                || matches!(
                    before[before.len() - 3].0,
                    Token::Newline | Token::Semicolon
                )
        }
        _ => false,
    }
}

/// Whether these tokens look like the start of a statement rather than the
/// continuation of an expression.
fn starts_statement(rest: &[(Token<'_>, Span)]) -> bool {
    matches!(
        rest,
        [
            (Token::Ident("tool"), _),
            (Token::Ident(_), _),
            (Token::LParen, _),
            ..
        ] | [(Token::Ident("use"), _), (Token::Text(_), _), ..]
            | [
                (
                    Token::Let
                        | Token::Const
                        | Token::Point
                        | Token::Solve
                        | Token::Planar
                        | Token::Goal
                        | Token::Mask,
                    _
                ),
                ..
            ]
            | [(Token::Ignore | Token::Verify | Token::RBrace, _), ..]
            | [
                (Token::Line | Token::Circle | Token::Segment | Token::Ray, _),
                (Token::Ident(_), _),
                ..
            ]
            | [(Token::Ident(_), _), (Token::Eq, _), ..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<String> {
        lex(text)
            .0
            .into_iter()
            .map(|(token, _)| token.to_string())
            .collect()
    }

    #[test]
    fn numbers_angles_and_names() {
        assert_eq!(
            kinds("let a = 120deg + 1.5e2 // note"),
            ["`let`", "`a`", "`=`", "angle 120deg", "`+`", "number 150"]
        );
    }

    #[test]
    fn mask_tokens() {
        assert_eq!(
            kinds("mask line** * circle line **"),
            ["`mask`", "`line**`", "`*`", "`circle`", "`line`", "`**`"]
        );
    }

    #[test]
    fn newlines_inside_parentheses_are_dropped() {
        assert_eq!(
            kinds("f(1,\n2)\n"),
            [
                "`f`",
                "`(`",
                "number 1",
                "`,`",
                "number 2",
                "`)`",
                "end of line"
            ]
        );
    }

    #[test]
    fn junk_is_one_diagnostic_and_lexing_goes_on() {
        let (tokens, diagnostics) = lex("let a$$ = 1");
        assert_eq!(tokens.len(), 4);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].span, Span::new(5, 7));
    }

    #[test]
    fn a_byte_order_mark_is_not_content() {
        let (tokens, diagnostics) = lex("\u{feff}let a = 1");
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(tokens[0], (Token::Let, Span::new(3, 6)));
    }
}
