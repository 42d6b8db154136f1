//! The command line: arguments, files, terminal output, exit codes. The only
//! layer (with `lsp`) that touches the file system and stdout.

/// `eprintln!` that never panics: a closed or broken standard error (`2>&-`,
/// a reader that went away) leaves nobody to tell, so the line is dropped
/// and the command goes on to its exit code.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// `eprint!` that never panics (see `say!`).
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($arg)*);
    }};
}

mod check;
pub mod compile;
mod files;
mod fmt;
mod hint;
mod planar;
mod play;
mod render;
pub mod report;
mod shard;
mod solve;
pub mod sources;

use crate::diag::Diagnostic;
use crate::door::Analysis;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Writes to standard output. A reader that went away (`euc … | head`)
/// stops the output quietly, and the command goes on to its own exit code;
/// another write error is reported (docs/design.md, "Exit codes").
pub(crate) fn emit(text: &str) {
    if output_closed() {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        output_failed(error);
    }
}

/// Writes `value` as pretty JSON and a line break, streamed: no copy of the
/// whole text is built first.
pub(crate) fn emit_json(value: &impl serde::Serialize) {
    if output_closed() {
        return;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    if let Err(error) = written {
        output_failed(error);
    }
}

/// Whether the reader of standard output went away: nothing more is written.
static OUTPUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn output_closed() -> bool {
    OUTPUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// A closed pipe stops the output but not the command: its exit code is
/// still the verdict's, so that `euc check … | head` in a `pipefail` shell
/// fails when the check does (it once exited 0 here, whatever the verdict).
/// Any other failure to write is an error.
fn output_failed(error: std::io::Error) {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        OUTPUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
        return;
    }
    say!("error: cannot write the output: {error}");
    std::process::exit(EXIT_USAGE);
}

/// Exit codes (docs/design.md): success, a check failed, the input or the command line is wrong.
pub const EXIT_OK: i32 = 0;
pub const EXIT_FAILED: i32 = 1;
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "euc",
    version,
    about = "Straightedge-and-compass construction scripts",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour diagnostics: `auto` on a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value = "auto", global = true)]
    color: ColorChoice,
    /// Write files that have other hard links in place, keeping the links
    /// (not atomic: a write killed half-way leaves part of the file); without
    /// it such files are refused.
    #[arg(long, global = true)]
    in_place: bool,
}

/// How `check` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Diagnostics on stderr, one summary line per block on stdout.
    #[value(alias = "human")]
    Text,
    /// One JSON document on stdout (schema in the README).
    Json,
    /// GitHub Actions annotations on stdout, then the summary lines.
    Github,
    /// One SARIF 2.1.0 log on stdout (for code-scanning uploads).
    Sarif,
}

/// When to colour diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    Always,
    Never,
}

/// Whether stderr gets colour, decided once from `--color` and NO_COLOR.
static COLOUR: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

/// Whether diagnostics on stderr are coloured.
pub(crate) fn colour() -> bool {
    *COLOUR.get_or_init(auto_colour)
}

fn auto_colour() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        && std::io::stderr().is_terminal()
}

const EXIT_CODES: &str = "Exit codes:
  0  success
  1  a check failed: a construction does not reach its goals, a puzzle has
     crossings, `fmt --check` found a file to format, a solve found nothing
  2  the input or the command line is wrong: a syntax or type error, a value
     that cannot be computed, an unreadable file, a bad argument

