//! The solver: the seed's examples at the seed's lengths, masks, limits,
//! general constructions only, line and circle goals, step and time limits,
//! cancellation, degenerate geometry, and agreement with the plain search.

use euc::analysis::analyze;
use euc::check::Status;
use euc::edit::{apply_edits, construction_to_lines, fill_block};
use euc::resolve::Problem;
use euc::solve::construction::Construction;
use euc::solve::mask::{mask_matches, Draw};
use euc::solve::search::{
    search, Budget, Outcome, Progress, SearchOptions, Stats, Stop, Techniques, Unlimited,
};
use proptest::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

fn options(max_moves: usize) -> SearchOptions {
    SearchOptions {
        max_moves,
        ..SearchOptions::default()
    }
}

/// Solves the first block of `text` and returns the construction and the
/// file with the block filled in (which must pass `euc check`).
fn solve_text(text: &str, max_moves: usize) -> (Outcome, String) {
    let analysis = analyze(text);
    assert!(!analysis.has_errors(), "{:#?}", analysis.diagnostics);
    let problem = &analysis.scene().searchable(0);
    let (outcome, _) = search(problem, &options(max_moves), &Unlimited);
    let filled = match &outcome {
        Outcome::Found(construction) => fill(text, analysis.scene(), problem, construction),
        _ => text.to_string(),
    };
    (outcome, filled)
}

fn fill(
    text: &str,
    scene: &euc::resolve::Scene,
    problem: &Problem,
    construction: &Construction,
) -> String {
    let lines = construction_to_lines(scene, problem, construction);
    let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
    apply_edits(text, &fill_block(text, problem, &spans, &lines))
}

fn assert_checks(filled: &str) {
    let analysis = analyze(filled);
    assert!(
        !analysis.has_errors(),
        "{filled}\n{:#?}",
        analysis.diagnostics
    );
    assert!(
        analysis
            .reports
            .iter()
            .all(|r| r.status == euc::check::Status::Solved),
        "{filled}"
    );
}

fn draws(outcome: &Outcome) -> Vec<Draw> {
    match outcome {
        Outcome::Found(construction) => construction.draws.iter().map(|d| d.draw).collect(),
        other => panic!("expected a construction, got {other:?}"),
    }
}

#[test]
fn seed_examples_at_the_seed_lengths() {
    for (file, moves) in [
        ("solve-midpoint.euc", 6),
        ("solve-napoleon.euc", 6),
        ("solve-third-proportional.euc", 3),
    ] {
        let text = super::read(&super::root().join("examples").join(file));
        let (outcome, filled) = solve_text(&text, 8);
        assert_eq!(draws(&outcome).len(), moves, "{file}");
        assert_checks(&filled);
        insta::assert_snapshot!(format!("solution-{file}"), filled);
    }
}

const EQUILATERAL: &str =
    "point A = (0, 0)\npoint B = (1, 0.1)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  MASK\n}\n";

#[test]
fn each_mask_token_forces_what_it_says() {
    use Draw::{Circle as C, Line as L};
    for (mask, expected) in [
        ("mask **", Some(vec![C, C])),
        ("mask * *", Some(vec![C, C])),
        ("mask circle circle", Some(vec![C, C])),
        ("mask circle**", Some(vec![C, C])),
        ("mask line **", Some(vec![L, C, C])),
        ("mask circle** line", Some(vec![C, C, L])),
        ("mask line**", None),
        ("mask circle", None),
        ("mask line circle", None),
    ] {
        let text = EQUILATERAL.replace("MASK", mask);
        let (outcome, filled) = solve_text(&text, 4);
        match expected {
            Some(expected) => {
                assert_eq!(draws(&outcome), expected, "{mask}");
                let analysis = analyze(&text);
                let problem = &analysis.scene().problems[0];
                assert!(mask_matches(&problem.mask, &expected));
                assert_checks(&filled);
            }
            None => assert!(
                matches!(outcome, Outcome::Exhausted { .. }),
                "{mask}: {outcome:?}"
            ),
        }
    }
}

const COPY_CIRCLE: &str = "point C1 = (0, 0)\npoint X = (0.9, 0.7)\ncircle k = circle(C1, X)\npoint C2 = (3.1, 1.2)\nsolve copy {\n  goal m = circle(C2, dist(C1, X))\n  tools compass perpendicular\n  count l\n  MASK\n}\n";

#[test]
fn a_mask_part_may_choose_among_tools_and_objects() {
    use euc::tools::Tool;
    use Draw::Circle as C;
    let compass = Draw::Tool(Tool::Compass);
    for (mask, expected) in [
        ("mask (circle | compass)**", Some(vec![compass])),
        ("mask compass**", Some(vec![compass])),
        ("mask (circle | compass)", Some(vec![compass])),
        ("mask circle**", Some(vec![C, C, C, C])),
        // With a space the stars are a part of their own: one compass use,
        // then anything (none here).
        ("mask compass **", Some(vec![compass])),
        ("mask (line | perpendicular)**", None),
    ] {
        let text = COPY_CIRCLE.replace("MASK", mask);
        let (outcome, filled) = solve_text(&text, 4);
        match expected {
            Some(expected) => {
                assert_eq!(draws(&outcome), expected, "{mask}");
                assert_checks(&filled);
            }
            None => assert!(
                matches!(outcome, Outcome::Exhausted { .. }),
                "{mask}: {outcome:?}"
            ),
        }
    }
}

#[test]
fn the_solver_takes_the_point_where_two_circles_touch() {
    // Two given circles touch at a point that is not given: the line from
    // it to C is one move, as in the game, and the answer names the point
    // with `touch`.
    let text = "let t = 0.4\npoint A = (0, 0)\npoint B = (3, 0.5)\npoint C = (1, 2)\nlet X0 = A + (B - A) * t\ncircle ca = circle(A, X0)\ncircle cb = circle(B, X0)\nsolve s {\n  goal l = line(X0, C)\n}\n";
    let (outcome, filled) = solve_text(text, 2);
    assert_eq!(draws(&outcome), vec![Draw::Line]);
    assert!(filled.contains("= touch(ca, cb)"), "{filled}");
    assert_checks(&filled);
}

/// With points dropped anywhere the solver answers by `check`'s rule: a
/// construction that works for the declared drop and for at least half of
/// the surveyed ones (Napoleon's six circles work for about 82 %).
#[test]
fn the_solver_takes_a_construction_that_works_for_most_drops() {
    let text = super::read(&super::root().join("examples/dropped-share.euc"));
    let end = text.find("  c1 = circle(A, B)").unwrap();
    let stripped = format!("{}}}\n", &text[..end]);
    let (outcome, filled) = solve_text(&stripped, 6);
    assert_eq!(draws(&outcome).len(), 6);
    assert_checks(&filled);
}

/// With `tools drop` the solver may drop a point on a circle it drew, at
/// no cost: the tangent at X to the circle about C through X, in 4 moves
/// instead of 5, written with `any(…)` and the crossings it names by where
/// they lie (so it works for nearly every drop).
#[test]
fn the_solver_drops_a_point_on_what_it_drew() {
    let plain = "point C = (0, 0)\npoint X = (1.7, 0.9)\nsolve tangent {\n  goal m = line(X, rotate(C, X, 90deg))\n}\n";
    let (outcome, _) = solve_text(plain, 4);
    assert!(matches!(outcome, Outcome::Exhausted { .. }), "{outcome:?}");
    let dropping = plain.replace("90deg))\n", "90deg))\n  tools drop\n");
    let (outcome, filled) = solve_text(&dropping, 4);
    assert_eq!(draws(&outcome).len(), 4);
    assert!(filled.contains("= any(c1, "), "{filled}");
    assert_checks(&filled);
    let share = analyze(&filled).reports[0].drops.expect("surveyed");
    assert!(share.works >= 990, "{share:?}");
}

/// Euclidea 3.7 in its 2 L: a perpendicular at the vertex, a point dropped
/// on it, the bisector of the right angle. The search drops a point on
/// every line at a place of its own: dropped alike on the ray and on the
/// perpendicular, the two drops lay at one distance from the vertex, and
/// the perpendicular bisector of the two — the 45° line there by chance,
/// and a cheaper move than the angle bisector — hid the answer.
#[test]
fn the_solver_bisects_an_angle_at_a_point_it_dropped() {
    let text = "point A = (0, 0)\nlet U = (1, 0.2)\nray r = ray(A, U)\npoint P = any(r, 1)\n\
        solve fortyfive {\n  goal m = ray(A, rotate(U, A, 45deg)) | ray(A, rotate(U, A, -45deg))\n\
        tools perp_bisector perpendicular parallel angle_bisector compass drop\n  count l\n}\n";
    let (outcome, filled) = solve_text(text, 2);
    let Outcome::Found(construction) = &outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(construction.moves(), 2, "{filled}");
    assert!(filled.contains("angle_bisector(P, A, "), "{filled}");
    assert_checks(&filled);
}

