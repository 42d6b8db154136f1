//! The left-right planarity test (de Fraysseix and Rosenstiehl, in the form
//! of Brandes, "The Left-Right Planarity Test", 2009): linear time, and for a
//! planar graph a combinatorial embedding — each node's neighbours in the
//! cyclic order a crossing-free drawing meets them. docs/planar.md,
//! "Planarity", explains the phases; the names here follow the paper's.
//!
//! Every depth-first search is iterative (a path of 100,000 nodes must not
//! overflow the stack), and the sign of an edge is resolved along its chain
//! of references without recursion.

/// Each node's neighbours in cyclic (clockwise) order, one entry per link.
pub type Rotation = Vec<Vec<usize>>;

const NONE: usize = usize::MAX;

/// An interval of return edges, `low` to `high` (edges by index).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Interval {
    low: usize,
    high: usize,
}

impl Interval {
    const EMPTY: Interval = Interval {
        low: NONE,
        high: NONE,
    };

    fn is_empty(self) -> bool {
        self.low == NONE && self.high == NONE
    }
}

#[derive(Clone, Copy)]
struct ConflictPair {
    left: Interval,
    right: Interval,
}

impl ConflictPair {
    fn swap(&mut self) {
        std::mem::swap(&mut self.left, &mut self.right);
    }
}

/// The state of one run of the test over a simple graph.
struct Test {
    /// Per node.
    adjacent: Vec<Vec<usize>>,
    height: Vec<usize>,
    parent_edge: Vec<usize>,
    /// Per edge; after the orientation each edge runs `source → target`.
    ends: Vec<(usize, usize)>,
    oriented: Vec<bool>,
    source: Vec<usize>,
    target: Vec<usize>,
    lowpt: Vec<usize>,
    lowpt2: Vec<usize>,
    nesting_depth: Vec<i64>,
    /// Outgoing edges of each node, ordered by nesting depth.
    ordered: Vec<Vec<usize>>,
    stack_bottom: Vec<usize>,
    lowpt_edge: Vec<usize>,
    reference: Vec<usize>,
    side: Vec<i64>,
    conflicts: Vec<ConflictPair>,
    roots: Vec<usize>,
}

/// The embedding of a graph, or `None` when it is not planar. Self-loops and
/// repeated links are ignored; `links` name nodes below `count`.
pub fn embed(count: usize, links: &[(usize, usize)]) -> Option<Rotation> {
    let edges = simple(links);
    // Euler's bound, before any search.
    if count >= 3 && edges.len() > 3 * count - 6 {
        return None;
    }
    let mut test = Test::new(count, edges);
    test.orient();
    if !test.check() {
        return None;
    }
    Some(test.embedding())
}

