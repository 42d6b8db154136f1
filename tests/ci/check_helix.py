"""Check editors/helix against what Helix reads, as far as can be done
without Helix (no package of it reaches this machine).

Run by .ci/run from the checkout's root. languages.toml must parse and hold
only keys Helix knows (its language table refuses unknown ones), with what
Helix requires: a language `euc` with scope, file-types, comment tokens,
indent, roots and language-servers; the server `euc` it names, run as
`euc lsp`; a grammar fetched from this repository (Cargo.toml's
`repository`) at a commit of this history whose parser (`src/` under
`subpath`) is the one checked out, so the queries beside it fit it. The
query files must use only capture names Helix gives meaning to: theme
scopes in highlights.scm, `local.*` in locals.scm (a definition's class a
theme scope too), Helix's indent and injection captures. Then SERVER (the
binary that `command` stands for) is started with `args` and must answer
an LSP initialize, shut down and exit 0.

usage: check_helix.py SERVER
"""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HELIX = Path("editors/helix")

# Helix's scopes for syntax highlighting (its book, "Themes", "Syntax
# highlighting"): each name with the names that refine it.
THEME_SCOPES = {
    "attribute": {},
    "type": {"builtin": {}, "parameter": {}, "enum": {"variant": {}}},
    "constructor": {},
    "constant": {
        "builtin": {"boolean": {}},
        "character": {"escape": {}},
        "numeric": {"integer": {}, "float": {}},
    },
    "string": {
        "regexp": {},
        "special": {"path": {}, "url": {}, "symbol": {}},
    },
    "comment": {
        "line": {"documentation": {}},
        "block": {"documentation": {}},
        "unused": {},
    },
    "variable": {
        "mutable": {},
        "builtin": {"mutable": {}},
        "parameter": {"mutable": {}},
        "other": {"member": {"private": {}}},
    },
    "label": {},
    "punctuation": {"delimiter": {}, "bracket": {}, "special": {}},
    "keyword": {
        "control": {
            "conditional": {},
            "repeat": {},
            "import": {},
            "return": {},
            "exception": {},
        },
        "operator": {},
        "directive": {},
        "function": {},
        "storage": {"type": {}, "modifier": {}},
    },
    "operator": {},
    "function": {
        "public": {},
        "builtin": {},
        "method": {"public": {}, "private": {}},
        "macro": {},
        "special": {},
    },
    "tag": {"builtin": {}},
    "namespace": {},
    "special": {},
    "markup": {
        "heading": {"marker": {}, "1": {}, "2": {}, "3": {}, "4": {}, "5": {}, "6": {}},
        "list": {"unnumbered": {}, "numbered": {}, "checked": {}, "unchecked": {}},
        "bold": {},
        "italic": {},
        "strikethrough": {},
        "link": {"url": {}, "label": {}, "text": {}},
        "quote": {},
        "raw": {"inline": {}, "block": {}},
    },
    "diff": {
        "plus": {"gutter": {}},
        "minus": {"gutter": {}},
        "delta": {"moved": {}, "conflict": {}, "gutter": {}},
    },
    "embedded": {},
}

# The captures Helix acts on in the other query files (its book's guides
# "Adding indent queries" and "Adding injection queries").
INDENT_CAPTURES = {"indent", "outdent", "indent.always", "outdent.always", "align", "anchor",
                   "extend", "extend.prevent-once", "opaque"}
INJECTION_CAPTURES = {"injection.content", "injection.language", "injection.filename",
                      "injection.shebang"}

# The keys Helix's language, server and grammar tables take (helix-core's
# syntax/config.rs and helix-loader's grammar.rs).
LANGUAGE_KEYS = {
    "name", "language-id", "scope", "injection-regex", "file-types", "shebangs", "roots",
    "comment-token", "comment-tokens", "block-comment-tokens", "text-width", "soft-wrap",
    "auto-format", "code-actions-on-save", "formatter", "path-completion", "word-completion",
    "diagnostic-severity", "grammar", "language-servers", "indent", "debugger", "auto-pairs",
    "rulers", "workspace-lsp-roots", "persistent-diagnostic-sources", "rainbow-brackets",
}
SERVER_KEYS = {"command", "args", "environment", "config", "timeout", "required-root-patterns"}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def is_theme_scope(name):
    level = THEME_SCOPES
    for part in name.split("."):
        if part not in level:
            return False
        level = level[part]
    return True


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True)


