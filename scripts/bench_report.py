#!/usr/bin/env python3
"""Writes docs/benchmarks.md (tables) and SVG plots from Google Benchmark JSON results and the
server load client's results.

Usage: bench_report.py [--multi-instance MULTI_JSON] RULES_JSON RULES_LIBC_JSON STORAGE_JSON
                       START_JSON CPUS_JSON OUT_MD OUT_SVG [UMPIRE_JSON ECHO_JSON SERVER_SVG [WEB_MAP_JSON]]
START_JSON: bench/server_start_bench's results (restart with 100 campaigns).
CPUS_JSON: what scripts/bench_cpus.py measured on each CPU, and the CPU it chose.
Every figure is shown beside the baseline measured in the same run, as a ratio. The server
section (bench_report_server.py) is written when the load client's results are given, and the
browser map's (bench_report_web.py) when bench/web/map_bench.mjs's results are. With
--multi-instance, the section on several servers over PostgreSQL (bench_report_multi.py) follows
the server's, from bench/multi_instance_bench.py's results when that file exists (a line saying
it was not measured when it does not).
Comparisons of one commit against the one before it are kept by hand in
docs/benchmarks-comparisons.md, which this does not write.
"""
import json
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
import bench_report_commands  # noqa: E402
import bench_report_multi  # noqa: E402
import bench_report_server  # noqa: E402
import bench_report_web  # noqa: E402


def load(path):
    with open(path) as f:
        return json.load(f)


def runs(doc, prefix):
    """Results whose name starts with prefix, keyed by their argument (or name): the median of
    repetitions where there are some, else the single run."""
    out = {}
    for b in doc["benchmarks"]:
        median = b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median"
        if not (median or b.get("run_type") == "iteration") or not b["name"].startswith(prefix):
            continue
        name = b["name"][:-len("_median")] if median else b["name"]
        parts = name.split("/")
        # "BM_X/1000" is keyed by its argument, "BM_X/real_time" by its name.
        out[parts[1] if len(parts) > 1 and parts[1].isdigit() else parts[0]] = b
    return out


def ms(b, key="real_time"):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
    return b.get(key, b["real_time"]) * scale


def rounds_of(results):
    """How many rounds each median is of (scripts/bench_median.py), in words for a few."""
    n = max((b.get("repetitions", 1) for b in results.values()), default=1)
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(n, str(n))


def spread(b):
    """The fastest and the slowest round, where the rounds were kept (scripts/bench_median.py)."""
    if "real_time_min" not in b:
        return "—"
    return f"{ms(b, 'real_time_min'):.1f}–{ms(b, 'real_time_max'):.1f}"


def plot(points, baseline, path):
    """Log-log plot of resolve time and baseline time against forces, with an N log N guide."""
    w, h, pad = 560, 360, 56
    xs = [math.log10(n) for n, _ in points]
    all_y = [t for _, t in points] + [t for _, t in baseline]
    lo, hi = math.log10(min(all_y)) - 0.2, math.log10(max(all_y)) + 0.2
    x0, x1 = min(xs), max(xs)

    def px(n):
        return pad + (math.log10(n) - x0) / (x1 - x0 or 1) * (w - 2 * pad)

    def py(t):
        return h - pad - (math.log10(t) - lo) / (hi - lo) * (h - 2 * pad)

    def line(series, colour, label, dash=""):
        pts = " ".join(f"{px(n):.1f},{py(t):.1f}" for n, t in series)
        marks = "".join(f'<circle cx="{px(n):.1f}" cy="{py(t):.1f}" r="3" fill="{colour}"/>'
                        for n, t in series)
        return (f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2" '
                f'stroke-dasharray="{dash}"><title>{label}</title></polyline>{marks}')

    n0, t0 = points[0]
    guide = [(n, t0 * (n * math.log(n)) / (n0 * math.log(n0))) for n, _ in points]
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
           f'aria-label="Resolve time against forces, log-log">',
           '<title>One period: resolve time and baseline against forces (log-log)</title>',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<line x1="{pad}" y1="{h-pad}" x2="{w-pad}" y2="{h-pad}" stroke="black"/>',
           f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h-pad}" stroke="black"/>']
    for n, _ in points:
        svg.append(f'<text x="{px(n):.1f}" y="{h-pad+18}" font-size="12" text-anchor="middle">{n:,}</text>')
    for e in range(math.ceil(lo), math.floor(hi) + 1):
        svg.append(f'<text x="{pad-6}" y="{py(10**e)+4:.1f}" font-size="12" text-anchor="end">{10**e:g} ms</text>')
    svg.append(line(points, "#c0392b", "resolve a period"))
    svg.append(line(baseline, "#2c7fb8", "baseline: write the state"))
    svg.append(line(guide, "#999999", "N log N from the first point", "4 4"))
    svg.append(f'<text x="{w/2}" y="{h-12}" font-size="12" text-anchor="middle">forces</text>')
    legend = [("#c0392b", "resolve a period"), ("#2c7fb8", "baseline: write the state"),
              ("#999999", "N log N guide")]
    for i, (colour, text) in enumerate(legend):
        y = pad + 14 * i
        svg.append(f'<rect x="{pad+10}" y="{y-9}" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{pad+26}" y="{y}" font-size="12">{text}</text>')
    svg.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")


