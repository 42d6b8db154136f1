// The construction board: one plain script shared by `euc play` (a page
// served on 127.0.0.1) and the VS Code extension's "Play" webview on a solve
// block. It draws the state its host gives it — the givens, the set-up and
// drawn objects, the crossings a move may use, the goals (faintly, on a
// toggle), the E and L counts — and turns clicks into moves: a tool and the
// points (or line, or object) it takes. The host writes each move into the
// .euc file as step lines and answers with the new state and the lines, which
// undo sends back to be taken away (and redo to be put back). A tool of your
// own is a button like an L-tool's: the board asks for its parameters by name
// and the host writes the use as one step. "Hint" asks the
// host for the next move of a shortest completion, "Show a solution" for all
// of it: the answer is a move like any other, on the undo history. Where
// `euc check` finds the construction working as declared but failing on
// another instance (E0403, E0406, W0005), "Show where it fails" asks the
// host (when it can: `host.failing`) for the state drawn on that instance
// and shows it, the goal missed marked and what goes wrong said, until
// "Back to the declared instance" (or Escape, or an edit of the file); no
// move is made there. Geometry stays with the host; this script only finds
// what is under the pointer. docs/design.md, "The construction board", has
// the protocol.
(function (global) {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  // How near the pointer (in pixels) a point or an object must be to be hit.
  var HIT_POINT = 14, HIT_OBJECT = 10;
  // How far the view may zoom out and in, as multiples of the fitted scale.
  var ZOOM_OUT = 0.02, ZOOM_IN = 500;
  var TOOL_TEXT = {
    line: "Line", circle: "Circle", perp_bisector: "Perp. bisector", perpendicular: "Perpendicular",
    parallel: "Parallel", angle_bisector: "Angle bisector", compass: "Compass", drop: "Point"
  };
  var ASK = {
    point: "a point", line: "a line", segment: "a segment", ray: "a ray", circle: "a circle",
    object: "a line or circle to drop a point on"
  };
  // Whether a drawn object may be the operand a tool asks for next.
  function fitsOperand(object, operand) {
    if (operand === "object") return true;
    if (operand === "circle") return object.type === "circle";
    if (object.type !== "line") return false;
    return operand === "line" || object.extent === operand;
  }

  function element(name, attributes, parent) {
    var made = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { made.setAttribute(key, attributes[key]); });
    if (parent) parent.appendChild(made);
    return made;
  }

  // The parameter interval [low, high] of o + t·d inside the box, or null.
  function clip(o, d, box, low, high) {
    var axes = [[o.x, d.x, box.left, box.right], [o.y, d.y, box.bottom, box.top]];
    for (var i = 0; i < 2; i++) {
      var start = axes[i][0], step = axes[i][1], min = axes[i][2], max = axes[i][3];
      if (Math.abs(step) < 1e-15) {
        if (start < min || start > max) return null;
        continue;
      }
      var t1 = (min - start) / step, t2 = (max - start) / step;
      low = Math.max(low, Math.min(t1, t2));
      high = Math.min(high, Math.max(t1, t2));
    }
    return low <= high ? [low, high] : null;
  }

  // The interval of a line shape's own extent.
  function extentOf(shape) {
    if (shape.extent === "segment") return [0, shape.length];
    if (shape.extent === "ray") return [0, Infinity];
    return [-Infinity, Infinity];
  }

  function mount(root, host) {
    root.textContent = "";
    root.classList.add("euc-play");
    var part = function (tag, name, text, parent) {
      var made = document.createElement(tag);
      made.className = name;
      if (text) made.textContent = text;
      (parent || root).appendChild(made);
      return made;
    };
    var header = part("div", "euc-play-header");
    var title = part("span", "euc-play-title", "", header);
    var counts = part("span", "euc-play-counts", "", header);
    var eCount = part("span", "euc-play-e", "", counts);
    var lCount = part("span", "euc-play-l", "", counts);
    var target = part("span", "euc-play-target", "", counts);
    var status = part("span", "euc-play-status", "", header);
    var controls = part("span", "euc-play-controls", "", header);
    var button = function (name, text, tip, parent) {
      var made = part("button", name, text, parent || controls);
      made.type = "button";
      if (tip) made.title = tip;
      return made;
    };
    var failingButton = button("euc-play-failing", "Show where it fails",
      "Draw the construction on the instance `euc check` found it failing on", header);
    var backButton = button("euc-play-back", "Back to the declared instance",
      "Draw the construction where the file declares it again (Escape)", header);
    failingButton.hidden = backButton.hidden = true;
    var goalsButton = button("euc-play-goals", "Goals", "Show the goals faintly (G)");
    goalsButton.setAttribute("aria-pressed", "true");
    var undoButton = button("euc-play-undo", "Undo", "Undo the last move (Ctrl+Z)");
    var redoButton = button("euc-play-redo", "Redo", "Redo (Ctrl+Shift+Z)");
    var hintButton = button("euc-play-hint", "Hint", "Play the next move of a shortest solution (H)");
    var solutionButton = button("euc-play-solution", "Show a solution", "Play a shortest solution from here");
    var zoomOut = button("euc-play-zoom-out", "−", "Zoom out (-)");
    var zoomIn = button("euc-play-zoom-in", "+", "Zoom in (+)");
    var fitButton = button("euc-play-fit", "Fit", "Fit the figure to the board (0)");
    var toolbar = part("div", "euc-play-tools");
    var message = part("div", "euc-play-message");
    message.setAttribute("role", "status");
    var area = part("div", "euc-play-area");
    var svg = element("svg", { class: "euc-play-svg" }, area);
    var layers = {};
    ["goals", "objects", "marks", "points"].forEach(function (name) {
      layers[name] = element("g", { class: "euc-play-layer-" + name }, svg);
    });

    var state = null;
    var view = null; // { s, tx, ty, fitted }: screen = (tx + s·x, ty − s·y)
    var tool = null;
    var picked = []; // the operands chosen so far: { id, kind, x, y }
    var history = [], future = []; // the lines of moves made and undone
    var busy = Promise.resolve();
    var showGoals = true;
    // While the board shows the instance the construction fails on: the
    // state as written, which `state` is again on the way back.
    var written = null;

    function size() {
      var box = svg.getBoundingClientRect();
      return { w: Math.max(box.width, 1), h: Math.max(box.height, 1) };
    }
    function toScreen(x, y) { return { x: view.tx + view.s * x, y: view.ty - view.s * y }; }
    function toBlock(px, py) { return { x: (px - view.tx) / view.s, y: (view.ty - py) / view.s }; }
    function visibleBox() {
      var area = size(), a = toBlock(0, 0), b = toBlock(area.w, area.h);
      var pad = (a.y - b.y) * 0.05;
      return { left: a.x - pad, right: b.x + pad, bottom: b.y - pad, top: a.y + pad };
    }

    // The figure's extent: its points, circles, segment ends and goals.
    function extent() {
      var xs = [], ys = [];
      var add = function (x, y) { if (isFinite(x) && isFinite(y)) { xs.push(x); ys.push(y); } };
      state.points.forEach(function (p) { add(p.x, p.y); });
      var shapes = state.objects.slice();
      state.goals.forEach(function (goal) { shapes = shapes.concat(goal.alternatives); });
      shapes.forEach(function (shape) {
        if (shape.type === "circle") { add(shape.x - shape.r, shape.y - shape.r); add(shape.x + shape.r, shape.y + shape.r); }
        else if (shape.type === "point") add(shape.x, shape.y);
        else if (shape.extent === "segment") { add(shape.x, shape.y); add(shape.x + shape.dx * shape.length, shape.y + shape.dy * shape.length); }
      });
      if (!xs.length) { xs = [0]; ys = [0]; }
      var box = { left: Math.min.apply(null, xs), right: Math.max.apply(null, xs), bottom: Math.min.apply(null, ys), top: Math.max.apply(null, ys) };
      var span = Math.max(box.right - box.left, box.top - box.bottom);
      if (!(span > 0)) {
        var half = Math.max(Math.abs(box.left), Math.abs(box.top), 1) * 0.5;
        box = { left: box.left - half, right: box.right + half, bottom: box.bottom - half, top: box.top + half };
      }
      return box;
    }

    function fit() {
      if (!state) return;
      var area = size(), box = extent();
      var margin = Math.max(0.08 * Math.min(area.w, area.h), 24);
      var s = Math.min((area.w - 2 * margin) / (box.right - box.left), (area.h - 2 * margin) / (box.top - box.bottom));
      if (!(s > 0) || !isFinite(s)) s = 1;
      view = { s: s, fitted: s, tx: area.w / 2 - s * (box.left + box.right) / 2, ty: area.h / 2 + s * (box.bottom + box.top) / 2 };
      draw();
    }

    function zoom(factor, px, py) {
      if (!view) return;
      var area = size();
      if (px === undefined) { px = area.w / 2; py = area.h / 2; }
      var s = Math.min(Math.max(view.s * factor, view.fitted * ZOOM_OUT), view.fitted * ZOOM_IN);
      var at = toBlock(px, py);
      view.s = s;
      view.tx = px - s * at.x;
      view.ty = py + s * at.y;
      draw();
    }

    // A shape as SVG in screen coordinates: lines clipped to the view.
    function drawShape(shape, className, parent, name) {
      var made = null;
      if (shape.type === "circle") {
        var c = toScreen(shape.x, shape.y);
        made = element("circle", { cx: c.x, cy: c.y, r: shape.r * view.s, class: className }, parent);
      } else if (shape.type === "point") {
        var p = toScreen(shape.x, shape.y);
        made = element("circle", { cx: p.x, cy: p.y, r: 6, class: className + " euc-play-goal-point" }, parent);
      } else {
        var own = extentOf(shape);
        var span = clip({ x: shape.x, y: shape.y }, { x: shape.dx, y: shape.dy }, visibleBox(), own[0], own[1]);
        if (!span) return null;
        var a = toScreen(shape.x + shape.dx * span[0], shape.y + shape.dy * span[0]);
        var b = toScreen(shape.x + shape.dx * span[1], shape.y + shape.dy * span[1]);
        made = element("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: className }, parent);
      }
      if (name) {
        made.setAttribute("data-name", name);
        element("title", {}, made).textContent = name;
      }
      return made;
    }

    function draw() {
      if (!state || !view) return;
      Object.keys(layers).forEach(function (name) { layers[name].textContent = ""; });
      // Where it fails, the goals are the point: shown, a missed one marked.
      layers.goals.style.display = showGoals || written ? "" : "none";
      svg.setAttribute("data-instance", written ? "failing" : "declared");
      state.goals.forEach(function (goal) {
        var missed = written && !goal.reached ? " missed" : "";
        goal.alternatives.forEach(function (shape) {
          var made = drawShape(shape, "euc-play-goal" + (goal.reached ? " reached" : "") + missed, layers.goals, goal.name);
          if (made && shape.type === "point") {
            var at = toScreen(shape.x, shape.y);
            element("text", { x: at.x + 8, y: at.y + 16, class: "euc-play-goal-label" + missed }, layers.goals).textContent =
              goal.name + (missed ? " missed" : "");
          }
        });
      });
      state.objects.forEach(function (object, i) {
        var className = "euc-play-object" + (object.setup ? " setup" : "");
        if (picked.some(function (p) { return p.object === i; })) className += " picked";
        var made = drawShape(object, className, layers.objects, object.name);
        if (made) made.setAttribute("data-index", i);
      });
      state.points.forEach(function (point) {
        var at = toScreen(point.x, point.y);
        var chosen = picked.some(function (p) { return p.id === point.id; });
        var made = element("circle", {
          cx: at.x, cy: at.y, r: point.kind === "crossing" ? 4 : 5,
          class: "euc-play-point " + point.kind + (chosen ? " picked" : ""), "data-id": point.id
        }, layers.points);
        if (point.name) {
          element("title", {}, made).textContent = point.name;
          element("text", { x: at.x + 7, y: at.y - 7, class: "euc-play-label" }, layers.points).textContent = point.name;
        }
      });
      picked.filter(function (p) { return p.at; }).forEach(function (p) {
        var at = toScreen(p.at[0], p.at[1]);
        element("circle", { cx: at.x, cy: at.y, r: 5, class: "euc-play-point picked" }, layers.marks);
      });
    }

    function setMessage(text, isError) {
      message.textContent = text || "";
      message.classList.toggle("error", !!isError);
    }

    function prompt() {
      if (!state || !tool) { setMessage(""); return; }
      var operands = tool.operands;
      var next = operands[picked.length];
      var name = TOOL_TEXT[tool.name] || tool.name;
      var step = " (" + (picked.length + 1) + " of " + operands.length + ")";
      // A tool of your own asks for its parameters by name, in order.
      if (tool.params) {
        setMessage(name + ": pick " + tool.params.join(", then ") + " — now " + tool.params[picked.length] +
          ", " + ASK[next] + step);
        return;
      }
      setMessage(name + ": click " + ASK[next] + step);
    }

    function chooseTool(name) {
      if (written) return;
      var found = state && state.tools.filter(function (t) { return t.name === name; })[0];
      if (!found) return;
      tool = found;
      picked = [];
      Array.prototype.forEach.call(toolbar.children, function (b) {
        b.setAttribute("aria-pressed", String(b.getAttribute("data-tool") === name));
      });
      prompt();
      draw();
    }

    function showCounts() {
      eCount.textContent = state.e + " E";
      eCount.setAttribute("data-count", state.e);
      lCount.textContent = state.l + " L";
      lCount.setAttribute("data-count", state.l);
      var goal = state.target;
      target.textContent = goal ? "target " + [goal.e != null ? goal.e + " E" : "", goal.l != null ? goal.l + " L" : ""].filter(Boolean).join(" · ") : "";
      // "Solved!" only where `euc check` passes: the goals reached here
      // may still be missed on another instance or drop.
      var passes = !!state.solved && state.status === "solved" && !written;
      status.classList.toggle("euc-play-solved", passes);
      status.classList.toggle("euc-play-elsewhere", !!written);
      failingButton.hidden = !!written || !state.fails_elsewhere || !host.failing;
      backButton.hidden = !written;
      var stars = state.stars ? " — " + state.stars.earned + " of " + state.stars.of + " stars" : "";
      if (written) status.textContent = state.elsewhere;
      else if (passes) status.textContent = "Solved! " + state.e + " E · " + state.l + " L" + stars;
      else if (state.solved) status.textContent = "The goals are reached here, but `euc check` fails: " + (state.problem || "the construction does not hold wherever the figure moves");
      else if (state.problem) status.textContent = state.problem;
      else status.textContent = state.goals.filter(function (g) { return g.reached; }).length + " of " + state.goals.length + " goals";
      undoButton.disabled = !!written || (!history.length && state.e === 0 && !state.points.some(function (p) { return p.kind === "step"; }));
      redoButton.disabled = !!written || !future.length;
      hintButton.disabled = solutionButton.disabled = !!written || !!state.solved || !host.hint;
      Array.prototype.forEach.call(toolbar.children, function (b) { b.disabled = !!written; });
    }

    // A state from the host: `own` when it answers this board's move (the
    // history stays); another version is an edit made elsewhere.
    function show(newState, own) {
      if (!newState || (state && !own && newState.version === state.version)) return;
      // An edit of the file: the board draws it as written again.
      written = null;
      var first = !state || state.block !== newState.block;
      var known = {};
      if (state) state.points.forEach(function (p) { known[p.id] = true; });
      if (!own && state) { history = []; future = []; picked = []; }
      state = newState;
      title.textContent = state.block;
      toolbar.textContent = "";
      state.tools.forEach(function (t) {
        var usage = t.params ? t.name + "(" + t.params.join(", ") + ")" : t.name;
        var made = button("euc-play-tool", TOOL_TEXT[t.name] || t.name, usage + (t.e ? " (" + t.e + " E)" : ""), toolbar);
        if (t.params) made.classList.add("own");
        made.setAttribute("data-tool", t.name);
        made.addEventListener("click", function () { chooseTool(t.name); });
      });
      var keep = tool && state.tools.some(function (t) { return t.name === tool.name; });
      chooseTool(keep ? tool.name : state.tools[0].name);
      showCounts();
      // A new point the view does not show (a crossing far out) refits it.
      if (first || !view || offView(newState, known)) fit(); else draw();
    }

    // Whether a point of `shown` not in `known` lies outside the view.
    function offView(shown, known) {
      var area = size();
      return view && shown.points.some(function (p) {
        var at = toScreen(p.x, p.y);
        return !known[p.id] && (at.x < 0 || at.y < 0 || at.x > area.w || at.y > area.h);
      });
    }

    // "Show where it fails": the construction drawn on the instance the
    // host found it failing on, in the same view (refitted only when a
    // point falls outside it), so that what moved shows.
    function showFailing() {
      if (!host.failing || !state || written) return;
      picked = [];
      busy = busy.then(function () {
        return Promise.resolve(host.failing()).then(function (answer) {
          if (!answer || written) return;
          if (answer.error) { setMessage(answer.error, true); return; }
          written = state;
          state = answer;
          setMessage("Drawn where `euc check` found the construction failing; moves are made on the declared instance.");
          showCounts();
          if (offView(state, {})) fit(); else draw();
        });
      }).catch(function (error) { setMessage(String(error && error.message || error), true); });
      return busy;
    }

    // Back to the construction as the file declares it.
    function back() {
      if (!written) return;
      state = written;
      written = null;
      showCounts();
      chooseTool(tool ? tool.name : state.tools[0].name);
      if (offView(state, {})) fit(); else draw();
    }

    // Runs host calls one after another; an answer redraws the board.
    function send(call, after) {
      busy = busy.then(function () {
        return Promise.resolve(call()).then(function (answer) {
          if (!answer) return;
          if (answer.error) { setMessage(answer.error, true); return; }
          if (after) after(answer);
          show(answer.state, true);
        });
      }).catch(function (error) { setMessage(String(error && error.message || error), true); });
      return busy;
    }

    function finishMove() {
      var move = { tool: tool.name, args: picked.map(function (p) { return p.id; }), version: state.version };
      var at = picked.filter(function (p) { return p.at; })[0];
      if (at) move.at = at.at;
      picked = [];
      send(function () { return host.move(move); }, function (answer) {
        history.push(answer.lines);
        future = [];
      });
    }

    function undo() {
      if (written) return;
      var lines = history.length ? history[history.length - 1] : null;
      picked = [];
      send(function () { return host.undo(lines, state.version); }, function (answer) {
        if (lines) history.pop();
        future.push(answer.lines);
      });
    }

    function redo() {
      if (written || !future.length) return;
      var lines = future[future.length - 1];
      send(function () { return host.redo(lines, state.version); }, function (answer) {
        future.pop();
        history.push(answer.lines);
      });
    }

    // The next move of a shortest solution, or (`all`) the whole of it: a
    // search the host may take seconds over.
    function hint(all) {
      if (!host.hint || !state || state.solved || written) return;
      picked = [];
      setMessage(all ? "Looking for a solution…" : "Looking for the next move…", false);
      send(function () { return host.hint(all, state.version); }, function (answer) {
        history.push(answer.lines);
        future = [];
      });
    }

    // What is under the pointer for the operand the tool asks next.
    function hit(px, py) {
      var next = tool.operands[picked.length];
      if (next === "point") {
        var best = null, bestD = HIT_POINT;
        state.points.forEach(function (point) {
          var at = toScreen(point.x, point.y);
          var d = Math.hypot(at.x - px, at.y - py);
          if (d < bestD) { best = point; bestD = d; }
        });
        return best && { id: best.id };
      }
      var where = toBlock(px, py), bestObject = null, bestDistance = HIT_OBJECT, bestAt = null;
      state.objects.forEach(function (object, i) {
        if (!object.name || !fitsOperand(object, next)) return;
        var near;
        if (object.type === "circle") {
          var dx = where.x - object.x, dy = where.y - object.y, r = Math.hypot(dx, dy) || 1;
          near = { x: object.x + dx / r * object.r, y: object.y + dy / r * object.r };
        } else {
          var own = extentOf(object);
          var t = (where.x - object.x) * object.dx + (where.y - object.y) * object.dy;
          t = Math.min(Math.max(t, own[0]), own[1]);
          near = { x: object.x + object.dx * t, y: object.y + object.dy * t };
        }
        var d = Math.hypot(near.x - where.x, near.y - where.y) * view.s;
        if (d < bestDistance) { bestObject = i; bestDistance = d; bestAt = near; }
      });
      if (bestObject === null) return null;
      var found = { id: state.objects[bestObject].name, object: bestObject };
      if (next === "object") found.at = [bestAt.x, bestAt.y];
      return found;
    }

    function click(px, py) {
      if (written) { setMessage("Moves are made on the declared instance: go back to it to draw.", true); return; }
      if (!state || !tool) return;
      var found = hit(px, py);
      if (!found) { setMessage("Nothing to use there: click " + ASK[tool.operands[picked.length]], true); return; }
      picked.push(found);
      if (picked.length === tool.operands.length) finishMove(); else prompt();
      draw();
    }

    // Pointer: a click picks, a drag pans; the wheel zooms around the pointer.
    var press = null;
    var local = function (event) {
      var box = svg.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    svg.addEventListener("pointerdown", function (event) {
      if (!view) return;
      var at = local(event);
      press = { x: at.x, y: at.y, tx: view.tx, ty: view.ty, moved: false };
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", function (event) {
      if (!press) return;
      var at = local(event);
      if (!press.moved && Math.hypot(at.x - press.x, at.y - press.y) < 5) return;
      press.moved = true;
      svg.classList.add("panning");
      view.tx = press.tx + at.x - press.x;
      view.ty = press.ty + at.y - press.y;
      draw();
    });
    svg.addEventListener("pointerup", function (event) {
      if (!press) return;
      var wasClick = !press.moved, at = local(event);
      press = null;
      svg.classList.remove("panning");
      if (wasClick) click(at.x, at.y);
    });
    svg.addEventListener("pointercancel", function () { press = null; svg.classList.remove("panning"); });
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      var at = local(event);
      zoom(Math.exp(-0.002 * event.deltaY), at.x, at.y);
    }, { passive: false });
    zoomIn.addEventListener("click", function () { zoom(1.25); });
    zoomOut.addEventListener("click", function () { zoom(0.8); });
    fitButton.addEventListener("click", fit);
    undoButton.addEventListener("click", undo);
    redoButton.addEventListener("click", redo);
    hintButton.addEventListener("click", function () { hint(false); });
    solutionButton.addEventListener("click", function () { hint(true); });
    failingButton.addEventListener("click", showFailing);
    backButton.addEventListener("click", back);
    goalsButton.addEventListener("click", function () {
      showGoals = !showGoals;
      goalsButton.setAttribute("aria-pressed", String(showGoals));
      draw();
    });
    // A key the board acts on goes no further: in VS Code the webview's
    // frame passes keys on to the workbench from its window, and an undo
    // there undid the text as well as the board's own undo did.
    document.addEventListener("keydown", function (event) {
      if (event.target && /^(INPUT|TEXTAREA)$/.test(event.target.tagName)) return;
      var key = event.key.toLowerCase(), command = event.ctrlKey || event.metaKey, done = true;
      if (command && key === "z") { if (event.shiftKey) redo(); else undo(); }
      else if (command && key === "y") redo();
      else if (command || event.altKey) done = false;
      else if (key === "escape" && written) back();
      else if (key === "escape") { picked = []; prompt(); draw(); }
      else if (key === "+" || key === "=") zoom(1.25);
      else if (key === "-") zoom(0.8);
      else if (key === "0") fit();
      else if (key === "g") goalsButton.click();
      else if (key === "h") hint(false);
      else done = false;
      if (done) { event.preventDefault(); event.stopPropagation(); }
    });
    global.addEventListener("resize", function () { draw(); });

    // A message from the host (the file cannot be shown as it is now).
    function say(text) { setMessage(text, true); }

    return { show: show, say: say, fit: fit };
  }

  global.EucConstruction = { mount: mount };
})(typeof window !== "undefined" ? window : this);
