#!/usr/bin/env python3
"""A failed fsync in a real server process (issue 53, item 9; docs/operations.md, "What the server
guarantees"). An LD_PRELOAD shim (tests/support/fail_fsync_preload.cpp) makes the fsync of the
WAL fail while a flag file exists; the frames are written all the same. Then:
  - the GM's force_advance is answered `unavailable` "outcome unknown", not "nothing was
    changed, try again";
  - the server exits with status 75 (for its supervisor) without closing the database;
  - restarted, it recovers the WAL: the command happened at most once;
  - the GM's retry by key is applied once in all (gm_done, `repeated` when it had happened), and
    a copy without the key is refused `period_closed`: period 0 is resolved once.
Before, the reply said "nothing was changed, try again" and the retry resolved a second period.
Usage: outcome_unknown_process_test.py UMPIRE_SERVER FAIL_FSYNC_PRELOAD SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

server_bin, preload, source = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def start(args, env):
    proc = subprocess.Popen([server_bin] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    port, logins = None, {}
    deadline = time.time() + 30
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
            port = port or int(m.group(1))
        elif m := re.match(r"\s+(\S+) / (\S+) / ", line):
            logins[m.group(1)] = m.group(2)
        if "Database:" in line:
            break
    if not port:
        proc.kill()
        raise SystemExit("the server did not start: " + proc.stderr.read())
    return proc, port, logins


def api(port, message, token=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/messages",
                                     data=json.dumps(message).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read())["messages"][0]
    except urllib.error.HTTPError as e:
        return json.loads(e.read())["messages"][0]


def login(port, password):
    return api(port, {"type": "login", "account": "gm", "password": password})["token"]


def period(port, token):
    return api(port, {"type": "join", "campaign": "valormr-demo"}, token)["view"]["period"]["index"]


def force_advance(key=None):
    m = {"type": "gm", "campaign": "valormr-demo", "command": "force_advance", "period": 0,
         "reason": "everyone said go"}
    if key:
        m["key"] = key
    return m


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "umpire.db")
    flag = os.path.join(tmp, "fail-fsync")
    env = dict(os.environ, LD_PRELOAD=preload, UMPIRE_FAIL_FSYNC_WHILE=flag,
               # A sanitized build's runtime need not come first: the shim only wraps two calls.
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    args = ["--bind", "127.0.0.1", "--port", "0", "--db", db, "--password-cost", "min",
            "--log-level", "warn", "--rulesets", os.path.join(source, "rulesets"),
            "--scenarios-dir", os.path.join(source, "scenarios"),
            "--demo", os.path.join(source, "scenarios", "valormr-demo.json")]
    proc, port, logins = start(args + ["--create-db"], env)
    token = login(port, logins["gm"])
    check(period(port, token) == 0, "the demo starts at period 0")

    open(flag, "w").close()  # from now on the WAL's fsync fails
    reply = api(port, force_advance("advance-0"), token)
    message = reply.get("message", "")
    check(reply.get("code") == "unavailable" and message.startswith("outcome unknown")
          and "nothing was changed" not in message,
          f"a failed fsync is answered as an unknown outcome: {reply}")
    try:
        status = proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    stderr = proc.stderr.read()
    check(status == 75, f"the server exits 75 for its supervisor (got {status})")
    check("outcome" in stderr and "75" in stderr, "its log says why it stopped")
    os.unlink(flag)

    proc, port, logins = start(args, env)  # the supervisor's restart
    token = login(port, logins["gm"])
    after = period(port, token)
    check(after in (0, 1), f"after the restart the command happened at most once (period {after})")
    retry = api(port, force_advance("advance-0"), token)
    check(retry.get("type") == "gm_done" and bool(retry.get("repeated")) == (after == 1),
          f"the GM's retry by key is applied once in all: {retry}")
    copy = api(port, force_advance(), token)
    check(copy.get("code") == "period_closed", f"a copy without the key is refused: {copy}")
    history = api(port, {"type": "get_history", "campaign": "valormr-demo"}, token)
    live = [p for p in history.get("periods", []) if not p.get("rolled_back")]
    check(period(port, token) == 1 and len(live) == 1,
          f"period 0 resolved once: open period {period(port, token)}, {len(live)} resolved")
    proc.terminate()
    proc.wait(20)

if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
