//! A scripted session against the real `euc lsp` over stdio.

use super::lsp_client::Session as Client;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The real binary under test.
struct Session;

impl Session {
    fn start(initialization_options: Value) -> Client {
        Client::start(
            std::path::Path::new(env!("CARGO_BIN_EXE_euc")),
            initialization_options,
        )
    }

    /// A client that resolves code actions' edits (VS Code does).
    fn start_resolving() -> Client {
        Client::start_with(
            std::path::Path::new(env!("CARGO_BIN_EXE_euc")),
            json!({}),
            json!({
                "window": { "workDoneProgress": true },
                "textDocument": { "codeAction": { "resolveSupport": { "properties": ["edit"] } } },
            }),
        )
    }
}

fn position(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}

/// The codes of a `publishDiagnostics` notification.
fn codes(diagnostics: &Value) -> Vec<&str> {
    diagnostics["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

/// The response to `textDocument/codeAction` over `start..end`.
fn code_actions(session: &mut Client, uri: &str, start: Value, end: Value) -> Value {
    let id = session.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": start, "end": end }, "context": { "diagnostics": [] } }),
    );
    session.response(id)
}

/// Runs the "Find construction" code action offered on `line` and returns
/// the edit the server applied.
fn find_construction(session: &mut Client, uri: &str, line: u32) -> Value {
    let actions = code_actions(session, uri, position(line, 2), position(line, 2));
    let action = &actions["result"][0];
    assert_eq!(action["title"], "Find construction");
    let command = action["command"].clone();
    let id = session.request(
        "workspace/executeCommand",
        json!({ "command": command["command"], "arguments": command["arguments"] }),
    );
    let result = session.response(id);
    assert_eq!(result["result"]["applied"], true, "{result}");
    session
        .seen
        .iter()
        .find(|m| m["method"] == "workspace/applyEdit")
        .expect("an edit was applied")
        .clone()
}

#[test]
fn a_whole_editing_session() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/napoleon.euc";
    let text = super::read(&super::root().join("examples/solve-napoleon.euc"));
    let diagnostics = session.open(uri, &text);
    let codes = codes(&diagnostics);
    assert_eq!(codes, ["W0002"]);

    // Hover on the given point A (line 7: `point A = on(k, a)`).
    let line = text
        .lines()
        .position(|line| line.starts_with("point A"))
        .unwrap() as u32;
    let id = session.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(line, 6) }),
    );
    let hover = session.response(id);
    let contents = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        contents.contains("given point") && contents.contains("(-0.5, 0.866025)"),
        "{contents}"
    );

    // The code action offers "Find construction"; the command fills the block.
    let goal_line = text
        .lines()
        .position(|line| line.contains("goal O"))
        .unwrap() as u32;
    let edit = find_construction(&mut session, uri, goal_line);
    let document_edit = &edit["params"]["edit"]["documentChanges"][0];
    assert_eq!(
        document_edit["textDocument"]["version"], 1,
        "the edit is tied to the version it was computed for"
    );
    let new_text = document_edit["edits"][0]["newText"].as_str().unwrap();
    assert!(
        new_text.contains("c6 = circle(")
            && new_text
                .lines()
                .any(|line| line.trim_start().starts_with("O, ") || line.contains(", O = ")),
        "six circles, the last intersection bound to the goal: {new_text}"
    );
    let kinds: Vec<&str> = session
        .seen
        .iter()
        .filter(|m| m["method"] == "$/progress")
        .map(|m| m["params"]["value"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.first(), Some(&"begin"));
    assert_eq!(kinds.last(), Some(&"end"));

    // An edit that breaks the file gives a new diagnostic, debounced.
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [
            { "range": { "start": position(goal_line, 2), "end": position(goal_line, 2) }, "text": "goal Z = nowhere\n  " }
        ] }),
    );
    let diagnostics = session.diagnostics(uri);
    assert_eq!(diagnostics["params"]["version"], 2);
    assert!(diagnostics["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "E0101"));
    session.stop();
}

const SLOW: &str = "point A = (0, 0)\npoint B = (1, 0)\npoint C = (0.3, 0.8)\nsolve never {\n  goal X = A + (B - A) * 1.2599210498948732\n}\n";

#[test]
fn a_slow_solve_never_blocks_and_is_dropped_when_the_document_changes() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 12, "timeout": 120 } }));
    let uri = "file:///work/slow.euc";
    session.open(uri, SLOW);
    let solve = session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
    );
    // Wait until the solver is running.
    session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin");
    // Hover still answers while the solve runs.
    let asked = Instant::now();
    let id = session.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(0, 6) }),
    );
    let hover = session.response(id);
    let waited = asked.elapsed();
    assert!(hover["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("given point"));
    eprintln!("hover during a solve answered in {waited:?}");
    // Typing makes the running solve stale: it stops and its result is dropped.
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [ { "text": format!("{SLOW}// edited\n") } ] }),
    );
    let response = session.response(solve);
    assert_eq!(response["error"]["code"], -32801, "{response}");
    assert!(
        !session
            .seen
            .iter()
            .any(|m| m["method"] == "workspace/applyEdit"),
        "no stale edit is applied"
    );
    session.stop();
}

#[test]
fn cancelling_a_solve_stops_it_and_ends_its_progress() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 12, "timeout": 120 } }));
    let uri = "file:///work/cancel.euc";
    session.open(uri, SLOW);
    let solve = session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
    );
    session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin");
    session.notify("$/cancelRequest", json!({ "id": solve }));
    let response = session.response(solve);
    assert_eq!(response["error"]["code"], -32800, "{response}");
    session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end");
    // The server keeps serving.
    let id = session.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    let symbols = session.response(id);
    assert_eq!(symbols["result"].as_array().unwrap().len(), 4);
    session.stop();
}

/// Four searches running leave the server answering: an edit, a hover and
/// a cancel are answered before any search ends (before, the protocol
/// library ran four messages' handlers at once, each search held one, and
/// the rest waited up to a minute). A search beyond the bound is refused at
/// once rather than queued.
#[test]
fn four_searches_leave_edits_hovers_and_cancels_answered() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 12, "timeout": 300 } }));
    let other = "file:///work/typing.euc";
    session.open(other, "point A = (0, 0)\n");
    let mut searches = Vec::new();
    for index in 0..4 {
        let uri = format!("file:///work/search{index}.euc");
        session.open(&uri, SLOW);
        searches.push(session.request(
            "workspace/executeCommand",
            json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
        ));
    }
    for _ in 0..4 {
        session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin");
    }
    // Every response from now on, in the order it comes.
    let mut answered: Vec<Value> = Vec::new();
    let until = |session: &mut Client, id: i64, answered: &mut Vec<Value>| loop {
        let response = session.wait(|m| m.get("method").is_none() && m.get("id").is_some());
        answered.push(response.clone());
        if response["id"] == id {
            return response;
        }
    };
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": other, "version": 2 }, "contentChanges": [ { "text": "point B = (0, 0)\n" } ] }),
    );
    let hover = session.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": other }, "position": position(0, 6) }),
    );
    let hover = until(&mut session, hover, &mut answered);
    assert!(
        hover["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|text| text.contains("`B`")),
        "the hover sees the edit: {hover}"
    );
    session.notify("$/cancelRequest", json!({ "id": searches[0] }));
    let cancelled = until(&mut session, searches[0], &mut answered);
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");
    // Searches beyond the bound: the first ones take the places left, the
    // next is refused at once.
    let mut more = Vec::new();
    for index in 0..6 {
        let uri = format!("file:///work/more{index}.euc");
        session.open(&uri, SLOW);
        more.push(session.request(
            "workspace/executeCommand",
            json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
        ));
    }
    let refused = until(&mut session, more[5], &mut answered);
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    let ends_of_searches: Vec<&Value> = answered
        .iter()
        .filter(|m| {
            searches[1..].contains(&m["id"].as_i64().unwrap_or(0))
                || more[..5].contains(&m["id"].as_i64().unwrap_or(0))
        })
        .collect();
    assert!(
        ends_of_searches.is_empty(),
        "a search ended first: {ends_of_searches:?}"
    );
    for id in searches[1..].iter().chain(&more[..5]) {
        session.notify("$/cancelRequest", json!({ "id": id }));
        let cancelled = until(&mut session, *id, &mut answered);
        assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");
    }
    session.stop();
}

