//! Completion: names in scope with their types, keywords, functions, mask
//! tokens, and the tools of your own a step may use.

use super::block_at;
use crate::analysis::Analysis;
use crate::parse::ast::{ItemKind, MaskToken};
use crate::resolve::types::{builtin_doc, BUILTINS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Name,
    Keyword,
    Function,
    MaskToken,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub detail: String,
    pub kind: CompletionKind,
}

const TOP_LEVEL: &[(&str, &str)] = &[
    ("let", "a helper value: `let r = 2`"),
    (
        "const",
        "a value random instances never move: `const phi = (sqrt(5) - 1) / 2`",
    ),
    ("point", "a given point: `point A = (0, 0)`"),
    ("line", "a line drawn at the start: `line l = line(A, B)`"),
    (
        "segment",
        "a segment drawn at the start: `segment s = segment(A, B)`",
    ),
    ("ray", "a ray drawn at the start: `ray r = ray(A, B)`"),
    (
        "circle",
        "a circle drawn at the start: `circle k = circle(O, 1)`",
    ),
    ("solve", "a problem: `solve name { goal … }`"),
    ("planar", "a Planarity puzzle"),
];

const IN_BLOCK: &[(&str, &str)] = &[
    ("goal", "`goal M = midpoint(A, B)`"),
    ("mask", "`mask circle**`"),
    ("ignore", "`ignore min 0.01 max 10`"),
    ("verify", "`verify a = 100deg`"),
    (
        "tools",
        "the L-tools allowed: `tools perp_bisector perpendicular parallel angle_bisector compass`",
    ),
    ("count", "what the solver minimises: `count l` or `count e`"),
];

pub fn completions(analysis: &Analysis, text: &str, offset: usize) -> Vec<Completion> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |index| index + 1);
    let before = text[line_start..offset].trim_start();
    let block = block_at(analysis, offset)
        .filter(|&block| analysis.scene().problems[block].span.start < offset);
    if before.starts_with("mask") {
        return [
            MaskToken::Line,
            MaskToken::Circle,
            MaskToken::Any,
            MaskToken::Lines,
            MaskToken::Circles,
            MaskToken::All,
        ]
        .into_iter()
        .chain(crate::parse::ast::Tool::ALL.map(MaskToken::Tool))
        .map(|token| Completion {
            label: token.text().to_string(),
            detail: "mask part".to_string(),
            kind: CompletionKind::MaskToken,
        })
        .collect();
    }
    if before.starts_with("tools") {
        return tools_line(analysis);
    }
    let mut items = Vec::new();
    let at_line_start = !before.contains(|c: char| !(c.is_alphanumeric() || c == '_'));
    if at_line_start {
        let keywords = if block.is_some() || inside_planar(analysis, offset) {
            IN_BLOCK
        } else {
            TOP_LEVEL
        };
        items.extend(keywords.iter().map(|(label, detail)| Completion {
            label: label.to_string(),
            detail: detail.to_string(),
            kind: CompletionKind::Keyword,
        }));
    }
    for symbol in &analysis.scene().symbols {
        let ty = symbol.ty.map_or("?".to_string(), |ty| ty.to_string());
        items.push(Completion {
            label: symbol.name.clone(),
            detail: format!("{ty} ({})", symbol.kind.keyword()),
            kind: CompletionKind::Name,
        });
    }
    if let Some(block) = block {
        let problem = &analysis.scene().problems[block];
        for step in &problem.steps {
            // Names bound before this line; not the step being written.
            if step.span.end >= offset {
                continue;
            }
            for binder in &step.binders {
                if let Some(name) = &binder.name {
                    let kind = binder.ty.to_string();
                    items.push(Completion {
                        label: name.clone(),
                        detail: format!("{kind} (step)"),
                        kind: CompletionKind::Name,
                    });
                }
            }
        }
    }
    // A step may use tools of your own: in a block (its `tools` line names
    // them) and in another tool's body, never in an expression.
    match tool_around(analysis, offset) {
        Some(name) => items.extend(user_tools(analysis, Some(name))),
        None if block.is_some() => items.extend(user_tools(analysis, None)),
        None => {}
    }
    if !at_line_start || block.is_some() {
        let mut seen = Vec::new();
        for (name, ..) in BUILTINS {
            if seen.contains(name) {
                continue;
            }
            seen.push(name);
            items.push(Completion {
                label: name.to_string(),
                detail: builtin_doc(name).unwrap_or_default().to_string(),
                kind: CompletionKind::Function,
            });
        }
        items.push(Completion {
            label: "pi".to_string(),
            detail: "3.14159…".to_string(),
            kind: CompletionKind::Name,
        });
    }
    items
}

