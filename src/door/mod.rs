//! The door: every operation a user asks of euc, as one function from an
//! analysis and a plain request to a plain answer, and the only part of
//! the core the edges name (besides `span` and `diag`). The command line
//! and the language server convert their input, ask one question here and
//! convert the answer back; nothing they do decides what an answer means
//! (docs/architecture.md, "The door"; `tests/suite/purity.rs` holds it).
//!
//! | use case | entry |
//! |---|---|
//! | check, compile, the editor's questions | [`analyze`], [`ide`], [`reanalyze_shared`] |
//! | Find construction, `euc solve` | [`find::find`] |
//! | a hint | [`hint::hint`] |
//! | the construction board | [`board::ask`] |
//! | the planar board and actions | [`planar::ask`], [`planar::offered`], [`planar::new_level`] |
//! | formatting | [`format`], [`format_range`] |
//! | pictures | [`render_svg`], [`move_count`] |
//! | uses of tools of your own written out | [`expand::expand`] |
//!
//! The rest of this file names the core's plain data the answers are made
//! of, as rust-analyzer's `ide` crate re-exports its vocabulary: a new
//! reach of the edges into the core is a line here.

pub mod board;
pub mod expand;
pub mod find;
pub mod hint;
pub mod planar;

pub use crate::analysis::{
    analyze, analyze_file, analyze_shared, analyze_shared_from, checked_steps, resolve_file,
    too_large, Analysis, LoadError, Redid, Source, Sources, Text, MOST_BYTES,
};
pub use crate::check::Status;
pub use crate::edit::{apply_edits, fill_block, fix_edit, with_line_breaks_of, TextEdit};
pub use crate::format::{format, format_range};
pub use crate::geom::{format_number, Object, Point};
pub use crate::ide;
pub use crate::incremental::{reanalyze_shared, touches_one_block, Change, Redone};
pub use crate::parse::ast::{MaskToken, Tool};
pub use crate::parse::parse;
pub use crate::planar::generate::{Method, MAX_LEVEL};
pub use crate::render::{move_at, move_count, render_svg, InstanceChoice, RenderOptions};
pub use crate::resolve::{
    resolve, Count, Instance, Limits, Origin, Problem, Puzzle, Scene, Step, StepOp, Type, UserTool,
    Value,
};
pub use crate::solve::construction::{describe_count, Construction};
pub use crate::solve::hint::HintOptions;
pub use crate::solve::mask::kinds_at;
pub use crate::solve::search::{
    Budget, Outcome, Progress, SearchOptions, Shard, Stats, Stop, MOST_MOVES, MOST_SHARDS,
};
pub use crate::tools::Operand;
