//! The chumsky grammar: tokens → syntax tree, recovering at line and block
//! boundaries so that each independent mistake is reported once.
//! grammar/euc.ebnf is the same grammar written down; keep the two in step.

use super::ast::*;
use crate::lex::Token;
use crate::span::Span;
use chumsky::input::ValueInput;
use chumsky::prelude::*;

pub type ParseError<'t, 's> = Rich<'t, Token<'s>>;
type Extra<'t, 's> = extra::Err<ParseError<'t, 's>>;

pub fn source_file<'t, 's: 't, I>() -> impl Parser<'t, I, SourceFile, Extra<'t, 's>>
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let item = choice((
        decl().map(ItemKind::Decl),
        solve_block().map(ItemKind::Solve),
        planar_block().map(ItemKind::Planar),
        tool_def().map(ItemKind::Tool),
        use_line().map(ItemKind::Use),
    ))
    .then_ignore(statement_end())
    .map_with(|kind, e| Item {
        kind,
        span: span_of(e.span()),
    })
    .recover_with(via_parser(
        decl_keyword()
            .then(name())
            .then_ignore(junk_line(false).or_not())
            .map(Some)
            .or(junk_line(false).to(None))
            .map_with(|declares, e| Item {
                kind: ItemKind::Error(declares.map(|((kind, _), name)| (kind, name))),
                span: span_of(e.span()),
            }),
    ));
    statements(item)
        .then_ignore(end())
        .map(|items: Vec<Item>| SourceFile {
            items: items.into_iter().map(std::sync::Arc::new).collect(),
        })
}

/// What may follow a statement: a line break, the end of the block or of the file.
fn statement_end<'t, 's: 't, I>() -> impl Parser<'t, I, (), Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    choice((
        just(Token::Newline).ignored(),
        just(Token::RBrace).ignored(),
        end(),
    ))
    .rewind()
    .labelled("end of line")
}

/// Statements separated by line breaks, with blank lines allowed anywhere.
fn statements<'t, 's: 't, I, O>(
    statement: impl Parser<'t, I, O, Extra<'t, 's>> + Clone,
) -> impl Parser<'t, I, Vec<O>, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let newlines = just(Token::Newline).repeated();
    newlines
        .clone()
        .ignore_then(
            statement
                .separated_by(just(Token::Newline).repeated().at_least(1))
                .allow_trailing()
                .collect::<Vec<_>>(),
        )
        .then_ignore(newlines)
}

/// The rest of a line that did not parse, skipping whole `{ … }` groups so a
/// broken block header does not spill the block's lines into the outer scope.
fn junk_line<'t, 's: 't, I>(in_block: bool) -> impl Parser<'t, I, (), Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let group = recursive(|group| {
        just(Token::LBrace)
            .then(
                group
                    .or(none_of([Token::LBrace, Token::RBrace]).ignored())
                    .repeated(),
            )
            .then(just(Token::RBrace))
            .ignored()
    });
    let stop: &'static [Token<'static>] = if in_block {
        &[Token::Newline, Token::RBrace]
    } else {
        &[Token::Newline]
    };
    group.or(none_of(stop).ignored()).repeated().at_least(1)
}

fn decl<'t, 's: 't, I>() -> impl Parser<'t, I, Decl, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    decl_keyword()
        .then(binders())
        .then_ignore(just(Token::Eq))
        .then(expr())
        .map(|(((kind, keyword_span), binders), value)| Decl {
            kind,
            keyword_span,
            binders,
            value,
        })
}

fn decl_keyword<'t, 's: 't, I>() -> impl Parser<'t, I, (DeclKind, Span), Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    choice((
        just(Token::Let).to(DeclKind::Let),
        just(Token::Const).to(DeclKind::Const),
        just(Token::Point).to(DeclKind::Point),
        just(Token::Line).to(DeclKind::Line),
        just(Token::Segment).to(DeclKind::Segment),
        just(Token::Ray).to(DeclKind::Ray),
        just(Token::Circle).to(DeclKind::Circle),
    ))
    .map_with(|kind, e| (kind, span_of(e.span())))
}

fn name<'t, 's: 't, I>() -> impl Parser<'t, I, Name, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    select! { Token::Ident(text) if text != "_" => text }
        .map_with(|text, e| Name {
            text: text.to_string(),
            span: span_of(e.span()),
        })
        .labelled("name")
}

