"""The "Server" section of docs/benchmarks.md and its plot, from bench/load_client's results
for umpire-server and the bare Beast echo server measured in the same run (scripts/bench_server).
"""
import json
import math

GOAL_HELD = 5000          # connections held with p99 <= 50 ms, on 2 cores
GOAL_RATIO = 0.5          # umpire's messages per second against the echo server's
GOAL_BYTES = 16 * 1024    # server memory per idle connection


def load(path):
    with open(path) as f:
        return json.load(f)


def held_text(r):
    steps = r["steps"]
    text = f"{r['held']:,}"
    # A last step within the goal is only a lower bound: no larger count was tried.
    if steps and steps[-1]["within_goal"] and steps[-1]["connections"] == r["held"]:
        text = "≥ " + text
    return text


def busy_text(r, name):
    """How busy the server and the client were in the best round: below 1 CPU each, the machine
    (other work, or the other process) held them back."""
    best = max(r["throughput"]["rounds"], key=lambda x: x["messages_per_second"])
    if "client_cpu_seconds" not in best:
        return ""
    return (f"; in {name}'s best round the server was busy {best['server_cpu_seconds'] / best['seconds']:.2f} "
            f"of a CPU and the client {best['client_cpu_seconds'] / best['seconds']:.2f}")


def close_text(u, e):
    """How long each server stayed busy after all the held connections closed at once."""
    if "close_settle_seconds" not in u or "close_settle_seconds" not in e:
        return ""
    return (f" When all {u['memory']['connections']:,} closed at once, umpire-server's CPU time stopped "
            f"growing after {u['close_settle_seconds']:.1f} s, the echo server's after "
            f"{e['close_settle_seconds']:.1f} s (0.2 s is the shortest this measure gives).")


def alternation_text(u, e):
    """The rounds' ratios, when the two servers' rounds alternated (scripts/bench_server)."""
    if not (u["throughput"].get("alternated") and e["throughput"].get("alternated")):
        return ""
    pairs = zip(u["throughput"]["rounds"], e["throughput"]["rounds"])
    ratios = [a["messages_per_second"] / b["messages_per_second"] for a, b in pairs]
    return (" Rounds alternate between the servers (echo, umpire, echo, …), so a slower spell of the "
            "shared machine falls on both; umpire / echo round by round: "
            + ", ".join(f"{r:.2f}" for r in ratios) + ".")


def plot(umpire, echo, goal_ms, path):
    """p99 round trip against connections held, both servers, log y, with the goal line."""
    w, h, pad = 560, 360, 56
    series = [(s["connections"], max(s["p99_ms"], 0.01)) for s in umpire["steps"]]
    base = [(s["connections"], max(s["p99_ms"], 0.01)) for s in echo["steps"]]
    xs = [n for n, _ in series + base]
    ys = [t for _, t in series + base] + [goal_ms]
    lo, hi = math.log10(min(ys)) - 0.2, math.log10(max(ys)) + 0.2
    x1 = max(xs)

    def px(n):
        return pad + n / x1 * (w - 2 * pad)

    def py(t):
        return h - pad - (math.log10(t) - lo) / (hi - lo) * (h - 2 * pad)

    def line(points, colour, label, dash=""):
        pts = " ".join(f"{px(n):.1f},{py(t):.1f}" for n, t in points)
        marks = "" if dash else "".join(
            f'<circle cx="{px(n):.1f}" cy="{py(t):.1f}" r="3" fill="{colour}"/>' for n, t in points)
        return (f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2" '
                f'stroke-dasharray="{dash}"><title>{label}</title></polyline>{marks}')

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
           f'aria-label="p99 round trip against connections held">',
           '<title>p99 round trip of a ping against connections held (log scale)</title>',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<line x1="{pad}" y1="{h-pad}" x2="{w-pad}" y2="{h-pad}" stroke="black"/>',
           f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h-pad}" stroke="black"/>']
    last = -100.0
    for n in sorted(set(xs), reverse=True):  # labels too close to the next one are left out
        if abs(last - px(n)) < 40:
            continue
        last = px(n)
        svg.append(f'<text x="{px(n):.1f}" y="{h-pad+18}" font-size="11" text-anchor="middle">{n:,}</text>')
    for e in range(math.ceil(lo), math.floor(hi) + 1):
        svg.append(f'<text x="{pad-6}" y="{py(10**e)+4:.1f}" font-size="12" text-anchor="end">{10**e:g} ms</text>')
    svg.append(line([(0, goal_ms), (x1, goal_ms)], "#999999", f"goal: {goal_ms:g} ms", "4 4"))
    svg.append(line(series, "#c0392b", "umpire-server"))
    svg.append(line(base, "#2c7fb8", "baseline: Beast echo server"))
    svg.append(f'<text x="{w/2}" y="{h-12}" font-size="12" text-anchor="middle">connections held</text>')
    legend = [("#c0392b", "umpire-server"), ("#2c7fb8", "baseline: Beast echo server"),
              ("#999999", f"goal: p99 ≤ {goal_ms:g} ms")]
    for i, (colour, text) in enumerate(legend):  # one row above the plot
        x = pad + (0, 130, 340)[i]
        svg.append(f'<rect x="{x}" y="15" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{x+16}" y="24" font-size="12">{text}</text>')
    svg.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")


