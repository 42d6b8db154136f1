// What the tests in a real VS Code share (tests/browser/vscode.test.mjs,
// tests/code-server/vscode.test.mjs): code-server (VS Code 1.100 served to a
// browser, installed into target/code-server by install-code-server.sh)
// started on a scratch profile with the packaged extension installed, and
// the workbench's quick input driven by keys.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The settings every run takes: no start page, trust, telemetry or updates.
const QUIET = {
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
};

// A scratch profile: `extensions`, user `data` with QUIET and `settings`,
// and a `work` folder to open; all under `scratch`.
export function profile(prefix, settings) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const [extensions, data, work] = ["extensions", "data", "work"].map((name) => join(scratch, name));
  for (const dir of [extensions, join(data, "User"), work]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(data, "User/settings.json"), JSON.stringify({ ...QUIET, ...settings }));
  return { scratch, extensions, data, work };
}

// `vsix` installed into the profile, then code-server serving its work
// folder on a free port of 127.0.0.1 (CODE_SERVER, else the installed one
// under `root`): its url and its process.
export async function serve(root, { scratch, extensions, data, work }, vsix) {
  const codeServer = process.env.CODE_SERVER ?? join(root, "target/code-server/node_modules/.bin/code-server");
  execFileSync(codeServer, ["--extensions-dir", extensions, "--user-data-dir", data, "--install-extension", vsix],
    { stdio: ["ignore", "pipe", "inherit"] });
  const server = spawn(codeServer, [
    "--auth", "none", "--bind-addr", "127.0.0.1:0", "--disable-telemetry", "--disable-update-check",
    "--disable-workspace-trust", "--config", join(scratch, "config.yaml"),
    "--extensions-dir", extensions, "--user-data-dir", data, work,
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
  return { url, server };
}

// The workbench of `page`: `run` presses keys that open the quick input,
// types the text and (for a list of files or commands) waits for the entry
// before Enter picks it; `open` opens a file of the work folder by name.
export function workbench(page) {
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
  return { run, open };
}
