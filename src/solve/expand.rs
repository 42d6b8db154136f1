//! L-tool uses written as lines and circles, for a first answer on a hard
//! level: its shortest L-tool construction (found in far fewer moves than
//! the E search needs) with each tool use replaced by the lines and circles
//! that draw the same object, objects already drawn reused, and then every
//! move nothing needs removed (docs/solver.md, "An answer at once").
//!
//! The replacements, on the figure as drawn so far:
//! - `perp_bisector(A, B)`: the circles about A through B and about B
//!   through A, and the line through their crossings (3 moves);
//! - `perpendicular(l, P)`, P off l: circles about two points of l through
//!   P meet again at P's mirror image; the line through both (3 moves; 4
//!   when l has one point only: a circle about P gives it a second); P on
//!   l: a circle about P cuts l at two points, and their perpendicular
//!   bisector (4 moves);
//! - `parallel(l, P)`: the circle about a point A of l through P cuts l at
//!   Q; circles about P and Q through A meet again at R, and PR is parallel
//!   to AQ (a rhombus; 4 moves);
//! - `angle_bisector(A, V, B)`: the circle about V through A cuts the line
//!   VB at B′ on B's side; circles about A and B′ through V meet again at W
//!   on the bisector (a rhombus; 4 moves, 5 if VB is not drawn);
//! - `compass(C, A, B)`: B mirrored in the perpendicular bisector of A and
//!   C (which maps A to C) is at distance |AB| from C (5 moves);
//! - the library route's tangent and circle through three points, as
//!   `lib/std.euc`'s `tangents` (one line of it: 5 moves, 4 where the line
//!   from the point to the centre is drawn) and `circumcircle` (7 moves).

use super::construction::{crossing, Construction, DrawStep, PointRef, TOUCH};
use super::mask::Draw;
use super::replay::{replay_ops, search_instance};
use super::verify::{finish, setup_kinds};
use crate::geom::{Circle, Line, Object, Point};
use crate::resolve::Problem;
use crate::tools::{Operand, Tool};

/// A point of the figure and where it is on the search instance.
type At = (PointRef, Point);

/// `found` (a construction with L-tools, for `problem` with lines and
/// circles only) as lines and circles, with no move that can be left out,
/// if every tool use could be replaced and the result passes `finish`.
pub(super) fn expanded(problem: &Problem, found: &Construction) -> Option<Construction> {
    if problem.drops || problem.instances.is_empty() {
        return None;
    }
    let instance = &problem.instances[search_instance(problem)];
    // The original on the search instance, as replay draws it.
    let plan = found.plan(instance.givens.len(), &setup_kinds(problem));
    let drawn = replay_ops(plan.ops, instance).ok()?;
    let setup = instance.setup.len();
    let original = Figure::new(&instance.givens, drawn.objects);
    let mut built = Figure::new(&instance.givens, instance.setup.clone());
    // Where each object of `found` is in `built`.
    let mut map: Vec<usize> = (0..setup).collect();
    for (index, step) in found.draws.iter().enumerate() {
        let at = |point| built.translate(&original, point, &map);
        let made = match step.draw {
            Draw::Line | Draw::Circle => {
                let (a, b) = (at(step.a)?, at(step.b)?);
                built.draw(step.draw, a, b)?
            }
            Draw::Tool(tool) => {
                // Its point operands are `a`, `b`, `c` in order.
                let operands = tool.operands();
                let count = operands.iter().filter(|o| **o == Operand::Point).count();
                let points = [step.a, step.b, step.c][..count]
                    .iter()
                    .map(|point| at(*point))
                    .collect::<Option<Vec<_>>>()?;
                let line = match operands.iter().any(|o| *o != Operand::Point) {
                    true => *map.get(step.line)?,
                    false => 0,
                };
                built.tool(tool, &points, line)?
            }
        };
        if !built.objects[made].same(&original.objects[setup + index]) {
            return None;
        }
        map.push(made);
    }
    let whole = finish(problem, &built.draws)?;
    Some(prune(problem, setup, whole))
}

