#!/usr/bin/env python3
"""Several umpire-servers on one PostgreSQL database, against one umpire-server on SQLite
(scripts/bench calls it after scripts/bench_server; docs/benchmarks.md, "Several servers over
PostgreSQL", is written from its JSON by scripts/bench_report.py).

Configurations, each measured the same way, each on a fresh database:
  sqlite  one server on a fresh SQLite file (the baseline)
  pg1     one server on PostgreSQL
  pg2     two servers on one PostgreSQL database
  pg3     three servers on one PostgreSQL database
PostgreSQL is a throwaway cluster (scripts/pg-throwaway, durable as a real one), started here
and always stopped and removed at exit; a new database is created in it for each configuration.
When PostgreSQL is not installed only the baseline is measured, and the JSON says so.

Load: K WebSocket connections (CONNECTIONS_PER_ACCOUNT for each of the demo's player accounts,
which log in by password once and then by token), spread round-robin over the configuration's
servers, each joined to the demo campaign and sending `submit_orders` drafts with an empty
order list for the open period (a commit each) in a closed loop: a warm-up, then SECONDS timed,
every round trip recorded.

Carry-on: on the three servers, one client joined on server X; X is killed (SIGKILL) and the
client tries the next server in its list: connects, logs in by token, joins and gets a snapshot
of the same period. From the kill to that snapshot is the carry-on time. Each round kills the
server the client is on and restarts it afterwards.

A configuration whose second or third server refuses to start (a server build that allows one
server per database) is reported as refused with the server's message; nothing crashes.

Usage: bench/multi_instance_bench.py [--server PATH] [--out FILE] [--quick] [--seconds S]
           [--connections-per-account N] [--carry-on-rounds N] [--configurations sqlite,pg1,...]
Needs python3 and Debian's python3-websockets; binds and connects to 127.0.0.1 only.
Exit codes: 0 the JSON was written (some configurations may be refused or skipped: see it),
1 the baseline could not be measured, 2 usage, 3 no websockets module.
"""
import argparse
import asyncio
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

try:
    import websockets
except ImportError:
    print("multi_instance_bench: needs the websockets module (apt-get install python3-websockets)",
          file=sys.stderr)
    sys.exit(3)

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench_report import cpu_model  # noqa: E402  (the report names the CPU the same way)
CONFIG = {  # the limits scripts/bench_server raises, so one address may hold and send this much
    "password_cost": "min",
    "limits": {"connections_per_address": 100000, "connections_per_account": 100000,
               "tcp_connections_per_address": 100000,
               "messages_per_second": 1000000, "message_burst": 1000000},
}
CONFIGURATIONS = {  # name: (backend, servers, label)
    "sqlite": ("sqlite", 1, "SQLite, 1 server (baseline)"),
    "pg1": ("postgresql", 1, "PostgreSQL, 1 server"),
    "pg2": ("postgresql", 2, "PostgreSQL, 2 servers"),
    "pg3": ("postgresql", 3, "PostgreSQL, 3 servers"),
}
BANNER = re.compile(r"at http://127\.0\.0\.1:(\d+)/")
LOGIN = re.compile(r"^ {4}(\S+) / (\S+) / (gm|player)(?: (\S+))?\s*$")
REQUEST_TIMEOUT = 30.0


def log(*parts):
    print("multi_instance_bench:", *parts, file=sys.stderr, flush=True)


class Refused(Exception):
    """A server did not start: the message is its own last words (stderr)."""

    def __init__(self, message, refused_multi):
        super().__init__(message)
        self.refused_multi = refused_multi  # "another umpire-server uses this database"


