#!/usr/bin/env python3
"""The engine's layout (issue 32): rules/ reads like the rulebook, one folder per rule area,
and the engine's public face is include/umpire/rules/.

Checks, and fails (with --check) naming what is wrong:
  - every source and header of rules/ sits in an area folder, and the areas are those the
    table of rules/README.md lists (a new area is written down there);
  - code outside the engine (documents/, protocol/, storage/, server/, cli/, bench/) includes
    only public headers ("umpire/rules/..."), never an area's ("rules/<area>/..."); unit tests
    (tests/) may include an area's headers to test it alone;
  - every public header is included from outside the engine (a header only the engine uses
    belongs in its area);
  - the engine keeps its invariants: it reads the ruleset only through const references (a
    ruleset is fixed once loaded), and moves forces only through CampaignState::move_force,
    which keeps the state's index of forces by hex exact (Force::place_at is for building a
    state outside the engine).
Usage: rules_layout.py [--check]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "rules")
PUBLIC = os.path.join(ROOT, "include", "umpire", "rules")
OUTSIDE = ["documents", "protocol", "storage", "server", "cli", "bench"]
AREA_ROW = re.compile(r"^\| `([a-z_]+)/` \|", re.M)
PRIVATE_INCLUDE = re.compile(r'#include "rules/([a-z_]+/[a-z0-9_.]+)"')
PUBLIC_INCLUDE = re.compile(r'#include "umpire/rules/([a-z0-9_.]+)"')
MUTABLE_RULESET = re.compile(r"(?<!const )\bRuleset\s*[&*]")
PLACES_FORCE = re.compile(r"\bplace_at\(|(\.|->)hex_\b")
MOVES_FORCES = {os.path.join("include", "umpire", "rules", "world.hpp"),
                os.path.join("rules", "world", "world.cpp")}


def sources(top):
    for base, _, files in os.walk(top):
        for name in files:
            if name.endswith((".cpp", ".hpp")):
                yield os.path.join(base, name)


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    problems = []
    with open(os.path.join(RULES, "README.md")) as f:
        listed = set(AREA_ROW.findall(f.read()))
    folders = {d for d in os.listdir(RULES) if os.path.isdir(os.path.join(RULES, d))}
    problems += [f"rules/{d}/ is not in rules/README.md's table of areas"
                 for d in sorted(folders - listed)]
    problems += [f"rules/README.md lists {d}/, which is not a folder of rules/"
                 for d in sorted(listed - folders)]
    problems += [f"rules/{n}: every file of the engine sits in an area folder"
                 for n in sorted(os.listdir(RULES)) if n.endswith((".cpp", ".hpp"))]
    used = set()
    for folder in OUTSIDE:
        for path in sources(os.path.join(ROOT, folder)):
            with open(path) as f:
                text = f.read()
            used |= set(PUBLIC_INCLUDE.findall(text))
            for header in PRIVATE_INCLUDE.findall(text):
                problems.append(f"{os.path.relpath(path, ROOT)} includes rules/{header}, private "
                                "to the engine: use a public header (include/umpire/rules/)")
    public = {n for n in os.listdir(PUBLIC) if n.endswith(".hpp")}
    problems += [f"include/umpire/rules/{n} is used by no code outside the engine: move it to its "
                 "area" for n in sorted(public - used)]
    for path in list(sources(RULES)) + list(sources(PUBLIC)):
        name = os.path.relpath(path, ROOT)
        with open(path) as f:
            lines = f.read().split("\n")
        for number, line in enumerate(lines, 1):
            code = line.split("//")[0]
            if MUTABLE_RULESET.search(code):
                problems.append(f"{name}:{number}: the engine takes the ruleset as const")
            if PLACES_FORCE.search(code) and name not in MOVES_FORCES:
                problems.append(f"{name}:{number}: the engine moves a force only through "
                                "CampaignState::move_force")
    areas = len(folders)
    print(f"the engine: {areas} areas under rules/, {len(public)} public headers")
    if problems:
        print("\n".join(problems))
        if check:
            sys.exit(1)


if __name__ == "__main__":
    main()
