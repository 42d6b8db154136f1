//! Signature help: the overloads of the function whose arguments the
//! cursor is in, and which argument it is at.

use crate::analysis::Analysis;
use crate::lex::{lex, Token};
use crate::resolve::types::{builtin_doc, BUILTINS};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// `circle(point, point) → circle`.
    pub label: String,
    /// Each parameter's text within `label`.
    pub parameters: Vec<String>,
    pub doc: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureHelp {
    /// One per overload.
    pub signatures: Vec<Signature>,
    /// The first overload with enough parameters for the argument at the cursor.
    pub active_signature: usize,
    pub active_parameter: usize,
}

/// The call around `offset`, if it is a built-in function's.
pub fn signature_help(analysis: &Analysis, offset: usize) -> Option<SignatureHelp> {
    // A call lies within one statement: the text from its start is lexed,
    // not the whole file (a 12,000-line planar block cost 2.5 ms a
    // keystroke).
    let statement = statement_at(analysis, offset);
    let text = &analysis.text;
    let from = statement.start;
    // To the statement's end, or the cursor's line's when it is beyond.
    let to = text
        .get(offset..)
        .and_then(|after| after.find('\n'))
        .map_or(text.len(), |end| offset + end)
        .max(statement.end)
        .min(text.len());
    let (mut tokens, _) = lex(text.get(from..to)?);
    for (_, span) in &mut tokens {
        *span = crate::span::Span::new(span.start + from, span.end + from);
    }
    // Open parentheses before the cursor: the function each opens (if any)
    // and the commas seen in it.
    let mut open: Vec<(Option<&str>, usize)> = Vec::new();
    for (index, (token, span)) in tokens.iter().enumerate() {
        if span.end > offset || (span.start >= offset && *token != Token::RParen) {
            break;
        }
        match token {
            Token::LParen => {
                let function = index
                    .checked_sub(1)
                    .and_then(|before| match tokens[before].0 {
                        Token::Ident(name) => Some(name),
                        Token::Line => Some("line"),
                        Token::Circle => Some("circle"),
                        Token::Segment => Some("segment"),
                        Token::Ray => Some("ray"),
                        _ => None,
                    });
                open.push((function, 0));
            }
            Token::Comma => {
                if let Some(innermost) = open.last_mut() {
                    innermost.1 += 1;
                }
            }
            Token::RParen => {
                open.pop();
            }
            // A statement ends: nothing is open any more.
            Token::Newline | Token::LBrace | Token::RBrace => open.clear(),
            _ => {}
        }
    }
    let (name, argument) = open
        .iter()
        .rev()
        .find_map(|(function, commas)| function.map(|name| (name, *commas)))?;
    // An L-tool's own signature names its operands (`l_tool`).
    let l_tool_named = crate::parse::ast::Tool::from_name(name).is_some();
    let signatures: Vec<Signature> = BUILTINS
        .iter()
        .filter(|(builtin, ..)| *builtin == name && !l_tool_named)
        .map(|(builtin, parameters, result, _)| {
            let parameters: Vec<String> = parameters.iter().map(ToString::to_string).collect();
            Signature {
                label: format!("{builtin}({}) → {result}", parameters.join(", ")),
                parameters,
                doc: builtin_doc(builtin).map(str::to_string),
            }
        })
        .chain(l_tool(name))
        .chain(user_tool(analysis, name))
        .collect();
    if signatures.is_empty() {
        return None;
    }
    let active_signature = signatures
        .iter()
        .position(|signature| signature.parameters.len() > argument)
        .unwrap_or(0);
    Some(SignatureHelp {
        signatures,
        active_signature,
        active_parameter: argument,
    })
}

/// The signature of the L-tool called `name` (`perp_bisector(point A,
/// point B) → line`), if it is one.
fn l_tool(name: &str) -> Option<Signature> {
    use crate::tools::Operand;
    let tool = crate::parse::ast::Tool::from_name(name)?;
    let usage = tool.usage();
    let names = usage.split_once('(')?.1.trim_end_matches(')');
    let parameters: Vec<String> = tool
        .operands()
        .iter()
        .zip(names.split(','))
        .map(|(operand, name)| {
            let kind = match operand {
                Operand::Point => "point",
                Operand::Line => "line",
                Operand::Circle => "circle",
            };
            format!("{kind} {}", name.trim())
        })
        .collect();
    let draws = if tool.draws_line() { "line" } else { "circle" };
    Some(Signature {
        label: format!("{}({}) → {draws}", tool.name(), parameters.join(", ")),
        parameters,
        doc: Some(format!(
            "An L-tool: 1 L, {} E; the block's `tools` line must allow it.",
            tool.e_cost()
        )),
    })
}

/// The signature of the tool of your own called `name`, if there is one:
/// each parameter with its type (`foot(point P, line l) -> point F`).
fn user_tool(analysis: &Analysis, name: &str) -> Option<Signature> {
    let scene = analysis.scene();
    let tool = &scene.tools[scene.tool_index(name)?];
    Some(Signature {
        label: tool.signature(),
        parameters: tool
            .params
            .iter()
            .map(|param| format!("{} {}", param.ty, param.name))
            .collect(),
        doc: Some(match &tool.doc {
            Some(doc) => format!("{}\n\n1 L, {} E", doc.trim(), tool.e_cost),
            None => format!("A tool of your own: 1 L, {} E", tool.e_cost),
        }),
    })
}

