//! A move on the construction board as text: the step lines it adds to the
//! block (a crossing it uses is named first, a line or circle that is a goal
//! takes the goal's name), and the lines an undo takes away or a redo puts
//! back. Every edit is refused when the text is not the one the board drew.

use super::{text_version, Drawing, Usable};
use crate::edit::{fill_block, remove_steps, FreshNames, Kind, TextEdit};
use crate::geom::{format_number, meet, Circle, Extent, Line, Meet, Object, Pick, Point};
use crate::resolve::{Call, Instance, Origin, Problem, Scene, StepOp, Type, UserTool, Value};
use crate::solve::{replay_steps, Replay};
use crate::tools::{Operand, Tool};
use std::collections::HashSet;
use std::sync::Arc;

/// What the board sends for a move.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Move {
    /// "line", "circle", an L-tool's name, a tool of your own's, or "drop".
    pub tool: String,
    /// One per operand: a point's id (its name, or a crossing's `@a/b/k`), a
    /// line's or circle's name, or for "drop" the name of the object
    /// dropped on.
    pub args: Vec<String>,
    /// For "drop": where on the object, in the file's coordinates.
    #[serde(default)]
    pub at: Option<[f64; 2]>,
    /// The `version` of the state the move was made on.
    #[serde(default)]
    pub version: Option<String>,
}

/// A move's edits, and the step lines it added (what an undo of it takes
/// away, and a redo puts back).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub edits: Vec<TextEdit>,
    pub lines: Vec<String>,
}

/// The edits of a move on block `problem` of `scene`, analysed from `text`.
pub fn play_move(
    text: &str,
    scene: &Scene,
    problem: &Problem,
    played: &Move,
) -> Result<Played, String> {
    same_version(text, played.version.as_deref())?;
    let drawing = Drawing::of(scene, problem)?;
    let mut writer = Writer::new(scene, problem, &drawing);
    let own = own_tool(scene, problem, &played.tool)?;
    let operands = match own {
        Some(_) => Vec::new(),
        None => operands_of(problem, &played.tool)?,
    };
    let wanted = own.map_or(operands.len(), |tool| tool.params.len());
    if played.args.len() != wanted {
        return Err(format!(
            "`{}` takes {wanted} operands, not {}",
            played.tool,
            played.args.len()
        ));
    }
    let line = if let Some(tool) = own {
        writer.use_tool(tool, &played.args)?
    } else if played.tool == "drop" {
        writer.drop_point(&played.args[0], played.at)?
    } else {
        writer.draw(&played.tool, &operands, &played.args)?
    };
    writer.lines.push(line);
    let lines = writer.lines;
    Ok(Played {
        edits: fill_block(text, problem, &[], &lines),
        lines,
    })
}

/// The edits that take the last move away: the step lines `lines` if the
/// block ends with them, else (no history: a page reloaded) its last step
/// and, when that draws, the intersections written just before it. Returns
/// the lines taken away, for a redo.
pub fn undo_move(
    text: &str,
    problem: &Problem,
    lines: Option<&[String]>,
    version: Option<&str>,
) -> Result<Played, String> {
    same_version(text, version)?;
    let steps = &problem.steps;
    let Some(last) = steps.last() else {
        return Err(format!("block `{}` has no steps to undo", problem.name));
    };
    let count = match lines {
        Some(lines) => {
            let ends_with = lines.len() <= steps.len()
                && steps[steps.len() - lines.len()..]
                    .iter()
                    .zip(lines)
                    .all(|(step, line)| {
                        spaced(&text[step.span.start..step.span.end]) == spaced(line)
                    });
            if lines.is_empty() || !ends_with {
                return Err(format!(
                    "block `{}` no longer ends with the move to undo (the file changed)",
                    problem.name
                ));
            }
            lines.len()
        }
        None if last.op.is_meet() => 1,
        None => {
            let before = steps[..steps.len() - 1]
                .iter()
                .rev()
                .take_while(|step| matches!(step.op, StepOp::Meet(..)))
                .count();
            before + 1
        }
    };
    let taken = &steps[steps.len() - count..];
    let spans: Vec<_> = taken.iter().map(|step| step.span).collect();
    Ok(Played {
        edits: remove_steps(text, &spans),
        lines: taken
            .iter()
            .map(|step| spaced(&text[step.span.start..step.span.end]))
            .collect(),
    })
}