/// The construction without every move that can be left out, last first,
/// each removal kept when the rest still passes `finish`.
fn prune(problem: &Problem, setup: usize, mut kept: Construction) -> Construction {
    let mut index = kept.draws.len();
    while index > 0 {
        index -= 1;
        let object = setup + index;
        if kept.draws.iter().any(|draw| uses(draw, object)) {
            continue;
        }
        let mut fewer = kept.draws.clone();
        fewer.remove(index);
        for draw in &mut fewer {
            for point in [&mut draw.a, &mut draw.b, &mut draw.c] {
                if let PointRef::Meet { first, second, .. } = point {
                    *first -= usize::from(*first > object);
                    *second -= usize::from(*second > object);
                }
            }
        }
        if let Some(shorter) = finish(problem, &fewer) {
            kept = shorter;
        }
    }
    kept
}

/// Whether a line or circle uses a crossing of `object`.
fn uses(draw: &DrawStep, object: usize) -> bool {
    [draw.a, draw.b, draw.c].iter().any(|point| match *point {
        PointRef::Meet { first, second, .. } => first == object || second == object,
        PointRef::Given(_) => false,
    })
}

/// The objects drawn so far on the search instance, setup first.
struct Figure<'a> {
    givens: &'a [Point],
    objects: Vec<Object>,
    /// The lines and circles drawn (after the setup).
    draws: Vec<DrawStep>,
}

impl<'a> Figure<'a> {
    fn new(givens: &'a [Point], setup: Vec<Object>) -> Self {
        Figure {
            givens,
            objects: setup,
            draws: Vec::new(),
        }
    }

    /// Where a point is; `None` for a dropped point (not expanded).
    fn at(&self, point: PointRef) -> Option<Point> {
        match point {
            PointRef::Given(index) => self.givens.get(index).copied(),
            PointRef::Meet {
                first,
                second,
                which,
            } => {
                if first == second {
                    return None;
                }
                crossing(self.objects.get(first)?, self.objects.get(second)?, which)
            }
        }
    }

    /// A point of `from` as a point of this figure: the same given, or the
    /// crossing at the same place of the objects `map` gives.
    fn translate(&self, from: &Figure, point: PointRef, map: &[usize]) -> Option<At> {
        let at = from.at(point)?;
        match point {
            PointRef::Given(_) => Some((point, at)),
            PointRef::Meet { first, second, .. } => {
                let (first, second) = (map[first], map[second]);
                let found = [0, 1, TOUCH]
                    .into_iter()
                    .filter_map(|which| self.crossing(first, second, which))
                    .find(|(_, place)| place.same(at))?;
                Some(found)
            }
        }
    }

    /// Crossing `which` of two objects (in either order).
    fn crossing(&self, a: usize, b: usize, which: u8) -> Option<At> {
        let (first, second) = (a.min(b), a.max(b));
        if first == second {
            return None;
        }
        let place = crossing(&self.objects[first], &self.objects[second], which)?;
        let point = PointRef::Meet {
            first,
            second,
            which,
        };
        Some((point, place))
    }

    /// The crossing of two objects other than `not`.
    fn other_crossing(&self, a: usize, b: usize, not: Point) -> Option<At> {
        (0..2)
            .filter_map(|which| self.crossing(a, b, which))
            .find(|(_, place)| !place.same(not))
    }

    /// Draws a line through `a` and `b` or a circle about `a` through `b`,
    /// unless the figure has that object already: its index.
    fn draw(&mut self, draw: Draw, a: At, b: At) -> Option<usize> {
        let object = match draw {
            Draw::Line => Object::Line(Line::through(a.1, b.1).ok()?),
            Draw::Circle => Object::Circle(Circle::through(a.1, b.1).ok()?),
            Draw::Tool(_) => return None,
        };
        if let Some(index) = self.objects.iter().position(|old| old.same(&object)) {
            return Some(index);
        }
        self.objects.push(object);
        self.draws.push(DrawStep {
            draw,
            a: a.0,
            b: b.0,
            c: a.0,
            line: 0,
        });
        Some(self.objects.len() - 1)
    }

