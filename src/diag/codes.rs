//! Every diagnostic code euc reports, once: its severity, what it is about
//! in a few words (SARIF's rule descriptions, the README's table) and what
//! it means with how to fix it (`euc explain CODE`). `tests/suite/house.rs`
//! ties the README's table and every code the source writes to this list.

use super::Severity;

/// One diagnostic code.
#[derive(Clone, Copy, Debug)]
pub struct Code {
    pub code: &'static str,
    pub severity: Severity,
    /// A few words: "unknown name".
    pub summary: &'static str,
    /// What it means and how to fix it, in sentences.
    pub explanation: &'static str,
    /// The exit code of `euc check` when it is the worst code reported: 2
    /// wrong input, 1 a construction that fails or a puzzle not solved, 0
    /// a warning (the README's table of codes says the same).
    pub exit: i32,
}

/// An error in the input: the file is wrong (exit code 2).
const fn error(code: &'static str, summary: &'static str, explanation: &'static str) -> Code {
    Code {
        code,
        severity: Severity::Error,
        summary,
        explanation,
        exit: 2,
    }
}

/// An error that says a construction fails or a puzzle is not solved
/// (exit code 1): the file is well formed, its answer is not right.
const fn failure(code: &'static str, summary: &'static str, explanation: &'static str) -> Code {
    Code {
        code,
        severity: Severity::Error,
        summary,
        explanation,
        exit: 1,
    }
}

const fn warning(code: &'static str, summary: &'static str, explanation: &'static str) -> Code {
    Code {
        code,
        severity: Severity::Warning,
        summary,
        explanation,
        exit: 0,
    }
}

/// The code of an empty block's warning, which Find construction's code
/// action looks for.
pub const NO_CONSTRUCTION_YET: &str = "W0002";