/// What a `tools` line may name: the L-tools, `drop`, and the tools of your
/// own.
fn tools_line(analysis: &Analysis) -> Vec<Completion> {
    let own = user_tools(analysis, None);
    crate::parse::ast::Tool::ALL
        .iter()
        .map(|tool| Completion {
            label: tool.name().to_string(),
            detail: format!("L-tool: 1 L, {} E", tool.e_cost()),
            kind: CompletionKind::MaskToken,
        })
        .chain(std::iter::once(Completion {
            label: "drop".to_string(),
            detail: "the solver may drop points on lines and circles it draws (no move)"
                .to_string(),
            kind: CompletionKind::MaskToken,
        }))
        .chain(own)
        .collect()
}

/// The usable tools of your own, own and brought in, with their
/// signatures, but for the one called `except` (a body cannot use its own
/// tool).
fn user_tools(analysis: &Analysis, except: Option<&str>) -> Vec<Completion> {
    analysis
        .scene()
        .tools
        .iter()
        .filter(|tool| Some(tool.name.as_str()) != except)
        .map(|tool| Completion {
            label: tool.name.clone(),
            detail: format!(
                "{}: 1 L, {} E{}",
                tool.signature(),
                tool.e_cost,
                tool.from
                    .as_ref()
                    .map_or(String::new(), |path| format!(", from `{path}`"))
            ),
            kind: CompletionKind::Function,
        })
        .collect()
}

/// The name of the tool definition whose body holds `offset`.
fn tool_around(analysis: &Analysis, offset: usize) -> Option<&str> {
    analysis
        .file()
        .items
        .iter()
        .find_map(|item| match &item.kind {
            ItemKind::Tool(definition)
                if definition.body_span.start <= offset && offset <= definition.body_span.end =>
            {
                Some(definition.name.text.as_str())
            }
            _ => None,
        })
}

fn inside_planar(analysis: &Analysis, offset: usize) -> bool {
    analysis.file().items.iter().any(|item| {
        matches!(item.kind, ItemKind::Planar(_))
            && item.span.start < offset
            && item.span.contains(offset)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    const TOOLS: &str = "tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n\
        tool twice(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> G {\n  G = foot(P, l)\n}\npoint X = (1, 3)\n";

    /// The tools of your own offered where `$0` is, with their details.
    fn offered(fixture: &str) -> Vec<(String, String)> {
        let offset = fixture.find("$0").unwrap();
        let text = fixture.replacen("$0", "", 1);
        completions(&analyze(&text), &text, offset)
            .into_iter()
            .filter(|item| item.label == "foot" || item.label == "twice")
            .map(|item| (item.label, item.detail))
            .collect()
    }

    #[test]
    fn tools_of_your_own_are_offered_where_a_step_may_use_them() {
        let on_tools_line = offered(&format!("{TOOLS}solve s {{\n  tools $0\n}}\n"));
        assert_eq!(
            on_tools_line,
            [
                (
                    "foot".to_string(),
                    "foot(point P, line l) -> point F: 1 L, 3 E".to_string()
                ),
                (
                    "twice".to_string(),
                    "twice(point P, line l) -> point G: 1 L, 3 E".to_string()
                )
            ]
        );
        let in_step = offered(&format!("{TOOLS}solve s {{\n  tools foot\n  F = $0\n}}\n"));
        assert_eq!(in_step.len(), 2);
        // In a body: the other tools, not the tool itself.
        let in_body = TOOLS.replacen("  G = foot", "  G = $0foot", 1);
        let names: Vec<String> = offered(&in_body).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["foot"]);
        // Not in an expression at the top level.
        assert_eq!(offered(&format!("{TOOLS}let d = $0")), []);
    }
}
