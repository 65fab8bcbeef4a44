# copy-db: a SQLite database into PostgreSQL and back (issue 33). Every row arrives (accounts,
# sessions, memberships too), every campaign exports byte for byte the same from both and
# replays, play goes on from the copy; a copy into a database that holds campaigns is refused
# and changes nothing. On a throwaway cluster (scripts/pg-throwaway); skipped without PostgreSQL.
source "$(dirname "$0")/lib.bash"
PG=$SRC/scripts/pg-throwaway
CLUSTER=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg.XXXXXX")
trap '"$PG" stop --remove "$CLUSTER" >/dev/null 2>&1 || true; rm -rf "$CLUSTER" "$WORK"' EXIT
set +e
URL=$("$PG" start --fast "$CLUSTER")
got=$?
set -e
[ "$got" -ne 3 ] || { echo "SKIP: PostgreSQL is not installed"; exit 77; }
[ "$got" -eq 0 ] || fail "pg-throwaway start exited $got"

expect_exit 0 "$UMPIRE" campaign create "$WORK/a.db" --scenario "$DEMO" --id raid
expect_exit 0 "$UMPIRE" campaign orders "$WORK/a.db" raid --player anna --orders "$DEMO_ORDERS"
expect_exit 0 "$UMPIRE" campaign resolve "$WORK/a.db" raid --periods 3 --settle
expect_exit 0 "$UMPIRE" campaign rollback "$WORK/a.db" raid --to-period 1 --reason "a test"
expect_exit 0 "$UMPIRE" campaign create "$WORK/a.db" --scenario "$DEMO" --id other
python3 - "$WORK/a.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT INTO accounts (id, name, password_hash, created_at, is_admin) "
           "VALUES (7, 'ann', '$argon2id$x', '2026-01-01T00:00:00.000Z', 1)")
db.execute("INSERT INTO sessions (token_hash, account_id, created_at, expires_at, address) "
           "VALUES ('ab12', 7, 't0', 't9', '127.0.0.1')")
db.execute("INSERT INTO memberships (account_id, campaign_id, role, player_id) "
           "VALUES (7, 'raid', 'player', 'anna')")
db.commit()
PY

expect_exit 0 "$UMPIRE" copy-db "$WORK/a.db" "$URL"
expect_in "$WORK/out" "accounts: 1 row(s)"
expect_in "$WORK/out" "sessions: 1 row(s)"
expect_in "$WORK/out" "2 campaign(s) read back identical and replayed"
for id in raid other; do
  expect_exit 0 "$UMPIRE" export "$WORK/a.db" $id --out "$WORK/$id-sqlite.json"
  expect_exit 0 "$UMPIRE" export "$URL" $id --out "$WORK/$id-pg.json"
  cmp "$WORK/$id-sqlite.json" "$WORK/$id-pg.json" || fail "$id exports differently from PostgreSQL"
done
expect_in "$WORK/raid-pg.json" '"account": "ann"'

# A second copy into the same database is refused, and nothing changes there.
expect_exit 4 "$UMPIRE" copy-db "$WORK/a.db" "$URL"
expect_in "$WORK/err" "already holds campaigns"
expect_exit 0 "$UMPIRE" export "$URL" raid --out "$WORK/raid-pg-again.json"
cmp "$WORK/raid-pg.json" "$WORK/raid-pg-again.json" || fail "a refused copy changed the target"

# Play goes on from PostgreSQL, and the campaign there still verifies.
expect_exit 0 "$UMPIRE" campaign resolve "$URL" raid --periods 1 --settle
expect_exit 0 "$UMPIRE" verify "$URL" raid
expect_exit 0 "$UMPIRE" campaign status "$URL" raid
# Rolled back to period 1 before the copy, then one period resolved on PostgreSQL.
python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
assert s["period"]["index"] == 2 and s["resolved_periods"] == 2, s' "$WORK/out" \
  || fail "the status from PostgreSQL is not period 2"

# And back into a new SQLite file: the same campaign, byte for byte.
expect_exit 0 "$UMPIRE" copy-db "$URL" "$WORK/b.db"
expect_exit 0 "$UMPIRE" export "$URL" raid --out "$WORK/raid-pg-2.json"
expect_exit 0 "$UMPIRE" export "$WORK/b.db" raid --out "$WORK/raid-back.json"
cmp "$WORK/raid-pg-2.json" "$WORK/raid-back.json" || fail "raid differs after the copy back"

# A URL that does not answer is a clear error naming it without its password.
expect_exit 4 "$UMPIRE" copy-db "$WORK/a.db" "postgresql://umpire:secret@127.0.0.1:1/none"
expect_in "$WORK/err" "cannot connect"
if grep -q secret "$WORK/err"; then fail "the password was printed"; fi
# The file-only commands refuse a URL, saying what to use, and never make a file of it.
expect_exit 2 "$UMPIRE" backup "postgresql://umpire:secret@127.0.0.1:1/x" "$WORK/out.db"
expect_in "$WORK/err" "works on SQLite files; PostgreSQL has its own tools (pg_dump"
if grep -q secret "$WORK/err"; then fail "the password was printed"; fi
expect_exit 2 "$UMPIRE" migrate "$URL"
expect_exit 2 "$UMPIRE" restore "$WORK/a.db" "$URL"
echo "ok"
