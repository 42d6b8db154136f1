//! Syntax errors people make often, each told as what to write instead,
//! with the fix where it is mechanical (docs/design.md, "Mistakes and
//! their fixes"): a unit or a name apart from its number (`60 deg`,
//! `2pi`), brackets for a point, a keyword misspelt at the top level or in
//! a block, a block's line or a declaration in the wrong place, a `}` that
//! closes nothing.

use crate::diag::similar::closest_among;
use crate::diag::Diagnostic;
use crate::lex::Token;
use crate::span::Span;

/// What starts a top-level line.
const TOP_LEVEL: &[&str] = &[
    "let", "const", "point", "line", "segment", "ray", "circle", "solve", "planar", "tool", "use",
];

/// What starts a line inside a `solve` or `planar` block (steps start with
/// their names).
const IN_BLOCKS: &[&str] = &[
    "goal", "mask", "ignore", "verify", "tools", "count", "stars", "level", "seed", "node", "edge",
];

/// The error for a known confusion, if the parser's error is one: `found`
/// at `span`, where the parser `expected` these (as the message lists
/// them).
pub(super) fn known(
    found: Option<&Token<'_>>,
    expected: &[String],
    text: &str,
    span: Span,
) -> Option<Diagnostic> {
    let expects = |what: &str| expected.iter().any(|item| item == what);
    if let Some(diagnostic) = cut_short(found, &expects, text, span) {
        return Some(diagnostic);
    }
    if let Some(diagnostic) = missing_comma(found, &expects, text, span) {
        return Some(diagnostic);
    }
    let top_level = expects("`solve`");
    let line = Line::at(text, span.start);
    if !top_level
        && line
            .first_word(text)
            .is_some_and(|(word, at)| word == "tools" && at != span)
    {
        return Some(tools_line(span));
    }
    match found? {
        Token::Ident(word) => {
            if let Some(diagnostic) = apart_from_its_number(word, text, span) {
                return Some(diagnostic);
            }
            if top_level && line.starts_at(span.start) {
                return misspelt(word, TOP_LEVEL, span, "a top-level line");
            }
            // `goals C = …`: a step's name and then another name.
            let first = line.first_word(text)?;
            let lone_binder = expects("`=`") && !expects("expression");
            if !top_level && lone_binder && first.1 != span {
                return misspelt(first.0, IN_BLOCKS, first.1, "a block's line");
            }
            None
        }
        Token::LBracket if expects("expression") => Some(brackets(text, span)),
        Token::Number(_)
            if line
                .first_word(text)
                .is_some_and(|(word, _)| word == "stars") =>
        {
            Some(
                Diagnostic::error(
                    "E0002",
                    span,
                    "a star count says which star it is: `e` or `l`",
                )
                .with_help("write `stars e 4` (the E-star), `stars l 2` or both: `stars e 4 l 2`")
                .with_fix(
                    "Count it as the E-star",
                    Span::new(span.start, span.start),
                    "e ",
                ),
            )
        }
        Token::Arrow if expects("`-`") => Some(
            Diagnostic::error("E0002", span, "an edge is written with `-`, not `->`")
                .with_help("links have no direction: `edge a - b`")
                .with_fix("Write `-`", span, "-"),
        ),
        Token::Solve | Token::Planar if !top_level && line.starts_at(span.start) => {
            Some(unclosed_above(text, span))
        }
        Token::Newline if expects("`{`") && header(text, line.first) => Some(
            Diagnostic::error("E0002", span, MISSING_OPEN)
                .with_help("a block's lines go between `{` and `}`: `solve name {`")
                .with_fix("Add the `{`", Span::new(span.start, span.start), " {"),
        ),
        Token::RParen if !expects("`)`") => Some(
            Diagnostic::error("E0002", span, "this `)` closes nothing: one `)` too many")
                .with_help("every `(` before it on the line is closed already; delete this one")
                .with_fix("Delete the `)`", span, ""),
        ),
        Token::RBrace if top_level => Some(
            Diagnostic::error("E0002", span, "this `}` closes no block")
                .with_help("every block's `{` is closed above; delete this one")
                .with_fix("Delete the `}`", span, ""),
        ),
        Token::Goal | Token::Mask | Token::Ignore | Token::Verify
            if top_level && line.starts_at(span.start) =>
        {
            Some(outside_a_block(text.get(span.range())?, span))
        }
        token if token.is_declaration() && !top_level && line.starts_at(span.start) => {
            inside_a_block(text, span)
        }
        _ => None,
    }
}

