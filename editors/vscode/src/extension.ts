// The VS Code client: starts `euc lsp`, passes settings, shows pictures,
// plays Planarity blocks on a board and solve blocks on a construction board.
import * as path from "path";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  WorkDoneProgress,
  WorkDoneProgressBegin,
  WorkDoneProgressCancelNotification,
  WorkDoneProgressCreateRequest,
  WorkDoneProgressReport,
} from "vscode-languageclient/node";
import {
  blockAt,
  boardHtml,
  constructionHtml,
  constructionRequest,
  editFits,
  findServer,
  hasPlanarBlock,
  missingServerMessage,
  pictureHtml,
  serverOptions,
  Settings,
  stepColumn,
} from "./logic";

let client: LanguageClient | undefined;
/** The server's state at a glance; a click shows its log. */
let status: vscode.StatusBarItem | undefined;

function showStatus(text: string, tooltip: string): void {
  if (!status) return;
  status.text = text;
  status.tooltip = tooltip;
  status.show();
}

function settings(): Settings {
  const config = vscode.workspace.getConfiguration("euc");
  return {
    serverPath: config.get<string>("server.path", "euc"),
    inlayHints: config.get<boolean>("inlayHints.enabled", true),
    maxMoves: config.get<number>("solver.maxMoves", 8),
    timeout: config.get<number>("solver.timeout", 60),
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const current = settings();
  const bundled = context.asAbsolutePath(path.join("server", process.platform === "win32" ? "euc.exe" : "euc"));
  const command = findServer(current.serverPath, process.env.PATH, undefined, bundled);
  if (!command) {
    showStatus("$(error) euc", missingServerMessage(current.serverPath));
    const choice = await vscode.window.showErrorMessage(missingServerMessage(current.serverPath), "Open Settings");
    if (choice) void vscode.commands.executeCommand("workbench.action.openSettings", "euc.server.path");
    return;
  }
  const server: ServerOptions = { command, args: ["lsp"] };
  // Find construction runs as a server command: the item says while it runs.
  let solving = 0;
  const options: LanguageClientOptions = {
    documentSelector: [{ language: "euc" }],
    initializationOptions: serverOptions(current),
    middleware: {
      executeCommand: async (name, args, next) => {
        solving++;
        showStatus("$(loading~spin) euc: solving", "Find construction is running");
        try {
          return await next(name, args);
        } finally {
          solving--;
          if (solving === 0 && client?.state === State.Running) showStatus("$(check) euc", "euc language server is running: click for its log");
        }
      },
    },
  };
  client = new LanguageClient("euc", "euc", server, options);
  client.onDidChangeState((event) => {
    if (event.newState === State.Running) showStatus("$(check) euc", `euc language server (${command}) is running: click for its log`);
    else if (event.newState === State.Starting) showStatus("$(sync~spin) euc", "euc language server is starting");
    else showStatus("$(circle-slash) euc", "euc language server stopped: click for its log, or run “euc: Restart the language server”");
  });
  await client.start();
  progressWithCancel(client);
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

/** The server's progress (Find construction, hints) as a notification with
 * its Cancel button: the language client's own shows it in the status bar,
 * where VS Code draws no Cancel. Cancel sends
 * `window/workDoneProgress/cancel`, and the server takes the best answer
 * found so far (README, "The solver"). */
function progressWithCancel(languageClient: LanguageClient): void {
  languageClient.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
    let progress: vscode.Progress<{ message?: string; increment?: number }> | undefined;
    let done: (() => void) | undefined;
    let shown = 0;
    const listener = languageClient.onProgress(WorkDoneProgress.type, token, (value) => {
      if (value.kind === "begin") {
        const begin = value as WorkDoneProgressBegin;
        void vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: begin.title, cancellable: begin.cancellable ?? false },
          (report, cancelled) => {
            progress = report;
            cancelled.onCancellationRequested(() => {
              void languageClient.sendNotification(WorkDoneProgressCancelNotification.type, { token });
            });
            if (begin.message) report.report({ message: begin.message });
            return new Promise<void>((resolve) => (done = resolve));
          },
        );
      } else if (value.kind === "report") {
        const update = value as WorkDoneProgressReport;
        const increment = update.percentage === undefined ? undefined : update.percentage - shown;
        if (update.percentage !== undefined) shown = update.percentage;
        progress?.report({ message: update.message, increment });
      } else {
        done?.();
        listener.dispose();
      }
    });
    return null;
  });
}

