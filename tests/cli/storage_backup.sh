# Backup, restore and export: a backup holds what is still in the WAL (a plain cp of the file
# does not), restores to the same campaign, is 0600 and never overwritten unless forced; a
# restore refuses a damaged backup, an existing database without --force and a locked one,
# changing nothing.
source "$(dirname "$0")/lib.bash"

sql() {  # sql DB QUERY: the first column of the first row
  python3 -c 'import sqlite3,sys; r=sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone(); print(r[0] if r else "")' "$@"
}
mode() { stat -c %a "$1"; }
# The campaign as `verify` and `status` see it, seed hashes and periods included.
summary() {
  "$UMPIRE" campaign status "$1" raid >"$WORK/status"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["period"]["seed_hash"], s["resolved_periods"])' "$WORK/status"
  python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT group_concat(period_index||attempt||seed_hash||seed, \",\") FROM (SELECT * FROM periods ORDER BY period_index, attempt)").fetchone()[0])' "$1"
}

# A reader that started before the campaign existed keeps every commit in live.db-wal: the
# database file itself stays empty until it ends.
python3 - "$WORK/live.db" "$WORK/reader" <<'PY' &
import os, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("BEGIN")
db.execute("SELECT count(*) FROM sqlite_schema").fetchall()
open(sys.argv[2] + ".ready", "w").close()
while not os.path.exists(sys.argv[2] + ".stop"):
    time.sleep(0.05)
PY
reader=$!
trap 'kill "$reader" 2>/dev/null || true; rm -rf "$WORK"' EXIT  # a failure below must not leave it running
for _ in $(seq 100); do [ -e "$WORK/reader.ready" ] && break; sleep 0.1; done
[ -e "$WORK/reader.ready" ] || fail "the reader did not start"

expect_exit 0 "$UMPIRE" campaign create "$WORK/live.db" --scenario "$DEMO" --id raid
expect_exit 0 "$UMPIRE" campaign orders "$WORK/live.db" raid --player anna --orders "$DEMO_ORDERS"
expect_exit 0 "$UMPIRE" campaign resolve "$WORK/live.db" raid --periods 2 --settle
[ -s "$WORK/live.db-wal" ] || fail "the commits are not in the WAL"
cp "$WORK/live.db" "$WORK/plain-copy.db"
[ "$(sql "$WORK/plain-copy.db" "SELECT count(*) FROM sqlite_schema WHERE name = 'campaigns'")" = 0 ] ||
  fail "a plain copy of the file holds the campaign: the test does not show what it should"

expect_exit 0 "$UMPIRE" backup "$WORK/live.db" "$WORK/b1.db"
expect_in "$WORK/out" "integrity ok, schema version 14, 1 campaign(s), 2 resolved period(s)"
[ "$(mode "$WORK/b1.db")" = 600 ] || fail "backup mode $(mode "$WORK/b1.db")"
[ ! -e "$WORK/b1.db-wal" ] || fail "the backup is not one file"
expect_exit 0 "$UMPIRE" verify "$WORK/b1.db" raid
expect_in "$WORK/out" "2 period(s) replayed, all reproduce"
[ "$(summary "$WORK/b1.db")" = "$(summary "$WORK/live.db")" ] || fail "the backup differs"

# Never over an existing file unless forced.
cp "$WORK/b1.db" "$WORK/b1.before"
expect_exit 4 "$UMPIRE" backup "$WORK/live.db" "$WORK/b1.db"
expect_in "$WORK/err" "already exists (--force replaces it)"
cmp -s "$WORK/b1.db" "$WORK/b1.before" || fail "a refused backup changed the file"
expect_exit 0 "$UMPIRE" backup "$WORK/live.db" "$WORK/b1.db" --force
touch "$WORK/reader.stop"
wait "$reader"