/// A block's line (`goal`, `mask`, …) at the top level.
fn outside_a_block(word: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0002",
        span,
        format!("a `{word}` line belongs inside a `solve` block"),
    )
    .with_help(format!(
        "move it into the block it is for: `solve name {{ … {word} … }}`"
    ))
}

/// `point P = …` inside a block (a step named `point` is `point =`).
fn inside_a_block(text: &str, span: Span) -> Option<Diagnostic> {
    let after = text.get(span.end..)?.trim_start();
    let named = after.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let word = text.get(span.range())?;
    named.then(|| {
        Diagnostic::error(
            "E0002",
            span,
            format!("a `{word}` declaration belongs at the top level, not in a block"),
        )
        .with_help(
            "declarations come before the blocks; a step inside a block is `name = line(A, B)`, \
             `name = circle(C, P)` or `X = a & b`",
        )
    })
}

/// A `tools` line that does not parse.
fn tools_line(span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0002",
        span,
        "a `tools` line lists tools, separated by commas",
    )
    .with_help("name each L-tool or tool of your own: `tools perp_bisector, parallel`")
}

/// The message of a block header without its `{`: `parse` then leaves out
/// the errors of the block's lines, read as top-level ones, up to its `}`.
pub(super) const MISSING_OPEN: &str = "this block's `{` is missing";

/// The start of the message of a block left open above another.
pub(super) const UNCLOSED: &str = "this block is not closed";

/// Whether the line starting at `first` is a block's header.
fn header(text: &str, first: usize) -> bool {
    let rest = text.get(first..).unwrap_or("");
    ["solve", "planar", "tool "]
        .iter()
        .any(|keyword| rest.starts_with(keyword))
}

/// A `solve` or `planar` line inside a block: the block above was left
/// open. The error is at its `{`, with the place it was likely meant to
/// close and the fix that closes it there.
pub(super) fn unclosed_above(text: &str, span: Span) -> Diagnostic {
    let line_start = Line::at(text, span.start).first;
    let open = text[..line_start]
        .lines()
        .scan(0, |offset, line| {
            let start = *offset;
            *offset += line.len() + 1;
            Some((start, line))
        })
        .filter(|(start, line)| header(text, start + (line.len() - line.trim_start().len())))
        .filter_map(|(start, line)| line.rfind('{').map(|at| start + at))
        .last();
    let fix = (
        "Close the block above here",
        Span::new(line_start, line_start),
        "}\n",
    );
    match open {
        Some(open) => Diagnostic::error(
            "E0002",
            Span::new(open, open + 1),
            format!("{UNCLOSED}: its `{{` has no `}}`"),
        )
        .with_label(span, "the next block starts here")
        .with_help("close it with `}` before the next block")
        .with_fix(fix.0, fix.1, fix.2),
        None => Diagnostic::error("E0002", span, format!("{UNCLOSED} before this line"))
            .with_help("close it with `}` before the next block")
            .with_fix(fix.0, fix.1, fix.2),
    }
}

