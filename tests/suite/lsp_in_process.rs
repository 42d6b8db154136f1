//! The language server in process: every feature through the real handlers
//! (`LspService`), without a child process.

use euc::lsp::Backend;
use futures::StreamExt;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use tower::{Service, ServiceExt};
use tower_lsp_server::jsonrpc::Request;
use tower_lsp_server::LspService;

struct Server {
    service: LspService<Backend>,
    next_id: i64,
    /// What the server sent to the client (diagnostics, logs).
    sent: Arc<Mutex<Vec<Value>>>,
}

impl Server {
    async fn start(options: Value) -> Server {
        let (service, socket) = LspService::new(Backend::new);
        let sent = Arc::new(Mutex::new(Vec::new()));
        let store = sent.clone();
        tokio::spawn(socket.for_each(move |request| {
            store
                .lock()
                .unwrap()
                .push(serde_json::to_value(&request).unwrap());
            futures::future::ready(())
        }));
        let mut server = Server {
            service,
            next_id: 1,
            sent,
        };
        server
            .request(
                "initialize",
                json!({ "capabilities": {}, "initializationOptions": options }),
            )
            .await;
        server.notify("initialized", json!({})).await;
        server
    }

    async fn request(&mut self, method: &'static str, params: Value) -> Value {
        let request = Request::build(method)
            .params(params)
            .id(self.next_id)
            .finish();
        self.next_id += 1;
        let response = self
            .service
            .ready()
            .await
            .unwrap()
            .call(request)
            .await
            .unwrap()
            .expect("a response");
        let response = serde_json::to_value(response).unwrap();
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    async fn notify(&mut self, method: &'static str, params: Value) {
        let request = Request::build(method).params(params).finish();
        self.service
            .ready()
            .await
            .unwrap()
            .call(request)
            .await
            .unwrap();
    }

    async fn diagnostics(&self, version: i64) -> Value {
        for _ in 0..500 {
            let found = self
                .sent
                .lock()
                .unwrap()
                .iter()
                .rev()
                .find(|m| {
                    m["method"] == "textDocument/publishDiagnostics"
                        && m["params"]["version"] == version
                })
                .cloned();
            if let Some(message) = found {
                return message["params"]["diagnostics"].clone();
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("no diagnostics for version {version}");
    }
}

const URI: &str = "file:///in-process/napoleon.euc";

fn at(line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } })
}

#[tokio::test]
async fn every_feature_through_the_handlers() {
    let mut server = Server::start(json!({ "inlayHints": { "enabled": true } })).await;
    let text = include_str!("../../examples/napoleon.euc");
    server
        .notify("textDocument/didOpen", json!({ "textDocument": { "uri": URI, "languageId": "euc", "version": 1, "text": text } }))
        .await;
    assert_eq!(server.diagnostics(1).await, json!([]));
    let line_of =
        |needle: &str| text.lines().position(|line| line.contains(needle)).unwrap() as u32;
    let a = line_of("point A = on");

    let hover = server.request("textDocument/hover", at(a, 6)).await;
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("(-0.5, 0.866025)"));

    let use_of_p3 = line_of("c3 = circle(P3, B)");
    let definition = server
        .request("textDocument/definition", at(use_of_p3, 14))
        .await;
    assert_eq!(
        definition["range"]["start"]["line"],
        line_of("_, P3 = k & c2")
    );

    let references = server
        .request("textDocument/references", json!({ "textDocument": { "uri": URI }, "position": { "line": use_of_p3, "character": 14 }, "context": { "includeDeclaration": true } }))
        .await;
    assert_eq!(references.as_array().unwrap().len(), 5);

    let prepared = server
        .request("textDocument/prepareRename", at(use_of_p3, 14))
        .await;
    assert_eq!(prepared["start"]["character"], 14);
    let rename = server
        .request("textDocument/rename", json!({ "textDocument": { "uri": URI }, "position": { "line": use_of_p3, "character": 14 }, "newName": "Q3" }))
        .await;
    let edits = &rename["documentChanges"][0]["edits"];
    assert_eq!(edits.as_array().unwrap().len(), 5);
    assert_eq!(rename["documentChanges"][0]["textDocument"]["version"], 1);
    let refused = Request::build("textDocument/rename")
        .params(json!({ "textDocument": { "uri": URI }, "position": { "line": use_of_p3, "character": 14 }, "newName": "c4" }))
        .id(999)
        .finish();
    let refused = server
        .service
        .ready()
        .await
        .unwrap()
        .call(refused)
        .await
        .unwrap()
        .unwrap();
    assert!(serde_json::to_value(refused).unwrap()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("already used"));

    let symbols = server
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "k", "A", "B", "napoleon"]);

    let folds = server
        .request(
            "textDocument/foldingRange",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert_eq!(folds[0]["startLine"], line_of("solve napoleon"));

    let range =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 40, "character": 0 } });
    let hints = server
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range }),
        )
        .await;
    assert!(hints
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h["label"] == ": (-0.5, 0.866025)"));
    server
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "euc": { "inlayHints": { "enabled": false } } } }),
        )
        .await;
    let hints = server
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI }, "range": range }),
        )
        .await;
    assert_eq!(hints, json!([]), "inlay hints can be switched off");

    let completion = server
        .request(
            "textDocument/completion",
            at(line_of("c7 = circle(P7, P5)"), 14),
        )
        .await;
    let labels: Vec<&str> = completion["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"P6") && labels.contains(&"midpoint"));

    let goal = line_of("goal O");
    let actions = server
        .request("textDocument/codeAction", json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": goal, "character": 2 }, "end": { "line": goal, "character": 2 } }, "context": { "diagnostics": [] } }))
        .await;
    assert_eq!(actions[0]["title"], "Find a shorter construction");

    let formatting = server
        .request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } }))
        .await;
    assert_eq!(formatting, Value::Null, "the example is already formatted");

    // An edit: the diagnostics follow, for the new version only.
    server
        .notify("textDocument/didChange", json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [
            { "range": { "start": { "line": a, "character": 10 }, "end": { "line": a, "character": 12 } }, "text": "onn" }
        ] }))
        .await;
    let diagnostics = server.diagnostics(2).await;
    assert_eq!(diagnostics[0]["code"], "E0203");
    assert!(diagnostics[0]["message"]
        .as_str()
        .unwrap()
        .contains("did you mean `on`?"));
}
