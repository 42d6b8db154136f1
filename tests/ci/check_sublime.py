"""Check editors/sublime: the syntax, the comment settings and the LSP client.

Run by .ci/run from the checkout's root, with PyYAML and syntect-py (the
syntect library, which reads .sublime-syntax files as Sublime Text does)
installed, and editors/vscode's node_modules in place.

- euc/euc.sublime-syntax is YAML 1.2 with the keys Sublime Text needs
  (name, file_extensions, scope, contexts with main), only keys it knows in
  each pattern, includes and pushes that name contexts of the file, the
  same scope names as grammar/euc.tmLanguage.json, and syntect loads it
  without a warning.
- It gives every character of every example, one-mistake fixture and
  grammar test file the same innermost scope as the TextMate grammar does
  in VS Code's engine (tests/ci/textmate_scopes.mjs): the conversion is
  faithful.
- euc/Comments.tmPreferences makes `// ` the comment for source.euc.
- LSP.sublime-settings has a client `euc` that runs `euc lsp` for the
  syntax's scope, with keys the LSP package knows.

usage: check_sublime.py
"""

import json
import plistlib
import re
import subprocess
import sys
from pathlib import Path

import syntect
import yaml

SUBLIME = Path("editors/sublime")
SYNTAX = SUBLIME / "euc/euc.sublime-syntax"
TEXTMATE = Path("grammar/euc.tmLanguage.json")

# The keys of a pattern and of a syntax (Sublime Text's "Syntax
# Definitions"), and of a client of the LSP package ("Client
# Configuration").
PATTERN_KEYS = {"match", "scope", "captures", "push", "pop", "set", "embed", "escape",
                "embed_scope", "escape_captures", "branch_point", "branch", "fail", "include",
                "apply_prototype", "meta_scope", "meta_content_scope", "meta_include_prototype",
                "clear_scopes", "meta_prepend", "meta_append"}
SYNTAX_KEYS = {"name", "file_extensions", "hidden_file_extensions", "first_line_match", "scope",
               "version", "extends", "hidden", "variables", "contexts"}
