//! The L-tool moves at a node: how each tool's operands are enumerated
//! (the geometry is `geom`'s; docs/language.md, "The L-tools").

use super::super::context::Context;
use super::super::mask::{allowed_at, Draw};
use super::bounds::Filter;
use super::keys::{object_key, KeySet};
use super::{Choice, State};
use crate::geom::{Circle, Line, Object, Point, EPS};
use crate::parse::ast::Tool;

/// The L-tool moves of one node as they are found: each is listed if it
/// passes the filter and is an object not drawn or listed yet.
struct ToolMoves<'a> {
    state: &'a State,
    filter: &'a Filter,
    tried: &'a mut KeySet,
    choices: &'a mut Vec<Choice>,
}

/// When the next move must draw a goal object: only tools of its kind
/// serve, the compass only about a goal circle's centre, the angle
/// bisector only at a vertex on a goal line.
struct GoalShapes {
    only: bool,
    lines: Vec<Line>,
    centers: Vec<Point>,
}

impl State {
    /// The L-tool moves the mask allows at this depth, tested like the
    /// pairs of `children_scan`: objects are drawn straight from the points
    /// (unit vectors from each vertex and the pairs' distances computed once
    /// per node), and the filter's passing points and goal objects are
    /// checked before a move is marked and keyed (docs/language.md, "The
    /// L-tools").
    pub(super) fn children_tools(
        &self,
        depth: usize,
        context: &Context,
        filter: &Filter,
        tried: &mut KeySet,
        choices: &mut Vec<Choice>,
    ) {
        let goals = GoalShapes::of(filter);
        let mut moves = ToolMoves {
            state: self,
            filter,
            tried,
            choices,
        };
        for &tool in &context.problem.tools {
            if !allowed_at(context.mask, depth, context.length, Draw::Tool(tool))
                || !self.within_cost(depth, context, tool.e_cost())
            {
                continue;
            }
            let none_of_its_kind = if tool.draws_line() {
                goals.lines.is_empty()
            } else {
                goals.centers.is_empty()
            };
            if goals.only && none_of_its_kind {
                continue;
            }
            match tool {
                Tool::PerpBisector => self.perp_bisector_moves(&mut moves),
                Tool::Perpendicular | Tool::Parallel => self.moves_from_lines(tool, &mut moves),
                Tool::AngleBisector => self.angle_bisector_moves(&goals, &mut moves),
                Tool::Compass => self.compass_moves(&goals, &mut moves),
                Tool::TangentLeft | Tool::TangentRight => self.tangent_moves(tool, &mut moves),
                Tool::Circumcircle => self.circumcircle_moves(&goals, &mut moves),
            }
        }
    }

    /// The perpendicular bisector of every pair of points.
    fn perp_bisector_moves(&self, moves: &mut ToolMoves) {
        let points = &self.points;
        for a in 0..points.len() {
            for b in a + 1..points.len() {
                // A point it passes is as far from both ends.
                let equidistant =
                    |point: &Point| (point.dist(points[a]) - point.dist(points[b])).abs() < EPS;
                if !moves.filter.pass.iter().all(equidistant) {
                    continue;
                }
                let object = Line::perp_bisector(points[a], points[b])
                    .ok()
                    .map(Object::Line);
                moves.consider(Tool::PerpBisector, [a, b, a, 0], object);
            }
        }
    }

    /// A tool that takes a line and a point (the perpendicular, the
    /// parallel) at every line drawn and every point.
    fn moves_from_lines(&self, tool: Tool, moves: &mut ToolMoves) {
        for line in 0..self.objects.len() {
            if !matches!(self.objects[line], Object::Line(_)) {
                continue;
            }
            for a in 0..self.points.len() {
                let object = tool.object([line, a, a], &self.points, &self.objects);
                moves.consider(tool, [a, a, a, line], object.ok());
            }
        }
    }

    /// The bisector of every angle between two points at every vertex,
    /// from the unit vectors out of the vertex computed once.
    fn angle_bisector_moves(&self, goals: &GoalShapes, moves: &mut ToolMoves) {
        let points = &self.points;
        let mut units: Vec<Option<Point>> = Vec::new();
        let mut offsets: Vec<Point> = Vec::new();
        for vertex in 0..points.len() {
            if goals.only
                && !goals
                    .lines
                    .iter()
                    .any(|line| line.distance_to(points[vertex]) < EPS)
            {
                continue;
            }
            units.clear();
            units.extend(points.iter().map(|point| (*point - points[vertex]).unit()));
            // Where the move must pass points, their offsets from the vertex:
            // most bisectors miss one, which a cross product tells before
            // the line is built (`consider` then tests exactly).
            offsets.clear();
            offsets.extend(moves.filter.pass.iter().map(|pass| *pass - points[vertex]));
            for (a, unit_a) in units.iter().enumerate() {
                let Some(unit_a) = *unit_a else { continue };
                for (b, unit_b) in units.iter().enumerate().skip(a + 1) {
                    let Some(unit_b) = *unit_b else { continue };
                    let sum = unit_a + unit_b;
                    let length = sum.dot(sum);
                    let misses = |offset: &Point| {
                        let cross = sum.cross(*offset);
                        cross * cross > 4.0 * EPS * EPS * length
                    };
                    // (A sum near zero is the straight angle, whose bisector
                    // is the perpendicular: no shortcut there.)
                    if length > 1e-6 && offsets.iter().any(misses) {
                        continue;
                    }
                    let object =
                        Object::Line(Line::bisector_of_units(points[vertex], unit_a, unit_b));
                    moves.consider(Tool::AngleBisector, [a, vertex, b, 0], Some(object));
                }
            }
        }
    }

