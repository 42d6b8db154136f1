"""Check a packaged VS Code extension the way a user would receive it.

Run by .ci/run after `npm run package` and scripts/package-platform.js. The
package must hold the esbuild bundle and nothing of node_modules (a handful
of JavaScript files: the bundle and the board's script), the icon that
package.json names, and the grammar; with --server, the euc binary inside,
executable. The bundle, taken out of the package, must load under Node with
a stand-in for the `vscode` module (which only VS Code provides) and export
activate and deactivate: a bundle that left a dependency outside would fail
here with "Cannot find module".

usage: check_vsix.py VSIX [--server]
"""

import json
import subprocess
import sys
import tempfile
import zipfile

path = sys.argv[1]
package = zipfile.ZipFile(path)
names = package.namelist()
manifest = json.loads(package.read("extension/package.json"))


def check(condition, message):
    if not condition:
        sys.exit(f"{path}: {message}\n{len(names)} files: {names}")


scripts = [name for name in names if name.endswith(".js")]
check(len(scripts) <= 3, f"{len(scripts)} JavaScript files, expected the bundle alone: {scripts}")
check(not any("node_modules/" in name for name in names), "node_modules is in the package")
check(not any(name.startswith("extension/src/") for name in names), "the sources are in the package")
main = "extension/" + manifest["main"].removeprefix("./")
check(main in names, f"no {main}, the bundle package.json names")
check("extension/" + manifest["icon"] in names, "no icon")
check(package.read("extension/" + manifest["icon"]).startswith(b"\x89PNG"), "the icon is not a PNG")
check("extension/syntaxes/euc.tmLanguage.json" in names, "no grammar")
check("example.invalid" not in json.dumps(manifest), "a placeholder URL in package.json")
if "--server" in sys.argv:
    entry = package.getinfo("extension/server/euc")
    check(entry.file_size > 0 and (entry.external_attr >> 16) & 0o111, "the server is not executable")

load = """
const Module = require("module");
// Any property, call or construction of the stand-in gives the stand-in
// again, so that classes extending vscode's can be declared.
const vscode = new Proxy(function () {}, {
  get: (_, key) => (key === "prototype" ? {} : vscode),
  apply: () => vscode,
  construct: () => ({}),
});
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};
const extension = require(process.argv[1]);
if (typeof extension.activate !== "function" || typeof extension.deactivate !== "function") {
  throw new Error("the bundle exports no activate/deactivate");
}
"""
with tempfile.TemporaryDirectory() as scratch:
    bundle = f"{scratch}/extension.js"
    with open(bundle, "wb") as out:
        out.write(package.read(main))
    # Run from the scratch folder, so that nothing of the checkout's
    # node_modules can be found.
    loaded = subprocess.run(["node", "-e", load, bundle], cwd=scratch)
    check(loaded.returncode == 0, f"{main} does not load under Node (its error is above)")
print(f"{path}: {len(names)} files, {len(scripts)} JavaScript ({', '.join(scripts)}), icon, bundle loads")
