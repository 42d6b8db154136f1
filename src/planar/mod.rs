//! Planarity puzzles: generate levels, find crossings, untangle.

pub mod crossing;
pub mod embed;
pub mod exact;
pub mod families;
pub mod gaps;
pub mod generate;
pub mod grid;
pub mod lr;
pub mod pack;
pub mod relax;
mod ring;
pub mod smooth;
mod springs;
pub(crate) mod sweep;
pub mod tree;
pub mod tutte;
pub mod untangle;
pub mod write;
