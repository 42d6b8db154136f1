//! The messages from the client, checked before the protocol library reads
//! them (docs/design.md, "The language server's input"). tower-lsp-server
//! stops reading at the first message it cannot decode, and ignores requests
//! whose method starts with `$/`; both would leave a client without an
//! answer. So every message is framed again here: a well-formed one passes
//! unchanged, a broken one becomes a request (`euc/invalidMessage`) that the
//! server answers with the JSON-RPC error it deserves — -32700 for what is
//! not JSON, -32600 for JSON that is not a message, -32601 for a `$/`
//! request — and the server reads on from the next message's header.
//!
//! A wrong `Content-Length` must not take later messages with it. A header
//! (`Content-Length: 12` and a line break) cannot stand inside a JSON text:
//! the word is no JSON token outside a string, and a string holds no raw
//! line break. So a header found inside what a length claims is its body
//! proves the length too long, and after a body that is not JSON (its
//! length too short, or a length no message has) the bytes up to the next
//! header are dropped rather than read as one.

use super::ext::{InvalidMessage, Method};
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc;

/// The largest message read: a 2 MiB document escaped as JSON, with room.
/// A larger length is refused with -32600 and the bytes after it skipped to
/// the next header, whether the body is real or the length a mistake.
const MAX_BODY: usize = 64 << 20;

/// The longest header section: a client sends two short lines.
const MAX_HEADER: usize = 8 << 10;

/// Turns the client's bytes into well-formed messages for the server.
#[derive(Default)]
pub struct Reframer {
    /// Bytes read but not yet a whole message.
    pending: Vec<u8>,
    /// Dropping bytes up to the next header: what follows a broken message
    /// until then is the rest of it.
    seeking: bool,
    /// How far into `pending` the body being waited for holds no header,
    /// so that a long body arriving in pieces is searched once.
    searched: usize,
}

impl Reframer {
    /// Takes bytes from the client; returns the messages now complete, each
    /// framed with its `Content-Length` alone.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<u8> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        loop {
            if self.seeking {
                match next_header(&self.pending, 0, self.pending.len()) {
                    Header::At(at) => {
                        self.drop_to(at);
                        self.seeking = false;
                    }
                    Header::Maybe(at) => {
                        self.drop_to(at);
                        break;
                    }
                    Header::None => {
                        self.drop_to(self.pending.len());
                        break;
                    }
                }
            }
            let Some(end) = find(&self.pending, b"\r\n\r\n") else {
                if self.pending.len() > MAX_HEADER {
                    // No header ends: drop what cannot start a message.
                    out.extend(frame(&error_request(
                        Value::Null,
                        -32700,
                        "no message header",
                    )));
                    self.skip_from(1);
                    continue;
                }
                break;
            };
            let Some(length) = content_length(&self.pending[..end]) else {
                out.extend(frame(&error_request(
                    Value::Null,
                    -32700,
                    "a message header without a valid Content-Length",
                )));
                // The section may end in a good header after junk: look
                // again from its second byte.
                self.skip_from(1);
                continue;
            };
            let start = end + 4;
            if length > MAX_BODY {
                out.extend(frame(&error_request(
                    Value::Null,
                    -32600,
                    &format!(
                        "a message of {length} bytes is larger than the {MAX_BODY} read; \
                         skipped to the next message"
                    ),
                )));
                self.skip_from(start);
                continue;
            }
            let body_end = start + length;
            let available = body_end.min(self.pending.len());
            match next_header(&self.pending, self.searched.max(start), available) {
                Header::At(at) => {
                    out.extend(frame(&error_request(
                        Value::Null,
                        -32700,
                        &format!(
                            "the Content-Length ({length}) runs past the message into the next one"
                        ),
                    )));
                    self.drop_to(at);
                    continue;
                }
                Header::Maybe(at) => self.searched = at,
                Header::None => self.searched = available,
            }
            // A body that may end in the start of a header waits for the
            // bytes that tell; no JSON text ends so.
            if self.pending.len() < body_end || self.searched < body_end {
                break;
            }
            let body: Vec<u8> = self.pending[start..body_end].to_vec();
            self.drop_to(body_end);
            match serde_json::from_slice::<Value>(&body) {
                Ok(value) => out.extend(frame(&checked(&body, value))),
                Err(error) => {
                    out.extend(frame(&error_request(
                        Value::Null,
                        -32700,
                        &format!("not JSON: {error}"),
                    )));
                    // A length too short leaves the rest of the body.
                    self.seeking = true;
                }
            }
        }
        out
    }

    /// Drops `pending` before `at`.
    fn drop_to(&mut self, at: usize) {
        self.pending.drain(..at.min(self.pending.len()));
        self.searched = 0;
    }

    /// Drops `pending` before `at`, then everything up to the next header.
    fn skip_from(&mut self, at: usize) {
        self.drop_to(at);
        self.seeking = true;
    }
}

