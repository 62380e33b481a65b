#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): a click on a post opens its details; choosing the link runs
# the browser opener (a stub xdg-open first on PATH that records its argv); clicking a hashtag
# row pushes its search feed; Back returns to the details, then to the feed at the same scroll; typing
# in the search box filters the list and Enter keeps the results.
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
shot_settled feed-start

xdotool mousemove 450 103 click 1 mousemove 1275 795   # on "Plumage 1.0", plain text of the first post
shot_settled details
expect_change feed-start details 1280x748+0+52 100000 "clicking a post opened its details"

# A click on the #SDL2 row (the details open beside the feed in this 1280-point window) pushes
# its search feed; Backspace comes back to the details as they were.
xdotool mousemove 700 728 click 1 mousemove 1275 795   # the #SDL2 row, below the post and its photo
shot_settled search
expect_change details search 720x52+560+0 300 "clicking the #SDL2 row pushed its search feed (the bar's title changed)"
xdotool key BackSpace
shot_settled details-again
# (the clicked row is chosen now, so only what lies above the rows is compared)
expect_same details details-again 1280x680+0+0 0 "Backspace returned to the details as they were"

# Entries: the photo, #SDL2, #Swift, @adapark, @priya, the link.
xdotool key Down Down Down Down Down Down Return
settle
for _ in $(seq 50); do [ -f "$stub/xdg-open.argv" ] && break; sleep 0.1; done
[ -f "$stub/xdg-open.argv" ] || fail "choosing the link did not run xdg-open"
argv=$(cat "$stub/xdg-open.argv")
echo "e2e: xdg-open ran with: $argv"
[ "$argv" = "https://www.jsonfeed.org/version/1.1/" ] || fail "xdg-open got '$argv'"

xdotool key BackSpace
shot_settled back
# The first post is highlighted now (the click chose it); the rows below it are where they were.
expect_same feed-start back 1280x260+0+540 0 "Back returned to the feed at the same scroll position"

# The search box: / opens it, typing filters the list at once, Enter keeps the results.
xdotool key slash
settle
xdotool type --delay 40 "#photography"
shot_settled typed
expect_change back typed 1280x52+0+0 2000 "/ opened the search box and the query shows in the bar"
expect_change back typed 1280x500+0+60 50000 "typing filtered the list"
xdotool key Return
shot_settled results
expect_change typed results 1280x52+0+0 500 "Enter pushed the search feed"
expect_same typed results 1280x400+0+300 2000 "the search feed shows the same matches"
xdotool key Escape
shot_settled after-search
expect_same back after-search 1280x260+0+540 0 "Escape returned to the feed as it was"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"
echo "e2e: details passed"