def percentile(sorted_values, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return None
    k = max(0, min(len(sorted_values) - 1, int(-(-q * len(sorted_values) // 100)) - 1))
    return sorted_values[k]


def cpu_seconds(pid):
    """User + system CPU seconds of a process (None when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


# --- PostgreSQL ------------------------------------------------------------------------------

class Postgres:
    """A throwaway cluster (scripts/pg-throwaway) and a fresh database per configuration."""

    def __init__(self):
        self.dir = None
        self.url = None
        self.problem = None
        self.psql = shutil.which("psql")
        if not self.psql:
            bins = sorted(p for p in (f"/usr/lib/postgresql/{v}/bin/psql"
                                      for v in os.listdir("/usr/lib/postgresql"))
                          if os.access(p, os.X_OK)) if os.path.isdir("/usr/lib/postgresql") else []
            self.psql = bins[-1] if bins else None

    def start(self):
        # The folder must be right under /tmp (short, and searchable by the cluster's user).
        self.dir = tempfile.mkdtemp(prefix="umpire-mi-pg.", dir="/tmp")
        p = subprocess.run([os.path.join(ROOT, "scripts/pg-throwaway"), "start", self.dir],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode == 3:
            self.problem = "PostgreSQL is not installed (scripts/pg-throwaway exit 3)"
        elif p.returncode != 0 or not p.stdout.strip():
            tail = " / ".join(p.stderr.strip().splitlines()[-3:])
            self.problem = f"scripts/pg-throwaway start failed (exit {p.returncode}): {tail}"
        else:
            self.url = p.stdout.strip().splitlines()[-1]
            return True
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None
        return False

    def stop(self):
        if self.dir:
            subprocess.run([os.path.join(ROOT, "scripts/pg-throwaway"), "stop", "--remove", self.dir],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def _admin_url(self):
        u = urllib.parse.urlsplit(self.url)
        return f"postgresql://postgres@{u.hostname}:{u.port}/postgres"

    def sql(self, *commands):
        args = [self.psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", self._admin_url()]
        for c in commands:
            args += ["-c", c]
        return subprocess.run(args, check=True, stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PGCONNECT_TIMEOUT="10", PGOPTIONS="-c client_min_messages=warning")).stdout.strip()

    def fresh_database(self, name):
        self.sql(f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}" OWNER umpire')
        u = urllib.parse.urlsplit(self.url)
        return urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + name, "", ""))

    def version(self):
        try:
            return self.sql("SHOW server_version")
        except (subprocess.CalledProcessError, OSError):
            return None

    def cpu_seconds(self):
        """CPU seconds of the postmaster and its children now (the servers' backends live as long
        as their connections, so a difference over a window is PostgreSQL's work in it)."""
        try:
            with open(os.path.join(self.dir, "data", "postmaster.pid")) as f:
                master = int(f.readline())
        except (OSError, ValueError, TypeError):
            return None
        total = cpu_seconds(master) or 0.0
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == master:
                    total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except (OSError, IndexError, ValueError):
                pass
        return total


# --- servers ---------------------------------------------------------------------------------

class Server:
    """One umpire-server process on 127.0.0.1 with a free port, its output in its own folder."""

    def __init__(self, binary, folder, db, first, start_timeout):
        self.binary, self.folder, self.db, self.first = binary, folder, db, first
        self.start_timeout = start_timeout
        self.proc = None
        self.port = None
        self.logins = []
        self.starts = 0

    def args(self):
        a = [self.binary, "--config", os.path.join(self.folder, "..", "config.json"),
             "--bind", "127.0.0.1", "--port", "0", "--db", self.db,
             "--rulesets", os.path.join(ROOT, "rulesets"),
             "--scenarios-dir", os.path.join(ROOT, "scenarios"), "--password-cost", "min"]
        if self.first and self.starts == 0:
            a += ["--create-db", "--demo", os.path.join(ROOT, "scenarios/valormr-demo.json")]
        return a

    def start(self):
        os.makedirs(self.folder, exist_ok=True)
        n = self.starts + 1
        out_path = os.path.join(self.folder, f"stdout-{n}.log")
        err_path = os.path.join(self.folder, f"stderr-{n}.log")
        with open(out_path, "w") as out, open(err_path, "w") as err:
            # cwd: on PostgreSQL the server keeps its own files (the demo logins) there.
            self.proc = subprocess.Popen(self.args(), cwd=self.folder, stdout=out, stderr=err,
                                         stdin=subprocess.DEVNULL)
        self.starts = n
        deadline = time.monotonic() + self.start_timeout
        demo = self.first and n == 1  # the banner ends with the logins and the database
        while time.monotonic() < deadline:
            with open(out_path) as f:
                text = f.read()
            m = BANNER.search(text)
            if m and (not demo or "Database:" in text):
                self.port = int(m.group(1))
                if demo:
                    self.logins = [{"account": l.group(1), "password": l.group(2),
                                    "role": l.group(3), "player": l.group(4)}
                                   for l in map(LOGIN.match, text.splitlines()) if l]
                return
            rc = self.proc.poll()
            if rc is not None:
                with open(err_path) as f:
                    lines = [l for l in f.read().splitlines() if l.strip()]
                words = lines[-1] if lines else "(nothing on stderr)"
                self.proc = None
                raise Refused(f"exit code {rc}: {words}",
                              "another umpire-server uses this database" in words)
            time.sleep(0.05)
        self.stop()
        raise Refused(f"no start banner within {self.start_timeout:g} s ({out_path})", False)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)  # a sanitizer build checks for leaks at exit
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def cpu(self):
        return cpu_seconds(self.proc.pid) if self.proc else None


# --- the WebSocket client --------------------------------------------------------------------

class Conn:
    """One WebSocket connection: request/reply by id; everything else pushed is counted."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 1
        self.pushes = 0

    @classmethod
    async def open(cls, port, timeout=10.0):
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=timeout,
                                      ping_interval=None, compression=None, max_size=None,
                                      close_timeout=1)
        c = cls(ws)
        await c.request({"type": "hello", "versions": [1]}, expect="welcome")
        return c

    async def request(self, message, expect=None):
        rid = self.next_id
        self.next_id += 1
        await self.ws.send(json.dumps(dict(message, id=rid)))
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("re") == rid:
                if expect and reply.get("type") != expect:
                    raise RuntimeError(f"{message['type']}: {reply.get('type')} "
                                       f"{reply.get('code', '')} {reply.get('message', '')}".strip())
                return reply
            self.pushes += 1

    async def close(self):
        try:
            await self.ws.close()
        except Exception:  # noqa: BLE001 (the server may be gone)
            pass


async def token_logins(port, logins):
    """A password login for each player account, once: its token, for every later login."""
    tokens, campaign = {}, None
    for l in logins:
        if l["role"] != "player":
            continue
        c = await Conn.open(port)
        r = await c.request({"type": "login", "account": l["account"], "password": l["password"]},
                            expect="logged_in")
        tokens[l["account"]] = r["token"]
        if campaign is None:
            campaigns = (await c.request({"type": "list_campaigns"}, expect="campaigns"))["campaigns"]
            campaign = campaigns[0]["campaign"] if campaigns else "valormr-demo"
        await c.close()
    return tokens, campaign


async def join(port, token, campaign, timeout=10.0):
    """Connects, logs in by token and joins: the connection and the snapshot's period index."""
    c = await Conn.open(port, timeout)
    await c.request({"type": "login", "token": token}, expect="logged_in")
    snap = await c.request({"type": "join", "campaign": campaign}, expect="snapshot")
    return c, snap["view"]["period"]["index"]


async def load(servers, tokens, campaign, per_account, warmup, seconds, pg):
    """The closed loops: round trips, per-server counts, CPU over the timed window."""
    accounts = sorted(tokens)
    conns = []
    for i in range(per_account * len(accounts)):
        server = i % len(servers)
        c, period = await join(servers[server].port, tokens[accounts[i % len(accounts)]], campaign)
        conns.append((c, server, period))
    samples = [[] for _ in conns]
    errors = {}
    t_start = time.perf_counter()
    t_warm = t_start + warmup
    t_end = t_warm + seconds
    cpu = {}

    async def sample_cpu(at, key):
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        cpu[key] = {"servers": [s.cpu() for s in servers], "client": time.process_time(),
                    "postgres": pg.cpu_seconds() if pg else None, "wall": time.perf_counter()}

    async def loop(k, c, period):
        message = {"type": "submit_orders", "campaign": campaign, "period_index": period,
                   "orders": [], "state": "draft"}
        while True:
            t0 = time.perf_counter()
            if t0 >= t_end:
                return
            try:
                reply = await asyncio.wait_for(c.request(message), REQUEST_TIMEOUT)
            except (asyncio.TimeoutError, websockets.ConnectionClosed, OSError) as e:
                code = "timeout" if isinstance(e, asyncio.TimeoutError) else "connection_lost"
                errors[code] = errors.get(code, 0) + 1
                return
            t1 = time.perf_counter()
            if t0 < t_warm or t1 > t_end:
                continue
            if reply.get("type") == "receipt":
                samples[k].append((t1 - t0) * 1000.0)
            else:
                code = reply.get("code", reply.get("type", "?"))
                errors[code] = errors.get(code, 0) + 1

    await asyncio.gather(sample_cpu(t_warm, "start"), sample_cpu(t_end, "end"),
                         *(loop(k, c, p) for k, (c, _, p) in enumerate(conns)))
    pushes = sum(c.pushes for c, _, _ in conns)
    for c, _, _ in conns:
        await c.close()
    wall = cpu["end"]["wall"] - cpu["start"]["wall"]

    def used(a, b):
        return None if a is None or b is None else round(b - a, 3)

    per_server = []
    for s in range(len(servers)):
        n = sum(len(samples[k]) for k, (_, srv, _) in enumerate(conns) if srv == s)
        per_server.append({
            "port": servers[s].port,
            "connections": sum(1 for _, srv, _ in conns if srv == s),
            "messages": n, "messages_per_second": round(n / seconds, 1),
            "cpu_seconds": used(cpu["start"]["servers"][s], cpu["end"]["servers"][s])})
    rtts = sorted(x for k in samples for x in k)
    total = len(rtts)
    return {
        "connections": len(conns), "periods": sorted({p for _, _, p in conns}),
        "seconds": seconds, "measured_seconds": round(wall, 3), "warmup_seconds": warmup,
        "messages": total, "messages_per_second": round(total / seconds, 1),
        "per_server_messages_per_second": round(total / seconds / len(servers), 1),
        "p50_ms": round(percentile(rtts, 50), 3) if rtts else None,
        "p90_ms": round(percentile(rtts, 90), 3) if rtts else None,
        "p99_ms": round(percentile(rtts, 99), 3) if rtts else None,
        "max_ms": round(rtts[-1], 3) if rtts else None,
        "errors": errors, "pushes_received": pushes, "per_server": per_server,
        "cpu_seconds": {
            "servers": used(sum(x for x in cpu["start"]["servers"] if x is not None),
                            sum(x for x in cpu["end"]["servers"] if x is not None)),
            "postgres": used(cpu["start"]["postgres"], cpu["end"]["postgres"]),
            "client": used(cpu["start"]["client"], cpu["end"]["client"])},
    }


# --- carrying on after a server is killed ----------------------------------------------------

async def carry_on(servers, token, campaign, rounds, settle):
    """Each round: a client joined on server X; X is SIGKILLed; the client tries the next
    servers in its list until one takes it back (token login, join, the same period). X is
    started again (same database, new port) and the next round kills the client's new server.
    Returns the rounds and the problem that stopped them early (None)."""
    out = []
    at = 0
    for r in range(rounds):
        n = len(servers)
        order = [(at + i) % n for i in range(1, n + 1)]  # the next servers, wrapping to X last
        conn, period = await join(servers[at].port, token, campaign)
        await asyncio.sleep(settle)

        async def client():
            try:
                while True:
                    await conn.ws.recv()  # whatever is pushed, until the connection drops
            except (websockets.ConnectionClosed, OSError):
                pass
            t_closed = time.perf_counter()
            attempts = []
            deadline = t_closed + 60
            while time.perf_counter() < deadline:
                for s in order:
                    t0 = time.perf_counter()
                    try:
                        c, p = await join(servers[s].port, token, campaign, timeout=5.0)
                    except Exception as e:  # noqa: BLE001 (refused, closed, timed out: the next)
                        attempts.append({"server": s, "ms": round((time.perf_counter() - t0) * 1e3, 1),
                                         "error": f"{type(e).__name__}: {e}"[:200]})
                        continue
                    t_done = time.perf_counter()
                    attempts.append({"server": s, "ms": round((t_done - t0) * 1e3, 1),
                                     "period_index": p})
                    await c.close()
                    if p == period:
                        return t_closed, t_done, s, attempts
                await asyncio.sleep(0.05)
            return t_closed, None, None, attempts

        task = asyncio.create_task(client())
        await asyncio.sleep(0.05)  # the client is waiting on its connection
        killed = servers[at]
        t_kill = time.perf_counter()
        killed.proc.send_signal(signal.SIGKILL)
        t_closed, t_done, to, attempts = await task
        killed.proc.wait()
        killed.proc = None
        rec = {"round": r + 1, "killed_server": at, "period_index": period,
               "closed_ms": round((t_closed - t_kill) * 1e3, 1),
               "carry_on_ms": round((t_done - t_kill) * 1e3, 1) if t_done else None,
               "reconnected_to": to, "attempts": attempts}
        out.append(rec)
        log(f"carry-on round {r + 1}: killed server {at + 1}; the client was back on server "
            f"{'-' if to is None else to + 1} {rec['carry_on_ms']} ms after the kill")
        if to is None:
            return out, "the client found no server that took it back within 60 s"
        try:
            killed.start()
        except Refused as e:
            return out, f"server {at + 1} did not start again: {e}"
        at = to
    return out, None


# --- the run ---------------------------------------------------------------------------------

def run_configuration(name, args, work, pg):
    backend, n, label = CONFIGURATIONS[name]
    result = {"name": name, "label": label, "backend": backend, "servers": n}
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(CONFIG, f, indent=2)
    if backend == "sqlite":
        db = os.path.join(folder, "bench.db")
    else:
        if not pg.url:
            result.update(status="skipped", reason=pg.problem)
            return result, None
        db = pg.fresh_database(f"umpire_mi_{name}")
    result["database"] = "SQLite file" if backend == "sqlite" else "a fresh PostgreSQL database"
    servers = [Server(args.server, os.path.join(folder, f"server-{i + 1}"), db, i == 0,
                      args.start_timeout) for i in range(n)]
    started = []
    try:
        for i, s in enumerate(servers):
            try:
                s.start()
            except Refused as e:
                result.update(status="refused" if e.refused_multi else "failed",
                              reason=f"server {i + 1} of {n} did not start: {e}",
                              started_servers=len(started))
                log(f"{name}: {result['reason']}")
                return result, None
            started.append(s)
        tokens, campaign = asyncio.run(token_logins(servers[0].port, servers[0].logins))
        if not tokens:
            raise RuntimeError("no player logins on the first server's stdout")
        log(f"{name}: {n} server(s) on ports {', '.join(str(s.port) for s in servers)}; "
            f"{args.connections_per_account * len(tokens)} connections for {args.seconds:g} s ...")
        result.update(status="ok", campaign=campaign,
                      **asyncio.run(load(servers, tokens, campaign, args.connections_per_account,
                                         args.warmup, args.seconds, pg if backend != "sqlite" else None)))
        carry = None
        if name == "pg3" and args.carry_on_rounds > 0:
            token = tokens[sorted(tokens)[0]]
            try:
                rounds, problem = asyncio.run(carry_on(servers, token, campaign,
                                                       args.carry_on_rounds, args.settle))
            except Exception as e:  # noqa: BLE001 (reported, not fatal)
                rounds, problem = [], f"{type(e).__name__}: {e}"
            times = [r["carry_on_ms"] for r in rounds if r["carry_on_ms"] is not None]
            closed = [r["closed_ms"] for r in rounds]
            carry = {"status": "ok" if problem is None else "failed", "servers": n,
                     "account": sorted(tokens)[0], "rounds": rounds,
                     "median_ms": round(statistics.median(times), 1) if times else None,
                     "max_ms": max(times) if times else None,
                     "closed_median_ms": round(statistics.median(closed), 1) if closed else None}
            if problem:
                carry["reason"] = problem
        return result, carry
    except Exception as e:  # noqa: BLE001 (one configuration's failure is reported, not fatal)
        result.update(status="failed", reason=f"{type(e).__name__}: {e}")
        log(f"{name}: {result['reason']}")
        return result, None
    finally:
        for s in servers:
            s.stop()


def ratios(results):
    base = next((r for r in results if r["name"] == "sqlite" and r.get("status") == "ok"), None)
    for r in results:
        if base is None or r.get("status") != "ok" or not base["messages_per_second"]:
            continue
        r["ratio_to_sqlite"] = {
            "messages_per_second": round(r["messages_per_second"] / base["messages_per_second"], 3),
            "per_server_messages_per_second": round(
                r["per_server_messages_per_second"] / base["messages_per_second"], 3),
            "p50_ms": round(r["p50_ms"] / base["p50_ms"], 3) if base["p50_ms"] else None,
            "p99_ms": round(r["p99_ms"] / base["p99_ms"], 3) if base["p99_ms"] else None,
        }


def table(doc):
    head = ("configuration", "msg/s", "per server", "/ SQLite", "per server / SQLite", "p50 ms",
            "p99 ms", "errors")
    rows, notes = [head], []
    for r in doc["results"]:
        if r.get("status") != "ok":
            notes.append(f"{r['label']}: {r.get('status')}: {r.get('reason', '')}")
            continue
        q = r.get("ratio_to_sqlite")
        rows.append((r["label"], f"{r['messages_per_second']:,.0f}",
                     f"{r['per_server_messages_per_second']:,.0f}",
                     f"{q['messages_per_second']:.2f}" if q else "-",
                     f"{q['per_server_messages_per_second']:.2f}" if q else "-",
                     f"{r['p50_ms']:.2f}", f"{r['p99_ms']:.2f}", str(sum(r["errors"].values()))))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
             for row in rows] + notes
    c = doc.get("carry_on") or {}
    if c.get("rounds"):
        lines.append(f"carry-on after SIGKILL (3 servers, {len(c['rounds'])} rounds): median "
                     f"{c['median_ms']} ms, max {c['max_ms']} ms; the client saw its connection "
                     f"close after {c['closed_median_ms']} ms (median)")
    if c.get("status") != "ok":
        lines.append(f"carry-on after SIGKILL: {c.get('status', 'not measured')}: {c.get('reason', '')}")
    return "\n".join(lines)


def sanitized(binary):
    try:
        out = subprocess.run(["ldd", binary], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return "libasan" in out or "libtsan" in out or "libubsan" in out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build/bench/server/umpire-server"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build/bench/results/multi-instance.json"))
    ap.add_argument("--work", default=None, help="folder for databases and server logs "
                    "(default: build/bench/multi-instance beside --out's folder)")
    ap.add_argument("--quick", action="store_true", help="2 s per configuration (0.5 s warm-up)")
    ap.add_argument("--seconds", type=float, default=None, help="timed seconds per configuration (5)")
    ap.add_argument("--warmup", type=float, default=None, help="untimed seconds first (1; --quick 0.5)")
    ap.add_argument("--connections-per-account", type=int, default=2)
    ap.add_argument("--carry-on-rounds", type=int, default=None, help="3")
    ap.add_argument("--settle", type=float, default=0.3,
                    help="seconds a carry-on client waits joined before its server is killed")
    ap.add_argument("--start-timeout", type=float, default=60.0)
    ap.add_argument("--configurations", default="sqlite,pg1,pg2,pg3")
    args = ap.parse_args()
    args.seconds = args.seconds if args.seconds is not None else (2.0 if args.quick else 5.0)
    args.warmup = args.warmup if args.warmup is not None else (0.5 if args.quick else 1.0)
    args.carry_on_rounds = 3 if args.carry_on_rounds is None else args.carry_on_rounds
    names = [n for n in args.configurations.split(",") if n]
    if any(n not in CONFIGURATIONS for n in names) or args.connections_per_account < 1:
        ap.error(f"configurations are {', '.join(CONFIGURATIONS)}; connections per account >= 1")
    args.server = os.path.abspath(args.server)
    if not os.access(args.server, os.X_OK):
        print(f"multi_instance_bench: no server at {args.server}", file=sys.stderr)
        return 1
    out = os.path.abspath(args.out)
    work = os.path.abspath(args.work or os.path.join(os.path.dirname(os.path.dirname(out)),
                                                     "multi-instance"))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    os.makedirs(work, exist_ok=True)

    pg = Postgres()
    # Stopped whatever happens: SIGTERM and SIGINT unwind through the finally below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    doc = {"schema": "umpire-multi-instance-bench/1",
           "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "machine": {"nproc": len(os.sched_getaffinity(0)), "cpus": os.cpu_count(),
                       "cpu_model": cpu_model(), "kernel": platform.release()}}
    try:
        if any(CONFIGURATIONS[n][0] == "postgresql" for n in names):
            log("starting a throwaway PostgreSQL (scripts/pg-throwaway) ...")
            if pg.start():
                log(f"PostgreSQL at {pg.url}")
            else:
                log(f"{pg.problem}: measuring the SQLite baseline only")
        doc["configuration"] = {
            "server": os.path.relpath(args.server, ROOT) if args.server.startswith(ROOT) else args.server,
            "server_sanitized": sanitized(args.server),
            "server_flags": ["--config", "config.json", "--bind", "127.0.0.1", "--port", "0",
                             "--db", "DB", "--rulesets", "rulesets", "--scenarios-dir", "scenarios",
                             "--password-cost", "min"],
            "first_server_flags": ["--create-db", "--demo", "scenarios/valormr-demo.json"],
            "config_file": CONFIG, "quick": args.quick, "seconds": args.seconds,
            "warmup_seconds": args.warmup, "connections_per_account": args.connections_per_account,
            "spread": "round-robin over the configuration's servers, and over the player accounts",
            "message": {"type": "submit_orders", "campaign": "CAMPAIGN", "period_index": "OPEN",
                        "orders": [], "state": "draft"},
            "loop": "closed: one request in flight per connection",
            "configurations": names, "carry_on_rounds": args.carry_on_rounds,
            "carry_on_settle_seconds": args.settle,
            "postgres": {"available": pg.url is not None, "problem": pg.problem,
                         "version": pg.version() if pg.url else None,
                         "cluster": "scripts/pg-throwaway (durable: fsync and synchronous_commit on), "
                                    "on this machine over TCP; a new database per configuration"},
            "client": {"python": platform.python_version(), "websockets": websockets.__version__,
                       "process": "one asyncio process for every connection"},
        }
        doc["results"], doc["carry_on"] = [], None
        for name in names:
            result, carry = run_configuration(name, args, work, pg)
            doc["results"].append(result)
            if name == "pg3":
                doc["carry_on"] = carry or {
                    "status": "not measured",
                    "reason": f"the three servers did not run (pg3 {result.get('status')}; see its reason)"}
        if "pg3" not in names:
            doc["carry_on"] = {"status": "not measured", "reason": "pg3 was not among the configurations"}
        ratios(doc["results"])
    finally:
        pg.stop()
    with open(out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    print(table(doc))
    print(f"wrote {out}")
    base = next((r for r in doc["results"] if r["name"] == "sqlite"), None)
    return 1 if base is not None and base.get("status") != "ok" else 0


if __name__ == "__main__":
    sys.exit(main())