/// The progress bar's cancel button before any answer is found is what the
/// user asked for: no error, the file unchanged, a message saying what was
/// searched.
#[test]
fn stopping_before_any_answer_is_quiet() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 12, "timeout": 120 } }));
    let uri = "file:///work/stop-early.euc";
    session.open(uri, SLOW);
    let solve = session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
    );
    let begun =
        session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin");
    let token = begun["params"]["token"].clone();
    session.notify("window/workDoneProgress/cancel", json!({ "token": token }));
    let response = session.response(solve);
    assert!(response.get("error").is_none(), "{response}");
    assert_eq!(response["result"]["applied"], false, "{response}");
    let shown = session.wait(|m| m["method"] == "window/showMessage");
    assert_eq!(
        shown["params"]["type"], 3,
        "an information, not an error: {shown}"
    );
    assert!(
        !session
            .seen
            .iter()
            .any(|m| m["method"] == "workspace/applyEdit"),
        "nothing is written"
    );
    session.stop();
}

/// The cancel button of the progress bar (`window/workDoneProgress/cancel`)
/// stops the search and takes the best answer found so far: on a triangle
/// from its altitudes' feet (11 E in the game), a first answer comes long
/// before the shortest, and the stop writes it into the file.
#[test]
fn stopping_from_the_progress_bar_takes_the_best_answer_so_far() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 20, "timeout": 120 } }));
    let uri = "file:///work/altitudes.euc";
    let path = "examples/euclidea/12-03-triangle-by-altitude-base-points.euc";
    let text = super::read(&super::root().join(path));
    // The block without its steps.
    let start = text.find("solve triangle {").unwrap();
    let block: String = text[start..]
        .lines()
        .filter(|line| !line.starts_with("  ") || line.trim_start().starts_with("goal"))
        .map(|line| format!("{line}\n"))
        .collect();
    let text = format!("{}{block}", &text[..start]);
    session.open(uri, &text);
    let solve = session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "triangle", 1] }),
    );
    let report = session.wait(|m| {
        m["method"] == "$/progress"
            && m["params"]["value"]["message"]
                .as_str()
                .is_some_and(|message| message.contains("moves found"))
    });
    let token = report["params"]["token"].clone();
    session.notify("window/workDoneProgress/cancel", json!({ "token": token }));
    let response = session.response(solve);
    assert_eq!(response["result"]["applied"], true, "{response}");
    let shown = session.wait(|m| m["method"] == "window/showMessage");
    let message = shown["params"]["message"].as_str().unwrap();
    assert!(
        message.contains("found;") && message.contains("(stopped on request)"),
        "{message}"
    );
    let edit = session.wait(|m| m["method"] == "workspace/applyEdit");
    let changes = &edit["params"]["edit"]["documentChanges"][0]["edits"];
    let filled = apply(&text, changes.as_array().unwrap());
    let analysis = euc::analysis::analyze(&filled);
    assert!(
        analysis
            .reports
            .iter()
            .all(|report| report.status == euc::check::Status::Solved),
        "{filled}"
    );
    session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end");
    session.stop();
}

/// After a line typed inside the first block, the later spans of the tree
/// and the scene move only when first read (`analysis::Settling`): a
/// request made at once, before the diagnostics, and one made once the
/// server has moved them both see the second block a line further down.
#[test]
fn requests_after_an_edit_see_the_text_after_it_moved() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/moved.euc";
    let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve first {\n  goal M = midpoint(A, B)\n}\nsolve second {\n  goal N = midpoint(B, A)\n}\n";
    session.open(uri, text);
    let second_block = |session: &mut Client| {
        let id = session.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        );
        let symbols = session.response(id);
        let second = symbols["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|symbol| symbol["name"].as_str().unwrap().contains("second"))
            .cloned()
            .unwrap_or_else(|| panic!("{symbols}"));
        second["range"]["start"]["line"].as_u64().unwrap()
    };
    assert_eq!(second_block(&mut session), 5);
    for (version, line) in [(2, 6), (3, 7)] {
        session.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [
                { "range": { "start": position(4, 0), "end": position(4, 0) }, "text": "  // a note\n" }
            ] }),
        );
        if version == 3 {
            // The diagnostics out, and the server given time to move the rest.
            session.diagnostics(uri);
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(second_block(&mut session), line, "version {version}");
        let id = session.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(line as u32 + 1, 7) }),
        );
        let hover = session.response(id);
        let contents = hover["result"]["contents"]["value"]
            .as_str()
            .unwrap_or_default();
        assert!(contents.contains('N'), "version {version}: {hover}");
    }
    session.stop();
}

#[test]
fn a_client_that_goes_away_mid_solve_takes_the_server_with_it() {
    // The server used to stay, both cores busy, until the solver's time
    // limit (here 120 s).
    let mut session = Session::start(json!({ "solver": { "maxMoves": 12, "timeout": 120 } }));
    let uri = "file:///work/gone.euc";
    session.open(uri, SLOW);
    session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "never", 1] }),
    );
    session.wait(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin");
    let (status, took) = session.hang_up();
    assert_eq!(status.code(), Some(1), "no shutdown was asked for");
    assert!(took < Duration::from_secs(30), "it took {took:?} to go");
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let session = Session::start(json!({}));
    assert_eq!(session.exit_without_shutdown().code(), Some(1));
}

#[test]
fn junk_input_gets_diagnostics_and_the_server_keeps_serving() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/junk.euc";
    let junk = "\u{0}\u{1}ÿ solve { goal = ((( }\n}}} point @@ 𝛼 = (1,\n";
    let diagnostics = session.open(uri, junk);
    assert!(!diagnostics["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .is_empty());
    for (line, character) in [(0, 0), (0, 200), (7, 3), (1, 11)] {
        let id = session.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(line, character) }),
        );
        assert!(session.response(id).get("error").is_none());
        let id = session.request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position(line, character) }),
        );
        assert!(session.response(id).get("error").is_none());
    }
    session.stop();
}

/// Replaces a document's whole text, as version `version`.
fn replace_text(session: &mut Client, uri: &str, version: i32, text: &str) {
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [ { "text": text } ] }),
    );
}

/// Applies LSP text edits to ASCII text.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        text.split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>()
            + character
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|edit| {
            (
                offset(&edit["range"]["start"]),
                offset(&edit["range"]["end"]),
                edit["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|span| std::cmp::Reverse(span.0));
    let mut result = text.to_string();
    for (start, end, new_text) in spans {
        result.replace_range(start..end, new_text);
    }
    result
}

#[test]
fn planar_puzzles_in_the_editor() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/tangled.euc";
    let text = super::read(&super::root().join("examples/planar/tangled.euc"));
    let diagnostics = session.open(uri, &text);
    let crossings = diagnostics["params"]["diagnostics"].as_array().unwrap();
    assert!(!crossings.is_empty() && crossings.iter().all(|d| d["code"] == "E0701"));
    let node_line = text
        .lines()
        .position(|line| line.contains("node n1"))
        .unwrap() as u32;
    let actions_at = |session: &mut Client, line: u32| {
        code_actions(session, uri, position(line, 3), position(line, 3))["result"].clone()
    };
    let actions = actions_at(&mut session, node_line);
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Untangle"], "no next level before it is solved");
    let edits = actions[0]["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap()
        .clone();
    let untangled = apply(&text, &edits);
    replace_text(&mut session, uri, 2, &untangled);
    let diagnostics = session.diagnostics(uri);
    assert_eq!(
        diagnostics["params"]["diagnostics"],
        json!([]),
        "untangled: no crossings"
    );
    let actions = actions_at(&mut session, node_line);
    assert_eq!(actions[0]["title"], "Next level");
    let id = session.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(node_line, 8) }),
    );
    let hover = session.response(id);
    assert!(
        hover["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("cross nothing"),
        "{hover}"
    );
    // Outside any block: generate a level.
    let actions = actions_at(&mut session, 0);
    assert_eq!(actions[0]["title"], "Generate a Planarity level");
    session.stop();
}

