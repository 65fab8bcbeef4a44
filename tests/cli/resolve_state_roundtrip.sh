# --state-out writes the scenario format: resolving one period, then another from the written
# state, gives the same second period and final state as resolving both at once.
source "$(dirname "$0")/lib.bash"

expect_exit 0 "$UMPIRE" resolve --scenario "$DEMO" --orders "$DEMO_ORDERS" --seed 5 --periods 2 \
  --state-out "$WORK/both.json"
grep -v dice_source "$WORK/out" > "$WORK/both.jsonl"

expect_exit 0 "$UMPIRE" resolve --scenario "$DEMO" --orders "$DEMO_ORDERS" --seed 5 --periods 1 \
  --state-out "$WORK/first.json"
grep -v dice_source "$WORK/out" > "$WORK/split.jsonl"
expect_exit 0 "$UMPIRE" scenario check "$WORK/first.json" --rulesets "$SRC/rulesets"
expect_exit 0 "$UMPIRE" resolve --scenario "$WORK/first.json" --rulesets "$SRC/rulesets" \
  --orders "$DEMO_ORDERS" --seed 5 --periods 1 --state-out "$WORK/second.json"
grep -v dice_source "$WORK/out" >> "$WORK/split.jsonl"

cmp "$WORK/both.jsonl" "$WORK/split.jsonl" || fail "events differ when resumed from a written state"
cmp "$WORK/both.json" "$WORK/second.json" || fail "final states differ"
expect_in "$WORK/second.json" '"day": 2'
echo "ok"
