#!/bin/sh
# Builds the web cache benchmark with -O (Locking and Network as static libraries) and runs it.
# Usage: Tests/NetworkTests/Cache/Bench/run.sh [folder]   (from the package folder)
set -e
out=${TMPDIR:-/tmp}/webcache-bench-build
mkdir -p "$out"
swiftc -O -swift-version 6 -parse-as-library -module-name Locking -emit-module -emit-module-path "$out/Locking.swiftmodule" \
    -emit-library -static -o "$out/libLocking.a" Sources/Locking/*.swift
swiftc -O -swift-version 6 -parse-as-library -module-name Network -I "$out" -emit-module -emit-module-path "$out/Network.swiftmodule" \
    -emit-library -static -o "$out/libNetwork.a" Sources/Network/Cache/*.swift
swiftc -O -swift-version 6 -I "$out" -L "$out" -lNetwork -lLocking Tests/NetworkTests/Cache/Bench/main.swift -o "$out/webcache-bench"
"$out/webcache-bench" "$@"
