//! Iterative deepening over the constructions a mask allows, so the first
//! construction found is a shortest one.
//!
//! Techniques, each measured in `benches/solve.rs`:
//! - reorderings are explored once: a new object must not be movable to an
//!   earlier position where it would sort before the object there (the
//!   lexicographically least order of each set of objects is the only one
//!   explored — partial-order reduction, stateless and so parallel-friendly);
//! - goal-directed pruning: a goal point missing from the drawing needs two
//!   objects through it; when the remaining steps are exactly as many as a goal
//!   still needs, the next object must pass through it (a cheap test before
//!   any intersection is computed), and a goal needing more is a dead end;
//! - the same object reached from different pairs of points is tried once;
//! - the first levels are split across threads; each subtree is searched in
//!   a fixed order and the answer of the earliest subtree wins, so answers
//!   do not depend on the number of threads.

use super::construction::{Construction, DrawStep, PointRef};
use super::mask::{kinds_at, Draw};
use super::verify::finish;
pub use super::verify::setup_kinds;
use crate::geom::{meet, Circle, Line, Meet, Object, Point, EPS};
use crate::parse::ast::MaskToken;
use crate::resolve::{Instance, Limits, Problem, Value};
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Give up after constructions of this many moves.
    pub max_moves: usize,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The techniques, each switchable so that benchmarks can measure it and
    /// tests can compare against the plain search.
    pub techniques: Techniques,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Explore each set of objects in one order only.
    pub merge_reorderings: bool,
    /// Near the end, only objects through the missing goals.
    pub goal_pruning: bool,
    /// Try an object reached from several pairs of points once.
    pub merge_same_objects: bool,
}

impl Techniques {
    pub const ALL: Techniques = Techniques {
        merge_reorderings: true,
        goal_pruning: true,
        merge_same_objects: true,
    };
    /// The seed engine's search: every sequence, pruned by nothing.
    pub const NONE: Techniques = Techniques {
        merge_reorderings: false,
        goal_pruning: false,
        merge_same_objects: false,
    };
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_moves: 8,
            threads: 0,
            techniques: Techniques::ALL,
        }
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    OutOfTime,
}

/// What the search reports while it runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The construction length being searched.
    pub moves: usize,
    /// Constructions examined so far (all lengths).
    pub examined: u64,
}

/// Time, cancellation and progress come from outside: the core has no clock.
pub trait Budget: Sync {
    /// Asked every few thousand constructions.
    fn stop(&self) -> Option<Stop>;
    fn progress(&self, progress: &Progress);
}

/// A budget that never stops and reports nothing.
pub struct Unlimited;