# Restore to a new file, then over it.
expect_exit 0 "$UMPIRE" restore "$WORK/b1.db" "$WORK/new.db"
expect_in "$WORK/out" "every campaign replays"
[ "$(mode "$WORK/new.db")" = 600 ] || fail "restored mode $(mode "$WORK/new.db")"
[ "$(summary "$WORK/new.db")" = "$(summary "$WORK/live.db")" ] || fail "the restored database differs"
expect_exit 0 "$UMPIRE" campaign resolve "$WORK/new.db" raid --settle
cp "$WORK/new.db" "$WORK/new.before"
expect_exit 4 "$UMPIRE" restore "$WORK/b1.db" "$WORK/new.db"
expect_in "$WORK/err" "already exists (--force keeps it as"
cmp -s "$WORK/new.db" "$WORK/new.before" || fail "a refused restore changed the database"
expect_exit 0 "$UMPIRE" restore "$WORK/b1.db" "$WORK/new.db" --force
expect_in "$WORK/out" "the database it replaced is kept as $WORK/new.db.before-restore-"
kept=$(ls "$WORK"/new.db.before-restore-*)
cmp -s "$kept" "$WORK/new.before" || fail "the replaced database was not kept as it was"
[ "$(summary "$WORK/new.db")" = "$(summary "$WORK/live.db")" ] || fail "restoring over it differs"

# A damaged backup (bytes flipped in a table's page) or one that does not replay is refused.
listing() { (cd "$WORK" && ls -a | grep -v -e '^out$' -e '^err$' -e '^status$'); }
python3 - "$WORK/b1.db" "$WORK/flipped.db" "$WORK/tampered.db" <<'PY'
import shutil, sqlite3, sys
root = sqlite3.connect(sys.argv[1]).execute(
    "SELECT rootpage FROM sqlite_schema WHERE name = 'campaigns'").fetchone()[0]
data = bytearray(open(sys.argv[1], "rb").read())
page = int.from_bytes(data[16:18], "big")
for i in range(3, 7):  # the cell count and content offset in the campaigns table's page header
    data[(root - 1) * page + i] ^= 0xA5
open(sys.argv[2], "wb").write(data)
shutil.copy(sys.argv[1], sys.argv[3])
db = sqlite3.connect(sys.argv[3])
db.execute("UPDATE periods SET draws = draws + 1 WHERE period_index = 1")
db.commit()
PY
before=$(listing)
cp "$WORK/new.db" "$WORK/new.before"
expect_exit 4 "$UMPIRE" restore "$WORK/flipped.db" "$WORK/new.db" --force
expect_in "$WORK/err" "refused, nothing was restored"
expect_exit 4 "$UMPIRE" restore "$WORK/tampered.db" "$WORK/new.db" --force
expect_in "$WORK/err" "does not replay"
expect_in "$WORK/err" "raid: period 1 attempt 0"
expect_exit 4 "$UMPIRE" restore "$WORK/flipped.db" "$WORK/other.db"
cmp -s "$WORK/new.db" "$WORK/new.before" || fail "a refused restore changed the database"
[ "$(listing)" = "$(printf '%s\nother.db.lock' "$before" | sort)" ] ||
  { diff <(echo "$before") <(listing) >&2; fail "a refused restore left files behind"; }

# Not while another process (a server) holds the database's writer lock.
python3 - "$WORK/new.db.lock" "$WORK/locker" <<'PY' &
import fcntl, os, sys, time
f = open(sys.argv[1], "a")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2] + ".ready", "w").close()
while not os.path.exists(sys.argv[2] + ".stop"):
    time.sleep(0.05)
PY
locker=$!
for _ in $(seq 100); do [ -e "$WORK/locker.ready" ] && break; sleep 0.1; done
expect_exit 4 "$UMPIRE" restore "$WORK/b1.db" "$WORK/new.db" --force
expect_in "$WORK/err" "is held by"
cmp -s "$WORK/new.db" "$WORK/new.before" || fail "a restore under a lock changed the database"
touch "$WORK/locker.stop"
wait "$locker"

# An archive replaces an existing file and is its owner's alone whatever the umask.
umask 022
touch "$WORK/raid.json"
chmod 644 "$WORK/raid.json"
expect_exit 0 "$UMPIRE" export "$WORK/live.db" raid --out "$WORK/raid.json"
[ "$(mode "$WORK/raid.json")" = 600 ] || fail "archive mode $(mode "$WORK/raid.json")"
! ls "$WORK"/raid.json.* >/dev/null 2>&1 || fail "the export left a temporary file"
echo "ok"
