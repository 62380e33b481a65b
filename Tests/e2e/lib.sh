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
# shot_settled NAME: a screenshot taken once the screen has stopped changing (six shots 0.3 s apart
# identical, i.e. unchanged for 1.5 s; at most 100 tries, 30 s), so a loaded machine's late decodes
# (the blurred backdrop) are in it. A screen that never settles stops the session: a comparison with
# a screen still changing would measure when it was taken, not what the app did.
shot_settled() {
  local i n same=0
  shot "$1"
  for i in $(seq 1 100); do
    sleep 0.3
    shot "$1-next"
    n=$(changed "$1" "$1-next" "$(identify -format '%wx%h+0+0' "$out/$1.png")")
    mv "$out/$1-next.png" "$out/$1.png"
    if [ "$n" = "0" ]; then same=$((same + 1)); else same=0; fi
    [ "$same" -ge 5 ] && return 0
  done
  fail "the screen never settled for $1 (it still changed after 100 shots 0.3 s apart)"
}
