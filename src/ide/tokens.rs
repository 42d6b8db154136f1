//! Semantic tokens: what each word of the text is. Colour by syntax alone
//! cannot tell a given point from a step's point or a goal, and that
//! distinction is what this language is about (README, "Editors").

use crate::analysis::Analysis;
use crate::lex::{lex, Token};
use crate::parse::ast::{DeclKind, ItemKind};
use crate::resolve::types::BUILTINS;
use crate::span::Span;
use std::collections::HashMap;

/// The kinds, in the order of the language server's legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Keyword,
    Number,
    Comment,
    Operator,
    /// A built-in function.
    Function,
    /// A given point or a `let` that random instances move (no other name on
    /// its right side).
    Parameter,
    /// A `let` computed from other names.
    Value,
    /// A line or circle drawn at the start.
    Setup,
    /// A point or object a construction step binds.
    Step,
    /// A goal, where it is declared and where a step binds it.
    Goal,
    /// The name of a solve or planar block.
    Block,
    /// A node of a planar block.
    Node,
    /// A tool of your own: its definition, its uses, `tools` lines and
    /// masks (`tool_names`).
    Tool,
}

impl TokenKind {
    pub const ALL: [TokenKind; 13] = [
        TokenKind::Keyword,
        TokenKind::Number,
        TokenKind::Comment,
        TokenKind::Operator,
        TokenKind::Function,
        TokenKind::Parameter,
        TokenKind::Value,
        TokenKind::Setup,
        TokenKind::Step,
        TokenKind::Goal,
        TokenKind::Block,
        TokenKind::Node,
        TokenKind::Tool,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    pub span: Span,
    pub kind: TokenKind,
    /// Where the name is bound (not a use of it).
    pub declaration: bool,
}

/// Every classified token of `text` (which `analysis` was made from), in
/// order, none overlapping. Words that are nothing known (a misspelt name)
/// get no token.
pub fn semantic_tokens(analysis: &Analysis, text: &str) -> Vec<SemanticToken> {
    semantic_tokens_in(analysis, text, Span::new(0, text.len()))
}

/// The classified tokens of the whole lines `within` touches: an editor
/// asks for the lines on its screen, and their cost does not grow with
/// the file (docs/design.md, "Cost at any size").
pub fn semantic_tokens_in(analysis: &Analysis, text: &str, within: Span) -> Vec<SemanticToken> {
    let start = text
        .get(..within.start.min(text.len()))
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |at| at + 1);
    let end = text
        .get(within.end.min(text.len())..)
        .and_then(|after| after.find('\n'))
        .map_or(text.len(), |at| within.end + at);
    let lines = Span::new(start, end.max(start));
    let names = classify_names(analysis, lines);
    let contextual = contextual_words_in(analysis, lines);
    let mut tokens = Vec::new();
    let (mut lexed, _) = lex(text.get(lines.range()).unwrap_or(""));
    for (_, span) in &mut lexed {
        *span = Span::new(span.start + start, span.end + start);
    }
    let mut previous_end = start;
    for (index, (token, span)) in lexed.iter().enumerate() {
        comments_between(text, previous_end, span.start, &mut tokens);
        previous_end = span.end;
        let called = matches!(lexed.get(index + 1), Some((Token::LParen, _)));
        let kind = match token {
            // `circle(`, `line(`, `segment(`, `ray(`: the functions, not the declarations.
            Token::Circle | Token::Line | Token::Segment | Token::Ray if called => {
                Some((TokenKind::Function, false))
            }
            token if token.is_keyword() => Some((TokenKind::Keyword, false)),
            Token::LineStars | Token::CircleStars | Token::StarStar => {
                Some((TokenKind::Keyword, false))
            }
            Token::Number(_) | Token::Degrees(_) => Some((TokenKind::Number, false)),
            Token::Plus
            | Token::Minus
            | Token::Star
            | Token::Slash
            | Token::Amp
            | Token::Bar
            | Token::Eq => Some((TokenKind::Operator, false)),
            Token::Ident(word) => names.get(&(span.start, span.end)).copied().or_else(|| {
                if let Some(&kind) = contextual.get(&(span.start, span.end)) {
                    return Some((kind, false));
                }
                let builtin = BUILTINS.iter().any(|(name, ..)| name == word);
                (called && builtin).then_some((TokenKind::Function, false))
            }),
            _ => None,
        };
        if let Some((kind, declaration)) = kind {
            tokens.push(SemanticToken {
                span: *span,
                kind,
                declaration,
            });
        }
    }
    // Comments after the last token, to the end of the lines asked for.
    comments_between(text, previous_end, lines.end, &mut tokens);
    tokens
}