/// The links of the simple graph: no self-loops, each pair once, as
/// (smaller, larger), sorted.
pub fn simple(links: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut edges: Vec<(usize, usize)> = links
        .iter()
        .filter(|(a, b)| a != b)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// Whether a plane drawing exists.
pub fn is_planar(count: usize, links: &[(usize, usize)]) -> bool {
    embed(count, links).is_some()
}

impl Test {
    fn new(count: usize, ends: Vec<(usize, usize)>) -> Test {
        let mut adjacent = vec![Vec::new(); count];
        for (edge, &(a, b)) in ends.iter().enumerate() {
            adjacent[a].push(edge);
            adjacent[b].push(edge);
        }
        let edges = ends.len();
        Test {
            adjacent,
            height: vec![NONE; count],
            parent_edge: vec![NONE; count],
            ends,
            oriented: vec![false; edges],
            source: vec![NONE; edges],
            target: vec![NONE; edges],
            lowpt: vec![0; edges],
            lowpt2: vec![0; edges],
            nesting_depth: vec![0; edges],
            ordered: vec![Vec::new(); count],
            stack_bottom: vec![0; edges],
            lowpt_edge: vec![NONE; edges],
            reference: vec![NONE; edges],
            side: vec![1; edges],
            conflicts: Vec::new(),
            roots: Vec::new(),
        }
    }

    fn other(&self, edge: usize, node: usize) -> usize {
        let (a, b) = self.ends[edge];
        if a == node {
            b
        } else {
            a
        }
    }

    /// Phase 1: a depth-first search orients every edge (tree edges down,
    /// back edges up) and computes lowpoints and nesting depths.
    fn orient(&mut self) {
        let count = self.adjacent.len();
        let mut next = vec![0; count];
        // Whether a tree edge's descent is done and only its finish remains.
        let mut descended = vec![false; self.ends.len()];
        for root in 0..count {
            if self.height[root] != NONE {
                continue;
            }
            self.height[root] = 0;
            self.roots.push(root);
            let mut stack = vec![root];
            while let Some(&v) = stack.last() {
                let Some(&edge) = self.adjacent[v].get(next[v]) else {
                    stack.pop();
                    continue;
                };
                if !descended[edge] {
                    if self.oriented[edge] {
                        next[v] += 1;
                        continue;
                    }
                    let w = self.other(edge, v);
                    self.oriented[edge] = true;
                    self.source[edge] = v;
                    self.target[edge] = w;
                    self.ordered[v].push(edge);
                    self.lowpt[edge] = self.height[v];
                    self.lowpt2[edge] = self.height[v];
                    if self.height[w] == NONE {
                        self.parent_edge[w] = edge;
                        self.height[w] = self.height[v] + 1;
                        descended[edge] = true;
                        stack.push(w);
                        continue;
                    }
                    self.lowpt[edge] = self.height[w];
                }
                // The edge is finished: its nesting depth, and the lowpoints
                // of the edge into v.
                self.nesting_depth[edge] = 2 * self.lowpt[edge] as i64;
                if self.lowpt2[edge] < self.height[v] {
                    self.nesting_depth[edge] += 1;
                }
                let parent = self.parent_edge[v];
                if parent != NONE {
                    let (low, low2) = (self.lowpt[edge], self.lowpt2[edge]);
                    if low < self.lowpt[parent] {
                        self.lowpt2[parent] = self.lowpt[parent].min(low2);
                        self.lowpt[parent] = low;
                    } else if low > self.lowpt[parent] {
                        self.lowpt2[parent] = self.lowpt2[parent].min(low);
                    } else {
                        self.lowpt2[parent] = self.lowpt2[parent].min(low2);
                    }
                }
                next[v] += 1;
            }
        }
    }

    fn conflicting(&self, interval: Interval, edge: usize) -> bool {
        interval.high != NONE && self.lowpt[interval.high] > self.lowpt[edge]
    }

    fn lowest(&self, pair: ConflictPair) -> usize {
        if pair.left.is_empty() {
            return self.lowpt[pair.right.low];
        }
        if pair.right.is_empty() {
            return self.lowpt[pair.left.low];
        }
        self.lowpt[pair.left.low].min(self.lowpt[pair.right.low])
    }

    fn set_reference(&mut self, edge: usize, to: usize) {
        if edge != NONE {
            self.reference[edge] = to;
        }
    }

    /// Phase 2: a second search in nesting order checks that the return
    /// edges of every node can be split into two sides without conflict.
    fn check(&mut self) -> bool {
        for list in &mut self.ordered {
            list.sort_by_key(|&edge| self.nesting_depth[edge]);
        }
        let count = self.adjacent.len();
        let mut next = vec![0; count];
        let mut descended = vec![false; self.ends.len()];
        for index in 0..self.roots.len() {
            let root = self.roots[index];
            let mut stack = vec![root];
            'nodes: while let Some(&v) = stack.last() {
                let parent = self.parent_edge[v];
                while next[v] < self.ordered[v].len() {
                    let edge = self.ordered[v][next[v]];
                    let w = self.target[edge];
                    if !descended[edge] {
                        self.stack_bottom[edge] = self.conflicts.len();
                        if edge == self.parent_edge[w] {
                            descended[edge] = true;
                            stack.push(w);
                            continue 'nodes;
                        }
                        self.lowpt_edge[edge] = edge;
                        self.conflicts.push(ConflictPair {
                            left: Interval::EMPTY,
                            right: Interval {
                                low: edge,
                                high: edge,
                            },
                        });
                    }
                    // Integrate the new return edges.
                    if self.lowpt[edge] < self.height[v] {
                        if next[v] == 0 {
                            self.lowpt_edge[parent] = self.lowpt_edge[edge];
                        } else if !self.add_constraints(edge, parent) {
                            return false;
                        }
                    }
                    next[v] += 1;
                }
                // Every edge of v is done: drop the back edges that return to
                // v's parent, and give the edge into v the side of its
                // highest return edge.
                if parent != NONE {
                    let u = self.source[parent];
                    self.trim_back_edges(u);
                    if self.lowpt[parent] < self.height[u] {
                        let top = *self.conflicts.last().expect("v has a return edge");
                        let (high_left, high_right) = (top.left.high, top.right.high);
                        self.reference[parent] = if high_left != NONE
                            && (high_right == NONE
                                || self.lowpt[high_left] > self.lowpt[high_right])
                        {
                            high_left
                        } else {
                            high_right
                        };
                    }
                }
                stack.pop();
            }
        }
        true
    }

    fn add_constraints(&mut self, edge: usize, parent: usize) -> bool {
        let mut pair = ConflictPair {
            left: Interval::EMPTY,
            right: Interval::EMPTY,
        };
        // Merge the return edges of `edge` into the right interval.
        while let Some(mut q) = self.conflicts.pop() {
            if !q.left.is_empty() {
                q.swap();
            }
            if !q.left.is_empty() {
                return false;
            }
            if self.lowpt[q.right.low] > self.lowpt[parent] {
                if pair.right.is_empty() {
                    pair.right.high = q.right.high;
                } else {
                    self.set_reference(pair.right.low, q.right.high);
                }
                pair.right.low = q.right.low;
            } else {
                self.set_reference(q.right.low, self.lowpt_edge[parent]);
            }
            if self.conflicts.len() == self.stack_bottom[edge] {
                break;
            }
        }
        // Merge the conflicting return edges of earlier siblings into the
        // left interval.
        while let Some(&top) = self.conflicts.last() {
            if !(self.conflicting(top.left, edge) || self.conflicting(top.right, edge)) {
                break;
            }
            let mut q = self.conflicts.pop().expect("a top pair");
            if self.conflicting(q.right, edge) {
                q.swap();
            }
            if self.conflicting(q.right, edge) {
                return false;
            }
            self.set_reference(pair.right.low, q.right.high);
            if q.right.low != NONE {
                pair.right.low = q.right.low;
            }
            if pair.left.is_empty() {
                pair.left.high = q.left.high;
            } else {
                self.set_reference(pair.left.low, q.left.high);
            }
            pair.left.low = q.left.low;
        }
        if !(pair.left.is_empty() && pair.right.is_empty()) {
            self.conflicts.push(pair);
        }
        true
    }

    fn trim_back_edges(&mut self, u: usize) {
        // Drop whole conflict pairs that return to u.
        while let Some(&top) = self.conflicts.last() {
            if self.lowest(top) != self.height[u] {
                break;
            }
            self.conflicts.pop();
            if top.left.low != NONE {
                self.side[top.left.low] = -1;
            }
        }
        let Some(mut pair) = self.conflicts.pop() else {
            return;
        };
        // Trim the left interval.
        while pair.left.high != NONE && self.target[pair.left.high] == u {
            pair.left.high = self.reference[pair.left.high];
        }
        if pair.left.high == NONE && pair.left.low != NONE {
            self.reference[pair.left.low] = pair.right.low;
            self.side[pair.left.low] = -1;
            pair.left.low = NONE;
        }
        // Trim the right interval.
        while pair.right.high != NONE && self.target[pair.right.high] == u {
            pair.right.high = self.reference[pair.right.high];
        }
        if pair.right.high == NONE && pair.right.low != NONE {
            self.reference[pair.right.low] = pair.left.low;
            self.side[pair.right.low] = -1;
            pair.right.low = NONE;
        }
        self.conflicts.push(pair);
    }

    /// The final side of every edge: its own times that of the edge it
    /// refers to, along the chain of references.
    fn resolve_signs(&mut self) {
        let mut chain = Vec::new();
        for edge in 0..self.ends.len() {
            let mut at = edge;
            while self.reference[at] != NONE {
                chain.push(at);
                at = self.reference[at];
            }
            // Resolve from the end of the chain back to `edge`.
            while let Some(link) = chain.pop() {
                let to = self.reference[link];
                self.side[link] *= self.side[to];
                self.reference[link] = NONE;
            }
        }
    }

    /// Phase 3: the rotation system, from the signed nesting depths.
    fn embedding(&mut self) -> Rotation {
        self.resolve_signs();
        for edge in 0..self.ends.len() {
            self.nesting_depth[edge] *= self.side[edge];
        }
        for list in &mut self.ordered {
            list.sort_by_key(|&edge| self.nesting_depth[edge]);
        }
        let mut rotation = Rotations::new(self.adjacent.len(), self.ends.len());
        for v in 0..self.adjacent.len() {
            let mut previous = NONE;
            for &edge in &self.ordered[v] {
                rotation.insert_after(v, self.target[edge], previous);
                previous = self.target[edge];
            }
        }
        // Tree edges enter their child first; back edges enter their
        // ancestor on the side the test gave them.
        let count = self.adjacent.len();
        let mut left_ref = vec![NONE; count];
        let mut right_ref = vec![NONE; count];
        let mut next = vec![0; count];
        for index in 0..self.roots.len() {
            let mut stack = vec![self.roots[index]];
            'nodes: while let Some(&v) = stack.last() {
                while next[v] < self.ordered[v].len() {
                    let edge = self.ordered[v][next[v]];
                    next[v] += 1;
                    let w = self.target[edge];
                    if edge == self.parent_edge[w] {
                        rotation.insert_first(w, v);
                        left_ref[v] = w;
                        right_ref[v] = w;
                        stack.push(w);
                        continue 'nodes;
                    }
                    if self.side[edge] == 1 {
                        rotation.insert_after(w, v, right_ref[w]);
                    } else {
                        rotation.insert_before(w, v, left_ref[w]);
                        left_ref[w] = v;
                    }
                }
                stack.pop();
            }
        }
        rotation.lists()
    }
}

