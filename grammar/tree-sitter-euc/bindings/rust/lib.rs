//! The euc grammar for tree-sitter: the language and its queries.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_euc::LANGUAGE.into()).unwrap();
//! let tree = parser.parse("point A = (0, 0)\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_euc() -> *const ();
}

/// The tree-sitter language of euc.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_euc) };

/// Colours (nvim-treesitter capture names).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");
/// Definitions and scopes.
pub const LOCALS_QUERY: &str = include_str!("../../queries/locals.scm");
/// Foldable blocks.
pub const FOLDS_QUERY: &str = include_str!("../../queries/folds.scm");
/// Indentation.
pub const INDENTS_QUERY: &str = include_str!("../../queries/indents.scm");
/// Other languages inside euc: none.
pub const INJECTIONS_QUERY: &str = include_str!("../../queries/injections.scm");
