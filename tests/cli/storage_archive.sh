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
echo "ok"
