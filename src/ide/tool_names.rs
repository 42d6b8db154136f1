//! Tools of your own by name, across files: every place a file names one
//! (its definition, the steps that use it, `tools` lines and masks), the
//! tool at an offset with the file it is defined in, its hover, and what a
//! new name for it must be. The language server follows a tool into the
//! file a `use` line names (docs/design.md, "Tools across files").

use super::navigate::{is_identifier, RenameError};
use crate::analysis::Analysis;
use crate::parse::ast::{ExprKind, ItemKind, SolveItem, SolveItemKind};
use crate::resolve::UserTool;
use crate::span::Span;
use std::sync::Arc;

/// How a file names a tool of your own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolRole {
    /// `tool foot(…)`.
    Definition,
    /// `F = foot(X, ab)`, in a block or a tool's body.
    Use,
    /// `tools foot`.
    ToolsLine,
    /// `mask line foot`.
    Mask,
}

/// One place a file names a tool of your own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolName {
    pub name: String,
    pub span: Span,
    pub role: ToolRole,
}

/// The tool named at an offset, and where it is defined.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolAt {
    pub name: String,
    /// The name under the cursor.
    pub span: Span,
    /// The `use` line's path it was brought in by, as written (relative to
    /// the file analysed); `None`: defined in this file.
    pub from: Option<String>,
    /// Where its name is written in its definition, in the file `from`
    /// names (or in this file).
    pub definition: Span,
    /// The tool, when it is usable (a definition with errors is not).
    pub tool: Option<Arc<UserTool>>,
}

/// Every place the file names a tool of your own (defined here or brought
/// in), in the order written.
pub fn tool_names(analysis: &Analysis) -> Vec<ToolName> {
    let scene = analysis.scene();
    let mut names = Vec::new();
    let mut push = |name: &crate::parse::ast::Name, role: ToolRole| {
        if role == ToolRole::Definition || scene.knows_tool(&name.text) {
            names.push(ToolName {
                name: name.text.clone(),
                span: name.span,
                role,
            });
        }
    };
    for item in &analysis.file().items {
        let items = match &item.kind {
            ItemKind::Tool(definition) => {
                push(&definition.name, ToolRole::Definition);
                &definition.items
            }
            ItemKind::Solve(block) => &block.items,
            _ => continue,
        };
        for name_in in items.iter().flat_map(named_in) {
            push(name_in.0, name_in.1);
        }
    }
    names
}

