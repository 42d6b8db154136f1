//! Level generators, seeded and reproducible: the Planarity model's own
//! rules, and John Tantalo's original construction from random lines.

use super::crossing::{any_crossing, Link, LinkIndex};
use crate::geom::Point;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::OnceLock;

/// The model's world: `random-xcor` draws from -16.5 to 16.5.
const WORLD: f64 = 16.5;
/// `layout-circle turtles (world-width / 2 - 1)`.
const CIRCLE: f64 = 15.5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The NetLogo model: random non-crossing links, then every other one that fits.
    Model,
    /// Tantalo's: nodes at the crossings of random lines, linked along each line.
    Lines,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub level: u32,
    pub seed: u64,
    /// The scrambled positions the player starts from.
    pub positions: Vec<Point>,
    /// Positions with no crossing (the layout before scrambling).
    pub solution: Vec<Point>,
    pub links: Vec<Link>,
}

/// Positions are kept to two decimals, as written in a block, so that the
/// checks here see exactly what the file will say.
fn round(point: Point) -> Point {
    Point::new(
        (point.x * 100.0).round() / 100.0,
        (point.y * 100.0).round() / 100.0,
    )
}

fn rng_for(level: u32, seed: u64, method: Method) -> ChaCha8Rng {
    let salt = match method {
        Method::Model => 0x6d6f_6465_6c00_0000,
        Method::Lines => 0x6c69_6e65_7300_0000,
    };
    ChaCha8Rng::seed_from_u64(seed ^ salt ^ (u64::from(level) << 32))
}

/// The highest level euc generates: level L has L + 4 nodes, and the
/// model's generator tries every pair of them (5,000 nodes take about two
/// seconds; docs/planar.md, "Generators").
pub const MAX_LEVEL: u32 = 5_000;

/// The highest level of Tantalo's generator: level L draws L + 3 lines, so
/// (L + 3)(L + 2) / 2 nodes — 4,950 at level 97, within the model's 5,000
/// (level 200 once took 20 s and 610 MB, and 400 never finished).
pub const MAX_LINES_LEVEL: u32 = 97;

impl Method {
    /// The highest level this generator makes.
    pub fn max_level(self) -> u32 {
        match self {
            Method::Model => MAX_LEVEL,
            Method::Lines => MAX_LINES_LEVEL,
        }
    }
}

pub fn generate(level: u32, seed: u64, method: Method) -> Level {
    let mut rng = rng_for(level, seed, method);
    let (solution, links) = match method {
        Method::Model => model_graph(level, &mut rng),
        Method::Lines => lines_graph(level, &mut rng),
    };
    let positions = scramble(&solution, &links, &mut rng);
    Level {
        level,
        seed,
        positions,
        solution,
        links,
    }
}

/// The links kept so far, indexed for `attempt-link`'s two questions.
struct Kept {
    index: LinkIndex,
    /// Pairs tried among random ones, as bits of a count × count table,
    /// both ways round, so that the pairs of one node are one row: a pair
    /// kept exists, and a pair that crossed a link once always will (links
    /// are only added).
    tried: Vec<u64>,
    /// Nodes whose every pair has been tried (after the random ones).
    finished: Vec<bool>,
    count: usize,
    /// The positions in hundredths (see `Spot`).
    spots: Vec<Spot>,
}

/// A position of the model in hundredths. The model's positions are
/// rounded to two decimals within ±16.5, so these integers are exactly
/// what a file says, and a turn on them (products below 10^7) is the
/// exact turn `crossing::crossed` decides on the decimals, without its
/// floating-point filter and its fallback: generating a 5,000-node level
/// tests millions of pairs.
type Spot = (i64, i64);

fn spot(point: Point) -> Spot {
    (
        (point.x * 100.0).round() as i64,
        (point.y * 100.0).round() as i64,
    )
}

/// The sign of the turn `a → b → c`.
fn turn(a: Spot, b: Spot, c: Spot) -> i64 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

