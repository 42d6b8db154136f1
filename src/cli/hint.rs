//! `euc hint`: the next move of a shortest completion of a block's steps,
//! printed as the step lines to append (docs/solver.md, "Hints").

use super::solve::{parse_jobs, parse_max_moves, parse_timeout, CountArg, Timeout};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::edit::hint_to_lines;
use crate::ide::find;
use crate::solve::hint::{next_moves, HintOptions, NoHint};
use crate::solve::search::{Budget, Progress, SearchOptions, Stop};
use std::path::PathBuf;
use std::time::Instant;

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

/// A search's deadline (`None`: none); the board's hints use it too.
pub(super) struct Deadline(pub(super) Option<Instant>);

impl Budget for Deadline {
    fn stop(&self) -> Option<Stop> {
        self.0
            .is_some_and(|deadline| Instant::now() >= deadline)
            .then_some(Stop::OutOfTime)
    }
    fn progress(&self, _: &Progress) {}
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
            None => say!(
                "error: say which block with `--block NAME` (blocks: {})",
                names.join(", ")
            ),
        }
        return EXIT_USAGE;
    };
    let problem = scene.searchable(index);
    let started = Instant::now();
    let budget = Deadline(args.timeout.0.and_then(|limit| started.checked_add(limit)));
    let options = HintOptions {
        search: SearchOptions {
            threads: args.jobs,
            count: args.count.map(CountArg::count),
            ..SearchOptions::default()
        },
        limit: args.max_moves,
    };
    let uses_tools = !problem.tools.is_empty();
    match next_moves(&problem, &options, &budget) {
        Ok(hint) => {
            if hint.construction.draws.is_empty() {
                say!("{}: the steps already reach the goals", problem.name);
                return EXIT_OK;
            }
            let lines = hint_to_lines(&scene, &scene.problems[index], &hint);
            let shown = if args.all { &lines.all } else { &lines.next };
            super::emit(
                &shown
                    .iter()
                    .map(|line| format!("{line}\n"))
                    .collect::<String>(),
            );
            EXIT_OK
        }
        Err(no_hint) => {
            let why = match &no_hint {
                NoHint::Stopped { stop, .. } => {
                    find::why_stopped(*stop, Some(&args.timeout.to_string()))
                }
                _ => String::new(),
            };
            say!("{}: {}", problem.name, no_hint.describe(uses_tools, &why));
            EXIT_FAILED
        }
    }
}