/// With a client that resolves actions, "Untangle" and "Next level" are
/// listed without their edits (a layout costs seconds at 5,000 nodes, and
/// a client asks for actions at every cursor move) and computed when chosen.
#[test]
fn planar_actions_are_computed_when_chosen() {
    let mut session = Session::start_resolving();
    let uri = "file:///work/tangled.euc";
    let text = super::read(&super::root().join("examples/planar/tangled.euc"));
    session.open(uri, &text);
    let node_line = text
        .lines()
        .position(|line| line.contains("node n1"))
        .unwrap() as u32;
    let first_action = |session: &mut Client| {
        let at = position(node_line, 3);
        code_actions(session, uri, at.clone(), at)["result"][0].clone()
    };
    let action = first_action(&mut session);
    assert_eq!(action["title"], "Untangle");
    assert!(
        action["edit"].is_null(),
        "not computed when listed: {action}"
    );
    let id = session.request("codeAction/resolve", action);
    let resolved = session.response(id)["result"].clone();
    let edits = resolved["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap()
        .clone();
    let untangled = apply(&text, &edits);
    replace_text(&mut session, uri, 2, &untangled);
    assert_eq!(session.diagnostics(uri)["params"]["diagnostics"], json!([]));
    let action = first_action(&mut session);
    assert_eq!(action["title"], "Next level");
    assert!(action["edit"].is_null());
    let id = session.request("codeAction/resolve", action.clone());
    let resolved = session.response(id)["result"].clone();
    let next = apply(
        &untangled,
        resolved["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap(),
    );
    assert!(
        next.contains("level 4"),
        "level 3 solved gives level 4: {next}"
    );
    // Offered for version 2: after another edit it is refused, not misapplied.
    session.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [ { "text": format!("{untangled}\n") } ] }),
    );
    session.diagnostics(uri);
    let id = session.request("codeAction/resolve", action);
    let refused = session.response(id);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("changed"),
        "{refused}"
    );
    session.stop();
}

