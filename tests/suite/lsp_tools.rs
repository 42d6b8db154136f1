//! Tools of your own across files in the real `euc lsp` over stdio: a
//! workspace with a library of tools and a file that uses it (hover,
//! definition, references, rename, completion, signature help, semantic
//! tokens), and the user analysed again when the library changes in the
//! editor or on disk.

use super::lsp_client::Session;
use serde_json::{json, Value};
use std::path::Path;

/// The line and UTF-16 column of the `nth` occurrence of `needle` in
/// `text`, plus `into` characters.
fn place(text: &str, needle: &str, nth: usize, into: usize) -> Value {
    let offset = text.match_indices(needle).nth(nth).unwrap().0 + into;
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let column = before.len() - before.rfind('\n').map_or(0, |at| at + 1);
    json!({ "line": line, "character": column })
}

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The next diagnostics of `uri` whose codes pass `wanted` (earlier ones,
/// from analyses before the change awaited, are skipped).
fn diagnostics_until(client: &mut Session, uri: &str, wanted: impl Fn(&[String]) -> bool) -> Value {
    loop {
        let message = client.diagnostics(uri);
        let codes: Vec<String> = message["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap_or_default().to_string())
            .collect();
        if wanted(&codes) {
            return message;
        }
    }
}

fn ask(client: &mut Session, method: &str, uri: &str, position: Value, more: Value) -> Value {
    let mut params = json!({ "textDocument": { "uri": uri }, "position": position });
    if let (Some(params), Some(more)) = (params.as_object_mut(), more.as_object()) {
        params.extend(more.clone());
    }
    let id = client.request(method, params);
    client.response(id)
}

struct Workspace {
    _folder: tempfile::TempDir,
    library: std::path::PathBuf,
    library_uri: String,
    library_text: String,
    user_uri: String,
    user_text: String,
}

fn workspace() -> Workspace {
    let folder = tempfile::tempdir().expect("a scratch folder");
    let root = std::fs::canonicalize(folder.path()).unwrap();
    std::fs::create_dir(root.join("lib")).unwrap();
    let library_text = super::read(&super::root().join("examples/lib/triangles.euc"));
    let user_text = super::read(&super::root().join("examples/tools-imported.euc"));
    let library = root.join("lib/triangles.euc");
    std::fs::write(&library, &library_text).unwrap();
    std::fs::write(root.join("main.euc"), &user_text).unwrap();
    Workspace {
        library_uri: uri_of(&library),
        library,
        library_text,
        user_uri: uri_of(&root.join("main.euc")),
        user_text,
        _folder: folder,
    }
}

fn start() -> Session {
    Session::start_with(
        Path::new(env!("CARGO_BIN_EXE_euc")),
        json!({}),
        json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } }),
    )
}

#[test]
fn a_tool_brought_in_is_followed_into_its_file() {
    let w = workspace();
    let mut client = start();
    let (user, text) = (w.user_uri.as_str(), w.user_text.as_str());
    let opened = client.open(user, text);
    assert_eq!(opened["params"]["diagnostics"], json!([]), "no E0811");

    // Hover on a use: the signature, the cost and the doc comment.
    let use_of_median = place(text, "median(A", 0, 2);
    let hover = ask(
        &mut client,
        "textDocument/hover",
        user,
        use_of_median.clone(),
        json!({}),
    );
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        shown.contains("median(point A, point B, point C) -> line m"),
        "{shown}"
    );
    assert!(
        shown.contains("from `lib/triangles.euc`: a use counts 1 L, 5 E"),
        "{shown}"
    );
    assert!(shown.contains("The median from A"), "{shown}");

    // Definition, from a use and from the `tools` line: the library's name.
    let definition = json!({
        "uri": w.library_uri,
        "range": { "start": place(&w.library_text, "median(", 0, 0), "end": place(&w.library_text, "median(", 0, 6) },
    });
    for from in [use_of_median.clone(), place(text, "tools median", 0, 8)] {
        let found = ask(
            &mut client,
            "textDocument/definition",
            user,
            from,
            json!({}),
        );
        assert_eq!(found["result"], definition);
    }

    // References: the definition there and every mention here.
    let found = ask(
        &mut client,
        "textDocument/references",
        user,
        use_of_median.clone(),
        json!({ "context": { "includeDeclaration": true } }),
    );
    let uris: Vec<&str> = found["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|location| location["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris, [w.library_uri.as_str(), user, user, user]);

    // Completion in a step and signature help inside a use.
    let completion = ask(
        &mut client,
        "textDocument/completion",
        user,
        place(text, "ma = median", 0, 5),
        json!({}),
    );
    let median = completion["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["label"] == "median")
        .expect("median is offered");
    assert_eq!(
        median["detail"],
        "median(point A, point B, point C) -> line m: 1 L, 5 E, from `lib/triangles.euc`"
    );
    let help = ask(
        &mut client,
        "textDocument/signatureHelp",
        user,
        place(text, "median(A, B", 0, 10),
        json!({}),
    );
    assert_eq!(
        help["result"]["signatures"][0]["label"],
        "median(point A, point B, point C) -> line m"
    );
    assert_eq!(help["result"]["activeParameter"], 1);

    // Semantic tokens: the tool's name on the `tools` line and at a use.
    let legend = client.initialize_result["capabilities"]["semanticTokensProvider"]["legend"]
        ["tokenTypes"]
        .clone();
    let id = client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": user } }),
    );
    let tokens = client.response(id);
    let tokens = super::lsp::decode_tokens(
        tokens["result"]["data"].as_array().unwrap(),
        legend.as_array().unwrap(),
    );
    let kind_at = |needle: &str, into: usize| {
        let at = place(text, needle, 0, into);
        tokens
            .iter()
            .find(|token| json!(token.0) == at["line"] && json!(token.1) == at["character"])
            .map(|token| token.3.clone())
    };
    assert_eq!(kind_at("tools median", 6).as_deref(), Some("function"));
    assert_eq!(kind_at("median(A", 0).as_deref(), Some("function"));
}

