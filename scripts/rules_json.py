#!/usr/bin/env python3
"""No rule file touches JSON (issue 28: the rules emit typed values, and JSON is written at the
edge), and the engine uses no document.

Every file of the engine (rules/ and its public headers, include/umpire/rules/) that names a
JSON type or writer (Json, OrderedJson, nlohmann, TextOut, Fields{...}, write_object,
object_text, json_text, FieldValue::written/raw/named, .dump()) must be one of the
SERIALIZERS below, all of the events area (rules/events/): the event writer and the typed
shapes' generated writers and readers, and those of the answers, requests and battle records
(the battle event carries its record, a report request's context holds it). The engine's
documents (scenarios, rulesets, orders, standing instructions, dice scripts, companion actions
and state, order previews, the state's version, JSON files) are read and written in documents/,
which no file of rules/ may include.

The check fails when a file of the engine touches JSON and is not a serializer, or includes
documents/. Usage: rules_json.py [--check]; without --check it prints the counts.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The engine: its areas (rules/<area>/) and its public headers.
ENGINE = [os.path.join(ROOT, "rules"), os.path.join(ROOT, "include", "umpire", "rules")]
TOUCHES_JSON = re.compile(r"\bJson\b|OrderedJson|nlohmann|TextOut|Fields\{|write_object|"
                          r"object_text|json_text|FieldValue::(written|raw|named)|\.dump\(")

SERIALIZERS = """
answer_json.cpp answer_json.hpp battle_record_json.cpp battle_record_json.hpp decision_json.cpp
decision_json.hpp event_fields.cpp event_fields.hpp event_list.hpp
events.cpp events.hpp event_records.generated.hpp shapes_json.generated.cpp
shapes_json.generated.hpp json_reader.cpp json_reader.hpp
""".split()

INCLUDES_DOCUMENTS = re.compile(r'#include "documents/')


def scan():
    """(files touching JSON, files including documents/, all files) of the engine, as paths."""
    touching, including, names = [], [], []
    for top in ENGINE:
        for base, _, files in sorted(os.walk(top)):
            for name in sorted(files):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.relpath(os.path.join(base, name), ROOT)
                names.append(path)
                with open(os.path.join(base, name)) as f:
                    text = f.read()
                if TOUCHES_JSON.search(text):
                    touching.append(path)
                if INCLUDES_DOCUMENTS.search(text):
                    including.append(path)
    return touching, including, names


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    touching, including, names = scan()
    problems = [f"{p} touches JSON and is not a serializer (rules emit typed values; see "
                "docs/events.md, \"Shapes and facts\"; documents belong in documents/)"
                for p in touching if os.path.basename(p) not in SERIALIZERS]
    problems += [f"{p} includes documents/: the engine reads and writes no documents"
                 for p in including]
    print(f"the engine: {len(names)} files; {len(names) - len(touching)} free of JSON; the "
          f"edge's serializers {len(touching) - len(problems)}")
    if problems:
        print("\n".join(problems))
        if check:
            sys.exit(1)


if __name__ == "__main__":
    main()
