# Export and import: the round trip is byte-identical; a tampered or malformed archive is
# refused with a clear error and imports nothing.
source "$(dirname "$0")/lib.bash"

expect_exit 0 "$UMPIRE" campaign create "$WORK/a.db" --scenario "$DEMO" --id raid --time-zone Europe/Oslo
expect_exit 0 "$UMPIRE" campaign orders "$WORK/a.db" raid --player anna --orders "$DEMO_ORDERS"
expect_exit 0 "$UMPIRE" campaign resolve "$WORK/a.db" raid --periods 2 --settle
expect_exit 0 "$UMPIRE" export "$WORK/a.db" raid --out "$WORK/one.json"
expect_exit 0 "$UMPIRE" import "$WORK/b.db" "$WORK/one.json"
expect_in "$WORK/out" "imported raid"
expect_exit 0 "$UMPIRE" export "$WORK/b.db" raid --out "$WORK/two.json"
cmp "$WORK/one.json" "$WORK/two.json" || fail "export -> import -> export differs"
expect_exit 0 "$UMPIRE" verify "$WORK/b.db" raid
expect_exit 4 "$UMPIRE" import "$WORK/b.db" "$WORK/one.json"
expect_in "$WORK/err" 'a campaign "raid" already exists'

python3 - "$WORK/one.json" "$WORK/bad.json" <<'PY'
import json, sys
archive = json.load(open(sys.argv[1]))
assert archive["format"] == "umpire-archive/1" and archive["campaign"]["time_zone"] == "Europe/Oslo"
archive["periods"][1]["events"][0]["day"] = 99
json.dump(archive, open(sys.argv[2], "w"))
PY
expect_exit 2 "$UMPIRE" import "$WORK/c.db" "$WORK/bad.json"
expect_in "$WORK/err" "nothing was imported"
expect_in "$WORK/err" "period 1 attempt 0: event 0 differs"
echo '{"format": "umpire-archive/1", "campaign": ' > "$WORK/cut.json"
expect_exit 2 "$UMPIRE" import "$WORK/c.db" "$WORK/cut.json"
python3 - "$WORK/c.db" <<'PY'
import os, sqlite3, sys
if os.path.exists(sys.argv[1]):
    n = sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM campaigns").fetchone()[0]
    assert n == 0, n
PY
# Delete: the archive is written first, then every row of the campaign goes; a second campaign
# in the file is untouched; the archive brings the deleted one back as it was.
expect_exit 0 "$UMPIRE" campaign create "$WORK/b.db" --scenario "$DEMO" --id other
expect_exit 0 "$UMPIRE" delete "$WORK/b.db" raid --archive "$WORK/deleted.json"
expect_in "$WORK/out" "deleted raid from $WORK/b.db (2 period(s), 0 member(s)); its archive is $WORK/deleted.json"
[ "$(stat -c %a "$WORK/deleted.json")" = 600 ] || fail "the archive of a deleted campaign is readable by others"
cmp "$WORK/one.json" "$WORK/deleted.json" || fail "the archive written before deleting differs"
python3 - "$WORK/b.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
for t in tables:
    columns = [r[1] for r in db.execute(f"PRAGMA table_info({t})")]
    key = "id" if t == "campaigns" else "campaign_id"
    if key in columns:
        n = db.execute(f"SELECT count(*) FROM {t} WHERE {key} = 'raid'").fetchone()[0]
        assert n == 0, (t, n)
assert db.execute("SELECT count(*) FROM campaigns WHERE id = 'other'").fetchone()[0] == 1
PY
expect_exit 0 "$UMPIRE" verify "$WORK/b.db" other
expect_exit 4 "$UMPIRE" delete "$WORK/b.db" other --archive "$WORK/deleted.json"
expect_in "$WORK/err" "exists; nothing was deleted"
expect_exit 0 "$UMPIRE" import "$WORK/b.db" "$WORK/deleted.json"
expect_exit 0 "$UMPIRE" verify "$WORK/b.db" raid
echo "ok"
