#!/usr/bin/env python3
"""Several umpire-servers on one PostgreSQL database, killed one at a time (issue 33).

A throwaway PostgreSQL cluster (scripts/pg-throwaway, 127.0.0.1) and INSTANCES umpire-servers
on it (UMPIRE_TEST_INSTANCES, default 3): the first with --create-db --demo (it makes the demo
campaign and prints the logins), the others on the same URL. The GM and the five demo players
log in and join over WebSocket, spread over the instances. ROUNDS periods are played (default
6): each round the GM sets the deadline, extends it (and sends the same extend again: it must
come back `repeated`) and writes press to everyone, a player writes press to the GMs, every
player submits hold orders for its forces and confirms them, or (in rounds chosen at random)
one player leaves its orders submitted and the GM sends force_advance. In KILLS rounds (at most
one kill a round) a random instance that holds clients is SIGKILLed, either after the orders
were submitted or after the period resolved, and started again on a fresh port; its clients
reconnect to another live instance (to the restarted one when there is only one), log in with
their session token, join again and must find what they had been acknowledged: the period
index, a player's own receipt and order state, every GM command among the GM's notices.

Every acknowledged write is recorded (each receipt, each gm_done, each press_sent). Checked:
  - each period is resolved by exactly one instance: of the instances' counters
    umpire_periods_resolved_total (each on its own admin port's /metrics), one moves by one
    between the round's confirmations and its pushes; that instance is the period's resolver;
  - each resolution is pushed, unasked, to every joined client on every instance: a
    `period_resolved` for the period and view deltas that bring the client's view (patched
    delta by delta, versions without a gap) to the next period, on the resolver's instance
    and on the others alike; the GM's press to everyone and the players' press to the GMs are
    pushed too;
  - at the end, through a fresh client on every live instance (the GM's token, made on one,
    used on the others): the open period, the history (each period resolved once, attempt 0,
    nothing rolled back) and the press (every press_sent's text is there);
  - `umpire verify URL CAMPAIGN` replays every period; `umpire export URL CAMPAIGN` holds every
    acknowledged receipt (hash, player, period, state), each player's final orders row, each
    acknowledged GM command exactly once (its unique reason; a repeated extend once), and one
    live attempt per period index 0..ROUNDS-1, no gap, no duplicate, no rolled-back attempt, the
    open period ROUNDS, and the same seed hash every client was pushed for that period.

Until several servers may share one database, the second instance is refused at start:
UMPIRE_TEST_INSTANCES=1 runs the same rounds with every client on one server, each kill then a
kill and restart of that server. Exit 77 (skip) without PostgreSQL or without the Python
`websockets` package (Debian's python3-websockets; the test re-runs itself under
/usr/bin/python3 when that one has it and the python3 on the PATH does not).

Usage: pg_multi_instance_test.py UMPIRE_SERVER UMPIRE SOURCE_DIR [--seed S] [--rounds N]
                                 [--kills K] [--instances N]
(also UMPIRE_TEST_INSTANCES and UMPIRE_TEST_SEED in the environment; flags win)."""
import argparse
import asyncio
import copy
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request

SYSTEM_PYTHON = "/usr/bin/python3"
try:
    import websockets
    import websockets.exceptions
except ImportError:
    # The python3 on the PATH (pyenv, a venv) may not see Debian's python3-websockets.
    if (os.environ.get("UMPIRE_PG_MULTI_REEXEC") != "1" and os.access(SYSTEM_PYTHON, os.X_OK)
            and os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON)
            and subprocess.run([SYSTEM_PYTHON, "-c", "import websockets"],
                               capture_output=True).returncode == 0):
        os.environ["UMPIRE_PG_MULTI_REEXEC"] = "1"
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])
    print("SKIP: the Python package websockets is missing (apt-get install python3-websockets)")
    sys.exit(77)

CAMPAIGN = "valormr-demo"
REQUEST_TIMEOUT = 45      # seconds for one reply (ASan build, two busy cores)
PUSH_TIMEOUT = 60         # seconds for a resolution's pushes to reach every client
START_TIMEOUT = 60        # seconds for a server's start banner
WHOLE_TEST_TIMEOUT = 170  # the rounds and the checks, cleanup aside (CTest's TIMEOUT is 300)


class Fatal(Exception):
    """A failure after which the rounds cannot go on."""


failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL " + what, flush=True)
    return ok


def note(text):
    print(text, flush=True)


# --- JSON Patch (RFC 6902) on a client's copy of its view -----------------------------------