/// `//` comments in a stretch of text between two tokens (the lexer skips
/// them).
fn comments_between(text: &str, start: usize, end: usize, tokens: &mut Vec<SemanticToken>) {
    let Some(gap) = text.get(start..end) else {
        return;
    };
    let mut offset = 0;
    while let Some(found) = gap[offset..].find("//") {
        let from = offset + found;
        let to = gap[from..]
            .find('\n')
            .map_or(gap.len(), |line_end| from + line_end);
        tokens.push(SemanticToken {
            span: Span::new(start + from, start + to),
            kind: TokenKind::Comment,
            declaration: false,
        });
        offset = to;
    }
}

/// Words that are keywords only where they stand (`tools`, `count`,
/// `level`, `seed`, `node`, `edge`: names everywhere else), the tools a
/// `tools` line lists, `count`'s `e` or `l`, and the nodes an `edge` line
/// links, from the syntax tree.
pub(super) fn contextual_words(analysis: &Analysis) -> HashMap<(usize, usize), TokenKind> {
    contextual_words_in(analysis, Span::new(0, analysis.text.len()))
}

/// Whether `span` lies in `within` (both ends inclusive: a word at its end).
fn inside(span: Span, within: Span) -> bool {
    within.start <= span.start && span.end <= within.end
}

fn contextual_words_in(analysis: &Analysis, within: Span) -> HashMap<(usize, usize), TokenKind> {
    use crate::parse::ast::{PlanarItemKind, SolveItemKind};
    let mut words = HashMap::new();
    let text = &analysis.text;
    let mut keyword_at = |start: usize, keyword: &str| {
        if text.get(start..start + keyword.len()) == Some(keyword) {
            words.insert((start, start + keyword.len()), TokenKind::Keyword);
        }
    };
    let mut named = Vec::new();
    let overlaps = |span: Span| span.start <= within.end && within.start <= span.end;
    for item in analysis
        .file()
        .items
        .iter()
        .filter(|item| overlaps(item.span))
    {
        match &item.kind {
            ItemKind::Solve(block) => {
                for item in block.items.iter().filter(|item| overlaps(item.span)) {
                    match &item.kind {
                        SolveItemKind::Tools(tools) => {
                            keyword_at(item.span.start, "tools");
                            named.extend(tools.iter().map(|tool| {
                                let kind = if tool.text == "drop" {
                                    TokenKind::Keyword
                                } else {
                                    TokenKind::Function
                                };
                                (tool.span, kind)
                            }));
                        }
                        SolveItemKind::Count(what) => {
                            keyword_at(item.span.start, "count");
                            named.push((what.span, TokenKind::Keyword));
                        }
                        SolveItemKind::Stars(counts) => {
                            keyword_at(item.span.start, "stars");
                            named.extend(
                                counts
                                    .iter()
                                    .map(|star| (star.count.span, TokenKind::Keyword)),
                            );
                        }
                        _ => {}
                    }
                }
            }
            ItemKind::Planar(block) => {
                for item in block.items.iter().filter(|item| overlaps(item.span)) {
                    match &item.kind {
                        PlanarItemKind::Level(_) => keyword_at(item.span.start, "level"),
                        PlanarItemKind::Seed(_) => keyword_at(item.span.start, "seed"),
                        PlanarItemKind::Node { .. } => keyword_at(item.span.start, "node"),
                        PlanarItemKind::Edges(edges) => {
                            keyword_at(item.span.start, "edge");
                            for edge in edges {
                                named.push((edge.from.span, TokenKind::Node));
                                named.push((edge.to.span, TokenKind::Node));
                            }
                        }
                        PlanarItemKind::Error => {}
                    }
                }
            }
            _ => {}
        }
    }
    words.extend(
        named
            .into_iter()
            .filter(|(span, _)| inside(*span, within))
            .map(|(span, kind)| ((span.start, span.end), kind)),
    );
    words
}

