//! `euc planar play` and `euc play`: a board as a page on 127.0.0.1. The
//! page (the same script as the VS Code webview) asks for the block's state
//! and reports each move; the server writes it into the file, atomically
//! and only if nobody changed it meanwhile, and answers with the exact state.
//! The server is one for both boards (`Game`: the Planarity board here, the
//! construction board in `construction`).
//! Only the page it served may drive it (Host, Origin, a per-session token,
//! JSON bodies: `access`); it accepts every connection and closes the idlest
//! when too many are open (`connections`), each with limits on size and time.
//! docs/planar.md, "The board" and its "Security".

mod access;
mod connections;
pub(super) mod construction;
mod deadline;

use super::EXIT_USAGE;
use crate::door::planar::{self, Ask, NodeMoves};
use crate::door::{apply_edits, Puzzle, Status};
use access::Access;
use connections::Connections;
use deadline::WriteDeadline;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body as _, Bytes, Incoming};
use hyper::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};

const PAGE: &str = include_str!("../../../editors/board/play.html");
const SCRIPT: &str = include_str!("../../../editors/board/board.js");
const STYLE: &str = include_str!("../../../editors/board/board.css");

/// Request bodies larger than this are refused with 413 (a move is a few
/// dozen bytes).
const MAX_BODY: usize = 64 * 1024;

/// hyper's read buffer, and so the largest request line and headers it
/// takes: a larger head is answered 431 and the connection closed.
const MAX_HEAD: usize = 16 * 1024;

/// How long a connection may keep the board waiting: to send a request's
/// head (counted from when it opens, or from the previous answer, so an
/// idle keep-alive connection is closed after this long), to send its body,
/// or to take an answer.
const PATIENCE: Duration = Duration::from_secs(30);

type Answer = Response<Full<Bytes>>;

pub fn serve(file: &Path, block: Option<&str>, port: u16) -> i32 {
    // Refuse at once what the page could never show.
    let mut board = Board {
        file: file.to_path_buf(),
        name: block.map(str::to_string),
        index: 0,
    };
    if let Err(message) = board.load() {
        say!("error: {message}");
        return EXIT_USAGE;
    }
    let page = Page {
        html: PAGE,
        script: SCRIPT,
        style: STYLE,
        what: "drag nodes",
    };
    serve_game(Box::new(board), page, port)
}

/// What a board's server does with its file: the state, other views of it
/// (`GET`), and the moves POSTed to it (`None`: no such path). The page,
/// its script and its style are `Page`'s.
trait Game: Send {
    fn file(&self) -> &Path;
    fn state(&mut self) -> Answer;
    /// Another view than `/state` (the construction board's `/failing`).
    fn get(&mut self, _path: &str) -> Option<Answer> {
        None
    }
    fn post(&mut self, path: &str, body: &str) -> Option<Answer>;
}

/// A board's page and its two files (served as `/`, `/board.js` and
/// `/board.css` whatever the board), and what the player does on it.
struct Page {
    html: &'static str,
    script: &'static str,
    style: &'static str,
    what: &'static str,
}

/// Serves `game` on 127.0.0.1 until the process is stopped.
fn serve_game(game: Box<dyn Game>, page: Page, port: u16) -> i32 {
    // One thread is plenty: the answers are small and each is made at once.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            say!("error: cannot start the board's server: {error}");
            return EXIT_USAGE;
        }
    };
    runtime.block_on(run(game, page, port))
}

/// The board's state, shared by the connections.
struct Shared {
    board: Mutex<Box<dyn Game>>,
    access: Access,
    connections: Connections,
    script: &'static str,
    style: &'static str,
}

impl Shared {
    /// Does `act` on the board, alone: the lock is never held across an
    /// `await`.
    fn board<R>(&self, act: impl FnOnce(&mut dyn Game) -> R) -> R {
        act(self
            .board
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_mut())
    }
}

