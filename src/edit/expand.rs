//! Uses of tools of your own written out: each use in a solve block
//! replaced by its tool's body with fresh names (the uses inside it too),
//! the block's `tools` line naming the L-tools the bodies use, and the tool
//! definitions and `use` lines taken out, so that every block is lines,
//! circles and L-tools only and checks with the same E count
//! (docs/language.md, "Tools of your own"; `euc compile --expand`).

use super::{line_start, op_text, remove_steps, TextEdit};
use crate::geom::{Extent, Object};
use crate::parse::ast::{ItemKind, SourceFile};
use crate::resolve::{Call, Problem, Scene, StepOp, Type};
use crate::span::Span;
use crate::tools::Tool;
use std::collections::HashSet;

/// The edits that write every use of a tool of your own in `text` out as
/// lines, circles and L-tools, or why a use cannot be (a parameter
/// declared a line given a segment or ray: the body sees the whole line,
/// which no step can name).
pub fn expand_uses(text: &str, file: &SourceFile, scene: &Scene) -> Result<Vec<TextEdit>, String> {
    let mut edits = Vec::new();
    for problem in &scene.problems {
        edits.extend(expand_block(text, scene, problem)?);
    }
    edits.extend(remove_tools(text, file));
    Ok(edits)
}

/// The names of the points and objects of a replay so far, by index, and
/// which objects are segments or rays.
#[derive(Default)]
struct Named {
    points: Vec<String>,
    objects: Vec<String>,
    partial: Vec<bool>,
}

impl Named {
    fn bind(&mut self, is_point: bool, index: usize, name: String, partial: bool) {
        let put = |list: &mut Vec<String>| {
            if list.len() <= index {
                list.resize(index + 1, "_".to_string());
            }
            list[index] = name;
        };
        if is_point {
            put(&mut self.points);
        } else {
            put(&mut self.objects);
            if self.partial.len() <= index {
                self.partial.resize(index + 1, false);
            }
            self.partial[index] = partial;
        }
    }
}

/// What a block's uses are written as: the lines, the names given so far,
/// and the L-tools the bodies draw with.
struct Writer {
    lines: Vec<String>,
    taken: HashSet<String>,
    tools: Vec<Tool>,
}

impl Writer {
    /// `name_1`, or the first of `name_2`, `name_3`, … not taken.
    fn fresh(&mut self, name: &str) -> String {
        (1..)
            .map(|number| format!("{name}_{number}"))
            .find(|candidate| self.taken.insert(candidate.clone()))
            .unwrap_or_default()
    }

    /// The body of `call` on the operands named in `outer`, its results
    /// named `results` (`None`: a fresh name where the body names one).
    fn call(
        &mut self,
        call: &Call,
        results: &[Option<String>],
        outer: &Named,
    ) -> Result<(), String> {
        let tool = &call.tool;
        let figure = &tool.figure;
        let mut inner = operands(call, outer)?;
        for step in &figure.steps {
            let names: Vec<Option<String>> = step
                .binders
                .iter()
                .map(|binder| {
                    let name = binder.name.as_ref()?;
                    let result = tool.results.iter().position(|result| {
                        result.is_point() == binder.is_point() && result.index == binder.index
                    });
                    let given = result.and_then(|at| results.get(at).cloned().flatten());
                    Some(given.unwrap_or_else(|| self.fresh(name)))
                })
                .collect();
            match step.op {
                StepOp::Use { call, .. } => {
                    let used = figure
                        .calls
                        .get(call as usize)
                        .ok_or("a use without its tool")?;
                    self.call(used, &names, &inner)?;
                }
                op => {
                    if let StepOp::Tool { tool, .. } = op {
                        if !self.tools.contains(&tool) {
                            self.tools.push(tool);
                        }
                    }
                    let binders: Vec<&str> = names
                        .iter()
                        .map(|name| name.as_deref().unwrap_or("_"))
                        .collect();
                    let value = op_text(figure, &figure.calls, &op, &inner.points, &inner.objects);
                    self.lines.push(format!("{} = {value}", binders.join(", ")));
                }
            }
            for (binder, name) in step.binders.iter().zip(names) {
                let name = name.unwrap_or_else(|| "_".to_string());
                inner.bind(binder.is_point(), binder.index, name, false);
            }
        }
        Ok(())
    }
}

/// The names a use's body starts from: its parameters named as the use's
/// operands.
fn operands(call: &Call, outer: &Named) -> Result<Named, String> {
    let mut inner = Named::default();
    for (param, &arg) in call.tool.params.iter().zip(&call.args) {
        if param.ty == Type::Point {
            let name = outer.points.get(arg).cloned().unwrap_or_default();
            inner.bind(true, param.slot, name, false);
            continue;
        }
        let name = outer.objects.get(arg).cloned().unwrap_or_default();
        let partial = outer.partial.get(arg).copied().unwrap_or(false);
        if partial && param.ty == Type::Line {
            return Err(format!(
                "`{}`'s parameter `{}` is a line and sees the whole line through the segment or ray `{name}`, which no step can name: write that line as a step and use the tool on it",
                call.tool.name, param.name
            ));
        }
        inner.bind(false, param.slot, name, partial);
    }
    Ok(inner)
}

