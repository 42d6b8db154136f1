//! Candidate moves kept level by level (one level per move's new points),
//! and the pair-by-pair offers where a level is not built: through one
//! point, or onto a goal object (docs/solver.md, "Candidates").

use super::super::construction::PointRef;
use super::super::context::Context;
use super::super::mask::{kinds_at, Draw};
use super::bounds::Filter;
use super::offsets::{ABOUT_FIRST, ABOUT_SECOND, THROUGH_LINE};
use super::{Choice, State};
use crate::geom::{Object, EPS};

impl State {
    /// Candidate lists kept level by level: a node inherits every earlier
    /// level's candidates that sort after the objects drawn since (the same
    /// reduction as `children_scan`), and computes only the moves using its
    /// own new points. Where few moves can pass the filter (and at the last
    /// move), no level is built: the levels not built yet are read pair by
    /// pair, each pair tested before its object is built.
    pub(super) fn children_incremental(
        &mut self,
        depth: usize,
        context: &Context,
        filter: &mut Filter,
        choices: &mut Vec<Choice>,
    ) {
        let restrictive =
            !filter.pass.is_empty() || filter.only_goal_objects || !filter.cover.is_empty();
        let pair_by_pair = context.length - depth == 1 || restrictive;
        // Levels not built yet: this node's, and its ancestors' if they were
        // read pair by pair too.
        let built = if pair_by_pair {
            self.level_start.len().min(depth + 1)
        } else {
            while self.level_start.len() <= depth {
                self.build_level(context);
            }
            depth + 1
        };
        let (lines, circles, reorderable) = kinds_at(context.mask, depth, context.length);
        let floor = reorderable.filter(|_| context.reorder());
        // Level t's candidates must sort after every object drawn by moves
        // t+1 … depth that lie in the reorderable part; the others are
        // excluded one by one.
        filter.thresholds.clear();
        filter.thresholds.resize(depth + 1, None);
        let mut threshold: Option<u64> = None;
        for level in (0..depth).rev() {
            // Move index `level` (0-based) is move level+1.
            if floor.is_some_and(|floor| level >= floor) {
                let key = self.keys[self.setup + level];
                threshold = Some(threshold.map_or(key, |limit| limit.max(key)));
            }
            filter.thresholds[level] = threshold;
        }
        let filter = &*filter;
        // Older levels first, as the scan takes older points first.
        for level in 0..built {
            let candidates = level_range(&self.level_start, level, self.arena.len());
            let limit = filter.thresholds[level];
            let unchecked = |key: u64| {
                (level..depth)
                    .filter(|&step| floor.is_none_or(|floor| step < floor))
                    .any(|step| self.keys[self.setup + step] == key)
            };
            let mut consider = |choice: &Choice| {
                let allowed = match choice.draw {
                    Draw::Line => lines,
                    Draw::Circle => circles,
                    Draw::Tool(_) => false,
                };
                if allowed
                    && choice.marks & filter.marks == filter.marks
                    && limit.is_none_or(|limit| choice.key > limit)
                    && self.admits(filter, choice)
                    && !unchecked(choice.key)
                {
                    choices.push(*choice);
                }
            };
            if filter.marks != 0 && filter.indexed {
                let marked = level_range(&self.marked_start, level, self.marked.len());
                for &position in &self.marked[marked] {
                    consider(&self.arena[position as usize]);
                }
            } else {
                for choice in &self.arena[candidates] {
                    consider(choice);
                }
            }
        }
        if built > depth {
            return;
        }
        let first_new = self.level_points[built];
        if filter.pass.len() == 1 {
            self.offer_through(filter, first_new, lines, circles, choices);
        } else if filter.only_goal_objects {
            self.offer_goal_objects(filter, first_new, lines, circles, choices);
        } else {
            for b in first_new..self.points.len() {
                for a in 0..b {
                    if lines {
                        self.offer(filter, Draw::Line, a, b, choices);
                    }
                    if circles {
                        self.offer(filter, Draw::Circle, a, b, choices);
                        self.offer(filter, Draw::Circle, b, a, choices);
                    }
                }
            }
        }
    }

