//! Planarity by path addition (Demoucron, Malgrange and Pertuiset): a plane
//! embedding as a list of faces, or proof that none exists; then a drawing
//! with no crossings — the graph made biconnected and triangulated, drawn
//! by Tutte's barycentric method with one triangle fixed outside, and the
//! added links dropped again.

use crate::geom::Point;
use std::collections::{HashSet, VecDeque};

/// Links by node index.
type Links = [(usize, usize)];

/// Positions with no two links crossing, or `None` when the graph is not planar.
pub fn planar_drawing(count: usize, links: &Links) -> Option<Vec<Point>> {
    if count <= 2 {
        return Some(
            (0..count)
                .map(|i| Point::new(i as f64 * 10.0 - 5.0, 0.0))
                .collect(),
        );
    }
    let mut graph = Graph::new(count, links);
    graph.make_biconnected();
    let faces = graph.embed()?;
    let outer = graph.triangulate(faces)?;
    Some(graph.tutte(outer))
}

/// Whether a plane embedding exists.
pub fn is_planar(count: usize, links: &Links) -> bool {
    if count <= 4 {
        return true;
    }
    let mut graph = Graph::new(count, links);
    graph.make_biconnected();
    graph.embed().is_some()
}

struct Graph {
    adjacent: Vec<HashSet<usize>>,
}

impl Graph {
    fn new(count: usize, links: &Links) -> Graph {
        let mut adjacent = vec![HashSet::new(); count];
        for &(a, b) in links {
            if a != b {
                adjacent[a].insert(b);
                adjacent[b].insert(a);
            }
        }
        Graph { adjacent }
    }

    fn count(&self) -> usize {
        self.adjacent.len()
    }

    fn link(&mut self, a: usize, b: usize) {
        self.adjacent[a].insert(b);
        self.adjacent[b].insert(a);
    }

    fn edges(&self) -> usize {
        self.adjacent.iter().map(HashSet::len).sum::<usize>() / 2
    }