/** One live picture per document: drawn by the server from the text as it
 * is (saved or not), redrawn as you type, with a move slider. */
interface Picture {
  panel: vscode.WebviewPanel;
  block: string | undefined;
  /** The move the slider shows; undefined: the whole construction. */
  moves: number | undefined;
  /** "failing": the instance the check found the construction failing on
   * (the "Show where it fails" lens); undefined: the declared one. */
  instance: string | undefined;
  /** The cursor in the document, moved onto its line's text: on a step,
   * the picture draws up to it (while the slider is at its end). */
  at: { line: number; character: number } | undefined;
}
const pictures = new Map<string, Picture>();

async function drawPicture(uri: string, picture: Picture): Promise<void> {
  if (!client) return;
  type Answer = { svg?: string; error?: string; moves: number; at?: [string, number] };
  const answer = await client.sendRequest<Answer>("euc/render", {
    uri,
    block: picture.block,
    moves: picture.moves,
    instance: picture.instance,
    at: picture.moves === undefined && picture.at ? picture.at : undefined,
  });
  // An edit removed the move the slider was on: the server refuses a move
  // beyond the block's last, so show the whole construction instead.
  if (answer.error && picture.moves !== undefined && picture.moves > answer.moves) {
    picture.moves = undefined;
    return drawPicture(uri, picture);
  }
  const where = picture.instance === "failing" ? " (where it fails)" : "";
  picture.panel.title = `Picture: ${picture.block ?? vscode.Uri.parse(uri).path.split("/").pop()}${where}`;
  void picture.panel.webview.postMessage({
    kind: "show",
    svg: answer.svg,
    error: answer.error,
    moves: answer.moves,
    shown: picture.moves ?? (answer.at ? answer.at[1] : null),
  });
}

/** The cursor as the picture asks for its step: on its line's text. */
function cursorOf(document: vscode.TextDocument, position: vscode.Position): { line: number; character: number } {
  return { line: position.line, character: stepColumn(document.lineAt(position.line).text, position.character) };
}

/** A click on an object in the picture: its step's line (1-based) in the
 * editor, selected and in view. */
async function goToLine(document: vscode.TextDocument, line: number): Promise<void> {
  const shown = vscode.window.visibleTextEditors.find((editor) => editor.document === document);
  const position = new vscode.Position(Math.max(0, line - 1), 0);
  const range = document.lineAt(position.line).range;
  await vscode.window.showTextDocument(document, {
    viewColumn: shown?.viewColumn,
    selection: range,
    preserveFocus: false,
  });
}

/** "Show picture": the block under the cursor, or the one a code lens names;
 * on the instance it fails on when the lens or quick fix asks ("failing"). */
function showPicture(named?: string, instance?: string): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "euc" || !client) return;
  const document = editor.document;
  const uri = document.uri.toString();
  const block = typeof named === "string" ? named : blockAt(document.getText(), editor.selection.active.line);
  const existing = pictures.get(uri);
  const shownOn = typeof instance === "string" ? instance : undefined;
  if (existing) {
    existing.block = block;
    existing.moves = undefined;
    existing.instance = shownOn;
    existing.panel.reveal(vscode.ViewColumn.Beside, true);
    void drawPicture(uri, existing).catch(() => undefined);
    return;
  }
  const panel = vscode.window.createWebviewPanel(
    "eucPicture",
    `Picture: ${block ?? document.fileName}`,
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    { enableScripts: true, localResourceRoots: [] },
  );
  const picture: Picture = { panel, block, moves: undefined, instance: shownOn, at: cursorOf(document, editor.selection.active) };
  pictures.set(uri, picture);
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
  panel.webview.html = pictureHtml(panel.webview.cspSource, nonce);
  let pending: NodeJS.Timeout | undefined;
  const redraw = () => void drawPicture(uri, picture).catch(() => undefined);
  const subscriptions = [
    panel.webview.onDidReceiveMessage((message) => {
      if (message.kind === "goto" && typeof message.line === "number") {
        void goToLine(document, message.line);
        return;
      }
      if (message.kind === "step") picture.moves = message.moves ?? undefined;
      redraw();
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.toString() !== uri) return;
      if (pending) clearTimeout(pending);
      pending = setTimeout(redraw, 200);
    }),
    // The picture follows the cursor: on a step, up to that step's move.
    vscode.window.onDidChangeTextEditorSelection((event) => {
      if (event.textEditor.document.uri.toString() !== uri) return;
      const active = event.selections[0]?.active;
      picture.at = active && cursorOf(document, active);
      if (picture.moves !== undefined) return;
      if (pending) clearTimeout(pending);
      pending = setTimeout(redraw, 100);
    }),
  ];
  panel.onDidDispose(() => {
    pictures.delete(uri);
    if (pending) clearTimeout(pending);
    subscriptions.forEach((s) => s.dispose());
  });
}

