// A platform-specific package with the server inside, as rust-analyzer
// ships: `node scripts/package-platform.js [TARGET] [BINARY]` copies the euc
// binary (default: the release build of this checkout) into server/ and
// writes euc-TARGET.vsix for VS Code's platform TARGET (default linux-x64;
// others: linux-arm64, darwin-x64, darwin-arm64, win32-x64 — build the
// binary for that platform first, e.g. `cargo build --release --target
// aarch64-apple-darwin`, and pass its path).
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const target = process.argv[2] || "linux-x64";
const windows = target.startsWith("win32");
const binary = path.resolve(
  process.argv[3] || path.join(__dirname, "..", "..", "..", "target", "release", windows ? "euc.exe" : "euc"),
);
if (!fs.existsSync(binary)) {
  console.error(`no euc binary at ${binary}: run \`cargo build --release\` first, or pass its path`);
  process.exit(2);
}
const server = path.join(__dirname, "..", "server");
fs.rmSync(server, { recursive: true, force: true });
fs.mkdirSync(server);
const inside = path.join(server, windows ? "euc.exe" : "euc");
fs.copyFileSync(binary, inside);
fs.chmodSync(inside, 0o755);
const out = `euc-${target}.vsix`;
const vsce = path.join(__dirname, "..", "node_modules", ".bin", "vsce");
execFileSync(vsce, ["package", "--no-dependencies", "--target", target, "--out", out], {
  cwd: path.join(__dirname, ".."),
  stdio: "inherit",
});
fs.rmSync(server, { recursive: true, force: true });
console.log(`${out}: the extension with ${path.basename(binary)} inside, for ${target}`);
