#!/usr/bin/env bash
# The settings survive `kill -9` at any moment while they are being saved: a real plumage process
# saves them in a loop and is killed 40 times at random moments; after each kill the file must be a
# whole version-1 settings file whose newest save is no older than the one seen before, and the
# next start removes the temporary files the kills cut short. Usage: Tests/e2e/settings-kill.sh PATH/TO/plumage
set -euo pipefail
bin=$(realpath "$1")
home=$(mktemp -d)
export XDG_CONFIG_HOME="$home/config"
file="$XDG_CONFIG_HOME/plumage/settings.json"
RANDOM=11  # seeded: the same kill moments each run
last=0
for round in $(seq 1 40); do
  "$bin" save-settings-loop --count 1000000 2>"$home/err" &
  pid=$!
  # 20–220 ms in: the first rounds kill before or during the first save, later ones mid-stream.
  sleep "0.$(printf '%03d' $((20 + RANDOM % 200)))"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  if [ -s "$home/err" ]; then echo "settings-kill: FAIL: the loop complained: $(cat "$home/err")" >&2; exit 1; fi
  [ -f "$file" ] || continue
  newest=$(python3 - "$file" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1, "version"
assert doc["theme"] in ("original", "green", "dark", "light"), doc
assert 0.8 <= doc["textSize"] <= 2 and isinstance(doc["fpsOverlay"], bool), doc
w = doc["window"]
assert 640 <= w["width"] < 1280 and w["height"] == 480 and w["y"] == 0 and isinstance(w["fullscreen"], bool), w
print(w["x"])
PY
) || { echo "settings-kill: FAIL: round $round left an unreadable file" >&2; exit 1; }
  if [ "$newest" -lt "$last" ]; then echo "settings-kill: FAIL: round $round lost saves ($newest < $last)" >&2; exit 1; fi
  last=$newest
done
[ "$last" -gt 0 ] || { echo "settings-kill: FAIL: nothing was ever saved" >&2; exit 1; }
"$bin" save-settings-loop --count 1
left=$(ls "$XDG_CONFIG_HOME/plumage")
[ "$left" = "settings.json" ] || { echo "settings-kill: FAIL: files left: $left" >&2; exit 1; }
echo "settings-kill: 40 kills, the settings always whole (newest save $last)"
rm -rf "$home"
