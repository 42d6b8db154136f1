//! Either-or goals whose alternatives are mirror images (docs/solver.md,
//! "Symmetry"): where a reflection maps the figure — the given points and
//! the objects drawn at the start — onto itself on every instance, every
//! goal's alternatives onto its alternatives, and one variant's goals onto
//! an earlier variant's, the later variant is not searched: the mirror
//! image of any construction for it is one for the earlier variant, as
//! long, on every instance.

use crate::geom::{Circle, Line, Object, Point};
use crate::resolve::{Problem, Value};

/// A reflection in a line: `origin` on the axis, `unit` along it.
#[derive(Clone, Copy)]
struct Mirror {
    origin: Point,
    unit: Point,
}

impl Mirror {
    fn new(origin: Point, through: Point) -> Option<Mirror> {
        let along = through - origin;
        let length = along.norm();
        (length > crate::geom::EPS).then(|| Mirror {
            origin,
            unit: along * (1.0 / length),
        })
    }

    fn vector(&self, vector: Point) -> Point {
        self.unit * (2.0 * self.unit.dot(vector)) - vector
    }

    fn point(&self, point: Point) -> Point {
        self.origin + self.vector(point - self.origin)
    }

    fn line(&self, line: &Line) -> Line {
        Line {
            origin: self.point(line.origin),
            direction: self.vector(line.direction),
            extent: line.extent,
        }
    }

    fn circle(&self, circle: &Circle) -> Circle {
        Circle {
            center: self.point(circle.center),
            radius: circle.radius,
        }
    }

    fn object(&self, object: &Object) -> Object {
        match object {
            Object::Line(line) => Object::Line(self.line(line)),
            Object::Circle(circle) => Object::Circle(self.circle(circle)),
        }
    }

    /// The mirror image of a goal value, if it is a point, line or circle.
    fn value(&self, value: &Value) -> Option<Value> {
        match value {
            Value::Point(point) => Some(Value::Point(self.point(*point))),
            Value::Line(line) => Some(Value::Line(self.line(line))),
            Value::Circle(circle) => Some(Value::Circle(self.circle(circle))),
            Value::Number(_) | Value::Pair(..) => None,
        }
    }
}

/// The axes a figure may be symmetric about, by the indices of two given
/// points: the line through both (each fixed), or their perpendicular
/// bisector (the two swapped).
#[derive(Clone, Copy)]
enum Axis {
    Through(usize, usize),
    Between(usize, usize),
}

impl Axis {
    fn on(self, givens: &[Point]) -> Option<Mirror> {
        match self {
            Axis::Through(a, b) => Mirror::new(givens[a], givens[b]),
            Axis::Between(a, b) => {
                let middle = (givens[a] + givens[b]) * 0.5;
                Mirror::new(middle, middle + (givens[b] - givens[a]).perp())
            }
        }
    }
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Point(a), Value::Point(b)) => a.same(*b),
        (Value::Line(a), Value::Line(b)) => a.same(b),
        (Value::Circle(a), Value::Circle(b)) => a.same(b),
        _ => false,
    }
}

/// Where `mirror` takes this instance's givens and setup objects (each
/// one's image, by index), if it maps them onto themselves.
fn images(mirror: &Mirror, givens: &[Point], setup: &[Object]) -> Option<(Vec<usize>, Vec<usize>)> {
    let points = givens
        .iter()
        .map(|given| {
            let image = mirror.point(*given);
            givens.iter().position(|other| other.same(image))
        })
        .collect::<Option<Vec<usize>>>()?;
    let objects = setup
        .iter()
        .map(|object| {
            let image = mirror.object(object);
            setup.iter().position(|other| other.same(&image))
        })
        .collect::<Option<Vec<usize>>>()?;
    Some((points, objects))
}