/// The board's requests, as the VS Code "Play" webview makes them: the
/// state, a drop (an edit of the version it was computed for), and "next
/// level" once solved, which names the new block.
#[test]
fn the_board_requests() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/board.euc";
    let text = super::read(&super::root().join("examples/planar/tangled.euc"));
    session.open(uri, &text);
    let id = session.request("euc/boardState", json!({ "uri": uri }));
    let answer = session.response(id)["result"].clone();
    assert_eq!(answer["version"], 1);
    let state = &answer["state"];
    assert_eq!(state["block"], "tangled");
    assert!(state["crossings"].as_u64().unwrap() > 0);
    assert_eq!(state["solved"], false);
    let nodes = state["nodes"].as_array().unwrap().len();
    assert_eq!(
        state["links"].as_array().unwrap()[0]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let id = session.request(
        "euc/boardMove",
        // Rounded to the two decimals a block 30 across needs.
        json!({ "uri": uri, "block": "tangled", "node": "n1", "x": 1.2341234, "y": -2.0 }),
    );
    let answer = session.response(id)["result"].clone();
    let change = &answer["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 1);
    let moved = apply(&text, change["edits"].as_array().unwrap());
    assert!(moved.contains("node n1 = (1.23, -2)"), "{moved}");
    // "Next level" before the level is solved is refused with the reason.
    let id = session.request("euc/boardNext", json!({ "uri": uri }));
    let refused = session.response(id);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not solved yet"),
        "{refused}"
    );
    // Solved (untangled by the code action's edit): the next level.
    let untangle = code_actions(&mut session, uri, position(4, 3), position(4, 3))["result"][0]
        ["edit"]["documentChanges"][0]["edits"]
        .clone();
    let untangled = apply(&text, untangle.as_array().unwrap());
    replace_text(&mut session, uri, 2, &untangled);
    let id = session.request("euc/boardNext", json!({ "uri": uri, "block": "tangled" }));
    let answer = session.response(id)["result"].clone();
    assert_eq!(
        answer["block"], "tangled",
        "a block not named level_N keeps its name"
    );
    let next = apply(
        &untangled,
        answer["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap(),
    );
    assert!(next.contains("  level 4\n"), "{next}");
    assert!(nodes < next.matches("  node ").count());
    session.stop();
}

/// "Restart" on the VS Code board: every node's place in one
/// `euc/boardMove` (`moves`), answered with one edit of the version it was
/// computed for, so one undo of the editor takes it back; its undo is one
/// request too. All or none: one bad node refuses the whole list.
#[test]
fn the_board_moves_several_nodes_in_one_edit() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/restart.euc";
    let text = super::read(&super::root().join("examples/planar/tangled.euc"));
    session.open(uri, &text);
    let id = session.request("euc/boardState", json!({ "uri": uri }));
    let nodes = session.response(id)["result"]["state"]["nodes"]
        .as_array()
        .unwrap()
        .clone();
    let moves: Vec<Value> = nodes
        .iter()
        .enumerate()
        .map(|(i, node)| json!({ "node": node["name"], "x": i as f64 + 0.5, "y": -1.25 }))
        .collect();
    let id = session.request("euc/boardMove", json!({ "uri": uri, "moves": moves }));
    let answer = session.response(id)["result"].clone();
    assert_eq!(answer["block"], "tangled");
    let changes = answer["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "one document edit: {answer}");
    assert_eq!(changes[0]["textDocument"]["version"], 1);
    let edits = changes[0]["edits"].as_array().unwrap();
    assert_eq!(edits.len(), nodes.len(), "every node in the one edit");
    let moved = apply(&text, edits);
    for (i, node) in nodes.iter().enumerate() {
        let name = node["name"].as_str().unwrap();
        let written = format!("node {name} = ({}.5, -1.25)", i);
        assert!(moved.contains(&written), "{written} in\n{moved}");
    }
    replace_text(&mut session, uri, 2, &moved);
    // Its undo, the first places back, is one request as well.
    let back: Vec<Value> = nodes
        .iter()
        .map(|node| json!({ "node": node["name"], "x": node["x"], "y": node["y"] }))
        .collect();
    let id = session.request("euc/boardMove", json!({ "uri": uri, "moves": back }));
    let answer = session.response(id)["result"].clone();
    let change = &answer["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 2);
    let restored = apply(&moved, change["edits"].as_array().unwrap());
    assert_eq!(restored, text, "the first places, as they were written");
    replace_text(&mut session, uri, 3, &restored);
    let id = session.request("euc/boardState", json!({ "uri": uri }));
    assert_eq!(
        session.response(id)["result"]["state"]["nodes"],
        Value::Array(nodes.clone()),
        "the nodes back where they were"
    );
    // A node named twice, or one the block lacks, refuses them all.
    for (bad, says) in [
        (json!([moves[0], moves[0]]), "moved twice"),
        (
            json!([moves[0], { "node": "nobody", "x": 0, "y": 0 }]),
            "no node `nobody`",
        ),
        (
            json!([{ "node": nodes[0]["name"], "x": 1e9, "y": 0 }]),
            "off the board",
        ),
    ] {
        let id = session.request("euc/boardMove", json!({ "uri": uri, "moves": bad }));
        let refused = session.response(id);
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{says}: {refused}");
    }
    // Neither a node nor a list: the request says what it takes.
    let id = session.request("euc/boardMove", json!({ "uri": uri }));
    let refused = session.response(id);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("`moves`"),
        "{refused}"
    );
    session.stop();
}

/// The construction board's requests, as the VS Code "Play" webview on a
/// solve block makes them: the state, moves that come back as edits of the
/// version they were computed for, undo and redo by the move's lines.
#[test]
fn the_construction_board_requests() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/play.euc";
    let text = super::read(&super::root().join("examples/play-bisector.euc"));
    session.open(uri, &text);
    let mut version = 1;
    let mut text = text;
    let play = |session: &mut Client, method: &str, params: Value| {
        let id = session.request(method, params);
        session.response(id)["result"].clone()
    };
    let answer = play(&mut session, "euc/constructionState", json!({ "uri": uri }));
    assert_eq!(answer["version"], 1);
    assert_eq!(answer["state"]["block"], "bisector");
    assert_eq!(answer["state"]["solved"], false);
    let mut lines = json!(null);
    for args in [json!(["A", "B"]), json!(["B", "A"])] {
        let moved = play(
            &mut session,
            "euc/constructionMove",
            json!({ "uri": uri, "block": "bisector", "move": { "tool": "circle", "args": args } }),
        );
        let change = &moved["edit"]["documentChanges"][0];
        assert_eq!(change["textDocument"]["version"], version);
        text = apply(&text, change["edits"].as_array().unwrap());
        version += 1;
        replace_text(&mut session, uri, version, &text);
        lines = moved["lines"].clone();
    }
    assert_eq!(lines, json!(["c2 = circle(B, A)"]));
    let state = play(&mut session, "euc/constructionState", json!({ "uri": uri }))["state"].clone();
    let crossings: Vec<_> = state["points"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|point| point["kind"] == "crossing")
        .map(|point| point["id"].clone())
        .collect();
    let moved = play(
        &mut session,
        "euc/constructionMove",
        json!({ "uri": uri, "move": { "tool": "line", "args": crossings, "version": state["version"] } }),
    );
    assert_eq!(
        moved["lines"],
        json!(["P1, _ = c1 & c2", "_, P2 = c1 & c2", "m = line(P1, P2)"])
    );
    let before = text.clone();
    text = apply(
        &text,
        moved["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap(),
    );
    version += 1;
    replace_text(&mut session, uri, version, &text);
    let state = play(&mut session, "euc/constructionState", json!({ "uri": uri }))["state"].clone();
    assert_eq!(
        (state["solved"].clone(), state["e"].clone()),
        (json!(true), json!(3))
    );
    let undone = play(
        &mut session,
        "euc/constructionUndo",
        json!({ "uri": uri, "lines": moved["lines"] }),
    );
    let back = apply(
        &text,
        undone["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap(),
    );
    assert_eq!(back, before);
    let id = session.request(
        "euc/constructionMove",
        json!({ "uri": uri, "move": { "tool": "compass", "args": ["A", "B", "A"] } }),
    );
    let refused = session.response(id);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("does not allow"),
        "{refused}"
    );
    // A redo of lines that would not read back as steps is refused.
    for lines in super::play_http::hostile_redo_lines() {
        let id = session.request(
            "euc/constructionRedo",
            json!({ "uri": uri, "lines": lines }),
        );
        let refused = session.response(id);
        let shown: String = lines.to_string().chars().take(60).collect();
        assert!(
            refused["error"]["message"]
                .as_str()
                .is_some_and(|message| message.contains("redo")),
            "{shown}: {refused}"
        );
    }
    session.stop();
}

/// The board's hint request: the next move, or every move, of a shortest
/// completion as an edit of the version it was computed for; the state
/// carries the level's stars.
#[test]
fn the_construction_board_hint_request() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/half.euc";
    let text = super::read(&super::root().join("examples/play-bisector.euc"))
        .replace("90deg))\n}", "90deg))\n  stars e 3\n  c1 = circle(A, B)\n}");
    session.open(uri, &text);
    let ask = |session: &mut Client, method: &str, params: Value| {
        let id = session.request(method, params);
        session.response(id)
    };
    let state = ask(&mut session, "euc/constructionState", json!({ "uri": uri }))["result"]
        ["state"]
        .clone();
    assert_eq!(state["target"], json!({ "e": 3 }));
    let hinted = ask(
        &mut session,
        "euc/constructionHint",
        json!({ "uri": uri, "version": state["version"] }),
    )["result"]
        .clone();
    let change = &hinted["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 1);
    let lines = hinted["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "{hinted}");
    assert!(
        lines[0].as_str().unwrap().contains("circle(B, A)"),
        "{hinted}"
    );
    let all = ask(
        &mut session,
        "euc/constructionHint",
        json!({ "uri": uri, "all": true }),
    )["result"]
        .clone();
    let solved = apply(
        &text,
        all["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap(),
    );
    let stale = ask(
        &mut session,
        "euc/constructionHint",
        json!({ "uri": uri, "version": "0000000000000000" }),
    );
    assert!(
        stale["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the file changed"),
        "{stale}"
    );
    replace_text(&mut session, uri, 2, &solved);
    let state = ask(&mut session, "euc/constructionState", json!({ "uri": uri }))["result"]
        ["state"]
        .clone();
    assert_eq!(state["status"], "solved", "{solved}");
    assert_eq!(state["stars"]["earned"], 2, "{state}");
    session.stop();
}

/// The board's "Show where it fails" in the editor: the state drawn on the
/// instance the construction fails on, saying what the picture's title
/// says; a block that holds has none, and the error says so.
#[test]
fn the_construction_board_shows_where_it_fails() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/non-general.euc";
    let text = super::read(&super::root().join("tests/fixtures/mistakes/non-general.euc"));
    session.open(uri, &text);
    let ask = |session: &mut Client, method: &str, uri: &str| {
        let id = session.request(method, json!({ "uri": uri }));
        session.response(id)
    };
    let declared = ask(&mut session, "euc/constructionState", uri)["result"].clone();
    assert_eq!(declared["state"]["fails_elsewhere"], true, "{declared}");
    assert!(declared["state"].get("elsewhere").is_none(), "{declared}");
    let failing = ask(&mut session, "euc/constructionFailing", uri)["result"].clone();
    assert_eq!(failing["version"], 1);
    let state = &failing["state"];
    assert_eq!(state["version"], declared["state"]["version"]);
    let words = state["elsewhere"].as_str().expect("what goes wrong there");
    assert!(
        words.starts_with("on another instance: goal `M` missed by"),
        "{failing}"
    );
    // In the words of the picture drawn there.
    let id = session.request("euc/render", json!({ "uri": uri, "instance": "failing" }));
    let picture = session.response(id);
    let svg = picture["result"]["svg"].as_str().unwrap_or_default();
    assert!(svg.contains(&format!("s — {words}</title>")), "{picture}");
    assert_eq!(state["goals"][0]["reached"], false, "{failing}");
    assert_ne!(
        state["points"][1], declared["state"]["points"][1],
        "B moves"
    );
    // A construction that holds has nowhere it fails.
    let holds = "file:///work/midpoint.euc";
    session.open(
        holds,
        &super::read(&super::root().join("examples/midpoint.euc")),
    );
    let state = ask(&mut session, "euc/constructionState", holds);
    assert!(state["result"]["state"].get("fails_elsewhere").is_none());
    let refused = ask(&mut session, "euc/constructionFailing", holds);
    let error = &refused["error"];
    assert_eq!(error["code"], -32602, "{refused}");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|message| message.contains("no failing instance")),
        "{refused}"
    );
    session.stop();
}

/// The real server on the new language: hover lists an either-or goal's
/// alternatives, "Find construction" solves a mirror-image level on a ray,
/// and an intersection beyond a segment is E0405 in the editor too.
#[test]
fn either_or_goals_rays_and_segments_in_the_editor() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/angle.euc";
    let text = "point A = (0, 0)\npoint B = (1.5, 0.4)\nray r = ray(A, B)\nsolve sixty {\n  goal m = ray(A, rotate(B, A, 60deg)) | ray(A, rotate(B, A, -60deg))\n}\n";
    session.open(uri, text);
    let id = session.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(4, 7) }),
    );
    let hover = session.response(id);
    let contents = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(contents.contains("either of 2 alternatives"), "{contents}");
    let edit = find_construction(&mut session, uri, 4);
    let new_text = edit["params"]["edit"]["documentChanges"][0]["edits"][0]["newText"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(new_text.contains("m = line(A, "), "{new_text}");

    let uri = "file:///work/segment.euc";
    let text = "point A = (0, 0)\npoint B = (2, 0)\nsegment s = segment(A, B)\nsolve d {\n  goal D = A * 2 - B\n  c = circle(A, B)\n  D, _ = s & c\n}\n";
    let diagnostics = session.open(uri, text);
    let codes = codes(&diagnostics);
    assert_eq!(codes, ["E0405"]);
    session.stop();
}

