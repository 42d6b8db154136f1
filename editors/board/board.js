// The Planarity board: one plain script shared by `euc planar play` (a page
// served on 127.0.0.1) and the VS Code extension's "Play" webview. It draws a
// planar block, lets the player drag nodes, lights up crossing links while a
// node moves, counts moves and time, zooms and pans, undoes and restarts, and
// reports each drop to its host, which writes the new position into the .euc
// file and answers with the exact state.
// docs/planar.md, "The board", describes the protocol and the view.
(function (global) {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  // The server refuses moves beyond this on either axis (edit/planar.rs's
  // MOVE_LIMIT), so a drag never goes further.
  var MOVE_LIMIT = 1000;
  // How far the view may zoom out and in, as multiples of the fitted scale.
  var ZOOM_OUT = 0.05, ZOOM_IN = 200;

  // Positions live in flat arrays and links in two (from, to), so that the
  // crossing test in the drag loop allocates nothing. The test reads xs, ys:
  // when every coordinate has at most six decimals (levels are written with
  // two, drops with what the block's size needs), and these hold whole
  // numbers of the block's smallest decimal unit within ±10^7, the
  // orientation products below are exact doubles, so the board counts what
  // the host counts. Otherwise they hold the coordinates themselves
  // (floating point).
  function orient(ax, ay, bx, by, cx, cy) {
    var d = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return d > 0 ? 1 : d < 0 ? -1 : 0;
  }

  function within(ax, ay, bx, by, cx, cy) {
    return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) &&
      Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
  }

  function same(xs, ys, i, j) {
    return xs[i] === xs[j] && ys[i] === ys[j];
  }

  // The game's rule for links a–b and c–d: links sharing a node never cross;
  // stacked ends always do; otherwise closed segments that meet cross. (The
  // host decides exactly on the written decimals after each drop.)
  function crossed(xs, ys, a, b, c, d) {
    if (a === c || a === d || b === c || b === d) return false;
    if (same(xs, ys, a, b) || same(xs, ys, a, c) || same(xs, ys, a, d) ||
      same(xs, ys, b, c) || same(xs, ys, b, d) || same(xs, ys, c, d)) return true;
    var px = xs[a], py = ys[a], qx = xs[b], qy = ys[b];
    var rx = xs[c], ry = ys[c], sx = xs[d], sy = ys[d];
    // Disjoint bounding boxes cannot meet: most pairs stop here.
    if (Math.max(px, qx) < Math.min(rx, sx) || Math.max(rx, sx) < Math.min(px, qx) ||
      Math.max(py, qy) < Math.min(ry, sy) || Math.max(ry, sy) < Math.min(py, qy)) return false;
    var d1 = orient(rx, ry, sx, sy, px, py), d2 = orient(rx, ry, sx, sy, qx, qy);
    var d3 = orient(px, py, qx, qy, rx, ry), d4 = orient(px, py, qx, qy, sx, sy);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 === 0 && within(rx, ry, sx, sy, px, py)) || (d2 === 0 && within(rx, ry, sx, sy, qx, qy)) ||
      (d3 === 0 && within(px, py, qx, qy, rx, ry)) || (d4 === 0 && within(px, py, qx, qy, sx, sy));
  }

  // The graph in flat arrays, with each node's links; px, py are the block
  // coordinates, xs, ys what the crossing test reads.
  function graph(nodes, links) {
    var n = nodes.length, m = links.length;
    var g = {
      px: new Float64Array(n), py: new Float64Array(n),
      xs: new Float64Array(n), ys: new Float64Array(n), unit: 0,
      from: new Int32Array(m), to: new Int32Array(m),
      incident: nodes.map(function () { return []; }),
    };
    nodes.forEach(function (node, i) { g.px[i] = node.x; g.py[i] = node.y; });
    links.forEach(function (link, i) {
      g.from[i] = link[0]; g.to[i] = link[1];
      g.incident[link[0]].push(i); g.incident[link[1]].push(i);
    });
    regrid(g);
    return g;
  }

  // Does x lie on the grid of `unit` (a power of ten; 0: no grid)?
  function fits(unit, x) {
    return unit === 0 || (Math.abs(x) * unit <= 1e7 && Math.round(x * unit) / unit === x);
  }

  // The coarsest grid of 100 to 1,000,000 steps per unit that holds every
  // position, and the test's coordinates on it.
  function regrid(g) {
    var unit = 0;
    for (var k = 100; k <= 1000000 && !unit; k *= 10) {
      unit = k;
      for (var i = 0; i < g.px.length && unit; i++) {
        if (!fits(k, g.px[i]) || !fits(k, g.py[i])) unit = 0;
      }
    }
    g.unit = unit;
    for (var v = 0; v < g.px.length; v++) setTest(g, v);
  }

  function setTest(g, v) {
    g.xs[v] = g.unit ? Math.round(g.px[v] * g.unit) : g.px[v];
    g.ys[v] = g.unit ? Math.round(g.py[v] * g.unit) : g.py[v];
  }

  // Every pair, once: for each link the number of links it crosses, and the
  // number of crossing pairs. O(m²); the board does this once per level.
  function count(g) {
    var m = g.from.length, hits = new Int32Array(m), pairs = 0;
    for (var j = 0; j < m; j++) {
      var c = g.from[j], d = g.to[j];
      for (var i = 0; i < j; i++) {
        if (crossed(g.xs, g.ys, g.from[i], g.to[i], c, d)) { hits[i]++; hits[j]++; pairs++; }
      }
    }
    return { hits: hits, pairs: pairs };
  }

  // Crossed links by index, and the number of crossing pairs (for tests and
  // other hosts: the brute-force count the incremental one must equal).
  function crossings(nodes, links) {
    var found = count(graph(nodes, links));
    return { hit: Array.prototype.map.call(found.hits, function (h) { return h > 0; }), pairs: found.pairs };
  }

  // Adds `sign` × (node v's links against all others) to the counts, and
  // lists the links whose count changed. Links sharing v never cross, so no
  // pair is counted twice. O(deg(v) · m).
  function tally(g, counts, v, sign, touched) {
    var m = g.from.length, own = g.incident[v];
    for (var k = 0; k < own.length; k++) {
      var l = own[k], a = g.from[l], b = g.to[l];
      for (var j = 0; j < m; j++) {
        if (crossed(g.xs, g.ys, a, b, g.from[j], g.to[j])) {
          counts.hits[l] += sign; counts.hits[j] += sign; counts.pairs += sign;
          touched.push(j);
        }
      }
      touched.push(l);
    }
  }

  // Moves node v and keeps the counts exact: its links' crossings are taken
  // away at the old place and added at the new. Returns the touched links,
  // or null when the new place is off the grid and the caller must regrid
  // and count afresh.
  function relocate(g, counts, v, x, y) {
    if (!fits(g.unit, x) || !fits(g.unit, y)) {
      g.px[v] = x; g.py[v] = y;
      return null;
    }
    var touched = [];
    tally(g, counts, v, -1, touched);
    g.px[v] = x; g.py[v] = y;
    setTest(g, v);
    tally(g, counts, v, +1, touched);
    return touched;
  }

  function element(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  // The decimals a drop is written to: enough for a thousandth of the
  // block's extent, from two (10 or more across, as levels are) to six, the
  // host's rule (edit/planar.rs, `decimals`), on the positions before the
  // drag, as the host sees them.
  function decimals(g) {
    var spread = function (values) {
      var low = Infinity, high = -Infinity;
      for (var i = 0; i < values.length; i++) { low = Math.min(low, values[i]); high = Math.max(high, values[i]); }
      return high - low;
    };
    var extent = Math.max(spread(g.px), spread(g.py));
    if (!(extent > 0 && isFinite(extent))) return 2;
    for (var places = 2; places < 6; places++) if (extent * Math.pow(10, places) >= 1000) return places;
    return 6;
  }

  // `places` decimals, as the host writes a drop (halves away from zero, as
  // Rust's `round`).
  function rounded(value, places) {
    var scale = Math.pow(10, places);
    return Math.sign(value) * Math.round(Math.abs(value) * scale) / scale + 0;
  }

  function clock(ms) {
    var seconds = Math.floor(ms / 1000), minutes = Math.floor(seconds / 60);
    var rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  // host: { move(name, x, y) -> Promise<state>, next() -> Promise<state>,
  // and optionally moveAll([{node: name, x, y}]) -> Promise<state>, which
  // writes several nodes in one request (restart and its undo) }
  function mount(root, host) {
    root.classList.add("euc-board");
    var part = function (tag, name, text) {
      var made = document.createElement(tag);
      made.className = "euc-board-" + name;
      if (text) made.textContent = text;
      return made;
    };
    var header = part("div", "header");
    var title = part("span", "title"), moves = part("span", "moves"), time = part("span", "time");
    var crossingCount = part("span", "crossings"), solved = part("span", "solved");
    var next = part("button", "next", "Next level");
    var tools = part("span", "tools");
    var button = function (name, text, tip) {
      var made = part("button", name, text);
      made.title = tip;
      tools.append(made);
      return made;
    };
    var undo = button("undo", "Undo", "Undo the last move (Ctrl+Z)");
    var redo = button("redo", "Redo", "Redo (Ctrl+Shift+Z or Ctrl+Y)");
    var restart = button("restart", "Restart", "Every node back to where the level started");
    var zoomOut = button("zoom-out", "−", "Zoom out (-)");
    var zoomIn = button("zoom-in", "+", "Zoom in (+)");
    var fitButton = button("fit", "Fit", "Show the whole block (0)");
    header.append(title, moves, time, crossingCount, solved, next, tools);
    // Two layers: the board, and above it the dragged node with its links.
    // Each is its own composited layer, so a drag repaints only the few
    // lines that move; repainting the board's every line where a long link
    // moved cost 50–300 ms a frame at 1,000 nodes.
    var area = part("div", "area");
    var svg = element("svg", { class: "euc-board-svg" }, area);
    var live = element("svg", { class: "euc-board-live" }, area);
    root.append(header, area);
    // The view: block coordinates to the svg's pixels, y up (the same for
    // both layers).
    var world = element("g", {}, svg), liveWorld = element("g", {}, live);
    var linkLayer = element("g", {}, world), nodeLayer = element("g", {}, world);
    var liveLinks = element("g", {}, liveWorld), liveNodes = element("g", {}, liveWorld);

    var state = null, g = null, counts = null, lines = [], circles = [], shown = null;
    var view = { scale: 1, x: 0, y: 0, fitted: true }, radius = 6;
    var level = null; // { key, start: [{x, y}], began, finished }
    var history = [], future = [], moveCount = 0, writing = Promise.resolve();
    var drag = null, pan = null, frame = 0, pointer = null;

    function size() {
      var box = svg.getBoundingClientRect();
      return { width: box.width || 1, height: box.height || 1, left: box.left, top: box.top };
    }

    // Node radius in pixels: smaller as the nodes get more, so that a
    // thousand still read apart once zoomed in, and at most 12.
    function nodeRadius(box, n) {
      return Math.max(3, Math.min(12, 0.2 * Math.sqrt(box.width * box.height / Math.max(1, n))));
    }

    function applyView() {
      var transform = "matrix(" + view.scale + " 0 0 " + -view.scale + " " + view.x + " " + view.y + ")";
      world.setAttribute("transform", transform);
      liveWorld.setAttribute("transform", transform);
      var r = String(radius / view.scale);
      for (var i = 0; i < circles.length; i++) circles[i].setAttribute("r", r);
    }

    // The nodes' bounding box, with a margin, scaled to fill the board.
    function fit() {
      var box = size();
      radius = nodeRadius(box, g ? g.px.length : 1);
      // Links thin out with the nodes: 1.6 pixels down to 0.8 at 1,000 nodes.
      svg.style.setProperty("--euc-link-width", Math.max(0.6, Math.min(1.6, radius / 7)) + "px");
      view.fitted = true;
      if (!g || g.px.length === 0) { view.scale = 1; view.x = box.width / 2; view.y = box.height / 2; applyView(); return; }
      var minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
      for (var i = 0; i < g.px.length; i++) {
        minX = Math.min(minX, g.px[i]); maxX = Math.max(maxX, g.px[i]);
        minY = Math.min(minY, g.py[i]); maxY = Math.max(maxY, g.py[i]);
      }
      var margin = Math.max(2 * radius, 0.05 * Math.min(box.width, box.height));
      var room = { width: Math.max(1, box.width - 2 * margin), height: Math.max(1, box.height - 2 * margin) };
      var spanX = maxX - minX, spanY = maxY - minY;
      // One node, or all on a line: the other axis decides, or any size does.
      if (spanX === 0 && spanY === 0) spanX = spanY = Math.max(1, Math.abs(minX), Math.abs(minY)) * 0.1;
      var scale = Math.min(spanX > 0 ? room.width / spanX : Infinity, spanY > 0 ? room.height / spanY : Infinity);
      view.scale = scale;
      view.x = box.width / 2 - scale * (minX + maxX) / 2;
      view.y = box.height / 2 + scale * (minY + maxY) / 2;
      view.fitScale = scale;
      applyView();
    }

    // Zooms by `factor` keeping the block point under (px, py) in place.
    function zoom(factor, px, py) {
      var box = size();
      if (px === undefined) { px = box.width / 2; py = box.height / 2; }
      var base = view.fitScale || view.scale;
      var scale = Math.max(base * ZOOM_OUT, Math.min(base * ZOOM_IN, view.scale * factor));
      factor = scale / view.scale;
      view.x = px - (px - view.x) * factor;
      view.y = py - (py - view.y) * factor;
      view.scale = scale;
      view.fitted = false;
      applyView();
    }

    // Block coordinates of a pointer event.
    function pointAt(event) {
      var box = size();
      return { x: (event.clientX - box.left - view.x) / view.scale, y: (view.y - (event.clientY - box.top)) / view.scale };
    }

    // A drag stays on the visible board (less a node's radius) and within
    // what the host accepts.
    function keepInside(at) {
      var box = size(), inset = radius / view.scale;
      var left = -view.x / view.scale + inset, right = (box.width - view.x) / view.scale - inset;
      var top = view.y / view.scale - inset, bottom = (view.y - box.height) / view.scale + inset;
      var clamp = function (v, low, high) {
        return Math.max(-MOVE_LIMIT, Math.min(MOVE_LIMIT, low <= high ? Math.max(low, Math.min(high, v)) : v));
      };
      return { x: clamp(at.x, left, right), y: clamp(at.y, bottom, top) };
    }

    function drawLink(i) {
      var a = g.from[i], b = g.to[i], line = lines[i];
      line.setAttribute("x1", g.px[a]); line.setAttribute("y1", g.py[a]);
      line.setAttribute("x2", g.px[b]); line.setAttribute("y2", g.py[b]);
    }

    function drawNode(v) {
      circles[v].setAttribute("cx", g.px[v]); circles[v].setAttribute("cy", g.py[v]);
      var own = g.incident[v];
      for (var k = 0; k < own.length; k++) drawLink(own[k]);
    }

    // Red where a link crosses any other; only links whose state changed
    // are touched.
    function colour(touched) {
      for (var k = 0; k < touched.length; k++) {
        var i = touched[k], on = counts.hits[i] > 0;
        if (shown[i] !== (on ? 1 : 0)) {
          shown[i] = on ? 1 : 0;
          lines[i].classList.toggle("crossed", on);
        }
      }
    }

    function isSolved() {
      return counts.pairs === 0;
    }

    function status() {
      title.textContent = state.block + (state.level != null ? " — level " + state.level : "");
      moves.textContent = "Moves: " + moveCount;
      crossingCount.textContent = "Crossings: " + counts.pairs;
      crossingCount.setAttribute("data-count", String(counts.pairs));
      var done = isSolved() && !drag;
      if (done && level.finished == null) level.finished = Date.now() - level.began;
      if (!isSolved()) level.finished = null;
      solved.textContent = done ? "Solved!" : "";
      next.hidden = !(done && state.level != null);
      undo.disabled = history.length === 0;
      redo.disabled = future.length === 0;
      tick();
    }

    function tick() {
      if (!level) return;
      var elapsed = level.finished != null ? level.finished : Date.now() - level.began;
      time.textContent = "Time: " + clock(elapsed);
      time.setAttribute("data-ms", String(elapsed));
    }
    var ticking = setInterval(tick, 500);

    // What makes a level the same level: its block, number, nodes and links
    // (positions may change under the board, as they do on every drop).
    function keyOf(s) {
      return JSON.stringify([s.block, s.level, s.nodes.map(function (node) { return node.name; }), s.links]);
    }

    // A state from the host. Within the same level only the nodes that moved
    // are recounted; a new level is drawn afresh, fitted, and remembered as
    // the place "Restart" goes back to.
    function show(newState) {
      var key = keyOf(newState);
      if (state && level && level.key === key) {
        state = newState;
        var moved = [];
        newState.nodes.forEach(function (node, v) {
          // The node the player holds stays where it is held.
          if ((!drag || drag.node !== v) && (g.px[v] !== node.x || g.py[v] !== node.y)) moved.push(v);
        });
        // Each moved node costs two passes over its links; past a quarter
        // of the nodes one full count is cheaper.
        if (moved.length * 4 > g.px.length) {
          moved.forEach(function (v) { g.px[v] = newState.nodes[v].x; g.py[v] = newState.nodes[v].y; drawNode(v); });
          recount();
        } else {
          moved.forEach(function (v) { place(v, newState.nodes[v].x, newState.nodes[v].y); });
        }
        status();
        return;
      }
      state = newState;
      g = graph(state.nodes, state.links);
      counts = count(g);
      level = {
        key: key, began: Date.now(), finished: null,
        start: state.nodes.map(function (node) { return { x: node.x, y: node.y }; }),
      };
      history = []; future = []; moveCount = 0; drag = null;
      linkLayer.replaceChildren(); nodeLayer.replaceChildren();
      liveLinks.replaceChildren(); liveNodes.replaceChildren();
      shown = new Uint8Array(state.links.length);
      lines = state.links.map(function () { return element("line", { class: "euc-link" }, linkLayer); });
      circles = state.nodes.map(function (node, v) {
        var circle = element("circle", { class: "euc-node", "data-node": node.name }, nodeLayer);
        element("title", {}, circle).textContent = node.name;
        circle.addEventListener("pointerdown", function (event) {
          if (event.button !== 0 || drag || pan) return;
          drag = { node: v, from: { x: g.px[v], y: g.py[v] }, places: decimals(g) };
          lift(v, true);
          // The board holds the pointer: the circle changes layer.
          svg.setPointerCapture(event.pointerId);
          event.preventDefault();
          event.stopPropagation();
        });
        return circle;
      });
      lines.forEach(function (_, i) { drawLink(i); });
      circles.forEach(function (_, v) { circles[v].setAttribute("cx", g.px[v]); circles[v].setAttribute("cy", g.py[v]); });
      colour(Array.from(lines.keys()));
      fit();
      status();
    }

    // Node v and its links into the top layer while it is dragged, and back
    // (on top of the others) when it drops.
    function lift(v, up) {
      var own = g.incident[v];
      for (var k = 0; k < own.length; k++) (up ? liveLinks : linkLayer).appendChild(lines[own[k]]);
      (up ? liveNodes : nodeLayer).appendChild(circles[v]);
      circles[v].classList.toggle("dragged", up);
    }

    // Moves a node on the board (no host), keeping counts and colours.
    function place(v, x, y) {
      var touched = relocate(g, counts, v, x, y);
      drawNode(v);
      if (touched) colour(touched); else recount();
    }

    // Every pair counted again, on a grid that holds every position.
    function recount() {
      regrid(g);
      counts = count(g);
      colour(Array.from(lines.keys()));
    }

    // Writes moves to the host after any still under way — several in one
    // request when the host takes them, else one after another — and shows
    // the last answer.
    function write(list) {
      writing = writing.then(function () {
        var chain = Promise.resolve(null);
        if (list.length > 1 && host.moveAll) {
          return Promise.resolve(host.moveAll(list.map(function (move) {
            return { node: state.nodes[move.node].name, x: move.x, y: move.y };
          }))).then(function (answer) { if (answer) show(answer); });
        }
        list.forEach(function (move) {
          chain = chain.then(function () {
            return Promise.resolve(host.move(state.nodes[move.node].name, move.x, move.y));
          });
        });
        return chain.then(function (answer) { if (answer) show(answer); });
      }).catch(function () { /* the host has told the player */ });
      return writing;
    }

    // One step of history: a list of {node, from, to}; applied forwards or
    // backwards on the board and in the file.
    function play(step, backwards) {
      var list = step.changes.map(function (change) {
        var at = backwards ? change.from : change.to;
        place(change.node, at.x, at.y);
        return { node: change.node, x: at.x, y: at.y };
      });
      status();
      return write(list);
    }

    // Moves count one each; a restart sets the moves and the clock to zero,
    // and its undo gives back what they were.
    function forwards(step) {
      if (step.restart) {
        step.restart = { moves: moveCount, began: level.began };
        moveCount = 0; level.began = Date.now(); level.finished = null;
      } else moveCount++;
    }

    function backwards(step) {
      if (step.restart) { moveCount = step.restart.moves; level.began = step.restart.began; } else moveCount--;
    }

    function record(step) {
      history.push(step); future = [];
      forwards(step);
      return play(step, false);
    }

    function undoStep() {
      if (!state || drag || history.length === 0) return null;
      var step = history.pop();
      future.push(step);
      backwards(step);
      return play(step, true);
    }

    function redoStep() {
      if (!state || drag || future.length === 0) return null;
      var step = future.pop();
      history.push(step);
      forwards(step);
      return play(step, false);
    }

    // Every node back to the level's first positions, written in one
    // request: the level starts again (moves and clock at zero), as one step
    // undo takes back (in one request too).
    function restartLevel() {
      if (!state || drag) return null;
      var changes = [];
      level.start.forEach(function (at, v) {
        if (g.px[v] !== at.x || g.py[v] !== at.y) changes.push({ node: v, from: { x: g.px[v], y: g.py[v] }, to: at });
      });
      if (changes.length === 0 && moveCount === 0) { level.began = Date.now(); level.finished = null; status(); return writing; }
      return record({ changes: changes, restart: {} });
    }

    // Pointer moves are coalesced: the latest one is drawn once per frame.
    function schedule(event) {
      pointer = { clientX: event.clientX, clientY: event.clientY };
      if (!frame) frame = requestAnimationFrame(flush);
    }

    function flush() {
      frame = 0;
      if (!pointer) return;
      var event = pointer;
      pointer = null;
      if (drag) {
        // Where the drop would write it, so that the live count is exact.
        var at = keepInside(pointAt(event));
        if (g.unit) at = { x: rounded(at.x, drag.places), y: rounded(at.y, drag.places) };
        place(drag.node, at.x, at.y);
        status();
      } else if (pan) {
        view.x = pan.x + event.clientX - pan.clientX;
        view.y = pan.y + event.clientY - pan.clientY;
        view.fitted = false;
        applyView();
      }
    }

    svg.addEventListener("pointerdown", function (event) {
      if (event.button !== 0 || drag || pan || !state) return;
      pan = { clientX: event.clientX, clientY: event.clientY, x: view.x, y: view.y };
      svg.setPointerCapture(event.pointerId);
      svg.classList.add("panning");
      event.preventDefault();
    });

    svg.addEventListener("pointermove", function (event) {
      if (drag || pan) schedule(event);
    });

    function release(event, cancelled) {
      if (frame) { cancelAnimationFrame(frame); frame = 0; }
      if (pan) {
        pointer = cancelled ? null : { clientX: event.clientX, clientY: event.clientY };
        if (pointer) flush();
        pan = null; pointer = null;
        svg.classList.remove("panning");
        return;
      }
      if (!drag) return;
      var held = drag, v = held.node;
      pointer = null;
      lift(v, false);
      var at = cancelled ? held.from : keepInside(pointAt(event));
      drag = null;
      // A cancelled drag goes back exactly (a position may have more
      // decimals than a drop is written to).
      var to = cancelled ? held.from : { x: rounded(at.x, held.places), y: rounded(at.y, held.places) };
      place(v, to.x, to.y);
      if (to.x === held.from.x && to.y === held.from.y) { status(); return; }
      record({ changes: [{ node: v, from: held.from, to: to }] });
    }

    svg.addEventListener("pointerup", function (event) { release(event, false); });
    svg.addEventListener("pointercancel", function (event) { release(event, true); });

    svg.addEventListener("wheel", function (event) {
      if (!state) return;
      event.preventDefault();
      var box = size();
      // Lines and pages as pixels, then 0.2 % per pixel.
      var delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? box.height : 1);
      zoom(Math.exp(-delta * 0.002), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });

    zoomIn.addEventListener("click", function () { zoom(1.25); });
    zoomOut.addEventListener("click", function () { zoom(0.8); });
    fitButton.addEventListener("click", function () { fit(); });
    undo.addEventListener("click", function () { undoStep(); });
    redo.addEventListener("click", function () { redoStep(); });
    restart.addEventListener("click", function () { restartLevel(); });

    var doc = root.ownerDocument;
    doc.addEventListener("keydown", function (event) {
      if (!state || event.altKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var command = event.ctrlKey || event.metaKey, key = event.key;
      var done = true;
      if (command && (key === "z" || key === "Z")) { if (event.shiftKey) redoStep(); else undoStep(); }
      else if (command && (key === "y" || key === "Y")) redoStep();
      else if (command) done = false;
      else if (key === "+" || key === "=") zoom(1.25);
      else if (key === "-" || key === "_") zoom(0.8);
      else if (key === "0" || key === "f") fit();
      else done = false;
      // Acted on here, it goes no further: VS Code's webview frame passes
      // keys on to the workbench from its window, whose undo would undo the
      // text as well.
      if (done) { event.preventDefault(); event.stopPropagation(); }
    });

    // A resized board keeps a fitted view fitted, else the middle in place.
    if (typeof ResizeObserver !== "undefined") {
      var last = null;
      new ResizeObserver(function () {
        var box = size();
        if (last && state) {
          if (view.fitted) fit();
          else { view.x += (box.width - last.width) / 2; view.y += (box.height - last.height) / 2; applyView(); }
        }
        last = box;
      }).observe(svg);
    }

    next.addEventListener("click", function () {
      Promise.resolve(host.next()).then(function (answer) {
        if (answer) show(answer);
      });
    });

    return {
      show: show,
      moves: function () { return moveCount; },
      undo: undoStep,
      redo: redoStep,
      restart: restartLevel,
      fit: fit,
      zoom: zoom,
      // Settles when every move made so far has been written.
      written: function () { return writing; },
      stop: function () { clearInterval(ticking); },
    };
  }

  global.EucBoard = { mount: mount, crossings: crossings };
})(typeof window !== "undefined" ? window : globalThis);
