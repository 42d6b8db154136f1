//! `euc play`: the construction board of a solve block, served by the same
//! server as the Planarity board. `GET /state` is the block's state
//! (`door::board`), `GET /failing` the same drawn on the instance the
//! construction fails on ("Show where it fails"); `POST /move`, `/undo`,
//! `/redo` and `/hint` (the next move of a shortest completion, or with
//! `all` every move) write step lines into the block and answer `{state,
//! lines}`. docs/design.md, "The construction board".

use super::{error, json, Answer, Game, Page};
use crate::deadline::Deadline;
use crate::door::board::{self, Ask, HintAsk, Lines, Move};
use crate::door::hint::HINT_SECONDS;
use crate::door::{apply_edits, Analysis};
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
        .and_then(|(analysis, index)| state_of(&analysis, index))
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

/// The board's state of a block, as JSON.
fn state_of(analysis: &Analysis, index: usize) -> Result<serde_json::Value, String> {
    view_of(analysis, index, &Ask::State)
}

/// The board's answer to `ask`, a state (`Ask::State` or `Ask::Failing`),
/// as JSON.
fn view_of(analysis: &Analysis, index: usize, ask: &Ask) -> Result<serde_json::Value, String> {
    match board::ask(analysis, index, ask, &Deadline::after(None))? {
        board::Answer::State(state) => Ok(serde_json::to_value(state).expect("a state serializes")),
        board::Answer::Played(_) => Err("the board answered a state with a move".into()),
    }
}

impl Construction {
    /// The state `ask` asks for, or why there is none (409).
    fn view(&mut self, ask: &Ask) -> Answer {
        match self
            .load()
            .and_then(|(analysis, index)| view_of(&analysis, index, ask))
        {
            Ok(state) => json(&state),
            Err(message) => error(&message),
        }
    }

    /// The file's analysis and the block's index.
    fn load(&mut self) -> Result<(Analysis, usize), String> {
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
        Ok((analysis, index))
    }

    /// Writes the edit the board makes of `ask` into the file, and answers
    /// `{state, lines}`; a hint searches for up to `HINT_SECONDS`, and the
    /// page waits for it.
    fn edit(&mut self, ask: Result<Ask, String>) -> Answer {
        let answer = ask.and_then(|ask| {
            let (analysis, index) = self.load()?;
            let budget = Deadline::seconds(HINT_SECONDS);
            let board::Answer::Played(played) = board::ask(&analysis, index, &ask, &budget)? else {
                return Err("the board answered a move with a state".into());
            };
            let text: &str = &analysis.text;
            let result = apply_edits(text, &played.edits);
            super::super::files::replace_checked(&self.file, text, &result)?;
            let (analysis, index) = self.load()?;
            let state = state_of(&analysis, index)?;
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
        self.view(&Ask::State)
    }

    fn get(&mut self, path: &str) -> Option<Answer> {
        match path {
            "/failing" => Some(self.view(&Ask::Failing)),
            _ => None,
        }
    }

    fn post(&mut self, path: &str, body: &str) -> Option<Answer> {
        let lines = || {
            serde_json::from_str::<Lines>(body)
                .map_err(|e| format!("an undo or redo is {{\"lines\", \"version\"}}: {e}"))
        };
        let ask = match path {
            "/move" => serde_json::from_str::<Move>(body)
                .map(Ask::Move)
                .map_err(|e| {
                    format!("a move is {{\"tool\", \"args\", \"at\"?, \"version\"?}}: {e}")
                }),
            "/undo" => lines().map(Ask::Undo),
            "/redo" => lines().map(Ask::Redo),
            "/hint" => serde_json::from_str::<HintAsk>(body)
                .map(Ask::Hint)
                .map_err(|e| format!("a hint is {{\"all\"?, \"version\"?}}: {e}")),
            _ => return None,
        };
        Some(self.edit(ask))
    }
}
