// The VS Code extension in a real VS Code: code-server (VS Code 1.100 served
// to a browser, from the npm registry) with the packaged extension
// (editors/vscode/euc-linux-x64.vsix, the server inside) installed, driven in
// Debian's headless Chromium by playwright-core.
//
// - napoleon.euc opens with the server's code lens ("6 moves ✓ …"), its
//   inlay hints and the status item;
// - "euc: Play this planar block on a board" opens a level-1 block in a
//   webview: a drag changes the crossing count and the move counter and
//   writes the node's place into the document as an edit (saved, it is on
//   disk; undone, it is gone); dragging every node to the untangler's place
//   solves the level ("Solved!", `euc check` passes); "Restart" puts every
//   node back in one edit, which one undo of the editor takes back;
// - the "Play" code lens of a solve block (the bisector level with its
//   stars) opens the construction board in a webview: three moves clicked
//   on it (two circles, the line through their crossings) solve it
//   ("Solved! … 3 of 3 stars"), saved the file passes `euc check`; the
//   editor's undo takes the last move back (the board redraws: 2 E, not
//   solved), and "Hint" plays a move that solves it again; the board's
//   Undo button, Ctrl+Shift+Z and Ctrl+Z on the board each act once (the
//   webview passes keys on to VS Code, whose undo would undo the text
//   too); "Show a solution" solves it from there;
// - the board on non-general.euc (works only as declared) offers "Show
//   where it fails", which draws it where `euc render --instance failing`
//   does (the status is that picture's title, the goal missed is marked),
//   and "Back to the declared instance" draws it as written; nothing is
//   written into the document.
//
// .ci/run runs it after tests/code-server/run.sh has installed code-server
// and packaged the extension. By hand: tests/browser/install-code-server.sh,
// then:
//
//   cargo build --release
//   (cd editors/vscode && npm ci && npm run package-platform)
//   (cd tests/browser && npm ci) && node tests/browser/vscode.test.mjs [--screenshot]
//
// `--screenshot` also saves docs/vscode.png, docs/vscode-board.png and
// docs/vscode-construction.png, the README's pictures. CODE_SERVER
// (default: the one the install script made), VSIX and EUC (default:
// target/release/euc) override the paths.
import { launch, positions } from "./chromium.mjs";
import { profile, serve, workbench } from "./code-server.mjs";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const root = resolve(import.meta.dirname, "../..");
const vsix = process.env.VSIX ?? join(root, "editors/vscode/euc-linux-x64.vsix");
const euc = resolve(root, process.env.EUC ?? "target/release/euc");
const screenshot = process.argv.includes("--screenshot");

const { scratch, ...folders } = profile("euc-vscode-", { "workbench.colorTheme": "Default Dark Modern" });
const { work } = folders;
copyFileSync(join(root, "examples/napoleon.euc"), join(work, "napoleon.euc"));
const level = join(work, "level.euc");
writeFileSync(level, execFileSync(euc, ["planar", "new", "--level", "1", "--seed", "3"]));
// The bisector level with the game's star counts (3 moves, 3 E, 3 L).
const bisector = join(work, "bisector.euc");
writeFileSync(bisector, readFileSync(join(root, "examples/play-bisector.euc"), "utf8")
  .replace(/(  goal m = .*\n)/, "$1  stars e 3 l 3\n"));
assert.match(readFileSync(bisector, "utf8"), /stars e 3 l 3/);
// A construction that works only as declared ("Show where it fails").
const nonGeneral = join(work, "non-general.euc");
copyFileSync(join(root, "tests/fixtures/mistakes/non-general.euc"), nonGeneral);