/// Cyclic neighbour lists under construction: doubly linked through slots
/// keyed by (node, neighbour) half-links.
struct Rotations {
    first: Vec<usize>,
    /// Slot → (node, neighbour, clockwise next slot, counter-clockwise next).
    slots: Vec<(usize, usize, usize, usize)>,
    /// (node, neighbour) → slot.
    at: std::collections::HashMap<(usize, usize), usize>,
}

impl Rotations {
    fn new(count: usize, edges: usize) -> Rotations {
        Rotations {
            first: vec![NONE; count],
            slots: Vec::with_capacity(2 * edges),
            at: std::collections::HashMap::with_capacity(2 * edges),
        }
    }

    fn add(&mut self, node: usize, neighbour: usize) -> usize {
        let slot = self.slots.len();
        self.slots.push((node, neighbour, slot, slot));
        self.at.insert((node, neighbour), slot);
        slot
    }

    /// `neighbour` right after `reference` clockwise (or alone, or first when
    /// there is no reference).
    fn insert_after(&mut self, node: usize, neighbour: usize, reference: usize) {
        let slot = self.add(node, neighbour);
        if self.first[node] == NONE {
            self.first[node] = slot;
            return;
        }
        let before = if reference == NONE {
            // Last, i.e. before the first.
            self.slots[self.first[node]].3
        } else {
            self.at[&(node, reference)]
        };
        let after = self.slots[before].2;
        self.slots[slot].2 = after;
        self.slots[slot].3 = before;
        self.slots[before].2 = slot;
        self.slots[after].3 = slot;
    }

