#!/usr/bin/env bash
# Runs inside xvfb-run (see smoke.sh): the image view opened on a photo from the command line; a
# wheel zoom at an off-centre point must keep that point of the image under the cursor.
set -euo pipefail
bin=$1 out=$2 photo=$3
mkdir -p "$out"
. "$(dirname "$0")/lib.sh"
# Root-mean-square difference (0–1) between two same-sized images.
rmse() { { compare -metric RMSE "$1" "$2" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p'; }

"$bin" "$photo" --size 1280x800 >"$out/photo-stdout.txt" 2>"$out/photo-stderr.txt" &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Plumage' | head -1) || fail "no window within 20 s"
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
shot_settled photo-before   # preview, then full resolution
x=420 y=330   # off-centre, inside the view
xdotool mousemove $x $y
for _ in 1 2 3; do xdotool click 4; sleep 0.05; done
shot_settled photo-zoomed
# Three detents at ×1.25 each: the 256×256 patch around the cursor now shows what a
# 131×131 patch showed before. Scale that up and compare; a patch 40 px away must match worse.
z=1.953125
side=256 small=$(python3 -c "print(round(256/$z))")
convert "$out/photo-zoomed.png" -crop ${side}x${side}+$((x - side / 2))+$((y - side / 2)) +repage "$out/after.png"
for dx in 0 40; do
  convert "$out/photo-before.png" -crop ${small}x${small}+$((x + dx - small / 2))+$((y - small / 2)) +repage \
    -resize ${side}x${side}! "$out/before-$dx.png"
done
held=$(rmse "$out/before-0.png" "$out/after.png")
moved=$(rmse "$out/before-40.png" "$out/after.png")
echo "e2e: patch under the cursor after 3 wheel detents: RMSE $held (40 px away: $moved)"
python3 -c "import sys; sys.exit(0 if $held < 0.08 and $held < 0.6 * $moved else 1)" \
  || fail "the zoom did not hold the point under the cursor"

xdotool key q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 5 s after q"
wait "$pid"
echo "e2e: image view passed"