def _pointer(path):
    if path == "":
        return []
    if not path.startswith("/"):
        raise ValueError(f"bad JSON pointer {path!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _parent(doc, parts):
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _get(doc, parts):
    node = doc
    for part in parts:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _add(doc, parts, value):
    if not parts:
        return value
    parent, key = _parent(doc, parts), parts[-1]
    if isinstance(parent, list):
        if key == "-":
            parent.append(value)
        else:
            index = int(key)
            if not 0 <= index <= len(parent):
                raise IndexError(f"add at {index} of a list of {len(parent)}")
            parent.insert(index, value)
    else:
        parent[key] = value
    return doc


def _remove(doc, parts):
    parent, key = _parent(doc, parts), parts[-1]
    if isinstance(parent, list):
        return parent.pop(int(key))
    return parent.pop(key)


def apply_patch(doc, patch):
    for op in patch:
        parts = _pointer(op["path"])
        kind = op["op"]
        if kind == "add":
            doc = _add(doc, parts, copy.deepcopy(op["value"]))
        elif kind == "remove":
            _remove(doc, parts)
        elif kind == "replace":
            if not parts:
                doc = copy.deepcopy(op["value"])
            else:
                _get(doc, parts)  # must exist
                parent, key = _parent(doc, parts), parts[-1]
                parent[int(key) if isinstance(parent, list) else key] = copy.deepcopy(op["value"])
        elif kind == "move":
            value = _remove(doc, _pointer(op["from"]))
            doc = _add(doc, parts, value)
        elif kind == "copy":
            doc = _add(doc, parts, copy.deepcopy(_get(doc, _pointer(op["from"]))))
        elif kind == "test":
            if _get(doc, parts) != op["value"]:
                raise ValueError(f"test failed at {op['path']}")
        else:
            raise ValueError(f"unknown op {kind}")
    return doc


# --- PostgreSQL and the servers ----------------------------------------------------------------

class Cluster:
    """scripts/pg-throwaway's cluster in a folder right under /tmp (its parents must be
    searchable by the umpire-pg user when run as root); stopped and removed however the test
    ends."""

    def __init__(self, source):
        self.script = os.path.join(source, "scripts", "pg-throwaway")
        self.dir = tempfile.mkdtemp(prefix="umpire-pg.", dir=os.environ.get("TMPDIR", "/tmp"))
        self.url = None

    def start(self):
        # Durable (no --fast): nothing here kills PostgreSQL, but the servers rely on
        # synchronous_commit as in production (docs/operations.md).
        r = subprocess.run([self.script, "start", self.dir], capture_output=True, text=True,
                           timeout=180)
        if r.returncode == 3:
            note("SKIP: PostgreSQL is not installed (scripts/pg-throwaway exit 3)")
            return 77
        if r.returncode != 0:
            raise Fatal(f"pg-throwaway start exited {r.returncode}: {r.stderr.strip()[-2000:]}")
        self.url = r.stdout.strip().splitlines()[-1]
        return 0

    def stop(self):
        subprocess.run([self.script, "stop", "--remove", self.dir], capture_output=True,
                       timeout=120)
        shutil.rmtree(self.dir, ignore_errors=True)


class Instance:
    """One umpire-server process on the shared URL; `slot` names it across restarts."""

    def __init__(self, slot, server_bin, source, db_url, work, config):
        self.slot, self.server_bin, self.source = slot, server_bin, source
        self.db_url, self.work, self.config = db_url, work, config
        self.proc, self.port, self.admin_port, self.logins, self.starts = None, None, None, {}, 0
        self.log_path = os.path.join(work, f"server{slot}.log")

    def args(self, first):
        args = [self.server_bin, "--bind", "127.0.0.1", "--port", "0", "--db", self.db_url,
                "--rulesets", os.path.join(self.source, "rulesets"),
                "--scenarios-dir", os.path.join(self.source, "scenarios"),
                "--password-cost", "min", "--log-level", "warn", "--config", self.config,
                "--admin-port", "0"]  # /metrics: which instance resolved a period
        if first:
            args += ["--create-db", "--demo",
                     os.path.join(self.source, "scenarios", "valormr-demo.json")]
        return args

    def start(self, first=False):
        """Blocking: starts the process and reads its banner (the port, the admin port, the
        demo's logins)."""
        self.starts += 1
        log = open(self.log_path, "a")
        log.write(f"--- start {self.starts} ---\n")
        log.flush()
        self.proc = subprocess.Popen(self.args(first), stdout=subprocess.PIPE, stderr=log,
                                     text=True, cwd=self.work)
        log.close()
        port, admin, logins, banner = None, None, {}, []
        deadline = time.time() + START_TIMEOUT
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            banner.append(line)
            if m := re.search(r"Admin .*http://127\.0\.0\.1:(\d+)/", line):
                admin = int(m.group(1))
            elif m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                port = port or int(m.group(1))
            elif m := re.match(r"\s+(\S+) / (\S+) / ", line):
                logins[m.group(1)] = m.group(2)
            if port and admin:  # the admin line comes last (after the demo's logins)
                break
        if port is None or admin is None:
            self.kill()
            with open(self.log_path) as f:
                tail = f.read()[-3000:]
            raise Fatal(f"server {self.slot} did not start (start {self.starts}):\n"
                        f"{''.join(banner)}{tail}")
        self.port, self.admin_port, self.logins = port, admin, logins
        out = self.proc.stdout
        threading.Thread(target=lambda: [None for _ in out], daemon=True).start()
        return port

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        """SIGKILL this process (by its own pid) and reap it."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def periods_resolved(instance):
    """The instance's umpire_periods_resolved_total: periods it resolved and committed itself
    since it started (a period another instance resolved and this one caught up with does not
    count). None when it cannot be read."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{instance.admin_port}/metrics",
                                    timeout=10) as r:
            text = r.read().decode()
    except OSError:
        return None
    m = re.search(r"^umpire_periods_resolved_total(?:\{[^}]*\})? (\d+)", text, re.M)
    return int(m.group(1)) if m else None