/// Every code, in order.
pub const CODES: &[Code] = &[
    error("E0001", "syntax error: unexpected character", "A character that is no part of the language (a `°`, a pasted Unicode minus). Write the ASCII form: `60deg`, `-1`."),
    error("E0002", "syntax error: unexpected token", "The parser expected something else here; the message lists what fits. Check the line against docs/language.md."),
    error("E0003", "syntax error: unclosed block", "A `{` or `(` is never closed. Close it where the block or expression ends."),
    error("E0004", "syntax error: nested too deeply", "An expression or statement nests deeper than the parser goes. Name a part with `let` and use the name."),
    error("E0005", "document too large", "The language server analyses documents up to 2 MiB, as `euc check` reads files up to that size. Split the file."),
    error("E0101", "unknown name", "A name that is declared nowhere in scope; the message suggests a close one. Declare it, or fix the spelling."),
    error("E0102", "name declared twice", "Two declarations (or two binders of a block, or two blocks) use one name. Rename one of them."),
    error("E0103", "name used before its declaration", "A top-level name is used above the line that declares it, or a step uses a name that a later step binds. Move the declaration or the step."),
    error("E0104", "name clashes with a top-level name", "A step binds a name the file declares at the top level. Choose another name for the step."),
    error("E0105", "goal used before it is constructed", "A step uses a goal's name before a step binds it. Construct the goal first, or use another point."),
    error("E0201", "type error", "An operator or argument has the wrong type (a number where a point is wanted, …). The message says what was expected."),
    error("E0202", "wrong function arguments", "A function is called with arguments it does not take. The message lists its forms."),
    error("E0203", "unknown function", "No function has this name; the message suggests a close one."),
    error("E0204", "wrong number of bound names", "A step binds more or fewer names than its right side makes (an intersection of two circles makes two points: `P, Q = c1 & c2`)."),
    error("E0205", "a point has two coordinates", "A point is written with another number of coordinates. Write `(x, y)`."),
    error("E0206", "not a given point", "A construction may use only given points (`point`) and what the steps make. Declare it as a `point`, or construct it."),
    error("E0207", "not a construction step", "A step's right side is no line, circle, intersection, L-tool or dropped point. The message says which form fits."),
    error("E0208", "goal type or alternatives", "A goal is not a point, line or circle, or its alternatives are of two kinds, or a goal line's alternatives list another number of values than it names."),
    error("E0209", "`any(…)` in the wrong place", "`any(…)` declares a given point dropped anywhere: it is the whole right side of a `point` declaration (`point D = any(r, 1)`), used by its name elsewhere."),
    error("E0301", "a value cannot be computed", "A declaration or goal has no value on the declared coordinates (a square root of a negative, circles that do not meet). Fix the figure."),
    error("E0302", "a block could not be checked", "Something kept a block from being checked and nothing else said why. Report it: it is never silent."),
    failure("E0401", "a step cannot be built", "On the declared coordinates the step's objects do not cross (parallel lines, circles apart), or touch, or a circle has no radius."),
    failure("E0402", "a goal is not reached", "No given point, step or intersection of the drawing is the goal. Add the steps that reach it; the help says where it is."),
    failure("E0403", "works only for the declared coordinates", "The construction reaches the goals as declared but not when the givens move: it relies on a coincidence. The help gives a failing instance."),
    failure("E0404", "a goal's name bound to something else", "A step binds a goal's name to a point or object that is not the goal, or that is another alternative than the rest of its goal line."),
    failure("E0405", "an intersection beyond a segment or ray", "Segments and rays meet other objects only within their extent. Write `_` for that point, or draw the full line first."),
    failure("E0406", "depends on where a point was dropped", "The construction fails for half or more of the drops of a point dropped anywhere (`any(…)`). Name crossings by where they lie (`other`, `nearer`)."),
    error("E0501", "two `**` parts in a mask", "A mask has at most one `**` part."),
    error("E0502", "a line given twice", "A block has two `mask`, `ignore`, `tools`, `count` or `stars` lines. Put everything on one."),
    error("E0503", "a bad `ignore` limit", "`ignore min` and `ignore max` take positive numbers."),
    error("E0504", "`verify` of a non-parameter", "`verify` sets parameters (declarations whose right side names nothing), never a constant or a computed name."),
    error("E0505", "`verify` with the wrong type", "A `verify` value has another type than the parameter it sets."),
    failure("E0506", "steps outside the mask", "The steps draw what the block's mask does not allow. Change the steps, or widen the mask (a quick fix)."),
    failure("E0507", "a tool the block does not allow", "A step uses an L-tool or a tool of your own the block's `tools` line does not list. Add it to the line, or construct it from lines and circles."),
    error("E0508", "`count` is not `e` or `l`", "`count e` minimises elementary moves; `count l` tool uses."),
    error("E0509", "a bad `stars` count", "A star count is `e` or `l` with a whole number from 1 to 64, each given once."),
    error("E0510", "no such tool", "A `tools` line or a mask names something that is no L-tool, no tool of your own (nor `drop`); the message suggests a close one."),
    error("E0601", "unknown node", "A planar edge names a node the block does not declare."),
    error("E0602", "edge listed twice", "A planar block lists one edge twice."),
    error("E0603", "edge from a node to itself", "A planar edge joins a node to itself."),
    error("E0604", "a bad `level` or `seed`", "A planar block's `level` and `seed` are whole numbers, 0 or more."),
    failure("E0701", "links of a planar block cross", "A link crosses others: how many, and the first three with where. Move the nodes (or `euc planar untangle`)."),
    failure("E0702", "many links of a planar block cross", "More than 100 links cross: the counts, on the block (the first 100 links have their E0701)."),
    error("E0801", "a tool's name is taken", "A tool of your own is named like an L-tool, a built-in function or a word of the language (`pi`, `tool`, `use`, `drop`). Rename it."),
    error("E0802", "a tool defined or brought in twice", "Two tool definitions, a definition and a `use` line, or two `use` lines give tools one name. Rename one of them."),
    error("E0803", "a tool that uses itself", "A tool's body uses the tool itself, directly or through other tools; the message names the circle. Build it from lines, circles, L-tools and other tools."),
    error("E0804", "a tool's result is not bound", "A result named after `->` is bound by no step of the tool's body. Bind it in the body (a parameter is not a result)."),
    error("E0805", "not a tool parameter", "A tool's parameter is a point, line, segment, ray or circle with its value on the tool's figure: not a number, a `let` or `const`, or a point dropped anywhere."),
    error("E0806", "a line a tool's body cannot hold", "A tool's body holds steps only: no `goal`, `mask`, `tools`, `count`, `stars`, `ignore` or `verify` line, and no point dropped with `any(…)`."),
    error("E0807", "too many steps replayed", "A tool's use, or a block, replays more steps than euc takes (10,000 for one use, 100,000 for a block) with the tools it uses counted: nested tools multiply. Use them fewer times or nest them less deep."),
    error("E0811", "a used file cannot be read", "The file a `use` line names is missing, a folder, not a `.euc` file, over 2 MiB, not UTF-8, or one too many (at most 64 files and 8 MiB through all `use` lines); or the text was not read from a file."),
    error("E0812", "a cycle of `use` lines", "Files that use each other, or a file that uses itself; the message names the cycle. Move the shared tools to a file both use."),
    error("E0813", "a used file has errors", "The file a `use` line names has errors of its own; the message quotes the first. Run `euc check` on it and fix them there."),
    warning("W0001", "a constant goal", "A goal written as a constant cannot follow the givens when they move. Write it from the givens."),
    warning("W0002", "no construction yet", "A block has no steps and its goals are not reached. Run `euc solve`, or the editor's Find construction."),
    warning("W0003", "a wasted move", "A step draws a line or circle that is already drawn. Remove it, or use the earlier object."),
    warning("W0004", "checked on the declared coordinates only", "No moved instance of the block could be computed, so the check holds for the declared coordinates alone."),
    warning("W0005", "works for some drops only", "The construction works for some of the 1,000 surveyed drops of a point dropped anywhere, not all (under half is E0406)."),
];

