//! What the construction board shows of a solve block — its points with
//! names and coordinates, the crossings of drawn objects a move may use, the
//! objects, the goals and whether each is reached, the E and L counts, the
//! tools — and the block's drawing the moves read; and the same drawn on
//! the instance the construction fails on, for "Show where it fails"
//! (docs/design.md, "The construction board").

use crate::check::{BlockReport, StarReport, Status};
use crate::diag::{Diagnostic, Severity};
use crate::geom::{meet, Extent, Meet, Object, Point};
use crate::resolve::{Instance, Problem, Scene, Type, UserTool, Value};
use crate::solve::{goals_reached, replay_steps, Replay, StepFailure};
use crate::tools::{Operand, Tool};
use serde::Serialize;

/// At most this many drawn and set-up objects have their crossings offered
/// as points (pairs grow as the square).
const MOST_CROSSED_OBJECTS: usize = 200;

/// Everything the board draws of a solve block, in the file's coordinates.
#[derive(Clone, Debug, Serialize)]
pub struct ConstructionState {
    /// Which text this was computed from (`text_version`): a move names it,
    /// and the page redraws when it changes.
    pub version: String,
    pub block: String,
    /// Points a move may use: named ones (givens, then the steps'), then
    /// unnamed crossings of named objects (`id` `@a/b/k`).
    pub points: Vec<BoardPoint>,
    pub objects: Vec<BoardObject>,
    pub goals: Vec<BoardGoal>,
    /// Lines and circles, each L-tool at its cost (Euclidea's E).
    pub e: usize,
    /// Tool uses (Euclidea's L).
    pub l: usize,
    /// Every goal is reached by the drawing as it stands.
    pub solved: bool,
    /// What `euc check` says of the block: solved, unsolved, failed,
    /// unchecked.
    pub status: Status,
    /// The first error `check` reports in the block, when there is one
    /// (but for a goal not reached: the goals say that).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    pub tools: Vec<BoardTool>,
    /// The level's star counts (the block's `stars` line), if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// The stars the construction earns (`check`'s star report: none
    /// before the goals are reached), when the block has a `stars` line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stars: Option<StarReport>,
    /// `check` finds the construction working as declared but failing on
    /// another instance (E0403, E0406, W0005): the board offers to show
    /// it (`Ask::Failing`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fails_elsewhere: bool,
    /// Drawn on the instance the construction fails on (`Ask::Failing`),
    /// not the declared one: what goes wrong there, in the words of the
    /// picture's title ("on another instance: goal `M` missed by
    /// 0.066572").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elsewhere: Option<String>,
}

/// A level's E-star and L-star counts.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Target {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub e: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub l: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardPoint {
    /// The name, or `@a/b/k` for the k-th crossing of objects a and b.
    pub id: String,
    /// Absent for an unnamed crossing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub x: f64,
    pub y: f64,
    /// "given", "step" or "crossing".
    pub kind: &'static str,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardObject {
    /// Absent for an object bound as `_` (it cannot be used by name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Drawn at the start (not by a step).
    pub setup: bool,
    #[serde(flatten)]
    pub shape: Shape,
}

/// A line (from a point along a unit direction, over its extent) or a
/// circle.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Shape {
    Line {
        x: f64,
        y: f64,
        dx: f64,
        dy: f64,
        /// "line", "ray" or "segment".
        extent: &'static str,
        /// A segment's length.
        #[serde(skip_serializing_if = "Option::is_none")]
        length: Option<f64>,
    },
    Circle {
        x: f64,
        y: f64,
        r: f64,
    },
    Point {
        x: f64,
        y: f64,
    },
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardGoal {
    pub name: String,
    pub reached: bool,
    /// One per alternative (`a | b`), each a point, line or circle.
    pub alternatives: Vec<Shape>,
}

/// A tool the block offers, and what a use of it takes, in order.
#[derive(Clone, Debug, Serialize)]
pub struct BoardTool {
    pub name: String,
    /// "point", "line" (a line of the drawing: any line, segment or ray),
    /// "segment", "ray", "circle", or "object" (a line or circle of the
    /// drawing, and where on it: the point tool).
    pub operands: Vec<&'static str>,
    /// E counted for one use.
    pub e: usize,
    /// For a tool of your own: its parameters' names, one per operand,
    /// which the board asks for by name ("tangents: pick P, then O, then
    /// k").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<Vec<String>>,
}

