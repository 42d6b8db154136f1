//! Points dropped anywhere (`any(…)`): random instances move them across
//! their whole object within the figure — on shifted and scaled figures
//! alike — and a construction that relies on where one was declared fails.

use euc::analysis::{analyze, analyze_with};
use euc::geom::Point;
use euc::resolve::{Origin, ResolveOptions, Value};

/// Where `name` falls on the instances that move only dropped points.
fn drops(text: &str, name: &str, instances: usize) -> Vec<Point> {
    let analysis = analyze_with(
        text,
        &ResolveOptions {
            random_instances: instances,
            ..ResolveOptions::default()
        },
    );
    assert!(!analysis.has_errors(), "{:#?}", analysis.diagnostics);
    let problem = &analysis.scene().problems[0];
    problem
        .instances
        .iter()
        .filter_map(|instance| match &instance.origin {
            Origin::Dropped { points } => {
                points
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| match v {
                        Value::Point(point) => *point,
                        other => panic!("not a point: {other:?}"),
                    })
            }
            _ => None,
        })
        .collect()
}

/// A figure and its copy moved by `shift` and scaled by `scale`.
fn figure(shift: (f64, f64), scale: f64, dropped: &str) -> String {
    let at = |x: f64, y: f64| format!("({}, {})", shift.0 + x * scale, shift.1 + y * scale);
    format!(
        "point A = {}\npoint B = {}\npoint C = {}\nsegment s = segment(A, B)\nray r = ray(A, C)\ncircle k = circle(C, {})\nline l = line(A, C)\npoint D = {dropped}\nsolve s1 {{\n  goal M = midpoint(A, B)\n}}\n",
        at(0.0, 0.0),
        at(4.0, 0.0),
        at(1.0, 3.0),
        scale,
    )
}

#[test]
fn dropped_points_spread_over_their_whole_object() {
    for (shift, scale) in [
        ((0.0, 0.0), 1.0),
        ((50.0, -25.0), 1.0),
        ((3.0, 7.0), 0.01),
        ((-1e4, 2e4), 1e3),
    ] {
        let size = 4.0 * scale;
        let (a, b) = (
            Point::new(shift.0, shift.1),
            Point::new(shift.0 + size, shift.1),
        );
        // On the segment: from near one end to near the other, never beyond.
        let on_segment = drops(
            &figure(shift, scale, &format!("any(s, {})", scale)),
            "D",
            200,
        );
        assert_eq!(on_segment.len(), 200);
        let along: Vec<f64> = on_segment
            .iter()
            .map(|p| (p.x - a.x) / (b.x - a.x))
            .collect();
        assert!(
            on_segment.iter().all(|p| (p.y - a.y).abs() < 1e-9 * size),
            "{shift:?} {scale}"
        );
        let (low, high) = along
            .iter()
            .fold((1.0f64, 0.0f64), |(l, h), t| (l.min(*t), h.max(*t)));
        assert!(
            (0.09..0.2).contains(&low) && high > 0.8 && high <= 0.91,
            "{low} {high} at {shift:?} {scale}"
        );
        // On the circle: every quadrant.
        let on_circle = drops(&figure(shift, scale, "any(k, 1)"), "D", 200);
        let centre = Point::new(shift.0 + scale, shift.1 + 3.0 * scale);
        let mut quadrants = [false; 4];
        for p in &on_circle {
            assert!(((p.dist(centre)) - scale).abs() < 1e-9 * size);
            quadrants[usize::from(p.x > centre.x) * 2 + usize::from(p.y > centre.y)] = true;
        }
        assert!(quadrants.iter().all(|q| *q), "{shift:?} {scale}");
        // On the ray and the line: within the figure, the ray only ahead of A.
        for (object, forward_only) in [("r", true), ("l", false)] {
            let points = drops(
                &figure(shift, scale, &format!("any({object}, {})", scale)),
                "D",
                100,
            );
            let ahead: Vec<f64> = points.iter().map(|p| (p.y - a.y) / (3.0 * scale)).collect();
            assert!(
                ahead.iter().all(|t| *t < 1.5 && *t > -1.5),
                "{object} {shift:?} {scale}: {ahead:?}"
            );
            if forward_only {
                assert!(ahead.iter().all(|t| *t > 0.0), "{object} {shift:?} {scale}");
            }
            let spread = ahead.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
                - ahead.iter().cloned().fold(f64::INFINITY, f64::min);
            assert!(spread > 0.5, "{object} {shift:?} {scale}: {spread}");
        }
        // In the plane: inside the figure's box (padded a little), spread out.
        let anywhere = drops(
            &figure(
                shift,
                scale,
                &format!("any({})", figure_point(shift, scale)),
            ),
            "D",
            200,
        );
        let xs: Vec<f64> = anywhere.iter().map(|p| (p.x - shift.0) / scale).collect();
        let ys: Vec<f64> = anywhere.iter().map(|p| (p.y - shift.1) / scale).collect();
        let span = |v: &[f64]| {
            v.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
                - v.iter().cloned().fold(f64::INFINITY, f64::min)
        };
        assert!(
            xs.iter().all(|x| (-1.5..=5.5).contains(x))
                && ys.iter().all(|y| (-1.5..=5.5).contains(y)),
            "{shift:?} {scale}"
        );
        assert!(span(&xs) > 3.0 && span(&ys) > 3.0, "{shift:?} {scale}");
    }
}

