//! A minimal JSON-RPC client for `euc lsp` over stdio, shared by the
//! end-to-end tests and the language-server benchmark.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Session {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Server-to-client requests and notifications seen so far.
    pub seen: Vec<Value>,
    /// The server's answer to `initialize`.
    pub initialize_result: Value,
    next_id: i64,
}

pub const PATIENCE: Duration = Duration::from_secs(30);

impl Session {
    pub fn start(binary: &Path, initialization_options: Value) -> Session {
        Session::start_with(
            binary,
            initialization_options,
            json!({ "window": { "workDoneProgress": true } }),
        )
    }

    /// A session whose client declares `capabilities`.
    pub fn start_with(
        binary: &Path,
        initialization_options: Value,
        capabilities: Value,
    ) -> Session {
        Session::start_in(binary, initialization_options, capabilities, Value::Null)
    }

    /// A session whose client declares `capabilities` and opens the folder
    /// `root_uri` (null: none).
    pub fn start_in(
        binary: &Path,
        initialization_options: Value,
        capabilities: Value,
        root_uri: Value,
    ) -> Session {
        let mut child = Command::new(binary)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("euc lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.strip_prefix("Content-Length:") {
                        length = value.trim().parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if sender.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let mut session = Session {
            child,
            stdin,
            messages,
            seen: Vec::new(),
            initialize_result: Value::Null,
            next_id: 1,
        };
        let id = session.request(
            "initialize",
            json!({
                "capabilities": capabilities,
                "rootUri": root_uri,
                "initializationOptions": initialization_options,
            }),
        );
        let response = session.response(id);
        assert!(response["result"]["capabilities"]["hoverProvider"]
            .as_bool()
            .unwrap());
        session.initialize_result = response["result"].clone();
        session.notify("initialized", json!({}));
        session
    }

    /// The server's process id (`benches/lsp.rs` reads its CPU time).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Writes bytes as they are: broken messages, garbage between them.
    #[allow(dead_code)]
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        id
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The first message matching `wanted`, already seen or the next to come,
    /// answering the server's own requests (progress tokens, edits) on the way.
    pub fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        // A notification may already have arrived while waiting for something
        // else (the end of a cancelled solve's progress can overtake its error
        // response): look there first.
        if let Some(index) = self.seen.iter().position(&wanted) {
            return self.seen.remove(index);
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let message = match self
                .messages
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(message) => message,
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no answer within {PATIENCE:?}; seen {:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server exited; seen {:#?}", self.seen)
                }
            };
            if wanted(&message) {
                return message;
            }
            if message.get("method").is_some() {
                if let Some(id) = message.get("id").cloned() {
                    let result = match message["method"].as_str() {
                        Some("workspace/applyEdit") => json!({ "applied": true }),
                        _ => Value::Null,
                    };
                    self.send(json!({ "jsonrpc": "2.0", "id": id, "result": result }));
                }
                self.seen.push(message);
            }
        }
    }

    pub fn response(&mut self, id: i64) -> Value {
        self.wait(|message| message["id"] == id && message.get("method").is_none())
    }

    pub fn diagnostics(&mut self, uri: &str) -> Value {
        self.wait(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
        })
    }

    pub fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "euc", "version": 1, "text": text } }),
        );
        self.diagnostics(uri)
    }

    /// Sends `exit` without `shutdown` first; the server's exit status.
    pub fn exit_without_shutdown(mut self) -> std::process::ExitStatus {
        self.notify("exit", Value::Null);
        self.child.wait().unwrap()
    }

    /// Closes the server's input, as a client that crashed would; the
    /// server's exit status and how long it took to go.
    pub fn hang_up(self) -> (std::process::ExitStatus, Duration) {
        let Session {
            mut child, stdin, ..
        } = self;
        let closed = Instant::now();
        drop(stdin);
        let status = child.wait().unwrap();
        (status, closed.elapsed())
    }

    pub fn stop(mut self) {
        let id = self.request("shutdown", Value::Null);
        assert_eq!(self.response(id)["result"], Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}