const MIDPOINT: &str = "point A = (-1, 0)\npoint B = (1, 0)\nsolve midpoint {\n  goal M = midpoint(A, B)\n  mask circle**\n  IGNORE\n}\n";

#[test]
fn ignore_max_drops_far_points() {
    // The six-circle midpoint uses the point (3, 0): with every point farther
    // than 2.5 from the origin ignored, there is no six-circle answer.
    let (outcome, filled) = solve_text(&MIDPOINT.replace("IGNORE", "ignore max 3.5"), 6);
    assert_eq!(draws(&outcome).len(), 6);
    assert_checks(&filled);
    let (outcome, _) = solve_text(&MIDPOINT.replace("IGNORE", "ignore max 2.5"), 6);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 6 });
}

#[test]
fn ignore_min_drops_points_near_known_ones() {
    let (outcome, _) = solve_text(&MIDPOINT.replace("IGNORE", "ignore min 10"), 6);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 6 });
}

#[test]
fn a_coincidental_construction_is_rejected_for_a_general_one() {
    // On the declared coordinates B is already the midpoint of A and C.
    let text = "point A = (0, 0)\npoint B = (1, 0)\npoint C = (2, 0)\nsolve s {\n  goal M = midpoint(A, C)\n}\n";
    let (outcome, filled) = solve_text(text, 5);
    assert!(draws(&outcome).len() >= 2, "{filled}");
    assert_checks(&filled);
}

#[test]
fn goal_line_and_goal_circle() {
    let line = "point A = (0, 0)\npoint B = (1.2, 0.3)\nsolve s {\n  goal m = line(midpoint(A, B), rotate(B, midpoint(A, B), 90deg))\n}\n";
    let (outcome, filled) = solve_text(line, 4);
    assert_eq!(draws(&outcome), [Draw::Circle, Draw::Circle, Draw::Line]);
    assert!(
        filled.contains("  m = line("),
        "the goal's name binds the line:\n{filled}"
    );
    assert_checks(&filled);

    let circle =
        "point A = (0, 0)\npoint B = (1, 0.2)\nsolve s {\n  goal k = circle(B + (B - A), A)\n}\n";
    let (outcome, filled) = solve_text(circle, 4);
    assert_eq!(draws(&outcome).len(), 3);
    assert!(filled.contains("  k = circle("), "{filled}");
    assert_checks(&filled);
}

/// Found by a random search: with one order per set of objects, `ignore min`
/// kept the point X = circle(C, A) ∩ l (drawn first) and dropped the nearby Y
/// the answer needs; the first release reported "none with at most 5 moves".
#[test]
fn ignore_min_tries_every_order() {
    let text = "point A = (0.8695726301521063, -0.14101048558950424)
point B = (-0.7061798386275768, -1.2124390862882137)
point C = (0.2759662698954344, -0.00032814033329486847)
line l = line(A, B)
let Y1, Y2 = circle(A, C) & l
let G1, G2 = circle(Y2, C) & circle(C, A)
solve s {
  goal G = G2
  ignore min 0.27755874607831454
}
";
    let (outcome, filled) = solve_text(text, 5);
    assert_eq!(draws(&outcome).len(), 3, "{filled}");
    assert_checks(&filled);
}

/// The perpendicular bisector written as two goals is one line: 3 moves.
#[test]
fn goals_that_are_the_same_object_count_once() {
    let text = "point A = (-1, 0.2)\npoint B = (1.3, -0.4)\nsolve s {
  goal m = line(midpoint(A, B), rotate(B, midpoint(A, B), 90deg))
  goal n = line(rotate(A, midpoint(A, B), 90deg), midpoint(A, B))
}
";
    let (outcome, filled) = solve_text(text, 5);
    assert_eq!(draws(&outcome).len(), 3, "{filled}");
    assert_checks(&filled);
}

/// A line goal that is a setup line is reached with no move, and `check`
/// agrees that the block needs no steps.
#[test]
fn a_goal_already_drawn_needs_no_move() {
    let text = "point A = (-1, 0.2)\npoint B = (1.3, -0.4)\nline l = line(A, B)\nsolve s {\n  goal m = line(B, A)\n}\n";
    let (outcome, filled) = solve_text(text, 3);
    assert_eq!(draws(&outcome).len(), 0);
    assert_checks(&filled);
}

/// A segment meets other objects only between its ends: doubling a given
/// segment takes the full line through it first (a move, as in the game),
/// where a given full line lets one circle do it.
#[test]
fn a_segment_meets_nothing_beyond_its_ends() {
    let problem = |kind: &str| {
        format!(
            "point A = (0.2, 0.1)\npoint B = (1.7, 0.6)\n{kind} s = {kind}(A, B)\nsolve s2 {{\n  goal D = A * 2 - B\n}}\n"
        )
    };
    let (outcome, filled) = solve_text(&problem("line"), 3);
    assert_eq!(draws(&outcome), [Draw::Circle], "{filled}");
    let (outcome, filled) = solve_text(&problem("segment"), 3);
    assert_eq!(draws(&outcome).len(), 2, "{filled}");
    assert!(
        filled.contains("line(A, B)") || filled.contains("line(B, A)"),
        "{filled}"
    );
    assert_checks(&filled);
    // A ray from A through B does not reach D either; from B through A it does.
    let (outcome, _) = solve_text(&problem("ray"), 3);
    assert_eq!(draws(&outcome).len(), 2);
    let reversed = problem("ray").replace("ray(A, B)", "ray(B, A)");
    let (outcome, filled) = solve_text(&reversed, 3);
    assert_eq!(draws(&outcome), [Draw::Circle], "{filled}");
    assert_checks(&filled);
}

/// A segment goal is reached by the full line through it.
#[test]
fn a_segment_goal_is_reached_by_its_line() {
    let text =
        "point A = (-1, 0.2)\npoint B = (1.3, -0.4)\nsolve s {\n  goal m = segment(A, B)\n}\n";
    let (outcome, filled) = solve_text(text, 2);
    assert_eq!(draws(&outcome), [Draw::Line], "{filled}");
    assert_checks(&filled);
}

/// Intersections of two setup objects are usable points, as in `check`.
#[test]
fn intersections_of_setup_objects_are_usable() {
    let text = "point A = (0.3, 1.2)
line l1 = line((0, 0), (1, 0.1))
line l2 = line((0.2, -1), (0.1, 1))
solve s {
  goal k = circle(l1 & l2, A)
}
";
    let (outcome, filled) = solve_text(text, 3);
    assert_eq!(draws(&outcome), [Draw::Circle], "{filled}");
    assert!(filled.contains("= l1 & l2"), "{filled}");
    assert_checks(&filled);
}

#[test]
fn the_step_limit_ends_the_search() {
    let text = super::read(&super::root().join("examples/solve-napoleon.euc"));
    let (outcome, _) = solve_text(&text, 5);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 5 });
}

struct CancelAfter<'a> {
    flag: &'a AtomicBool,
}

impl Budget for CancelAfter<'_> {
    fn stop(&self) -> Option<Stop> {
        self.flag.load(Ordering::Relaxed).then_some(Stop::Cancelled)
    }
    fn progress(&self, _: &Progress) {}
}

#[test]
fn cancellation_stops_a_running_search() {
    // Proving that no construction of 9 moves exists takes hours; a
    // cancelled search comes back as soon as it next looks at its budget.
    let text = super::read(&super::root().join("benches/no-short-solution.euc"));
    let analysis = analyze(&text);
    let problem = &analysis.scene().problems[0];
    let flag = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        let search = scope.spawn(|| search(problem, &options(9), &CancelAfter { flag: &flag }).0);
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
        search.join().expect("the search thread ends")
    });
    assert!(
        matches!(
            outcome,
            Outcome::Stopped {
                stop: Stop::Cancelled,
                ..
            }
        ),
        "{outcome:?}"
    );
}

/// Says "out of time" from its `calls`-th question on, and remembers how
/// many constructions had been examined when it first did.
struct StopAfter {
    calls: std::sync::atomic::AtomicUsize,
    limit: usize,
    seen: std::sync::atomic::AtomicU64,
    at_stop: std::sync::atomic::AtomicU64,
}

