//! Euclidea's L-tools, described once: each tool's name, operands, E cost,
//! what it draws, and which `geom` construction draws it. Each draws one
//! line or circle and counts 1 L (docs/language.md, "The L-tools").
//! Three more rows are the solver's alone: the library route's tangent and
//! circumcircle moves (docs/solver.md, "The library route").
//!
//! A new tool is a variant and a row of `Tool::facts` here, its geometry in
//! `geom`, and its moves in `solve/state/tools.rs`; the parser, resolver,
//! replay, printing, masks and editor read the facts from here.

use crate::geom::{Circle, Degenerate, Line, Object, Point};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tool {
    PerpBisector,
    Perpendicular,
    Parallel,
    AngleBisector,
    Compass,
    /// Not the game's: the moves of the library route, which writes each
    /// as the body of its `lib/std.euc` tool (docs/solver.md, "The library
    /// route"). No text names them (they are not in `ALL`), and no answer
    /// holds them: `tangents(P, O, k)`'s left or right tangent (seen from
    /// P towards O) ...
    TangentLeft,
    TangentRight,
    /// ... and `circumcircle(A, B, C)`'s circle.
    Circumcircle,
}

/// What one operand of an L-tool is: a point, a line drawn or set up, or
/// (the library route's tangents only) a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Point,
    Line,
    Circle,
}

/// One tool's row of the table.
struct Facts {
    name: &'static str,
    /// In the order a step writes them; a step's `args` holds them in this
    /// order (points by point index, lines and circles by object index).
    operands: &'static [Operand],
    /// How a step writes it, for help texts.
    usage: &'static str,
    /// Elementary moves the game counts for one use.
    e_cost: usize,
    /// Whether it draws a line (else a circle).
    draws_line: bool,
}

use Operand::{Circle as K, Line as L, Point as P};

impl Tool {
    pub const ALL: [Tool; 5] = [
        Tool::PerpBisector,
        Tool::Perpendicular,
        Tool::Parallel,
        Tool::AngleBisector,
        Tool::Compass,
    ];

    /// The library route's moves (docs/solver.md, "The library route").
    pub const LIBRARY: [Tool; 3] = [Tool::TangentLeft, Tool::TangentRight, Tool::Circumcircle];

