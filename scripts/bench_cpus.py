#!/usr/bin/env python3
"""bench_cpus.py RULES_BENCH OUT_JSON [--quick | --round]: times a period on each CPU, prints the
quickest. --round: a shorter probe, added to OUT_JSON's "rounds" (one per benchmark round).

The CPUs of a virtual machine need not be equally quick: on this workplace's 2-CPU machines one
of them has taken half as long again as the other for a 1,000-force period, minute after minute,
while at 100 forces (a working set that fits a core's own caches) the two were often alike. A
run that lands on either by chance measures either. So scripts/bench times the 100- and 1,000-force
periods on every CPU it may use, taking turns (CPU 0, CPU 1, CPU 0, ...), pins the in-process
benchmarks (rules and storage, baselines included) to the CPU whose fastest 1,000-force round
was quickest, and reports every CPU's figures (OUT_JSON) beside the results. Which CPU is the
slower has changed in the middle of a run, so each benchmark round chooses again (--round).
"""
import json
import os
import shutil
import subprocess
import sys

PROBES = ("BM_ResolvePeriod/100", "BM_ResolvePeriod/1000")


def time_on(cpu, bench, min_time):
    """{probe: ms} for one round of the probes pinned to `cpu`."""
    out = subprocess.run(
        ["taskset", "-c", str(cpu), bench, f"--benchmark_min_time={min_time}",
         "--benchmark_filter=^BM_ResolvePeriod/(100|1000)$", "--benchmark_format=json"],
        check=True, capture_output=True, text=True).stdout
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    return {b["name"]: b["real_time"] * scale[b["time_unit"]]
            for b in json.loads(out)["benchmarks"] if b["name"] in PROBES}


def probe(bench, cpus, rounds, min_time):
    """{cpu: {probe: [ms per round]}}, the CPUs taking turns, and the quickest CPU."""
    times = {cpu: {p: [] for p in PROBES} for cpu in cpus}
    for _ in range(rounds):
        for cpu in cpus:
            for name, ms in time_on(cpu, bench, min_time).items():
                times[cpu][name].append(ms)
    return times, min(cpus, key=lambda c: min(times[c][PROBES[-1]]))


def main(bench, out_path, mode):
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2 or not shutil.which("taskset"):
        # Nothing to choose between (or no way to pin): the benchmarks run unpinned.
        if mode != "--round":
            with open(out_path, "w") as f:
                json.dump({"probes": list(PROBES), "cpus": {}, "chosen": None}, f, indent=1)
        return
    if mode == "--round":
        times, chosen = probe(bench, cpus, 1, 0.1)
        with open(out_path) as f:
            doc = json.load(f)
        doc.setdefault("rounds", []).append(
            {"chosen": chosen, "cpus": {str(c): t for c, t in times.items()}})
    else:
        times, chosen = probe(bench, cpus, *((2, 0.1) if mode == "--quick" else (3, 0.3)))
        doc = {"probes": list(PROBES), "cpus": {str(c): t for c, t in times.items()},
               "chosen": chosen}
    with open(out_path, "w") as f:
        json.dump(doc, f, indent=1)
    print(chosen)


if __name__ == "__main__":
    modes = [a for a in sys.argv[1:] if a in ("--quick", "--round")]
    args = [a for a in sys.argv[1:] if a not in modes]
    if len(args) != 2 or len(modes) > 1:
        sys.exit(__doc__)
    main(args[0], args[1], modes[0] if modes else "")