/// The names of tools a block's or a tool body's line may hold.
fn named_in(item: &SolveItem) -> Vec<(&crate::parse::ast::Name, ToolRole)> {
    match &item.kind {
        SolveItemKind::Step(step) => match &step.value.kind {
            ExprKind::Call { function, .. } => vec![(function, ToolRole::Use)],
            _ => Vec::new(),
        },
        SolveItemKind::Tools(names) => names.iter().map(|n| (n, ToolRole::ToolsLine)).collect(),
        SolveItemKind::Mask(parts) => parts
            .iter()
            .flat_map(|part| part.own.iter().map(|n| (n, ToolRole::Mask)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The tool named at `offset`, with where it is defined.
pub fn tool_at(analysis: &Analysis, offset: usize) -> Option<ToolAt> {
    let named = tool_names(analysis)
        .into_iter()
        .find(|named| named.span.contains(offset) || named.span.end == offset)?;
    let scene = analysis.scene();
    let tool = scene
        .tool_index(&named.name)
        .map(|i| scene.tools[i].clone());
    let (from, definition) = match &tool {
        Some(tool) => (tool.from.clone(), tool.name_span),
        // Broken: its definition is in this file (or a used file's broken
        // tools are not brought in at all).
        None => (None, own_definition(analysis, &named.name)?),
    };
    Some(ToolAt {
        name: named.name,
        span: named.span,
        from,
        definition,
        tool,
    })
}

/// Where this file's definition of `name` writes the name.
fn own_definition(analysis: &Analysis, name: &str) -> Option<Span> {
    tool_names(analysis)
        .into_iter()
        .find(|named| named.role == ToolRole::Definition && named.name == name)
        .map(|named| named.span)
}

/// Every place the file names the tool `name`, in the order written.
pub fn tool_occurrences(analysis: &Analysis, name: &str) -> Vec<Span> {
    tool_names(analysis)
        .into_iter()
        .filter(|named| named.name == name)
        .map(|named| named.span)
        .collect()
}

/// Whether a tool may be called `new_name` in this file (one of the files
/// a rename of a tool edits): a name, not a word of the language, an
/// L-tool or a built-in function (E0801's rule), nor another tool's or a
/// top-level name here.
pub fn check_tool_name(
    analysis: &Analysis,
    old_name: &str,
    new_name: &str,
) -> Result<(), RenameError> {
    if new_name == old_name {
        return Ok(());
    }
    if let Some(taken) = crate::resolve::tool_name_taken(new_name) {
        return Err(RenameError::Reserved(new_name.to_string(), taken));
    }
    if !is_identifier(new_name) {
        return Err(RenameError::InvalidName(new_name.to_string()));
    }
    let scene = analysis.scene();
    if scene.knows_tool(new_name) || scene.symbol(new_name).is_some() {
        return Err(RenameError::Collision(new_name.to_string()));
    }
    Ok(())
}

/// A tool's name: its signature, what a use counts, where it comes from
/// and its `///` lines.
pub(super) fn tool_hover(analysis: &Analysis, offset: usize) -> Option<super::Hover> {
    let at = tool_at(analysis, offset)?;
    let Some(tool) = &at.tool else {
        return Some(super::Hover {
            span: at.span,
            text: format!(
                "**{}** — a tool of your own with errors: fix its definition to use it",
                at.name
            ),
        });
    };
    let origin = match &tool.from {
        Some(path) => format!("from `{path}`"),
        None => "defined in this file".to_string(),
    };
    let mut text = format!(
        "```euc\n{}\n```\n\nA tool of your own, {origin}: a use counts 1 L, {} E.",
        tool.signature(),
        tool.e_cost
    );
    if let Some(doc) = &tool.doc {
        text.push_str("\n\n");
        text.push_str(doc.trim());
    }
    Some(super::Hover {
        span: at.span,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    const FILE: &str = "/// The foot of the perpendicular.\ntool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n\
        point A = (0, 0)\npoint B = (4, 0.5)\npoint X = (1.5, 3)\n\
        solve s {\n  tools foot\n  mask foot\n  goal G = project(X, line(A, B))\n  ab = line(A, B)\n  G = foot(X, ab)\n}\n";

    fn roles(text: &str) -> Vec<(String, ToolRole)> {
        let analysis = analyze(text);
        tool_names(&analysis)
            .into_iter()
            .map(|named| {
                (
                    text[named.span.start..named.span.end].to_string(),
                    named.role,
                )
            })
            .collect()
    }

    #[test]
    fn every_place_a_file_names_a_tool() {
        assert_eq!(
            roles(FILE),
            [
                ("foot".to_string(), ToolRole::Definition),
                ("foot".to_string(), ToolRole::ToolsLine),
                ("foot".to_string(), ToolRole::Mask),
                ("foot".to_string(), ToolRole::Use),
            ]
        );
        // `perpendicular` and `line` are not tools of your own.
        assert!(roles(FILE).iter().all(|(name, _)| name == "foot"));
    }

    #[test]
    fn a_tool_s_hover_gives_its_signature_cost_and_doc() {
        let analysis = analyze(FILE);
        let at = FILE.rfind("foot(X").unwrap() + 1;
        let hover = super::super::hover(&analysis, at).unwrap();
        assert_eq!(
            hover.text,
            "```euc\nfoot(point P, line l) -> point F\n```\n\nA tool of your own, defined in this file: a use counts 1 L, 3 E.\n\nThe foot of the perpendicular."
        );
        let definition = tool_at(&analysis, at).unwrap();
        assert_eq!(definition.from, None);
        assert_eq!(
            &FILE[definition.definition.start..definition.definition.end],
            "foot"
        );
        assert_eq!(tool_occurrences(&analysis, "foot").len(), 4);
    }

    #[test]
    fn a_tool_s_new_name_is_a_free_name() {
        let analysis = analyze(FILE);
        let check = |name| check_tool_name(&analysis, "foot", name).map_err(|e| e.to_string());
        assert_eq!(check("foot2"), Ok(()));
        assert_eq!(check("foot"), Ok(()));
        assert_eq!(check("2x"), Err("`2x` is not a valid name".to_string()));
        assert_eq!(
            check("parallel"),
            Err("`parallel` is an L-tool: a tool of your own needs a name of its own".to_string())
        );
        assert_eq!(
            check("midpoint"),
            Err(
                "`midpoint` is a built-in function: a tool of your own needs a name of its own"
                    .to_string()
            )
        );
        assert_eq!(
            check("drop"),
            Err(
                "`drop` is a word of the language: a tool of your own needs a name of its own"
                    .to_string()
            )
        );
        assert_eq!(
            check("A"),
            Err("`A` is already used in this scope".to_string())
        );
    }
}