/// `crossing::crossed` on hundredths: links sharing a node never cross;
/// links with two ends at one place always do; otherwise the closed
/// segments must meet.
fn crossed_on_grid(spots: &[Spot], a: Link, b: Link) -> bool {
    if a.0 == b.0 || a.0 == b.1 || a.1 == b.0 || a.1 == b.1 {
        return false;
    }
    let [p, q, r, s] = [spots[a.0], spots[a.1], spots[b.0], spots[b.1]];
    if p.0.max(q.0) < r.0.min(s.0)
        || r.0.max(s.0) < p.0.min(q.0)
        || p.1.max(q.1) < r.1.min(s.1)
        || r.1.max(s.1) < p.1.min(q.1)
    {
        return false;
    }
    if p == q || p == r || p == s || q == r || q == s || r == s {
        return true;
    }
    let (d1, d2) = (turn(r, s, p), turn(r, s, q));
    if d1 == d2 && d1 != 0 {
        return false;
    }
    let (d3, d4) = (turn(p, q, r), turn(p, q, s));
    if d3 == d4 && d3 != 0 {
        return false;
    }
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    let within = |a: Spot, b: Spot, c: Spot| {
        c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
    };
    (d1 == 0 && within(r, s, p))
        || (d2 == 0 && within(r, s, q))
        || (d3 == 0 && within(p, q, r))
        || (d4 == 0 && within(p, q, s))
}