    fn circle(&mut self, centre: At, through: At) -> Option<usize> {
        self.draw(Draw::Circle, centre, through)
    }

    /// The points of a line known to the figure: givens on it and its
    /// crossings with every other object.
    fn points_on(&self, line: usize) -> Vec<At> {
        let object = self.objects[line];
        let givens = (0..self.givens.len())
            .filter(|&index| object.contains(self.givens[index]))
            .map(|index| (PointRef::Given(index), self.givens[index]));
        let crossings = (0..self.objects.len())
            .flat_map(|other| (0..2).filter_map(move |which| self.crossing(line, other, which)));
        let mut points: Vec<At> = Vec::new();
        for point in givens.chain(crossings) {
            if !points.iter().any(|known| known.1.same(point.1)) {
                points.push(point);
            }
        }
        points
    }

    /// One tool use as lines and circles (`points`: the tool's point
    /// operands in order; `line`: its line operand, if it has one).
    fn tool(&mut self, tool: Tool, points: &[At], line: usize) -> Option<usize> {
        match (tool, points) {
            (Tool::PerpBisector, &[a, b]) => self.perp_bisector(a, b),
            (Tool::Perpendicular, &[p]) => self.perpendicular(line, p).or_else(|| {
                let full = self.full_line(line)?;
                self.perpendicular(full, p)
            }),
            (Tool::Parallel, &[p]) => self.parallel(line, p).or_else(|| {
                let full = self.full_line(line)?;
                self.parallel(full, p)
            }),
            (Tool::AngleBisector, &[a, vertex, b]) => self.angle_bisector(a, vertex, b),
            (Tool::Compass, &[centre, a, b]) => self.compass(centre, a, b),
            (Tool::TangentLeft, &[p]) => self.tangent(line, p, true),
            (Tool::TangentRight, &[p]) => self.tangent(line, p, false),
            (Tool::Circumcircle, &[a, b, c]) => {
                let first = self.perp_bisector(a, b)?;
                let second = self.perp_bisector(b, c)?;
                let centre = self.crossing(first, second, 0)?;
                self.circle(centre, a)
            }
            _ => None,
        }
    }

    /// The whole line over a segment or ray, drawn through two of its
    /// points when a crossing the replacement needs lies beyond its ends.
    fn full_line(&mut self, line: usize) -> Option<usize> {
        match self.objects[line] {
            Object::Line(drawn) if !drawn.extent.is_full() => {
                let on = self.points_on(line);
                let (a, b) = (*on.first()?, *on.get(1)?);
                self.draw(Draw::Line, a, b)
            }
            _ => None,
        }
    }

    fn perp_bisector(&mut self, a: At, b: At) -> Option<usize> {
        let first = self.circle(a, b)?;
        let second = self.circle(b, a)?;
        let x = self.crossing(first, second, 0)?;
        let y = self.crossing(first, second, 1)?;
        self.draw(Draw::Line, x, y)
    }

    fn perpendicular(&mut self, line: usize, p: At) -> Option<usize> {
        let on = self.points_on(line);
        if self.objects[line].contains(p.1) {
            let a = *on.iter().find(|a| !a.1.same(p.1))?;
            let around = self.circle(p, a)?;
            let b = self.other_crossing(around, line, a.1)?;
            return self.perp_bisector(a, b);
        }
        let (a, b) = match on.as_slice() {
            [] => return None,
            [a] => {
                let around = self.circle(p, *a)?;
                (*a, self.other_crossing(around, line, a.1)?)
            }
            [a, b, ..] => (*a, *b),
        };
        let first = self.circle(a, p)?;
        let second = self.circle(b, p)?;
        let mirror = self.other_crossing(first, second, p.1)?;
        self.draw(Draw::Line, p, mirror)
    }

