# Play by e-mail (issue 30): a player sets "mailto:" as its webhook, and when the period resolves
# the server sends the whole turn report over SMTP (libcurl), through the relay it is given: here
# a stub on 127.0.0.1. Each notification is one e-mail (anna sent no orders, so she also hears
# that she missed the period); the report's body is the player's own report (what happened,
# what its commanders know, its forces, the next deadline), nothing else.
# $1 umpire, $2 umpire-server, $3 the source tree.
source "$(dirname "$0")/lib.bash"

mkdir "$WORK/mail"
python3 "$SRC/tests/server/smtp_stub.py" "$WORK/mail" &
PIDS+=($!)
for _ in $(seq 100); do [ -s "$WORK/mail/port" ] && break; sleep 0.1; done
[ -s "$WORK/mail/port" ] || fail "the SMTP stub did not start"

start_demo_server --smtp-url "smtp://127.0.0.1:$(cat "$WORK/mail/port")" \
  --smtp-from umpire@example.org --smtp-plaintext
A=(--session "$WORK/anna.json")
G=(--session "$WORK/gm.json")
"$UMPIRE" client "${A[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.pw" > /dev/null
"$UMPIRE" client "${G[@]}" login --server "$URL" --account gm --password-file "$WORK/gm.pw" > /dev/null

# A bad address is refused; a good one is taken.
set +e
"$UMPIRE" client "${A[@]}" webhook --campaign valormr-demo --url "mailto:not an address" 2> "$WORK/err"
code=$?
set -e
[ $code -eq 4 ] || fail "a bad address: exit $code"
grep -q invalid_argument "$WORK/err" || fail "a bad address: $(cat "$WORK/err")"
"$UMPIRE" client "${A[@]}" webhook --campaign valormr-demo --url "mailto:anna@example.org" > /dev/null

"$UMPIRE" client "${G[@]}" gm --campaign valormr-demo force_advance --period 0 --reason "by e-mail" > /dev/null
# Two notifications for anna, each one e-mail: the period resolved, and she sent no orders.
for _ in $(seq 100); do [ "$(ls "$WORK"/mail/mail-*.eml 2>/dev/null | wc -l)" -ge 2 ] && break; sleep 0.1; done
sleep 0.5  # a third would be a duplicate
mails=("$WORK"/mail/mail-*.eml)
[ -e "${mails[0]}" ] || { cat "$WORK/server.out"; fail "no e-mail arrived"; }
[ ${#mails[@]} -eq 2 ] || fail "${#mails[@]} e-mails for two notifications"
grep -l "^Subject: \[Umpire\] valormr-demo: missed orders in period 0" "${mails[@]}" > /dev/null \
  || fail "no missed-orders e-mail"
m=$(grep -l "^Subject: \[Umpire\] valormr-demo: period 0 resolved" "${mails[@]}") \
  || fail "no period-resolved e-mail"
grep -q "^X-Envelope-From: <umpire@example.org>" "$m" || fail "envelope sender"
grep -q "^X-Envelope-To: <anna@example.org>" "$m" || fail "envelope recipient"
grep -q "^To: <anna@example.org>" "$m" || fail "To"
grep -q "^From: Umpire <umpire@example.org>" "$m" || fail "From"
grep -q "^Content-Type: text/plain; charset=utf-8" "$m" || fail "Content-Type"
for section in "What happened" "What your commanders know now" "Your forces" "Next"; do
  grep -q "^$section" "$m" || { cat "$m"; fail "the report's section $section"; }
done
grep -q "the report for anna" "$m" || fail "the report is not anna's"
grep -q "(hadewych) at" "$m" || fail "anna's force is not in her report"
! grep -q "(ingegerd) at" "$m" || fail "the enemy's force is listed as hers"
# Every line ends CRLF (SMTP), and no line is longer than SMTP allows (998).
python3 - "$m" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
lines = data.split(b"\r\n")
assert all(b"\n" not in l for l in lines), "a bare LF in the message"
assert all(len(l) <= 998 for l in lines), "a line longer than 998"
PY
echo "ok"
