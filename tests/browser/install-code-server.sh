#!/usr/bin/env bash
# code-server (VS Code 1.100 in the browser) from the npm registry, into
# target/code-server, for tests/browser/vscode.test.mjs and
# tests/code-server/run.sh. Its install builds native modules: Debian's
# headers for them, and Debian's ripgrep in place of the one
# @vscode/ripgrep would download from GitHub (unreachable here). Takes a
# minute or a few.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The last code-server whose Node.js is 20 (this machine's).
version=4.100.3
if ! dpkg -s libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep > /dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config ripgrep > /dev/null
fi
# @vscode/ripgrep 1.15.11 (code-server 4.100's) looks in this cache before
# it downloads ripgrep v13.0.0-10.
cache="$(node -p 'require("os").tmpdir()')/vscode-ripgrep-cache-1.15.11"
mkdir -p "$cache"
tar -czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$(dirname "$(command -v rg)")" rg
mkdir -p target/code-server
cd target/code-server
[ -f package.json ] || echo '{ "private": true }' > package.json
# Running as root, code-server's postinstall wants unsafe-perm; its native
# builds call npx, which must not ask.
npm_config_unsafe_perm=true npm_config_yes=true \
  npm install --no-audit --no-fund "code-server@$version"
node_modules/.bin/code-server --version
