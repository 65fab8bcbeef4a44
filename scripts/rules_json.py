#!/usr/bin/env python3
"""Which files of rules/ still touch JSON, held to a list that may only shrink (issue 28: the
rules emit typed values, and JSON is written at the edge).

Every file of rules/ that names a JSON type or writer (Json, OrderedJson, nlohmann, TextOut,
Fields{...}, write_object, object_text, json_text, FieldValue::written/raw/named, .dump()) must
be listed below under one of three headings:

  SERIALIZERS  the edge inside the engine: the event writer and the typed shapes' generated
               writers and readers, and those of the answers, requests and battle records
               (the battle event carries its record, a report request's context holds it).
               These stay.
  DOCUMENTS    reading and writing the engine's documents (scenarios, rulesets, orders, battle
               records, companion state): to move out of rules/ to an I/O layer.
  DECISIONS    rule files that still build decision contexts, options and answers as JSON:
               none left (answers are read and written by answer_json, requests by
               decision_json).

The check fails when a file touches JSON and is not listed (a rule file started writing JSON),
or when a listed DOCUMENTS or DECISIONS file no longer does (take it off the list: it only
shrinks). Usage: rules_json.py [--check]; without --check it prints the lists' sizes.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "rules")
TOUCHES_JSON = re.compile(r"\bJson\b|OrderedJson|nlohmann|TextOut|Fields\{|write_object|"
                          r"object_text|json_text|FieldValue::(written|raw|named)|\.dump\(")

SERIALIZERS = """
answer_json.cpp answer_json.hpp battle_record_json.cpp battle_record_json.hpp decision_json.cpp
decision_json.hpp event_fields.cpp event_fields.hpp event_layouts.cpp event_layouts.hpp event_list.hpp
events.cpp events.hpp event_records.generated.hpp shapes_json.generated.cpp
shapes_json.generated.hpp json_reader.cpp json_reader.hpp
""".split()

DOCUMENTS = """
scenario_check.cpp scenario_force_read.cpp scenario_history_io.cpp scenario_io.cpp
scenario_io.hpp scenario_io_detail.cpp scenario_io_detail.hpp scenario_map_read.cpp
scenario_map_write.cpp scenario_settings_io.cpp scenario_view_write.hpp scenario_write.cpp
ruleset.cpp ruleset.hpp ruleset_load_combat.cpp ruleset_load_contact.cpp
ruleset_load_world.cpp ruleset_loading.hpp dice_script.cpp dice_script.hpp order_plan.cpp
order_plan.hpp battle_companion.cpp battle_companion.hpp state_version.cpp orders_json.cpp
orders_json.hpp standing_instructions_json.cpp standing_instructions_json.hpp
""".split()

# Empty since answers, options and the battle's contexts are typed (rules/answer.hpp): no rule
# file builds a decision as JSON any more, and none may start to.
DECISIONS = []


def touching():
    out = []
    for name in sorted(os.listdir(RULES)):
        if name.endswith((".cpp", ".hpp")):
            with open(os.path.join(RULES, name)) as f:
                if TOUCHES_JSON.search(f.read()):
                    out.append(name)
    return out


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    found = set(touching())
    listed = set(SERIALIZERS) | set(DOCUMENTS) | set(DECISIONS)
    problems = [f"rules/{n} touches JSON and is on no list (rules emit typed values; see "
                "docs/events.md, \"Shapes and facts\")" for n in sorted(found - listed)]
    problems += [f"rules/{n} no longer touches JSON (or is gone): take it off the list"
                 for n in sorted((set(DOCUMENTS) | set(DECISIONS)) - found)]
    total = len([n for n in os.listdir(RULES) if n.endswith((".cpp", ".hpp"))])
    print(f"rules/: {total} files; {total - len(found)} free of JSON; the edge "
          f"{len(set(SERIALIZERS) & found)}, documents {len(DOCUMENTS)}, "
          f"decisions {len(DECISIONS)}")
    if problems:
        print("\n".join(problems))
        if check:
            sys.exit(1)


if __name__ == "__main__":
    main()
