#!/usr/bin/env bash
# Runs every libFuzzer target (or those named) for FUZZ_SECONDS each, or until FUZZ_RUNS
# executions when that comes first (unset: no limit), and prints, per target, the
# executions, coverage (cov: edges, ft: features), corpus size and seconds, from libFuzzer's final
# lines. The committed seeds (Fuzz/corpus/<name>) are read, never written: new inputs go to
# .build-fuzz/corpus/<name>, crashes, leaks and timeouts to .build-fuzz/findings/<name>/.
# Exit status 1 when any target found something. Usage: Fuzz/run.sh [NAME…]
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
RUNS_EACH=${FUZZ_RUNS:--1}
BUILD=.build-fuzz
# name  max_len  dictionary
CONFIG="
json     16384 json
twitter  16384 json
mastodon 16384 json
mastodonapi 16384 json
bluesky  16384 json
html      8192 html
style     4096 style
header    8192 image
jpeg      8192 jpeg
zip       8192 zip
cache    16384 json
rss      16384 xml
discovery 8192 xml
"
WANTED=" $* "
summary=()
failed=0
# Each run its own temporary folder, so two runs at once (different targets) never clear each other's.
export TMPDIR=$BUILD/tmp/$$
# Swift's own crash handler would read memory ASan does not know and report itself; libFuzzer's
# handler prints the stack and saves the input instead.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$TMPDIR"
while read -r name max_len dict; do
    [ -n "$name" ] || continue
    [ "$WANTED" = "  " ] || [[ "$WANTED" == *" $name "* ]] || continue
    corpus=$BUILD/corpus/$name artifacts=$BUILD/findings/$name/ log=$BUILD/logs/$name.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    echo "== $name: $SECONDS_EACH s or $RUNS_EACH runs (log: $log)"
    "$BUILD/fuzzers/$name" "$corpus" "Fuzz/corpus/$name" -dict="Fuzz/dict/$dict.dict" -max_len="$max_len" \
        -timeout=10 -rss_limit_mb=2048 -max_total_time="$SECONDS_EACH" -runs="$RUNS_EACH" -print_final_stats=1 \
        -artifact_prefix="$artifacts" >"$log" 2>&1
    status=$?
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    took=$(grep -ao 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*')
    last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*')
    ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*')
    corp=$(grep -o 'corp: [0-9]*' <<<"$last" | grep -o '[0-9]*')
    result=ok
    if [ $status -ne 0 ]; then
        result="FOUND SOMETHING (exit $status): $(grep -a -m1 -E 'ERROR: |fatal error|Fatal error' "$log")"
        failed=1
    fi
    summary+=("$(printf '%-9s %12s runs %6s s  cov %6s  ft %6s  corpus %5s  %s' "$name" "${runs:-?}" "${took:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result")")
done <<<"$CONFIG"
rm -rf "$TMPDIR"
echo
printf '%s\n' "${summary[@]}"
exit $failed
