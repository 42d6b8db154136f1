//! `euc planar`: generate a level, advance a solved one, untangle one.

use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::edit::planar::{next_level, untangle_block};
use crate::edit::{apply_edits, TextEdit};
use crate::planar::generate::{generate, Method};
use crate::planar::write::block_text;
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum PlanarCommand {
    /// Print a new level as a planar block.
    New {
        /// The level: L + 4 nodes, 1 to 5,000 (`--method lines`: 1 to 97, with
        /// (L + 3)(L + 2) / 2 nodes).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::planar::generate::MAX_LEVEL)))]
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
            if *level > method.max_level() {
                say!(
                    "error: `--method lines` draws L + 3 lines, (L + 3)(L + 2) / 2 nodes at level L: \
                     its levels are 1 to {} (up to 4,950 nodes)",
                    method.max_level()
                );
                return EXIT_USAGE;
            }
            let generated = generate(*level, *seed, method);
            let name = name.clone().unwrap_or_else(|| format!("level_{level}"));
            super::emit(&block_text(
                &name,
                *level,
                *seed,
                &generated.positions,
                &generated.links,
            ));
            EXIT_OK
        }
        PlanarCommand::Next(args) => match super::load_valid(&args.file) {
            Ok((text, analysis)) => {
                let status = |index: usize| analysis.puzzle_reports[index].status;
                edit_block(args, &text, analysis.scene(), |puzzle, index| {
                    next_level(puzzle, status(index))
                })
            }
            Err(code) => code,
        },
        // Untangling needs no verdict: the crossings are not counted first.
        PlanarCommand::Untangle(args) => match super::load_resolved(&args.file) {
            Ok((text, scene)) => {
                edit_block(args, &text, &scene, |puzzle, _| untangle_block(puzzle))
            }
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
    scene: &crate::resolve::Scene,
    make: impl FnOnce(&crate::resolve::Puzzle, usize) -> Result<Vec<TextEdit>, String>,
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
