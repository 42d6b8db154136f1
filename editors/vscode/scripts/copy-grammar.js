// The TextMate grammar lives in grammar/ at the top of the repository; the
// extension ships a copy made at build time.
const fs = require("fs");
const path = require("path");
const source = path.join(__dirname, "..", "..", "..", "grammar", "euc.tmLanguage.json");
const target = path.join(__dirname, "..", "syntaxes", "euc.tmLanguage.json");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(source, target);
