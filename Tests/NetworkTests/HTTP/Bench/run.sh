#!/bin/bash
# Builds the connection-reuse benchmark with -O (Files, Locking, URLs and Network as static libraries), starts
# the fixture server (plain, then TLS with a CA made here) and runs COUNT sequential requests on each.
# Usage: Tests/NetworkTests/HTTP/Bench/run.sh [COUNT] [NETWORK-SOURCES]   (from the package folder;
# NETWORK-SOURCES: another copy of Sources/Network, e.g. an older commit's, to compare)
set -e
count=${1:-50}
network=${2:-Sources/Network}
out=${TMPDIR:-/tmp}/http-bench-build
mkdir -p "$out"
flags=(-O -swift-version 6 -parse-as-library -I "$out" -I Sources/CCurl)
swiftc "${flags[@]}" -module-name Locking -emit-module -emit-module-path "$out/Locking.swiftmodule" \
    -emit-library -static -o "$out/libLocking.a" Sources/Locking/*.swift
swiftc "${flags[@]}" -module-name Files -emit-module -emit-module-path "$out/Files.swiftmodule" \
    -emit-library -static -o "$out/libFiles.a" Sources/Files/*.swift
swiftc "${flags[@]}" -module-name URLs -emit-module -emit-module-path "$out/URLs.swiftmodule" \
    -emit-library -static -o "$out/libURLs.a" $(find Sources/URLs -name '*.swift')
swiftc "${flags[@]}" -module-name Network -emit-module -emit-module-path "$out/Network.swiftmodule" \
    -emit-library -static -o "$out/libNetwork.a" $(find "$network" -name '*.swift')
swiftc -O -swift-version 6 -I "$out" -I Sources/CCurl -L "$out" -lNetwork -lURLs -lLocking -lFiles -lcurl \
    Tests/NetworkTests/HTTP/Bench/main.swift -o "$out/http-bench"

certs=$(mktemp -d)
trap 'rm -rf "$certs"' EXIT
(
    cd "$certs"
    curve=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
    openssl req -x509 "${curve[@]}" -keyout ca.key -out ca.pem -days 2 -subj "/CN=Bench CA" \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
    openssl req "${curve[@]}" -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 \
        -extfile server.ext 2>/dev/null
)
server=Tests/NetworkTests/Server/fixture_server.py
for scheme in http https; do
    if [ "$scheme" = https ]; then
        coproc SERVER { exec python3 "$server" --cert "$certs/server.pem" --key "$certs/server.key"; }
    else
        coproc SERVER { exec python3 "$server"; }
    fi
    read -r port <&"${SERVER[0]}"
    bundle=()
    [ "$scheme" = https ] && bundle=("$certs/ca.pem")
    "$out/http-bench" "$scheme://127.0.0.1:$port" "$count" "${bundle[@]}"
    eval "exec ${SERVER[1]}>&-"   # the server exits when its stdin closes
    wait "$SERVER_PID" || true
done
