#!/usr/bin/env python3
"""The rule index (issue 32): for each rule id of the rulebook (docs/rulebook.md), the files
that implement it, the tests that cite it and the rules cases that cover it, written to
docs/rules-index.md.

  scripts/rules_index.py            write docs/rules-index.md
  scripts/rules_index.py --check    exit 1 if a rule has no test or case, if a file cites a rule
                                    the rulebook does not have, or if docs/rules-index.md is not
                                    what this script writes (run it and commit the result)

A file "implements" a rule when a source file outside tests/ names its id (R-x.y) in a comment
or a string; a test "covers" it when a file under tests/ (or web-client/test/) names it; a case
covers it when its "rules" member lists it."""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULEBOOK = os.path.join(ROOT, "docs", "rulebook.md")
INDEX = os.path.join(ROOT, "docs", "rules-index.md")
SHARED_RULEBOOK = os.path.join(os.path.dirname(ROOT), "shared", "RULEBOOK.md")

RULE_HEADING = re.compile(r"^\*\*(R-\d+\.\d+)\b\s*([^*]*)\*\*", re.M)
RULE_ID = re.compile(r"\bR-(\d+)\.(\d+)")
SOURCE_DIRS = ["rules", "include", "documents", "protocol", "server", "storage", "cli",
               "web-client/src", "rulesets", "scenarios"]
TEST_DIRS = ["tests", "web-client/test"]
EXTENSIONS = (".cpp", ".hpp", ".h", ".ts", ".mjs", ".py", ".sh", ".json")
SKIP = ("tests/cases", "tests/fuzz/corpus", "__pycache__", "node_modules", ".generated.")


def read_or_none(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def rules_of_rulebook():
    with open(RULEBOOK) as f:
        text = f.read()
    rules, section = {}, ""
    for line in text.splitlines():
        heading = re.match(r"^## (\d+)\. (.*)", line)
        if heading:
            section = heading.group(2)
        m = RULE_HEADING.match(line)
        if m:
            title = m.group(2).strip().rstrip(".").strip()
            rules.setdefault(m.group(1), (title, section))
    return rules


def files_under(dirs):
    for d in dirs:
        for base, subdirs, files in os.walk(os.path.join(ROOT, d)):
            subdirs.sort()
            for name in sorted(files):
                path = os.path.relpath(os.path.join(base, name), ROOT)
                if name.endswith(EXTENSIONS) and not any(s in path for s in SKIP):
                    yield path


def cited_in(path):
    with open(os.path.join(ROOT, path), errors="replace") as f:
        return {f"R-{a}.{b}" for a, b in RULE_ID.findall(f.read())}


def cases():
    out = {}
    for base, subdirs, files in os.walk(os.path.join(ROOT, "tests", "cases")):
        subdirs.sort()
        for name in sorted(files):
            path = os.path.relpath(os.path.join(base, name), ROOT)
            if not name.endswith(".json") or "/base/" in path:
                continue
            with open(os.path.join(ROOT, path)) as f:
                out[path] = set(json.load(f).get("rules", []))
    return out


def build():
    rules = rules_of_rulebook()
    implements = {r: [] for r in rules}
    tests = {r: [] for r in rules}
    covered_by_case = {r: [] for r in rules}
    unknown = []
    for kind, dirs, table in (("source", SOURCE_DIRS, implements), ("test", TEST_DIRS, tests)):
        for path in files_under(dirs):
            for rule in sorted(cited_in(path)):
                if rule in table:
                    table[rule].append(path)
                else:
                    unknown.append(f"{path} cites {rule}, which the rulebook does not have")
    for path, listed in cases().items():
        for rule in sorted(listed):
            if rule in covered_by_case:
                covered_by_case[rule].append(path)
            else:
                unknown.append(f"{path} lists {rule}, which the rulebook does not have")
    return rules, implements, tests, covered_by_case, unknown


def links(paths):
    return ", ".join(f"[{os.path.basename(p)}](../{p})" for p in paths) or "—"


def render(rules, implements, tests, covered_by_case):
    out = ["# Rule index", "",
           "Each rule of the [rulebook](rulebook.md), the files that implement it (they name its id),",
           "the tests that cite it and the rules cases ([tests/cases](../tests/cases/README.md)) that",
           "cover it. Written by `scripts/rules_index.py`; `scripts/test` runs it with `--check`, which",
           "fails when a rule has no test or case, or when this file is out of date.", ""]
    sections = {}
    for rule, (title, section) in rules.items():
        sections.setdefault(section, []).append((rule, title))
    for section, listed in sections.items():
        out += [f"## {section}", "", "| rule | implemented in | tests | cases |", "|---|---|---|---|"]
        for rule, title in listed:
            out.append(f"| **{rule}** {title} | {links(implements[rule])} | {links(tests[rule])} | "
                       f"{links(covered_by_case[rule])} |")
        out.append("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    rules, implements, tests, covered_by_case, unknown = build()
    text = render(rules, implements, tests, covered_by_case)
    if not args.check:
        with open(INDEX, "w") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(INDEX, ROOT)}: {len(rules)} rules")
        return 0
    problems = list(unknown)
    for rule, (title, _) in rules.items():
        if not tests[rule] and not covered_by_case[rule]:
            problems.append(f"{rule} ({title}) has no test and no case")
    if read_or_none(INDEX) != text:
        problems.append("docs/rules-index.md is out of date: run scripts/rules_index.py")
    shared = read_or_none(SHARED_RULEBOOK)
    if shared is not None and shared != read_or_none(RULEBOOK):
        problems.append(f"docs/rulebook.md differs from {SHARED_RULEBOOK}: copy it again")
    for p in problems:
        print("rules index: " + p)
    print(f"rules index: {len(rules)} rules, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