/// A line that ends before its statement does: a `(` left open (the
/// error on the `(`, the fix closes it at the line's end), or `let a =`
/// with nothing after the `=`.
fn cut_short(
    found: Option<&Token<'_>>,
    expects: &dyn Fn(&str) -> bool,
    text: &str,
    span: Span,
) -> Option<Diagnostic> {
    // A `;` is lexed as a line break, but the line goes on after it.
    let at_a_semicolon = text.get(span.range()) == Some(";");
    if !matches!(found, None | Some(Token::Newline)) || at_a_semicolon {
        return None;
    }
    let line = Line::at(text, span.start);
    let written = text.get(line.first..span.start)?;
    let written = written.split("//").next().unwrap_or(written).trim_end();
    let end = Span::new(line.first + written.len(), line.first + written.len());
    if written.ends_with(',') && !expects("`)`") {
        let comma = Span::new(end.start - 1, end.start);
        return Some(
            Diagnostic::error("E0002", comma, "nothing follows this `,`: the line ends")
                .with_help("name what comes after it on the same line, or delete it")
                .with_fix("Delete the `,`", comma, ""),
        );
    }
    if expects("`)`") {
        let mut open = Vec::new();
        for (at, c) in written.char_indices() {
            match c {
                '(' => open.push(line.first + at),
                ')' => {
                    open.pop();
                }
                _ => {}
            }
        }
        let innermost = *open.last()?;
        let closes = ")".repeat(open.len());
        let what = if open.len() == 1 {
            "this `(` is not closed".to_string()
        } else {
            format!("this `(` and {} before it are not closed", open.len() - 1)
        };
        return Some(
            Diagnostic::error("E0002", Span::new(innermost, innermost + 1), what)
                .with_label(Span::new(end.start - 1, end.start), "the line ends here")
                .with_help(format!(
                    "a statement ends with its line: close it with `{closes}` before the line ends"
                ))
                .with_fix(format!("Add `{closes}`"), end, closes),
        );
    }
    let bound = written.strip_suffix('=')?.trim_end();
    let named = bound.rsplit(' ').next().unwrap_or(bound);
    (expects("expression") && !named.is_empty()).then(|| {
        Diagnostic::error(
            "E0002",
            Span::new(end.start - 1, end.start),
            format!("`{named}` has no value: the line ends after its `=`"),
        )
        .with_help(format!(
            "write what `{named}` is after the `=`, on the same line: `{written} midpoint(A, B)`"
        ))
    })
}

/// `(0 0)` or `circle(A B)`: two items inside parentheses with only spaces
/// between them. The fix writes the comma.
fn missing_comma(
    found: Option<&Token<'_>>,
    expects: &dyn Fn(&str) -> bool,
    text: &str,
    span: Span,
) -> Option<Diagnostic> {
    if !matches!(found?, Token::Number(_) | Token::Ident(_)) || !expects("`,`") || !expects("`)`") {
        return None;
    }
    let before = text.get(..span.start)?;
    let item_end = before.trim_end_matches([' ', '\t']).len();
    let last = before[..item_end].chars().last()?;
    let after_an_item = last.is_alphanumeric() || last == '_' || last == '.' || last == ')';
    // `2 pi` is a product without its `*` (`apart_from_its_number`).
    let a_factor = matches!(found, Some(Token::Ident(_))) && (last.is_ascii_digit() || last == '.');
    if item_end == span.start || !after_an_item || a_factor {
        return None;
    }
    let gap = Span::new(item_end, span.start);
    Some(
        Diagnostic::error("E0002", span, "a `,` is missing before this")
            .with_help(
                "the items inside parentheses are separated by commas: `(0, 0)`, `circle(A, B)`; \
                 to multiply, write `*`",
            )
            .with_fix("Add the `,`", gap, ", "),
    )
}

