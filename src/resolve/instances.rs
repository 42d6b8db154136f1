//! Instances of a problem: the declared one, explicit `verify` ones, and
//! seeded random ones with every parameter moved a little (docs/design.md,
//! "Tolerances") and every dropped point (`any(…)`) moved across its whole
//! object (docs/language.md, "Arbitrary points"). A block takes the
//! givens, setup and goals of each (`build_instances`), and reports where
//! one cannot be computed.

use super::eval::{eval, EvalError};
use super::problem::{Instance, Origin, Problem};
use super::types::{Builtin, Ir, Value};
use super::Scene;
use crate::diag::Diagnostic;
use crate::geom::{Circle, Extent, Line, Object, Point};
use crate::span::Span;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// How many random instances a construction must also work on.
pub const RANDOM_INSTANCES: usize = 4;

/// How far a parameter moves: a number or a radius by this part of itself…
const JITTER: f64 = 0.05;

/// …and a point by this part of the figure's size — so moving or scaling a
/// whole file moves its random instances with it (docs/design.md,
/// "Tolerances"). About what 5 % of a coordinate was for figures around the
/// origin.
const JITTER_POINT: f64 = 0.02;

/// Attempts at a random instance before giving up (some draws break a
/// declaration, for example circles that no longer meet).
const ATTEMPTS: usize = 25;

/// The values of all symbols with some parameters replaced, or the first
/// symbol that cannot be computed.
/// Dropped points stay where they are declared.
pub fn evaluate_with(
    scene: &Scene,
    overrides: &[(usize, Value)],
) -> Result<Vec<Option<Value>>, (usize, EvalError)> {
    evaluate(scene, overrides, None).map(|(values, _)| values)
}

/// A random instance: the values of all symbols, and what moved — the
/// parameters that were drawn (each moved a little, or left as declared
/// when only dropped points move) and where each dropped point fell.
#[derive(Clone, Debug)]
pub struct DrawnInstance {
    pub values: Vec<Option<Value>>,
    /// What moved, by name, as every block's instance reports it (shared:
    /// a file with many blocks and parameters would copy it per block).
    pub origin: Origin,
}

/// How many drops `check` replays a construction on to tell the share of
/// drops where it works (docs/language.md, "Where a construction works").
pub const SURVEY_DROPS: usize = 1000;

/// `SURVEY_DROPS` instances where only the dropped points move, each
/// anywhere on its object within the figure, from their own seed: the same
/// file always gives the same drops. Empty without dropped points.
pub fn drop_survey(scene: &Scene, seed: u64) -> Vec<DrawnInstance> {
    if !scene.drops_points() {
        return Vec::new();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd0d0_d0d0);
    let figure = Figure::of(scene);
    (0..SURVEY_DROPS)
        .filter_map(|_| {
            let (values, dropped) = evaluate(scene, &[], Some((&figure, &mut rng))).ok()?;
            let points = dropped
                .iter()
                .map(|(symbol, value)| (scene.symbols[*symbol].name.clone(), *value))
                .collect();
            Some(DrawnInstance {
                values,
                origin: Origin::Dropped { points },
            })
        })
        .collect()
}

/// The declared values with every dropped point moved a little along its
/// object (`Figure::nudge_on`), for the solver: a construction that works
/// where the points are declared works a little away from there too,
/// unless it reaches a goal only by a coincidence of where they were
/// dropped (two points a sixth of the circle apart), which this instance
/// turns away at the cost of one replay instead of the survey's screen
/// (docs/solver.md, "Drops"). `None` without dropped points, or when no
/// such instance can be computed.
pub fn nudged_drops(scene: &Scene, seed: u64) -> Option<DrawnInstance> {
    if !scene.drops_points() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0d6e_d0d0);
    let figure = Figure::of(scene);
    (0..ATTEMPTS).find_map(|_| {
        let (values, dropped) =
            evaluate_dropping(scene, &[], Some((&figure, &mut rng, true))).ok()?;
        let parameters = dropped
            .iter()
            .map(|(symbol, value)| (Arc::from(scene.symbols[*symbol].name.as_str()), *value))
            .collect();
        Some(DrawnInstance {
            values,
            origin: Origin::Random { parameters },
        })
    })
}