impl Budget for StopAfter {
    fn stop(&self) -> Option<Stop> {
        let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if calls == self.limit {
            self.at_stop
                .store(self.seen.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        (calls >= self.limit).then_some(Stop::OutOfTime)
    }
    fn progress(&self, progress: &Progress) {
        self.seen.fetch_max(progress.examined, Ordering::Relaxed);
    }
}

/// Exact stops, counted rather than timed: once the budget says stop, every
/// thread stops within its next check (about a thousand constructions, a
/// millisecond or two), however many subtrees remain to start.
#[test]
fn a_stop_is_obeyed_within_one_check_on_every_thread() {
    let text = super::read(&super::root().join("benches/no-short-solution.euc"));
    let analysis = analyze(&text);
    let problem = &analysis.scene().problems[0];
    for threads in [1, 2, 4] {
        let budget = StopAfter {
            calls: Default::default(),
            limit: 200,
            seen: Default::default(),
            at_stop: Default::default(),
        };
        let options = SearchOptions {
            threads,
            ..options(9)
        };
        let (outcome, stats) = search(problem, &options, &budget);
        assert!(
            matches!(
                outcome,
                Outcome::Stopped {
                    stop: Stop::OutOfTime,
                    ..
                }
            ),
            "{outcome:?}"
        );
        let after = stats.examined() - budget.at_stop.load(Ordering::Relaxed);
        assert!(
            after <= 2 * 1024 * (threads as u64 + 1),
            "{threads} threads went on for {after} constructions after the stop"
        );
    }
}

/// Says "out of time" once the search has reported `threshold`
/// constructions, and remembers the count it had seen then.
struct StopAtCount {
    threshold: u64,
    seen: std::sync::atomic::AtomicU64,
    at_stop: std::sync::atomic::AtomicU64,
}

impl Budget for StopAtCount {
    fn stop(&self) -> Option<Stop> {
        let seen = self.seen.load(Ordering::Relaxed);
        if seen < self.threshold {
            return None;
        }
        let _ = self
            .at_stop
            .compare_exchange(u64::MAX, seen, Ordering::Relaxed, Ordering::Relaxed);
        Some(Stop::OutOfTime)
    }
    fn progress(&self, progress: &Progress) {
        self.seen.fetch_max(progress.examined, Ordering::Relaxed);
    }
}

/// Exact stops where every subtree is small: the incircle as an either-or
/// goal costs tens of microseconds a construction, and its 7-move length
/// splits into subtrees of a few hundred constructions. Each thread's count
/// carries over from subtree to subtree, so the clock is still read and the
/// progress still reported (issue: time limits seconds late with `-j 2`).
#[test]
fn a_stop_is_obeyed_where_every_subtree_is_small() {
    let text = super::read(&super::root().join("tests/fixtures/solve/incircle-either-or.euc"));
    let analysis = analyze(&text);
    let problem = &analysis.scene().problems[0];
    // Everything up to 6 moves, so that the stop falls inside length 7
    // (the exact search alone: no quick first answer before it).
    let exact = |max_moves| SearchOptions {
        first_answer: false,
        ..options(max_moves)
    };
    let (outcome, stats) = search(problem, &exact(6), &Unlimited);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 6 });
    for threads in [1, 2, 3] {
        let budget = StopAtCount {
            threshold: stats.examined() + 1,
            seen: Default::default(),
            at_stop: std::sync::atomic::AtomicU64::new(u64::MAX),
        };
        let options = SearchOptions {
            threads,
            ..exact(7)
        };
        let (outcome, stopped) = search(problem, &options, &budget);
        assert!(
            matches!(
                outcome,
                Outcome::Stopped {
                    stop: Stop::OutOfTime,
                    searched: 6,
                    best: None,
                }
            ),
            "{threads} threads: {outcome:?}"
        );
        let after = stopped.examined() - budget.at_stop.load(Ordering::Relaxed);
        assert!(
            after <= 2 * 256 * (threads as u64 + 1),
            "{threads} threads went on for {after} constructions after the stop"
        );
    }
}

#[test]
fn parallel_lines_never_meet_at_the_origin() {
    // A NaN intersection that hashed like (0, 0) would "reach" this goal.
    let text = "point A = (1, 1)\npoint B = (2, 1)\npoint C = (1, 2)\npoint D = (2, 2)\nsolve s {\n  goal O = (0, 0) + A - A\n  mask line**\n}\n";
    let (outcome, _) = solve_text(text, 2);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 2 });
}

#[test]
fn tangent_points_are_not_used() {
    // line(A, B) touches circle(O, P) at (0, 1), the goal: not a robust point.
    let text = "point O = (0, 0)\npoint P = (1, 0)\npoint A = (-1, 1)\npoint B = (1, 1)\nsolve s {\n  goal T = (x(A) + x(B)) / 2 * (1, 0) + (0, y(A))\n}\n";
    let (outcome, _) = solve_text(text, 2);
    assert_eq!(outcome, Outcome::Exhausted { max_moves: 2 });
}

#[test]
fn circles_touching_from_inside_give_no_point() {
    let text = "point O = (0, 0)\npoint P = (1, 0)\npoint Q = (2, 0)\ncircle big = circle(O, Q)\nsolve s {\n  goal T = Q + (0, 0) * x(P)\n  mask circle\n}\n";
    // circle(P, Q) touches `big` at Q from inside; Q is given, so the goal is
    // reached without drawing — and the tangency itself adds nothing.
    let (outcome, _) = solve_text(text, 1);
    assert!(
        matches!(outcome, Outcome::Found(ref c) if c.draws.is_empty()),
        "{outcome:?}"
    );
}

#[test]
fn infinite_coordinates_are_input_errors() {
    let analysis = analyze("point A = (1 / 0, 0)\nsolve s {\n  goal B = A\n}\n");
    assert!(
        analysis.diagnostics.iter().any(|d| d.code == "E0301"),
        "{:#?}",
        analysis.diagnostics
    );
    let (outcome, _) = search(&analysis.scene().problems[0], &options(3), &Unlimited);
    assert!(matches!(outcome, Outcome::Unsearchable(_)));
}

#[test]
fn answers_do_not_depend_on_threads() {
    let text = super::read(&super::root().join("examples/solve-napoleon.euc"));
    let analysis = analyze(&text);
    let problem = &analysis.scene().problems[0];
    let answers: Vec<Outcome> = [1, 2, 3, 8]
        .iter()
        .map(|&threads| {
            search(
                problem,
                &SearchOptions {
                    threads,
                    ..options(8)
                },
                &Unlimited,
            )
            .0
        })
        .collect();
    assert!(answers.windows(2).all(|pair| pair[0] == pair[1]));
}

/// Goals over three random points A, B, C: points, lines and circles, some
/// reachable in three moves, some not.
const TEMPLATES: &[&str] = &[
    "goal G = rotate(B, A, 60deg)",
    "goal G = A + (A - B)",
    "goal G = C + (B - A)",
    "goal G = reflect(C, line(A, B))",
    "goal G = A + (C - A) * (dist(A, B) / dist(A, C))",
    "goal G = midpoint(A, B)",
    "goal m = line(midpoint(A, B), rotate(B, midpoint(A, B), 90deg))",
    "goal m = line(C, C + (B - A))",
    "goal m = line(A, rotate(B, A, 90deg))",
    "goal k = circle(C, dist(A, B))",
    "goal k = circle(A + (A - B), B)",
    "goal k = circle(rotate(B, A, 60deg), C)",
    "goal m = line(A, rotate(B, A, 90deg))\n  goal n = line(rotate(B, A, -90deg), A)",
    "goal G = rotate(B, A, 60deg)\n  goal k = circle(A, C)",
];

/// What a problem may start with besides the three points.
const SETUPS: &[&str] = &[
    "",
    "line l = line(A, B)\n",
    "circle s = circle(C, A)\n",
    "segment l = segment(A, B)\n",
    "ray l = ray(B, C)\n",
];

/// A problem on three points A, B, C at `coordinates` (six numbers), with
/// `setup` before its one solve block and `block` (its lines) inside.
fn three_points(coordinates: &[f64], setup: &str, block: &str) -> String {
    format!(
        "point A = ({}, {})\npoint B = ({}, {})\npoint C = ({}, {})\n{setup}solve s {{\n{block}}}\n",
        coordinates[0], coordinates[1], coordinates[2], coordinates[3], coordinates[4], coordinates[5]
    )
}

/// A search on one thread: its outcome and how many constructions it
/// examined.
fn walk(problem: &Problem, techniques: Techniques, max_moves: usize) -> (Outcome, u64) {
    // The exact search alone: the quick first answer walks its own tree.
    let options = SearchOptions {
        max_moves,
        threads: 1,
        techniques,
        first_answer: false,
        ..SearchOptions::default()
    };
    let (outcome, stats) = search(problem, &options, &Unlimited);
    (outcome, stats.examined())
}