const { url, server } = await serve(root, { scratch, ...folders }, vsix);

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}?folder=${encodeURIComponent(work)}`);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForSelector(".explorer-folders-view", { timeout: 60_000 });
  const { run, open } = workbench(page);

  // The server answers: its code lens, its inlay hints, the status item.
  await open("napoleon.euc");
  await page.waitForSelector("text=6 moves ✓ on 5 instances", { timeout: 60_000 });
  await page.waitForSelector("text=(0.799411, 0.600784)");
  await page.waitForSelector(".statusbar-item:has-text('euc')");
  await page.waitForTimeout(1000);
  if (screenshot) await page.screenshot({ path: join(root, "docs/vscode.png") });

  // Play: the level's block on a board in a webview.
  await open("level.euc");
  await run("Control+G", "6");
  await run("Control+Shift+P", "euc: Play this planar block", "Play this planar block");
  let board;
  for (let tries = 0; tries < 120 && !board; tries++) {
    await page.waitForTimeout(250);
    for (const frame of page.frames()) {
      if (await frame.$("circle.euc-node").catch(() => null)) board = frame;
    }
  }
  assert.ok(board, "the board opens in a webview");
  const crossings = async () => Number(await board.getAttribute(".euc-board-crossings", "data-count"));
  const moves = () => board.textContent(".euc-board-moves");
  // Page coordinates of a board position: the webview's own, shifted by
  // where its frame lies in the page.
  const pageOf = async (x, y) => {
    const [inFrame, circle] = await board.evaluate(([x, y]) => {
      const svg = document.querySelector("svg.euc-board-svg");
      const point = svg.createSVGPoint();
      point.x = x;
      point.y = y;
      const on = point.matrixTransform(svg.querySelector("g").getScreenCTM());
      const box = document.querySelector("circle.euc-node").getBoundingClientRect();
      return [{ x: on.x, y: on.y }, { x: box.x, y: box.y }];
    }, [x, y]);
    const box = await board.locator("circle.euc-node").first().boundingBox();
    return { x: inFrame.x + box.x - circle.x, y: inFrame.y + box.y - circle.y };
  };
  const drag = async (name, to) => {
    const box = await board.locator(`circle[data-node="${name}"]`).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const target = await pageOf(to.x, to.y);
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await page.mouse.up();
    await board.waitForSelector(`circle[data-node="${name}"]`);
    await page.waitForTimeout(300);
  };
  // Saved from the editor; then the file on disk is waited for (`holds`,
  // given the nodes' places and the text), and its text returned (read
  // again later, it may be caught half written).
  const saved = async (what, holds, file = level) => {
    await page.click(".monaco-editor .view-lines");
    await page.keyboard.press("Control+S");
    for (let tries = 0; tries < 100; tries++) {
      const text = readFileSync(file, "utf8");
      if (holds(positions(text), text)) return text;
      await page.waitForTimeout(100);
    }
    assert.fail(`the file on disk: ${what}\n${readFileSync(file, "utf8")}`);
  };
  const near = (p, q) => !!p && !!q && Math.abs(p.x - q.x) < 0.1 && Math.abs(p.y - q.y) < 0.1;

  const before = await crossings();
  assert.ok(before > 0, "a new level starts tangled");
  assert.equal(await moves(), "Moves: 0");
  const start = positions(readFileSync(level, "utf8"));
  const names = Object.keys(start);
  await drag(names[0], { x: 0.5, y: 0.5 });
  assert.equal(await moves(), "Moves: 1");
  await saved("the dragged node's new place", (now) => near(now[names[0]], { x: 0.5, y: 0.5 }));
  // The move is an ordinary edit: undone in the editor, it is gone.
  await page.click(".monaco-editor .view-lines");
  await page.keyboard.press("Control+Z");
  await saved("the node back after undo", (now) => near(now[names[0]], start[names[0]]));

  // Solve it: every node to where the untangler puts it.
  const untangled = positions(execFileSync(euc, ["planar", "untangle", level], { encoding: "utf8" }));
  for (const name of names) await drag(name, untangled[name]);
  await board.waitForSelector(".euc-board-crossings[data-count='0']");
  assert.equal(await board.textContent(".euc-board-solved"), "Solved!");
  if (screenshot) await page.screenshot({ path: join(root, "docs/vscode-board.png") });
  // `euc check` passes (exit code 0) and says the block is solved, once the
  // solved block is on disk (a file caught half written has no block, which
  // passes too).
  const checks = (file = level) => {
    try {
      return /^ok .*(planar level_1 \(solved|bisector \(3 moves.*3 of 3 stars)/.test(
        execFileSync(euc, ["check", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    } catch {
      return false;
    }
  };
  const solved = positions(await saved("the solved block, which euc check passes", () => checks()));

  // Restart: every node back to the level's start in one edit of the
  // document, so one undo of the editor brings the whole solution back.
  await board.click(".euc-board-restart");
  await board.waitForSelector(`.euc-board-crossings[data-count='${before}']`);
  assert.equal(await moves(), "Moves: 0");
  const all = (now, places) => names.every((name) => near(now[name], places[name]));
  await saved("every node at its start after Restart", (now) => all(now, start));
  await page.click(".monaco-editor .view-lines");
  await page.keyboard.press("Control+Z");
  await board.waitForSelector(".euc-board-crossings[data-count='0']");
  await saved("one undo: every node where the solution put it, which euc check passes",
    (now) => all(now, solved) && checks());
  const planarNodes = names.length;

  // The construction board: "Play" on a solve block, three moves clicked.
  // The side bar hidden (Ctrl+B), so that the lens and the steps fit
  // beside the boards (clicking a lens out of sight scrolls the text).
  await page.keyboard.press("Control+B");
  await open("bisector.euc");
  await page.click(".codelens-decoration a:text-is('Play')", { timeout: 60_000 });
  let construction;
  for (let tries = 0; tries < 120 && !construction; tries++) {
    await page.waitForTimeout(250);
    for (const frame of page.frames()) {
      if (await frame.$("circle.euc-play-point[data-id='A']").catch(() => null)) construction = frame;
    }
  }
  assert.ok(construction, "the construction board opens in a webview");
  const count = async (which) => Number(await construction.getAttribute(`.euc-play-${which}`, "data-count"));
  const countIs = (which, n) => construction.waitForSelector(`.euc-play-${which}[data-count='${n}']`);
  const status = () => construction.textContent(".euc-play-status");
  const statusSays = (pattern) => construction.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector(".euc-play-status").textContent), pattern.source);
  // Clicked where the board draws the point (its box is the page's: a
  // frame's locator measures in the top page).
  const clickPoint = async (id) => {
    const point = construction.locator(`circle.euc-play-point[data-id="${id}"]`).first();
    for (let attempt = 0; attempt < 100; attempt++) {
      await point.waitFor({ state: "visible" });
      const box = await point.boundingBox();
      if (box) return page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(20);
    }
    assert.fail(`point ${id} never got a place on the board`);
  };
  const tool = (name) => construction.click(`button.euc-play-tool[data-tool="${name}"]`);
  const crossingIds = () => construction.$$eval("circle.euc-play-point.crossing",
    (found) => found.map((c) => c.getAttribute("data-id")));

  assert.equal(await count("e"), 0);
  assert.match(await construction.textContent(".euc-play-target"), /target 3 E · 3 L/);
  await tool("circle");
  await clickPoint("A");
  await clickPoint("B");
  await countIs("e", 1);
  await clickPoint("B");
  await clickPoint("A");
  await countIs("e", 2);
  await construction.waitForFunction(() => document.querySelectorAll("circle.euc-play-point.crossing").length === 2);
  await tool("line");
  const [first, second] = await crossingIds();
  await clickPoint(first);
  await clickPoint(second);
  await statusSays(/Solved!/);
  assert.match(await status(), /Solved! 3 E · 3 L — 3 of 3 stars/);
  assert.equal(await count("l"), 3);
  if (screenshot) {
    // Once the problems have caught up.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(root, "docs/vscode-construction.png") });
  }
  await saved("the construction, which euc check passes with 3 of 3 stars",
    (_, text) => /m = line\(P1, P2\)\n\}/.test(text) && checks(bisector), bisector);

  // The editor's undo takes the last move back (the line and the crossings
  // it named: one edit), and the board follows.
  await page.click(".monaco-editor .view-lines");
  await page.keyboard.press("Control+Z");
  await countIs("e", 2);
  assert.doesNotMatch(await status(), /Solved/);
  const unsolved = await saved("the line taken back by undo",
    (_, text) => !text.includes("P1") && /c2 = circle\(B, A\)\n\}/.test(text), bisector);

  // "Hint": the next move of a shortest solution, which here solves it.
  await construction.click(".euc-play-hint");
  await countIs("e", 3);
  await statusSays(/Solved!/);
  assert.match(await status(), /3 of 3 stars/);
  const hinted = await saved("the hinted move, which euc check passes",
    (_, text) => /\n  m = line\(/.test(text) && checks(bisector), bisector);

  // The board's own undo and redo: the button, and Ctrl+Z, Ctrl+Shift+Z
  // pressed on the board (which VS Code also sees: each must act once).
  // Each must leave no refusal on the board ("the document changed"): a
  // key that VS Code also acted on undid the text under the board's undo.
  const noError = async (what) => {
    await page.waitForTimeout(1000);
    assert.equal(await construction.locator(".euc-play-message.error").count(), 0,
      `${what}: ${await construction.textContent(".euc-play-message")}`);
  };
  await construction.click(".euc-play-undo");
  await countIs("e", 2);
  await noError("Undo");
  await saved("the hint taken back by the board's Undo", (_, text) => text === unsolved, bisector);
  await construction.click(".euc-play-title");
  await page.keyboard.press("Control+Shift+Z");
  await countIs("e", 3);
  await statusSays(/Solved!/);
  await noError("Ctrl+Shift+Z");
  await saved("the hint put back by Ctrl+Shift+Z on the board", (_, text) => text === hinted, bisector);
  await construction.click(".euc-play-title");
  await page.keyboard.press("Control+Z");
  await countIs("e", 2);
  await noError("Ctrl+Z");
  assert.equal(await count("e"), 2, "Ctrl+Z on the board takes back one move");
  await saved("one move taken back by Ctrl+Z on the board", (_, text) => text === unsolved, bisector);
  // The board's undo is an edit of its own, the last: the editor has
  // nothing to redo. (Had VS Code undone the text as well, the board's
  // redo would be on the editor's redo stack.)
  await page.click(".monaco-editor .view-lines");
  await page.keyboard.press("Control+Shift+Z");
  await page.waitForTimeout(1000);
  assert.equal(await count("e"), 2, "the editor has nothing to redo after the board's Ctrl+Z");
  // "Show a solution" from there: the rest of a shortest one.
  await construction.click(".euc-play-solution");
  await statusSays(/Solved!/);
  await saved("the solution shown, which euc check passes", (_, text) => /\n  m = line\(/.test(text) && checks(bisector), bisector);

  // "Show where it fails" on a construction that works only as declared:
  // the board drawn where `euc render --instance failing` draws it, in the
  // words of that picture's title, and back; nothing written.
  const rendered = execFileSync(euc, ["render", nonGeneral, "--instance", "failing"], { encoding: "utf8" });
  const title = rendered.match(/<title id="euc-title">Solve block \w+ — ([^<]*)<\/title>/)[1];
  await open("non-general.euc");
  await page.click(".codelens-decoration a:text-is('Play')", { timeout: 60_000 });
  let failingBoard;
  for (let tries = 0; tries < 120 && !failingBoard; tries++) {
    await page.waitForTimeout(250);
    for (const frame of page.frames()) {
      if (await frame.$("circle.euc-play-point[data-id='C']").catch(() => null)) failingBoard = frame;
    }
  }
  assert.ok(failingBoard, "the construction board opens on non-general.euc");
  const shownOn = () => failingBoard.getAttribute("svg.euc-play-svg", "data-instance");
  await failingBoard.locator(".euc-play-failing").waitFor({ state: "visible", timeout: 30_000 });
  assert.equal(await shownOn(), "declared");
  await failingBoard.click(".euc-play-failing");
  await failingBoard.waitForFunction(() => document.querySelector("svg.euc-play-svg").getAttribute("data-instance") === "failing");
  assert.equal(await failingBoard.textContent(".euc-play-status"), title, "the board says what the picture's title says");
  assert.equal(await failingBoard.locator(".euc-play-goal.missed[data-name='M']").count(), 1, "the goal missed is marked");
  await failingBoard.click(".euc-play-back");
  assert.equal(await shownOn(), "declared");
  assert.equal(await page.locator(".tabs-container .tab.active.dirty").count(), 0, "non-general.euc was edited");
  console.log(`VS Code test passed: code lens and hints on napoleon.euc; ${planarNodes} nodes untangled on the board ` +
    `(${before} crossings at first), restarted and the restart undone in one step; the bisector drawn in 3 moves on ` +
    "the construction board (3 of 3 stars), its last move undone in the editor and played again by Hint, undone and " +
    "redone on the board, and a solution shown; non-general.euc shown where it fails and back");
} catch (error) {
  // What the page showed when it failed.
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages[0]) await pages[0].screenshot({ path: join(scratch, "..", "euc-vscode-failure.png") });
  throw error;
} finally {
  await browser.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
