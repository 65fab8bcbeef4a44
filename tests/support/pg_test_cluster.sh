#!/usr/bin/env bash
# The CTest fixture `pg_cluster`: one throwaway PostgreSQL cluster (scripts/pg-throwaway, fast
# mode, 127.0.0.1) for every test of a run that runs a store on PostgreSQL.
#   pg_test_cluster.sh start SOURCE_DIR STATE_FILE   starts it, writes "URL DIR" to STATE_FILE
#   pg_test_cluster.sh stop SOURCE_DIR STATE_FILE    stops and removes it, and STATE_FILE
# Without PostgreSQL installed, start writes no state file and says so: the tests' PostgreSQL
# cases then skip (and say why), the SQLite ones run.
set -euo pipefail
command=$1 SRC=$2 STATE=$3
PG=$SRC/scripts/pg-throwaway
case $command in
  start)
    # A cluster an interrupted run left running goes first.
    if [ -f "$STATE" ]; then
      read -r _ OLD < "$STATE" || true
      [ -n "${OLD:-}" ] && { "$PG" stop --remove "$OLD" >/dev/null 2>&1 || true; rm -rf "$OLD"; }
      rm -f "$STATE"
    fi
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg-tests.XXXXXX")
    set +e
    URL=$("$PG" start --fast "$DIR")
    got=$?
    set -e
    if [ "$got" -eq 3 ]; then
      rm -rf "$DIR"
      echo "PostgreSQL is not installed: the PostgreSQL cases of the store tests will skip"
      exit 0
    fi
    [ "$got" -eq 0 ] || { rm -rf "$DIR"; echo "FAIL: pg-throwaway start exited $got" >&2; exit 1; }
    echo "$URL $DIR" > "$STATE"
    echo "PostgreSQL for the tests: $URL ($DIR)"
    ;;
  stop)
    [ -f "$STATE" ] || exit 0
    read -r _ DIR < "$STATE"
    "$PG" stop --remove "$DIR" >/dev/null 2>&1 || true
    rm -rf "$DIR" "$STATE"
    ;;
  *) echo "usage: pg_test_cluster.sh start|stop SOURCE_DIR STATE_FILE" >&2; exit 2 ;;
esac
