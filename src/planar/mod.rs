//! Planarity puzzles: generate levels, find crossings, untangle.

pub mod crossing;
pub mod draw;
pub mod exact;
pub mod families;
pub mod generate;
pub mod lr;
pub mod recount;
pub mod write;