impl Budget for Unlimited {
    fn stop(&self) -> Option<Stop> {
        None
    }
    fn progress(&self, _: &Progress) {}
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Found(Construction),
    /// Every construction up to `max_moves` was examined.
    Exhausted {
        max_moves: usize,
    },
    /// Stopped early; lengths up to `searched` were fully examined.
    Stopped {
        stop: Stop,
        searched: usize,
    },
    /// The problem cannot be searched (no instance, no goal).
    Unsearchable(&'static str),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Constructions examined (objects built) per length searched.
    pub examined_per_length: Vec<(usize, u64)>,
}

impl Stats {
    pub fn examined(&self) -> u64 {
        self.examined_per_length
            .iter()
            .map(|(_, count)| count)
            .sum()
    }
}

/// How often workers look at the budget and publish their counts.
const CHECK_EVERY: u64 = 4096;

pub fn search(problem: &Problem, options: &SearchOptions, budget: &dyn Budget) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    if problem.instances.is_empty() {
        return (
            Outcome::Unsearchable("the problem has errors: its instances cannot be computed"),
            stats,
        );
    }
    if problem.goals.is_empty() {
        return (Outcome::Unsearchable("the block has no goal"), stats);
    }
    let root = State::new(&problem.instances[search_instance(problem)], problem);
    if let Some(construction) = root.solution(problem) {
        return (Outcome::Found(construction), stats);
    }
    let (first, last) = lengths(&problem.mask, options.max_moves);
    let threads = if options.threads == 0 {
        rayon::current_num_threads()
    } else {
        options.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build();
    let total = AtomicU64::new(0);
    let mut searched = first.saturating_sub(1);
    for length in first..=last {
        let before = total.load(Ordering::Relaxed);
        budget.progress(&Progress {
            moves: length,
            examined: before,
        });
        let context = Context {
            problem,
            mask: &problem.mask,
            length,
            budget,
            total: &total,
            techniques: options.techniques,
        };
        let result = match (&pool, threads) {
            (Ok(pool), threads) if threads > 1 => {
                pool.install(|| search_parallel(&root, &context, threads))
            }
            _ => search_subtree(
                &mut root.clone(),
                &context,
                0,
                &AtomicUsize::new(usize::MAX),
                0,
            ),
        };
        stats
            .examined_per_length
            .push((length, total.load(Ordering::Relaxed) - before));
        match result {
            Ok(Some(construction)) => return (Outcome::Found(construction), stats),
            Ok(None) => searched = length,
            Err(stop) => return (Outcome::Stopped { stop, searched }, stats),
        }
    }
    (Outcome::Exhausted { max_moves: last }, stats)
}

/// The instance the search runs on: a random one when there is one. The
/// declared coordinates are often special (symmetric, collinear, round), and
/// objects that coincide only there (the line through A and B being the line
/// through A and C) would be merged and the general construction never
/// tried. Every answer is replayed on all instances, the declared one too.
fn search_instance(problem: &Problem) -> usize {
    problem
        .instances
        .iter()
        .position(|instance| matches!(instance.origin, crate::resolve::Origin::Random { .. }))
        .unwrap_or(0)
}

/// The construction lengths to try: from the mask's shortest to its longest
/// (or the step limit).
fn lengths(mask: &[MaskToken], max_moves: usize) -> (usize, usize) {
    let fixed = mask.iter().filter(|token| !token.is_generator()).count();
    if mask.iter().any(|token| token.is_generator()) {
        (fixed.max(1), max_moves)
    } else {
        (fixed, fixed.min(max_moves))
    }
}

struct Context<'a> {
    techniques: Techniques,
    problem: &'a Problem,
    mask: &'a [MaskToken],
    length: usize,
    budget: &'a dyn Budget,
    total: &'a AtomicU64,
}

/// Splits the first levels into enough subtrees for the threads, searches
/// them in parallel and keeps the answer of the earliest subtree.
fn search_parallel(
    root: &State,
    context: &Context,
    threads: usize,
) -> Result<Option<Construction>, Stop> {
    let mut frontier: Vec<Vec<Choice>> = vec![Vec::new()];
    let mut depth = 0;
    while frontier.len() < 16 * threads && depth + 1 < context.length {
        let mut next = Vec::new();
        for path in &frontier {
            let mut state = root.clone();
            for choice in path {
                state.apply(*choice, context.problem);
            }
            for choice in state.children(depth, context) {
                let mut extended = path.clone();
                extended.push(choice);
                next.push(extended);
            }
        }
        context
            .total
            .fetch_add(next.len() as u64, Ordering::Relaxed);
        frontier = next;
        depth += 1;
        if frontier.is_empty() {
            return Ok(None);
        }
    }
    let best = AtomicUsize::new(usize::MAX);
    let results: Vec<Result<Option<Construction>, Stop>> = frontier
        .par_iter()
        .enumerate()
        .map(|(index, path)| {
            if index > best.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let mut state = root.clone();
            for choice in path {
                state.apply(*choice, context.problem);
            }
            let found = search_subtree(&mut state, context, depth, &best, index)?;
            if found.is_some() {
                best.fetch_min(index, Ordering::Relaxed);
            }
            Ok(found)
        })
        .collect();
    let mut stopped = None;
    for result in results {
        match result {
            Ok(Some(construction)) => return Ok(Some(construction)),
            Ok(None) => {}
            Err(stop) => stopped = stopped.or(Some(stop)),
        }
    }
    match stopped {
        Some(stop) => Err(stop),
        None => Ok(None),
    }
}

