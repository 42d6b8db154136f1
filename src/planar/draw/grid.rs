//! A straight-line drawing on an integer grid for any planar graph (de
//! Fraysseix, Pach and Pollack): the embedding is made connected,
//! biconnected and then triangulated by links added inside its faces; a
//! canonical order of the triangulation places each node above the contour
//! of those before it, on a (2n − 4) × (n − 2) grid. Nodes land on distinct
//! integer points and no two links cross; the added links are dropped by the
//! caller. docs/planar.md, "Drawing", has the steps and their guarantees.

use crate::planar::lr::Rotation;
use std::collections::HashSet;

const NONE: usize = usize::MAX;

/// The longest rim Tutte's drawing is given when its nodes can go inside:
/// the longest that moves freely when the drawing is spread
/// (`smooth::FREE_RIM`).
const RIM: usize = 128;

/// A plane embedding as half-links: half-link `h` runs `origin → target`,
/// its twin `h ^ 1` back; `after[h]` is the next half-link clockwise around
/// the origin and `before[h]` the previous one.
struct Plane {
    target: Vec<usize>,
    after: Vec<usize>,
    before: Vec<usize>,
    /// One half-link out of each node.
    out: Vec<usize>,
    linked: HashSet<(usize, usize)>,
}

impl Plane {
    fn from_rotation(rotation: &Rotation) -> Plane {
        let count = rotation.len();
        let mut plane = Plane {
            target: Vec::new(),
            after: Vec::new(),
            before: Vec::new(),
            out: vec![NONE; count],
            linked: HashSet::new(),
        };
        let mut half = std::collections::HashMap::new();
        for (v, list) in rotation.iter().enumerate() {
            for &w in list {
                if v < w {
                    let h = plane.target.len();
                    plane.target.extend([w, v]);
                    plane.after.extend([NONE, NONE]);
                    plane.before.extend([NONE, NONE]);
                    half.insert((v, w), h);
                    half.insert((w, v), h ^ 1);
                    plane.linked.insert((v, w));
                }
            }
        }
        for (v, list) in rotation.iter().enumerate() {
            for (i, &w) in list.iter().enumerate() {
                let h = half[&(v, w)];
                let next = half[&(v, list[(i + 1) % list.len()])];
                plane.after[h] = next;
                plane.before[next] = h;
            }
            if let Some(&w) = list.first() {
                plane.out[v] = half[&(v, w)];
            }
        }
        plane
    }

    fn count(&self) -> usize {
        self.out.len()
    }

    fn origin(&self, h: usize) -> usize {
        self.target[h ^ 1]
    }

    fn is_linked(&self, a: usize, b: usize) -> bool {
        self.linked.contains(&(a.min(b), a.max(b)))
    }

    /// The next half-link along the face to the right of `h`'s... walking
    /// a face: leave `h`'s target by the half-link after `h`'s twin.
    fn next(&self, h: usize) -> usize {
        self.after[h ^ 1]
    }

    /// Places `h` around its origin right after `reference` (or alone).
    fn splice_after(&mut self, h: usize, reference: usize) {
        let origin = self.origin(h);
        if reference == NONE {
            self.after[h] = h;
            self.before[h] = h;
            self.out[origin] = h;
            return;
        }
        let next = self.after[reference];
        self.after[h] = next;
        self.before[h] = reference;
        self.after[reference] = h;
        self.before[next] = h;
    }

    /// A new link `a — b` whose half-link out of `a` follows `at_a` and
    /// whose half-link out of `b` follows `at_b` (`NONE`: a node alone).
    /// Returns the half-link `a → b`.
    fn link(&mut self, a: usize, b: usize, at_a: usize, at_b: usize) -> usize {
        let h = self.target.len();
        self.target.extend([b, a]);
        self.after.extend([NONE, NONE]);
        self.before.extend([NONE, NONE]);
        self.linked.insert((a.min(b), a.max(b)));
        self.splice_after(h, at_a);
        self.splice_after(h ^ 1, at_b);
        h
    }

