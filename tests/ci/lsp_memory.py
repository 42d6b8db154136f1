"""The language server's memory over many edits of a large document.

Issue 44: over 20,000 edits of a 2 MiB file the server's resident memory
grew from 107 to 710 MB, freed memory kept in glibc's per-thread arenas.
This drives the real `euc lsp` over stdio: it opens a generated file of
about SIZE bytes (many small solve blocks), types EDITS characters into
its blocks, one after the other (each edit waits for its diagnostics, as
an editor's user does between keystrokes), and prints the server's
resident and peak memory (VmRSS, VmHWM from /proc) every STEP edits.
Linux only; slow (minutes), so it is not part of `cargo test` or .ci/run:
run it by hand after a change to how the server analyses or frees.

usage: lsp_memory.py EUC [EDITS [SIZE [STEP]]]
       (defaults: 20000 edits, 2,000,000 bytes, every 1000 edits)
"""

import json
import subprocess
import sys
import time

euc = sys.argv[1]
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
size = int(sys.argv[3]) if len(sys.argv) > 3 else 2_000_000
step = int(sys.argv[4]) if len(sys.argv) > 4 else 1000

BLOCK = "solve s{n} {{\n  goal M{n} = midpoint(A, B)\n  c{n} = circle(A, B)\n}}\n"
lines = ["point A = (0, 0)", "point B = (1, 0)", ""]
blocks = 0
text = "\n".join(lines) + "\n"
parts = [text]
length = len(text)
while length < size:
    block = BLOCK.format(n=blocks)
    parts.append(block)
    length += len(block)
    blocks += 1
text = "".join(parts)
# Line of each block's `c{n} = circle(A, B)` step, where the edits type.
first_block_line = 3
step_line = lambda n: first_block_line + 4 * n + 2

server = subprocess.Popen([euc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
next_id = 0


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while True:
        line = server.stdout.readline()
        if not line:
            sys.exit("the server exited")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(server.stdout.read(length))


def request(method, params):
    global next_id
    next_id += 1
    send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    while True:
        message = receive()
        if message.get("id") == next_id and "method" not in message:
            return message


def diagnostics(version):
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
            return message
        if "method" in message and "id" in message:
            send({"jsonrpc": "2.0", "id": message["id"], "result": None})


def memory():
    fields = {}
    with open(f"/proc/{server.pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return fields["VmRSS"], fields["VmHWM"]


request("initialize", {"capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
uri = "file:///tmp/lsp-memory.euc"
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "euc", "version": 1, "text": text}}})
diagnostics(1)
print(f"{len(text):,} bytes, {blocks:,} blocks; edits typed into one block after another")
print("| edits | seconds | VmRSS | VmHWM |")
print("|---|---|---|---|")
started = time.monotonic()
rss, hwm = memory()
print(f"| 0 | 0 | {rss} | {hwm} |")
for edit in range(1, edits + 1):
    # A space typed after the step's `=`, then taken away again: the
    # document's length stays bounded whatever the number of edits.
    block = (edit // 2) % blocks
    line = step_line(block)
    position = {"line": line, "character": 6}
    if edit % 2:
        change = {"range": {"start": position, "end": position}, "text": " "}
    else:
        end = {"line": line, "character": 7}
        change = {"range": {"start": position, "end": end}, "text": ""}
    version = edit + 1
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
    diagnostics(version)
    if edit % step == 0:
        rss, hwm = memory()
        print(f"| {edit:,} | {time.monotonic() - started:.0f} | {rss} | {hwm} |", flush=True)
request("shutdown", None)
send({"jsonrpc": "2.0", "method": "exit", "params": None})
server.wait()
