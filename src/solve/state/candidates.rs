//! The moves worth trying at a node: the plain scan over every pair of
//! points, the filter's cheap pair tests, and how a move is built, marked
//! and keyed (docs/solver.md, "Candidates").

use super::super::context::Context;
use super::super::mask::{kinds_at, Draw};
use super::bounds::Filter;
use super::keys::{object_key, KeySet};
use super::{Choice, State, GOAL_OBJECT};
use crate::geom::{Circle, Degenerate, Line, Object, Point, EPS};

impl State {
    /// The moves worth trying from here, in a fixed order, into `out`.
    pub(in crate::solve) fn children(
        &mut self,
        depth: usize,
        context: &Context,
        filter: &mut Filter,
        out: &mut Vec<Choice>,
    ) {
        out.clear();
        self.filter(context.length - depth, context, filter);
        if filter.dead {
            return;
        }
        if context.techniques.incremental && context.techniques.merge_same_objects {
            self.children_incremental(depth, context, filter, out);
        } else {
            self.children_scan(depth, context, filter, out);
        }
        if context.techniques.lookahead && context.techniques.goal_pruning {
            self.drop_doomed(context.length - depth, context, filter, out);
        }
    }

    /// The first search: every pair of points, every node.
    pub(super) fn children_scan(
        &self,
        depth: usize,
        context: &Context,
        filter: &Filter,
        choices: &mut Vec<Choice>,
    ) {
        let techniques = context.techniques;
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let mut tried = KeySet::default();
        let count = self.points.len();
        let mut consider = |draw: Draw, a: usize, b: usize, choices: &mut Vec<Choice>| {
            if !self.pretest(filter, draw, a, b) {
                return;
            }
            let Some(choice) = self.build(draw, a, b) else {
                return;
            };
            if !self.admits(filter, &choice) {
                return;
            }
            if techniques.merge_same_objects && !tried.insert(choice.key) {
                return;
            }
            if self.is_drawn(&choice.object) {
                return;
            }
            // Partial-order reduction: could this object have been drawn
            // before a later-sorting one? Then that order is explored instead.
            if let Some(floor) = reorderable.filter(|_| context.reorder()) {
                let made = (self.made_at[a].max(self.made_at[b]) as usize).max(floor);
                for step in made..depth {
                    if self.keys[self.setup + step] > choice.key {
                        return;
                    }
                }
            }
            choices.push(choice);
        };
        let within_cost = self.within_cost(depth, context, 1);
        for a in 0..count {
            for b in 0..count {
                if a == b || !within_cost {
                    continue;
                }
                if lines && a < b {
                    consider(Draw::Line, a, b, choices);
                }
                if circles {
                    consider(Draw::Circle, a, b, choices);
                }
            }
        }
        if context.tools {
            self.children_tools(depth, context, filter, &mut tried, choices);
        }
    }

    /// Whether an object equal to this one is on the page already.
    #[inline]
    pub(super) fn is_drawn(&self, object: &Object) -> bool {
        self.objects.iter().any(|existing| existing.same(object))
    }

    /// With an exact cost (the E count with L-tools), whether a move of
    /// this cost leaves a cost the remaining moves can still make: each
    /// costs from one to the dearest tool.
    #[inline]
    pub(super) fn within_cost(&self, depth: usize, context: &Context, cost: usize) -> bool {
        let Some(limit) = context.cost_limit else {
            return true;
        };
        let dearest = if context.tools {
            context.problem.dearest_tool().unwrap_or(1)
        } else {
            1
        };
        let after = context.length - depth - 1;
        let spent = self.cost + cost;
        spent + after <= limit && limit <= spent + after * dearest
    }

    /// The filter's cheap tests on a pair of points, before any object is
    /// built: most pairs fail here.
    #[inline]
    pub(super) fn pretest(&self, filter: &Filter, draw: Draw, a: usize, b: usize) -> bool {
        if !self.covers(filter, a as u32, b as u32) {
            return false;
        }
        let (pa, pb) = (self.points[a], self.points[b]);
        // No square root unless a pair is close to passing.
        let through = |point: Point| match draw {
            Draw::Tool(_) => true,
            Draw::Line => {
                let direction = pb - pa;
                let cross = direction.cross(point - pa);
                cross * cross < EPS * EPS * direction.dot(direction)
            }
            Draw::Circle => {
                let (to_point, to_b) = (point - pa, pb - pa);
                let (far, near) = (to_point.dot(to_point), to_b.dot(to_b));
                (far - near).abs() <= 1e-6 * (far + near + 1.0)
                    && (far.sqrt() - near.sqrt()).abs() < EPS
            }
        };
        if !filter.pass.iter().all(|point| through(*point)) {
            return false;
        }
        if filter.only_goal_objects {
            let could_be = |goal: &Object| match (goal, draw) {
                (Object::Line(line), Draw::Line) => {
                    line.distance_to(pa) < EPS && line.distance_to(pb) < EPS
                }
                (Object::Circle(circle), Draw::Circle) => {
                    circle.center.same(pa) && (circle.center.dist(pb) - circle.radius).abs() < EPS
                }
                _ => false,
            };
            if !filter.goal_objects.iter().any(could_be) {
                return false;
            }
        }
        true
    }

    #[inline]
    pub(super) fn build(&self, draw: Draw, a: usize, b: usize) -> Option<Choice> {
        let (pa, pb) = (self.points[a], self.points[b]);
        let object = draw_object(draw, pa, pb).ok()?;
        Some(Choice {
            draw,
            a: a as u32,
            b: b as u32,
            c: a as u32,
            line: 0,
            object,
            key: object_key(&object),
            marks: self.marks(&object),
        })
    }

    /// Which aims an object passes (bit i: `aims[i]`), and whether it is a
    /// goal object.
    #[inline]
    pub(super) fn marks(&self, object: &Object) -> u16 {
        let mut marks = 0;
        for (bit, aim) in self.aims.iter().enumerate() {
            if object.contains(*aim) {
                marks |= 1 << bit;
            }
        }
        if self
            .targets
            .iter()
            .any(|target| target.is_object() && target.served_by(object))
        {
            marks |= GOAL_OBJECT;
        }
        marks
    }
}

/// The object a move draws from two points: the line through them, or the
/// circle about the first through the second (L-tools are built apart).
#[inline]
pub(super) fn draw_object(draw: Draw, a: Point, b: Point) -> Result<Object, Degenerate> {
    match draw {
        Draw::Line => Line::through(a, b).map(Object::Line),
        Draw::Circle => Circle::through(a, b).map(Object::Circle),
        Draw::Tool(_) => Err(Degenerate::SamePoints),
    }
}
