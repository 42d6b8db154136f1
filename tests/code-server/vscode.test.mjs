// Issue 49's three VS Code behaviours in a real VS Code: code-server (VS
// Code 1.100 served to a browser, from the npm registry) with the packaged
// extension (the server inside) installed, driven in Debian's headless
// Chromium by playwright-core (tests/browser's).
//
// (a) "Find construction" on a search that takes a minute (the outer tangent
//     of examples/solve-outer-tangent.euc) shows its progress as a
//     notification with a Cancel button; Cancel ends it within seconds,
//     quietly: no error notification ("Canceled" or any other), the
//     status item no longer "solving", and the best answer found so far
//     written into the block (saved, `euc check` passes).
// (b) "Show picture" on examples/napoleon.euc: the picture follows the
//     cursor — moved to a step's line by Go to Line (which leaves it in the
//     indentation), it draws the construction up to that step (the move
//     counter and the drawn circles), and all of it past the block's last
//     step.
// (c) A click on a drawn circle in that picture, four pixels off its
//     stroke (drawn about a pixel wide) as a hand would click, lights the
//     circle and selects its step's line in the editor (and the picture
//     then follows to that step).
//
// Run by tests/code-server/run.sh, which installs what it needs; by hand:
//
//   node tests/code-server/vscode.test.mjs EUC [SHOTS]
//
// with code-server in target/code-server (tests/browser/install-code-server.sh),
// editors/vscode/euc-linux-x64.vsix built with EUC inside, and playwright-core
// in tests/browser/node_modules. EUC: the euc binary, for `euc check`;
// SHOTS: a folder for a screenshot at each stage (default: none kept but
// the failure's). CODE_SERVER and VSIX override those paths.
import { launch } from "../browser/chromium.mjs";
import { profile, serve, workbench } from "../browser/code-server.mjs";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const root = resolve(import.meta.dirname, "../..");
const euc = resolve(process.argv[2] ?? join(root, "target/debug/euc"));
const shots = process.argv[3] ? resolve(process.argv[3]) : undefined;
const vsix = process.env.VSIX ?? join(root, "editors/vscode/euc-linux-x64.vsix");
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (what) => console.log(`[${elapsed()}] ${what}`);

const { scratch, ...folders } = profile("euc-code-server-", {
  "workbench.colorTheme": "Default Light Modern",
  "chat.disableAIFeatures": true,
  // The search runs its full minute unless Cancel stops it; up to 14 moves,
  // so that the library route's answer (11 moves, found within seconds)
  // is one it may take (the example's own "Try:" line).
  "euc.solver.timeout": 60,
  "euc.solver.maxMoves": 14,
});
const { work } = folders;
if (shots) mkdirSync(shots, { recursive: true });
const tangent = join(work, "tangent.euc");
copyFileSync(join(root, "examples/solve-outer-tangent.euc"), tangent);
copyFileSync(join(root, "examples/napoleon.euc"), join(work, "napoleon.euc"));
// napoleon's steps: the line of each (1-based), and the moves drawn up to it.
const napoleon = readFileSync(join(root, "examples/napoleon.euc"), "utf8").split("\n");
const lineOf = (text) => napoleon.findIndex((line) => line.trim() === text) + 1;
const stepLines = ["c2 = circle(B, A)", "c3 = circle(P3, B)", "c4 = circle(P4, P3)", "c5 = circle(P5, P3)",
  "c6 = circle(P6, P3)", "c7 = circle(P7, P5)"].map(lineOf);
assert.ok(stepLines.every((line) => line > 0), "napoleon.euc has the steps this test expects");

const { url, server } = await serve(root, { scratch, ...folders }, vsix);
say(`code-server at ${url}`);

