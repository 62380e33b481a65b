#!/usr/bin/env bash
# The recently opened list survives `kill -9` at any moment while it is being saved: a real
# plumage process saves it in a loop and is killed 40 times at random moments; after each kill the
# file must be a whole version-1 list whose newest save is no older than the one seen before, and no
# temporary file may be taken for the list. Usage: Tests/e2e/recents-kill.sh PATH/TO/plumage
set -euo pipefail
bin=$(realpath "$1")
home=$(mktemp -d)
export XDG_DATA_HOME="$home/data"
file="$XDG_DATA_HOME/plumage/recents.json"
RANDOM=7  # seeded: the same kill moments each run
last=0
for round in $(seq 1 40); do
  "$bin" save-recents-loop --count 1000000 2>"$home/err" &
  pid=$!
  # 20–220 ms in: the first rounds kill before or during the first save, later ones mid-stream.
  sleep "0.$(printf '%03d' $((20 + RANDOM % 200)))"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  if [ -s "$home/err" ]; then echo "recents-kill: FAIL: the loop complained: $(cat "$home/err")" >&2; exit 1; fi
  [ -f "$file" ] || continue
  newest=$(python3 - "$file" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1, "version"
entries = doc["entries"]
assert 1 <= len(entries) <= 50, len(entries)
for e in entries:
    assert e["kind"] == "photo" and e["path"].startswith("/tmp/plumage-kill-test/") and e["title"].startswith("save "), e
numbers = [int(e["title"].split()[1]) for e in entries]
assert numbers == sorted(numbers, reverse=True), numbers
print(numbers[0])
PY
) || { echo "recents-kill: FAIL: round $round left an unreadable file" >&2; exit 1; }
  if [ "$newest" -lt "$last" ]; then echo "recents-kill: FAIL: round $round lost saves ($newest < $last)" >&2; exit 1; fi
  last=$newest
done
[ "$last" -gt 0 ] || { echo "recents-kill: FAIL: nothing was ever saved" >&2; exit 1; }
# The next start removes the temporary files the kills cut short; only the list remains.
"$bin" save-recents-loop --count 1
left=$(ls "$XDG_DATA_HOME/plumage")
[ "$left" = "recents.json" ] || { echo "recents-kill: FAIL: files left: $left" >&2; exit 1; }
echo "recents-kill: 40 kills, the list always whole (newest save $last)"
rm -rf "$home"
