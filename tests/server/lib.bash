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