def section(umpire_path, echo_path, svg_path, svg_name):
    """Markdown lines of the Server section; writes the plot to svg_path."""
    u, e = load(umpire_path), load(echo_path)
    m = u["machine"]
    goal_ms = u["goal_p99_ms"]
    lines = ["## Server: connections, round trips, throughput, memory", "",
             f"Measured {m['date']} on {m['cpu_model'] or 'an unnamed CPU'} ({m['cpus']} CPUs), the load "
             "client (`bench/load_client.cpp`, one thread) and the server sharing them, over 127.0.0.1. "
             "Baseline: a bare Beast WebSocket echo server on one thread (`bench/echo_server.cpp`), measured "
             "in the same run. umpire-server runs the demo campaign with its limits raised for one address "
             "(`scripts/bench_server`); every connection says `hello` and logs in by token. At each step the "
             f"connections stay open and idle while {u['steps'][0]['samples'] if u['steps'] else 0} `ping` → "
             "`pong` round trips are timed on connections drawn at random from all of them; a step is held "
             f"when every connection opened and the p99 is at most {goal_ms:g} ms.", ""]
    ratio = u["throughput"]["messages_per_second"] / e["throughput"]["messages_per_second"]
    mem_u, mem_e = u["memory"]["bytes_per_connection"], e["memory"]["bytes_per_connection"]

    def met(ok):
        return "yes" if ok else "**no**"

    t = u["throughput"]
    held_ratio = f"{u['held'] / e['held']:.2f}" if e["held"] else "—"
    lines += ["| measure | umpire-server | echo baseline | umpire / echo | goal | met |",
              "|---|---:|---:|---:|---|---|",
              f"| connections held (p99 ≤ {goal_ms:g} ms) | {held_text(u)} | {held_text(e)} | "
              f"{held_ratio} | ≥ {GOAL_HELD:,} | {met(u['held'] >= GOAL_HELD)} |",
              f"| delivered messages per second | {t['messages_per_second']:,.0f} | "
              f"{e['throughput']['messages_per_second']:,.0f} | {ratio:.2f} | ≥ {GOAL_RATIO} × echo | "
              f"{met(ratio >= GOAL_RATIO)} |",
              f"| server CPU per reply | {t['server_cpu_us_per_message']:.1f} µs | "
              f"{e['throughput']['server_cpu_us_per_message']:.1f} µs | "
              f"{t['server_cpu_us_per_message'] / e['throughput']['server_cpu_us_per_message']:.2f} | — | |",
              f"| memory per idle connection | {mem_u / 1024:.1f} KiB | {mem_e / 1024:.1f} KiB | "
              f"{mem_u / mem_e:.2f} | ≤ {GOAL_BYTES // 1024} KiB | {met(mem_u <= GOAL_BYTES)} |", "",
              f"Throughput: {t['connections']} connections each keeping {t['window']} pings in flight; replies "
              f"received per second in the best of {len(t['rounds'])} rounds of {t['rounds'][0]['seconds']:.1f} s "
              f"({t['errors']} errors), and the server's CPU time (user + system) per reply in its cheapest "
              "round, which other work on the machine disturbs less"
              + busy_text(u, "umpire-server") + busy_text(e, "the echo server") + "."
              + alternation_text(u, e) + " Memory: the server's "
              f"RSS growth from no connections to {u['memory']['connections']:,} idle logged-in connections, "
              "divided by their number (kernel socket buffers are not in it)." + close_text(u, e), "",
              "| connections | umpire p50 (ms) | umpire p99 (ms) | echo p50 (ms) | echo p99 (ms) | "
              "umpire RSS (MiB) | echo RSS (MiB) |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    echo_steps = {s["connections"]: s for s in e["steps"]}
    for s in u["steps"]:
        b = echo_steps.get(s["connections"])
        mark = "" if s["within_goal"] else " ✗"
        lines.append(f"| {s['connections']:,}{mark} | {s['p50_ms']:.2f} | {s['p99_ms']:.2f} | "
                     + (f"{b['p50_ms']:.2f} | {b['p99_ms']:.2f} | " if b else "— | — | ")
                     + f"{s['rss_kib'] / 1024:.1f} | " + (f"{b['rss_kib'] / 1024:.1f} |" if b else "— |"))
    if not all(s["within_goal"] for s in u["steps"] + e["steps"]):
        lines += ["", "✗: a step not held (a connection failed, or a p99 over the goal)."]
    for r, name in [(u, "umpire-server"), (e, "echo server")]:
        if "stopped" in r:
            lines += ["", f"{name}: steps stopped early ({r['stopped']})."]
        if "note" in r:
            lines += ["", f"{name}: {r['note']}."]
    if u["steps"] and e["steps"]:
        plot(u, e, goal_ms, svg_path)
        lines += ["", f"![p99 round trip against connections held]({svg_name})"]
    return lines + [""]
