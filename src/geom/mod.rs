//! The numeric kernel: points, lines and circles, their intersections in the
//! canonical order of docs/design.md, and the tolerances that decide when
//! two computed values are the same. How they print is in `text.rs`.

mod pick;
mod text;

pub use pick::{pick_crossing, touch_point, Pick};
pub use text::{format_length, format_number};

use serde::Serialize;

/// Two coordinates closer than this are the same point. Problems are
/// checked in a unit frame (docs/design.md, "Tolerances"), so this is
/// relative to the size of the figure.
pub const EPS: f64 = 1e-9;

/// The power of two nearest `size` (1 for zero, negative or non-finite
/// sizes), within f64's normal range: dividing by it and multiplying back
/// is exact, which is what makes unit frames free of rounding
/// (docs/design.md, "Tolerances").
pub fn power_of_two_near(size: f64) -> f64 {
    if size > 0.0 && size.is_finite() {
        2f64.powi(size.log2().round().clamp(-1000.0, 1000.0) as i32)
    } else {
        1.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Plain `sqrt(dx² + dy²)`: `hypot` guards against overflow the
    /// coordinates here never reach, and costs the solver most of its time.
    pub fn dist(self, other: Point) -> f64 {
        (self - other).norm()
    }

    pub fn same(self, other: Point) -> bool {
        self.dist(other) < EPS
    }

    pub fn norm(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The vector turned a quarter to the left.
    pub fn perp(self) -> Point {
        Point::new(-self.y, self.x)
    }

    /// This offset scaled to length 1; `None` when it is shorter than EPS.
    pub fn unit(self) -> Option<Point> {
        let length = self.norm();
        (length >= EPS).then(|| self * (1.0 / length))
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl std::ops::Mul<f64> for Point {
    type Output = Point;
    fn mul(self, factor: f64) -> Point {
        Point::new(self.x * factor, self.y * factor)
    }
}

/// A line through `origin` with unit `direction`; the direction orders the
/// points of the line (and so the two intersections with a circle). A
/// segment or a ray is a line with an extent: it meets other objects only
/// there (docs/language.md, "Segments and rays").
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Line {
    pub origin: Point,
    pub direction: Point,
    #[serde(skip_serializing_if = "Extent::is_full")]
    pub extent: Extent,
}

/// Which part of its carrier line a line object is, measured along the
/// direction from the origin.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Extent {
    /// The whole line.
    Full,
    /// From the origin on, in the direction.
    Ray,
    /// From the origin to the origin plus `length` times the direction.
    Segment(f64),
}

impl Extent {
    pub fn is_full(&self) -> bool {
        matches!(self, Extent::Full)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Extent::Full => "line",
            Extent::Ray => "ray",
            Extent::Segment(_) => "segment",
        }
    }
}

/// Where a point of a line's carrier lies outside its extent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outside {
    /// Before the origin: behind a ray's start or a segment's first end.
    Before(Point),
    /// Past a segment's second end.
    After(Point),
}

impl Outside {
    pub fn scaled(self, factor: f64) -> Outside {
        match self {
            Outside::Before(at) => Outside::Before(at * factor),
            Outside::After(at) => Outside::After(at * factor),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Circle {
    pub center: Point,
    pub radius: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Object {
    Line(Line),
    Circle(Circle),
}

/// Why an object or an intersection cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Degenerate {
    SamePoints,
    ZeroRadius,
    NotFinite,
    Parallel,
    SameObject,
    DoNotMeet,
    Tangent,
    Concentric,
    /// `other(a, b, P)`: P is not one of the two crossings.
    NotACrossing,
    /// `nearer(a, b, P)`: the two crossings are equally near P.
    EquallyNear,
    /// `touch(a, b)`: the objects cross (or are two lines), they do not touch.
    NoTouch,
    /// A tool of your own: a point its body names lies outside a segment
    /// or ray of the use's operands.
    Beyond,
    /// A tool of your own where its body is not at hand (a replay of steps
    /// without their problem).
    NoBody,
}

impl Degenerate {
    pub fn describe(self) -> &'static str {
        match self {
            Degenerate::SamePoints => "its two points are the same point",
            Degenerate::ZeroRadius => "the circle has radius zero",
            Degenerate::NotFinite => "its coordinates are not finite numbers",
            Degenerate::Parallel => "the lines are parallel",
            Degenerate::SameObject => "the two objects are the same",
            Degenerate::DoNotMeet => "the objects do not meet",
            Degenerate::Tangent => "the objects only touch: there is one common point, not two",
            Degenerate::Concentric => "the circles are concentric",
            Degenerate::NotACrossing => {
                "the point it names is not one of the two crossings, so there is no other one"
            }
            Degenerate::NoTouch => "the objects cross: they do not touch",
            Degenerate::EquallyNear => {
                "both crossings are equally near the point it names: neither is the nearer"
            }
            Degenerate::Beyond => "a point it names lies outside a segment or ray",
            Degenerate::NoBody => "the tool's body is not at hand here",
        }
    }
}

impl Line {
    /// The line through two points, directed from `from` to `to`.
    pub fn through(from: Point, to: Point) -> Result<Line, Degenerate> {
        if !from.is_finite() || !to.is_finite() {
            return Err(Degenerate::NotFinite);
        }
        let delta = to - from;
        let length = delta.norm();
        if length < EPS {
            return Err(Degenerate::SamePoints);
        }
        Ok(Line {
            origin: from,
            direction: delta * (1.0 / length),
            extent: Extent::Full,
        })
    }

    /// The segment from `from` to `to`.
    pub fn segment(from: Point, to: Point) -> Result<Line, Degenerate> {
        let line = Line::through(from, to)?;
        Ok(Line {
            extent: Extent::Segment(from.dist(to)),
            ..line
        })
    }

    /// The ray from `from` through `to`.
    pub fn ray(from: Point, to: Point) -> Result<Line, Degenerate> {
        let line = Line::through(from, to)?;
        Ok(Line {
            extent: Extent::Ray,
            ..line
        })
    }

    /// The line through `point` with this direction (a unit vector).
    fn directed(point: Point, direction: Point) -> Result<Line, Degenerate> {
        if !point.is_finite() || !direction.is_finite() {
            return Err(Degenerate::NotFinite);
        }
        let length = direction.norm();
        if length < EPS {
            return Err(Degenerate::SamePoints);
        }
        Ok(Line {
            origin: point,
            direction: direction * (1.0 / length),
            extent: Extent::Full,
        })
    }

    /// The perpendicular bisector of AB (an L-tool), directed from the right
    /// of A→B to its left.
    pub fn perp_bisector(a: Point, b: Point) -> Result<Line, Degenerate> {
        if a.dist(b) < EPS {
            return Err(Degenerate::SamePoints);
        }
        Line::directed((a + b) * 0.5, (b - a).perp())
    }

    /// The tangent from `from` to `circle` that touches it on the left of
    /// the direction from `from` to the centre (`left`), else on the right,
    /// directed from `from` to the point of contact; `from` must lie outside
    /// the circle. A move of the library route (docs/solver.md, "The
    /// library route"), drawn as `lib/std.euc`'s `tangents`.
    pub fn tangent(from: Point, circle: &Circle, left: bool) -> Result<Line, Degenerate> {
        let to_centre = circle.center - from;
        let distance = to_centre.norm();
        if !distance.is_finite() {
            return Err(Degenerate::NotFinite);
        }
        if distance < circle.radius + EPS {
            return Err(Degenerate::DoNotMeet);
        }
        let unit = to_centre * (1.0 / distance);
        let reach = (distance * distance - circle.radius * circle.radius).sqrt();
        let (cos, sin) = (reach / distance, circle.radius / distance);
        let side = if left {
            unit.perp()
        } else {
            unit.perp() * -1.0
        };
        Line::directed(from, unit * cos + side * sin)
    }

    /// The line through `point` perpendicular to this one (an L-tool),
    /// directed a quarter turn left of this line's direction.
    pub fn perpendicular(&self, point: Point) -> Result<Line, Degenerate> {
        Line::directed(point, self.direction.perp())
    }

    /// The line through `point` parallel to this one, in its direction (an
    /// L-tool); through a point of this line it is this line.
    pub fn parallel(&self, point: Point) -> Result<Line, Degenerate> {
        Line::directed(point, self.direction)
    }

    /// The bisector of the angle A V B (an L-tool), from V into the angle; a
    /// straight angle gives the perpendicular at V, a quarter turn left of V→A.
    pub fn angle_bisector(a: Point, vertex: Point, b: Point) -> Result<Line, Degenerate> {
        let (to_a, to_b) = (a - vertex, b - vertex);
        let (length_a, length_b) = (to_a.norm(), to_b.norm());
        if length_a < EPS || length_b < EPS {
            return Err(Degenerate::SamePoints);
        }
        let (unit_a, unit_b) = (to_a * (1.0 / length_a), to_b * (1.0 / length_b));
        Line::directed(vertex, bisecting(unit_a, unit_b))
    }

    /// The bisector at `vertex` of the angle between the unit vectors
    /// `unit_a` and `unit_b` (`Point::unit`), as `angle_bisector` draws it:
    /// for a caller that has the unit vectors already (the solver computes
    /// them once per vertex).
    pub fn bisector_of_units(vertex: Point, unit_a: Point, unit_b: Point) -> Line {
        let direction = bisecting(unit_a, unit_b);
        Line {
            origin: vertex,
            direction: direction * (1.0 / direction.norm()),
            extent: Extent::Full,
        }
    }

    /// The whole line this segment or ray lies on.
    pub fn carrier(&self) -> Line {
        Line {
            extent: Extent::Full,
            ..*self
        }
    }

    /// The segment's second end, if it is a segment.
    pub fn end(&self) -> Option<Point> {
        match self.extent {
            Extent::Segment(length) => Some(self.origin + self.direction * length),
            Extent::Full | Extent::Ray => None,
        }
    }

    /// Where a point of the carrier lies beyond the extent (`None`: within
    /// it, ends included).
    pub fn outside(&self, point: Point) -> Option<Outside> {
        if self.extent.is_full() {
            return None;
        }
        let along = self.direction.dot(point - self.origin);
        if along < -EPS {
            return Some(Outside::Before(self.origin));
        }
        match self.extent {
            Extent::Segment(length) if along > length + EPS => {
                Some(Outside::After(self.origin + self.direction * length))
            }
            _ => None,
        }
    }

    /// Whether a point of the carrier lies within the extent.
    pub fn covers(&self, point: Point) -> bool {
        self.outside(point).is_none()
    }

    pub fn distance_to(&self, point: Point) -> f64 {
        self.direction.cross(point - self.origin).abs()
    }

    /// The same set of points: the same carrier and the same extent (a
    /// segment is the same from either end).
    pub fn same(&self, other: &Line) -> bool {
        if !self.same_carrier(other) {
            return false;
        }
        match (self.extent, other.extent) {
            (Extent::Full, Extent::Full) => true,
            (Extent::Ray, Extent::Ray) => {
                self.origin.same(other.origin) && self.direction.dot(other.direction) > 0.0
            }
            (Extent::Segment(_), Extent::Segment(_)) => {
                let (a, b) = (self.origin, self.end().unwrap_or(self.origin));
                let (c, d) = (other.origin, other.end().unwrap_or(other.origin));
                (a.same(c) && b.same(d)) || (a.same(d) && b.same(c))
            }
            _ => false,
        }
    }

    /// The same carrier line, whatever the extents.
    pub fn same_carrier(&self, other: &Line) -> bool {
        self.direction.cross(other.direction).abs() < EPS && self.distance_to(other.origin) < EPS
    }

    /// The foot of the perpendicular from `point`.
    /// The same line with every length multiplied by `factor` (> 0).
    pub fn scaled(&self, factor: f64) -> Line {
        Line {
            origin: self.origin * factor,
            direction: self.direction,
            extent: match self.extent {
                Extent::Segment(length) => Extent::Segment(length * factor),
                other => other,
            },
        }
    }

    pub fn project(&self, point: Point) -> Point {
        self.origin + self.direction * self.direction.dot(point - self.origin)
    }

    /// `a x + b y = c` with `a² + b² = 1`, for people to read.
    pub fn equation(&self) -> (f64, f64, f64) {
        let normal = self.direction.perp();
        (normal.x, normal.y, normal.dot(self.origin))
    }
}

impl Circle {
    pub fn new(center: Point, radius: f64) -> Result<Circle, Degenerate> {
        if !center.is_finite() || !radius.is_finite() {
            return Err(Degenerate::NotFinite);
        }
        if radius < EPS {
            return Err(Degenerate::ZeroRadius);
        }
        Ok(Circle { center, radius })
    }

    /// The circle with centre `center` and radius |AB| (the non-collapsing
    /// compass, an L-tool).
    pub fn compass(center: Point, a: Point, b: Point) -> Result<Circle, Degenerate> {
        if a.dist(b) < EPS {
            return Err(Degenerate::SamePoints);
        }
        Circle::new(center, a.dist(b))
    }

    /// The circle through three points (not on one line): about the
    /// crossing of two perpendicular bisectors. A move of the library route
    /// (docs/solver.md, "The library route"), drawn as `lib/std.euc`'s
    /// `circumcircle`.
    pub fn circumcircle(a: Point, b: Point, c: Point) -> Result<Circle, Degenerate> {
        let first = Line::perp_bisector(a, b)?;
        let second = Line::perp_bisector(b, c)?;
        match meet_lines(&first, &second)? {
            Meet::One(center) => Circle::through(center, a),
            Meet::Two(..) => Err(Degenerate::SameObject),
        }
    }

    /// The circle with centre `center` through `point` (one compass move).
    pub fn through(center: Point, point: Point) -> Result<Circle, Degenerate> {
        Circle::new(center, center.dist(point))
    }

    /// The same circle with every length multiplied by `factor` (> 0).
    pub fn scaled(&self, factor: f64) -> Circle {
        Circle {
            center: self.center * factor,
            radius: self.radius * factor,
        }
    }

    pub fn same(&self, other: &Circle) -> bool {
        self.center.same(other.center) && (self.radius - other.radius).abs() < EPS
    }

    pub fn at_angle(&self, angle: f64) -> Point {
        self.center + Point::new(angle.cos(), angle.sin()) * self.radius
    }
}

/// The direction halving the angle between two unit vectors, not scaled
/// to length 1; for a straight angle, a quarter turn left of the first.
fn bisecting(unit_a: Point, unit_b: Point) -> Point {
    let sum = unit_a + unit_b;
    if sum.norm() < 1e-9 {
        unit_a.perp()
    } else {
        sum
    }
}

impl Object {
    /// The same object with every length multiplied by `factor` (> 0).
    pub fn scaled(&self, factor: f64) -> Object {
        match self {
            Object::Line(line) => Object::Line(line.scaled(factor)),
            Object::Circle(circle) => Object::Circle(circle.scaled(factor)),
        }
    }

    pub fn same(&self, other: &Object) -> bool {
        match (self, other) {
            (Object::Line(a), Object::Line(b)) => a.same(b),
            (Object::Circle(a), Object::Circle(b)) => a.same(b),
            _ => false,
        }
    }

    /// Whether a drawn object reaches a goal object: it is the goal, or the
    /// goal is a segment or ray and this is the whole line through it (a
    /// line goal is reached by the full line, as in the game).
    pub fn reaches(&self, goal: &Object) -> bool {
        match (self, goal) {
            (Object::Line(drawn), Object::Line(goal)) => {
                drawn.same(goal) || (drawn.extent.is_full() && drawn.same_carrier(goal))
            }
            _ => self.same(goal),
        }
    }

    /// Whether an intersection point of this object's carrier lies within
    /// its extent (always for circles and full lines).
    pub fn covers(&self, point: Point) -> bool {
        match self {
            Object::Line(line) => line.covers(point),
            Object::Circle(_) => true,
        }
    }

    /// Whether the point lies on the object (within a segment's or ray's extent).
    pub fn contains(&self, point: Point) -> bool {
        match self {
            Object::Line(line) => line.distance_to(point) < EPS && line.covers(point),
            Object::Circle(circle) => (circle.center.dist(point) - circle.radius).abs() < EPS,
        }
    }

    pub fn kind_name(&self) -> &'static str {
        match self {
            Object::Line(line) => line.extent.name(),
            Object::Circle(_) => "circle",
        }
    }
}

/// The common points of two objects in canonical order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Meet {
    One(Point),
    Two(Point, Point),
}

impl Meet {
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let (first, second) = match *self {
            Meet::One(point) => (point, None),
            Meet::Two(first, second) => (first, Some(second)),
        };
        std::iter::once(first).chain(second)
    }
}