    /// The circle about every point with the distance of every other pair
    /// as its radius (the distances computed once).
    fn compass_moves(&self, goals: &GoalShapes, moves: &mut ToolMoves) {
        let points = &self.points;
        let count = points.len();
        let distances: Vec<f64> = (0..count * count)
            .map(|k| points[k / count].dist(points[k % count]))
            .collect();
        let mut radii: Vec<f64> = Vec::new();
        for (center, at) in points.iter().enumerate() {
            if goals.only && !goals.centers.iter().any(|goal| goal.same(*at)) {
                continue;
            }
            // Where the move must pass points, the radius each asks for: most
            // pairs give another, which one subtraction tells (`consider`
            // then tests exactly).
            radii.clear();
            radii.extend(moves.filter.pass.iter().map(|pass| at.dist(*pass)));
            for a in 0..count {
                for b in a + 1..count {
                    let radius = distances[a * count + b];
                    // About an end of the radius it is a plain circle.
                    if center == a || center == b || radius < EPS {
                        continue;
                    }
                    if radii
                        .iter()
                        .any(|wanted| (radius - wanted).abs() > 2.0 * EPS)
                    {
                        continue;
                    }
                    let object = Circle::new(*at, radius).ok().map(Object::Circle);
                    moves.consider(Tool::Compass, [center, a, b, 0], object);
                }
            }
        }
    }
}

impl State {
    /// The library route's tangent on one side from every point outside
    /// every circle whose centre is a point of the figure (the body it is
    /// written as, `lib/std.euc`'s `tangents`, starts from the centre).
    fn tangent_moves(&self, tool: Tool, moves: &mut ToolMoves) {
        let points = &self.points;
        for (index, object) in self.objects.iter().enumerate() {
            let Object::Circle(circle) = object else {
                continue;
            };
            if !points.iter().any(|point| point.same(circle.center)) {
                continue;
            }
            for a in 0..points.len() {
                let object = tool.object([index, a, a], points, &self.objects);
                moves.consider(tool, [a, a, a, index], object.ok());
            }
        }
    }

    /// The library route's circle through every three points not on one
    /// line; where the next move must draw a goal circle, only about its
    /// centre.
    fn circumcircle_moves(&self, goals: &GoalShapes, moves: &mut ToolMoves) {
        let points = &self.points;
        let count = points.len();
        for a in 0..count {
            for b in a + 1..count {
                for c in b + 1..count {
                    let Ok(circle) = Circle::circumcircle(points[a], points[b], points[c]) else {
                        continue;
                    };
                    if goals.only && !goals.centers.iter().any(|goal| goal.same(circle.center)) {
                        continue;
                    }
                    moves.consider(
                        Tool::Circumcircle,
                        [a, b, c, 0],
                        Some(Object::Circle(circle)),
                    );
                }
            }
        }
    }
}

impl ToolMoves<'_> {
    /// Lists one L-tool move (`DrawStep` gives the operands' roles: points
    /// `a`, `b`, `c` and the object `line`) if it passes the filter and is
    /// new.
    fn consider(&mut self, tool: Tool, operands: [usize; 4], object: Option<Object>) {
        let Some(object) = object else { return };
        let (state, filter) = (self.state, self.filter);
        if !filter.pass.iter().all(|point| object.contains(*point)) {
            return;
        }
        if filter.only_goal_objects && !filter.goal_objects.iter().any(|goal| object.reaches(goal))
        {
            return;
        }
        let [a, b, c, line] = operands;
        let choice = Choice {
            draw: Draw::Tool(tool),
            a: a as u32,
            b: b as u32,
            c: c as u32,
            line: line as u32,
            object,
            key: object_key(&object),
            marks: state.marks(&object),
        };
        if !state.admits(filter, &choice) || !self.tried.insert(choice.key) {
            return;
        }
        if state.is_drawn(&choice.object) {
            return;
        }
        self.choices.push(choice);
    }
}

impl GoalShapes {
    fn of(filter: &Filter) -> GoalShapes {
        let lines = filter.goal_objects.iter().filter_map(|goal| match goal {
            Object::Line(line) => Some(*line),
            Object::Circle(_) => None,
        });
        let centers = filter.goal_objects.iter().filter_map(|goal| match goal {
            Object::Circle(circle) => Some(circle.center),
            Object::Line(_) => None,
        });
        GoalShapes {
            only: filter.only_goal_objects,
            lines: lines.collect(),
            centers: centers.collect(),
        }
    }
}
