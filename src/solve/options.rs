//! What a search is asked to do: its length limit, threads, techniques,
//! shard and count (docs/solver.md).

use crate::resolve::Count;

#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Give up after constructions of this many moves.
    pub max_moves: usize,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The techniques, each switchable so that benchmarks can measure it and
    /// tests can compare against the plain search.
    pub techniques: Techniques,
    /// Search only this share of the tree (for clusters; docs/solver.md).
    pub shard: Option<Shard>,
    /// What to minimise, instead of the block's `count` line.
    pub count: Option<Count>,
    /// Look for an answer of any length first, then prove the shorter
    /// lengths (docs/solver.md, "An answer at once"). Off for shards.
    pub first_answer: bool,
}

/// The longest construction a search looks for: Euclidea's longest
/// E-star solutions have about 20 moves, and a search's memory grows with
/// the length (one list of moves per depth, one round per E cost).
pub const MOST_MOVES: usize = 64;

/// The most shares a tree is split into (each shard splits the first levels
/// into 16 subtrees per shard, so this bounds that split's memory).
pub const MOST_SHARDS: usize = 10_000;

/// One of `count` deterministic shares of the search tree, `index` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Explore each set of objects in one order only.
    pub merge_reorderings: bool,
    /// Near the end, only objects through the missing goals.
    pub goal_pruning: bool,
    /// Try an object reached from several pairs of points once.
    pub merge_same_objects: bool,
    /// What a goal needs before its last move: a line two points on it, a
    /// circle its centre and a point on it (with `goal_pruning`).
    pub prerequisites: bool,
    /// No idle object: every removable object must pass through a goal or
    /// make a point a later move uses (with `goal_pruning`).
    pub idle_objects: bool,
    /// Candidate moves kept level by level instead of scanning every pair
    /// of points at every node; the last move only checks the goals
    /// (with `merge_same_objects`).
    pub incremental: bool,
    /// A node's children that would leave a goal point with no object
    /// through it to draw next are dropped before they are drawn (with
    /// `goal_pruning`).
    pub lookahead: bool,
    /// The lookahead also at two moves before the end, where the last
    /// move's pair tests cost more than looking the move's new points up
    /// (with `lookahead`; docs/solver.md, "Lookahead").
    pub lookahead_at_two: bool,
    /// Where no missing goal line or circle can be drawn yet, one move
    /// more than the missing goal objects; when that is tight, the next
    /// move must pass a point a goal lacks: its centre, or a crossing of
    /// the goal with a drawn object (with `prerequisites`; docs/solver.md,
    /// "Goal objects not drawable yet").
    pub on_goal_spots: bool,
    /// Each node's moves in goal-directed order: goal objects and objects
    /// through more goal points first, then those passing nearer one
    /// (docs/solver.md, "Goal-directed order"). The same constructions are
    /// examined up to the last length; at it, the answer comes sooner or
    /// later by the level: off by default (in `ALL` too), as it finds one
    /// Euclidea level fewer within 10 s.
    pub goal_order: bool,
    /// Each node's moves in the mixed order: the goal-directed order's
    /// first, then the search's own first, and so on in turn, each move
    /// once (docs/solver.md, "Goal-directed order"). Where either order
    /// finds the answer early, this finds it nearly as early. `goal_order`
    /// takes precedence.
    pub mixed_order: bool,
    /// An either-or goal's variant whose goals are the mirror image of an
    /// earlier variant's, in a reflection that maps the figure onto itself
    /// on every instance, is not searched (docs/solver.md, "Symmetry").
    pub symmetry: bool,
    /// After the quick first answer, shorter answers near it: windows of
    /// its moves drawn again in fewer (docs/solver.md, "Compression").
    pub compress: bool,
    /// Where the L-tools give no first answer, the same search with the
    /// standard library's tangents and circle through three points beside
    /// them, each written as its body (docs/solver.md, "The library
    /// route").
    pub library: bool,
}

impl Techniques {
    /// Every technique the search uses by default (all but `goal_order`,
    /// whose ranking the mixed order takes in turn with the search's own).
    pub const ALL: Techniques = Techniques {
        merge_reorderings: true,
        goal_pruning: true,
        merge_same_objects: true,
        prerequisites: true,
        idle_objects: true,
        incremental: true,
        lookahead: true,
        lookahead_at_two: true,
        on_goal_spots: true,
        goal_order: false,
        mixed_order: true,
        symmetry: true,
        compress: true,
        library: true,
    };
    /// The seed engine's search: every sequence, pruned by nothing.
    pub const NONE: Techniques = Techniques {
        merge_reorderings: false,
        goal_pruning: false,
        merge_same_objects: false,
        prerequisites: false,
        idle_objects: false,
        incremental: false,
        lookahead: false,
        lookahead_at_two: false,
        on_goal_spots: false,
        goal_order: false,
        mixed_order: false,
        symmetry: false,
        compress: false,
        library: false,
    };
    /// The first release's search: the baseline of the benchmarks.
    pub const FIRST: Techniques = Techniques {
        merge_reorderings: true,
        goal_pruning: true,
        merge_same_objects: true,
        prerequisites: false,
        idle_objects: false,
        incremental: false,
        lookahead: false,
        lookahead_at_two: false,
        on_goal_spots: false,
        goal_order: false,
        mixed_order: false,
        symmetry: false,
        compress: false,
        library: false,
    };
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_moves: 8,
            threads: 0,
            techniques: Techniques::ALL,
            shard: None,
            count: None,
            first_answer: true,
        }
    }
}
