# The server on PostgreSQL (issue 33), as a player and an operator use it: `--db postgresql://…`
# starts with the demo campaign, a player logs in and confirms orders, a second server on the
# same database serves the same campaign and session (several servers, issue 33), the server
# is killed (SIGKILL) and started again, and the player's session and orders are all still
# there; `umpire verify` and `umpire-server admin` work on the URL, /healthz answers 200. On a
# throwaway cluster (scripts/pg-throwaway, 127.0.0.1); skipped without PostgreSQL.
# $1 umpire, $2 umpire-server, $3 the source tree.
source "$(dirname "$0")/lib.bash"
PG=$SRC/scripts/pg-throwaway
CLUSTER=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg.XXXXXX")
stop_cluster() { cleanup; "$PG" stop --remove "$CLUSTER" >/dev/null 2>&1 || true; rm -rf "$CLUSTER"; }
trap stop_cluster EXIT
set +e
DB=$("$PG" start "$CLUSTER")
got=$?
set -e
[ "$got" -ne 3 ] || { echo "SKIP: PostgreSQL is not installed"; exit 77; }
[ "$got" -eq 0 ] || fail "pg-throwaway start exited $got"

start_server() {  # start_server OUT FLAGS...: in the background; sets URL and SERVER_PID
  local out=$1; shift
  "$SERVER" --port 0 --db "$DB" --rulesets "$SRC/rulesets" --scenarios-dir "$SRC/scenarios" \
    --password-cost min --log-level warn "$@" > "$out" 2>&1 &
  SERVER_PID=$!
  PIDS+=($SERVER_PID)
  for _ in $(seq 150); do grep -q "Stop with" "$out" 2>/dev/null && break; sleep 0.1; done
  URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$out" | head -1)
  [ -n "$URL" ] || { cat "$out"; fail "the server did not start"; }
}

start_server "$WORK/first.out" --create-db --demo "$SRC/scenarios/valormr-demo.json"
for _ in $(seq 100); do grep -q "^    sven" "$WORK/first.out" && break; sleep 0.1; done
awk '$1 == "anna" && $2 == "/" {print $3}' "$WORK/first.out" > "$WORK/anna.pw"
[ -s "$WORK/anna.pw" ] || { cat "$WORK/first.out"; fail "no demo login for anna"; }
curl -fsS "$URL/healthz" | grep -q '"ok"' || fail "/healthz is not ok on PostgreSQL"

A=(--session "$WORK/anna.json")
"$UMPIRE" client "${A[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.pw" > /dev/null
cat > "$WORK/orders.json" <<'JSON'
{"format": "umpire-orders/1", "periods": [{"day": 1, "period": "day", "orders": [
  {"force": "hadewych", "path": [[3, 3], [4, 3]]}]}]}
JSON
"$UMPIRE" client "${A[@]}" orders --campaign valormr-demo --orders "$WORK/orders.json" --confirm > "$WORK/receipts"
grep -q '"state":"confirmed"' "$WORK/receipts" || fail "the orders were not confirmed"

# A second server on the same database serves the same campaign (several servers, issue 33):
# anna's session, made on the first, works there, and shows her confirmed orders.
FIRST_URL=$URL FIRST_PID=$SERVER_PID
start_server "$WORK/second.out"
SECOND_PID=$SERVER_PID
python3 - "$WORK/anna.json" "$WORK/anna-second.json" "$URL" <<'PY'
import json, sys
session = json.load(open(sys.argv[1]))
session["server"] = sys.argv[3]
json.dump(session, open(sys.argv[2], "w"))
PY
"$UMPIRE" client --session "$WORK/anna-second.json" status --campaign valormr-demo > "$WORK/second-status.txt" \
  || { cat "$WORK/second-status.txt" "$WORK/second.out"; fail "the second server did not take anna's session"; }
grep -q "^Your orders: confirmed, 1 order(s)" "$WORK/second-status.txt" \
  || { cat "$WORK/second-status.txt"; fail "the second server does not show the orders made on the first"; }
URL=$FIRST_URL SERVER_PID=$FIRST_PID
kill "$SECOND_PID"
wait "$SECOND_PID" 2>/dev/null || true
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo | grep -q "^Your orders: confirmed, 1 order(s)" \
  || fail "the first server stopped serving"

# Killed without a word, and started again: the session and the orders are there.
kill -9 "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
start_server "$WORK/again.out"
python3 - "$WORK/anna.json" "$URL" <<'PY'
import json, sys
session = json.load(open(sys.argv[1]))
session["server"] = sys.argv[2]  # the restarted server's port
json.dump(session, open(sys.argv[1], "w"))
PY
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo > "$WORK/status.txt" \
  || { cat "$WORK/status.txt" "$WORK/again.out"; fail "anna's session did not survive the restart"; }
grep -q "^Your orders: confirmed, 1 order(s)" "$WORK/status.txt" || { cat "$WORK/status.txt"; fail "the orders did not survive the restart"; }

# The operator's tools on the URL, beside the running server.
"$SERVER" admin create-account --db "$DB" --name extra --password-cost min > "$WORK/admin.out" 2>&1 \
  || { cat "$WORK/admin.out"; fail "admin create-account on PostgreSQL"; }
"$UMPIRE" verify "$DB" valormr-demo > /dev/null || fail "verify on PostgreSQL"
echo "ok"
