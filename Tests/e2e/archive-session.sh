#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): a generated Twitter/X archive, still zipped, opens in the
# window (read in the background, then drawn with its owner as the title); the section picker
# offers the archive's sections and Media lists only posts with media; a click on a post opens its
# details and Back returns; the archive is remembered in the recently opened list; a second start
# comes from the index cache. Nothing is written next to the archive.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
home="$out/archive-home"
rm -rf "$home" && mkdir -p "$home/in"
export XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache"
python3 "$here/../../scripts/make-twitter-archive.py" 400 "$home/in/twitter-2024.zip" --seed 3 >/dev/null 2>&1
before=$(find "$home/in" -printf '%p %s %T@\n' | sort | md5sum)

"$bin" "$home/in/twitter-2024.zip" --size 1000x760 >"$out/archive-stdout.txt" 2>"$out/archive-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 995 755
# The posts arrive from the background: the title becomes the owner's name.
for _ in $(seq 1 60); do
  title=$(xdotool getwindowname "$wid")
  [ "$title" = "Plumage — Tweets · Plumage Owner" ] && break
  sleep 0.25
done
echo "e2e: archive window title: $title"
[ "$title" = "Plumage — Tweets · Plumage Owner" ] || fail "the archive's posts did not arrive (title '$title')"
shot_settled archive-feed
n=$(changed archive-feed archive-feed 1000x700+0+60)
[ "${n%.*}" -eq 0 ] || fail "screenshot compare is broken"

# Section picker: click the title, then Media (Tweets, Replies, Reposts, Media, Likes: rows 44 pt apart from y 86).
xdotool mousemove 500 26 click 1 mousemove 995 755
shot_settled archive-picker
expect_change archive-feed archive-picker 1000x400+0+52 20000 "clicking the title opened the section picker"
xdotool mousemove 420 218 click 1 mousemove 995 755
shot_settled archive-media
title=$(xdotool getwindowname "$wid")
[ "$title" = "Plumage — Media · Plumage Owner" ] || fail "choosing Media gave the title '$title'"
expect_change archive-feed archive-media 1000x700+0+52 50000 "choosing Media swapped the list"

# A click on the first post's text opens its details; Escape comes back.
xdotool key Home
shot_settled archive-top
xdotool mousemove 420 110 click 1 mousemove 995 755
shot_settled archive-details
expect_change archive-top archive-details 1000x700+0+52 50000 "clicking a post opened its details"
xdotool key Escape
shot_settled archive-back
# (the clicked post is highlighted now, so only the rows below it are compared)
expect_same archive-top archive-back 1000x290+0+465 0 "Escape returned to the list at the same place"

xdotool key q
wait "$pid" || fail "plumage exited with an error: $(cat "$out/archive-stderr.txt")"
grep -q '"path":"'"$home"'/in/twitter-2024.zip"' "$XDG_DATA_HOME/plumage/recents.json" \
  || fail "the archive is not in the recently opened list"
ls "$XDG_CACHE_HOME/plumage/sources/"*.index >/dev/null 2>&1 || fail "no index cache was written"
[ "$(find "$home/in" -printf '%p %s %T@\n' | sort | md5sum)" = "$before" ] || fail "something was written next to the archive"

# Second start: from the index cache, the owner's posts are there at the first frame.
PLUMAGE_TRACE_STARTUP=1 "$bin" "$home/in/twitter-2024.zip" --size 1000x760 >/dev/null 2>"$out/archive-stderr2.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s on relaunch"
sleep 0.3
title=$(xdotool getwindowname "$wid")
# No "Loading…" stage: the first title already names the owner's posts.
[ "$title" = "Plumage — Tweets · Plumage Owner" ] || fail "the relaunch did not open from the cache (title '$title')"
echo "e2e: relaunch from the cache: $(grep 'first frame' "$out/archive-stderr2.txt" || true)"
xdotool key q
wait "$pid" || fail "plumage exited with an error on relaunch"
echo "e2e: archive session passed"
