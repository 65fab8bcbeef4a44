# `umpire scenario check` accepts the demo and names the JSON path of each problem in a bad file.
source "$(dirname "$0")/lib.bash"

expect_exit 0 "$UMPIRE" scenario check "$DEMO"
expect_in "$WORK/out" "ok, 6 forces"

echo '{"format": "umpire-scenario/1", ' > "$WORK/broken.json"
expect_exit 2 "$UMPIRE" scenario check "$WORK/broken.json"
expect_in "$WORK/err" "not valid JSON at line 2, column 1"

python3 - "$DEMO" "$WORK" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["forces"][1]["hex"] = [40, 40]
s["forces"][3]["general"]["leadership"] = 5
json.dump(s, open(sys.argv[2] + "/bad-structure.json", "w"))
s = json.load(open(sys.argv[1]))
s["forces"][2]["regiments"][0]["companies"][0]["type"] = "dragons"
json.dump(s, open(sys.argv[2] + "/bad-ruleset.json", "w"))
s["forces"][1]["hex"] = [40, 40]
json.dump(s, open(sys.argv[2] + "/bad-both.json", "w"))
PY
expect_exit 2 "$UMPIRE" scenario check "$WORK/bad-structure.json" --rulesets "$SRC/rulesets"
expect_in "$WORK/err" "2 problem(s)"
expect_in "$WORK/err" '$.forces[1].hex: off the map'
expect_in "$WORK/err" '$.forces[3].general.leadership'
expect_exit 2 "$UMPIRE" scenario check "$WORK/bad-ruleset.json" --rulesets "$SRC/rulesets"
expect_in "$WORK/err" '$.forces[2].regiments[0].companies[0].type'
expect_in "$WORK/err" 'dragons'

# Every problem in one pass: the structure's and the ruleset's together.
expect_exit 2 "$UMPIRE" scenario check "$WORK/bad-both.json" --rulesets "$SRC/rulesets"
expect_in "$WORK/err" "2 problem(s)"
expect_in "$WORK/err" '$.forces[1].hex: off the map'
expect_in "$WORK/err" '$.forces[2].regiments[0].companies[0].type'

expect_exit 2 "$UMPIRE" scenario check "$WORK/missing.json"
expect_in "$WORK/err" "cannot read file"
echo "ok"
