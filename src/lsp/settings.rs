//! The server's settings, typed: read from the initialization options and
//! `workspace/didChangeConfiguration` (under `euc` or at the top), each
//! with its default. A setting left out, or of the wrong type, keeps its
//! value; the others still apply. The settings are listed in README.md,
//! "Editors".

use super::solve_job::SolveSettings;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::time::Duration;

/// What the client set, with the defaults for the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Commands the client runs itself (`clientCommands`: VS Code's "Show
    /// picture" and "Play"); code lenses offer only these and the server's own.
    pub client_commands: Vec<String>,
    /// `inlayHints.enabled` (or `inlayHints`): the length hints on steps.
    pub inlay_hints: bool,
    /// `solver.maxMoves` (1 to the solver's limit) and `solver.timeout` (seconds).
    pub solver: SolveSettings,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            client_commands: Vec::new(),
            inlay_hints: true,
            solver: SolveSettings {
                max_moves: 8,
                timeout: Duration::from_secs(60),
            },
        }
    }
}

impl Settings {
    /// Takes in the settings the client sent; what it left out stays. Gives
    /// the messages for values refused (the server logs them).
    pub fn update(&mut self, sent: &Value) -> Vec<String> {
        let mut refused = Vec::new();
        let sent = sent.get("euc").unwrap_or(sent);
        let Some(Patch {
            client_commands,
            inlay_hints,
            solver,
        }) = table(sent)
        else {
            return refused;
        };
        if let Some(commands) = client_commands.0 {
            self.client_commands = commands.into_iter().filter_map(|name| name.0).collect();
        }
        if let Some(enabled) = inlay_hints.0 {
            self.inlay_hints = enabled;
        }
        let solver = solver.0.unwrap_or_default();
        if let Some(moves) = solver.max_moves.0 {
            // At most the solver's limit: a huge setting once aborted the server.
            let most = crate::door::MOST_MOVES as u64;
            self.solver.max_moves = moves.clamp(1, most) as usize;
        }
        if let Some(seconds) = solver.timeout.0 {
            if seconds.is_finite() && seconds >= 0.0 {
                // Whole milliseconds; a huge number saturates (no limit).
                self.solver.timeout = Duration::from_millis((seconds * 1000.0) as u64);
            } else {
                // As `--timeout -5` is refused: a negative limit once acted
                // as 0, and every search stopped at once.
                refused.push(format!(
                    "euc: `solver.timeout` is a number of seconds, 0 or more, not {seconds}; \
                     it stays {} s",
                    self.solver.timeout.as_secs_f64()
                ));
            }
        }
        refused
    }
}

/// The settings as sent, each one read on its own.
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Patch {
    client_commands: Lenient<Vec<Lenient<String>>>,
    inlay_hints: InlayHints,
    solver: Table<SolverPatch>,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct SolverPatch {
    max_moves: Lenient<u64>,
    timeout: Lenient<f64>,
}

/// A value of the wrong type reads as absent.
#[derive(Default)]
struct Lenient<T>(Option<T>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Ok(Lenient(T::deserialize(value).ok()))
    }
}

/// A group of settings: read only from a JSON object.
#[derive(Default)]
struct Table<T>(Option<T>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Table<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Table(table(&Value::deserialize(deserializer)?)))
    }
}

fn table<T: DeserializeOwned>(value: &Value) -> Option<T> {
    value
        .is_object()
        .then(|| T::deserialize(value).ok())
        .flatten()
}

/// `inlayHints`: `{ "enabled": bool }`, or the bool alone.
#[derive(Default)]
struct InlayHints(Option<bool>);

impl<'de> Deserialize<'de> for InlayHints {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Enabled {
            #[serde(default)]
            enabled: Lenient<bool>,
        }
        let value = Value::deserialize(deserializer)?;
        Ok(InlayHints(match value {
            Value::Bool(enabled) => Some(enabled),
            value => table::<Enabled>(&value).and_then(|table| table.enabled.0),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;
    use serde_json::json;
    use std::time::Duration;

    fn updated(sent: serde_json::Value) -> Settings {
        let mut settings = Settings::default();
        settings.update(&sent);
        settings
    }

    #[test]
    fn a_negative_timeout_is_refused_with_a_message() {
        let mut settings = updated(json!({ "solver": { "timeout": 2 } }));
        for refused in [json!(-5), json!(-0.001), json!(f64::NEG_INFINITY)] {
            let messages = settings.update(&json!({ "solver": { "timeout": refused } }));
            if refused.is_null() {
                // JSON has no infinity: serde_json writes it as null, which
                // reads as a setting left out.
                assert!(messages.is_empty());
            } else {
                assert_eq!(messages.len(), 1, "{refused}");
                assert!(messages[0].contains("0 or more"), "{messages:?}");
                assert!(messages[0].contains("stays 2 s"), "{messages:?}");
            }
            assert_eq!(settings.solver.timeout, Duration::from_secs(2), "{refused}");
        }
        assert!(settings
            .update(&json!({ "solver": { "timeout": 0 } }))
            .is_empty());
        assert_eq!(settings.solver.timeout, Duration::ZERO);
    }

    #[test]
    fn each_setting_is_read_under_euc_or_at_the_top() {
        let settings = updated(json!({ "euc": {
            "clientCommands": ["euc.play", 3],
            "inlayHints": { "enabled": false },
            "solver": { "maxMoves": 12, "timeout": 1.5 },
        }}));
        assert_eq!(settings.client_commands, ["euc.play"]);
        assert!(!settings.inlay_hints);
        assert_eq!(settings.solver.max_moves, 12);
        assert_eq!(settings.solver.timeout, Duration::from_millis(1500));
        assert!(!updated(json!({ "inlayHints": false })).inlay_hints);
    }

    #[test]
    fn what_is_missing_or_mistyped_keeps_its_value() {
        let mut settings = updated(json!({ "solver": { "maxMoves": 3 } }));
        settings.update(&json!({ "solver": { "maxMoves": -1, "timeout": "soon" } }));
        settings.update(&json!({ "inlayHints": { "enabled": "no" }, "clientCommands": 5 }));
        settings.update(&json!([1, 2]));
        settings.update(&json!({ "solver": [4, 5], "inlayHints": [false] }));
        let expected = Settings {
            solver: super::SolveSettings {
                max_moves: 3,
                ..Settings::default().solver
            },
            ..Settings::default()
        };
        assert_eq!(settings, expected);
    }

    #[test]
    fn max_moves_is_clamped_to_the_solvers_limit() {
        let most = crate::door::MOST_MOVES;
        let huge = updated(json!({ "solver": { "maxMoves": 1_000_000_000u64 } }));
        assert_eq!(huge.solver.max_moves, most);
        assert_eq!(
            updated(json!({ "solver": { "maxMoves": 0 } }))
                .solver
                .max_moves,
            1
        );
        let forever = updated(json!({ "solver": { "timeout": 1e300 } }));
        assert_eq!(forever.solver.timeout, Duration::from_millis(u64::MAX));
    }
}