/// Where a message header may start in a byte stream.
#[derive(Debug, PartialEq)]
enum Header {
    /// A whole `Content-Length: N` line starts here.
    At(usize),
    /// The bytes from here to the end may begin one.
    Maybe(usize),
    None,
}

/// The first header line of `bytes` that starts in `from..before`.
fn next_header(bytes: &[u8], from: usize, before: usize) -> Header {
    let before = before.min(bytes.len());
    for at in from..before {
        if !bytes[at].eq_ignore_ascii_case(&b'c') {
            continue;
        }
        match header_line(&bytes[at..]) {
            Some(true) => return Header::At(at),
            None => return Header::Maybe(at),
            Some(false) => {}
        }
    }
    Header::None
}

/// Whether `bytes` begin with `Content-Length`, an optional blank, `:`,
/// blanks, digits and a line break; `None` when they end before it is known.
fn header_line(bytes: &[u8]) -> Option<bool> {
    const NAME: &[u8] = b"content-length";
    const MOST_DIGITS: usize = 20;
    let mut rest = bytes;
    for expected in NAME {
        let (first, tail) = rest.split_first()?;
        if !first.eq_ignore_ascii_case(expected) {
            return Some(false);
        }
        rest = tail;
    }
    let blanks = |rest: &[u8]| {
        rest.iter()
            .take_while(|b| **b == b' ' || **b == b'\t')
            .count()
    };
    rest = &rest[blanks(rest).min(8)..];
    match rest.split_first() {
        None => return None,
        Some((b':', tail)) => rest = tail,
        Some(_) => return Some(false),
    }
    rest = &rest[blanks(rest).min(8)..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > MOST_DIGITS {
        return Some(false);
    }
    rest = &rest[digits..];
    if digits == 0 && rest.is_empty() {
        return None;
    }
    if digits == 0 {
        return Some(false);
    }
    match rest {
        [] | [b'\r'] => None,
        [b'\r', b'\n', ..] => Some(true),
        _ => Some(false),
    }
}

/// The body to pass on: the message itself when the library can read it,
/// else a request for the error it deserves.
fn checked(body: &[u8], value: Value) -> Vec<u8> {
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    // Which of the two it is says itself: a request or notification has a
    // method (a request's fields all have defaults, so a response would
    // also read as a request without one). Deciding first spares every
    // message — a 2 MB `didOpen` among them — a copy and a second reading.
    if value.get("method").is_none() {
        if serde_json::from_value::<jsonrpc::Response>(value).is_ok() {
            return body.to_vec();
        }
    } else if let Ok(request) = serde_json::from_value::<jsonrpc::Request>(value) {
        // The library drops `$/` requests unanswered; the protocol asks for
        // "method not found".
        if request.id().is_some() && request.method().starts_with("$/") {
            return error_request(
                id,
                -32601,
                &format!("method not found: {}", request.method()),
            );
        }
        if !request.method().is_empty() {
            return body.to_vec();
        }
    }
    error_request(
        id,
        -32600,
        "not a JSON-RPC 2.0 request, notification or response",
    )
}

fn error_request(id: Value, code: i64, message: &str) -> Vec<u8> {
    let request = json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": InvalidMessage::METHOD,
        "params": { "code": code, "message": message },
    });
    serde_json::to_vec(&request).expect("a request serializes")
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

