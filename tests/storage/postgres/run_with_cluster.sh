#!/usr/bin/env bash
# Runs a test binary against a throwaway PostgreSQL cluster (scripts/pg-throwaway) on
# 127.0.0.1, given to it as UMPIRE_TEST_PG_URL, and removes the cluster afterwards.
#   tests/storage/postgres/run_with_cluster.sh SOURCE_DIR BINARY [ARGS...]
# Exits 77 (skipped) when PostgreSQL is not installed; every wait is bounded by the script's
# pg_ctl and connection timeouts and by CTest's TIMEOUT.
set -euo pipefail
SRC=$1
shift
PG=$SRC/scripts/pg-throwaway
# Right under the temporary folder: the server's user (umpire-pg when run as root) must reach it.
DIR=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg.XXXXXX")
trap '"$PG" stop --remove "$DIR" >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT
set +e
URL=$("$PG" start "$DIR")
got=$?
set -e
if [ "$got" -eq 3 ]; then
  echo "SKIP: PostgreSQL is not installed"
  exit 77
fi
[ "$got" -eq 0 ] || { echo "FAIL: pg-throwaway start exited $got" >&2; exit 1; }
UMPIRE_TEST_PG_URL=$URL "$@"