/// Decodes `textDocument/semanticTokens` data into (line, column, length,
/// type name) with the legend the server announced.
pub(super) fn decode_tokens(data: &[Value], legend: &[Value]) -> Vec<(u64, u64, u64, String)> {
    let numbers: Vec<u64> = data.iter().map(|n| n.as_u64().unwrap()).collect();
    let (mut line, mut column) = (0, 0);
    numbers
        .chunks(5)
        .map(|token| {
            if token[0] > 0 {
                column = 0;
            }
            line += token[0];
            column += token[1];
            let kind = legend[token[3] as usize].as_str().unwrap().to_string();
            (line, column, token[2], kind)
        })
        .collect()
}

#[test]
fn semantic_tokens_tell_givens_steps_and_goals_apart_and_come_as_deltas() {
    let mut client = Session::start(json!({}));
    let legend = client.initialize_result["capabilities"]["semanticTokensProvider"]["legend"]
        ["tokenTypes"]
        .as_array()
        .unwrap()
        .clone();
    let uri = "file:///work/tokens.euc";
    let text = "// a midpoint\npoint A = (0, 0)\npoint B = (1, 0)\nsolve mid {\n  goal M = midpoint(A, B)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  P, Q = c1 & c2\n  l = line(P, Q)\n  m = line(A, B)\n  M = l & m\n}\n";
    client.open(uri, text);
    let id = client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": uri } }),
    );
    let full = client.response(id);
    let tokens = decode_tokens(full["result"]["data"].as_array().unwrap(), &legend);
    let at = |line: u64, column: u64| {
        tokens
            .iter()
            .find(|token| token.0 == line && token.1 == column)
            .map(|token| token.3.as_str())
    };
    assert_eq!(at(0, 0), Some("comment"));
    assert_eq!(at(1, 0), Some("keyword"));
    assert_eq!(at(1, 6), Some("parameter"), "the given point A: {tokens:?}");
    assert_eq!(at(3, 6), Some("namespace"), "the block's name");
    assert_eq!(at(4, 7), Some("enumMember"), "the goal M");
    assert_eq!(at(4, 11), Some("function"), "midpoint");
    assert_eq!(at(5, 2), Some("variable"), "the step c1");
    assert_eq!(at(10, 2), Some("enumMember"), "the step binding the goal");

    // An edit: the delta against the first answer rebuilds the new tokens.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [
            { "range": { "start": position(9, 2), "end": position(9, 3) }, "text": "k" },
            { "range": { "start": position(10, 6), "end": position(10, 7) }, "text": "k" }
        ] }),
    );
    let id = client.request(
        "textDocument/semanticTokens/full/delta",
        json!({ "textDocument": { "uri": uri }, "previousResultId": full["result"]["resultId"] }),
    );
    let delta = client.response(id);
    let edits = delta["result"]["edits"]
        .as_array()
        .expect("a delta, not all tokens");
    let mut data: Vec<Value> = full["result"]["data"].as_array().unwrap().clone();
    for edit in edits.iter().rev() {
        let start = edit["start"].as_u64().unwrap() as usize;
        let count = edit["deleteCount"].as_u64().unwrap() as usize;
        let new = edit["data"].as_array().cloned().unwrap_or_default();
        data.splice(start..start + count, new);
    }
    let id = client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": uri } }),
    );
    let again = client.response(id);
    assert_eq!(&data, again["result"]["data"].as_array().unwrap());
    assert!(
        edits
            .iter()
            .map(|e| e["data"].as_array().map_or(0, Vec::len))
            .sum::<usize>()
            < data.len()
    );
    client.stop();
}