#[test]
fn a_tool_is_renamed_in_its_file_and_in_the_files_that_use_it() {
    let w = workspace();
    let mut client = start();
    let (user, text) = (w.user_uri.as_str(), w.user_text.as_str());
    client.open(user, text);
    let renamed = ask(
        &mut client,
        "textDocument/rename",
        user,
        place(text, "median(A", 0, 1),
        json!({ "newName": "median_line" }),
    );
    let changes = renamed["result"]["documentChanges"].as_array().unwrap();
    let summary: Vec<(&str, Value, usize)> = changes
        .iter()
        .map(|change| {
            (
                change["textDocument"]["uri"].as_str().unwrap(),
                change["textDocument"]["version"].clone(),
                change["edits"].as_array().unwrap().len(),
            )
        })
        .collect();
    // The library is not open: its edit has no version.
    assert_eq!(
        summary,
        [
            (w.library_uri.as_str(), Value::Null, 1),
            (user, json!(1), 3)
        ]
    );
    assert!(changes
        .iter()
        .flat_map(|change| change["edits"].as_array().unwrap())
        .all(|edit| edit["newText"] == "median_line"));
    // From the library, open: its other tools' uses are renamed too, and
    // a file that names no `middle` has no edit.
    client.open(&w.library_uri, &w.library_text);
    let renamed = ask(
        &mut client,
        "textDocument/rename",
        &w.library_uri,
        place(&w.library_text, "middle(B", 0, 0),
        json!({ "newName": "halfway" }),
    );
    let changes = renamed["result"]["documentChanges"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{changes:#?}");
    assert_eq!(changes[0]["edits"].as_array().unwrap().len(), 2);
    // Names a tool cannot take.
    for (name, why) in [
        ("parallel", "`parallel` is an L-tool"),
        ("midpoint", "`midpoint` is a built-in function"),
        ("point", "`point` is not a valid name"),
        ("foot", "`foot` is already used"),
    ] {
        let refused = ask(
            &mut client,
            "textDocument/rename",
            user,
            place(text, "median(A", 0, 1),
            json!({ "newName": name }),
        );
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(why), "{name}: {refused}");
    }
}

#[test]
fn a_library_changed_in_the_editor_or_on_disk_rechecks_its_users() {
    let w = workspace();
    let mut client = start();
    // The server watches `.euc` files when the client can.
    let registration = client.wait(|message| message["method"] == "client/registerCapability");
    assert_eq!(
        registration["params"]["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.euc"
    );
    let (user, text) = (w.user_uri.as_str(), w.user_text.as_str());
    client.open(user, text);
    client.open(&w.library_uri, &w.library_text);
    // Break `middle`, which `median` uses: the user's `use` line says so.
    let broken = w
        .library_text
        .replace("perp_bisector(A, B)", "perp_bisector(A, Q)");
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": w.library_uri, "version": 2 },
            "contentChanges": [{ "text": broken }],
        }),
    );
    let reported = diagnostics_until(&mut client, user, |codes| {
        codes.iter().any(|c| c == "E0813")
    });
    let at_use = reported["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "E0813")
        .unwrap()
        .clone();
    assert_eq!(
        at_use["range"]["start"],
        place(text, "\"lib/triangles.euc\"", 0, 0)
    );
    assert!(at_use["message"]
        .as_str()
        .unwrap()
        .contains("unknown name `Q`"));
    // Mended in the editor, then closed: the disk's text (whole) is read.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": w.library_uri, "version": 3 },
            "contentChanges": [{ "text": w.library_text }],
        }),
    );
    diagnostics_until(&mut client, user, <[String]>::is_empty);
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": w.library_uri } }),
    );
    // Broken on disk, as another program would: the watcher's event.
    std::fs::write(&w.library, &broken).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": w.library_uri, "type": 2 }] }),
    );
    diagnostics_until(&mut client, user, |codes| {
        codes.iter().any(|c| c == "E0813")
    });
    // Mended and saved (a client that watches no files still saves).
    std::fs::write(&w.library, &w.library_text).unwrap();
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": w.library_uri } }),
    );
    diagnostics_until(&mut client, user, <[String]>::is_empty);
}
