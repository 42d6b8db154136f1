//! Completion: names in scope with their types, keywords, functions, mask
//! tokens, and the tools of your own a step may use.

use super::block_at;
use crate::analysis::Analysis;
use crate::parse::ast::{ItemKind, MaskToken};
use crate::resolve::types::{builtin_doc, Type, BUILTINS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Name,
    Keyword,
    Function,
    MaskToken,
    /// A whole form to fill in: a block, a step's right side.
    Snippet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub detail: String,
    pub kind: CompletionKind,
    /// What to insert, as an LSP snippet (`circle(${1:C}, ${2:P})`), when
    /// not the label itself.
    pub snippet: Option<String>,
    /// Lower comes first: what fits the place best.
    pub rank: u8,
}

impl Completion {
    fn new(label: impl Into<String>, detail: impl Into<String>, kind: CompletionKind) -> Self {
        Completion {
            label: label.into(),
            detail: detail.into(),
            kind,
            snippet: None,
            rank: 5,
        }
    }

    fn snippet(mut self, snippet: impl Into<String>) -> Self {
        self.snippet = Some(snippet.into());
        self
    }

    fn rank(mut self, rank: u8) -> Self {
        self.rank = rank;
        self
    }
}

/// The most items one answer holds; beyond it the list is incomplete and
/// the editor asks again as the word grows (docs/design.md, "Cost at any
/// size").
pub const MOST: usize = 100;

/// What completion offers at a place, best first, at most `MOST`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionList {
    pub items: Vec<Completion>,
    /// More would have fitted: the editor asks again as the user types.
    pub incomplete: bool,
}

const TOP_LEVEL: &[(&str, &str)] = &[
    ("let", "a helper value: `let r = 2`"),
    (
        "const",
        "a value random instances never move: `const phi = (sqrt(5) - 1) / 2`",
    ),
    ("point", "a given point: `point A = (0, 0)`"),
    ("line", "a line drawn at the start: `line l = line(A, B)`"),
    (
        "segment",
        "a segment drawn at the start: `segment s = segment(A, B)`",
    ),
    ("ray", "a ray drawn at the start: `ray r = ray(A, B)`"),
    (
        "circle",
        "a circle drawn at the start: `circle k = circle(O, 1)`",
    ),
    ("solve", "a problem: `solve name { goal … }`"),
    ("planar", "a Planarity puzzle"),
    (
        "tool",
        "a tool of your own: `tool name(P = (0, 0), …) -> R { … }`",
    ),
    (
        "use",
        "the tools of another file: `use \"lib/triangles.euc\"` or `use std`",
    ),
];

/// Top-level forms written whole.
const TOP_LEVEL_SNIPPETS: &[(&str, &str, &str)] = &[
    (
        "solve",
        "a problem with its goal, to construct",
        "solve ${1:name} {\n  goal ${2:M} = ${3:midpoint(A, B)}\n  $0\n}",
    ),
    (
        "planar",
        "a Planarity puzzle",
        "planar ${1:name} {\n  node ${2:a} = (${3:0}, ${4:0})\n  $0\n}",
    ),
    ("point", "a given point", "point ${1:A} = (${2:0}, ${3:0})"),
];

const IN_BLOCK: &[(&str, &str)] = &[
    ("goal", "`goal M = midpoint(A, B)`"),
    ("mask", "`mask circle**`"),
    ("ignore", "`ignore min 0.01 max 10`"),
    ("verify", "`verify a = 100deg`"),
    (
        "tools",
        "the L-tools allowed: `tools perp_bisector, perpendicular, parallel, angle_bisector, compass`",
    ),
    ("count", "what the solver minimises: `count l` or `count e`"),
    ("stars", "the level's stars: `stars e 4 l 2`"),
];

const IN_PLANAR: &[(&str, &str)] = &[
    ("node", "`node a = (0, 0)`"),
    ("edge", "`edge a - b, b - c`"),
    ("level", "`level 3`"),
    ("seed", "`seed 0`"),
];