A FILE of `-` reads standard input. NO_COLOR (set and not empty) turns colour
off unless --color always.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Replay every solve block and check every planar block; exit 1 if one fails.
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The files to check (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How to report: `text` for people, `json` for tools, `github` for
        /// GitHub Actions annotations, `sarif` for code scanning.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Fill empty solve blocks with shortest constructions.
    #[command(after_help = EXIT_CODES)]
    Solve(solve::SolveArgs),
    /// Print the next move of a shortest completion of a block's steps.
    #[command(after_help = EXIT_CODES)]
    Hint(hint::HintArgs),
    /// Print the resolved problems as the solver receives them.
    #[command(after_help = EXIT_CODES)]
    Compile {
        /// The file to compile (`-`: standard input).
        file: PathBuf,
        /// `text` for people, `json` (stable) for tools.
        #[arg(long, value_enum, default_value = "text")]
        format: TextOrJson,
        /// The same as `--format json` (kept for scripts written before it).
        #[arg(long, hide = true)]
        json: bool,
        /// Print the file with every use of a tool of your own written out
        /// as its tool's steps (fresh names, the uses inside it too): lines,
        /// circles and L-tools only, which `euc check` accepts with the
        /// same E count.
        #[arg(long, conflicts_with = "json")]
        expand: bool,
    },
    /// Format files: indentation, spacing, blank lines (comments and numbers kept).
    #[command(after_help = EXIT_CODES)]
    Fmt {
        /// The files to format (`-`: standard input, printed).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Rewrite the files in place.
        #[arg(long, conflicts_with = "check")]
        write: bool,
        /// Write nothing; exit 1 if a file is not formatted.
        #[arg(long)]
        check: bool,
    },
    /// Draw a solve or planar block as an SVG picture.
    #[command(after_help = EXIT_CODES)]
    Render {
        /// The file to draw from (`-`: standard input).
        file: PathBuf,
        /// The block to draw (default: the first one).
        #[arg(long)]
        block: Option<String>,
        /// Write the picture here instead of printing it.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Draw the construction only up to this move.
        #[arg(long)]
        step: Option<usize>,
        /// Draw the lines and circles inside each use of a tool of your
        /// own too, thin and dashed.
        #[arg(long)]
        expand: bool,
        /// Draw it on another instance: `failing` (the one `check` found
        /// it failing on: why it was not accepted) or a number (0: the
        /// declared coordinates; `euc compile` lists them).
        #[arg(long)]
        instance: Option<crate::door::InstanceChoice>,
    },
    /// Play a solve block on a board in the browser: a page on 127.0.0.1
    /// where lines and circles are drawn by clicking points; every move is
    /// written into the file as a step.
    Play {
        file: PathBuf,
        /// The solve block (default: the first one).
        #[arg(long)]
        block: Option<String>,
        /// The port to listen on (0: any free one; the address is printed).
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
    /// Planarity puzzles: generate, advance, untangle.
    #[command(subcommand, after_help = EXIT_CODES)]
    Planar(planar::PlanarCommand),
    /// Run the language server on stdin/stdout.
    Lsp,
    /// Explain a diagnostic code (`euc explain E0404`), or list them all.
    Explain {
        /// The code, e.g. E0404 (default: every code, a line each).
        code: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TextOrJson {
    Text,
    Json,
}

/// Runs the command line and returns the process exit code.
pub fn run(args: impl IntoIterator<Item = String>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_OK
            };
        }
    };
    files::IN_PLACE.store(cli.in_place, std::sync::atomic::Ordering::Relaxed);
    guard_the_process();
    let _ = COLOUR.set(match cli.color {
        ColorChoice::Auto => auto_colour(),
        ColorChoice::Always => true,
        ColorChoice::Never => false,
    });
    match cli.command {
        Command::Check { files, format } => check::run(&files, format),
        Command::Compile {
            file,
            format,
            json,
            expand,
        } => compile::run(&file, json || format == TextOrJson::Json, expand),
        Command::Solve(args) => solve::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Lsp => crate::lsp::run(),
        Command::Fmt {
            files,
            write,
            check,
        } => fmt::run(&files, write, check),
        Command::Render {
            file,
            block,
            output,
            step,
            expand,
            instance,
        } => render::run(
            &file,
            render::Asked {
                block,
                step,
                expand,
                instance,
            },
            output.as_deref(),
        ),
        Command::Planar(command) => planar::run(&command),
        Command::Play { file, block, port } => {
            play::construction::serve(&file, block.as_deref(), port)
        }
        Command::Explain { code } => explain(code.as_deref()),
    }
}

/// `euc explain`: a code's meaning and fix from the registry
/// (`diag::codes`), or every code with its summary.
fn explain(code: Option<&str>) -> i32 {
    use crate::diag::codes::{self, CODES};
    match code {
        None => {
            let lines: Vec<String> = CODES
                .iter()
                .map(|known| format!("{}  {}", known.code, known.summary))
                .collect();
            emit(&(lines.join("\n") + "\n"));
            EXIT_OK
        }
        Some(asked) => match codes::code(&asked.trim().to_ascii_uppercase()) {
            Some(known) => {
                emit(&codes::explanation(known));
                EXIT_OK
            }
            None => {
                say!("euc explain: there is no code `{asked}` (`euc explain` lists them)");
                EXIT_USAGE
            }
        },
    }
}

