//! Byte spans ↔ LSP positions (UTF-16 columns), and diagnostics to protocol form.

use crate::diag::{Diagnostic, Severity};
use crate::ide;
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