/// A short fingerprint of a text (FNV-1a, 64 bits, in hex): equal texts
/// have equal versions, and an edit almost surely changes it.
pub fn text_version(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The board's state of block `index` of `scene`, analysed from `text`,
/// with its check report and the file's diagnostics.
pub fn construction_state(
    text: &str,
    scene: &Scene,
    index: usize,
    report: &BlockReport,
    diagnostics: &[Diagnostic],
) -> Result<ConstructionState, String> {
    let problem = &scene.problems[index];
    let drawing = Drawing::of(scene, problem)?;
    Ok(state_of(text, scene, index, report, diagnostics, &drawing))
}

/// The board's state of block `index` drawn on `instance`, the one its
/// construction fails on (`check::failing_instance`) rather than the
/// declared one: the givens, the steps (up to the first that cannot be
/// built there) and the goals where they are on that instance, and in
/// `elsewhere` what goes wrong there.
pub fn failing_state(
    text: &str,
    scene: &Scene,
    index: usize,
    report: &BlockReport,
    diagnostics: &[Diagnostic],
    instance: &Instance,
) -> ConstructionState {
    let problem = &scene.problems[index];
    let drawing = Drawing::on(scene, problem, instance);
    let mut state = state_of(text, scene, index, report, diagnostics, &drawing);
    let replay = drawing.failed.is_none().then_some(&drawing.replay);
    state.elsewhere = Some(crate::render::elsewhere(
        problem,
        instance,
        drawing.failed,
        replay,
    ));
    state
}

/// The board's state of a block drawn as `drawing` draws it.
fn state_of(
    text: &str,
    scene: &Scene,
    index: usize,
    report: &BlockReport,
    diagnostics: &[Diagnostic],
    drawing: &Drawing,
) -> ConstructionState {
    let problem = &scene.problems[index];
    let unit = problem.unit;
    let declared = drawing.declared;
    let reached = goals_reached(&problem.goals, declared, &drawing.replay);
    let goals: Vec<BoardGoal> = problem
        .goals
        .iter()
        .zip(&declared.goals)
        .zip(&reached)
        .map(|((goal, values), reached)| BoardGoal {
            name: goal.name.clone(),
            reached: reached.is_some(),
            alternatives: values.iter().filter_map(|v| value_shape(v, unit)).collect(),
        })
        .collect();
    let points = drawing
        .usable_points()
        .into_iter()
        .map(|usable| BoardPoint {
            x: usable.at.x * unit,
            y: usable.at.y * unit,
            kind: usable.kind,
            name: usable.name,
            id: usable.id,
        })
        .collect();
    let objects = drawing
        .replay
        .objects
        .iter()
        .enumerate()
        .map(|(at, object)| BoardObject {
            name: drawing.object_names[at].clone(),
            setup: at < declared.setup.len(),
            shape: object_shape(object, unit),
        })
        .collect();
    let in_block = |d: &&Diagnostic| problem.span.contains(d.span.start);
    let problem_text = drawing.failure().or_else(|| {
        diagnostics
            .iter()
            .find(|d| {
                // A goal not reached yet is the board's goal count.
                d.severity == Severity::Error
                    && d.code != "E0402"
                    && d.span.start >= problem.span.start
                    && d.span.end <= problem.span.end
            })
            .map(|d| d.message.clone())
    });
    ConstructionState {
        version: text_version(text),
        block: problem.name.clone(),
        points,
        objects,
        solved: !goals.is_empty() && goals.iter().all(|goal| goal.reached),
        goals,
        e: report.moves,
        l: report.tool_uses,
        status: report.status,
        problem: problem_text,
        tools: board_tools(scene, problem),
        target: problem.stars.map(|stars| Target {
            e: stars.e,
            l: stars.l,
        }),
        stars: report.stars,
        fails_elsewhere: diagnostics
            .iter()
            .filter(in_block)
            .any(|d| crate::ide::FAILS_ELSEWHERE.contains(&d.code)),
        elsewhere: None,
    }
}

/// The tools of a block: the straightedge, the compass, its L-tools, the
/// tools of your own its `tools` line names, and the point tool where
/// `tools drop` allows it.
fn board_tools(scene: &Scene, problem: &Problem) -> Vec<BoardTool> {
    let plain = |name: &str, operands: Vec<&'static str>, e: usize| BoardTool {
        name: name.to_string(),
        operands,
        e,
        params: None,
    };
    let mut tools = vec![
        plain("line", vec!["point", "point"], 1),
        plain("circle", vec!["point", "point"], 1),
    ];
    tools.extend(
        problem
            .tools
            .iter()
            .map(|tool| plain(tool.name(), tool_operands(*tool), tool.e_cost())),
    );
    tools.extend(
        problem
            .own_tools
            .iter()
            .filter_map(|&index| scene.tools.get(index))
            .map(|tool| own_tool(tool)),
    );
    if problem.drops {
        tools.push(plain("drop", vec!["object"], 0));
    }
    tools
}