/// Whether the reflection in `axis` maps the figure onto itself on every
/// instance, each given and setup object onto the same one everywhere (a
/// construction's mirror image names them so).
fn keeps_figure(axis: Axis, problem: &Problem) -> bool {
    let mut seen = None;
    problem.instances.iter().all(|instance| {
        let found = axis
            .on(&instance.givens)
            .and_then(|mirror| images(&mirror, &instance.givens, &instance.setup));
        match (found, &seen) {
            (None, _) => false,
            (Some(found), None) => {
                seen = Some(found);
                true
            }
            (Some(found), Some(known)) => found == *known,
        }
    })
}

/// Whether `mirror` maps the chosen goals of variant `later` onto those of
/// variant `earlier`, goal by goal, on instance `index`.
fn maps_goals(mirror: &Mirror, later: &Problem, earlier: &Problem, index: usize) -> bool {
    let (from, to) = (
        &later.instances[index].goals,
        &earlier.instances[index].goals,
    );
    from.len() == to.len()
        && from
            .iter()
            .zip(to)
            .all(|(a, b)| match (a.first(), b.first()) {
                (Some(a), Some(b)) => mirror.value(a).is_some_and(|image| same_value(&image, b)),
                _ => false,
            })
}

/// Whether `mirror` maps every goal's alternatives onto its alternatives on
/// every instance, the goals of one line (which choose together) by the
/// same renumbering: then a construction that reaches one alternative on
/// some instance and another elsewhere (as `check` accepts) mirrors to one
/// that does the same.
fn keeps_alternatives(axis: Axis, problem: &Problem) -> bool {
    problem.instances.iter().all(|instance| {
        let Some(mirror) = axis.on(&instance.givens) else {
            return false;
        };
        let mut renumbered: Vec<(usize, Vec<usize>)> = Vec::new();
        instance
            .goals
            .iter()
            .zip(&problem.goals)
            .all(|(alternatives, goal)| {
                let Some(images) = alternatives
                    .iter()
                    .map(|value| {
                        let image = mirror.value(value)?;
                        alternatives
                            .iter()
                            .position(|other| same_value(&image, other))
                    })
                    .collect::<Option<Vec<usize>>>()
                else {
                    return false;
                };
                match renumbered.iter().find(|(group, _)| *group == goal.group) {
                    Some((_, known)) => *known == images,
                    None => {
                        renumbered.push((goal.group, images));
                        true
                    }
                }
            })
    })
}