    /// A link from `h`'s origin to the target of the half-link after `h`
    /// along the face, inside that face: it cuts off `h`'s target.
    fn cut_corner(&mut self, h: usize) -> usize {
        let following = self.next(h);
        let (a, c) = (self.origin(h), self.target[following]);
        // Around a, the face lies just before h; around c, just after the
        // half-link back along `following`.
        self.link(a, c, self.before[h], following ^ 1)
    }

    /// Joins the components into one: each component's first node linked
    /// to the next one's.
    fn connect(&mut self) {
        let count = self.count();
        let mut component = vec![NONE; count];
        let mut firsts = Vec::new();
        for start in 0..count {
            if component[start] != NONE {
                continue;
            }
            firsts.push(start);
            component[start] = start;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                let first = self.out[v];
                if first == NONE {
                    continue;
                }
                let mut h = first;
                loop {
                    let w = self.target[h];
                    if component[w] == NONE {
                        component[w] = start;
                        stack.push(w);
                    }
                    h = self.after[h];
                    if h == first {
                        break;
                    }
                }
            }
        }
        for pair in firsts.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (at_a, at_b) = (self.out[a], self.out[b]);
            self.link(a, b, at_a, at_b);
        }
    }

    /// Walks every face; wherever a node comes round a second time (a cut
    /// node), links its neighbours on the walk around it.
    fn biconnect(&mut self) {
        let mut walked = vec![false; self.target.len()];
        let mut seen = vec![NONE; self.count()];
        let mut h0 = 0;
        while h0 < self.target.len() {
            if walked.get(h0).copied().unwrap_or(false) {
                h0 += 1;
                continue;
            }
            walked.resize(self.target.len(), false);
            let start = h0;
            walked[start] = true;
            seen[self.origin(start)] = start;
            let mut h = start;
            loop {
                let following = self.next(h);
                if following == start {
                    break;
                }
                let v = self.target[h];
                if seen[v] == start && !self.is_linked(self.origin(h), self.target[following]) {
                    h = self.cut_corner(h);
                    walked.resize(self.target.len(), false);
                } else {
                    seen[v] = start;
                    h = following;
                }
                walked[h] = true;
            }
            h0 += 1;
        }
    }

    /// Links inside every face until each is a triangle.
    fn triangulate(&mut self) {
        self.triangulate_but(&[]);
    }

    /// The faces as cycles of half-links.
    fn faces(&self) -> Vec<Vec<usize>> {
        let mut walked = vec![false; self.target.len()];
        let mut faces = Vec::new();
        for start in 0..self.target.len() {
            if walked[start] {
                continue;
            }
            let mut face = Vec::new();
            let mut h = start;
            while !walked[h] {
                walked[h] = true;
                face.push(h);
                h = self.next(h);
            }
            faces.push(face);
        }
        faces
    }

    /// Links inside every face but the one made of `kept` until each is a
    /// triangle.
    fn triangulate_but(&mut self, kept: &[usize]) {
        let mut walked = vec![false; self.target.len()];
        for &h in kept {
            walked[h] = true;
        }
        let mut h0 = 0;
        while h0 < self.target.len() {
            walked.resize(self.target.len(), false);
            if walked[h0] {
                h0 += 1;
                continue;
            }
            let mut h = h0;
            loop {
                let second = self.next(h);
                let third = self.next(second);
                let (v1, v3, v4) = (self.origin(h), self.target[second], self.target[third]);
                if v1 == v4 || v1 == v3 {
                    break;
                }
                if self.is_linked(v1, v3) {
                    h = second;
                } else {
                    h = self.cut_corner(h);
                }
            }
            // The triangle (or two-link face of a lone link) is done.
            let mut around = h;
            loop {
                walked.resize(self.target.len(), false);
                walked[around] = true;
                around = self.next(around);
                if around == h {
                    break;
                }
            }
            h0 += 1;
        }
    }

    /// `face` (half-links in order) cut down towards `RIM` nodes: in
    /// rounds along it, every other node whose two links along the face
    /// are not both the graph's own is cut off by a link between its
    /// neighbours (when they are not linked yet) and goes inside. A tree's
    /// longest face holds every node, its own links chords across it, and
    /// on Tutte's circle such a chord passes the node between its ends
    /// 1/(25n) of the board away at 500 nodes; a cycle's or a grid's rim,
    /// all its own links, stays whole. A node of the face linked to more
    /// than an eighth of it (a star's centre) is cut off first, whatever
    /// its links (docs/planar.md, "Drawing").
    fn shorten(&mut self, mut face: Vec<usize>, rotation: &Rotation) -> Vec<usize> {
        let is_own = |a: usize, b: usize| {
            let (a, b) = if rotation[a].len() <= rotation[b].len() {
                (a, b)
            } else {
                (b, a)
            };
            rotation[a].contains(&b)
        };
        let (start, mut length) = (face.len(), face.len());
        let hub = (0..start).max_by_key(|&i| rotation[self.target[face[i]]].len());
        let hub = hub.filter(|&i| start > RIM && 8 * rotation[self.target[face[i]]].len() > start);
        if let Some(hub) = hub {
            face.rotate_left(hub);
        }
        while length > RIM {
            let mut kept = Vec::with_capacity(face.len());
            let mut i = 0;
            while i < face.len() {
                let h = face[i];
                if i + 1 < face.len() && length > RIM {
                    let following = face[i + 1];
                    let (a, b, c) = (self.origin(h), self.target[h], self.target[following]);
                    let first = hub.is_some() && face.len() == start && i == 0;
                    if !self.is_linked(a, c) && (first || !(is_own(a, b) && is_own(b, c))) {
                        kept.push(self.cut_corner(h));
                        length -= 1;
                        i += 2;
                        continue;
                    }
                }
                kept.push(h);
                i += 1;
            }
            if kept.len() == face.len() {
                break;
            }
            face = kept;
        }
        face
    }

    fn neighbours(&self, v: usize) -> Vec<usize> {
        let first = self.out[v];
        let mut list = Vec::new();
        if first == NONE {
            return list;
        }
        let mut h = first;
        loop {
            list.push(self.target[h]);
            h = self.after[h];
            if h == first {
                break;
            }
        }
        list
    }
}

