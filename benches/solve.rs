//! Solver benchmark (release): the seed engine's three examples, the cost of
//! one examined construction on the same tree (first release's scan against
//! the candidate lists), the effect of each technique and bound, the
//! Euclidea levels of `examples/euclidea/`, and how work grows with the
//! construction length, on one thread and on all cores. Every ratio compares
//! two runs of this same process, so the figures are comparable on a noisy
//! machine.
//!
//! cargo bench --bench solve            (everything, a few minutes)
//! cargo bench --bench solve -- quick   (shorter caps, no 8-move growth row)
//! cargo bench --bench solve -- euclidea   (only the named sections: seed,
//!                                          cost, tools, drops, tiny,
//!                                          lstar, techniques, euclidea,
//!                                          growth)
//! cargo bench --bench solve -- euclidea 04- tangent   (the levels whose
//!                                          file names hold one of the words)

// Tests and benchmarks may unwrap (a failure is the report) and run long
// scripted scenarios; the library and the binary may do neither.
#![allow(clippy::unwrap_used, clippy::too_many_lines)]

use euc::analysis::analyze;
use euc::resolve::Problem;
use euc::solve::search::{search, Budget, Outcome, Progress, SearchOptions, Stop, Techniques};
use std::time::{Duration, Instant};

struct Deadline(Instant);

impl Budget for Deadline {
    fn stop(&self) -> Option<Stop> {
        (Instant::now() >= self.0).then_some(Stop::OutOfTime)
    }
    fn progress(&self, _: &Progress) {}
}

/// A deadline that also ends the search once it has an answer of any
/// length: how soon a first answer comes.
struct FirstAnswer {
    deadline: Instant,
    answered: std::sync::atomic::AtomicBool,
}

