//! A construction found by the search, and its conversion to replayable
//! steps (`StepOp`s) with the points that need names.

use crate::geom::{meet, touch_point, Meet, Object, Point};
use crate::resolve::StepOp;
use crate::solve::mask::Draw;
use crate::tools::Operand;

/// `which` of a crossing that is the point where two objects touch.
pub const TOUCH: u8 = 2;

/// `which` of a point the solver dropped on a drawn object (`first` =
/// `second` = the object), with `tools drop`: where it puts it, along a
/// line from its origin (the unit frame: a fraction of the figure's size)
/// or at an angle on a circle — places no construction singles out
/// (docs/language.md, "Points dropped on the drawing").
pub const DROP: u8 = 3;
const DROP_ALONG_LINE: f64 = 0.3716;
const DROP_ON_CIRCLE: f64 = 2.2;

/// Where the search drops a point on the object of index `object` (setup
/// first, then drawn): along a line from its origin, or at an angle on a
/// circle, a little apart from one object to the next. Dropped alike, two
/// drops on two lines from one point would lie at one distance from it,
/// and the perpendicular bisector of the two would be the angle's bisector
/// by chance on the searched instance alone: kept as the cheaper of two
/// equal moves, it hid the angle bisector that works (3.7 in 2 L).
pub fn drop_place(object: usize, circle: bool) -> f64 {
    let apart = (object % 7) as f64;
    if circle {
        DROP_ON_CIRCLE + 0.377 * apart
    } else {
        DROP_ALONG_LINE * (1.0 + 0.0927 * apart)
    }
}

/// The crossing `which` of two objects as replay makes it: a point of two
/// crossings (0 or 1, canonical order), the one point of two lines (0), or
/// the touching point (`TOUCH`). Within segments and rays.
pub fn crossing(a: &Object, b: &Object, which: u8) -> Option<Point> {
    let point = if which == TOUCH {
        touch_point(a, b).ok()?
    } else {
        match meet(a, b).ok()? {
            Meet::Two(p, q) => [p, q][usize::from(which.min(1))],
            Meet::One(p) if which == 0 && matches!((a, b), (Object::Line(_), Object::Line(_))) => p,
            Meet::One(_) => return None,
        }
    };
    (a.covers(point) && b.covers(point)).then_some(point)
}

/// Where a point of the working set comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointRef {
    /// The i-th given point.
    Given(usize),
    /// Point `which` (0 or 1, canonical order) of `first & second`, objects
    /// indexed setup first, then drawn ones; `which` = `TOUCH`: the point
    /// where they touch, `touch(first, second)`.
    Meet {
        first: usize,
        second: usize,
        which: u8,
    },
}

/// One line or circle: a line through `a` and `b`, a circle with centre `a`
/// through `b`, or an L-tool: `perp_bisector(a, b)`, `perpendicular(line,
/// a)`, `parallel(line, a)`, `angle_bisector(a, b, c)` (vertex b),
/// `compass(a, b, c)` (centre a, radius |bc|). Operands a tool does not use
/// repeat `a` (points) or are 0 (`line`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawStep {
    pub draw: Draw,
    pub a: PointRef,
    pub b: PointRef,
    pub c: PointRef,
    /// The line of `perpendicular` and `parallel` (the circle of the
    /// library route's tangents), indexed among all objects.
    pub line: usize,
}

/// A shortest construction: what to draw, in order, and for each goal the
/// point or object that reaches it.
#[derive(Clone, Debug, PartialEq)]
pub struct Construction {
    pub draws: Vec<DrawStep>,
    /// Indexed like the problem's goals.
    pub goals: Vec<GoalWitness>,
    /// The steps, when they are not the canonical `plan` of `draws`: some
    /// crossing taken as the one other than a known point
    /// (`verify::finish`, docs/solver.md "Crossings that change order").
    pub steps: Option<Box<StepPlan>>,
    /// The operands of the plan's uses of tools of your own
    /// (`StepOp::Use::call` indexes them), for an answer of the search
    /// with such tools (`uses.rs`), whose `steps` are its whole plan and
    /// whose `draws` are empty. Empty otherwise.
    pub calls: Vec<crate::resolve::Call>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GoalWitness {
    /// A given point is the goal.
    Given(usize),
    /// An intersection of two objects is the goal.
    Meet {
        first: usize,
        second: usize,
        which: u8,
    },
    /// A drawn object (index among all objects) is the goal.
    Object(usize),
    /// A crossing the steps themselves bind (`Construction::steps`).
    Bound,
}

/// The construction as steps: `ops` in replay order, and for each op the
/// binders it needs: `Some(role)` for a point or object that gets a name.
#[derive(Clone, Debug, PartialEq)]
pub struct StepPlan {
    pub ops: Vec<StepOp>,
    pub names: Vec<Vec<Binding>>,
}

/// What a bound name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// Not needed later: written `_`.
    Unused,
    /// A point used by a later step.
    Point,
    /// A drawn line or circle.
    Object(Draw),
    /// The goal with this index.
    Goal(usize),
}

impl Construction {
    /// Tool uses: Euclidea's L count (every line and circle is one).
    pub fn moves(&self) -> usize {
        match self.with_uses() {
            Some(plan) => plan.ops.iter().filter(|op| !op.is_meet()).count(),
            None => self.draws.len(),
        }
    }