/// Integer positions for the nodes of a planar graph given by its
/// embedding: distinct, with no two links of the embedding crossing.
pub fn grid_drawing(rotation: &Rotation) -> Vec<(i64, i64)> {
    match rotation.len() {
        0 => Vec::new(),
        1 => vec![(0, 0)],
        2 => vec![(0, 0), (1, 0)],
        _ => triangulated_grid_drawing(rotation).positions,
    }
}

/// A grid drawing with the triangulation it draws plane.
pub struct Triangulated {
    pub positions: Vec<(i64, i64)>,
    /// Neighbour lists in rotation order.
    pub neighbours: Vec<Vec<usize>>,
    pub outer: [usize; 3],
}

/// For at least three nodes: the grid drawing, the triangulation it draws
/// plane and its outer triangle.
pub fn triangulated_grid_drawing(rotation: &Rotation) -> Triangulated {
    let (neighbours, outer) = triangulation(rotation);
    let [v1, v2, vn] = outer;
    let order = canonical_order(&neighbours, v1, v2, vn);
    Triangulated {
        positions: shift(&neighbours, &order),
        neighbours,
        outer,
    }
}

/// The embedded graph made biconnected, with every face but its longest
/// cut into triangles: neighbour lists and the longest face's nodes in
/// order (a disk to draw with that face as its rim). A rim longer than
/// `RIM` nodes is shortened first where its links were added (`shorten`).
pub fn disk_triangulation(rotation: &Rotation) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut plane = Plane::from_rotation(rotation);
    plane.connect();
    plane.biconnect();
    let rim = plane
        .faces()
        .into_iter()
        .max_by_key(|face| face.len())
        .expect("a face");
    let rim = plane.shorten(rim, rotation);
    plane.triangulate_but(&rim);
    let neighbours: Vec<Vec<usize>> = (0..rotation.len()).map(|v| plane.neighbours(v)).collect();
    let nodes = rim.iter().map(|&h| plane.origin(h)).collect();
    (neighbours, nodes)
}