def check_languages(server):
    config = tomllib.loads((HELIX / "languages.toml").read_text())
    check(set(config) <= {"use-grammars", "language", "language-server", "grammar"},
          f"languages.toml: top-level keys {sorted(config)}")
    languages = [entry for entry in config.get("language", []) if entry.get("name") == "euc"]
    if not check(len(languages) == 1, "languages.toml: no single [[language]] named euc"):
        return None
    language = languages[0]
    check(set(language) <= LANGUAGE_KEYS,
          f"[[language]]: keys Helix does not know: {sorted(set(language) - LANGUAGE_KEYS)}")
    grammar_json = json.loads(Path("grammar/euc.tmLanguage.json").read_text())
    check(language.get("scope") == grammar_json["scopeName"],
          f"scope {language.get('scope')!r}, the TextMate grammar's is {grammar_json['scopeName']!r}")
    check(language.get("file-types") == ["euc"], f"file-types {language.get('file-types')!r}")
    tokens = language.get("comment-tokens", language.get("comment-token"))
    tokens = [tokens] if isinstance(tokens, str) else tokens
    check(tokens and tokens[0] == "//", f"comment tokens {tokens!r}: euc comments start with //")
    check(language.get("indent") == {"tab-width": 2, "unit": "  "},
          f"indent {language.get('indent')!r}: euc fmt indents by two spaces")
    check(isinstance(language.get("roots"), list), "roots is not a list")
    check(language.get("language-servers") == ["euc"],
          f"language-servers {language.get('language-servers')!r}")
    servers = config.get("language-server", {})
    entry = servers.get("euc")
    if check(entry is not None, "no [language-server.euc]"):
        check(set(entry) <= SERVER_KEYS,
              f"[language-server.euc]: keys Helix does not know: {sorted(set(entry) - SERVER_KEYS)}")
        check(entry.get("command") == "euc" and entry.get("args") == ["lsp"],
              f"the server runs {entry.get('command')!r} {entry.get('args')!r}, not euc lsp")
        check_server([server, *entry.get("args", [])])
    check_grammar(config, language.get("grammar", language["name"]))
    return language


def check_grammar(config, name):
    grammars = [entry for entry in config.get("grammar", []) if entry.get("name") == name]
    if not check(len(grammars) == 1, f"languages.toml: no single [[grammar]] named {name}"):
        return
    source = grammars[0].get("source", {})
    if not check(set(source) == {"git", "rev", "subpath"},
                 f"grammar source {source!r}: Helix's upstream entries give git, rev and subpath"):
        return
    repository = tomllib.loads(Path("Cargo.toml").read_text())["package"]["repository"]
    check(source["git"] == repository, f"grammar git {source['git']!r}, Cargo.toml says {repository!r}")
    rev, subpath = source["rev"], source["subpath"]
    check(re.fullmatch(r"[0-9a-f]{40}", rev) is not None, f"rev {rev!r} is not a full commit id")
    # The pinned commit can be read only from a full clone's history; a
    # checkout without it (an export, a shallow clone) checks the rest.
    history = git("rev-parse", "--is-shallow-repository")
    if history.returncode != 0 or history.stdout.strip() != "false":
        print(f"check_helix.py: no full git history here, rev {rev[:12]} not compared with the parser")
        return
    if not check(git("cat-file", "-e", f"{rev}^{{commit}}").returncode == 0,
                 f"rev {rev} is no commit of this repository (a shallow clone? git fetch --unshallow)"):
        return
    check(git("cat-file", "-e", f"{rev}:{subpath}/src/parser.c").returncode == 0,
          f"{subpath}/src/parser.c is not in {rev}: hx --grammar build would have nothing to build")
    changed = git("diff", "--stat", rev, "--", f"{subpath}/src")
    check(changed.returncode == 0 and changed.stdout == "",
          f"the parser in {subpath}/src differs from the one at rev {rev}; set rev to a commit "
          f"that has this parser:\n{changed.stdout}{changed.stderr}")


