//! Diagnostics for people (ariadne, colour only on a terminal) and for tools (JSON).

use crate::diag::{Diagnostic, Severity};
use crate::span::LineIndex;
use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use serde_json::{json, Value};

/// Renders diagnostics as ariadne reports against the source text.
pub fn render_diagnostics(
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    color: bool,
) -> String {
    let mut out = Vec::new();
    let source = Source::from(text);
    for diagnostic in diagnostics {
        let (kind, paint) = match diagnostic.severity {
            Severity::Error => (ReportKind::Error, Color::Red),
            Severity::Warning => (ReportKind::Warning, Color::Yellow),
            Severity::Info => (ReportKind::Advice, Color::Blue),
        };
        let clamp = |span: crate::span::Span| span.start.min(text.len())..span.end.min(text.len());
        let mut report = Report::build(kind, (path, clamp(diagnostic.span)))
            .with_config(
                Config::new()
                    .with_index_type(IndexType::Byte)
                    .with_color(color),
            )
            .with_code(diagnostic.code)
            .with_message(&diagnostic.message)
            .with_label(
                Label::new((path, clamp(diagnostic.span)))
                    .with_message(&diagnostic.message)
                    .with_color(paint),
            );
        for label in &diagnostic.labels {
            report = report.with_label(
                Label::new((path, clamp(label.span)))
                    .with_message(&label.message)
                    .with_color(Color::Blue),
            );
        }
        if let Some(help) = &diagnostic.help {
            report = report.with_help(help);
        }
        // Writing into a Vec cannot fail.
        let _ = report.finish().write((path, &source), &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The stable JSON form of one diagnostic: byte span plus one-based line and
/// column (in characters) for people reading the output.
pub fn diagnostic_to_json(text: &str, index: &LineIndex, diagnostic: &Diagnostic) -> Value {
    let place = |offset: usize| {
        let position = index.position(text, offset);
        json!({ "line": position.line + 1, "column": position.column + 1 })
    };
    json!({
        "severity": diagnostic.severity,
        "code": diagnostic.code,
        "message": diagnostic.message,
        "span": { "start": diagnostic.span.start, "end": diagnostic.span.end },
        "start": place(diagnostic.span.start),
        "end": place(diagnostic.span.end),
        "labels": diagnostic.labels.iter().map(|label| json!({
            "span": { "start": label.span.start, "end": label.span.end },
            "start": place(label.span.start),
            "message": label.message,
        })).collect::<Vec<_>>(),
        "help": diagnostic.help,
    })
}
