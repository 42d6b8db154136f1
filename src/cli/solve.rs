//! `euc solve`: fill solve blocks with shortest constructions.

use super::{exit_code, report, EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::deadline::Deadline;
use crate::door::find::{self, find, FindRequest, Verdict};
use crate::door::{
    apply_edits, fill_block, kinds_at, Analysis, Construction, Count, MaskToken, Outcome, Problem,
    Progress, SearchOptions, Shard, Stats, Status, Stop,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    file: PathBuf,
    /// Solve only this block (even if it already has steps: they are replaced).
    #[arg(long)]
    block: Option<String>,
    /// Rewrite the file in place (only the solved blocks change).
    #[arg(long, conflicts_with = "check")]
    write: bool,
    /// Write nothing; exit 1 if a block is empty or its construction fails (for CI).
    #[arg(long)]
    check: bool,
    /// Longest construction to look for, in moves (E or L, as counted), 1 to 64.
    #[arg(long, default_value_t = 8, value_parser = parse_max_moves)]
    max_moves: usize,
    /// What to minimise in blocks with L-tools: `e` elementary moves (each
    /// L-tool at the game's cost) or `l` tool uses; default: each block's
    /// `count` line, else `e`.
    #[arg(long, value_enum)]
    count: Option<CountArg>,
    /// Give up on a block after this many seconds (`inf`: no limit).
    #[arg(long, default_value = "60", value_parser = parse_timeout)]
    timeout: Timeout,
    /// Worker threads, 1 to 256 (default, or 0: one per core).
    #[arg(long, short = 'j', default_value_t = 0, value_parser = parse_jobs)]
    jobs: usize,
    /// Search only share K of N (K from 0 to N-1) of each block's tree, for
    /// job arrays on a cluster; prints the result as JSON for `--merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "format")]
    shard: Option<Shard>,
    /// How to report: `text` prints the filled file, `json` the results
    /// (moves, steps, statistics) for other tools and writes nothing.
    #[arg(long, value_enum, conflicts_with_all = ["write", "check"])]
    format: Option<Format>,
    /// Print (or `--write`) the file with every use of a tool of your own
    /// written out as its tool's steps, as `euc compile --expand` does:
    /// lines, circles and L-tools only.
    #[arg(long, conflicts_with_all = ["format", "check"])]
    expand: bool,
    /// Combine the JSON results of all N shards into the answer the
    /// unsharded search gives, and print or `--write` the file with it.
    #[arg(long, value_name = "RESULT.json", num_args = 1.., conflicts_with_all = ["shard", "check"])]
    merge: Vec<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountArg {
    E,
    L,
}

impl CountArg {
    pub(super) fn count(self) -> Count {
        match self {
            CountArg::E => Count::E,
            CountArg::L => Count::L,
        }
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// The most worker threads: more than any machine's cores gain nothing, and
/// each holds its own search stack.
const MAX_JOBS: usize = 256;

pub(super) fn parse_jobs(text: &str) -> Result<usize, String> {
    let jobs: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads"))?;
    if jobs > MAX_JOBS {
        return Err(format!("at most {MAX_JOBS} threads"));
    }
    Ok(jobs)
}

/// A time limit per block; `None`: none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timeout(pub(super) Option<Duration>);

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.0 {
            Some(limit) => write!(f, "{} s", limit.as_secs_f64()),
            None => write!(f, "no limit"),
        }
    }
}

/// Seconds (`0.5`, `60`), or `inf` / `none` for no limit. A limit too long
/// to count (`1e20`) is no limit; a negative or not-a-number one is an error.
pub(super) fn parse_timeout(text: &str) -> Result<Timeout, String> {
    let trimmed = text.trim();
    if ["inf", "infinity", "none"].contains(&trimmed.to_ascii_lowercase().as_str()) {
        return Ok(Timeout(None));
    }
    let seconds: f64 = trimmed
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (or `inf`)"))?;
    if seconds.is_nan() || seconds < 0.0 {
        return Err(format!("`{text}`: a time limit is 0 seconds or more"));
    }
    Ok(Timeout(Duration::try_from_secs_f64(seconds).ok()))
}

pub(super) fn parse_max_moves(text: &str) -> Result<usize, String> {
    let most = crate::door::MOST_MOVES;
    match text.trim().parse::<usize>() {
        Ok(moves) if (1..=most).contains(&moves) => Ok(moves),
        _ => Err(format!(
            "`{text}`: a length is a whole number of moves from 1 to {most}"
        )),
    }
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    let (index, count) = text
        .split_once('/')
        .ok_or_else(|| format!("`{text}` is not K/N (for example 0/8)"))?;
    let index: usize = index
        .trim()
        .parse()
        .map_err(|_| format!("`{index}` is not a shard number"))?;
    let most = crate::door::MOST_SHARDS;
    let count: usize = count
        .trim()
        .parse()
        .ok()
        .filter(|count| *count <= most)
        .ok_or_else(|| format!("`{count}` is not a number of shards from 1 to {most}"))?;
    if count == 0 || index >= count {
        return Err(format!(
            "shard {index} of {count}: K runs from 0 to N-1 and N is at least 1"
        ));
    }
    Ok(Shard { index, count })
}

/// The kinds of move a construction of `moves` moves may make, in order.
fn pattern(mask: &[MaskToken], moves: usize) -> String {
    let parts: Vec<&str> = (0..moves)
        .map(|index| match kinds_at(mask, index, moves) {
            (true, false, _) => "line",
            (false, true, _) => "circle",
            _ => "*",
        })
        .collect();
    parts.join(" ")
}

/// The spinner's line for a block's progress: what is searched, what is
/// proved, the best answer so far (kept while later reports omit it), the
/// moves' kinds and the rate.
fn progress_bar(
    bar: ProgressBar,
    problem: &Problem,
    limit: usize,
) -> impl Fn(&Progress) + Send + Sync {
    let started = Instant::now();
    let block = problem.name.clone();
    let mask = problem.mask.clone();
    // The length of the best answer so far (0: none yet).
    let best = Arc::new(AtomicUsize::new(0));
    move |progress: &Progress| {
        if let Some(found) = progress.best {
            best.store(found, Ordering::Relaxed);
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-3);
        let best = best.load(Ordering::Relaxed);
        let progress = Progress {
            best: (best > 0).then_some(best),
            ..progress.clone()
        };
        bar.set_message(format!(
            "{block}: {} [{}] ({:.0}/s)",
            find::describe_progress(&progress, limit),
            pattern(&mask, progress.moves),
            progress.examined as f64 / seconds
        ));
    }
}

pub fn run(args: &SolveArgs) -> i32 {
    if args.write && super::is_stdin(&args.file) {
        say!("error: `--write` cannot rewrite standard input: leave it out to print the result");
        return EXIT_USAGE;
    }
    // A file that cannot be written is refused before the search, not after.
    if args.write {
        if let Err(message) = super::files::check_writable(&args.file) {
            say!("error: {message}");
            return EXIT_USAGE;
        }
    }
    let name = super::source_name(&args.file);
    let json = args.format == Some(Format::Json);
    let loaded = if json {
        load_for_json(args, &name)
    } else {
        super::load_valid(&args.file)
    };
    let (text, analysis) = match loaded {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let targets: Vec<usize> = match &args.block {
        Some(block) => match analysis.scene().problem_index(block) {
            Some(index) => vec![index],
            None => {
                let names: Vec<&str> = analysis
                    .scene()
                    .problems
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect();
                let message = format!(
                    "no solve block named `{block}` (blocks: {})",
                    names.join(", ")
                );
                return refused(args, &name, &message, Some(&text));
            }
        },
        None => (0..analysis.scene().problems.len())
            .filter(|&index| {
                analysis.scene().problems[index].steps.is_empty()
                    && analysis.reports[index].status != Status::Solved
            })
            .collect(),
    };
    if args.check {
        return check_only(&name, &text, &analysis, &targets, args);
    }
    if !args.merge.is_empty() {
        return match super::shard::merge(&text, &analysis, &targets, &args.merge) {
            Ok((answers, code)) => finish(args, &name, &text, &analysis, answers, code),
            Err(message) => refused(args, &name, &message, Some(&text)),
        };
    }
    let mut answers = Vec::new();
    let mut results = Vec::new();
    let mut code = EXIT_OK;
    let mut unfinished = false;
    for &index in &targets {
        let problem = &analysis.scene().problems[index];
        let solved = solve_one(text.as_str(), &analysis, index, args);
        match &solved.lines {
            Some(lines) => answers.push((index, lines.clone())),
            None => code = EXIT_FAILED,
        }
        unfinished |= matches!(
            solved.outcome,
            Outcome::Stopped { .. } | Outcome::Unsearchable(_)
        );
        results.push(block_result(problem, &solved));
    }
    if json {
        let document = super::shard::document(&name, &text, args.shard, results);
        super::emit(&format!("{document:#}\n"));
        // A shard's question is whether its share holds an answer: a share
        // searched in full has answered it, found or not, and `--merge`
        // gives the verdict (exit 1 when no shard found one, as `solve`).
        // A shard that stopped before its share was searched has not: 1,
        // so that a job array shows which share to run again
        // (docs/solver.md, "Shards").
        return match args.shard {
            Some(_) if unfinished => EXIT_FAILED,
            Some(_) => EXIT_OK,
            None => code,
        };
    }
    finish(args, &name, &text, &analysis, answers, code)
}

/// The file read and free of input errors, for `--format json`: on an
/// error, tools reading standard output get a JSON document saying so (it
/// once printed nothing), and people get the error on stderr as always.
fn load_for_json(args: &SolveArgs, name: &str) -> Result<(String, Analysis), i32> {
    let text = match super::read_source(&args.file) {
        Ok(text) => text,
        Err(message) => return Err(refused(args, name, &message, None)),
    };
    let analysis = super::sources::analyze_source(&args.file, &text);
    let errors = analysis.input_errors();
    if let Err(code) = super::refuse_input_errors(&args.file, &text, &errors) {
        let index = crate::span::LineIndex::new(&text);
        let diagnostics: Vec<_> = errors
            .iter()
            .map(|diagnostic| report::diagnostic_to_json(&text, &index, diagnostic))
            .collect();
        emit_error(args, name, "the file has errors", Some(&text), diagnostics);
        return Err(code);
    }
    Ok((text, analysis))
}

/// An error of the input or the command line: on stderr, and with
/// `--format json` as a JSON document on stdout too. Exit 2.
fn refused(args: &SolveArgs, name: &str, message: &str, text: Option<&str>) -> i32 {
    say!("error: {message}");
    if args.format == Some(Format::Json) {
        emit_error(args, name, message, text, Vec::new());
    }
    EXIT_USAGE
}

fn emit_error(
    args: &SolveArgs,
    name: &str,
    message: &str,
    text: Option<&str>,
    diagnostics: Vec<serde_json::Value>,
) {
    let mut document = super::shard::document(name, text.unwrap_or(""), args.shard, Vec::new());
    if text.is_none() {
        document["digest"] = serde_json::Value::Null;
    }
    document["error"] = message.into();
    document["diagnostics"] = diagnostics.into();
    document["exit"] = EXIT_USAGE.into();
    super::emit(&format!("{document:#}\n"));
}

/// Fills the solved blocks and prints the file or writes it in place.
fn finish(
    args: &SolveArgs,
    name: &str,
    text: &str,
    analysis: &Analysis,
    answers: Vec<super::shard::Answer>,
    code: i32,
) -> i32 {
    let mut edits = Vec::new();
    for (index, lines) in answers {
        let problem = &analysis.scene().problems[index];
        let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
        edits.extend(fill_block(text, problem, &spans, &lines));
    }
    let mut result = apply_edits(text, &edits);
    if args.expand {
        let filled = super::sources::analyze_source(&args.file, &result);
        match crate::door::expand::expand(&filled) {
            Ok(expanded) => result = expanded,
            Err(message) => {
                say!("error: --expand: {message}");
                return EXIT_USAGE;
            }
        }
    }
    if !args.write {
        super::emit(&result);
    } else if result == text {
        say!("{name}: nothing to write");
    } else if let Err(message) = super::files::replace_checked(&args.file, text, &result) {
        say!("error: {message}");
        return EXIT_USAGE;
    } else {
        say!("{name}: written");
    }
    code
}

/// One block's record in `--format json` (and a shard's result).
fn block_result(problem: &Problem, solved: &Solved) -> Value {
    // `moves` is what the search minimised (E, or L with `count l`).
    let minimised = |construction: &Construction| match solved.count {
        Count::E => construction.e_moves(),
        Count::L => construction.moves(),
    };
    let (status, moves, searched, reason) = match &solved.outcome {
        Outcome::Found(construction) => (
            "found",
            Some(minimised(construction)),
            minimised(construction).saturating_sub(1),
            None,
        ),
        Outcome::Exhausted { max_moves } => ("exhausted", None, *max_moves, None),
        Outcome::Stopped {
            stop,
            searched,
            best,
        } => (
            "stopped",
            best.as_deref().map(minimised),
            *searched,
            Some(match stop {
                Stop::OutOfTime => "out of time",
                Stop::Cancelled => "cancelled",
            }),
        ),
        Outcome::Unsearchable(why) => ("unsearchable", None, 0, Some(why.as_str())),
    };
    json!({
        "block": problem.name,
        "status": status,
        "moves": moves,
        "searched": searched,
        // No construction shorter than this exists (docs/solver.md, "An
        // answer at once"): `moves` once the answer is proved shortest.
        "proved_none_below": searched + 1,
        "subtree": solved.stats.subtree,
        "steps": solved.lines,
        "examined": solved.stats.examined(),
        "seconds": solved.seconds,
        "reason": reason,
    })
}

/// One block's search: what it gave, and the steps as lines if found.
pub(super) struct Solved {
    pub outcome: Outcome,
    pub stats: Stats,
    pub seconds: f64,
    pub lines: Option<Vec<String>>,
    /// What the search minimised (E or L).
    pub count: Count,
}

/// Solves one block and reports on stderr.
fn solve_one(text: &str, analysis: &Analysis, index: usize, args: &SolveArgs) -> Solved {
    let problem = &analysis.scene().problems[index];
    let started = Instant::now();
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or(ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(100));
        bar
    });
    let mut budget = Deadline::after(args.timeout.0);
    if let Some(bar) = &bar {
        budget = budget.reporting(progress_bar(bar.clone(), problem, args.max_moves));
    }
    let request = FindRequest {
        block: index,
        options: SearchOptions {
            max_moves: args.max_moves,
            threads: args.jobs,
            shard: args.shard,
            count: args.count.map(CountArg::count),
            ..SearchOptions::default()
        },
        solved: None,
        limit: Some(args.timeout.to_string()),
    };
    let found = find(text, analysis, &request, &budget, &|| false);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    let examined = found.stats.examined();
    let share = args.shard.map_or(String::new(), |shard| {
        format!(" in shard {}/{}", shard.index, shard.count)
    });
    // The search's record after the verdict: its rate for an answer, its
    // size for a proof that there is none.
    let record = match (&found.verdict, &found.outcome) {
        (Verdict::Answer { proved: true, .. }, _) => format!(
            " ({examined} constructions examined in {seconds:.3} s, {:.0}/s)",
            examined as f64 / seconds.max(1e-9)
        ),
        (_, Outcome::Exhausted { .. }) => format!(" ({examined} examined in {seconds:.3} s)"),
        _ => String::new(),
    };
    let (lines, message) = match found.verdict {
        Verdict::Answer { lines, message, .. } => (Some(lines), message),
        Verdict::Proved(message) | Verdict::Failed(message) | Verdict::StoppedEmpty(message) => {
            (None, message)
        }
        Verdict::Cancelled => (None, find::CANCELLED.to_string()),
    };
    // An unsearchable block has no shard to name.
    let share = match found.outcome {
        Outcome::Unsearchable(_) => "",
        _ => share.as_str(),
    };
    say!("{}: {message}{share}{record}", problem.name);
    Solved {
        outcome: found.outcome,
        stats: found.stats,
        seconds,
        lines,
        count: request.options.count.unwrap_or(problem.count),
    }
}

/// `--check`: every block must have steps that pass `euc check`; empty
/// blocks are solved to say whether a construction exists.
fn check_only(
    name: &str,
    text: &str,
    analysis: &Analysis,
    targets: &[usize],
    args: &SolveArgs,
) -> i32 {
    let failures: Vec<_> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.is_construction_failure())
        .cloned()
        .collect();
    if !failures.is_empty() {
        say_raw!(
            "{}",
            report::render_diagnostics(name, text, &failures, super::colour())
        );
    }
    let mut code = exit_code(&analysis.diagnostics);
    for &index in targets {
        let problem = &analysis.scene().problems[index];
        if analysis.reports[index].status == Status::Solved && args.block.is_some() {
            continue;
        }
        if problem.steps.is_empty() && analysis.reports[index].status != Status::Solved {
            code = EXIT_FAILED;
            if solve_one(text, analysis, index, args).lines.is_some() {
                say!(
                    "{name}: block `{}` is empty: run `euc solve --write {name}`",
                    problem.name
                );
            }
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use super::pattern;
    use crate::door::MaskToken;

    #[test]
    fn the_progress_pattern_follows_the_mask() {
        assert_eq!(pattern(&[MaskToken::Circles], 3), "circle circle circle");
        assert_eq!(pattern(&[MaskToken::Line, MaskToken::All], 3), "line * *");
        assert_eq!(pattern(&[MaskToken::All, MaskToken::Circle], 2), "* circle");
    }
}