/// A maximal planar graph containing the embedded one (at least three
/// nodes), as neighbour lists in rotation order, and its outer triangle.
pub fn triangulation(rotation: &Rotation) -> (Vec<Vec<usize>>, [usize; 3]) {
    let mut plane = Plane::from_rotation(rotation);
    plane.connect();
    plane.biconnect();
    plane.triangulate();
    let neighbours: Vec<Vec<usize>> = (0..rotation.len()).map(|v| plane.neighbours(v)).collect();
    // The outer face: the triangle on the left of node 0's first half-link.
    let h = plane.out[0];
    let (v1, v2) = (0, plane.target[h]);
    let vn = plane.target[plane.next(h)];
    (neighbours, [v1, v2, vn])
}

/// A canonical order of a triangulation with outer face `v1, v2, vn`
/// (Kant): `v1`, `v2` first; each later node has at least two neighbours
/// among the earlier ones, consecutive on their contour, and at least one
/// among the later ones (but the last). Built backwards by peeling nodes
/// off the outer face that have no chord.
fn canonical_order(neighbours: &[Vec<usize>], v1: usize, v2: usize, vn: usize) -> Vec<usize> {
    let count = neighbours.len();
    let mut order = vec![NONE; count];
    let mut removed = vec![false; count];
    let mut outer = vec![false; count];
    let mut chords = vec![0usize; count];
    let (mut previous, mut next) = (vec![NONE; count], vec![NONE; count]);
    next[v1] = vn;
    next[vn] = v2;
    previous[v2] = vn;
    previous[vn] = v1;
    for v in [v1, v2, vn] {
        outer[v] = true;
    }
    let mut candidates = vec![vn];
    let mut batch: Vec<usize> = Vec::new();
    for k in (2..count).rev() {
        let v = loop {
            let v = candidates
                .pop()
                .expect("a triangulation has a canonical order");
            if outer[v] && !removed[v] && chords[v] == 0 && v != v1 && v != v2 {
                break v;
            }
        };
        order[k] = v;
        removed[v] = true;
        let (wp, wq) = (previous[v], next[v]);
        // v's neighbours not yet peeled lie between wp and wq around it.
        let around = &neighbours[v];
        let start = around
            .iter()
            .position(|&w| w == wp)
            .expect("wp is a neighbour");
        // One way round from wp reaches wq through nodes not yet peeled; the
        // other meets peeled ones (or, for vn, is the empty outer side).
        batch.clear();
        for step in [1, around.len() - 1] {
            let mut arc = Vec::new();
            let mut i = (start + step) % around.len();
            while around[i] != wq && !removed[around[i]] {
                arc.push(around[i]);
                i = (i + step) % around.len();
            }
            if around[i] == wq && arc.len() >= batch.len() {
                batch = arc;
            }
        }
        if batch.is_empty() {
            // wp — wq was a chord, unless it is the base v1 — v2.
            if !(wp == v1 && wq == v2) {
                chords[wp] -= 1;
                chords[wq] -= 1;
            }
            next[wp] = wq;
            previous[wq] = wp;
        } else {
            let mut before = wp;
            for &u in &batch {
                next[before] = u;
                previous[u] = before;
                before = u;
            }
            next[before] = wq;
            previous[wq] = before;
            for &u in &batch {
                for &x in &neighbours[u] {
                    if outer[x] && !removed[x] && x != previous[u] && x != next[u] {
                        chords[u] += 1;
                        chords[x] += 1;
                    }
                }
                outer[u] = true;
            }
        }
        candidates.extend([wp, wq]);
        candidates.extend(batch.iter().copied());
    }
    order[0] = v1;
    order[1] = v2;
    order
}