    /// The new pairs' moves when the next move must draw a goal line or
    /// circle: only pairs of points on a goal line, or a goal circle's
    /// centre with a point on it, can (the filter's own test, `pretest`),
    /// so those pairs are listed from the points on each goal, O(points)
    /// instead of O(points²), and offered in the order the pair loop
    /// takes them (newer point, older point, line before circles).
    pub(super) fn offer_goal_objects(
        &mut self,
        filter: &Filter,
        first_new: usize,
        lines: bool,
        circles: bool,
        choices: &mut Vec<Choice>,
    ) {
        let mut pairs = std::mem::take(&mut self.goal_pairs);
        pairs.clear();
        let mut on = Vec::new();
        let mut centres = Vec::new();
        for goal in &filter.goal_objects {
            on.clear();
            match goal {
                Object::Line(line) if lines => {
                    on.extend(
                        (0..self.points.len())
                            .filter(|&index| line.distance_to(self.points[index]) < EPS),
                    );
                    for (position, &b) in on.iter().enumerate() {
                        if b >= first_new {
                            pairs.extend(on[..position].iter().map(|&a| (b, a, THROUGH_LINE)));
                        }
                    }
                }
                Object::Circle(circle) if circles => {
                    centres.clear();
                    for (index, point) in self.points.iter().enumerate() {
                        if circle.center.same(*point) {
                            centres.push(index);
                        }
                        if (circle.center.dist(*point) - circle.radius).abs() < EPS {
                            on.push(index);
                        }
                    }
                    for &centre in &centres {
                        for &other in &on {
                            let pair = match centre.cmp(&other) {
                                // Pairs are (newer, older): the centre is
                                // the older point, or the newer one.
                                std::cmp::Ordering::Less => (other, centre, ABOUT_FIRST),
                                std::cmp::Ordering::Greater => (centre, other, ABOUT_SECOND),
                                std::cmp::Ordering::Equal => continue,
                            };
                            if pair.0 >= first_new {
                                pairs.push(pair);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        for &(b, a, kind) in &pairs {
            // The kinds sort as the pair loop offers them: the line, the
            // circle about the older point, the circle about the newer.
            match kind {
                THROUGH_LINE => self.offer(filter, Draw::Line, a, b, choices),
                ABOUT_FIRST => self.offer(filter, Draw::Circle, a, b, choices),
                _ => self.offer(filter, Draw::Circle, b, a, choices),
            }
        }
        self.goal_pairs = pairs;
    }

    /// The new pairs' moves through the filter's one point G, tested on the
    /// points' offsets from G computed once per node: a line through a and
    /// b passes G when cross(a − G, b − G) vanishes, a circle about a through
    /// b when |a − G|² = |a − b|² — a few multiplications per pair for all
    /// three moves, where each pair is rejected.
    pub(super) fn offer_through(
        &mut self,
        filter: &Filter,
        first_new: usize,
        lines: bool,
        circles: bool,
        choices: &mut Vec<Choice>,
    ) {
        let aim = filter.pass[0];
        let mut offsets = std::mem::take(&mut self.offsets);
        offsets.fill(&self.points, aim);
        for b in first_new..self.points.len() {
            // First every pair's three tests, branch-free, then the few
            // pairs that pass.
            if !offsets.test_pairs(b, lines, circles) {
                continue;
            }
            for (a, &hits) in offsets.hits.iter().enumerate() {
                if hits & THROUGH_LINE != 0 {
                    self.offer(filter, Draw::Line, a, b, choices);
                }
                if hits & ABOUT_FIRST != 0 {
                    self.offer(filter, Draw::Circle, a, b, choices);
                }
                if hits & ABOUT_SECOND != 0 {
                    self.offer(filter, Draw::Circle, b, a, choices);
                }
            }
        }
        self.offsets = offsets;
    }

    /// A move from a pair of points of a level not built, if it passes the
    /// filter and its level's threshold and is not an object drawn or listed
    /// already.
    pub(super) fn offer(
        &self,
        filter: &Filter,
        draw: Draw,
        a: usize,
        b: usize,
        choices: &mut Vec<Choice>,
    ) {
        if (draw == Draw::Line && self.on_one_drawn_line(a, b)) || !self.pretest(filter, draw, a, b)
        {
            return;
        }
        let Some(choice) = self.build(draw, a, b) else {
            return;
        };
        // The move belongs to the level of its newer point (the one the
        // reduction's threshold is kept for).
        let level = self.made_at[a.max(b)] as usize;
        let limit = filter.thresholds.get(level).copied().flatten();
        if limit.is_none_or(|limit| choice.key > limit)
            && self.admits(filter, &choice)
            && !self.keys.contains(&choice.key)
            && !self.live.contains(&choice.key)
        {
            choices.push(choice);
        }
    }

    /// The candidate moves using a point made by one move (or the starting
    /// points), each object once over all levels.
    fn build_level(&mut self, context: &Context) {
        let level = self.level_start.len();
        self.level_start.push(self.arena.len());
        self.marked_start.push(self.marked.len());
        let (lines, circles) = (context.any_lines, context.any_circles);
        for b in level_range(&self.level_points, level, self.points.len()) {
            for a in 0..b {
                if lines {
                    self.push_candidate(Draw::Line, a, b);
                }
                if circles {
                    self.push_candidate(Draw::Circle, a, b);
                    self.push_candidate(Draw::Circle, b, a);
                }
            }
        }
    }

    fn push_candidate(&mut self, draw: Draw, a: usize, b: usize) {
        if draw == Draw::Line && self.on_one_drawn_line(a, b) {
            return;
        }
        if let Some(choice) = self.build(draw, a, b) {
            // Each object once over all levels (the oldest level's, whose
            // reduction is the exact one).
            if !self.keys.contains(&choice.key) && self.live.insert(choice.key) {
                if choice.marks != 0 {
                    self.marked.push(self.arena.len() as u32);
                }
                self.arena.push(choice);
            }
        }
    }

    /// Whether two points were both made on one full line already drawn
    /// (or set up): the line through them is that line, no move. An
    /// integer test on the points' origins, so such pairs (every pair on a
    /// line that many objects cross) are not built to be turned away.
    fn on_one_drawn_line(&self, a: usize, b: usize) -> bool {
        let parents = |point: usize| match self.origins[point] {
            PointRef::Meet { first, second, .. } => [first, second],
            PointRef::Given(_) => [usize::MAX; 2],
        };
        let theirs = parents(b);
        parents(a).into_iter().any(|object| {
            object != usize::MAX
                && theirs.contains(&object)
                && matches!(self.objects[object], Object::Line(line) if line.extent.is_full())
        })
    }
}

/// The entries of one level in a list split by level starts.
fn level_range(starts: &[usize], level: usize, total: usize) -> std::ops::Range<usize> {
    starts[level]..starts.get(level + 1).copied().unwrap_or(total)
}
