//! `euc play`: the construction board of a solve block, served by the same
//! server as the Planarity board. `GET /state` is the block's state
//! (`edit::board`); `POST /move`, `/undo`, `/redo` and `/hint` (the next
//! move of a shortest completion, or with `all` every move) write step
//! lines into the block and answer `{state, lines}`. docs/design.md, "The
//! construction board".

use super::{error, json, Answer, Game, Page};
use crate::analysis::Analysis;
use crate::edit::apply_edits;
use crate::edit::board::{
    construction_state, hint_move, play_move, redo_move, undo_move, HintAsk, Move, Played,
    HINT_SECONDS,
};
use std::path::{Path, PathBuf};

const PAGE: &str = include_str!("../../../editors/board/play-construction.html");
const SCRIPT: &str = include_str!("../../../editors/board/construction.js");
const STYLE: &str = include_str!("../../../editors/board/construction.css");

/// Serves the board of solve block `block` (default: the first) of `file`
/// on 127.0.0.1:`port` (0: any free port), printing its address.
pub fn serve(file: &Path, block: Option<&str>, port: u16) -> i32 {
    let mut board = Construction {
        file: file.to_path_buf(),
        name: block.map(str::to_string),
    };
    // Refuse at once what the page could never show.
    if let Err(message) = board
        .load()
        .and_then(|(text, analysis, index)| board.state_of(&text, &analysis, index).map(|_| ()))
    {
        say!("error: {message}");
        return super::super::EXIT_USAGE;
    }
    let page = Page {
        html: PAGE,
        script: SCRIPT,
        style: STYLE,
        what: "draw lines and circles",
    };
    super::serve_game(Box::new(board), page, port)
}

struct Construction {
    file: PathBuf,
    /// The block asked for, or (once found) the first solve block's name.
    name: Option<String>,
}

/// What the page sends to undo or redo a move.
#[derive(serde::Deserialize)]
struct Lines {
    /// The step lines of the move (an undo without them takes the block's
    /// last move).
    #[serde(default)]
    lines: Option<Vec<String>>,
    #[serde(default)]
    version: Option<String>,
}

impl Construction {
    /// The file's text, its analysis and the block's index.
    fn load(&mut self) -> Result<(String, Analysis, usize), String> {
        let text = super::super::read_source(&self.file)?;
        let analysis = super::super::sources::analyze_source(&self.file, &text);
        let scene = analysis.scene();
        let index = scene
            .problem_or_first(self.name.as_deref())
            .ok_or_else(|| match &self.name {
                Some(name) => format!("{} has no solve block named `{name}`", self.file.display()),
                None => format!("{} has no solve block", self.file.display()),
            })?;
        self.name = Some(scene.problems[index].name.clone());
        Ok((text, analysis, index))
    }

    fn state_of(
        &self,
        text: &str,
        analysis: &Analysis,
        index: usize,
    ) -> Result<serde_json::Value, String> {
        let report = analysis
            .reports
            .get(index)
            .ok_or("the block could not be checked: fix the errors first")?;
        let state =
            construction_state(text, analysis.scene(), index, report, &analysis.diagnostics)?;
        Ok(serde_json::to_value(state).expect("a state serializes"))
    }

    /// Writes the edit `make` computes from the block into the file, and
    /// answers `{state, lines}`.
    fn edit(
        &mut self,
        make: impl FnOnce(&str, &Analysis, usize) -> Result<Played, String>,
    ) -> Answer {
        let answer = self.load().and_then(|(text, analysis, index)| {
            let played = make(&text, &analysis, index)?;
            let result = apply_edits(&text, &played.edits);
            super::super::files::replace_checked(&self.file, &text, &result)?;
            let (text, analysis, index) = self.load()?;
            let state = self.state_of(&text, &analysis, index)?;
            Ok(serde_json::json!({ "state": state, "lines": played.lines }))
        });
        match answer {
            Ok(answer) => json(&answer),
            Err(message) => error(&message),
        }
    }
}

impl Game for Construction {
    fn file(&self) -> &Path {
        &self.file
    }

    fn state(&mut self) -> Answer {
        match self
            .load()
            .and_then(|(text, analysis, index)| self.state_of(&text, &analysis, index))
        {
            Ok(state) => json(&state),
            Err(message) => error(&message),
        }
    }

    fn post(&mut self, path: &str, body: &str) -> Option<Answer> {
        let lines = || {
            serde_json::from_str::<Lines>(body)
                .map_err(|e| format!("an undo or redo is {{\"lines\", \"version\"}}: {e}"))
        };
        Some(match path {
            "/move" => match serde_json::from_str::<Move>(body) {
                Ok(played) => self.edit(|text, analysis, index| {
                    let scene = analysis.scene();
                    play_move(text, scene, &scene.problems[index], &played)
                }),
                Err(e) => error(&format!(
                    "a move is {{\"tool\", \"args\", \"at\"?, \"version\"?}}: {e}"
                )),
            },
            "/undo" => match lines() {
                Ok(asked) => self.edit(|text, analysis, index| {
                    undo_move(
                        text,
                        &analysis.scene().problems[index],
                        asked.lines.as_deref(),
                        asked.version.as_deref(),
                    )
                }),
                Err(message) => error(&message),
            },
            "/redo" => match lines() {
                Ok(Lines {
                    lines: Some(lines),
                    version,
                }) => self.edit(|text, analysis, index| {
                    let problem = &analysis.scene().problems[index];
                    redo_move(text, problem, &lines, version.as_deref())
                }),
                Ok(_) => error("a redo needs the move's `lines`"),
                Err(message) => error(&message),
            },
            // A search of up to `HINT_SECONDS`: the board waits for it.
            "/hint" => match serde_json::from_str::<HintAsk>(body) {
                Ok(ask) => self.edit(|text, analysis, index| {
                    let budget = super::super::hint::Deadline(Some(
                        std::time::Instant::now() + std::time::Duration::from_secs(HINT_SECONDS),
                    ));
                    let limit = format!("{HINT_SECONDS} s");
                    hint_move(text, analysis.scene(), index, &ask, &budget, &|stop| {
                        crate::ide::find::why_stopped(stop, Some(&limit))
                    })
                }),
                Err(e) => error(&format!("a hint is {{\"all\"?, \"version\"?}}: {e}")),
            },
            _ => return None,
        })
    }
}
