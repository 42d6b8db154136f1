//! Construction → text: steps in `.euc` syntax with fresh names (never a
//! name the file already uses; only points that later steps or goals use get
//! names), and the text edit that puts them into a solve block; the edits
//! of a planar block (moves, next level, untangle) in `planar`; the
//! construction board's state and moves in `board`.

pub mod expand;
pub mod planar;

use crate::parse::ast::Tool;
use crate::resolve::{Problem, Scene, StepOp};
use crate::solve::construction::{Binding, Construction};
use crate::solve::hint::Hint;
use crate::solve::search::setup_kinds;
use crate::span::Span;
use crate::tools::Operand;
use std::collections::HashSet;

/// Replace `span` with `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub span: Span,
    pub text: String,
}

/// The edit a quick fix makes in `text`: its replacement, except that a
/// deletion which would leave only blanks on its line removes the line.
pub fn fix_edit(text: &str, fix: &crate::diag::Fix) -> TextEdit {
    let span = fix.span;
    if fix.replacement.is_empty() && span.end <= text.len() {
        let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
        let line_end = text[span.end..]
            .find('\n')
            .map_or(text.len(), |at| span.end + at + 1);
        let blank = |part: &str| part.trim().is_empty();
        if blank(&text[line_start..span.start]) && blank(&text[span.end..line_end]) {
            return TextEdit {
                span: Span::new(line_start, line_end),
                text: String::new(),
            };
        }
    }
    TextEdit {
        span,
        text: fix.replacement.clone(),
    }
}

/// The steps of a construction, one line each, without indentation.
pub fn construction_to_lines(
    scene: &Scene,
    problem: &Problem,
    construction: &Construction,
) -> Vec<String> {
    let names = |symbols: &[usize]| -> Vec<String> {
        symbols
            .iter()
            .map(|&s| scene.symbols[s].name.clone())
            .collect()
    };
    let written = write_steps(
        problem,
        construction,
        Names {
            points: names(&problem.givens),
            objects: names(&problem.setup),
            // The block's own steps are replaced: their names are free.
            taken: taken_names(scene, problem),
        },
    );
    written.into_iter().map(|(line, _)| line).collect()
}

/// A hint as lines for its block (docs/solver.md, "Hints").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintLines {
    /// The next move: the step that draws it, after the steps that name
    /// the points it uses (and, when it is the last move, the steps that
    /// name the goals it reaches).
    pub next: Vec<String>,
    /// The whole completion: every step to append.
    pub all: Vec<String>,
}

/// The lines of a hint for block `problem` of `scene`: fresh names avoid
/// every name of the file and of the block.
pub fn hint_to_lines(scene: &Scene, problem: &Problem, hint: &Hint) -> HintLines {
    let partial = &hint.partial;
    let mut points: Vec<String> = problem
        .givens
        .iter()
        .map(|&s| scene.symbols[s].name.clone())
        .collect();
    points.extend(partial.point_names.iter().cloned());
    let mut objects: Vec<String> = problem
        .setup
        .iter()
        .map(|&s| scene.symbols[s].name.clone())
        .collect();
    objects.extend(partial.object_names.iter().cloned());
    let written = write_steps(
        &partial.problem,
        &hint.construction,
        Names {
            points,
            objects,
            taken: {
                // The steps so far stay: their names are taken.
                let mut taken = taken_names(scene, problem);
                taken.extend(problem.local_names.iter().cloned());
                taken
            },
        },
    );
    let draws = written.iter().filter(|(_, draws)| *draws).count();
    let next = if draws <= 1 {
        written.len()
    } else {
        written
            .iter()
            .position(|(_, draws)| *draws)
            .map_or(written.len(), |at| at + 1)
    };
    let all: Vec<String> = written.into_iter().map(|(line, _)| line).collect();
    HintLines {
        next: all[..next].to_vec(),
        all,
    }
}

/// Names a writer must not give: the file's and the block's goals.
fn taken_names(scene: &Scene, problem: &Problem) -> HashSet<String> {
    let mut taken: HashSet<String> = scene
        .symbols
        .iter()
        .map(|symbol| symbol.name.clone())
        .collect();
    taken.extend(problem.goals.iter().map(|goal| goal.name.clone()));
    taken
}

/// The names a writer starts from: the problem's givens and setup, and
/// the names it must not give.
struct Names {
    points: Vec<String>,
    objects: Vec<String>,
    taken: HashSet<String>,
}

