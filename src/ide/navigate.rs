//! Go to definition, find references, rename.

use super::name_at;
use crate::analysis::Analysis;
use crate::edit::TextEdit;
use crate::span::Span;

/// Where the name at `offset` is bound.
pub fn definition(analysis: &Analysis, offset: usize) -> Option<Span> {
    name_at(analysis, offset).map(|name| name.binding)
}

/// Every occurrence of the name at `offset`, its binding first.
pub fn references(analysis: &Analysis, offset: usize) -> Vec<Span> {
    let Some(name) = name_at(analysis, offset) else {
        return Vec::new();
    };
    let mut spans = vec![name.binding];
    match name.symbol {
        Some(symbol) => spans.extend(
            analysis
                .scene()
                .references
                .iter()
                .filter(|reference| reference.symbol == symbol)
                .map(|reference| reference.span),
        ),
        None => {
            for problem in &analysis.scene().problems {
                spans.extend(
                    problem
                        .local_uses
                        .iter()
                        .filter(|(_, binding)| *binding == name.binding)
                        .map(|(span, _)| *span),
                );
            }
        }
    }
    spans.sort();
    spans.dedup();
    spans
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenameError {
    NothingToRename,
    InvalidName(String),
    Collision(String),
    /// A tool renamed to a name E0801 refuses, and what that name is.
    Reserved(String, &'static str),
}

impl std::fmt::Display for RenameError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            RenameError::NothingToRename => write!(f, "there is no name here to rename"),
            RenameError::InvalidName(name) => write!(f, "`{name}` is not a valid name"),
            RenameError::Collision(name) => write!(f, "`{name}` is already used in this scope"),
            RenameError::Reserved(name, taken) => write!(
                f,
                "`{name}` is {taken}: a tool of your own needs a name of its own"
            ),
        }
    }
}

/// The edits that rename the name at `offset`, refusing names that are not
/// identifiers, keywords, built-ins, or already used where they would clash.
pub fn rename(
    analysis: &Analysis,
    offset: usize,
    new_name: &str,
) -> Result<Vec<TextEdit>, RenameError> {
    let name = name_at(analysis, offset).ok_or(RenameError::NothingToRename)?;
    if !is_identifier(new_name) {
        return Err(RenameError::InvalidName(new_name.to_string()));
    }
    let scene = &analysis.scene();
    let taken_top_level = scene.symbol(new_name).is_some();
    let taken_in_block = scene.problems.iter().any(|problem| {
        (name.symbol.is_some() || problem.span.contains(name.binding.start))
            && (problem.local_names.iter().any(|local| local == new_name)
                || problem.goals.iter().any(|goal| goal.name == new_name))
    });
    if taken_top_level || taken_in_block {
        return Err(RenameError::Collision(new_name.to_string()));
    }
    Ok(references(analysis, offset)
        .into_iter()
        .map(|span| TextEdit {
            span,
            text: new_name.to_string(),
        })
        .collect())
}

const KEYWORDS: &[&str] = &[
    "let", "const", "point", "line", "circle", "solve", "planar", "goal", "mask", "ignore",
    "verify", "pi", "_",
];

pub(super) fn is_identifier(name: &str) -> bool {
    let tokens = crate::lex::lex(name).0;
    matches!(tokens.as_slice(), [(crate::lex::Token::Ident(text), _)] if *text == name)
        && !KEYWORDS.contains(&name)
        && !crate::resolve::types::BUILTINS
            .iter()
            .any(|(builtin, ..)| *builtin == name)
}