/// De Fraysseix–Pach–Pollack: each node in canonical order goes where the
/// slope-1 line from its leftmost contour neighbour meets the slope −1 line
/// from its rightmost, after the contour right of the first is shifted by
/// one and from the last on by two (each contour node dragging the nodes
/// it covers).
fn shift(neighbours: &[Vec<usize>], order: &[usize]) -> Vec<(i64, i64)> {
    let count = neighbours.len();
    let mut x = vec![0i64; count];
    let mut y = vec![0i64; count];
    let (v1, v2, v3) = (order[0], order[1], order[2]);
    x[v2] = 2;
    x[v3] = 1;
    y[v3] = 1;
    let mut contour = vec![v1, v3, v2];
    let mut covers: Vec<Vec<usize>> = (0..count).map(|v| vec![v]).collect();
    let mut beside = vec![false; count];
    for &v in &order[3..] {
        for &w in &neighbours[v] {
            beside[w] = true;
        }
        let (mut p, mut q) = (usize::MAX, 0);
        for (i, &w) in contour.iter().enumerate() {
            if beside[w] {
                p = p.min(i);
                q = q.max(i);
            }
        }
        for &w in &neighbours[v] {
            beside[w] = false;
        }
        for (i, &w) in contour.iter().enumerate().skip(p + 1) {
            let by = if i < q { 1 } else { 2 };
            for &m in &covers[w] {
                x[m] += by;
            }
        }
        let (wp, wq) = (contour[p], contour[q]);
        x[v] = (x[wp] + x[wq] + y[wq] - y[wp]) / 2;
        y[v] = (x[wq] - x[wp] + y[wp] + y[wq]) / 2;
        let mut covered = Vec::new();
        for &w in &contour[p + 1..q] {
            covered.append(&mut covers[w]);
        }
        covers[v].extend(covered);
        contour.splice(p + 1..q, [v]);
    }
    x.into_iter().zip(y).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planar::lr::embed;

    /// Exact: closed segments with four distinct ends share a point.
    fn cross(p: (i64, i64), q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> bool {
        let orient = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
            ((b.0 - a.0) as i128 * (c.1 - a.1) as i128 - (b.1 - a.1) as i128 * (c.0 - a.0) as i128)
                .signum()
        };
        let within = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
            c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
        };
        let (d1, d2, d3, d4) = (
            orient(r, s, p),
            orient(r, s, q),
            orient(p, q, r),
            orient(p, q, s),
        );
        (d1 * d2 < 0 && d3 * d4 < 0)
            || (d1 == 0 && within(r, s, p))
            || (d2 == 0 && within(r, s, q))
            || (d3 == 0 && within(p, q, r))
            || (d4 == 0 && within(p, q, s))
    }

    pub(crate) fn assert_drawn(count: usize, links: &[(usize, usize)]) {
        let rotation = embed(count, links).expect("planar");
        let at = grid_drawing(&rotation);
        let distinct: HashSet<(i64, i64)> = at.iter().copied().collect();
        assert_eq!(distinct.len(), count, "nodes stacked");
        for (i, &(a, b)) in links.iter().enumerate() {
            for &(c, d) in &links[..i] {
                if a == c || a == d || b == c || b == d {
                    continue;
                }
                assert!(
                    !cross(at[a], at[b], at[c], at[d]),
                    "links {a}-{b} and {c}-{d} cross"
                );
            }
        }
        let n = count.max(3) as i64;
        assert!(at
            .iter()
            .all(|&(x, y)| (0..=2 * n - 4).contains(&x) && (0..=n - 2).contains(&y)));
    }

    #[test]
    fn families_are_drawn_on_the_grid() {
        assert_drawn(3, &[]);
        assert_drawn(3, &[(0, 1)]);
        assert_drawn(4, &[(0, 1), (2, 3)]);
        let path: Vec<_> = (0..99).map(|i| (i, i + 1)).collect();
        assert_drawn(100, &path);
        let star: Vec<_> = (1..40).map(|i| (0, i)).collect();
        assert_drawn(40, &star);
        let binary: Vec<_> = (1..127).map(|i| ((i - 1) / 2, i)).collect();
        assert_drawn(127, &binary);
        let mut wheel: Vec<_> = (1..=30).map(|i| (0, i)).collect();
        wheel.extend((1..=30).map(|i| (i, i % 30 + 1)));
        assert_drawn(31, &wheel);
        let side = 12;
        let grid = crate::planar::families::grid(side, side);
        assert_drawn(side * side, &grid);
    }
}
