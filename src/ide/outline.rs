//! The document outline, folding ranges and inlay hints.

use crate::analysis::Analysis;
use crate::parse::ast::{DeclKind, ItemKind};
use crate::resolve::Value;
use crate::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutlineKind {
    Value,
    Point,
    Line,
    Circle,
    SolveBlock,
    PlanarBlock,
    Goal,
    Step,
    /// A tool of your own.
    Tool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineItem {
    pub name: String,
    pub detail: String,
    pub kind: OutlineKind,
    /// The whole item.
    pub span: Span,
    /// The name.
    pub selection: Span,
    pub children: Vec<OutlineItem>,
}

pub fn outline(analysis: &Analysis) -> Vec<OutlineItem> {
    let scene = &analysis.scene();
    let mut items = Vec::new();
    for item in &analysis.file().items {
        match &item.kind {
            ItemKind::Decl(decl) => {
                for binder in decl.binders.iter().filter_map(|binder| binder.name()) {
                    let kind = match decl.kind {
                        DeclKind::Let | DeclKind::Const => OutlineKind::Value,
                        DeclKind::Point => OutlineKind::Point,
                        DeclKind::Line | DeclKind::Segment | DeclKind::Ray => OutlineKind::Line,
                        DeclKind::Circle => OutlineKind::Circle,
                    };
                    let detail = scene
                        .symbol(&binder.text)
                        .and_then(|symbol| scene.symbols[symbol].ty)
                        .map_or(String::new(), |ty| ty.to_string());
                    items.push(OutlineItem {
                        name: binder.text.clone(),
                        detail,
                        kind,
                        span: item.span,
                        selection: binder.span,
                        children: Vec::new(),
                    });
                }
            }
            ItemKind::Solve(block) => {
                let problem = scene
                    .problems
                    .iter()
                    .position(|problem| problem.span == item.span);
                let mut children = Vec::new();
                let mut detail = String::new();
                if let Some(index) = problem {
                    let problem = &scene.problems[index];
                    detail = format!(
                        "{:?}, {}",
                        analysis.reports[index].status,
                        crate::solve::construction::describe_count(
                            analysis.reports[index].tool_uses,
                            analysis.reports[index].moves,
                            analysis.reports[index].uses_tools
                        )
                    )
                    .to_lowercase();
                    for goal in &problem.goals {
                        children.push(OutlineItem {
                            name: goal.name.clone(),
                            detail: format!("goal: {}", goal.ty),
                            kind: OutlineKind::Goal,
                            span: goal.item_span,
                            selection: goal.span,
                            children: Vec::new(),
                        });
                    }
                    for step in &problem.steps {
                        for binder in &step.binders {
                            let Some(name) = &binder.name else { continue };
                            let kind = binder.ty.to_string();
                            children.push(OutlineItem {
                                name: name.clone(),
                                detail: kind.to_string(),
                                kind: OutlineKind::Step,
                                span: step.span,
                                selection: binder.span,
                                children: Vec::new(),
                            });
                        }
                    }
                }
                let (name, selection) = block_name(&block.name, block.keyword_span, "solve");
                items.push(OutlineItem {
                    name,
                    detail,
                    kind: OutlineKind::SolveBlock,
                    span: item.span,
                    selection,
                    children,
                });
            }
            ItemKind::Planar(block) => {
                let (name, selection) = block_name(&block.name, block.keyword_span, "planar");
                items.push(OutlineItem {
                    name,
                    detail: "planar".to_string(),
                    kind: OutlineKind::PlanarBlock,
                    span: item.span,
                    selection,
                    children: Vec::new(),
                });
            }
            ItemKind::Tool(tool) => items.push(tool_item(scene, tool, item.span)),
            ItemKind::Use(_) | ItemKind::Error(_) => {}
        }
    }
    items
}

/// A tool of your own: its signature and cost as detail, as hover shows
/// them, when it resolved (`Scene::tools`, the file's own).
fn tool_item(
    scene: &crate::resolve::Scene,
    tool: &crate::parse::ast::ToolDef,
    span: Span,
) -> OutlineItem {
    let detail = scene
        .tools
        .iter()
        .find(|known| known.from.is_none() && known.name == tool.name.text)
        .map_or(String::new(), |known| {
            format!("{} (1 L, {} E)", known.signature(), known.e_cost)
        });
    OutlineItem {
        name: tool.name.text.clone(),
        detail,
        kind: OutlineKind::Tool,
        span,
        selection: tool.name.span,
        children: Vec::new(),
    }
}

/// A block's name (or its keyword) and the span to select for it.
fn block_name(
    name: &Option<crate::parse::ast::Name>,
    keyword_span: Span,
    keyword: &str,
) -> (String, Span) {
    match name {
        Some(name) => (name.text.clone(), name.span),
        None => (keyword.to_string(), keyword_span),
    }
}

/// Spans of blocks and tools of your own, for folding.
pub fn folding_ranges(analysis: &Analysis) -> Vec<Span> {
    analysis
        .file()
        .items
        .iter()
        .filter(|item| {
            matches!(
                item.kind,
                ItemKind::Solve(_) | ItemKind::Planar(_) | ItemKind::Tool(_)
            )
        })
        .map(|item| item.span)
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Shown after this offset.
    pub offset: usize,
    pub label: String,
}

/// Whether a declaration's right side is its coordinates already,
/// `(0, -1.5)`: a hint would repeat them.
fn written_as_coordinates(text: &str, declaration: Span) -> bool {
    let Some(value) = text
        .get(declaration.start..declaration.end)
        .and_then(|text| text.split_once('=').map(|(_, value)| value.trim()))
    else {
        return false;
    };
    let Some(inner) = value.strip_prefix('(').and_then(|v| v.strip_suffix(')')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    parts.len() == 2 && parts.iter().all(|part| part.parse::<f64>().is_ok())
}

/// Coordinates after given points, declared points and intersection steps
/// (not after coordinates written out).
pub fn inlay_hints(analysis: &Analysis, range: Span) -> Vec<InlayHint> {
    let scene = &analysis.scene();
    let mut hints = Vec::new();
    for (index, symbol) in scene.symbols.iter().enumerate() {
        if let (Some(Value::Point(point)), true) =
            (scene.values[index], range.contains(symbol.span.end))
        {
            if written_as_coordinates(&analysis.text, symbol.decl_span) {
                continue;
            }
            hints.push(InlayHint {
                offset: symbol.span.end,
                label: format!(": {point}"),
            });
        }
    }
    for (block, problem) in scene.problems.iter().enumerate() {
        let Some(replay) = &analysis.reports[block].replay else {
            continue;
        };
        for step in &problem.steps {
            if !step.op.is_meet() {
                continue;
            }
            for binder in step.binders.iter().filter(|binder| binder.name.is_some()) {
                if let (Some(point), true) = (
                    replay.points.get(binder.index),
                    range.contains(binder.span.end),
                ) {
                    let beyond = replay.beyond.get(binder.index).copied().flatten();
                    let note = if beyond.is_some() {
                        " (beyond the segment: not drawn)"
                    } else {
                        ""
                    };
                    hints.push(InlayHint {
                        offset: binder.span.end,
                        label: format!(": {}{note}", *point * problem.unit),
                    });
                }
            }
        }
    }
    hints.sort_by_key(|hint| hint.offset);
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    #[test]
    fn tools_of_your_own_are_in_the_outline_and_fold() {
        let analysis = analyze(include_str!("../../examples/tools-own.euc"));
        let items = outline(&analysis);
        let tool = items
            .iter()
            .find(|item| item.name == "altitude")
            .expect("altitude in the outline");
        assert_eq!(tool.kind, OutlineKind::Tool);
        assert!(
            tool.detail.starts_with("altitude(") && tool.detail.ends_with("(1 L, 4 E)"),
            "{}",
            tool.detail
        );
        assert!(folding_ranges(&analysis).contains(&tool.span));
    }
}
