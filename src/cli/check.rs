//! `euc check`: every solve block replayed and every planar block checked,
//! reported as text, JSON, GitHub annotations or SARIF.

use super::{colour, emit, exit_code, read_source, report, source_name, Format};
use super::{EXIT_OK, EXIT_USAGE};
use crate::door::Analysis;
use crate::door::Status;
use crate::span::LineIndex;
use serde_json::json;
use std::path::PathBuf;

pub(super) fn run(files: &[PathBuf], format: Format) -> i32 {
    let mut code = EXIT_OK;
    let mut results = Vec::new();
    let mut checked = Vec::new();
    let color = colour();
    for path in files {
        let name = source_name(path);
        let text = match read_source(path) {
            Ok(text) => text,
            Err(message) => {
                code = code.max(EXIT_USAGE);
                match format {
                    Format::Json => results.push(json!({ "path": name, "error": message })),
                    Format::Github => emit(&format!(
                        "::error file={name},title=cannot read::{message}\n"
                    )),
                    Format::Text | Format::Sarif => say!("error: {message}"),
                }
                continue;
            }
        };
        let analysis = super::sources::analyze_source(path, &text);
        code = code.max(exit_code(&analysis.diagnostics));
        match format {
            Format::Text => {
                say_raw!(
                    "{}",
                    report::render_diagnostics(&name, &text, &analysis.diagnostics, color)
                );
                print_summary(&name, &analysis);
            }
            Format::Json => results.push(analysis_to_json(&name, &text, &analysis)),
            Format::Github => {
                emit(&report::github_annotations(
                    &name,
                    &text,
                    &analysis.diagnostics,
                ));
                print_summary(&name, &analysis);
            }
            Format::Sarif => checked.push((name, text, analysis.diagnostics)),
        }
    }
    match format {
        Format::Json => emit(&format!("{}\n", json!({ "files": results, "exit": code }))),
        Format::Sarif => {
            let files: Vec<report::Checked<'_>> = checked
                .iter()
                .map(|(path, text, diagnostics)| report::Checked {
                    path,
                    text,
                    diagnostics,
                })
                .collect();
            emit(&format!("{:#}\n", report::sarif(&files)));
        }
        Format::Text | Format::Github => {}
    }
    code
}

fn print_summary(path: &str, analysis: &Analysis) {
    for report in &analysis.reports {
        let line = match report.status {
            Status::Solved => format!(
                "ok      {path}: {} ({}, {} instances{})",
                report.name,
                crate::door::describe_count(report.tool_uses, report.moves, report.uses_tools),
                report.instances,
                report
                    .drops
                    .map(|share| format!("; works for {}", share.describe()))
                    .into_iter()
                    .chain(
                        report
                            .reached
                            .iter()
                            .map(|reached| format!("; reaches {}", reached.describe()))
                    )
                    .chain(report.stars.map(|stars| format!("; {}", stars.describe())))
                    .collect::<String>()
            ),
            Status::Unsolved => format!("unsolved {path}: {} (no steps yet)", report.name),
            Status::Failed => format!("FAILED  {path}: {}", report.name),
            Status::Unchecked => format!(
                "error   {path}: {} (not checked: fix the errors above)",
                report.name
            ),
        };
        emit(&format!("{line}\n"));
    }
    for report in &analysis.puzzle_reports {
        let line = match report.status {
            Status::Solved => format!(
                "ok      {path}: planar {} (solved: {} nodes, {} links, no crossings)",
                report.name, report.nodes, report.links
            ),
            Status::Failed => format!(
                "FAILED  {path}: planar {} ({} crossings)",
                report.name, report.crossings
            ),
            _ => format!(
                "error   {path}: planar {} (not checked: fix the errors above)",
                report.name
            ),
        };
        emit(&format!("{line}\n"));
    }
    if analysis.reports.is_empty() && analysis.puzzle_reports.is_empty() {
        let verdict = if analysis.has_errors() {
            "error  "
        } else {
            "ok     "
        };
        emit(&format!("{verdict} {path}: no solve or planar blocks\n"));
    }
}

fn analysis_to_json(path: &str, text: &str, analysis: &Analysis) -> serde_json::Value {
    let index = LineIndex::new(text);
    json!({
        "path": path,
        "blocks": analysis.reports,
        "puzzles": analysis.puzzle_reports,
        "diagnostics": analysis.diagnostics.iter()
            .map(|diagnostic| report::diagnostic_to_json(text, &index, diagnostic))
            .collect::<Vec<_>>(),
    })
}