/// The titles of the code actions offered at a position.
fn action_titles(actions: &Value) -> Vec<String> {
    actions["result"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|action| action["title"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn quick_fixes_mend_what_the_diagnostics_say() {
    let mut client = Session::start(json!({}));
    let uri = "file:///work/fixes.euc";
    // A misspelt given in a goal, and a circle drawn twice.
    let text = "point Apex = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal k = circle(Apexx, B)\n}\nsolve t {\n  goal l = line(Apex, B)\n  c = circle(Apex, B)\n  d = circle(Apex, B)\n  l = line(Apex, B)\n}\n";
    let diagnostics = client.open(uri, text);
    assert!(codes(&diagnostics).contains(&"E0101"), "{diagnostics}");
    let actions = code_actions(&mut client, uri, position(3, 20), position(3, 20));
    assert_eq!(
        action_titles(&actions),
        ["Replace with `Apex`"],
        "no Find construction while the file has an input error: {actions}"
    );
    let fix = &actions["result"][0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    let edits = fix["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap();
    let fixed = apply(text, edits);
    assert!(fixed.contains("goal k = circle(Apex, B)"), "{fixed}");

    // With the name mended, the wasted circle can be removed, line and all.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [ { "text": fixed } ] }),
    );
    let diagnostics = client.diagnostics(uri);
    assert!(codes(&diagnostics).contains(&"W0003"), "{diagnostics}");
    let actions = code_actions(&mut client, uri, position(8, 3), position(8, 3));
    let titles = action_titles(&actions);
    assert_eq!(titles[0], "Remove the wasted step", "{actions}");
    assert!(titles.contains(&"Find a shorter construction".to_string()));
    let edits = actions["result"][0]["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap();
    let removed = apply(&fixed, edits);
    assert!(
        removed.contains("  c = circle(Apex, B)\n  l = line(Apex, B)\n"),
        "{removed}"
    );
    client.stop();
}

#[test]
fn highlights_and_signature_help() {
    let mut client = Session::start(json!({}));
    let caps = &client.initialize_result["capabilities"];
    assert_eq!(caps["documentHighlightProvider"], true);
    assert!(caps["signatureHelpProvider"]["triggerCharacters"].is_array());
    let uri = "file:///work/help.euc";
    let text = "point A = (0, 0)\npoint B = (1, 0)\nlet d = dist(A, B)\n";
    client.open(uri, text);
    let id = client.request(
        "textDocument/documentHighlight",
        json!({ "textDocument": { "uri": uri }, "position": position(0, 6) }),
    );
    let highlights = client.response(id);
    let kinds: Vec<(u64, u64, u64)> = highlights["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["range"]["start"]["line"].as_u64().unwrap(),
                h["range"]["start"]["character"].as_u64().unwrap(),
                h["kind"].as_u64().unwrap(),
            )
        })
        .collect();
    // The binding is written (3), the use read (2).
    assert_eq!(kinds, [(0, 6, 3), (2, 13, 2)]);
    let id = client.request(
        "textDocument/signatureHelp",
        json!({ "textDocument": { "uri": uri }, "position": position(2, 16) }),
    );
    let help = client.response(id);
    assert_eq!(
        help["result"]["signatures"][0]["label"],
        "dist(point, point) → number"
    );
    assert_eq!(help["result"]["activeParameter"], 1);
    client.stop();
}

#[test]
fn an_optimal_block_has_no_shorter_construction_and_is_left_alone() {
    let mut client = Session::start(json!({}));
    let uri = "file:///work/equilateral.euc";
    let text = super::read(&super::root().join("examples/equilateral-triangle.euc"));
    client.open(uri, &text);
    let line = text.lines().position(|l| l.contains("goal C")).unwrap() as u32;
    let actions = code_actions(&mut client, uri, position(line, 2), position(line, 2));
    let action = &actions["result"][0];
    assert_eq!(action["title"], "Find a shorter construction");
    let command = action["command"].clone();
    let id = client.request(
        "workspace/executeCommand",
        json!({ "command": command["command"], "arguments": command["arguments"] }),
    );
    let result = client.response(id);
    assert_eq!(result["result"]["applied"], false, "{result}");
    let message = client.wait(|m| m["method"] == "window/showMessage");
    assert_eq!(
        message["params"]["message"],
        "no shorter construction exists: none with at most 1 move"
    );
    assert!(!client
        .seen
        .iter()
        .any(|m| m["method"] == "workspace/applyEdit"));
    client.stop();
}

#[test]
fn code_lenses_tell_and_act() {
    let mut client = Session::start(json!({ "clientCommands": ["euc.showPicture"] }));
    let uri = "file:///work/lenses.euc";
    let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\nplanar p {\n  node a = (0, 0)\n  node b = (1, 1)\n  node c = (1, 0)\n  node d = (0, 1)\n  edge a - b, c - d\n}\n";
    client.open(uri, text);
    let id = client.request(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": uri } }),
    );
    let lenses = client.response(id);
    let list = lenses["result"].as_array().unwrap();
    let titles: Vec<(&str, &str, u64)> = list
        .iter()
        .map(|lens| {
            (
                lens["command"]["title"].as_str().unwrap(),
                lens["command"]["command"].as_str().unwrap(),
                lens["range"]["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    // "Play" is left out: this client did not say it runs euc.play.
    assert_eq!(
        titles,
        [
            ("2 moves ✓ on 5 instances", "", 2),
            ("Find a shorter construction", "euc.findConstruction", 2),
            ("Show picture", "euc.showPicture", 2),
            ("1 crossing · 4 nodes", "", 8),
            ("Untangle", "euc.untangle", 8),
        ]
    );
    let untangle = &list[4]["command"];
    let id = client.request(
        "workspace/executeCommand",
        json!({ "command": untangle["command"], "arguments": untangle["arguments"] }),
    );
    // The server asks the client to apply the edit (this client says yes).
    let result = client.response(id);
    assert_eq!(result["result"]["applied"], true, "{result}");
    let applied = client
        .seen
        .iter()
        .find(|m| m["method"] == "workspace/applyEdit")
        .expect("an edit was applied");
    let edits = applied["params"]["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap();
    let untangled = apply(text, edits);
    let analysis = euc::analysis::analyze(&untangled);
    assert_eq!(analysis.puzzle_reports[0].crossings, 0, "{untangled}");
    client.stop();
}

/// A client that declared `workspace.codeLens.refreshSupport` is asked to
/// ask for lenses again when an edit changes what they say (the block is
/// solved now), not when an edit leaves them as they were; a client that
/// did not declare it is never asked.
#[test]
fn lenses_are_refreshed_when_what_they_say_changes() {
    let unsolved =
        "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n}\n";
    let solved = unsolved.replace(
        "60deg)\n",
        "60deg)\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n",
    );
    let refresh = |m: &Value| m["method"] == "workspace/codeLens/refresh";
    for supported in [true, false] {
        let mut client = Client::start_with(
            std::path::Path::new(env!("CARGO_BIN_EXE_euc")),
            json!({}),
            json!({ "workspace": { "codeLens": { "refreshSupport": supported } } }),
        );
        let uri = "file:///work/refresh.euc";
        client.open(uri, unsolved);
        let change = |client: &mut Client, version: i64, text: &str| {
            client.notify(
                "textDocument/didChange",
                json!({ "textDocument": { "uri": uri, "version": version },
                        "contentChanges": [{ "text": text }] }),
            );
            client.wait(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri
                    && m["params"]["version"] == version
            });
            // A round trip after the diagnostics: a refresh they caused is
            // sent before this answer.
            let id = client.request(
                "textDocument/codeLens",
                json!({ "textDocument": { "uri": uri } }),
            );
            client.response(id)
        };
        // Only a comment more: the lenses say the same.
        change(&mut client, 2, &format!("{unsolved}// later\n"));
        assert!(!client.seen.iter().any(refresh), "{:#?}", client.seen);
        // Solved: "no construction yet" becomes "2 moves ✓ …".
        let lenses = change(&mut client, 3, &solved);
        assert_eq!(
            lenses["result"][0]["command"]["title"],
            "2 moves ✓ on 5 instances"
        );
        if supported {
            client.wait(refresh);
        } else {
            std::thread::sleep(Duration::from_millis(200));
            change(&mut client, 4, &solved);
        }
        assert!(!client.seen.iter().any(refresh), "{:#?}", client.seen);
        client.stop();
    }
}

/// A construction that works only as declared: a lens and a quick fix
/// show the instance it fails on, and `euc/render` draws it there with the
/// goal it misses and by how much.
#[test]
fn where_a_construction_fails_is_shown() {
    let mut client = Session::start(json!({ "clientCommands": ["euc.showPicture"] }));
    let uri = "file:///work/non-general.euc";
    let text = super::read(&super::root().join("tests/fixtures/mistakes/non-general.euc"));
    client.open(uri, &text);
    let id = client.request(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": uri } }),
    );
    let lenses = client.response(id);
    let failing = lenses["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|lens| lens["command"]["title"] == "Show where it fails")
        .expect("a lens shows where it fails");
    assert_eq!(failing["command"]["command"], "euc.showPicture");
    assert_eq!(failing["command"]["arguments"], json!(["s", "failing"]));
    let header = text
        .lines()
        .position(|line| line.starts_with("solve"))
        .unwrap();
    let id = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri },
                "range": { "start": { "line": header, "character": 0 }, "end": { "line": header, "character": 0 } },
                "context": { "diagnostics": [] } }),
    );
    let actions = client.response(id);
    let action = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|action| action["title"] == "Show the instance it fails on")
        .expect("a quick fix shows the instance");
    assert_eq!(action["command"]["arguments"], json!(["s", "failing"]));
    let id = client.request("euc/render", json!({ "uri": uri, "instance": "failing" }));
    let answer = client.response(id);
    let svg = answer["result"]["svg"].as_str().unwrap();
    assert!(
        svg.contains("on another instance: goal `M` missed by"),
        "{svg}"
    );
    let id = client.request("euc/render", json!({ "uri": uri, "instance": "sideways" }));
    assert!(client.response(id).get("error").is_some());
    client.stop();
}

#[test]
fn the_picture_follows_the_unsaved_text() {
    let mut client = Session::start(json!({}));
    let uri = "file:///work/picture.euc";
    let text = super::read(&super::root().join("examples/equilateral-triangle.euc"));
    client.open(uri, &text);
    let id = client.request("euc/render", json!({ "uri": uri, "moves": 1 }));
    let first = client.response(id);
    assert_eq!(first["result"]["moves"], 2, "{first}");
    let svg = first["result"]["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("up to move 1"),
        "{svg}"
    );
    // A move the block does not have: the answer says why, with the moves
    // it has (for the slider), and no picture.
    let id = client.request("euc/render", json!({ "uri": uri, "moves": 100 }));
    let beyond = client.response(id);
    assert_eq!(beyond["result"]["moves"], 2, "{beyond}");
    assert!(beyond["result"]["svg"].is_null(), "{beyond}");
    let error = beyond["result"]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("has 2 moves") && error.contains("to 2, not 100"),
        "{beyond}"
    );
    // An edit not saved anywhere: the next picture shows it.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [
            { "text": text.replace("solve equilateral", "solve renamed") }
        ] }),
    );
    let id = client.request("euc/render", json!({ "uri": uri, "block": "renamed" }));
    let second = client.response(id);
    assert_eq!(second["result"]["version"], 2);
    assert!(
        second["result"]["svg"]
            .as_str()
            .unwrap()
            .contains("renamed"),
        "{second}"
    );
    // The picture follows the cursor: on a step's line, up to its move
    // (the intersection's step ends at the move before it); elsewhere the
    // whole construction.
    let renamed = text.replace("solve equilateral", "solve renamed");
    let line_of = |needle: &str| {
        renamed
            .lines()
            .position(|line| line.contains(needle))
            .unwrap()
    };
    // Anywhere on the line: in its indent (where Go to Line puts the
    // cursor) as on its text.
    let steps = [("c1 = circle", 1), ("c2 = circle", 2), ("C, _ =", 2)];
    for ((needle, expected), character) in steps.into_iter().flat_map(|step| [(step, 0), (step, 4)])
    {
        let at = json!({ "line": line_of(needle), "character": character });
        let id = client.request("euc/render", json!({ "uri": uri, "at": at }));
        let answer = client.response(id);
        assert_eq!(
            answer["result"]["at"],
            json!(["renamed", expected]),
            "{answer}"
        );
        let svg = answer["result"]["svg"].as_str().unwrap();
        assert!(svg.contains(&format!("up to move {expected}")), "{svg}");
    }
    let id = client.request(
        "euc/render",
        json!({ "uri": uri, "at": { "line": 2, "character": 0 } }),
    );
    let answer = client.response(id);
    assert!(answer["result"].get("at").is_none(), "{answer}");
    client.stop();
}