CLIENT_KEYS = {"enabled", "command", "env", "settings", "initializationOptions", "selector",
               "priority_selector", "diagnostics_mode", "tcp_port", "experimental_capabilities",
               "disabled_capabilities"}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def textmate_scopes(grammar):
    """Every scope name the TextMate grammar gives."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str) and node is not grammar:
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(grammar)
    return found


def check_syntax():
    text = SYNTAX.read_text()
    check(text.startswith("%YAML 1.2\n---\n"), f"{SYNTAX}: does not start with %YAML 1.2 and ---")
    syntax = yaml.safe_load(text)
    textmate = json.loads(TEXTMATE.read_text())
    check(set(syntax) <= SYNTAX_KEYS, f"{SYNTAX}: unknown keys {sorted(set(syntax) - SYNTAX_KEYS)}")
    check(syntax.get("name") == "euc", f"{SYNTAX}: name {syntax.get('name')!r}")
    check(syntax.get("file_extensions") == textmate["fileTypes"],
          f"{SYNTAX}: file_extensions {syntax.get('file_extensions')!r}")
    check(syntax.get("scope") == textmate["scopeName"], f"{SYNTAX}: scope {syntax.get('scope')!r}")
    contexts = syntax.get("contexts", {})
    check("main" in contexts, f"{SYNTAX}: no main context")
    variables = set(syntax.get("variables", {}))
    used_scopes = set()
    for name, patterns in contexts.items():
        for pattern in patterns:
            where = f"{SYNTAX}: context {name}"
            check(set(pattern) <= PATTERN_KEYS,
                  f"{where}: unknown keys {sorted(set(pattern) - PATTERN_KEYS)}")
            for key in ("include", "push", "set"):
                if key in pattern:
                    check(pattern[key] in contexts, f"{where}: {key} {pattern[key]!r} is no context")
            for variable in re.findall(r"\{\{(\w+)\}\}", pattern.get("match", "")):
                check(variable in variables, f"{where}: no variable {variable}")
            if "scope" in pattern:
                used_scopes.add(pattern["scope"])
            used_scopes.update(pattern.get("captures", {}).values())
    wanted = textmate_scopes(textmate)
    check(used_scopes == wanted,
          f"{SYNTAX}: scopes differ from {TEXTMATE}: only here {sorted(used_scopes - wanted)}, "
          f"only there {sorted(wanted - used_scopes)}")

    builder = syntect.SyntaxSet.builder()
    warnings = builder.add_from_folder(str(SYNTAX.parent), True)
    syntaxes = builder.build()
    check(not warnings and not syntaxes.warnings(), f"{SYNTAX}: syntect warns {warnings}")
    check(not syntaxes.find_unlinked_contexts(),
          f"{SYNTAX}: unlinked contexts {syntaxes.find_unlinked_contexts()}")
    return syntax, syntaxes


def sublime_scopes(syntaxes, path):
    """The innermost scope of each character of each line, as syntect parses it."""
    state = syntect.ParseState("euc", syntaxes)
    lines = []
    for line in path.read_text().splitlines():
        raw = (line + "\n").encode()
        stack = []
        scopes = [None] * len(line)
        at = 0

        def fill(until):
            for index in range(at, until):
                scopes[index] = next((s for s in reversed(stack) if s != "source.euc"), None)

        for offset, op in state.parse_line(line + "\n", syntaxes).ops:
            until = min(len(raw[:offset].decode()), len(line))
            fill(until)
            at = until
            if op.startswith("Push("):
                stack.append(op[5:-1])
            elif op.startswith("Pop("):
                del stack[len(stack) - int(op[4:-1]):]
            else:
                check(False, f"{path}: an operation this check does not follow: {op}")
        fill(len(line))
        lines.append(scopes)
    return lines


def check_faithful(syntaxes):
    found = {*Path("examples").rglob("*.euc"), *Path("tests/fixtures/mistakes").rglob("*.euc"),
             *Path("editors/vscode/test-grammar").glob("*.euc")}
    files = sorted(path for path in found if path.is_file())  # one fixture is a folder
    done = subprocess.run(["node", "tests/ci/textmate_scopes.mjs", *map(str, files)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"check_sublime.py: tests/ci/textmate_scopes.mjs failed:\n{done.stderr}")
    expected = json.loads(done.stdout)
    characters = 0
    for path in files:
        mine = sublime_scopes(syntaxes, path)
        theirs = [[scope for scope, count in runs for _ in range(count)] for runs in expected[str(path)]]
        source = path.read_text().splitlines()
        for number, (got, want) in enumerate(zip(mine, theirs), 1):
            characters += len(want)
            if got != want:
                column = next(i for i, (g, w) in enumerate(zip(got + [None], want + [None])) if g != w)
                check(False, f"{path}:{number}:{column + 1}: Sublime gives {got[column:column + 1]}, "
                             f"TextMate {want[column:column + 1]}\n  {source[number - 1]}")
                break
        check(len(mine) == len(theirs), f"{path}: {len(mine)} lines against {len(theirs)}")
    return len(files), characters


def check_comments(scope):
    path = SUBLIME / "euc/Comments.tmPreferences"
    preferences = plistlib.loads(path.read_bytes())
    check(preferences.get("scope") == scope, f"{path}: scope {preferences.get('scope')!r}")
    variables = {v["name"]: v["value"] for v in preferences.get("settings", {}).get("shellVariables", [])}
    check(variables.get("TM_COMMENT_START") == "// ",
          f"{path}: TM_COMMENT_START {variables.get('TM_COMMENT_START')!r}, euc comments start with //")


def check_client(scope):
    path = SUBLIME / "LSP.sublime-settings"
    client = json.loads(path.read_text()).get("clients", {}).get("euc", {})
    check(set(client) <= CLIENT_KEYS, f"{path}: unknown keys {sorted(set(client) - CLIENT_KEYS)}")
    check(client.get("enabled") is True, f"{path}: the client is not enabled")
    check(client.get("command") == ["euc", "lsp"], f"{path}: command {client.get('command')!r}")
    check(client.get("selector") == scope,
          f"{path}: selector {client.get('selector')!r}, the syntax's scope is {scope!r}")


def main():
    syntax, syntaxes = check_syntax()
    files, characters = check_faithful(syntaxes)
    check_comments(syntax["scope"])
    check_client(syntax["scope"])
    if failures:
        sys.exit("check_sublime.py:\n" + "\n".join(f"- {failure}" for failure in failures[:20]))
    print(f"check_sublime.py: euc.sublime-syntax loads in syntect and scopes {files} files "
          f"({characters} characters) as grammar/euc.tmLanguage.json does; comments and the "
          f"LSP client fit {syntax['scope']}")


if __name__ == "__main__":
    main()
