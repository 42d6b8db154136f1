//! Every solve block's goals on each of its instances, side by side in one
//! list: what an edit of one declaration reads to tell which blocks a
//! changed given or setup object could reach, without visiting each
//! block's instances (memory such an edit finds cold, a cache miss per
//! block and instance). docs/design.md, "Analysis after an edit".

use super::problem::Problem;
use super::redefine::Moved;
use super::types::Value;
use crate::geom::Object;

/// Kept by the scene beside its problems (`Scene::goals`): set whenever a
/// block is resolved, from scratch or again.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GoalTable {
    /// Each goal alternative of each instance of each problem that fits,
    /// ordered by problem.
    entries: Vec<Entry>,
    /// Per problem: whether its instances are the declared one and the
    /// file's random ones (`redefine::takes_moved_inputs`), so that the
    /// changed inputs of an edit fit them; only then are its goals listed.
    fits: Vec<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    problem: u32,
    /// 0 for the declared instance, then the random ones.
    instance: u32,
    goal: Value,
}

impl GoalTable {
    /// Lists problem `index` (new, or in place of the one it replaces).
    pub(crate) fn set(&mut self, index: usize, problem: &Problem, fits: bool) {
        let start = self
            .entries
            .partition_point(|entry| (entry.problem as usize) < index);
        let end = start
            + self.entries[start..]
                .iter()
                .take_while(|entry| entry.problem as usize == index)
                .count();
        let goals = problem
            .instances
            .iter()
            .enumerate()
            .flat_map(|(instance, values)| {
                values.goals.iter().flatten().map(move |&goal| Entry {
                    problem: index as u32,
                    instance: instance as u32,
                    goal,
                })
            })
            .filter(|_| fits);
        self.entries.splice(start..end, goals);
        if self.fits.len() <= index {
            self.fits.resize(index + 1, false);
        }
        self.fits[index] = fits;
    }

    /// Per problem: whether the changed inputs of an edit leave its goals
    /// alone — its instances fit them, and none of them, where it was
    /// (`before`) or where it is (`moved`), meets a goal of it on the same
    /// instance. Both are indexed by instance (`redefine::moved_inputs`).
    pub(crate) fn untouched(&self, moved: &[Vec<Moved>], before: &[Vec<Moved>]) -> Vec<bool> {
        let mut untouched = self.fits.clone();
        for entry in &self.entries {
            let problem = entry.problem as usize;
            if !untouched[problem] {
                continue;
            }
            let instance = entry.instance as usize;
            let (Some(moved), Some(before)) = (moved.get(instance), before.get(instance)) else {
                untouched[problem] = false;
                continue;
            };
            let reaches = |input: &Moved| meets(&moved_value(input), &entry.goal);
            if moved.iter().chain(before).any(reaches) {
                untouched[problem] = false;
            }
        }
        untouched
    }
}

/// The value of a changed given or setup object.
fn moved_value(moved: &Moved) -> Value {
    match *moved {
        Moved::Given(_, point) => Value::Point(point),
        Moved::Setup(_, Object::Line(line)) => Value::Line(line),
        Moved::Setup(_, Object::Circle(circle)) => Value::Circle(circle),
    }
}

/// Whether a given or setup object could reach `goal`, or help to: a point
/// that is the goal, an object through a goal point or that is the goal.
fn meets(input: &Value, goal: &Value) -> bool {
    match (input, goal) {
        (Value::Point(point), Value::Point(goal)) => point.same(*goal),
        (Value::Line(line), Value::Point(goal)) => Object::Line(*line).contains(*goal),
        (Value::Circle(circle), Value::Point(goal)) => Object::Circle(*circle).contains(*goal),
        (Value::Line(line), Value::Line(goal)) => Object::Line(*line).reaches(&Object::Line(*goal)),
        (Value::Line(_) | Value::Circle(_), Value::Line(_) | Value::Circle(_)) => {
            let as_object = |value: &Value| match value {
                Value::Line(line) => Some(Object::Line(*line)),
                Value::Circle(circle) => Some(Object::Circle(*circle)),
                _ => None,
            };
            as_object(input)
                .zip(as_object(goal))
                .is_some_and(|(input, goal)| input.same(&goal))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    const TWO_BLOCKS: &str = "let r = 1\npoint A = (0, 0)\npoint B = (2 * r, 0)\n\
        solve one {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n}\n\
        solve two {\n  goal M = midpoint(A, B)\n}\n";

    /// No input moved on any instance.
    fn still(scene: &crate::resolve::Scene) -> Vec<Vec<Moved>> {
        vec![Vec::new(); scene.problems[0].instances.len()]
    }

    #[test]
    fn an_input_on_a_goal_touches_that_block_alone() {
        let analysis = analyze(TWO_BLOCKS);
        let scene = analysis.scene();
        assert_eq!(
            scene.goals.untouched(&still(scene), &still(scene)),
            [true, true]
        );
        // Block `two`'s goal on the third instance, where a given moves to
        // (or from): that block is touched, the other is not.
        let Value::Point(goal) = scene.problems[1].instances[2].goals[0][0] else {
            panic!("a point goal");
        };
        let mut moved = still(scene);
        moved[2].push(Moved::Given(0, goal));
        assert_eq!(scene.goals.untouched(&moved, &still(scene)), [true, false]);
        assert_eq!(scene.goals.untouched(&still(scene), &moved), [true, false]);
        // The same point on another instance reaches nothing there.
        let mut elsewhere = still(scene);
        elsewhere[1].push(Moved::Given(0, goal));
        assert_eq!(
            scene.goals.untouched(&elsewhere, &still(scene)),
            [true, true]
        );
        // A line through block `one`'s goal point touches it.
        let Value::Point(apex) = scene.problems[0].instances[0].goals[0][0] else {
            panic!("a point goal");
        };
        let through = crate::geom::Line::through(apex, apex + crate::geom::Point::new(1.0, 3.0));
        let mut line = still(scene);
        line[0].push(Moved::Setup(0, Object::Line(through.expect("two points"))));
        assert_eq!(scene.goals.untouched(&line, &still(scene)), [false, true]);
    }

    #[test]
    fn a_block_set_again_is_listed_as_from_scratch() {
        let analysis = analyze(TWO_BLOCKS);
        let scene = analysis.scene();
        let mut table = scene.goals.clone();
        // Left out (its instances no longer fit), then listed again.
        table.set(0, &scene.problems[0], false);
        assert_eq!(table.untouched(&still(scene), &still(scene)), [false, true]);
        assert!(table.entries.iter().all(|entry| entry.problem == 1));
        table.set(0, &scene.problems[0], true);
        assert_eq!(table, scene.goals);
        // In place of block `two`: block `one`'s goals.
        table.set(1, &scene.problems[0], true);
        let listed = |problem: u32| {
            table
                .entries
                .iter()
                .filter(|entry| entry.problem == problem)
                .map(|entry| (entry.instance, entry.goal))
                .collect::<Vec<_>>()
        };
        assert_eq!(listed(0), listed(1));
        assert_eq!(listed(0).len(), scene.problems[0].instances.len());
    }
}
