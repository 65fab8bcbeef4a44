# Bad orders and dice files get a clear error naming the JSON path, and no state is written.
source "$(dirname "$0")/lib.bash"

echo '{"periods": [{"day": 1, "period": "dusk", "orders": [{"player": "anna", "force": 3}]}]}' \
  > "$WORK/orders.json"
expect_exit 2 "$UMPIRE" resolve --scenario "$DEMO" --orders "$WORK/orders.json" --seed 1 \
  --state-out "$WORK/state.json"
expect_in "$WORK/err" '$.periods[0].period'
expect_in "$WORK/err" '$.periods[0].orders[0].force'
[ ! -e "$WORK/state.json" ] || fail "a state was written despite bad orders"

echo '[1, 2, "x"]' > "$WORK/dice.json"
expect_exit 2 "$UMPIRE" resolve --scenario "$DEMO" --dice "$WORK/dice.json"
expect_in "$WORK/err" '$[2]'

# Two enemies race for one hex: the roll-off needs two dice; a script with one fails clearly.
expect_exit 0 "$UMPIRE" resolve --scenario "$SRC/tests/data/cli/race.json" \
  --orders "$SRC/tests/data/cli/race-orders.json" --dice "$SRC/tests/data/cli/race-dice.json"
expect_in "$WORK/out" '"winner":"south-1"'
echo '[3]' > "$WORK/short.json"
expect_exit 3 "$UMPIRE" resolve --scenario "$SRC/tests/data/cli/race.json" \
  --orders "$SRC/tests/data/cli/race-orders.json" --dice "$WORK/short.json"
expect_in "$WORK/err" "scripted dice ran out at roll 2"

# Unknown options and conflicting dice sources are refused by the command line itself.
expect_exit 108 "$UMPIRE" resolve --scenario "$DEMO" --seed 1 --dice "$WORK/dice.json"
expect_in "$WORK/err" "--dice excludes --seed"
echo "ok"
