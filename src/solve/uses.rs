//! The search with tools of your own, counted in tool uses (docs/solver.md,
//! "Tools of your own"). A use draws several things at once — points,
//! lines and circles — so it is no move of the main search's working set:
//! this search grows a replay of steps instead, one move at a time (a
//! line, a circle, an L-tool or a use), each followed by the crossings of
//! what it drew with everything drawn before, and deepens one move at a
//! time, so its first answer is a shortest one in L. The answer is
//! replayed on every instance before it is given.

use super::budget::{Budget, Progress, Stop};
use super::construction::{Binding, Construction, GoalWitness, StepPlan};
use super::mask::{mask_matches, Draw};
use super::outcome::{Outcome, Stats};
use super::replay::{goals_reached, reaches, replay_step, replay_steps, search_instance, Replay};
use crate::geom::{meet, Extent, Meet, Object};
use crate::resolve::{Call, Count, Instance, Problem, StepOp, ToolRef, Type, UserTool, Value};
use crate::tools::{Operand, Tool};

/// How often the search looks at its budget, in constructions.
const CHECK_EVERY: u64 = 256;

/// The shortest construction in `count` (in L each line, circle, L-tool
/// and use of a tool of your own one move; in E each at its cost) of at
/// most `max_moves`, for a problem whose `tools` line allows tools of your
/// own; each variant of an either-or goal at each length before the next.
pub(super) fn search_with_uses(
    problem: &Problem,
    max_moves: usize,
    count: Count,
    budget: &dyn Budget,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let variants = variants_of(problem);
    let mut examined = 0;
    for length in 0..=max_moves {
        budget.progress(&Progress {
            moves: length,
            examined,
            best: None,
        });
        for variant in &variants {
            let mut walk = Walk::new(variant, length, count, budget);
            let found = walk.dfs();
            examined += walk.examined;
            match found {
                Ok(true) => {
                    if let Some(answer) = walk.answer() {
                        stats.examined_per_length.push((length, examined));
                        return (Outcome::Found(answer), stats);
                    }
                }
                Ok(false) => {}
                Err(stop) => {
                    stats.examined_per_length.push((length, examined));
                    let outcome = Outcome::Stopped {
                        stop,
                        searched: length.saturating_sub(1),
                        best: None,
                    };
                    return (outcome, stats);
                }
            }
        }
        stats.examined_per_length.push((length, examined));
    }
    (
        Outcome::Exhausted {
            max_moves: max_moves.min(super::options::MOST_MOVES),
        },
        stats,
    )
}

/// The constructions a search of E cost `cost` with a use in it may
/// examine: beyond, the answer in lines and circles stands.
const WITH_A_USE: u64 = 200_000;

/// A construction of E cost `cost` (the fewest, found by the main search)
/// that uses a tool of your own, uses first, if one is found within
/// `WITH_A_USE` constructions: with `count e` the answer is so written with
/// the tool's name (docs/solver.md, "Tools of your own").
pub(super) fn with_a_use(
    problem: &Problem,
    cost: usize,
    budget: &dyn Budget,
) -> Option<Construction> {
    for variant in &variants_of(problem) {
        let mut walk = Walk::new(variant, cost, Count::E, budget);
        walk.needs_use = true;
        if let Ok(true) = walk.dfs() {
            if let Some(answer) = walk.answer() {
                return Some(answer);
            }
        }
    }
    None
}

/// One problem per variant of an either-or goal (at most 64).
fn variants_of(problem: &Problem) -> Vec<Problem> {
    (0..problem.variant_count().min(64))
        .map(|number| problem.variant(number))
        .collect()
}