/// Each diagnostic links to its code's explanation (`docs/codes.md`, the
/// text of `euc explain`), which editors show as a link on the code.
#[test]
fn each_diagnostic_links_to_its_code() {
    let mut client = Session::start(json!({}));
    let diagnostics = client.open("file:///work/link.euc", "point A = (0, 0)\nlet b = Ax\n");
    let first = &diagnostics["params"]["diagnostics"][0];
    assert_eq!(first["code"], "E0101", "{diagnostics}");
    let href = first["codeDescription"]["href"]
        .as_str()
        .unwrap_or_default();
    assert!(href.ends_with("/docs/codes.md#e0101"), "{diagnostics}");
    client.stop();
}

#[test]
fn quick_fixes_widen_the_mask_and_allow_a_tool() {
    let mut client = Session::start(json!({}));
    let uri = "file:///work/mask.euc";
    let text = "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal C = rotate(B, A, 60deg)\n  mask line circle\n  c1 = circle(A, B)\n  c2 = circle(B, A)\n  C, _ = c1 & c2\n}\nsolve t {\n  goal m = perp_bisector(A, B)\n  m = perp_bisector(A, B)\n}\n";
    let diagnostics = client.open(uri, text);
    let found = codes(&diagnostics);
    assert!(
        found.contains(&"E0506") && found.contains(&"E0507"),
        "{found:?}"
    );
    let fixed = |line: u32, client: &mut Client| {
        let actions = code_actions(client, uri, position(line, 0), position(line, 8));
        let fix = actions["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["kind"] == "quickfix")
            .unwrap_or_else(|| panic!("no quick fix on line {line}: {actions}"))
            .clone();
        let edits = fix["edit"]["documentChanges"][0]["edits"]
            .as_array()
            .unwrap()
            .clone();
        (
            fix["title"].as_str().unwrap().to_string(),
            apply(text, &edits),
        )
    };
    // On the first step the mask does not allow: `c1`, where `line` stands.
    let (title, widened) = fixed(5, &mut client);
    assert_eq!(title, "Widen the mask to these steps");
    assert!(widened.contains("  mask circle circle\n"), "{widened}");
    let (title, allowed) = fixed(11, &mut client);
    assert_eq!(title, "Allow `perp_bisector` in this block");
    assert!(
        allowed.contains("solve t {\n  tools perp_bisector\n  goal m"),
        "{allowed}"
    );
    for (mended, gone) in [(widened, "E0506"), (allowed, "E0507")] {
        let analysis = euc::analysis::analyze(&mended);
        let codes: Vec<&str> = analysis.diagnostics.iter().map(|d| d.code).collect();
        assert!(!codes.contains(&gone), "{gone} still there: {codes:?}");
    }
    client.stop();
}

/// Broken messages are answered with their JSON-RPC errors and the server
/// reads on; a `$/` request gets "method not found"; a huge solver setting
/// is held to the solver's limit instead of aborting the server.
#[test]
fn broken_messages_are_answered_and_the_server_goes_on() {
    let mut session = Session::start(json!({ "solver": { "maxMoves": 1_000_000_000u64 } }));
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    let cases = [
        (frame("{not json"), Value::Null, -32700),
        (frame("[1,2]"), Value::Null, -32600),
        (frame(r#"{"jsonrpc":"2.0","id":8}"#), json!(8), -32600),
        (frame(r#"{"id":9,"method":"shutdown"}"#), json!(9), -32600),
        (
            frame(r#"{"jsonrpc":"2.0","id":7,"method":"$/custom","params":{}}"#),
            json!(7),
            -32601,
        ),
        (
            "garbage\r\n\r\nContent-Length: nine\r\n\r\n".to_string(),
            Value::Null,
            -32700,
        ),
    ];
    for (bytes, id, code) in cases {
        session.send_raw(bytes.as_bytes());
        let answer = session.wait(|m| m.get("error").is_some() && m["id"] == id);
        assert_eq!(answer["error"]["code"], code, "{bytes}: {answer}");
        session.seen.clear();
        // Still serving: a hover on a fresh document.
        let uri = "file:///work/after.euc";
        session.open(uri, "point A = (0, 0)\n");
        let hover = session.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(0, 6) }),
        );
        let hover = session.response(hover);
        assert!(hover["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|text| text.contains("given point")));
    }
    // The solver runs within its limit of moves.
    let uri = "file:///work/solve.euc";
    session.open(
        uri,
        "point A = (0, 0)\npoint B = (1, 0)\nsolve s {\n  goal l = line(A, B)\n}\n",
    );
    let solve = session.request(
        "workspace/executeCommand",
        json!({ "command": "euc.findConstruction", "arguments": [uri, "s", 1] }),
    );
    let response = session.response(solve);
    assert!(response.get("error").is_none(), "{response}");
    session.stop();
}

/// A message whose `Content-Length` is wrong (too long, too short, or
/// longer than any message) is answered with an error, and the next
/// request, sent at once after it, is answered as if nothing had happened.
#[test]
fn a_wrong_content_length_loses_no_later_message() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/framing.euc";
    session.open(uri, "point A = (0, 0)\n");
    let hover = |id: i64| {
        json!({
            "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": { "textDocument": { "uri": uri }, "position": position(0, 6) },
        })
        .to_string()
    };
    let broken = hover(1000);
    for wrong in [
        broken.len() + 1,
        broken.len() + 200,
        broken.len() - 1,
        0,
        100_000_000_000_000,
    ] {
        session.send_raw(format!("Content-Length: {wrong}\r\n\r\n{broken}").as_bytes());
        let next = session.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(0, 6) }),
        );
        // The two answers, in either order.
        let mut answers: Vec<Value> = (0..2)
            .map(|_| {
                session
                    .wait(|m| m.get("method").is_none() && (m["id"] == next || m["id"].is_null()))
            })
            .collect();
        answers.sort_by_key(|m| m["id"].is_null());
        let [answer, error] = &answers[..] else {
            unreachable!()
        };
        assert!(
            answer["result"]["contents"]["value"]
                .as_str()
                .is_some_and(|text| text.contains("given point")),
            "length {wrong}: {answer}"
        );
        let code = if wrong > 1 << 30 { -32600 } else { -32700 };
        assert_eq!(error["error"]["code"], code, "length {wrong}: {error}");
        assert!(
            !session.seen.iter().any(|m| m["id"] == 1000),
            "the broken message itself is not read as a request"
        );
    }
    session.stop();
}

/// A document over the limit euc analyses (2 MiB, what `euc check`
/// reads) is not analysed: one diagnostic says so, requests about it are
/// answered with nothing, and once it shrinks it is analysed again.
#[test]
fn a_document_too_large_is_refused_with_one_diagnostic() {
    assert_eq!(euc::analysis::MOST_BYTES as u64, euc::cli::MAX_INPUT);
    let mut session = Session::start(json!({}));
    let uri = "file:///work/large.euc";
    let line = "// a line of padding to make the file large\n";
    let large = line.repeat(euc::analysis::MOST_BYTES / line.len() + 1);
    let published = session.open(uri, &large);
    let diagnostics = published["params"]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "E0005");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("euc analyses at most 2 MiB"),
        "{published}"
    );
    for (method, params) in [
        (
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(0, 6) }),
        ),
        (
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        ),
        (
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
        ),
    ] {
        let id = session.request(method, params);
        let answer = session.response(id);
        assert_eq!(answer["result"], Value::Null, "{method}: {answer}");
    }
    replace_text(&mut session, uri, 2, "point A = (0, 0)\npoint A = (1, 0)\n");
    let published = session.diagnostics(uri);
    assert_eq!(codes(&published), ["E0102"], "{published}");
    session.stop();
}

