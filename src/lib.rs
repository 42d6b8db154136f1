//! euc: straightedge-and-compass construction scripts.
//!
//! The pipeline, one module per stage; every stage below `cli` and `lsp` is
//! pure (no I/O, no clock, no global state) and never fails on user input:
//! it returns its output plus diagnostics.
//!
//! ```text
//! text ──lex──▶ tokens ──parse──▶ SourceFile ──resolve──▶ Scene { Problem… }
//!      ──check (replay on instances)──▶ BlockReport + Diagnostic
//! ```
//!
//! | stage      | module     | output                                   |
//! |------------|------------|------------------------------------------|
//! | lex        | `lex`      | tokens with byte spans                   |
//! | parse      | `parse`    | `SourceFile` (syntax tree, error nodes)  |
//! | resolve    | `resolve`  | `Scene`: symbols, values, `Problem`s     |
//! | geometry   | `geom`     | intersections in canonical order         |
//! | replay     | `solve`    | steps replayed on one instance           |
//! | check      | `check`    | `BlockReport` per solve block            |
//! | façade     | `analysis` | everything above for one text            |
//! | edges      | `cli`      | files, terminal, JSON, exit codes        |

pub mod analysis;
pub mod check;
pub mod cli;
pub mod diag;
pub mod edit;
pub mod geom;
pub mod ide;
pub mod lex;
pub mod lsp;
pub mod parse;
pub mod planar;
pub mod render;
pub mod resolve;
pub mod solve;
pub mod span;