fn tool_operands(tool: Tool) -> Vec<&'static str> {
    tool.operands()
        .iter()
        .map(|operand| match operand {
            Operand::Point => "point",
            Operand::Line => "line",
            Operand::Circle => "circle",
        })
        .collect()
}

/// A tool of your own as the board offers it: an operand per parameter.
fn own_tool(tool: &UserTool) -> BoardTool {
    BoardTool {
        name: tool.name.clone(),
        operands: tool
            .params
            .iter()
            .map(|param| param_operand(param.ty))
            .collect(),
        e: tool.e_cost,
        params: Some(tool.params.iter().map(|param| param.name.clone()).collect()),
    }
}

/// What the board picks for a parameter of type `ty`.
pub(crate) fn param_operand(ty: Type) -> &'static str {
    match ty {
        Type::Point => "point",
        Type::Segment => "segment",
        Type::Ray => "ray",
        Type::Circle => "circle",
        _ => "line",
    }
}

/// A point a move may use.
pub(crate) struct Usable {
    pub id: String,
    pub name: Option<String>,
    /// In the block's unit frame.
    pub at: Point,
    pub kind: &'static str,
    /// For a crossing: the objects (replay indices, first < second) and
    /// which of their crossings, in canonical order.
    pub crossing: Option<(usize, usize, usize)>,
}

/// A block's drawing on its declared instance (or, for "Show where it
/// fails", another): the replay of its steps (of those before the first
/// that cannot be built), with the names of its points and objects.
pub(crate) struct Drawing<'a> {
    /// The instance drawn on: the declared one but for `failing_state`.
    pub declared: &'a Instance,
    pub replay: Replay,
    pub point_names: Vec<Option<String>>,
    pub object_names: Vec<Option<String>>,
    /// The first step that cannot be built, when one cannot.
    pub failed: Option<StepFailure>,
}

