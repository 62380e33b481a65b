#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh). Each check prints what it measured.
set -euo pipefail
bin=$1 out=$2
. "$(dirname "$0")/lib.sh"

rm -f "$out/frames.txt"
"$bin" --size 1280x800 --stats-file "$out/frames.txt" >"$out/stdout.txt" 2>"$out/stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
shot_settled start   # first frame, then photos decode and arrive

# A click on the first item's photo pushes the image view (it slides in over 0.2 s); Escape pops
# it and the feed is back exactly as it was left.
xdotool mousemove 670 360
shot_settled pointed
xdotool click 1
shot_settled pushed
expect_change pointed pushed 1280x748+0+52 200000 "clicking a photo opened the image view"
xdotool key Escape
shot_settled popped
expect_same pointed popped 1280x800+0+0 400 "Escape went back to the feed as it was"

xdotool mousemove 640 450
for _ in 1 2 3 4 5 6; do xdotool click 5; sleep 0.05; done
shot_settled scrolled
expect_change start scrolled 600x600+340+120 20000 "the list moved on a wheel scroll"

xdotool key t
shot_settled theme
expect_change scrolled theme 1280x52+0+0 5000 "t changed the theme of the bar"

xdotool mousemove 640 26 click 1
shot_settled picker
expect_change theme picker 260x140+510+58 5000 "clicking the title opened the section picker"
xdotool key Escape
shot_settled unpicked

# Last: the FPS overlay redraws every frame, so no screen settles after it.
xdotool key F12
shot_showing unpicked overlay 300x150+968+64 5000 "F12 showed the FPS overlay"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"; status=$?
echo "e2e: q exited with status $status"
[ "$status" -eq 0 ] || fail "exit status $status"

# --stats-file: a header naming the columns, then a line per second with frames, 12 numbers each;
# a slow frame's comment line has its 13 figures and the screen.
head -1 "$out/frames.txt" | grep -q '^# time frames p50 p99 max over over_idle loading decoded_mb' \
  || fail "the stats file has no header"
drawn=$(awk '!/^#/ && NF == 12 {n += $2} !/^#/ && NF != 12 {bad++} END {print bad ? -1 : n + 0}' "$out/frames.txt")
[ "$drawn" -gt 20 ] || fail "the stats file counts $drawn frames (-1: a malformed line)"
awk '/^# over_idle/ && NF != 16 {exit 1}' "$out/frames.txt" || fail "a malformed over_idle line"
echo "e2e: the stats file logged $drawn frames, $(grep -c '^# over_idle' "$out/frames.txt" || true) slow outside loads"
