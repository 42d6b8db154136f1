//! Problem → construction: masks, replay of steps on instances, and the
//! search for a shortest construction (docs/solver.md; the files are listed
//! in docs/architecture.md).

mod budget;
mod compress;
pub mod construction;
mod context;
mod engine;
mod expand;
pub mod hint;
pub mod mask;
mod options;
mod outcome;
mod quick;
pub mod replay;
pub mod search;
mod spots;
mod state;
mod symmetry;
mod uses;
mod variants;
mod verify;

pub use mask::mask_matches;
pub use replay::{
    goals_reached, mixed_bindings, replay, replay_ops, replay_steps, Beyond, BoundGoal, Replay,
    StepFailure,
};
