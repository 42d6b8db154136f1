//! Drawing a planar graph without crossings, with gaps a player can see
//! (docs/planar.md, "Drawing"): the embedding and its starts (Tutte's,
//! the grid's, layered trees), widening and spreading, the gaps, and
//! untangling a level.

pub mod embed;
pub mod gaps;
pub mod grid;
pub mod pack;
pub mod relax;
mod ring;
pub mod smooth;
mod springs;
pub(crate) mod sweep;
pub mod tree;
pub mod tutte;
pub mod untangle;
