#!/usr/bin/env bash
# Two plumage processes sharing one config and data folder save at the same time and lose nothing
# of each other's: each changes only its own setting (one the window's corner, the other its size)
# or records only its own recently opened entries, 300 saves each, and after every save reads the
# file back and fails if its own last change is not there (another process's save made from an
# older reading would have overwritten it). At the end the file holds both processes' last saves,
# read with Python's json, not with plumage. Usage: Tests/e2e/two-instances.sh PATH/TO/plumage
set -euo pipefail
bin=$(realpath "$1")
home=$(mktemp -d)
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
fail() { echo "two-instances: FAIL: $*" >&2; exit 1; }
a="" b="" c="" d=""
trap 'kill $a $b $c $d 2>/dev/null || true; rm -rf "$home"' EXIT
n=300
"$bin" save-settings-loop --count $n --only position 2>"$home/a.err" & a=$!
"$bin" save-settings-loop --count $n --only size 2>"$home/b.err" & b=$!
"$bin" save-recents-loop --count $n --tag a 2>"$home/c.err" & c=$!
"$bin" save-recents-loop --count $n --tag b 2>"$home/d.err" & d=$!
for pid in $a $b $c $d; do wait "$pid" || fail "a saver failed: $(cat "$home"/*.err)"; done
python3 - "$XDG_CONFIG_HOME/plumage/settings.json" "$XDG_DATA_HOME/plumage/recents.json" $n <<'PY' || fail "a last save is missing"
import json, sys
settings, recents, n = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
w = settings["window"]
assert w["x"] == n and w["width"] == 64 + n, w
titles = {e["title"] for e in recents["entries"]}
assert len(recents["entries"]) == 40 and {f"a {n}", f"b {n}"} <= titles, sorted(titles)
PY
echo "two-instances: 2×$n settings saves and 2×$n recents saves at once, none lost"
