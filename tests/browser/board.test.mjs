// The board of `euc planar play` in a real browser (Debian's Chromium,
// headless, driven by playwright-core): drag a node and see the crossing
// count change and the file on disk follow; solve a level-1 board by
// dragging every node to the untangler's positions; see "Solved!", check the
// file with `euc check`; go on to the next level. Also saves docs/board.png, the
// README's picture, when asked (`node board.test.mjs --screenshot`).
//
// Usage: node board.test.mjs [path/to/euc]   (default: target/debug/euc)
import { launch, positions } from "./chromium.mjs";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const root = resolve(import.meta.dirname, "../..");
const euc = resolve(root, process.argv.find((a, i) => i > 1 && !a.startsWith("--")) ?? "target/debug/euc");
const screenshot = process.argv.includes("--screenshot");
const scratch = mkdtempSync(join(tmpdir(), "euc-board-"));
const file = join(scratch, "level.euc");
const level = screenshot ? 6 : 1;
writeFileSync(file, execFileSync(euc, ["planar", "new", "--level", String(level), "--seed", "3"]));


const server = spawn(euc, ["planar", "play", file, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((done, fail) => {
  server.stdout.once("data", (data) => done(String(data).trim()));
  server.once("exit", (code) => fail(new Error(`euc planar play exited with ${code}`)));
});

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  await page.goto(url);
  await page.waitForSelector("circle.euc-node");
  const crossings = async () => Number(await page.getAttribute(".euc-board-crossings", "data-count"));

  // Screen coordinates of a board position.
  const screenOf = (x, y) => page.evaluate(([x, y]) => {
    const svg = document.querySelector("svg.euc-board-svg");
    const world = svg.querySelector("g");
    const point = svg.createSVGPoint();
    point.x = x; point.y = y;
    const on = point.matrixTransform(world.getScreenCTM());
    return { x: on.x, y: on.y };
  }, [x, y]);
  const drag = async (name, to) => {
    const box = await page.locator(`circle[data-node="${name}"]`).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const target = await screenOf(to.x, to.y);
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await page.mouse.up();
    // The server's answer redraws the board.
    await page.waitForFunction((name) => document.querySelector(`circle[data-node="${name}"]`) !== null, name);
    await page.waitForTimeout(150);
  };

  const before = await crossings();
  assert.ok(before > 0, "a new level starts tangled");
  assert.equal(await page.textContent(".euc-board-moves"), "Moves: 0");

  // One drag: the count follows and the file on disk has the node's new place.
  const start = positions(readFileSync(file, "utf8"));
  const names = Object.keys(start);
  await drag(names[0], { x: 0.5, y: 0.5 });
  assert.equal(await page.textContent(".euc-board-moves"), "Moves: 1");
  const moved = positions(readFileSync(file, "utf8"))[names[0]];
  assert.ok(Math.abs(moved.x - 0.5) < 0.1 && Math.abs(moved.y - 0.5) < 0.1, `file says ${JSON.stringify(moved)}`);
  for (const name of names.slice(1)) {
    assert.deepEqual(positions(readFileSync(file, "utf8"))[name], start[name], "other nodes stay");
  }

  if (screenshot) {
    await page.screenshot({ path: join(root, "docs/board.png") });
  }

  // Solve it: every node to where the untangler puts it.
  const untangled = positions(execFileSync(euc, ["planar", "untangle", file], { encoding: "utf8" }));
  for (const name of names) await drag(name, untangled[name]);
  assert.equal(await crossings(), 0, "no crossings left");
  assert.equal(await page.textContent(".euc-board-solved"), "Solved!");
  execFileSync(euc, ["check", file]); // throws unless exit code 0

  // The next level replaces the block, in the page and in the file.
  await page.click(".euc-board-next");
  const next = `level ${level + 1}`;
  await page.waitForFunction((next) => document.querySelector(".euc-board-title").textContent.includes(next), next);
  assert.ok(readFileSync(file, "utf8").includes(`  ${next}\n`), "the file has the next level");
  assert.ok((await crossings()) > 0, "the next level starts tangled");
  console.log(`board test passed: ${names.length} nodes untangled by dragging (${before} crossings at first)`);
} finally {
  await browser.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
