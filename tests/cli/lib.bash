# Shared by the CLI tests: $1 is the umpire binary, $2 the source tree.
set -euo pipefail
UMPIRE=$1
SRC=$2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DEMO=$SRC/scenarios/valormr-demo.json
DEMO_ORDERS=$SRC/scenarios/valormr-demo-orders.json

fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_exit CODE CMD...: runs CMD, keeping stdout/stderr in $WORK/out and $WORK/err.
expect_exit() {
  local want=$1; shift
  set +e
  "$@" >"$WORK/out" 2>"$WORK/err"
  local got=$?
  set -e
  [ "$got" -eq "$want" ] || { cat "$WORK/out" "$WORK/err" >&2; fail "exit $got, wanted $want: $*"; }
}

expect_in() {  # expect_in FILE TEXT
  grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "'$2' not in $(basename "$1")"; }
}
