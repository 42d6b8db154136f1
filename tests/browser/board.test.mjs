// The board of `euc planar play` in a real browser (Debian's Chromium,
// headless, driven by playwright-core):
// - drag a node and see the crossing count and the file on disk follow; solve
//   a level-1 board by dragging every node to the untangler's positions; see
//   "Solved!", check the file with `euc check`; go on to the next level;
// - on that level: zoom with the wheel around the pointer and drag a node
//   afterwards (the file gets block coordinates), pan, undo and redo (the
//   file follows), restart (the file is back at the level's first positions,
//   and undo takes the restart back, each in one request), the move timer
//   runs;
// - blocks drawn at a scale of 0.01 and of 1,000, far from the origin, fit
//   the view, and a drop on each lands where it was dropped (within a pixel
//   and a half), with the board's count what `euc check` says;
// - on levels of 200 and 1,000 nodes a drag of 60 pointer moves keeps the
//   crossing count exact (against a brute-force recount and `euc check`) and
//   prints the time per move (script, and per frame with drawing).
// Also saves docs/board.png, the README's picture, when asked
// (`node board.test.mjs --screenshot`).
//
// Usage: node board.test.mjs [path/to/euc]   (default: target/debug/euc)
import { launch, positions } from "./chromium.mjs";
import { spawn, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const root = resolve(import.meta.dirname, "../..");
const euc = resolve(root, process.argv.find((a, i) => i > 1 && !a.startsWith("--")) ?? "target/debug/euc");
const screenshot = process.argv.includes("--screenshot");
const scratch = mkdtempSync(join(tmpdir(), "euc-board-"));
const servers = [];

// A new level in a file of its own.
const newLevel = (name, level) => {
  const file = join(scratch, name);
  writeFileSync(file, execFileSync(euc, ["planar", "new", "--level", String(level), "--seed", "3"]));
  return file;
};

// `euc planar play FILE` on a free port; its address.
const play = async (file) => {
  const server = spawn(euc, ["planar", "play", file, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(server);
  return new Promise((done, fail) => {
    server.stdout.once("data", (data) => done(String(data).trim()));
    server.once("exit", (code) => fail(new Error(`euc planar play exited with ${code}`)));
  });
};

// The links of a block's text, as pairs of node indices in the order the
// nodes are written (the board's order).
const links = (text) => {
  const index = Object.fromEntries(Object.keys(positions(text)).map((name, i) => [name, i]));
  const found = [];
  for (const line of text.split("\n").filter((l) => l.trim().startsWith("edge "))) {
    for (const match of line.matchAll(/(\w+) - (\w+)/g)) found.push([index[match[1]], index[match[2]]]);
  }
  return found;
};

// The exact crossing count of a file, as `euc check` finds it.
const checked = (file) => {
  const run = spawnSync(euc, ["check", "--format", "json", file], { encoding: "utf8" });
  return JSON.parse(run.stdout).files[0].puzzles[0].crossings;
};

// Waits until `test(text of the file)` holds.
const fileSays = async (file, test, what) => {
  for (let i = 0; i < 200; i++) {
    if (test(readFileSync(file, "utf8"))) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  assert.fail(`the file never says ${what}`);
};

const near = (a, b, tolerance, what) =>
  assert.ok(Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance,
    `${what}: ${JSON.stringify(a)} is not within ${tolerance} of ${JSON.stringify(b)}`);

// Times each animation-frame callback the board asks for, before its script
// runs, so that a drag's work per frame can be measured.
const timeFrames = () => {
  window.__frameMs = 0;
  const raf = window.requestAnimationFrame.bind(window);
  window.__raf = raf;
  window.requestAnimationFrame = (callback) => raf((t) => {
    const start = performance.now();
    callback(t);
    window.__frameMs += performance.now() - start;
  });
};

const browser = await launch();
try {
  const open = async (url) => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    await page.addInitScript(timeFrames);
    page.on("pageerror", (error) => { console.error(`the page failed: ${error.stack}`); process.exitCode = 1; });
    await page.goto(url);
    await page.waitForSelector("circle.euc-node");
    return page;
  };
  const crossingsOf = async (page) => Number(await page.getAttribute(".euc-board-crossings", "data-count"));
  // The view: block coordinates to screen pixels, { a: scale, e, f: offset }.
  const viewOf = (page) => page.evaluate(() => {
    const m = document.querySelector("svg.euc-board-svg g").getScreenCTM();
    return { a: m.a, d: m.d, e: m.e, f: m.f };
  });
  const screenOf = async (page, at) => {
    const view = await viewOf(page);
    return { x: view.a * at.x + view.e, y: view.d * at.y + view.f };
  };
  const blockOf = async (page, at) => {
    const view = await viewOf(page);
    return { x: (at.x - view.e) / view.a, y: (at.y - view.f) / view.d };
  };
  const centreOf = async (page, name) => {
    const box = await page.locator(`circle[data-node="${name}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const svgBox = (page) => page.locator("svg.euc-board-svg").boundingBox();
  // Drags a node to a screen point and waits for the host's answer.
  const dragTo = async (page, name, target) => {
    const from = await centreOf(page, name);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await page.mouse.up();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
    await page.waitForTimeout(150);
  };
  const drag = async (page, name, to) => dragTo(page, name, await screenOf(page, to));
  const moves = (page) => page.textContent(".euc-board-moves");
  // Every node inside the board; their screen boxes.
  const allInside = async (page, what) => {
    const board = await svgBox(page);
    const circles = await page.$$eval("circle.euc-node", (all) => all.map((c) => c.getBoundingClientRect().toJSON()));
    for (const c of circles) {
      assert.ok(c.left >= board.x && c.right <= board.x + board.width && c.top >= board.y &&
        c.bottom <= board.y + board.height, `a node ${what} is outside the view: ${JSON.stringify(c)}`);
    }
    return circles;
  };

  // Level 1 (level 6 for the picture): one drag, then solved by dragging.
  const level = screenshot ? 6 : 1;
  const file = newLevel("level.euc", level);
  const page = await open(await play(file));
  const before = await crossingsOf(page);
  assert.ok(before > 0, "a new level starts tangled");
  assert.equal(await moves(page), "Moves: 0");

  const start = positions(readFileSync(file, "utf8"));
  const names = Object.keys(start);
  await drag(page, names[0], { x: 0.5, y: 0.5 });
  assert.equal(await moves(page), "Moves: 1");
  near(positions(readFileSync(file, "utf8"))[names[0]], { x: 0.5, y: 0.5 }, 0.1, "the dragged node on disk");
  for (const name of names.slice(1)) {
    assert.deepEqual(positions(readFileSync(file, "utf8"))[name], start[name], "other nodes stay");
  }
  if (screenshot) await page.screenshot({ path: join(root, "docs/board.png") });

  const untangled = positions(execFileSync(euc, ["planar", "untangle", file], { encoding: "utf8" }));
  for (const name of names) await drag(page, name, untangled[name]);
  assert.equal(await crossingsOf(page), 0, "no crossings left");
  assert.equal(await page.textContent(".euc-board-solved"), "Solved!");
  execFileSync(euc, ["check", file]); // throws unless exit code 0

  // The next level replaces the block, in the page and in the file.
  await page.click(".euc-board-next");
  const next = `level ${level + 1}`;
  await page.waitForFunction((next) => document.querySelector(".euc-board-title").textContent.includes(next), next);
  assert.ok(readFileSync(file, "utf8").includes(`  ${next}\n`), "the file has the next level");
  assert.ok((await crossingsOf(page)) > 0, "the next level starts tangled");
  assert.equal(await moves(page), "Moves: 0", "a new level counts moves from zero");
  console.log(`solved: ${names.length} nodes untangled by dragging (${before} crossings at first)`);

  // Zoom: the wheel scales the view around the pointer.
  // The node nearest the middle is zoomed near, so that it stays in view.
  const first = positions(readFileSync(file, "utf8"));
  const box = await svgBox(page);
  const view0 = await viewOf(page);
  const middle = await blockOf(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const distance = (name) => Math.hypot(first[name].x - middle.x, first[name].y - middle.y);
  const [a, b] = Object.keys(first).sort((p, q) => distance(p) - distance(q));
  const node0 = await centreOf(page, a);
  const pointer = { x: node0.x + 80, y: node0.y + 50 };
  await page.mouse.move(pointer.x, pointer.y);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((a) => document.querySelector("svg.euc-board-svg g").getScreenCTM().a !== a, view0.a);
  const view1 = await viewOf(page);
  const factor = view1.a / view0.a;
  assert.ok(factor > 1.2, `the wheel zooms in (×${factor})`);
  near(await centreOf(page, a), {
    x: pointer.x + (node0.x - pointer.x) * factor, y: pointer.y + (node0.y - pointer.y) * factor,
  }, 1, "a node after zooming around the pointer");
  // Dragged after the zoom, a node lands in block coordinates on disk.
  const target = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.45 };
  const meant = await blockOf(page, target);
  await dragTo(page, a, target);
  await fileSays(file, (text) => positions(text)[a].x !== first[a].x, `${a} moved`);
  near(positions(readFileSync(file, "utf8"))[a], meant, 0.005 + 1 / view1.a, "a node dropped after zooming");
  assert.equal(await moves(page), "Moves: 1");
  const dropped = positions(readFileSync(file, "utf8"))[a];
  // The zoom buttons and the fit button.
  await page.click(".euc-board-zoom-out");
  assert.ok((await viewOf(page)).a < view1.a, "− zooms out");
  await page.click(".euc-board-fit");
  await allInside(page, "after Fit");

  // Pan: dragging the empty board moves the view, not the file.
  const unpanned = await viewOf(page);
  const text = readFileSync(file, "utf8");
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + 64, box.y + 44, { steps: 5 });
  await page.mouse.up();
  const panned = await viewOf(page);
  assert.equal(panned.a, unpanned.a, "a pan keeps the scale");
  near({ x: panned.e - unpanned.e, y: panned.f - unpanned.f }, { x: 60, y: 40 }, 0.5, "the pan");
  assert.equal(readFileSync(file, "utf8"), text, "a pan writes nothing");

  // Undo and redo: the board and the file follow.
  const moved = (text, name, from) => positions(text)[name].x !== from.x || positions(text)[name].y !== from.y;
  await drag(page, b, { x: 1.25, y: -2.5 });
  await fileSays(file, (text) => moved(text, b, first[b]), `${b} moved`);
  near(positions(readFileSync(file, "utf8"))[b], { x: 1.25, y: -2.5 }, 0.1, "the dragged node on disk");
  assert.equal(await moves(page), "Moves: 2");
  await page.click(".euc-board-undo");
  await fileSays(file, (text) => positions(text)[b].x === first[b].x && positions(text)[b].y === first[b].y, `${b} back`);
  assert.equal(await moves(page), "Moves: 1");
  // The keys the board acts on stop at its document (in VS Code the
  // webview's window passes keys on to the workbench, whose undo would
  // undo the text too); the others go on.
  await page.evaluate(() => {
    window.eucKeysSeen = [];
    window.addEventListener("keydown", (event) => window.eucKeysSeen.push(event.key));
  });
  await page.keyboard.press("Control+z");
  await fileSays(file, (text) => positions(text)[a].x === first[a].x && positions(text)[a].y === first[a].y, `${a} back`);
  assert.equal(await moves(page), "Moves: 0");
  await page.keyboard.press("x");
  assert.deepEqual(await page.evaluate(() => window.eucKeysSeen.filter((key) => key !== "Control")), ["x"],
    "Ctrl+Z stops at the board; x, which it does not take, goes on");
  await page.keyboard.press("Control+Shift+z");
  await fileSays(file, (text) => positions(text)[a].x === dropped.x && positions(text)[a].y === dropped.y, `${a} again`);
  assert.equal(await moves(page), "Moves: 1");
  assert.equal(await crossingsOf(page), checked(file), "the count after undo and redo is the file's");

  // Restart: every node back to where the level started, in the file; undo
  // takes the restart back.
  await drag(page, b, { x: -3.5, y: 2 });
  await fileSays(file, (text) => moved(text, b, first[b]), `${b} moved`);
  const played = readFileSync(file, "utf8");
  // Two nodes are off their first places: restart and its undo move both,
  // each in one request (once one request per node).
  const away = Object.keys(first).filter((name) => moved(played, name, first[name]));
  assert.ok(away.length >= 2, `nodes off their first places: ${away}`);
  let posts = 0;
  page.on("request", (request) => { if (request.method() === "POST" && request.url().endsWith("/move")) posts++; });
  await page.click(".euc-board-restart");
  await fileSays(file, (text) => JSON.stringify(positions(text)) === JSON.stringify(first), "the level's first positions");
  await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
  assert.equal(posts, 1, `restart of ${away.length} nodes in one request`);
  assert.equal(await moves(page), "Moves: 0");
  assert.equal(await crossingsOf(page), checked(file), "the count after restart is the file's");
  await page.click(".euc-board-undo");
  await fileSays(file, (text) => text === played, "the positions before the restart");
  await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
  assert.equal(posts, 2, "the undo of a restart in one request");
  assert.equal(await moves(page), "Moves: 2");

  // The move timer runs beside the move count.
  const clock = async () => Number(await page.getAttribute(".euc-board-time", "data-ms"));
  const t0 = await clock();
  await page.waitForTimeout(1100);
  assert.ok((await clock()) > t0, "the timer runs");
  assert.match(await page.textContent(".euc-board-time"), /^Time: \d+:\d\d$/);
  console.log("zoom, pan, undo, redo, restart and the timer work");
  await page.close();

  // Blocks at any scale and far from the origin fit the view: all nodes
  // inside it, and spread over it; a drop lands where it was dropped (at a
  // scale of 0.01 it once snapped to the host's grid of hundredths, as
  // coarse as the block), and the board counts what `euc check` counts.
  const scales = [[0.0006, { x: 0, y: 0 }], [0.0005, { x: 500.5, y: -700.25 }], [30, { x: -400, y: 450 }]];
  for (const [scale, shift] of scales) {
    const scaled = readFileSync(newLevel(`scale-${scale}.euc`, 6), "utf8")
      .replace(/node (\w+) = \((-?[\d.]+), (-?[\d.]+)\)/g, (_, name, x, y) =>
        `node ${name} = (${(Number(x) * scale + shift.x).toFixed(6)}, ${(Number(y) * scale + shift.y).toFixed(6)})`);
    const scaledFile = join(scratch, `scale-${scale}.euc`);
    writeFileSync(scaledFile, scaled);
    const page = await open(await play(scaledFile));
    const board = await svgBox(page);
    const circles = await allInside(page, `at scale ${scale}`);
    const spread = Math.max(Math.max(...circles.map((c) => c.right)) - Math.min(...circles.map((c) => c.left)),
      Math.max(...circles.map((c) => c.bottom)) - Math.min(...circles.map((c) => c.top)));
    assert.ok(spread > 0.7 * Math.min(board.width, board.height), `the nodes at scale ${scale} fill the view`);
    // A drop is written in the block's own coordinates, where it was
    // dropped (the middle of the board is no node's place).
    const name = Object.keys(positions(scaled))[0];
    const to = { x: board.x + board.width * 0.47, y: board.y + board.height * 0.53 };
    const meant = await blockOf(page, to);
    await dragTo(page, name, to);
    await fileSays(scaledFile, (text) => positions(text)[name].x !== positions(scaled)[name].x, `${name} moved`);
    // Within 1.5 pixels, and what the browser's single-precision screen
    // matrix loses far from the origin (its offsets reach 3·10^7 pixels
    // around (500, −700) at this scale: a few pixels).
    const view = await viewOf(page);
    const slack = 1.5 + (Math.abs(view.e) + Math.abs(view.f)) * 2 ** -23;
    near(positions(readFileSync(scaledFile, "utf8"))[name], meant, slack / view.a, `a drop at scale ${scale}`);
    await page.waitForFunction(() => document.querySelector(".euc-board-moves").textContent === "Moves: 1");
    assert.equal(await crossingsOf(page), checked(scaledFile), `the count after a drop at scale ${scale} is the file's`);
    await page.close();
  }
  console.log("blocks at scales 0.01 and 1,000, far from the origin, fit the view; drops land where dropped");

  // Big levels: a drag of 60 pointer moves, one per frame, keeps the count
  // exact; the time it takes is printed (no assertion on it: machines vary).
  for (const nodes of [200, 1000]) {
    const bigFile = newLevel(`big-${nodes}.euc`, nodes - 4);
    const text = readFileSync(bigFile, "utf8");
    const all = Object.keys(positions(text));
    assert.equal(all.length, nodes);
    const page = await open(await play(bigFile));
    assert.equal(await crossingsOf(page), checked(bigFile), "the first count is the file's");
    // The node nearest the middle of the board (or the one drawn over its
    // centre), dragged around a circle.
    const board = await svgBox(page);
    const middle = { x: board.x + board.width / 2, y: board.y + board.height / 2 };
    const name = await page.evaluate(([x, y]) => {
      let best = null, distance = Infinity;
      for (const c of document.querySelectorAll("circle.euc-node")) {
        const r = c.getBoundingClientRect(), d = Math.hypot(r.x + r.width / 2 - x, r.y + r.height / 2 - y);
        if (d < distance) { distance = d; best = r; }
      }
      return document.elementFromPoint(best.x + best.width / 2, best.y + best.height / 2).closest("circle").getAttribute("data-node");
    }, [middle.x, middle.y]);
    const from = await centreOf(page, name);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const figures = await page.evaluate(([x, y, radius]) => new Promise((done) => {
      const svg = document.querySelector("svg.euc-board-svg");
      let frame = 0, dispatchMs = 0, first = 0;
      window.__frameMs = 0;
      const step = (time) => {
        if (frame === 0) first = time;
        if (frame === 60) {
          // Let the last move's frame run before reading the time.
          return window.__raf(() => done({ script: (dispatchMs + window.__frameMs) / 60, frame: (time - first) / 60 }));
        }
        const angle = (2 * Math.PI * frame) / 60;
        const start = performance.now();
        svg.dispatchEvent(new PointerEvent("pointermove", {
          bubbles: true, pointerId: 1, isPrimary: true, pointerType: "mouse", buttons: 1,
          clientX: x + radius * Math.cos(angle), clientY: y + radius * Math.sin(angle),
        }));
        dispatchMs += performance.now() - start;
        frame++;
        window.__raf(step);
      };
      window.__raf(step);
    }), [middle.x - 150, middle.y, 150]);
    // Held mid-drag: the count kept incrementally is the brute-force one.
    const linkList = links(text);
    const [live, brute] = await page.evaluate(([names, linkList]) => {
      const nodes = names.map((name) => {
        const c = document.querySelector(`circle[data-node="${name}"]`);
        return { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) };
      });
      const count = Number(document.querySelector(".euc-board-crossings").getAttribute("data-count"));
      return [count, EucBoard.crossings(nodes, linkList).pairs];
    }, [all, linkList]);
    assert.equal(live, brute, "the live count during the drag is the brute-force count");
    const drop = { x: middle.x - 150 + 150 * Math.cos(0.3), y: middle.y + 150 * Math.sin(0.3) };
    await page.mouse.move(drop.x, drop.y);
    await page.mouse.up();
    await fileSays(bigFile, (now) => positions(now)[name].x !== positions(text)[name].x, `${name} moved`);
    await page.waitForFunction(() => document.querySelector(".euc-board-moves").textContent === "Moves: 1");
    assert.equal(await crossingsOf(page), checked(bigFile), "after the drop the count is the file's");
    console.log(`drag at ${nodes} nodes, ${linkList.length} links (${live} crossings): ` +
      `${figures.script.toFixed(2)} ms of script per move, ${figures.frame.toFixed(1)} ms per frame over 60 moves`);
    await page.close();
  }
  console.log("board test passed");
} finally {
  await browser.close();
  for (const server of servers) server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