/// What every command needs from the process before it touches a file: the
/// standard streams open (a closed one's number would go to the next file
/// opened, and diagnostics into it), and a write past the file-size limit
/// an error rather than SIGXFSZ (exit 153) — docs/design.md, "Exit codes".
fn guard_the_process() {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // The lowest free number is taken first: while it is 0, 1 or 2,
        // that stream was closed, and /dev/null takes its place for good.
        while let Ok(null) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
        {
            if null.as_raw_fd() > 2 {
                break;
            }
            std::mem::forget(null);
        }
        let _ = signal_hook::flag::register(
            signal_hook::consts::SIGXFSZ,
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        );
    }
}

/// 2 if the input is wrong, else 1 if a construction fails, else 0.
fn exit_code(diagnostics: &[Diagnostic]) -> i32 {
    if diagnostics.iter().any(Diagnostic::is_input_error) {
        EXIT_USAGE
    } else if diagnostics.iter().any(Diagnostic::is_construction_failure) {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

/// A file read and analysed for a command that needs it free of input
/// errors; otherwise the errors are printed and the exit code returned.
fn load_valid(path: &std::path::Path) -> Result<(String, Analysis), i32> {
    let text = read(path)?;
    let analysis = sources::analyze_source(path, &text);
    refuse_input_errors(path, &text, &analysis.input_errors())?;
    Ok((text, analysis))
}

/// `load_valid` without checking the blocks: the file parsed and resolved,
/// refused with its input errors. For commands that need no verdict (`euc
/// planar untangle`: counting the crossings of a scrambled 5,000-node level
/// took 6 of its 8 seconds).
fn load_resolved(path: &std::path::Path) -> Result<(String, crate::door::Scene), i32> {
    let text = read(path)?;
    let (scene, mut diagnostics) = sources::resolve_source(path, &text);
    diagnostics.retain(Diagnostic::is_input_error);
    // In the order an analysis gives them (`analysis::assemble`).
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    refuse_input_errors(path, &text, &diagnostics)?;
    Ok((text, scene))
}

/// Prints a file's input errors and gives the exit code, if it has any.
fn refuse_input_errors(
    path: &std::path::Path,
    text: &str,
    errors: &[Diagnostic],
) -> Result<(), i32> {
    if errors.is_empty() {
        return Ok(());
    }
    let name = source_name(path);
    say_raw!(
        "{}",
        report::render_diagnostics(&name, text, errors, colour())
    );
    Err(EXIT_USAGE)
}

fn read(path: &std::path::Path) -> Result<String, i32> {
    read_source(path).map_err(|message| {
        say!("error: {message}");
        EXIT_USAGE
    })
}

/// The most a command reads from one file: `.euc` files are kilobytes (a
/// 5,000-node planar level is about 300 KB), and analysis needs a few
/// hundred bytes of memory per byte of input, so this also bounds memory
/// (`euc check /dev/zero` once read until memory ran out).
pub const MAX_INPUT: u64 = crate::door::MOST_BYTES as u64;

/// Where a path reads from, for messages: `-` is standard input.
pub(crate) fn source_name(path: &std::path::Path) -> String {
    if is_stdin(path) {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

pub(crate) fn is_stdin(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// A file's text (`-`: standard input), at most `MAX_INPUT` bytes of UTF-8.
pub(crate) fn read_source(path: &std::path::Path) -> Result<String, String> {
    read_bounded(path, MAX_INPUT, "one file")
}

/// A file's text (`-`: standard input), at most `most` bytes of UTF-8: more
/// is an error, never a read until memory runs out (`/dev/zero`).
pub(crate) fn read_bounded(
    path: &std::path::Path,
    most: u64,
    what: &str,
) -> Result<String, String> {
    use std::io::Read;
    let name = source_name(path);
    let mut bytes = Vec::new();
    let result = if is_stdin(path) {
        std::io::stdin()
            .lock()
            .take(most + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(most + 1).read_to_end(&mut bytes))
    };
    result.map_err(|error| format!("cannot read {name}: {error}"))?;
    if bytes.len() as u64 > most {
        return Err(format!(
            "cannot read {name}: it is larger than {} MiB, the most euc reads from {what}",
            most >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "cannot read {name}: it is not UTF-8 text (byte {} is not)",
            error.utf8_error().valid_up_to()
        )
    })
}