    fn insert_before(&mut self, node: usize, neighbour: usize, reference: usize) {
        if self.first[node] == NONE {
            self.insert_after(node, neighbour, NONE);
            return;
        }
        let reference_slot = self.at[&(node, reference)];
        let before = self.slots[reference_slot].3;
        let before_node = self.slots[before].1;
        self.insert_after(node, neighbour, before_node);
    }

    fn insert_first(&mut self, node: usize, neighbour: usize) {
        if self.first[node] == NONE {
            self.insert_after(node, neighbour, NONE);
            return;
        }
        let last = self.slots[self.slots[self.first[node]].3].1;
        self.insert_after(node, neighbour, last);
        self.first[node] = self.at[&(node, neighbour)];
    }

    fn lists(&self) -> Rotation {
        self.first
            .iter()
            .map(|&first| {
                let mut list = Vec::new();
                if first == NONE {
                    return list;
                }
                let mut slot = first;
                loop {
                    list.push(self.slots[slot].1);
                    slot = self.slots[slot].2;
                    if slot == first {
                        break;
                    }
                }
                list
            })
            .collect()
    }
}

/// The faces of a rotation system, each as the cycle of nodes met walking
/// it: from a link `v → w`, the next link leaves `w` towards the neighbour
/// that follows `v` in `w`'s order.
pub fn faces(rotation: &Rotation) -> Vec<Vec<usize>> {
    let position: std::collections::HashMap<(usize, usize), usize> = rotation
        .iter()
        .enumerate()
        .flat_map(|(v, list)| list.iter().enumerate().map(move |(i, &w)| ((v, w), i)))
        .collect();
    let mut seen = std::collections::HashSet::new();
    let mut faces = Vec::new();
    for (v, list) in rotation.iter().enumerate() {
        for &w in list {
            if seen.contains(&(v, w)) {
                continue;
            }
            let mut face = Vec::new();
            let (mut a, mut b) = (v, w);
            while seen.insert((a, b)) {
                face.push(a);
                let around = &rotation[b];
                let next = around[(position[&(b, a)] + 1) % around.len()];
                (a, b) = (b, next);
            }
            faces.push(face);
        }
    }
    faces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::families::{complete, cube};
    use proptest::prelude::*;

    /// Euler's formula per component: a rotation system is plane exactly
    /// when V − E + F = 2C (C components; an isolated node walks no face
    /// but counts one).
    fn is_plane(count: usize, rotation: &Rotation) -> bool {
        let links: usize = rotation.iter().map(Vec::len).sum::<usize>() / 2;
        let faces = faces(rotation).len();
        let mut component: Vec<usize> = (0..count).collect();
        fn find(component: &mut [usize], mut x: usize) -> usize {
            while component[x] != x {
                component[x] = component[component[x]];
                x = component[x];
            }
            x
        }
        for (v, list) in rotation.iter().enumerate() {
            for &w in list {
                let (a, b) = (find(&mut component, v), find(&mut component, w));
                component[a] = b;
            }
        }
        let components = (0..count).filter(|&v| find(&mut component, v) == v).count();
        // An isolated node has no face walk of its own.
        let isolated = rotation.iter().filter(|list| list.is_empty()).count();
        count as i64 - links as i64 + (faces + isolated) as i64 == 2 * components as i64
    }

    fn assert_embedded(count: usize, links: &[(usize, usize)]) {
        let rotation = embed(count, links).expect("planar");
        let given = simple(links);
        let mut listed: Vec<(usize, usize)> = rotation
            .iter()
            .enumerate()
            .flat_map(|(v, list)| list.iter().filter(move |&&w| v < w).map(move |&w| (v, w)))
            .collect();
        listed.sort_unstable();
        assert_eq!(listed, given, "every link once in each end's order");
        assert!(is_plane(count, &rotation), "{count} nodes: {links:?}");
    }

    #[test]
    fn planar_graphs_are_embedded() {
        assert_embedded(4, &complete(4));
        assert_embedded(8, &cube());
        assert_embedded(7, &[(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]);
        assert_embedded(6, &[(0, 1), (2, 3), (4, 5)]);
        assert_embedded(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]);
        let mut k5 = complete(5);
        k5.pop();
        assert_embedded(5, &k5);
        // A wheel.
        let mut wheel: Vec<(usize, usize)> = (1..=12).map(|i| (0, i)).collect();
        wheel.extend((1..=12).map(|i| (i, i % 12 + 1)));
        assert_embedded(13, &wheel);
        // A path long enough to overflow a recursive search.
        let path: Vec<(usize, usize)> = (0..200_000).map(|i| (i, i + 1)).collect();
        assert_embedded(200_001, &path);
    }

    #[test]
    fn kuratowski_graphs_are_not_planar() {
        assert!(!is_planar(5, &complete(5)));
        let k33: Vec<(usize, usize)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        assert!(!is_planar(6, &k33));
        let mut subdivided: Vec<(usize, usize)> =
            k33.iter().copied().filter(|&l| l != (0, 3)).collect();
        subdivided.extend([(0, 6), (6, 3), (7, 1)]);
        assert!(!is_planar(8, &subdivided));
        let petersen = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (9, 6),
            (6, 8),
            (8, 5),
        ];
        assert!(!is_planar(10, &petersen));
    }

    /// The oracle: rustworkx-core's own left-right test.
    fn oracle(count: usize, links: &[(usize, usize)]) -> bool {
        use rustworkx_core::petgraph::graph::UnGraph;
        let mut graph = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = (0..count).map(|_| graph.add_node(())).collect();
        for &(a, b) in links {
            if a != b && graph.find_edge(nodes[a], nodes[b]).is_none() {
                graph.add_edge(nodes[a], nodes[b], ());
            }
        }
        rustworkx_core::planar::is_planar(&graph)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn agrees_with_the_oracle_and_embeds_what_it_calls_planar(
            count in 1usize..12,
            raw in prop::collection::vec((0usize..12, 0usize..12), 0..30),
        ) {
            let links: Vec<(usize, usize)> =
                raw.into_iter().map(|(a, b)| (a % count, b % count)).collect();
            let planar = is_planar(count, &links);
            prop_assert_eq!(planar, oracle(count, &links), "{:?}", links);
            if planar {
                assert_embedded(count, &links);
            }
        }
    }
}