    /// The table: one row per tool.
    #[inline]
    fn facts(self) -> &'static Facts {
        match self {
            Tool::PerpBisector => &Facts {
                name: "perp_bisector",
                operands: &[P, P],
                usage: "perp_bisector(A, B)",
                e_cost: 3,
                draws_line: true,
            },
            Tool::Perpendicular => &Facts {
                name: "perpendicular",
                operands: &[L, P],
                usage: "perpendicular(l, P)",
                e_cost: 3,
                draws_line: true,
            },
            Tool::Parallel => &Facts {
                name: "parallel",
                operands: &[L, P],
                usage: "parallel(l, P)",
                e_cost: 4,
                draws_line: true,
            },
            Tool::AngleBisector => &Facts {
                name: "angle_bisector",
                operands: &[P, P, P],
                usage: "angle_bisector(A, V, B)",
                e_cost: 4,
                draws_line: true,
            },
            Tool::Compass => &Facts {
                name: "compass",
                operands: &[P, P, P],
                usage: "compass(C, A, B)",
                e_cost: 5,
                draws_line: false,
            },
            // One of `tangents`' lines: its body less the other line.
            Tool::TangentLeft => &Facts {
                name: "tangent_left",
                operands: &[K, P],
                usage: "tangent_left(k, P)",
                e_cost: 5,
                draws_line: true,
            },
            Tool::TangentRight => &Facts {
                name: "tangent_right",
                operands: &[K, P],
                usage: "tangent_right(k, P)",
                e_cost: 5,
                draws_line: true,
            },
            Tool::Circumcircle => &Facts {
                name: "circumcircle",
                operands: &[P, P, P],
                usage: "circumcircle(A, B, C)",
                e_cost: 7,
                draws_line: false,
            },
        }
    }

    /// The geometry: the line or circle the tool draws from a step's `args`
    /// (see `operands`; unused ones are ignored).
    pub fn object(
        self,
        args: [usize; 3],
        points: &[Point],
        objects: &[Object],
    ) -> Result<Object, Degenerate> {
        let line_at = |index: usize| match objects[index] {
            Object::Line(line) => Ok(line),
            Object::Circle(_) => Err(Degenerate::SameObject),
        };
        let circle_at = |index: usize| match objects[index] {
            Object::Circle(circle) => Ok(circle),
            Object::Line(_) => Err(Degenerate::SameObject),
        };
        let [a, b, c] = args;
        Ok(match self {
            Tool::PerpBisector => Object::Line(Line::perp_bisector(points[a], points[b])?),
            Tool::Perpendicular => Object::Line(line_at(a)?.perpendicular(points[b])?),
            Tool::Parallel => Object::Line(line_at(a)?.parallel(points[b])?),
            Tool::AngleBisector => {
                Object::Line(Line::angle_bisector(points[a], points[b], points[c])?)
            }
            Tool::Compass => Object::Circle(Circle::compass(points[a], points[b], points[c])?),
            Tool::TangentLeft | Tool::TangentRight => Object::Line(Line::tangent(
                points[b],
                &circle_at(a)?,
                self == Tool::TangentLeft,
            )?),
            Tool::Circumcircle => {
                Object::Circle(Circle::circumcircle(points[a], points[b], points[c])?)
            }
        })
    }

    pub fn name(self) -> &'static str {
        self.facts().name
    }

    pub fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|tool| tool.name() == name)
    }

    /// What it takes, in the order a step writes it.
    pub fn operands(self) -> &'static [Operand] {
        self.facts().operands
    }

    /// How a step writes it, e.g. `perp_bisector(A, B)`.
    pub fn usage(self) -> &'static str {
        self.facts().usage
    }

    /// Elementary moves the game counts for one use.
    #[inline]
    pub fn e_cost(self) -> usize {
        self.facts().e_cost
    }

    /// Whether it draws a line (else a circle).
    #[inline]
    pub fn draws_line(self) -> bool {
        self.facts().draws_line
    }

    /// The point operands among a step's `args`.
    pub fn point_args(self, args: [usize; 3]) -> impl Iterator<Item = usize> {
        self.operands()
            .iter()
            .zip(args)
            .filter(|(operand, _)| **operand == Operand::Point)
            .map(|(_, arg)| arg)
    }

    /// A use written out, `name(x, y)`, each operand named by `name_of`.
    pub fn call_text(
        self,
        args: [usize; 3],
        mut name_of: impl FnMut(Operand, usize) -> String,
    ) -> String {
        let operands: Vec<String> = self
            .operands()
            .iter()
            .zip(args)
            .map(|(operand, arg)| name_of(*operand, arg))
            .collect();
        format!("{}({})", self.name(), operands.join(", "))
    }
}

/// The tool a step uses: the straightedge, the compass, or an L-tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    Line,
    Circle,
    Tool(Tool),
}

impl Draw {
    /// Elementary moves (E) one use counts.
    pub fn e_cost(self) -> usize {
        match self {
            Draw::Line | Draw::Circle => 1,
            Draw::Tool(tool) => tool.e_cost(),
        }
    }

    /// Whether it draws a line (else a circle).
    pub fn is_line(self) -> bool {
        match self {
            Draw::Line => true,
            Draw::Circle => false,
            Draw::Tool(tool) => tool.draws_line(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Draw::Line => "line",
            Draw::Circle => "circle",
            Draw::Tool(tool) => tool.name(),
        }
    }
}

/// A set of kinds of move: what one part of a mask such as
/// `(circle | compass)**` allows (docs/language.md, "Masks over the L-tools").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawSet(u16);

impl DrawSet {
    fn bit(draw: Draw) -> u16 {
        match draw {
            Draw::Line => 1,
            Draw::Circle => 2,
            Draw::Tool(tool) => {
                let index = Tool::ALL
                    .iter()
                    .chain(&Tool::LIBRARY)
                    .position(|t| *t == tool)
                    .unwrap_or(0);
                4 << index
            }
        }
    }

    pub fn with(self, draw: Draw) -> DrawSet {
        DrawSet(self.0 | DrawSet::bit(draw))
    }

    pub fn contains(self, draw: Draw) -> bool {
        self.0 & DrawSet::bit(draw) != 0
    }

    /// The kinds in the set: line, circle, then the tools in table order.
    pub fn draws(self) -> impl Iterator<Item = Draw> {
        [Draw::Line, Draw::Circle]
            .into_iter()
            .chain(Tool::ALL.map(Draw::Tool))
            .filter(move |draw| self.contains(*draw))
    }
}

impl FromIterator<Draw> for DrawSet {
    fn from_iter<I: IntoIterator<Item = Draw>>(draws: I) -> DrawSet {
        draws.into_iter().fold(DrawSet::default(), DrawSet::with)
    }
}
