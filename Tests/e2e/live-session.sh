#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): a live Mastodon hashtag from a local server on 127.0.0.1
# (scripts/live-fixture-server.py: 60 posts in pages of 40, each with a photo and an avatar). The
# window opens the tag and shows its posts; scrolling to the end asks for the older page (the
# server's log shows it); a click on another hashtag in a post pushes that tag's live timeline and
# Back returns; a click on a photo opens it in the image view with the server's pixels; F5 after
# three new posts fetches them and announces them at the top; an address typed into Ctrl+L opens and
# joins the recently opened list; with the server stopped, a relaunch
# shows the feed from the cache with the offline notice. Touches no address but loopback.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
export XDG_CACHE_HOME=$(mktemp -d) XDG_DATA_HOME=$(mktemp -d) XDG_STATE_HOME=$(mktemp -d)
log=$out/live-server.log
: >"$log"
server=
rm -f "$out/live-port.txt"
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME"' EXIT
python3 "$here/../../scripts/live-fixture-server.py" --root "$here/../.." --posts 60 --log "$log" >"$out/live-port.txt" &
server=$!
for _ in $(seq 300); do [ -s "$out/live-port.txt" ] && break; sleep 0.1; done
port=$(head -1 "$out/live-port.txt")
[ -n "$port" ] || { echo "e2e: FAIL: the fixture server did not start" >&2; exit 1; }
base=http://127.0.0.1:$port
title() { xdotool getwindowname "$wid"; }
expect_title() { local t; t=$(title); echo "e2e: title '$t'"; [ "$t" = "$1" ] || fail "the title is '$t', not '$1' ($2)"; }
expect_log() { grep -q -- "$1" "$log" || fail "the server never saw $1 ($2)"; echo "e2e: server saw $1"; }

"$bin" "$base/tags/cats" --size 1280x800 >"$out/live-stdout.txt" 2>"$out/live-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 1270 790
shot_settled live-first
expect_title "Plumage — Timeline · #cats" "the tag's first page is shown"
expect_log "GET /api/v2/instance 200" "the instance probe"
expect_log "GET /api/v1/timelines/tag/cats?limit=40 200" "the first page"
grep -q "max_id" "$log" && fail "the older page was asked for before the reader neared the end"
expect_log "GET /avatars/" "avatars are fetched"
expect_log "GET /media/60.jpg 200" "the first post's photo is fetched"

# The end of the list: the older page (20 posts) arrives below.
xdotool key End
settle
expect_log "max_id=1000021" "the older page"
xdotool key End
shot_settled live-end
xdotool key Home
shot_settled live-top
expect_same live-first live-top 1260x748+0+52 0 "Home shows the same first posts"

# "Post 60 about #cats and #dogs with @ada": #dogs is the third link of the first post's text.
xdotool mousemove 612 103 click 1
settle
expect_title "Plumage — Timeline · #dogs" "a hashtag of a live post opens its live timeline"
expect_log "GET /api/v1/timelines/tag/dogs?limit=40 200" "the other tag's page"
shot_settled live-dogs
xdotool mousemove 1270 790 key Escape
shot_settled live-back
expect_title "Plumage — Timeline · #cats" "Back returns to the tag"
expect_same live-top live-back 1260x748+0+52 0 "Back returns exactly where the reader was"

# The first post's photo opens in the image view (the split view's right pane, 720 points wide,
# the photo fitted and centred in it), with the server's pixels: the mean colour at the pane's
# centre matches the mean colour of the same part of the file the server sent.
xdotool mousemove 670 300 click 1
shot_settled live-photo
case $(title) in "Plumage — Ada · "*) echo "e2e: the photo opened";; *) fail "the photo did not open: '$(title)'";; esac
photo=$(python3 -c 'import os, sys; d = sys.argv[1]; p = sorted(f for f in os.listdir(d) if f.endswith(".jpg") and "full" not in f and "panorama" not in f); print(os.path.join(d, p[60 % len(p)]))' "$here/../../Assets/demo/photos")
read -r w h <<<"$(identify -format "%w %h" "$photo")"
side=$(python3 -c "print(max(1, round(60 / min(720 / $w, 748 / $h))))")
mean() { convert "$@" +repage -resize '1x1!' -format '%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]' info:; }
want=$(mean "$photo" -gravity center -crop "${side}x${side}+0+0")
got=$(mean "$out/live-photo.png" -crop 60x60+890+396)
echo "e2e: the photo's centre is ($got), the file's ($want)"
python3 -c "import sys; a, b = sys.argv[1].split(), sys.argv[2].split(); sys.exit(0 if all(abs(int(x) - int(y)) <= 16 for x, y in zip(a, b)) else 1)" "$got" "$want" \
  || fail "the image view does not show the server's photo"
xdotool mousemove 1270 790 key Escape
settle

# Three new posts, then F5: they arrive above, announced; the place is kept.
curl -s "$base/control/add?tag=cats&n=3" >/dev/null
xdotool key F5
shot_settled live-refreshed
expect_change live-back live-refreshed 640x50+320+52 500 "the new posts are announced under the bar"
expect_same live-back live-refreshed 640x600+320+120 0 "the posts read stay in place"
xdotool key Home
shot_settled live-refreshed-top

# Ctrl+L: a typed address opens in place of the feed and joins the recently opened list.
xdotool key ctrl+l
settle
xdotool type --delay 20 "$base/tags/birds"
xdotool key Return
settle
expect_title "Plumage — Timeline · #birds" "an address typed into Ctrl+L opens"
expect_log "GET /api/v1/timelines/tag/birds?limit=40 200" "the typed tag's page"
grep -q "\"path\":\"$base/tags/birds\"" "$XDG_DATA_HOME/plumage/recents.json" \
  || fail "the typed address is not in the recently opened list"
echo "e2e: the typed address is in the recently opened list"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"

# Offline: the server is gone; the feed opens from the cache, saying so.
kill "$server"; wait "$server" 2>/dev/null || true; server=
"$bin" "$base/tags/cats" --size 1280x800 >"$out/live-stdout.txt" 2>"$out/live-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s (offline)"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 1270 790
# The notice shows for 5 s: screenshots while it may, then the settled screen once it has gone. One
# of the early shots must show the settled screen's posts exactly, with the notice under them.
for i in $(seq 1 25); do shot "live-offline-$i"; sleep 0.15; done
sleep 5
shot_settled live-offline
expect_title "Plumage — Timeline · #cats" "the cached feed opens offline"
expect_same live-refreshed-top live-offline 1260x600+0+52 0 "the cached posts and photos are shown"
noticed=
for i in $(seq 1 25); do
  [ "$(changed live-offline "live-offline-$i" 1260x600+0+52)" = 0 ] || continue
  n=$(changed live-offline "live-offline-$i" 1280x70+0+720)
  if [ "${n%.*}" -gt 1000 ]; then noticed=$i; break; fi
done
[ -n "$noticed" ] || fail "no screenshot showed the cached posts with the offline notice under them"
echo "e2e: the offline notice shows under the cached posts (screenshot $noticed)"
xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
wait "$pid"
echo "e2e: live session passed"