/// Workspace symbols come from the files under the opened folder and from
/// open documents as edited (not as saved); selection ranges expand from
/// the word out; range formatting touches only the lines asked for.
#[test]
fn workspace_symbols_selection_ranges_and_range_formatting() {
    let folder = tempfile::tempdir().expect("a scratch folder");
    let root = folder.path();
    std::fs::create_dir_all(root.join("levels/.hidden")).unwrap();
    std::fs::write(
        root.join("levels/bisect.euc"),
        "point A = (0, 0)\npoint B = (2, 0)\nsolve bisector {\n  goal m = perp_bisector(A, B)\n}\n",
    )
    .unwrap();
    std::fs::write(
        root.join("levels/.hidden/secret.euc"),
        "point Hidden = (0, 0)\n",
    )
    .unwrap();
    std::fs::write(root.join("open.euc"), "point Saved = (0, 0)\n").unwrap();
    let root_uri = format!("file://{}", root.display());
    let mut session = Client::start_in(
        std::path::Path::new(env!("CARGO_BIN_EXE_euc")),
        json!({}),
        json!({}),
        json!(root_uri),
    );
    let open_uri = format!("{root_uri}/open.euc");
    let text =
        "point  Edited=(0,0)\npoint   Q = (1,1)\nsolve s {\n  goal M = midpoint(Edited, Q)\n}\n";
    session.open(&open_uri, text);
    let symbols = |session: &mut Client, query: &str| -> Vec<(String, String)> {
        let id = session.request("workspace/symbol", json!({ "query": query }));
        let answer = session.response(id);
        answer["result"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"))
            .iter()
            .map(|symbol| {
                let uri = symbol["location"]["uri"].as_str().unwrap();
                let file = uri.rsplit('/').next().unwrap().to_string();
                (symbol["name"].as_str().unwrap().to_string(), file)
            })
            .collect()
    };
    let all = symbols(&mut session, "");
    for wanted in [
        ("bisector", "bisect.euc"),
        ("m", "bisect.euc"),
        ("Edited", "open.euc"),
    ] {
        let wanted = (wanted.0.to_string(), wanted.1.to_string());
        assert!(all.contains(&wanted), "{wanted:?} in {all:?}");
    }
    assert!(
        !all.iter().any(|(name, _)| name == "Saved"),
        "the open text wins: {all:?}"
    );
    assert!(
        !all.iter().any(|(name, _)| name == "Hidden"),
        "hidden folders are skipped"
    );
    let found = symbols(&mut session, "bsc");
    assert_eq!(found, [("bisector".to_string(), "bisect.euc".to_string())]);

    let id = session.request(
        "textDocument/selectionRange",
        json!({ "textDocument": { "uri": open_uri }, "positions": [position(3, 22)] }),
    );
    let answer = session.response(id);
    let mut range = &answer["result"][0];
    let mut lines = Vec::new();
    while !range.is_null() {
        lines.push((
            range["range"]["start"]["character"].as_u64().unwrap(),
            range["range"]["end"]["line"].as_u64().unwrap(),
        ));
        range = &range["parent"];
    }
    assert_eq!(lines[0], (20, 3), "the word `Edited` first: {answer}");
    assert_eq!(lines.last(), Some(&(0, 5)), "the whole file last: {answer}");

    let id = session.request(
        "textDocument/rangeFormatting",
        json!({ "textDocument": { "uri": open_uri }, "range": { "start": position(1, 0), "end": position(1, 3) }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let answer = session.response(id);
    let edits = answer["result"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{answer}");
    assert_eq!(edits[0]["newText"], "point Q = (1, 1)");
    assert_eq!(edits[0]["range"]["start"]["line"], 1);
    session.stop();
}

/// "Hint: the next move" and "Complete this construction" on a block that
/// is half done: resolved when chosen, each appends step lines; the hint
/// keeps the steps so far, and the completion reaches the goals.
#[test]
fn hint_actions_append_the_next_move_or_the_completion() {
    let mut session = Session::start_resolving();
    let uri = "file:///work/half-done.euc";
    let text = super::read(&super::root().join("tests/fixtures/hint/half-done.euc"));
    session.open(uri, &text);
    let line = text
        .lines()
        .position(|line| line.contains("goal C"))
        .unwrap() as u32;
    let actions = code_actions(&mut session, uri, position(line, 2), position(line, 2));
    let titles = action_titles(&actions);
    assert!(
        titles.contains(&"Hint: the next move".to_string())
            && titles.contains(&"Complete this construction".to_string()),
        "{titles:?}"
    );
    let resolve = |session: &mut Client, title: &str| {
        let action = actions["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|action| action["title"] == title)
            .unwrap()
            .clone();
        assert!(action["edit"].is_null(), "computed when chosen: {action}");
        let id = session.request("codeAction/resolve", action);
        let resolved = session.response(id)["result"].clone();
        apply(
            &text,
            resolved["edit"]["documentChanges"][0]["edits"]
                .as_array()
                .unwrap(),
        )
    };
    let hinted = resolve(&mut session, "Hint: the next move");
    assert!(
        hinted.starts_with(&text[..text.rfind('}').unwrap()]),
        "{hinted}"
    );
    let added: Vec<&str> = hinted[text.rfind('}').unwrap()..hinted.rfind('}').unwrap()]
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    assert_eq!(added.len(), 1, "one circle: {hinted}");
    let completed = resolve(&mut session, "Complete this construction");
    replace_text(&mut session, uri, 2, &completed);
    let diagnostics = session.diagnostics(uri);
    assert!(
        !codes(&diagnostics).iter().any(|code| code.starts_with('E')),
        "{diagnostics}\n{completed}"
    );
    // Solved: no hint is offered any more.
    let actions = code_actions(&mut session, uri, position(line, 2), position(line, 2));
    assert!(!action_titles(&actions).contains(&"Hint: the next move".to_string()));
    session.stop();
}

/// "Make this construction a tool" on a block that checks: offered with
/// its edit, one insertion above the block, for the open document's
/// version; applied, the file has no error and one tool more. Not offered
/// on a block that does not check.
#[test]
fn a_construction_that_checks_is_made_a_tool() {
    let mut session = Session::start(json!({}));
    let uri = "file:///work/midpoint.euc";
    let text = super::read(&super::root().join("examples/midpoint.euc"));
    session.open(uri, &text);
    let line = text
        .lines()
        .position(|line| line.starts_with("solve midpoint"))
        .unwrap() as u32;
    let actions = code_actions(
        &mut session,
        uri,
        position(line + 1, 2),
        position(line + 1, 2),
    );
    let action = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|action| action["title"] == "Make this construction a tool")
        .unwrap_or_else(|| panic!("offered: {actions}"))
        .clone();
    assert_eq!(action["kind"], "refactor.extract");
    let change = &action["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["uri"], uri);
    assert_eq!(change["textDocument"]["version"], 1);
    let edits = change["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"], position(line, 0));
    assert_eq!(edits[0]["range"]["end"], position(line, 0));
    let made = apply(&text, edits);
    assert!(
        made.contains("tool midpoint_tool(A = (-1, 0), B = (1, 0)) -> M {\n"),
        "{made}"
    );
    replace_text(&mut session, uri, 2, &made);
    let diagnostics = session.diagnostics(uri);
    assert!(
        !codes(&diagnostics).iter().any(|code| code.starts_with('E')),
        "{diagnostics}\n{made}"
    );
    // A block that does not check yet offers no tool.
    let last_step = made.rfind("  _, M = c5 & c6\n").unwrap();
    let unsolved = format!(
        "{}{}",
        &made[..last_step],
        &made[last_step..].replacen("  _, M = c5 & c6\n", "", 1)
    );
    replace_text(&mut session, uri, 3, &unsolved);
    session.diagnostics(uri);
    let last = unsolved
        .lines()
        .position(|line| line.starts_with("solve midpoint"))
        .unwrap() as u32;
    let actions = code_actions(
        &mut session,
        uri,
        position(last + 1, 2),
        position(last + 1, 2),
    );
    assert!(
        !action_titles(&actions).contains(&"Make this construction a tool".to_string()),
        "{actions}"
    );
    session.stop();
}