/// The shortest length with these techniques, up to three moves.
fn shortest(problem: &Problem, techniques: Techniques) -> Option<usize> {
    match outcome(problem, techniques, 3) {
        Outcome::Found(construction) => Some(construction.moves()),
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Every technique and bound, alone and together, only skips work: the
    /// shortest length is the plain search's.
    #[test]
    fn techniques_keep_the_shortest_length(
        template in proptest::sample::select(TEMPLATES),
        setup in proptest::sample::select(SETUPS),
        ignore_min in proptest::option::of(0.05f64..0.4),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let ignore = ignore_min.map_or(String::new(), |min| format!("  ignore min {min}\n"));
        let text = three_points(&coordinates, setup, &format!("  {template}\n{ignore}"));
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        let problem = &analysis.scene().problems[0];
        let plain = shortest(problem, Techniques::NONE);
        let first = Techniques::FIRST;
        for (name, techniques) in [
            ("all", Techniques::ALL),
            ("first release", first),
            ("prerequisites", Techniques { prerequisites: true, ..first }),
            ("idle objects", Techniques { idle_objects: true, ..first }),
            ("incremental", Techniques { incremental: true, ..first }),
            ("lookahead", Techniques { lookahead: true, ..first }),
            ("lookahead at two", Techniques { lookahead: true, lookahead_at_two: true, ..first }),
            ("on-goal spots", Techniques { prerequisites: true, on_goal_spots: true, ..first }),
            ("all but on-goal spots", Techniques { on_goal_spots: false, ..Techniques::ALL }),
            ("goal order", Techniques { goal_order: true, ..first }),
            ("all and goal order", Techniques { goal_order: true, ..Techniques::ALL }),
            ("mixed order", Techniques { mixed_order: true, ..first }),
            ("all but mixed order", Techniques { mixed_order: false, ..Techniques::ALL }),
            ("all but reordering", Techniques { merge_reorderings: false, ..Techniques::ALL }),
        ] {
            prop_assert_eq!(shortest(problem, techniques), plain, "{}\n{}", name, text);
        }
    }
}

proptest! {
    // Seeded, so that CI replays the same 32 figures: a random figure found
    // the open case below (`…_on_a_near_degenerate_figure`).
    #![proptest_config(ProptestConfig {
        cases: 32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed),
        ..ProptestConfig::default()
    })]

    /// The candidate lists walk the first release's tree, only faster: the
    /// same answer, and where no construction exists the same number of
    /// constructions examined (the tree `cargo bench --bench solve -- cost`
    /// divides by; a search that finds one stops at a different count, as
    /// the last move's checks are counted in another order). Goal lines
    /// and circles are among the templates, where the last move's pairs are
    /// listed from the goal's own points.
    #[test]
    fn the_candidate_lists_walk_the_scans_tree(
        template in proptest::sample::select(TEMPLATES),
        setup in proptest::sample::select(SETUPS),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let text = three_points(&coordinates, setup, &format!("  {template}\n"));
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        let problem = &analysis.scene().problems[0];
        let (scan, scanned) = walk(problem, Techniques::FIRST, 3);
        let (lists, listed) = walk(problem, Techniques { incremental: true, ..Techniques::FIRST }, 3);
        if matches!(scan, Outcome::Exhausted { .. }) {
            prop_assert_eq!(scanned, listed, "{}", text);
        }
        prop_assert_eq!(scan, lists, "{}", text);
    }
}

/// Open: on this figure (found by the test above with a random seed) the
/// candidate lists examine 389 constructions where the scan examines 379,
/// both finding nothing within 3 moves — the answers agree, the trees do
/// not. Not found yet: both paths share `State::apply`, so the difference
/// lies in the moves offered (a tolerance test made differently, or made at
/// build time and inherited).
#[test]
#[ignore = "open: the candidate lists examine 10 more constructions than the scan here"]
fn the_candidate_lists_walk_the_scans_tree_on_a_near_degenerate_figure() {
    let coordinates = [
        -0.5710092917278928,
        -0.23428426583872075,
        -0.44734810711837963,
        -0.2178888967628328,
        1.6047641622757391,
        0.0,
    ];
    let text = three_points(
        &coordinates,
        "line l = line(A, B)\n",
        "  goal G = reflect(C, line(A, B))\n",
    );
    let analysis = analyze(&text);
    let problem = &analysis.scene().problems[0];
    assert_eq!(
        walk(problem, Techniques::FIRST, 3).1,
        walk(
            problem,
            Techniques {
                incremental: true,
                ..Techniques::FIRST
            },
            3
        )
        .1
    );
}

/// The same on levels whose goals are lines and circles, searched in full
/// below their length and then to their answer.
#[test]
fn the_candidate_lists_walk_the_scans_tree_on_euclidea_levels() {
    // (level, its length, searched in full up to): trees of a few
    // thousand constructions, as the first release's scan is slow in a
    // debug build.
    for (name, length, below) in [
        ("examples/euclidea/circle-in-square.euc", 5, 4),
        ("examples/euclidea/chord-midpoint.euc", 4, 3),
        ("examples/euclidea/angle-60-through-point.euc", 4, 3),
        ("examples/euclidea/tangent-circle-through-point.euc", 6, 4),
        ("examples/euclidea/inscribed-circle.euc", 8, 4),
    ] {
        let text = super::read(&super::root().join(name));
        let analysis = analyze(&text);
        let problem = &analysis.scene().problems[0];
        let lists = Techniques {
            incremental: true,
            ..Techniques::FIRST
        };
        let scan = walk(problem, Techniques::FIRST, below);
        assert!(matches!(scan.0, Outcome::Exhausted { .. }), "{name}");
        assert_eq!(scan, walk(problem, lists, below), "{name}");
        if length > 5 {
            continue;
        }
        let found = walk(problem, Techniques::FIRST, length).0;
        assert!(
            matches!(&found, Outcome::Found(construction) if construction.moves() == length),
            "{name}"
        );
        assert_eq!(found, walk(problem, lists, length).0, "{name}");
    }
}

/// A goal circle about an older or a newer point than the one it passes,
/// and a goal line: the last move's pairs are listed from the goal's
/// points, and each must be the circle about the goal's centre.
#[test]
fn goal_objects_are_drawn_from_their_own_points() {
    for goal in [
        "circle(A, C)",
        "circle(C, A)",
        "line(C, B)",
        "circle(rotate(B, A, 60deg), C)",
    ] {
        let text = format!(
            "point A = (0.1, 0.2)\npoint B = (1.3, -0.4)\npoint C = (0.4, 1.1)\nsolve s {{\n  goal k = {goal}\n}}\n"
        );
        let analysis = analyze(&text);
        let problem = &analysis.scene().problems[0];
        let lists = Techniques {
            incremental: true,
            ..Techniques::FIRST
        };
        let found = outcome(problem, lists, 3);
        assert!(matches!(&found, Outcome::Found(_)), "{goal}");
        assert_eq!(found, outcome(problem, Techniques::FIRST, 3), "{goal}");
    }
}

/// Found by the incircle at 8 moves: two new points of a circle make a
/// chord through the goal circle's centre (here the common chord of two
/// circles bisecting AB); the lookahead once missed chords and dropped
/// the second circle, and the search answered 5 moves instead of 4.
#[test]
fn the_lookahead_keeps_a_chord_through_the_aim() {
    let text = "point A = (0.3, -1.2)\npoint B = (1.5, 0.4)\npoint C = (-0.7, 1.1)\n\
                line l = line(A, B)\nsolve s {\n  goal k = circle(midpoint(A, B), C)\n}\n";
    let analysis = analyze(text);
    let problem = &analysis.scene().problems[0];
    let without = Techniques {
        lookahead: false,
        ..Techniques::ALL
    };
    let found = outcome(problem, Techniques::ALL, 5);
    assert!(matches!(&found, Outcome::Found(construction) if construction.moves() == 4));
    assert_eq!(found, outcome(problem, without, 5));
}

/// Goals whose point or circle centre takes two objects of their own, so
/// that the lookahead drops moves at the lengths searched below.
const AIMED: &[&str] = &[
    "goal k = circle(midpoint(A, B), C)",
    "goal k = circle(reflect(C, line(A, B)), A)",
    "goal k = circle(A + (C - B), B)",
    "goal k = circle(rotate(B, A, 60deg), C)",
    "goal G = reflect(C, line(A, B))",
    "goal G = A + (C - B)",
    "goal G = midpoint(A, B)",
];