/// Depth-first search below one node, in a fixed order.
fn search_subtree(
    state: &mut State,
    context: &Context,
    depth: usize,
    best: &AtomicUsize,
    index: usize,
) -> Result<Option<Construction>, Stop> {
    let mut worker = Worker {
        context,
        examined: 0,
        best,
        index,
    };
    let result = worker.dfs(state, depth);
    context
        .total
        .fetch_add(worker.examined % CHECK_EVERY, Ordering::Relaxed);
    result
}

struct Worker<'a> {
    context: &'a Context<'a>,
    examined: u64,
    best: &'a AtomicUsize,
    /// This subtree's place in the fixed order; later subtrees stop once an
    /// earlier one has an answer.
    index: usize,
}

/// One move: draw `draw` from points `a` and `b` of the working set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    draw: Draw,
    a: u32,
    b: u32,
}

impl Worker<'_> {
    fn dfs(&mut self, state: &mut State, depth: usize) -> Result<Option<Construction>, Stop> {
        let problem = self.context.problem;
        if depth == self.context.length {
            return Ok(state.solution(problem));
        }
        for choice in state.children(depth, self.context) {
            self.examined += 1;
            if self.examined % CHECK_EVERY == 0 {
                let total =
                    self.context.total.fetch_add(CHECK_EVERY, Ordering::Relaxed) + CHECK_EVERY;
                if let Some(stop) = self.context.budget.stop() {
                    return Err(stop);
                }
                if self.best.load(Ordering::Relaxed) < self.index {
                    return Ok(None);
                }
                self.context.budget.progress(&Progress {
                    moves: self.context.length,
                    examined: total,
                });
            }
            let mark = state.apply(choice, problem);
            let found = self.dfs(state, depth + 1)?;
            state.undo(mark);
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<IdentityHasher>>;

/// Keys are already well-mixed hashes.
#[derive(Default)]
struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 << 8) | u64::from(*byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// The working set of one search path, with undo.
#[derive(Clone)]
struct State {
    points: Vec<Point>,
    origins: Vec<PointRef>,
    /// The move (1-based) that first made each point; 0 for givens.
    made_at: Vec<usize>,
    objects: Vec<Object>,
    keys: Vec<u64>,
    setup: usize,
    draws: Vec<DrawStep>,
    /// For each point goal: objects through it (2 means reached).
    goal_hits: Vec<u8>,
    /// For each goal: reached by a given point or an object equal to it.
    goal_done: Vec<bool>,
    limits: Limits,
}

/// Lengths to restore on undo.
struct Mark {
    points: usize,
    objects: usize,
    goal_hits: Vec<u8>,
    goal_done: Vec<bool>,
}

impl State {
    fn new(instance: &Instance, problem: &Problem) -> State {
        let mut state = State {
            points: instance.givens.clone(),
            origins: (0..instance.givens.len()).map(PointRef::Given).collect(),
            made_at: vec![0; instance.givens.len()],
            objects: Vec::new(),
            keys: Vec::new(),
            setup: instance.setup.len(),
            draws: Vec::new(),
            goal_hits: vec![0; instance.goals.len()],
            goal_done: vec![false; instance.goals.len()],
            limits: problem.limits,
        };
        for (index, goal) in instance.goals.iter().enumerate() {
            if let Value::Point(goal) = goal {
                state.goal_done[index] = instance.givens.iter().any(|given| given.same(*goal));
            }
        }
        for object in &instance.setup {
            state.add_object_goals(object, &instance.goals);
            state.keys.push(object_key(object));
            state.objects.push(*object);
        }
        state
    }

    fn add_object_goals(&mut self, object: &Object, goals: &[Value]) {
        for (index, goal) in goals.iter().enumerate() {
            match goal {
                Value::Point(point) if object.contains(*point) => {
                    self.goal_hits[index] = self.goal_hits[index].saturating_add(1);
                    if self.goal_hits[index] >= 2 {
                        self.goal_done[index] = true;
                    }
                }
                Value::Line(line) if object.same(&Object::Line(*line)) => {
                    self.goal_done[index] = true
                }
                Value::Circle(circle) if object.same(&Object::Circle(*circle)) => {
                    self.goal_done[index] = true
                }
                _ => {}
            }
        }
    }

    /// The moves worth trying from here, in a fixed order.
    fn children(&self, depth: usize, context: &Context) -> Vec<Choice> {
        let problem = context.problem;
        let goals = &problem.instances[search_instance(problem)].goals;
        let remaining = context.length - depth;
        let techniques = context.techniques;
        // Goal-directed pruning.
        let mut must_pass: Vec<Point> = Vec::new();
        let mut must_be: Vec<Object> = Vec::new();
        let mut objects_missing = 0;
        for (index, goal) in goals.iter().enumerate() {
            if self.goal_done[index] {
                continue;
            }
            match goal {
                Value::Point(point) => {
                    let need = 2 - usize::from(self.goal_hits[index].min(2));
                    if need > remaining && techniques.goal_pruning {
                        return Vec::new();
                    }
                    if need == remaining && techniques.goal_pruning {
                        must_pass.push(*point);
                    }
                }
                Value::Line(line) => {
                    objects_missing += 1;
                    must_be.push(Object::Line(*line));
                }
                Value::Circle(circle) => {
                    objects_missing += 1;
                    must_be.push(Object::Circle(*circle));
                }
                _ => {}
            }
        }
        if objects_missing > remaining && techniques.goal_pruning {
            return Vec::new();
        }
        let must_be_goal = objects_missing == remaining && techniques.goal_pruning;
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let mut tried = KeySet::default();
        let mut choices = Vec::new();
        let count = self.points.len();
        let mut consider = |draw: Draw, a: usize, b: usize, choices: &mut Vec<Choice>| {
            let (pa, pb) = (self.points[a], self.points[b]);
            let passes = must_pass.iter().all(|goal| match draw {
                Draw::Line => {
                    let direction = pb - pa;
                    direction.cross(*goal - pa).abs() < EPS * direction.norm()
                }
                Draw::Circle => (pa.dist(*goal) - pa.dist(pb)).abs() < EPS,
            });
            if !passes {
                return;
            }
            let object = match draw {
                Draw::Line => Line::through(pa, pb).map(Object::Line),
                Draw::Circle => Circle::through(pa, pb).map(Object::Circle),
            };
            let Ok(object) = object else { return };
            if must_be_goal && !must_be.iter().any(|goal| goal.same(&object)) {
                return;
            }
            let key = object_key(&object);
            if techniques.merge_same_objects && !tried.insert(key) {
                return;
            }
            if self.objects.iter().any(|existing| existing.same(&object)) {
                return;
            }
            // Partial-order reduction: could this object have been drawn
            // before a later-sorting one? Then that order is explored instead.
            if let Some(floor) = reorderable.filter(|_| techniques.merge_reorderings) {
                let made = self.made_at[a].max(self.made_at[b]).max(floor);
                for step in made..depth {
                    if self.keys[self.setup + step] > key {
                        return;
                    }
                }
            }
            choices.push(Choice {
                draw,
                a: a as u32,
                b: b as u32,
            });
        };
        for a in 0..count {
            for b in 0..count {
                if a == b {
                    continue;
                }
                if lines && a < b {
                    consider(Draw::Line, a, b, &mut choices);
                }
                if circles {
                    consider(Draw::Circle, a, b, &mut choices);
                }
            }
        }
        choices
    }

    /// Draws one object and adds its new intersections.
    fn apply(&mut self, choice: Choice, problem: &Problem) -> Mark {
        let mark = Mark {
            points: self.points.len(),
            objects: self.objects.len(),
            goal_hits: self.goal_hits.clone(),
            goal_done: self.goal_done.clone(),
        };
        let (a, b) = (choice.a as usize, choice.b as usize);
        let object = match choice.draw {
            Draw::Line => Line::through(self.points[a], self.points[b]).map(Object::Line),
            Draw::Circle => Circle::through(self.points[a], self.points[b]).map(Object::Circle),
        }
        .expect("children() only offers buildable objects");
        let step = self.draws.len() + 1;
        let index = self.objects.len();
        for other in 0..index {
            let Ok(found) = meet(&self.objects[other], &object) else {
                continue;
            };
            let Meet::Two(..) = found else {
                // Two lines meet once; tangent points are not robust, so
                // only line pairs give single points.
                if let (Object::Line(_), Object::Line(_), Meet::One(point)) =
                    (self.objects[other], object, found)
                {
                    self.add_point(
                        point,
                        PointRef::Meet {
                            first: other,
                            second: index,
                            which: 0,
                        },
                        step,
                    );
                }
                continue;
            };
            for (which, point) in found.points().enumerate() {
                self.add_point(
                    point,
                    PointRef::Meet {
                        first: other,
                        second: index,
                        which: which as u8,
                    },
                    step,
                );
            }
        }
        let goals = &problem.instances[search_instance(problem)].goals;
        self.add_object_goals(&object, goals);
        self.keys.push(object_key(&object));
        self.objects.push(object);
        self.draws.push(DrawStep {
            draw: choice.draw,
            a: self.origins[a],
            b: self.origins[b],
        });
        mark
    }

    fn add_point(&mut self, point: Point, origin: PointRef, step: usize) {
        if let Some(max) = self.limits.max {
            if point.norm() > max {
                return;
            }
        }
        let min = self.limits.min.unwrap_or(0.0).max(EPS);
        if self.points.iter().any(|known| known.dist(point) < min) {
            return;
        }
        self.points.push(point);
        self.origins.push(origin);
        self.made_at.push(step);
    }

    fn undo(&mut self, mark: Mark) {
        self.points.truncate(mark.points);
        self.origins.truncate(mark.points);
        self.made_at.truncate(mark.points);
        self.objects.truncate(mark.objects);
        self.keys.truncate(mark.objects);
        self.draws.truncate(mark.objects - self.setup);
        self.goal_hits = mark.goal_hits;
        self.goal_done = mark.goal_done;
    }

    /// The construction so far, if it reaches every goal on the declared
    /// instance and, replayed, on every other one.
    fn solution(&self, problem: &Problem) -> Option<Construction> {
        if !self.goal_done.iter().all(|done| *done) {
            return None;
        }
        finish(problem, &self.draws)
    }
}

/// A hash of an object that equal objects share (up to rounding at the
/// edges of the grid, which only costs a repeated try).
fn object_key(object: &Object) -> u64 {
    // Truncation, not rounding: `round` is a libm call on the hot path.
    let quantize = |value: f64| (value * 1e7) as i64 as u64;
    match object {
        Object::Line(line) => {
            let mut normal = line.direction.perp();
            if normal.x < -1e-12 || (normal.x.abs() <= 1e-12 && normal.y < 0.0) {
                normal = normal * -1.0;
            }
            let offset = normal.dot(line.origin);
            mix(&[1, quantize(normal.x), quantize(normal.y), quantize(offset)])
        }
        Object::Circle(circle) => mix(&[
            2,
            quantize(circle.center.x),
            quantize(circle.center.y),
            quantize(circle.radius),
        ]),
    }
}

fn mix(values: &[u64]) -> u64 {
    values.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, value| {
        let mut z = hash ^ value.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}
