#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): F5 reloads the feed from disk. A file that no longer parses
# keeps the old feed on screen and shows why at the bottom; a good file replaces the feed.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
# A JSON Feed of N text items.
feed() {
  python3 - "$1" <<'PY'
import json, sys
n = int(sys.argv[1])
items = [{"id": str(i), "content_text": f"Reload test item number {i}", "date_published": f"2024-05-{10 + i:02d}T12:00:00Z",
          "authors": [{"name": "Tester"}]} for i in range(n)]
print(json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "Reload test", "items": items}))
PY
}
file="$out/reload-feed.json"
feed 2 >"$file"
"$bin" "$file" --size 1280x800 >"$out/reload-stdout.txt" 2>"$out/reload-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 1270 790
shot_settled reload-before

printf '{"version": "https://jsonfeed.org/version/1.1", "items": [' >"$file"
xdotool key F5
shot_settled reload-broken
expect_same reload-before reload-broken 1280x560+0+60 0 "a broken file keeps the old feed on screen"
expect_change reload-before reload-broken 1280x140+0+660 2000 "a broken file shows why at the bottom"

feed 5 >"$file"
xdotool key F5
shot_settled reload-fixed
expect_change reload-before reload-fixed 1280x560+0+60 5000 "a good file replaces the feed"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"
echo "e2e: reload passed"
