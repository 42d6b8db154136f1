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
            "end": place(label.span.end),
            "message": label.message,
        })).collect::<Vec<_>>(),
        "help": diagnostic.help,
    })
}

/// GitHub Actions workflow commands, one per diagnostic: the run shows each
/// as an annotation on the file's line (`::error file=…,line=…::message`).
pub fn github_annotations(path: &str, text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let command = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let start = index.position(text, diagnostic.span.start);
        let end = index.position(text, diagnostic.span.end);
        let mut message = diagnostic.message.clone();
        if let Some(help) = &diagnostic.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        out.push_str(&format!(
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            escape_property(path),
            start.line + 1,
            start.column + 1,
            end.line + 1,
            end.column + 1,
            escape_property(diagnostic.code),
            escape_data(&message),
        ));
    }
    out
}

/// A workflow command's message: `%`, CR and LF are escaped.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: also `:` and `,`.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// One file's diagnostics for a SARIF log.
pub struct Checked<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub diagnostics: &'a [Diagnostic],
}

/// A SARIF 2.1.0 log of every diagnostic (what code-scanning uploads read):
/// one run of the `euc` tool, a rule per diagnostic code met, a result per
/// diagnostic with its region (one-based lines and columns in characters).
pub fn sarif(files: &[Checked<'_>]) -> Value {
    let mut rules: Vec<&str> = files
        .iter()
        .flat_map(|file| file.diagnostics.iter().map(|d| d.code))
        .collect();
    rules.sort_unstable();
    rules.dedup();
    let mut results = Vec::new();
    for file in files {
        let index = LineIndex::new(file.text);
        for diagnostic in file.diagnostics {
            let start = index.position(file.text, diagnostic.span.start);
            let end = index.position(file.text, diagnostic.span.end);
            let level = match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "note",
            };
            let mut message = diagnostic.message.clone();
            if let Some(help) = &diagnostic.help {
                message.push_str(" (help: ");
                message.push_str(help);
                message.push(')');
            }
            results.push(json!({
                "ruleId": diagnostic.code,
                "ruleIndex": rules.binary_search(&diagnostic.code).unwrap_or(0),
                "level": level,
                "message": { "text": message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri_reference(file.path) },
                        "region": {
                            "startLine": start.line + 1,
                            "startColumn": start.column + 1,
                            "endLine": end.line + 1,
                            "endColumn": end.column + 1,
                        }
                    }
                }],
            }));
        }
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "euc",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules.iter().map(|code| json!({
                        "id": code,
                        "shortDescription": { "text": crate::diag::describe_code(code) },
                    })).collect::<Vec<_>>(),
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

/// A path as a relative URI reference: `/` separators, spaces and other
/// reserved characters percent-encoded.
fn uri_reference(path: &str) -> String {
    let mut out = String::new();
    for byte in path.replace('\\', "/").bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}
