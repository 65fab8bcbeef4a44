# E-mail-style play with the `umpire client` commands against a real server on 127.0.0.1
# (started with the demo), with anna's webhook pointing at a tiny local HTTP receiver:
# log in, orders and standing instructions from a file with --confirm, the GM forces the
# period over the JSON API, the report as text and JSON, one notification per event, and a
# refused answer. The server allows private webhooks: the receiver is on 127.0.0.1.
# $1 umpire, $2 umpire-server, $3 the source tree.
source "$(dirname "$0")/lib.bash"

# The webhook receiver: appends each POST body as a line to $WORK/hooks.
python3 - "$WORK" <<'PY' &
import http.server, socketserver, sys, os
work = sys.argv[1]
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with open(os.path.join(work, "hooks"), "ab") as f: f.write(body + b"\n")
        self.send_response(204); self.end_headers()
    def log_message(self, *a): pass
with socketserver.TCPServer(("127.0.0.1", 0), H) as s:
    open(os.path.join(work, "hook_port"), "w").write(str(s.server_address[1]))
    s.serve_forever()
PY
PIDS+=($!)

"$SERVER" --port 0 --db "$WORK/s.db" --create-db --demo "$SRC/scenarios/valormr-demo.json" \
  --rulesets "$SRC/rulesets" --scenarios-dir "$SRC/scenarios" --password-cost min \
  --log-level warn --allow-private-webhooks > "$WORK/server.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
  grep -q "^    sven" "$WORK/server.out" 2>/dev/null && [ -s "$WORK/hook_port" ] && break
  sleep 0.1
done
URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/server.out" | head -1)
[ -n "$URL" ] || { cat "$WORK/server.out"; fail "the server did not start"; }
password() { awk -v a="$1" '$1 == a && $2 == "/" {print $3}' "$WORK/server.out"; }
password anna > "$WORK/anna.pw"
password gm > "$WORK/gm.pw"

A=(--session "$WORK/anna.json")
"$UMPIRE" client "${A[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.pw" > /dev/null
"$UMPIRE" client --session "$WORK/gm.json" login --server "$URL" --account gm --password-file "$WORK/gm.pw" > /dev/null
[ "$(stat -c %a "$WORK/anna.json")" = 600 ] || fail "the session file is readable by others"

api() {  # api SESSION_FILE JSON: one message over the HTTP API, prints the reply messages
  python3 - "$URL" "$1" "$2" <<'PY'
import json, sys, urllib.request
url, session, message = sys.argv[1:]
token = json.load(open(session))["token"]
req = urllib.request.Request(url + "/api/v1/messages", data=message.encode(),
                             headers={"Authorization": "Bearer " + token})
print(json.dumps(json.load(urllib.request.urlopen(req))["messages"]))
PY
}
HOOK="http://127.0.0.1:$(cat "$WORK/hook_port")/hook"
api "$WORK/anna.json" "{\"type\":\"set_webhook\",\"campaign\":\"valormr-demo\",\"url\":\"$HOOK\"}" | grep -q webhook_set

# Orders with standing instructions, from a file, confirmed.
cat > "$WORK/orders.json" <<'JSON'
{"format": "umpire-orders/1", "periods": [{"day": 1, "period": "day", "orders": [
  {"force": "hadewych", "path": [[3, 3], [4, 3]],
   "standing_instructions": {"contact": ["rest", "engage"], "rearguard": true}},
  {"player": "ingrid", "force": "ingegerd", "hold": true}]}]}
JSON
"$UMPIRE" client "${A[@]}" orders --campaign valormr-demo --orders "$WORK/orders.json" --confirm > "$WORK/receipts"
[ "$(grep -c '"type":"receipt"' "$WORK/receipts")" -eq 2 ] || fail "two receipts expected"
grep -q '"state":"confirmed"' "$WORK/receipts" || fail "not confirmed"

# A decision that is not anna's: refused, exit 4, the code on stderr.
set +e
"$UMPIRE" client "${A[@]}" answer --campaign valormr-demo --decision 1.day.1.x.anselm --answer engage 2> "$WORK/err"
code=$?
set -e
[ $code -eq 4 ] || fail "answer exit $code"
grep -q unknown_decision "$WORK/err" || fail "no error code on stderr"

# The GM forces the period; every decision settles by standing instruction or default.
api "$WORK/gm.json" '{"type":"gm","campaign":"valormr-demo","command":"force_advance","reason":"test"}' | grep -q gm_done

"$UMPIRE" client "${A[@]}" report --campaign valormr-demo --period 0 > "$WORK/report.txt"
grep -q "^Period 0 (day 1, day)" "$WORK/report.txt" || fail "report heading"
[ "$(wc -l < "$WORK/report.txt")" -gt 5 ] || fail "report too short"
"$UMPIRE" client "${A[@]}" report --campaign valormr-demo --period 0 --format json > "$WORK/report.json"
python3 - "$WORK/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["type"] == "report" and r["events"], r
for e in r["events"]:
    a = e.get("audience", "all")
    assert a == "all" or "anna" in a, e
assert any(e["type"] == "standing_instructions_set" for e in r["events"]), "standing instructions"
# A player is never shown the period's seed; each roll it sees has its derived seed.
assert "seed" not in r, "a player was shown the period seed"
rolls = [e["stream"] for e in r["events"] if e["type"] == "dice_roll"]
assert set(rolls) == set(r["dice_seeds"]), (rolls, r["dice_seeds"])
PY
grep -q "derived dice seeds" "$WORK/report.txt" || fail "report heading names the derived seeds"

# Exactly one notification for the resolved period, at the receiver.
for _ in $(seq 50); do grep -q 'resolved:0' "$WORK/hooks" 2>/dev/null && break; sleep 0.1; done
[ "$(grep -c 'resolved:0.0' "$WORK/hooks")" -eq 1 ] || { cat "$WORK/hooks"; fail "one notification"; }
echo "ok"
