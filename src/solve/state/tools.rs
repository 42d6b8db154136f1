//! The L-tool moves at a node (docs/language.md, "The L-tools").

use super::super::context::Context;
use super::super::mask::{allowed_at, Draw};
use super::bounds::Filter;
use super::keys::{object_key, KeySet};
use super::{Choice, State};
use crate::geom::{Circle, Extent, Line, Object, Point, EPS};
use crate::parse::ast::Tool;

impl State {
    /// An L-tool move with its object already drawn (`DrawStep` gives the
    /// operands' roles).
    fn tool_choice(&self, tool: Tool, operands: [usize; 4], object: Object) -> Choice {
        let [a, b, c, line] = operands;
        let marks = self.marks(&object);
        Choice {
            draw: Draw::Tool(tool),
            a: a as u32,
            b: b as u32,
            c: c as u32,
            line: line as u32,
            object,
            key: object_key(&object),
            marks,
        }
    }

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
        let count = self.points.len();
        let points = &self.points;
        let mut consider = |tool: Tool,
                            operands: [usize; 4],
                            object: Option<Object>,
                            choices: &mut Vec<Choice>| {
            let Some(object) = object else { return };
            if !filter.pass.iter().all(|point| object.contains(*point)) {
                return;
            }
            if filter.only_goal_objects
                && !filter.goal_objects.iter().any(|goal| object.reaches(goal))
            {
                return;
            }
            let choice = self.tool_choice(tool, operands, object);
            if !self.admits(filter, &choice) || !tried.insert(choice.key) {
                return;
            }
            if self.is_drawn(&choice.object) {
                return;
            }
            choices.push(choice);
        };
        let mut distances: Vec<f64> = Vec::new();
        let mut units: Vec<Option<Point>> = Vec::new();
        // When the move must be a goal object: only tools of its kind, and
        // the compass only about a goal circle's centre, the angle bisector
        // only at a vertex on a goal line.
        let goal_lines: Vec<Line> = filter
            .goal_objects
            .iter()
            .filter_map(|goal| match goal {
                Object::Line(line) => Some(*line),
                Object::Circle(_) => None,
            })
            .collect();
        let goal_centers: Vec<Point> = filter
            .goal_objects
            .iter()
            .filter_map(|goal| match goal {
                Object::Circle(circle) => Some(circle.center),
                Object::Line(_) => None,
            })
            .collect();
        let only_goals = filter.only_goal_objects;
        for &tool in &context.problem.tools {
            if !allowed_at(context.mask, depth, context.length, Draw::Tool(tool))
                || !self.within_cost(depth, context, tool.e_cost())
            {
                continue;
            }
            if only_goals
                && (if tool.draws_line() {
                    goal_lines.is_empty()
                } else {
                    goal_centers.is_empty()
                })
            {
                continue;
            }
            match tool {
                Tool::PerpBisector => {
                    for a in 0..count {
                        for b in a + 1..count {
                            // A point it passes is as far from both ends.
                            let equidistant = |point: &Point| {
                                (point.dist(points[a]) - point.dist(points[b])).abs() < EPS
                            };
                            if !filter.pass.iter().all(equidistant) {
                                continue;
                            }
                            let object = Line::perp_bisector(points[a], points[b])
                                .ok()
                                .map(Object::Line);
                            consider(tool, [a, b, a, 0], object, choices);
                        }
                    }
                }
                Tool::Perpendicular | Tool::Parallel => {
                    for line in 0..self.objects.len() {
                        let Object::Line(base) = self.objects[line] else {
                            continue;
                        };
                        for (a, point) in points.iter().enumerate() {
                            let object = if tool == Tool::Perpendicular {
                                base.perpendicular(*point)
                            } else {
                                base.parallel(*point)
                            };
                            consider(
                                tool,
                                [a, a, a, line],
                                object.ok().map(Object::Line),
                                choices,
                            );
                        }
                    }
                }
                Tool::AngleBisector => {
                    for vertex in 0..count {
                        if only_goals
                            && !goal_lines
                                .iter()
                                .any(|line| line.distance_to(points[vertex]) < EPS)
                        {
                            continue;
                        }
                        units.clear();
                        units.extend(points.iter().map(|point| {
                            let offset = *point - points[vertex];
                            let length = offset.norm();
                            (length >= EPS).then(|| offset * (1.0 / length))
                        }));
                        for (a, unit_a) in units.iter().enumerate() {
                            let Some(unit_a) = *unit_a else { continue };
                            for (b, unit_b) in units.iter().enumerate().skip(a + 1) {
                                let Some(unit_b) = *unit_b else { continue };
                                let sum = unit_a + unit_b;
                                let direction = if sum.norm() < 1e-9 {
                                    unit_a.perp()
                                } else {
                                    sum
                                };
                                let length = direction.norm();
                                let object = Object::Line(Line {
                                    origin: points[vertex],
                                    direction: direction * (1.0 / length),
                                    extent: Extent::Full,
                                });
                                consider(tool, [a, vertex, b, 0], Some(object), choices);
                            }
                        }
                    }
                }
                Tool::Compass => {
                    if distances.is_empty() {
                        distances.extend(
                            (0..count * count).map(|k| points[k / count].dist(points[k % count])),
                        );
                    }
                    for (center, at) in points.iter().enumerate() {
                        if only_goals && !goal_centers.iter().any(|goal| goal.same(*at)) {
                            continue;
                        }
                        for a in 0..count {
                            for b in a + 1..count {
                                let radius = distances[a * count + b];
                                // About an end of the radius it is a plain circle.
                                if center == a || center == b || radius < EPS {
                                    continue;
                                }
                                let object = Object::Circle(Circle {
                                    center: points[center],
                                    radius,
                                });
                                consider(tool, [center, a, b, 0], Some(object), choices);
                            }
                        }
                    }
                }
            }
        }
    }
}