def growth_line(points):
    """Time's growth between the last two sizes against N log N's, as a sentence."""
    (n0, t0), (n1, t1) = points[-2], points[-1]
    growth = math.log(t1 / t0) / math.log(n1 / n0)
    nlogn = math.log((n1 * math.log(n1)) / (n0 * math.log(n0))) / math.log(n1 / n0)
    excess = (t1 / t0) / ((n1 * math.log(n1)) / (n0 * math.log(n0))) - 1
    verdict = ("no faster than N log N: goal met" if excess <= 0 else
               f"{excess:.0%} more than N log N allows over this step: goal not met")
    return (f"time ∝ N^{growth:.2f} from {n0:,} to {n1:,} forces; N log N would be "
            f"N^{nlogn:.2f} over the same step ({verdict})")


def cpu_model():
    """The CPU's name from /proc/cpuinfo ("" where there is none): figures move with the host."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def cpus_paragraph(cpus):
    """Where the in-process benchmarks ran, and every CPU's times for the probe periods."""
    if cpus.get("chosen") is None:
        return ("The in-process benchmarks ran unpinned (one CPU, or no taskset), so each "
                "figure is from whichever CPU the scheduler gave them.")
    chosen = str(cpus["chosen"])
    big, small = cpus["probes"][-1], cpus["probes"][0]

    def fastest(cpu, probe):
        return min(cpus["cpus"][cpu][probe])

    def forces(probe):
        return f"{int(probe.split('/')[1]):,}"

    others = [c for c in sorted(cpus["cpus"], key=int) if c != chosen]
    each = "; ".join(f"CPU {c}: {fastest(c, big):.1f} ms for {forces(big)} forces and "
                     f"{fastest(c, small):.2f} ms for {forces(small)}"
                     for c in [chosen] + others)
    slowest = max(others, key=lambda c: fastest(c, big))
    ratio_big = fastest(slowest, big) / fastest(chosen, big)
    ratio_small = fastest(slowest, small) / fastest(chosen, small)
    rounds = len(cpus["cpus"][chosen][big])
    per_round = [str(r["chosen"]) for r in cpus.get("rounds", [])]
    if per_round:
        listed = (f"{', '.join(per_round[:-1])} and {per_round[-1]}" if len(per_round) > 1
                  else per_round[0])
        where = ("Which CPU is the slower has changed in the middle of a run, so before each "
                 "round of the rules benchmarks a shorter probe (one period of each size on each "
                 f"CPU) chose again: the rounds ran on CPU {listed}, baselines included, and the "
                 "storage benchmark on the last round's")
    else:
        where = (f"The rules and storage benchmarks, baselines included, ran on CPU {chosen}, "
                 "the quickest")
    if ratio_small < 1.15 <= ratio_big:
        why = (": the larger working set, which does not fit a core's own caches, is what one "
               "CPU does slower, which points at cache the host shares with its other guests")
    elif ratio_big >= 1.15:
        why = (" (on other runs the smaller period was as quick on both, and only the larger "
               "working set slower: the host shares that CPU's time or cache with other work)")
    else:
        why = ": alike in this run"
    return (f"Pinned to one CPU. The CPUs of this virtual machine need not be equally "
            f"quick: before the benchmarks, `scripts/bench_cpus.py` resolved the "
            f"{forces(small)}- and {forces(big)}-force periods on each CPU in turn ({rounds} "
            f"rounds each, fastest round given): {each}. CPU {slowest} took {ratio_big:.2f}× "
            f"as long for {forces(big)} forces and {ratio_small:.2f}× for {forces(small)}{why}. "
            f"{where}; the server's load test uses both CPUs (server and client).")


