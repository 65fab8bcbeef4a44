#!/usr/bin/env python3
"""bench_server_merge.py WORK OUT ROUNDS: joins each server's results from scripts/bench_server.

For echo and umpire: WORK/<target>-steps.json (connections held, memory) and the throughput
rounds WORK/<target>-throughput-<n>.json, n = 1..ROUNDS (one round each, run alternately with
the other server), into OUT/server-<target>.json in load_client's format: the best round's
messages per second, the cheapest round's server CPU per reply, errors and drops summed.
"""
import json
import os
import sys


def merge(work, target, rounds):
    with open(os.path.join(work, f"{target}-steps.json")) as f:
        result = json.load(f)
    parts = []
    for n in range(1, rounds + 1):
        with open(os.path.join(work, f"{target}-throughput-{n}.json")) as f:
            parts.append(json.load(f)["throughput"])
    all_rounds = [r for p in parts for r in p["rounds"]]
    throughput = {
        "connections": min(p["connections"] for p in parts),
        "window": parts[0]["window"],
        "rounds": all_rounds,
        "alternated": True,  # each round ran right after the other server's round of that number
        "errors": sum(p["errors"] for p in parts),
        "dropped": sum(p["dropped"] for p in parts),
        "messages_per_second": max(r["messages_per_second"] for r in all_rounds),
        "server_cpu_us_per_message": min(r["server_cpu_us_per_message"] for r in all_rounds),
    }
    errors = [p["first_error"] for p in parts if "first_error" in p]
    if errors:
        throughput["first_error"] = errors[0]
    result["throughput"] = throughput
    return result


def main(work, out, rounds):
    for target in ("echo", "umpire"):
        merged = merge(work, target, int(rounds))
        with open(os.path.join(out, f"server-{target}.json"), "w") as f:
            json.dump(merged, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