/// The code `code`, if euc reports it.
pub fn code(code: &str) -> Option<&'static Code> {
    CODES.iter().find(|known| known.code == code)
}

/// Where `docs/codes.md` is read on the web: the editor's link on each
/// diagnostic (`codeDescription`) goes to its code there.
const CODES_PAGE: &str = "https://github.com/euc-dev/euc/blob/main/docs/codes.md";

/// The link to a code's explanation (`docs/codes.md`, an anchor per code).
pub fn link(code: &str) -> String {
    format!("{CODES_PAGE}#{}", code.to_ascii_lowercase())
}

/// A wrong and a right example of each code that a file alone can show
/// (`src/diag/examples/CODE.euc`: the wrong file after a `// wrong` line,
/// the right one after `// right`). A test checks that each wrong file
/// gets its code and each right one checks clean.
macro_rules! examples {
    ($($code:literal),* $(,)?) => {
        &[$(($code, include_str!(concat!("examples/", $code, ".euc")))),*]
    };
}

const EXAMPLES: &[(&str, &str)] = examples![
    "E0001", "E0002", "E0003", "E0004", "E0101", "E0102", "E0103", "E0104", "E0105", "E0201",
    "E0202", "E0203", "E0204", "E0205", "E0206", "E0207", "E0208", "E0209", "E0301", "E0401",
    "E0402", "E0403", "E0404", "E0405", "E0406", "E0501", "E0502", "E0503", "E0504", "E0505",
    "E0506", "E0507", "E0508", "E0509", "E0510", "E0601", "E0602", "E0603", "E0604", "E0701",
    "E0702", "E0801", "E0802", "E0803", "E0804", "E0805", "E0806", "E0807", "E0811", "E0812",
    "W0001", "W0002", "W0003", "W0004", "W0005"
];

/// The codes no file alone can show, and why.
pub const WITHOUT_EXAMPLE: &[(&str, &str)] = &[
    (
        "E0005",
        "the language server reports it for a document over 2 MiB",
    ),
    (
        "E0302",
        "it reports a fault of euc itself, never a mistake in the file",
    ),
    ("E0813", "it needs a second file, the one that has errors"),
];

/// The wrong and the right example of `code`, if it has them.
pub fn example(code: &str) -> Option<(&'static str, &'static str)> {
    let (_, text) = EXAMPLES.iter().find(|(known, _)| *known == code)?;
    let text = text.strip_prefix("// wrong\n")?;
    let (wrong, right) = text.split_once("\n// right\n")?;
    Some((wrong.trim_end(), right.trim_end()))
}

fn kind(known: &Code) -> &'static str {
    match known.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// What the code does to `euc check`'s exit code, in words.
fn verdict(known: &Code) -> &'static str {
    match known.exit {
        2 => "exit code 2: the input is wrong",
        1 => "exit code 1: the construction fails",
        _ => "exit code 0 on its own",
    }
}

/// `euc explain CODE`: the code's summary, meaning, exit code and its
/// examples, as plain text.
pub fn explanation(known: &Code) -> String {
    let mut text = format!(
        "{} ({}, {}): {}\n\n{}\n",
        known.code,
        kind(known),
        verdict(known),
        known.summary,
        known.explanation
    );
    let indent = |program: &str| -> String {
        program
            .lines()
            .map(|line| {
                if line.is_empty() {
                    String::new()
                } else {
                    format!("    {line}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    if let Some((wrong, right)) = example(known.code) {
        text.push_str(&format!(
            "\nWrong:\n\n{}\n\nRight:\n\n{}\n",
            indent(wrong),
            indent(right)
        ));
    }
    text
}

/// `docs/codes.md`: every code with its explanation, as `euc explain` gives
/// it, written from this registry (a test keeps the file equal to it).
pub fn markdown() -> String {
    let mut page = String::from(
        "# Diagnostic codes\n\n\
         Every code euc reports, with what it means, how to fix it and what it does\n\
         to the exit code, with a wrong and a right example: the text of\n\
         `euc explain CODE`, and where the editor's link on a diagnostic goes. Written\n\
         from `src/diag/codes.rs` and `src/diag/examples/`; `cargo test` fails when\n\
         they differ (set `EUC_WRITE_CODES=1` to write it again).\n",
    );
    for known in CODES {
        page.push_str(&format!(
            "\n<a id=\"{}\"></a>\n## {}: {} ({}, {})\n\n{}\n",
            known.code.to_ascii_lowercase(),
            known.code,
            known.summary,
            kind(known),
            verdict(known),
            known.explanation
        ));
        if let Some((wrong, right)) = example(known.code) {
            page.push_str(&format!(
                "\nWrong:\n\n```euc\n{wrong}\n```\n\nRight:\n\n```euc\n{right}\n```\n"
            ));
        }
    }
    page
}