/// Relative tolerance under which a line and a circle, or two circles, are
/// taken to touch rather than cross.
const TANGENT: f64 = 1e-12;

/// The intersection of two objects.
///
/// Canonical order: for a line and a circle, along the line's direction; for
/// two circles, the point left of the direction from the first centre to the
/// second comes first. Both orders stay put while the inputs move
/// continuously, so a step replays on other instances of a problem.
pub fn meet(a: &Object, b: &Object) -> Result<Meet, Degenerate> {
    let result = match (a, b) {
        (Object::Line(a), Object::Line(b)) => meet_lines(a, b),
        (Object::Line(line), Object::Circle(circle))
        | (Object::Circle(circle), Object::Line(line)) => meet_line_circle(line, circle),
        (Object::Circle(a), Object::Circle(b)) => meet_circles(a, b),
    }?;
    if result.points().all(Point::is_finite) {
        Ok(result)
    } else {
        Err(Degenerate::NotFinite)
    }
}

fn meet_lines(a: &Line, b: &Line) -> Result<Meet, Degenerate> {
    let denominator = a.direction.cross(b.direction);
    if denominator.abs() < EPS {
        return Err(if a.same_carrier(b) {
            Degenerate::SameObject
        } else {
            Degenerate::Parallel
        });
    }
    let t = (b.origin - a.origin).cross(b.direction) / denominator;
    Ok(Meet::One(a.origin + a.direction * t))
}

