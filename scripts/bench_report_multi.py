"""The "Several servers over PostgreSQL" section of docs/benchmarks.md, from
bench/multi_instance_bench.py's JSON: one, two and three umpire-servers on one PostgreSQL
database, each figure beside one umpire-server on SQLite measured in the same run, as a ratio;
and how long a client takes to carry on when its server is killed."""
import json


def load(path):
    with open(path) as f:
        return json.load(f)


def _ms(x):
    return "—" if x is None else f"{x:,.1f}"


def _ratio(x):
    return "—" if x is None else f"{x:.2f}×"


def _busy(r):
    """CPUs kept busy over the timed window: servers + PostgreSQL + the client."""
    c, s = r.get("cpu_seconds", {}), r["seconds"]
    parts = [c.get("servers"), c.get("postgres"), c.get("client")]
    return " + ".join("—" if p is None else f"{p / s:.2f}" for p in parts)


def carry_on_lines(c):
    if not c:
        return ["Carrying on after a server is killed: not measured in this run.", ""]
    rounds = c.get("rounds") or []
    if c.get("status") != "ok" and not any(r.get("carry_on_ms") is not None for r in rounds):
        return [f"Carrying on after a server is killed: not measured: {c.get('reason', c.get('status'))}.", ""]
    each = ", ".join(_ms(r["carry_on_ms"]) for r in rounds)
    text = (f"**Carrying on after a server is killed.** With three servers, a client (`{c['account']}`, "
            "token login) joined on one of them; that server is killed (SIGKILL) and the client tries "
            "the next server in its list: it connects, logs in with its token, joins again and gets a "
            "snapshot of the same period. From the kill to that snapshot: "
            f"**median {_ms(c['median_ms'])} ms, at most {_ms(c['max_ms'])} ms** over {len(rounds)} "
            f"rounds ({each} ms); the client saw its connection close {_ms(c['closed_median_ms'])} ms "
            "after the kill (median). Each round kills the server the client is on and starts it "
            "again before the next, so the kills go round the servers; no other load runs meanwhile, "
            "and there is no proxy in front (a proxy adds its own detection of the dead server).")
    if c.get("status") != "ok":
        text += f" Stopped early: {c.get('reason', '')}."
    return [text, ""]


def section(path):
    doc = load(path)
    m, cfg = doc["machine"], doc["configuration"]
    results = doc["results"]
    ok = [r for r in results if r.get("status") == "ok"]
    connections = next((r["connections"] for r in ok), None)
    lines = ["## Several servers over PostgreSQL", "",
             f"Measured {doc['date'][:19]}Z on {m.get('cpu_model') or 'an unnamed CPU'} ({m['nproc']} CPUs) by "
             "`bench/multi_instance_bench.py`: one umpire-server on a fresh SQLite file (the baseline), then "
             "one, two and three umpire-servers on one PostgreSQL database (a fresh database each time, in "
             "a durable throwaway cluster of `scripts/pg-throwaway` on this machine, over TCP), all on "
             "127.0.0.1 with the limits of `scripts/bench_server` raised. "
             f"{connections if connections is not None else 'The'} WebSocket connections "
             f"({cfg['connections_per_account']} for each of the demo's player accounts, token logins) are "
             "spread round-robin over the servers, each joined to the demo campaign and sending "
             "`submit_orders` drafts (an empty order list for the open period: a commit each, and "
             "`view_delta`s pushed to the account's joined connections) in a closed loop, one in flight, "
             f"for {cfg['seconds']:g} s after {cfg['warmup_seconds']:g} s of warm-up; every round trip is "
             "timed. The client is one Python process (asyncio, `websockets`). "
             f"**On a {m['nproc']}-core machine the servers, PostgreSQL and the client share the CPUs, so "
             "this table shows the overhead of several servers on one database, not how they scale**: "
             "read each server's throughput against the single SQLite server's.", ""]
    if cfg.get("server_sanitized"):
        lines += [f"The server was a sanitizer build (`{cfg['server']}`): these figures check the "
                  "mechanics only.", ""]
    if not cfg["postgres"]["available"]:
        lines += [f"PostgreSQL was not there ({cfg['postgres'].get('problem') or 'not installed'}): only the "
                  "SQLite baseline was measured.", ""]
    lines += ["| configuration | servers | messages/s | per server | total / SQLite | per server / SQLite | "
              "p50 (ms) | p99 (ms) | p99 / SQLite | errors | CPUs busy: servers + PostgreSQL + client |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    notes = []
    for r in results:
        if r.get("status") != "ok":
            lines.append(f"| {r['label']} | {r['servers']} | — | — | — | — | — | — | — | — | "
                         f"{r.get('status', 'not measured')} |")
            notes.append((f"{r.get('status')}: {r.get('reason', '')}", r["label"]))
            continue
        q = r.get("ratio_to_sqlite", {})
        errors = sum(r["errors"].values())
        lines.append(f"| {r['label']} | {r['servers']} | {r['messages_per_second']:,.0f} | "
                     f"{r['per_server_messages_per_second']:,.0f} | {_ratio(q.get('messages_per_second'))} | "
                     f"{_ratio(q.get('per_server_messages_per_second'))} | {_ms(r['p50_ms'])} | "
                     f"{_ms(r['p99_ms'])} | {_ratio(q.get('p99_ms'))} | {errors:,} | {_busy(r)} |")
        if errors:
            notes.append(("errors " + ", ".join(f"{k} {v}" for k, v in sorted(r["errors"].items())),
                          r["label"]))
    spread = [r for r in ok if r["servers"] > 1]
    text = ("Messages are replies (`receipt`s) received per second over the timed window; "
            "\"per server\" divides them by the servers; CPUs busy is CPU time (user + system) over "
            "the window, PostgreSQL's summed over its processes.")
    if spread:
        text += " Each server's own share: " + "; ".join(
            f"{r['servers']} servers " + ", ".join(f"{s['messages_per_second']:,.0f}" for s in r["per_server"])
            for r in spread) + " messages/s."
    lines += ["", text]
    if notes:  # one reason for several configurations (no PostgreSQL, say) is said once
        by_reason = {}
        for reason, label in notes:
            by_reason.setdefault(reason, []).append(label)
        lines += ["", "Not measured or not clean: " + "; ".join(
            f"{' / '.join(labels)}: {reason}" for reason, labels in by_reason.items()) + "."]
    lines.append("")
    return lines + carry_on_lines(doc.get("carry_on"))
