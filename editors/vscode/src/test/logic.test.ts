// The extension's logic under plain Node (no VS Code host here).
import { strict as assert } from "assert";
import * as path from "path";
import { test } from "node:test";
import { blockAt, boardHtml, constructionHtml, constructionRequest, editFits, findServer, hasPlanarBlock, HIT_WIDTH, missingServerMessage, pictureHtml, serverOptions, stepColumn, THEMED } from "../logic";

test("the server is found on PATH, or by its full path", () => {
  const files = new Set([path.join("/opt/euc/bin", "euc"), "/custom/euc-dev"]);
  const exists = (file: string) => files.has(file);
  const envPath = ["/usr/bin", "/opt/euc/bin"].join(path.delimiter);
  assert.equal(findServer("euc", envPath, exists), path.join("/opt/euc/bin", "euc"));
  assert.equal(findServer("", envPath, exists), path.join("/opt/euc/bin", "euc"));
  assert.equal(findServer("/custom/euc-dev", envPath, exists), "/custom/euc-dev");
  assert.equal(findServer("/missing/euc", envPath, exists), undefined);
  assert.equal(findServer("euc", undefined, exists), undefined);
  // The server inside a platform package comes first, unless another is set.
  const inside = "/ext/server/euc";
  const withInside = (file: string) => file === inside || exists(file);
  assert.equal(findServer("euc", envPath, withInside, inside), inside);
  assert.equal(findServer("/custom/euc-dev", envPath, withInside, inside), "/custom/euc-dev");
  assert.equal(findServer("euc", envPath, exists, inside), path.join("/opt/euc/bin", "euc"));
});

test("a missing server gets a message that says what to do", () => {
  assert.match(missingServerMessage("euc"), /euc\.server\.path/);
});

test("settings become the server's options", () => {
  assert.deepEqual(serverOptions({ serverPath: "euc", inlayHints: false, maxMoves: 6, timeout: 30 }), {
    inlayHints: { enabled: false },
    solver: { maxMoves: 6, timeout: 30 },
    clientCommands: ["euc.showPicture", "euc.play", "euc.playConstruction"],
  });
});

test("the block around the cursor", () => {
  const text = ["point A = (0, 0)", "solve first {", "  goal M = A", "}", "", "planar second {", "  node a = (0, 0)", "}"].join("\n");
  assert.equal(blockAt(text, 0), undefined);
  assert.equal(blockAt(text, 2), "first");
  assert.equal(blockAt(text, 3), "first");
  assert.equal(blockAt(text, 4), undefined);
  assert.equal(blockAt(text, 6), "second");
});

test("the board page loads the shared script under a nonce and talks by messages", () => {
  const html = boardHtml("vscode-resource:/media/board.js", "vscode-resource:/media/board.css", "vscode-resource:", "abc123");
  assert.match(html, /<script nonce="abc123" src="vscode-resource:\/media\/board.js">/);
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.match(html, /EucBoard\.mount/);
  // Restart and its undo: all their nodes in one message, one request.
  assert.match(html, /moveAll: \(moves\) => ask\(\{ kind: "moves", moves \}\)/);
  for (const kind of ["move", "moves", "next", "show", "answer", "ready"]) {
    assert.ok(html.includes(`"${kind}"`), kind);
  }
});

test("the construction board's page loads its script under a nonce and talks by messages", () => {
  const html = constructionHtml("vscode-resource:/media/construction.js", "vscode-resource:/media/construction.css", "vscode-resource:", "abc123");
  assert.match(html, /<script nonce="abc123" src="vscode-resource:\/media\/construction.js">/);
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.match(html, /EucConstruction\.mount/);
  for (const kind of ["move", "undo", "redo", "hint", "failing", "show", "answer", "ready"]) {
    assert.ok(html.includes(`"${kind}"`), kind);
  }
  // The host can show where the construction fails: the page offers it.
  assert.match(html, /failing: \(\) => ask\(\{ kind: "failing" \}\)/);
});

