# Upgrades: `migrate --dry-run` reports the steps, tries them on a copy and changes not a byte;
# `migrate` (and any command opening an older database) backs it up first, 0600, at the old
# version; a held writer lock stops `migrate`.
source "$(dirname "$0")/lib.bash"

sql() {  # sql DB QUERY: the first column of the first row
  python3 -c 'import sqlite3,sys; r=sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone(); print(r[0] if r else "")' "$@"
}
# A database as schema version 8 left it: a campaign with its open period, no scheme columns
# (v9), none of the account additions (v10), no decision lapses (v11), no world edits (v12), no
# press (v13) and nothing several servers share (v14).
make_v8() {
  expect_exit 0 "$UMPIRE" campaign create "$1" --scenario "$DEMO" --id raid
  python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("ALTER TABLE periods DROP COLUMN scheme")
db.execute("ALTER TABLE open_periods DROP COLUMN scheme")
for table, column in [("accounts", "email"), ("sessions", "address"), ("invites", "expires_at"),
                      ("invites", "revoked_at"), ("invites", "created_by")]:
    db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
db.execute("DROP TABLE password_resets")
db.execute("ALTER TABLE decisions DROP COLUMN lapsed_at")
db.execute("DROP TABLE world_edits")
db.execute("DROP TABLE press")
db.execute("ALTER TABLE campaigns DROP COLUMN version")
db.execute("ALTER TABLE notifications DROP COLUMN claimed_until")
db.execute("DROP TABLE login_throttle")
db.execute("PRAGMA user_version = 8")
db.commit()
db.execute("PRAGMA journal_mode = DELETE")
PY
}
listing() { (cd "$WORK" && ls -a | grep -v -e '^out$' -e '^err$'); }

make_v8 "$WORK/old.db"
sum=$(sha256sum <"$WORK/old.db")
before=$(listing)
expect_exit 0 "$UMPIRE" migrate "$WORK/old.db" --dry-run
expect_in "$WORK/out" "$WORK/old.db: schema version 8, this build's 14"
expect_in "$WORK/out" "then run 6 step(s):"
expect_in "$WORK/out" "to version 9: dice and state-version scheme of periods"
expect_in "$WORK/out" "to version 10: account e-mail, session addresses, invite expiry, password resets"
expect_in "$WORK/out" "to version 11: decisions that lapse at their own deadline"
expect_in "$WORK/out" "to version 12: the GM's edits of forces and the world"
expect_in "$WORK/out" "to version 13: press between players and from the GMs"
expect_in "$WORK/out" "to version 14: campaign versions, notification claims, login throttle"
expect_in "$WORK/out" "tried on a copy: migrated to 14, integrity ok, 1 campaign(s) with 0 resolved period(s) replay"
[ "$(sha256sum <"$WORK/old.db")" = "$sum" ] || fail "a dry run changed the database"
[ "$(listing)" = "$before" ] || { diff <(echo "$before") <(listing) >&2; fail "a dry run left files"; }

# Not while another process (a server) holds the writer lock.
python3 - "$WORK/old.db.lock" "$WORK/locker" <<'PY' &
import fcntl, os, sys, time
f = open(sys.argv[1], "a")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2] + ".ready", "w").close()
while not os.path.exists(sys.argv[2] + ".stop"):
    time.sleep(0.05)
PY
locker=$!
for _ in $(seq 100); do [ -e "$WORK/locker.ready" ] && break; sleep 0.1; done
expect_exit 4 "$UMPIRE" migrate "$WORK/old.db"
expect_in "$WORK/err" "is held by"
[ "$(sha256sum <"$WORK/old.db")" = "$sum" ] || fail "a refused migration changed the database"
touch "$WORK/locker.stop"
wait "$locker"

expect_exit 0 "$UMPIRE" migrate "$WORK/old.db"
expect_in "$WORK/out" "migrated $WORK/old.db from schema version 8 to 14; the backup from before is $WORK/old.db.pre-v14-"
expect_in "$WORK/err" "backed up to $WORK/old.db.pre-v14-"
bak=$(ls "$WORK"/old.db.pre-v14-*Z.bak)
[ "$(stat -c %a "$bak")" = 600 ] || fail "backup mode $(stat -c %a "$bak")"
[ "$(sql "$bak" "PRAGMA user_version")" = 8 ] || fail "the backup is not at version 8"
[ "$(sql "$bak" "PRAGMA integrity_check")" = ok ] || fail "the backup does not check"
[ "$(sql "$bak" "SELECT count(*) FROM campaigns")" = 1 ] || fail "the backup lacks the campaign"
[ "$(sql "$WORK/old.db" "PRAGMA user_version")" = 14 ] || fail "not migrated"
expect_exit 0 "$UMPIRE" migrate "$WORK/old.db"
expect_in "$WORK/out" "is this build's; nothing to migrate"
expect_exit 0 "$UMPIRE" migrate "$WORK/old.db" --dry-run
expect_in "$WORK/out" "nothing to migrate"
# The backup restores at its version.
expect_exit 0 "$UMPIRE" restore "$bak" "$WORK/back.db"
[ "$(sql "$WORK/back.db" "PRAGMA user_version")" = 8 ] || fail "the restore is not at version 8"

# Any command opening an older database backs it up first.
make_v8 "$WORK/other.db"
expect_exit 0 "$UMPIRE" campaign status "$WORK/other.db" raid
expect_in "$WORK/err" "$WORK/other.db: backed up to $WORK/other.db.pre-v14-"
ls "$WORK"/other.db.pre-v14-*Z.bak >/dev/null || fail "no backup before migrating"

expect_exit 4 "$UMPIRE" migrate "$WORK/missing.db"
[ ! -e "$WORK/missing.db.lock" ] || fail "a lock file beside a missing database"
echo "ok"
