//! A `planar` block → `Puzzle`: nodes with positions, links by node index,
//! level and seed; every mistake in the block is a diagnostic.

use super::build_problem::block_header;
use super::constant::{evaluate_constant, evaluate_constant_in};
use super::lower::closest;
use super::types::Value;
use super::Scene;
use crate::diag::Diagnostic;
use crate::geom::Point;
use crate::parse::ast::{Edge, Expr, Name, PlanarBlock, PlanarItemKind};
use crate::span::{Shift, Span};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub name: String,
    pub span: Span,
    pub header_span: Span,
    pub level: Option<u32>,
    pub seed: Option<u64>,
    pub nodes: Vec<PuzzleNode>,
    /// Links by node index, each with the span of its `a - b`.
    pub links: Vec<(usize, usize)>,
    pub link_spans: Vec<Span>,
    /// False when a node or link did not resolve: crossings are not checked.
    pub complete: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleNode {
    pub name: String,
    pub span: Span,
    /// The position expression, what untangling rewrites.
    pub value_span: Span,
    pub position: Point,
}

impl Shift for Puzzle {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        self.header_span.shift_after(from, delta);
        self.link_spans.shift_after(from, delta);
        for node in &mut self.nodes {
            node.span.shift_after(from, delta);
            node.value_span.shift_after(from, delta);
        }
    }
}

impl Puzzle {
    pub fn positions(&self) -> Vec<Point> {
        self.nodes.iter().map(|node| node.position).collect()
    }

    pub fn link_name(&self, link: usize) -> String {
        let (a, b) = self.links[link];
        format!("{}-{}", self.nodes[a].name, self.nodes[b].name)
    }
}

