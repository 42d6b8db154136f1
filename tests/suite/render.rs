//! Pictures: every example renders; the SVG's structure is snapshotted.

use super::{example_files, read, root};
use euc::analysis::analyze;
use euc::render::{render_svg, RenderOptions};

/// The text of the first `<tag …>…</tag>`.
fn element<'a>(svg: &'a str, tag: &str) -> &'a str {
    let start = svg.find(&format!("<{tag}")).expect(tag);
    let (_, rest) = svg[start..].split_once('>').unwrap();
    rest.split_once(&format!("</{tag}>")).unwrap().0
}

/// What a person checks in a picture: what it says it is (`<title>`,
/// `<desc>`), how many of each shape, and every label.
fn structure(svg: &str) -> String {
    let count = |tag: &str| svg.matches(&format!("<{tag} ")).count();
    let texts: Vec<&str> = svg
        .split("<text ")
        .skip(1)
        .filter_map(|part| {
            part.split_once('>')
                .and_then(|(_, rest)| rest.split_once("</text>"))
                .map(|(text, _)| text)
        })
        .collect();
    format!(
        "title: {}\ndesc: {}\ncircles {}, lines {}, paths {}, texts {}\n{}\n",
        element(svg, "title"),
        element(svg, "desc"),
        count("circle"),
        count("line"),
        count("path"),
        texts.len(),
        texts.join("\n")
    )
}

/// A library of tools (examples/lib): no block to draw.
fn is_library(path: &std::path::Path) -> bool {
    path.parent().is_some_and(|folder| folder.ends_with("lib"))
}

#[test]
fn every_example_renders() {
    let mut files = example_files();
    files.push(root().join("examples/planar/tangled.euc"));
    for path in files.into_iter().filter(|path| !is_library(path)) {
        let analysis = super::analyze_path(&path);
        let svg = render_svg(&analysis, &RenderOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        assert_eq!(
            svg,
            render_svg(&analysis, &RenderOptions::default()).unwrap(),
            "deterministic"
        );
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("render-{name}"), structure(&svg));
    }
}

/// Each line or circle of the construction names its step's line
/// (`data-line`): a click in the editor's picture goes there.
#[test]
fn each_drawn_object_names_its_steps_line() {
    let text = read(&root().join("examples/equilateral-triangle.euc"));
    let svg = render_svg(&analyze(&text), &RenderOptions::default()).unwrap();
    let line_of = |needle: &str| text.lines().position(|line| line.contains(needle)).unwrap() + 1;
    for step in ["c1 = circle", "c2 = circle"] {
        let attribute = format!("data-line=\"{}\"", line_of(step));
        assert_eq!(svg.matches(&attribute).count(), 1, "{attribute} in {svg}");
    }
    // The givens and the goal are no step's.
    assert_eq!(svg.matches("data-line=").count(), 2);
}

#[test]
fn drawing_up_to_a_move() {
    let analysis = analyze(&read(&root().join("examples/midpoint.euc")));
    let options = RenderOptions {
        block: Some("midpoint".into()),
        moves: Some(2),
        ..RenderOptions::default()
    };
    let svg = render_svg(&analysis, &options).unwrap();
    assert!(svg.contains("midpoint — up to move 2"));
    assert_eq!(
        structure(&svg)
            .lines()
            .filter(|line| line.contains(": c"))
            .count(),
        2
    );
}