/** Whether the server's edit was computed on the documents as they are now
 * (checked just before it is applied, in the same turn: VS Code then
 * refuses it itself if the text moves on before it lands). */
function fits(edit: unknown): boolean {
  const versionOf = (uri: string) => {
    const wanted = vscode.Uri.parse(uri).toString();
    return vscode.workspace.textDocuments.find((document) => document.uri.toString() === wanted)?.version;
  };
  return editFits(edit, versionOf);
}

/** "Play": the planar block under the cursor as a board in a webview. Each
 * drop, and a restart or its undo (all its nodes), asks the server for the
 * edit (`euc/boardMove`) and applies it as a
 * normal, undoable edit of the document; any change of the document (typing,
 * undo) redraws the board from the server's state. docs/planar.md. */
function play(context: vscode.ExtensionContext, named?: string): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "euc" || !client) return;
  const document = editor.document;
  const uri = document.uri.toString();
  let block = typeof named === "string" ? named : blockAt(document.getText(), editor.selection.active.line);
  if (!hasPlanarBlock(document.getText())) {
    void vscode.window.showInformationMessage(
      "This file has no planar block to play: the code action “Generate a Planarity level” adds one.",
    );
    return;
  }
  const media = vscode.Uri.joinPath(context.extensionUri, "media");
  const panel = vscode.window.createWebviewPanel("eucBoard", `Play: ${block ?? document.fileName}`, vscode.ViewColumn.Beside, {
    enableScripts: true,
    localResourceRoots: [media],
  });
  const webview = panel.webview;
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
  webview.html = boardHtml(
    webview.asWebviewUri(vscode.Uri.joinPath(media, "board.js")).toString(),
    webview.asWebviewUri(vscode.Uri.joinPath(media, "board.css")).toString(),
    webview.cspSource,
    nonce,
  );
  const state = async () => {
    const answer = await client!.sendRequest<{ state: unknown }>("euc/boardState", { uri, block });
    return answer.state;
  };
  const edit = async (method: string, params: object) => {
    const answer = await client!.sendRequest<{ block: string; edit: unknown }>(method, { uri, block, ...params });
    const workspaceEdit = await client!.protocol2CodeConverter.asWorkspaceEdit(answer.edit as never);
    if (!workspaceEdit || !fits(answer.edit) || !(await vscode.workspace.applyEdit(workspaceEdit))) throw new Error("the document changed; try again");
    block = answer.block;
    panel.title = `Play: ${block}`;
    return state();
  };
  const refresh = () => state().then((s) => webview.postMessage({ kind: "show", state: s }), () => undefined);
  const subscriptions = [
    webview.onDidReceiveMessage(async (message) => {
      try {
        if (message.kind === "ready") return void refresh();
        // A move, or several nodes in one edit (so one undo takes them back).
        const next = message.kind === "move"
          ? await edit("euc/boardMove", { node: message.node, x: message.x, y: message.y })
          : message.kind === "moves"
            ? await edit("euc/boardMove", { moves: message.moves })
            : await edit("euc/boardNext", {});
        void webview.postMessage({ kind: "answer", id: message.id, state: next });
      } catch (error) {
        void vscode.window.showWarningMessage(`euc: ${error instanceof Error ? error.message : String(error)}`);
        void webview.postMessage({ kind: "answer", id: message.id, state: await state().catch(() => null) });
      }
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.toString() === uri) void refresh();
    }),
  ];
  panel.onDidDispose(() => subscriptions.forEach((s) => s.dispose()));
}

