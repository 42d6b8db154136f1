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
//   solves the level ("Solved!", `euc check` passes).
//
// Not part of .ci/run: installing code-server builds its native modules
// (minutes, and more than CI's time allows). Install it with
// tests/browser/install-code-server.sh, then:
//
//   (cd editors/vscode && npm ci && npm run package-platform)
//   node tests/browser/vscode.test.mjs [--screenshot]
//
// `--screenshot` also saves docs/vscode.png and docs/vscode-board.png, the
// README's pictures. CODE_SERVER (default: the one the install script
// made), VSIX and EUC (default: target/release/euc) override the paths.
import { launch, positions } from "./chromium.mjs";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const root = resolve(import.meta.dirname, "../..");
const codeServer = process.env.CODE_SERVER ?? join(root, "target/code-server/node_modules/.bin/code-server");
const vsix = process.env.VSIX ?? join(root, "editors/vscode/euc-linux-x64.vsix");
const euc = resolve(root, process.env.EUC ?? "target/release/euc");
const screenshot = process.argv.includes("--screenshot");

const scratch = mkdtempSync(join(tmpdir(), "euc-vscode-"));
const [extensions, data, work] = ["extensions", "data", "work"].map((name) => join(scratch, name));
for (const dir of [extensions, join(data, "User"), work]) mkdirSync(dir, { recursive: true });
writeFileSync(join(data, "User/settings.json"), JSON.stringify({
  "workbench.colorTheme": "Default Dark Modern",
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
}));
copyFileSync(join(root, "examples/napoleon.euc"), join(work, "napoleon.euc"));
const level = join(work, "level.euc");
writeFileSync(level, execFileSync(euc, ["planar", "new", "--level", "1", "--seed", "3"]));


execFileSync(codeServer, ["--extensions-dir", extensions, "--user-data-dir", data, "--install-extension", vsix]);
const server = spawn(codeServer, [
  "--auth", "none", "--bind-addr", "127.0.0.1:0", "--disable-telemetry", "--disable-update-check",
  "--disable-workspace-trust", "--extensions-dir", extensions, "--user-data-dir", data, work,
], { stdio: ["ignore", "pipe", "pipe"] });
const url = await new Promise((done, fail) => {
  let seen = "";
  const look = (chunk) => {
    seen += chunk;
    const found = seen.match(/HTTP server listening on (http:\/\/[^\s]+)/);
    if (found) done(found[1]);
  };
  server.stdout.on("data", look);
  server.stderr.on("data", look);
  server.once("exit", (code) => fail(new Error(`code-server exited with ${code}:\n${seen}`)));
});

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}?folder=${encodeURIComponent(work)}`);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForSelector(".explorer-folders-view", { timeout: 60_000 });
  // Keys that open the quick input, the text to type, and (for a list of
  // files or commands) the entry to wait for before Enter picks it.
  const run = async (keys, text, entry) => {
    await page.keyboard.press(keys);
    await page.waitForSelector(".quick-input-widget:not([style*='display: none']) input");
    await page.keyboard.type(text);
    if (entry) {
      await page.waitForSelector(`.quick-input-list .monaco-list-row.focused:has-text("${entry}")`);
    } else {
      await page.waitForTimeout(400);
    }
    await page.keyboard.press("Enter");
  };
  const open = async (name) => {
    await run("Control+P", name, name);
    await page.waitForSelector(`.tabs-container .tab.active:has-text("${name}")`);
  };

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
  // Saved from the editor; then the file on disk is waited for (`holds`).
  const saved = async (what, holds) => {
    await page.click(".monaco-editor .view-lines");
    await page.keyboard.press("Control+S");
    for (let tries = 0; tries < 100; tries++) {
      if (holds(positions(readFileSync(level, "utf8")))) return;
      await page.waitForTimeout(100);
    }
    assert.fail(`the file on disk: ${what}\n${readFileSync(level, "utf8")}`);
  };
  const near = (p, q) => Math.abs(p.x - q.x) < 0.1 && Math.abs(p.y - q.y) < 0.1;

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
  // `euc check` passes (exit code 0) once the solved block is on disk.
  const checks = () => {
    try {
      execFileSync(euc, ["check", level], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  await saved("the solved block, which euc check passes", checks);
  console.log(`VS Code test passed: code lens and hints on napoleon.euc; ${names.length} nodes untangled on the board (${before} crossings at first)`);
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
