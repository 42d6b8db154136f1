// The Planarity board: one plain script shared by `euc planar play` (a page
// served on 127.0.0.1) and the VS Code extension's "Play" webview. It draws a
// planar block, lets the player drag nodes, lights up crossing links while a
// node moves, counts moves, and reports each drop to its host, which writes
// the new position into the .euc file and answers with the exact state.
// docs/planar.md, "The board", describes the protocol.
(function (global) {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function orient(a, b, c) {
    var d = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    return d > 0 ? 1 : d < 0 ? -1 : 0;
  }

  function within(a, b, c) {
    return Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) &&
      Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y);
  }

  // The game's rule: links sharing a node never cross; stacked ends always
  // do; otherwise closed segments that meet cross. (The host decides
  // exactly on the written decimals after each drop.)
  function crossed(nodes, l, m) {
    if (l[0] === m[0] || l[0] === m[1] || l[1] === m[0] || l[1] === m[1]) return false;
    var p = nodes[l[0]], q = nodes[l[1]], r = nodes[m[0]], s = nodes[m[1]];
    var ends = [p, q, r, s];
    for (var i = 0; i < 4; i++) for (var j = 0; j < i; j++) {
      if (ends[i].x === ends[j].x && ends[i].y === ends[j].y) return true;
    }
    var d1 = orient(r, s, p), d2 = orient(r, s, q), d3 = orient(p, q, r), d4 = orient(p, q, s);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 === 0 && within(r, s, p)) || (d2 === 0 && within(r, s, q)) ||
      (d3 === 0 && within(p, q, r)) || (d4 === 0 && within(p, q, s));
  }

  // Crossed links by index, and the number of crossing pairs.
  function crossings(nodes, links) {
    var hit = new Array(links.length).fill(false), pairs = 0;
    for (var j = 0; j < links.length; j++) for (var i = 0; i < j; i++) {
      if (crossed(nodes, links[i], links[j])) { hit[i] = hit[j] = true; pairs++; }
    }
    return { hit: hit, pairs: pairs };
  }

  function element(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  // host: { move(name, x, y) -> Promise<state>, next() -> Promise<state> }
  function mount(root, host) {
    root.classList.add("euc-board");
    var part = function (tag, name) {
      var made = document.createElement(tag);
      made.className = "euc-board-" + name;
      return made;
    };
    var header = part("div", "header");
    var title = part("span", "title"), moves = part("span", "moves");
    var count = part("span", "crossings"), solved = part("span", "solved");
    var next = part("button", "next");
    next.textContent = "Next level";
    header.append(title, moves, count, solved, next);
    var svg = element("svg", { viewBox: "-17 -17 34 34", class: "euc-board-svg" });
    root.append(header, svg);
    var world = element("g", { transform: "scale(1,-1)" }, svg);
    var linkLayer = element("g", {}, world), nodeLayer = element("g", {}, world);
    var state = null, lines = [], circles = [], moveCount = 0, dragging = null;

    function paint() {
      var found = crossings(state.nodes, state.links);
      state.links.forEach(function (link, i) {
        var a = state.nodes[link[0]], b = state.nodes[link[1]];
        lines[i].setAttribute("x1", a.x); lines[i].setAttribute("y1", a.y);
        lines[i].setAttribute("x2", b.x); lines[i].setAttribute("y2", b.y);
        lines[i].setAttribute("class", found.hit[i] ? "euc-link crossed" : "euc-link");
      });
      state.nodes.forEach(function (node, i) {
        circles[i].setAttribute("cx", node.x); circles[i].setAttribute("cy", node.y);
      });
      var isSolved = found.pairs === 0;
      title.textContent = state.block + (state.level != null ? " — level " + state.level : "");
      moves.textContent = "Moves: " + moveCount;
      count.textContent = "Crossings: " + found.pairs;
      count.setAttribute("data-count", String(found.pairs));
      solved.textContent = isSolved ? "Solved!" : "";
      next.hidden = !(isSolved && state.level != null);
    }

    function show(newState) {
      state = newState;
      linkLayer.replaceChildren(); nodeLayer.replaceChildren();
      lines = state.links.map(function () { return element("line", { class: "euc-link" }, linkLayer); });
      circles = state.nodes.map(function (node, i) {
        var circle = element("circle", { r: 0.6, class: "euc-node", "data-node": node.name }, nodeLayer);
        var title = element("title", {}, circle);
        title.textContent = node.name;
        circle.addEventListener("pointerdown", function (event) {
          dragging = i;
          circle.setPointerCapture(event.pointerId);
          event.preventDefault();
        });
        return circle;
      });
      paint();
    }

    function pointAt(event) {
      var point = svg.createSVGPoint();
      point.x = event.clientX; point.y = event.clientY;
      var local = point.matrixTransform(world.getScreenCTM().inverse());
      var clamp = function (v) { return Math.max(-16.5, Math.min(16.5, v)); };
      return { x: clamp(local.x), y: clamp(local.y) };
    }

    svg.addEventListener("pointermove", function (event) {
      if (dragging === null) return;
      var at = pointAt(event);
      state.nodes[dragging].x = at.x; state.nodes[dragging].y = at.y;
      paint();
    });

    svg.addEventListener("pointerup", function (event) {
      if (dragging === null) return;
      var at = pointAt(event), node = state.nodes[dragging];
      dragging = null;
      // Two decimals, as levels are written.
      node.x = Math.round(at.x * 100) / 100; node.y = Math.round(at.y * 100) / 100;
      moveCount++;
      paint();
      Promise.resolve(host.move(node.name, node.x, node.y)).then(function (answer) {
        if (answer) show(answer);
      });
    });

    next.addEventListener("click", function () {
      Promise.resolve(host.next()).then(function (answer) {
        if (answer) { moveCount = 0; show(answer); }
      });
    });

    return { show: show, moves: function () { return moveCount; } };
  }

  global.EucBoard = { mount: mount, crossings: crossings };
})(typeof window !== "undefined" ? window : globalThis);
