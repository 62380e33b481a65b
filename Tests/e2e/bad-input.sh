#!/usr/bin/env bash
# Bad input on the command line (issue 10): each case ends with one short line on stderr and the
# expected status, promptly: an oversized snapshot surface, --text-scale out of range, write errors
# (a full device, a missing folder, a full stdout), devices and pipes given as feeds or images,
# and SIGTERM/SIGINT during a long headless run. Needs no display.
# Usage: Tests/e2e/bad-input.sh PATH/TO/plumage
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
here=$(cd "$(dirname "$0")" && pwd)
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect STATUS PATTERN -- COMMAND…: runs COMMAND (10 s at most), checks its status and that stderr's
# first line matches PATTERN (grep -E) and is its only line (usage errors, 64, add the usage lines);
# an empty PATTERN wants nothing on stderr. No line may exceed ~400 characters.
expect() {
  local status=$1 pattern=$2; shift 3
  timeout 10 "$@" >/dev/null 2>"$tmp/err"
  local got=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  [ "$status" = 64 ] && lines=1
  if [ -z "$pattern" ]; then
    [ "$got" = "$status" ] && [ ! -s "$tmp/err" ] && return
    cmd="$*"; echo "bad-input: FAIL: ${cmd:0:200} → status $got (want $status), stderr: $(head -c 300 "$tmp/err")" >&2
    failures=$((failures + 1))
    return
  fi
  if [ "$got" != "$status" ] || ! head -n 1 "$tmp/err" | grep -Eq -- "$pattern" || [ "$lines" -gt 1 ] \
     || [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/err")" -gt 410 ]; then
    cmd="$*"; echo "bad-input: FAIL: ${cmd:0:200} → status $got (want $status), stderr: $(head -c 300 "$tmp/err")" >&2
    failures=$((failures + 1))
  fi
}

expect 1 'photos are not shown beside a live feed' -- "$bin" https://example.invalid/feed.xml "$here/../../Assets/demo/photos/cat.jpg"
expect 1 'too large \(at most 16384 a side and 256 megapixels\)' -- "$bin" snapshot --size 8000x8000 --scale 4 --out "$tmp/a.png"
expect 1 'too large' -- "$bin" snapshot --size 16384x64 --scale 2 --out "$tmp/a.png"
expect 64 'text-scale must be between 0.8 and 2' -- "$bin" snapshot --text-scale 0 --out "$tmp/a.png"
expect 64 'text-scale must be between 0.8 and 2' -- "$bin" snapshot --text-scale 100 --out "$tmp/a.png"
expect 64 'text-scale must be between 0.8 and 2' -- "$bin" snapshot --text-scale nan --out "$tmp/a.png"
expect 1 'cannot write /dev/full: No space left on device' -- "$bin" snapshot --out /dev/full
expect 1 'cannot write /nonexistent/x.csv: No such file or directory' -- "$bin" bench scroll --frames 10 --csv /nonexistent/x.csv
expect 1 'cannot write the output: No space left on device' -- sh -c "\"$bin\" dump > /dev/full"
expect 1 'cannot write the output' -- sh -c "\"$bin\" dump --json > /dev/full"
expect 1 '^plumage: /dev/zero: cannot read: not a regular file$' -- "$bin" dump /dev/zero
expect 1 'not a regular file' -- "$bin" dump /dev/urandom
ln -s /dev/zero "$tmp/zero.json"
expect 1 'zero.json: cannot read: not a regular file' -- "$bin" dump "$tmp/zero.json"
mkfifo "$tmp/feed.json"
expect 1 'feed.json: cannot read: not a regular file' -- "$bin" dump "$tmp/feed.json"
mkfifo "$tmp/photo.jpg"
expect 1 'photo.jpg: cannot read: not a regular file' -- "$bin" snapshot --open-image "$tmp/photo.jpg" --out "$tmp/b.png"
long=$(python3 -c 'print("/" + "p" * 5000 + ".json")')
expect 1 "^plumage: /p{118}…: cannot read: File name too long$" -- "$bin" dump "$long"