/// `60 deg` (the unit apart from its number) or `2pi` (a number and a
/// name side by side, no operator between).
fn apart_from_its_number(word: &str, text: &str, span: Span) -> Option<Diagnostic> {
    let before = text.get(..span.start)?;
    // `60degrees` reads as `60deg` and then `rees`.
    let spelt_out = ["degrees", "degree", "degs"].contains(&format!("deg{word}").as_str());
    let after_digit = before
        .strip_suffix("deg")
        .and_then(|number| number.chars().last())
        .is_some_and(|last| last.is_ascii_digit());
    if spelt_out && after_digit {
        return Some(
            Diagnostic::error(
                "E0002",
                Span::new(span.start - 3, span.end),
                format!("`deg{word}`: euc writes degrees as `deg`"),
            )
            .with_help("an angle is a number with `deg` right after it: `60deg`")
            .with_fix("Write `deg`", Span::new(span.start - 3, span.end), "deg"),
        );
    }
    let number_end = before.trim_end_matches([' ', '\t']).len();
    let last = before[..number_end].chars().last()?;
    if !(last.is_ascii_digit() || last == '.') {
        return None;
    }
    // The number's digits and dots are one byte each.
    let digits = before[..number_end]
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let number_start = number_end - digits;
    // A digit ending a name (`A1 pi`) is no number.
    let name_before = before[..number_start]
        .chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    if name_before {
        return None;
    }
    let number = &before[number_start..number_end];
    let gap = Span::new(number_end, span.start);
    let degrees = ["deg".to_string()];
    if gap.start == gap.end && word != "deg" && closest_among(word, &degrees).is_some() {
        return Some(
            Diagnostic::error(
                "E0002",
                Span::new(number_start, span.end),
                format!("`{number}{word}`: euc writes degrees as `deg`"),
            )
            .with_help(format!(
                "an angle is a number with `deg` right after it: `{number}deg`"
            ))
            .with_fix("Write `deg`", span, "deg"),
        );
    }
    if word == "deg" {
        return Some(
            Diagnostic::error(
                "E0002",
                Span::new(number_start, span.end),
                format!("`{number} deg`: the unit goes right after the number"),
            )
            .with_help(format!("write `{number}deg`"))
            .with_fix(format!("Write `{number}deg`"), gap, ""),
        );
    }
    Some(
        Diagnostic::error(
            "E0002",
            Span::new(number_start, span.end),
            format!("a number and a name side by side: `{number}` and `{word}`"),
        )
        .with_help(format!("to multiply them, write `{number} * {word}`"))
        .with_fix(format!("Write `{number} * {word}`"), gap, " * "),
    )
}

/// A misspelt keyword at the start of a line, if one is near enough.
fn misspelt(word: &str, keywords: &[&str], span: Span, place: &str) -> Option<Diagnostic> {
    let candidates: Vec<String> = keywords.iter().map(|k| (*k).to_string()).collect();
    let known_slip = match word {
        "tool" => Some("tools"),
        "goals" => Some("goal"),
        _ => None,
    };
    let close = known_slip
        .filter(|slip| keywords.contains(slip))
        .map(str::to_string)
        .or_else(|| closest_among(word, &candidates).map(str::to_string))?;
    Some(
        Diagnostic::error("E0002", span, format!("`{word}` does not start {place}"))
            .did_you_mean(span, &close),
    )
}

/// `[1, 3]` for a point: the fix writes it with parentheses where the `]`
/// is on the same line.
fn brackets(text: &str, span: Span) -> Diagnostic {
    let diagnostic = Diagnostic::error(
        "E0002",
        span,
        "a point is written with parentheses, not brackets",
    )
    .with_help("write `(x, y)`: `point A = (1, 3)`");
    let rest = &text[span.end..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    match rest[..line_end].find(']') {
        Some(close) => {
            let inner = &rest[..close];
            let whole = Span::new(span.start, span.end + close + 1);
            diagnostic.with_fix("Write it with parentheses", whole, format!("({inner})"))
        }
        None => diagnostic,
    }
}

/// The line a place is on: where it starts, and its first character that
/// is not a space.
struct Line {
    /// Its first character that is not a space.
    first: usize,
}

impl Line {
    fn at(text: &str, offset: usize) -> Line {
        let start = super::line_of(text, offset.min(text.len()));
        let rest = &text[start..];
        let indent = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        Line {
            first: start + indent,
        }
    }

    /// Whether `offset` is the first thing on the line.
    fn starts_at(&self, offset: usize) -> bool {
        offset == self.first
    }

    /// The line's first word and where it is.
    fn first_word<'t>(&self, text: &'t str) -> Option<(&'t str, Span)> {
        let from = self.first;
        let length = text[from..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len() - from);
        (length > 0).then(|| (&text[from..from + length], Span::new(from, from + length)))
    }
}