fn figure_point(shift: (f64, f64), scale: f64) -> String {
    format!("({}, {})", shift.0 + 2.0 * scale, shift.1 + scale)
}

/// A construction that relies on where a dropped point was declared is
/// E0406, and the example level passes on all of its instances.
#[test]
fn a_construction_must_work_wherever_the_point_falls() {
    let text = super::read(&super::root().join("tests/fixtures/mistakes/depends-on-the-drop.euc"));
    let analysis = analyze(&text);
    assert!(
        analysis.diagnostics.iter().any(|d| d.code == "E0406"),
        "{:#?}",
        analysis.diagnostics
    );
    let text = super::read(&super::root().join("examples/euclidea/drop-perpendicular.euc"));
    let analysis = analyze(&text);
    assert_eq!(analysis.reports[0].status, euc::check::Status::Solved);
    assert_eq!(
        analysis.reports[0].instances, 5,
        "declared, 4 with the parameters moved; the drops are surveyed apart"
    );
    let share = analysis.reports[0].drops.expect("a survey of the drops");
    assert_eq!((share.works, share.of), (1000, 1000));
}

/// The share of drops where a construction works is told, the same for the
/// same file, whatever else is in it: Napoleon's six circles with both
/// helper points dropped anywhere on the circle work for about 82 % of
/// drops (the two must be far enough apart): W0005, and the block passes.
/// Under half is E0406.
#[test]
fn check_tells_the_share_of_drops_where_a_construction_works() {
    let text = super::read(&super::root().join("examples/dropped-share.euc"));
    let analysis = analyze(&text);
    let report = &analysis.reports[0];
    assert_eq!(report.status, euc::check::Status::Solved);
    let share = report.drops.expect("a survey of the drops");
    assert_eq!(share.of, 1000);
    assert!((700..950).contains(&share.works), "{share:?}");
    let warning = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == "W0005")
        .expect("W0005");
    assert!(
        warning.message.contains(&share.describe()),
        "{}",
        warning.message
    );
    // Deterministic: the same text, or the text with an unrelated block
    // after it, gives the same share.
    assert_eq!(analyze(&text).reports[0].drops, Some(share));
    let more = format!("{text}\nsolve other {{\n  goal Q = center(k)\n}}\n");
    assert_eq!(analyze(&more).reports[0].drops, Some(share));
    // The JSON summary carries it.
    let json = serde_json::to_value(report).unwrap();
    assert_eq!(json["drops"]["works"], share.works);
    assert_eq!(json["drops"]["of"], 1000);
}

/// Hover on a dropped point says it moves across its whole object.
#[test]
fn hover_says_a_point_is_dropped_anywhere() {
    let text = figure((0.0, 0.0), 1.0, "any(s, 1)");
    let analysis = analyze(&text);
    let offset = text.find("point D").unwrap() + "point ".len();
    let hover = euc::ide::hover(&analysis, offset).expect("a hover on D");
    assert!(hover.text.contains("dropped anywhere"), "{}", hover.text);
    assert!(!hover.text.contains("a parameter"), "{}", hover.text);
}

