//! Every example checks clean, and its syntax tree and resolved problems are
//! snapshotted.

use super::{analyze_path, example_files, read};
use euc::analysis::analyze;
use euc::check::Status;

#[test]
fn every_example_checks_without_errors() {
    let files = example_files();
    assert!(files.len() >= 6, "the seed's three examples and three more");
    for path in files {
        let analysis = analyze_path(&path);
        let errors: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        for report in &analysis.reports {
            assert!(
                matches!(report.status, Status::Solved | Status::Unsolved),
                "{}: block {} is {:?}",
                path.display(),
                report.name,
                report.status
            );
        }
    }
}

#[test]
fn syntax_trees_of_examples() {
    for path in example_files() {
        let (file, diagnostics) = euc::parse::parse(&read(&path));
        assert!(
            diagnostics.is_empty(),
            "{}: {diagnostics:#?}",
            path.display()
        );
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("tree-{name}"), euc::parse::ast::tree_to_text(&file));
    }
}

#[test]
fn resolved_problems_of_examples() {
    for path in example_files() {
        let analysis = analyze_path(&path);
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(
            format!("problem-{name}"),
            euc::cli::compile::problems_to_text(analysis.scene())
        );
    }
}

#[test]
fn seed_examples_use_the_seed_lengths() {
    let moves = |file: &str| {
        let analysis = analyze(&read(&super::root().join("examples").join(file)));
        analysis.reports[0].moves
    };
    assert_eq!(moves("midpoint.euc"), 6);
    assert_eq!(moves("napoleon.euc"), 6);
    assert_eq!(moves("third-proportional.euc"), 3);
}

#[test]
fn the_tangled_puzzle_fails_until_untangled() {
    let path = super::root().join("examples/planar/tangled.euc");
    let text = read(&path);
    let analysis = analyze(&text);
    assert_eq!(analysis.puzzle_reports[0].status, Status::Failed);
    assert!(analysis.diagnostics.iter().all(|d| d.code == "E0701"));
    let puzzle = &analysis.scene().puzzles[0];
    let euc::planar::draw::untangle::Untangled::Positions(positions) =
        euc::planar::draw::untangle::untangle(
            &puzzle.positions(),
            &puzzle.links,
            puzzle.level,
            puzzle.seed,
        )
    else {
        panic!("the example untangles")
    };
    assert!(euc::planar::crossing::crossings(&positions, &puzzle.links).is_empty());
}

/// Every Euclidea level states the game's counts in its header and holds a
/// checked construction at them: a block of lines and circles at the E-star
/// count (`// E-star: N`), a block with L-tools at the L-star count. A count
/// no source gives is written `?` (the construction must still check); a
/// level whose construction is not known yet says so (`// Construction:
/// not yet …`) and has goals but no steps; one shorter than the game's
/// count (stated from an older version) gives its length (`// Shorter
/// here: N`).
#[test]
fn euclidea_levels_are_solved_at_their_e_star_count() {
    let files = super::euc_files(&super::root().join("examples/euclidea"));
    assert!(!files.is_empty());
    for path in files {
        let text = read(&path);
        let header = |prefix: &str| -> Option<&str> {
            text.lines()
                .find_map(|line| line.strip_prefix(prefix))
                .and_then(|rest| rest.split_whitespace().next())
        };
        let star = |prefix: &str| header(prefix).and_then(|count| count.parse::<usize>().ok());
        assert!(
            header("// E-star: ").is_some() || header("// L-star: ").is_some(),
            "{}: no `// E-star: N` or `// L-star: N` line",
            path.display()
        );
        // A construction shorter than a count of an older game version
        // says so (`// Shorter here: N (why)`) and is held to N.
        let (e_star, l_star) = (
            star("// Shorter here: ").or(star("// E-star: ")),
            star("// L-star: "),
        );
        let unsolved = text
            .lines()
            .any(|line| line.starts_with("// Construction: not yet"));
        let analysis = analyze(&text);
        assert!(!analysis.has_errors(), "{}", path.display());
        for report in &analysis.reports {
            if unsolved {
                assert_eq!(report.status, Status::Unsolved, "{}", path.display());
                continue;
            }
            assert_eq!(report.status, Status::Solved, "{}", path.display());
            match (report.uses_tools, e_star, l_star) {
                (false, Some(e_star), _) => assert_eq!(report.moves, e_star, "{}", path.display()),
                (true, _, Some(l_star)) => {
                    assert_eq!(report.tool_uses, l_star, "{}", path.display())
                }
                _ => {}
            }
        }
    }
}
