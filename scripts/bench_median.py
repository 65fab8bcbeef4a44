#!/usr/bin/env python3
"""bench_median.py OUT ROUND...: joins Google Benchmark JSON files of single repetitions into OUT.

scripts/bench runs rules_bench and rules_bench_libc in alternate rounds, one repetition each,
so that a slower spell of the shared machine falls on both allocators. Each benchmark of the
rounds becomes one "<name>_median" aggregate (real and CPU time the median over the rounds,
counters from the first round), as --benchmark_repetitions would have written it, with the
fastest and slowest round's real time beside it (real_time_min, real_time_max).
"""
import json
import statistics
import sys


def main(out, rounds):
    docs = []
    for path in rounds:
        with open(path) as f:
            docs.append(json.load(f))
    merged = {"context": docs[0]["context"], "benchmarks": []}
    first = [b for b in docs[0]["benchmarks"] if b.get("run_type") == "iteration"]
    for b in first:
        same = [x for d in docs for x in d["benchmarks"]
                if x.get("run_type") == "iteration" and x["name"] == b["name"]]
        if len(same) != len(docs):
            sys.exit(f"bench_median: {b['name']} is missing from some rounds")
        median = dict(b)
        median.update({
            "name": b["name"] + "_median",
            "run_type": "aggregate",
            "aggregate_name": "median",
            "repetitions": len(same),
            "real_time": statistics.median(x["real_time"] for x in same),
            "cpu_time": statistics.median(x["cpu_time"] for x in same),
            "real_time_min": min(x["real_time"] for x in same),
            "real_time_max": max(x["real_time"] for x in same),
        })
        merged["benchmarks"].append(median)
    with open(out, "w") as f:
        json.dump(merged, f, indent=1)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: bench_median.py OUT ROUND.json...")
    main(sys.argv[1], sys.argv[2:])
