//! `euc planar play`: the board as a page on 127.0.0.1. The page (the same
//! script as the VS Code webview) asks for the block's state and reports
//! each drop; the server writes the new position into the file, atomically
//! and only if nobody changed it meanwhile, and answers with the exact state.
//! docs/planar.md, "The board".

use super::{EXIT_OK, EXIT_USAGE};
use crate::analysis::analyze;
use crate::check::Status;
use crate::edit::{apply_edits, TextEdit};
use crate::geom::Point;
use crate::planar::edits::{board_state, move_node, next_level};
use crate::resolve::Puzzle;
use std::io::{Read, Write};
use std::path::Path;
use tiny_http::{Header, Method, Request, Response, Server};

const PAGE: &str = include_str!("../../editors/board/play.html");
const SCRIPT: &str = include_str!("../../editors/board/board.js");
const STYLE: &str = include_str!("../../editors/board/board.css");

/// Requests larger than this are refused (a move is a few dozen bytes).
const MAX_BODY: u64 = 64 * 1024;

pub fn serve(file: &Path, block: Option<&str>, port: u16) -> i32 {
    // Refuse at once what the page could never show.
    let mut board = Board {
        file,
        name: block.map(str::to_string),
        index: 0,
    };
    if let Err(message) = board.load() {
        say!("error: {message}");
        return EXIT_USAGE;
    }
    let server = match Server::http(("127.0.0.1", port)) {
        Ok(server) => server,
        Err(error) => {
            say!("error: cannot listen on 127.0.0.1:{port}: {error}");
            return EXIT_USAGE;
        }
    };
    let address = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    println!("http://{address}/");
    let _ = std::io::stdout().flush();
    say!(
        "playing {} — drag nodes in the browser; Ctrl-C stops",
        file.display()
    );
    for request in server.incoming_requests() {
        board.answer(request);
    }
    EXIT_OK
}

struct Board<'a> {
    file: &'a Path,
    /// The block asked for by name, if any; else the first, then by place.
    name: Option<String>,
    index: usize,
}

impl Board<'_> {
    /// The file's text and its block, found by name or (once the name is
    /// gone, as after "next level") by place.
    fn load(&mut self) -> Result<(String, Puzzle, Status), String> {
        let text = super::read_source(self.file)?;
        let analysis = analyze(&text);
        if let Some(error) = analysis.input_errors().first() {
            return Err(format!(
                "{} has errors: {}",
                self.file.display(),
                error.message
            ));
        }
        let puzzles = &analysis.scene().puzzles;
        let index = match &self.name {
            Some(name) => puzzles.iter().position(|p| &p.name == name),
            None => (self.index < puzzles.len()).then_some(self.index),
        }
        .ok_or_else(|| match &self.name {
            Some(name) => format!("{} has no planar block named `{name}`", self.file.display()),
            None => format!("{} has no planar block", self.file.display()),
        })?;
        self.index = index;
        let puzzle = puzzles[index].clone();
        self.name = Some(puzzle.name.clone());
        Ok((text, puzzle, analysis.puzzle_reports[index].status))
    }

    fn answer(&mut self, mut request: Request) {
        let url = request.url().to_string();
        let response = match (request.method(), url.as_str()) {
            (Method::Get, "/") => text(PAGE, "text/html; charset=utf-8"),
            (Method::Get, "/board.js") => text(SCRIPT, "text/javascript; charset=utf-8"),
            (Method::Get, "/board.css") => text(STYLE, "text/css; charset=utf-8"),
            (Method::Get, "/state") => self.state(),
            (Method::Post, "/move") => match body(&mut request) {
                Ok(body) => self.play_move(&body),
                Err(message) => error(&message),
            },
            (Method::Post, "/next") => self.edit(next_level),
            _ => Response::from_string("not found")
                .with_status_code(404)
                .boxed(),
        };
        let _ = request.respond(response);
    }

    fn state(&mut self) -> Response<Box<dyn std::io::Read + Send>> {
        match self.load() {
            Ok((_, puzzle, _)) => json(&board_state(&puzzle)),
            Err(message) => error(&message),
        }
    }

    fn play_move(&mut self, body: &str) -> Response<Box<dyn std::io::Read + Send>> {
        #[derive(serde::Deserialize)]
        struct Move {
            node: String,
            x: f64,
            y: f64,
        }
        let played: Move = match serde_json::from_str(body) {
            Ok(played) => played,
            Err(e) => return error(&format!("a move is {{\"node\", \"x\", \"y\"}}: {e}")),
        };
        self.edit(|puzzle, _| move_node(puzzle, &played.node, Point::new(played.x, played.y)))
    }

    /// Applies an edit of the block to the file and answers with the new
    /// state.
    fn edit(
        &mut self,
        make: impl FnOnce(&Puzzle, Status) -> Result<Vec<TextEdit>, String>,
    ) -> Response<Box<dyn std::io::Read + Send>> {
        let (text, puzzle, status) = match self.load() {
            Ok(loaded) => loaded,
            Err(message) => return error(&message),
        };
        let edits = match make(&puzzle, status) {
            Ok(edits) => edits,
            Err(message) => return error(&message),
        };
        let result = apply_edits(&text, &edits);
        if let Err(message) = super::files::replace_checked(self.file, &text, &result) {
            return error(&message);
        }
        // "Next level" may rename the block: follow it by place.
        self.name = None;
        self.state()
    }
}

fn body(request: &mut Request) -> Result<String, String> {
    let mut body = String::new();
    request
        .as_reader()
        .take(MAX_BODY)
        .read_to_string(&mut body)
        .map_err(|e| format!("cannot read the request: {e}"))?;
    Ok(body)
}

fn header(value: &str) -> Header {
    Header::from_bytes("Content-Type", value).expect("a valid header")
}

fn text(body: &str, kind: &str) -> Response<Box<dyn std::io::Read + Send>> {
    Response::from_string(body)
        .with_header(header(kind))
        .boxed()
}

fn json(value: &impl serde::Serialize) -> Response<Box<dyn std::io::Read + Send>> {
    let body = serde_json::to_string(value).expect("state serializes");
    text(&body, "application/json")
}

fn error(message: &str) -> Response<Box<dyn std::io::Read + Send>> {
    json(&serde_json::json!({ "error": message })).with_status_code(409)
}
