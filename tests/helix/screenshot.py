#!/usr/bin/env python3
"""The README's Helix screenshot: Helix opens FILE with editors/helix's set-up
(languages.toml, config.toml's inlay hints, the tree-sitter grammar built
from grammar/tree-sitter-euc, the queries, the euc language server), in tmux; the terminal's cells and
colours are captured, written as HTML and photographed by headless
Chromium. Fails when the capture has fewer than five colours (no
highlighting) or no inlay hint from the server.

    python3 tests/helix/screenshot.py HX EUC FILE OUT.png

HX is a Helix binary, EUC the euc binary; Helix finds its themes in
HELIX_RUNTIME (for a Helix built from source, its checkout's runtime/). Run
from the checkout. Needs tmux, cc and chromium.
"""

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

COLUMNS, ROWS = 96, 30
BASIC = [
    "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
    "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
]


def colour_256(n):
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    grey = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (grey, grey, grey)


def to_html(ansi):
    """The captured lines as <pre> spans: SGR colours, bold, italic, underline."""
    style = {}
    out = []
    for line in ansi.split("\n")[:ROWS]:
        parts = re.split(r"\x1b\[([0-9;]*)m", line)
        row = []
        for index, part in enumerate(parts):
            if index % 2 == 0:
                if part:
                    css = ";".join(f"{k}:{v}" for k, v in style.items())
                    row.append(f'<span style="{css}">{html.escape(part)}</span>')
                continue
            codes = [int(c) if c else 0 for c in part.split(";")]
            i = 0
            while i < len(codes):
                code = codes[i]
                if code == 0:
                    style = {}
                elif code == 1:
                    style["font-weight"] = "bold"
                elif code == 3:
                    style["font-style"] = "italic"
                elif code == 4:
                    style["text-decoration"] = "underline"
                elif code in (22, 23, 24):
                    style.pop({22: "font-weight", 23: "font-style", 24: "text-decoration"}[code], None)
                elif code in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                    style["color" if code == 38 else "background"] = colour_256(codes[i + 2])
                    i += 2
                elif code in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                    rgb = "#%02x%02x%02x" % tuple(codes[i + 2 : i + 5])
                    style["color" if code == 38 else "background"] = rgb
                    i += 4
                elif code in (39, 49):
                    style.pop("color" if code == 39 else "background", None)
                elif 30 <= code <= 37 or 90 <= code <= 97:
                    style["color"] = BASIC[code - 30 if code < 90 else code - 82]
                elif 40 <= code <= 47 or 100 <= code <= 107:
                    style["background"] = BASIC[code - 40 if code < 100 else code - 92]
                i += 1
        out.append("".join(row))
    return out


def main():
    hx, euc, file, png = (os.path.abspath(a) for a in sys.argv[1:5])
    root = os.getcwd()
    scratch = tempfile.mkdtemp(prefix="euc-helix-")
    try:
        config = os.path.join(scratch, "helix")
        runtime = os.path.join(config, "runtime")
        shutil.copytree("editors/helix/runtime", runtime)
        os.makedirs(os.path.join(runtime, "grammars"))
        grammar = os.path.join(root, "grammar/tree-sitter-euc")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-I", f"{grammar}/src", f"{grammar}/src/parser.c",
                        "-o", os.path.join(runtime, "grammars/euc.so")], check=True)
        # Helix loads the grammar built above from the runtime; the
        # languages.toml's git source matters only to `hx --grammar fetch`.
        shutil.copy("editors/helix/languages.toml", os.path.join(config, "languages.toml"))
        # The documented editor settings (inlay hints on), after the theme:
        # TOML's top-level keys come before its tables.
        with open("editors/helix/config.toml") as source:
            settings = source.read()
        with open(os.path.join(config, "config.toml"), "w") as target:
            target.write('theme = "onedark"\n' + settings)
        env = dict(os.environ, XDG_CONFIG_HOME=scratch, TERM="xterm-256color", COLORTERM="truecolor",
                   PATH=os.path.dirname(euc) + os.pathsep + os.environ["PATH"])
        session = f"euc-helix-{os.getpid()}"
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", str(COLUMNS), "-y", str(ROWS),
                        hx, file], check=True, env=env)
        try:
            capture = ""
            for _ in range(60):
                time.sleep(0.5)
                capture = subprocess.run(["tmux", "capture-pane", "-t", session, "-e", "-p"],
                                         capture_output=True, text=True, check=True).stdout
                # The server's inlay hints are the last thing to arrive.
                if "(0.799411, 0.600784)" in re.sub(r"\x1b\[[0-9;]*m", "", capture):
                    break
            time.sleep(1)
            capture = subprocess.run(["tmux", "capture-pane", "-t", session, "-e", "-p"],
                                     capture_output=True, text=True, check=True).stdout
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session])
        colours = set(re.findall(r"38;(?:2;\d+;\d+;\d+|5;\d+)", capture))
        plain = re.sub(r"\x1b\[[0-9;]*m", "", capture)
        if len(colours) < 5 or "(0.799411, 0.600784)" not in plain:
            sys.exit(f"no highlighting or no inlay hints: {len(colours)} colours\n{plain}")
        lines = to_html(capture)
        page = os.path.join(scratch, "helix.html")
        with open(page, "w") as target:
            target.write('<!doctype html><meta charset="utf-8"><body style="margin:0;background:#282c34">'
                         '<pre style="margin:0;padding:8px;font:15px/1.3 \'DejaVu Sans Mono\',monospace;'
                         'color:#abb2bf">' + "\n".join(lines) + "</pre>")
        width, height = COLUMNS * 9 + 16, ROWS * 20 + 16
        subprocess.run([os.environ.get("CHROMIUM", "chromium"), "--headless", "--no-sandbox", "--disable-gpu",
                        "--no-first-run", "--disable-background-networking", "--disable-component-update",
                        "--disable-sync", "--hide-scrollbars", f"--user-data-dir={scratch}/chromium",
                        f"--window-size={width},{height}", f"--screenshot={png}", f"file://{page}"],
                       check=True, capture_output=True)
        print(f"{png}: {len(colours)} colours")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