/// A contextual keyword such as `min` or `level`: an identifier with that text.
fn word<'t, 's: 't, I>(text: &'static str) -> impl Parser<'t, I, (), Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    select! { Token::Ident(found) if found == text => () }.labelled(text)
}

fn binders<'t, 's: 't, I>() -> impl Parser<'t, I, Vec<Binder>, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let wildcard =
        select! { Token::Ident("_") => () }.map_with(|_, e| Binder::Wildcard(span_of(e.span())));
    name()
        .map(Binder::Name)
        .or(wildcard)
        .labelled("name")
        .separated_by(just(Token::Comma))
        .at_least(1)
        .collect()
}

/// The error of a block whose `{` has no `}` before the file ends.
pub(super) const NEVER_CLOSED: &str = "this block is never closed: its `{` has no `}`";

fn block<'t, 's: 't, I, O>(
    statement: impl Parser<'t, I, O, Extra<'t, 's>> + Clone,
    recovery: impl Parser<'t, I, O, Extra<'t, 's>> + Clone,
) -> impl Parser<'t, I, (Vec<O>, Span, bool), Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
    O: Clone + 't,
{
    let statement = statement
        .then_ignore(statement_end())
        .recover_with(via_parser(recovery));
    // A `}` of no width is one `parse` put before the next block, for a
    // block left open above it: the block ends there, but is not closed.
    let close = just(Token::RBrace).map_with(|_, e| {
        let span: SimpleSpan = e.span();
        span.start < span.end
    });
    just(Token::LBrace)
        .map_with(|_, e| e.span())
        .then(statements(statement).map_with(|items, e| (items, span_of(e.span()))))
        .then(close.or_not())
        .validate(|((open, (items, body)), close), _, emitter| {
            if close.is_none() {
                emitter.emit(Rich::custom(open, NEVER_CLOSED));
            }
            (items, body, close == Some(true))
        })
}

/// A tool named in a mask: an L-tool, or else a tool of your own (which
/// the resolver looks up).
fn mask_tool<'t, 's: 't, I>() -> impl Parser<'t, I, Result<Tool, Name>, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    name().map(|name| Tool::from_name(&name.text).ok_or(name))
}

/// One kind of move inside a mask's `( … | … )`: a tool of your own as
/// its name.
fn mask_kind<'t, 's: 't, I>() -> impl Parser<'t, I, Result<Draw, Name>, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    choice((
        just(Token::Line).to(Ok(Draw::Line)),
        just(Token::Circle).to(Ok(Draw::Circle)),
        mask_tool().map(|tool| tool.map(Draw::Tool)),
    ))
}

/// `compass**` and `(circle | compass)**`: a `**` written right after a
/// tool or a `( … )` part (no space, as in `line**`) makes it a generator;
/// with a space it is a part of its own, as `line **` is `line` then `**`.
fn stars_after(parts: Vec<MaskPart>) -> Vec<MaskPart> {
    let mut out: Vec<MaskPart> = Vec::with_capacity(parts.len());
    for part in parts {
        if let (MaskToken::All, Some(last)) = (part.token, out.last_mut()) {
            let kinds = match last.token {
                MaskToken::Tool(tool) => Some(DrawSet::default().with(Draw::Tool(tool))),
                MaskToken::Choice { kinds, many: false } => Some(kinds),
                _ => None,
            };
            if let Some(kinds) = kinds.filter(|_| last.span.end == part.span.start) {
                last.token = MaskToken::Choice { kinds, many: true };
                last.span = Span::new(last.span.start, part.span.end);
                // A tool of your own alone is an empty choice with its name.
                continue;
            }
        }
        out.push(part);
    }
    out
}

/// The part a tool of your own stands in alone: a choice of no L-tool or
/// line or circle, with the tool's name beside it (`MaskPart::own`).
fn own_part() -> MaskToken {
    MaskToken::Choice {
        kinds: DrawSet::default(),
        many: false,
    }
}

