//! Pictures: every example renders; the SVG's structure is snapshotted.

use super::{example_files, read, root};
use euc::analysis::analyze;
use euc::render::{render_svg, RenderOptions};

/// What a person checks in a picture: the title, how many of each shape,
/// and every label.
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
        "circles {}, lines {}, paths {}, texts {}\n{}\n",
        count("circle"),
        count("line"),
        count("path"),
        texts.len(),
        texts.join("\n")
    )
}

#[test]
fn every_example_renders() {
    let mut files = example_files();
    files.push(root().join("examples/planar/tangled.euc"));
    for path in files {
        let analysis = analyze(&read(&path));
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

#[test]
fn drawing_up_to_a_move() {
    let analysis = analyze(&read(&root().join("examples/midpoint.euc")));
    let options = RenderOptions {
        block: Some("midpoint".into()),
        moves: Some(2),
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
        let svg = render_svg(&analysis, &RenderOptions { block: None, moves }).unwrap();
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
}
