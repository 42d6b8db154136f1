//! Instances of a problem: the declared one, explicit `verify` ones, and
//! seeded random ones with every parameter moved a little (DESIGN point 4).

use super::eval::{eval, EvalError};
use super::types::Value;
use super::Scene;
use crate::geom::{Circle, Line, Point};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many random instances a construction must also work on.
pub const RANDOM_INSTANCES: usize = 4;

/// How far a parameter moves, relative to its size (at least 1).
const JITTER: f64 = 0.05;

/// Attempts at a random instance before giving up (some draws break a
/// declaration, for example circles that no longer meet).
const ATTEMPTS: usize = 25;

/// The values of all symbols with some parameters replaced, or the first
/// symbol that cannot be computed.
pub fn evaluate_with(
    scene: &Scene,
    overrides: &[(usize, Value)],
) -> Result<Vec<Option<Value>>, (usize, EvalError)> {
    let mut values: Vec<Option<Value>> = vec![None; scene.symbols.len()];
    let mut fixed = vec![false; scene.symbols.len()];
    for &(symbol, value) in overrides {
        values[symbol] = Some(value);
        fixed[symbol] = true;
    }
    for (index, definition) in scene.definitions.iter().enumerate() {
        if fixed[index] {
            continue;
        }
        let Some(definition) = definition else {
            continue;
        };
        values[index] = Some(eval(definition, &values).map_err(|error| (index, error))?);
    }
    Ok(values)
}

/// Parameter values that were drawn, and the values of all symbols they give.
pub type DrawnInstance = (Vec<(usize, Value)>, Vec<Option<Value>>);

/// Random instances near `base` (the declared values with any overrides),
/// each given as the parameter values that were drawn.
pub fn random_instances(scene: &Scene, seed: u64, count: usize) -> Vec<DrawnInstance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let parameters: Vec<(usize, Value)> = scene
        .symbols
        .iter()
        .enumerate()
        .filter(|(_, symbol)| symbol.is_parameter)
        .filter_map(|(index, _)| scene.values[index].map(|value| (index, value)))
        .collect();
    let mut instances = Vec::new();
    for _ in 0..count {
        for _ in 0..ATTEMPTS {
            let drawn: Vec<(usize, Value)> = parameters
                .iter()
                .map(|(index, value)| (*index, jitter(*value, &mut rng)))
                .collect();
            if let Ok(values) = evaluate_with(scene, &drawn) {
                instances.push((drawn, values));
                break;
            }
        }
    }
    instances
}

fn jitter(value: Value, rng: &mut ChaCha8Rng) -> Value {
    let mut nudge = |size: f64| rng.random_range(-1.0..1.0) * JITTER * size.max(1.0);
    match value {
        Value::Number(number) => Value::Number(number + nudge(number.abs())),
        Value::Point(point) => {
            let size = point.norm();
            Value::Point(Point::new(point.x + nudge(size), point.y + nudge(size)))
        }
        Value::Line(line) => {
            let size = line.origin.norm();
            let from = Point::new(line.origin.x + nudge(size), line.origin.y + nudge(size));
            let to = line.origin + line.direction;
            let to = Point::new(to.x + nudge(size), to.y + nudge(size));
            Line::through(from, to).map_or(value, Value::Line)
        }
        Value::Circle(circle) => {
            let size = circle.center.norm();
            let center = Point::new(circle.center.x + nudge(size), circle.center.y + nudge(size));
            let radius = circle.radius * (1.0 + nudge(0.0));
            Circle::new(center, radius).map_or(value, Value::Circle)
        }
        Value::Pair(..) => value,
    }
}
