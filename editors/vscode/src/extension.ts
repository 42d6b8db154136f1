// The VS Code client: starts `euc lsp`, passes settings, and shows pictures.
import { execFile } from "child_process";
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";
import { blockAt, findServer, missingServerMessage, serverOptions, Settings } from "./logic";

let client: LanguageClient | undefined;

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
  const command = findServer(current.serverPath, process.env.PATH);
  if (!command) {
    const choice = await vscode.window.showErrorMessage(missingServerMessage(current.serverPath), "Open Settings");
    if (choice) void vscode.commands.executeCommand("workbench.action.openSettings", "euc.server.path");
    return;
  }
  const server: ServerOptions = { command, args: ["lsp"] };
  const options: LanguageClientOptions = {
    documentSelector: [{ language: "euc" }],
    initializationOptions: serverOptions(current),
  };
  client = new LanguageClient("euc", "euc", server, options);
  await client.start();
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

function showPicture(): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "euc") return;
  const command = findServer(settings().serverPath, process.env.PATH);
  if (!command) {
    void vscode.window.showErrorMessage(missingServerMessage(settings().serverPath));
    return;
  }
  const document = editor.document;
  const block = blockAt(document.getText(), editor.selection.active.line);
  const args = ["render", document.fileName, ...(block ? ["--block", block] : [])];
  const run = () =>
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        void vscode.window.showErrorMessage(`euc render: ${stderr.trim() || error.message}`);
        return;
      }
      const panel = vscode.window.createWebviewPanel("eucPicture", `Picture: ${block ?? document.fileName}`, vscode.ViewColumn.Beside, {});
      panel.webview.html = `<!DOCTYPE html><html><body style="background:#fff;margin:0">${stdout}</body></html>`;
    });
  if (document.isDirty) {
    void document.save().then(run);
  } else {
    run();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("euc.showPicture", showPicture),
    vscode.commands.registerCommand("euc.restartServer", async () => {
      await client?.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
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