/// The outcome of the exact search up to `max_moves` with these
/// techniques. Without the quick first answer: it starts once a length has
/// examined enough constructions, a count the techniques change, so the
/// answer could come from it with one technique and not with another.
fn outcome(problem: &Problem, techniques: Techniques, max_moves: usize) -> Outcome {
    let options = SearchOptions {
        max_moves,
        threads: 1,
        techniques,
        first_answer: false,
        ..SearchOptions::default()
    };
    search(problem, &options, &Unlimited).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The lookahead drops only moves below which nothing is found: the
    /// search finds the same construction with it and without (a chord of
    /// a circle through two of its new points once slipped through).
    #[test]
    fn the_lookahead_changes_no_answer(
        template in proptest::sample::select(AIMED),
        setup in proptest::sample::select(SETUPS),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let without = Techniques { lookahead: false, ..Techniques::ALL };
        let not_at_two = Techniques { lookahead_at_two: false, ..Techniques::ALL };
        same_answer_without(template, setup, &coordinates, &[without, not_at_two])?;
    }
}

/// Either-or goals whose alternatives mirror each other in the line AB,
/// with C's mirror image D given too: the figure is symmetric.
const MIRRORED: &[&str] = &[
    "goal X = midpoint(A, C) | midpoint(A, D)",
    "goal k = circle(C, dist(A, B)) | circle(D, dist(A, B))",
    "goal X = C + (B - A) | D + (B - A)",
    "goal l = line(C, midpoint(A, B)) | line(D, midpoint(A, B))",
    "goal k = circle(A, C) | circle(A, D)",
];

/// Objects drawn at the start: none, a mirrored pair (the figure stays
/// symmetric), or one that helps only D's side (it does not).
const MIRROR_SETUPS: &[&str] = &[
    "",
    "circle m = circle(C, A)\ncircle m2 = circle(D, A)\n",
    "circle m = circle(D, A)\n",
    "line m = line(D, B)\n",
    "circle m = circle(D, B)\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A variant that mirrors an earlier one is left out only where every
    /// construction for it mirrors one for the earlier variant: the
    /// shortest length is the same with symmetry and without, on symmetric
    /// figures (where it leaves a variant out) and on figures made
    /// asymmetric by moving D (where it must not).
    #[test]
    fn symmetry_keeps_the_shortest_length(
        template in proptest::sample::select(MIRRORED),
        setup in proptest::sample::select(MIRROR_SETUPS),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
        moved in proptest::option::of(0.05f64..0.5),
    ) {
        let shift = moved.unwrap_or(0.0);
        let text = three_points(
            &coordinates,
            &format!("point D = 2 * project(C, line(A, B)) - C + ({shift}, 0)\n{setup}"),
            &format!("  {template}\n"),
        );
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        let problem = &analysis.scene().problems[0];
        let without = Techniques { symmetry: false, ..Techniques::ALL };
        let length = |techniques| match outcome(problem, techniques, 4) {
            Outcome::Found(construction) => Some(construction.moves()),
            _ => None,
        };
        prop_assert_eq!(length(Techniques::ALL), length(without), "{}", text);
    }
}

/// Whether the exact search up to 5 moves finds the same construction with
/// every technique as with each of `others`, on three points with this
/// goal and setup (a figure with errors is rejected). Both in the search's
/// own order: the mixed order takes two orders in turn, so a pruning that
/// leaves out a doomed move can change which of two equally short answers
/// comes first (`techniques_keep_the_shortest_length` checks its lengths).
fn same_answer_without(
    template: &str,
    setup: &str,
    coordinates: &[f64],
    others: &[Techniques],
) -> Result<(), TestCaseError> {
    let text = three_points(coordinates, setup, &format!("  {template}\n"));
    let analysis = analyze(&text);
    prop_assume!(!analysis.has_errors());
    let problem = &analysis.scene().problems[0];
    let own_order = |techniques| Techniques {
        mixed_order: false,
        ..techniques
    };
    let found = outcome(problem, own_order(Techniques::ALL), 5);
    for &techniques in others {
        prop_assert_eq!(
            &found,
            &outcome(problem, own_order(techniques), 5),
            "{}",
            text
        );
    }
    Ok(())
}

