//! How near two names are, for "did you mean" hints: the resolver's names
//! and the parser's keywords (docs/design.md, "Mistakes and their fixes").

/// The most similar name among `candidates`, if any is similar enough to
/// suggest (`resolve`'s "did you mean", the parser's keywords).
pub fn closest_among<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a String>,
) -> Option<&'a str> {
    let name: Vec<char> = name.chars().collect();
    let mut best: Option<(usize, &str)> = None;
    let mut other = Vec::new();
    for candidate in candidates {
        // Cheap length test first: most names are not near at all.
        if candidate.len() > 4 * (name.len() + 2) {
            continue;
        }
        other.clear();
        other.extend(candidate.chars());
        // One edit between short names (`Bx` for `B`), none between two
        // single letters (`A` for `C` is not a typo).
        let allowed = match name.len().max(other.len()) {
            0 | 1 => 0,
            2..=4 => 1,
            _ => 2,
        };
        if let Some(distance) = bounded_distance(&name, &other, allowed) {
            let better =
                best.is_none_or(|(least, first)| (distance, candidate.as_str()) < (least, first));
            if better {
                best = Some((distance, candidate));
            }
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// The edit distance of `a` and `b` with adjacent transpositions (optimal
/// string alignment), if it is at most `bound`: only the band of cells
/// within `bound` of the diagonal is computed, so two names of 100,000
/// characters cost a few hundred thousand steps, not 10^10.
pub fn bounded_distance(a: &[char], b: &[char], bound: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > bound {
        return None;
    }
    let far = bound + 1;
    let width = b.len() + 1;
    // Three rows: two back (for transpositions), one back, this one.
    let mut rows = vec![vec![far; width]; 3];
    for (j, cell) in rows[2].iter_mut().enumerate().take(bound + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (low, high) = (i.saturating_sub(bound).max(1), (i + bound).min(b.len()));
        rows.rotate_left(1);
        let [two_back, one_back, row] = &mut rows[..] else {
            unreachable!("three rows")
        };
        // Only the band is written; the cells either side of it are reset
        // so the next rows never read an old value.
        row[0] = if i <= bound { i } else { far };
        if low > 1 {
            row[low - 1] = far;
        }
        if high + 1 < width {
            row[high + 1] = far;
        }
        let mut least = row[0];
        for j in low..=high {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut value = (one_back[j - 1] + cost)
                .min(one_back[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                value = value.min(two_back[j - 2] + 1);
            }
            row[j] = value.min(far);
            least = least.min(row[j]);
        }
        if least > bound {
            return None;
        }
    }
    let distance = rows[2][b.len()];
    (distance <= bound).then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_distance_agrees_with_the_full_one() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "Apex", "apex", "Apexx", "pAex", "circle", "cricle",
            "circel", "centre", "center", "midpoint", "midpiont", "x1", "x12",
        ];
        for a in words {
            for b in words {
                let full = strsim::osa_distance(a, b);
                let (a_chars, b_chars): (Vec<char>, Vec<char>) =
                    (a.chars().collect(), b.chars().collect());
                for bound in 0..4 {
                    let expected = (full <= bound).then_some(full);
                    assert_eq!(
                        bounded_distance(&a_chars, &b_chars, bound),
                        expected,
                        "{a:?} {b:?} within {bound}"
                    );
                }
            }
        }
    }
}
