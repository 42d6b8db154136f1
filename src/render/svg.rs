//! A small SVG writer: world coordinates (y up) fitted into a fixed-size
//! picture, with labels placed where they overlap least.

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
    /// Boxes of placed labels (left, top, right, bottom), to avoid.
    taken: Vec<(f64, f64, f64, f64)>,
    /// The styles of lines and circles drawn, in order: the legend.
    used: Vec<Style>,
}

fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
        Canvas {
            scale,
            offset,
            shapes: String::new(),
            front: String::new(),
            labels: String::new(),
            // The legend's strip along the bottom.
            taken: vec![(0.0, HEIGHT - LEGEND, WIDTH, HEIGHT)],
            used: Vec::new(),
        }
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
        let dash = if style == Style::Missing {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
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
                    // Somewhere on the circle, where the label is least in the way.
                    let anchors: Vec<Point> = (0..8)
                        .map(|k| {
                            let angle = std::f64::consts::FRAC_PI_2
                                + k as f64 * std::f64::consts::FRAC_PI_4;
                            Point::new(
                                centre.x + radius * angle.cos(),
                                centre.y - radius * angle.sin(),
                            )
                        })
                        .collect();
                    self.label_at(&anchors, label, style.ink());
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
                    self.label(
                        Point::new(from.x * 0.85 + to.x * 0.15, from.y * 0.85 + to.y * 0.15),
                        label,
                        style.ink(),
                    );
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

    pub fn segment(&mut self, from: Point, to: Point, style: Style) {
        let (colour, width) = style.stroke();
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
            r#"<circle cx="{}" cy="{}" r="3.5" fill="{colour}"/>"#,
            number(at.x),
            number(at.y)
        );
        self.label(at, name, colour);
    }

    pub fn goal_point(&mut self, point: Point, name: &str) {
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r##"<circle cx="{}" cy="{}" r="7" fill="none" stroke="#d62728" stroke-width="2.5"/>"##,
            number(at.x),
            number(at.y)
        );
        self.label(at, name, "#d62728");
    }

    pub fn node(&mut self, point: Point, name: &str) {
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r##"<circle cx="{}" cy="{}" r="8" fill="#1f77b4" stroke="#ffffff" stroke-width="1.5"/>"##,
            number(at.x),
            number(at.y)
        );
        self.label(at, name, "#1f77b4");
    }

    pub fn cross(&mut self, point: Point) {
        let at = self.to_picture(point);
        let _ = writeln!(
            self.front,
            r##"<path d="M {} {} l 10 10 m 0 -10 l -10 10" stroke="#d62728" stroke-width="2.5"/>"##,
            number(at.x - 5.0),
            number(at.y - 5.0)
        );
    }

    /// A label near `at`, on the side where it overlaps least.
    fn label(&mut self, at: Point, text: &str, colour: &str) {
        self.label_at(&[at], text, colour);
    }

    /// A label near one of `anchors`, wherever it overlaps least.
    fn label_at(&mut self, anchors: &[Point], text: &str, colour: &str) {
        if text.is_empty() || anchors.is_empty() {
            return;
        }
        let width = 7.5 * text.chars().count() as f64;
        let height = 14.0;
        let candidates = [
            (8.0, -8.0),
            (-8.0 - width, -8.0),
            (8.0, 8.0 + height),
            (-8.0 - width, 8.0 + height),
            (-width / 2.0, -12.0),
        ];
        let overlap = |(at, (x, y)): (Point, (f64, f64)), taken: &[(f64, f64, f64, f64)]| -> f64 {
            let (left, top, right, bottom) =
                (at.x + x, at.y + y - height, at.x + x + width, at.y + y);
            let outside = (0.0 - left).max(0.0)
                + (right - WIDTH).max(0.0)
                + (TITLE - top).max(0.0)
                + (bottom - HEIGHT).max(0.0);
            taken
                .iter()
                .map(|&(l, t, r, b)| {
                    ((right.min(r) - left.max(l)).max(0.0))
                        * ((bottom.min(b) - top.max(t)).max(0.0))
                })
                .sum::<f64>()
                + outside * 1000.0
        };
        let options: Vec<(Point, (f64, f64))> = anchors
            .iter()
            .flat_map(|&at| candidates.iter().map(move |&offset| (at, offset)))
            .collect();
        let (at, best) = options
            .iter()
            .copied()
            .min_by(|a, b| overlap(*a, &self.taken).total_cmp(&overlap(*b, &self.taken)))
            .unwrap_or(options[0]);
        let (x, y) = (at.x + best.0, at.y + best.1);
        self.taken.push((x, y - height, x + width, y));
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
            let dash = if *style == Style::Missing {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            };
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

    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n<g id=\"shapes\">\n{}</g>\n<g id=\"points\">\n{}</g>\n<g id=\"labels\">\n{}</g>\n<g id=\"legend\">\n{}</g>\n</svg>\n",
            self.shapes,
            self.front,
            self.labels,
            self.legend()
        )
    }
}