# Themes: `dump` never reads them (a broken palette it would not use cannot stop it); drawing
# reports the broken palette; a theme whose background photo is missing draws with a warning.
repo=$(cd "$(dirname "$0")/../.." && pwd)
data="$tmp/data"
mkdir -p "$data/Assets/backgrounds"
ln -s "$repo/Fonts" "$data/Fonts"
for entry in LICENSES LICENSES.md demo icons plumage.desktop; do ln -s "$repo/Assets/$entry" "$data/Assets/$entry"; done
cp -r "$repo/Assets/themes" "$data/Assets/themes"
for photo in "$repo"/Assets/backgrounds/*; do
  [ "$(basename "$photo")" = mountains.jpg ] || ln -s "$photo" "$data/Assets/backgrounds/"
done
echo "not a colour line" >>"$data/Assets/themes/light.palette"
expect 0 '' -- env PLUMAGE_DATA_DIR="$data" "$bin" dump
expect 1 'light.palette' -- env PLUMAGE_DATA_DIR="$data" "$bin" snapshot --out "$tmp/c.png"
cp "$repo/Assets/themes/light.palette" "$data/Assets/themes/light.palette"
expect 0 "^plumage: warning: theme 'dark': background 'mountains.jpg' not found in Assets/backgrounds; drawn without it$" \
  -- env PLUMAGE_DATA_DIR="$data" "$bin" snapshot --theme dark --out "$tmp/c.png"

# Damaged archives and photo folders (issue 17): a .zip that is none says why; a data file that is a
# FIFO (never waited on) or a link leading out says what it is; an unusable outbox.json is a
# Mastodon archive that fails, not a folder of photos; a zip naming a member twice warns; `bench
# places` on a folder without sub-folders ends at once with its one place.
: >"$tmp/empty.zip"
expect 1 'empty.zip: cannot read: not a zip archive \(empty file\)$' -- "$bin" dump "$tmp/empty.zip"
echo hello >"$tmp/text.zip"
expect 1 'text.zip: cannot read: not a zip archive \(no zip signature\)$' -- "$bin" dump "$tmp/text.zip"
printf 'PK\003\004cut short' >"$tmp/cut.zip"
expect 1 'cut.zip: cannot read: not a zip archive \(truncated: no end of central directory\)$' -- "$bin" dump "$tmp/cut.zip"
mkdir -p "$tmp/fifo-archive/data" "$tmp/out-archive/data" "$tmp/masto" "$tmp/flat"
mkfifo "$tmp/fifo-archive/data/tweets.js"
expect 1 'fifo-archive: data/tweets.js: not a regular file \(a FIFO\)$' -- "$bin" dump "$tmp/fifo-archive"
ln -s /etc/hostname "$tmp/out-archive/data/tweets.js"
expect 1 'out-archive: data/tweets.js: a link leading outside the archive, not read$' -- "$bin" dump "$tmp/out-archive"
cp "$repo/Tests/FeedImportTests/Fixtures/images/tiny.jpg" "$tmp/masto/a.jpg"
mkfifo "$tmp/masto/outbox.json"
expect 1 'masto: outbox.json: not a regular file \(a FIFO\)$' -- "$bin" dump "$tmp/masto"
python3 - "$tmp/twice.zip" <<'PY'
import sys, warnings, zipfile
warnings.simplefilter("ignore")
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("data/tweets.js", "window.YTD.tweets.part0 = [ broken")
    z.writestr("data/tweets.js", "window.YTD.tweets.part0 = []")
PY
expect 0 '^plumage: warning: .*twice.zip: 1 duplicate member name, the last of each kept: data/tweets.js$' -- "$bin" dump "$tmp/twice.zip"
cp "$repo/Tests/FeedImportTests/Fixtures/images/tiny.jpg" "$tmp/flat/a.jpg"
bench=$(timeout 10 env SDL_VIDEODRIVER=dummy "$bin" bench places "$tmp/flat" --runs 1 --json 2>&1)
case "$bench" in
  *'"places": 1, "photos": 1,'*) ;;
  *) echo "bad-input: FAIL: bench places on a folder without sub-folders: ${bench:0:300}" >&2; failures=$((failures + 1)) ;;
esac

# A usage error echoing a huge value keeps its lines short.
expect 64 "^Error: The value '9{100,}…$" -- "$bin" snapshot --size "$(printf '9%.0s' $(seq 1 5000))" --out "$tmp/d.png"

# A long --theme or --section value is echoed short, and the valid names still show.
huge=$(printf 'x%.0s' $(seq 1 10000))
expect 1 "^plumage: unknown theme 'x{119}…'; themes are: original, green, dark, light$" -- "$bin" snapshot --theme "$huge" --out "$tmp/e.png"
expect 1 "^plumage: no section 'x{119}…'; sections are: Timeline, " -- "$bin" snapshot --section "$huge" --out "$tmp/e.png"

# An X display that cannot be reached: one line and status 1 at once, never a window-less run
# (SDL's offscreen fallback) that writes the recents and the cache and never ends.
xdg=$(mktemp -d)
expect 1 '^plumage: cannot open display :57: ' -- env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:57 \
  XDG_DATA_HOME="$xdg/data" XDG_CACHE_HOME="$xdg/cache" XDG_CONFIG_HOME="$xdg/config" "$bin" "$repo/Assets/demo/feed.json"
if [ -n "$(find "$xdg" -type f)" ]; then
  echo "bad-input: FAIL: an unreachable display still wrote $(find "$xdg" -type f | head -3)" >&2
  failures=$((failures + 1))
fi
rm -rf "$xdg"

# A long headless run ends within a second of SIGTERM or SIGINT (set -m: background jobs keep SIGINT).
set -m
for signal in TERM INT; do
  "$bin" bench scroll --frames 1000000 >/dev/null 2>&1 &
  pid=$!
  sleep 2
  kill -s "$signal" "$pid"
  start=$(date +%s%N)
  while kill -0 "$pid" 2>/dev/null && [ $(( ($(date +%s%N) - start) / 1000000 )) -lt 3000 ]; do sleep 0.05; done
  elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
  if kill -0 "$pid" 2>/dev/null; then
    echo "bad-input: FAIL: bench scroll still running ${elapsed} ms after SIG$signal" >&2
    kill -9 "$pid"
    failures=$((failures + 1))
  elif [ "$elapsed" -gt 1000 ]; then
    echo "bad-input: FAIL: bench scroll took ${elapsed} ms to end after SIG$signal" >&2
    failures=$((failures + 1))
  fi
  wait "$pid" 2>/dev/null
done
set +m

if [ "$failures" -gt 0 ]; then echo "bad-input: $failures failed" >&2; exit 1; fi
echo "bad-input: passed"
