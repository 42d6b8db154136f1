//! Byte spans into the source text, and the conversions to lines, columns and
//! UTF-16 offsets that only the edges (terminal, editor) need.

use serde::Serialize;

/// A half-open byte range `start..end` into one source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span that covers both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

/// Moving what lies after an edit: every offset at or after `from` moves
/// by `delta` bytes (the edit's change in length), earlier ones stay. Kept
/// parts of an analysis move this way when one block is analysed again
/// (`crate::incremental`, docs/design.md "Analysis after an edit").
pub trait Shift {
    fn shift_after(&mut self, from: usize, delta: isize);
}

/// A part of an analysis whose spans an edit may have left to move
/// (`crate::analysis::Settling` makes the move when the part is first
/// read): settling makes it, once.
pub(crate) trait Settle {
    fn settle(&mut self);
}

impl Shift for Span {
    fn shift_after(&mut self, from: usize, delta: isize) {
        for offset in [&mut self.start, &mut self.end] {
            if *offset >= from {
                *offset = offset.saturating_add_signed(delta);
            }
        }
    }
}

impl<T: Shift> Shift for Vec<T> {
    fn shift_after(&mut self, from: usize, delta: isize) {
        for value in self {
            value.shift_after(from, delta);
        }
    }
}

impl<T: Shift> Shift for Option<T> {
    fn shift_after(&mut self, from: usize, delta: isize) {
        if let Some(value) = self {
            value.shift_after(from, delta);
        }
    }
}

impl<T: Shift> Shift for Box<T> {
    fn shift_after(&mut self, from: usize, delta: isize) {
        (**self).shift_after(from, delta);
    }
}

impl<A: Shift, B: Shift> Shift for (A, B) {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.0.shift_after(from, delta);
        self.1.shift_after(from, delta);
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(range: std::ops::Range<usize>) -> Self {
        Span::new(range.start, range.end)
    }
}

impl From<chumsky::span::SimpleSpan> for Span {
    fn from(span: chumsky::span::SimpleSpan) -> Self {
        Span::new(span.start, span.end)
    }
}

/// Line starts of a text, for turning byte offsets into positions and back.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

/// A zero-based line and column; the column counts in the unit the caller asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(index, _)| index + 1));
        LineIndex { line_starts }
    }

    /// The index of this text with the bytes `old` replaced by `inserted`,
    /// without reading the rest of the text again (an editor's keystroke
    /// in a long file).
    pub fn replaced(&self, old: Span, inserted: &str) -> LineIndex {
        // A line start is the byte after a newline: those before the
        // replaced bytes stay, those in them go, those after them move.
        let before = self
            .line_starts
            .partition_point(|&start| start <= old.start);
        let after = self.line_starts.partition_point(|&start| start <= old.end);
        let delta = inserted.len() as isize - (old.end - old.start) as isize;
        let mut line_starts = Vec::with_capacity(self.line_starts.len() + 8);
        line_starts.extend_from_slice(&self.line_starts[..before]);
        line_starts.extend(
            inserted
                .match_indices('\n')
                .map(|(index, _)| old.start + index + 1),
        );
        // Those after start past the inserted text: no overflow.
        line_starts.extend(
            self.line_starts[after..]
                .iter()
                .map(|&start| start.wrapping_add_signed(delta)),
        );
        LineIndex { line_starts }
    }

    fn line_of(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// Line and column in Unicode scalar values (what a terminal shows).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = clamp_to_char_boundary(text, offset);
        let line = self.line_of(offset);
        let column = text[self.line_starts[line]..offset].chars().count();
        Position { line, column }
    }

    /// Line and column in UTF-16 code units (what LSP clients count).
    pub fn position_utf16(&self, text: &str, offset: usize) -> Position {
        let offset = clamp_to_char_boundary(text, offset);
        let line = self.line_of(offset);
        let column = text[self.line_starts[line]..offset]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position { line, column }
    }

    /// `position_utf16` of `offset`, counting on from an earlier position
    /// (`from`, at byte `from_offset`) when both are on one line: for
    /// offsets in ascending order, a whole line is read once, not once per
    /// offset (semantic tokens of a 100 KB line were quadratic).
    pub fn position_utf16_from(
        &self,
        text: &str,
        (from_offset, from): (usize, Position),
        offset: usize,
    ) -> Position {
        let offset = clamp_to_char_boundary(text, offset);
        let from_offset = clamp_to_char_boundary(text, from_offset);
        let line = self.line_of(offset);
        if line != from.line || from_offset > offset || from_offset < self.line_starts[line] {
            return self.position_utf16(text, offset);
        }
        let column = from.column
            + text[from_offset..offset]
                .chars()
                .map(char::len_utf16)
                .sum::<usize>();
        Position { line, column }
    }

    /// The byte offset of a UTF-16 position, clamped into the text.
    pub fn offset_utf16(&self, text: &str, position: Position) -> usize {
        let Some(&line_start) = self.line_starts.get(position.line) else {
            return text.len();
        };
        let mut units = 0;
        for (index, character) in text[line_start..].char_indices() {
            if units >= position.column || character == '\n' {
                return line_start + index;
            }
            units += character.len_utf16();
        }
        text.len()
    }
}

fn clamp_to_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `text` with up to `removed` bytes from `at` (both cut to the text)
    /// replaced by `inserted`: the bytes replaced and the new text. For
    /// property tests of what follows an edit.
    pub(crate) fn replace(text: &str, at: usize, removed: usize, inserted: &str) -> (Span, String) {
        let at = at.min(text.len());
        let end = (at + removed).min(text.len());
        let edited = format!("{}{inserted}{}", &text[..at], &text[end..]);
        (Span::new(at, end), edited)
    }

    proptest::proptest! {
        /// The index updated for a replacement is the index of the new
        /// text: replacements anywhere, with and without line breaks.
        #[test]
        fn an_updated_line_index_is_the_new_texts(
            text in "[a\n]{0,60}",
            at in 0usize..60,
            removed in 0usize..20,
            inserted in "[b\n]{0,10}",
        ) {
            let (old, edited) = replace(&text, at, removed, &inserted);
            let updated = LineIndex::new(&text).replaced(old, &inserted);
            proptest::prop_assert_eq!(updated.line_starts, LineIndex::new(&edited).line_starts);
        }
    }

    #[test]
    fn counting_on_from_an_earlier_position_gives_the_same_columns() {
        let text = "ab 𝄞 é\nx 𝄞𝄞 yz é\n\nlast 𝄞";
        let index = LineIndex::new(text);
        let offsets: Vec<usize> = (0..=text.len() + 2).collect();
        for &from in &offsets {
            let at = index.position_utf16(text, from);
            for &offset in &offsets {
                assert_eq!(
                    index.position_utf16_from(text, (from, at), offset),
                    index.position_utf16(text, offset),
                    "from {from} to {offset}"
                );
            }
        }
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs() {
        let text = "let α = 1\nlet 𝛼 = 2\n";
        let index = LineIndex::new(text);
        let offset = text.find("= 2").unwrap();
        assert_eq!(
            index.position(text, offset),
            Position { line: 1, column: 6 }
        );
        assert_eq!(
            index.position_utf16(text, offset),
            Position { line: 1, column: 7 }
        );
        assert_eq!(
            index.offset_utf16(text, Position { line: 1, column: 7 }),
            offset
        );
    }

    #[test]
    fn offsets_past_the_end_are_clamped() {
        let text = "ab";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 99), Position { line: 0, column: 2 });
        assert_eq!(index.offset_utf16(text, Position { line: 5, column: 0 }), 2);
    }
}
