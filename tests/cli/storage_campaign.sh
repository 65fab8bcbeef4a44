# A campaign in a database, as a GM and players drive it from the command line: create, orders
# with receipts, status (never the sealed seed), resolve (the revealed seed matches the published
# hash), rollback, verify, and verify catching a tampered event.
source "$(dirname "$0")/lib.bash"
DB=$WORK/c.db

expect_exit 0 "$UMPIRE" campaign create "$DB" --scenario "$DEMO"
expect_in "$WORK/out" "created campaign valormr-demo"
expect_exit 4 "$UMPIRE" campaign create "$DB" --scenario "$DEMO"
expect_in "$WORK/err" 'a campaign "valormr-demo" already exists'

expect_exit 0 "$UMPIRE" campaign orders "$DB" valormr-demo --player anna --orders "$DEMO_ORDERS"
cp "$WORK/out" "$WORK/receipt.json"
expect_exit 0 "$UMPIRE" campaign orders "$DB" valormr-demo --player bertram --orders "$DEMO_ORDERS" --confirm
expect_in "$WORK/out" '"state":"confirmed"'
expect_exit 4 "$UMPIRE" campaign orders "$DB" valormr-demo --player bertram --orders "$DEMO_ORDERS"
expect_in "$WORK/err" "are confirmed and can no longer change"
expect_exit 2 "$UMPIRE" campaign orders "$DB" valormr-demo --player nobody --orders "$DEMO_ORDERS"
expect_in "$WORK/err" 'has no player "nobody"'

expect_exit 0 "$UMPIRE" campaign status "$DB" valormr-demo
cp "$WORK/out" "$WORK/status0.json"
python3 - "$DB" "$WORK/receipt.json" "$WORK/status0.json" <<'PY'
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
receipt = json.load(open(sys.argv[2]))
assert receipt["type"] == "receipt" and receipt["player"] == "anna" and len(receipt["receipt"]) == 64, receipt
stored = db.execute("SELECT receipt FROM orders WHERE player_id = 'anna'").fetchone()[0]
assert stored == receipt["receipt"], (stored, receipt)
sealed = db.execute("SELECT sealed_seed FROM open_periods").fetchone()[0]
status_text = open(sys.argv[3]).read()
assert sealed not in status_text, "status printed the sealed seed"
status = json.loads(status_text)
assert status["period"]["index"] == 0 and status["resolved_periods"] == 0, status
states = {o["player"]: o["state"] for o in status["orders"]}
assert states["anna"] == "submitted" and states["bertram"] == "confirmed" and states["erik"] == "none", states
PY

expect_exit 0 "$UMPIRE" campaign resolve "$DB" valormr-demo --periods 2 --settle
python3 - "$WORK/out" "$WORK/status0.json" <<'PY'
import hashlib, json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
published = json.load(open(sys.argv[2]))["period"]["seed_hash"]
reveals = [l for l in lines if l["type"] == "seed_revealed"]
assert [r["period_index"] for r in reveals] == [0, 1], reveals
assert hashlib.sha256(reveals[0]["seed"].encode()).hexdigest() == published
assert lines[0]["type"] == "period_started", lines[0]
PY

expect_exit 0 "$UMPIRE" verify "$DB" valormr-demo
expect_in "$WORK/out" "2 period(s) replayed, all reproduce"

expect_exit 2 "$UMPIRE" campaign rollback "$DB" valormr-demo --to-period 5 --reason "too far"
expect_in "$WORK/err" "resolved periods are 0 to 1"
expect_exit 0 "$UMPIRE" campaign rollback "$DB" valormr-demo --to-period 1 --reason "lost orders"
expect_exit 0 "$UMPIRE" campaign status "$DB" valormr-demo
expect_in "$WORK/out" '"reason": "lost orders"'
expect_in "$WORK/out" '"rolled_back_periods": 1'
expect_exit 0 "$UMPIRE" campaign resolve "$DB" valormr-demo --settle
expect_exit 0 "$UMPIRE" verify "$DB" valormr-demo
expect_in "$WORK/out" "3 period(s) replayed, all reproduce"

python3 - "$DB" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("""UPDATE periods SET event_log = replace(event_log, '"day":1', '"day":9')
              WHERE period_index = 0""")
db.commit()
PY
expect_exit 5 "$UMPIRE" verify "$DB" valormr-demo
expect_in "$WORK/out" "period 0 attempt 0: event 0 differs"
echo "ok"
