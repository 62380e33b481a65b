#!/usr/bin/env bash
# One of Plumage's own files survives `kill -9` at any moment while it is being saved: a real
# plumage process saves it in a loop (a hidden test hook) and is killed 40 times at seeded random
# moments; after each kill the file must be whole (a checker reads it and prints its newest save's
# number), never older than the one seen before, and the next start removes the temporary files
# the kills cut short. The kill moments come from $RANDOM seeded with SEED (default: 7 for recents,
# 11 for settings), printed first, so a failing run's moments can be replayed.
# Usage: [SEED=N] Tests/e2e/kill-save.sh PATH/TO/plumage recents|settings
set -euo pipefail
bin=$(realpath "$1")
what=$2
name="$what-kill"
home=$(mktemp -d)
case "$what" in
  recents)
    export XDG_DATA_HOME="$home/data"; folder="$XDG_DATA_HOME/plumage"; file=recents.json; hook=save-recents-loop
    seed=${SEED:-7}
    check='
entries = doc["entries"]
assert 1 <= len(entries) <= 50, len(entries)
for e in entries:
    assert e["kind"] == "photo" and e["path"].startswith("/tmp/plumage-kill-test/") and e["title"].startswith("save "), e
numbers = [int(e["title"].split()[1]) for e in entries]
assert numbers == sorted(numbers, reverse=True), numbers
print(numbers[0])'
    whole="the list always whole" ;;
  settings)
    export XDG_CONFIG_HOME="$home/config"; folder="$XDG_CONFIG_HOME/plumage"; file=settings.json; hook=save-settings-loop
    seed=${SEED:-11}
    check='
assert doc["theme"] in ("original", "green", "dark", "light"), doc
assert 0.8 <= doc["textSize"] <= 2 and isinstance(doc["fpsOverlay"], bool), doc
w = doc["window"]
assert 640 <= w["width"] < 1280 and w["height"] == 480 and w["y"] == 0 and isinstance(w["fullscreen"], bool), w
print(w["x"])'
    whole="the settings always whole" ;;
  *) echo "usage: $0 PATH/TO/plumage recents|settings" >&2; exit 64 ;;
esac
fail() { echo "$name: FAIL: $* (round ${round:-none}, killed ${ms:-?} ms in; replay with SEED=$seed)" >&2; exit 1; }
# Seeded: the same kill moments each run (replay one with SEED=<the printed seed>).
RANDOM=$seed
echo "$name: kill moments from RANDOM=$seed"
last=0
for round in $(seq 1 40); do
  "$bin" "$hook" --count 1000000 2>"$home/err" &
  pid=$!
  # 20–220 ms in: the first rounds kill before or during the first save, later ones mid-stream.
  # Drawn here, not inside $(…): bash reseeds $RANDOM in every subshell, so a draw in a command
  # substitution ignores the seed.
  ms=$((20 + RANDOM % 200))
  sleep "0.$(printf '%03d' "$ms")"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  [ ! -s "$home/err" ] || fail "the loop complained: $(cat "$home/err")"
  [ -f "$folder/$file" ] || continue
  newest=$(python3 -c "import json, sys
doc = json.load(open(sys.argv[1]))
assert doc['version'] == 1, 'version'$check" "$folder/$file") || fail "round $round left an unreadable file"
  [ "$newest" -ge "$last" ] || fail "round $round lost saves ($newest < $last)"
  last=$newest
done
[ "$last" -gt 0 ] || fail "nothing was ever saved"
# The next start removes the temporary files the kills cut short; only the file and its lock file
# (kept for good: deleting it could let two savers lock different files) remain.
"$bin" "$hook" --count 1
left=$(ls "$folder" | tr '\n' ' ')
[ "$left" = "$file $file.lock " ] || fail "files left: $left"
echo "$name: 40 kills, $whole (newest save $last)"
rm -rf "$home"