/// Random instances near the declared values. With dropped points, `count`
/// instances move only them first, then `count` move the parameters with
/// the dropped points where they are declared (on their moved objects):
/// where a drop may fall is the survey's question (`drop_survey`), so that
/// no verdict rests on where four random drops fall.
///
/// Without dropped points it also says how each instance was drawn
/// (`Draws`), so that an edit of one declaration redraws only what it
/// changes (`super::redefine`).
pub fn random_instances(
    scene: &Scene,
    seed: u64,
    count: usize,
) -> (Vec<DrawnInstance>, Option<Draws>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let parameters: Vec<(usize, Value)> = scene
        .symbols
        .iter()
        .enumerate()
        .filter(|(_, symbol)| symbol.is_parameter)
        .filter_map(|(index, _)| scene.values[index].map(|value| (index, value)))
        .collect();
    let any_dropped = scene.drops_points();
    let figure = Figure::of(scene);
    let mut draws = (!any_dropped).then(|| Draws::new(&parameters, figure.size(), seed));
    let mut instances = Vec::new();
    let kinds = if any_dropped {
        vec![true, false]
    } else {
        vec![false]
    };
    for drop_only in kinds {
        for _ in 0..count {
            for _ in 0..ATTEMPTS {
                let start = rng.get_word_pos();
                let drawn: Vec<(usize, Value)> = if drop_only {
                    Vec::new()
                } else {
                    parameters
                        .iter()
                        .map(|(index, value)| (*index, jitter(*value, figure.size(), &mut rng)))
                        .collect()
                };
                let drops = drop_only.then_some((&figure, &mut rng));
                let outcome = evaluate(scene, &drawn, drops);
                if let Some(draws) = &mut draws {
                    debug_assert_eq!(rng.get_word_pos() - start, draws.words);
                    draws.attempts.push(Attempt {
                        start,
                        outcome: match &outcome {
                            Ok(_) => Outcome::Drawn(instances.len()),
                            Err((symbol, _)) => Outcome::Failed(*symbol),
                        },
                    });
                }
                if let Ok((values, dropped)) = outcome {
                    let named = |(symbol, value): &(usize, Value)| {
                        (scene.symbols[*symbol].name.clone(), *value)
                    };
                    let origin = if drop_only {
                        Origin::Dropped {
                            points: dropped.iter().map(named).collect(),
                        }
                    } else {
                        Origin::Random {
                            parameters: drawn
                                .iter()
                                .chain(&dropped)
                                .map(|moved| {
                                    let (name, value) = named(moved);
                                    (std::sync::Arc::from(name), value)
                                })
                                .collect(),
                        }
                    };
                    instances.push(DrawnInstance { values, origin });
                    break;
                }
            }
        }
    }
    (instances, draws)
}

/// How the random instances of a file without dropped points were drawn:
/// each attempt from where the generator stood, and what came of it. Every
/// parameter takes a fixed number of draws by its type (`draws_of`), so
/// one parameter's draws in an attempt can be made again alone
/// (`Draws::redraw`).
#[derive(Clone, Debug)]
pub(crate) struct Draws {
    seed: u64,
    /// The figure's size the points moved by a part of.
    pub figure: f64,
    /// The parameters drawn, by symbol, each with its place among them
    /// (and in `Origin::Random`) and the index of its first draw within an
    /// attempt.
    first_draw: std::collections::HashMap<usize, (usize, u64)>,
    /// The generator's words one attempt takes.
    words: u128,
    pub attempts: Vec<Attempt>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Attempt {
    /// The generator's word position when the attempt began.
    start: u128,
    pub outcome: Outcome,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The random instance of this index.
    Drawn(usize),
    /// This symbol could not be computed (not necessarily the first that
    /// could not: any that cannot keeps the attempt from counting).
    Failed(usize),
}

/// Each draw is one `u64`, two of the generator's 32-bit words.
const WORDS_PER_DRAW: u128 = 2;

impl Draws {
    fn new(parameters: &[(usize, Value)], figure: f64, seed: u64) -> Draws {
        let mut first_draw = std::collections::HashMap::with_capacity(parameters.len());
        let mut next = 0;
        for (place, (symbol, value)) in parameters.iter().enumerate() {
            first_draw.insert(*symbol, (place, next));
            next += draws_of(value);
        }
        Draws {
            seed,
            figure,
            first_draw,
            words: u128::from(next) * WORDS_PER_DRAW,
            attempts: Vec::new(),
        }
    }