    /// Elementary moves: Euclidea's E count (each L-tool and tool of your
    /// own at its cost).
    pub fn e_moves(&self) -> usize {
        let Some(plan) = self.with_uses() else {
            return self.draws.iter().map(|draw| draw.draw.e_cost()).sum();
        };
        plan.ops
            .iter()
            .map(|op| match op {
                StepOp::Use { call, .. } => self
                    .calls
                    .get(*call as usize)
                    .map_or(0, |call| call.tool.e_cost),
                op => op.draw().map_or(0, Draw::e_cost),
            })
            .sum()
    }

    /// The whole plan of an answer of the search with tools of your own
    /// (`uses.rs`): its steps, with no draws beside them.
    fn with_uses(&self) -> Option<&StepPlan> {
        self.steps.as_deref().filter(|_| self.draws.is_empty())
    }

    /// "6 moves", or "2 L, 6 E" when an L-tool is used or `always_both`.
    pub fn describe_count(&self, always_both: bool) -> String {
        describe_count(self.moves(), self.e_moves(), always_both)
    }

    /// Orders the construction as steps: each intersection right before the
    /// first step that uses one of its points, and goal intersections last.
    /// `setup` gives the kind of each setup object.
    pub fn plan(&self, givens: usize, setup: &[Draw]) -> StepPlan {
        if let Some(steps) = &self.steps {
            return StepPlan::clone(steps);
        }
        let mut kinds = setup.to_vec();
        kinds.extend(self.draws.iter().map(|draw| draw.draw));
        let mut planner = Planner {
            plan: StepPlan {
                ops: Vec::new(),
                names: Vec::new(),
            },
            meets: Vec::new(),
            point_count: givens,
            kinds,
        };
        for (index, draw) in self.draws.iter().enumerate() {
            let op = match draw.draw {
                Draw::Line => StepOp::Line(planner.point(draw.a), planner.point(draw.b)),
                Draw::Circle => StepOp::Circle(planner.point(draw.a), planner.point(draw.b)),
                Draw::Tool(tool) => {
                    // The tool's point operands are `a`, `b`, `c` in order,
                    // its line operand `line`; unused arguments are 0.
                    let mut points = [draw.a, draw.b, draw.c].into_iter();
                    let mut args = [0; 3];
                    for (arg, operand) in args.iter_mut().zip(tool.operands()) {
                        *arg = match operand {
                            Operand::Point => planner.point(points.next().unwrap_or(draw.a)),
                            Operand::Line | Operand::Circle => draw.line,
                        };
                    }
                    StepOp::Tool { tool, args }
                }
            };
            planner.plan.ops.push(op);
            let binding = match self
                .goals
                .iter()
                .position(|w| *w == GoalWitness::Object(setup.len() + index))
            {
                Some(goal) => Binding::Goal(goal),
                None => Binding::Object(draw.draw),
            };
            planner.plan.names.push(vec![binding]);
        }
        for (goal, witness) in self.goals.iter().enumerate() {
            if let GoalWitness::Meet {
                first,
                second,
                which,
            } = *witness
            {
                let (op, _) = planner.meet(first, second, which == TOUCH);
                let slot = usize::from(which).min(planner.plan.names[op].len() - 1);
                planner.plan.names[op][slot] = Binding::Goal(goal);
            }
        }
        planner.plan
    }
}

/// "6 moves" (1 move), or "2 L, 6 E" when the counts differ or `always_both`.
pub fn describe_count(l: usize, e: usize, always_both: bool) -> String {
    if l == e && !always_both {
        format!("{e} move{}", if e == 1 { "" } else { "s" })
    } else {
        format!("{l} L, {e} E")
    }
}

struct Planner {
    plan: StepPlan,
    /// (first, second, op index, replay index of the op's first point)
    meets: Vec<(usize, usize, usize, usize)>,
    point_count: usize,
    kinds: Vec<Draw>,
}

impl Planner {
    /// The Meet (or Touch) op of two objects, added if new: (op index,
    /// first point index). Objects that touch do not cross, so one pair
    /// never has both.
    fn meet(&mut self, first: usize, second: usize, touch: bool) -> (usize, usize) {
        if let Some(&(_, _, op, start)) = self.meets.iter().find(|m| (m.0, m.1) == (first, second))
        {
            return (op, start);
        }
        if first == second {
            // A point dropped on the object.
            let circle = !self.kinds[first].is_line();
            let at = drop_place(first, circle);
            self.plan.ops.push(StepOp::Drop {
                object: first,
                at: crate::resolve::DropAt::new(at),
                circle,
            });
            self.plan.names.push(vec![Binding::Unused]);
            let op = self.plan.ops.len() - 1;
            let start = self.point_count;
            self.point_count += 1;
            self.meets.push((first, second, op, start));
            return (op, start);
        }
        let outputs = if touch || (self.kinds[first].is_line() && self.kinds[second].is_line()) {
            1
        } else {
            2
        };
        self.plan.ops.push(if touch {
            StepOp::Touch(first, second)
        } else {
            StepOp::Meet(first, second)
        });
        self.plan.names.push(vec![Binding::Unused; outputs]);
        let op = self.plan.ops.len() - 1;
        let start = self.point_count;
        self.point_count += outputs;
        self.meets.push((first, second, op, start));
        (op, start)
    }

    /// The replay index of a point, naming it as used.
    fn point(&mut self, reference: PointRef) -> usize {
        match reference {
            PointRef::Given(index) => index,
            PointRef::Meet {
                first,
                second,
                which,
            } => {
                let (op, start) = self.meet(first, second, which == TOUCH);
                let slot = usize::from(which).min(self.plan.names[op].len() - 1);
                if self.plan.names[op][slot] == Binding::Unused {
                    self.plan.names[op][slot] = Binding::Point;
                }
                start + slot
            }
        }
    }
}
