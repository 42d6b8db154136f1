//! Byte spans ↔ LSP positions (UTF-16 columns), and diagnostics to protocol form.

use crate::diag::{Diagnostic, Severity};
use crate::door::ide;
use crate::span::{LineIndex, Position as LinePosition, Span};
use tower_lsp_server::ls_types as lsp;

/// A document's text with its line index.
pub struct Text<'a> {
    pub text: &'a str,
    pub index: &'a LineIndex,
}

impl Text<'_> {
    pub fn position(&self, offset: usize) -> lsp::Position {
        let position = self.index.position_utf16(self.text, offset);
        lsp::Position::new(position.line as u32, position.column as u32)
    }

    pub fn range(&self, span: Span) -> lsp::Range {
        lsp::Range::new(self.position(span.start), self.position(span.end))
    }

    pub fn offset(&self, position: lsp::Position) -> usize {
        self.index.offset_utf16(
            self.text,
            LinePosition {
                line: position.line as usize,
                column: position.character as usize,
            },
        )
    }

    pub fn span(&self, range: lsp::Range) -> Span {
        let start = self.offset(range.start);
        Span::new(start, self.offset(range.end).max(start))
    }
}

pub fn diagnostic(text: &Text, uri: &lsp::Uri, diagnostic: &Diagnostic) -> lsp::Diagnostic {
    let severity = match diagnostic.severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
    };
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let related: Vec<lsp::DiagnosticRelatedInformation> = diagnostic
        .labels
        .iter()
        .map(|label| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), text.range(label.span)),
            message: label.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: text.range(diagnostic.span),
        severity: Some(severity),
        code: Some(lsp::NumberOrString::String(diagnostic.code.to_string())),
        code_description: crate::diag::codes::link(diagnostic.code)
            .parse()
            .ok()
            .map(|href| lsp::CodeDescription { href }),
        source: Some("euc".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp::Diagnostic::default()
    }
}

#[allow(deprecated)]
/// An outline item as a protocol symbol.
pub fn symbol(text: &Text, item: &ide::OutlineItem) -> lsp::DocumentSymbol {
    lsp::DocumentSymbol {
        name: item.name.clone(),
        detail: (!item.detail.is_empty()).then(|| item.detail.clone()),
        kind: match item.kind {
            ide::OutlineKind::Value => lsp::SymbolKind::CONSTANT,
            ide::OutlineKind::Point | ide::OutlineKind::Step => lsp::SymbolKind::VARIABLE,
            ide::OutlineKind::Line | ide::OutlineKind::Circle => lsp::SymbolKind::OBJECT,
            ide::OutlineKind::SolveBlock | ide::OutlineKind::PlanarBlock => {
                lsp::SymbolKind::NAMESPACE
            }
            ide::OutlineKind::Goal => lsp::SymbolKind::EVENT,
            ide::OutlineKind::Tool => lsp::SymbolKind::FUNCTION,
        },
        tags: None,
        deprecated: None,
        range: text.range(item.span),
        selection_range: text.range(item.selection),
        children: (!item.children.is_empty()).then(|| {
            item.children
                .iter()
                .map(|child| symbol(text, child))
                .collect()
        }),
    }
}

/// A completion item: ranked by `sortText`, a snippet inserted as one
/// where the client takes snippets (else its plain name).
pub fn completion(item: ide::Completion, snippets: bool) -> lsp::CompletionItem {
    let (insert_text, insert_text_format) = match (&item.snippet, snippets) {
        (Some(snippet), true) => (Some(snippet.clone()), Some(lsp::InsertTextFormat::SNIPPET)),
        _ => (None, None),
    };
    lsp::CompletionItem {
        sort_text: Some(format!("{:02}{}", item.rank, item.label)),
        detail: Some(item.detail),
        kind: Some(match item.kind {
            ide::CompletionKind::Name => lsp::CompletionItemKind::VARIABLE,
            ide::CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
            ide::CompletionKind::Function => lsp::CompletionItemKind::FUNCTION,
            ide::CompletionKind::MaskToken => lsp::CompletionItemKind::ENUM_MEMBER,
            ide::CompletionKind::Snippet => lsp::CompletionItemKind::SNIPPET,
        }),
        label: item.label,
        insert_text,
        insert_text_format,
        ..lsp::CompletionItem::default()
    }
}