/// Each step of the construction as a line, and whether it draws.
fn write_steps(
    problem: &Problem,
    construction: &Construction,
    names: Names,
) -> Vec<(String, bool)> {
    let plan = construction.plan(problem.givens.len(), &setup_kinds(problem));
    let mut fresh = FreshNames::new(names.taken);
    let mut point_names = names.points;
    let mut object_names = names.objects;
    let mut lines = Vec::new();
    for (op, bindings) in plan.ops.iter().zip(&plan.names) {
        let mut binders = Vec::new();
        for binding in bindings {
            let name = match binding {
                Binding::Unused => "_".to_string(),
                Binding::Point => fresh.next(Kind::Point),
                Binding::Object(draw) if draw.is_line() => fresh.next(Kind::Line),
                Binding::Object(_) => fresh.next(Kind::Circle),
                Binding::Goal(goal) => problem.goals[*goal].name.clone(),
            };
            binders.push(name);
        }
        let calls = if construction.calls.is_empty() {
            &problem.calls
        } else {
            &construction.calls
        };
        let value = op_text(problem, calls, op, &point_names, &object_names);
        if let StepOp::Use { call, .. } = *op {
            // Each result where its kind is numbered.
            let results = calls
                .get(call as usize)
                .map_or(&[][..], |call| &call.tool.results);
            for (binder, result) in binders.iter().zip(results) {
                if result.is_point() {
                    point_names.push(binder.clone());
                } else {
                    object_names.push(binder.clone());
                }
            }
        } else if op.is_meet() {
            point_names.extend(binders.iter().cloned());
        } else {
            object_names.push(binders[0].clone());
        }
        lines.push((format!("{} = {value}", binders.join(", ")), !op.is_meet()));
    }
    lines
}

/// The right side of a step.
fn op_text(
    problem: &Problem,
    calls: &[crate::resolve::Call],
    op: &StepOp,
    point_names: &[String],
    object_names: &[String],
) -> String {
    match *op {
        StepOp::Line(a, b) => format!("line({}, {})", point_names[a], point_names[b]),
        StepOp::Circle(a, b) => format!("circle({}, {})", point_names[a], point_names[b]),
        StepOp::Meet(a, b) => format!("{} & {}", object_names[a], object_names[b]),
        StepOp::Pick {
            first,
            second,
            pick,
            at,
        } => format!(
            "{}({}, {}, {})",
            pick.name(),
            object_names[first],
            object_names[second],
            point_names[at]
        ),
        StepOp::Touch(a, b) => format!("touch({}, {})", object_names[a], object_names[b]),
        StepOp::Drop { object, at, circle } => {
            let at = if circle {
                format!("{}deg", crate::geom::format_number(at.value().to_degrees()))
            } else {
                crate::geom::format_number(at.value() * problem.unit)
            };
            format!("any({}, {at})", object_names[object])
        }
        StepOp::Tool { tool, args } => Tool::call_text(tool, args, |operand, arg| match operand {
            Operand::Point => point_names[arg].clone(),
            Operand::Line | Operand::Circle => object_names[arg].clone(),
        }),
        StepOp::Use { call, .. } => calls.get(call as usize).map_or_else(String::new, |call| {
            call.text(|is_point, arg| {
                let names = if is_point { point_names } else { object_names };
                names.get(arg).cloned().unwrap_or_default()
            })
        }),
    }
}

#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Point,
    Line,
    Circle,
}

/// Names not taken yet: P1, P2, … for points, l1, … for lines, c1, … for
/// circles.
pub(crate) struct FreshNames {
    taken: HashSet<String>,
    counters: [usize; 3],
}

impl FreshNames {
    pub(crate) fn new(taken: HashSet<String>) -> FreshNames {
        FreshNames {
            taken,
            counters: [0; 3],
        }
    }

    pub(crate) fn next(&mut self, kind: Kind) -> String {
        let (prefix, slot) = match kind {
            Kind::Point => ("P", 0),
            Kind::Line => ("l", 1),
            Kind::Circle => ("c", 2),
        };
        loop {
            self.counters[slot] += 1;
            let name = format!("{prefix}{}", self.counters[slot]);
            if self.taken.insert(name.clone()) {
                return name;
            }
        }
    }

