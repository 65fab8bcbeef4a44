#!/usr/bin/env python3
"""The server as the one writer of its database, as processes on 127.0.0.1 (issue 29,
docs/operations.md "One server per database"):
  - a missing database is refused without --create-db, and so is a zero-length file;
  - a second server on the same file exits non-zero naming the lock file and the first's pid,
    also when it is given the file through a symbolic link (issue 53),
    and the first goes on serving; `umpire campaign …` refuses to write beside it, `umpire
    verify` reads, `umpire-server admin` still makes accounts;
  - the database deleted (or replaced) under a running server: the next write is refused
    `unavailable`, /healthz and /readyz answer 503, the log says why, and nothing is recreated,
    on restart either;
  - a read-only database is refused at start (run as `nobody` when the test runs as root, since
    root writes a 0444 file).
Usage: one_writer_process_test.py UMPIRE_SERVER UMPIRE SOURCE_DIR"""
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

server_bin, umpire_bin, source = sys.argv[1], sys.argv[2], sys.argv[3]
scenario = os.path.join(source, "scenarios", "valormr-demo.json")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


class Server:
    """umpire-server started with `args`; its URL, admin port and demo logins read from stdout."""

    def __init__(self, args, preexec_fn=None):
        self.proc = subprocess.Popen([server_bin] + args, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, preexec_fn=preexec_fn)
        self.port = self.admin_port = None
        self.logins = {}
        want_admin = "--admin-port" in args
        shown = "--demo" not in args  # the demo's logins end with the "Database:" line
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            if m := re.search(r"Admin .*http://127\.0\.0\.1:(\d+)/", line):
                self.admin_port = int(m.group(1))
            elif m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                self.port = self.port or int(m.group(1))
            elif m := re.match(r"\s+(\S+) / (\S+) / ", line):
                self.logins[m.group(1)] = m.group(2)
            shown = shown or "Database:" in line
            if self.port and shown and (self.admin_port or not want_admin):
                break
        if not self.port:
            self.proc.kill()
            raise SystemExit("the server did not start: " + self.proc.stderr.read())

    def stop(self):
        self.proc.terminate()
        out, err = self.proc.communicate(timeout=20)
        return out + err


def request(port, raw, timeout=5):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(raw.encode())
        s.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.decode(errors="replace").partition("\r\n\r\n")
    m = re.match(r"HTTP/1\.1 (\d{3})", head)
    return (int(m.group(1)) if m else 0), body