/// What completion offers at `offset`, all of it (tests and tools read it
/// whole; the language server takes `completion_list`).
pub fn completions(analysis: &Analysis, text: &str, offset: usize) -> Vec<Completion> {
    completion_list(analysis, text, offset).items
}

/// What fits at `offset` (docs/language.md; README, "Editors"): after a
/// space, only what may follow there (nothing after a finished name or
/// value, nothing while a name is being declared); after `name =` in a
/// block the forms of a step; in a call's arguments the names of the
/// types it takes first; the word being typed filters and ranks the rest.
pub fn completion_list(analysis: &Analysis, text: &str, offset: usize) -> CompletionList {
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return CompletionList {
            items: Vec::new(),
            incomplete: false,
        };
    }
    let place = Place::at(text, offset);
    let items = offered(analysis, &place, offset);
    let mut fitting: Vec<Completion> = items
        .into_iter()
        .filter_map(|item| place.score(item))
        .collect();
    fitting.sort_by(|a, b| a.rank.cmp(&b.rank).then_with(|| a.label.cmp(&b.label)));
    fitting.dedup_by(|a, b| a.label == b.label && a.kind == b.kind);
    let incomplete = fitting.len() > MOST;
    fitting.truncate(MOST);
    CompletionList {
        items: fitting,
        incomplete,
    }
}

/// Where the cursor is on its line.
struct Place<'t> {
    /// The line up to the word being typed, without its indent.
    before: &'t str,
    /// The word being typed (letters, digits, `_`), maybe empty.
    word: &'t str,
}