/// The edits that put an undone move's lines back at the end of the block,
/// refused unless each line reads back as one step there (`super::redo`).
pub fn redo_move(
    text: &str,
    problem: &Problem,
    lines: &[String],
    version: Option<&str>,
) -> Result<Played, String> {
    same_version(text, version)?;
    let lines = super::redo::step_lines(lines)?;
    let edits = fill_block(text, problem, &[], &lines);
    super::redo::reads_back(text, problem, &edits, &lines)?;
    Ok(Played { edits, lines })
}

pub(super) fn same_version(text: &str, version: Option<&str>) -> Result<(), String> {
    match version {
        Some(version) if version != text_version(text) => Err(
            "the file changed since the board was drawn: look again and play the move again"
                .to_string(),
        ),
        _ => Ok(()),
    }
}

/// A step's text with its runs of blanks made one space.
fn spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a use of `tool` takes, in order.
fn operands_of(problem: &Problem, tool: &str) -> Result<Vec<Operand>, String> {
    match tool {
        "line" | "circle" => Ok(vec![Operand::Point, Operand::Point]),
        "drop" if problem.drops => Ok(vec![Operand::Line]),
        "drop" => Err(format!(
            "block `{}` does not allow dropping points (add `drop` to its `tools` line)",
            problem.name
        )),
        _ => match Tool::from_name(tool) {
            Some(found) if problem.tools.contains(&found) => Ok(found.operands().to_vec()),
            Some(_) => Err(format!(
                "block `{}` does not allow `{tool}` (add it to its `tools` line)",
                problem.name
            )),
            None => Err(format!("there is no tool `{tool}`")),
        },
    }
}

/// The tool of your own named `tool`, if it is one and the block allows
/// it.
fn own_tool<'s>(
    scene: &'s Scene,
    problem: &Problem,
    tool: &str,
) -> Result<Option<&'s std::sync::Arc<UserTool>>, String> {
    match scene.tool_index(tool) {
        Some(index) if problem.own_tools.contains(&index) => Ok(scene.tools.get(index)),
        Some(_) => Err(format!(
            "block `{}` does not allow `{tool}` (add it to its `tools` line)",
            problem.name
        )),
        None => Ok(None),
    }
}

/// Whether `object` may be the operand of a parameter of type `ty`: a line
/// parameter takes any line, segment or ray; the others their own kind.
fn fits(object: &Object, ty: Type) -> bool {
    match (object, ty) {
        (Object::Line(_), Type::Line) | (Object::Circle(_), Type::Circle) => true,
        (Object::Line(line), Type::Segment) => matches!(line.extent, Extent::Segment(_)),
        (Object::Line(line), Type::Ray) => matches!(line.extent, Extent::Ray),
        _ => false,
    }
}

/// Writes a move's lines with fresh names.
struct Writer<'a> {
    problem: &'a Problem,
    drawing: &'a Drawing<'a>,
    usable: Vec<Usable>,
    fresh: FreshNames,
    /// Goals a step of the block already binds, or this move does.
    bound_goals: HashSet<String>,
    lines: Vec<String>,
    /// Crossings this move has named already: id → name.
    named: Vec<(String, String)>,
    /// The block's drop survey (`Scene::survey`): empty without drops.
    survey: Arc<Vec<Instance>>,
    /// The steps replayed on the block's other instances and drops.
    elsewhere: Option<Vec<Replay>>,
}

/// `nearer(a, b, K)` names a crossing only where K is nearer one of the two
/// by at least this share of the gap between them on every instance and
/// drop: closer calls would swap with rounding.
const NEARER_MARGIN: f64 = 0.01;

