#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): a folder of places (made by scripts/make-photo-tree.py) opens
# as the places list; clicking a place opens its photos, clicking a photo opens the image view
# beside them (a 1280-point window splits), n shows the next photo, and Escape goes back twice to
# the list as it was. States are read from the window title and checked on screenshots.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
tree="$out/places-tree/Photos"
rm -rf "$out/places-tree"
python3 "$here/../../scripts/make-photo-tree.py" "$tree" --folders 8 --photos 40 --copy --exif --seed 2 >/dev/null
# title: the window's title now.
title() { xdotool getwindowname "$wid"; }
# expect_title PATTERN WHAT: the window title matches the extended regular expression PATTERN.
expect_title() {
  local t; t=$(title)
  echo "e2e: $2: title \"$t\""
  [[ "$t" =~ $1 ]] || fail "not true: $2"
}

"$bin" "$tree" --size 1280x800 >"$out/places-stdout.txt" 2>"$out/places-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
xdotool mousemove 1275 795
shot_settled places   # the scan, then the mosaics decode
expect_title '^Plumage — Photos · Places$' "the folder opened as its places"

# Rows are 96 points tall from y = 58 in the 640-point column (x 320–960): the first place's centre.
xdotool mousemove 640 106 click 1 mousemove 1275 795
shot_settled place
expect_title '^Plumage — [^·]+ · Photos$' "clicking the first place opened its photos"
place=$(title | sed -e 's/^Plumage — //' -e 's/ · Photos$//')
expect_change places place 640x748+320+52 30000 "the photo list replaced the places"

# Photo rows are 72 points tall from y = 58: the first photo's centre.
xdotool mousemove 640 94 click 1 mousemove 1275 795
shot_settled photo
expect_title "^Plumage — IMG_0001\.jpg · [0-9]+ [A-Z][a-z]+ [0-9]{4} · $place\$" "clicking the first photo opened the image view"
expect_change place photo 720x748+560+52 100000 "the photo shows beside the list"
xdotool key n
settle
expect_title "^Plumage — IMG_0002\.jpg" "n showed the place's next photo"

xdotool key Escape
settle
expect_title "^Plumage — $place · Photos\$" "Escape went back to the photos"
xdotool key Escape
shot_settled back
expect_title '^Plumage — Photos · Places$' "Escape went back to the places"
# The clicked place is chosen (highlighted) now; the rows below it are as they were.
expect_same places back 1280x600+0+160 0 "the places list is as it was left"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"
echo "e2e: places passed"
