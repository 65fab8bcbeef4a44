# The same scenario, orders and seed give byte-identical events and state, twice: a seeded
# campaign of several periods whose battles are settled by quick battle (R-8.6, R-8.8).
source "$(dirname "$0")/lib.bash"

for run in 1 2; do
  expect_exit 0 "$UMPIRE" resolve --scenario "$DEMO" --orders "$DEMO_ORDERS" --seed 11 \
    --periods 4 --state-out "$WORK/state$run.json"
  cp "$WORK/out" "$WORK/events$run.jsonl"
done
cmp "$WORK/events1.jsonl" "$WORK/events2.jsonl" || fail "events differ between runs"
cmp "$WORK/state1.json" "$WORK/state2.json" || fail "states differ between runs"

# Every line is a JSON object with a type; the demo makes contacts in its first periods.
python3 - "$WORK/events1.jsonl" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events)
assert events[0] == {"type": "dice_source", "kind": "seeded", "seed": 11}, events[0]
contacts = [e for e in events if e["type"] == "contact"]
assert {tuple(c["forces"]) for c in contacts} >= {("aeskrvald", "hadewych"), ("hadewych", "ingegerd"), ("anselm", "skoll")}, contacts
first = contacts[0]
assert first["day"] == 1 and first["period"] == "day" and first["half_period"] == "afternoon", first
# Nobody reports a headless battle: each goes to the GM's default, a quick battle, and on to its
# aftermath.
results = [e for e in events if e["type"] == "battle_result"]
assert results and all(r["settled_by"] == "quick_battle" for r in results), results
assert len(results) == len([e for e in events if e["type"] == "battle"]), results
assert any(e["type"] == "battle_recovery" for e in events)
PY
echo "ok"