impl Kept {
    /// Whether `a — b` was tried, looked up in `b`'s row: the pairs of
    /// the node whose pairs are being tried stay in the cache (looking up
    /// the other node's row missed it on nearly every pair, 70 % of
    /// generating 5,000 nodes).
    fn tried(&self, a: usize, b: usize) -> bool {
        let bit = b * self.count + a;
        self.finished[a] || self.finished[b] || self.tried[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Marks `a — b` tried (a pair drawn at random; a node's pairs in
    /// turn are marked by `finished`).
    fn mark(&mut self, a: usize, b: usize) {
        for bit in [a * self.count + b, b * self.count + a] {
            self.tried[bit / 64] |= 1 << (bit % 64);
        }
    }

    /// `attempt-link`: a new link `a — b` that crosses no existing one,
    /// kept and returned. `blockers` are links that crossed earlier
    /// attempts from `b`: they are tried first (see `Blockers`).
    /// Callers ask `tried` first: a pair is attempted once.
    fn attempt(
        &mut self,
        positions: &[Point],
        a: usize,
        b: usize,
        blockers: &mut Blockers,
    ) -> Option<Link> {
        if crosses(&self.index, &self.spots, positions, (a, b), blockers) {
            return None;
        }
        self.index.add(positions, (a, b));
        Some((a, b))
    }
}

/// Whether `a — b` crosses a link of `index`. The index offers every link
/// that could cross, so the answer is the model's (every link tested), at
/// a cost that follows the link's length. `blockers` are links that
/// crossed earlier attempts from `b`: they are tried first, and a link
/// found crossing by the index joins them.
fn crosses(
    index: &LinkIndex,
    spots: &[Spot],
    positions: &[Point],
    (a, b): Link,
    blockers: &mut Blockers,
) -> bool {
    if blockers.cross(spots, (b, a)) {
        return true;
    }
    let links = index.links();
    let mut blocker = None;
    index.each_near(positions, (b, a), |other| {
        let crosses = crossed_on_grid(spots, links[other], (a, b));
        if crosses {
            blocker = Some(links[other]);
        }
        crosses
    });
    if let Some(link) = blocker {
        blockers.remember(spots, b, link);
    }
    blocker.is_some()
}

/// Links that crossed earlier attempts from one node, most recent first,
/// each with the directions from that node it covers. Once the links
/// around a node nearly close a ring, almost every link from it to a far
/// node crosses one of the few in that ring, so they are tested before the
/// grid is walked: the model tries every pair of nodes, and this answers
/// most of those pairs with one exact test. Only a crossing found here
/// rejects a link, and a link crossed once always is (links are only
/// added), so the levels are the same as testing every link.
struct Blockers {
    /// Each link with a mask of the `SECTORS` directions (seen from the
    /// node) its segment spans.
    links: Vec<(u64, Link)>,
}

/// The most blockers kept per node. A ring around a node has about six
/// links, but one half open, or made of links no longer than the node's
/// own, needs more.
const BLOCKERS: usize = 32;

/// Directions from a node are told apart in this many sectors, so that a
/// blocker is tested only against links towards the sectors it spans:
/// kept most recent first alone, 16 of them were tried one after another
/// and the grid walked for the rest, half of generating 5,000 nodes
/// (docs/planar.md, "Generators").
const SECTORS: u32 = 64;

/// The sector of a direction, clockwise from straight up: a pseudo-angle
/// (no trigonometry) that grows with the angle, so a direction between two
/// others has a sector between theirs. Rounding can only put a direction
/// in the next sector, which costs a grid walk, never a wrong answer.
fn sector(from: Spot, to: Spot) -> u32 {
    let (x, y) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
    let sum = x.abs() + y.abs();
    if sum == 0.0 {
        return 0;
    }
    let slope = y / sum;
    let angle = if x >= 0.0 { 1.0 - slope } else { 3.0 + slope };
    ((angle * f64::from(SECTORS) / 4.0) as u32).min(SECTORS - 1)
}

/// The sectors from `from` that link `c — d` spans: from one end's to the
/// other's, the short way round; every sector when `from` is on the
/// link's line between its ends (any link from there crosses it) or at
/// one of its ends, and when its two ends are at one place (it crosses
/// every link).
fn spanned(spots: &[Spot], from: Spot, (c, d): Link) -> u64 {
    let (c, d) = (spots[c], spots[d]);
    let within = |p: Spot| {
        p.0 >= c.0.min(d.0) && p.0 <= c.0.max(d.0) && p.1 >= c.1.min(d.1) && p.1 <= c.1.max(d.1)
    };
    let side = turn(from, c, d);
    if c == d || (side == 0 && within(from)) {
        return u64::MAX;
    }
    // Clockwise from the first to the second.
    let (first, second) = if side > 0 {
        (sector(from, d), sector(from, c))
    } else {
        (sector(from, c), sector(from, d))
    };
    let (first, second) = if side == 0 {
        (first.min(second), first.max(second))
    } else {
        (first, second)
    };
    let upward = |s: u32| u64::MAX << s;
    let downward = |s: u32| u64::MAX >> (SECTORS - 1 - s);
    if first <= second {
        upward(first) & downward(second)
    } else {
        upward(first) | downward(second)
    }
}

impl Blockers {
    fn new() -> Blockers {
        Blockers { links: Vec::new() }
    }

    /// Whether one of the blockers crosses `link`, which starts at their
    /// node; the one that does moves to the front.
    fn cross(&mut self, spots: &[Spot], link: Link) -> bool {
        if self.links.is_empty() {
            return false;
        }
        let bit = 1 << sector(spots[link.0], spots[link.1]);
        let found = self
            .links
            .iter()
            .position(|&(mask, other)| mask & bit != 0 && crossed_on_grid(spots, other, link));
        if let Some(place) = found {
            self.links[..=place].rotate_right(1);
        }
        found.is_some()
    }

    /// Keeps `link`, which crossed a link from `from`.
    fn remember(&mut self, spots: &[Spot], from: usize, link: Link) {
        let mask = spanned(spots, spots[from], link);
        self.links.insert(0, (mask, link));
        self.links.truncate(BLOCKERS);
    }
}

/// `setup-level`: 4 + level nodes at random positions; random links kept
/// when they cross nothing until there are as many links as nodes; then
/// every remaining pair, in random order, kept if it crosses nothing.
fn model_graph(level: u32, rng: &mut ChaCha8Rng) -> (Vec<Point>, Vec<Link>) {
    let helped = level as usize + 4 >= HELPED_FROM && super::draw::sweep::second_core();
    model_graph_helped(level, rng, helped)
}

/// `model_graph`, its last phase helped by a second thread or not.
fn model_graph_helped(level: u32, rng: &mut ChaCha8Rng, helped: bool) -> (Vec<Point>, Vec<Link>) {
    let count = 4 + level as usize;
    let positions: Vec<Point> = (0..count)
        .map(|_| {
            round(Point::new(
                rng.random_range(-WORLD..WORLD),
                rng.random_range(-WORLD..WORLD),
            ))
        })
        .collect();
    // A plane graph on n nodes has at most 3n - 6 links.
    let room = vec![(0, 0); 3 * count];
    let mut kept = Kept {
        index: LinkIndex::new(&positions, &room, std::iter::empty()),
        tried: vec![0; (count * count).div_ceil(64)],
        finished: vec![false; count],
        count,
        spots: positions.iter().map(|&p| spot(p)).collect(),
    };
    // A plane graph with fewer links than nodes always has room for one
    // more, so this ends; the cap only guards against a broken generator.
    let mut attempts = 0;
    // Each node's blockers, kept from its random attempts to the end: the
    // random phase ends only when as many links as nodes fit, and at 5,000
    // nodes it attempts about a million pairs, nearly all crossing.
    let mut blockers: Vec<Blockers> = (0..count).map(|_| Blockers::new()).collect();
    while kept.index.links().len() < count && attempts < 1_000_000 {
        let a = rng.random_range(0..count);
        let mut b = rng.random_range(0..count - 1);
        if b >= a {
            b += 1;
        }
        if !kept.tried(b, a) {
            kept.mark(b, a);
            kept.attempt(&positions, b, a, &mut blockers[a]);
        }
        attempts += 1;
    }
    let mut order: Vec<usize> = (0..count).collect();
    order.shuffle(rng);
    if !helped {
        link_in_turn(&mut kept, &positions, &order, rng, &mut blockers, None);
    } else {
        let help = Help {
            reached: AtomicUsize::new(0),
            crossed: (0..count).map(|_| OnceLock::new()).collect(),
        };
        let (send, receive) = std::sync::mpsc::channel();
        let kept_so_far = kept.index.links().to_vec();
        let spots = kept.spots.clone();
        std::thread::scope(|scope| {
            let (spots, order, help, positions) = (&spots, &order, &help, &positions);
            scope.spawn(move || helper(positions, spots, order, kept_so_far, help, receive));
            let turns = Some((help, send));
            link_in_turn(&mut kept, positions, order, rng, &mut blockers, turns);
        });
    }
    (positions, kept.index.links().to_vec())
}

/// The model's last phase: each node in `order` tries every pair with a
/// node after it, the others in random order, and keeps those that cross
/// nothing. With `help`, a pair the helper found crossing (`helper`) is
/// not tried again, and every link kept is sent to the helper.
fn link_in_turn(
    kept: &mut Kept,
    positions: &[Point],
    order: &[usize],
    rng: &mut ChaCha8Rng,
    blockers: &mut [Blockers],
    help: Option<(&Help, Sender<Link>)>,
) {
    let count = order.len();
    for (place, &a) in order.iter().enumerate() {
        let crossed = help.as_ref().and_then(|(help, _)| {
            help.reached.store(place, Ordering::Release);
            help.crossed[place].get()
        });
        let mut others: Vec<usize> = (0..count).filter(|&b| b != a).collect();
        others.shuffle(rng);
        for b in others {
            if kept.tried(b, a) || crossed.is_some_and(|bits| bits[b / 64] & (1 << (b % 64)) != 0) {
                continue;
            }
            let link = kept.attempt(positions, b, a, &mut blockers[a]);
            if let (Some(link), Some((_, send))) = (link, &help) {
                // The helper stops listening when it has nothing left to do.
                let _ = send.send(link);
            }
        }
        kept.finished[a] = true;
    }
}

/// The model's levels from this many nodes on have their last phase
/// helped by a second thread (`helper`).
const HELPED_FROM: usize = 1000;

/// What the helper shares with the node trying its pairs in turn.
struct Help {
    /// The place in `order` of the node trying its pairs.
    reached: AtomicUsize,
    /// For a place in `order` the helper reached first: the nodes whose pair
    /// with that place's node crosses a link kept by then, as bits.
    crossed: Vec<OnceLock<Vec<u64>>>,
}

/// The second thread of the model's last phase: for nodes further in
/// `order` than the one trying its pairs, it finds the pairs with later
/// nodes that cross a link already kept (`links`, then each link received
/// as it is kept). A pair crossing a link kept before its turn is refused
/// in its turn too (links are only added, and the test is the same), so
/// skipping it keeps the level the same, byte for byte. Most pairs cross
/// something, so the node in turn is left with few to try.
fn helper(
    positions: &[Point],
    spots: &[Spot],
    order: &[usize],
    links: Vec<Link>,
    help: &Help,
    kept: Receiver<Link>,
) {
    let count = order.len();
    let room = vec![(0, 0); 3 * count];
    let mut index = LinkIndex::new(positions, &room, links.into_iter());
    let mut place_of = vec![0; count];
    for (place, &a) in order.iter().enumerate() {
        place_of[a] = place;
    }
    // The node in turn has most pairs to try at first; starting a quarter
    // of the way in leaves the helper about as many.
    let mut place = count / 4;
    loop {
        place = place.max(help.reached.load(Ordering::Acquire) + 1);
        if place >= count {
            return;
        }
        while let Ok(link) = kept.try_recv() {
            index.add(positions, link);
        }
        let a = order[place];
        let mut blockers = Blockers::new();
        let mut bits = vec![0u64; count.div_ceil(64)];
        for b in (0..count).filter(|&b| place_of[b] > place) {
            if crosses(&index, spots, positions, (b, a), &mut blockers) {
                bits[b / 64] |= 1 << (b % 64);
            }
        }
        // Set only here: the node in turn reads it or has passed it.
        let _ = help.crossed[place].set(bits);
        place += 1;
    }
}

/// Tantalo's construction: `level + 3` random lines in general position;
/// nodes where two lines cross; links between neighbouring nodes on a line.
fn lines_graph(level: u32, rng: &mut ChaCha8Rng) -> (Vec<Point>, Vec<Link>) {
    // Callers refuse higher levels; the work stays bounded whatever they pass.
    let level = level.min(MAX_LINES_LEVEL);
    let count = level as usize + 3;
    'draw: loop {
        let lines: Vec<(Point, Point)> = (0..count)
            .map(|_| {
                let angle: f64 = rng.random_range(0.0..std::f64::consts::PI);
                let through = Point::new(
                    rng.random_range(-WORLD / 2.0..WORLD / 2.0),
                    rng.random_range(-WORLD / 2.0..WORLD / 2.0),
                );
                (through, Point::new(angle.cos(), angle.sin()))
            })
            .collect();
        // Node of each pair of lines, and its parameter along each line.
        let mut nodes = Vec::new();
        let mut along: Vec<Vec<(f64, usize)>> = vec![Vec::new(); count];
        for j in 0..count {
            for i in 0..j {
                let ((p, d), (q, e)) = (lines[i], lines[j]);
                let denominator = d.cross(e);
                if denominator.abs() < 1e-3 {
                    continue 'draw;
                }
                let t = (q - p).cross(e) / denominator;
                let u = (q - p).cross(d) / denominator;
                let node = p + d * t;
                along[i].push((t, nodes.len()));
                along[j].push((u, nodes.len()));
                nodes.push(node);
            }
        }
        let mut links = Vec::new();
        for mut on_line in along {
            on_line.sort_by(|x, y| x.0.total_cmp(&y.0));
            links.extend(on_line.windows(2).map(|pair| (pair[0].1, pair[1].1)));
        }
        // Fit the drawing into the world, as the model's levels are.
        let extent = nodes
            .iter()
            .map(|n| n.x.abs().max(n.y.abs()))
            .fold(1e-9, f64::max);
        let scale = (WORLD - 1.0) / extent;
        let nodes: Vec<Point> = nodes.into_iter().map(|n| round(n * scale)).collect();
        // Rounding must keep the nodes apart and the drawing free of
        // crossings; when it does not (far crossings of nearly parallel
        // lines squeeze the rest together), the same graph is drawn by the
        // untangler instead, which always can: the graph is planar.
        let mut sorted: Vec<Point> = nodes.clone();
        sorted.sort_by(|a, b| a.x.total_cmp(&b.x));
        let apart = sorted.iter().enumerate().all(|(i, a)| {
            sorted[i + 1..]
                .iter()
                .take_while(|b| b.x - a.x < 0.05)
                .all(|b| a.dist(*b) >= 0.05)
        });
        if apart && !any_crossing(&nodes, &links) {
            return (nodes, links);
        }
        if let Some(drawing) = super::draw::embed::planar_drawing(nodes.len(), &links) {
            return (drawing, links);
        }
    }
}

/// `while [solved?] [scramble]`: nodes on a circle in random order until
/// at least one pair of links crosses.
fn scramble(solution: &[Point], links: &[Link], rng: &mut ChaCha8Rng) -> Vec<Point> {
    let count = solution.len();
    let mut positions = solution.to_vec();
    for _ in 0..10_000 {
        let mut order: Vec<usize> = (0..count).collect();
        order.shuffle(rng);
        for (slot, &node) in order.iter().enumerate() {
            let heading = (slot as f64 * 360.0 / count as f64).to_radians();
            positions[node] = round(Point::new(CIRCLE * heading.sin(), CIRCLE * heading.cos()));
        }
        if any_crossing(&positions, links) {
            break;
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::crossing::{crossed, crossings_reference};

    /// The turns on hundredths answer as the exact test on the decimals,
    /// on small coordinates where links often share an end, touch, overlap
    /// or have ends at one place.
    #[test]
    fn crossings_on_hundredths_are_the_exact_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let positions: Vec<Point> = (0..40)
            .map(|_| {
                let mut coordinate = || f64::from(rng.random_range(-3i32..=3)) * 0.25 - 0.01;
                round(Point::new(coordinate(), coordinate()))
            })
            .collect();
        let spots: Vec<Spot> = positions.iter().map(|&p| spot(p)).collect();
        let mut crossing = 0;
        for _ in 0..20_000 {
            let mut link = || (rng.random_range(0..40), rng.random_range(0..40));
            let (a, b) = (link(), link());
            let exact = crossed(&positions, a, b);
            assert_eq!(crossed_on_grid(&spots, a, b), exact, "{a:?} {b:?}");
            crossing += usize::from(exact);
        }
        assert!(crossing > 1_000, "{crossing}");
    }

    /// A blocker's mask holds the direction of every link from its node
    /// that it crosses, so the masks only ever skip blockers that could
    /// not have rejected the pair (and a skipped one costs a grid walk).
    #[test]
    fn a_blocker_spans_every_direction_it_blocks() {
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let spots: Vec<Spot> = (0..60)
            .map(|_| (rng.random_range(-40..=40), rng.random_range(-40..=40)))
            .collect();
        let mut blocked = 0;
        for _ in 0..50_000 {
            let mut node = || rng.random_range(0..spots.len());
            let (from, to, c, d) = (node(), node(), node(), node());
            if spots[from] == spots[to] || !crossed_on_grid(&spots, (c, d), (from, to)) {
                continue;
            }
            blocked += 1;
            let mask = spanned(&spots, spots[from], (c, d));
            let direction = sector(spots[from], spots[to]);
            assert!(
                mask & (1 << direction) != 0,
                "{:?} from {:?} to {:?}: mask {mask:064b}, sector {direction}",
                (spots[c], spots[d]),
                spots[from],
                spots[to]
            );
        }
        assert!(blocked > 1_000, "{blocked}");
    }

    #[test]
    fn the_model_rules_hold_on_every_level() {
        for level in 1..=30 {
            for seed in [0, 1, 7] {
                let generated = generate(level, seed, Method::Model);
                let count = 4 + level as usize;
                assert_eq!(generated.positions.len(), count);
                assert!(
                    generated.links.len() >= count,
                    "at least as many links as nodes"
                );
                assert!(generated
                    .links
                    .iter()
                    .all(|&(a, b)| a != b && a < count && b < count));
                assert!(
                    crossings_reference(&generated.solution, &generated.links).is_empty(),
                    "the unscrambled layout is a solution"
                );
                assert!(
                    !crossings_reference(&generated.positions, &generated.links).is_empty(),
                    "the scrambled one is not"
                );
                // Every remaining pair was tried: none could be added.
                for a in 0..count {
                    for b in 0..a {
                        let present = generated
                            .links
                            .iter()
                            .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a));
                        let fits = !generated
                            .links
                            .iter()
                            .any(|&other| crossed(&generated.solution, other, (a, b)));
                        assert!(
                            present || !fits,
                            "level {level} seed {seed}: {a}-{b} fits but is missing"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn generation_is_reproducible() {
        assert_eq!(
            generate(12, 99, Method::Model),
            generate(12, 99, Method::Model)
        );
        assert_ne!(
            generate(12, 99, Method::Model),
            generate(12, 98, Method::Model)
        );
        assert_eq!(generate(5, 3, Method::Lines), generate(5, 3, Method::Lines));
    }

    /// The helper only spares the node in turn pairs that would be
    /// refused: the graph, and the random draws left for scrambling, are
    /// the same with it as without, whichever pairs it reached first.
    #[test]
    fn a_helped_level_is_the_unhelped_one() {
        for (level, seed) in [(1196, 1), (1496, 7)] {
            let mut alone = rng_for(level, seed, Method::Model);
            let mut helped = alone.clone();
            assert_eq!(
                model_graph_helped(level, &mut alone, false),
                model_graph_helped(level, &mut helped, true),
                "level {level}, seed {seed}"
            );
            assert_eq!(alone.random::<u64>(), helped.random::<u64>());
        }
    }

    #[test]
    fn the_lines_method_gives_planar_levels() {
        for level in (1..=14).chain([20]) {
            let generated = generate(level, 4, Method::Lines);
            let lines = level as usize + 3;
            assert_eq!(generated.positions.len(), lines * (lines - 1) / 2);
            assert!(crossings_reference(&generated.solution, &generated.links).is_empty());
            assert!(!crossings_reference(&generated.positions, &generated.links).is_empty());
        }
    }
}