/// The `Content-Length` of a header section (other headers are ignored, as
/// the library ignores them once the length is known).
fn content_length(header: &[u8]) -> Option<usize> {
    let header = std::str::from_utf8(header).ok()?;
    let mut lengths = header.split("\r\n").filter_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse::<usize>().ok())
    });
    let length = lengths.next()??;
    // Two lengths that disagree cannot be trusted.
    lengths.all(|other| other == Some(length)).then_some(length)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> Vec<u8> {
        frame(body.as_bytes())
    }

    /// The bodies the server receives.
    fn bodies(bytes: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        let mut rest = bytes;
        while !rest.is_empty() {
            let end = find(rest, b"\r\n\r\n").unwrap();
            let length = content_length(&rest[..end]).unwrap();
            out.push(serde_json::from_slice(&rest[end + 4..end + 4 + length]).unwrap());
            rest = &rest[end + 4 + length..];
        }
        out
    }

    #[test]
    fn good_messages_pass_unchanged_in_any_pieces() {
        let messages = [
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":"a","result":null}"#,
        ];
        let stream: Vec<u8> = messages.iter().flat_map(|m| framed(m)).collect();
        for piece in [1, 7, stream.len()] {
            let mut reframer = Reframer::default();
            let out: Vec<u8> = stream
                .chunks(piece)
                .flat_map(|chunk| reframer.push(chunk))
                .collect();
            assert_eq!(out, stream, "in pieces of {piece}");
        }
    }

    #[test]
    fn broken_messages_become_requests_for_their_errors() {
        let cases = [
            ("{not json", Value::Null, -32700),
            ("[1,2]", Value::Null, -32600),
            (r#"{"jsonrpc":"2.0","id":8}"#, json!(8), -32600),
            (r#"{"id":9,"method":"shutdown"}"#, json!(9), -32600),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"$/custom"}"#,
                json!(7),
                -32601,
            ),
            ("\u{0}\u{1}", Value::Null, -32700),
        ];
        for (body, id, code) in cases {
            let out = bodies(&Reframer::default().push(&framed(body)));
            assert_eq!(out.len(), 1, "{body}");
            assert_eq!(out[0]["method"], InvalidMessage::METHOD, "{body}");
            assert_eq!(out[0]["id"], id, "{body}");
            assert_eq!(out[0]["params"]["code"], code, "{body}");
        }
        // A `$/` notification is the library's to ignore.
        let notification = r#"{"jsonrpc":"2.0","method":"$/setTrace","params":{}}"#;
        assert_eq!(
            Reframer::default().push(&framed(notification)),
            framed(notification)
        );
    }

    #[test]
    fn garbage_and_bad_headers_are_skipped_to_the_next_message() {
        let good = framed(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        let mut stream = b"hello\r\n\r\nContent-Length: x\r\n\r\n".to_vec();
        stream.extend(&good);
        let out = bodies(&Reframer::default().push(&stream));
        // One stretch of junk, one error.
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0]["params"]["code"], -32700);
        assert_eq!(out[1]["method"], "initialized");
        // Junk ending in a good header keeps the header.
        let mut stream = b"junk}".to_vec();
        stream.extend(&good);
        let out = bodies(&Reframer::default().push(&stream));
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[1]["method"], "initialized");
    }

    /// Every piece size gives the same messages.
    fn in_pieces(stream: &[u8]) -> Vec<Value> {
        let whole = bodies(&Reframer::default().push(stream));
        for piece in [1, 2, 7, 100] {
            let mut reframer = Reframer::default();
            let out: Vec<u8> = stream
                .chunks(piece)
                .flat_map(|chunk| reframer.push(chunk))
                .collect();
            assert_eq!(bodies(&out), whole, "in pieces of {piece}");
        }
        whole
    }

    fn hover(id: u32) -> String {
        format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/hover","params":{{}}}}"#)
    }

    #[test]
    fn a_wrong_content_length_loses_no_later_message() {
        let first = hover(1);
        let next = framed(&hover(2));
        let last = framed(&hover(3));
        for wrong in [
            first.len() + 1,
            first.len() + 40,
            first.len() + next.len() + last.len() + 5,
            first.len() - 1,
            10,
            0,
            100_000_000_000_000,
        ] {
            let mut stream = format!("Content-Length: {wrong}\r\n\r\n{first}").into_bytes();
            stream.extend(&next);
            stream.extend(&last);
            let out = in_pieces(&stream);
            assert_eq!(out.len(), 3, "length {wrong}: {out:?}");
            assert_eq!(out[0]["method"], InvalidMessage::METHOD, "length {wrong}");
            let code = if wrong > MAX_BODY { -32600 } else { -32700 };
            assert_eq!(out[0]["params"]["code"], code, "length {wrong}");
            assert_eq!(out[1]["id"], 2, "length {wrong}");
            assert_eq!(out[2]["id"], 3, "length {wrong}");
        }
    }

    #[test]
    fn a_length_too_long_is_known_as_soon_as_the_next_header_arrives() {
        let mut reframer = Reframer::default();
        let first = hover(1);
        let wrong = format!("Content-Length: {}\r\n\r\n{first}", first.len() + 1000);
        assert!(reframer.push(wrong.as_bytes()).is_empty());
        let out = bodies(&reframer.push(&framed(&hover(2))));
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[1]["id"], 2);
    }

    #[test]
    fn a_header_inside_a_json_string_is_no_header() {
        let body =
            r#"{"jsonrpc":"2.0","method":"x","params":{"text":"Content-Length: 5\r\n\r\n"}}"#;
        assert_eq!(in_pieces(&framed(body))[0]["method"], "x");
    }

    #[test]
    fn header_lines_are_told_apart_from_their_beginnings() {
        assert_eq!(header_line(b"Content-Length: 12\r\n"), Some(true));
        assert_eq!(header_line(b"content-length:12\r\n\r\n{"), Some(true));
        assert_eq!(header_line(b"Content-Len"), None);
        assert_eq!(header_line(b"Content-Length: 12"), None);
        assert_eq!(header_line(b"Content-Length: 12\r"), None);
        assert_eq!(header_line(b"Content-Length: x\r\n"), Some(false));
        assert_eq!(header_line(b"Content-Type: x\r\n"), Some(false));
        assert_eq!(
            next_header(b"ab Content-Length: 1\r\n", 0, 30),
            Header::At(3)
        );
        assert_eq!(next_header(b"ab Content-", 0, 30), Header::Maybe(3));
        assert_eq!(next_header(b"ab Content-Length: 1\r\n", 0, 3), Header::None);
    }

    #[test]
    fn an_oversized_body_is_skipped_as_it_arrives() {
        let mut reframer = Reframer::default();
        let header = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 10);
        let out = bodies(&reframer.push(header.as_bytes()));
        assert_eq!(out[0]["params"]["code"], -32600);
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..64 {
            assert!(reframer.push(&chunk).is_empty());
        }
        assert!(reframer.pending.is_empty());
        let good = framed(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        let mut rest = vec![b'x'; 10];
        rest.extend(&good);
        assert_eq!(reframer.push(&rest), good);
    }

    #[test]
    fn a_header_that_never_ends_is_dropped() {
        let mut reframer = Reframer::default();
        let out = bodies(&reframer.push(&vec![b'a'; MAX_HEADER + 10]));
        assert_eq!(out.len(), 1);
        assert!(reframer.pending.is_empty());
    }
}