/// The statement holding `offset`: a block's line, or a top-level item;
/// the whole file when the parse has none there (a statement being typed
/// may not parse yet).
fn statement_at(analysis: &Analysis, offset: usize) -> crate::span::Span {
    use crate::parse::ast::ItemKind;
    let whole = crate::span::Span::new(0, analysis.text.len());
    let items = &analysis.file().items;
    let holding = items.partition_point(|item| item.span.end < offset);
    let Some(item) = items.get(holding).filter(|item| item.span.start <= offset) else {
        return whole;
    };
    let holds = |line: &crate::span::Span| line.start <= offset && offset <= line.end;
    let line = match &item.kind {
        ItemKind::Solve(block) => block.items.iter().map(|line| line.span).find(holds),
        ItemKind::Planar(block) => {
            let lines = &block.items;
            let at = lines.partition_point(|line| line.span.end < offset);
            lines.get(at).map(|line| line.span).filter(holds)
        }
        ItemKind::Decl(_) | ItemKind::Tool(_) | ItemKind::Use(_) | ItemKind::Error(_) => None,
    };
    line.unwrap_or(item.span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn help_at(fixture: &str) -> Option<(Vec<String>, usize, usize)> {
        let offset = fixture.find("$0").unwrap();
        let text = fixture.replacen("$0", "", 1);
        let analysis = analyze(&text);
        signature_help(&analysis, offset).map(|help| {
            (
                help.signatures.into_iter().map(|s| s.label).collect(),
                help.active_signature,
                help.active_parameter,
            )
        })
    }

    #[test]
    fn the_innermost_call_and_the_argument_at_the_cursor() {
        let (labels, _, argument) = help_at("point A = (0, 0)\nlet d = dist(A, $0").unwrap();
        assert_eq!(labels, ["dist(point, point) → number"]);
        assert_eq!(argument, 1);
        // Inside a tuple inside a call: still the call's second argument.
        let (labels, _, argument) =
            help_at("point A = (0, 0)\nlet p = rotate(A, (1, $02), 90deg)").unwrap();
        assert_eq!(labels, ["rotate(point, point, number) → point"]);
        assert_eq!(argument, 1);
        // Overloads: circle(C, P) and circle(C, r).
        let (labels, _, argument) = help_at("point A = (0, 0)\ncircle k = circle($0").unwrap();
        assert_eq!(labels.len(), 2, "{labels:?}");
        assert_eq!(argument, 0);
        // After the call closes, or on a later line, nothing.
        assert_eq!(help_at("point A = (0, 0)\nlet d = dist(A, A)$0"), None);
        assert_eq!(help_at("let d = dist(1)\nlet e = $0"), None);
        assert_eq!(help_at("let d = nothing($0"), None);
    }

    /// Only the statement around the cursor is read: a call in a block's
    /// step, in a planar block's node line, in a declaration over several
    /// lines; what comes before or after it does not matter.
    #[test]
    fn the_call_is_found_within_its_statement() {
        let block = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal M = midpoint(A, B)\n  c = circle(A, $0\n}\nlet z = dist(A, B)\n";
        let (labels, _, argument) = help_at(block).unwrap();
        assert_eq!(labels.len(), 2, "{labels:?}");
        assert_eq!(argument, 1);
        let planar = "planar p {\n  node a = (0, 0)\n  node b = (dist((0, 0), $0(1, 1)), 0)\n  edge a - b\n}\n";
        let (labels, _, argument) = help_at(planar).unwrap();
        assert_eq!(labels, ["dist(point, point) → number"]);
        assert_eq!(argument, 1);
        let lines = "point A = (0, 0)\nlet d = dist(A,\n  $0A)\nlet e = 1\n";
        let (labels, _, argument) = help_at(lines).unwrap();
        assert_eq!(labels, ["dist(point, point) → number"]);
        assert_eq!(argument, 1);
        assert_eq!(help_at("planar p {\n  node a = ($01, 0)\n}\n"), None);
    }

    #[test]
    fn an_l_tool_has_its_signature() {
        let fixture =
            "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  tools compass\n  k = compass(A, $0";
        let (labels, _, parameter) = help_at(fixture).unwrap();
        assert_eq!(labels, ["compass(point C, point A, point B) → circle"]);
        assert_eq!(parameter, 1);
    }

    #[test]
    fn a_tool_of_your_own_has_its_signature() {
        let tool = "tool foot(P = (0, 2), l = line((-1, 0), (2, 0.3))) -> F {\n  m = perpendicular(l, P)\n  F = l & m\n}\n";
        let fixture = format!("{tool}point X = (1, 3)\nsolve s {{\n  tools foot\n  l = line(X, (0, 0))\n  F = foot(X, $0");
        let (labels, _, argument) = help_at(&fixture).unwrap();
        assert_eq!(labels, ["foot(point P, line l) -> point F"]);
        assert_eq!(argument, 1);
    }
}
