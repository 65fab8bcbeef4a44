#!/usr/bin/env bash
# scripts/pg-throwaway starts a PostgreSQL cluster that answers on its URL, on 127.0.0.1 only,
# and stops it (issue 33 builds on it; docs/operations.md, "A throwaway PostgreSQL for tests").
#   tests/storage/pg_throwaway_test.sh [SOURCE_DIR]
# Exits 77 (skipped) when PostgreSQL is not installed. Every wait is bounded: pg_ctl's by -t,
# psql's by PGCONNECT_TIMEOUT, the whole test by CTest's TIMEOUT.
set -euo pipefail
SRC=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
PG=$SRC/scripts/pg-throwaway
export PGCONNECT_TIMEOUT=10
# Right under the temporary folder: the server's user (umpire-pg when run as root) must reach it.
DIR=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg.XXXXXX")
ERR=$(mktemp)
trap '"$PG" stop --remove "$DIR" >/dev/null 2>&1 || true; rm -rf "$DIR" "$ERR"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# pg_ctl_status: pg_ctl status as the cluster's owner (pg_ctl refuses root): 0 running, 3 not.
pg_ctl_status() {
  local bin owner
  bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -1)
  owner=$(stat -c %U "$DIR/data")
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u "$owner" -- "$bin/pg_ctl" -D "$DIR/data" status) >/dev/null 2>&1
  else
    "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1
  fi
}

set +e
URL=$("$PG" start "$DIR" 2>"$ERR")
got=$?
set -e
if [ "$got" -eq 3 ]; then
  echo "SKIP: PostgreSQL is not installed"
  exit 77
fi
[ "$got" -eq 0 ] || { cat "$ERR" >&2; fail "pg-throwaway start exited $got"; }
command -v psql >/dev/null || fail "PostgreSQL is installed but psql is not on the PATH"

[[ "$URL" =~ ^postgresql://umpire@127\.0\.0\.1:[0-9]+/umpire$ ]] || fail "start printed '$URL', not one URL"
[ "$(cat "$DIR/url")" = "$URL" ] || fail "$DIR/url is not what start printed"
[ "$("$PG" url "$DIR")" = "$URL" ] || fail "pg-throwaway url does not print the URL"

got=$(psql "$URL" -X -q -At -v ON_ERROR_STOP=1 \
  -c "CREATE TABLE t(x int); INSERT INTO t VALUES (42); SELECT x FROM t")
[ "$got" = 42 ] || fail "SELECT x FROM t gave '$got', not 42"
got=$(psql "$URL" -X -At -v ON_ERROR_STOP=1 -c "SHOW listen_addresses")
[ "$got" = 127.0.0.1 ] || fail "listen_addresses is '$got', not 127.0.0.1"
got=$(psql "$URL" -X -At -v ON_ERROR_STOP=1 -c "SELECT current_user || ' ' || pg_catalog.pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()")
[ "$got" = "umpire umpire" ] || fail "connected as and owned by '$got', not umpire umpire"
# Durable by default (only --fast turns fsync off).
got=$(psql "$URL" -X -At -v ON_ERROR_STOP=1 -c "SHOW fsync")
[ "$got" = on ] || fail "fsync is '$got' without --fast"

pg_ctl_status || fail "pg_ctl status says the cluster is not running"
"$PG" stop "$DIR" || fail "pg-throwaway stop failed"
got=0
pg_ctl_status || got=$?
[ "$got" -eq 3 ] || fail "pg_ctl status exited $got after stop, not 3 (not running)"
[ ! -e "$DIR/data/postmaster.pid" ] || fail "postmaster.pid is still there after stop"
"$PG" stop "$DIR" || fail "stopping a stopped cluster is an error"
"$PG" stop --remove "$DIR" || fail "pg-throwaway stop --remove failed"
[ ! -e "$DIR" ] || fail "stop --remove left $DIR"
echo "ok"
