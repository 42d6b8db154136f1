//! Where labels go: near what they name, however dense the picture.

use super::*;
use crate::analysis::analyze;

/// Every label's distance in pixels from what it names, in the picture of
/// the file's first solve block.
fn label_distances(text: &str) -> Vec<(String, f64)> {
    let canvas = draw_problem(&analyze(text), 0, None, false, None).expect("a picture");
    (canvas.placed().iter())
        .map(|placed| (placed.text.clone(), placed.distance))
        .collect()
}

/// Near: within 3% of the picture's diagonal (1,000 pixels), about two
/// label heights.
const NEAR: f64 = 30.0;

fn assert_near(name: &str, text: &str) {
    let far: Vec<String> = label_distances(text)
        .into_iter()
        // Infinite (a label with nothing of its object in view) is far too.
        .filter(|(_, distance)| distance.is_nan() || *distance > NEAR)
        .map(|(label, distance)| format!("{label} at {distance:.0} px"))
        .collect();
    assert!(far.is_empty(), "{name}: {far:?}");
}

/// The densest examples (22 to 32 labels among a dozen circles): every
/// label stays beside its point, line or circle.
#[test]
fn labels_stay_near_their_objects_in_dense_pictures() {
    for (name, text) in [
        (
            "12-08",
            include_str!("../../examples/euclidea/12-08-hypotenuse-and-altitude.euc"),
        ),
        (
            "13-09",
            include_str!("../../examples/euclidea/13-09-square-by-four-points.euc"),
        ),
        (
            "06-07",
            include_str!("../../examples/euclidea/06-07-triangle-by-three-sides.euc"),
        ),
        (
            "06-09",
            include_str!("../../examples/euclidea/06-09-nine-point-circle.euc"),
        ),
        (
            "14-05",
            include_str!("../../examples/euclidea/14-05-arbelos.euc"),
        ),
    ] {
        assert_near(name, text);
    }
}

/// A given circle far bigger than the figure crosses the picture as an arc:
/// its label goes by that arc, not by a point of the circle outside the
/// picture (where the label cannot be seen).
#[test]
fn a_large_circle_is_labelled_where_it_crosses_the_picture() {
    let text = "point A = (0, 0)\npoint B = (1, 0)\ncircle k = circle((10, -25), 26.74)\nsolve s {\n  goal M = midpoint(A, B)\n}\n";
    let distances = label_distances(text);
    assert!(
        distances.iter().any(|(label, _)| label == "k"),
        "{distances:?}"
    );
    assert_near("a large circle", text);
}

/// The labels that cover a mark (a point's dot, a goal's ring) in the
/// picture of the file's first solve block.
fn covered_marks(text: &str) -> Vec<String> {
    let canvas = draw_problem(&analyze(text), 0, None, false, None).expect("a picture");
    let mut covered = Vec::new();
    for placed in canvas.placed() {
        for &(centre, radius) in canvas.marks() {
            // Inside the box, or its edge within the mark's radius.
            if label::distance(placed.rect, centre) < radius - 1e-9 {
                covered.push(format!(
                    "{} covers the mark at ({:.0}, {:.0})",
                    placed.text, centre.x, centre.y
                ));
            }
        }
    }
    covered
}

/// B's dot sits where A's label goes first (above right of A): A's label,
/// placed before B was drawn, covered it. Every dot is kept free before
/// any label is placed.
#[test]
fn no_label_covers_a_dot_drawn_after_it() {
    let text = "point A = (0, 0)\npoint B = (0.19, 0.255)\npoint C = (10, 10)\nsolve s {\n  goal M = midpoint(A, C)\n}\n";
    assert_eq!(covered_marks(text), Vec::<String>::new());
    assert_near("a dot beside a label", text);
}

/// In the densest examples too, no label covers a point's dot or a goal's
/// ring.
#[test]
fn no_label_covers_a_dot_in_dense_pictures() {
    for (name, text) in [
        (
            "12-08",
            include_str!("../../examples/euclidea/12-08-hypotenuse-and-altitude.euc"),
        ),
        (
            "06-09",
            include_str!("../../examples/euclidea/06-09-nine-point-circle.euc"),
        ),
        (
            "14-05",
            include_str!("../../examples/euclidea/14-05-arbelos.euc"),
        ),
    ] {
        assert_eq!(covered_marks(text), Vec::<String>::new(), "{name}");
    }
}
