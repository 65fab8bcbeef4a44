# Databases that are missing, foreign or not databases at all get a clear error, exit 4, and are
# left as they were.
source "$(dirname "$0")/lib.bash"

expect_exit 4 "$UMPIRE" campaign status "$WORK/typo.db" demo
expect_in "$WORK/err" "cannot open the database"
[ ! -e "$WORK/typo.db" ] || fail "a missing database was created"

python3 - "$WORK/other.db" "$WORK/noise.db" <<'PY'
import random, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)")
db.commit()
random.seed(3)
open(sys.argv[2], "wb").write(bytes(random.randrange(256) for _ in range(8192)))
PY
before=$(sha256sum "$WORK/other.db")
expect_exit 4 "$UMPIRE" campaign status "$WORK/other.db" demo
expect_in "$WORK/err" "not an Umpire database"
expect_in "$WORK/err" "users"
[ "$(sha256sum "$WORK/other.db")" = "$before" ] || fail "the foreign database was changed"
expect_exit 4 "$UMPIRE" verify "$WORK/noise.db" demo
expect_in "$WORK/err" "not a readable SQLite database"

expect_exit 0 "$UMPIRE" campaign create "$WORK/c.db" --scenario "$DEMO"
expect_exit 4 "$UMPIRE" campaign status "$WORK/c.db" nope
expect_in "$WORK/err" 'no campaign "nope"'
echo "ok"
