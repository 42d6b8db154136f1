//! The editor features on the pure analysis, one helper per feature: a
//! fixture with `$0` marking the cursor, and the answer drawn for people.

use euc::analysis::analyze;
use euc::ide;

/// The text without the marker, and the marker's byte offset.
fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture
        .find("$0")
        .expect("the fixture marks the cursor with $0");
    (fixture.replacen("$0", "", 1), offset)
}

/// The source line of `offset` with carets under `span`.
fn underline(text: &str, span: euc::span::Span) -> String {
    let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let width = text[span.start..span.end.min(end)].chars().count().max(1);
    let indent = text[start..span.start].chars().count();
    format!(
        "{}\n{}{}",
        &text[start..end],
        " ".repeat(indent),
        "^".repeat(width)
    )
}

fn check_hover(fixture: &str) -> String {
    let (text, offset) = cursor(fixture);
    let analysis = analyze(&text);
    match ide::hover(&analysis, offset) {
        Some(hover) => format!("{}\n{}", underline(&text, hover.span), hover.text),
        None => "no hover".to_string(),
    }
}

const NAPOLEON: &str = include_str!("../../examples/napoleon.euc");

#[test]
fn hover_everywhere_a_value_exists() {
    let cases = [
        (
            "given point",
            NAPOLEON.replace("point A = on", "point $0A = on"),
        ),
        (
            "parameter",
            NAPOLEON.replace("let a = 120deg", "let a$0 = 120deg"),
        ),
        (
            "setup circle",
            NAPOLEON.replace("circle k = circle", "circle k$0 = circle"),
        ),
        (
            "use of a name",
            NAPOLEON.replace("point A = on(k, a)", "point A = on(k$0, a)"),
        ),
        ("angle literal", NAPOLEON.replace("120deg", "12$00deg")),
        ("function", NAPOLEON.replace("acos(1 / 5)", "ac$0os(1 / 5)")),
        ("goal", NAPOLEON.replace("goal O", "goal $0O")),
        ("mask", NAPOLEON.replace("mask circle**", "mask circ$0le**")),
        (
            "mask over the L-tools",
            NAPOLEON.replace(
                "mask circle**",
                "tools compass\n  mask (circle | compass) circle compass**$0",
            ),
        ),
        (
            "circle step",
            NAPOLEON.replace("c2 = circle(B, A)", "c$02 = circle(B, A)"),
        ),
        (
            "intersection step",
            NAPOLEON.replace("_, P3 = k & c2", "_, P3 = k &$0 c2"),
        ),
        (
            "intersection point",
            NAPOLEON.replace("_, P3 = k & c2", "_, P$03 = k & c2"),
        ),
        (
            "use of a step point",
            NAPOLEON.replace("c3 = circle(P3, B)", "c3 = circle(P3$0, B)"),
        ),
    ];
    let mut out = String::new();
    for (label, fixture) in cases {
        out.push_str(&format!("## {label}\n{}\n\n", check_hover(&fixture)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn hover_on_keywords_block_names_and_expressions_as_written() {
    let cases = [
        (
            "keyword let",
            NAPOLEON.replace("let a = 120deg", "l$0et a = 120deg"),
        ),
        (
            "keyword solve",
            NAPOLEON.replace("solve napoleon", "so$0lve napoleon"),
        ),
        (
            "block name",
            NAPOLEON.replace("solve napoleon", "solve nap$0oleon"),
        ),
        (
            "expression as written",
            "point A = (-1, 0)\npoint B$0 = A + (2 - 1) * (0.5, -2)\n".to_string(),
        ),
    ];
    let mut out = String::new();
    for (label, fixture) in cases {
        out.push_str(&format!("## {label}\n{}\n\n", check_hover(&fixture)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn hover_on_a_line_and_an_unreached_goal() {
    let fixture = "point A = (0, 0)\npoint B = (1, 0)\nline l$0 = line(A, B)\nsolve s {\n  goal M = midpoint(A, B)\n  c = circle(A, B)\n}\n";
    let text = check_hover(fixture);
    assert!(
        text.contains("0x + 1y = 0") || text.contains("-0x + 1y = 0") || text.contains("y = 0"),
        "{text}"
    );
    let goal = check_hover(&fixture.replace("l$0", "l").replace("goal M", "goal $0M"));
    assert!(goal.contains("**not reached**"), "{goal}");
}

/// Hover on a segment shows its ends; on an intersection, which point lies
/// beyond the segment (and so is not part of the drawing).
#[test]
fn hover_on_a_segment_and_a_point_beyond_it() {
    let fixture = "point A = (0, 0)\npoint B = (2, 0)\nsegment s$0 = segment(A, B)\nsolve d {\n  goal M = A * 2 - B\n  c = circle(A, B)\n  _, P = s & c\n}\n";
    let segment = check_hover(fixture);
    assert!(
        segment.contains("segment from (0, 0) to (2, 0)"),
        "{segment}"
    );
    let step = check_hover(&fixture.replace("s$0", "s").replace("s & c", "s $0& c"));
    assert!(
        step.contains(
            "`_` = (-2, 0) — not a point of the drawing: outside `s`, beyond its end (0, 0)"
        ) && step.contains("`P` = (2, 0)"),
        "{step}"
    );
}

/// Hover on an either-or goal lists its alternatives and says which one
/// the construction reaches.
#[test]
fn hover_on_an_either_or_goal() {
    let fixture = "point A = (0, 0)\npoint B = (1, 0)\nsolve apex {\n  goal $0X = rotate(B, A, 60deg) | rotate(B, A, -60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  _, X = c1 & c2\n}\n";
    let text = check_hover(fixture);
    assert!(text.contains("either of 2 alternatives"), "{text}");
    assert!(
        text.contains("1. (0.5, 0.866025)") && text.contains("2. (0.5, -0.866025)"),
        "{text}"
    );
    assert!(
        text.contains("reached by alternative 2 ✓ in 2 moves"),
        "{text}"
    );
}

#[test]
fn definition_and_references() {
    let (text, offset) = cursor(&NAPOLEON.replace("c3 = circle(P3, B)", "c3 = circle(P$03, B)"));
    let analysis = analyze(&text);
    let definition = ide::definition(&analysis, offset).unwrap();
    assert_eq!(&text[definition.range()], "P3");
    assert!(
        text[..definition.start].ends_with("_, "),
        "bound by `_, P3 = k & c2`"
    );
    let references = ide::references(&analysis, offset);
    assert_eq!(references.len(), 5, "bound once, used by four circles");
    assert!(references.iter().all(|span| &text[span.range()] == "P3"));

    let (text, offset) = cursor(&NAPOLEON.replace("point B = on(k, b)", "point B = on(k, b$0)"));
    let analysis = analyze(&text);
    let references = ide::references(&analysis, offset);
    assert_eq!(references.len(), 2);
    assert!(text[..references[0].start].ends_with("let "));
}

#[test]
fn rename_renames_every_use_and_refuses_collisions() {
    let (text, offset) = cursor(&NAPOLEON.replace("c2 = circle(B, A)", "c$02 = circle(B, A)"));
    let analysis = analyze(&text);
    let edits = ide::rename(&analysis, offset, "big").unwrap();
    let renamed = euc::edit::apply_edits(&text, &edits);
    assert!(
        renamed.contains("big = circle(B, A)")
            && renamed.contains("k & big")
            && !renamed.contains("c2")
    );
    assert!(!analyze(&renamed).has_errors());
    for (name, error) in [
        ("c3", ide::RenameError::Collision("c3".into())),
        ("A", ide::RenameError::Collision("A".into())),
        ("O", ide::RenameError::Collision("O".into())),
        ("circle", ide::RenameError::InvalidName("circle".into())),
        ("sqrt", ide::RenameError::InvalidName("sqrt".into())),
        (
            "two words",
            ide::RenameError::InvalidName("two words".into()),
        ),
    ] {
        assert_eq!(ide::rename(&analysis, offset, name), Err(error));
    }
    let (text, offset) = cursor(&NAPOLEON.replace("let a = 120deg", "let $0a = 120deg"));
    let renamed = euc::edit::apply_edits(
        &text,
        &ide::rename(&analyze(&text), offset, "alpha").unwrap(),
    );
    assert!(renamed.contains("let alpha = 120deg") && renamed.contains("on(k, alpha)"));
}

#[test]
fn outline_of_a_file() {
    let analysis = analyze(NAPOLEON);
    let mut out = String::new();
    for item in ide::outline(&analysis) {
        out.push_str(&format!(
            "{:?} {} ({})\n",
            item.kind, item.name, item.detail
        ));
        for child in &item.children {
            out.push_str(&format!(
                "  {:?} {} ({})\n",
                child.kind, child.name, child.detail
            ));
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn folding_covers_blocks() {
    let analysis = analyze(NAPOLEON);
    let folds = ide::folding_ranges(&analysis);
    assert_eq!(folds.len(), 1);
    assert!(
        NAPOLEON[folds[0].range()].starts_with("solve napoleon {")
            && NAPOLEON[folds[0].range()].ends_with('}')
    );
}

#[test]
fn inlay_hints_show_coordinates() {
    let analysis = analyze(NAPOLEON);
    let hints = ide::inlay_hints(&analysis, euc::span::Span::new(0, NAPOLEON.len()));
    let drawn: Vec<String> = hints
        .iter()
        .map(|hint| {
            format!(
                "{}{}",
                &NAPOLEON[NAPOLEON[..hint.offset]
                    .rfind(|c: char| !c.is_alphanumeric())
                    .unwrap()
                    + 1..hint.offset],
                hint.label
            )
        })
        .collect();
    insta::assert_snapshot!(drawn.join("\n"));
}

#[test]
fn completion_offers_what_fits_here() {
    let labels = |fixture: &str| {
        let (text, offset) = cursor(fixture);
        ide::completions(&analyze(&text), &text, offset)
            .into_iter()
            .map(|c| c.label)
            .collect::<Vec<_>>()
    };
    let top = labels("point A = (0, 0)\n$0");
    assert!(
        top.contains(&"point".to_string())
            && top.contains(&"solve".to_string())
            && !top.contains(&"goal".to_string())
    );
    // A line of a block starts with a keyword or a new name: no given's.
    let block = labels("point A = (0, 0)\nsolve s {\n  $0\n}\n");
    assert!(
        block.contains(&"goal".to_string())
            && block.contains(&"mask".to_string())
            && !block.contains(&"A".to_string())
    );
    let mask = labels("point A = (0, 0)\nsolve s {\n  mask $0\n}\n");
    assert_eq!(
        mask,
        [
            "line",
            "circle",
            "*",
            "line**",
            "circle**",
            "**",
            "perp_bisector",
            "perpendicular",
            "parallel",
            "angle_bisector",
            "compass"
        ]
    );
    let tools = labels("point A = (0, 0)\nsolve s {\n  tools $0\n}\n");
    assert_eq!(tools.len(), 6, "the five L-tools and drop: {tools:?}");
    assert!(tools.contains(&"drop".to_string()));
    assert!(block.contains(&"tools".to_string()) && block.contains(&"count".to_string()));
    assert!(top.contains(&"segment".to_string()) && top.contains(&"ray".to_string()));
    let expression = labels("point A = (0, 0)\nlet r = dist(A, $0");
    assert!(expression.contains(&"A".to_string()) && expression.contains(&"midpoint".to_string()));
    let steps = labels(&NAPOLEON.replace("c7 = circle(P7, P5)", "c7 = circle($0P7, P5)"));
    assert!(steps.contains(&"P6".to_string()) && !steps.contains(&"c7".to_string()));
}

#[test]
fn utf16_positions_at_the_edge() {
    // Columns in UTF-16 units: `𝛼` is two units, `é` one.
    let text = "let 𝛼 = 1\nlet é = 𝛼 + x\n";
    let index = euc::span::LineIndex::new(text);
    let analysis = analyze(text);
    let unknown = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == "E0101")
        .unwrap();
    let position = index.position_utf16(text, unknown.span.start);
    assert_eq!((position.line, position.column), (1, 13));
    let back = index.offset_utf16(text, position);
    assert_eq!(back, unknown.span.start);
}

#[test]
fn hover_on_planar_nodes_and_links() {
    let tangled = include_str!("../../examples/planar/tangled.euc");
    let mut out = String::new();
    for (label, fixture) in [
        (
            "block",
            tangled.replace("planar tangled", "planar tang$0led"),
        ),
        ("node", tangled.replace("node n1 =", "node n$01 =")),
        (
            "link",
            tangled.replacen("edge n7 - n6", "edge n7 -$0 n6", 1),
        ),
    ] {
        out.push_str(&format!("## {label}\n{}\n\n", check_hover(&fixture)));
    }
    insta::assert_snapshot!(out);
}

/// `text` with the first fix of the first diagnostic of `code` applied.
fn fixed(text: &str, code: &str) -> String {
    let analysis = analyze(text);
    let diagnostic = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code}: {:?}", analysis.diagnostics));
    let fix = diagnostic
        .fixes
        .first()
        .unwrap_or_else(|| panic!("{code} has no fix"));
    let edit = euc::edit::fix_edit(text, fix);
    let mut out = text.to_string();
    out.replace_range(edit.span.start..edit.span.end, &edit.text);
    out
}

#[test]
fn binder_mistakes_have_fixes() {
    let head = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n";
    let one_name = format!("{head}  C = c1 & c2\n}}\n");
    let mended = fixed(&one_name, "E0204");
    assert!(mended.contains("  C, _ = c1 & c2\n"), "{mended}");
    assert!(!analyze(&mended).has_errors(), "{mended}");
    let two_names = format!("{head}  c3, c4 = circle(A, B)\n  C, _ = c1 & c2\n}}\n");
    let mended = fixed(&two_names, "E0204");
    assert!(mended.contains("  c3 = circle(A, B)\n"), "{mended}");
}

#[test]
fn a_typo_in_a_step_is_reported_once_and_earlier_steps_keep_their_hints() {
    // `Bx` for `B` in the third step: the steps after it use what it binds.
    let text = NAPOLEON.replace("circle(P3, B)", "circle(P3, Bx)");
    assert_ne!(text, NAPOLEON);
    let analysis = analyze(&text);
    let codes: Vec<&str> = analysis.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E0101"], "{:#?}", analysis.diagnostics);
    let hints = ide::inlay_hints(&analysis, euc::span::Span::new(0, text.len()));
    let p3 = text.find("P3 = k & c2").unwrap() + "P3".len();
    assert!(
        hints.iter().any(|hint| hint.offset == p3),
        "the step before the typo keeps its coordinates: {hints:?}"
    );
    let goal = text.find("goal O").unwrap() + "goal ".len();
    let shown = ide::hover(&analysis, goal)
        .expect("a hover on the goal")
        .text;
    assert!(
        shown.contains("not checked: a step has an error"),
        "{shown}"
    );
}

#[test]
fn words_that_are_keywords_where_they_stand_have_hovers() {
    let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  tools perpendicular drop\n  count l\n  goal M = midpoint(A, B)\n}\nplanar p {\n  level 2\n  seed 5\n  node a = (0, 0)\n  node b = (1, 1)\n  edge a - b\n}\n";
    let analysis = analyze(text);
    for (word, says) in [
        ("tools", "L-tools this block allows"),
        ("perpendicular", "perpendicular(l, P)"),
        ("drop", "point tool"),
        ("count", "what the solver minimises"),
        ("l\n", "tool uses"),
        ("level", "Planarity level"),
        ("seed", "random seed"),
        ("node", "a node of the puzzle"),
        ("edge", "links between nodes"),
    ] {
        let at = text.find(word).unwrap();
        let hover = ide::hover(&analysis, at).unwrap_or_else(|| panic!("a hover on {word:?}"));
        assert!(hover.text.contains(says), "{word:?}: {}", hover.text);
        assert_eq!(hover.span.start, at, "{word:?}");
    }
}

#[test]
fn no_inlay_hint_repeats_coordinates_written_out() {
    let text = "point A = (0, 0)\npoint B = (-1.5, 2e1)\nlet c = 2\npoint C = (c, 1)\n";
    let analysis = analyze(text);
    let hints = ide::inlay_hints(&analysis, euc::span::Span::new(0, text.len()));
    let after: Vec<&str> = hints.iter().map(|hint| &text[..hint.offset]).collect();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert!(after[0].ends_with("point C"), "{hints:?}");
}
