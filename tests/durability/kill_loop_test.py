#!/usr/bin/env python3
"""Kill loop (issue 29): nothing acknowledged is lost and no command is torn by a SIGKILL.

The real umpire-server runs the demo campaign on 127.0.0.1 over a real SQLite file. Players
save and confirm orders and the GM sends every kind of command over the HTTP API, while the
server is SIGKILLed at a random moment, restarted, and killed again, KILLS times (bounded). After
each kill, with the server down, the file is checked:

- integrity: `PRAGMA integrity_check` is ok;
- nothing acknowledged is lost: every receipt a player was given is in `receipts`, every
  gm_done of a command that records a GM action has its action (kind and unique reason);
- no command is torn (each is one commit): the campaign's status is the one the last pause or
  resume left, its name the one the last edit gave, its deadline policy the last set_deadline's;
  every force_advance action has its resolved period; the open period has its deadline row, and
  that row's extended minutes are the sum of the extends acknowledged since it was last reset.

At the end `umpire verify` replays every committed period. Usage:
    kill_loop_test.py UMPIRE_SERVER UMPIRE SOURCE_DIR [--kills N] [--seed S]"""
import argparse
import http.client
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import server_process  # noqa: E402

CAMPAIGN = "valormr-demo"
ACTION_KINDS = ("pause", "resume", "edit", "set_deadline", "extend", "force_advance", "rollback")


class Server:
    def __init__(self, server_bin, source, tmp):
        self.server_bin, self.source, self.tmp = server_bin, source, tmp
        self.db = os.path.join(tmp, "campaign.db")
        self.config = os.path.join(tmp, "config.json")
        with open(self.config, "w") as f:
            json.dump({"limits": {"messages_per_second": 1e6, "message_burst": 1000000}}, f)
        self.log = open(os.path.join(tmp, "server.log"), "a")
        self.proc, self.port = None, None

    def start(self, first=False):
        args = [self.server_bin, "--bind", "127.0.0.1", "--port", "0", "--db", self.db,
                "--password-cost", "min", "--rulesets", os.path.join(self.source, "rulesets"),
                "--scenarios-dir", os.path.join(self.source, "scenarios"), "--config", self.config,
                "--demo", os.path.join(self.source, "scenarios", "valormr-demo.json")]
        if first:
            args.append("--create-db")
        self.proc, self.port = server_process.start(args, self.log)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def stop(self):
        server_process.stop(self.proc)