#[test]
fn every_move_is_drawn_in_the_same_frame() {
    // Stepping through a construction must not move the figure: the given
    // points sit at the same place in the picture of every move.
    let analysis = analyze(&read(&root().join("examples/napoleon.euc")));
    let points = |moves| {
        let svg = render_svg(
            &analysis,
            &RenderOptions {
                block: None,
                moves,
                ..RenderOptions::default()
            },
        )
        .unwrap();
        let start = svg.find("<g id=\"points\">").unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        svg[start..end]
            .lines()
            .filter(|line| line.contains("<circle"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let whole = points(None);
    for moves in 0..6 {
        let partial = points(Some(moves));
        // The step points drawn so far come first; the givens after them.
        assert!(
            whole.ends_with(&partial[partial.len() - 3..]),
            "move {moves}"
        );
    }
}

#[test]
fn clear_errors_when_there_is_nothing_to_draw() {
    let analysis = analyze("point A = (0, 0)\n");
    assert_eq!(
        render_svg(&analysis, &RenderOptions::default()).unwrap_err(),
        "the file has no solve or planar block"
    );
    let analysis = analyze(&read(&root().join("examples/napoleon.euc")));
    let options = RenderOptions {
        block: Some("nosuch".into()),
        moves: None,
        ..RenderOptions::default()
    };
    assert_eq!(
        render_svg(&analysis, &options).unwrap_err(),
        "no solve or planar block named `nosuch`"
    );
}

/// A scrambled 1,000-node level has tens of thousands of crossings: every
/// crossing link is drawn red, but only the first `MOST_MARKS` crossings get
/// a mark, and the title gives the count (once a 128 MB picture).
#[test]
fn a_tangled_level_marks_a_bounded_number_of_crossings() {
    let level = euc::planar::generate::generate(996, 3, euc::planar::generate::Method::Model);
    let text = euc::planar::write::block_text("big", 996, 3, &level.positions, &level.links);
    let analysis = analyze(&text);
    let svg = render_svg(&analysis, &RenderOptions::default()).expect("a picture");
    let marks = svg.matches("<path ").count();
    assert_eq!(marks, euc::render::MOST_MARKS);
    let title = svg.split("<title>").nth(1).unwrap_or(&svg[..200]);
    assert!(
        svg.contains(&format!(
            "crossings (the first {} marked)",
            euc::render::MOST_MARKS
        )),
        "{title}"
    );
    assert!(svg.len() < 1 << 20, "{} bytes", svg.len());
    // A thousand names around a ring overprint one another: no node is
    // labelled (the title is the one text), and nodes are small.
    assert_eq!(svg.matches("<text ").count(), 1);
    assert!(svg.contains(r##"r="2" fill="#1f77b4""##));
    assert_eq!(
        element(&svg, "desc"),
        format!(
            "A Planarity puzzle of {} nodes, {} links and {} crossings.",
            analysis.scene().puzzles[0].nodes.len(),
            analysis.scene().puzzles[0].links.len(),
            analysis.puzzle_reports[0].crossings
        )
    );
}

/// Small puzzles keep a label on every node and full-size nodes.
#[test]
fn a_small_puzzle_labels_every_node() {
    let analysis = analyze(&read(&root().join("examples/planar/tangled.euc")));
    let svg = render_svg(&analysis, &RenderOptions::default()).unwrap();
    for node in &analysis.scene().puzzles[0].nodes {
        assert!(
            svg.contains(&format!(">{}</text>", node.name)),
            "{}",
            node.name
        );
    }
    assert!(svg.contains(r##"r="8" fill="#1f77b4""##));
}

/// Every picture is an image with a name and a description for screen
/// readers: the block and what it shows; the givens, moves and goals.
#[test]
fn every_picture_has_a_title_and_a_description() {
    let analysis = analyze(&read(&root().join("examples/napoleon.euc")));
    let svg = render_svg(&analysis, &RenderOptions::default()).unwrap();
    assert!(svg.starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" font-family="sans-serif" role="img" aria-labelledby="euc-title euc-desc">"#
    ));
    assert_eq!(element(&svg, "title"), "Solve block napoleon — 6 moves");
    assert_eq!(
        element(&svg, "desc"),
        "Given point A, point B and circle k, 6 moves are drawn (6 circles), and the goal point O is reached."
    );
    let options = RenderOptions {
        block: None,
        moves: Some(2),
        ..RenderOptions::default()
    };
    let svg = render_svg(&analysis, &options).unwrap();
    assert_eq!(
        element(&svg, "desc"),
        "Given point A, point B and circle k, 2 of 6 moves are drawn (2 circles), and the goal point O is not reached."
    );
}

/// Move 0 (the givens alone) to the last move can be drawn; a move beyond
/// the last, or any move of a planar block, is refused with the reason.
#[test]
fn only_moves_the_block_has_can_be_drawn() {
    let analysis = analyze(&read(&root().join("examples/napoleon.euc")));
    let up_to = |moves| {
        render_svg(
            &analysis,
            &RenderOptions {
                block: Some("napoleon".into()),
                moves: Some(moves),
                ..RenderOptions::default()
            },
        )
    };
    assert!(up_to(0).unwrap().contains("napoleon — up to move 0"));
    assert!(up_to(6).is_ok());
    assert_eq!(
        up_to(7).unwrap_err(),
        "block `napoleon` has 6 moves (steps that draw a line or circle): draw up to a move from 0 (the givens alone) to 6, not 7"
    );
    assert_eq!(
        euc::render::move_count(&analysis, &RenderOptions::default()),
        Some(6)
    );
    let analysis = analyze(
        "point A = (0, 0)\npoint B = (1, 0)\nsolve empty {\n  goal M = midpoint(A, B)\n}\n",
    );
    let options = RenderOptions {
        block: None,
        moves: Some(1),
        ..RenderOptions::default()
    };
    assert_eq!(
        render_svg(&analysis, &options).unwrap_err(),
        "block `empty` has no moves yet (no step draws a line or circle): only move 0, the givens alone, can be drawn, not move 1"
    );
    let analysis = analyze(&read(&root().join("examples/planar-solved.euc")));
    let message = render_svg(&analysis, &options).unwrap_err();
    assert!(
        message.contains("is a planar block: it has no moves, so there is no move 1"),
        "{message}"
    );
    assert_eq!(
        euc::render::move_count(&analysis, &RenderOptions::default()),
        None
    );
}

/// A mark's centre and radius in pixels.
type Mark = (f64, f64, f64);
/// A label's text and box: left, top, right, bottom.
type Label = (String, [f64; 4]);

/// The marks of a picture (points, goal rings, nodes: centre and radius)
/// and its labels' boxes (left, top, right, bottom), read from the SVG as a
/// viewer draws them: a 13-pixel label is 7.5 pixels a character wide and
/// 14 tall above its baseline, as `render/svg.rs` reserves it.
fn marks_and_labels(svg: &str) -> (Vec<Mark>, Vec<Label>) {
    let attribute = |element: &str, name: &str| -> f64 {
        let element = format!(" {element}");
        let start = element.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        let end = start + element[start..].find('"').unwrap();
        element[start..end].parse().unwrap()
    };
    // A group's content: up to its `</g>` (groups are not nested).
    let group = |id: &str| {
        let start = svg.find(&format!("<g id=\"{id}\">")).expect(id);
        let end = start + svg[start..].find("</g>").unwrap();
        &svg[start..end]
    };
    let points = group("points");
    let marks = points
        .split("<circle ")
        .skip(1)
        .map(|circle| {
            (
                attribute(circle, "cx"),
                attribute(circle, "cy"),
                attribute(circle, "r"),
            )
        })
        .collect();
    let labels = group("labels")
        .split("<text ")
        .skip(1)
        .filter(|text| text.contains("font-size=\"13\""))
        .map(|text| {
            let (x, y) = (attribute(text, "x"), attribute(text, "y"));
            let name = text
                .split_once('>')
                .unwrap()
                .1
                .split_once("</text>")
                .unwrap()
                .0;
            let name = name
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">");
            let width = 7.5 * name.chars().count() as f64;
            (name, [x, y - 14.0, x + width, y])
        })
        .collect();
    (marks, labels)
}

/// No label covers a point's dot, a goal's ring or a node in any example's
/// picture (before every mark was kept free first, 65 marks in 40 of the
/// 149 Euclidea pictures were covered by a label placed before their point
/// was drawn; issue 29).
#[test]
fn no_label_covers_a_mark_in_any_example() {
    let mut files = example_files();
    files.push(root().join("examples/planar/tangled.euc"));
    for path in files.into_iter().filter(|path| !is_library(path)) {
        let svg = render_svg(&super::analyze_path(&path), &RenderOptions::default()).unwrap();
        let (marks, labels) = marks_and_labels(&svg);
        for (name, [left, top, right, bottom]) in &labels {
            for &(x, y, radius) in &marks {
                let dx = (left - x).max(x - right).max(0.0);
                let dy = (top - y).max(y - bottom).max(0.0);
                // Numbers in the SVG have two decimals: a hundredth of slack.
                assert!(
                    dx.hypot(dy) >= radius - 0.02,
                    "{}: label {name} covers the mark at ({x}, {y})",
                    path.display()
                );
            }
        }
    }
}

/// A block of `steps` steps, lines and circles through 60 given points: a
/// picture so crowded that most labels find every place covered.
fn crowded_block(steps: usize) -> String {
    let mut seed = 44u64;
    let mut next = move |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    let mut text = String::new();
    for index in 0..60 {
        let (x, y) = (
            next(2001) as f64 / 100.0 - 10.0,
            next(2001) as f64 / 100.0 - 10.0,
        );
        text.push_str(&format!("point P{index} = ({x}, {y})\n"));
    }
    text.push_str("solve crowded {\n  goal G = P0\n");
    for index in 0..steps {
        let first = next(60);
        let second = (first + 1 + next(59)) % 60;
        let tool = if index % 2 == 0 { "circle" } else { "line" };
        text.push_str(&format!("  o{index} = {tool}(P{first}, P{second})\n"));
    }
    text.push_str("}\n");
    text
}

/// Labels are compared with the boxes near them, not with every label
/// placed before: 4,000 steps took 41 s (33 s in the test build, 0.5 s
/// now), the cost growing as the square of the steps. The bound is generous; a
/// quadratic placement is far beyond it.
#[test]
fn a_picture_of_thousands_of_steps_is_drawn_in_time() {
    let text = crowded_block(4_000);
    let analysis = analyze(&text);
    let started = std::time::Instant::now();
    let svg = render_svg(&analysis, &RenderOptions::default()).expect("a picture");
    let took = started.elapsed();
    assert!(svg.matches("<text ").count() > 4_000);
    assert!(
        took < std::time::Duration::from_secs(15),
        "4,000 steps drawn in {took:?}"
    );
}

#[test]
fn expand_draws_the_moves_inside_each_use() {
    let path = root().join("examples/tools-own.euc");
    let analysis = super::analyze_path(&path);
    let plain = render_svg(&analysis, &RenderOptions::default()).unwrap();
    let options = RenderOptions {
        expand: true,
        ..RenderOptions::default()
    };
    let expanded = render_svg(&analysis, &options).unwrap();
    // Each altitude draws the line of the side inside (its result is the
    // construction's own): two more lines, thin and dashed, in the legend.
    let inner = |svg: &str| svg.matches(r#"stroke-dasharray="3 3""#).count();
    assert_eq!(inner(&plain), 0);
    assert!(expanded.contains("inside a tool"));
    insta::assert_snapshot!("render-expanded-tools-own", structure(&expanded));
    assert_eq!(
        inner(&expanded),
        3,
        "two lines and the legend's sample\n{expanded}"
    );
    // The tangents: the line OP, the bisector, the Thales circle; and a
    // tool of tools (median uses middle) draws the inner tool's moves too.
    let options = RenderOptions {
        block: Some("tangent".into()),
        expand: true,
        ..RenderOptions::default()
    };
    let tangent = render_svg(&analysis, &options).unwrap();
    assert_eq!(inner(&tangent), 4, "{tangent}");
    let analysis = super::analyze_path(&root().join("examples/tools-imported.euc"));
    let centroid = render_svg(&analysis, &options_for("centroid")).unwrap();
    // Each median: the side's line and bisector inside `middle`.
    assert_eq!(inner(&centroid), 5, "{centroid}");
}

fn options_for(block: &str) -> RenderOptions {
    RenderOptions {
        block: Some(block.into()),
        expand: true,
        ..RenderOptions::default()
    }
}