def main(rules_path, rules_libc_path, storage_path, start_path, cpus_path, md_path, svg_path,
         umpire_path=None, echo_path=None, server_svg_path=None, web_map_path=None, multi_path=None):
    rules, storage, cpus = load(rules_path), load(storage_path), load(cpus_path)
    libc = runs(load(rules_libc_path), "BM_ResolvePeriod/")
    resolve, write = runs(rules, "BM_ResolvePeriod/"), runs(rules, "BM_WriteState/")
    forces = sorted(int(n) for n in resolve)
    lines = ["# Benchmarks", "",
             "Written by `scripts/bench` on " + rules["context"]["date"] + " on "
             f"{cpu_model() or 'an unnamed CPU'} ({rules['context']['num_cpus']} CPUs). "
             "Benchmarks are not tests: each figure stands beside a baseline measured in the same run. "
             "Four parts: the rules engine resolving one period, storage committing one, the server "
             "under load (connections held, delivered messages per second, memory per idle connection) "
             "against a bare Beast WebSocket echo server, and the web client's map of a 1,000-force "
             "campaign in Chromium against the demo's. Load loops are bounded in count and time and "
             "target 127.0.0.1 only. Wall-clock figures move with the host: runs before 2026-12-01 "
             "were on an Intel Xeon at 2.0 GHz where the 1,000-force period took 92 ms (211 "
             "million instructions) against some 22 ms for 217 million here, and on this machine "
             "the same engine has taken 22.6 ms and 40.5 ms for it within one minute, which was "
             "mostly which of the two CPUs the run landed on (below). Compare a figure with its "
             "baseline in the same run, and changes to the engine by instruction counts "
             "(callgrind), as the rules paragraph does.", "",
             cpus_paragraph(cpus), "",
             "Changes measured against the commit before them (the edge, hidden information) are "
             "in [benchmarks-comparisons.md](benchmarks-comparisons.md).", "",
             "## Rules: one period", "",
             "Forces scattered about six hexes apart, every one marching, contacts answered by standing "
             "instructions (`bench/rules_bench.cpp`), allocating through jemalloc as umpire-server "
             f"does; each figure the median of {rounds_of(resolve)} rounds (the fastest and slowest beside it), each round after one period resolved untimed (as a "
             "server has resolved periods before). Baseline: writing the same state as "
             "a scenario document. Goal: 1,000 forces under 20 ms, growth no faster than N log N.", "",
             "| forces | contacts | events | resolve (ms) | rounds (ms) | baseline (ms) | resolve / baseline | per force (µs) |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    points, base = [], []
    for n in forces:
        r, b = resolve[str(n)], write.get(str(n))
        points.append((n, ms(r)))
        if b:
            base.append((n, ms(b)))
        base_ms = f"{ms(b):.1f}" if b else "—"
        ratio = f"{ms(r) / ms(b):.1f}×" if b else "—"
        lines.append(f"| {n:,} | {int(r.get('contacts', 0)):,} | {int(r.get('events', 0)):,} | "
                     f"{ms(r):.1f} | {spread(r)} | {base_ms} | {ratio} | {ms(r) * 1000 / n:.0f} |")
    if len(points) > 1:
        lines += ["", f"Growth: {growth_line(points)}."]
        if len(base) > 1:
            (n0, t0), (n1, t1) = base[-2], base[-1]
            lines[-1] += (f" The baseline, which touches every force once, grows N^"
                          f"{math.log(t1 / t0) / math.log(n1 / n0):.2f} over the same step in "
                          "the same run: on this host large states cost more than their size.")
        fastest = [(n, ms(resolve[str(n)], "real_time_min")) for n in forces
                   if "real_time_min" in resolve[str(n)]]
        if len(fastest) > 1:
            (n0, t0), (n1, t1) = fastest[-2], fastest[-1]
            lines[-1] += (" The goal is judged on the medians; the host's other work moves "
                          "single rounds a long way (the \"rounds\" column), and between each "
                          "size's fastest rounds time grew "
                          f"N^{math.log(t1 / t0) / math.log(n1 / n0):.2f}.")
        lines.append("")
    libc_points = [(n, ms(libc[str(n)])) for n in forces if str(n) in libc]
    if libc_points:
        lines += ["The same periods on glibc's malloc (`rules_bench_libc`), for what the allocator "
                  "is worth; the two builds take turns, round by round, so that a slower spell of "
                  "the machine falls on both:", "",
                  "| forces | jemalloc (ms) | glibc malloc (ms) | glibc / jemalloc |",
                  "|---:|---:|---:|---:|"]
        for n, t in libc_points:
            j = ms(resolve[str(n)])
            lines.append(f"| {n:,} | {j:.1f} | {t:.1f} | {t / j:.2f}× |")
        if len(libc_points) > 1:
            lines += ["", f"On glibc's malloc: {growth_line(libc_points)}.", ""]
    if "1000" in resolve:
        t = ms(resolve["1000"])
        elsewhere = ""
        if cpus.get("chosen") is not None:
            big = cpus["probes"][-1]
            other = {c: min(v[big]) for c, v in cpus["cpus"].items() if c != str(cpus["chosen"])}
            elsewhere = "".join(
                f"; on CPU {c}, timed before the benchmarks, its fastest round took {o:.1f} ms "
                f"({'met' if o < 20 else 'not met'} there)" for c, o in sorted(other.items()))
        lines += [f"1,000 forces: {t:.1f} ms on the quicker CPU against the 20 ms goal "
                  f"({'met' if t < 20 else 'not met'}){elsewhere}. What was done: events are written straight "
                  "to the JSON text they are stored as (some 33 per force here: every die rolled "
                  "and every decision settled is an event), nested parts too, with no "
                  "nlohmann::json object built on the way; knowledge facts are kept as their text; "
                  "storage hands the engine the start state's version; decision contexts are built "
                  "only when read, and contact windows carry the two figures the standing "
                  "instruction \"evade if larger\" compares; new contacts are looked for around the "
                  "forces that moved; retreats ask a per-side index of positions; forces by id, "
                  "sides by force, forces by hex and map hexes are array or hash lookups while a "
                  "period resolves; event field names are checked when compiled and each set of "
                  "names is laid out once; event texts are kept end to end in large blocks, and "
                  "audiences known beforehand are written at once; decision requests share their "
                  "options and defaults; the ruleset's terrain and troop types are found through a "
                  "hash index of their names; the memory of a freed event list is kept for the "
                  "next on the thread; a period does not copy the map or the forces' standing "
                  "instructions (copies of a state share them until one changes); audiences are "
                  "made once per thread and written as their text; event values are written "
                  "inline; the contact procedure keeps the handful of forces it asks for, with "
                  "their sides; the forces next to a hex are visited where they stand; an event's "
                  "field layout is looked for first where the same place in the rules last found "
                  "it. This round, found by sampling where the time goes on the CPU (perf), "
                  "which instruction counts do not show: a step's terrain was read from the "
                  "map's hex, scattered in a tree, for every hex a force entered or looked at "
                  "(4.6% of the time, 0.6% of the instructions: the reads missed the cache); the "
                  "map's grid now keeps each hex's terrain as a small number in an array of its "
                  "own, and the terrain lookup fell to 1.1%. The adjacent pairs of forces at the "
                  "start and end of each half period are found through the index of forces by "
                  "hex the period keeps, not by sorting every force's hex again (4.3% of the "
                  "time to 1.4%). A force's standing instructions are read out when they are "
                  "set (which members they hold, true or false, the contact choices as codes), "
                  "so that settling a decision no longer walks the JSON object's tree of heap "
                  "nodes (3% of the time, with the text compares it made). The index of "
                  "positions takes the map's extent from the grid, worked out once per map, "
                  "instead of walking its 6,000 hexes every period (1.6%); the movement phase's "
                  "entries by force id are hashed and compared a word at a time; an event is "
                  "written at the free end of the event list's last block, where it is kept, "
                  "rather than aside and copied there (5 MB a period). Where the "
                  "instructions go (callgrind, 1,000 forces, the Release build benchmarked here: "
                  "158 million, from 162 million before this round; 171 million before the round before, 177 "
                  "million before that; counted in a RelWithDebInfo build as earlier rounds "
                  "were, 200 million and 217 million before those, 317 million before the field "
                  "names and layouts): writing the 32,580 events is "
                  "some 30%; settling decisions 13% (their events among them); movement 9%; "
                  "allocating and freeing some 10%; the rest is the contact procedure's working "
                  "data (maps keyed by force id strings, decision answers as nlohmann::json, "
                  "requests carrying five strings and a std::function each) spread over every "
                  "step, no function but the event writer above 3%. Going well below 20 ms means "
                  "typed working data for the procedure (a rewrite of rules/contact_*), not a "
                  "tuning step. Tried and dropped before: profile-guided optimisation (gcc "
                  "-fprofile-use trained on this benchmark: 6% fewer instructions, no gain in "
                  "time that could be seen, and every object built twice); transparent huge "
                  "pages for jemalloc's memory (no gain at 10,000 forces). Growth: at 10,000 forces the engine executes "
                  "ten times the instructions of 1,000 (1,590 million against 158 million, "
                  "Release), so what grows faster than N is memory. Periods resolved one after "
                  "another in one process take next to no page faults once the allocator holds "
                  "what they need (at 10,000 forces, 0 to 3 a period from the third on), so what "
                  "is left is cache misses: a 10,000-force state does not fit in the caches a "
                  "1,000-force one does, which the baseline, reading every force once, shows "
                  "too.", ""]
        plot(points, base, svg_path)
        lines += ["![Resolve time against forces, log-log](benchmarks-rules.svg)", ""]
    lines += ["## Storage: committing a 1,000-force period", "",
              "`synchronous=FULL`, WAL (`bench/storage_bench.cpp`). Periods are committed one after "
              "another, each starting where the one before ended, as in a campaign. Baseline: one "
              "transaction inserting the period's bytes (both snapshots, the order set and the events) "
              "as a single blob. Goal: under 20 ms.", "",
              "| benchmark | time (ms) | against the baseline |", "|---|---:|---:|"]
    st = runs(storage, "BM_")
    baseline = st.get("BM_BaselineOneBlobInsert")
    for name in ["BM_BaselineOneBlobInsert", "BM_CommitPeriod", "BM_EngineOnly", "BM_ResolveAndCommit"]:
        if name in st:
            ratio = f"{ms(st[name]) / ms(baseline):.1f}×" if baseline else "—"
            lines.append(f"| {name[3:]} | {ms(st[name]):.1f} | {ratio} |")
    commit = st.get("BM_CommitPeriod", {})
    if "file_bytes_per_period" in commit:
        lines += ["", f"File growth per committed period: {commit['file_bytes_per_period'] / 1e6:.2f} MB "
                      f"(payload {commit.get('payload_bytes', 0) / 1e6:.2f} MB)."]
    if "BM_CommitPeriod" in st:
        t = ms(st["BM_CommitPeriod"])
        verdict = f"Commit: {t:.1f} ms against the 20 ms goal ({'met' if t < 20 else 'not met'} in this run)"
        if baseline:
            verdict += (f"; the bare insert of the period's bytes under the same sync took "
                        f"{ms(baseline):.1f} ms on the same disk. A commit writes fewer: the "
                        f"state-before is the state-after of the period before and is kept once, and "
                        f"the events are one event log rather than a row each (schema version 6, "
                        f"docs/storage.md)")
        lines += ["", verdict + "."]
    lines.append("")
    lines += bench_report_commands.section(storage, load(start_path))
    if umpire_path and echo_path and server_svg_path:
        lines += bench_report_server.section(umpire_path, echo_path, server_svg_path,
                                             os.path.basename(server_svg_path))
    else:
        lines += ["Not measured in this run: the server under load (`scripts/bench_server`).", ""]
    if multi_path and os.path.exists(multi_path):
        lines += bench_report_multi.section(multi_path)
    elif multi_path:
        lines += ["Not measured in this run: several servers over PostgreSQL "
                  "(`bench/multi_instance_bench.py`: no python3-websockets, or it failed).", ""]
    if web_map_path:
        lines += bench_report_web.section(web_map_path)
    else:
        lines += ["Not measured in this run: the map in the browser (`bench/web/map_bench.mjs`: no "
                  "Chromium or web-client/node_modules, or `UMPIRE_BENCH_WEB=0`).", ""]
    with open(md_path, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    args = sys.argv[1:]
    multi = None
    if args[:1] == ["--multi-instance"] and len(args) > 1:
        multi, args = args[1], args[2:]
    if len(args) not in (7, 10, 11):
        sys.exit(__doc__)
    main(*args, **({"multi_path": multi} if multi else {}))
