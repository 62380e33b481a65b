#!/usr/bin/env bash
# Runs inside xvfb-run (see scripts/soak.sh): starts the app on the soak feed and drives it for MINUTES
# minutes, sampling its VmRSS and VmHWM every 3 s into OUT/rss.txt (and the machine's CPU ticks into
# OUT/cpu.txt); the app appends its frame figures to
# OUT/frames.txt. Usage: soak-session.sh BIN MINUTES OUT FIXTURE HOME
set -euo pipefail
bin=$1 minutes=$2 out=$3 fixture=$4 home=$5
# One clock for every file: seconds since the app was started, as its --stats-file lines count them.
start=$(date +%s)
HOME=$home XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache XDG_STATE_HOME=$home/state XDG_DATA_HOME=$home/data \
  "$bin" "$fixture/feed.json" --size 1280x800 --stats-file "$out/frames.txt" >"$out/stdout.txt" 2>"$out/stderr.txt" &
pid=$!
wid=$(timeout 30 xdotool search --sync --name '^Plumage' | head -1) || { echo "soak: no window" >&2; exit 1; }
xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
end=$((start + minutes * 60))
# RSS sampler, every 3 s: seconds since start, VmRSS and VmHWM (the kernel's peak RSS so far) in kB.
(while kill -0 "$pid" 2>/dev/null; do
   awk -v t=$(($(date +%s) - start)) '/^VmHWM/ {hwm = $2} /^VmRSS/ {print t, $2, hwm}' "/proc/$pid/status" 2>/dev/null >>"$out/rss.txt" || true
   # The whole machine's CPU ticks (/proc/stat "cpu": user nice system idle iowait irq softirq steal),
   # so slow seconds can be told apart from time the host took away (steal) or other processes used.
   awk -v t=$(($(date +%s) - start)) '/^cpu / {print t, $2, $3, $4, $5, $6, $7, $8, $9}' /proc/stat >>"$out/cpu.txt" || true
   sleep 3
 done) &
sampler=$!
round=0
key() { xdotool key --delay 40 "$@"; }
alive() { kill -0 "$pid" 2>/dev/null || { echo "soak: the app died in round $round" >&2; exit 1; }; }
sleep 2
while [ "$(date +%s)" -lt "$end" ]; do
  round=$((round + 1))
  echo "round $round at $(($(date +%s) - start)) s" >>"$out/log.txt"
  # Scroll the feed in each of the four themes (t cycles them, four presses come back): wheel down
  # and up, then PgDn/End/Home. Every round shows every theme, so the caches that hold one copy per
  # theme (rendered text, the blurred backdrop) reach their working set in the first round rather
  # than the fourth.
  xdotool mousemove 640 450
  for _ in 1 2 3 4; do
    for _ in $(seq 10); do xdotool click 5; sleep 0.04; done
    for _ in $(seq 10); do xdotool click 4; sleep 0.04; done
    key Page_Down Page_Down End; sleep 0.5; key Home; sleep 0.5
    key t; sleep 0.5
  done
  alive
  # Open the album's first photo (the top post's first photo), zoom, page through all 200 and back.
  xdotool mousemove 530 200; sleep 0.3; xdotool click 1; sleep 1.5
  key plus plus plus; sleep 0.5
  xdotool mousemove 900 400   # the image pane of the split view
  for _ in 1 2 3 4 5; do xdotool click 4; sleep 0.05; done
  sleep 0.5
  for _ in 1 2 3 4 5; do xdotool click 5; sleep 0.05; done
  key minus minus 0; sleep 0.5
  for _ in $(seq 199); do key Right; sleep 0.12; done
  alive
  key 1 z z 0
  for _ in $(seq 199); do key Left; sleep 0.12; done
  key Escape; sleep 1
  alive
  xdotool key F12; sleep 0.3; xdotool key F12
done
alive
xdotool key q
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "soak: still running 10 s after q" >&2; kill "$pid"; exit 1; fi
wait "$pid" || { echo "soak: the app exited with status $?" >&2; exit 1; }
kill "$sampler" 2>/dev/null || true
echo "soak: $round rounds in $minutes min, exited cleanly"