const browser = await launch();
let page;
const shot = async (name) => {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}.png`) });
  say(`screenshot ${join(shots, `${name}.png`)}`);
};
try {
  page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
  await page.goto(`${url}?folder=${encodeURIComponent(work)}`);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForSelector(".explorer-folders-view", { timeout: 60_000 });
  // The side bar hidden: room for the picture beside the text.
  await page.keyboard.press("Control+B");
  const { run, open } = workbench(page);
  const goToLine = (line) => run("Control+G", String(line));
  // The editor's cursor as its status item says it: "Ln 17, Col 1".
  // (None while the editor is not focused.)
  const cursor = () => page.evaluate(() => document.getElementById("status.editor.selection")?.textContent ?? "no cursor");
  const toasts = () => page.$$eval(".notifications-toasts .notification-toast", (all) => all.map((toast) => ({
    text: toast.querySelector(".notification-list-item-message")?.textContent ?? "",
    error: !!toast.querySelector(".codicon-error"),
    buttons: [...toast.querySelectorAll(".monaco-button")].map((b) => b.textContent),
  })));

  // (a) Find construction, cancelled.
  await open("tangent.euc");
  const find = page.locator(".codelens-decoration a:text-is('Find construction')");
  await find.waitFor({ timeout: 60_000 });
  await shot("a1-lens");
  await find.click();
  const progress = page.locator(".notifications-toasts .notification-toast:has-text('Finding a construction for')");
  await progress.waitFor({ timeout: 15_000 });
  const cancel = progress.locator(".monaco-button:text-is('Cancel')");
  await cancel.waitFor({ timeout: 5_000 });
  assert.ok(await cancel.isVisible(), "the progress notification shows a Cancel button");
  await page.waitForSelector(".statusbar-item:has-text('euc: solving')");
  say(`progress: ${JSON.stringify(await toasts())}`);
  // Some seconds of search: the library route's first answer is found
  // (about 6 s here), which the progress says.
  await progress.locator(".notification-list-item-message", { hasText: /\d+ moves found/ })
    .waitFor({ timeout: 45_000 });
  say(`progress: ${JSON.stringify(await toasts())}`);
  await shot("a2-progress");
  const pressed = Date.now();
  await cancel.click();
  await progress.waitFor({ state: "detached", timeout: 15_000 });
  // The search has ended when the status item no longer says so.
  await page.waitForSelector(".statusbar-item:has-text('euc: solving')", { state: "detached", timeout: 15_000 });
  const stopped = (Date.now() - pressed) / 1000;
  say(`stopped ${stopped.toFixed(1)} s after Cancel`);
  assert.ok(stopped < 15, `Cancel stops the search at once, not at its 60 s limit (${stopped} s)`);
  await page.waitForTimeout(2000);
  const after = await toasts();
  say(`after Cancel: ${JSON.stringify(after)}`);
  await shot("a3-cancelled");
  assert.deepEqual(after.filter((t) => t.error || /cancel/i.test(t.text)), [],
    "Cancel ends the search quietly: no error notification");
  // The best answer so far is written: saved, the block has steps and
  // `euc check` passes.
  await page.click(".monaco-editor .view-lines");
  await page.keyboard.press("Control+S");
  let checked;
  for (let tries = 0; tries < 50 && !checked; tries++) {
    await page.waitForTimeout(200);
    const text = readFileSync(tangent, "utf8");
    if (/solve outer \{\n  goal .*\n  \S+ = /.test(text)) checked = text;
  }
  assert.ok(checked, `the answer so far is written into the block:\n${readFileSync(tangent, "utf8")}`);
  const report = execFileSync(euc, ["check", tangent], { encoding: "utf8" });
  say(`euc check: ${report.trim()}`);

  // (b) The picture follows the cursor.
  await open("napoleon.euc");
  await page.waitForSelector("text=6 moves ✓", { timeout: 60_000 });
  await goToLine(stepLines[0] - 1);
  await run("Control+Shift+P", "euc: Show picture of this block", "Show picture of this block");
  let picture;
  for (let tries = 0; tries < 120 && !picture; tries++) {
    await page.waitForTimeout(250);
    for (const frame of page.frames()) {
      if (await frame.$("#picture svg").catch(() => null)) picture = frame;
    }
  }
  assert.ok(picture, "the picture opens in a webview");
  const shown = () => picture.textContent("#shown");
  const drawn = () => picture.$$eval("#picture [data-line]:not(.hit)", (all) => all.map((e) => Number(e.getAttribute("data-line"))));
  const shows = async (moves, what) => {
    try {
      await picture.waitForFunction((text) => document.getElementById("shown").textContent === text,
        `${moves} of 6`, { timeout: 10_000 });
    } catch {
      assert.fail(`${what}: the picture shows ${await shown()}, not ${moves} of 6`);
    }
    // Drawn: the steps up to that move, each with its line.
    assert.deepEqual(await drawn(), stepLines.slice(0, moves), `${what}: the circles drawn`);
  };
  await shows(6, "the cursor on the goal");
  await shot("b1-picture");
  await page.click(".monaco-editor .view-lines");
  await goToLine(stepLines[1]);
  await shows(2, `the cursor on line ${stepLines[1]}`);
  await shot("b2-cursor-on-c3");
  await goToLine(stepLines[4]);
  await shows(5, `the cursor on line ${stepLines[4]}`);
  await shot("b3-cursor-on-c6");
  await page.keyboard.press("ArrowDown");
  await shows(5, `the cursor on the intersection after c6`);
  await goToLine(stepLines[5] + 1);
  await shows(6, "the cursor on the block's closing brace");
  await goToLine(stepLines[4]);
  await shows(5, `the cursor back on line ${stepLines[4]}`);

  // (c) A click on c4's circle selects its line in the editor: a click as
  // a hand makes it, a few pixels off the stroke (drawn about a pixel
  // wide), outside the circle where nothing else is drawn near.
  const target = stepLines[2];
  const off = 4;
  // Where to click, in the frame's coordinates; then in the page's (the
  // frame's offset from where playwright finds the same element in the
  // page).
  const hit = await picture.evaluate(([line, off]) => {
    const circle = document.querySelector(`#picture circle[data-line="${line}"]`);
    const matrix = circle.getScreenCTM();
    const [cx, cy, r] = ["cx", "cy", "r"].map((name) => Number(circle.getAttribute(name)));
    const at = (degrees, pixels) => {
      const angle = (degrees * Math.PI) / 180;
      const radius = r + pixels / matrix.a;
      return new DOMPoint(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)).matrixTransform(matrix);
    };
    const lineAt = (point) => document.elementFromPoint(point.x, point.y)?.closest("[data-line]")?.getAttribute("data-line");
    // On the stroke the click finds the circle, and nothing else is drawn
    // within twice the distance either side.
    for (let degrees = 0; degrees < 360; degrees += 5) {
      const near = [-2 * off, -off, 0, off, 2 * off].map((pixels) => lineAt(at(degrees, pixels)));
      if (near[2] === String(line) && near.every((found) => found === undefined || found === String(line))) {
        const point = at(degrees, off);
        return { x: point.x, y: point.y, degrees, width: circle.getBoundingClientRect().width / (2 * r) * 1.2 };
      }
    }
    return null;
  }, [target, off]);
  assert.ok(hit, `the circle of line ${target} is drawn clear of the others somewhere`);
  const frameBox = await picture.evaluate(() => document.getElementById("picture").getBoundingClientRect().toJSON());
  const pageBox = await picture.locator("#picture").boundingBox();
  const at = { x: pageBox.x + hit.x - frameBox.x, y: pageBox.y + hit.y - frameBox.y };
  say(`clicking ${off} px outside the circle of line ${target} (its stroke ${hit.width.toFixed(2)} px wide) ` +
    `at ${hit.degrees}°: (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`);
  await page.mouse.move(at.x, at.y);
  // Under the pointer, the circle is lit.
  await picture.waitForSelector(`#picture circle.lit[data-line="${target}"]`, { timeout: 5_000 });
  await shot("c1-hover");
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((line) => new RegExp(`^Ln ${line},`).test(
    document.getElementById("status.editor.selection")?.textContent ?? ""), target, { timeout: 10_000 })
    .catch(async () => assert.fail(`the click selects line ${target}: the editor says ${await cursor()}`));
  say(`after the click the editor says ${await cursor()}`);
  assert.match(await cursor(), /selected/, "the step's line is selected");
  await shows(3, "after the click on c4");
  await page.waitForTimeout(300);
  await shot("c2-clicked");

  console.log(`code-server test passed in ${elapsed()}: Find construction stopped by its notification's Cancel ` +
    `${stopped.toFixed(1)} s after the press, quietly, its answer so far written; the picture followed the cursor ` +
    `(2, 5 and 6 of 6 moves); a click ${off} px off c4's stroke selected line ${target}`);
} catch (error) {
  // What the page showed when it failed.
  if (page) await page.screenshot({ path: join(shots ?? tmpdir(), "euc-code-server-failure.png") }).catch(() => {});
  console.error(`screenshot of the failure: ${join(shots ?? tmpdir(), "euc-code-server-failure.png")}`);
  throw error;
} finally {
  await browser.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
