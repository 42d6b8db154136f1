// The TextMate grammar lives in grammar/ at the top of the repository; the
// extension ships a copy made at build time.
const fs = require("fs");
const path = require("path");
const source = path.join(__dirname, "..", "..", "..", "grammar", "euc.tmLanguage.json");
const target = path.join(__dirname, "..", "syntaxes", "euc.tmLanguage.json");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(source, target);

// The Planarity board (editors/board/) is shared with `euc planar play`, the
// construction board with `euc play`; the "Play" webviews load the
// extension's copies from media/.
const board = path.join(__dirname, "..", "..", "board");
const media = path.join(__dirname, "..", "media");
fs.mkdirSync(media, { recursive: true });
for (const file of ["board.js", "board.css", "construction.js", "construction.css"]) {
  fs.copyFileSync(path.join(board, file), path.join(media, file));
}
