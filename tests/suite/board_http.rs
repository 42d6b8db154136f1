//! The board server of the real `euc planar play`, over raw HTTP: it obeys
//! only the page it served (Host, Origin, token, a JSON body), writes only
//! positions that read back, leaves the file byte for byte as it was on
//! every refusal, serves a bounded number of connections at once, and
//! bounds the size of what it reads (docs/planar.md, "The board").

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

type Headers = Vec<(&'static str, String)>;

/// A running `euc planar play` on a level-1 block in a scratch folder.
struct Board {
    child: Child,
    port: u16,
    folder: PathBuf,
    file: PathBuf,
    token: String,
}

impl Board {
    fn start(name: &str) -> Board {
        use euc::planar::generate::{generate, Method};
        let folder =
            std::env::temp_dir().join(format!("euc-board-http-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let file = folder.join("level.euc");
        let level = generate(1, 3, Method::Model);
        let text = euc::planar::write::block_text("level_1", 1, 3, &level.positions, &level.links);
        std::fs::write(&file, text).unwrap();
        let (child, port) = serve(&["planar", "play", file.to_str().unwrap()]);
        let mut board = Board {
            child,
            port,
            folder,
            file,
            token: String::new(),
        };
        // The token is in the page, for whoever may read the page.
        let (status, page) = board.send("GET", "/", &board.host(), "");
        assert_eq!(status, 200, "{page}");
        let start = page.find("name=\"euc-token\" content=\"").expect("a token") + 26;
        board.token = page[start..start + 32].to_string();
        assert!(
            board.token.bytes().all(|b| b.is_ascii_hexdigit()),
            "{}",
            board.token
        );
        board
    }

    fn host(&self) -> Headers {
        vec![("Host", format!("127.0.0.1:{}", self.port))]
    }

    /// The headers the page's own script sends with a move.
    fn page_headers(&self) -> Headers {
        let mut headers = self.host();
        headers.push(("Origin", format!("http://127.0.0.1:{}", self.port)));
        headers.push(("X-Euc-Token", self.token.clone()));
        headers.push(("Content-Type", "application/json".into()));
        headers
    }

    fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &str,
    ) -> (u16, String) {
        exchange(self.port, method, path, headers, body)
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

pub(super) fn request(method: &str, path: &str, headers: &[(&str, String)], body: &str) -> String {
    let mut text = format!("{method} {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    text
}

/// One request to the server on `port`, and the status and body of its
/// answer.
pub(super) fn exchange(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream
        .write_all(request(method, path, headers, body).as_bytes())
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    parse_answer(&answer)
}

/// The status and body of an answer.
pub(super) fn parse_answer(answer: &str) -> (u16, String) {
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {answer:?}"));
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (status, body.to_string())
}

/// The error of a JSON error answer.
pub(super) fn error_of(body: &str) -> String {
    let value: serde_json::Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    value["error"].as_str().expect("an error").to_string()
}

const MOVE: &str = r#"{"node":"n1","x":3.25,"y":4.5}"#;

/// Headers with one replaced (or removed, when `value` is `None`) or added.
fn with(headers: &[(&'static str, String)], name: &'static str, value: Option<&str>) -> Headers {
    let mut changed: Vec<_> = headers
        .iter()
        .filter(|(field, _)| *field != name)
        .cloned()
        .collect();
    if let Some(value) = value {
        changed.push((name, value.to_string()));
    }
    changed
}

#[test]
fn the_board_refuses_every_request_but_its_own_pages() {
    let board = Board::start("refusals");
    let before = std::fs::read(&board.file).unwrap();
    let port = board.port;
    let good = board.page_headers();
    // The token with its last digit changed.
    let last = if board.token.ends_with('0') { '1' } else { '0' };
    let wrong_token = format!("{}{last}", &board.token[..31]);
    let mut twice = good.clone();
    twice.push(("Host", format!("localhost:{port}")));
    // What is asked, how, and the word the refusal must name.
    let cases: Vec<(&str, &str, &str, Headers, &str)> = vec![
        // A rebound DNS name reaches the port under another Host.
        (
            "foreign Host",
            "POST",
            "/move",
            with(&good, "Host", Some(&format!("evil.example:{port}"))),
            "Host",
        ),
        (
            "another port in Host",
            "POST",
            "/move",
            with(&good, "Host", Some(&format!("127.0.0.1:{}", port ^ 1))),
            "Host",
        ),
        (
            "no Host",
            "POST",
            "/move",
            with(&good, "Host", None),
            "Host",
        ),
        ("Host twice", "POST", "/move", twice, "twice"),
        (
            "the page to a foreign Host",
            "GET",
            "/",
            with(&good, "Host", Some("evil.example")),
            "Host",
        ),
        (
            "the script to a foreign Host",
            "GET",
            "/board.js",
            with(&good, "Host", Some("evil.example")),
            "Host",
        ),
        (
            "the state to a foreign Host",
            "GET",
            "/state",
            with(&good, "Host", Some(&format!("evil.example:{port}"))),
            "Host",
        ),
        // Another page in the browser.
        (
            "foreign Origin",
            "POST",
            "/move",
            with(&good, "Origin", Some("http://evil.example")),
            "Origin",
        ),
        (
            "null Origin",
            "POST",
            "/move",
            with(&good, "Origin", Some("null")),
            "Origin",
        ),
        (
            "https Origin",
            "POST",
            "/move",
            with(&good, "Origin", Some(&format!("https://127.0.0.1:{port}"))),
            "Origin",
        ),
        (
            "no token",
            "POST",
            "/move",
            with(&good, "X-Euc-Token", None),
            "X-Euc-Token",
        ),
        (
            "wrong token",
            "POST",
            "/move",
            with(&good, "X-Euc-Token", Some(&wrong_token)),
            "X-Euc-Token",
        ),
        (
            "part of the token",
            "POST",
            "/move",
            with(&good, "X-Euc-Token", Some(&board.token[..16])),
            "X-Euc-Token",
        ),
        (
            "no token for the state",
            "GET",
            "/state",
            with(&good, "X-Euc-Token", None),
            "X-Euc-Token",
        ),
        (
            "no token for the next level",
            "POST",
            "/next",
            with(&good, "X-Euc-Token", None),
            "X-Euc-Token",
        ),
        (
            "text/plain",
            "POST",
            "/move",
            with(&good, "Content-Type", Some("text/plain")),
            "Content-Type",
        ),
        (
            "no Content-Type",
            "POST",
            "/move",
            with(&good, "Content-Type", None),
            "Content-Type",
        ),
        // The issue's request: a simple cross-origin POST, no preflight.
        (
            "the issue's request",
            "POST",
            "/move",
            vec![
                ("Host", format!("127.0.0.1:{port}")),
                ("Origin", "http://evil.example".into()),
                ("Content-Type", "text/plain".into()),
            ],
            "Origin",
        ),
    ];
    for (case, method, path, headers, reason) in cases {
        let (status, body) = board.send(method, path, &headers, MOVE);
        assert_eq!(status, 403, "{case}: {body}");
        let error = error_of(&body);
        assert!(error.starts_with("refused: "), "{case}: {error}");
        assert!(error.contains(reason), "{case}: {error}");
        assert!(!body.contains(&board.token), "{case}: the token leaked");
        assert_eq!(
            std::fs::read(&board.file).unwrap(),
            before,
            "{case}: the file changed"
        );
    }
}

#[test]
fn the_board_refuses_moves_that_would_not_read_back() {
    let board = Board::start("moves");
    let before = std::fs::read(&board.file).unwrap();
    let cases = [
        (
            r#"{"node":"n1","x":1e307,"y":2}"#,
            "x = 1e307 is off the board",
        ),
        (
            r#"{"node":"n1","x":2,"y":-1e307}"#,
            "y = -1e307 is off the board",
        ),
        (
            r#"{"node":"n1","x":1000.5,"y":2}"#,
            "x = 1000.5 is off the board",
        ),
        // JSON has no NaN or infinity: they fail as the move's shape.
        (r#"{"node":"n1","x":NaN,"y":2}"#, "a move is"),
        (r#"{"node":"n1","x":1e400,"y":2}"#, "a move is"),
        (r#"{"node":"n1","x":"3","y":2}"#, "a move is"),
        (r#"{"node":"n9","x":1,"y":2}"#, "has no node `n9`"),
    ];
    for (body, reason) in cases {
        let (status, answer) = board.send("POST", "/move", &board.page_headers(), body);
        assert_eq!(status, 409, "{body}: {answer}");
        let error = error_of(&answer);
        assert!(error.contains(reason), "{body}: {error}");
        assert_eq!(
            std::fs::read(&board.file).unwrap(),
            before,
            "{body}: the file changed"
        );
    }
    // The board still plays: nothing unreadable was written.
    let (status, answer) = board.send("GET", "/state", &board.page_headers(), "");
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn the_page_s_own_requests_move_the_node_on_disk() {
    let board = Board::start("accepted");
    let before = std::fs::read_to_string(&board.file).unwrap();
    let n1 = before
        .lines()
        .find(|line| line.starts_with("  node n1 = "))
        .unwrap()
        .to_string();
    let (status, state) = board.send("GET", "/state", &board.page_headers(), "");
    assert_eq!(status, 200, "{state}");
    assert!(state.contains(r#""block":"level_1""#), "{state}");

    let (status, state) = board.send("POST", "/move", &board.page_headers(), MOVE);
    assert_eq!(status, 200, "{state}");
    assert!(
        state.contains(r#"{"name":"n1","x":3.25,"y":4.5}"#),
        "{state}"
    );
    let after = std::fs::read_to_string(&board.file).unwrap();
    assert_eq!(after, before.replace(&n1, "  node n1 = (3.25, 4.5)"));

    // localhost is the board's own name too; a media type may have
    // parameters; the browser sends no Origin on a same-origin GET.
    let port = board.port;
    let mut headers = with(
        &board.page_headers(),
        "Host",
        Some(&format!("localhost:{port}")),
    );
    headers = with(
        &headers,
        "Origin",
        Some(&format!("http://localhost:{port}")),
    );
    headers = with(
        &headers,
        "Content-Type",
        Some("application/json; charset=utf-8"),
    );
    let (status, state) = board.send(
        "POST",
        "/move",
        &headers,
        // Rounded to two decimals (the level is 33 across): -0.0041234 is 0.
        r#"{"node":"n1","x":-0.0041234,"y":-16.5}"#,
    );
    assert_eq!(status, 200, "{state}");
    let after = std::fs::read_to_string(&board.file).unwrap();
    assert_eq!(after, before.replace(&n1, "  node n1 = (0, -16.5)"));
    let (status, _) = board.send(
        "GET",
        "/state",
        &with(&board.page_headers(), "Origin", None),
        "",
    );
    assert_eq!(status, 200);
}

/// Idle connections cannot starve the board (issue 44): sixteen
/// connections that send nothing, then a request on a new one, is
/// answered at once, not after the 30 s hyper gives a head (before, eight
/// places taken before `accept` made it wait for an idle one to time out);
/// the page's own keep-alive connection keeps its place; and after a
/// flood of idle connections over the cap, a request is still answered.
#[test]
fn idle_connections_cannot_starve_the_board() {
    let board = Board::start("idle");
    let keep_alive = request("GET", "/state", &board.page_headers(), "")
        .replace("Connection: close", "Connection: keep-alive");
    let connect = || {
        let stream = TcpStream::connect(("127.0.0.1", board.port)).unwrap();
        // Well under the 30 s an idle connection is given.
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream
    };
    let mut page = connect();
    page.write_all(keep_alive.as_bytes()).unwrap();
    assert_eq!(read_one_answer(&mut page), 200);
    let idle: Vec<TcpStream> = (0..16).map(|_| connect()).collect();
    let mut fresh = connect();
    fresh.write_all(keep_alive.as_bytes()).unwrap();
    assert_eq!(
        read_one_answer(&mut fresh),
        200,
        "a new connection is served"
    );
    page.write_all(keep_alive.as_bytes()).unwrap();
    assert_eq!(read_one_answer(&mut page), 200, "the page keeps its place");
    let flood: Vec<TcpStream> = (0..80).map(|_| connect()).collect();
    let mut after = connect();
    after.write_all(keep_alive.as_bytes()).unwrap();
    assert_eq!(read_one_answer(&mut after), 200, "served after a flood");
    drop((idle, flood));
}

/// Reads one answer from a connection that stays open: its head, then as
/// many bytes as its Content-Length says; its status.
fn read_one_answer(stream: &mut TcpStream) -> u16 {
    let mut bytes = Vec::new();
    let mut byte = [0; 1];
    while !bytes.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).unwrap();
        bytes.push(byte[0]);
    }
    let head = String::from_utf8(bytes).unwrap();
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("Content-Length")
                .then(|| value.trim().parse().ok())?
        })
        .expect("a Content-Length");
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    parse_answer(&head).0
}

/// A request head over the board's cap (16 KiB) is answered 431 or its
/// connection closed, and the board answers the next request as before.
#[test]
fn the_board_refuses_a_head_too_large_and_goes_on() {
    let board = Board::start("head");
    let mut headers = board.page_headers();
    headers.push(("X-Padding", "a".repeat(32 * 1024)));
    let mut stream = TcpStream::connect(("127.0.0.1", board.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    // The board may close the connection before it has read everything.
    let _ = stream.write_all(request("GET", "/state", &headers, "").as_bytes());
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) if answer.is_empty() => {}
        Ok(_) => {
            let (status, _) = parse_answer(&String::from_utf8_lossy(&answer));
            assert_eq!(status, 431);
        }
        Err(e) => assert!(
            matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
            ),
            "{e}"
        ),
    }
    let (status, state) = board.send("GET", "/state", &board.page_headers(), "");
    assert_eq!(status, 200, "{state}");
}

/// A body declared longer than 64 KiB is refused with 413 before it is
/// read, and the file stays as it was.
#[test]
fn the_board_refuses_a_body_too_large() {
    let board = Board::start("body");
    let before = std::fs::read(&board.file).unwrap();
    let head = request("POST", "/move", &board.page_headers(), "").replace(
        "Content-Length: 0",
        &format!("Content-Length: {}", 64 * 1024 + 1),
    );
    let mut stream = TcpStream::connect(("127.0.0.1", board.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (status, body) = parse_answer(&answer);
    assert_eq!(status, 413, "{body}");
    assert!(error_of(&body).contains("at most 64 KiB"), "{body}");
    assert_eq!(std::fs::read(&board.file).unwrap(), before);
}

/// "Restart" and its undo send every node in one request: one write, all
/// the nodes or none (a batch with one bad move leaves the file as it was).
#[test]
fn several_nodes_move_in_one_request() {
    let board = Board::start("batch");
    let before = std::fs::read_to_string(&board.file).unwrap();
    let refused = r#"{"moves":[{"node":"n1","x":1,"y":2},{"node":"n2","x":1e307,"y":0}]}"#;
    let (status, answer) = board.send("POST", "/move", &board.page_headers(), refused);
    assert_eq!(status, 409, "{answer}");
    assert!(
        error_of(&answer).contains("x = 1e307 is off the board"),
        "{answer}"
    );
    assert_eq!(std::fs::read_to_string(&board.file).unwrap(), before);
    let both = r#"{"moves":[{"node":"n1","x":1.5,"y":-2.25},{"node":"n2","x":-3,"y":4.125}]}"#;
    let (status, answer) = board.send("POST", "/move", &board.page_headers(), both);
    assert_eq!(status, 200, "{answer}");
    let after = std::fs::read_to_string(&board.file).unwrap();
    assert!(after.contains("  node n1 = (1.5, -2.25)\n"), "{after}");
    assert!(after.contains("  node n2 = (-3, 4.125)\n"), "{after}");
    let state: serde_json::Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(state["nodes"][0]["x"], 1.5, "{state}");
}

/// `euc ARGS --port 0` serving a board: the process and the port it
/// printed in its address.
pub(super) fn serve(args: &[&str]) -> (std::process::Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_euc"))
        .args(args)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the euc binary runs");
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut url)
        .unwrap();
    let port = url
        .trim()
        .strip_prefix("http://127.0.0.1:")
        .and_then(|rest| rest.strip_suffix('/'))
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("not the board's address: {url:?}"));
    (child, port)
}
