//! Selection ranges ("expand selection"): from the word at the cursor out
//! through the expressions around it, its line, the block's body, the block
//! and the file.

use crate::analysis::Analysis;
use crate::parse::ast::{Binder, Expr, ExprKind, ItemKind, Name, PlanarItemKind, SolveItemKind};
use crate::span::Span;

/// The spans around `offset`, innermost first, each inside the next.
pub fn selection_ranges(analysis: &Analysis, offset: usize) -> Vec<Span> {
    let file = analysis.file();
    let mut around = Around {
        offset,
        spans: Vec::new(),
    };
    for item in &file.items {
        if !around.holds(item.span) {
            continue;
        }
        around.add(item.span);
        match &item.kind {
            ItemKind::Decl(decl) => {
                around.add(decl.keyword_span);
                decl.binders.iter().for_each(|binder| around.binder(binder));
                around.expr(&decl.value);
            }
            ItemKind::Solve(block) => {
                around.block(block.name.as_ref(), block.keyword_span, block.body_span);
                for item in &block.items {
                    if around.holds(item.span) {
                        around.add(item.span);
                        around.solve_item(&item.kind);
                    }
                }
            }
            ItemKind::Planar(block) => {
                around.block(block.name.as_ref(), block.keyword_span, block.body_span);
                for item in &block.items {
                    if around.holds(item.span) {
                        around.add(item.span);
                        around.planar_item(&item.kind);
                    }
                }
            }
            ItemKind::Tool(tool) => {
                around.block(Some(&tool.name), tool.keyword_span, tool.body_span);
                for param in &tool.params {
                    if around.holds(param.span) {
                        around.add(param.span);
                        around.name(&param.name);
                        around.expr(&param.value);
                    }
                }
                tool.results.iter().for_each(|name| around.name(name));
                for item in &tool.items {
                    if around.holds(item.span) {
                        around.add(item.span);
                        around.solve_item(&item.kind);
                    }
                }
            }
            ItemKind::Use(line) => around.add(line.path_span),
            ItemKind::Error(declares) => {
                if let Some((_, name)) = declares {
                    around.name(name);
                }
            }
        }
    }
    around.add(Span::new(0, analysis.text.len()));
    let mut spans = around.spans;
    spans.sort_by_key(|span| (span.end - span.start, std::cmp::Reverse(span.start)));
    spans.dedup();
    // A chain: each span holds the one before (ties of length keep the first).
    let mut chain: Vec<Span> = Vec::new();
    for span in spans {
        if chain.last().is_none_or(|inner| {
            span.start <= inner.start && inner.end <= span.end && span != *inner
        }) {
            chain.push(span);
        }
    }
    chain
}

struct Around {
    offset: usize,
    spans: Vec<Span>,
}

impl Around {
    fn holds(&self, span: Span) -> bool {
        span.start <= self.offset && self.offset <= span.end
    }

    fn add(&mut self, span: Span) {
        if self.holds(span) && span.start < span.end {
            self.spans.push(span);
        }
    }

    fn name(&mut self, name: &Name) {
        self.add(name.span);
    }

    fn binder(&mut self, binder: &Binder) {
        self.add(binder.span());
    }

    fn block(&mut self, name: Option<&Name>, keyword: Span, body: Span) {
        if let Some(name) = name {
            self.name(name);
        }
        self.add(keyword);
        self.add(body);
    }

    fn expr(&mut self, expr: &Expr) {
        if !self.holds(expr.span) {
            return;
        }
        self.add(expr.span);
        match &expr.kind {
            ExprKind::Number(_) | ExprKind::Degrees(_) | ExprKind::Name(_) | ExprKind::Error => {}
            ExprKind::Neg(inner) => self.expr(inner),
            ExprKind::Binary(_, left, right) | ExprKind::Meet(left, right) => {
                self.expr(left);
                self.expr(right);
            }
            ExprKind::Tuple(parts) => parts.iter().for_each(|part| self.expr(part)),
            ExprKind::Call { function, args } => {
                self.name(function);
                args.iter().for_each(|arg| self.expr(arg));
            }
        }
    }

    fn solve_item(&mut self, item: &SolveItemKind) {
        match item {
            SolveItemKind::Goal { names, values } => {
                names.iter().for_each(|name| self.name(name));
                values.iter().for_each(|value| self.expr(value));
            }
            SolveItemKind::Mask(parts) => parts.iter().for_each(|part| self.add(part.span)),
            SolveItemKind::Tools(names) => names.iter().for_each(|name| self.name(name)),
            SolveItemKind::Count(name) => self.name(name),
            SolveItemKind::Stars(counts) => {
                for star in counts {
                    self.name(&star.count);
                    self.add(star.value_span);
                }
            }
            SolveItemKind::Ignore(limits) => {
                for limit in limits {
                    self.add(limit.span);
                    self.expr(&limit.value);
                }
            }
            SolveItemKind::Verify(assignments) => {
                for assignment in assignments {
                    self.name(&assignment.name);
                    self.expr(&assignment.value);
                }
            }
            SolveItemKind::Step(step) => {
                step.binders.iter().for_each(|binder| self.binder(binder));
                self.expr(&step.value);
            }
            SolveItemKind::Error(_) => {}
        }
    }

    fn planar_item(&mut self, item: &PlanarItemKind) {
        match item {
            PlanarItemKind::Level(value) | PlanarItemKind::Seed(value) => self.expr(value),
            PlanarItemKind::Node { name, value } => {
                self.name(name);
                self.expr(value);
            }
            PlanarItemKind::Edges(edges) => {
                for edge in edges {
                    self.add(edge.span);
                    self.name(&edge.from);
                    self.name(&edge.to);
                }
            }
            PlanarItemKind::Error => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn selected(text: &str, at: &str) -> Vec<String> {
        let analysis = analyze(text);
        selection_ranges(&analysis, text.find(at).unwrap())
            .iter()
            .map(|span| text[span.range()].to_string())
            .collect()
    }

    #[test]
    fn from_the_word_out_to_the_file() {
        let text = "point A = (0, 0)\npoint B = (2, 0)\nsolve s {\n  goal M = midpoint(A, B)\n  c = circle(A, 2 * dist(A, B))\n}\n";
        assert_eq!(
            selected(text, "dist"),
            [
                "dist",
                "dist(A, B)",
                "2 * dist(A, B)",
                "circle(A, 2 * dist(A, B))",
                "c = circle(A, 2 * dist(A, B))",
                &text[text.find("{\n").unwrap() + 1..text.rfind('}').unwrap()],
                &text[text.find("solve").unwrap()..text.rfind('}').unwrap() + 1],
                text,
            ]
        );
        let chain = selected(text, "0, 0");
        assert_eq!(chain[..3], ["0", "(0, 0)", "point A = (0, 0)"]);
    }

    #[test]
    fn every_offset_of_every_example_gives_a_nested_chain() {
        for text in [
            include_str!("../../examples/napoleon.euc"),
            include_str!("../../examples/planar-solved.euc"),
            "point A = (0,\nsolve {",
        ] {
            let analysis = analyze(text);
            for offset in 0..=text.len() {
                let chain = selection_ranges(&analysis, offset);
                assert_eq!(chain.last(), Some(&Span::new(0, text.len())));
                for pair in chain.windows(2) {
                    assert!(pair[1].start <= pair[0].start && pair[0].end <= pair[1].end);
                    assert!(pair[0] != pair[1]);
                }
                assert!(chain
                    .iter()
                    .all(|span| span.start <= offset && offset <= span.end));
            }
        }
    }
}
