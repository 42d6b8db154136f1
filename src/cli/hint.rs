//! `euc hint`: the next move of a shortest completion of a block's steps,
//! printed as the step lines to append (docs/solver.md, "Hints").

use super::solve::{parse_jobs, parse_max_moves, parse_timeout, CountArg, Timeout};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::deadline::Deadline;
use crate::door::hint::{hint, HintRequest, Hinted};
use crate::door::{HintOptions, SearchOptions};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    file: PathBuf,
    /// The block to hint (may be left out when the file has one solve block).
    #[arg(long)]
    block: Option<String>,
    /// Print the whole completion, not only its next move.
    #[arg(long)]
    all: bool,
    /// The most moves in all, the block's steps included (default: the
    /// block's star count for what it counts, else 8), 1 to 64.
    #[arg(long, value_parser = parse_max_moves)]
    max_moves: Option<usize>,
    /// What to count in blocks with L-tools: `e` or `l` (default: the
    /// block's `count` line, else `e`).
    #[arg(long, value_enum)]
    count: Option<CountArg>,
    /// Give up after this many seconds (`inf`: no limit).
    #[arg(long, default_value = "60", value_parser = parse_timeout)]
    timeout: Timeout,
    /// Worker threads, 1 to 256 (default, or 0: one per core).
    #[arg(long, short = 'j', default_value_t = 0, value_parser = parse_jobs)]
    jobs: usize,
}

pub fn run(args: &HintArgs) -> i32 {
    let (_, scene) = match super::load_resolved(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let names: Vec<&str> = scene.problems.iter().map(|p| p.name.as_str()).collect();
    let index = match &args.block {
        Some(block) => scene.problem_index(block),
        None if scene.problems.len() == 1 => Some(0),
        None => None,
    };
    let Some(index) = index else {
        match &args.block {
            Some(block) => say!(
                "error: no solve block named `{block}` (blocks: {})",
                names.join(", ")
            ),
            None if names.is_empty() => say!(
                "error: {}: no solve block to hint at (hints are for solve blocks)",
                args.file.display()
            ),
            None => say!(
                "error: say which block with `--block NAME` (blocks: {})",
                names.join(", ")
            ),
        }
        return EXIT_USAGE;
    };
    let request = HintRequest {
        block: index,
        options: HintOptions {
            search: SearchOptions {
                threads: args.jobs,
                count: args.count.map(CountArg::count),
                ..SearchOptions::default()
            },
            limit: args.max_moves,
        },
        all: args.all,
        limit: Some(args.timeout.to_string()),
    };
    let name = &scene.problems[index].name;
    match hint(&scene, &request, &Deadline::after(args.timeout.0)) {
        Ok(Hinted::Reached) => {
            say!("{name}: the steps already reach the goals");
            EXIT_OK
        }
        Ok(Hinted::Lines(lines)) => {
            super::emit(
                &lines
                    .iter()
                    .map(|line| format!("{line}\n"))
                    .collect::<String>(),
            );
            EXIT_OK
        }
        Err(why) => {
            say!("{name}: {why}");
            EXIT_FAILED
        }
    }
}