fn meet_line_circle(line: &Line, circle: &Circle) -> Result<Meet, Degenerate> {
    let foot = line.project(circle.center);
    let to_foot = foot - circle.center;
    let half_squared = circle.radius * circle.radius - to_foot.dot(to_foot);
    let scale = circle.radius * circle.radius;
    if half_squared.abs() <= TANGENT * scale {
        return Ok(Meet::One(foot));
    }
    if half_squared < 0.0 {
        return Err(Degenerate::DoNotMeet);
    }
    let half = half_squared.sqrt();
    Ok(Meet::Two(
        foot - line.direction * half,
        foot + line.direction * half,
    ))
}

/// The distance between two circles' centres and the unit vector from the
/// first to the second; none for one circle twice or concentric ones.
fn centre_line(a: &Circle, b: &Circle) -> Result<(f64, Point), Degenerate> {
    let delta = b.center - a.center;
    let distance = delta.norm();
    if distance < EPS {
        return Err(same_centre(a, b));
    }
    Ok((distance, delta * (1.0 / distance)))
}

/// Why two circles about one centre do not meet: they are one circle, or
/// concentric.
fn same_centre(a: &Circle, b: &Circle) -> Degenerate {
    if (a.radius - b.radius).abs() < EPS {
        Degenerate::SameObject
    } else {
        Degenerate::Concentric
    }
}

