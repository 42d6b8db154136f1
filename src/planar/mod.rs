//! Planarity puzzles: generate levels, find crossings, untangle.

pub mod crossing;
pub mod edits;
pub mod embed;
pub mod generate;
pub mod untangle;
pub mod write;
