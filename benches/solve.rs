//! Solver benchmark (release): the seed engine's three examples, the effect
//! of each search technique, and how work grows with construction length,
//! on one thread and on all cores. Every ratio compares two runs of this same
//! process, so the figures are comparable on a noisy machine.
//!
//! cargo bench --bench solve

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

fn problem(path: &str) -> Problem {
    let text = std::fs::read_to_string(path).expect("example exists");
    let analysis = analyze(&text);
    analysis
        .scene
        .problems
        .into_iter()
        .next()
        .expect("a solve block")
}

/// Median wall time of `runs` searches, the examined count and the outcome's length.
fn measure(
    problem: &Problem,
    options: SearchOptions,
    runs: usize,
    cap: Duration,
) -> (Duration, u64, String) {
    let mut times = Vec::new();
    let mut examined = 0;
    let mut result = String::new();
    for _ in 0..runs {
        let started = Instant::now();
        let (outcome, stats) = search(problem, &options, &Deadline(started + cap));
        times.push(started.elapsed());
        examined = stats.examined();
        result = match outcome {
            Outcome::Found(construction) => format!("{} moves", construction.moves()),
            Outcome::Exhausted { max_moves } => format!("none ≤ {max_moves}"),
            Outcome::Stopped { searched, .. } => {
                format!("stopped after {searched} (cap {} s)", cap.as_secs())
            }
            Outcome::Unsearchable(why) => why.to_string(),
        };
        if times[0] > Duration::from_secs(2) {
            break;
        }
    }
    times.sort();
    (times[times.len() / 2], examined, result)
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let full = |threads| SearchOptions {
        max_moves: 8,
        threads,
        techniques: Techniques::ALL,
    };
    let cap = Duration::from_secs(60);
    println!("# euc solver benchmark ({cores} cores)\n");
    println!("## Seed examples\n");
    println!("| example | result | examined | 1 thread ms | {cores} threads ms | constructions/s (1 thread) |");
    println!("|---|---|---|---|---|---|");
    for (name, path) in [
        ("midpoint", "examples/solve-midpoint.euc"),
        ("napoleon", "examples/solve-napoleon.euc"),
        (
            "third proportional",
            "examples/solve-third-proportional.euc",
        ),
    ] {
        let problem = problem(path);
        let (one, examined, result) = measure(&problem, full(1), 21, cap);
        let (all, _, _) = measure(&problem, full(cores), 21, cap);
        println!(
            "| {name} | {result} | {examined} | {:.3} | {:.3} | {:.0} |",
            millis(one),
            millis(all),
            examined as f64 / one.as_secs_f64()
        );
    }

    println!("\n## Techniques (1 thread; ratio = time without / time with all)\n");
    println!("| example | configuration | result | examined | ms | ratio |");
    println!("|---|---|---|---|---|---|");
    let configurations = [
        ("all techniques", Techniques::ALL),
        (
            "without reordering merge",
            Techniques {
                merge_reorderings: false,
                ..Techniques::ALL
            },
        ),
        (
            "without goal pruning",
            Techniques {
                goal_pruning: false,
                ..Techniques::ALL
            },
        ),
        (
            "without same-object merge",
            Techniques {
                merge_same_objects: false,
                ..Techniques::ALL
            },
        ),
        ("none (the seed's search)", Techniques::NONE),
    ];
    for (name, path, max_moves) in [
        ("midpoint: find", "examples/solve-midpoint.euc", 8),
        ("midpoint: prove none ≤ 5", "examples/solve-midpoint.euc", 5),
        ("napoleon: find", "examples/solve-napoleon.euc", 8),
        ("napoleon: prove none ≤ 5", "examples/solve-napoleon.euc", 5),
        (
            "unreachable: prove none ≤ 7",
            "benches/no-short-solution.euc",
            7,
        ),
    ] {
        let problem = problem(path);
        let mut baseline = None;
        for (label, techniques) in configurations {
            let options = SearchOptions {
                max_moves,
                threads: 1,
                techniques,
            };
            let (time, examined, result) = measure(&problem, options, 5, cap);
            let base = *baseline.get_or_insert(time);
            println!(
                "| {name} | {label} | {result} | {examined} | {:.2} | {:.1} |",
                millis(time),
                time.as_secs_f64() / base.as_secs_f64()
            );
        }
    }

    println!(
        "\n## Growth with length (no construction exists: every length is searched in full)\n"
    );
    let hard = problem("benches/no-short-solution.euc");
    println!("| moves | examined (1 thread) | 1 thread ms | {cores} threads ms | speed-up |");
    println!("|---|---|---|---|---|");
    let mut previous = 0;
    for length in 1..=7 {
        let one = SearchOptions {
            max_moves: length,
            threads: 1,
            techniques: Techniques::ALL,
        };
        let all = SearchOptions {
            threads: cores,
            ..one
        };
        let (time_one, examined, _) = measure(&hard, one, 3, cap);
        let (time_all, _, _) = measure(&hard, all, 3, cap);
        println!(
            "| {length} | {} | {:.2} | {:.2} | {:.2} |",
            examined - previous,
            millis(time_one),
            millis(time_all),
            time_one.as_secs_f64() / time_all.as_secs_f64()
        );
        previous = examined;
    }
}