impl<'t> Place<'t> {
    fn at(text: &'t str, offset: usize) -> Place<'t> {
        let line_start = text[..offset].rfind('\n').map_or(0, |index| index + 1);
        let line = &text[line_start..offset];
        let word_start = line
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(line.len(), |(at, _)| at);
        Place {
            before: line[..word_start].trim_start(),
            word: &line[word_start..],
        }
    }

    /// The item if the word being typed could become it (its letters in
    /// order), ranked: a label the word starts first.
    fn score(&self, mut item: Completion) -> Option<Completion> {
        if self.word.is_empty() {
            return Some(item);
        }
        let word = self.word.to_lowercase();
        let label = item.label.to_lowercase();
        if label.starts_with(&word) {
            return Some(item);
        }
        let mut letters = label.chars();
        word.chars().all(|c| letters.any(|l| l == c)).then(|| {
            item.rank += 10;
            item
        })
    }

    /// The line's text before the cursor, without a trailing space.
    fn last(&self) -> Option<char> {
        self.before.trim_end().chars().last()
    }
}

/// What is offered at the place, before the word filters it.
fn offered(analysis: &Analysis, place: &Place<'_>, offset: usize) -> Vec<Completion> {
    let before = place.before;
    if before.contains("//") {
        return Vec::new();
    }
    let block = block_at(analysis, offset)
        .filter(|&block| analysis.scene().problems[block].span.start < offset);
    let first_word = before
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    if first_word == "mask" {
        return mask_tokens();
    }
    if first_word == "tools" {
        return tools_line(analysis);
    }
    if before.is_empty() {
        return line_starts(analysis, block, offset);
    }
    if declaring(before) {
        // A name being declared: only `=` may follow.
        return Vec::new();
    }
    let spaced = before.ends_with([' ', '\t']);
    match place.last() {
        // A step's right side, or an expression's start.
        Some('=')
            if (block.is_some() || tool_around(analysis, offset).is_some())
                && !["goal", "verify", "let", "const", "point"].contains(&first_word) =>
        {
            step_forms(analysis, block, offset)
        }
        Some('=' | '(' | ',' | '+' | '-' | '*' | '/' | '&' | '|') => {
            expression(analysis, block, offset, call_argument(analysis, offset))
        }
        // After a finished name, number or `)`: an operator, not a name.
        _ if spaced || place.word.is_empty() => Vec::new(),
        _ => expression(analysis, block, offset, None),
    }
}

/// `let a `, `point P`, `c9 `, `goal M `: a name being declared, before
/// its `=`.
fn declaring(before: &str) -> bool {
    let words: Vec<&str> = before.split_whitespace().collect();
    let name = |word: &str| word.chars().all(|c| c.is_alphanumeric() || c == '_');
    let declares = [
        "let", "const", "point", "line", "segment", "ray", "circle", "goal", "node",
    ];
    match words.as_slice() {
        [keyword, binder] => declares.contains(keyword) && name(binder),
        [binder] => name(binder) && before.ends_with([' ', '\t']),
        _ => false,
    }
}

fn mask_tokens() -> Vec<Completion> {
    [
        MaskToken::Line,
        MaskToken::Circle,
        MaskToken::Any,
        MaskToken::Lines,
        MaskToken::Circles,
        MaskToken::All,
    ]
    .into_iter()
    .chain(crate::parse::ast::Tool::ALL.map(MaskToken::Tool))
    .enumerate()
    .map(|(order, token)| {
        Completion::new(token.text(), "mask part", CompletionKind::MaskToken).rank(order as u8)
    })
    .collect()
}

/// The start of a line: the keywords of the place, the forms a new block
/// or declaration takes, and in a block the goals still to bind.
fn line_starts(analysis: &Analysis, block: Option<usize>, offset: usize) -> Vec<Completion> {
    let keyword = |(label, detail): &(&str, &str)| {
        Completion::new(*label, *detail, CompletionKind::Keyword).rank(2)
    };
    if inside_planar(analysis, offset) {
        return IN_PLANAR.iter().map(keyword).collect();
    }
    let Some(block) = block else {
        if tool_around(analysis, offset).is_some() {
            return Vec::new();
        }
        let mut items: Vec<Completion> = TOP_LEVEL.iter().map(keyword).collect();
        items.extend(TOP_LEVEL_SNIPPETS.iter().map(|(label, detail, body)| {
            Completion::new(*label, *detail, CompletionKind::Snippet)
                .snippet(*body)
                .rank(1)
        }));
        return items;
    };
    let mut items: Vec<Completion> = IN_BLOCK.iter().map(keyword).collect();
    let problem = &analysis.scene().problems[block];
    let bound = problem.bound_names();
    for goal in &problem.goals {
        if !bound.contains(&goal.name.as_str()) {
            items.push(
                Completion::new(
                    goal.name.clone(),
                    "goal, not yet bound",
                    CompletionKind::Name,
                )
                .rank(0),
            );
        }
    }
    items
}

/// After `name =` in a block: the forms of a step (lines, circles, the
/// L-tools and tools of your own the block allows, crossings), then the
/// names a crossing `a & b` takes.
fn step_forms(analysis: &Analysis, block: Option<usize>, offset: usize) -> Vec<Completion> {
    let mut items = vec![
        Completion::new(
            "circle",
            "a circle: centre and a point on it",
            CompletionKind::Snippet,
        )
        .snippet("circle(${1:C}, ${2:P})")
        .rank(0),
        Completion::new(
            "line",
            "the line through two points",
            CompletionKind::Snippet,
        )
        .snippet("line(${1:A}, ${2:B})")
        .rank(0),
        Completion::new(
            "segment",
            "the segment between two points",
            CompletionKind::Snippet,
        )
        .snippet("segment(${1:A}, ${2:B})")
        .rank(1),
        Completion::new(
            "ray",
            "the ray from a point through another",
            CompletionKind::Snippet,
        )
        .snippet("ray(${1:A}, ${2:B})")
        .rank(1),
        Completion::new(
            "a & b",
            "where two lines or circles cross",
            CompletionKind::Snippet,
        )
        .snippet("${1:a} & ${2:b}")
        .rank(1),
    ];
    let allowed = block.map(|block| &analysis.scene().problems[block].tools);
    for tool in crate::parse::ast::Tool::ALL {
        let usage = tool.usage();
        let snippet = placeholders(usage);
        let detail = format!("L-tool: 1 L, {} E", tool.e_cost());
        let rank = if allowed.is_some_and(|allowed| allowed.contains(&tool)) {
            0
        } else {
            3
        };
        items.push(
            Completion::new(tool.name(), detail, CompletionKind::Function)
                .snippet(snippet)
                .rank(rank),
        );
    }
    match tool_around(analysis, offset) {
        Some(name) => items.extend(user_tools(analysis, Some(name))),
        None => items.extend(user_tools(analysis, None)),
    }
    items.extend(
        names(analysis, block, offset)
            .into_iter()
            .filter(|(_, ty, _)| {
                matches!(
                    ty,
                    Some(Type::Line | Type::Circle | Type::Segment | Type::Ray)
                )
            })
            .map(|(name, ty, what)| name_item(name, ty, what, 2)),
    );
    items
}

/// `perp_bisector(A, B)` as a snippet: each argument a placeholder.
fn placeholders(usage: &str) -> String {
    let Some((name, arguments)) = usage.split_once('(') else {
        return usage.to_string();
    };
    let arguments = arguments.trim_end_matches(')');
    let filled: Vec<String> = arguments
        .split(',')
        .enumerate()
        .map(|(index, argument)| format!("${{{}:{}}}", index + 1, argument.trim()))
        .collect();
    format!("{name}({})", filled.join(", "))
}

/// An expression: the names in scope (those of the type `wanted` first),
/// the functions (those giving `wanted` first), `pi`.
fn expression(
    analysis: &Analysis,
    block: Option<usize>,
    offset: usize,
    wanted: Option<Vec<Type>>,
) -> Vec<Completion> {
    let fits = |ty: Option<Type>| match (&wanted, ty) {
        (Some(wanted), Some(ty)) => wanted.contains(&ty),
        (Some(_), None) => false,
        (None, _) => true,
    };
    let mut items: Vec<Completion> = names(analysis, block, offset)
        .into_iter()
        .map(|(name, ty, what)| {
            let rank = if fits(ty) { 0 } else { 3 } + u8::from(what == "step" || what == "goal");
            name_item(name, ty, what, rank)
        })
        .collect();
    let mut seen = Vec::new();
    for (name, _, result, _) in BUILTINS {
        if seen.contains(name) {
            continue;
        }
        seen.push(name);
        let rank = if fits(Some(*result)) { 2 } else { 4 };
        items.push(
            Completion::new(
                *name,
                builtin_doc(name).unwrap_or_default(),
                CompletionKind::Function,
            )
            .rank(rank),
        );
    }
    items.push(Completion::new("pi", "3.14159…", CompletionKind::Name).rank(4));
    items
}

fn name_item(name: String, ty: Option<Type>, what: &str, rank: u8) -> Completion {
    let ty = ty.map_or("?".to_string(), |ty| ty.to_string());
    Completion::new(name, format!("{ty} ({what})"), CompletionKind::Name).rank(rank)
}

/// The names in scope at `offset`: the top level's, and in a block the
/// names its steps bound above the line (not the step being written).
fn names(
    analysis: &Analysis,
    block: Option<usize>,
    offset: usize,
) -> Vec<(String, Option<Type>, &'static str)> {
    let mut names: Vec<(String, Option<Type>, &'static str)> = analysis
        .scene()
        .symbols
        .iter()
        .map(|symbol| (symbol.name.clone(), symbol.ty, symbol.kind.keyword()))
        .collect();
    if let Some(block) = block {
        let problem = &analysis.scene().problems[block];
        for step in problem.steps.iter().filter(|step| step.span.end < offset) {
            for binder in &step.binders {
                if let Some(name) = &binder.name {
                    let what = if binder.goal.is_some() {
                        "goal"
                    } else {
                        "step"
                    };
                    names.push((name.clone(), Some(binder.ty), what));
                }
            }
        }
    }
    names
}

/// The types the argument at `offset` takes, when it is a built-in
/// function's argument (of any of its overloads).
fn call_argument(analysis: &Analysis, offset: usize) -> Option<Vec<Type>> {
    let help = super::signature::signature_help(analysis, offset)?;
    let name = help
        .signatures
        .first()?
        .label
        .split('(')
        .next()?
        .to_string();
    let types: Vec<Type> = BUILTINS
        .iter()
        .filter(|(builtin, ..)| *builtin == name)
        .filter_map(|(_, parameters, ..)| parameters.get(help.active_parameter).copied())
        .collect();
    (!types.is_empty()).then_some(types)
}

/// What a `tools` line may name: the L-tools, `drop`, and the tools of your
/// own.
fn tools_line(analysis: &Analysis) -> Vec<Completion> {
    let own = user_tools(analysis, None);
    crate::parse::ast::Tool::ALL
        .iter()
        .map(|tool| {
            Completion::new(
                tool.name(),
                format!("L-tool: 1 L, {} E", tool.e_cost()),
                CompletionKind::MaskToken,
            )
        })
        .chain(std::iter::once(Completion::new(
            "drop",
            "the solver may drop points on lines and circles it draws (no move)",
            CompletionKind::MaskToken,
        )))
        .chain(own)
        .collect()
}

/// The usable tools of your own, own and brought in, with their
/// signatures, but for the one called `except` (a body cannot use its own
/// tool).
fn user_tools(analysis: &Analysis, except: Option<&str>) -> Vec<Completion> {
    analysis
        .scene()
        .tools
        .iter()
        .filter(|tool| Some(tool.name.as_str()) != except)
        .map(|tool| {
            Completion::new(
                tool.name.clone(),
                format!(
                    "{}: 1 L, {} E{}",
                    tool.signature(),
                    tool.e_cost,
                    tool.from
                        .as_ref()
                        .map_or(String::new(), |path| format!(", from `{path}`"))
                ),
                CompletionKind::Function,
            )
            .rank(1)
        })
        .collect()
}

/// The name of the tool definition whose body holds `offset`.
fn tool_around(analysis: &Analysis, offset: usize) -> Option<&str> {
    analysis
        .file()
        .items
        .iter()
        .find_map(|item| match &item.kind {
            ItemKind::Tool(definition)
                if definition.body_span.start <= offset && offset <= definition.body_span.end =>
            {
                Some(definition.name.text.as_str())
            }
            _ => None,
        })
}

fn inside_planar(analysis: &Analysis, offset: usize) -> bool {
    analysis.file().items.iter().any(|item| {
        matches!(item.kind, ItemKind::Planar(_))
            && item.span.start < offset
            && item.span.contains(offset)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    const TOOLS: &str = "tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n\
        tool twice(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> G {\n  G = foot(P, l)\n}\npoint X = (1, 3)\n";

    /// The tools of your own offered where `$0` is, with their details.
    fn offered(fixture: &str) -> Vec<(String, String)> {
        let offset = fixture.find("$0").unwrap();
        let text = fixture.replacen("$0", "", 1);
        completions(&analyze(&text), &text, offset)
            .into_iter()
            .filter(|item| item.label == "foot" || item.label == "twice")
            .map(|item| (item.label, item.detail))
            .collect()
    }

    /// The labels offered where `$0` is, best first.
    fn labels(fixture: &str) -> Vec<String> {
        let offset = fixture.find("$0").unwrap();
        let text = fixture.replacen("$0", "", 1);
        completions(&analyze(&text), &text, offset)
            .into_iter()
            .map(|item| item.label)
            .collect()
    }

    const FILE: &str = "point A = (0, 0)\npoint B = (1, 0)\nlet r = 2\n";

    #[test]
    fn nothing_after_a_finished_name_or_while_a_name_is_declared() {
        // Only an operator or a line break may follow: Enter stays a line break.
        assert_eq!(labels(&format!("{FILE}let d = r $0")), Vec::<String>::new());
        assert_eq!(labels(&format!("{FILE}let d $0")), Vec::<String>::new());
        assert_eq!(labels(&format!("{FILE}point C$0")), Vec::<String>::new());
        let block = format!("{FILE}solve s {{\n  goal M = midpoint(A, B)\n  c9 $0\n}}\n");
        assert_eq!(labels(&block), Vec::<String>::new());
        assert_eq!(
            labels(&format!("{FILE}// a comment $0")),
            Vec::<String>::new()
        );
    }

    #[test]
    fn after_a_steps_equals_sign_the_forms_of_a_step_come_first() {
        let block = format!(
            "{FILE}solve s {{\n  goal M = midpoint(A, B)\n  tools perp_bisector\n  c1 = circle(A, B)\n  c9 = $0\n}}\n"
        );
        let offered = labels(&block);
        let first: Vec<&str> = offered.iter().take(4).map(String::as_str).collect();
        assert_eq!(first, ["circle", "line", "perp_bisector", "a & b"]);
        // A crossing's operands: the block's circle, not its points.
        assert!(offered.contains(&"c1".to_string()));
        assert!(!offered.contains(&"A".to_string()));
        let offset = block.find("$0").unwrap();
        let text = block.replacen("$0", "", 1);
        let circle = completions(&analyze(&text), &text, offset)
            .into_iter()
            .find(|item| item.label == "circle")
            .unwrap();
        assert_eq!(circle.snippet.as_deref(), Some("circle(${1:C}, ${2:P})"));
    }

    #[test]
    fn in_an_argument_the_names_of_its_type_come_first() {
        let offered = labels(&format!("{FILE}let d = dist($0"));
        assert_eq!(&offered[..2], ["A", "B"]);
        let numbers = labels(&format!("{FILE}let d = sqrt($0"));
        assert_eq!(numbers[0], "r");
    }

    #[test]
    fn the_word_typed_filters_and_a_long_list_is_capped() {
        assert_eq!(labels(&format!("{FILE}let d = mid$0")), ["midpoint"]);
        let mut many = String::from(FILE);
        for index in 0..300 {
            many.push_str(&format!("let v{index} = {index}\n"));
        }
        let offset = many.len() + "let d = v".len();
        let text = format!("{many}let d = v\n");
        let list = completion_list(&analyze(&text), &text, offset);
        assert_eq!(list.items.len(), MOST);
        assert!(list.incomplete);
        let exact = completion_list(&analyze(&text), &text, offset);
        assert!(exact.items.iter().all(|item| item.label.starts_with('v')));
    }

    #[test]
    fn line_starts_offer_keywords_and_whole_blocks() {
        let top = labels(&format!("{FILE}$0"));
        assert!(top.contains(&"solve".to_string()) && !top.contains(&"goal".to_string()));
        let block = labels(&format!(
            "{FILE}solve s {{\n  goal M = midpoint(A, B)\n  $0\n}}\n"
        ));
        // The goal still to bind comes first, then the block's keywords.
        assert_eq!(block[0], "M");
        assert!(block.contains(&"goal".to_string()) && !block.contains(&"A".to_string()));
        let planar = labels("planar p {\n  node a = (0, 0)\n  $0\n}\n");
        assert!(planar.contains(&"edge".to_string()) && !planar.contains(&"goal".to_string()));
    }

    #[test]
    fn tools_of_your_own_are_offered_where_a_step_may_use_them() {
        let on_tools_line = offered(&format!("{TOOLS}solve s {{\n  tools $0\n}}\n"));
        assert_eq!(
            on_tools_line,
            [
                (
                    "foot".to_string(),
                    "foot(point P, line l) -> point F: 1 L, 3 E".to_string()
                ),
                (
                    "twice".to_string(),
                    "twice(point P, line l) -> point G: 1 L, 3 E".to_string()
                )
            ]
        );
        let in_step = offered(&format!("{TOOLS}solve s {{\n  tools foot\n  F = $0\n}}\n"));
        assert_eq!(in_step.len(), 2);
        // In a body: the other tools, not the tool itself.
        let in_body = TOOLS.replacen("  G = foot", "  G = $0foot", 1);
        let names: Vec<String> = offered(&in_body).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["foot"]);
        // Not in an expression at the top level.
        assert_eq!(offered(&format!("{TOOLS}let d = $0")), []);
    }
}