/// The semantic token legend: one LSP type per `ide::TokenKind`, in its
/// order, standard names so every theme colours them; the computed `let`
/// values are read-only variables, built-in functions default-library ones.
pub fn token_legend() -> lsp::SemanticTokensLegend {
    use lsp::SemanticTokenType as T;
    let types = ide::TokenKind::ALL.map(|kind| match kind {
        ide::TokenKind::Keyword => T::KEYWORD,
        ide::TokenKind::Number => T::NUMBER,
        ide::TokenKind::Comment => T::COMMENT,
        ide::TokenKind::Operator => T::OPERATOR,
        ide::TokenKind::Function | ide::TokenKind::Tool => T::FUNCTION,
        ide::TokenKind::Parameter => T::PARAMETER,
        ide::TokenKind::Value | ide::TokenKind::Step => T::VARIABLE,
        ide::TokenKind::Setup => T::PROPERTY,
        ide::TokenKind::Goal => T::ENUM_MEMBER,
        ide::TokenKind::Block => T::NAMESPACE,
        ide::TokenKind::Node => T::CLASS,
    });
    lsp::SemanticTokensLegend {
        token_types: types.to_vec(),
        token_modifiers: vec![
            lsp::SemanticTokenModifier::DECLARATION,
            lsp::SemanticTokenModifier::READONLY,
            lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
        ],
    }
}

/// Tokens in the protocol's relative encoding (UTF-16 columns).
pub fn semantic_tokens(text: &Text, tokens: &[ide::SemanticToken]) -> Vec<lsp::SemanticToken> {
    let mut encoded = Vec::with_capacity(tokens.len());
    let (mut line, mut column) = (0, 0);
    // Tokens come in order: each position counts on from the last one.
    let mut last = (0, LinePosition { line: 0, column: 0 });
    for token in tokens {
        let at = text
            .index
            .position_utf16_from(text.text, last, token.span.start);
        last = (token.span.start, at);
        let start = lsp::Position::new(at.line as u32, at.column as u32);
        let length: usize = text.text[token.span.start..token.span.end]
            .chars()
            .map(char::len_utf16)
            .sum();
        let kind = ide::TokenKind::ALL
            .iter()
            .position(|kind| *kind == token.kind)
            .unwrap_or_default();
        let mut modifiers = u32::from(token.declaration);
        if token.kind == ide::TokenKind::Value {
            modifiers |= 1 << 1;
        }
        if token.kind == ide::TokenKind::Function {
            modifiers |= 1 << 2;
        }
        let delta_line = start.line - line;
        let delta_start = if delta_line == 0 {
            start.character - column
        } else {
            start.character
        };
        encoded.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length: length as u32,
            token_type: kind as u32,
            token_modifiers_bitset: modifiers,
        });
        (line, column) = (start.line, start.character);
    }
    encoded
}

/// The lines an edit redid (`Analysis::redone`): from `first`, to
/// `old_last` in the text before it and `new_last` in the text after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RedoneLines {
    pub first: u32,
    pub old_last: u32,
    pub new_last: u32,
}

impl RedoneLines {
    /// The lines of `redid`'s part, in the text before and after the edit
    /// (`text`, the same up to the part's start).
    pub fn of(text: &Text, redid: &crate::door::Redid) -> RedoneLines {
        let first = text.position(redid.new.start).line;
        let newlines = |text: &str, span: crate::span::Span| {
            text.get(span.range()).map_or(0, |part| {
                part.bytes().filter(|&byte| byte == b'\n').count() as u32
            })
        };
        RedoneLines {
            first,
            old_last: first + newlines(&redid.before, redid.old),
            new_last: first + newlines(text.text, redid.new),
        }
    }
}

/// The whole text's encoded tokens after an edit that redid some lines
/// alone: `sent`, the tokens of the text before it, with the tokens of the
/// redone lines replaced by `part` (those lines' tokens, encoded from the
/// text's start) and the later ones moved by the lines the edit added or
/// removed. Equal to encoding every token again (tested). Tokens are
/// encoded each from the one before, so the kept ones are copied as they
/// are, but for the first after the part (docs/design.md, "Cost at any
/// size").
pub fn spliced_tokens(
    sent: &[lsp::SemanticToken],
    lines: RedoneLines,
    part: &[lsp::SemanticToken],
) -> Vec<lsp::SemanticToken> {
    // Where each kept run ends: the tokens before the part's first line,
    // with the place of the last of them; then the first token after the
    // part's last line (before the edit), with its line.
    let (mut line, mut column) = (0u32, 0u32);
    let mut before = (0, (0u32, 0u32));
    let mut after = None;
    for (index, token) in sent.iter().enumerate() {
        line += token.delta_line;
        column = if token.delta_line == 0 {
            column + token.delta_start
        } else {
            token.delta_start
        };
        if line > lines.old_last {
            after = Some((index, line));
            break;
        }
        if line < lines.first {
            before = (index + 1, (line, column));
        }
    }
    let mut spliced = Vec::with_capacity(sent.len() + part.len());
    spliced.extend_from_slice(&sent[..before.0]);
    // Each token put after another is encoded from that one's place.
    let mut last = before.1;
    let mut put = |spliced: &mut Vec<lsp::SemanticToken>, (line, column): (u32, u32), token| {
        let delta_line = line - last.0;
        spliced.push(lsp::SemanticToken {
            delta_line,
            delta_start: if delta_line == 0 {
                column - last.1
            } else {
                column
            },
            ..token
        });
        last = (line, column);
    };
    let (mut line, mut column) = (0u32, 0u32);
    for token in part {
        line += token.delta_line;
        column = if token.delta_line == 0 {
            column + token.delta_start
        } else {
            token.delta_start
        };
        put(&mut spliced, (line, column), *token);
    }
    if let Some((index, line)) = after {
        // On a later line than every token before it: its column is its own.
        let moved =
            (i64::from(line) + i64::from(lines.new_last) - i64::from(lines.old_last)) as u32;
        put(&mut spliced, (moved, sent[index].delta_start), sent[index]);
        spliced.extend_from_slice(&sent[index + 1..]);
    }
    spliced
}

