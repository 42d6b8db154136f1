//! A small SVG writer: world coordinates (y up) fitted into a fixed-size
//! picture, with labels placed where they overlap least.

use super::label;
use crate::geom::{Extent, Line, Object, Point};
use std::fmt::Write;

/// Picture size in pixels.
const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 600.0;
const MARGIN: f64 = 40.0;
const TITLE: f64 = 28.0;
/// The legend's strip at the bottom.
const LEGEND: f64 = 22.0;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Given points, setup objects, puzzle links.
    Setup,
    /// The construction's lines, circles and points.
    Helper,
    /// A goal the drawing reaches.
    Goal,
    /// A goal not reached, or a crossing link.
    Missing,
    /// The move just made, when stepping through a construction.
    Latest,
    /// A line or circle inside a use of a tool of your own (`euc render
    /// --expand`): thin and dashed, beneath the construction's own.
    Inner,
}

impl Style {
    fn stroke(self) -> (&'static str, f64) {
        match self {
            Style::Setup => ("#222222", 2.0),
            // Lighter than what was given and what is sought.
            Style::Helper => ("#9dbfe6", 1.2),
            Style::Goal => ("#d62728", 2.6),
            Style::Missing => ("#d62728", 1.6),
            Style::Latest => ("#1f5fbf", 2.2),
            Style::Inner => ("#9dbfe6", 0.8),
        }
    }

    /// The stroke's dashes, if any.
    fn dash(self) -> &'static str {
        match self {
            Style::Missing => r#" stroke-dasharray="6 4""#,
            Style::Inner => r#" stroke-dasharray="3 3""#,
            _ => "",
        }
    }

    /// Its labels' colour: a light line still needs a readable name.
    fn ink(self) -> &'static str {
        match self {
            Style::Helper => "#3f74b5",
            other => other.stroke().0,
        }
    }

    /// Its name in the legend.
    fn meaning(self) -> &'static str {
        match self {
            Style::Setup => "given",
            Style::Helper => "construction",
            Style::Goal => "goal reached",
            Style::Missing => "goal not reached",
            Style::Latest => "latest move",
            Style::Inner => "inside a tool",
        }
    }
}

struct Bounds {
    min: Point,
    max: Point,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            min: Point::new(f64::INFINITY, f64::INFINITY),
            max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }
}

impl Bounds {
    fn include(&mut self, point: Point) {
        if point.is_finite() {
            self.min = Point::new(self.min.x.min(point.x), self.min.y.min(point.y));
            self.max = Point::new(self.max.x.max(point.x), self.max.y.max(point.y));
        }
    }

    fn is_empty(&self) -> bool {
        !self.min.x.is_finite()
    }
}

pub struct Canvas {
    /// World → picture: x' = offset.x + scale x, y' = offset.y − scale y.
    scale: f64,
    offset: Point,
    shapes: String,
    /// Points and nodes, drawn over the lines and circles.
    front: String,
    labels: String,
    /// Boxes of placed labels and marks, to avoid.
    taken: label::Taken,
    /// The styles of lines and circles drawn, in order: the legend.
    used: Vec<Style>,
    /// What the picture is and shows, for screen readers: `<title>` and
    /// `<desc>`.
    name: String,
    description: String,
    /// Every label placed, with its distance from its object.
    placed: Vec<Placed>,
    /// Every mark drawn (a point's dot, a goal's ring, a node's disc):
    /// centre and radius in pixels, what labels should not cover.
    marks: Vec<(Point, f64)>,
    /// The source line of the step the next lines and circles belong to:
    /// written as `data-line`, so that a click in the picture panel goes
    /// to the step (README, "Editors").
    pub step_line: Option<usize>,
}

/// A label placed, and how far in pixels its box is from the visible part
/// of the object it names (what tests bound).
#[derive(Clone, Debug)]
#[cfg_attr(not(test), allow(dead_code))]
pub struct Placed {
    pub text: String,
    pub distance: f64,
    /// Its box in picture pixels.
    pub rect: label::Rect,
}

/// A dot's radius in pixels, and a goal ring's to the outside of its
/// stroke: what `Canvas::reserve` keeps free of labels.
pub const DOT: f64 = 3.5;
pub const RING: f64 = 8.25;

fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Text as SVG character data or an attribute value.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Canvas {
    /// A canvas showing all `points` and the circles that are not much
    /// bigger than the points' spread, with margins.
    pub fn fitted(points: &[Point], objects: &[Object]) -> Canvas {
        let mut bounds = Bounds::default();
        points.iter().for_each(|point| bounds.include(*point));
        if bounds.is_empty() {
            bounds.include(Point::new(-1.0, -1.0));
            bounds.include(Point::new(1.0, 1.0));
        }
        let spread = (bounds.max.x - bounds.min.x)
            .max(bounds.max.y - bounds.min.y)
            .max(1e-6);
        for object in objects {
            if let Object::Circle(circle) = object {
                if circle.radius <= spread * 1.5 {
                    bounds.include(circle.center - Point::new(circle.radius, circle.radius));
                    bounds.include(circle.center + Point::new(circle.radius, circle.radius));
                }
            }
        }
        let (min, max) = (bounds.min, bounds.max);
        let width = (max.x - min.x).max(1e-6);
        let height = (max.y - min.y).max(1e-6);
        let scale =
            ((WIDTH - 2.0 * MARGIN) / width).min((HEIGHT - 2.0 * MARGIN - TITLE - LEGEND) / height);
        let centre = Point::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
        let offset = Point::new(
            WIDTH / 2.0 - centre.x * scale,
            (HEIGHT + TITLE - LEGEND) / 2.0 + centre.y * scale,
        );
        let mut taken = label::Taken::default();
        // The legend's strip along the bottom.
        taken.push((0.0, HEIGHT - LEGEND, WIDTH, HEIGHT));
        Canvas {
            scale,
            offset,
            shapes: String::new(),
            front: String::new(),
            labels: String::new(),
            taken,
            used: Vec::new(),
            name: String::new(),
            description: String::new(),
            placed: Vec::new(),
            marks: Vec::new(),
            step_line: None,
        }
    }

    /// Keeps a mark of `radius` pixels at `point` (world) free of labels:
    /// called for every point before any label is placed, so that a label
    /// placed early does not cover a dot drawn later (issue 29).
    pub fn reserve(&mut self, point: Point, radius: f64) {
        let at = self.to_picture(point);
        if at.is_finite() {
            self.taken
                .push((at.x - radius, at.y - radius, at.x + radius, at.y + radius));
        }
    }

    /// Pixels per world unit.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The picture's accessible name and one-sentence description.
    pub fn describe(&mut self, name: &str, description: &str) {
        self.name = name.to_string();
        self.description = description.to_string();
    }

    fn to_picture(&self, point: Point) -> Point {
        Point::new(
            self.offset.x + point.x * self.scale,
            self.offset.y - point.y * self.scale,
        )
    }

    pub fn title(&mut self, text: &str) {
        let _ = writeln!(
            self.labels,
            r##"<text x="{}" y="20" font-size="16" font-weight="bold" fill="#222222">{}</text>"##,
            MARGIN / 2.0,
            escape(text)
        );
        self.taken.push((0.0, 0.0, WIDTH, TITLE));
    }

    pub fn object(&mut self, object: &Object, style: Style, label: Option<&str>) {
        if !self.used.contains(&style) {
            self.used.push(style);
        }
        let (colour, width) = style.stroke();
        let dash = style.dash();
        let dash = match self.step_line {
            Some(line) => format!(r#"{dash} data-line="{line}""#),
            None => dash.to_string(),
        };
        match object {
            Object::Circle(circle) => {
                let centre = self.to_picture(circle.center);
                let radius = circle.radius * self.scale;
                let _ = writeln!(
                    self.shapes,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="{width}"{dash}/>"#,
                    number(centre.x),
                    number(centre.y),
                    number(radius)
                );
                if let Some(label) = label {
                    // Beside the part of the circle in view, from the top
                    // round: a circle far bigger than the figure is seen as
                    // an arc, and its label belongs by that arc.
                    let visible = self.visible(&circle_samples(centre, radius, 72));
                    self.label_at(&visible, 3.0, &visible, label, style.ink());
                }
            }
            Object::Line(line) => {
                let Some((from, to)) = self.clip(line) else {
                    return;
                };
                let _ = writeln!(
                    self.shapes,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{width}"{dash}/>"#,
                    number(from.x),
                    number(from.y),
                    number(to.x),
                    number(to.y)
                );
                if let Some(label) = label {
                    // Near one end of the part in view first (where lines
                    // cross least), sliding along it when that is taken.
                    let along = |t: f64| from * (1.0 - t) + to * t;
                    let mut fractions: Vec<f64> = (1..20).map(|k| k as f64 / 20.0).collect();
                    fractions.sort_by(|a, b| (a - 0.15).abs().total_cmp(&(b - 0.15).abs()));
                    let anchors =
                        self.visible(&fractions.into_iter().map(along).collect::<Vec<_>>());
                    let samples: Vec<Point> = (0..=40).map(|k| along(k as f64 / 40.0)).collect();
                    self.label_at(&anchors, 3.0, &self.visible(&samples), label, style.ink());
                }
            }
        }
    }

    /// The part of a line, ray or segment inside the picture.
    fn clip(&self, line: &Line) -> Option<(Point, Point)> {
        let start = self.to_picture(line.origin);
        let step = Point::new(line.direction.x, -line.direction.y);
        // Picture units along `step` are world units times the scale.
        let (mut low, mut high) = match line.extent {
            Extent::Full => (f64::NEG_INFINITY, f64::INFINITY),
            Extent::Ray => (0.0, f64::INFINITY),
            Extent::Segment(length) => (0.0, length * self.scale),
        };
        for (position, delta, lower, upper) in [
            (start.x, step.x, 0.0, WIDTH),
            (start.y, step.y, TITLE, HEIGHT),
        ] {
            if delta.abs() < 1e-12 {
                if position < lower || position > upper {
                    return None;
                }
                continue;
            }
            let (a, b) = ((lower - position) / delta, (upper - position) / delta);
            low = low.max(a.min(b));
            high = high.min(a.max(b));
        }
        (low < high).then(|| (start + step * low, start + step * high))
    }

    /// A link between two nodes, its stroke `thickness` times the style's.
    pub fn segment(&mut self, from: Point, to: Point, style: Style, thickness: f64) {
        let (colour, width) = style.stroke();
        let width = number((width * thickness).max(0.6));
        let (from, to) = (self.to_picture(from), self.to_picture(to));
        let _ = writeln!(
            self.shapes,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{width}"/>"#,
            number(from.x),
            number(from.y),
            number(to.x),
            number(to.y)
        );
    }

    pub fn point(&mut self, point: Point, style: Style, name: &str) {
        let colour = style.ink();
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r#"<circle cx="{}" cy="{}" r="{DOT}" fill="{colour}"/>"#,
            number(at.x),
            number(at.y)
        );
        self.marks.push((at, DOT));
        self.label(at, 4.0, name, colour);
    }

    pub fn goal_point(&mut self, point: Point, name: &str) {
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r##"<circle cx="{}" cy="{}" r="7" fill="none" stroke="#d62728" stroke-width="2.5"/>"##,
            number(at.x),
            number(at.y)
        );
        self.marks.push((at, RING));
        self.label(at, 9.0, name, "#d62728");
    }

    /// A node of `radius` pixels; `name` empty for no label.
    pub fn node(&mut self, point: Point, name: &str, radius: f64) {
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r##"<circle cx="{}" cy="{}" r="{}" fill="#1f77b4" stroke="#ffffff" stroke-width="{}"/>"##,
            number(at.x),
            number(at.y),
            number(radius),
            number(radius * 0.19)
        );
        self.marks.push((at, radius));
        self.label(at, radius + 2.0, name, "#1f77b4");
    }

    /// A crossing's mark, `size` times the full one (10 pixels across).
    pub fn cross(&mut self, point: Point, size: f64) {
        let at = self.to_picture(point);
        let side = 10.0 * size;
        let length = number(side);
        let _ = writeln!(
            self.front,
            r##"<path d="M {} {} l {length} {length} m 0 -{length} l -{length} {length}" stroke="#d62728" stroke-width="{}"/>"##,
            number(at.x - side / 2.0),
            number(at.y - side / 2.0),
            number(2.5 * size)
        );
    }

    /// A point's label beside it, `clearance` pixels clear of its mark.
    fn label(&mut self, at: Point, clearance: f64, text: &str, colour: &str) {
        self.label_at(&[at], clearance, &[at], text, colour);
    }

    /// The labels placed so far, with their distances from their objects.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    /// The marks drawn so far: centre and radius in pixels.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn marks(&self) -> &[(Point, f64)] {
        &self.marks
    }

    /// The `samples` of an object inside the drawing (below the title,
    /// above the legend).
    fn visible(&self, samples: &[Point]) -> Vec<Point> {
        samples
            .iter()
            .copied()
            .filter(|p| p.x >= 0.0 && p.x <= WIDTH && p.y >= TITLE && p.y <= HEIGHT - LEGEND)
            .collect()
    }

    /// A label beside one of `anchors` (in order of preference),
    /// `clearance` pixels clear of it, where it covers no other label if it
    /// can (`label::place`); `object` samples what it names, to measure how
    /// far from it the label is. None when no anchor is in view.
    fn label_at(
        &mut self,
        anchors: &[Point],
        clearance: f64,
        object: &[Point],
        text: &str,
        colour: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let size = (7.5 * text.chars().count() as f64, 14.0);
        let area = (0.0, TITLE, WIDTH, HEIGHT);
        let Some(placed) = label::place(anchors, clearance, size, &self.taken, area) else {
            return;
        };
        // The text's baseline is the box's bottom.
        let (x, y) = (placed.0, placed.3);
        self.taken.push(placed);
        self.placed.push(Placed {
            text: text.to_string(),
            distance: object
                .iter()
                .map(|&point| label::distance(placed, point))
                .fold(f64::INFINITY, f64::min),
            rect: placed,
        });
        // A white halo keeps the label readable across lines.
        let _ = writeln!(
            self.labels,
            r##"<text x="{}" y="{}" font-size="13" fill="{colour}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">{}</text>"##,
            number(x),
            number(y),
            escape(text)
        );
    }

    /// What each colour of line means, along the bottom (only the styles
    /// drawn; none for a picture of one style).
    fn legend(&self) -> String {
        let mut legend = String::new();
        if self.used.len() < 2 {
            return legend;
        }
        let mut x = MARGIN / 2.0;
        let y = HEIGHT - LEGEND / 2.0;
        for style in &self.used {
            let (colour, width) = style.stroke();
            let dash = style.dash();
            let _ = writeln!(
                legend,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{width}"{dash}/>"#,
                number(x),
                number(y),
                number(x + 22.0),
                number(y)
            );
            let _ = writeln!(
                legend,
                r##"<text x="{}" y="{}" font-size="12" fill="#444444">{}</text>"##,
                number(x + 28.0),
                number(y + 4.0),
                style.meaning()
            );
            x += 40.0 + 6.5 * style.meaning().len() as f64;
        }
        legend
    }

    /// The SVG, named and described for screen readers (`role="img"`,
    /// labelled by its `<title>` and `<desc>`).
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" role=\"img\" aria-labelledby=\"euc-title euc-desc\">\n<title id=\"euc-title\">{}</title>\n<desc id=\"euc-desc\">{}</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n<g id=\"shapes\">\n{}</g>\n<g id=\"points\">\n{}</g>\n<g id=\"labels\">\n{}</g>\n<g id=\"legend\">\n{}</g>\n</svg>\n",
            escape(&self.name),
            escape(&self.description),
            self.shapes,
            self.front,
            self.labels,
            self.legend()
        )
    }
}

/// `count` points evenly around a circle (picture coordinates), from the
/// top anticlockwise.
fn circle_samples(centre: Point, radius: f64, count: usize) -> Vec<Point> {
    (0..count)
        .map(|k| {
            let angle =
                std::f64::consts::FRAC_PI_2 + k as f64 * std::f64::consts::TAU / count as f64;
            Point::new(
                centre.x + radius * angle.cos(),
                centre.y - radius * angle.sin(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_and_description_are_escaped_and_name_the_image() {
        let mut canvas = Canvas::fitted(&[], &[]);
        canvas.describe("a <b> & \"c\"", "d < e");
        let svg = canvas.finish();
        assert!(svg.contains(r#"role="img" aria-labelledby="euc-title euc-desc">"#));
        assert!(svg.contains(
            "<title id=\"euc-title\">a &lt;b&gt; &amp; &quot;c&quot;</title>\n<desc id=\"euc-desc\">d &lt; e</desc>"
        ));
    }
}
