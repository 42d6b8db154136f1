//! The messages from the client, checked before the protocol library reads
//! them (docs/design.md, "The language server"). tower-lsp-server stops
//! reading at the first message it cannot decode, and ignores requests whose
//! method starts with `$/`; both would leave a client without an answer. So
//! every message is framed again here: a well-formed one passes unchanged, a
//! broken one becomes a request (`euc/invalidMessage`) that the server answers
//! with the JSON-RPC error it deserves — -32700 for what is not JSON, -32600
//! for JSON that is not a message, -32601 for a `$/` request — and the
//! server reads on.

use serde_json::{json, Value};
use tower_lsp_server::jsonrpc;

/// The method broken messages become; answered with the error in its params.
pub const INVALID_MESSAGE: &str = "euc/invalidMessage";

/// The largest message read: a 2 MiB document escaped as JSON, with room.
/// Larger bodies are skipped as they arrive and answered with -32600.
const MAX_BODY: usize = 64 << 20;

/// The longest header section: a client sends two short lines.
const MAX_HEADER: usize = 8 << 10;

/// Turns the client's bytes into well-formed messages for the server.
#[derive(Default)]
pub struct Reframer {
    /// Bytes read but not yet a whole message.
    pending: Vec<u8>,
    /// Bytes of an oversized body still to skip.
    skipping: usize,
}

impl Reframer {
    /// Takes bytes from the client; returns the messages now complete, each
    /// framed with its `Content-Length` alone.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut bytes = bytes;
        if self.skipping > 0 {
            let skipped = self.skipping.min(bytes.len());
            self.skipping -= skipped;
            bytes = &bytes[skipped..];
        }
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        loop {
            let Some(end) = find(&self.pending, b"\r\n\r\n") else {
                if self.pending.len() > MAX_HEADER {
                    // No header ends: drop what cannot start a message.
                    out.extend(frame(&error_request(
                        Value::Null,
                        -32700,
                        "no message header",
                    )));
                    self.resynchronise(1);
                    continue;
                }
                break;
            };
            let length = content_length(&self.pending[..end]);
            let Some(length) = length else {
                out.extend(frame(&error_request(
                    Value::Null,
                    -32700,
                    "a message header without a valid Content-Length",
                )));
                self.resynchronise(end + 4);
                continue;
            };
            let start = end + 4;
            if length > MAX_BODY {
                out.extend(frame(&error_request(
                    Value::Null,
                    -32600,
                    &format!("a message of {length} bytes is larger than the {MAX_BODY} read"),
                )));
                let available = self.pending.len() - start;
                self.skipping = length.saturating_sub(available);
                self.pending.drain(..start + length.min(available));
                continue;
            }
            if self.pending.len() < start + length {
                break;
            }
            let body: Vec<u8> = self.pending[start..start + length].to_vec();
            self.pending.drain(..start + length);
            out.extend(frame(&checked(&body)));
        }
        out
    }

    /// Drops bytes up to the next `Content-Length` at or after `from`.
    fn resynchronise(&mut self, from: usize) {
        let from = from.min(self.pending.len());
        let next = find(&self.pending[from..], b"Content-Length")
            .map_or(self.pending.len(), |at| from + at);
        self.pending.drain(..next);
    }
}

/// The body to pass on: the message itself when the library can read it,
/// else a request for the error it deserves.
fn checked(body: &[u8]) -> Vec<u8> {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => {
            return error_request(Value::Null, -32700, &format!("not JSON: {error}"));
        }
    };
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
        "method": INVALID_MESSAGE,
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

/// The params of `euc/invalidMessage`.
#[derive(serde::Deserialize)]
pub struct InvalidMessage {
    pub code: i64,
    pub message: String,
}

impl InvalidMessage {
    /// The answer: the error the message deserves.
    pub fn error(&self) -> jsonrpc::Error {
        jsonrpc::Error {
            code: jsonrpc::ErrorCode::from(self.code),
            message: self.message.clone().into(),
            data: None,
        }
    }
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
            assert_eq!(out[0]["method"], INVALID_MESSAGE, "{body}");
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
        assert_eq!(out.len(), 3, "{out:?}");
        assert_eq!(out[0]["params"]["code"], -32700);
        assert_eq!(out[1]["params"]["code"], -32700);
        assert_eq!(out[2]["method"], "initialized");
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