    /// Whether `symbol` is one of the parameters drawn.
    pub fn draws(&self, symbol: usize) -> bool {
        self.first_draw.contains_key(&symbol)
    }

    /// Where parameter `symbol` is among the moved parameters an
    /// `Origin::Random` lists.
    pub fn place(&self, symbol: usize) -> Option<usize> {
        self.first_draw.get(&symbol).map(|(place, _)| *place)
    }

    /// Parameter `symbol`, declared as `value` (of the type it had when
    /// drawn), as `attempt` moved it.
    pub fn redraw(&self, attempt: &Attempt, symbol: usize, value: Value) -> Option<Value> {
        let (_, first) = *self.first_draw.get(&symbol)?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_word_pos(attempt.start + u128::from(first) * WORDS_PER_DRAW);
        Some(jitter(value, self.figure, &mut rng))
    }
}

/// How many numbers `jitter` draws for a value of this type, whatever the
/// value (`random_range(-1.0..1.0)` takes one `u64`, never a second).
fn draws_of(value: &Value) -> u64 {
    match value {
        Value::Number(_) => 1,
        Value::Point(_) => 2,
        Value::Line(_) => 4,
        Value::Circle(_) => 3,
        Value::Pair(..) => 0,
    }
}

/// The block's instances of the file's drop survey, where it can be
/// computed, in the block's unit frame like `Problem::instances`.
pub(super) fn survey_instances(survey: &[DrawnInstance], problem: &Problem) -> Vec<Instance> {
    if problem.instances.is_empty() {
        return Vec::new();
    }
    survey
        .iter()
        .filter_map(|drawn| instance_from(problem, &drawn.values, drawn.origin.clone()).ok())
        .map(|mut instance| {
            instance.scale(1.0 / problem.unit);
            instance
        })
        .collect()
}

/// A block's instances in the file's frame: the declared one, one per
/// `verify` line, and the file's random ones where the block can be
/// computed.
pub(super) fn build_instances(
    scene: &Scene,
    problem: &Problem,
    verifies: &[(Span, Vec<(usize, Value)>)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Instance> {
    let declared = match instance_from(problem, &scene.values, Origin::Declared) {
        Ok(declared) => declared,
        Err(failure) => {
            // A value that failed upstream was reported where it is declared.
            if failure.message != super::eval::MISSING {
                diagnostics.push(failure.diagnostic(problem, scene, None));
            }
            return Vec::new();
        }
    };
    let mut instances = vec![declared];
    for (span, overrides) in verifies {
        match evaluate_with(scene, overrides) {
            Ok(values) => match instance_from(problem, &values, Origin::Verify { span: *span }) {
                Ok(instance) => instances.push(instance),
                Err(failure) => diagnostics.push(failure.diagnostic(problem, scene, Some(*span))),
            },
            Err((symbol, EvalError(message))) => diagnostics.push(
                Diagnostic::error(
                    "E0301",
                    *span,
                    format!(
                        "on this instance `{}` cannot be computed: {message}",
                        scene.symbols[symbol].name
                    ),
                )
                .with_label(scene.symbol_decl_span(symbol), "declared here"),
            ),
        }
    }
    let mut random = 0;
    for drawn in scene.random.iter() {
        let origin = drawn.origin.clone();
        if let Ok(instance) = instance_from(problem, &drawn.values, origin) {
            instances.push(instance);
            random += 1;
        }
    }
    let moves = scene.symbols.iter().any(|s| s.is_parameter || s.dropped);
    if random == 0 && moves && !problem.givens.is_empty() {
        diagnostics.push(
            Diagnostic::warning(
                "W0004",
                problem.header_span,
                format!(
                    "`{}` is checked on its declared coordinates only: no moved instance could be computed",
                    problem.name
                ),
            )
            .with_help("every small move of the givens breaks a declaration or a goal (circles that stop meeting, a division by zero): a construction passing here may work only for these coordinates"),
        );
    }
    instances
}

/// Symbols with the values they were given, in order.
type Assigned = Vec<(usize, Value)>;

/// Every symbol's value (`None`: not computed), indexed like `Scene::symbols`.
type Values = Vec<Option<Value>>;

/// Every symbol's value with `overrides` in place of theirs; with `drops`,
/// each dropped point falls somewhere random on its object as this instance
/// has it (and where it fell is returned too).
fn evaluate(
    scene: &Scene,
    overrides: &[(usize, Value)],
    drops: Option<(&Figure, &mut ChaCha8Rng)>,
) -> Result<(Values, Assigned), (usize, EvalError)> {
    evaluate_dropping(
        scene,
        overrides,
        drops.map(|(figure, rng)| (figure, rng, false)),
    )
}

/// `evaluate`, with each dropped point anywhere on its object or (`near`)
/// moved a little along it from where it is declared.
fn evaluate_dropping(
    scene: &Scene,
    overrides: &[(usize, Value)],
    mut drops: Option<(&Figure, &mut ChaCha8Rng, bool)>,
) -> Result<(Values, Assigned), (usize, EvalError)> {
    let mut values: Vec<Option<Value>> = vec![None; scene.symbols.len()];
    let mut fixed = vec![false; scene.symbols.len()];
    for &(symbol, value) in overrides {
        values[symbol] = Some(value);
        fixed[symbol] = true;
    }
    let mut dropped = Vec::new();
    for (index, definition) in scene.definitions.iter().enumerate() {
        if fixed[index] {
            continue;
        }
        let Some(definition) = definition else {
            continue;
        };
        let value = match definition {
            Ir::Call(builtin, args) if scene.symbols[index].dropped && drops.is_some() => {
                let (figure, rng, near) = drops.as_mut().expect("tested above");
                let on = match (builtin, args.first()) {
                    (Builtin::AnyPoint, _) | (_, None) => None,
                    (_, Some(object)) => {
                        Some(eval(object, &values).map_err(|error| (index, error))?)
                    }
                };
                let point = if *near {
                    let declared = eval(definition, &values).map_err(|error| (index, error))?;
                    let Value::Point(declared) = declared else {
                        return Err((index, EvalError("a dropped point is a point".into())));
                    };
                    figure.nudge_on(on, declared, rng)
                } else {
                    figure.drop_on(on, rng)
                };
                dropped.push((index, Value::Point(point)));
                Value::Point(point)
            }
            _ => eval(definition, &values).map_err(|error| (index, error))?,
        };
        values[index] = Some(value);
    }
    Ok((values, dropped))
}

/// The power of two a figure is measured in (`Problem::unit`): near its
/// size, but never below 10^-4 of its coordinates. A small figure far from
/// the origin has lost digits already (a coordinate of 10^7 is stored to
/// about 10^-9), and a tolerance finer than about a thousand units in the
/// last place of its coordinates would call equal points different
/// (docs/design.md, "Tolerances").
fn unit_in((low, high): (Point, Point)) -> f64 {
    let size = (high.x - low.x).max(high.y - low.y);
    let magnitude = [low.x, low.y, high.x, high.y]
        .iter()
        .fold(0.0_f64, |most, value| most.max(value.abs()));
    crate::geom::power_of_two_near(size.max(magnitude * 1e-4))
}

/// The corners of the box the finite points of `values` span (a circle
/// by its bounding box, a line by its marked points): `None` without any.
pub(crate) fn extent(values: &[Option<Value>]) -> Option<(Point, Point)> {
    values.iter().flatten().fold(None, grown)
}

/// `corners` grown to hold `value`'s extent.
pub(crate) fn grown(mut corners: Option<(Point, Point)>, value: &Value) -> Option<(Point, Point)> {
    each_extent_point(value, &mut |point| {
        let (low, high) = corners.get_or_insert((point, point));
        *low = Point::new(low.x.min(point.x), low.y.min(point.y));
        *high = Point::new(high.x.max(point.x), high.y.max(point.y));
    });
    corners
}

/// Whether `value` lies strictly inside `extent`, away from its edges, so
/// that neither taking it away nor putting it in changes the extent.
pub(crate) fn strictly_inside(value: &Value, (low, high): (Point, Point)) -> bool {
    let mut inside = true;
    each_extent_point(value, &mut |point| {
        inside &= low.x < point.x && point.x < high.x && low.y < point.y && point.y < high.y;
    });
    inside
}

/// The unit and the figure's size of a figure spanning `extent`.
pub(crate) fn unit_and_size(extent: Option<(Point, Point)>) -> (f64, f64) {
    let bounds = Figure::or_unit_box(extent);
    (unit_in(bounds), Figure::around(bounds).size())
}

/// The finite points that bound `value`'s extent.
fn each_extent_point(value: &Value, visit: &mut impl FnMut(Point)) {
    let mut finite = |point: Point| {
        if point.is_finite() {
            visit(point);
        }
    };
    match value {
        Value::Point(point) => finite(*point),
        Value::Circle(circle) => {
            let r = Point::new(circle.radius, circle.radius);
            finite(circle.center - r);
            finite(circle.center + r);
        }
        Value::Line(line) => {
            finite(line.origin);
            if let Some(end) = line.end() {
                finite(end);
            }
        }
        Value::Number(_) | Value::Pair(..) => {}
    }
}

/// The box the declared figure fills: where dropped points may fall.
struct Figure {
    low: Point,
    high: Point,
}

/// Dropped points keep this share of their range away from its ends, where
/// constructions degenerate (a circle through a point and its own centre).
const MARGIN: f64 = 0.1;

impl Figure {
    /// The declared figure's, from the box the scene keeps
    /// (`Scene::extent`).
    fn of(scene: &Scene) -> Figure {
        Figure::around(Figure::or_unit_box(scene.extent))
    }

    fn around((low, high): (Point, Point)) -> Figure {
        // A flat figure (collinear givens) still has room on both sides; a
        // single point has a room its own size (or a unit one at the origin).
        let mut size = (high.x - low.x).max(high.y - low.y);
        if size <= 0.0 {
            size = low.x.abs().max(low.y.abs());
        }
        if size <= 0.0 || !size.is_finite() {
            size = 1.0;
        }
        let pad = Point::new(
            ((size - (high.x - low.x)) * 0.5).max(size * 0.1),
            ((size - (high.y - low.y)) * 0.5).max(size * 0.1),
        );
        Figure {
            low: low - pad,
            high: high + pad,
        }
    }

    fn or_unit_box(extent: Option<(Point, Point)>) -> (Point, Point) {
        extent.unwrap_or((Point::new(-1.0, -1.0), Point::new(1.0, 1.0)))
    }

    fn size(&self) -> f64 {
        (self.high.x - self.low.x).max(self.high.y - self.low.y)
    }

    /// A random point of the figure, of a line within the figure (and its
    /// extent), or of a circle.
    fn drop_on(&self, on: Option<Value>, rng: &mut ChaCha8Rng) -> Point {
        let inner = |rng: &mut ChaCha8Rng, low: f64, high: f64| {
            low + (high - low) * rng.random_range(MARGIN..1.0 - MARGIN)
        };
        match on.map(super::eval::object) {
            Some(Ok(Object::Circle(circle))) => {
                circle.at_angle(rng.random_range(0.0..std::f64::consts::TAU))
            }
            Some(Ok(Object::Line(line))) => {
                let (low, high) = self.range_on(&line);
                line.origin + line.direction * inner(rng, low, high)
            }
            _ => Point::new(
                inner(rng, self.low.x, self.high.x),
                inner(rng, self.low.y, self.high.y),
            ),
        }
    }

    /// `point` of `on` (a line or circle; `None`: anywhere) moved along it
    /// by a random 1–2 % of the figure's size, as parameters move
    /// (`JITTER_POINT`); on a segment or ray, within it.
    fn nudge_on(&self, on: Option<Value>, point: Point, rng: &mut ChaCha8Rng) -> Point {
        let sign = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
        let distance = sign * self.size() * JITTER_POINT * rng.random_range(0.5..1.0);
        match on.map(super::eval::object) {
            Some(Ok(Object::Circle(circle))) if circle.radius > 0.0 => {
                let at = point - circle.center;
                // A small circle is turned a little, not round and round.
                let turn = (distance / circle.radius).clamp(-0.2, 0.2);
                circle.at_angle(at.y.atan2(at.x) + turn)
            }
            Some(Ok(Object::Line(line))) => {
                let along = (point - line.origin).dot(line.direction);
                let (low, high) = match line.extent {
                    Extent::Segment(length) => (0.0, length),
                    Extent::Ray => (0.0, f64::INFINITY),
                    _ => (f64::NEG_INFINITY, f64::INFINITY),
                };
                // Away from the end it would pass.
                let moved = along + distance;
                let moved = if (low..=high).contains(&moved) {
                    moved
                } else {
                    along - distance
                };
                line.origin + line.direction * moved.clamp(low, high)
            }
            _ => {
                let angle = rng.random_range(0.0..std::f64::consts::TAU);
                point + Point::new(angle.cos(), angle.sin()) * distance
            }
        }
    }

    /// The stretch of a line inside the figure and within its extent, as
    /// distances from its origin (a segment: the whole segment).
    fn range_on(&self, line: &Line) -> (f64, f64) {
        if let Extent::Segment(length) = line.extent {
            return (0.0, length);
        }
        let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
        for (start, step, lower, upper) in [
            (line.origin.x, line.direction.x, self.low.x, self.high.x),
            (line.origin.y, line.direction.y, self.low.y, self.high.y),
        ] {
            if step.abs() < 1e-12 {
                continue;
            }
            let (a, b) = ((lower - start) / step, (upper - start) / step);
            low = low.max(a.min(b));
            high = high.min(a.max(b));
        }
        if line.extent == Extent::Ray {
            low = low.max(0.0);
        }
        // NaN (a line along an edge of a flat box) counts as missing too.
        let misses = (high - low)
            .partial_cmp(&(1e-9 * self.size()))
            .is_none_or(|order| order.is_le());
        if misses {
            // The line misses the figure: a stretch as long as the figure.
            let start = if line.extent == Extent::Ray {
                0.0
            } else {
                -0.5 * self.size()
            };
            return (start, start + self.size());
        }
        (low, high)
    }
}

/// `value` moved a little, relative to the figure's size. Worked out in a
/// frame where the figure is about 1 across — scaled by a power of two,
/// which is exact, so nothing changes where the file's numbers are
/// ordinary — because a line through points near 10^160 squares them
/// (10^320 overflows) and no moved instance of such a figure could be
/// computed (docs/design.md, "Tolerances"). A line's second point lies one
/// unit of that frame along it, so the same figure at any scale moves
/// alike; it lay one unit of the file along, which in a figure of size
/// 10^-160 is 10^160 frame units: squared, that overflowed, and every
/// moved instance of a figure with a declared line below about 10^-155
/// was lost (W0004), while in a figure of size 10^7 the nudge of a point
/// one unit away turned the line in any direction.
fn jitter(value: Value, figure: f64, rng: &mut ChaCha8Rng) -> Value {
    let unit = power_of_two_near(figure);
    let framed = jitter_framed(value.scaled(1.0 / unit), figure / unit, rng);
    match framed {
        // The nudge of a number is its own, not a length.
        Value::Number(_) => framed,
        _ => framed.scaled(unit),
    }
}

fn power_of_two_near(size: f64) -> f64 {
    if size.is_finite() && size > 0.0 {
        2f64.powi(size.log2().round().clamp(-1000.0, 1000.0) as i32)
    } else {
        1.0
    }
}

/// `jitter` in the frame; a line's second point lies one unit along it.
fn jitter_framed(value: Value, figure: f64, rng: &mut ChaCha8Rng) -> Value {
    let mut nudge = |size: f64| rng.random_range(-1.0..1.0) * JITTER * size;
    let figure = figure * JITTER_POINT / JITTER;
    match value {
        // A number moves by a part of itself; a zero (most often an angle)
        // by that part of one.
        Value::Number(number) => {
            let size = if number == 0.0 { 1.0 } else { number.abs() };
            Value::Number(number + nudge(size))
        }
        Value::Point(point) => {
            Value::Point(Point::new(point.x + nudge(figure), point.y + nudge(figure)))
        }
        Value::Line(line) => {
            // Both ends of a segment move; a ray or line keeps its kind.
            let from = Point::new(line.origin.x + nudge(figure), line.origin.y + nudge(figure));
            let to = line.end().unwrap_or(line.origin + line.direction);
            let to = Point::new(to.x + nudge(figure), to.y + nudge(figure));
            let moved = match line.extent {
                Extent::Full => Line::through(from, to),
                Extent::Ray => Line::ray(from, to),
                Extent::Segment(_) => Line::segment(from, to),
            };
            moved.map_or(value, Value::Line)
        }
        Value::Circle(circle) => {
            let center = Point::new(
                circle.center.x + nudge(figure),
                circle.center.y + nudge(figure),
            );
            let radius = circle.radius * (1.0 + nudge(1.0));
            Circle::new(center, radius).map_or(value, Value::Circle)
        }
        Value::Pair(..) => value,
    }
}

/// What of a block could not be computed on an instance.
struct Failure {
    what: Failed,
    message: String,
}

enum Failed {
    Given(usize),
    Setup(usize),
    /// A goal and the alternative.
    Goal(usize, usize),
}

impl Failure {
    /// The error: on the goal (or object) itself for the declared
    /// instance, on the `verify` line for another.
    fn diagnostic(&self, problem: &Problem, scene: &Scene, verify: Option<Span>) -> Diagnostic {
        let (name, span, declared) = match self.what {
            Failed::Given(symbol) | Failed::Setup(symbol) => {
                let span = scene.symbol_decl_span(symbol);
                (scene.symbols[symbol].name.clone(), span, span)
            }
            Failed::Goal(goal, alternative) => {
                let goal = &problem.goals[goal];
                let span = goal
                    .alternative_spans
                    .get(alternative)
                    .copied()
                    .unwrap_or(goal.item_span);
                (goal.name.clone(), span, span)
            }
        };
        match verify {
            None => Diagnostic::error(
                "E0301",
                span,
                format!("cannot compute `{name}`: {}", self.message),
            )
            .with_help("the block cannot be checked or solved until it can be computed"),
            Some(line) => Diagnostic::error(
                "E0301",
                line,
                format!(
                    "on this instance `{name}` cannot be computed: {}",
                    self.message
                ),
            )
            .with_label(declared, "declared here"),
        }
    }
}

fn instance_from(
    problem: &Problem,
    values: &[Option<Value>],
    origin: Origin,
) -> Result<Instance, Failure> {
    let missing = |what| Failure {
        what,
        message: super::eval::MISSING.to_string(),
    };
    let mut givens = Vec::new();
    for &symbol in &problem.givens {
        match values[symbol] {
            Some(Value::Point(point)) => givens.push(point),
            _ => return Err(missing(Failed::Given(symbol))),
        }
    }
    let mut setup = Vec::new();
    for &symbol in &problem.setup {
        let value = values[symbol].ok_or_else(|| missing(Failed::Setup(symbol)))?;
        setup.push(
            super::eval::object(value).map_err(|EvalError(message)| Failure {
                what: Failed::Setup(symbol),
                message,
            })?,
        );
    }
    let mut goals = Vec::new();
    for (index, goal) in problem.goals.iter().enumerate() {
        let mut values_of_goal = Vec::new();
        for (alternative, definition) in goal.definitions.iter().enumerate() {
            values_of_goal.push(eval(definition, values).map_err(|EvalError(message)| {
                Failure {
                    what: Failed::Goal(index, alternative),
                    message,
                }
            })?);
        }
        goals.push(values_of_goal);
    }
    Ok(Instance {
        origin,
        givens,
        setup,
        goals,
        drop_seed: None,
    })
}