/// A step may drop a point on an object the construction drew: no move,
/// where declared on the declared instance, anywhere on its object on the
/// survey; one declared at the only place that works is E0406.
#[test]
fn a_point_dropped_on_the_drawing_is_surveyed() {
    let text = super::read(&super::root().join("examples/drop-on-drawing.euc"));
    let analysis = analyze(&text);
    let report = &analysis.reports[0];
    assert_eq!(report.status, euc::check::Status::Solved);
    assert_eq!(report.moves, 4, "the drop is no move");
    let share = report.drops.expect("a survey of the drop");
    assert!(share.works >= 990, "{share:?}");
    let text = super::read(
        &super::root().join("tests/fixtures/mistakes/depends-on-a-drop-on-the-drawing.euc"),
    );
    let analysis = analyze(&text);
    let error = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == "E0406")
        .expect("E0406");
    assert!(error.message.contains("`M`"), "{}", error.message);
    assert_eq!(analysis.reports[0].drops.map(|share| share.works), Some(0));
}

mod board {
    use euc::analysis::analyze;
    use euc::check::Status;
    use euc::door::board::{construction_state, play_move, Move};
    use euc::edit::apply_edits;
    use euc::geom::Point;
    use euc::resolve::StepOp;

    /// A block's construction played move by move on the construction board
    /// (the core of `euc play` and the editor's board): each line or circle
    /// is clicked through the board's points where the steps have them (names,
    /// or crossings the move names itself). Returns the text, or `None` when a
    /// step is not a line, circle or crossing.
    fn clicked(text: &str, block: usize) -> Option<String> {
        let analysis = analyze(text);
        let problem = &analysis.scene().problems[block];
        let replay = analysis.reports[block].replay.as_ref()?;
        let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
        let mut current = apply_edits(text, &euc::edit::remove_steps(text, &spans));
        for step in &problem.steps {
            let (tool, points) = match step.op {
                StepOp::Line(a, b) => ("line", [a, b]),
                StepOp::Circle(a, b) => ("circle", [a, b]),
                StepOp::Meet(..) | StepOp::Pick { .. } => continue,
                _ => return None,
            };
            let analysis = analyze(&current);
            let shown = construction_state(
                &current,
                analysis.scene(),
                block,
                &analysis.reports[block],
                &analysis.diagnostics,
            )
            .ok()?;
            let args: Vec<String> = points
                .iter()
                .map(|&index| {
                    let at = replay.points[index] * problem.unit;
                    let found = shown
                        .points
                        .iter()
                        .find(|p| Point::new(p.x, p.y).dist(at) < 1e-9 * problem.unit)
                        .expect("the board offers every point the steps use");
                    found.id.clone()
                })
                .collect();
            let played = Move {
                tool: tool.to_string(),
                args,
                at: None,
                version: None,
            };
            let scene = analysis.scene();
            let done = play_move(&current, scene, &scene.problems[block], &played).ok()?;
            current = apply_edits(&current, &done.edits);
        }
        Some(current)
    }

    /// The game's own solutions of its levels with a point dropped
    /// anywhere, clicked move by move, pass `check` for as many drops as
    /// the examples do: a crossing is named by where it lies (`other`,
    /// `nearer`), not by its place in the canonical order, which swaps as
    /// the drop goes round (the board once wrote `_, P1 = k & c1`, said
    /// "Solved!" on 2.8 and left a file `check` fails, E0406).
    #[test]
    fn levels_with_drops_played_click_by_click_pass_check() {
        let folder = super::super::root().join("examples/euclidea");
        let mut played = 0;
        let mut paths: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let text = super::super::read(&path);
            let analysis = analyze(&text);
            for (block, report) in analysis.reports.iter().enumerate() {
                let Some(share) = report.drops else { continue };
                if report.status != Status::Solved {
                    continue;
                }
                let Some(done) = clicked(&text, block) else {
                    continue;
                };
                let after = analyze(&done);
                let again = &after.reports[block];
                assert_eq!(again.status, Status::Solved, "{}\n{done}", path.display());
                let works = again.drops.expect("surveyed").works;
                assert!(
                    works >= share.works,
                    "{} drops of {}, the example's {}\n{done}",
                    works,
                    share.of,
                    share.works
                );
                played += 1;
            }
        }
        assert!(played >= 10, "{played} levels played");
    }
}
