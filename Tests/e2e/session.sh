#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh). Each check prints what it measured.
set -euo pipefail
bin=$1 out=$2
shot() { import -window root "$out/$1.png"; }
# Pixels that differ between two screenshots inside a region WxH+X+Y.
changed() { compare -metric AE -crop "$3" "$out/$1.png" "$out/$2.png" null: 2>&1 >/dev/null | cut -d' ' -f1 || true; }
fail() { echo "e2e: FAIL: $*" >&2; kill "$pid" 2>/dev/null || true; exit 1; }

"$bin" --size 1280x800 >"$out/stdout.txt" 2>"$out/stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
sleep 2.5   # first frame, then photos decode and arrive
shot start

xdotool mousemove 640 450
for _ in 1 2 3 4 5 6; do xdotool click 5; sleep 0.05; done
sleep 1
shot scrolled
moved=$(changed start scrolled 600x600+340+120)
echo "e2e: wheel scroll changed $moved pixels of the list"
[ "${moved%.*}" -gt 20000 ] || fail "the list did not move on wheel scroll"

xdotool key F12
sleep 1
shot overlay
overlay=$(changed scrolled overlay 300x150+968+64)
echo "e2e: F12 changed $overlay pixels where the overlay goes"
[ "${overlay%.*}" -gt 5000 ] || fail "no FPS overlay after F12"

xdotool key t
sleep 0.7
shot theme
themed=$(changed overlay theme 1280x52+0+0)
echo "e2e: t changed $themed pixels of the bar"
[ "${themed%.*}" -gt 5000 ] || fail "the theme did not change on t"

xdotool mousemove 640 26 click 1
sleep 0.7
shot picker
picked=$(changed theme picker 260x140+510+58)
echo "e2e: clicking the title changed $picked pixels under it (section picker)"
[ "${picked%.*}" -gt 5000 ] || fail "no section picker after clicking the title"
xdotool key Escape
sleep 0.3

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"; status=$?
echo "e2e: q exited with status $status"
[ "$status" -eq 0 ] || fail "exit status $status"