/// Goal lines and circles that take several moves, so that two moves
/// before the end they still lack the points they are drawn through.
const DRAWN_THROUGH: &[&str] = &[
    "goal m = line(midpoint(A, B), rotate(B, midpoint(A, B), 90deg))",
    "goal m = line(C, C + (B - A))",
    "goal m = line(C, reflect(C, line(A, B)))",
    "goal m = line(A, midpoint(B, C))",
    "goal k = circle(midpoint(A, B), A)",
    "goal k = circle(C, dist(A, B))",
    "goal k = circle(reflect(C, line(A, B)), A)",
    "goal m = line(A, midpoint(B, C))\n  goal n = line(B, midpoint(A, C))",
    "goal m = line(C, reflect(C, line(A, B)))\n  goal k = circle(midpoint(A, B), A)",
    "goal k = circle(A, B)\n  goal m = line(midpoint(A, B), C)",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Where no goal line or circle can be drawn yet, one move more is
    /// needed and, when that is tight, the next move must pass a point a
    /// goal lacks: this drops only moves below which nothing is found, so
    /// the construction is the same with it and without (one goal object
    /// or two).
    #[test]
    fn the_on_goal_spots_change_no_answer(
        template in proptest::sample::select(DRAWN_THROUGH),
        setup in proptest::sample::select(SETUPS),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let without = Techniques { on_goal_spots: false, ..Techniques::ALL };
        same_answer_without(template, setup, &coordinates, &[without])?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A segment or ray offers a subset of its line's points, and drawing
    /// the line over it is one move: the answer is never shorter than with
    /// the full line given, and what the solver finds passes `euc check`.
    #[test]
    fn segments_never_shorten_an_answer(
        template in proptest::sample::select(TEMPLATES),
        kind in proptest::sample::select(&["segment", "ray"][..]),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let text = |kind: &str| three_points(&coordinates, &format!("{kind} l = {kind}(A, B)\n"), &format!("  {template}\n"));
        let (line, part) = (analyze(&text("line")), analyze(&text(kind)));
        prop_assume!(!line.has_errors() && !part.has_errors());
        let with_line = shortest(&line.scene().problems[0], Techniques::ALL);
        let (found, filled) = solve_text(&text(kind), 3);
        let with_part = match &found {
            Outcome::Found(construction) => Some(construction.moves()),
            _ => None,
        };
        prop_assert!(
            with_part.is_none() || with_line.is_some_and(|line| line <= with_part.unwrap_or(0)),
            "{:?} with the line, {:?} with the {}\n{}", with_line, with_part, kind, filled
        );
        if with_part.is_some() {
            assert_checks(&filled);
        }
    }
}

/// An either-or goal is reached by whichever alternative is shorter, and
/// the answer binds the goal's name to it.
#[test]
fn an_either_or_goal_takes_the_shorter_alternative() {
    let text = "point A = (0.1, 0.2)\npoint B = (1.3, -0.4)\nsolve s {\n  goal X = midpoint(A, B) | rotate(B, A, -60deg)\n}\n";
    let (outcome, filled) = solve_text(text, 4);
    assert_eq!(draws(&outcome), [Draw::Circle, Draw::Circle], "{filled}");
    assert!(
        filled.contains(", X = ") || filled.contains("X, _ = "),
        "{filled}"
    );
    assert_checks(&filled);
    let analysis = analyze(&filled);
    assert_eq!(analysis.reports[0].reached[0].alternative, 2, "{filled}");
}

/// The goals of one line take their alternatives together: a drawing that
/// reaches the first alternative of one and the second of the other
/// passes as two goal lines and fails as one; the solver searches whole
/// alternatives.
#[test]
fn goals_of_one_line_are_reached_by_one_alternative() {
    let givens = "point A = (0.1, 0.2)\npoint B = (1.3, -0.4)\n";
    let apart = format!("{givens}solve s {{\n  goal X = midpoint(A, B) | B\n  goal Y = circle(A, B) | circle(B, A)\n  c1 = circle(A, B)\n}}\n");
    let together = format!("{givens}solve s {{\n  goal X, Y = (midpoint(A, B), circle(A, B))\n    | (B, circle(B, A))\n  c1 = circle(A, B)\n}}\n");
    assert_eq!(analyze(&apart).reports[0].status, Status::Solved);
    let analysis = analyze(&together);
    assert_eq!(analysis.reports[0].status, Status::Failed);
    assert!(
        analysis.diagnostics.iter().any(|d| d.code == "E0402"),
        "{:?}",
        analysis.diagnostics
    );
    let empty = together.replace("  c1 = circle(A, B)\n", "");
    let (outcome, filled) = solve_text(&empty, 3);
    assert_eq!(draws(&outcome), [Draw::Circle], "{filled}");
    assert_checks(&filled);
    let reached = &analyze(&filled).reports[0].reached;
    assert_eq!(reached.len(), 1, "{reached:?}");
    assert_eq!(
        (reached[0].goal.as_str(), reached[0].alternative),
        ("X, Y", 2)
    );
    // A goal line of several names lists one value per name.
    let wrong = together.replace("(B, circle(B, A))", "B");
    let analysis = analyze(&wrong);
    assert!(analysis.diagnostics.iter().any(|d| d.code == "E0208"));
    // A block whose goals did not all resolve is not checked (it is not
    // reported as reaching them).
    assert_eq!(analysis.reports[0].status, Status::Unchecked);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `goal G = a | b` is as short as the shorter of `a` and `b` alone.
    #[test]
    fn either_or_is_the_shorter_alternative(
        first in proptest::sample::select(POINT_GOALS),
        second in proptest::sample::select(POINT_GOALS),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let text = |goal: &str| three_points(&coordinates, "", &format!("  goal G = {goal}\n"));
        let length = |goal: &str| {
            let analysis = analyze(&text(goal));
            (!analysis.has_errors()).then(|| shortest(&analysis.scene().problems[0], Techniques::ALL))
        };
        let (Some(alone_first), Some(alone_second), Some(either)) =
            (length(first), length(second), length(&format!("{first} | {second}")))
        else {
            return Err(TestCaseError::reject("a goal cannot be computed"));
        };
        let shorter = match (alone_first, alone_second) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        prop_assert_eq!(either, shorter, "{}", text(&format!("{first} | {second}")));
    }
}

const POINT_GOALS: &[&str] = &[
    "rotate(B, A, 60deg)",
    "rotate(B, A, -60deg)",
    "A + (A - B)",
    "C + (B - A)",
    "reflect(C, line(A, B))",
    "midpoint(A, B)",
];

/// The L-tools in the solver: counting tool uses, the circumscribed circle
/// is two perpendicular bisectors and a circle (3 L, 7 E); counting E the
/// L-tools save nothing there (7 E, as with lines and circles alone).
#[test]
fn the_l_tools_are_searched_and_counted() {
    let text = "point A = (0, 0)\npoint B = (4, 0)\npoint C = (1.3, 2.9)\n\
                segment a = segment(B, C)\nsegment b = segment(C, A)\nsegment c = segment(A, B)\n\
                solve s {\n  tools perp_bisector perpendicular parallel angle_bisector compass\n  count l\n  \
                goal k = circle(perp_bisector(A, B) & perp_bisector(B, C), A)\n}\n";
    let (outcome, filled) = solve_text(text, 4);
    let Outcome::Found(construction) = &outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(
        (construction.moves(), construction.e_moves()),
        (3, 7),
        "{filled}"
    );
    assert!(filled.contains("perp_bisector("), "{filled}");
    assert_checks(&filled);
    let analysis = analyze(&filled);
    assert_eq!(
        (analysis.reports[0].tool_uses, analysis.reports[0].moves),
        (3, 7)
    );
    let (outcome, filled) = solve_text(&text.replace("count l", "count e"), 7);
    let Outcome::Found(construction) = &outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(construction.e_moves(), 7, "{filled}");
    assert_checks(&filled);
}

/// A perpendicular through a point needs only that point and a line: the
/// bounds that ask a line goal for two points on it first must be off.
#[test]
fn a_perpendicular_needs_one_point_of_its_line() {
    let text = "point A = (0, 0)\npoint B = (2, 0.3)\npoint P = (0.7, 1.4)\nline l = line(A, B)\n\
                solve s {\n  tools perpendicular\n  count l\n  goal m = line(P, project(P, l))\n}\n";
    let (outcome, filled) = solve_text(text, 3);
    assert_eq!(
        draws(&outcome),
        [Draw::Tool(euc::parse::ast::Tool::Perpendicular)],
        "{filled}"
    );
    assert_checks(&filled);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// L-tools only add moves: the fewest tool uses are never more than the
    /// fewest lines and circles, the fewest E with L-tools never more than
    /// without, and every answer passes `euc check`.
    #[test]
    fn l_tools_never_lengthen_an_answer(
        template in proptest::sample::select(TEMPLATES),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let text = |tools: &str| three_points(&coordinates, "line l = line(A, B)\n", &format!("{tools}  {template}\n"));
        let all = "  tools perp_bisector perpendicular parallel angle_bisector compass\n";
        let plain = analyze(&text(""));
        prop_assume!(!plain.has_errors());
        let without = shortest(&plain.scene().problems[0], Techniques::ALL);
        for count in ["l", "e"] {
            let (found, filled) = solve_text(&text(&format!("{all}  count {count}\n")), 3);
            let found = match &found {
                Outcome::Found(construction) => Some(if count == "l" { construction.moves() } else { construction.e_moves() }),
                _ => None,
            };
            if let Some(without) = without {
                prop_assert!(found.is_some_and(|found| found <= without), "count {}: {:?} with tools, {} without\n{}", count, found, without, filled);
            }
            if found.is_some() {
                assert_checks(&filled);
            }
        }
    }
}

/// Every Euclidea level of up to 7 E (or 4 L) is solved from scratch at its
/// star count — not fewer (the game's statement: segments, rays, dropped
/// points, either-or goals) and not more.
#[test]
fn euclidea_levels_are_found_at_their_star_count() {
    let mut wrong = Vec::new();
    for path in super::euc_files(&super::root().join("examples/euclidea")) {
        let text = super::read(&path);
        let star = |prefix: &str| -> Option<usize> {
            text.lines()
                .find_map(|line| line.strip_prefix(prefix))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|count| count.parse().ok())
        };
        // Levels marked slow are checked only by their construction.
        // So are levels whose construction is not known yet.
        if text.lines().any(|line| {
            line.starts_with("// Slow:") || line.starts_with("// Construction: not yet")
        }) {
            continue;
        }
        let analysis = analyze(&text);
        let problem = &analysis.scene().searchable(0);
        let (target, counted) = match (
            star("// Shorter here: ").or(star("// E-star: ")),
            star("// L-star: "),
        ) {
            (Some(e), _) if e <= 7 && problem.tools.is_empty() => (e, euc::resolve::Count::E),
            (_, Some(l)) if l <= 4 && !problem.tools.is_empty() => (l, euc::resolve::Count::L),
            _ => continue,
        };
        let options = SearchOptions {
            max_moves: target,
            threads: 2,
            ..SearchOptions::default()
        };
        let started = std::time::Instant::now();
        let (outcome, _) = search(problem, &options, &Unlimited);
        let found = match (&outcome, counted) {
            (Outcome::Found(construction), euc::resolve::Count::E) => Some(construction.e_moves()),
            (Outcome::Found(construction), euc::resolve::Count::L) => Some(construction.moves()),
            _ => None,
        };
        eprintln!("{}: {:?} in {:?}", path.display(), found, started.elapsed());
        if found != Some(target) {
            wrong.push(format!(
                "{}: {outcome:?}, expected {target}",
                path.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A random construction of up to three moves on three given points (and,
/// half the time, a point dropped anywhere on a given circle), mirrored at
/// top level as the goal: the last object drawn, or either crossing of it
/// with an earlier object. Returns the file with the construction in its
/// block, and the number of moves.
fn random_construction(
    coordinates: &[f64],
    moves: &[(bool, usize, usize, usize)],
    dropped: bool,
    goal_point: bool,
) -> (String, usize) {
    let mut text = format!(
        "point A = ({}, {})\npoint B = ({}, {})\npoint C = ({}, {})\n",
        coordinates[0],
        coordinates[1],
        coordinates[2],
        coordinates[3],
        coordinates[4],
        coordinates[5]
    );
    let mut points: Vec<String> = vec!["A".into(), "B".into(), "C".into()];
    let mut objects: Vec<String> = Vec::new();
    if dropped {
        text.push_str(&format!(
            "circle k = circle(A, B)\npoint D = any(k, {})\n",
            coordinates[6]
        ));
        points.push("D".into());
        objects.push("k".into());
    }
    let mut lets = String::new();
    let mut steps = String::new();
    let mut goal = String::new();
    for (index, &(circle, a, b, other)) in moves.iter().enumerate() {
        let (a, b) = (&points[a % points.len()], &points[b % points.len()]);
        let name = format!("o{index}");
        let kind = if circle { "circle" } else { "line" };
        lets.push_str(&format!("let {name}_ = {kind}({a}_, {b}_)\n"));
        steps.push_str(&format!("  {name} = {kind}({a}, {b})\n"));
        goal = format!("{name}_");
        if let Some(earlier) = (!objects.is_empty()).then(|| objects[other % objects.len()].clone())
        {
            let (p, q) = (format!("p{index}"), format!("q{index}"));
            lets.push_str(&format!("let {p}_, {q}_ = {name}_ & {earlier}_\n"));
            steps.push_str(&format!("  {p}, {q} = {name} & {earlier}\n"));
            if goal_point {
                goal = format!("{p}_ | {q}_");
            }
            points.push(p);
            points.push(q);
        }
        objects.push(name);
    }
    // Top-level copies of the givens, so that the goal follows them.
    for name in ["A", "B", "C"] {
        text.push_str(&format!("let {name}_ = {name}\n"));
    }
    if dropped {
        text.push_str("let D_ = D\nlet k_ = k\n");
    }
    text.push_str(&lets);
    text.push_str(&format!("solve s {{\n  goal G = {goal}\n{steps}}}\n"));
    (text, moves.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 4096, ..ProptestConfig::default() })]

    /// Sound: whatever `check` accepts, the solver finds, at most as long —
    /// points dropped anywhere and either-or goals included (the
    /// straightedge tangent with two dropped points once got a wrong "no
    /// construction": the answer reached the other alternative on some
    /// instances, which `check` accepts and the solver did not).
    #[test]
    fn what_check_accepts_the_solver_finds(
        coordinates in proptest::collection::vec(-3.0f64..3.0, 7),
        moves in proptest::collection::vec((any::<bool>(), 0usize..16, 0usize..16, 0usize..8), 1..=3),
        dropped in any::<bool>(),
        goal_point in any::<bool>(),
    ) {
        let (text, length) = random_construction(&coordinates, &moves, dropped, goal_point);
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        prop_assume!(analysis.reports[0].status == Status::Solved);
        // A goal defined through a crossing that is an earlier point (a
        // circle through a point dropped on k meets k there) changes with
        // the canonical order as the drop moves: the statement itself is
        // ill-posed (state such a level with `other(…)`).
        let points = &analysis.reports[0].replay.as_ref().expect("replayed").points;
        prop_assume!((1..points.len()).all(|i| (0..i).all(|j| !points[i].same(points[j]))));
        let empty = text.lines().filter(|line| !line.starts_with("  ") || line.starts_with("  goal")).collect::<Vec<_>>().join("\n") + "\n";
        let (outcome, filled) = solve_text(&empty, length);
        prop_assert!(matches!(&outcome, Outcome::Found(c) if c.moves() <= length), "{text}\n{outcome:?}");
        assert_checks(&filled);
    }
}

/// The straightedge tangent (Euclidea 15.5) with two points dropped on the
/// circle: the answer reaches one tangent on some instances and the other
/// on the rest, which `check` accepts, so the solver must too (it once
/// examined 506 constructions and said no 8-move construction exists).
#[test]
fn an_answer_may_reach_another_alternative_on_another_instance() {
    let path = super::root().join("examples/euclidea/15-05-tangent-to-circle-straightedge.euc");
    let text = super::read(&path);
    let steps_from = text
        .find("  l1 = line(A, D1)")
        .expect("the level's first step");
    let empty = format!("{}}}\n", &text[..steps_from]);
    let (outcome, filled) = solve_text(&empty, 8);
    assert!(
        matches!(&outcome, Outcome::Found(c) if c.moves() == 8),
        "{outcome:?}"
    );
    assert_checks(&filled);
}

/// Stops the search as soon as it has an answer of any length.
struct StopOnceAnswered {
    answered: AtomicBool,
}

impl Budget for StopOnceAnswered {
    fn stop(&self) -> Option<Stop> {
        self.answered
            .load(Ordering::Relaxed)
            .then_some(Stop::Cancelled)
    }
    fn progress(&self, progress: &Progress) {
        if progress.best.is_some() {
            self.answered.store(true, Ordering::Relaxed);
        }
    }
}

/// The search stopped at its first answer: the lengths it proved empty,
/// the answer and the search's figures.
fn first_answer_of(problem: &Problem, options: &SearchOptions) -> (usize, Construction, Stats) {
    let budget = StopOnceAnswered {
        answered: AtomicBool::new(false),
    };
    let (outcome, stats) = search(problem, options, &budget);
    let Outcome::Stopped {
        searched,
        best: Some(best),
        ..
    } = outcome
    else {
        panic!("no first answer: {outcome:?}");
    };
    (searched, *best, stats)
}

/// A triangle from its altitudes' feet (11 E in the game): long before the
/// exact search reaches 11 moves, the shortest construction with L-tools
/// (5 L), written as lines and circles, is a first answer that `check`
/// accepts (docs/solver.md, "An answer at once").
#[test]
fn a_first_answer_comes_from_the_l_tools_written_as_lines_and_circles() {
    let path = "examples/euclidea/12-03-triangle-by-altitude-base-points.euc";
    let text = super::read(&super::root().join(path));
    let analysis = analyze(&text);
    let problem = analysis.scene().searchable(0);
    let options = SearchOptions {
        max_moves: 20,
        threads: 1,
        ..SearchOptions::default()
    };
    let (searched, best, stats) = first_answer_of(&problem, &options);
    assert!(
        searched < 11 && best.moves() > searched,
        "{searched} {best:?}"
    );
    // Compression (docs/solver.md, "Compression") may have shortened the
    // first answer before the budget took it: 15 moves to 13 here.
    let first = stats.first_answer.map(|(moves, _)| moves).unwrap();
    assert!(first >= best.moves(), "{first} {}", best.moves());
    assert!(best
        .draws
        .iter()
        .all(|draw| !matches!(draw.draw, Draw::Tool(_))));
    assert_checks(&fill(&text, analysis.scene(), &problem, &best));
    // On two threads the quick search's routes run side by side; the
    // first in order with an answer still gives it: the same answer.
    let budget = StopOnceAnswered {
        answered: AtomicBool::new(false),
    };
    let two = SearchOptions {
        threads: 2,
        ..options
    };
    let (outcome, _) = search(&problem, &two, &budget);
    assert!(
        matches!(&outcome, Outcome::Stopped { best: Some(other), .. } if **other == best),
        "{outcome:?}"
    );
}

/// The nine-point circle (6.9, 9 E in the game): neither L-tool set
/// answers within its budget, and the library route does at once, with the
/// circle through three points as a move, written as two perpendicular
/// bisectors and the circle about their crossing (docs/solver.md, "The
/// library route"). Without the route, no first answer comes before the
/// beam (500,000 constructions) and the bench's second.
#[test]
fn a_first_answer_comes_from_the_library_route() {
    let path = "examples/euclidea/06-09-nine-point-circle.euc";
    let text = super::read(&super::root().join(path));
    let analysis = analyze(&text);
    let problem = analysis.scene().searchable(0);
    let options = SearchOptions {
        max_moves: 27,
        threads: 2,
        ..SearchOptions::default()
    };
    let (searched, best, stats) = first_answer_of(&problem, &options);
    assert!(searched < 9 && best.moves() > 9, "{searched} {best:?}");
    let first = stats.first_answer.map(|(moves, _)| moves).unwrap();
    assert!(first >= best.moves(), "{first} {}", best.moves());
    assert!(best
        .draws
        .iter()
        .all(|draw| matches!(draw.draw, Draw::Line | Draw::Circle)));
    assert_checks(&fill(&text, analysis.scene(), &problem, &best));
}

/// The goals of one either-or line, with their mirror images.
const GOAL_LINES: &[&str] = &[
    "goal G, m = (rotate(B, A, 60deg), line(A, rotate(B, A, 60deg))) | (rotate(B, A, -60deg), line(A, rotate(B, A, -60deg)))",
    "goal G, H = (rotate(B, A, 60deg), rotate(B, A, -60deg)) | (rotate(B, A, -60deg), rotate(B, A, 60deg))",
    "goal m, n = (line(A, rotate(B, A, 60deg)), line(B, rotate(B, A, 60deg))) | (line(A, rotate(B, A, -60deg)), line(B, rotate(B, A, -60deg)))",
    "goal G, k = (rotate(B, A, 60deg), circle(rotate(B, A, 60deg), A)) | (rotate(B, A, -60deg), circle(rotate(B, A, -60deg), A))",
];

/// The solver's answer to an either-or line reaches it by one alternative
/// whole: it never binds one goal to an alternative and another goal of
/// the line to the other (which `check` refuses, E0404).
#[test]
fn an_either_or_line_is_answered_by_one_alternative() {
    let text = "point A = (0, 0)\npoint B = (1, 0)\nlet up = rotate(B, A, 60deg)\nlet dn = rotate(B, A, -60deg)\nsolve tri {\n  goal C, s = (up, line(A, up)) | (dn, line(A, dn))\n}\n";
    let (outcome, filled) = solve_text(text, 3);
    assert_eq!(draws(&outcome).len(), 3);
    assert_checks(&filled);
    let reached = &analyze(&filled).reports[0].reached;
    assert_eq!(reached.len(), 1, "{reached:?}\n{filled}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xa17),
        ..ProptestConfig::default()
    })]

    /// On random figures, every answer to a goal line passes `check`, which
    /// refuses a line reached by two alternatives mixed.
    #[test]
    fn answers_to_goal_lines_never_mix_alternatives(
        goal in proptest::sample::select(GOAL_LINES),
        coordinates in proptest::collection::vec(-2.0f64..2.0, 6),
    ) {
        let text = three_points(&coordinates, "", &format!("  {goal}\n"));
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        let (outcome, filled) = solve_text(&text, 4);
        prop_assume!(matches!(outcome, Outcome::Found(_)));
        assert_checks(&filled);
    }
}

/// A level where a point dropped on a given object helps, with its
/// construction (`{at}`: where the point is dropped) and its length: the
/// tangent at X to the given circle k (3 moves), and the perpendicular at
/// X to the given line l (4 moves).
fn drop_on_a_given_object(template: usize, c: &[f64], at: f64) -> (String, usize) {
    match template {
        0 => (
            format!(
                "point C = ({}, {})\npoint X = ({}, {})\ncircle k = circle(C, X)\nsolve s {{\n  goal m = line(X, rotate(C, X, 90deg))\n  tools drop\n  P = any(k, {}deg)\n  c1 = circle(P, X)\n  Q = other(k, c1, X)\n  c2 = circle(X, Q)\n  R = other(c1, c2, Q)\n  m = line(X, R)\n}}\n",
                c[0], c[1], c[2], c[3], at * 180.0
            ),
            3,
        ),
        _ => (
            format!(
                "point X = ({}, {})\npoint Y = ({}, {})\nline l = line(X, Y)\nsolve s {{\n  goal m = line(X, rotate(Y, X, 90deg))\n  tools drop\n  P = any(l, {at})\n  c1 = circle(X, P)\n  Q = other(l, c1, P)\n  c2 = circle(P, Q)\n  c3 = circle(Q, P)\n  R, S = c2 & c3\n  m = line(R, S)\n}}\n",
                c[0], c[1], c[2], c[3]
            ),
            4,
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xd509),
        ..ProptestConfig::default()
    })]

    /// With `tools drop`, points dropped on given objects are searched as
    /// `check` allows them: whatever construction dropping one `check`
    /// accepts on a random figure and drop, the solver finds one at most as
    /// long (it once dropped only on objects it drew, and answered "no
    /// construction" or a longer one).
    #[test]
    fn the_solver_drops_points_on_given_objects(
        template in 0usize..2,
        coordinates in proptest::collection::vec(-3.0f64..3.0, 4),
        at in -1.9f64..1.9,
    ) {
        let (text, length) = drop_on_a_given_object(template, &coordinates, at);
        let analysis = analyze(&text);
        prop_assume!(!analysis.has_errors());
        prop_assume!(analysis.reports[0].status == Status::Solved);
        let empty = text
            .lines()
            .filter(|line| !line.starts_with("  ") || line.starts_with("  goal") || line.starts_with("  tools"))
            .collect::<Vec<_>>()
            .join("\n") + "\n";
        let (outcome, filled) = solve_text(&empty, length);
        prop_assert!(matches!(&outcome, Outcome::Found(c) if c.moves() <= length), "{text}\n{outcome:?}");
        assert_checks(&filled);
    }
}