fn meet_circles(a: &Circle, b: &Circle) -> Result<Meet, Degenerate> {
    // Written with the squared distance of the centres, so that only
    // circles that cross take a square root (the solver meets every move
    // with every drawn object: docs/solver.md, "Lookahead").
    let delta = b.center - a.center;
    let squared = delta.dot(delta);
    if squared < EPS * EPS {
        return Err(same_centre(a, b));
    }
    // The foot of the common chord, as a share of the way between centres.
    let share = (squared + a.radius * a.radius - b.radius * b.radius) / (2.0 * squared);
    let half_squared = a.radius * a.radius - share * share * squared;
    let base = a.center + delta * share;
    if half_squared.abs() <= TANGENT * a.radius.max(b.radius).powi(2) {
        return Ok(Meet::One(base));
    }
    if half_squared < 0.0 {
        return Err(Degenerate::DoNotMeet);
    }
    let offset = delta.perp() * (half_squared / squared).sqrt();
    Ok(Meet::Two(base + offset, base - offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle(x: f64, y: f64, r: f64) -> Object {
        Object::Circle(Circle::new(Point::new(x, y), r).unwrap())
    }

    fn line(ax: f64, ay: f64, bx: f64, by: f64) -> Object {
        Object::Line(Line::through(Point::new(ax, ay), Point::new(bx, by)).unwrap())
    }

    #[test]
    fn tangents_touch_on_their_side_and_need_a_point_outside() {
        let k = Circle::new(Point::new(1.0, -2.0), 1.5).unwrap();
        let from = Point::new(4.0, 2.0);
        let towards = k.center - from;
        for left in [true, false] {
            let tangent = Line::tangent(from, &k, left).unwrap();
            assert!(tangent.distance_to(from) < 1e-12);
            let touch = tangent.project(k.center);
            assert!((touch.dist(k.center) - k.radius).abs() < 1e-12);
            // Seen from the point towards the centre: left, or right.
            assert_eq!(towards.cross(touch - from) > 0.0, left);
            assert!(matches!(
                meet(&Object::Line(tangent), &Object::Circle(k)),
                Ok(Meet::One(_))
            ));
        }
        assert!(Line::tangent(k.center, &k, true).is_err());
        assert!(Line::tangent(k.center + Point::new(1.5, 0.0), &k, true).is_err());
    }

    #[test]
    fn the_circle_through_three_points_passes_each_or_there_is_none() {
        let (a, b, c) = (
            Point::new(0.0, 0.0),
            Point::new(4.1, 0.3),
            Point::new(1.3, 3.2),
        );
        let circle = Circle::circumcircle(a, b, c).unwrap();
        for point in [a, b, c] {
            assert!((circle.center.dist(point) - circle.radius).abs() < 1e-12);
        }
        let on_a_line = Circle::circumcircle(a, Point::new(1.0, 1.0), Point::new(3.0, 3.0));
        assert!(on_a_line.is_err());
        assert!(Circle::circumcircle(a, b, a).is_err());
    }

    #[test]
    fn circles_meet_left_of_the_centre_line_first() {
        let Meet::Two(first, second) =
            meet(&circle(-1.0, 0.0, 2.0), &circle(1.0, 0.0, 2.0)).unwrap()
        else {
            panic!("expected two points")
        };
        assert!(first.y > 0.0 && second.y < 0.0);
        let Meet::Two(first, _) = meet(&circle(1.0, 0.0, 2.0), &circle(-1.0, 0.0, 2.0)).unwrap()
        else {
            panic!("expected two points")
        };
        assert!(first.y < 0.0, "swapping the circles swaps the order");
    }

    #[test]
    fn line_and_circle_meet_in_the_line_direction() {
        let Meet::Two(first, second) =
            meet(&line(1.0, 0.0, -1.0, 0.0), &circle(0.0, 0.0, 1.0)).unwrap()
        else {
            panic!("expected two points")
        };
        assert!(first.x > second.x, "the line runs towards -x");
    }

    #[test]
    fn degenerate_cases_are_named() {
        assert_eq!(
            meet(&line(0.0, 0.0, 1.0, 0.0), &line(0.0, 1.0, 1.0, 1.0)),
            Err(Degenerate::Parallel)
        );
        assert_eq!(
            meet(&circle(0.0, 0.0, 1.0), &circle(5.0, 0.0, 1.0)),
            Err(Degenerate::DoNotMeet)
        );
        assert_eq!(
            meet(&circle(0.0, 0.0, 1.0), &circle(0.0, 0.0, 2.0)),
            Err(Degenerate::Concentric)
        );
        assert_eq!(
            Circle::through(Point::new(1.0, 1.0), Point::new(1.0, 1.0)),
            Err(Degenerate::ZeroRadius)
        );
        assert_eq!(
            Line::through(Point::new(f64::NAN, 0.0), Point::new(1.0, 1.0)),
            Err(Degenerate::NotFinite)
        );
    }

    #[test]
    fn near_parallel_lines_meet_far_away_or_not_at_all() {
        for tilt in [1e-3, 1e-8, 1e-12, 1e-15, 0.0] {
            let result = meet(&line(0.0, 0.0, 1.0, 0.0), &line(0.0, 1.0, 1.0, 1.0 + tilt));
            match result {
                Ok(found) => assert!(found.points().all(Point::is_finite), "{tilt}"),
                Err(why) => assert_eq!(why, Degenerate::Parallel, "{tilt}"),
            }
        }
    }

    #[test]
    fn nothing_infinite_comes_out() {
        let huge = circle(1e300, 0.0, 1e300);
        assert!(meet(&huge, &circle(-1e300, 0.0, 1e300))
            .map_or(true, |m| m.points().all(Point::is_finite)));
        assert_eq!(
            Circle::new(Point::new(0.0, 0.0), f64::INFINITY),
            Err(Degenerate::NotFinite)
        );
    }

    #[test]
    fn segments_and_rays_cover_their_extent_only() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(2.0, 0.0));
        let segment = Line::segment(a, b).unwrap();
        let ray = Line::ray(a, b).unwrap();
        for (x, in_segment, in_ray) in [
            (-0.5, false, false),
            (0.0, true, true),
            (1.0, true, true),
            (2.0, true, true),
            (3.0, false, true),
        ] {
            let point = Point::new(x, 0.0);
            assert_eq!(segment.covers(point), in_segment, "{x}");
            assert_eq!(ray.covers(point), in_ray, "{x}");
            assert!(segment.carrier().covers(point));
        }
        assert_eq!(
            segment.outside(Point::new(3.0, 0.0)),
            Some(Outside::After(b))
        );
        assert_eq!(ray.outside(Point::new(-1.0, 0.0)), Some(Outside::Before(a)));
    }

    #[test]
    fn a_full_line_over_a_segment_is_another_object_that_reaches_it() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(2.0, 1.0));
        let segment = Object::Line(Line::segment(a, b).unwrap());
        let reversed = Object::Line(Line::segment(b, a).unwrap());
        let full = Object::Line(Line::through(a, b).unwrap());
        assert!(
            segment.same(&reversed),
            "a segment is the same from either end"
        );
        assert!(!full.same(&segment) && !segment.same(&full));
        assert!(
            full.reaches(&segment),
            "the full line reaches a segment goal"
        );
        assert!(
            !segment.reaches(&full),
            "a segment does not reach a line goal"
        );
        assert!(
            !Object::Line(Line::ray(a, b).unwrap()).same(&Object::Line(Line::ray(b, a).unwrap()))
        );
    }

    #[test]
    fn tangency_is_one_point() {
        assert_eq!(
            meet(&line(-1.0, 1.0, 1.0, 1.0), &circle(0.0, 0.0, 1.0)),
            Ok(Meet::One(Point::new(0.0, 1.0)))
        );
        // Two circles touching from inside.
        let Ok(Meet::One(point)) = meet(&circle(0.0, 0.0, 2.0), &circle(1.0, 0.0, 1.0)) else {
            panic!("expected one point")
        };
        assert!(point.same(Point::new(2.0, 0.0)));
    }
}
