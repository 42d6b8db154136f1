//! `euc planar`: generate a level, advance a solved one, untangle one.

use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::door::planar::{self, new_level, Ask};
use crate::door::{apply_edits, Method, Puzzle, Scene, Status};
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum PlanarCommand {
    /// Print a new level as a planar block.
    New {
        /// The level: L + 4 nodes, 1 to 5,000 (`--method lines`: 1 to 97, with
        /// (L + 3)(L + 2) / 2 nodes).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::door::MAX_LEVEL)))]
        level: u32,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// `model`: the Planarity model's generator; `lines`: Tantalo's, from random lines.
        #[arg(long, value_enum, default_value = "model")]
        method: GeneratorMethod,
        /// The block's name (default: level_L).
        #[arg(long)]
        name: Option<String>,
    },
    /// Replace a solved block with the next level (as the model does when a level is solved).
    Next(FileArgs),
    /// Move the nodes of a block so that no links cross.
    Untangle(FileArgs),
    /// Play a block on a board in the browser: a page on 127.0.0.1 where
    /// nodes are dragged; every drop is written into the file.
    Play {
        file: PathBuf,
        /// The planar block (default: the first one).
        #[arg(long)]
        block: Option<String>,
        /// The port to listen on (0: any free one; the address is printed).
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GeneratorMethod {
    Model,
    Lines,
}

#[derive(clap::Args, Debug)]
pub struct FileArgs {
    file: PathBuf,
    /// The planar block (default: the first one).
    #[arg(long)]
    block: Option<String>,
    /// Rewrite the file in place instead of printing it.
    #[arg(long)]
    write: bool,
}

pub fn run(command: &PlanarCommand) -> i32 {
    match command {
        PlanarCommand::New {
            level,
            seed,
            method,
            name,
        } => {
            let method = match method {
                GeneratorMethod::Model => Method::Model,
                GeneratorMethod::Lines => Method::Lines,
            };
            match new_level(*level, *seed, method, name.as_deref()) {
                Ok(block) => {
                    super::emit(&block);
                    EXIT_OK
                }
                Err(message) => {
                    say!("error: {message}");
                    EXIT_USAGE
                }
            }
        }
        PlanarCommand::Next(args) => match super::load_valid(&args.file) {
            Ok((text, analysis)) => {
                let status = |index: usize| analysis.puzzle_reports[index].status;
                edit_block(args, &text, analysis.scene(), |puzzle, index| {
                    edits(puzzle, status(index), &Ask::Next)
                })
            }
            Err(code) => code,
        },
        // Untangling needs no verdict: the crossings are not counted first.
        PlanarCommand::Untangle(args) => match super::load_resolved(&args.file) {
            Ok((text, scene)) => edit_block(args, &text, &scene, |puzzle, _| {
                edits(puzzle, Status::Unchecked, &Ask::Untangle)
            }),
            Err(code) => code,
        },
        PlanarCommand::Play { file, block, port } => {
            super::play::serve(file, block.as_deref(), *port)
        }
    }
}

/// Replaces the chosen planar block of `text` by what `make` edits (given
/// the puzzle and its index), printed or written back.
fn edit_block(
    args: &FileArgs,
    text: &str,
    scene: &Scene,
    make: impl FnOnce(&Puzzle, usize) -> Result<Vec<crate::door::TextEdit>, String>,
) -> i32 {
    let name = args.file.display().to_string();
    let index = scene.puzzle_or_first(args.block.as_deref());
    let Some(index) = index else {
        say!(
            "error: {name} has no planar block{}",
            args.block
                .as_ref()
                .map_or(String::new(), |b| format!(" named `{b}`"))
        );
        return EXIT_USAGE;
    };
    let puzzle = &scene.puzzles[index];
    let edits = match make(puzzle, index) {
        Ok(edits) => edits,
        Err(message) => {
            say!("{name}: {}: {message}", puzzle.name);
            return EXIT_FAILED;
        }
    };
    let result = apply_edits(text, &edits);
    if args.write {
        if let Err(message) = super::files::replace_checked(&args.file, text, &result) {
            say!("error: {message}");
            return EXIT_USAGE;
        }
        say!("{name}: written");
    } else {
        super::emit(&result);
    }
    EXIT_OK
}

/// The edits the door makes of `ask` on a block.
fn edits(puzzle: &Puzzle, status: Status, ask: &Ask) -> Result<Vec<crate::door::TextEdit>, String> {
    match planar::ask(puzzle, status, ask)? {
        planar::Answer::Edit { edits, .. } => Ok(edits),
        planar::Answer::State(_) => Err("the block answered with a state".into()),
    }
}
