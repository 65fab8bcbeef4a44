# Decisions of a campaign in a database, from the command line: resolve stops and lists the
# requests (exit 0, a note on stderr), players answer (wrong players and answers refused,
# nothing changed), resolve goes on window by window, --settle completes, verify replays with
# the answers, and export/import carries them.
source "$(dirname "$0")/lib.bash"
DB=$WORK/c.db
C=valormr-demo
ANNA=1.afternoon.aeskrvald.engagements.hadewych
ERIK=1.afternoon.aeskrvald.engagements.aeskrvald
INGRID=1.afternoon.aeskrvald.engagements.ingegerd

expect_exit 0 "$UMPIRE" campaign create "$DB" --scenario "$DEMO"
for p in anna bertram erik ingrid; do
  expect_exit 0 "$UMPIRE" campaign orders "$DB" $C --player $p --orders "$DEMO_ORDERS"
done

expect_exit 0 "$UMPIRE" campaign resolve "$DB" $C
expect_in "$WORK/err" "period 0 of valormr-demo waits for 3 answer(s) from anna, erik, ingrid"
python3 - "$WORK/out" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert all(l["type"] == "decision_request" and l["period_index"] == 0 for l in lines), lines
assert {(l["player"], l["kind"]) for l in lines} == {
    ("erik", "separate_engagements"), ("anna", "separate_engagements"),
    ("ingrid", "separate_engagements")}, lines
assert all(l["options"] == ["one_battle", "separate"] for l in lines), lines
PY
expect_exit 0 "$UMPIRE" campaign status "$DB" $C
expect_in "$WORK/out" '"pending_decisions": 3'
expect_in "$WORK/out" '"resolved_periods": 0'

expect_exit 0 "$UMPIRE" campaign decisions "$DB" $C --player anna
[ "$(wc -l < "$WORK/out")" -eq 1 ] || fail "anna has one request"
expect_in "$WORK/out" "\"id\":\"$ANNA\""
expect_exit 2 "$UMPIRE" campaign decisions "$DB" $C --player nobody

# Refused, and nothing changes: another player's request, an answer outside the options.
snapshot() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT group_concat(decision_id||state||coalesce(answer,\"-\")) FROM decisions").fetchone()[0])' "$DB"; }
before=$(snapshot)
expect_exit 2 "$UMPIRE" campaign answer "$DB" $C --player erik --decision $ANNA --answer separate
expect_in "$WORK/err" "player \"erik\" has no decision \"$ANNA\""
expect_exit 2 "$UMPIRE" campaign answer "$DB" $C --player anna --decision $ANNA --answer fight
expect_in "$WORK/err" "is not an allowed answer"
expect_exit 2 "$UMPIRE" campaign answer "$DB" $C --player anna --decision no.such.id --answer separate
[ "$(snapshot)" = "$before" ] || fail "a refused answer changed the database"

expect_exit 0 "$UMPIRE" campaign answer "$DB" $C --player anna --decision $ANNA --answer separate
expect_in "$WORK/out" '"type":"decision_answered"'
expect_exit 4 "$UMPIRE" campaign answer "$DB" $C --player anna --decision $ANNA --answer one_battle
expect_in "$WORK/err" "already answered"
expect_exit 4 "$UMPIRE" campaign orders "$DB" $C --player anna --orders "$DEMO_ORDERS"
expect_in "$WORK/err" "orders are closed"

# One answer in: still waiting for the other two.
expect_exit 0 "$UMPIRE" campaign resolve "$DB" $C
[ "$(wc -l < "$WORK/out")" -eq 2 ] || fail "two requests left"
expect_in "$WORK/err" "waits for 2 answer(s) from erik, ingrid"

expect_exit 0 "$UMPIRE" campaign answer "$DB" $C --player erik --decision $ERIK --answer one_battle
expect_exit 0 "$UMPIRE" campaign answer "$DB" $C --player ingrid --decision $INGRID --answer '"separate"'
expect_exit 0 "$UMPIRE" campaign resolve "$DB" $C
expect_in "$WORK/err" "waits for"
python3 - "$WORK/out" <<'PY'
import json, sys
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
assert ids and not any(".engagements." in i for i in ids), ids  # the next window
PY

# The deadline passes: the rest take standing instructions and defaults.
expect_exit 0 "$UMPIRE" campaign resolve "$DB" $C --settle
python3 - "$WORK/out" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
by = {l["id"]: (l["answer"], l["by"]) for l in lines if l["type"] == "decision"}
assert by["1.afternoon.aeskrvald.engagements.hadewych"] == ("separate", "player"), by
assert by["1.afternoon.aeskrvald.engagements.ingegerd"] == ("separate", "player"), by
assert any(b == "default" for _, b in by.values()), by
assert [l["type"] for l in lines[-2:]] == ["seed_revealed", "period_opened"], lines[-2:]
PY
expect_exit 0 "$UMPIRE" campaign decisions "$DB" $C
[ ! -s "$WORK/out" ] || fail "no request is pending after the period"

expect_exit 0 "$UMPIRE" verify "$DB" $C
expect_in "$WORK/out" "1 period(s) replayed, all reproduce"

expect_exit 0 "$UMPIRE" export "$DB" $C --out "$WORK/one.json"
expect_exit 0 "$UMPIRE" import "$WORK/b.db" "$WORK/one.json"
expect_exit 0 "$UMPIRE" export "$WORK/b.db" $C --out "$WORK/two.json"
cmp "$WORK/one.json" "$WORK/two.json" || fail "export -> import -> export differs"
python3 - "$WORK/one.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
assert a["periods"][0]["settled"] is True, a["periods"][0]["settled"]
assert a["periods"][0]["answers"]["1.afternoon.aeskrvald.engagements.hadewych"] == "separate"
states = {d["id"]: d["state"] for d in a["decisions"]}
assert states["1.afternoon.aeskrvald.engagements.aeskrvald"] == "answered", states
assert "settled" in states.values(), states
PY

# A stored answer that is not the one the period was resolved with is caught.
python3 - "$DB" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("""UPDATE decisions SET answer = '"one_battle"'
              WHERE decision_id = '1.afternoon.aeskrvald.engagements.hadewych'""")
db.commit()
PY
expect_exit 5 "$UMPIRE" verify "$DB" $C
expect_in "$WORK/out" "are not the answers to its decisions"

# A stored request of a kind the engine does not know is reported, not guessed at.
python3 - "$DB" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("""UPDATE decisions SET request = json_set(request, '$.kind', 'avoid_target')
              WHERE decision_id = '1.afternoon.aeskrvald.engagements.aeskrvald'""")
db.commit()
PY
expect_exit 5 "$UMPIRE" verify "$DB" $C
expect_in "$WORK/out" 'an unknown kind "avoid_target"'
echo "ok"
