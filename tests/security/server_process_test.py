#!/usr/bin/env python3
"""The umpire-server process as an operator runs it (docs/security.md):
  - out of file descriptors, accept backs off instead of spinning, and serves again after;
  - a bad --log-level is refused at start (exit 2), not silently "off";
  - `admin create-account` and `admin grant` make and change accounts and rights;
  - the database, its WAL and the demo logins file are created 0600.
Usage: server_process_test.py UMPIRE_SERVER SOURCE_DIR"""
import json
import os
import re
import socket
import stat
import subprocess
import sys
import tempfile
import time

server_bin, source = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


# Run out of descriptors, the sanitized build's UBSan vptr check cannot probe memory (it reads
# it through a pipe it then cannot open) and reports "invalid vptr" for Boost's error categories
# on accept's EMFILE path, a report about itself that no suppression matches (the type is not
# known). For that one process UBSan reports without stopping; the behaviour is still checked.
# The server's stderr goes to UMPIRE_TEST_SERVER_LOG if set.


def start(args, prlimit=None):
    cmd = ([ "prlimit", f"--nofile={prlimit}:{prlimit}"] if prlimit else []) + [server_bin] + args
    env = dict(os.environ)
    if prlimit:
        env["UBSAN_OPTIONS"] = ":".join(filter(None, [env.get("UBSAN_OPTIONS", ""), "halt_on_error=0"]))
    log = open(os.environ.get("UMPIRE_TEST_SERVER_LOG", os.devnull), "a")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=env, text=True)
    deadline = time.time() + 20
    port = None
    while time.time() < deadline:
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
            break
    if port is None:
        proc.kill()
        raise SystemExit("the server did not start: " + " ".join(cmd))
    return proc, port


def request(port, raw, timeout=3):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(raw.encode())
        s.shutdown(socket.SHUT_WR)
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
    return data.decode(errors="replace")