def api(port, message, token=None):
    """One API message; returns the reply message, or None when the server went away."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        conn.request("POST", "/api/v1/messages", json.dumps(message), headers)
        response = conn.getresponse()
        body = response.read().decode()
        conn.close()
    except (OSError, http.client.HTTPException):
        return None
    try:
        return json.loads(body)["messages"][0]
    except (ValueError, KeyError, IndexError):
        return None


class Expectations:
    """What the server acknowledged, to be found in the file after every kill."""

    def __init__(self):
        self.receipts = set()
        self.actions = set()  # (kind, reason)

    def check(self, db):
        problems = []
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
            ok = c.execute("PRAGMA integrity_check").fetchone()[0]
            if ok != "ok":
                problems.append("integrity_check: " + ok)
            stored = {r[0] for r in c.execute("SELECT receipt FROM receipts")}
            for r in sorted(self.receipts - stored):
                problems.append("acknowledged receipt lost: " + r)
            actions = c.execute("SELECT action_no, kind, reason, details FROM gm_actions "
                                "WHERE campaign_id = ? ORDER BY action_no", (CAMPAIGN,)).fetchall()
            have = {(kind, reason) for _, kind, reason, _ in actions}
            for a in sorted(self.actions - have):
                problems.append("acknowledged GM action lost: %s %r" % a)
            problems += torn(c, actions)
        return problems


def torn(c, actions):
    """What a command split over several commits would leave behind."""
    problems = []
    name, policy, status = c.execute("SELECT name, deadline_policy, status FROM campaigns "
                                     "WHERE id = ?", (CAMPAIGN,)).fetchone()
    last = {}
    for no, kind, reason, details in actions:
        last[kind] = (no, json.loads(details))
    pauses = [(no, kind) for no, kind, _, _ in actions if kind in ("pause", "resume")]
    if pauses and status != ("paused" if pauses[-1][1] == "pause" else "active"):
        problems.append(f"status {status} after a {pauses[-1][1]} (action {pauses[-1][0]})")
    if "edit" in last and last["edit"][1]["changes"].get("name") != name:
        problems.append(f"name {name!r}, the last edit gave {last['edit'][1]['changes']}")
    if "set_deadline" in last and last["set_deadline"][1]["deadline"] != json.loads(policy):
        problems.append(f"deadline policy {policy}, the last set_deadline gave "
                        f"{last['set_deadline'][1]['deadline']}")
    resolved = {r[0] for r in c.execute("SELECT period_index FROM periods WHERE campaign_id = ?",
                                        (CAMPAIGN,))}
    for no, kind, _, details in actions:
        if kind == "force_advance" and json.loads(details)["period_index"] not in resolved:
            problems.append(f"force_advance (action {no}) without its resolved period")
    open_index = c.execute("SELECT period_index FROM open_periods WHERE campaign_id = ?",
                           (CAMPAIGN,)).fetchone()[0]
    row = c.execute("SELECT extended_minutes FROM period_deadlines WHERE campaign_id = ? AND "
                    "period_index = ?", (CAMPAIGN, open_index)).fetchone()
    if row is None:
        problems.append(f"the open period {open_index} has no deadline row")
    else:
        # Every set_deadline, rollback and force_advance writes the open period's row afresh.
        since = 0
        for no, kind, _, details in actions:
            if kind in ("set_deadline", "rollback", "force_advance"):
                since = 0
            elif kind == "extend" and json.loads(details)["period_index"] == open_index:
                since += json.loads(details)["minutes"]
        if row[0] != since:
            problems.append(f"period {open_index}: {row[0]} minutes extended, acknowledged {since}")
    return problems


class Traffic:
    """Players and the GM writing over the HTTP API until the server dies."""

    def __init__(self, logins, rng, expect):
        self.logins, self.rng, self.expect = logins, rng, expect
        self.tokens = {}
        self.n = 0
        self.acknowledged = 0

    def login_all(self, port):
        for l in self.logins:
            reply = api(port, {"type": "login", "account": l["account"], "password": l["password"]})
            if not reply or "token" not in reply:
                raise SystemExit("login failed: %r" % reply)
            self.tokens[l["account"]] = reply["token"]

    def period(self, port):
        reply = api(port, {"type": "join", "campaign": CAMPAIGN}, self.tokens["gm"])
        if not reply or reply.get("type") != "snapshot":
            return None
        return reply["view"]["period"]["index"]

    def one(self, port):
        """One random command; False when the server went away."""
        self.n += 1
        reason = f"kill-loop {self.n}"
        players = [l for l in self.logins if l["role"] == "player"]
        pick = self.rng.random()
        if pick < 0.45:
            p = self.rng.choice(players)
            index = self.period(port)
            if index is None:
                return False
            kind = self.rng.choice(["submit_orders"] * 5 + ["confirm_orders"])
            message = {"type": kind, "campaign": CAMPAIGN, "period_index": index}
            if kind == "submit_orders":
                message.update(state=self.rng.choice(["draft", "submitted"]), orders=[])
            reply = api(port, message, self.tokens[p["account"]])
            if reply is None:
                return False
            if reply.get("type") == "receipt":
                self.expect.receipts.add(reply["receipt"])
                self.acknowledged += 1
            return True
        kind = self.rng.choice(ACTION_KINDS + ("invite",))
        message = {"type": "gm", "campaign": CAMPAIGN, "command": kind, "reason": reason}
        if kind == "edit":
            message["changes"] = {"name": f"Raid {self.n}"}
        elif kind == "set_deadline":
            message["deadline"] = {"kind": "duration", "minutes": self.rng.choice([60, 90, 120])}
        elif kind == "extend":
            message.update(minutes=self.rng.choice([1, 5, 10]), key=f"k{self.n}")
        elif kind == "rollback":
            message["to_period"] = 0
        if kind in ("force_advance", "rollback"):
            # They name the open period they mean (issue 53).
            index = self.period(port)
            if index is None:
                return False
            message["period"] = index
        elif kind == "invite":
            message["role"] = "observer"
        reply = api(port, message, self.tokens["gm"])
        if reply is None:
            return False
        if reply.get("type") == "gm_done":
            self.acknowledged += 1
            if kind in ACTION_KINDS:
                self.expect.actions.add((kind, reason))
        return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("server_bin")
    ap.add_argument("umpire_bin")
    ap.add_argument("source")
    ap.add_argument("--kills", type=int, default=60)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"kill loop: {args.kills} kills, seed {args.seed}")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(args.server_bin, args.source, tmp)
        expect = Expectations()
        server.start(first=True)
        with open(server.db + ".demo-logins.json") as f:
            logins = json.load(f)
        traffic = Traffic(logins, rng, expect)
        traffic.login_all(server.port)
        failures = []
        started = time.time()
        for kill in range(args.kills):
            if kill:
                server.start()
            timer = threading.Timer(rng.uniform(0.05, 0.8), server.kill)
            timer.start()
            while server.proc.poll() is None:
                if not traffic.one(server.port):
                    break
            timer.join()
            server.kill()
            problems = expect.check(server.db)
            if problems:
                failures.append((kill, problems))
                print(f"kill {kill}: " + "; ".join(problems))
        server.start()
        server.stop()
        verify = subprocess.run([args.umpire_bin, "verify", server.db, CAMPAIGN],
                                capture_output=True, text=True)
        print(f"{args.kills} kills in {time.time() - started:.0f} s; {traffic.n} commands, "
              f"{traffic.acknowledged} acknowledged ({len(expect.receipts)} receipts, "
              f"{len(expect.actions)} GM actions); umpire verify: exit {verify.returncode}")
        if verify.returncode != 0:
            failures.append(("verify", [verify.stdout + verify.stderr]))
        if failures:
            print(f"FAILED: {len(failures)} kills left a problem (seed {args.seed})")
            sys.exit(1)
        if len(expect.actions) < 10 or len(expect.receipts) < 10:
            print("FAILED: too little was acknowledged to test anything")
            sys.exit(1)
        print("ok: 0 acknowledged writes lost, 0 torn commands")


if __name__ == "__main__":
    main()
