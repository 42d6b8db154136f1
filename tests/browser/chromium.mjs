// What the browser tests share: Debian's Chromium started headless as this
// machine allows (no sandbox as root; no background connections, which the
// closed network refuses), and the node positions a planar block states.
import { chromium } from "playwright-core";

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// Node positions as a text says them.
export function positions(text) {
  const found = {};
  for (const match of text.matchAll(/node (\w+) = \((-?[\d.]+), (-?[\d.]+)\)/g)) {
    found[match[1]] = { x: Number(match[2]), y: Number(match[3]) };
  }
  return found;
}
