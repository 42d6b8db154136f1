//! Planarity puzzles: generate levels, find crossings, untangle.

pub mod crossing;
pub mod edits;
pub mod embed;
pub mod generate;
#[cfg(test)]
mod test_graphs;
pub mod untangle;
pub mod write;
