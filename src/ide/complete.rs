//! Completion: names in scope with their types, keywords, functions, mask tokens.

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
        return crate::parse::ast::Tool::ALL
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
            .collect();
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

fn inside_planar(analysis: &Analysis, offset: usize) -> bool {
    analysis.file().items.iter().any(|item| {
        matches!(item.kind, ItemKind::Planar(_))
            && item.span.start < offset
            && item.span.contains(offset)
    })
}
