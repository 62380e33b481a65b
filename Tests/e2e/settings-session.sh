#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): settings persist. Changing the theme, text size and FPS
# overlay and resizing the window writes settings.json a moment later (while the app runs); the next
# start uses them; command-line options override them for one run without being written back; a
# corrupt file is moved aside with a notice and the defaults are used.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
home=$(mktemp -d)
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
file="$XDG_CONFIG_HOME/plumage/settings.json"
# field KEY: a value of settings.json ("window.width" for nested ones), or "none".
field() {
  python3 - "$file" "$1" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v.get(k, None) if isinstance(v, dict) else None
print("none" if v is None else json.dumps(v))
PY
}
expect_field() { local v; v=$(field "$1"); [ "$v" = "$2" ] || fail "$3: $1 is $v, not $2"; }
start() {
  "$bin" "$@" >"$out/settings-stdout.txt" 2>"$out/settings-stderr.txt" &
  pid=$!
  wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  sleep 1
}
quit() {
  xdotool key q
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
  wait "$pid" || fail "exit status $?"
}

start
[ -e "$file" ] && fail "settings written though nothing changed"
xdotool key t ctrl+equal F12
xdotool windowsize "$wid" 1000 700
sleep 1.5
[ -f "$file" ] || fail "no settings.json 1.5 s after a change"
expect_field theme '"green"' "a moment after a change"
expect_field textSize 1.1 "a moment after a change"
expect_field fpsOverlay true "a moment after a change"
expect_field window.width 1000 "a moment after a resize"
expect_field window.height 700 "a moment after a resize"
xdotool windowmove "$wid" 50 60
xdotool key t
quit
expect_field theme '"dark"' "at quit"
expect_field window.x 50 "the window's position at quit"
expect_field window.y 60 "the window's position at quit"

# The next start uses them; options override them for this run only.
start --theme light --no-fps
geometry=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')
[ "$geometry" = "1000x700" ] || fail "the window did not reopen at 1000x700 (it is $geometry)"
position=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Position: \([0-9]*,[0-9]*\).*/\1/p')
[ "$position" = "50,60" ] || fail "the window did not reopen at 50,60 (it is at $position)"
quit
expect_field theme '"dark"' "an override is not written back"
expect_field fpsOverlay true "an override is not written back"
expect_field textSize 1.1 "an unchanged setting is kept"
# A setting changed and changed back to the override is the user's choice: it is written.
start --theme light
xdotool key t t t t
quit
expect_field theme '"light"' "the theme cycled back to the override"

# A position on a display that is gone (this screen is 1280x800) is not restored: the window is centred.
python3 - "$file" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1])); doc["window"]["x"] = 3000; json.dump(doc, open(sys.argv[1], "w"))
PY
start
position=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Position: \([0-9]*,[0-9]*\).*/\1/p')
[ "$position" = "140,50" ] || fail "a position off every display was restored (the window is at $position)"
quit

# A corrupt file is moved aside with a notice; the window opens with the defaults.
printf '{"version":1,"theme":' >"$file"
start
grep -q "settings unreadable" "$out/settings-stderr.txt" || fail "no notice for a corrupt file"
ls "$XDG_CONFIG_HOME/plumage/" | grep -q '^settings.json.corrupt-' || fail "the corrupt file was not moved aside"
geometry=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')
[ "$geometry" = "1280x800" ] || fail "the defaults were not used (the window is $geometry)"
quit
rm -rf "$home"
echo "e2e: settings passed"