    fn parallel(&mut self, line: usize, p: At) -> Option<usize> {
        for a in self.points_on(line) {
            let around = self.circle(a, p)?;
            let Some(q) = (0..2).find_map(|which| self.crossing(around, line, which)) else {
                continue;
            };
            let first = self.circle(p, a)?;
            let second = self.circle(q, a)?;
            let r = self.other_crossing(first, second, a.1)?;
            return self.draw(Draw::Line, p, r);
        }
        None
    }

    fn angle_bisector(&mut self, a: At, vertex: At, b: At) -> Option<usize> {
        let around = self.circle(vertex, a)?;
        let on_b_side = |figure: &Self, line: usize| {
            (0..2)
                .filter_map(|which| figure.crossing(around, line, which))
                .find(|(_, place)| (*place - vertex.1).dot(b.1 - vertex.1) > 0.0)
        };
        let drawn = (0..self.objects.len()).find(|&index| {
            let object = self.objects[index];
            matches!(object, Object::Line(_)) && object.contains(vertex.1) && object.contains(b.1)
        });
        let beside = match drawn.and_then(|line| on_b_side(self, line)) {
            Some(point) => point,
            None => {
                let line = self.draw(Draw::Line, vertex, b)?;
                on_b_side(self, line)?
            }
        };
        let first = self.circle(a, vertex)?;
        let second = self.circle(beside, vertex)?;
        match self.other_crossing(first, second, vertex.1) {
            Some(w) => self.draw(Draw::Line, vertex, w),
            // A straight angle: the circles touch at the vertex.
            None => self.perp_bisector(a, beside),
        }
    }

    /// `lib/std.euc`'s `tangents`, one line of it: the circle about the
    /// centre O through P, and the circle about P's far point on OP through
    /// P's mirror image in the near point N of the circle, meet at X; PX is
    /// the tangent (it touches halfway). 5 moves, fewer where the line OP
    /// is drawn.
    fn tangent(&mut self, circle: usize, p: At, left: bool) -> Option<usize> {
        let Object::Circle(k) = self.objects[circle] else {
            return None;
        };
        let wanted = Object::Line(Line::tangent(p.1, &k, left).ok()?);
        let centre = self.point_at(k.center)?;
        let po = self.draw(Draw::Line, p, centre)?;
        let big = self.circle(centre, p)?;
        let near = (0..2)
            .filter_map(|which| self.crossing(circle, po, which))
            .min_by(|x, y| x.1.dist(p.1).total_cmp(&y.1.dist(p.1)))?;
        let around = self.circle(near, p)?;
        let far = self.other_crossing(po, big, p.1)?;
        let mirror = self.other_crossing(po, around, p.1)?;
        let sweep = self.circle(far, mirror)?;
        let x = (0..2)
            .filter_map(|which| self.crossing(big, sweep, which))
            .find(|x| wanted.contains(x.1))?;
        self.draw(Draw::Line, p, x)
    }

    /// A point of the figure at `place`: a given there, or a crossing.
    fn point_at(&self, place: Point) -> Option<At> {
        if let Some(index) = self.givens.iter().position(|given| given.same(place)) {
            return Some((PointRef::Given(index), place));
        }
        let count = self.objects.len();
        (0..count)
            .flat_map(|a| (a + 1..count).map(move |b| (a, b)))
            .flat_map(|(a, b)| [0, 1, TOUCH].map(|which| (a, b, which)))
            .filter_map(|(a, b, which)| self.crossing(a, b, which))
            .find(|(_, at)| at.same(place))
    }