def get(port, path):
    return request(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")


def login(port, account, password):
    body = json.dumps({"type": "login", "account": account, "password": password})
    status, text = request(port, f"POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                 f"Content-Length: {len(body)}\r\n\r\n{body}")
    try:
        message = json.loads(text)["messages"][0]
    except (ValueError, KeyError, IndexError):
        message = {}
    return status, message


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "one.db")
    real_db = os.path.realpath(db)  # the lock is named after the file's real path
    base = ["--bind", "127.0.0.1", "--port", "0", "--db", db, "--password-cost", "min",
            "--log-level", "warn", "--rulesets", os.path.join(source, "rulesets"),
            "--scenarios-dir", os.path.join(source, "scenarios")]

    # --- made only when told -------------------------------------------------------------------
    r = run([server_bin] + base)
    check(r.returncode != 0 and f"no database at {db}" in r.stderr and "--create-db" in r.stderr,
          "a missing database is refused without --create-db, saying so")
    check(not os.path.exists(db) and not os.path.exists(db + ".lock"),
          "the refused start made no database and no lock file")
    open(db, "w").close()
    r = run([server_bin] + base)
    check(r.returncode != 0 and "empty (0 bytes)" in r.stderr and "--create-db" in r.stderr,
          "a zero-length file is refused without --create-db, saying so")
    check(os.path.getsize(db) == 0, "the zero-length file is left as it was")
    os.unlink(db)

    # --- one server per database ---------------------------------------------------------------
    first = Server(base + ["--create-db", "--admin-port", "0", "--demo", scenario])
    password = first.logins.get("gm", "")
    status, message = login(first.port, "gm", password)
    check(status == 200 and message.get("type") == "logged_in", "the first server serves (a login)")
    check(get(first.port, "/healthz")[0] == 200 and get(first.admin_port, "/readyz")[0] == 200,
          "/healthz and /readyz answer 200 while the database takes writes")

    second = run([server_bin] + base + ["--create-db"])
    check(second.returncode != 0 and f"{real_db}.lock" in second.stderr
          and f"pid {first.proc.pid}" in second.stderr,
          f"a second server on the file exits {second.returncode}, naming {os.path.basename(db)}.lock "
          f"and pid {first.proc.pid}: {second.stderr.strip()}")
    # The same file through a symbolic link (issue 53): the lock follows the file, not the name
    # it was given (the link's own lock file let a second server start beside the first).
    link = os.path.join(tmp, "link-to-one.db")
    os.symlink(db, link)
    via_link = run([server_bin] + [link if a == db else a for a in base])
    check(via_link.returncode != 0 and f"{real_db}.lock" in via_link.stderr
          and f"pid {first.proc.pid}" in via_link.stderr
          and not os.path.exists(link + ".lock"),
          f"a second server through a symbolic link to the file exits {via_link.returncode}, "
          f"naming {os.path.basename(db)}.lock: {via_link.stderr.strip()}")
    status, message = login(first.port, "gm", password)
    check(first.proc.poll() is None and status == 200 and message.get("type") == "logged_in",
          "the first server still serves")

    r = run([umpire_bin, "campaign", "create", db, "--scenario", scenario, "--id", "beside",
             "--rulesets", os.path.join(source, "rulesets")])
    check(r.returncode == 4 and f"umpire-server (pid {first.proc.pid})" in r.stderr,
          "umpire campaign create refuses to write beside the server (exit 4, naming it)")
    r = run([umpire_bin, "verify", db, "valormr-demo"])
    check(r.returncode == 0, "umpire verify reads beside the server")
    r = run([server_bin, "admin", "create-account", "--db", db, "--name", "extra",
             "--password-cost", "min"])
    check(r.returncode == 0, "umpire-server admin create-account works beside the server")

    # --- the database removed under the running server -----------------------------------------
    os.unlink(db)
    status, message = login(first.port, "gm", password)  # a login writes its session
    check(status == 503 and message.get("code") == "unavailable"
          and "removed or replaced" in message.get("message", ""),
          f"the next write is refused unavailable ({status} {message})")
    for port, path in [(first.port, "/healthz"), (first.port, "/readyz"),
                       (first.admin_port, "/healthz"), (first.admin_port, "/readyz")]:
        status, body = get(port, path)
        check(status == 503 and '"reason":"database_gone"' in body,
              f"{path} on the {'admin' if port == first.admin_port else 'main'} port answers 503 database_gone")
    check(not os.path.exists(db), "the running server recreated nothing")
    log = first.stop()
    check("was removed" in log and "health: database_gone" in log, "the log says why")
    check(not os.path.exists(db), "stopping recreated nothing")
    r = run([server_bin] + base)
    check(r.returncode != 0 and "no database at" in r.stderr and not os.path.exists(db),
          "a restart without --create-db is refused and makes nothing")

    # --- the database replaced under the running server ----------------------------------------
    db2 = os.path.join(tmp, "two.db")
    args2 = [a if a != db else db2 for a in base]
    server = Server(args2 + ["--create-db", "--demo", scenario])
    password = server.logins.get("gm", "")
    check(login(server.port, "gm", password)[1].get("type") == "logged_in", "a second database serves")
    copy = os.path.join(tmp, "copy.db")
    with sqlite3.connect(db2) as live, sqlite3.connect(copy) as target:
        live.backup(target)
    live.close()
    target.close()
    os.replace(copy, db2)
    with open(db2, "rb") as f:
        restored = f.read()
    status, message = login(server.port, "gm", password)
    check(status == 503 and message.get("code") == "unavailable", "after a replace the next write is refused")
    check(get(server.port, "/healthz")[0] == 503, "after a replace /healthz answers 503")
    server.stop()
    with open(db2, "rb") as f:
        check(f.read() == restored, "the file put in its place is left as it was")
    wal = os.path.getsize(db2 + "-wal") if os.path.exists(db2 + "-wal") else 0
    check(wal == 0, f"the old WAL beside it was emptied ({wal} bytes), not left to be read as its own")
    with sqlite3.connect(db2) as reopened:
        sessions = reopened.execute("SELECT count(*) FROM sessions").fetchone()[0]
        check(reopened.execute("PRAGMA integrity_check").fetchone()[0] == "ok" and sessions == 1,
              f"the file put in its place reads as itself ({sessions} session, its copy's one)")
    reopened.close()

    # --- a read-only database ------------------------------------------------------------------
    db3 = os.path.join(tmp, "ro", "three.db")
    os.mkdir(os.path.dirname(db3))
    args3 = [a if a != db else db3 for a in base]
    Server(args3 + ["--create-db"]).stop()  # a clean stop: no -wal, no -shm left
    os.unlink(db3 + ".lock")  # root's, which nobody could not open
    os.chmod(db3, 0o444)
    demote = None
    if os.geteuid() == 0:
        # Root writes any file: run the server as nobody, who may make files in the directory
        # (the lock, the -shm) but not write the database.
        os.chmod(tmp, 0o755)
        os.chmod(os.path.dirname(db3), 0o777)

        def demote():
            os.setgid(65534)
            os.setuid(65534)
    r = run([server_bin] + args3, preexec_fn=demote)
    check(r.returncode != 0 and "read-only" in r.stderr and "write access" in r.stderr,
          f"a read-only database is refused at start{' (as nobody)' if demote else ''}: {r.stderr.strip()}")

if failures:
    print(f"{len(failures)} failed", file=sys.stderr)
    sys.exit(1)
print("all passed")