def captures(text):
    """The capture names of a query, comments and strings left out."""
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    text = re.sub(r";[^\n]*", "", text)
    return set(re.findall(r"@([A-Za-z0-9_.\-]+)", text))


def check_queries():
    folder = HELIX / "runtime/queries/euc"
    files = {path.name: path.read_text() for path in folder.glob("*.scm")}
    check("highlights.scm" in files, f"{folder}: no highlights.scm")
    for name, text in sorted(files.items()):
        for capture in sorted(captures(text)):
            if capture.startswith("_"):
                continue  # a discard: no meaning, no colour
            if name == "highlights.scm":
                ok, wanted = is_theme_scope(capture), "a theme scope"
            elif name == "locals.scm":
                definition = capture.removeprefix("local.definition.")
                ok = capture in {"local.scope", "local.reference"} or (
                    definition != capture and is_theme_scope(definition))
                wanted = "@local.scope, @local.reference or @local.definition.SCOPE"
            elif name == "indents.scm":
                ok, wanted = capture in INDENT_CAPTURES, "an indent capture"
            elif name == "injections.scm":
                ok, wanted = capture in INJECTION_CAPTURES, "an injection capture"
            else:
                ok, wanted = False, "checked: this script has no rule for this file yet"
            check(ok, f"{folder}/{name}: @{capture} is not {wanted}")
        for predicate in sorted(set(re.findall(r"\(#([a-z\-]+[?!])", text))):
            check(predicate in {"eq?", "not-eq?", "any-eq?", "match?", "not-match?", "any-of?",
                                "not-any-of?", "set!", "is-not?"},
                  f"{folder}/{name}: #{predicate} is no predicate Helix knows")
    return sorted(files)


def send(process, payload):
    body = json.dumps(payload).encode()
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    process.stdin.flush()


def receive(process, id):
    """The answer to request ID (notifications before it are skipped)."""
    while True:
        length = None
        while (line := process.stdout.readline().strip()):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        if length is None:
            return None
        answer = json.loads(process.stdout.read(length))
        if answer.get("id") == id and "method" not in answer:
            return answer


def check_server(command):
    """The server answers initialize, then shutdown, and exits 0 on exit."""
    name = " ".join(command)
    try:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except OSError as error:
        check(False, f"{name}: {error}")
        return
    try:
        send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        answer = receive(process, 1) or {}
        capabilities = answer.get("result", {}).get("capabilities", {})
        check(capabilities.get("hoverProvider") and capabilities.get("textDocumentSync"),
              f"{name}: no initialize answer with hover and sync: {answer}")
        send(process, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send(process, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        check("result" in (receive(process, 2) or {}), f"{name}: no answer to shutdown")
        send(process, {"jsonrpc": "2.0", "method": "exit"})
        process.stdin.close()
        check(process.wait(timeout=30) == 0, f"{name}: exit {process.returncode} after exit")
    finally:
        if process.poll() is None:
            process.kill()
            check(False, f"{name}: still running 30 s after exit")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    language = check_languages(sys.argv[1])
    queries = check_queries()
    if failures:
        sys.exit("check_helix.py:\n" + "\n".join(f"- {failure}" for failure in failures))
    print(f"check_helix.py: languages.toml has what Helix needs ({language['scope']}, "
          f"grammar at {tomllib.loads((HELIX / 'languages.toml').read_text())['grammar'][0]['source']['rev'][:12]} "
          f"is the parser checked out), `euc lsp` answers initialize; captures of "
          f"{', '.join(queries)} are all Helix's")


if __name__ == "__main__":
    main()
