//! Planarity puzzles: generate levels, find crossings, untangle.

pub mod crossing;
pub mod generate;