/// The one edit that turns `old` tokens into `new` ones: the run between
/// their common start and common end (offsets count integers, five a token).
pub fn token_edits(
    old: &[lsp::SemanticToken],
    new: &[lsp::SemanticToken],
) -> Vec<lsp::SemanticTokensEdit> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    if prefix == old.len() && prefix == new.len() {
        return Vec::new();
    }
    vec![lsp::SemanticTokensEdit {
        start: 5 * prefix as u32,
        delete_count: 5 * (old.len() - prefix - suffix) as u32,
        data: Some(new[prefix..new.len() - suffix].to_vec()),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Analysis};
    use crate::incremental::reanalyze_shared;
    use crate::span::LineIndex;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// Every token of `analysis`, encoded.
    fn encoded(analysis: &Analysis) -> Vec<lsp::SemanticToken> {
        let index = LineIndex::new(&analysis.text);
        let text = Text {
            text: &analysis.text,
            index: &index,
        };
        semantic_tokens(&text, &ide::semantic_tokens(analysis, &analysis.text))
    }

    /// Chains of edits inside blocks and nodes' lines (lines added and
    /// removed among them, non-ASCII text on the lines moved): whenever
    /// the analysis redid a part alone, the tokens spliced from the ones of
    /// the text before equal the whole text's tokens encoded again.
    #[test]
    fn spliced_tokens_are_the_tokens_encoded_again() {
        let mut text = "// é début\nlet r = 1\npoint A = (0, 0)\npoint B = (r, 0)\n\
            solve one {\n  goal C = rotate(B, A, 60deg) // é\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\n\
            planar p {\n  node a = (0, 0)\n  node b = (1, 1) // ü\n  node c = (1, 0)\n  node d = (0, 1)\n  edge a - b, c - d, a - c\n}\n\
            solve two {\n  goal M = midpoint(A, B)\n}\npoint D = (r, 1)\n"
            .to_string();
        let pieces = ["1", "", "-", "\n", "\n  c9 = circle(A, B)\n", "é", " ", "x"];
        let mut analysis = Arc::new(analyze(&text));
        let mut rng = ChaCha8Rng::seed_from_u64(49);
        let mut spliced = 0;
        for round in 0..400 {
            let blocks: Vec<usize> = text.match_indices("  ").map(|(at, _)| at).collect();
            let start = blocks[rng.random_range(0..blocks.len())] + rng.random_range(2..12);
            let start = (start..text.len())
                .find(|&at| text.is_char_boundary(at))
                .unwrap_or(text.len());
            let piece = pieces[rng.random_range(0..pieces.len())];
            let end = if piece.is_empty() {
                start + text[start..].chars().next().map_or(0, char::len_utf8)
            } else {
                start
            };
            let before = text.clone();
            let sent = encoded(&analysis);
            text.replace_range(start..end, piece);
            let (next, _) = reanalyze_shared(analysis, Arc::new(text.clone()), None);
            if let Some(redid) = &next.redone {
                let index = LineIndex::new(&next.text);
                let view = Text {
                    text: &next.text,
                    index: &index,
                };
                let part = semantic_tokens(
                    &view,
                    &ide::semantic_tokens_in(&next, &next.text, redid.new),
                );
                let lines = RedoneLines::of(&view, redid);
                assert_eq!(
                    spliced_tokens(&sent, lines, &part),
                    encoded(&next),
                    "round {round}: {piece:?} at {start}"
                );
                spliced += 1;
            }
            analysis = Arc::new(next);
            if analysis
                .diagnostics
                .iter()
                .any(|d| d.is_error() && !d.code.starts_with("E07"))
            {
                text = before;
                analysis = Arc::new(analyze(&text));
            }
        }
        assert!(spliced > 150, "{spliced} of 400 edits spliced");
    }
}