def healthz(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as r:
            return r.status
    except OSError as e:
        return getattr(e, "code", 0) or 0


# --- WebSocket clients -------------------------------------------------------------------------

class Client:
    """One account's WebSocket connection: requests by id, and a record of what is pushed."""

    def __init__(self, account, password, player, forces):
        self.account, self.password, self.player, self.forces = account, password, player, forces
        self.token = None
        self.ws = None
        self.reader = None
        self.pending = {}
        self.next_id = 0
        self.slot = None
        self.generation = 0          # counts connections
        self.view = None
        self.version = 0
        self.view_broken = None      # why the view could not be followed, until a new snapshot
        self.resolved = {}           # period index -> [(generation, slot, attempt, seed_hash)]
        self.press = {}              # text -> generation it arrived on
        self.deltas = 0
        self.closed = asyncio.Event()

    @property
    def name(self):
        return self.account

    def period_index(self):
        return self.view["period"]["index"] if self.view else None

    async def connect(self, slot, port):
        self.generation += 1
        self.closed, self.pending = asyncio.Event(), {}
        self.slot = slot
        self.view, self.version, self.view_broken = None, 0, None
        self.ws = await asyncio.wait_for(
            websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None, open_timeout=20),
            REQUEST_TIMEOUT)
        self.reader = asyncio.ensure_future(
            self._read(self.ws, self.generation, self.pending, self.closed))
        reply = await self.request({"type": "hello", "versions": [1]})
        if reply.get("type") != "welcome":
            raise Fatal(f"{self.name}: hello got {reply}")
        if self.token:
            reply = await self.request({"type": "login", "token": self.token})
        else:
            reply = await self.request({"type": "login", "account": self.account,
                                        "password": self.password})
            self.token = reply.get("token") or None
        if reply.get("type") != "logged_in":
            raise Fatal(f"{self.name}: login on server {slot} got {reply}")
        snapshot = await self.request({"type": "join", "campaign": CAMPAIGN})
        if snapshot.get("type") != "snapshot":
            raise Fatal(f"{self.name}: join on server {slot} got {snapshot}")
        return snapshot

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)

    async def _read(self, ws, generation, pending, closed):
        try:
            async for raw in ws:
                self._handle(json.loads(raw), generation)
        except websockets.exceptions.ConnectionClosed:
            pass
        finally:
            for fut in pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError(f"{self.name}: connection closed"))
            pending.clear()
            closed.set()

    def _handle(self, m, generation):
        kind = m.get("type")
        # Views first, in arrival order, whether a reply or a push.
        if kind == "snapshot":
            self.view, self.version, self.view_broken = m["view"], m["version"], None
        elif kind == "view_delta" and m.get("campaign") == CAMPAIGN and self.view is not None:
            self.deltas += 1
            if self.view_broken is None:
                if m["version"] != self.version + 1:
                    self.view_broken = f"delta version {m['version']} after {self.version}"
                else:
                    try:
                        self.view = apply_patch(self.view, m["patch"])
                        self.version = m["version"]
                    except (KeyError, IndexError, ValueError, TypeError) as e:
                        self.view_broken = f"delta {m['version']} does not apply: {e!r}"
                if self.view_broken:
                    check(False, f"{self.name} (server {self.slot}): {self.view_broken}")
        if "re" in m and m["re"] in self.pending:
            fut = self.pending.pop(m["re"])
            if not fut.done():
                fut.set_result(m)
            return
        # Pushed, unasked.
        if kind == "period_resolved":
            self.resolved.setdefault(m["period_index"], []).append(
                (generation, self.slot, m["attempt"], m["seed_hash"]))
        elif kind == "press":
            self.press.setdefault(m["message"]["text"], generation)
        elif kind == "error":
            check(False, f"{self.name}: an error pushed unasked: {m}")

    async def request(self, message, timeout=REQUEST_TIMEOUT):
        self.next_id += 1
        rid = f"{self.account}-{self.generation}-{self.next_id}"
        fut = asyncio.get_running_loop().create_future()
        self.pending[rid] = fut
        await self.ws.send(json.dumps(dict(message, id=rid)))
        try:
            return await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            self.pending.pop(rid, None)
            raise Fatal(f"{self.name}: no reply to {message['type']} in {timeout} s "
                        f"(server {self.slot})")