def status(response):
    m = re.match(r"HTTP/1\.1 (\d{3})", response)
    return int(m.group(1)) if m else 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "server.db")
    base = ["--bind", "127.0.0.1", "--port", "0", "--db", db, "--password-cost", "min",
            "--scenarios-dir", f"{source}/scenarios", "--rulesets", f"{source}/rulesets"]

    # A bad log level: refused, with a message, before anything is made.
    bad = subprocess.run([server_bin] + base + ["--log-level", "bogus"], capture_output=True, text=True)
    check(bad.returncode == 2 and "bogus" in bad.stderr, "--log-level bogus exits 2 naming it")
    check(not os.path.exists(db), "a refused start makes no database")

    # The test-only fixed seed: refused off loopback (exit 2, nothing made), loud on loopback.
    seed = ["--insecure-test-seed", "5eed" * 16]
    off = subprocess.run([server_bin] + base[2:] + ["--bind", "0.0.0.0"] + seed,
                         capture_output=True, text=True)
    check(off.returncode == 2 and "loopback" in off.stderr and not os.path.exists(db),
          "--insecure-test-seed off loopback exits 2 and makes nothing")
    short = subprocess.run([server_bin] + base + ["--insecure-test-seed", "abc"],
                           capture_output=True, text=True)
    check(short.returncode == 2 and "64 hex digits" in short.stderr,
          "--insecure-test-seed must be 64 hex digits")

    # Accounts from the command line: the first is the administrator.
    made = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "root",
                           "--password-cost", "min"], capture_output=True, text=True)
    check(made.returncode == 0 and "administrator" in made.stdout and "password: " in made.stdout,
          "admin create-account makes the first account an administrator and prints its password")
    made2 = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "gm2",
                            "--password-cost", "min"], capture_output=True, text=True)
    check(made2.returncode == 0 and "no rights" in made2.stdout, "a second account has no rights")
    grant = subprocess.run([server_bin, "admin", "grant", "--db", db, "--name", "gm2",
                            "--may-create-campaigns"], capture_output=True, text=True)
    check(grant.returncode == 0 and "may create campaigns" in grant.stdout, "admin grant gives the right")
    unknown = subprocess.run([server_bin, "admin", "grant", "--db", db, "--name", "nobody", "--none"],
                             capture_output=True, text=True)
    check(unknown.returncode == 2 and "nobody" in unknown.stderr, "admin grant of an unknown account exits 2")
    dup = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "root",
                          "--password-cost", "min"], capture_output=True, text=True)
    check(dup.returncode == 2, "a taken name is refused")
    password = re.search(r"password: (\S+)", made2.stdout).group(1)

    # One password cost for every hash (issue 53): without --password-cost, admin create-account
    # hashes at the server's cost, read as the server reads it (--config FILE, then
    # UMPIRE_PASSWORD_COST), never a cost of its own. min is m=8 KiB, t=1; interactive m=65536.
    def stored_hash(name):
        import sqlite3
        with sqlite3.connect(db) as c:
            return c.execute("SELECT password_hash FROM accounts WHERE name = ?", (name,)).fetchone()[0]
    config = os.path.join(tmp, "server.json")
    with open(config, "w") as f:
        json.dump({"password_cost": "min"}, f)
    env = {k: v for k, v in os.environ.items() if k != "UMPIRE_PASSWORD_COST"}
    by_file = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "op1",
                              "--config", config], capture_output=True, text=True, env=env)
    check(by_file.returncode == 0 and stored_hash("op1").startswith("$argon2id$v=19$m=8,t=1,"),
          "admin create-account hashes at the cost of the server's --config file "
          f"(found {stored_hash('op1')[:30] if by_file.returncode == 0 else by_file.stderr})")
    by_env = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "op2"],
                            capture_output=True, text=True, env=dict(env, UMPIRE_PASSWORD_COST="min"))
    check(by_env.returncode == 0 and stored_hash("op2").startswith("$argon2id$v=19$m=8,t=1,"),
          "admin create-account hashes at the server's UMPIRE_PASSWORD_COST")
    bad = subprocess.run([server_bin, "admin", "create-account", "--db", db, "--name", "op3"],
                         capture_output=True, text=True, env=dict(env, UMPIRE_PASSWORD_COST="cheap"))
    check(bad.returncode == 2 and "password cost" in bad.stderr,
          "a password cost the server would refuse is refused (exit 2)")

    # Files are the owner's alone, the demo logins too.
    proc, port = start(base + ["--demo", f"{source}/scenarios/valormr-demo.json"])
    try:
        login = json.dumps({"type": "login", "account": "gm2", "password": password})
        r = request(port, f"POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: {len(login)}\r\n\r\n{login}")
        check(status(r) == 200 and "logged_in" in r, "an account made by admin create-account logs in")
        for f in [db, db + "-wal", db + "-shm", db + ".demo-logins.json"]:
            mode = stat.S_IMODE(os.stat(f).st_mode) if os.path.exists(f) else None
            check(mode == 0o600, f"{os.path.basename(f)} is 0600 (found {oct(mode) if mode else 'nothing'})")
    finally:
        proc.terminate()
        proc.wait(10)

    # On loopback it starts, says loudly that it is for tests only, and stops cleanly.
    loud = subprocess.Popen([server_bin] + base + seed, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    said = loud.stdout.readline()  # the address (the log is on stderr)
    loud.terminate()
    rest, err = loud.communicate(timeout=20)
    check("listening at" in said and "INSECURE" not in said + rest and
          "WARNING: --insecure-test-seed" in err and "FOR TESTS ONLY" in err and
          "INSECURE TEST SEED" in err,
          "--insecure-test-seed on loopback starts with a warning on stderr and in the log")

    # The log is on stderr, one JSON object a line with --log-format json; stdout has the
    # banner alone.
    quiet = subprocess.Popen([server_bin] + base + ["--log-format", "json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = quiet.stdout.readline()
    quiet.terminate()
    rest, err = quiet.communicate(timeout=20)
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    check("listening at" in said and rest.strip() == "" and
          any(l.get("msg", "").startswith("listening on") and l.get("level") == "info" and
              l.get("time", "").endswith("Z") for l in lines) and
          len(lines) == len(err.splitlines()),
          "--log-format json: JSON lines on stderr, the banner alone on stdout")
    bad = subprocess.run([server_bin] + base + ["--log-format", "xml"], capture_output=True, text=True)
    check(bad.returncode == 2 and "xml" in bad.stderr, "--log-format xml exits 2 naming it")

    # Out of descriptors: 64 of them, 150 connections waiting. Accept fails with EMFILE; the
    # server must wait between tries (its CPU stays low) and serve again once they go.
    config = os.path.join(tmp, "limits.json")
    with open(config, "w") as f:
        json.dump({"limits": {"tcp_connections_per_address": 10000}, "metrics_token": "tok"}, f)
    proc, port = start(base + ["--config", config], prlimit=64)
    try:
        flood = []
        for _ in range(150):
            try:
                flood.append(socket.create_connection(("127.0.0.1", port), timeout=2))
            except OSError:
                break
        time.sleep(0.5)
        cpu_before = cpu_seconds(proc.pid)
        time.sleep(3)
        cpu_used = cpu_seconds(proc.pid) - cpu_before
        check(cpu_used < 1.0, f"out of descriptors the server does not spin ({cpu_used:.2f} s of CPU in 3 s)")
        for s in flood:
            s.close()
        answered = 0
        for _ in range(60):
            try:
                if status(request(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", timeout=1)) == 200:
                    answered = 200
                    break
            except OSError:
                pass
            time.sleep(0.1)
        check(answered == 200, "with descriptors free again the server answers")
        metrics = request(port, "GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok\r\n\r\n")
        m = re.search(r"umpire_accept_errors_total (\d+)", metrics)
        errors = int(m.group(1)) if m else -1
        check(0 < errors < 200, f"accept failed and backed off ({errors} failed accepts, not a spin)")
        check(proc.poll() is None, "the server is still running")
    finally:
        proc.terminate()
        proc.wait(10)

if failures:
    print(f"{len(failures)} failed", file=sys.stderr)
    sys.exit(1)
print("all passed")
