# Helpers the e2e sessions share (sourced; they read $out, the screenshot folder, and $pid, the app).
# shot NAME: a screenshot of the whole X screen as $out/NAME.png.
shot() { import -window root "$out/$1.png"; }
# changed A B REGION: how many pixels of REGION (WxH+X+Y) differ between two screenshots; stops the
# session when compare gives no count (a missing shot, two sizes), so no check reads an error as a number.
changed() {
  local n; n=$(compare -metric AE -crop "$3" "$out/$1.png" "$out/$2.png" null: 2>&1 >/dev/null | cut -d' ' -f1 || true)
  [[ $n =~ ^[0-9]+(\.[0-9]+)?(e\+?[0-9]+)?$ ]] || fail "compare $1 $2 gave no pixel count: '$n'"
  printf '%.0f\n' "$n"
}
# fail WHY: says why, stops the app and the session.
fail() { echo "e2e: FAIL: $*" >&2; kill "$pid" 2>/dev/null || true; exit 1; }
# expect_change BEFORE AFTER REGION MIN WHAT: more than MIN pixels of REGION differ between two shots.
expect_change() {
  local n; n=$(changed "$1" "$2" "$3")
  echo "e2e: $5: $n pixels changed"
  [ "${n%.*}" -gt "$4" ] || fail "not true: $5"
}
# expect_same BEFORE AFTER REGION MAX WHAT: at most MAX pixels of REGION differ between two shots.
expect_same() {
  local n; n=$(changed "$1" "$2" "$3")
  echo "e2e: $5: $n pixels differ"
  [ "${n%.*}" -le "$4" ] || fail "not true: $5"
}
# activity: the app's thread count and the nanoseconds its threads have spent running and waiting to
# run, from the kernel's per-thread scheduler statistics: unchanged over an interval means no thread
# of the app ran or was ready to run in it (a decode starved of CPU still waits to run, so it counts).
activity() { cat /proc/"$pid"/task/*/schedstat 2>/dev/null | awk '{ns += $1 + $2; n++} END {print n + 0, ns + 0}'; }
# settle [NAME]: waits until the screen has settled, and with NAME keeps it as $out/NAME.png. Settled:
# for two intervals of 0.2 s in a row the whole screen stayed identical and no thread of the app ran
# or waited to run, so whatever the last input set going (an animation, a decode, a background read,
# the blurred backdrop) has ended, on a loaded machine too; an idle Plumage runs nothing at all. At
# most 150 samples: a screen or an app that never settles stops the session (a comparison with a
# screen still changing would measure when it was taken, not what the app did). For a screen that is
# meant to keep changing (the FPS overlay), see shot_showing.
settle() {
  local i snap="$out/settle-$$.ppm" screen now last quiet=0 was moving=
  [ -r "/proc/$pid/schedstat" ] || fail "no scheduler statistics for the app (/proc/$pid/schedstat): is it running?"
  import -window root "$snap"
  screen=$(md5sum <"$snap") last=$(activity)
  for i in $(seq 1 150); do
    sleep 0.2
    import -window root "$snap"
    now=$(md5sum <"$snap") was=$last last=$(activity)
    [ "${last%% *}" -gt 0 ] || fail "the app ended while waiting for the screen to settle${1:+ for $1}"
    if [ "$now" = "$screen" ] && [ "$last" = "$was" ]; then
      quiet=$((quiet + 1))
    else
      quiet=0 moving=$([ "$now" = "$screen" ] && echo "the app's threads" || echo "the screen")
    fi
    screen=$now
    if [ "$quiet" -ge 2 ]; then
      if [ -n "${1:-}" ]; then convert "$snap" "$out/$1.png"; fi
      rm -f "$snap"
      return 0
    fi
  done
  fail "the screen never settled${1:+ for $1} ($moving still changed after 150 samples 0.2 s apart)"
}
# shot_settled NAME: a screenshot of the settled screen (settle) as $out/NAME.png.
shot_settled() { settle "$1"; }
# shot_showing BEFORE NAME REGION MIN WHAT: for a screen that keeps changing by design (the FPS
# overlay redraws every frame), screenshots until more than MIN pixels of REGION differ from the
# settled shot BEFORE, keeping the first that does as NAME (at most 50, 0.1 s apart); else the session
# stops. Take BEFORE settled, so nothing else was still moving.
shot_showing() {
  local i n
  for i in $(seq 1 50); do
    shot "$2"
    n=$(changed "$1" "$2" "$3")
    if [ "${n%.*}" -gt "$4" ]; then echo "e2e: $5: $n pixels changed"; return 0; fi
    sleep 0.1
  done
  fail "not true after 50 screenshots: $5 (last $n pixels changed)"
}
