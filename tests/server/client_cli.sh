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

start_demo_server --allow-private-webhooks
for _ in $(seq 100); do [ -s "$WORK/hook_port" ] && break; sleep 0.1; done

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
# A dry run first: checked and planned, nothing stored.
"$UMPIRE" client "${A[@]}" orders --campaign valormr-demo --orders "$WORK/orders.json" --dry-run > "$WORK/plan.txt"
grep -q "^1 order(s) pass every check; nothing was stored.$" "$WORK/plan.txt" || { cat "$WORK/plan.txt"; fail "dry run"; }
grep -q "^hadewych: [0-9]* move points this period$" "$WORK/plan.txt" || fail "dry run: the force's points"
grep -Eq "^  \(3,3\) cost [0-9]+, [0-9]+ spent, entered at [0-9]+/[0-9]+ of the period$" "$WORK/plan.txt" \
  || fail "dry run: the first step"
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo | grep -q "^Your orders: none yet" \
  || fail "a dry run stored the orders"
# A step that is not adjacent is refused with its path, dry run or not.
sed 's/\[\[3, 3\], \[4, 3\]\]/[[3, 3], [6, 3]]/' "$WORK/orders.json" > "$WORK/jump.json"
set +e
"$UMPIRE" client "${A[@]}" orders --campaign valormr-demo --orders "$WORK/jump.json" --dry-run 2> "$WORK/err"
code=$?
set -e
[ $code -eq 4 ] || fail "a jump in a dry run: exit $code"
grep -q "path step 2 (6,3) is not adjacent to (3,3)" "$WORK/err" || { cat "$WORK/err"; fail "a jump: the message"; }

"$UMPIRE" client "${A[@]}" orders --campaign valormr-demo --orders "$WORK/orders.json" --confirm > "$WORK/receipts"
[ "$(grep -c '"type":"receipt"' "$WORK/receipts")" -eq 2 ] || fail "two receipts expected"
grep -q '"state":"confirmed"' "$WORK/receipts" || fail "not confirmed"
grep -q '"plan":\[{"available"' "$WORK/receipts" || fail "the receipt carries no plan"

# A decision that is not anna's: refused, exit 4, the code on stderr.
set +e
"$UMPIRE" client "${A[@]}" answer --campaign valormr-demo --decision 1.day.1.x.anselm --answer engage 2> "$WORK/err"
code=$?
set -e
[ $code -eq 4 ] || fail "answer exit $code"
grep -q unknown_decision "$WORK/err" || fail "no error code on stderr"

# Where the campaign stands, as text: anna's confirmed orders, the order flags, no deadline yet.
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo > "$WORK/status.txt"
grep -q "· active · you are player anna$" "$WORK/status.txt" || { cat "$WORK/status.txt"; fail "status heading"; }
grep -q "^Period 0: day 1, day; deadline none$" "$WORK/status.txt" || fail "status period"
grep -q "^Your orders: confirmed, 1 order(s)" "$WORK/status.txt" || fail "status orders"
grep -q "anna confirmed" "$WORK/status.txt" || fail "status order flags"
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo --json | python3 -c 'import json,sys; v=json.load(sys.stdin); assert v["you"]["player"] == "anna", v'
# A deadline shows in UTC, in the campaign's zone and from now.
"$UMPIRE" client --session "$WORK/gm.json" gm --campaign valormr-demo set_deadline --reason "a day" \
  --deadline '{"kind":"duration","minutes":1440}' > /dev/null
"$UMPIRE" client "${A[@]}" status --campaign valormr-demo > "$WORK/status.txt"
grep -Eq "^Period 0: day 1, day; deadline [0-9-]+ [0-9:]+ UTC.*, in (23 h|1 d)" "$WORK/status.txt" \
  || { cat "$WORK/status.txt"; fail "status deadline"; }
grep -q "set_deadline .*: a day" "$WORK/status.txt" || fail "status notices"

# The GM forces the period; every decision settles by standing instruction or default.
api "$WORK/gm.json" '{"type":"gm","campaign":"valormr-demo","command":"force_advance","period":0,"reason":"test"}' | grep -q gm_done
"$UMPIRE" client "${A[@]}" history --campaign valormr-demo > "$WORK/history.txt"
grep -q "^1 resolved period(s)$" "$WORK/history.txt" || { cat "$WORK/history.txt"; fail "history"; }
grep -Eq "^  0  day 1 day, resolved [0-9-]+ [0-9:]+ UTC" "$WORK/history.txt" || fail "history period"
grep -q "force_advance .*: test" "$WORK/history.txt" || fail "history notices"
"$UMPIRE" client "${A[@]}" decisions --campaign valormr-demo | grep -q "^0 decision(s) waiting for you$" \
  || fail "decisions as text"

"$UMPIRE" client "${A[@]}" report --campaign valormr-demo --period 0 > "$WORK/report.txt"
grep -q ": period 0 (day 1, day), the report for anna$" "$WORK/report.txt" || { cat "$WORK/report.txt"; fail "report heading"; }
for section in "What happened" "What your commanders know now" "Your forces" "Decisions waiting for you" "Next"; do
  grep -q "^$section$" "$WORK/report.txt" || fail "report section $section"
done
grep -q "^\* Hadewych.* (hadewych) at ([0-9]*,[0-9]*): [0-9]* regiment(s), [0-9]* figures" "$WORK/report.txt" \
  || fail "report: anna's force"
grep -Eq "^Period 1 \(day 1, night\) is open. Deadline: [0-9-]+ [0-9:]+ UTC" "$WORK/report.txt" || fail "report: next period"
# No raw JSON, and no run of blank lines.
! grep -q '[{]"' "$WORK/report.txt" || { grep '[{]"' "$WORK/report.txt"; fail "raw JSON in the report"; }
! grep -qzP '\n\n\n' "$WORK/report.txt" || fail "blank lines in a row in the report"
"$UMPIRE" client "${A[@]}" report --campaign valormr-demo --period 0 --format markdown > "$WORK/report.md"
grep -q "^# .*: period 0 (day 1, day), the report for anna$" "$WORK/report.md" || fail "markdown title"
grep -q "^## Your forces$" "$WORK/report.md" || fail "markdown sections"
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
grep -q "derived seed(s) of your rolls" "$WORK/report.txt" || fail "the report names the derived seeds"

# Exactly one notification for the resolved period, at the receiver.
for _ in $(seq 50); do grep -q 'resolved:0' "$WORK/hooks" 2>/dev/null && break; sleep 0.1; done
[ "$(grep -c 'resolved:0.0' "$WORK/hooks")" -eq 1 ] || { cat "$WORK/hooks"; fail "one notification"; }
echo "ok"