/// A block with `lines` either-or goal lines of three alternatives each.
fn three_way_goal_lines(lines: usize) -> String {
    let goals: String = (0..lines)
        .map(|line| {
            let alternatives: Vec<String> = (0..3)
                .map(|k| format!("rotate(B, A, {}deg)", 7 * line + 3 * k + 1))
                .collect();
            format!("  goal G{line} = {}\n", alternatives.join(" | "))
        })
        .collect();
    format!("point A = (0, 0)\npoint B = (1, 0)\npoint C = (0.3, 0.8)\nsolve s {{\n{goals}}}\n")
}

/// Stops at the budget's `limit`-th question.
struct StopAtQuestion {
    asked: std::sync::atomic::AtomicUsize,
    limit: usize,
}

impl Budget for StopAtQuestion {
    fn stop(&self) -> Option<Stop> {
        (self.asked.fetch_add(1, Ordering::Relaxed) + 1 >= self.limit).then_some(Stop::Cancelled)
    }
    fn progress(&self, _: &Progress) {}
}

/// Either-or goals are searched one variant at a time, the budget asked
/// before each, and a block of more combinations than the solver searches
/// is refused in words at once: twelve 3-way goal lines (531,441
/// variants) were multiplied out before the search, 12.8 GB and a minute
/// past `--timeout 1`.
#[test]
fn many_either_or_goals_obey_the_budget_and_a_bound() {
    let seven = analyze(&three_way_goal_lines(7));
    let problem = seven.scene().searchable(0);
    let budget = StopAtQuestion {
        asked: Default::default(),
        limit: 40,
    };
    let (outcome, _) = search(&problem, &options(8), &budget);
    assert!(matches!(outcome, Outcome::Stopped { .. }), "{outcome:?}");
    let twelve = analyze(&three_way_goal_lines(12));
    let (outcome, _) = search(&twelve.scene().searchable(0), &options(8), &Unlimited);
    let Outcome::Unsearchable(why) = outcome else {
        panic!("{outcome:?}");
    };
    assert!(why.contains("531441 combinations"), "{why}");
}