/// `mask line* (circle | line) **`: the mask's parts, `*` after a part
/// read as its repetition (`stars_after`).
fn mask_line<'t, 's: 't, I>() -> impl Parser<'t, I, SolveItemKind, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let mask_part = choice((
        just(Token::LineStars).to((MaskToken::Lines, Vec::new())),
        just(Token::CircleStars).to((MaskToken::Circles, Vec::new())),
        just(Token::Line).to((MaskToken::Line, Vec::new())),
        just(Token::Circle).to((MaskToken::Circle, Vec::new())),
        just(Token::StarStar).to((MaskToken::All, Vec::new())),
        just(Token::Star).to((MaskToken::Any, Vec::new())),
        mask_tool().map(|tool| match tool {
            Ok(tool) => (MaskToken::Tool(tool), Vec::new()),
            Err(own) => (own_part(), vec![own]),
        }),
        mask_kind()
            .separated_by(just(Token::Bar))
            .at_least(1)
            .collect::<Vec<_>>()
            .delimited_by(just(Token::LParen), just(Token::RParen))
            .map(|kinds| {
                let (draws, own): (Vec<_>, Vec<_>) = kinds.into_iter().partition(Result::is_ok);
                let token = MaskToken::Choice {
                    kinds: draws.into_iter().flatten().collect(),
                    many: false,
                };
                (token, own.into_iter().filter_map(Result::err).collect())
            }),
    ))
    .map_with(|(token, own), e| MaskPart {
        token,
        span: span_of(e.span()),
        own,
    })
    .labelled("mask part");
    just(Token::Mask).ignore_then(
        mask_part
            .separated_by(just(Token::Comma).or_not())
            .at_least(1)
            .collect()
            .map(|parts| SolveItemKind::Mask(stars_after(parts))),
    )
}

/// `stars e 3 l 2`: a level's star counts.
fn stars_line<'t, 's: 't, I>() -> impl Parser<'t, I, SolveItemKind, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let star_value = select! { Token::Number(value) => value }
        .map_with(|value, e| (value, span_of(e.span())))
        .labelled("number");
    word("stars")
        .ignore_then(
            name()
                .then(star_value)
                .map(|(count, (value, value_span))| StarCount {
                    count,
                    value,
                    value_span,
                })
                .separated_by(just(Token::Comma).or_not())
                .at_least(1)
                .collect(),
        )
        .map(SolveItemKind::Stars)
}

fn solve_block<'t, 's: 't, I>() -> impl Parser<'t, I, SolveBlock, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    just(Token::Solve)
        .map_with(|_, e| span_of(e.span()))
        .then(name().or_not())
        .then(block(solve_item(), broken_line()))
        .map(
            |((keyword_span, name), (items, body_span, closed))| SolveBlock {
                name,
                keyword_span,
                items,
                body_span,
                closed,
            },
        )
}

/// What stands for a line of a block that did not parse: the rest of the
/// line skipped, and the names it binds kept if it starts as a step does
/// (`c1 = circle(A, B))`), so that their uses add no error of their own.
fn broken_line<'t, 's: 't, I>() -> impl Parser<'t, I, SolveItem, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let names = |binders: Vec<Binder>| BrokenLine {
        names: binders.iter().filter_map(Binder::name).cloned().collect(),
        tools: false,
    };
    let tools = word("tools")
        .then(none_of([Token::Eq]).rewind())
        .then_ignore(junk_line(true).or_not())
        .to(BrokenLine {
            names: Vec::new(),
            tools: true,
        });
    tools
        .or(binders()
            .then_ignore(just(Token::Eq))
            .then_ignore(junk_line(true).or_not())
            .map(names))
        .or(junk_line(true).to(BrokenLine::default()))
        .map(|broken| SolveItem {
            kind: SolveItemKind::Error(broken),
            span: Span::default(),
        })
}