impl<'a> Writer<'a> {
    fn new(scene: &Scene, problem: &'a Problem, drawing: &'a Drawing<'a>) -> Writer<'a> {
        let mut taken: HashSet<String> = scene.symbols.iter().map(|s| s.name.clone()).collect();
        taken.extend(problem.local_names.iter().cloned());
        taken.extend(problem.goals.iter().map(|goal| goal.name.clone()));
        let bound_goals = problem
            .steps
            .iter()
            .flat_map(|step| &step.binders)
            .filter(|binder| binder.goal.is_some())
            .filter_map(|binder| binder.name.clone())
            .collect();
        Writer {
            problem,
            drawing,
            usable: drawing.usable_points(),
            fresh: FreshNames::new(taken),
            bound_goals,
            lines: Vec::new(),
            named: Vec::new(),
            survey: scene
                .problem_index(&problem.name)
                .map_or_else(Default::default, |index| scene.survey(index)),
            elsewhere: None,
        }
    }

    /// The step that draws with `tool`, after the lines naming the
    /// crossings it uses.
    fn draw(
        &mut self,
        tool: &str,
        operands: &[Operand],
        args: &[String],
    ) -> Result<String, String> {
        let mut names = Vec::new();
        let mut points = Vec::new();
        let mut lines = Vec::new();
        let mut indices = [0; 3];
        for (position, (operand, arg)) in operands.iter().zip(args).enumerate() {
            match operand {
                Operand::Point => {
                    let (name, at) = self.point(arg)?;
                    indices[position] = points.len();
                    points.push(at);
                    names.push(name);
                }
                Operand::Line => {
                    let line = self.object(arg).and_then(|object| match object {
                        Object::Line(line) => Ok(line),
                        Object::Circle(_) => Err(format!("`{arg}` is a circle, not a line")),
                    })?;
                    indices[position] = lines.len();
                    lines.push(Object::Line(line));
                    names.push(arg.clone());
                }
                Operand::Circle => {
                    let circle = self.object(arg).and_then(|object| match object {
                        Object::Circle(circle) => Ok(circle),
                        Object::Line(_) => Err(format!("`{arg}` is a line, not a circle")),
                    })?;
                    indices[position] = lines.len();
                    lines.push(Object::Circle(circle));
                    names.push(arg.clone());
                }
            }
        }
        let built = match tool {
            "line" => Line::through(points[0], points[1]).map(Object::Line),
            "circle" => Circle::through(points[0], points[1]).map(Object::Circle),
            _ => Tool::from_name(tool)
                .expect("operands_of knows the tool")
                .object(indices, &points, &lines),
        };
        let object = built.map_err(|why| format!("cannot draw that: {}", why.describe()))?;
        if let Some(twin) = self
            .drawing
            .replay
            .objects
            .iter()
            .position(|o| o.same(&object))
        {
            let name = self.drawing.object_names[twin].as_deref().unwrap_or("it");
            return Err(format!(
                "that {} is drawn already ({name})",
                object.kind_name()
            ));
        }
        let kind = match object {
            Object::Line(_) => Kind::Line,
            Object::Circle(_) => Kind::Circle,
        };
        let name = self
            .goal_named(|goal| match goal {
                Value::Line(line) => object.reaches(&Object::Line(*line)),
                Value::Circle(circle) => object.same(&Object::Circle(*circle)),
                _ => false,
            })
            .unwrap_or_else(|| self.fresh.next(kind));
        Ok(format!("{name} = {tool}({})", names.join(", ")))
    }

    /// The step that uses tool of your own `tool` on `args` (after the
    /// lines naming the crossings it uses), each result named after the
    /// goal it reaches, else as the tool names it (`h`, then `h2`).
    fn use_tool(
        &mut self,
        tool: &std::sync::Arc<UserTool>,
        args: &[String],
    ) -> Result<String, String> {
        let mut names = Vec::new();
        let (mut givens, mut setup, mut slots) = (Vec::new(), Vec::new(), Vec::new());
        for (param, arg) in tool.params.iter().zip(args) {
            if param.ty == Type::Point {
                let (name, at) = self.point(arg)?;
                slots.push(givens.len());
                givens.push(at);
                names.push(name);
                continue;
            }
            let object = self.object(arg)?;
            if !fits(&object, param.ty) {
                return Err(format!(
                    "`{}` takes a {} as `{}`, and `{arg}` is a {}",
                    tool.name,
                    param.ty,
                    param.name,
                    object.kind_name()
                ));
            }
            slots.push(setup.len());
            setup.push(object);
            names.push(arg.clone());
        }
        let (points, objects) = self.results_of(tool, givens, setup, slots)?;
        let (mut points, mut objects) = (points.into_iter(), objects.into_iter());
        let mut bound = Vec::new();
        let mut all_drawn = true;
        for result in &tool.results {
            let name = if result.is_point() {
                let at = points.next().ok_or("the tool made too few points")?;
                all_drawn &= self.usable.iter().any(|usable| usable.at.same(at));
                self.goal_named(|goal| matches!(goal, Value::Point(point) if point.same(at)))
            } else {
                let object = objects.next().ok_or("the tool made too few objects")?;
                all_drawn &= self.drawing.replay.objects.iter().any(|o| o.same(&object));
                self.goal_named(|goal| match goal {
                    Value::Line(line) => object.reaches(&Object::Line(*line)),
                    Value::Circle(circle) => object.same(&Object::Circle(*circle)),
                    _ => false,
                })
            };
            bound.push(name.unwrap_or_else(|| self.fresh.like(&result.name)));
        }
        if all_drawn {
            return Err(format!("what `{}` makes there is drawn already", tool.name));
        }
        Ok(format!(
            "{} = {}({})",
            bound.join(", "),
            tool.name,
            names.join(", ")
        ))
    }

    /// The points and objects one use of `tool` makes on these operands
    /// (`slots`: each parameter's place among `givens` or `setup`), its
    /// body replayed as `check` replays it.
    fn results_of(
        &self,
        tool: &std::sync::Arc<UserTool>,
        givens: Vec<Point>,
        setup: Vec<Object>,
        slots: Vec<usize>,
    ) -> Result<(Vec<Point>, Vec<Object>), String> {
        let (given_count, setup_count) = (givens.len(), setup.len());
        let operands = Instance {
            origin: Origin::Declared,
            givens,
            setup,
            goals: Vec::new(),
            drop_seed: None,
        };
        let call = Call {
            tool: tool.clone(),
            args: slots,
        };
        let made = replay_steps([StepOp::Use { tool: 0, call: 0 }], &operands, &[call]).map_err(
            |failure| {
                let inside = failure
                    .inside
                    .and_then(|step| Some((step, tool.step_texts.get(step)?)))
                    .map(|(step, text)| {
                        format!("`{}`'s step {}, `{text}`, fails: ", tool.name, step + 1)
                    })
                    .unwrap_or_default();
                format!(
                    "cannot use `{}` there: {inside}{}",
                    tool.name,
                    failure.why.describe()
                )
            },
        )?;
        Ok((
            made.points[given_count..].to_vec(),
            made.objects[setup_count..].to_vec(),
        ))
    }

    /// A point dropped on object `arg` near `at` (file coordinates).
    fn drop_point(&mut self, arg: &str, at: Option<[f64; 2]>) -> Result<String, String> {
        let object = self.object(arg)?;
        let [x, y] = at.ok_or("a dropped point needs `at`: where on the object")?;
        let at = Point::new(x, y) * (1.0 / self.problem.unit);
        if !at.is_finite() {
            return Err("a dropped point must be at finite coordinates".to_string());
        }
        let place = match object {
            Object::Line(line) => {
                let along = line.direction.dot(at - line.origin);
                let on = line.origin + line.direction * along;
                if line.outside(on).is_some() {
                    return Err(format!("that place is not on `{arg}`"));
                }
                format_number(along * self.problem.unit)
            }
            Object::Circle(circle) => {
                let angle = (at.y - circle.center.y).atan2(at.x - circle.center.x);
                format!("{}deg", format_number(angle.to_degrees()))
            }
        };
        let name = self.fresh.next(Kind::Point);
        Ok(format!("{name} = any({arg}, {place})"))
    }

    /// The name of point `id`, naming a crossing in a line of its own the
    /// first time the move uses it; and where it is (unit frame).
    fn point(&mut self, id: &str) -> Result<(String, Point), String> {
        let usable = self
            .usable
            .iter()
            .find(|usable| usable.id == id)
            .ok_or_else(|| format!("there is no point `{id}` on the board (look again)"))?;
        let at = usable.at;
        let Some((first, second, which)) = usable.crossing else {
            return Ok((id.to_string(), at));
        };
        if let Some((_, name)) = self.named.iter().find(|(named, _)| named == id) {
            return Ok((name.clone(), at));
        }
        let name = self
            .goal_named(|goal| matches!(goal, Value::Point(point) if point.same(at)))
            .unwrap_or_else(|| self.fresh.next(Kind::Point));
        let objects = &self.drawing.object_names;
        let (a, b) = (
            objects[first].as_deref().unwrap_or("_"),
            objects[second].as_deref().unwrap_or("_"),
        );
        let both_lines = matches!(
            (
                self.drawing.replay.objects[first],
                self.drawing.replay.objects[second]
            ),
            (Object::Line(_), Object::Line(_))
        );
        let line = match (both_lines, self.by_place(first, second, which)) {
            (true, _) => format!("{name} = {a} & {b}"),
            (false, Some((pick, known))) => format!("{name} = {}({a}, {b}, {known})", pick.name()),
            (false, None) if which == 0 => format!("{name}, _ = {a} & {b}"),
            (false, None) => format!("_, {name} = {a} & {b}"),
        };
        self.lines.push(line);
        self.named.push((id.to_string(), name.clone()));
        Ok((name, at))
    }

    /// How a step names crossing `which` of objects `first` and `second`
    /// in a block with dropped points, so that it is the same point
    /// wherever the drops fall, as `check` surveys them: `other(a, b, K)`
    /// when the other crossing is a named point K on every instance and
    /// drop, else `nearer(a, b, K)` for the named point K that tells the
    /// two crossings apart best. `None`: the canonical order, which a drop
    /// can swap as it goes round but the small moves of the random
    /// instances do not (as the solver writes it). docs/design.md, "The
    /// construction board".
    fn by_place(&mut self, first: usize, second: usize, which: usize) -> Option<(Pick, String)> {
        let drawing = self.drawing;
        if self.survey.is_empty() {
            return None;
        }
        let objects = &drawing.replay.objects;
        let Ok(Meet::Two(p, q)) = meet(&objects[first], &objects[second]) else {
            return None;
        };
        let (chosen, other) = if which == 0 { (p, q) } else { (q, p) };
        let named: Vec<(usize, &str)> = (0..drawing.replay.points.len())
            .filter(|&k| drawing.replay.beyond[k].is_none())
            .filter_map(|k| Some((k, drawing.point_names[k].as_deref()?)))
            .collect();
        let elsewhere = self.elsewhere();
        // Both crossings on each instance where the steps replay.
        let pairs: Vec<(&Replay, Point, Point)> = elsewhere
            .iter()
            .filter_map(|replay| {
                match meet(replay.objects.get(first)?, replay.objects.get(second)?) {
                    Ok(Meet::Two(p, q)) => Some((replay, p, q)),
                    _ => None,
                }
            })
            .collect();
        let is_a_crossing = |k: usize| {
            pairs.iter().all(|(replay, p, q)| {
                let known = replay.points[k];
                known.same(*p) || known.same(*q)
            })
        };
        if let Some((_, known)) = named
            .iter()
            .find(|(k, _)| drawing.replay.points[*k].same(other) && is_a_crossing(*k))
        {
            return Some((Pick::Other, known.to_string()));
        }
        // The point that tells the two apart by the widest margin on the
        // instance where it tells them apart least (a share of the gap
        // between the crossings), nearer the chosen one where declared.
        let margin = |k: usize| {
            pairs.iter().fold(f64::INFINITY, |least, (replay, p, q)| {
                let known = replay.points[k];
                let gap = p.dist(*q).max(f64::MIN_POSITIVE);
                least.min((known.dist(*p) - known.dist(*q)).abs() / gap)
            })
        };
        named
            .iter()
            .filter(|(k, _)| {
                let known = drawing.replay.points[*k];
                known.dist(chosen) < known.dist(other)
            })
            .map(|&(k, known)| (margin(k), known))
            .filter(|(margin, _)| *margin > NEARER_MARGIN)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, known)| (Pick::Nearer, known.to_string()))
    }

    /// The block's steps replayed on its other instances and surveyed
    /// drops, where they replay (computed once per move).
    fn elsewhere(&mut self) -> &[Replay] {
        let (problem, survey) = (self.problem, &self.survey);
        self.elsewhere.get_or_insert_with(|| {
            let ops = || problem.steps.iter().map(|step| step.op);
            problem
                .instances
                .iter()
                .skip(1)
                .chain(survey.iter())
                .filter_map(|instance| replay_steps(ops(), instance, &problem.calls).ok())
                .collect()
        })
    }

    /// The drawn or set-up object named `name`.
    fn object(&self, name: &str) -> Result<Object, String> {
        self.drawing
            .object_names
            .iter()
            .position(|object| object.as_deref() == Some(name))
            .map(|at| self.drawing.replay.objects[at])
            .ok_or_else(|| format!("there is no line or circle `{name}` on the board"))
    }

    /// The name of a goal not bound yet that `fits` one alternative of, now
    /// bound by this move.
    fn goal_named(&mut self, fits: impl Fn(&Value) -> bool) -> Option<String> {
        let goals = &self.problem.goals;
        let found = goals
            .iter()
            .zip(&self.drawing.declared.goals)
            .find(|(goal, values)| {
                !self.bound_goals.contains(&goal.name) && values.iter().any(&fits)
            })?;
        let name = found.0.name.clone();
        self.bound_goals.insert(name.clone());
        Some(name)
    }
}