/// What each name span means, from the resolved scene: (start, end) → kind
/// and whether the span binds the name.
fn classify_names(analysis: &Analysis, within: Span) -> HashMap<(usize, usize), (TokenKind, bool)> {
    let scene = &analysis.scene();
    let mut names = Named {
        map: HashMap::new(),
        within,
    };
    let key = |span: Span| (span.start, span.end);
    let symbol_kind = |index: usize| {
        let symbol = &scene.symbols[index];
        match symbol.kind {
            DeclKind::Point => TokenKind::Parameter,
            DeclKind::Let if symbol.is_parameter => TokenKind::Parameter,
            DeclKind::Let | DeclKind::Const => TokenKind::Value,
            _ => TokenKind::Setup,
        }
    };
    for (index, symbol) in scene.symbols.iter().enumerate() {
        names.insert(key(symbol.span), (symbol_kind(index), true));
    }
    for named in super::tool_names::tool_names(analysis) {
        let declaration = named.role == super::ToolRole::Definition;
        names.insert(key(named.span), (TokenKind::Tool, declaration));
    }
    for reference in &scene.references {
        names.insert(key(reference.span), (symbol_kind(reference.symbol), false));
    }
    // A block's names are its own: blocks off the lines asked for are
    // skipped whole.
    let overlaps = |span: Span| span.start <= within.end && within.start <= span.end;
    for problem in scene
        .problems
        .iter()
        .filter(|problem| overlaps(problem.span))
    {
        let mut bound = HashMap::new();
        for goal in &problem.goals {
            names.insert(key(goal.span), (TokenKind::Goal, true));
            bound.insert(key(goal.span), TokenKind::Goal);
        }
        for binder in problem.steps.iter().flat_map(|step| &step.binders) {
            if binder.name.is_some() {
                let kind = if binder.goal.is_some() {
                    TokenKind::Goal
                } else {
                    TokenKind::Step
                };
                names.insert(key(binder.span), (kind, true));
                bound.insert(key(binder.span), kind);
            }
        }
        for (used, binding) in &problem.local_uses {
            let kind = bound
                .get(&key(*binding))
                .copied()
                .unwrap_or(TokenKind::Step);
            names.insert(key(*used), (kind, false));
        }
    }
    for puzzle in &scene.puzzles {
        for node in &puzzle.nodes {
            names.insert(key(node.span), (TokenKind::Node, true));
        }
    }
    for item in &analysis.file().items {
        let name = match &item.kind {
            ItemKind::Solve(block) => block.name.as_ref(),
            ItemKind::Planar(block) => block.name.as_ref(),
            _ => None,
        };
        if let Some(name) = name {
            names.insert(key(name.span), (TokenKind::Block, true));
        }
    }
    names.map
}

/// Classified names, kept only inside `within`.
struct Named {
    map: HashMap<(usize, usize), (TokenKind, bool)>,
    within: Span,
}