/// `tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F { … }`: its
/// body's lines are read as a solve block's, so that a `goal` there is
/// reported as out of place rather than as a syntax error.
fn tool_def<'t, 's: 't, I>() -> impl Parser<'t, I, ToolDef, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let param = decl_keyword()
        .or_not()
        .then(name())
        .then_ignore(just(Token::Eq))
        .then(expr())
        .map_with(|((kind, name), value), e| ToolParam {
            kind,
            name,
            value,
            span: span_of(e.span()),
        });
    let params = param
        .separated_by(just(Token::Comma))
        .allow_trailing()
        .collect::<Vec<_>>()
        .delimited_by(just(Token::LParen), just(Token::RParen));
    let results = name()
        .separated_by(just(Token::Comma))
        .at_least(1)
        .collect::<Vec<_>>();
    word("tool")
        .labelled("`tool`")
        .map_with(|_, e| span_of(e.span()))
        .then(name())
        .then(params)
        .then_ignore(just(Token::Arrow))
        .then(results)
        .then(block(solve_item(), broken_line()))
        .map(
            |((((keyword_span, name), params), results), (items, body_span, closed))| ToolDef {
                name,
                keyword_span,
                params,
                results,
                items,
                body_span,
                closed,
                doc: None,
            },
        )
}

/// `use "lib/triangles.euc"`, or `use std`: the standard library.
fn use_line<'t, 's: 't, I>() -> impl Parser<'t, I, UseLine, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let path = select! { Token::Text(text) => text }
        .map_with(|text, e| (text.to_string(), span_of(e.span()), false))
        .labelled("a path in quotes");
    let standard = word("std").map_with(|_, e| ("std".to_string(), span_of(e.span()), true));
    word("use")
        .labelled("`use`")
        .map_with(|_, e| span_of(e.span()))
        .then(path.or(standard))
        .map(|(keyword_span, (path, path_span, standard))| UseLine {
            keyword_span,
            path,
            path_span,
            standard,
        })
}

/// One line of a solve block (or of a tool's body).
fn solve_item<'t, 's: 't, I>() -> impl Parser<'t, I, SolveItem, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let mask = mask_line();

    let limit = choice((word("min").to(Limit::Min), word("max").to(Limit::Max)))
        .then(expr())
        .map_with(|(limit, value), e| IgnoreLimit {
            limit,
            value,
            span: span_of(e.span()),
        });
    let tools = word("tools")
        .ignore_then(
            name()
                .separated_by(just(Token::Comma).or_not())
                .at_least(1)
                .collect(),
        )
        .map(SolveItemKind::Tools);
    let count = word("count").ignore_then(name()).map(SolveItemKind::Count);
    let stars = stars_line();

    let ignore = just(Token::Ignore)
        .ignore_then(limit.repeated().at_least(1).collect())
        .map(SolveItemKind::Ignore);

    let assignment = name()
        .then_ignore(just(Token::Eq))
        .then(expr())
        .map(|(name, value)| Assignment { name, value });
    let verify = just(Token::Verify)
        .ignore_then(
            assignment
                .separated_by(just(Token::Comma))
                .at_least(1)
                .collect(),
        )
        .map(SolveItemKind::Verify);

    let goal = just(Token::Goal)
        .ignore_then(
            name()
                .separated_by(just(Token::Comma))
                .at_least(1)
                .collect::<Vec<_>>(),
        )
        .then_ignore(just(Token::Eq))
        .then(
            expr()
                .separated_by(just(Token::Bar))
                .at_least(1)
                .collect::<Vec<_>>(),
        )
        .map(|(names, values)| SolveItemKind::Goal { names, values });

    let step = binders()
        .then_ignore(just(Token::Eq))
        .then(expr())
        .map(|(binders, value)| SolveItemKind::Step(Step { binders, value }));

    choice((goal, mask, ignore, verify, tools, count, stars, step)).map_with(|kind, e| SolveItem {
        kind,
        span: span_of(e.span()),
    })
}

fn planar_block<'t, 's: 't, I>() -> impl Parser<'t, I, PlanarBlock, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    let level = word("level").ignore_then(expr()).map(PlanarItemKind::Level);
    let seed = word("seed").ignore_then(expr()).map(PlanarItemKind::Seed);
    let node = word("node")
        .ignore_then(name())
        .then_ignore(just(Token::Eq))
        .then(expr())
        .map(|(name, value)| PlanarItemKind::Node { name, value });
    let edge = name()
        .then_ignore(just(Token::Minus))
        .then(name())
        .map_with(|(from, to), e| Edge {
            from,
            to,
            span: span_of(e.span()),
        });
    let edges = word("edge")
        .ignore_then(edge.separated_by(just(Token::Comma)).at_least(1).collect())
        .map(PlanarItemKind::Edges);
    let item = choice((level, seed, node, edges)).map_with(|kind, e| PlanarItem {
        kind,
        span: span_of(e.span()),
    });
    let error_item = PlanarItem {
        kind: PlanarItemKind::Error,
        span: Span::default(),
    };
    just(Token::Planar)
        .map_with(|_, e| span_of(e.span()))
        .then(name().or_not())
        .then(block(item, junk_line(true).to(error_item)))
        .map(
            |((keyword_span, name), (items, body_span, closed))| PlanarBlock {
                name,
                keyword_span,
                items,
                body_span,
                closed,
            },
        )
}

