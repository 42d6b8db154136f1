//! euc: straightedge-and-compass construction scripts.
//!
//! The pipeline, one module per stage; every stage below `cli` and `lsp` is
//! pure (no I/O, no clock, no global state) and never fails on user input:
//! it returns its output plus diagnostics.
//!
//! ```text
//! text ──lex──▶ tokens ──parse──▶ SourceFile ──resolve──▶ Scene { Problem…, Puzzle… }
//!      ──check (replay on instances, crossings)──▶ reports + Diagnostic
//!      ──solve──▶ Construction ──edit──▶ TextEdit        (euc solve, Find construction)
//!      ──render──▶ SVG                                   (euc render)
//! ```
//!
//! In the order of their layers (docs/architecture.md; a module names only
//! the ones above it in this table, `tests/suite/purity.rs` holds it):
//!
//! | stage      | module     | output                                           |
//! |------------|------------|--------------------------------------------------|
//! | spans      | `span`     | byte spans, positions, `Shift` and `Settle`      |
//! | diagnostics | `diag`    | the one diagnostic type                          |
//! | geometry   | `geom`     | intersections in canonical order                 |
//! | L-tools    | `tools`    | each tool's name, operands, E cost and geometry  |
//! | lex        | `lex`      | tokens with byte spans                           |
//! | parse      | `parse`    | `SourceFile` (syntax tree, error nodes)          |
//! | resolve    | `resolve`  | `Scene`: symbols, values, `Problem`s, `Puzzle`s  |
//! | solve      | `solve`    | masks, replay, the search, verification          |
//! | planar     | `planar`   | crossings, level generators, embedding, untangle |
//! | check      | `check`    | a report per block, diagnostics                  |
//! | writing    | `edit`     | constructions as `.euc` text, block edits        |
//! | façade     | `analysis` | everything above for one text                    |
//! | after an edit | `incremental` | the analysis again, one block redone         |
//! | formatting | `format`   | the formatter                                    |
//! | editor     | `ide`      | hover, navigation, outline, completion by offset |
//! | pictures   | `render`   | SVG of a solve or planar block                   |
//! | the door   | `door`     | every use case, one function each, for the edges |
//! | the clock  | `deadline` | the edges' one search budget                     |
//! | edges      | `lsp`, `cli` | the protocol; files, terminal, JSON, exit codes |

pub mod analysis;
pub mod check;
pub mod cli;
pub mod deadline;
pub mod diag;
pub mod door;
pub mod edit;
pub mod format;
pub mod geom;
pub mod ide;
pub mod incremental;
pub mod lex;
pub mod lsp;
pub mod parse;
pub mod planar;
pub mod render;
pub mod resolve;
pub mod solve;
pub mod span;
pub mod tools;