/// One depth-first search of one length in one variant, on the search
/// instance.
struct Walk<'a> {
    problem: &'a Problem,
    instance: &'a Instance,
    budget: &'a dyn Budget,
    /// The cost to reach, in `count`.
    length: usize,
    count: Count,
    /// Only an answer with a use of a tool of your own counts (`with_a_use`):
    /// uses are tried first, and at most `WITH_A_USE` constructions.
    needs_use: bool,
    replay: Replay,
    ops: Vec<StepOp>,
    calls: Vec<Call>,
    /// The cost drawn so far, in `count`.
    spent: usize,
    examined: u64,
}

/// One candidate move: its step, and the call it adds (a use).
type Candidate = (StepOp, Option<Call>);

impl<'a> Walk<'a> {
    fn new(problem: &'a Problem, length: usize, count: Count, budget: &'a dyn Budget) -> Walk<'a> {
        let instance = &problem.instances[search_instance(problem)];
        Walk {
            problem,
            instance,
            budget,
            length,
            count,
            needs_use: false,
            replay: Replay::start(instance),
            ops: Vec::new(),
            calls: Vec::new(),
            spent: 0,
            examined: 0,
        }
    }

    /// Whether the goals can be reached in the moves left; the drawing
    /// then reaches them.
    fn dfs(&mut self) -> Result<bool, Stop> {
        self.examined += 1;
        if self.examined % CHECK_EVERY == 0 {
            if let Some(stop) = self.budget.stop() {
                return Err(stop);
            }
            if self.needs_use && self.examined > WITH_A_USE {
                return Err(Stop::OutOfTime);
            }
        }
        if self.reached() && (!self.needs_use || !self.calls.is_empty()) {
            return Ok(self.spent == self.length);
        }
        if self.spent == self.length {
            return Ok(false);
        }
        for (op, call) in self.candidates() {
            let cost = self.cost(&op, call.as_ref());
            if self.spent + cost > self.length {
                continue;
            }
            let mark = (
                self.replay.points.len(),
                self.replay.objects.len(),
                self.ops.len(),
                self.calls.len(),
            );
            if self.apply(op, call) {
                self.spent += cost;
                if self.dfs()? {
                    return Ok(true);
                }
                self.spent -= cost;
            }
            self.undo(mark);
        }
        Ok(false)
    }

    /// What a move costs in the count searched.
    fn cost(&self, op: &StepOp, call: Option<&Call>) -> usize {
        match (self.count, op) {
            (Count::L, _) => 1,
            (Count::E, StepOp::Use { .. }) => call.map_or(1, |call| call.tool.e_cost),
            (Count::E, op) => op.draw().map_or(1, Draw::e_cost),
        }
    }

    /// Whether the drawing reaches every goal (its chosen alternative).
    fn reached(&self) -> bool {
        self.instance.goals.iter().all(|alternatives| {
            alternatives
                .first()
                .is_some_and(|goal| reaches(&self.replay, goal))
        })
    }

    /// The points a move may take: each place once (the first point
    /// there), and none beyond a segment or ray.
    fn usable_points(&self) -> Vec<usize> {
        let points = &self.replay.points;
        (0..points.len())
            .filter(|&index| {
                self.replay.beyond[index].is_none()
                    && !points[..index]
                        .iter()
                        .any(|earlier| earlier.same(points[index]))
            })
            .collect()
    }

    /// Every move at this node: lines and circles through the usable
    /// points, the block's L-tools, and its tools of your own on every
    /// choice of operands of their kinds.
    fn candidates(&self) -> Vec<Candidate> {
        let points = self.usable_points();
        let mut out: Vec<Candidate> = Vec::new();
        if self.needs_use {
            self.use_moves(&points, &mut out);
        }
        for &a in &points {
            for &b in &points {
                if a < b {
                    out.push((StepOp::Line(a, b), None));
                }
                if a != b {
                    out.push((StepOp::Circle(a, b), None));
                }
            }
        }
        for &tool in &self.problem.tools {
            self.tool_moves(tool, &points, &mut out);
        }
        if !self.needs_use {
            self.use_moves(&points, &mut out);
        }
        out
    }

    /// The uses of the block's tools of your own on every choice of
    /// operands.
    fn use_moves(&self, points: &[usize], out: &mut Vec<Candidate>) {
        for (slot, ToolRef(tool)) in self.problem.allowed.iter().enumerate() {
            let index = self.problem.own_tools.get(slot).copied().unwrap_or(0) as u32;
            for args in self.operand_choices(tool, points) {
                let call = Call {
                    tool: tool.clone(),
                    args,
                };
                let op = StepOp::Use {
                    tool: index,
                    call: self.calls.len() as u32,
                };
                out.push((op, Some(call)));
            }
        }
    }

    /// An L-tool's moves: its point operands distinct, lines drawn.
    fn tool_moves(&self, tool: Tool, points: &[usize], out: &mut Vec<Candidate>) {
        let lines: Vec<usize> = (0..self.replay.objects.len())
            .filter(|&index| matches!(self.replay.objects[index], Object::Line(_)))
            .collect();
        let circles: Vec<usize> = (0..self.replay.objects.len())
            .filter(|&index| matches!(self.replay.objects[index], Object::Circle(_)))
            .collect();
        let mut choices: Vec<[usize; 3]> = vec![[0; 3]];
        for (at, operand) in tool.operands().iter().enumerate() {
            let pool: &[usize] = match operand {
                Operand::Point => points,
                Operand::Line => &lines,
                Operand::Circle => &circles,
            };
            choices = choices
                .into_iter()
                .flat_map(|chosen| {
                    pool.iter().filter_map(move |&pick| {
                        let repeats = *operand == Operand::Point
                            && tool.operands()[..at]
                                .iter()
                                .zip(chosen)
                                .any(|(kind, earlier)| *kind == Operand::Point && earlier == pick);
                        (!repeats).then(|| {
                            let mut next = chosen;
                            next[at] = pick;
                            next
                        })
                    })
                })
                .collect();
        }
        out.extend(
            choices
                .into_iter()
                .map(|args| (StepOp::Tool { tool, args }, None)),
        );
    }

    /// Every choice of operands for a tool of your own: distinct points for
    /// its point parameters, drawn objects of each other parameter's kind.
    fn operand_choices(&self, tool: &UserTool, points: &[usize]) -> Vec<Vec<usize>> {
        let objects = &self.replay.objects;
        let mut choices: Vec<Vec<usize>> = vec![Vec::new()];
        for param in &tool.params {
            let pool: Vec<usize> = match param.ty {
                Type::Point => points.to_vec(),
                ty => (0..objects.len())
                    .filter(|&index| fits(ty, &objects[index]))
                    .collect(),
            };
            let point = param.ty == Type::Point;
            choices = choices
                .into_iter()
                .flat_map(|chosen| {
                    pool.iter()
                        .filter(|pick| !(point && chosen.contains(pick)))
                        .map(|&pick| {
                            let mut next = chosen.clone();
                            next.push(pick);
                            next
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        choices
    }

    /// Draws a move and the crossings of what it drew with everything
    /// before; false where it cannot be built or draws nothing new.
    fn apply(&mut self, op: StepOp, call: Option<Call>) -> bool {
        let objects_before = self.replay.objects.len();
        let points_before = self.replay.points.len();
        if let Some(call) = call {
            self.calls.push(call);
        }
        let index = self.ops.len();
        if replay_step(&mut self.replay, index, op, self.instance, &self.calls).is_err() {
            return false;
        }
        self.ops.push(op);
        let objects = &self.replay.objects;
        let new_object = (objects_before..objects.len()).any(|new| {
            !objects[..objects_before]
                .iter()
                .any(|old| old.same(&objects[new]))
        });
        let points = &self.replay.points;
        let new_point = (points_before..points.len()).any(|new| {
            !points[..points_before]
                .iter()
                .any(|old| old.same(points[new]))
        });
        if !new_object && !new_point {
            return false;
        }
        for new in objects_before..self.replay.objects.len() {
            for old in 0..new {
                if crosses(&self.replay.objects[old], &self.replay.objects[new]) {
                    let index = self.ops.len();
                    let meet = StepOp::Meet(old, new);
                    if replay_step(&mut self.replay, index, meet, self.instance, &[]).is_ok() {
                        self.ops.push(meet);
                    }
                }
            }
        }
        true
    }

    fn undo(&mut self, (points, objects, ops, calls): (usize, usize, usize, usize)) {
        self.replay.points.truncate(points);
        self.replay.beyond.truncate(points);
        self.replay.objects.truncate(objects);
        self.ops.truncate(ops);
        self.calls.truncate(calls);
    }

    /// The drawing that reached the goals as a construction: only the
    /// crossings it uses, each goal named where it is made; `None` where
    /// it fails on another instance or breaks the mask.
    fn answer(&self) -> Option<Construction> {
        let (plan, calls) = compact(self.instance, &self.ops, &self.calls)?;
        for instance in &self.problem.instances {
            let replay = replay_steps(plan.ops.iter().copied(), instance, &calls).ok()?;
            let reached = goals_reached(&self.problem.goals, instance, &replay);
            if reached.iter().any(Option::is_none) {
                return None;
            }
        }
        let kinds: Vec<Draw> = plan.ops.iter().filter_map(|op| op.draw()).collect();
        let uses = plan.ops.iter().any(|op| matches!(op, StepOp::Use { .. }));
        if !uses && !mask_matches(&self.problem.mask, &kinds) {
            return None;
        }
        Some(Construction {
            draws: Vec::new(),
            goals: vec![GoalWitness::Bound; self.problem.goals.len()],
            steps: Some(Box::new(plan)),
            calls,
        })
    }
}

/// Whether an object may be a parameter of this type's operand: a line
/// parameter takes any line, segment or ray; the others only their kind.
fn fits(ty: Type, object: &Object) -> bool {
    match (ty, object) {
        (Type::Line, Object::Line(_)) => true,
        (Type::Circle, Object::Circle(_)) => true,
        (Type::Segment, Object::Line(line)) => matches!(line.extent, Extent::Segment(_)),
        (Type::Ray, Object::Line(line)) => matches!(line.extent, Extent::Ray),
        _ => false,
    }
}

/// Whether two objects cross (or, lines, meet) where a step can name it.
fn crosses(a: &Object, b: &Object) -> bool {
    match meet(a, b) {
        Ok(Meet::Two(..)) => true,
        Ok(Meet::One(_)) => matches!((a, b), (Object::Line(_), Object::Line(_))),
        Err(_) => false,
    }
}

/// The steps that reach the goals, without the crossings nothing uses,
/// renumbered, each with its names: a goal's name where the goal is made
/// (its first point or object on the search instance).
fn compact(instance: &Instance, ops: &[StepOp], calls: &[Call]) -> Option<(StepPlan, Vec<Call>)> {
    let (replay, point_from, object_from) = origins(instance, ops, calls)?;
    let givens = instance.givens.len();
    let setup = instance.setup.len();
    let mut point_used = vec![false; replay.points.len()];
    let mut object_used = vec![false; replay.objects.len()];
    for op in ops.iter().filter(|op| !op.is_meet()) {
        let (points, objects) = operands(op, calls);
        points.iter().for_each(|&p| point_used[p] = true);
        objects.iter().for_each(|&o| object_used[o] = true);
    }
    let (goal_point, goal_object) = goal_places(instance, &replay)?;
    goal_point.iter().for_each(|&(p, _)| point_used[p] = true);
    // A crossing stays when one of its points is used.
    let keep: Vec<bool> = ops
        .iter()
        .enumerate()
        .map(|(at, op)| {
            !op.is_meet()
                || point_from
                    .iter()
                    .enumerate()
                    .any(|(p, made)| *made == Some(at) && point_used[p])
        })
        .collect();
    // The objects the kept crossings cross.
    for (op, _) in ops
        .iter()
        .zip(&keep)
        .filter(|(op, kept)| op.is_meet() && **kept)
    {
        operands(op, calls)
            .1
            .iter()
            .for_each(|&o| object_used[o] = true);
    }
    let mut new_point: Vec<usize> = (0..givens).collect();
    let mut new_object: Vec<usize> = (0..setup).collect();
    let mut plan = StepPlan {
        ops: Vec::new(),
        names: Vec::new(),
    };
    let mut new_calls: Vec<Call> = Vec::new();
    for (at, op) in ops.iter().enumerate() {
        let made_points: Vec<usize> = (0..replay.points.len())
            .filter(|&p| point_from[p] == Some(at))
            .collect();
        let made_objects: Vec<usize> = (0..replay.objects.len())
            .filter(|&o| object_from[o] == Some(at))
            .collect();
        if !keep[at] {
            // Dropped: its points are used by nothing (renumbering keeps
            // the slots of the kept ones only).
            new_point.extend(std::iter::repeat_n(usize::MAX, made_points.len()));
            continue;
        }
        if let StepOp::Use { call, .. } = *op {
            new_calls.push(renumbered_call(
                &calls[call as usize],
                &new_point,
                &new_object,
            ));
        }
        plan.ops.push(renumbered(*op, &new_point, &new_object));
        let names = Names {
            goal_point: &goal_point,
            goal_object: &goal_object,
            point_used: &point_used,
            object_used: &object_used,
        }
        .of(op, &made_points, &made_objects, calls);
        plan.names.push(names);
        for _ in &made_points {
            new_point.push(new_point.iter().filter(|&&p| p != usize::MAX).count());
        }
        for _ in &made_objects {
            new_object.push(new_object.len());
        }
    }
    Some((plan, new_calls))
}

/// Where each goal is made: (point, goal) and (object, goal) for the
/// goals the moves make (a given or a setup object needs no name); `None`
/// where a goal is not a point or object of the drawing.
#[allow(clippy::type_complexity)]
fn goal_places(
    instance: &Instance,
    replay: &Replay,
) -> Option<(Vec<(usize, usize)>, Vec<(usize, usize)>)> {
    let givens = instance.givens.len();
    let setup = instance.setup.len();
    let mut goal_point: Vec<(usize, usize)> = Vec::new();
    let mut goal_object: Vec<(usize, usize)> = Vec::new();
    for (goal, alternatives) in instance.goals.iter().enumerate() {
        match alternatives.first()? {
            Value::Point(at) => {
                let found = (0..replay.points.len())
                    .find(|&p| replay.beyond[p].is_none() && replay.points[p].same(*at))?;
                if found >= givens {
                    goal_point.push((found, goal));
                }
            }
            Value::Line(line) => {
                let found = (0..replay.objects.len())
                    .find(|&o| replay.objects[o].reaches(&Object::Line(*line)))?;
                if found >= setup {
                    goal_object.push((found, goal));
                }
            }
            Value::Circle(circle) => {
                let found = (0..replay.objects.len())
                    .find(|&o| replay.objects[o].reaches(&Object::Circle(*circle)))?;
                if found >= setup {
                    goal_object.push((found, goal));
                }
            }
            _ => return None,
        }
    }
    Some((goal_point, goal_object))
}

/// A use's operands renumbered as the compacted plan numbers them.
fn renumbered_call(call: &Call, points: &[usize], objects: &[usize]) -> Call {
    let args = call
        .tool
        .params
        .iter()
        .zip(&call.args)
        .map(|(param, &arg)| {
            if param.ty == Type::Point {
                points[arg]
            } else {
                objects[arg]
            }
        })
        .collect();
    Call {
        tool: call.tool.clone(),
        args,
    }
}

/// What a compacted plan names: goals where they are made, and the points
/// and objects later steps use.
struct Names<'a> {
    goal_point: &'a [(usize, usize)],
    goal_object: &'a [(usize, usize)],
    point_used: &'a [bool],
    object_used: &'a [bool],
}

impl Names<'_> {
    /// The names of one step, which made these points and objects.
    fn of(
        &self,
        op: &StepOp,
        made_points: &[usize],
        made_objects: &[usize],
        calls: &[Call],
    ) -> Vec<Binding> {
        let (goal_point, goal_object) = (self.goal_point, self.goal_object);
        let (point_used, object_used) = (self.point_used, self.object_used);
        let point_binding = |p: usize| match goal_point.iter().find(|(at, _)| *at == p) {
            Some(&(_, goal)) => Binding::Goal(goal),
            None if point_used[p] => Binding::Point,
            None => Binding::Unused,
        };
        let object_binding = |o: usize, draw: Draw| match goal_object
            .iter()
            .find(|(at, _)| *at == o)
        {
            Some(&(_, goal)) => Binding::Goal(goal),
            None if object_used[o] || !matches!(op, StepOp::Use { .. }) => Binding::Object(draw),
            None => Binding::Unused,
        };
        let names: Vec<Binding> = match op {
            StepOp::Use { call, .. } => {
                let tool = &calls[*call as usize].tool;
                let (mut points, mut objects) = (made_points.iter(), made_objects.iter());
                tool.results
                    .iter()
                    .map(|result| {
                        if result.is_point() {
                            points.next().map_or(Binding::Unused, |&p| point_binding(p))
                        } else {
                            let draw = if result.ty == Type::Circle {
                                Draw::Circle
                            } else {
                                Draw::Line
                            };
                            objects
                                .next()
                                .map_or(Binding::Unused, |&o| object_binding(o, draw))
                        }
                    })
                    .collect()
            }
            _ if op.is_meet() => made_points.iter().map(|&p| point_binding(p)).collect(),
            _ => {
                let draw = op.draw().unwrap_or(Draw::Line);
                made_objects
                    .iter()
                    .map(|&o| object_binding(o, draw))
                    .collect()
            }
        };
        names
    }
}

/// The replay of `ops` and, for each of its points and objects, the op
/// that made it (`None`: a given or a setup object).
#[allow(clippy::type_complexity)]
fn origins(
    instance: &Instance,
    ops: &[StepOp],
    calls: &[Call],
) -> Option<(Replay, Vec<Option<usize>>, Vec<Option<usize>>)> {
    let mut replay = Replay::start(instance);
    let mut points: Vec<Option<usize>> = vec![None; instance.givens.len()];
    let mut objects: Vec<Option<usize>> = vec![None; instance.setup.len()];
    for (at, op) in ops.iter().enumerate() {
        replay_step(&mut replay, at, *op, instance, calls).ok()?;
        let (point_count, object_count) = (points.len(), objects.len());
        points.extend(std::iter::repeat_n(
            Some(at),
            replay.points.len() - point_count,
        ));
        objects.extend(std::iter::repeat_n(
            Some(at),
            replay.objects.len() - object_count,
        ));
    }
    Some((replay, points, objects))
}

/// The points and objects a step reads.
fn operands(op: &StepOp, calls: &[Call]) -> (Vec<usize>, Vec<usize>) {
    match *op {
        StepOp::Line(a, b) | StepOp::Circle(a, b) => (vec![a, b], Vec::new()),
        StepOp::Meet(a, b) | StepOp::Touch(a, b) => (Vec::new(), vec![a, b]),
        StepOp::Tool { tool, args } => {
            let mut points = Vec::new();
            let mut objects = Vec::new();
            for (operand, arg) in tool.operands().iter().zip(args) {
                match operand {
                    Operand::Point => points.push(arg),
                    Operand::Line | Operand::Circle => objects.push(arg),
                }
            }
            (points, objects)
        }
        StepOp::Use { call, .. } => {
            let call = &calls[call as usize];
            let mut points = Vec::new();
            let mut objects = Vec::new();
            for (param, &arg) in call.tool.params.iter().zip(&call.args) {
                if param.ty == Type::Point {
                    points.push(arg);
                } else {
                    objects.push(arg);
                }
            }
            (points, objects)
        }
        StepOp::Pick {
            first, second, at, ..
        } => (vec![at], vec![first, second]),
        StepOp::Drop { object, .. } => (Vec::new(), vec![object]),
    }
}

/// A step with its points and objects renumbered.
fn renumbered(op: StepOp, points: &[usize], objects: &[usize]) -> StepOp {
    match op {
        StepOp::Line(a, b) => StepOp::Line(points[a], points[b]),
        StepOp::Circle(a, b) => StepOp::Circle(points[a], points[b]),
        StepOp::Meet(a, b) => StepOp::Meet(objects[a], objects[b]),
        StepOp::Tool { tool, mut args } => {
            for (operand, arg) in tool.operands().iter().zip(args.iter_mut()) {
                *arg = match operand {
                    Operand::Point => points[*arg],
                    Operand::Line | Operand::Circle => objects[*arg],
                };
            }
            StepOp::Tool { tool, args }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::solve::budget::Unlimited;

    const FILE: &str = "point A = (0, 0)\npoint B = (4, 0.3)\npoint C = (1.3, 3.1)\n\
        tool foot(P = (0, 2), X = (-1, 0), Y = (2, 0.3)) -> F {\n  xy = line(X, Y)\n  m = perpendicular(xy, P)\n  F = xy & m\n}\n";

    fn solved(block: &str, max_moves: usize) -> Outcome {
        let analysis = analyze(&format!("{FILE}{block}"));
        let problem = &analysis.scene().problems[0];
        search_with_uses(problem, max_moves, Count::L, &Unlimited).0
    }

    #[test]
    fn a_use_is_one_move_and_its_results_are_named_where_they_are_goals() {
        let Outcome::Found(found) = solved(
            "solve s {\n  tools foot\n  count l\n  goal F = project(C, line(A, B))\n}\n",
            4,
        ) else {
            panic!("found")
        };
        assert_eq!((found.moves(), found.e_moves()), (1, 4));
        let plan = found.steps.as_deref().expect("a plan");
        assert!(matches!(plan.ops[..], [StepOp::Use { call: 0, .. }]));
        assert_eq!(plan.names, vec![vec![Binding::Goal(0)]]);
        assert_eq!(found.calls[0].args, vec![2, 0, 1]);
    }

    #[test]
    fn crossings_nothing_uses_are_left_out() {
        // Two feet and the line through them: the crossings of the line
        // with the others are not written.
        let Outcome::Found(found) = solved(
            "solve s {\n  tools foot\n  count l\n  goal l = line(project(C, line(A, B)), project(A, line(B, C)))\n}\n",
            4,
        ) else {
            panic!("found")
        };
        assert_eq!(found.moves(), 3);
        let plan = found.steps.as_deref().expect("a plan");
        assert_eq!(plan.ops.len(), 3, "{:?}", plan.ops);
    }

    #[test]
    fn either_or_goals_and_no_answer_within_the_limit() {
        let Outcome::Found(found) = solved(
            "solve s {\n  tools foot\n  count l\n  goal F = project(C, line(A, B)) | project(A, line(B, C))\n}\n",
            2,
        ) else {
            panic!("found")
        };
        assert_eq!(found.moves(), 1);
        assert!(matches!(
            solved(
                "solve s {\n  tools foot\n  count l\n  goal G = (A + B + C) / 3\n}\n",
                2
            ),
            Outcome::Exhausted { max_moves: 2 }
        ));
    }
}