    /// `base` itself if it is free, else `base2`, `base3`, … (`base_2`
    /// after a digit): a tool's result named as the tool names it.
    pub(crate) fn like(&mut self, base: &str) -> String {
        if self.taken.insert(base.to_string()) {
            return base.to_string();
        }
        let joint = if base.ends_with(|c: char| c.is_ascii_digit()) {
            "_"
        } else {
            ""
        };
        (2..)
            .map(|number| format!("{base}{joint}{number}"))
            .find(|name| self.taken.insert(name.clone()))
            .expect("some number is free")
    }
}

/// The edit that makes `lines` the steps of the block: existing step lines
/// are removed, the new ones go where the block ends, indented like the
/// block's other lines. Everything else stays byte for byte.
pub fn fill_block(
    text: &str,
    problem: &Problem,
    step_spans: &[Span],
    lines: &[String],
) -> Vec<TextEdit> {
    let mut edits = remove_steps(text, step_spans);
    let close = problem.span.end.saturating_sub(1);
    let indent = block_indent(text, problem);
    let close_line = line_start(text, close);
    let mut body = String::new();
    if text[close_line..close].trim().is_empty() {
        for line in lines {
            body.push_str(&format!("{indent}{line}\n"));
        }
        edits.push(TextEdit {
            span: Span::new(close_line, close_line),
            text: body,
        });
    } else {
        body.push('\n');
        for line in lines {
            body.push_str(&format!("{indent}{line}\n"));
        }
        edits.push(TextEdit {
            span: Span::new(close, close),
            text: body,
        });
    }
    edits
}

/// The edits that remove the steps at `step_spans`: the whole line where a
/// step is alone on it, else the step alone.
pub fn remove_steps(text: &str, step_spans: &[Span]) -> Vec<TextEdit> {
    step_spans
        .iter()
        .map(|span| {
            let start = line_start(text, span.start);
            let end = text[span.end..]
                .find('\n')
                .map_or(text.len(), |i| span.end + i + 1);
            // Only the whole line goes when the step is alone on it.
            if text[start..span.start].trim().is_empty() && text[span.end..end].trim().is_empty() {
                TextEdit {
                    span: Span::new(start, end),
                    text: String::new(),
                }
            } else {
                TextEdit {
                    span: *span,
                    text: String::new(),
                }
            }
        })
        .collect()
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |index| index + 1)
}

fn block_indent(text: &str, problem: &Problem) -> String {
    let body = &text[problem.body_span.start.min(text.len())..problem.span.end.min(text.len())];
    body.lines()
        .find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('}'))
        .map(|line| line[..line.len() - line.trim_start().len()].to_string())
        .filter(|indent| !indent.is_empty())
        .unwrap_or_else(|| "  ".to_string())
}

/// Whether a text ends its lines with CR LF (judged by its first line
/// break): text put into it should too.
pub fn uses_crlf(text: &str) -> bool {
    text.find('\n')
        .is_some_and(|at| at > 0 && text.as_bytes()[at - 1] == b'\r')
}

/// `inserted` (written with LF) with the line breaks `file` uses.
pub fn with_line_breaks_of(file: &str, inserted: String) -> String {
    if uses_crlf(file) && inserted.contains('\n') {
        inserted.replace("\r\n", "\n").replace('\n', "\r\n")
    } else {
        inserted
    }
}

/// Applies non-overlapping edits; inserted lines take the text's line
/// breaks (a CRLF file stays CRLF).
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> String {
    let edits: Vec<TextEdit> = edits
        .iter()
        .map(|edit| TextEdit {
            span: edit.span,
            text: with_line_breaks_of(text, edit.text.clone()),
        })
        .collect();
    let mut sorted: Vec<&TextEdit> = edits.iter().collect();
    sorted.sort_by_key(|edit| (edit.span.start, edit.span.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in sorted {
        out.push_str(&text[at..edit.span.start.max(at)]);
        out.push_str(&edit.text);
        at = at.max(edit.span.end);
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deletion_that_empties_a_line_takes_the_line() {
        let fix = |start, end| crate::diag::Fix {
            title: String::new(),
            span: Span::new(start, end),
            replacement: String::new(),
        };
        let text = "a\n  step\r\nb";
        assert_eq!(fix_edit(text, &fix(4, 8)).span, Span::new(2, 10));
        // Something else on the line: only the span goes.
        let text = "a\n  step x\nb";
        assert_eq!(fix_edit(text, &fix(4, 8)).span, Span::new(4, 8));
        // The last line, without a line break.
        assert_eq!(fix_edit("a\nstep", &fix(2, 6)).span, Span::new(2, 6));
    }
}