/// Listens and serves until the process is stopped (Ctrl-C: the default
/// action, or cli/files.rs's handler once a write has happened).
async fn run(board: Box<dyn Game>, page: Page, port: u16) -> i32 {
    let listener = match TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(error) => {
            say!("error: cannot listen on 127.0.0.1:{port}: {error}");
            return EXIT_USAGE;
        }
    };
    let port = listener.local_addr().map_or(port, |address| address.port());
    let file = board.file().to_path_buf();
    let shared = Arc::new(Shared {
        board: Mutex::new(board),
        access: Access::new(port, page.html),
        connections: Connections::default(),
        script: page.script,
        style: page.style,
    });
    // Not `emit`: a reader of stdout that went away must not stop the board.
    let _ = writeln!(std::io::stdout(), "http://127.0.0.1:{port}/");
    let _ = std::io::stdout().flush();
    say!(
        "playing {} — {} in the browser; Ctrl-C stops",
        file.display(),
        page.what
    );
    // Accepting never waits for a connection: each is served by its own
    // task, and one too many closes the idlest (`connections`).
    loop {
        let stream = accept(&listener).await;
        let shared = Arc::clone(&shared);
        tokio::spawn(connect(stream, shared));
    }
}

async fn accept(listener: &TcpListener) -> TcpStream {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => return stream,
            // Out of file descriptors, say: wait rather than spin.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Serves one connection's requests until it closes, breaks a limit, keeps
/// the board waiting for `PATIENCE`, or is the idlest when too many are
/// open.
async fn connect(stream: TcpStream, shared: Arc<Shared>) {
    let (id, close) = shared.connections.open();
    let serving = Arc::clone(&shared);
    let service = service_fn(move |request| {
        let shared = Arc::clone(&serving);
        async move {
            shared.connections.touch(id);
            let answer = answer(request, &shared).await;
            shared.connections.touch(id);
            Ok::<_, Infallible>(answer)
        }
    });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(PATIENCE)
        .max_buf_size(MAX_HEAD)
        .serve_connection(WriteDeadline::new(TokioIo::new(stream), PATIENCE), service);
    // An error here is the client's (gone, too slow, too large): hyper has
    // answered it if it could, and there is nobody else to tell. Closed as
    // the idlest, the connection is dropped with its socket.
    tokio::select! {
        _ = connection => {}
        () = close.notified() => {}
    }
    shared.connections.close(id);
}

async fn answer(request: Request<Incoming>, shared: &Shared) -> Answer {
    // The target as sent: a query or an absolute form is nothing served.
    let target = request.uri().to_string();
    let mut response = match shared.access.check(&request, &target) {
        Err(why) => json_error(StatusCode::FORBIDDEN, &why),
        Ok(()) => route(request, &target, shared).await,
    };
    // Never cached (the page holds the token), never sniffed as another
    // type, never framed by another page.
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "X-Content-Type-Options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        "Content-Security-Policy",
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    response
}

async fn route(request: Request<Incoming>, target: &str, shared: &Shared) -> Answer {
    match (request.method(), target) {
        (&Method::GET, "/") => text(&shared.access.page, "text/html; charset=utf-8"),
        (&Method::GET, "/board.js") => text(shared.script, "text/javascript; charset=utf-8"),
        (&Method::GET, "/board.css") => text(shared.style, "text/css; charset=utf-8"),
        (&Method::GET, "/state") => shared.board(|board| board.state()),
        (&Method::GET, path) => shared
            .board(|board| board.get(path))
            .unwrap_or_else(not_found),
        (&Method::POST, path) => match body(request).await {
            Ok(body) => shared
                .board(|board| board.post(path, &body))
                .unwrap_or_else(not_found),
            Err(answer) => answer,
        },
        _ => not_found(),
    }
}

fn not_found() -> Answer {
    with_status(
        text("not found", "text/plain; charset=utf-8"),
        StatusCode::NOT_FOUND,
    )
}

impl Game for Board {
    fn file(&self) -> &Path {
        &self.file
    }

    fn state(&mut self) -> Answer {
        Board::state(self)
    }

    fn post(&mut self, path: &str, body: &str) -> Option<Answer> {
        match path {
            "/move" => Some(self.play_move(body)),
            "/next" => Some(self.edit(&Ask::Next)),
            _ => None,
        }
    }
}

struct Board {
    file: PathBuf,
    /// The block asked for by name, if any; else the first, then by place.
    name: Option<String>,
    index: usize,
}

impl Board {
    /// The file's text and its block, found by name or (once the name is
    /// gone, as after "next level") by place.
    fn load(&mut self) -> Result<(String, Puzzle, Status), String> {
        let text = super::read_source(&self.file)?;
        let analysis = super::sources::analyze_source(&self.file, &text);
        if let Some(error) = analysis.input_errors().first() {
            return Err(format!(
                "{} has errors: {}",
                self.file.display(),
                error.message
            ));
        }
        let puzzles = &analysis.scene().puzzles;
        let index = match &self.name {
            Some(name) => analysis.scene().puzzle_index(name),
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

    fn state(&mut self) -> Answer {
        match self
            .load()
            .and_then(|(_, puzzle, status)| planar::ask(&puzzle, status, &Ask::State))
        {
            Ok(planar::Answer::State(state)) => json(&state),
            Ok(planar::Answer::Edit { .. }) => error("the board answered a state with an edit"),
            Err(message) => error(&message),
        }
    }

    /// `{node, x, y}`, or `{moves: [{node, x, y}, …]}` for several nodes
    /// written at once ("Restart" and its undo: one request, one write).
    fn play_move(&mut self, body: &str) -> Answer {
        match serde_json::from_str::<NodeMoves>(body) {
            Ok(moves) => self.edit(&Ask::Move(moves)),
            Err(_) => error(
                "a move is {\"node\", \"x\", \"y\"}, or {\"moves\": [{\"node\", \"x\", \"y\"}, …]}",
            ),
        }
    }

    /// Applies the edit `ask` makes of the block to the file and answers
    /// with the new state.
    fn edit(&mut self, ask: &Ask) -> Answer {
        let (text, puzzle, status) = match self.load() {
            Ok(loaded) => loaded,
            Err(message) => return error(&message),
        };
        let edits = match planar::ask(&puzzle, status, ask) {
            Ok(planar::Answer::Edit { edits, .. }) => edits,
            Ok(planar::Answer::State(_)) => {
                return error("the board answered an edit with a state")
            }
            Err(message) => return error(&message),
        };
        let result = apply_edits(&text, &edits);
        if let Err(message) = super::files::replace_checked(&self.file, &text, &result) {
            return error(&message);
        }
        // "Next level" may rename the block: follow it by place.
        self.name = None;
        self.state()
    }
}

/// A request's body as text: at most `MAX_BODY` bytes (413, at once if its
/// Content-Length says more), within `PATIENCE` (408).
async fn body(request: Request<Incoming>) -> Result<String, Answer> {
    let too_large = || {
        json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("a request body is at most {} KiB", MAX_BODY / 1024),
        )
    };
    let body = request.into_body();
    if body.size_hint().lower() > MAX_BODY as u64 {
        return Err(too_large());
    }
    let limited = Limited::new(body, MAX_BODY);
    let bytes = match tokio::time::timeout(PATIENCE, limited.collect()).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => return Err(too_large()),
        Ok(Err(e)) => return Err(error(&format!("cannot read the request: {e}"))),
        Err(_) => {
            return Err(json_error(
                StatusCode::REQUEST_TIMEOUT,
                &format!(
                    "the request's body did not arrive within {} s",
                    PATIENCE.as_secs()
                ),
            ))
        }
    };
    String::from_utf8(bytes.to_vec()).map_err(|e| error(&format!("cannot read the request: {e}")))
}

fn text(body: &str, kind: &'static str) -> Answer {
    let mut response = Response::new(Full::new(Bytes::copy_from_slice(body.as_bytes())));
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

fn json(value: &impl serde::Serialize) -> Answer {
    let body = serde_json::to_string(value).expect("state serializes");
    text(&body, "application/json")
}

fn with_status(mut response: Answer, status: StatusCode) -> Answer {
    *response.status_mut() = status;
    response
}

/// `{"error": message}` with `status`.
fn json_error(status: StatusCode, message: &str) -> Answer {
    with_status(json(&serde_json::json!({ "error": message })), status)
}

/// An edit or a state that could not be made: 409.
fn error(message: &str) -> Answer {
    json_error(StatusCode::CONFLICT, message)
}