impl Budget for FirstAnswer {
    fn stop(&self) -> Option<Stop> {
        let answered = self.answered.load(std::sync::atomic::Ordering::Relaxed);
        (answered || Instant::now() >= self.deadline).then_some(Stop::OutOfTime)
    }
    fn progress(&self, progress: &Progress) {
        if progress.best.is_some() {
            self.answered
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// The first answer of any length up to `longest` moves within `cap`: its
/// E count and when it came (the exact answer, if the search ends first).
/// `quick`: with the quick first answer (else the exact search alone).
fn first_answer(
    problem: &Problem,
    longest: usize,
    cores: usize,
    cap: Duration,
    quick: bool,
) -> Option<(usize, Duration)> {
    first_answer_with(problem, longest, cores, cap, quick, Techniques::ALL)
}

fn first_answer_with(
    problem: &Problem,
    longest: usize,
    cores: usize,
    cap: Duration,
    quick: bool,
    techniques: Techniques,
) -> Option<(usize, Duration)> {
    // The quick route as it stands: compression is measured at the E-star
    // count (it may look past `longest` for an answer to compress).
    let mut options = options(longest, cores, techniques);
    options.techniques.compress = false;
    options.first_answer = quick;
    options.count = Some(euc::resolve::Count::E);
    let started = Instant::now();
    let budget = FirstAnswer {
        deadline: started + cap,
        answered: Default::default(),
    };
    answer_moves(&search(problem, &options, &budget).0).map(|moves| (moves, started.elapsed()))
}

/// The E count of an outcome's answer: the shortest, or the best one found
/// when stopped.
fn answer_moves(outcome: &Outcome) -> Option<usize> {
    match outcome {
        Outcome::Found(construction) => Some(construction.e_moves()),
        Outcome::Stopped {
            best: Some(best), ..
        } => Some(best.e_moves()),
        _ => None,
    }
}

fn problem(path: &str) -> Problem {
    let text = std::fs::read_to_string(path).expect("example exists");
    let analysis = analyze(&text);
    assert!(!analysis.scene().problems.is_empty(), "a solve block");
    analysis.scene().searchable(0)
}

/// One measurement: the median wall time, the processor time, the count of
/// examined constructions and the outcome in words.
struct Run {
    time: Duration,
    examined: u64,
    result: String,
    /// The E count of the answer: the shortest, or the best one found
    /// when stopped.
    moves: Option<usize>,
    /// Its tool uses (L).
    tool_uses: Option<usize>,
}

fn measure(problem: &Problem, options: SearchOptions, runs: usize, cap: Duration) -> Run {
    let mut times = Vec::new();
    let mut examined = 0;
    let mut result = String::new();
    let mut moves = None;
    let mut tool_uses = None;
    let tools = !problem.tools.is_empty();
    for _ in 0..runs {
        let started = Instant::now();
        let (outcome, stats) = search(problem, &options, &Deadline(started + cap));
        times.push(started.elapsed());
        examined = stats.examined();
        moves = answer_moves(&outcome);
        tool_uses = match &outcome {
            Outcome::Found(construction) => Some(construction.moves()),
            Outcome::Stopped {
                best: Some(best), ..
            } => Some(best.moves()),
            _ => None,
        };
        result = match outcome {
            Outcome::Found(construction) => construction.describe_count(tools),
            Outcome::Exhausted { max_moves } => format!("none ≤ {max_moves}"),
            Outcome::Stopped {
                searched,
                best: Some(best),
                ..
            } => format!(
                "{} found, not proved shortest: none ≤ {searched}, stopped at {} s",
                best.describe_count(tools),
                cap.as_secs()
            ),
            Outcome::Stopped { searched, .. } => {
                format!("none ≤ {searched}, stopped at {} s", cap.as_secs())
            }
            Outcome::Unsearchable(why) => why.to_string(),
        };
        if times[0] > Duration::from_secs(2) {
            break;
        }
    }
    times.sort();
    Run {
        time: times[times.len() / 2],
        examined,
        result,
        moves,
        tool_uses,
    }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn options(max_moves: usize, threads: usize, techniques: Techniques) -> SearchOptions {
    SearchOptions {
        max_moves,
        threads,
        techniques,
        ..SearchOptions::default()
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let quick = arguments.iter().any(|argument| argument == "quick");
    // Sections named on the command line run alone (all when none is).
    let sections = [
        "seed",
        "cost",
        "tools",
        "drops",
        "tiny",
        "lstar",
        "library",
        "techniques",
        "euclidea",
        "growth",
    ];
    let named: Vec<&str> = sections
        .into_iter()
        .filter(|section| arguments.iter().any(|argument| argument == section))
        .collect();
    let run = |section: &str| named.is_empty() || named.contains(&section);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = Duration::from_secs(if quick { 10 } else { 30 });
    println!("# euc solver benchmark ({cores} cores)\n");
    if run("seed") {
        seed_examples(cores, cap);
    }
    if run("cost") {
        cost_per_construction();
    }
    if run("tools") {
        tools_cost(cap);
    }
    if run("drops") {
        drops_cost(cap);
    }
    if run("tiny") {
        tiny_dropped();
    }
    if run("lstar") {
        l_star_with_points(cores, Duration::from_secs(10));
    }
    if run("library") {
        library_route(cores, &picked_levels(&arguments, &sections));
    }
    if run("techniques") {
        techniques(cap);
    }
    if run("euclidea") {
        euclidea_levels(cores, &picked_levels(&arguments, &sections));
    }
    if run("growth") {
        growth(cores, cap, if quick { 7 } else { 8 });
    }
}

fn seed_examples(cores: usize, cap: Duration) {
    println!("## Seed examples\n");
    println!("| example | result | examined | 1 thread ms | {cores} threads ms |");
    println!("|---|---|---|---|---|");
    for (name, path) in [
        ("midpoint", "examples/solve-midpoint.euc"),
        ("napoleon", "examples/solve-napoleon.euc"),
        (
            "third proportional",
            "examples/solve-third-proportional.euc",
        ),
    ] {
        let problem = problem(path);
        let one = measure(&problem, options(8, 1, Techniques::ALL), 21, cap);
        let all = measure(&problem, options(8, cores, Techniques::ALL), 21, cap);
        println!(
            "| {name} | {} | {} | {:.3} | {:.3} |",
            one.result,
            one.examined,
            millis(one.time),
            millis(all.time),
        );
    }
}

/// The same tree walked two ways: the first release's scan of every pair of
/// points at every node, and the candidate lists. Exhaustive searches, so
/// both examine every construction of the tree. The two paths take turns,
/// seven runs each, and each keeps its fastest: other work on a shared
/// machine only ever slows a run down, so the minimum is the figure least
/// disturbed by it, and taking turns exposes both paths to the same load.
fn cost_per_construction() {
    println!("\n## Cost per examined construction, same tree (1 thread, fastest of 7 alternating runs)\n");
    println!("| problem | path | examined | ms | ns / construction | ratio |");
    println!("|---|---|---|---|---|---|");
    let scan = Techniques::FIRST;
    let lists = Techniques {
        incremental: true,
        ..Techniques::FIRST
    };
    for (name, path, moves) in [
        ("unreachable, none ≤ 7", "benches/no-short-solution.euc", 7),
        ("napoleon, none ≤ 5", "examples/solve-napoleon.euc", 5),
        (
            "inscribed circle (Euclidea), none ≤ 5",
            "examples/euclidea/inscribed-circle.euc",
            5,
        ),
        (
            "circumscribed circle (Euclidea), none ≤ 5",
            "examples/euclidea/circumscribed-circle.euc",
            5,
        ),
    ] {
        let problem = problem(path);
        let cap = Duration::from_secs(120);
        let (mut before, mut after): (Option<Run>, Option<Run>) = (None, None);
        let faster = |best: Option<Run>, run: Run| match best {
            Some(best) if best.time <= run.time => Some(best),
            _ => Some(run),
        };
        for _ in 0..7 {
            before = faster(before, measure(&problem, options(moves, 1, scan), 1, cap));
            after = faster(after, measure(&problem, options(moves, 1, lists), 1, cap));
        }
        let (before, after) = (before.expect("seven runs"), after.expect("seven runs"));
        assert_eq!(before.examined, after.examined, "{name}: the same tree");
        let per = |run: &Run| run.time.as_secs_f64() * 1e9 / run.examined.max(1) as f64;
        for (label, run) in [
            ("scan (first release)", &before),
            ("candidate lists", &after),
        ] {
            println!(
                "| {name} | {label} | {} | {:.1} | {:.0} | {:.2} |",
                run.examined,
                millis(run.time),
                per(run),
                per(&before) / per(run)
            );
        }
    }
}

fn techniques(cap: Duration) {
    println!("\n## Techniques and bounds (1 thread; ratio = time / time with all)\n");
    println!("| problem | configuration | result | examined | ms | ratio |");
    println!("|---|---|---|---|---|---|");
    let all = Techniques::ALL;
    let configurations = [
        ("all", all),
        (
            "without reordering merge",
            Techniques {
                merge_reorderings: false,
                ..all
            },
        ),
        (
            "without goal pruning (and its bounds)",
            Techniques {
                goal_pruning: false,
                ..all
            },
        ),
        (
            "without same-object merge (scan path)",
            Techniques {
                merge_same_objects: false,
                ..all
            },
        ),
        (
            "without prerequisite bounds",
            Techniques {
                prerequisites: false,
                ..all
            },
        ),
        (
            "with goal-directed order",
            Techniques {
                goal_order: true,
                ..all
            },
        ),
        (
            "without mixed order (the search's own)",
            Techniques {
                mixed_order: false,
                ..all
            },
        ),
        (
            "without no-idle-object bound",
            Techniques {
                idle_objects: false,
                ..all
            },
        ),
        (
            "without candidate lists",
            Techniques {
                incremental: false,
                ..all
            },
        ),
        (
            "without lookahead",
            Techniques {
                lookahead: false,
                ..all
            },
        ),
        (
            "without lookahead at two moves from the end",
            Techniques {
                lookahead_at_two: false,
                ..all
            },
        ),
        (
            "without on-goal spots",
            Techniques {
                on_goal_spots: false,
                ..all
            },
        ),
        (
            "without symmetry",
            Techniques {
                symmetry: false,
                ..all
            },
        ),
        ("first release", Techniques::FIRST),
    ];
    for (name, path, max_moves) in [
        ("midpoint: find", "examples/solve-midpoint.euc", 8),
        ("napoleon: find", "examples/solve-napoleon.euc", 8),
        ("napoleon: none ≤ 5", "examples/solve-napoleon.euc", 5),
        ("unreachable: none ≤ 6", "benches/no-short-solution.euc", 6),
        ("unreachable: none ≤ 7", "benches/no-short-solution.euc", 7),
        (
            "hypotenuse and leg (12.9): none ≤ 6",
            "examples/euclidea/12-09-hypotenuse-and-leg.euc",
            6,
        ),
        (
            "circumscribed circle: find",
            "examples/euclidea/circumscribed-circle.euc",
            8,
        ),
        (
            "arbelos (14.5, either of two mirror images): none ≤ 6",
            "examples/euclidea/14-05-arbelos.euc",
            6,
        ),
    ] {
        let problem = problem(path);
        let mut baseline = None;
        for (label, techniques) in configurations {
            let run = measure(&problem, options(max_moves, 1, techniques), 3, cap);
            let base = *baseline.get_or_insert(run.time);
            println!(
                "| {name} | {label} | {} | {} | {:.2} | {:.1} |",
                run.result,
                run.examined,
                millis(run.time),
                run.time.as_secs_f64() / base.as_secs_f64()
            );
        }
    }
}

/// The L-tools' cost per examined construction against the E search's, one
/// thread, in this process: the inscribed circle with every L-tool (4 L,
/// scan with the tools, goal pruning only) and with lines and circles alone
/// (none ≤ 7 E, every technique).
/// What `tools drop` costs the search: the same levels with and without a
/// dropped point on every drawn object (docs/language.md, "Points dropped
/// on the drawing"), one thread, up to the level's E-star count.
fn drops_cost(cap: Duration) {
    println!("\n## Dropped points (`tools drop`): the same search with and without\n");
    println!("| level | without | examined | ms | with | examined | ms | time ratio |");
    println!("|---|---|---|---|---|---|---|---|");
    for (path, moves) in [
        ("examples/drop-on-drawing.euc", 5),
        ("examples/euclidea/02-08-tangent-to-circle-at-point.euc", 3),
        ("examples/euclidea/03-07-angle-45.euc", 5),
        ("examples/euclidea/04-06-square-root-of-2.euc", 5),
        ("examples/euclidea/05-01-parallel-line.euc", 4),
        ("examples/euclidea/05-11-regular-hexagon.euc", 8),
    ] {
        let text = std::fs::read_to_string(path).expect("example exists");
        let plain = analyze(&text).scene().searchable(0);
        let opened = text.find("{\n").expect("a block") + 2;
        let dropping = format!("{}  tools drop\n{}", &text[..opened], &text[opened..]);
        let dropping = analyze(&dropping).scene().searchable(0);
        assert!(dropping.drops, "{path}: `tools drop` read");
        let without = measure(&plain, options(moves, 1, Techniques::ALL), 3, cap);
        let with = measure(&dropping, options(moves, 1, Techniques::ALL), 3, cap);
        println!(
            "| {} | {} | {} | {:.1} | {} | {} | {:.1} | {:.2} |",
            path.rsplit('/').next().unwrap_or(path),
            without.result,
            without.examined,
            millis(without.time),
            with.result,
            with.examined,
            millis(with.time),
            with.time.as_secs_f64() / without.time.as_secs_f64().max(1e-9),
        );
    }
}

/// The small levels whose points are dropped anywhere (`any(…)`): what a
/// whole solve costs in this process — analysis, search, and the check of
/// the answer, as `euc solve` does it — against the same level with each
/// point fixed where it is declared (`on(…)`), its block emptied in both.
/// The drop survey (1,000 drops, docs/language.md "Where a construction
/// works") is the difference.
fn tiny_dropped() {
    use euc::door::find::{find, FindRequest};
    println!("\n## Tiny levels with dropped points: a whole solve, dropped against fixed\n");
    println!("| level | dropped: moves | ms | fixed: moves | ms | time ratio |");
    println!("|---|---|---|---|---|---|");
    let solve = |text: &str| {
        let started = Instant::now();
        let analysis = analyze(text);
        let request = FindRequest {
            block: 0,
            options: options(8, 1, Techniques::ALL),
            solved: None,
            limit: None,
        };
        let deadline = Deadline(Instant::now() + Duration::from_secs(10));
        let found = find(text, &analysis, &request, &deadline, &|| false);
        (answer_moves(&found.outcome), started.elapsed())
    };
    let median = |text: &str| {
        let mut runs: Vec<(Option<usize>, Duration)> = (0..21).map(|_| solve(text)).collect();
        runs.sort_by_key(|run| run.1);
        runs[runs.len() / 2]
    };
    let mut ratios = Vec::new();
    for path in [
        "examples/euclidea/02-08-tangent-to-circle-at-point.euc",
        "examples/euclidea/angle-30.euc",
        "examples/euclidea/double-angle.euc",
        "examples/euclidea/drop-perpendicular.euc",
        "examples/euclidea/erect-perpendicular.euc",
        "examples/euclidea/05-01-parallel-line.euc",
        "examples/euclidea/06-04-given-angle-bisector.euc",
        "examples/euclidea/07-05-heron.euc",
        "examples/euclidea/angle-bisector-on-rays.euc",
        "examples/euclidea/circle-tangent-to-line.euc",
        "examples/euclidea/03-07-angle-45.euc",
        "examples/euclidea/circle-centre.euc",
    ] {
        let text = std::fs::read_to_string(path).expect("example exists");
        let analysis = analyze(&text);
        let problem = &analysis.scene().problems[0];
        let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
        let emptied =
            euc::door::apply_edits(&text, &euc::door::fill_block(&text, problem, &spans, &[]));
        let fixed = emptied.replace("any(", "on(");
        let (dropped_moves, dropped) = median(&emptied);
        let (fixed_moves, fixed_time) = median(&fixed);
        let ratio = dropped.as_secs_f64() / fixed_time.as_secs_f64().max(1e-9);
        ratios.push(ratio);
        let moves = |m: Option<usize>| m.map_or("none".to_string(), |m| m.to_string());
        println!(
            "| {} | {} | {:.2} | {} | {:.2} | {:.2} |",
            path.rsplit('/').next().unwrap_or(path),
            moves(dropped_moves),
            millis(dropped),
            moves(fixed_moves),
            millis(fixed_time),
            ratio,
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "\nmedian time ratio {:.2} (lowest {:.2}, highest {:.2})",
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
}

/// A level's block as its L-star is searched: with its `tools` line, or
/// one with every L-tool, and the same with `drop` (the game's point
/// tool), each read as `euc solve` reads it.
fn l_star_texts(path: &str) -> (Problem, Problem) {
    let text = std::fs::read_to_string(path).expect("example exists");
    let opened = text.find("{\n").expect("a block") + 2;
    let tools_line = text[opened..].find("\n  tools ").map(|at| opened + at + 1);
    let (plain, dropping) = match tools_line {
        Some(at) => {
            let end = at + text[at..].find('\n').expect("a line");
            let with = format!("{} drop{}", &text[..end], &text[end..]);
            (text.clone(), with)
        }
        None => {
            let every = "  tools perp_bisector perpendicular parallel angle_bisector compass";
            let plain = format!("{}{every}\n{}", &text[..opened], &text[opened..]);
            let with = format!("{}{every} drop\n{}", &text[..opened], &text[opened..]);
            (plain, with)
        }
    };
    let searchable = |text: &str| analyze(text).scene().searchable(0);
    let (plain, dropping) = (searchable(&plain), searchable(&dropping));
    assert!(
        dropping.drops && !plain.tools.is_empty(),
        "{path}: tools read"
    );
    (plain, dropping)
}

/// The L-star as the game plays it: the levels of `examples/euclidea/`
/// with a known L-star, searched at that count (10 s, every core) with the
/// block's `tools` line or else every L-tool, without and with the game's
/// point tool (`tools drop`: a point dropped on any line or circle at no
/// cost), in the same run.
fn l_star_with_points(cores: usize, cap: Duration) {
    println!("\n## L-star within 10 s: without and with dropped points, {cores} threads\n");
    println!("| level | file | L-star | without: result | ms | with drops: result | ms |");
    println!("|---|---|---|---|---|---|---|");
    let (mut total, mut without_found, mut with_found) = (0, 0, 0);
    for level in euclidea_files() {
        let Some(l_target) = level.l_target else {
            continue;
        };
        let path = level.path.to_str().expect("UTF-8 path");
        let (plain, dropping) = l_star_texts(path);
        let mut l_options = options(l_target, cores, Techniques::ALL);
        l_options.count = Some(euc::resolve::Count::L);
        let without = measure(&plain, l_options, 1, cap);
        let with = measure(&dropping, l_options, 1, cap);
        let found = |run: &Run| run.tool_uses.is_some_and(|uses| uses <= l_target);
        total += 1;
        without_found += usize::from(found(&without));
        with_found += usize::from(found(&with));
        println!(
            "| {} | {} | {} | {} | {:.1} | {} | {:.1} |",
            level.number,
            level
                .path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or(path),
            l_target,
            without.result,
            millis(without.time),
            with.result,
            millis(with.time),
        );
    }
    println!(
        "\nat the L-star within 10 s: {without_found} of {total} without drops, {with_found} with"
    );
}

fn tools_cost(cap: Duration) {
    println!("\n## L-tools: cost per examined construction (1 thread)\n");
    println!("| search | result | examined | ms | ns / construction | ratio |");
    println!("|---|---|---|---|---|---|");
    let with_tools = measure(
        &problem("examples/euclidea/inscribed-circle-l.euc"),
        options(4, 1, Techniques::ALL),
        3,
        cap,
    );
    let plain = measure(
        &problem("examples/euclidea/inscribed-circle.euc"),
        options(7, 1, Techniques::ALL),
        3,
        cap,
    );
    // The same scan and goal pruning as the tool search, lines and circles only.
    let scan = Techniques {
        merge_reorderings: false,
        ..Techniques::FIRST
    };
    let plain_scan = measure(
        &problem("examples/euclidea/inscribed-circle.euc"),
        options(5, 1, scan),
        3,
        cap,
    );
    let per = |run: &Run| run.time.as_secs_f64() * 1e9 / run.examined.max(1) as f64;
    for (name, run) in [
        (
            "lines and circles, E, every technique (inscribed-circle.euc, ≤ 7)",
            &plain,
        ),
        (
            "lines and circles, E, scan and goal pruning as with tools (≤ 5)",
            &plain_scan,
        ),
        ("every L-tool, L (inscribed-circle-l.euc)", &with_tools),
    ] {
        println!(
            "| {name} | {} | {} | {:.1} | {:.0} | {:.2} |",
            run.result,
            run.examined,
            millis(run.time),
            per(run),
            per(run) / per(&plain)
        );
    }
}

/// One level of `examples/euclidea/`: its number in the game (from the
/// `// Euclidea N.M` header), the count to reach and its file.
struct Level {
    chapter: Option<u32>,
    number: String,
    target: Option<usize>,
    /// The game's L-star count (`// L-star:`), where a source gives it.
    l_target: Option<usize>,
    /// How many variants the V-star asks for (`// V-star:`).
    variants: Option<usize>,
    path: std::path::PathBuf,
}

/// Other words on the command line pick levels by file name.
fn picked_levels<'a>(arguments: &'a [String], sections: &[&str]) -> Vec<&'a String> {
    arguments
        .iter()
        .filter(|argument| !sections.contains(&argument.as_str()) && *argument != "quick")
        .filter(|argument| !argument.starts_with('-'))
        .collect()
}

/// The library route (docs/solver.md, "The library route"): a first answer
/// of any length within 1 s on every level of `examples/euclidea/`, with
/// the route and without; the levels where they differ, then the totals.
fn library_route(cores: usize, picked: &[&String]) {
    let second = Duration::from_secs(1);
    println!("\n## The library route: a first answer within 1 s, {cores} threads\n");
    println!("| level | file | without (E, ms) | with (E, ms) |");
    println!("|---|---|---|---|");
    let show = |found: Option<(usize, Duration)>| {
        found.map_or("—".to_string(), |(moves, time)| {
            format!("{moves} E, {:.0} ms", millis(time))
        })
    };
    let (mut levels, mut without_count, mut with_count) = (0, 0, 0);
    for (level, target, problem) in picked_files(picked) {
        let longest = (3 * target).min(40);
        let mut plain = Techniques::ALL;
        plain.library = false;
        let without = first_answer_with(&problem, longest, cores, second, true, plain);
        let with = first_answer_with(&problem, longest, cores, second, true, Techniques::ALL);
        levels += 1;
        without_count += usize::from(without.is_some());
        with_count += usize::from(with.is_some());
        if without.map(|found| found.0) != with.map(|found| found.0) {
            let file = level
                .path
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            println!(
                "| {} | {file} | {} | {} |",
                level.number,
                show(without),
                show(with)
            );
        }
    }
    println!("\nA first answer within 1 s: {without_count} of {levels} without the library route, {with_count} with it.");
}

/// The levels of `examples/euclidea/` with a known E-star count whose file
/// names hold one of the picked words (all when none is), with that count
/// and their first block's problem.
fn picked_files(picked: &[&String]) -> Vec<(Level, usize, Problem)> {
    euclidea_files()
        .into_iter()
        .filter_map(|level| {
            let target = level.target?;
            let path = level.path.to_str().expect("UTF-8 path").to_string();
            let wanted =
                picked.is_empty() || picked.iter().any(|word| path.contains(word.as_str()));
            wanted.then(|| (level, target, problem(&path)))
        })
        .collect()
}

fn euclidea_files() -> Vec<Level> {
    let mut levels: Vec<Level> = std::fs::read_dir("examples/euclidea")
        .expect("examples/euclidea exists")
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "euc"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable");
            let header = |prefix: &str| {
                text.lines()
                    .find_map(|line| line.strip_prefix(prefix))
                    .and_then(|rest| rest.split_whitespace().next())
                    .map(str::to_string)
            };
            let count = |prefix: &str| header(prefix).and_then(|n| n.parse::<usize>().ok());
            let number = header("// Euclidea ")
                .map(|number| number.trim_end_matches(':').to_string())
                .unwrap_or_else(|| "—".to_string());
            Level {
                chapter: number.split('.').next().and_then(|c| c.parse().ok()),
                number,
                target: count("// Shorter here: ").or(count("// E-star: ")),
                l_target: count("// L-star: "),
                variants: count("// V-star: "),
                path,
            }
        })
        .collect();
    levels.sort_by(|a, b| (a.chapter, &a.path).cmp(&(b.chapter, &b.path)));
    levels
}

/// What one level gave, star by star.
struct Stars {
    level: Level,
    target: usize,
    /// At the E-star count, lines and circles (L-tools at their E cost).
    e: Run,
    e_found: bool,
    /// The same without compression (docs/solver.md, "Compression").
    e_plain: Run,
    e_plain_found: bool,
    /// At the L-star count with the L-tools (`None`: no L count known).
    l: Option<Run>,
    l_found: bool,
    /// Every variant in one drawing, any length, and when (`None` in the
    /// outer option: one variant, nothing more to draw).
    v: Option<Option<(usize, Duration)>>,
    /// A first answer of any length within 1 s: with the quick first
    /// answer, and the exact search alone.
    first: Option<(usize, Duration)>,
    exact: Option<(usize, Duration)>,
}

/// The game's three stars as the benchmark: every level of
/// `examples/euclidea/` with a known E-star count, searched from scratch on
/// every core — at the E-star count with a 10 s cap (lines and circles;
/// blocks with L-tools minimised in E, each tool at its cost); at the
/// L-star count with a 10 s cap, counting tool uses, with the block's own
/// `tools` line or else every L-tool, and `drop` (the game's point tool is
/// free); every variant in one drawing (the
/// V-star: `Problem::every_variant`) with a 60 s cap and any length up to
/// the variants times the E count; and how soon a first answer of any
/// length comes (1 s cap), with the quick first answer and with the exact
/// search alone. One table per chapter total, then each level.
fn euclidea_levels(cores: usize, picked: &[&String]) {
    let cap = Duration::from_secs(10);
    println!("\n## Euclidea levels (examples/euclidea): the three stars, {cores} threads\n");
    let mut rows: Vec<Stars> = Vec::new();
    for (level, target, problem) in picked_files(picked) {
        let path = level.path.to_str().expect("UTF-8 path");
        let mut e_options = options(target, cores, Techniques::ALL);
        e_options.count = Some(euc::resolve::Count::E);
        let e = measure(&problem, e_options, 1, cap);
        let e_found = e.moves.is_some_and(|moves| moves <= target);
        e_options.techniques.compress = false;
        let e_plain = measure(&problem, e_options, 1, cap);
        let e_plain_found = e_plain.moves.is_some_and(|moves| moves <= target);
        let l = level.l_target.map(|l_target| {
            // As the game plays: its point tool is free (`tools drop`).
            let (_, with_tools) = l_star_texts(path);
            let mut l_options = options(l_target, cores, Techniques::ALL);
            l_options.count = Some(euc::resolve::Count::L);
            measure(&with_tools, l_options, 1, cap)
        });
        let l_found = match (&l, level.l_target) {
            (Some(run), Some(l_target)) => run.tool_uses.is_some_and(|uses| uses <= l_target),
            _ => false,
        };
        let v = (problem.variant_count() > 1).then(|| {
            let every = problem.every_variant();
            let longest = (target * problem.variant_count().min(8)).min(64);
            first_answer(&every, longest, cores, Duration::from_secs(60), true)
        });
        let (longest, second) = ((3 * target).min(40), Duration::from_secs(1));
        let first = first_answer(&problem, longest, cores, second, true);
        let exact = first_answer(&problem, longest, cores, second, false);
        rows.push(Stars {
            level,
            target,
            e,
            e_found,
            e_plain,
            e_plain_found,
            l,
            l_found,
            v,
            first,
            exact,
        });
    }
    println!("| chapter | levels | E-star within 10 s | without compression | median ms of those | L-star within 10 s (of levels with a known L) | V-star within 60 s (of levels with variants) | an answer within 1 s: the exact search alone | with the quick first answer |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut chapters: Vec<Option<u32>> = rows.iter().map(|row| row.level.chapter).collect();
    chapters.dedup();
    let mut totals = [0usize; 9];
    for chapter in chapters {
        let of: Vec<&Stars> = rows
            .iter()
            .filter(|row| row.level.chapter == chapter)
            .collect();
        let mut times: Vec<Duration> = of
            .iter()
            .filter(|row| row.e_found)
            .map(|row| row.e.time)
            .collect();
        times.sort();
        let median = times
            .get(times.len() / 2)
            .map_or("—".to_string(), |time| format!("{:.1}", millis(*time)));
        let counts = [
            of.len(),
            times.len(),
            of.iter().filter(|row| row.e_plain_found).count(),
            of.iter().filter(|row| row.l_found).count(),
            of.iter().filter(|row| row.l.is_some()).count(),
            of.iter()
                .filter(|row| matches!(row.v, Some(Some(_))))
                .count(),
            of.iter().filter(|row| row.v.is_some()).count(),
            of.iter().filter(|row| row.exact.is_some()).count(),
            of.iter().filter(|row| row.first.is_some()).count(),
        ];
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        let name = chapter.map_or("unnumbered".to_string(), |chapter| chapter.to_string());
        let [levels, e, plain, l, l_known, v, v_known, exact, first] = counts;
        println!("| {name} | {levels} | {e} | {plain} | {median} | {l} of {l_known} | {v} of {v_known} | {exact} | {first} |");
    }
    let [levels, e, plain, l, l_known, v, v_known, exact, first] = totals;
    println!("| all | {levels} | {e} | {plain} | | {l} of {l_known} | {v} of {v_known} | {exact} | {first} |");
    println!("\n| level | file | E-star | result | ms | without compression | L-star | result | ms | variants | all in one drawing (E, ms) | first answer (E, ms) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        let name = row
            .level
            .path
            .file_stem()
            .expect("a name")
            .to_string_lossy();
        let answer = |found: Option<(usize, Duration)>| {
            found.map_or("—".to_string(), |(moves, time)| {
                format!("{moves} in {:.0}", millis(time))
            })
        };
        let (l_star, l_result, l_ms) = match (&row.l, row.level.l_target) {
            (Some(run), Some(l_target)) => (
                l_target.to_string(),
                run.result.clone(),
                format!("{:.1}", millis(run.time)),
            ),
            _ => ("?".to_string(), "—".to_string(), "—".to_string()),
        };
        let variants = row
            .level
            .variants
            .map_or("?".to_string(), |v| v.to_string());
        let v = match row.v {
            Some(found) => answer(found),
            None => "one variant".to_string(),
        };
        println!(
            "| {} | {name} | {} | {} | {:.1} | {} | {l_star} | {l_result} | {l_ms} | {variants} | {v} | {} |",
            row.level.number,
            row.target,
            row.e.result,
            millis(row.e.time),
            row.e_plain.result,
            answer(row.first)
        );
    }
}

fn growth(cores: usize, cap: Duration, longest: usize) {
    println!(
        "\n## Growth with length (no construction exists: every length is searched in full)\n"
    );
    let hard = problem("benches/no-short-solution.euc");
    println!("| moves | examined at this length | 1 thread ms | {cores} threads ms | speed-up |");
    println!("|---|---|---|---|---|");
    let mut previous = 0;
    let cap = cap.max(Duration::from_secs(300));
    for length in 1..=longest {
        let one = measure(&hard, options(length, 1, Techniques::ALL), 3, cap);
        let all = measure(&hard, options(length, cores, Techniques::ALL), 3, cap);
        println!(
            "| {length} | {} | {:.2} | {:.2} | {:.2} |",
            one.examined - previous,
            millis(one.time),
            millis(all.time),
            one.time.as_secs_f64() / all.time.as_secs_f64()
        );
        previous = one.examined;
    }
}