/// For each variant, whether it is the mirror image of an earlier one that
/// is searched (and so need not be searched itself). None is, where points
/// are dropped on the drawing (their places are not mirrored).
pub(super) fn mirrored_variants(variants: &[Problem]) -> Vec<bool> {
    let mut skip = vec![false; variants.len()];
    let Some(first) = variants.first() else {
        return skip;
    };
    if variants.len() < 2 || first.drops || !first.survey.is_empty() {
        return skip;
    }
    let count = first
        .instances
        .first()
        .map_or(0, |instance| instance.givens.len());
    let mut axes = Vec::new();
    for b in 0..count {
        for a in 0..b {
            axes.push(Axis::Through(a, b));
            axes.push(Axis::Between(a, b));
        }
    }
    // The axes that map the figure, and the goals' alternatives, onto
    // themselves.
    axes.retain(|&axis| keeps_figure(axis, first) && keeps_alternatives(axis, first));
    for later in 1..variants.len() {
        skip[later] = (0..later).any(|earlier| {
            !skip[earlier]
                && axes.iter().any(|axis| {
                    (0..first.instances.len()).all(|index| {
                        axis.on(&variants[later].instances[index].givens)
                            .is_some_and(|mirror| {
                                maps_goals(&mirror, &variants[later], &variants[earlier], index)
                            })
                    })
                })
        });
    }
    skip
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn skipped(text: &str) -> Vec<bool> {
        let analysis = analyze(text);
        assert!(!analysis.has_errors(), "{text}");
        mirrored_variants(&analysis.scene().problems[0].variants())
    }

    const FIGURE: &str = "point A = (0.3, -0.2)\npoint B = (2.9, 0.4)\npoint C = (1.1, 1.7)\n";

    #[test]
    fn a_mirror_image_variant_is_left_out() {
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, A)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, true]);
    }

    #[test]
    fn the_figure_s_size_and_place_do_not_matter() {
        // Tolerances are relative to the figure: tiny, huge and far away.
        for (scale, shift) in [(1e-4, 0.0), (1e4, 0.0), (1.0, 1e6), (1e-3, -5e3)] {
            let at = |x: f64, y: f64| format!("({}, {})", x * scale + shift, y * scale);
            let text = format!(
                "point A = {}\npoint B = {}\npoint C = {}\n\
                 point D = 2 * project(C, line(A, B)) - C\n\
                 solve s {{\n  goal k = circle(C, A) | circle(D, A)\n}}\n",
                at(0.3, -0.2),
                at(2.9, 0.4),
                at(1.1, 1.7)
            );
            assert_eq!(skipped(&text), [false, true], "{text}");
        }
    }

    #[test]
    fn the_axis_may_swap_two_givens() {
        // C and D swap in the perpendicular bisector of CD; A and B lie on it
        // on every instance.
        let goal = "solve s {\n  goal X = midpoint(A, C) | midpoint(A, D)\n}\n";
        let text = format!(
            "point C = (0, 0)\npoint D = (2, 0.3)\n\
             point A = midpoint(C, D) + rotate(D - C, (0, 0), 90deg) * 0.7\n\
             point B = midpoint(C, D) - rotate(D - C, (0, 0), 90deg) * 0.4\n{goal}"
        );
        assert_eq!(skipped(&text), [false, true]);
        // Symmetric only as declared: the random instances move A and B off
        // the bisector, so the symmetry is a coincidence and is not used.
        let text = format!(
            "point C = (0, 0)\npoint D = (2, 0)\npoint A = (1, 1.5)\npoint B = (1, -0.7)\n{goal}"
        );
        assert_eq!(skipped(&text), [false, false]);
    }

    #[test]
    fn an_asymmetric_figure_keeps_every_variant() {
        // D a little off C's mirror image.
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C + (0.05, 0)\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, A)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, false]);
        // A drawn line the mirror does not keep.
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\nline l = line(A, C)\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, A)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, false]);
    }

    #[test]
    fn an_alternative_without_its_mirror_image_keeps_every_variant() {
        // The third circle's mirror image is no alternative: an answer that
        // reaches it on some instance would not mirror to an answer.
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, A) | circle(C, B)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, false, false]);
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, A) | circle(C, B) | circle(D, B)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, true, false, true]);
    }

    #[test]
    fn goals_of_one_line_mirror_together() {
        let mirrored = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal X, Y = (midpoint(A, C), midpoint(B, C)) | (midpoint(A, D), midpoint(B, D))\n}}\n"
        );
        assert_eq!(skipped(&mirrored), [false, true]);
        // X's alternatives swap, Y's (on the axis) stay: the mirror of one
        // pair is no pair.
        let mixed = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal X, Y = (midpoint(A, C), A + (B - A) * 0.3) | (midpoint(A, D), A + (B - A) * 0.6)\n}}\n"
        );
        assert_eq!(skipped(&mixed), [false, false]);
    }

    #[test]
    fn goals_that_are_not_mirror_images_keep_both_variants() {
        let text = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             solve s {{\n  goal k = circle(C, A) | circle(D, B)\n}}\n"
        );
        assert_eq!(skipped(&text), [false, false]);
    }

    #[test]
    fn a_segment_must_map_onto_a_segment() {
        // The segment AC's image is AD: drawn, the figure is symmetric;
        // with only AC drawn, it is not.
        let both = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             segment s1 = segment(A, C)\nsegment s2 = segment(A, D)\n\
             solve s {{\n  goal k = circle(C, B) | circle(D, B)\n}}\n"
        );
        assert_eq!(skipped(&both), [false, true]);
        let one = format!(
            "{FIGURE}point D = 2 * project(C, line(A, B)) - C\n\
             segment s1 = segment(A, C)\n\
             solve s {{\n  goal k = circle(C, B) | circle(D, B)\n}}\n"
        );
        assert_eq!(skipped(&one), [false, false]);
    }
}
