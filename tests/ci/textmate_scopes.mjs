// The innermost scope of every character of FILES under the TextMate grammar
// grammar/euc.tmLanguage.json, as VS Code's engine (vscode-textmate with
// Oniguruma, from editors/vscode/node_modules) tokenizes them: one JSON
// object on stdout, {file: [[[scope, characters]...] per line]}: runs of
// characters (code points) with the same innermost scope, null where only
// source.euc applies. Used by check_sublime.py.
//
// usage: node tests/ci/textmate_scopes.mjs FILE...
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const require = createRequire(resolve("editors/vscode/package.json"));
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const grammarPath = "grammar/euc.tmLanguage.json";
const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scope) =>
    scope === "source.euc" ? textmate.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath) : null,
});
const grammar = await registry.loadGrammar("source.euc");

const result = {};
for (const file of process.argv.slice(2)) {
  let stack = textmate.INITIAL;
  result[file] = readFileSync(file, "utf8").replace(/\r?\n$/, "").split(/\r?\n/).map((line) => {
    const { tokens, ruleStack } = grammar.tokenizeLine(line, stack);
    stack = ruleStack;
    // Tokens count UTF-16 units; the answer counts characters (code points).
    const runs = [];
    let unit = 0;
    for (const character of line) {
      const token = tokens.find((t) => t.startIndex <= unit && unit < t.endIndex);
      let innermost = token.scopes[token.scopes.length - 1];
      if (innermost === "source.euc") innermost = null;
      if (runs.length && runs[runs.length - 1][0] === innermost) runs[runs.length - 1][1] += 1;
      else runs.push([innermost, 1]);
      unit += character.length;
    }
    return runs;
  });
}
process.stdout.write(JSON.stringify(result));
