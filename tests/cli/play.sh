# `umpire play` asks each decision on the terminal: answers typed in are used, a wrong one is
# asked again, an empty line takes the default, and end of input settles the rest by default.
source "$(dirname "$0")/lib.bash"

printf 'maybe\nseparate\nseparate\n\n' | "$UMPIRE" play --scenario "$DEMO" --orders "$DEMO_ORDERS" \
  --seed 7 --periods 1 --format jsonl --state-out "$WORK/state.json" >"$WORK/out" 2>"$WORK/err" \
  || { cat "$WORK/err"; fail "play failed"; }
expect_in "$WORK/out" "? erik, aeskrvald: separate_engagements (before_contact)"
expect_in "$WORK/out" "not an allowed answer"
# erik and anna answered "separate", ingrid took the default: one battle (R-5.2).
expect_in "$WORK/out" '"answer":"separate","audience":["erik"],"by":"player"'
expect_in "$WORK/out" '"answer":"separate","audience":["anna"],"by":"player"'
expect_in "$WORK/out" '"answer":"one_battle","audience":["ingrid"],"by":"player"'
expect_in "$WORK/out" '"separate":false'
# After the input ended, the rest was settled and the period completed.
expect_in "$WORK/out" '"by":"default"'
expect_in "$WORK/out" '"type":"period_ended"'
expect_in "$WORK/state.json" '"period": "night"'

# Answers given up front with --decisions are used by `resolve` too.
echo '{"answers": {"1.afternoon.aeskrvald.engagements.aeskrvald": "separate", "1.afternoon.aeskrvald.engagements.hadewych": "separate", "1.afternoon.aeskrvald.engagements.ingegerd": "separate"}}' > "$WORK/decisions.json"
expect_exit 0 "$UMPIRE" resolve --scenario "$DEMO" --orders "$DEMO_ORDERS" --seed 7 \
  --decisions "$WORK/decisions.json"
expect_in "$WORK/out" '"separate":true'
expect_in "$WORK/out" '"contact":"1.afternoon.aeskrvald-1"'
echo '{"answers": []}' > "$WORK/bad.json"
expect_exit 2 "$UMPIRE" resolve --scenario "$DEMO" --decisions "$WORK/bad.json"
expect_in "$WORK/err" '$.answers'
echo "ok"