/// The V-star's problem (`Problem::every_variant`): each alternative of an
/// either-or goal becomes a goal of its own, so the answer draws both
/// apexes of the equilateral triangle, not one.
#[test]
fn every_variant_asks_for_every_alternative_at_once() {
    let text = "point A = (0, 0)\npoint B = (1, 0.2)\n\nsolve apex {\n  goal C = rotate(B, A, 60deg) | rotate(B, A, -60deg)\n}\n";
    let analysis = analyze(text);
    let problem = analysis.scene().searchable(0);
    assert_eq!(problem.variant_count(), 2);
    let every = problem.every_variant();
    assert_eq!(every.variant_count(), 1);
    let names: Vec<&str> = every.goals.iter().map(|goal| goal.name.as_str()).collect();
    assert_eq!(names, ["C", "C′"]);
    assert!(every.instances.iter().all(|instance| {
        instance.goals.len() == 2 && instance.goals.iter().all(|values| values.len() == 1)
    }));
    let Outcome::Found(both) = search(&every, &options(4), &Unlimited).0 else {
        panic!("both apexes are the crossings of two circles");
    };
    assert_eq!(both.draws.len(), 2);
    assert_eq!(both.goals.len(), 2);
    // A block without either-or goals is its own V-star problem.
    let plain =
        analyze("point A = (0, 0)\npoint B = (1, 0)\nsolve m {\n  goal M = midpoint(A, B)\n}\n");
    let plain = plain.scene().searchable(0);
    assert_eq!(plain.every_variant().goals.len(), 1);
}

/// Compression (docs/solver.md, "Compression") changes how soon a short
/// answer comes, never the length of the answer: on levels where the quick
/// first answer runs, the search with it and without it gives answers of
/// the same length, and both pass `check`.
#[test]
fn compression_never_changes_the_answers_length() {
    for (file, moves) in [
        ("examples/euclidea/10-06-segment-trisection.euc", 6),
        (
            "examples/euclidea/05-02-parallelogram-by-three-vertices.euc",
            8,
        ),
    ] {
        let text = std::fs::read_to_string(super::root().join(file)).unwrap();
        let analysis = analyze(&text);
        let problem = analysis.scene().searchable(0);
        let mut lengths = Vec::new();
        for compress in [true, false] {
            let mut options = options(moves);
            options.techniques.compress = compress;
            let Outcome::Found(found) = search(&problem, &options, &Unlimited).0 else {
                panic!("{file}: an answer within {moves} moves");
            };
            lengths.push(found.e_moves());
        }
        assert_eq!(lengths[0], lengths[1], "{file}");
        assert!(lengths[0] <= moves, "{file}");
    }
}
