# A group makes its accounts from scratch with the command-line tools alone, against a real
# server on 127.0.0.1 that has no demo: the operator makes the GM with `umpire-server admin`,
# the GM starts a campaign and invites, players sign up with the codes, change and reset their
# passwords (reset codes from the operator), list and end sessions, set a webhook; a used or revoked
# code, a second seat and the GM commands that would reach an account (reset_code, assign, add_gm of
# a player) are refused; a seat moves by a fresh invite its new holder redeems. Each refusal changes nothing.
# $1 umpire, $2 umpire-server, $3 the source tree.
source "$(dirname "$0")/lib.bash"
DB="$WORK/group.db"

# The operator's first account: made before the server runs, printed password.
"$SERVER" admin create-account --db "$DB" --name gm --password-cost min > "$WORK/gm.out"
grep -q "^gm: administrator, may create campaigns" "$WORK/gm.out" || fail "first account is not the administrator"
awk '/^password: / {print $2}' "$WORK/gm.out" > "$WORK/gm.pw"

"$SERVER" --port 0 --db "$DB" --rulesets "$SRC/rulesets" --scenarios-dir "$SRC/scenarios" \
  --password-cost min --log-level warn --allow-private-webhooks > "$WORK/server.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do grep -q "listening at" "$WORK/server.out" 2>/dev/null && break; sleep 0.1; done
URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/server.out" | head -1)
[ -n "$URL" ] || { cat "$WORK/server.out"; fail "the server did not start"; }

G=(client --session "$WORK/gm.json")
A=(client --session "$WORK/anna.json")
A2=(client --session "$WORK/anna2.json")
refused() {  # refused EXPECTED_CODE COMMAND...: the command must fail with that server error
  local code=$1; shift
  if "$@" > "$WORK/out" 2> "$WORK/err"; then fail "accepted: $*"; fi
  grep -q "umpire: $code:" "$WORK/err" || { cat "$WORK/err"; fail "not $code: $*"; }
}

"$UMPIRE" "${G[@]}" login --server "$URL" --account gm --password-file "$WORK/gm.pw" > /dev/null
"$UMPIRE" "${G[@]}" campaigns | grep -q "^scenario valormr-demo" || fail "the GM is not offered the scenario"
"$UMPIRE" "${G[@]}" create-campaign --scenario valormr-demo --campaign club --time-zone Europe/Berlin \
  | grep -q "campaign club created" || fail "no campaign"
invite() { "$UMPIRE" "${G[@]}" gm --campaign club invite "$@" | awk '/^code: / {print $2}'; }
ANNA_CODE=$(invite --role player --player anna --hours 48)
OBSERVER_CODE=$(invite --role observer)
BERTRAM_CODE=$(invite --role player --player bertram)
[ -n "$ANNA_CODE" ] && [ -n "$OBSERVER_CODE" ] || fail "no invite codes"

# Sign-up with the code: the account, its seat and a session at once.
printf 'anna-first-pass\n' > "$WORK/anna.pw"
"$UMPIRE" "${A[@]}" signup --server "$URL" --code "$ANNA_CODE" --account anna \
  --password-file "$WORK/anna.pw" --email anna@example.org | grep -q "player anna in campaign club" \
  || fail "sign-up did not seat anna"
"$UMPIRE" "${A[@]}" account > "$WORK/account"
grep -q "^campaign club: player anna" "$WORK/account" || fail "anna's account lacks her seat"
grep -q "^e-mail: anna@example.org" "$WORK/account" || fail "anna's e-mail was not kept"
grep -q "(this one)" "$WORK/account" || fail "the current session is not marked"

# A used code, a taken name, a short password, a second seat: refused, nothing made.
refused invite_invalid "$UMPIRE" client --session "$WORK/x.json" signup --server "$URL" \
  --code "$ANNA_CODE" --account mallory --password long-enough-pass
refused conflict "$UMPIRE" client --session "$WORK/x.json" signup --server "$URL" \
  --code "$BERTRAM_CODE" --account anna --password long-enough-pass
refused invalid_argument "$UMPIRE" client --session "$WORK/x.json" signup --server "$URL" \
  --code "$BERTRAM_CODE" --account bertram --password short
refused conflict "$UMPIRE" "${A[@]}" redeem --code "$OBSERVER_CODE"
"$UMPIRE" "${A[@]}" account | grep -q "^campaign club: player anna" || fail "a refused redeem changed anna's seat"
refused bad_credentials "$UMPIRE" client --session "$WORK/x.json" login --server "$URL" \
  --account mallory --password long-enough-pass

# The GM lists and revokes invites; a revoked code is dead.
"$UMPIRE" "${G[@]}" gm --campaign club invites > "$WORK/invites"
grep -q "player anna used by anna" "$WORK/invites" || { cat "$WORK/invites"; fail "anna's invite is not listed as used"; }
OBSERVER_ID=$(awk '/ observer open/ {print $2}' "$WORK/invites")
"$UMPIRE" "${G[@]}" gm --campaign club revoke_invite --invite "$OBSERVER_ID" --reason "sent to the wrong address" > /dev/null
refused invite_invalid "$UMPIRE" client --session "$WORK/x.json" signup --server "$URL" \
  --code "$OBSERVER_CODE" --account olaf --password long-enough-pass

