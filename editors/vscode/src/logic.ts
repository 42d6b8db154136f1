// The extension's own decisions, free of the `vscode` module so that they
// can be tested under plain Node: where the server is, what it is told, and
// which block the cursor is in.
import * as fs from "fs";
import * as path from "path";

export interface Settings {
  serverPath: string;
  inlayHints: boolean;
  maxMoves: number;
  timeout: number;
}

/** The executable to start, or undefined when it cannot be found. */
export function findServer(
  configured: string,
  envPath: string | undefined,
  exists: (file: string) => boolean = isFile,
  bundled?: string,
): string | undefined {
  const name = configured.trim() || "euc";
  if (name.includes("/") || name.includes("\\")) {
    return exists(name) ? name : undefined;
  }
  // A platform package carries its own server: used unless another name is set.
  if (name === "euc" && bundled && exists(bundled)) {
    return bundled;
  }
  for (const directory of (envPath ?? "").split(path.delimiter)) {
    if (!directory) continue;
    for (const candidate of [name, `${name}.exe`]) {
      const full = path.join(directory, candidate);
      if (exists(full)) return full;
    }
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What the server reads from `initializationOptions` and configuration changes. */
export function serverOptions(settings: Settings): object {
  return {
    inlayHints: { enabled: settings.inlayHints },
    solver: { maxMoves: settings.maxMoves, timeout: settings.timeout },
    // Commands this extension runs itself: the server's code lenses offer them.
    clientCommands: ["euc.showPicture", "euc.play", "euc.playConstruction"],
  };
}

/** The message shown when the server cannot be found. */
export function missingServerMessage(configured: string): string {
  return `euc: cannot find the language server \`${configured || "euc"}\`. Install euc (cargo install --path .) or set "euc.server.path".`;
}

/** The name of the solve or planar block around `line` (0-based), if any. */
export function blockAt(text: string, line: number): string | undefined {
  const lines = text.split(/\r?\n/);
  let depth = 0;
  for (let index = Math.min(line, lines.length - 1); index >= 0; index--) {
    const current = lines[index].replace(/\/\/.*$/, "");
    if (index !== line && /^\s*\}/.test(current)) depth++;
    const header = /^\s*(solve|planar)\s+([\p{L}_][\p{L}\p{N}_']*)\s*\{/u.exec(current);
    if (header) {
      if (depth === 0) return header[2];
      depth--;
    }
  }
  return undefined;
}

/** Where on its line (`line`, its text) the cursor asks the picture for a
 * step (`euc/render`'s `at`): the server draws up to the step whose text
 * holds the position, so a cursor in the line's indentation (where Go to
 * Line, Home and a click left of the text put it) or after its text
 * (trailing spaces, a comment) is moved onto the text. */
export function stepColumn(line: string, character: number): number {
  const code = line.replace(/\/\/.*$/, "").trimEnd();
  const first = code.length - code.trimStart().length;
  return Math.min(Math.max(character, first), code.length);
}

/** Whether a workspace edit from the server (LSP `documentChanges`, each
 * for the document version it was computed on) still fits the documents
 * as they are now (`versionOf`: a document's version, undefined when it is
 * not open). The client's converted edit carries no versions, and VS Code
 * applies it to whatever the text has become: a board's undo computed
 * before the editor's own undo landed once deleted the block's closing
 * brace instead of the lines it meant. An edit without versions fits. */
export function editFits(edit: unknown, versionOf: (uri: string) => number | undefined): boolean {
  const changes = (edit as { documentChanges?: unknown[] } | null)?.documentChanges;
  if (!Array.isArray(changes)) return true;
  return changes.every((change) => {
    const document = (change as { textDocument?: { uri?: unknown; version?: unknown } }).textDocument;
    if (!document || typeof document.version !== "number") return true;
    return typeof document.uri === "string" && versionOf(document.uri) === document.version;
  });
}

/** The "Play" webview's page: the shared board script and style from the
 * extension's media folder, and a host that talks to the extension by
 * messages (`move`, `moves` — several nodes in one edit: "Restart" and its
 * undo — and `next` out; `show`, `answer` in). Scripts run only with the
 * given nonce. */
export function boardHtml(scriptUri: string, styleUri: string, cspSource: string, nonce: string): string {
  return boardPage(scriptUri, styleUri, cspSource, nonce, `EucBoard.mount(document.getElementById("board"), {
      move: (node, x, y) => ask({ kind: "move", node, x, y }),
      moveAll: (moves) => ask({ kind: "moves", moves }),
      next: () => ask({ kind: "next" }),
    })`, "state");
}

/** The construction board's webview page: the shared script and style from
 * the extension's media folder, and a host that talks to the extension by
 * messages (`move`, `undo`, `redo`, `hint` out, each answered by `answer` with
 * `{state, lines}` or `{error}`; `failing` out, answered with the state
 * drawn where the construction fails or `{error}`; `show` in when the
 * document changes). */
export function constructionHtml(scriptUri: string, styleUri: string, cspSource: string, nonce: string): string {
  return boardPage(scriptUri, styleUri, cspSource, nonce, `EucConstruction.mount(document.getElementById("board"), {
      move: (move) => ask({ kind: "move", move }),
      undo: (lines, version) => ask({ kind: "undo", lines, version }),
      redo: (lines, version) => ask({ kind: "redo", lines, version }),
      hint: (all, version) => ask({ kind: "hint", all, version }),
      failing: () => ask({ kind: "failing" }),
    })`, "answer");
}

/** What the server is asked for a message of the construction board's
 * page: the method, its parameters besides the document and the block,
 * and whether the answer is an edit to apply (a move, an undo, a redo, a
 * hint) or a state to hand back as it is ("Show where it fails": a view,
 * nothing written). Undefined for a message that asks nothing. */
export function constructionRequest(
  message: { kind?: unknown; move?: unknown; lines?: unknown; version?: unknown; all?: unknown },
): { method: string; params: object; edits: boolean } | undefined {
  switch (message.kind) {
    case "move":
      return { method: "euc/constructionMove", params: { move: message.move }, edits: true };
    case "undo":
    case "redo": {
      const method = message.kind === "undo" ? "euc/constructionUndo" : "euc/constructionRedo";
      return { method, params: { lines: message.lines, version: message.version }, edits: true };
    }
    case "hint":
      return { method: "euc/constructionHint", params: { all: !!message.all, version: message.version }, edits: true };
    case "failing":
      return { method: "euc/constructionFailing", params: {}, edits: false };
    default:
      return undefined;
  }
}

/** The pages follow the editor's colour theme: its background and text,
 * and in a dark theme the drawings (made for paper) turned dark with their
 * hues kept, as a dark theme's documents are. */
export const THEMED = `html, body { height: 100%; margin: 0; }
  body { background: var(--vscode-editor-background, #fff); color: var(--vscode-editor-foreground, #111); }
  body.vscode-dark svg, body.vscode-high-contrast:not(.vscode-high-contrast-light) svg { filter: invert(0.9) hue-rotate(180deg); }`;

/** Whether a file has a planar block (the board has nothing to show
 * otherwise). */
export function hasPlanarBlock(text: string): boolean {
  return /^\s*planar\s+[\p{L}_][\p{L}\p{N}_']*\s*\{/mu.test(text.replace(/\/\/.*$/gm, ""));
}

/** A board's webview page, both boards alike: `mount` makes the board with
 * `ask` (a message out, answered by the extension's `answer` message, whose
 * `answerField` is handed back) and `show` redraws it. */
function boardPage(
  scriptUri: string,
  styleUri: string,
  cspSource: string,
  nonce: string,
  mount: string,
  answerField: "state" | "answer",
): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<link rel="stylesheet" href="${styleUri}">
<style>${THEMED}</style>
</head>
<body>
<div id="board"></div>
<script nonce="${nonce}" src="${scriptUri}"></script>
<script nonce="${nonce}">
  (function () {
    const vscode = acquireVsCodeApi();
    let next = 1;
    const waiting = new Map();
    const ask = (message) => new Promise((done) => {
      const id = next++;
      waiting.set(id, done);
      vscode.postMessage({ ...message, id });
    });
    const board = ${mount};
    window.addEventListener("message", (event) => {
      const message = event.data;
      if (message.kind === "show") board.show(message.state);
      if (message.kind === "answer" && waiting.has(message.id)) {
        waiting.get(message.id)(message.${answerField});
        waiting.delete(message.id);
      }
    });
    vscode.postMessage({ kind: "ready" });
  })();
</script>
</body>
</html>`;
}

/** How wide, in pixels, a drawn line or circle of the picture takes a
 * click (and lights up under the pointer): it is drawn about a pixel wide. */
export const HIT_WIDTH = 12;

/** The live picture's page: the SVG the server draws (`euc/render`) and a
 * move slider. The extension posts `{ kind: "show", svg, error, moves, shown }`
 * whenever the document changes; moving the slider posts `{ kind: "step",
 * moves }` back. The page is written once, so the slider keeps its place. */
export function pictureHtml(cspSource: string, nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${cspSource} data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>
  ${THEMED}
  html, body { font-family: var(--vscode-font-family, sans-serif); }
  #bar { display: flex; gap: 0.5em; align-items: center; padding: 0.4em 0.8em; }
  #picture svg { width: 100%; height: auto; }
  #picture [data-line] { cursor: pointer; pointer-events: visibleStroke; }
  #picture [data-line].lit { stroke-width: 3; }
  #picture [data-line].hit { stroke: transparent; stroke-width: ${HIT_WIDTH}px; vector-effect: non-scaling-stroke; fill: none; pointer-events: stroke; }
  #error { color: var(--vscode-errorForeground, #b00); padding: 0 0.8em; }
</style>
</head>
<body>
<div id="bar"><label for="step">Move</label><input id="step" type="range" min="0" max="0" value="0"><span id="shown"></span></div>
<div id="error"></div>
<div id="picture"></div>
<script nonce="${nonce}">
  (function () {
    const vscode = acquireVsCodeApi();
    const step = document.getElementById("step");
    const shown = document.getElementById("shown");
    step.addEventListener("input", () => {
      const moves = Number(step.value);
      shown.textContent = moves + " of " + step.max;
      vscode.postMessage({ kind: "step", moves: moves === Number(step.max) ? null : moves });
    });
    // A click on a line or circle of the construction goes to its step.
    // Each is drawn about a pixel wide: a clear copy ${HIT_WIDTH} pixels
    // wide on top of it takes the click, and lights the drawing under it.
    const picture = document.getElementById("picture");
    picture.addEventListener("click", (event) => {
      const drawn = event.target.closest && event.target.closest("[data-line]");
      if (drawn) vscode.postMessage({ kind: "goto", line: Number(drawn.getAttribute("data-line")) });
    });
    const light = (event) => {
      const drawn = event.type === "mouseover" && event.target.closest && event.target.closest(".hit");
      for (const lit of picture.querySelectorAll(".lit")) lit.classList.remove("lit");
      if (drawn && drawn.previousElementSibling) drawn.previousElementSibling.classList.add("lit");
    };
    picture.addEventListener("mouseover", light);
    picture.addEventListener("mouseout", light);
    const addHits = () => {
      for (const drawn of picture.querySelectorAll("[data-line]")) {
        const hit = drawn.cloneNode(false);
        hit.removeAttribute("id");
        hit.classList.add("hit");
        drawn.after(hit);
      }
    };
    window.addEventListener("message", (event) => {
      const message = event.data;
      if (message.kind !== "show") return;
      step.max = String(message.moves);
      step.value = String(message.shown === null || message.shown === undefined ? message.moves : message.shown);
      step.disabled = message.moves === 0;
      shown.textContent = step.value + " of " + step.max;
      document.getElementById("error").textContent = message.error || "";
      if (message.svg) {
        picture.innerHTML = message.svg;
        addHits();
      }
    });
    vscode.postMessage({ kind: "ready" });
  })();
</script>
</body>
</html>`;
}
