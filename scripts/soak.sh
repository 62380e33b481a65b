#!/usr/bin/env bash
# Soak run (`make soak MINUTES=N`): the release binary in Xvfb on a generated feed (scripts/soak-fixture.py:
# the demo's posts three times over and an album post of 200 photos), driven by xdotool for N minutes
# (default 30) in rounds of: scroll the feed down and up with the wheel and the keys in each of the
# four themes, open the album's first photo (a split view: the feed left, the image right), zoom in and out (keys and wheel), page through the 200 photos and back,
# and return to the feed. Every 3 s it samples the process's VmRSS; `--stats-file` gives one line of
# frame figures per second. At the end scripts/soak-report.py prints the verdict and draws docs/soak.png.
# Usage: scripts/soak.sh PATH/TO/plumage [MINUTES] [OUTDIR]
set -euo pipefail
bin=$(realpath "$1")
minutes=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out=${3:-$repo/.build/soak}
fixture=${SOAK_FIXTURE:-$repo/.build/soak-fixture}
mkdir -p "$out"
rm -f "$out/rss.txt" "$out/cpu.txt" "$out/frames.txt" "$out/log.txt"
[ -f "$fixture/feed.json" ] || python3 "$here/soak-fixture.py" "$fixture"
# A private home: the recently opened list and caches go there, not into the user's.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

timeout $((minutes * 60 + 300)) xvfb-run -a -s "-screen 0 1280x800x24" \
  "$here/soak-session.sh" "$bin" "$minutes" "$out" "$fixture" "$home"
python3 "$here/soak-report.py" "$out/rss.txt" "$out/frames.txt" "$repo/docs/soak.png"