pub fn expr<'t, 's: 't, I>() -> impl Parser<'t, I, Expr, Extra<'t, 's>> + Clone
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    recursive(|expr| {
        let number = select! {
            Token::Number(value) => ExprKind::Number(value),
            Token::Degrees(value) => ExprKind::Degrees(value),
        };
        let args = expr
            .clone()
            .separated_by(just(Token::Comma))
            .allow_trailing()
            .collect::<Vec<_>>()
            .delimited_by(just(Token::LParen), just(Token::RParen));
        let callee = choice((
            select! { Token::Ident(text) => text },
            just(Token::Line).to("line"),
            just(Token::Segment).to("segment"),
            just(Token::Ray).to("ray"),
            just(Token::Circle).to("circle"),
            just(Token::Point).to("point"),
        ))
        .map_with(|text, e| Name {
            text: text.to_string(),
            span: span_of(e.span()),
        });
        let call = callee
            .then(args.clone())
            .map(|(function, args)| ExprKind::Call { function, args });
        let variable = select! { Token::Ident(text) => ExprKind::Name(text.to_string()) };
        let parenthesised = args.map(|mut items| {
            if items.len() == 1 {
                ExprKind::Tuple(vec![items.remove(0)])
            } else {
                ExprKind::Tuple(items)
            }
        });
        let atom = choice((number, call, variable, parenthesised))
            .map_with(|kind, e| Expr {
                kind,
                span: span_of(e.span()),
            })
            // A one-element tuple is just grouping.
            .map(|expr| match expr.kind {
                ExprKind::Tuple(mut items) if items.len() == 1 => {
                    let mut inner = items.remove(0);
                    inner.span = expr.span;
                    inner
                }
                _ => expr,
            })
            .recover_with(via_parser(nested_delimiters(
                Token::LParen,
                Token::RParen,
                [(Token::LBracket, Token::RBracket)],
                |span| Expr {
                    kind: ExprKind::Error,
                    span: span_of(span),
                },
            )))
            .labelled("expression")
            .boxed();

        let unary = just(Token::Minus)
            .map_with(|_, e| span_of(e.span()))
            .repeated()
            .foldr_with(atom, |minus, operand, _| Expr {
                span: minus.to(operand.span),
                kind: ExprKind::Neg(Box::new(operand)),
            });
        let product_op = choice((
            just(Token::Star).to(BinaryOp::Mul),
            just(Token::Slash).to(BinaryOp::Div),
        ));
        let product = unary
            .clone()
            .foldl_with(product_op.then(unary).repeated(), binary);
        let sum_op = choice((
            just(Token::Plus).to(BinaryOp::Add),
            just(Token::Minus).to(BinaryOp::Sub),
        ));
        let sum = product
            .clone()
            .foldl_with(sum_op.then(product).repeated(), binary);
        sum.clone()
            .foldl_with(
                just(Token::Amp).ignore_then(sum).repeated(),
                |left, right, _| Expr {
                    span: left.span.to(right.span),
                    kind: ExprKind::Meet(Box::new(left), Box::new(right)),
                },
            )
            .boxed()
    })
}

fn binary<'t, 's: 't, I>(
    left: Expr,
    (op, right): (BinaryOp, Expr),
    _: &mut chumsky::input::MapExtra<'t, '_, I, Extra<'t, 's>>,
) -> Expr
where
    I: ValueInput<'t, Token = Token<'s>, Span = SimpleSpan>,
{
    Expr {
        span: left.span.to(right.span),
        kind: ExprKind::Binary(op, Box::new(left), Box::new(right)),
    }
}

fn span_of(span: SimpleSpan) -> Span {
    Span::new(span.start, span.end)
}