# A password change ends the other sessions.
"$UMPIRE" "${A2[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.pw" > /dev/null
printf 'anna-second-pass\n' > "$WORK/anna.new"
"$UMPIRE" "${A[@]}" password --password-file "$WORK/anna.pw" --new-password-file "$WORK/anna.new" \
  | grep -q "1 other session(s) ended" || fail "the other session was not ended"
refused bad_token "$UMPIRE" "${A2[@]}" account
"$UMPIRE" "${A[@]}" account > /dev/null || fail "the session that changed the password was ended"
refused bad_credentials "$UMPIRE" "${A[@]}" password --password wrong-password --new-password-file "$WORK/anna.pw"

# Sessions listed and one revoked by its id.
"$UMPIRE" "${A2[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.new" > /dev/null
OTHER=$("$UMPIRE" "${A[@]}" account | awk '/^session / && !/this one/ {print $2}')
[ -n "$OTHER" ] || fail "the second session is not listed"
"$UMPIRE" "${A[@]}" revoke-session --session "$OTHER" > /dev/null
refused bad_token "$UMPIRE" "${A2[@]}" account

# A GM has no command on another account's password or seat (issue 53); the operator issues reset
# codes. One is used once; the old password and sessions end.
refused bad_message "$UMPIRE" "${G[@]}" gm --campaign club reset_code --account anna --reason "forgot it"
refused bad_message "$UMPIRE" "${G[@]}" gm --campaign club assign --account anna --player bertram
refused conflict "$UMPIRE" "${G[@]}" gm --campaign club add_gm --account anna
"$SERVER" admin reset-code --db "$DB" --name anna > "$WORK/anna-reset.out"
RESET=$(awk '/^reset code for anna: / {print $5}' "$WORK/anna-reset.out")
[ -n "$RESET" ] || { cat "$WORK/anna-reset.out"; fail "no reset code for anna"; }
refused bad_credentials "$UMPIRE" client reset-password --server "$URL" --account bertram \
  --code "$RESET" --new-password third-passphrase
"$UMPIRE" client reset-password --server "$URL" --account anna --code "$RESET" \
  --new-password third-passphrase > /dev/null
refused bad_token "$UMPIRE" "${A[@]}" account
refused bad_credentials "$UMPIRE" "${A[@]}" login --server "$URL" --account anna --password-file "$WORK/anna.new"
"$UMPIRE" "${A[@]}" login --server "$URL" --account anna --password third-passphrase > /dev/null
refused bad_credentials "$UMPIRE" client reset-password --server "$URL" --account anna \
  --code "$RESET" --new-password fourth-passphrase

# Notifications by webhook, from the shell: the signing secret once, then removed.
"$UMPIRE" "${A[@]}" webhook --campaign club --url http://127.0.0.1:9/hook > "$WORK/hook"
grep -q "^signing secret: [0-9a-f]\{64\} (shown once)" "$WORK/hook" || { cat "$WORK/hook"; fail "no webhook secret"; }
"$UMPIRE" "${A[@]}" webhook --campaign club --url "" | grep -q "webhook removed" || fail "the webhook stayed"

# The operator resets the GM's password too.
"$SERVER" admin reset-code --db "$DB" --name gm > "$WORK/reset.out"
GM_RESET=$(awk '/^reset code for gm: / {print $5}' "$WORK/reset.out")
"$UMPIRE" client reset-password --server "$URL" --account gm --code "$GM_RESET" \
  --new-password gm-new-passphrase > /dev/null
"$UMPIRE" "${G[@]}" login --server "$URL" --account gm --password gm-new-passphrase > /dev/null

# The seat moves by consent: a held seat is not invited for; the GM frees anna's seat (and
# berta's, bertram's holder), invites for it, and berta redeems the code herself.
"$UMPIRE" client --session "$WORK/b.json" signup --server "$URL" --code "$BERTRAM_CODE" \
  --account berta --password berta-passphrase > /dev/null
refused conflict "$UMPIRE" "${G[@]}" gm --campaign club invite --role player --player anna
"$UMPIRE" "${G[@]}" gm --campaign club remove --account anna --reason "anna left" > /dev/null
"$UMPIRE" "${G[@]}" gm --campaign club remove --account berta --reason "takes anna's side" > /dev/null
SEAT_CODE=$(invite --role player --player anna)
"$UMPIRE" client --session "$WORK/b.json" account | grep -q "^campaign club" && fail "berta was seated unasked"
"$UMPIRE" client --session "$WORK/b.json" redeem --code "$SEAT_CODE" > /dev/null
"$UMPIRE" client --session "$WORK/b.json" account | grep -q "^campaign club: player anna" || fail "berta has not anna's seat"
"$UMPIRE" "${A[@]}" account | grep -q "^campaign club" && fail "anna kept a seat"
refused unknown_campaign "$UMPIRE" "${A[@]}" decisions --campaign club
"$UMPIRE" "${G[@]}" gm --campaign club remove --account berta --reason "left the club" > /dev/null
refused unknown_campaign "$UMPIRE" client --session "$WORK/b.json" decisions --campaign club
echo "accounts over the command line: ok"