/// One block's edits: each use replaced by its body, its `tools` line and
/// a mask naming tools of your own rewritten.
fn expand_block(text: &str, scene: &Scene, problem: &Problem) -> Result<Vec<TextEdit>, String> {
    if !problem
        .steps
        .iter()
        .any(|step| matches!(step.op, StepOp::Use { .. }))
    {
        return Ok(Vec::new());
    }
    let mut writer = Writer {
        lines: Vec::new(),
        taken: taken_names(scene, problem),
        tools: problem.tools.clone(),
    };
    let mut named = block_names(scene, problem);
    let mut edits = Vec::new();
    for step in &problem.steps {
        if let StepOp::Use { call, .. } = step.op {
            let call = problem
                .calls
                .get(call as usize)
                .ok_or("a use without its tool")?;
            let results: Vec<Option<String>> = step
                .binders
                .iter()
                .map(|binder| binder.name.clone())
                .collect();
            writer.lines.clear();
            writer
                .call(call, &results, &named)
                .map_err(|why| format!("block `{}`: {why}", problem.name))?;
            let start = line_start(text, step.span.start);
            let indent = &text[start..step.span.start];
            let indent: String = indent.chars().take_while(|c| c.is_whitespace()).collect();
            edits.push(TextEdit {
                span: step.span,
                text: writer.lines.join(&format!("\n{indent}")),
            });
        }
        for binder in &step.binders {
            let name = binder.name.clone().unwrap_or_else(|| "_".to_string());
            named.bind(binder.is_point(), binder.index, name, false);
        }
    }
    edits.extend(settings(text, problem, &writer.tools));
    Ok(edits)
}

/// The block's givens and setup by name, segments and rays marked.
fn block_names(scene: &Scene, problem: &Problem) -> Named {
    let mut named = Named::default();
    for (index, &symbol) in problem.givens.iter().enumerate() {
        named.bind(true, index, scene.symbols[symbol].name.clone(), false);
    }
    let setup = problem.instances.first().map_or(&[][..], |i| &i.setup[..]);
    for (index, &symbol) in problem.setup.iter().enumerate() {
        let partial =
            matches!(setup.get(index), Some(Object::Line(line)) if line.extent != Extent::Full);
        named.bind(false, index, scene.symbols[symbol].name.clone(), partial);
    }
    named
}

/// Names a fresh one must not be: the file's, the block's and its goals',
/// and the tools'.
fn taken_names(scene: &Scene, problem: &Problem) -> HashSet<String> {
    let mut taken = super::taken_names(scene, problem);
    taken.extend(problem.local_names.iter().cloned());
    taken.extend(scene.tools.iter().map(|tool| tool.name.clone()));
    taken
}

/// The `tools` line names the L-tools the block and the bodies use (and
/// `drop`), or goes; a mask naming a tool of your own becomes `**`.
fn settings(text: &str, problem: &Problem, used: &[Tool]) -> Vec<TextEdit> {
    let mut edits = Vec::new();
    if let Some(span) = problem.tools_span {
        let mut names: Vec<&str> = Tool::ALL
            .iter()
            .filter(|tool| used.contains(tool))
            .map(|tool| tool.name())
            .collect();
        if problem.drops {
            names.push("drop");
        }
        if names.is_empty() {
            edits.extend(remove_steps(text, &[span]));
        } else {
            edits.push(TextEdit {
                span,
                text: format!("tools {}", names.join(" ")),
            });
        }
    }
    let names_own = problem.mask_own.iter().any(|own| !own.is_empty());
    if let (true, Some(span)) = (names_own, problem.mask_span) {
        edits.push(TextEdit {
            span,
            text: "**".to_string(),
        });
    }
    edits
}

/// Every tool definition, with its `///` lines, and every `use` line,
/// whole lines; the blank lines after one go too where a blank line is
/// above it, so that no gap is left twice as wide.
fn remove_tools(text: &str, file: &SourceFile) -> Vec<TextEdit> {
    let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
    let blank = |from: usize, to: usize| text[from..to].trim().is_empty();
    file.items
        .iter()
        .filter(|item| matches!(item.kind, ItemKind::Tool(_) | ItemKind::Use(_)))
        .map(|item| {
            let mut start = line_start(text, item.span.start);
            while start > 0 {
                let above = line_start(text, start - 1);
                if !text[above..start].trim_start().starts_with("///") {
                    break;
                }
                start = above;
            }
            let mut end = line_end(item.span.end.min(text.len()));
            if start == 0 || blank(line_start(text, start - 1), start) {
                while end < text.len() && blank(end, line_end(end)) {
                    end = line_end(end);
                }
            }
            TextEdit {
                span: Span::new(start, end),
                text: String::new(),
            }
        })
        .collect()
}