impl<'a> Drawing<'a> {
    pub fn of(scene: &Scene, problem: &'a Problem) -> Result<Drawing<'a>, String> {
        let declared = problem.instances.first().ok_or_else(|| {
            format!(
                "block `{}` cannot be computed: fix the errors in its givens and goals first",
                problem.name
            )
        })?;
        Ok(Drawing::on(scene, problem, declared))
    }

    /// The drawing on `instance`, one of the block's instances.
    pub fn on(scene: &Scene, problem: &Problem, instance: &'a Instance) -> Drawing<'a> {
        let declared = instance;
        let ops = || problem.steps.iter().map(|step| step.op);
        let calls = &problem.calls;
        let (replay, failed) = match replay_steps(ops(), declared, calls) {
            Ok(replay) => (replay, None),
            Err(failure) => {
                let before = ops().take(failure.step);
                let replay = replay_steps(before, declared, calls)
                    .expect("the steps before the first failing one replay");
                (replay, Some(failure))
            }
        };
        let name = |symbol: &usize| Some(scene.symbols[*symbol].name.clone());
        let mut point_names: Vec<Option<String>> = problem.givens.iter().map(name).collect();
        point_names.resize(replay.points.len(), None);
        let mut object_names: Vec<Option<String>> = problem.setup.iter().map(name).collect();
        object_names.resize(replay.objects.len(), None);
        for step in &problem.steps {
            // A tool of your own binds points and objects in one step.
            for binder in &step.binders {
                let names = if binder.is_point() {
                    &mut point_names
                } else {
                    &mut object_names
                };
                if let Some(slot) = names.get_mut(binder.index) {
                    *slot = binder.name.clone().filter(|name| name != "_");
                }
            }
        }
        Drawing {
            declared,
            replay,
            point_names,
            object_names,
            failed,
        }
    }

    /// Why a step cannot be built, when one cannot.
    pub fn failure(&self) -> Option<String> {
        self.failed.map(|failure| {
            format!(
                "step {} cannot be built: {}",
                failure.step + 1,
                failure.why.describe()
            )
        })
    }

    /// Named points (not beyond a segment or ray), then the crossings of
    /// named objects that no usable point already is.
    pub fn usable_points(&self) -> Vec<Usable> {
        let mut usable: Vec<Usable> = Vec::new();
        let givens = self.declared.givens.len();
        for (index, point) in self.replay.points.iter().enumerate() {
            let Some(name) = &self.point_names[index] else {
                continue;
            };
            if self.replay.beyond[index].is_some() || usable.iter().any(|u| u.at.same(*point)) {
                continue;
            }
            usable.push(Usable {
                id: name.clone(),
                name: Some(name.clone()),
                at: *point,
                kind: if index < givens { "given" } else { "step" },
                crossing: None,
            });
        }
        let objects = &self.replay.objects;
        let named: Vec<usize> = (0..objects.len())
            .filter(|&at| self.object_names[at].is_some())
            .take(MOST_CROSSED_OBJECTS)
            .collect();
        for (position, &first) in named.iter().enumerate() {
            for &second in &named[position + 1..] {
                for (which, point) in crossings(&objects[first], &objects[second]) {
                    if usable.iter().any(|u| u.at.same(point)) {
                        continue;
                    }
                    usable.push(Usable {
                        id: format!("@{first}/{second}/{which}"),
                        name: None,
                        at: point,
                        kind: "crossing",
                        crossing: Some((first, second, which)),
                    });
                }
            }
        }
        usable
    }
}

/// The crossings of two objects that are points of the drawing, each with
/// its place in the canonical order: none where they touch (a step names
/// such a point with `touch`), none beyond a segment's ends or behind a
/// ray's start.
fn crossings(a: &Object, b: &Object) -> Vec<(usize, Point)> {
    let found: Vec<Point> = match meet(a, b) {
        Ok(Meet::One(point)) if matches!((a, b), (Object::Line(_), Object::Line(_))) => {
            vec![point]
        }
        Ok(Meet::Two(p, q)) => vec![p, q],
        Ok(Meet::One(_)) | Err(_) => Vec::new(),
    };
    let within = |object: &Object, point: Point| match object {
        Object::Line(line) => line.outside(point).is_none(),
        Object::Circle(_) => true,
    };
    found
        .into_iter()
        .enumerate()
        .filter(|(_, point)| within(a, *point) && within(b, *point))
        .collect()
}

/// An object in the file's coordinates.
fn object_shape(object: &Object, unit: f64) -> Shape {
    match object {
        Object::Line(line) => {
            let (extent, length) = match line.extent {
                Extent::Full => ("line", None),
                Extent::Ray => ("ray", None),
                Extent::Segment(length) => ("segment", Some(length * unit)),
            };
            Shape::Line {
                x: line.origin.x * unit,
                y: line.origin.y * unit,
                dx: line.direction.x,
                dy: line.direction.y,
                extent,
                length,
            }
        }
        Object::Circle(circle) => Shape::Circle {
            x: circle.center.x * unit,
            y: circle.center.y * unit,
            r: circle.radius * unit,
        },
    }
}

fn value_shape(value: &Value, unit: f64) -> Option<Shape> {
    match value {
        Value::Point(point) => Some(Shape::Point {
            x: point.x * unit,
            y: point.y * unit,
        }),
        Value::Line(line) => Some(object_shape(&Object::Line(*line), unit)),
        Value::Circle(circle) => Some(object_shape(&Object::Circle(*circle), unit)),
        Value::Number(_) | Value::Pair(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{play_move, redo_move, undo_move, Move};
    use super::*;
    use crate::analysis::analyze;
    use crate::edit::apply_edits;

    const TRIANGLE: &str = "point A = (0, 0)\npoint B = (1, 0)\n\nsolve equilateral {\n  goal C = rotate(B, A, 60deg)\n}\n";

    /// The state of the file's first block.
    fn state(text: &str) -> ConstructionState {
        let analysis = analyze(text);
        construction_state(
            text,
            analysis.scene(),
            0,
            &analysis.reports[0],
            &analysis.diagnostics,
        )
        .unwrap()
    }

    /// `text` after the move `tool(args…)` on its first block, and the
    /// lines the move wrote.
    fn play(text: &str, tool: &str, args: &[&str]) -> (String, Vec<String>) {
        let analysis = analyze(text);
        let played = Move {
            tool: tool.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
            at: None,
            version: Some(text_version(text)),
        };
        let scene = analysis.scene();
        let done = play_move(text, scene, &scene.problems[0], &played).unwrap();
        (apply_edits(text, &done.edits), done.lines)
    }

    fn crossing(state: &ConstructionState) -> Vec<&BoardPoint> {
        state
            .points
            .iter()
            .filter(|p| p.kind == "crossing")
            .collect()
    }

    #[test]
    fn three_moves_draw_the_equilateral_triangle() {
        let first = state(TRIANGLE);
        assert_eq!(first.points.len(), 2);
        assert!(!first.solved);
        assert_eq!(first.tools.len(), 2);
        let (text, lines) = play(TRIANGLE, "circle", &["A", "B"]);
        assert_eq!(lines, ["c1 = circle(A, B)"]);
        let (text, _) = play(&text, "circle", &["B", "A"]);
        let drawn = state(&text);
        assert_eq!((drawn.e, drawn.l), (2, 2));
        assert!(drawn.solved, "the goal is a crossing of the two circles");
        let crossings = crossing(&drawn);
        assert_eq!(crossings.len(), 2);
        let upper = crossings.iter().find(|p| p.y > 0.0).unwrap();
        let (text, lines) = play(&text, "line", &["A", &upper.id]);
        assert_eq!(lines, ["C, _ = c1 & c2", "l1 = line(A, C)"]);
        let after = analyze(&text);
        assert!(!after.has_errors(), "{text}");
        assert_eq!(after.reports[0].status, Status::Solved);
        assert_eq!(state(&text).e, 3);
    }

    #[test]
    fn undo_takes_the_move_away_and_redo_puts_it_back() {
        let (text, _) = play(TRIANGLE, "circle", &["A", "B"]);
        let (text, _) = play(&text, "circle", &["B", "A"]);
        let lower = state(&text)
            .points
            .iter()
            .find(|p| p.y < 0.0)
            .unwrap()
            .id
            .clone();
        let (moved, lines) = play(&text, "line", &["B", &lower]);
        assert_eq!(lines, ["_, P1 = c1 & c2", "l1 = line(B, P1)"]);
        let analysis = analyze(&moved);
        let problem = &analysis.scene().problems[0];
        let undone = undo_move(&moved, problem, Some(&lines), None).unwrap();
        assert_eq!(apply_edits(&moved, &undone.edits), text);
        // Without the lines (a reloaded page): the last drawing step and
        // the intersections just before it.
        let guessed = undo_move(&moved, problem, None, None).unwrap();
        assert_eq!(guessed.lines, lines);
        let wrong = ["l9 = line(A, B)".to_string()];
        assert!(undo_move(&moved, problem, Some(&wrong), None).is_err());
        let analysis = analyze(&text);
        let redone = redo_move(&text, &analysis.scene().problems[0], &lines, None).unwrap();
        assert_eq!(apply_edits(&text, &redone.edits), moved);
    }

    #[test]
    fn a_goal_line_takes_the_goal_name_and_stale_moves_are_refused() {
        let text = "point A = (-1, 0.2)\npoint B = (1.3, -0.4)\n\nsolve bisector {\n  tools perp_bisector\n  goal m = line(midpoint(A, B), rotate(B, midpoint(A, B), 90deg))\n}\n";
        let (done, lines) = play(text, "perp_bisector", &["A", "B"]);
        assert_eq!(lines, ["m = perp_bisector(A, B)"]);
        let after = state(&done);
        assert!(after.solved);
        assert_eq!((after.e, after.l), (3, 1));
        let analysis = analyze(text);
        let stale = Move {
            tool: "line".into(),
            args: vec!["A".into(), "B".into()],
            at: None,
            version: Some("0".into()),
        };
        let scene = analysis.scene();
        assert!(play_move(text, scene, &scene.problems[0], &stale).is_err());
        let unknown = Move {
            version: None,
            ..stale.clone()
        };
        let refused = |tool: &str, args: &[&str]| {
            let mut bad = unknown.clone();
            bad.tool = tool.into();
            bad.args = args.iter().map(|a| a.to_string()).collect();
            play_move(text, scene, &scene.problems[0], &bad).unwrap_err()
        };
        assert!(refused("compass", &["A", "B", "A"]).contains("does not allow"));
        assert!(refused("line", &["A", "Z"]).contains("no point `Z`"));
        assert!(refused("line", &["A", "A"]).contains("cannot draw"));
        assert!(refused("line", &["A"]).contains("takes 2 operands"));
        assert!(refused("drop", &["m"]).contains("does not allow dropping"));
    }

    #[test]
    fn states_are_in_the_file_coordinates_at_any_scale() {
        for scale in [0.01, 1000.0] {
            let text = TRIANGLE.replace("(1, 0)", &format!("({scale}, 0)"));
            let (text, _) = play(&text, "circle", &["A", "B"]);
            let shown = state(&text);
            let Shape::Circle { r, .. } = shown.objects[0].shape else {
                panic!("a circle is drawn");
            };
            assert!((r - scale).abs() < 1e-9 * scale);
            let Shape::Point { y, .. } = shown.goals[0].alternatives[0] else {
                panic!("the goal is a point");
            };
            assert!((y - scale * 3f64.sqrt() / 2.0).abs() < 1e-9 * scale);
        }
    }

    /// examples/tools-own.euc with the orthocentre's and the tangent's
    /// steps taken out.
    fn tools_own_unplayed() -> String {
        include_str!("../../../examples/tools-own.euc")
            .lines()
            .filter(|line| {
                !line.starts_with("  ha =")
                    && !line.starts_with("  hb =")
                    && !line.starts_with("  H =")
                    && !line.starts_with("  t,")
            })
            .map(|line| format!("{line}\n"))
            .collect()
    }

    #[test]
    fn a_tool_of_your_own_is_played_like_an_l_tool() {
        let text = tools_own_unplayed();
        let first = state(&text);
        let altitude = first
            .tools
            .iter()
            .find(|tool| tool.name == "altitude")
            .unwrap();
        assert_eq!(altitude.operands, ["point", "point", "point"]);
        assert_eq!(
            altitude.params.as_deref(),
            Some(&["A", "B", "C"].map(String::from)[..])
        );
        assert_eq!(altitude.e, 4);
        let (text, lines) = play(&text, "altitude", &["A", "B", "C"]);
        assert_eq!(lines, ["h = altitude(A, B, C)"]);
        let (text, lines) = play(&text, "altitude", &["B", "C", "A"]);
        assert_eq!(lines, ["h2 = altitude(B, C, A)"]);
        let drawn = state(&text);
        assert!(
            drawn.solved,
            "the orthocentre is a crossing of the altitudes"
        );
        assert_eq!((drawn.e, drawn.l), (8, 2));
        assert_eq!(drawn.status, Status::Solved, "{text}");
        let analysis = analyze(&text);
        let problem = &analysis.scene().problems[0];
        let undone = undo_move(&text, problem, None, None).unwrap();
        assert_eq!(undone.lines, ["h2 = altitude(B, C, A)"]);
        let refused = Move {
            tool: "altitude".into(),
            args: vec!["A".into(), "B".into(), "C".into()],
            at: None,
            version: None,
        };
        let scene = analysis.scene();
        let again = play_move(&text, scene, problem, &refused).unwrap_err();
        assert!(again.contains("drawn already"), "{again}");
        let elsewhere = play_move(&text, scene, &scene.problems[1], &refused).unwrap_err();
        assert!(
            elsewhere.contains("does not allow `altitude`"),
            "{elsewhere}"
        );
    }

    #[test]
    fn a_tool_takes_lines_and_circles_by_name_and_its_results_reach_goals() {
        let text = tools_own_unplayed();
        let analysis = analyze(&text);
        let scene = analysis.scene();
        let tangents = |args: &[&str]| Move {
            tool: "tangents".into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            at: None,
            version: None,
        };
        let played = play_move(
            &text,
            scene,
            &scene.problems[1],
            &tangents(&["P", "B", "k"]),
        )
        .unwrap();
        assert_eq!(played.lines, ["t, t2 = tangents(P, B, k)"]);
        let done = apply_edits(&text, &played.edits);
        let after = analyze(&done);
        assert_eq!(after.reports[1].status, Status::Solved, "{done}");
        let inside = play_move(
            &text,
            scene,
            &scene.problems[1],
            &tangents(&["B", "B", "k"]),
        )
        .unwrap_err();
        assert!(
            inside.starts_with("cannot use `tangents` there: `tangents`'s step"),
            "{inside}"
        );
        let wrong = play_move(
            &text,
            scene,
            &scene.problems[1],
            &tangents(&["P", "B", "P"]),
        )
        .unwrap_err();
        assert!(wrong.contains("no line or circle `P`"), "{wrong}");
    }

    /// The board's answer to `ask` on the first block of `text`.
    fn asked(text: &str, ask: &super::super::Ask) -> Result<ConstructionState, String> {
        let budget = crate::deadline::Deadline::after(None);
        match super::super::ask(&analyze(text), 0, ask, &budget)? {
            super::super::Answer::State(state) => Ok(*state),
            super::super::Answer::Played(_) => panic!("a state was asked for"),
        }
    }

    #[test]
    fn where_it_fails_is_drawn_on_the_instance_render_draws() {
        use super::super::Ask;
        let text = include_str!("../../../tests/fixtures/mistakes/non-general.euc");
        let declared = asked(text, &Ask::State).unwrap();
        assert!(declared.fails_elsewhere);
        assert_eq!(declared.elsewhere, None);
        let failing = asked(text, &Ask::Failing).unwrap();
        let options = crate::render::RenderOptions {
            instance: Some(crate::render::InstanceChoice::Failing),
            ..Default::default()
        };
        let svg = crate::render::render_svg(&analyze(text), &options).unwrap();
        let words = failing.elsewhere.as_deref().unwrap();
        assert!(words.starts_with("on another instance: goal `M` missed by 0.0"));
        assert!(svg.contains(&format!("s — {words}</title>")), "{svg}");
        assert!(!failing.goals[0].reached && !failing.solved);
        assert_eq!(failing.version, declared.version);
        let moved = |state: &ConstructionState| (state.points[1].x, state.points[1].y);
        assert_ne!(moved(&failing), moved(&declared), "B moves");
        // A step that cannot be built there is named, and the drawing
        // stops before it.
        let broken = "point A = (0, 0)\npoint B = (1, 0)\npoint D = (2, 0)\n\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  verify D = (5, 0)\n  c1 = circle(A, B)\n  c2 = circle(B, D)\n  C, _ = c1 & c2\n}\n";
        let failing = asked(broken, &Ask::Failing).unwrap();
        assert_eq!(
            failing.elsewhere.as_deref(),
            Some("on another instance, step 3 cannot be built: the objects do not meet")
        );
        assert_eq!(failing.objects.len(), 2);
        // A construction that holds has nowhere it fails.
        let (solved, _) = play(TRIANGLE, "circle", &["A", "B"]);
        let (solved, _) = play(&solved, "circle", &["B", "A"]);
        assert!(!asked(&solved, &Ask::State).unwrap().fails_elsewhere);
        let none = asked(&solved, &Ask::Failing).unwrap_err();
        assert!(none.contains("no failing instance"), "{none}");
    }

    #[test]
    fn points_drop_on_lines_and_circles_where_the_block_allows_it() {
        let text = "point A = (0, 0)\npoint B = (2, 0)\nline k = line(A, B)\n\nsolve drop {\n  tools drop\n  goal M = midpoint(A, B)\n}\n";
        let analysis = analyze(text);
        let scene = analysis.scene();
        let dropped = Move {
            tool: "drop".into(),
            args: vec!["k".into()],
            at: Some([0.5, 0.3]),
            version: None,
        };
        let done = play_move(text, scene, &scene.problems[0], &dropped).unwrap();
        assert_eq!(done.lines, ["P1 = any(k, 0.5)"]);
        let text = apply_edits(text, &done.edits);
        let (text, lines) = play(&text, "circle", &["P1", "A"]);
        assert_eq!(lines, ["c1 = circle(P1, A)"]);
        let shown = state(&text);
        assert!(shown.tools.iter().any(|tool| tool.name == "drop"));
        assert!(shown
            .points
            .iter()
            .any(|p| p.id == "P1" && p.kind == "step"));
    }
}