pub(super) fn resolve_puzzle(
    block: &PlanarBlock,
    span: Span,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Puzzle {
    let (name, header_span) = block_header(&block.name, block.keyword_span, "planar");
    let mut puzzle = Puzzle {
        name,
        span,
        header_span,
        level: None,
        seed: None,
        nodes: Vec::new(),
        links: Vec::new(),
        link_spans: Vec::new(),
        complete: true,
    };
    let mut by_name: HashMap<String, usize> = HashMap::new();
    // Each link listed so far, by its ends in order, with its place in
    // `puzzle.links`: a repeated link is found in constant time, not by a
    // search of every link before it (100,000 links took 3 s that way).
    let mut listed: HashMap<(usize, usize), usize> = HashMap::new();
    let mut level_span: Option<Span> = None;
    let mut seed_span: Option<Span> = None;
    for item in &block.items {
        match &item.kind {
            PlanarItemKind::Level(value) | PlanarItemKind::Seed(value) => {
                let is_level = matches!(item.kind, PlanarItemKind::Level(_));
                let (word, previous) = if is_level {
                    ("level", &mut level_span)
                } else {
                    ("seed", &mut seed_span)
                };
                let Some(number) =
                    once_whole_number(word, previous, item.span, value, scene, diagnostics)
                else {
                    continue;
                };
                if is_level {
                    puzzle.level = Some(number.min(u64::from(u32::MAX)) as u32);
                } else {
                    puzzle.seed = Some(number);
                }
            }
            PlanarItemKind::Node { name, value } => {
                resolve_node(name, value, &mut by_name, &mut puzzle, scene, diagnostics);
            }
            PlanarItemKind::Edges(edges) => {
                let known = Known {
                    by_name: &by_name,
                    listed: &mut listed,
                };
                resolve_edges(edges, known, &mut puzzle, diagnostics);
            }
            PlanarItemKind::Error => puzzle.complete = false,
        }
    }
    puzzle
}

/// The number of a `level` or `seed` line, which a block has at most once
/// (`previous`: where the first one is).
fn once_whole_number(
    word: &str,
    previous: &mut Option<Span>,
    line: Span,
    value: &Expr,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<u64> {
    if let Some(first) = previous {
        diagnostics.push(
            Diagnostic::error(
                "E0502",
                line,
                format!("a second `{word}` line in the same block"),
            )
            .with_label(*first, "the first one"),
        );
        return None;
    }
    *previous = Some(line);
    whole_number(value, word, scene, diagnostics)
}

/// A `node` line: a new name at a constant point.
fn resolve_node(
    name: &Name,
    value: &Expr,
    by_name: &mut HashMap<String, usize>,
    puzzle: &mut Puzzle,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(&first) = by_name.get(&name.text) {
        diagnostics.push(
            Diagnostic::error(
                "E0102",
                name.span,
                format!("node `{}` is declared twice", name.text),
            )
            .with_label(puzzle.nodes[first].span, "first declared here"),
        );
        puzzle.complete = false;
        return;
    }
    let Some(position) = point_value(value, scene, diagnostics) else {
        puzzle.complete = false;
        return;
    };
    by_name.insert(name.text.clone(), puzzle.nodes.len());
    puzzle.nodes.push(PuzzleNode {
        name: name.text.clone(),
        span: name.span,
        value_span: value.span,
        position,
    });
}

/// What an `edges` line is resolved against: the nodes declared so far by
/// name, and the links listed so far by their ends (lower first).
struct Known<'a> {
    by_name: &'a HashMap<String, usize>,
    listed: &'a mut HashMap<(usize, usize), usize>,
}

/// An `edges` line: each `a - b` joins two different declared nodes, once.
fn resolve_edges(
    edges: &[Edge],
    known: Known,
    puzzle: &mut Puzzle,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for edge in edges {
        let ends: Vec<Option<usize>> = [&edge.from, &edge.to]
            .iter()
            .map(|end| {
                let found = known.by_name.get(&end.text).copied();
                if found.is_none() {
                    let names: Vec<String> = known.by_name.keys().cloned().collect();
                    let mut diagnostic = Diagnostic::error(
                        "E0601",
                        end.span,
                        format!("unknown node `{}`", end.text),
                    );
                    diagnostic = match closest(&end.text, &names) {
                        Some(close) => diagnostic.did_you_mean(end.span, close),
                        None => diagnostic.with_help(
                            "declare nodes before the edges that use them: `node a = (0, 0)`",
                        ),
                    };
                    diagnostics.push(diagnostic);
                }
                found
            })
            .collect();
        let (Some(a), Some(b)) = (ends[0], ends[1]) else {
            puzzle.complete = false;
            continue;
        };
        if a == b {
            diagnostics.push(
                Diagnostic::error(
                    "E0603",
                    edge.span,
                    format!("edge `{}` joins a node to itself", edge.from.text),
                )
                .with_help("an edge joins two different nodes"),
            );
            puzzle.complete = false;
            continue;
        }
        if let Some(&first) = known.listed.get(&(a.min(b), a.max(b))) {
            diagnostics.push(
                Diagnostic::error(
                    "E0602",
                    edge.span,
                    format!("edge `{}-{}` is listed twice", edge.from.text, edge.to.text),
                )
                .with_label(puzzle.link_spans[first], "first listed here"),
            );
            continue;
        }
        known
            .listed
            .insert((a.min(b), a.max(b)), puzzle.links.len());
        puzzle.links.push((a, b));
        puzzle.link_spans.push(edge.span);
    }
}

/// A node's position evaluated again after an edit of its line alone
/// (`crate::incremental::node`): `None` when the value does not evaluate
/// cleanly to a point, or reads a name (the scene's uses of names would
/// change with it).
pub(crate) fn node_position_again(value: &Expr, scene: &Scene) -> Option<Point> {
    let mut diagnostics = Vec::new();
    let mut uses = Vec::new();
    let value = evaluate_constant_in(value, scene, &mut diagnostics, &mut uses);
    match value {
        Some(Value::Point(point)) if diagnostics.is_empty() && uses.is_empty() => Some(point),
        _ => None,
    }
}

fn point_value(expr: &Expr, scene: &mut Scene, diagnostics: &mut Vec<Diagnostic>) -> Option<Point> {
    match evaluate_constant(expr, scene, diagnostics)? {
        Value::Point(point) => Some(point),
        other => {
            let ty = other.ty();
            diagnostics.push(
                Diagnostic::error(
                    "E0201",
                    expr.span,
                    format!("a node's position is a point, not a {ty}"),
                )
                .with_help("write `node a = (1.5, -2)`"),
            );
            None
        }
    }
}

fn whole_number(
    expr: &Expr,
    word: &str,
    scene: &mut Scene,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<u64> {
    match evaluate_constant(expr, scene, diagnostics)? {
        Value::Number(number) if number >= 0.0 && number.fract() == 0.0 && number < 1e15 => {
            Some(number as u64)
        }
        _ => {
            diagnostics.push(Diagnostic::error(
                "E0604",
                expr.span,
                format!("`{word}` is a whole number, 0 or more"),
            ));
            None
        }
    }
}