test("each message of the construction board asks the server one request", () => {
  assert.deepEqual(constructionRequest({ kind: "move", move: { tool: "line", args: ["A", "B"] } }), {
    method: "euc/constructionMove",
    params: { move: { tool: "line", args: ["A", "B"] } },
    edits: true,
  });
  assert.deepEqual(constructionRequest({ kind: "undo", lines: ["c1 = circle(A, B)"], version: "v" }), {
    method: "euc/constructionUndo",
    params: { lines: ["c1 = circle(A, B)"], version: "v" },
    edits: true,
  });
  assert.equal(constructionRequest({ kind: "redo", lines: [] })?.method, "euc/constructionRedo");
  assert.deepEqual(constructionRequest({ kind: "hint", version: "v" }), {
    method: "euc/constructionHint",
    params: { all: false, version: "v" },
    edits: true,
  });
  // "Show where it fails" is a view: its answer, a state, is handed back
  // and nothing is applied to the document.
  assert.deepEqual(constructionRequest({ kind: "failing" }), {
    method: "euc/constructionFailing",
    params: {},
    edits: false,
  });
  assert.equal(constructionRequest({ kind: "teleport" }), undefined);
});

test("the picture page runs only its own script and has a move slider", () => {
  const html = pictureHtml("vscode-resource:", "abc123");
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.equal((html.match(/<script nonce="abc123">/g) ?? []).length, 1);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.match(html, /<input id="step" type="range"/);
  assert.match(html, /kind: "step"/);
});

test("a server's edit fits only the document version it was computed on", () => {
  const uri = "file:///work/play.euc";
  const edit = (version: number | null) => ({
    documentChanges: [{ textDocument: { uri, version }, edits: [{ range: {}, newText: "" }] }],
  });
  const at = (version: number | undefined) => (asked: string) => (asked === uri ? version : undefined);
  assert.equal(editFits(edit(8), at(8)), true);
  // The editor's undo landed first: version 9 must not take version 8's edit.
  assert.equal(editFits(edit(8), at(9)), false);
  assert.equal(editFits(edit(8), at(undefined)), false, "the document was closed");
  assert.equal(editFits(edit(null), at(9)), true, "no version: nothing to check");
  assert.equal(editFits({ changes: { [uri]: [] } }, at(9)), true);
  assert.equal(editFits(null, at(9)), true);
});

test("Play needs a planar block", () => {
  assert.equal(hasPlanarBlock("point A = (0, 0)\nsolve s {\n}\n"), false);
  assert.equal(hasPlanarBlock("// planar p {\nsolve s {\n}\n"), false);
  assert.equal(hasPlanarBlock("point A = (0, 0)\n  planar level_1 {\n  node a = (0, 0)\n}\n"), true);
});

test("the pages follow the colour theme", () => {
  for (const page of [pictureHtml("csp", "n"), boardHtml("s.js", "s.css", "csp", "n")]) {
    assert.ok(page.includes(THEMED));
    assert.ok(page.includes("var(--vscode-editor-background"));
  }
  assert.ok(THEMED.includes("body.vscode-dark svg"));
});

test("a click on a drawn object asks to go to its step", () => {
  const page = pictureHtml("csp", "n");
  assert.ok(page.includes('closest("[data-line]")'));
  assert.ok(page.includes('kind: "goto"'));
  // Drawn about a pixel wide, each takes clicks HIT_WIDTH pixels wide: a
  // clear copy on top, as wide whatever the picture's scale.
  assert.ok(page.includes('classList.add("hit")'));
  assert.match(page, new RegExp(`\\.hit \\{[^}]*stroke-width: ${HIT_WIDTH}px; vector-effect: non-scaling-stroke;`));
  assert.ok(HIT_WIDTH >= 8);
});

test("the cursor asks the picture for the step on its line's text", () => {
  const line = "  c3 = circle(P3, B)  // the second circle";
  // In the indentation (Go to Line, Home): onto the step's first letter.
  assert.equal(stepColumn(line, 0), 2);
  assert.equal(stepColumn(line, 1), 2);
  // On the text: where it is, its end included.
  assert.equal(stepColumn(line, 7), 7);
  assert.equal(stepColumn(line, 20), 20);
  // After it (spaces, the comment, End): onto its end.
  assert.equal(stepColumn(line, 25), 20);
  assert.equal(stepColumn(line, line.length), 20);
  // A blank line or a comment alone: the line's start.
  assert.equal(stepColumn("", 0), 0);
  assert.equal(stepColumn("    // note", 6), 0);
});