/** "Play" on a solve block: the construction board in a webview. Each move,
 * undo, redo and hint asks the server for the edit (`euc/constructionMove`, …) and
 * applies it as a normal, undoable edit of the document; "Show where it
 * fails" asks for the state drawn there (`euc/constructionFailing`) and
 * writes nothing; a change made elsewhere (typing, the editor's undo)
 * redraws the board from the server's state. docs/design.md, "The
 * construction board". */
function playConstruction(context: vscode.ExtensionContext, named?: string): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "euc" || !client) return;
  const document = editor.document;
  const uri = document.uri.toString();
  const block = typeof named === "string" ? named : blockAt(document.getText(), editor.selection.active.line);
  const media = vscode.Uri.joinPath(context.extensionUri, "media");
  const panel = vscode.window.createWebviewPanel("eucConstruction", `Play: ${block ?? document.fileName}`, vscode.ViewColumn.Beside, {
    enableScripts: true,
    localResourceRoots: [media],
  });
  const webview = panel.webview;
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
  webview.html = constructionHtml(
    webview.asWebviewUri(vscode.Uri.joinPath(media, "construction.js")).toString(),
    webview.asWebviewUri(vscode.Uri.joinPath(media, "construction.css")).toString(),
    webview.cspSource,
    nonce,
  );
  // While this board's own edit is applied, the change it makes is not
  // another editor's (which would clear the board's history).
  let applying = 0;
  // The board's state, as declared or ("Show where it fails") drawn on the
  // instance the construction fails on: a view, nothing written.
  const view = async (method: string) => (await client!.sendRequest<{ state: unknown }>(method, { uri, block })).state;
  const state = () => view("euc/constructionState");
  const edit = async (method: string, params: object) => {
    const answer = await client!.sendRequest<{ edit: unknown; lines: string[] }>(method, { uri, block, ...params });
    const workspaceEdit = await client!.protocol2CodeConverter.asWorkspaceEdit(answer.edit as never);
    applying++;
    try {
      if (!workspaceEdit || !fits(answer.edit) || !(await vscode.workspace.applyEdit(workspaceEdit))) throw new Error("the document changed; try again");
    } finally {
      applying--;
    }
    return { state: await state(), lines: answer.lines };
  };
  const refresh = () => state().then((s) => webview.postMessage({ kind: "show", state: s }), () => undefined);
  const subscriptions = [
    webview.onDidReceiveMessage(async (message) => {
      try {
        if (message.kind === "ready") return void refresh();
        const request = constructionRequest(message);
        if (!request) throw new Error(`the board asked for nothing known: ${String(message.kind)}`);
        const answer = request.edits ? await edit(request.method, request.params) : await view(request.method);
        void webview.postMessage({ kind: "answer", id: message.id, answer });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        void webview.postMessage({ kind: "answer", id: message.id, answer: { error: text } });
      }
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.toString() === uri && applying === 0) void refresh();
    }),
  ];
  panel.onDidDispose(() => subscriptions.forEach((s) => s.dispose()));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  status.command = "euc.showLogs";
  context.subscriptions.push(
    status,
    vscode.commands.registerCommand("euc.showLogs", () => client?.outputChannel.show(true)),
    vscode.commands.registerCommand("euc.showPicture", (block?: string, instance?: string) =>
      showPicture(block, instance),
    ),
    vscode.commands.registerCommand("euc.play", (block?: string) => play(context, block)),
    vscode.commands.registerCommand("euc.playConstruction", (block?: string) => playConstruction(context, block)),
    vscode.commands.registerCommand("euc.restartServer", async () => {
      await client?.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // Another executable: a new server. Other settings: told to this one.
      if (event.affectsConfiguration("euc.server.path")) {
        await client?.stop();
        client = undefined;
        await start(context);
        return;
      }
      if (event.affectsConfiguration("euc") && client) {
        void client.sendNotification("workspace/didChangeConfiguration", { settings: { euc: serverOptions(settings()) } });
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
