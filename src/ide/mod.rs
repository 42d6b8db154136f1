//! Editor questions answered from one `Analysis`, by byte offset, as plain
//! data: what is here (hover), where is it defined and used, what names fit
//! (completion), the outline, folding and inlay hints. The language server
//! only converts positions and wraps the answers in protocol types.

mod complete;
mod hover;
mod lens;
mod make_tool;
mod navigate;
mod outline;
mod select;
mod signature;
mod tokens;
mod tool_names;

pub use complete::{completion_list, completions, Completion, CompletionKind, CompletionList};
pub use hover::{hover, Hover};
pub use lens::{code_lenses, fails_elsewhere, Lens, LensAction, FAILS_ELSEWHERE};
pub use make_tool::{make_tool, MAKE_TOOL};
pub use navigate::{definition, references, rename, RenameError};
pub use outline::{folding_ranges, inlay_hints, outline, InlayHint, OutlineItem, OutlineKind};
pub use select::selection_ranges;
pub use signature::{signature_help, Signature, SignatureHelp};
pub use tokens::{semantic_tokens, semantic_tokens_in, SemanticToken, TokenKind};
pub use tool_names::{
    check_tool_name, tool_at, tool_names, tool_occurrences, ToolAt, ToolName, ToolRole,
};

use crate::analysis::Analysis;
use crate::span::Span;

/// The solve block containing an offset, as an index into the problems.
pub fn block_at(analysis: &Analysis, offset: usize) -> Option<usize> {
    analysis
        .scene()
        .problems
        .iter()
        .position(|problem| problem.span.contains(offset))
}

/// A name under the cursor: its span and the span of its binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NameAt {
    pub span: Span,
    pub binding: Span,
    /// A top-level symbol, when it is one.
    pub symbol: Option<usize>,
}

/// The name (a use or a binding) at an offset.
pub(crate) fn name_at(analysis: &Analysis, offset: usize) -> Option<NameAt> {
    let scene = &analysis.scene();
    for (index, symbol) in scene.symbols.iter().enumerate() {
        if symbol.span.contains(offset) {
            return Some(NameAt {
                span: symbol.span,
                binding: symbol.span,
                symbol: Some(index),
            });
        }
    }
    for reference in &scene.references {
        if reference.span.contains(offset) {
            let binding = scene.symbols[reference.symbol].span;
            return Some(NameAt {
                span: reference.span,
                binding,
                symbol: Some(reference.symbol),
            });
        }
    }
    for problem in &scene.problems {
        if !problem.span.contains(offset) {
            continue;
        }
        for step in &problem.steps {
            for binder in &step.binders {
                if binder.name.is_some() && binder.span.contains(offset) {
                    return Some(NameAt {
                        span: binder.span,
                        binding: binder.span,
                        symbol: None,
                    });
                }
            }
        }
        for (use_span, binding) in &problem.local_uses {
            if use_span.contains(offset) {
                return Some(NameAt {
                    span: *use_span,
                    binding: *binding,
                    symbol: None,
                });
            }
        }
    }
    None
}
