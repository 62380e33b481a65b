#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/targets/<name>.swift) into .build-fuzz/fuzzers/<name>.
# The library targets they test are built by SwiftPM into their own build folder, instrumented with
# `-sanitize=fuzzer,address` (coverage for libFuzzer, AddressSanitizer) and `-enable-testing` (the
# harnesses reach internal types such as HTMLText and JSONCursor); each harness is then compiled and
# linked against those objects with swiftc, which adds libFuzzer's main. docs/NOTES.md, "Fuzzing".
# Usage: Fuzz/build.sh [NAME…]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=.build-fuzz
SAN=-sanitize=fuzzer,address
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(json twitter mastodon mastodonapi bluesky html style header jpeg zip cache rss discovery)

log=$BUILD/build.log
mkdir -p "$BUILD/fuzzers"
if ! swift build -c release --build-path "$BUILD" --target FeedImport -Xswiftc "$SAN" -Xswiftc -enable-testing >"$log" 2>&1; then
    grep -E "error" "$log" || tail -20 "$log"
    echo "Fuzz/build.sh: building the instrumented libraries failed (see $log)" >&2
    exit 1
fi
REL=$(swift build -c release --build-path "$BUILD" --show-bin-path)
OBJECTS=()
# Only objects of sources that still exist: a file deleted since an earlier build leaves its .o behind.
for module in Imaging Locking Jobs URLs PlumageCore Archives FeedImport; do
    for object in "$REL/$module.build"/*.swift.o; do
        [ -n "$(find "Sources/$module" -name "$(basename "$object" .o)" -print -quit)" ] && OBJECTS+=("$object")
    done
done
for name in "${TARGETS[@]}"; do
    rm -f "$BUILD/fuzzers/$name"
    [ -f "Fuzz/targets/$name.swift" ] || { echo "Fuzz/build.sh: no target $name" >&2; exit 1; }
    swiftc "$SAN" -O -parse-as-library -module-name "fuzz_$name" \
        -I "$REL/Modules" -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap -Xcc -I/usr/include/libxml2 \
        -Xcc -fmodule-map-file=Sources/CMath/module.modulemap \
        -Xcc -fmodule-map-file=Sources/CZLibSystem/module.modulemap \
        "Fuzz/targets/$name.swift" Fuzz/targets/Shared/*.swift "${OBJECTS[@]}" -lxml2 \
        -o "$BUILD/fuzzers/$name" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    [ -x "$BUILD/fuzzers/$name" ] || { echo "Fuzz/build.sh: linking $name failed" >&2; exit 1; }
    echo "built $BUILD/fuzzers/$name"
done
