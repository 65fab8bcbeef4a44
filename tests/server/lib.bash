# Shared by the server's shell tests: $1 umpire, $2 umpire-server, $3 the source tree; a
# work folder and the background processes (PIDS) go when the test ends, however it ends.
set -euo pipefail
UMPIRE=$1
SERVER=$2
SRC=$3
WORK=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Starts the server with the demo campaign (and these extra flags) in the background; sets URL
# and writes each demo account's password to $WORK/<account>.pw.
start_demo_server() {
  "$SERVER" --port 0 --db "$WORK/s.db" --create-db --demo "$SRC/scenarios/valormr-demo.json" \
    --rulesets "$SRC/rulesets" --scenarios-dir "$SRC/scenarios" --password-cost min \
    --log-level warn "$@" > "$WORK/server.out" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 100); do grep -q "^    sven" "$WORK/server.out" 2>/dev/null && break; sleep 0.1; done
  URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/server.out" | head -1)
  [ -n "$URL" ] || { cat "$WORK/server.out"; fail "the server did not start"; }
  local account
  for account in $(awk '$2 == "/" {print $1}' "$WORK/server.out"); do
    awk -v a="$account" '$1 == a && $2 == "/" {print $3}' "$WORK/server.out" > "$WORK/$account.pw"
  done
}