# --- the test ----------------------------------------------------------------------------------

class Test:
    def __init__(self, opts):
        self.opts = opts
        self.rng = random.Random(opts.seed)
        self.work = tempfile.mkdtemp(prefix="umpire-multi.")
        self.cluster = Cluster(opts.source)
        self.instances = []
        self.clients = []
        self.acked = []              # every acknowledged write
        self.kills = self.reconnects = self.resyncs = 0
        self.resolver = {}           # period index -> the slot whose metrics counted it
        self.own_orders = {}         # player -> (period index, receipt, state) last acknowledged

    # -- acknowledged writes --
    def ack_receipt(self, client, reply, period, state):
        ok = (reply.get("type") == "receipt" and reply.get("state") == state
              and reply.get("period_index") == period and reply.get("player") == client.player)
        if not check(ok, f"{client.name}: {state} orders of period {period} got {reply}"):
            raise Fatal("orders refused")
        self.acked.append({"kind": "receipt", "player": client.player, "period_index": period,
                           "state": state, "receipt": reply["receipt"], "slot": client.slot})
        self.own_orders[client.player] = (period, reply["receipt"], state)

    async def gm(self, command, reason, **members):
        gm = self.gm_client
        reply = await gm.request(dict({"type": "gm", "campaign": CAMPAIGN, "command": command,
                                       "reason": reason}, **members))
        if not check(reply.get("type") == "gm_done" and reply.get("command") == command,
                     f"gm {command} ({reason}) on server {gm.slot} got {reply}"):
            raise Fatal("a GM command was refused")
        self.acked.append({"kind": "gm", "command": command, "reason": reason,
                           "repeated": bool(reply.get("repeated")), "slot": gm.slot})
        return reply

    async def press(self, client, to, text):
        reply = await client.request({"type": "send_press", "campaign": CAMPAIGN, "to": to,
                                      "text": text})
        if not check(reply.get("type") == "press_sent", f"{client.name}: press got {reply}"):
            raise Fatal("press refused")
        self.acked.append({"kind": "press", "from": client.player or "gm", "text": text,
                           "period_index": reply.get("period_index"), "slot": client.slot,
                           "generations": {c.account: c.generation for c in self.clients}})

    # -- servers --
    async def start_servers(self):
        config = os.path.join(self.work, "config.json")
        with open(config, "w") as f:
            json.dump({"limits": {"messages_per_second": 1000, "message_burst": 1000}}, f)
        for slot in range(self.opts.instances):
            self.instances.append(Instance(slot, self.opts.server, self.opts.source,
                                           self.cluster.url, self.work, config))
        await asyncio.to_thread(self.instances[0].start, True)
        # The others on the same database, started together.
        await asyncio.gather(*[asyncio.to_thread(i.start) for i in self.instances[1:]])
        note("servers: " + ", ".join(f"{i.slot} on port {i.port} (pid {i.proc.pid})"
                                     for i in self.instances))

    def live_slots(self):
        return [i.slot for i in self.instances if i.alive()]

    # -- clients --
    async def connect_clients(self):
        logins = self.instances[0].logins
        with open(os.path.join(self.opts.source, "scenarios", "valormr-demo.json")) as f:
            scenario = json.load(f)
        forces = {}
        for force in scenario["forces"]:
            forces.setdefault(force["player"], []).append(force["id"])
        accounts = ["gm"] + [p["id"] for p in scenario["players"]]
        if not check(all(a in logins for a in accounts),
                     f"the first server printed the demo logins ({sorted(logins)})"):
            raise Fatal("no demo logins")
        for account in accounts:
            player = None if account == "gm" else account
            self.clients.append(Client(account, logins[account], player, forces.get(player, [])))
        self.gm_client = self.clients[0]
        self.players = self.clients[1:]
        # Spread: the GM on server 0, the players round the instances from server 1.
        for n, c in enumerate(self.clients):
            slot = n % len(self.instances)
            await c.connect(slot, self.instances[slot].port)
            check(c.period_index() == 0, f"{c.name} joined at period {c.period_index()}, not 0")
        note("clients: " + ", ".join(f"{c.name}@{c.slot}" for c in self.clients))

    async def reconnect(self, client, slot, period):
        """After its server was killed: token login and join on `slot`; what it was
        acknowledged must be there."""
        snapshot = await client.connect(slot, self.instances[slot].port)
        self.reconnects += 1
        view = snapshot["view"]
        check(view["period"]["index"] == period,
              f"{client.name} rejoined on server {slot} at period {view['period']['index']}, "
              f"acknowledged {period}")
        if client.player:
            had = self.own_orders.get(client.player)
            mine = view.get("my_orders")
            if had and had[0] == period:
                check(mine is not None and mine.get("receipt") == had[1]
                      and mine.get("state") == had[2],
                      f"{client.name} rejoined on server {slot}: my_orders {mine}, acknowledged "
                      f"receipt {had[1][:12]}… {had[2]}")
            else:
                check(mine is None, f"{client.name} rejoined at a new period with orders {mine}")
        else:
            # The view's notices are every GM action the viewer may know (all, for the GM).
            reasons = {n.get("reason") for n in view.get("notices", [])}
            for a in self.acked:
                if a["kind"] == "gm":
                    check(a["reason"] in reasons,
                          f"gm rejoined on server {slot}: its {a['command']} ({a['reason']}) is "
                          "not among the notices")

    async def kill_one(self, period):
        """SIGKILL a random instance that holds clients; restart it on a fresh port while its
        clients reconnect to another live instance (to it again when it is the only one)."""
        held = sorted({c.slot for c in self.clients})
        victim = self.instances[self.rng.choice(held)]
        moved = [c for c in self.clients if c.slot == victim.slot]
        old_port = victim.port
        victim.kill()
        self.kills += 1
        for c in moved:
            try:
                await asyncio.wait_for(c.closed.wait(), 20)
            except asyncio.TimeoutError:
                check(False, f"{c.name}'s connection stayed open after server {victim.slot} "
                             "was killed")
        others = [s for s in self.live_slots() if s != victim.slot]
        restart = asyncio.ensure_future(asyncio.to_thread(victim.start))
        targets = {}
        if others:
            # Each to the live instance with the fewest clients (at random among equals), so
            # the clients stay spread over the instances.
            load = {s: sum(c.slot == s for c in self.clients if c not in moved) for s in others}
            for c in moved:
                fewest = min(load.values())
                targets[c.account] = self.rng.choice([s for s in others if load[s] == fewest])
                load[targets[c.account]] += 1
            await asyncio.gather(*[self.reconnect(c, targets[c.account], period) for c in moved])
            await restart
        else:
            await restart
            for c in moved:
                targets[c.account] = victim.slot
            await asyncio.gather(*[self.reconnect(c, victim.slot, period) for c in moved])
        check(healthz(victim.port) == 200, f"restarted server {victim.slot}: /healthz is not 200")
        note(f"  kill {self.kills}: server {victim.slot} (port {old_port}) SIGKILLed at period "
             f"{period}, restarted on port {victim.port}; "
             + (", ".join(f"{c.name}->{targets[c.account]}" for c in moved) or "no clients"))

    # -- the rounds --
    def resolution_counts(self):
        return {i.slot: periods_resolved(i) for i in self.instances if i.alive()}

    async def wait_pushed(self, period, press_sent, before):
        """Every client is pushed the resolution of `period` (period_resolved, and deltas up to
        the next period) and the press it may read, without asking. Press is owed only on the
        connection that was open when it was sent (a reconnected client reads it with
        get_press, checked at the end). `before`: each instance's count of periods resolved
        before the confirmations; exactly one instance resolves the period."""
        deadline = time.time() + PUSH_TIMEOUT
        press_texts = {c.account: [a["text"] for a, readers in press_sent
                                   if c in readers and a["generations"][c.account] == c.generation]
                       for c in self.clients}

        def done(c):
            return (period in c.resolved and c.view is not None and c.view_broken is None
                    and c.period_index() == period + 1
                    and all(t in c.press for t in press_texts[c.account]))

        while time.time() < deadline and not all(done(c) for c in self.clients):
            await asyncio.sleep(0.05)
        after = await asyncio.to_thread(self.resolution_counts)
        grew = {slot: after[slot] - before[slot] for slot in after
                if after[slot] is not None and before.get(slot) is not None
                and after[slot] != before[slot]}
        if check(list(grew.values()) == [1],
                 f"period {period}: the instances' umpire_periods_resolved_total moved by "
                 f"{grew or 'nothing'} (before {before}, after {after}); one instance resolves it"):
            self.resolver[period] = next(iter(grew))
        resolver = self.resolver.get(period)
        for c in self.clients:
            if done(c):
                continue
            where = (f"{c.name} on server {c.slot} "
                     f"({'the' if c.slot == resolver else 'not the'} one that resolved it)")
            check(period in c.resolved, f"{where}: no period_resolved pushed for period "
                                        f"{period} in {PUSH_TIMEOUT} s")
            check(c.view_broken is not None or c.period_index() == period + 1,
                  f"{where}: the deltas left its view at period {c.period_index()}, not "
                  f"{period + 1}")
            for t in press_texts[c.account]:
                check(t in c.press, f"{where}: press {t!r} not pushed")
            # Follow the campaign again from a fresh snapshot, so one miss is counted once.
            await c.close()
            await c.connect(c.slot, self.instances[c.slot].port)
            self.resyncs += 1

    async def round(self, r, kill_at):
        period = r
        gm = self.gm_client
        tag = f"{self.opts.seed}.r{r}"
        for c in self.clients:
            check(c.period_index() == period,
                  f"round {r}: {c.name} is at period {c.period_index()}, not {period}")
        # The GM's writes.
        await self.gm("set_deadline", f"mi {tag} set_deadline",
                      deadline={"kind": "duration", "minutes": 1440 + r})
        key = f"mi-{tag}"
        await self.gm("extend", f"mi {tag} extend", minutes=5, key=key)
        gm_press = f"mi {tag} press from the gm"
        await self.press(gm, ["all"], gm_press)
        writer = self.rng.choice(self.players)
        player_press = f"mi {tag} press from {writer.player}"
        await self.press(writer, ["gm"], player_press)
        # The press each client is to be pushed: to all, everyone; to the GMs, the GM and its
        # writer (a sender is pushed its own).
        press_sent = [(self.acked[-2], self.clients), (self.acked[-1], [gm, writer])]

        # Orders: every player submits hold orders for its forces, all at once.
        async def submit(c):
            orders = [{"force": f, "hold": True} for f in c.forces]
            reply = await c.request({"type": "submit_orders", "campaign": CAMPAIGN,
                                     "period_index": period, "orders": orders,
                                     "state": "submitted"})
            self.ack_receipt(c, reply, period, "submitted")
        await asyncio.gather(*[submit(c) for c in self.players])

        if kill_at == "submitted":
            await self.kill_one(period)
        # The same extend again, perhaps through another instance: once only.
        reply = await self.gm("extend", f"mi {tag} extend", minutes=5, key=key)
        check(reply.get("repeated") is True,
              f"round {r}: the extend sent again with key {key} was not answered repeated")

        # Confirm all at once, or one player leaves its orders submitted and the GM forces.
        force = self.force_rounds[r]
        absent = self.rng.choice(self.players) if force else None

        async def confirm(c):
            reply = await c.request({"type": "confirm_orders", "campaign": CAMPAIGN,
                                     "period_index": period})
            self.ack_receipt(c, reply, period, "confirmed")
        before = await asyncio.to_thread(self.resolution_counts)
        await asyncio.gather(*[confirm(c) for c in self.players if c is not absent])
        if force:
            await self.gm("force_advance", f"mi {tag} force_advance", period=period)
        await self.wait_pushed(period, press_sent, before)
        how = (f"force_advance by the gm on server {gm.slot} ({absent.player} unconfirmed)"
               if force else "all confirmed")
        note(f"round {r}: period {period} resolved on server {self.resolver.get(period)}, {how}; "
             "clients " + ", ".join(f"{c.name}@{c.slot}" for c in self.clients))
        if kill_at == "resolved":
            await self.kill_one(period + 1)

    # -- the end --
    async def final_clients(self):
        """A fresh GM client on every live instance: the open period, the history, the press."""
        fresh = Client("gm", self.gm_client.password, None, [])
        histories = []
        for slot in self.live_slots():
            if fresh.ws is not None:
                await fresh.close()
            snapshot = await fresh.connect(slot, self.instances[slot].port)
            check(snapshot["view"]["period"]["index"] == self.opts.rounds,
                  f"a fresh client on server {slot} sees period "
                  f"{snapshot['view']['period']['index']}, not {self.opts.rounds}")
            history = await fresh.request({"type": "get_history", "campaign": CAMPAIGN})
            check(history.get("type") == "history", f"get_history on server {slot}: {history}")
            periods = [(p["period_index"], p["attempt"], p["rolled_back"])
                       for p in history.get("periods", [])]
            check(sorted(periods) == [(i, 0, False) for i in range(self.opts.rounds)],
                  f"history on server {slot}: periods {periods}")
            histories.append(periods)
            press = await fresh.request({"type": "get_press", "campaign": CAMPAIGN})
            texts = {m["text"] for m in press.get("messages", [])}
            for a in self.acked:
                if a["kind"] == "press":
                    check(a["text"] in texts, f"press {a['text']!r} (acknowledged on server "
                                              f"{a['slot']}) is not in get_press on server {slot}")
        await fresh.close()
        return histories

    def check_export(self):
        verify = subprocess.run([self.opts.umpire, "verify", self.cluster.url, CAMPAIGN],
                                capture_output=True, text=True, timeout=120)
        check(verify.returncode == 0,
              f"umpire verify exited {verify.returncode}: {verify.stdout}{verify.stderr}")
        out = os.path.join(self.work, "export.json")
        export = subprocess.run([self.opts.umpire, "export", self.cluster.url, CAMPAIGN,
                                 "--out", out], capture_output=True, text=True, timeout=120)
        if not check(export.returncode == 0,
                     f"umpire export exited {export.returncode}: {export.stderr}"):
            return None
        with open(out) as f:
            archive = json.load(f)

        # 0 acknowledged writes lost.
        receipts = {r["receipt"]: r for r in archive["receipts"]}
        for a in self.acked:
            if a["kind"] != "receipt":
                continue
            got = receipts.get(a["receipt"])
            check(got is not None and (got["player"], got["period_index"], got["state"])
                  == (a["player"], a["period_index"], a["state"]),
                  f"receipt {a['receipt'][:12]}… ({a['player']}, period {a['period_index']}, "
                  f"{a['state']}, acknowledged on server {a['slot']}) is not in the export: {got}")
        last = {}
        for a in self.acked:
            if a["kind"] == "receipt":
                last[(a["period_index"], a["player"])] = a
        rows = {(o["period_index"], o["player"]): o for o in archive["orders"]}
        for k, a in last.items():
            o = rows.get(k)
            check(o is not None and o["receipt"] == a["receipt"] and o["state"] == a["state"],
                  f"the orders of {k[1]} for period {k[0]} are not the last acknowledged "
                  f"({a['state']} {a['receipt'][:12]}…): {o and (o['state'], o['receipt'][:12])}")
        actions = {}
        for g in archive["gm_actions"]:
            actions.setdefault(g["reason"], []).append(g["kind"])
        for a in self.acked:
            if a["kind"] == "gm":
                check(actions.get(a["reason"]) == [a["command"]],
                      f"gm {a['command']} ({a['reason']}, acknowledged on server {a['slot']}): "
                      f"actions in the export {actions.get(a['reason'])}")

        # Every period resolved exactly once.
        periods = archive["periods"]
        live = sorted(p["index"] for p in periods if p.get("rolled_back_by") is None)
        check(live == list(range(self.opts.rounds)),
              f"live periods in the export {live}, not 0..{self.opts.rounds - 1} once each")
        check(all(p.get("rolled_back_by") is None and p["attempt"] == 0 for p in periods),
              "the export has a rolled-back or repeated attempt: "
              + str([(p["index"], p["attempt"], p.get("rolled_back_by")) for p in periods]))
        open_index = (archive.get("open_period") or {}).get("index")
        check(open_index == self.opts.rounds,
              f"the export's open period is {open_index}, not {self.opts.rounds}")
        seeds = {p["index"]: p["seed_hash"] for p in periods if p.get("rolled_back_by") is None}
        seen = {}
        for c in self.clients:
            for index, pushes in c.resolved.items():
                for (_, slot, attempt, seed_hash) in pushes:
                    seen.setdefault(index, set()).add((attempt, seed_hash))
        check(sorted(seen) == list(range(self.opts.rounds)),
              f"clients were pushed resolutions of periods {sorted(seen)}")
        for index, got in sorted(seen.items()):
            check(got == {(0, seeds.get(index))},
                  f"period {index}: clients were pushed {sorted(got)}, the export has attempt 0 "
                  f"with seed hash {seeds.get(index)}")
        return archive

    async def run(self):
        note(f"seed {self.opts.seed} (again: --seed {self.opts.seed}); {self.opts.instances} "
             f"instance(s), {self.opts.rounds} rounds, {self.opts.kills} kills")
        status = await asyncio.to_thread(self.cluster.start)
        if status:
            return status
        note(f"PostgreSQL: {self.cluster.url}")
        await self.start_servers()
        await self.connect_clients()
        rounds = self.opts.rounds
        kill_rounds = set(self.rng.sample(range(rounds), min(self.opts.kills, rounds)))
        kill_at = {r: self.rng.choice(["submitted", "resolved"]) for r in sorted(kill_rounds)}
        forced = set(self.rng.sample(range(rounds), max(1, rounds // 3)))
        self.force_rounds = {r: r in forced for r in range(rounds)}
        for r in range(rounds):
            await self.round(r, kill_at.get(r))
        await self.final_clients()
        archive = await asyncio.to_thread(self.check_export)

        # Pushes: every client was pushed every period (checked each round); how many of them
        # reached a client on an instance other than the one that resolved the period.
        pushed = across = 0
        for c in self.clients:
            for index in range(rounds):
                pushes = c.resolved.get(index, [])
                pushed += bool(pushes)
                across += any(slot != self.resolver.get(index) for (_, slot, _, _) in pushes)
        counts = {}
        for a in self.acked:
            counts[a["kind"]] = counts.get(a["kind"], 0) + 1
        note(f"summary: {len(self.instances)} instance(s), {self.kills} kill(s), "
             f"{self.reconnects} reconnect(s) after kills, {self.resyncs} resync(s) after a missed "
             f"push, {rounds} period(s) resolved "
             f"(by server {[self.resolver.get(i) for i in range(rounds)]}; "
             f"{sum(self.force_rounds.values())} by force_advance), "
             f"{len(self.acked)} acknowledged writes checked ({counts.get('receipt', 0)} receipts, "
             f"{counts.get('gm', 0)} GM commands, {counts.get('press', 0)} press), "
             f"{pushed} period_resolved pushes to {len(self.clients)} clients ({across} to a "
             f"client on an instance other than the resolver's), "
             f"{sum(c.deltas for c in self.clients)} view deltas followed"
             + ("" if archive else "; no export"))
        return 0

    async def cleanup(self):
        for c in self.clients:
            try:
                await asyncio.wait_for(c.close(), 5)
            except Exception:  # noqa: BLE001 - the servers may be gone
                pass


def parse():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("server")
    ap.add_argument("umpire")
    ap.add_argument("source")
    ap.add_argument("--seed", type=int,
                    default=int(os.environ.get("UMPIRE_TEST_SEED", "0")) or None)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--kills", type=int, default=4)
    ap.add_argument("--instances", type=int,
                    default=int(os.environ.get("UMPIRE_TEST_INSTANCES", "3")))
    opts = ap.parse_args()
    # The servers run in a work folder of their own: paths must not be relative.
    opts.server, opts.umpire, opts.source = (os.path.abspath(p) for p in
                                             (opts.server, opts.umpire, opts.source))
    if opts.seed is None:
        opts.seed = random.SystemRandom().randrange(1, 1 << 31)
    if opts.instances < 1 or opts.rounds < 1 or opts.kills < 0:
        ap.error("--instances and --rounds at least 1, --kills at least 0")
    opts.kills = min(opts.kills, opts.rounds)
    return opts


def main():
    opts = parse()
    # SIGTERM (CTest, a user) ends the test through the cleanup below.
    def terminated(*_):
        raise SystemExit(143)
    signal.signal(signal.SIGTERM, terminated)
    test = Test(opts)
    status = 1
    started = time.time()
    try:
        async def body():
            try:
                return await asyncio.wait_for(test.run(), WHOLE_TEST_TIMEOUT)
            finally:
                await test.cleanup()
        status = asyncio.run(body())
    except Fatal as e:
        check(False, str(e))
    except asyncio.TimeoutError:
        check(False, f"the test did not finish in {WHOLE_TEST_TIMEOUT} s")
    except (OSError, websockets.exceptions.WebSocketException) as e:
        traceback.print_exc()
        check(False, f"a client's connection failed: {e!r}")
    finally:
        for i in test.instances:
            i.stop()
        logs = [i.log_path for i in test.instances]
        if failures:
            for path in logs:
                if os.path.exists(path):
                    with open(path) as f:
                        tail = f.read()[-1500:]
                    if tail.strip():
                        print(f"--- {os.path.basename(path)} (tail) ---\n{tail}", file=sys.stderr)
        test.cluster.stop()
        shutil.rmtree(test.work, ignore_errors=True)
    if status == 77:
        sys.exit(77)
    note(f"{time.time() - started:.1f} s, seed {opts.seed}")
    if failures:
        print(f"{len(failures)} failed (seed {opts.seed})", file=sys.stderr)
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
