#!/usr/bin/env bash
# Issue 49's VS Code behaviours in a real VS Code (code-server 4.100.3, VS
# Code 1.100, from the npm registry), driven in Debian's headless Chromium:
# Find construction's Cancel button, the picture following the cursor, a
# click on the picture selecting a step's line (vscode.test.mjs says how).
#
# Usage: tests/code-server/run.sh [EUC] [SHOTS]
#   EUC    the euc binary the extension carries (default: target/debug/euc)
#   SHOTS  a folder for a screenshot at each stage (default: none kept)
#
# Installs what is missing: code-server into target/code-server
# (tests/browser/install-code-server.sh: Debian's headers for its native
# modules, then npm; a minute or two), Debian's Chromium, playwright-core
# (tests/browser); builds editors/vscode/euc-linux-x64.vsix with EUC inside.
# Then about half a minute. .ci/run runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
euc=$(realpath "${1:-target/debug/euc}")
shots=${2:-}
if [ ! -x "$euc" ]; then
  echo "no euc binary at $euc: run \`cargo build\` first, or pass its path" >&2
  exit 2
fi
if [ -z "${CODE_SERVER:-}" ] && [ ! -x target/code-server/node_modules/.bin/code-server ]; then
  tests/browser/install-code-server.sh
fi
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
(cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error &&
  node scripts/package-platform.js linux-x64 "$euc" > /dev/null)
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
timeout 300 node tests/code-server/vscode.test.mjs "$euc" ${shots:+"$shots"}