impl Named {
    fn insert(&mut self, key: (usize, usize), value: (TokenKind, bool)) {
        if inside(Span::new(key.0, key.1), self.within) {
            self.map.insert(key, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn kinds(text: &str) -> Vec<(&str, TokenKind, bool)> {
        let analysis = analyze(text);
        semantic_tokens(&analysis, text)
            .into_iter()
            .map(|token| {
                (
                    &text[token.span.start..token.span.end],
                    token.kind,
                    token.declaration,
                )
            })
            .collect()
    }

    /// The kinds a word's tokens got, in order.
    fn kinds_of(found: &[(&str, TokenKind, bool)], word: &str) -> Vec<(TokenKind, bool)> {
        found
            .iter()
            .filter(|(text, ..)| *text == word)
            .map(|(_, kind, declaration)| (*kind, *declaration))
            .collect()
    }

    #[test]
    fn names_are_told_apart_by_what_they_are() {
        let text = "// two points\npoint A = (0, 0)\npoint B = (1, 0)\nlet r = dist(A, B)\ncircle k = circle(A, B)\nsolve s {\n  goal M = midpoint(A, B)\n  c = circle(B, A)\n  P, Q = k & c\n  l = line(P, Q)\n  m = line(A, B)\n  M = l & m\n}\n";
        let found = kinds(text);
        let of = |word: &str| kinds_of(&found, word);
        assert_eq!(found[0], ("// two points", TokenKind::Comment, false));
        assert_eq!(of("A")[0], (TokenKind::Parameter, true));
        assert!(of("A")[1..]
            .iter()
            .all(|&(kind, decl)| kind == TokenKind::Parameter && !decl));
        assert_eq!(of("r"), [(TokenKind::Value, true)]);
        assert_eq!(of("dist"), [(TokenKind::Function, false)]);
        assert_eq!(of("midpoint"), [(TokenKind::Function, false)]);
        assert_eq!(
            of("k"),
            [(TokenKind::Setup, true), (TokenKind::Setup, false)]
        );
        assert_eq!(of("s"), [(TokenKind::Block, true)]);
        assert_eq!(of("M"), [(TokenKind::Goal, true), (TokenKind::Goal, true)]);
        assert_eq!(of("l"), [(TokenKind::Step, true), (TokenKind::Step, false)]);
        assert_eq!(of("P"), [(TokenKind::Step, true), (TokenKind::Step, false)]);
        assert_eq!(of("c"), [(TokenKind::Step, true), (TokenKind::Step, false)]);
        assert_eq!(of("solve"), [(TokenKind::Keyword, false)]);
        assert_eq!(
            of("circle"),
            [
                (TokenKind::Keyword, false),
                (TokenKind::Function, false),
                (TokenKind::Function, false)
            ],
            "`circle k` declares; `circle(…)` calls"
        );
        assert_eq!(of("line"), [(TokenKind::Function, false); 2]);
        assert_eq!(of("&"), [(TokenKind::Operator, false); 2]);
        assert_eq!(of("0")[0], (TokenKind::Number, false));
    }

    #[test]
    fn words_that_are_keywords_where_they_stand() {
        let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  tools perpendicular drop\n  count l\n  goal M = midpoint(A, B)\n}\nplanar p {\n  level 2\n  seed 5\n  node a = (0, 0)\n  node b = (1, 1)\n  edge a - b\n}\n";
        let found = kinds(text);
        let of = |word: &str| kinds_of(&found, word);
        for keyword in ["tools", "count", "level", "seed", "edge", "drop", "l"] {
            assert_eq!(of(keyword), [(TokenKind::Keyword, false)], "{keyword}");
        }
        assert_eq!(of("node"), [(TokenKind::Keyword, false); 2]);
        assert_eq!(of("perpendicular"), [(TokenKind::Function, false)]);
        assert_eq!(of("a"), [(TokenKind::Node, true), (TokenKind::Node, false)]);
        assert_eq!(of("b"), [(TokenKind::Node, true), (TokenKind::Node, false)]);
    }

    #[test]
    fn tokens_are_in_order_and_never_overlap() {
        for text in [
            "point A = (0, 0) // end\n// only\n",
            "let a = 2e3 + 90deg // x // y\npoint B = (a, 1)",
            "solve { goal X = unknown(1) }\n",
            "planar p {\n  a = (0, 0)\n  b = (1, 1)\n  a - b\n}\n",
        ] {
            let analysis = analyze(text);
            let tokens = semantic_tokens(&analysis, text);
            for pair in tokens.windows(2) {
                assert!(pair[0].span.end <= pair[1].span.start, "{text:?}: {pair:?}");
            }
            assert!(tokens.iter().all(|token| token.span.start < token.span.end));
        }
    }
}