    fn compass(&mut self, centre: At, a: At, b: At) -> Option<usize> {
        if centre.1.same(a.1) {
            return self.circle(centre, b);
        }
        if centre.1.same(b.1) {
            return self.circle(centre, a);
        }
        // Mirrored in the perpendicular bisector of `from` and the centre,
        // `other` lands at its distance from `from`, seen from the centre.
        // The end farther from that bisector first: near it, the two
        // circles about the bisector's points through it only touch on a
        // moved figure (a triangle whose two sides differ by 7 % on the
        // declared one and by 0.05 % on a moved one, found by
        // `every_tool_is_written_on_any_triangle`).
        let margin =
            |(from, other): (At, At)| (other.1.dist(from.1) - other.1.dist(centre.1)).abs();
        let mut orders = [(a, b), (b, a)];
        if margin(orders[1]) > margin(orders[0]) {
            orders.swap(0, 1);
        }
        if let Some(&(_, other)) = orders.iter().find(|order| margin(**order) < 1e-9) {
            return self.circle(centre, other);
        }
        for (from, other) in orders {
            let first = self.circle(from, centre)?;
            let second = self.circle(centre, from)?;
            let x = self.crossing(first, second, 0)?;
            let y = self.crossing(first, second, 1)?;
            let third = self.circle(x, other)?;
            let fourth = self.circle(y, other)?;
            if let Some(image) = self.other_crossing(third, fourth, other.1) {
                return self.circle(centre, image);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::parse::ast::MaskToken;
    use crate::resolve::Count;
    use crate::solve::search::{search, Outcome, SearchOptions, Unlimited};

    /// The block's goal drawn with one L-tool use, written as lines and
    /// circles: how many moves that takes (every answer passes `finish`,
    /// so it replays on every instance and reaches the goal).
    fn moves_for(setup: &str, goal: &str) -> Option<usize> {
        moves_at([0.0, 0.0, 4.1, 0.3, 1.3, 3.2], setup, goal)
    }

    fn moves_at(at: [f64; 6], setup: &str, goal: &str) -> Option<usize> {
        let (problem, found) =
            one_tool_answer(at, setup, goal).unwrap_or_else(|why| panic!("{why}"));
        assert!(matches!(found.draws[0].draw, Draw::Tool(_)), "{goal}");
        let written = expanded(&problem, &found)?;
        assert!(lines_and_circles(&written));
        Some(written.draws.len())
    }

    /// The figure's block and its shortest answer with one L-tool use, or
    /// why there is none (errors in the figure, no such answer).
    fn one_tool_answer(
        at: [f64; 6],
        setup: &str,
        goal: &str,
    ) -> Result<(Problem, Construction), String> {
        one_answer_with(&Tool::ALL, at, setup, goal)
    }

    /// The same with these tools (the library route's moves among them).
    fn one_answer_with(
        tools: &[Tool],
        at: [f64; 6],
        setup: &str,
        goal: &str,
    ) -> Result<(Problem, Construction), String> {
        let [ax, ay, bx, by, cx, cy] = at;
        let text = format!(
            "point A = ({ax}, {ay})\npoint B = ({bx}, {by})\npoint C = ({cx}, {cy})\n{setup}\n\
             solve s {{\n  goal g = {goal}\n}}\n"
        );
        let analysis = analyze(&text);
        if analysis.has_errors() || analysis.scene().problems.is_empty() {
            return Err(format!("{:#?}", analysis.diagnostics));
        }
        let problem = analysis.scene().searchable(0);
        let mut with_tools = problem.clone();
        with_tools.tools = tools.to_vec();
        with_tools.mask = vec![MaskToken::All];
        let options = SearchOptions {
            max_moves: 1,
            threads: 1,
            count: Some(Count::L),
            ..SearchOptions::default()
        };
        match search(&with_tools, &options, &Unlimited).0 {
            Outcome::Found(found) => Ok((problem, found)),
            _ => Err(format!("no one-tool answer for {goal}")),
        }
    }

    fn lines_and_circles(written: &Construction) -> bool {
        written
            .draws
            .iter()
            .all(|draw| matches!(draw.draw, Draw::Line | Draw::Circle))
    }

    /// Degenerate and extreme figures: collinear and coincident points,
    /// tiny and huge coordinates, segments and rays whose crossings lie
    /// beyond their ends. No panic; whatever is written is lines and
    /// circles only.
    #[test]
    fn degenerate_figures_never_panic() {
        let figures = [
            [0.0, 0.0, 1.0, 0.0, 2.0, 0.0],
            [0.0, 0.0, 0.0, 0.0, 1.0, 1.0],
            [0.0, 0.0, 1e-6, 0.0, 0.0, 1e-6],
            [1e6, 1e6, 1e6 + 3.0, 1e6, 1e6, 1e6 + 2.0],
            [0.0, 0.0, 4.0, 0.0, 2.0, 1e-7],
            [-3.0, 2.0, 5.0, 2.0, 1.0, 9.0],
        ];
        let setups = [
            "",
            "line l = line(A, B)",
            "segment l = segment(A, B)",
            "ray l = ray(A, B)",
            "ray l = ray(B, A)\nray q = ray(B, C)",
        ];
        let goals = [
            "perp_bisector(A, B)",
            "perpendicular(l, C)",
            "perpendicular(l, A)",
            "perpendicular(l, B)",
            "parallel(l, C)",
            "angle_bisector(A, B, C)",
            "angle_bisector(C, A, B)",
            "compass(C, A, B)",
            "compass(A, A, B)",
        ];
        let mut written_out = 0;
        for at in figures {
            for setup in setups {
                for goal in goals {
                    let Ok((problem, found)) = one_tool_answer(at, setup, goal) else {
                        continue;
                    };
                    if let Some(written) = expanded(&problem, &found) {
                        written_out += 1;
                        assert!(lines_and_circles(&written), "{at:?} {setup} {goal}");
                    }
                }
            }
        }
        // Most of the 270 cases are written out (162 when this was
        // written): the test exercises the rewrites, not only the refusals.
        assert!(written_out >= 120, "{written_out} written out");
    }

    #[test]
    fn each_tool_is_written_in_the_games_moves_or_close() {
        assert_eq!(moves_for("", "perp_bisector(A, B)"), Some(3));
        let line = "line l = line(A, B)";
        assert_eq!(moves_for(line, "perpendicular(l, C)"), Some(3));
        assert_eq!(moves_for(line, "perpendicular(l, A)"), Some(4));
        assert_eq!(moves_for(line, "parallel(l, C)"), Some(4));
        assert_eq!(moves_for("", "angle_bisector(B, A, C)"), Some(5));
        let rays = "ray r = ray(A, B)\nray q = ray(A, C)";
        assert_eq!(moves_for(rays, "angle_bisector(B, A, C)"), Some(4));
        assert_eq!(moves_for("", "compass(C, A, B)"), Some(5));
    }

    /// The library route's moves written as `lib/std.euc`'s bodies: a
    /// tangent in its 5 moves (4 where the line from the point to the
    /// centre is drawn), the circle through three points in 7.
    fn library_moves_at(at: [f64; 6], setup: &str, goal: &str) -> Option<usize> {
        let (problem, found) =
            one_answer_with(&Tool::LIBRARY, at, setup, goal).unwrap_or_else(|why| panic!("{why}"));
        assert!(Tool::LIBRARY
            .iter()
            .any(|tool| found.draws[0].draw == Draw::Tool(*tool)));
        let written = expanded(&problem, &found)?;
        assert!(lines_and_circles(&written));
        Some(written.draws.len())
    }

    /// A circle about A of a third of AC, and the two tangents from C.
    const TANGENTS: &str = "circle k = circle(A, dist(A, C) / 3)\n\
        let T1, T2 = k & circle(midpoint(A, C), dist(A, C) / 2)";

    #[test]
    fn each_library_move_is_written_as_its_body() {
        let at = [0.0, 0.0, 4.1, 0.3, 1.3, 3.2];
        for touch in ["T1", "T2"] {
            let goal = format!("line(C, {touch})");
            assert_eq!(library_moves_at(at, TANGENTS, &goal), Some(5), "{goal}");
        }
        let drawn = format!("{TANGENTS}\nline ac = line(A, C)");
        assert_eq!(library_moves_at(at, &drawn, "line(C, T1)"), Some(4));
        let centre = "perp_bisector(A, B) & perp_bisector(B, C)";
        let goal = format!("circle({centre}, A)");
        assert_eq!(library_moves_at(at, "", &goal), Some(7));
    }

    #[test]
    fn a_segment_is_drawn_whole_where_a_crossing_lies_beyond_its_end() {
        let segment = "segment s = segment(A, B)";
        // The circle about A through B cuts the segment at B only: the line
        // over it gives the second point.
        assert_eq!(moves_for(segment, "perpendicular(s, A)"), Some(5));
        assert_eq!(moves_for(segment, "perpendicular(s, C)"), Some(3));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// On triangles anywhere and of any size the game's figures have,
        /// every tool use is written in at most its E cost plus two moves.
        #[test]
        fn every_tool_is_written_on_any_triangle(
            at in proptest::array::uniform6(-50.0f64..50.0),
            scale in proptest::sample::select(vec![0.01, 1.0, 100.0]),
        ) {
            let at = at.map(|value| (value * scale * 100.0).round() / 100.0);
            let [ax, ay, bx, by, cx, cy] = at;
            let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
            let shortest = [(ax - bx).hypot(ay - by), (bx - cx).hypot(by - cy), (cx - ax).hypot(cy - ay)]
                .into_iter()
                .fold(f64::INFINITY, f64::min);
            proptest::prop_assume!(area.abs() > 0.05 * scale * scale && shortest > 0.1 * scale);
            // Two equal sides (likely with coordinates in hundredths) make
            // the written compass meet a coincidence on the declared figure
            // (the mirror image lands on a given point), which the check
            // rejects there: the route gives no answer on such figures and
            // the search goes on without it (docs/solver.md, "An answer at
            // once"; found by this test: A (0.34, 0.1), B (0.11, -0.09),
            // C (0.18, 0.2), |AB| = |BC|).
            let sides = [(ax - bx).hypot(ay - by), (bx - cx).hypot(by - cy), (cx - ax).hypot(cy - ay)];
            let equal = |p: f64, q: f64| (p - q).abs() <= 1e-9 * scale;
            proptest::prop_assume!(
                !equal(sides[0], sides[1]) && !equal(sides[1], sides[2]) && !equal(sides[2], sides[0])
            );
            let line = "line l = line(A, B)";
            for (setup, goal, cost) in [
                ("", "perp_bisector(A, B)", 3),
                (line, "perpendicular(l, C)", 3),
                (line, "perpendicular(l, A)", 3),
                (line, "parallel(l, C)", 4),
                ("", "angle_bisector(B, A, C)", 4),
                ("", "compass(C, A, B)", 5),
            ] {
                let moves = moves_at(at, setup, goal);
                proptest::prop_assert!(moves.is_some_and(|moves| moves <= cost + 2), "{goal}: {moves:?}");
            }
            // The library route's moves, in their bodies' moves exactly.
            let centre = "perp_bisector(A, B) & perp_bisector(B, C)";
            let moves = library_moves_at(at, "", &format!("circle({centre}, A)"));
            proptest::prop_assert_eq!(moves, Some(7));
            for touch in ["T1", "T2"] {
                let moves = library_moves_at(at, TANGENTS, &format!("line(C, {touch})"));
                proptest::prop_assert_eq!(moves, Some(5), "{}", touch);
            }
        }
    }
}
