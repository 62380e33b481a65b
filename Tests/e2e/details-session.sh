#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): a click on a post opens its details; choosing the link runs
# the browser opener (a stub xdg-open first on PATH that records its argv); choosing a hashtag
# pushes its search feed; Backspace twice returns to the feed at the same scroll position.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
stub="$out/stub-bin"
mkdir -p "$stub"
cat >"$stub/xdg-open" <<'SH'
#!/bin/sh
printf '%s\n' "$@" >"$(dirname "$0")/xdg-open.argv"
SH
chmod +x "$stub/xdg-open"
PATH="$stub:$PATH" "$bin" --size 1280x800 >"$out/details-stdout.txt" 2>"$out/details-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 1275 795
sleep 2.5
shot feed-start

xdotool mousemove 600 130 click 1 mousemove 1275 795
sleep 0.8
shot details
expect_change feed-start details 1280x748+0+52 100000 "clicking a post opened its details"

# Entries: the photo, #SDL2, #Swift, @adapark, @priya, the link.
xdotool key Down Down Down Down Down Down Return
sleep 0.8
[ -f "$stub/xdg-open.argv" ] || fail "choosing the link did not run xdg-open"
argv=$(cat "$stub/xdg-open.argv")
echo "e2e: xdg-open ran with: $argv"
[ "$argv" = "https://www.jsonfeed.org/version/1.1/" ] || fail "xdg-open got '$argv'"

xdotool key Up Up Up Up Return
sleep 0.8
shot search
expect_change details search 300x52+490+0 300 "choosing #SDL2 pushed its search feed (the bar's title changed)"

xdotool key BackSpace
sleep 0.5
xdotool key BackSpace
sleep 0.8
shot back
# The first post is highlighted now (the click chose it); the rows below it are where they were.
expect_same feed-start back 1280x260+0+540 0 "Backspace twice returned to the feed at the same scroll position"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"
echo "e2e: details passed"