    /// Adds links, keeping planarity, until no node's removal disconnects
    /// the graph: components are joined, and at each cut node a neighbour in
    /// one block is linked to a neighbour in the next.
    fn make_biconnected(&mut self) {
        let count = self.count();
        // Join the components.
        let mut component = vec![usize::MAX; count];
        let mut firsts = Vec::new();
        for start in 0..count {
            if component[start] != usize::MAX {
                continue;
            }
            firsts.push(start);
            let mut queue = VecDeque::from([start]);
            component[start] = firsts.len() - 1;
            while let Some(node) = queue.pop_front() {
                for &next in &self.adjacent[node] {
                    if component[next] == usize::MAX {
                        component[next] = firsts.len() - 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        for pair in firsts.windows(2) {
            self.link(pair[0], pair[1]);
        }
        // Join the blocks at each cut node, one link at a time.
        while let Some((cut, first, second)) = self.blocks_at_a_cut_node() {
            let a = *self.adjacent[cut]
                .iter()
                .filter(|n| first.contains(n))
                .min()
                .expect("a block has a neighbour");
            let b = *self.adjacent[cut]
                .iter()
                .filter(|n| second.contains(n))
                .min()
                .expect("a block has a neighbour");
            self.link(a, b);
        }
    }

    /// A cut node and the node sets of two blocks that meet there.
    fn blocks_at_a_cut_node(&self) -> Option<(usize, HashSet<usize>, HashSet<usize>)> {
        let count = self.count();
        let mut order = vec![usize::MAX; count];
        let mut low = vec![0; count];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut blocks: Vec<(usize, HashSet<usize>)> = Vec::new();
        let mut counter = 0;
        // Iterative Tarjan: (node, parent, neighbours still to visit).
        let mut frames: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        order[0] = counter;
        low[0] = counter;
        counter += 1;
        let mut neighbours: Vec<usize> = self.adjacent[0].iter().copied().collect();
        neighbours.sort_unstable();
        frames.push((0, usize::MAX, neighbours));
        while let Some(frame) = frames.last_mut() {
            let (node, parent) = (frame.0, frame.1);
            if let Some(next) = frame.2.pop() {
                if next == parent {
                    continue;
                }
                if order[next] == usize::MAX {
                    stack.push((node, next));
                    order[next] = counter;
                    low[next] = counter;
                    counter += 1;
                    let mut neighbours: Vec<usize> = self.adjacent[next].iter().copied().collect();
                    neighbours.sort_unstable();
                    frames.push((next, node, neighbours));
                } else if order[next] < order[node] {
                    stack.push((node, next));
                    low[node] = low[node].min(order[next]);
                }
            } else {
                frames.pop();
                if let Some(parent_frame) = frames.last() {
                    let parent = parent_frame.0;
                    low[parent] = low[parent].min(low[node]);
                    if low[node] >= order[parent] {
                        let mut block = HashSet::new();
                        while let Some((a, b)) = stack.pop() {
                            block.insert(a);
                            block.insert(b);
                            if (a, b) == (parent, node) {
                                break;
                            }
                        }
                        blocks.push((parent, block));
                    }
                }
            }
        }
        for (index, (cut, block)) in blocks.iter().enumerate() {
            if let Some((_, other)) = blocks
                .iter()
                .enumerate()
                .find(|(other, (_, set))| *other != index && set.contains(cut))
                .map(|(_, b)| b)
            {
                let mut first = block.clone();
                let mut second = other.clone();
                first.remove(cut);
                second.remove(cut);
                return Some((*cut, first, second));
            }
        }
        None
    }

    /// The faces of a plane embedding of a biconnected graph, each a cycle
    /// of nodes, or `None` if the graph is not planar.
    fn embed(&self) -> Option<Vec<Vec<usize>>> {
        let count = self.count();
        let cycle = self.a_cycle()?;
        let mut in_drawing = vec![false; count];
        let mut drawn: HashSet<(usize, usize)> = HashSet::new();
        for (index, &node) in cycle.iter().enumerate() {
            in_drawing[node] = true;
            let next = cycle[(index + 1) % cycle.len()];
            drawn.insert((node.min(next), node.max(next)));
        }
        let mut faces = vec![cycle.clone(), cycle];
        let total = self.edges();
        while drawn.len() < total {
            let fragments = self.fragments(&in_drawing, &drawn);
            let face_sets: Vec<HashSet<usize>> = faces
                .iter()
                .map(|face| face.iter().copied().collect())
                .collect();
            // Faces by node: a fragment only looks at its first attachment's faces.
            let mut faces_of = vec![Vec::new(); count];
            for (index, face) in faces.iter().enumerate() {
                for &node in face {
                    faces_of[node].push(index);
                }
            }
            let mut choice: Option<(usize, usize)> = None;
            for (index, fragment) in fragments.iter().enumerate() {
                let fitting: Vec<usize> = faces_of[fragment.attachments[0]]
                    .iter()
                    .copied()
                    .filter(|&f| {
                        fragment
                            .attachments
                            .iter()
                            .all(|a| face_sets[f].contains(a))
                    })
                    .collect();
                match fitting.len() {
                    0 => return None,
                    1 => {
                        choice = Some((index, fitting[0]));
                        break;
                    }
                    _ => {
                        if choice.is_none() {
                            choice = Some((index, fitting[0]));
                        }
                    }
                }
            }
            let (fragment, face) = choice?;
            let path = self.path_through(&fragments[fragment], &in_drawing);
            for window in path.windows(2) {
                drawn.insert((window[0].min(window[1]), window[0].max(window[1])));
            }
            for &node in &path {
                in_drawing[node] = true;
            }
            let (first, second) = split_face(&faces[face], &path);
            faces[face] = first;
            faces.push(second);
        }
        Some(faces)
    }

    /// A cycle through node 0: its first link closed by a shortest path
    /// that avoids that link (one exists in a biconnected graph).
    fn a_cycle(&self) -> Option<Vec<usize>> {
        let start = 0;
        let first = *self.adjacent[start].iter().min()?;
        let mut previous = vec![usize::MAX; self.count()];
        previous[first] = first;
        let mut queue = VecDeque::from([first]);
        while let Some(node) = queue.pop_front() {
            let mut neighbours: Vec<usize> = self.adjacent[node].iter().copied().collect();
            neighbours.sort_unstable();
            for next in neighbours {
                if node == first && next == start {
                    continue;
                }
                if next == start {
                    let mut cycle = vec![start, node];
                    let mut at = node;
                    while at != first {
                        at = previous[at];
                        cycle.push(at);
                    }
                    return (cycle.len() >= 3).then_some(cycle);
                }
                if previous[next] == usize::MAX {
                    previous[next] = node;
                    queue.push_back(next);
                }
            }
        }
        None
    }

    fn fragments(&self, in_drawing: &[bool], drawn: &HashSet<(usize, usize)>) -> Vec<Fragment> {
        let count = self.count();
        let mut fragments = Vec::new();
        for a in 0..count {
            if !in_drawing[a] {
                continue;
            }
            for &b in &self.adjacent[a] {
                if a < b && in_drawing[b] && !drawn.contains(&(a, b)) {
                    fragments.push(Fragment {
                        attachments: vec![a, b],
                        inside: Vec::new(),
                    });
                }
            }
        }
        let mut seen = vec![false; count];
        for start in 0..count {
            if in_drawing[start] || seen[start] {
                continue;
            }
            let mut inside = Vec::new();
            let mut attachments = HashSet::new();
            let mut queue = VecDeque::from([start]);
            seen[start] = true;
            while let Some(node) = queue.pop_front() {
                inside.push(node);
                for &next in &self.adjacent[node] {
                    if in_drawing[next] {
                        attachments.insert(next);
                    } else if !seen[next] {
                        seen[next] = true;
                        queue.push_back(next);
                    }
                }
            }
            let mut attachments: Vec<usize> = attachments.into_iter().collect();
            attachments.sort_unstable();
            fragments.push(Fragment {
                attachments,
                inside,
            });
        }
        fragments
    }

    /// A path from one attachment of the fragment to another, through it.
    fn path_through(&self, fragment: &Fragment, in_drawing: &[bool]) -> Vec<usize> {
        if fragment.inside.is_empty() {
            return fragment.attachments.clone();
        }
        let start = fragment.attachments[0];
        let inside: HashSet<usize> = fragment.inside.iter().copied().collect();
        let mut previous: std::collections::HashMap<usize, usize> =
            std::collections::HashMap::new();
        let mut queue = VecDeque::new();
        let mut first_hops: Vec<usize> = self.adjacent[start]
            .iter()
            .copied()
            .filter(|n| inside.contains(n))
            .collect();
        first_hops.sort_unstable();
        for hop in first_hops {
            previous.insert(hop, start);
            queue.push_back(hop);
        }
        while let Some(node) = queue.pop_front() {
            let mut neighbours: Vec<usize> = self.adjacent[node].iter().copied().collect();
            neighbours.sort_unstable();
            if let Some(&end) = neighbours.iter().find(|&&n| in_drawing[n] && n != start) {
                let mut path = vec![end, node];
                let mut at = node;
                while let Some(&before) = previous.get(&at) {
                    path.push(before);
                    if before == start {
                        break;
                    }
                    at = before;
                }
                path.reverse();
                return path;
            }
            for next in neighbours {
                if inside.contains(&next) && !previous.contains_key(&next) {
                    previous.insert(next, node);
                    queue.push_back(next);
                }
            }
        }
        fragment.attachments.clone()
    }

    /// Adds links inside every face until all faces are triangles; returns
    /// one triangle to put outside.
    fn triangulate(&mut self, faces: Vec<Vec<usize>>) -> Option<[usize; 3]> {
        let mut pending = faces;
        let mut outer = None;
        let mut guard = 0;
        while let Some(mut face) = pending.pop() {
            guard += 1;
            if guard > 1_000_000 {
                return None;
            }
            if face.len() == 3 {
                outer.get_or_insert([face[0], face[1], face[2]]);
                continue;
            }
            let mut split = false;
            for _ in 0..face.len() {
                let (a, b, c, d) = (face[0], face[1], face[2], face[3]);
                if !self.adjacent[a].contains(&c) {
                    self.link(a, c);
                    pending.push(vec![a, b, c]);
                    face.remove(1);
                    pending.push(face.clone());
                    split = true;
                    break;
                }
                if !self.adjacent[b].contains(&d) {
                    self.link(b, d);
                    pending.push(vec![b, c, d]);
                    face.remove(2);
                    pending.push(face.clone());
                    split = true;
                    break;
                }
                face.rotate_left(1);
            }
            if !split {
                return None;
            }
        }
        outer
    }

    /// Tutte's barycentric drawing: the outer triangle fixed, every other
    /// node at the average of its neighbours.
    fn tutte(&self, outer: [usize; 3]) -> Vec<Point> {
        let count = self.count();
        let mut positions = vec![Point::new(0.0, 0.0); count];
        let mut fixed = vec![false; count];
        for (index, &node) in outer.iter().enumerate() {
            let angle = std::f64::consts::FRAC_PI_2 + index as f64 * std::f64::consts::TAU / 3.0;
            positions[node] = Point::new(15.0 * angle.cos(), 15.0 * angle.sin());
            fixed[node] = true;
        }
        let neighbours: Vec<Vec<usize>> = self
            .adjacent
            .iter()
            .map(|set| {
                let mut list: Vec<usize> = set.iter().copied().collect();
                list.sort_unstable();
                list
            })
            .collect();
        for _ in 0..100_000 {
            let mut change: f64 = 0.0;
            for node in 0..count {
                if fixed[node] || neighbours[node].is_empty() {
                    continue;
                }
                let sum = neighbours[node]
                    .iter()
                    .fold(Point::new(0.0, 0.0), |sum, &n| sum + positions[n]);
                let next = sum * (1.0 / neighbours[node].len() as f64);
                change = change.max(next.dist(positions[node]));
                positions[node] = next;
            }
            if change < 1e-10 {
                break;
            }
        }
        positions
    }
}

struct Fragment {
    attachments: Vec<usize>,
    inside: Vec<usize>,
}

/// Splits a face (a node cycle) along a path between two of its nodes.
fn split_face(face: &[usize], path: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let (start, end) = (path[0], path[path.len() - 1]);
    let i = face
        .iter()
        .position(|&n| n == start)
        .expect("the path starts on the face");
    let j = face
        .iter()
        .position(|&n| n == end)
        .expect("the path ends on the face");
    let walk = |from: usize, to: usize| -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut at = from;
        loop {
            nodes.push(face[at]);
            if at == to {
                break;
            }
            at = (at + 1) % face.len();
        }
        nodes
    };
    let interior = &path[1..path.len() - 1];
    let mut first = walk(i, j);
    first.extend(interior.iter().rev());
    let mut second = walk(j, i);
    second.extend(interior.iter());
    (first, second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::crossing::crossings_reference;
    use crate::planar::test_graphs::{complete, cube};

    fn drawn_without_crossings(count: usize, links: &[(usize, usize)]) {
        let positions = planar_drawing(count, links).expect("planar");
        assert!(
            crossings_reference(&positions, links).is_empty(),
            "{count} nodes: {positions:?}"
        );
        for a in 0..count {
            for b in 0..a {
                assert!(
                    positions[a].dist(positions[b]) > 1e-6,
                    "nodes {a} and {b} stacked"
                );
            }
        }
    }

    #[test]
    fn planar_graphs_are_drawn_without_crossings() {
        drawn_without_crossings(4, &complete(4));
        drawn_without_crossings(8, &cube());
        // A tree, a path, a star, two triangles joined at a node, a forest.
        drawn_without_crossings(7, &[(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]);
        drawn_without_crossings(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        drawn_without_crossings(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        drawn_without_crossings(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]);
        drawn_without_crossings(6, &[(0, 1), (2, 3), (4, 5)]);
        // K5 minus a link and K3,3 minus a link are planar.
        let mut k5 = complete(5);
        k5.pop();
        drawn_without_crossings(5, &k5);
        let mut k33: Vec<(usize, usize)> =
            (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        k33.pop();
        drawn_without_crossings(6, &k33);
    }

    #[test]
    fn kuratowski_graphs_and_their_subdivisions_are_not_planar() {
        assert!(!is_planar(5, &complete(5)));
        let k33: Vec<(usize, usize)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        assert!(!is_planar(6, &k33));
        // K3,3 with one link subdivided by a new node 6, and a pendant node 7.
        let mut subdivided: Vec<(usize, usize)> =
            k33.iter().copied().filter(|&l| l != (0, 3)).collect();
        subdivided.extend([(0, 6), (6, 3), (7, 1)]);
        assert!(!is_planar(8, &subdivided));
        // The Petersen graph.
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

    #[test]
    fn generated_levels_are_planar_and_drawn_without_crossings() {
        use crate::planar::generate::{generate, Method};
        for level in 1..=30 {
            for seed in [5, 6] {
                let generated = generate(level, seed, Method::Model);
                drawn_without_crossings(generated.positions.len(), &generated.links);
            }
        }
    }
}
