#!/usr/bin/env bash
# `plumage dump URL` against hostile servers on 127.0.0.1 (issue 19's list, through the real binary):
# lying Content-Types read fine; malformed XML and JSON; XXE (an external entity naming
# /etc/passwd, an external DTD and a parameter entity on this server: never read, never asked);
# billion laughs; a 30 MiB feed, an endless chunked body, a gzip bomb (1 GiB of zeros); a redirect
# loop, six redirects, redirects to file:// and ftp://; a discovered feed answering 404; 503 with
# Retry-After 1 (retried) and 120 (not waited for); a stalled server (the 15 s no-data limit, run in
# the background while the rest go on); TLS with a CA made here by openssl, trusted through
# SSL_CERT_FILE or not at all. Every failure must be status 1 with exactly one line on stderr naming
# the problem, within `timeout`, with the peak memory (getrusage of the child) under 200 MB.
# Needs no display and touches no address but loopback. Usage: Tests/e2e/live-hostile.sh PATH/TO/plumage
# (KEEP=1 keeps the work folder: each case's .out, .err, .status and the servers' logs).
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
servers=()
cleanup() { for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null; done; if [ -n "${KEEP:-}" ]; then echo "live-hostile: kept $tmp" >&2; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
failures=0
fail() { echo "live-hostile: FAIL: $*" >&2; failures=$((failures + 1)); }
started=$(date +%s)

# A free port: bind 0, read it.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
tls_port=$(free_port)
base=http://127.0.0.1:$port

# The CA and the server certificate for 127.0.0.1, as Tests/NetworkTests/Support/TestCertificates does.
certs=$tmp/certs
mkdir -p "$certs"
(
  cd "$certs" || exit 1
  curve=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${curve[@]}" -keyout ca.key -out ca.pem -days 2 -subj "/CN=Plumage Hostile Test CA" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign &&
  openssl req "${curve[@]}" -keyout server.key -out server.csr -subj /CN=127.0.0.1 &&
  printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' >server.ext &&
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext
) >"$tmp/openssl.log" 2>&1 || { echo "live-hostile: FAIL: openssl could not make the certificates: $(tail -3 "$tmp/openssl.log")" >&2; exit 1; }

# The hostile server. Every request is logged ("GET /path") to stderr, which goes to its log file.
cat >"$tmp/server.py" <<'PY'
import http.server, json, ssl, struct, sys, threading, time, zlib
from urllib.parse import urlsplit
port = int(sys.argv[1])
base = "http://127.0.0.1:%d" % port

def rss(title, items, prolog=""):
    body = "".join("<item><guid>%s</guid><title>%s</title><description>%s</description></item>" % i for i in items)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n%s<rss version="2.0"><channel><title>%s</title>'
            '<link>http://blog.test/</link>%s</channel></rss>\n' % (prolog, title, body)).encode()

FEED = rss("Hostile Test", [("one", "First post", "Hello"), ("two", "Second post", "World")])
JSON_FEED = json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "Json Test",
                        "items": [{"id": "j1", "content_text": "json item one", "date_published": "2024-01-02T03:04:05Z"}]}).encode()
XXE = rss("XXE &x;", [("x", "Title &x;", "Description &x;")],
          '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n')
EXTERNAL_DTD = rss("External DTD &y;", [("e", "Title &y;", "Text")],
                   '<!DOCTYPE rss SYSTEM "%s/evil.dtd">\n' % base)
PARAMETER_ENTITY = rss("Parameter entity", [("p", "Title", "Text")],
                       '<!DOCTYPE rss [<!ENTITY %% ext SYSTEM "%s/evil-parameter.dtd"> %%ext;]>\n' % base)
laughs = '<!ENTITY lol0 "lol">' + "".join(
    '<!ENTITY lol%d "%s">' % (n, ("&lol%d;" % (n - 1)) * 10) for n in range(1, 10))
LAUGHS = rss("Laughs &lol9;", [("l", "Laughs &lol9;", "&lol9;")], "<!DOCTYPE rss [%s]>\n" % laughs)
CUT = FEED[: len(FEED) // 2]
PAGE = ('<!doctype html><html><head><title>Blog</title><link rel="alternate" type="application/rss+xml" '
        'href="/missing.xml"></head><body>Hi</body></html>').encode()
INSTANCE = b'{"domain": "127.0.0.1", "title": "Test", "version": "4.3.0"}'
BIG_ITEM = b"<item><guid>big</guid><title>Big</title><description>" + b"x" * 65000 + b"</description></item>\n"

def gzip_bomb():
    """1 GiB of zeros as one gzip member, made by streaming: after a full flush every 1 MiB block of
    zeros deflates to the same bytes, so one block's output is repeated (about 1 MiB in all)."""
    block, count = bytes(1 << 20), 1024
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    again = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(count):
        crc = zlib.crc32(block, crc)
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + first + again * (count - 1) + deflate.flush()
            + struct.pack("<II", crc, (count << 20) & 0xFFFFFFFF))
BOMB = gzip_bomb()
counts = {}
lock = threading.Lock()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.answer(302, b"", [("Location", location)])

    def count(self, key):
        with lock:
            counts[key] = counts.get(key, 0) + 1
            return counts[key]

    def do_GET(self):
        try:
            self.route(urlsplit(self.path).path)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    def route(self, path):
        xml = [("Content-Type", "application/rss+xml")]
        if path == "/feed.xml": return self.answer(200, FEED, xml)
        if path == "/as-html": return self.answer(200, FEED, [("Content-Type", "text/html; charset=utf-8")])
        if path == "/as-png": return self.answer(200, JSON_FEED, [("Content-Type", "image/png")])
        if path == "/cut.xml": return self.answer(200, CUT, xml)
        if path == "/api/v2/instance": return self.answer(200, INSTANCE, [("Content-Type", "application/json")])
        if path == "/api/v1/timelines/tag/broken": return self.answer(200, b'[{"id": ', [("Content-Type", "application/json")])
        if path == "/xxe.xml": return self.answer(200, XXE, xml)
        if path == "/external-dtd.xml": return self.answer(200, EXTERNAL_DTD, xml)
        if path == "/parameter-entity.xml": return self.answer(200, PARAMETER_ENTITY, xml)
        if path in ("/evil.dtd", "/evil-parameter.dtd"):
            return self.answer(200, b'<!ENTITY y SYSTEM "file:///etc/passwd">', [("Content-Type", "application/xml-dtd")])
        if path == "/laughs.xml": return self.answer(200, LAUGHS, xml)
        if path == "/big.xml":
            # 30 MiB announced and sent (the client should stop before reading it all).
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", str(30 << 20))
            self.end_headers()
            head = b'<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>\n'
            self.wfile.write(head)
            sent = len(head)
            while sent + len(BIG_ITEM) <= 30 << 20:
                self.wfile.write(BIG_ITEM)
                sent += len(BIG_ITEM)
            self.wfile.write(b" " * ((30 << 20) - sent))
            return
        if path == "/endless.xml":
            # Chunked, never ends: an RSS whose items go on for ever.
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.close_connection = True
            head = b'<?xml version="1.0"?><rss version="2.0"><channel><title>Endless</title>\n'
            self.wfile.write(b"%x\r\n%s\r\n" % (len(head), head))
            while True:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(BIG_ITEM), BIG_ITEM))
        if path == "/bomb.xml":
            return self.answer(200, BOMB, [("Content-Type", "application/rss+xml"), ("Content-Encoding", "gzip")])
        if path == "/loop-a": return self.redirect("/loop-b")
        if path == "/loop-b": return self.redirect("/loop-a")
        if path.startswith("/hops/"):
            left = int(path.rsplit("/", 1)[1])
            return self.redirect("/hops/%d" % (left - 1)) if left > 0 else self.answer(200, FEED, xml)
        if path == "/to-file": return self.redirect("file:///etc/passwd")
        if path == "/to-ftp": return self.redirect("ftp://127.0.0.1:9/feed.xml")
        if path == "/discover404.html": return self.answer(200, PAGE, [("Content-Type", "text/html")])
        if path == "/busy-once.xml":
            if self.count(path) == 1:
                return self.answer(503, b"busy", [("Retry-After", "1")])
            return self.answer(200, FEED, xml)
        if path == "/busy-long.xml": return self.answer(503, b"busy", [("Retry-After", "120")])
        if path == "/stall.xml":
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.flush()
            time.sleep(40)
            self.close_connection = True
            return
        return self.answer(404, b"no such fixture")

class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    def handle_error(self, request, client_address):
        pass  # a client that hangs up mid-body, or refuses our certificate, is part of the test

server = Server(("127.0.0.1", port), Handler)
if len(sys.argv) == 4:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[2], sys.argv[3])
    server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
PY
python3 "$tmp/server.py" "$port" >"$tmp/server.log" 2>&1 &
servers+=($!)
python3 "$tmp/server.py" "$tls_port" "$certs/server.pem" "$certs/server.key" >"$tmp/tls-server.log" 2>&1 &
servers+=($!)
for p in "$port" "$tls_port"; do
  for _ in $(seq 100); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $p), 1)" 2>/dev/null && break; sleep 0.1; done
done
export XDG_CACHE_HOME=$tmp/cache
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY all_proxy SSL_CERT_FILE CURL_CA_BUNDLE

# run NAME SECONDS COMMAND…: stdout to $tmp/NAME.out, stderr to $tmp/NAME.err, the status to
# $tmp/NAME.status, the child's peak resident memory (KiB, getrusage) to $tmp/NAME.rss; then
# $status, $peak_mb and $seconds are set. Killed after SECONDS (status 124).
run_bg() {
  local name=$1 limit=$2; shift 2
  python3 - "$tmp/$name" "$limit" "$@" <<'PY' &
import resource, subprocess, sys, time
prefix, limit, command = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.monotonic()
with open(prefix + ".out", "wb") as out, open(prefix + ".err", "wb") as err:
    status = subprocess.call(["timeout", limit] + command, stdout=out, stderr=err)
open(prefix + ".status", "w").write("%d %d %.1f\n" % (status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                                                     time.monotonic() - start))
PY
}
collect() {
  local name=$1
  if wait_for "$name"; then
    read -r status peak_kb seconds <"$tmp/$name.status"
  else
    status=lost peak_kb=0 seconds=60
  fi
  peak_mb=$((peak_kb / 1024))
}
# wait_for NAME: until NAME's status is written (false after a minute: the runner itself failed).
wait_for() { for _ in $(seq 600); do [ -s "$tmp/$1.status" ] && return 0; sleep 0.1; done; return 1; }
run() { local name=$1; run_bg "$@"; collect "$name"; }

# expect_failure NAME PATTERN WHAT: status 1, exactly one line on stderr matching PATTERN (grep -E,
# any case), nothing on stdout, peak memory under 200 MB.
expect_failure() {
  local name=$1 pattern=$2 what=$3
  if [ "$status" != 1 ] || [ "$(wc -l <"$tmp/$name.err")" != 1 ] || ! grep -qiE "$pattern" "$tmp/$name.err"; then
    fail "$what: want status 1 and one line matching /$pattern/; got status $status (${seconds} s), stderr: $(head -c 400 "$tmp/$name.err")"
  fi
  [ -s "$tmp/$name.out" ] && fail "$what: printed on stdout: $(head -c 200 "$tmp/$name.out")"
  bounded "$name" "$what"
}
# expect_items NAME TEXT WHAT: status 0, TEXT in the output, nothing on stderr.
expect_items() {
  local name=$1 text=$2 what=$3
  [ "$status" = 0 ] || fail "$what: status $status (${seconds} s): $(head -c 400 "$tmp/$name.err")"
  grep -qF "$text" "$tmp/$name.out" || fail "$what: \"$text\" is not in the output: $(head -c 300 "$tmp/$name.out")"
  [ -s "$tmp/$name.err" ] && fail "$what: said on stderr: $(head -c 300 "$tmp/$name.err")"
  bounded "$name" "$what"
}
bounded() { [ "$peak_mb" -le 200 ] || fail "$2: peak memory $peak_mb MB (more than 200 MB)"; }
# asked PATH: how many times the server was asked for PATH.
asked() { grep -c "\"GET $1 HTTP" "$tmp/server.log"; }

# The stall first, in the background: it takes the 15 s no-data limit while the rest run.
run_bg stall 30 "$bin" dump "$base/stall.xml"

# Lying Content-Types: the body decides.
run as-html 20 "$bin" dump "$base/as-html"
expect_items as-html "Second post" "an RSS feed served as text/html"
run as-png 20 "$bin" dump "$base/as-png" --json
expect_items as-png "json item one" "a JSON Feed served as image/png"

# Malformed documents.
run cut 20 "$bin" dump "$base/cut.xml"
expect_failure cut "malformed XML" "an RSS cut in the middle"
run broken 20 "$bin" dump "$base/tags/broken"
expect_failure broken "JSON|end of data|unexpected end" "a Mastodon tag page cut after '[{\"id\": '"
[ "$(asked /api/v2/instance)" -ge 1 ] || fail "the Mastodon tag was read without the instance probe"

# XXE: no line of /etc/passwd in any output, whatever the status; no DTD fetched from the server.
leaks() { grep -qE "root:[^:]*:0:0" "$tmp/$1.out" "$tmp/$1.err"; }
for case in xxe external-dtd parameter-entity; do
  run "$case" 20 "$bin" dump "$base/$case.xml"
  run "$case-json" 20 "$bin" dump "$base/$case.xml" --json
  for name in "$case" "$case-json"; do
    leaks "$name" && fail "$case: /etc/passwd leaked into the output of $name: $(grep -m1 root: "$tmp/$name.out" "$tmp/$name.err")"
    [ "$status" = 0 ] || [ "$status" = 1 ] || fail "$name: status $status"
    bounded "$name" "$name"
  done
done
[ "$(asked /evil.dtd)" = 0 ] || fail "the external DTD was fetched from the server"
[ "$(asked /evil-parameter.dtd)" = 0 ] || fail "the external parameter entity was fetched from the server"

# Billion laughs: refused quickly with one line, or read with the entities unexpanded; bounded.
run laughs 20 "$bin" dump "$base/laughs.xml" --json
if [ "$status" = 0 ]; then
  [ "$(wc -c <"$tmp/laughs.out")" -lt 100000 ] || fail "billion laughs: the entities were expanded ($(wc -c <"$tmp/laughs.out") bytes of output)"
else
  expect_failure laughs "entit|amplification|malformed" "billion laughs"
fi
bounded laughs "billion laughs"

# Bodies past the 16 MiB cap.
run big 20 "$bin" dump "$base/big.xml"
expect_failure big "larger than 16 MiB" "a 30 MiB feed"
run endless 20 "$bin" dump "$base/endless.xml"
expect_failure endless "larger than 16 MiB" "an endless chunked body"
run bomb 20 "$bin" dump "$base/bomb.xml"
expect_failure bomb "larger than 16 MiB" "a gzip bomb (1 GiB of zeros)"

# Redirects: a loop, six (one more than allowed) against five, other schemes.
run loop 20 "$bin" dump "$base/loop-a"
expect_failure loop "redirect" "a redirect loop"
run six 20 "$bin" dump "$base/hops/6"
expect_failure six "redirect" "six redirects"
run five 20 "$bin" dump "$base/hops/5"
expect_items five "Second post" "five redirects"
run to-file 20 "$bin" dump "$base/to-file"
expect_failure to-file 'refused the scheme "file"' "a redirect to file:///etc/passwd"
leaks to-file && fail "a redirect to file:///etc/passwd: the file leaked"
run to-ftp 20 "$bin" dump "$base/to-ftp"
expect_failure to-ftp 'refused the scheme "ftp"' "a redirect to ftp://"

# A discovered feed that is not there.
run discover404 20 "$bin" dump "$base/discover404.html"
expect_failure discover404 "missing\.xml: server answered 404" "a discovered feed answering 404"
[ "$(asked /missing.xml)" = 1 ] || fail "the discovered feed was asked $(asked /missing.xml) times (want 1)"

# Busy servers: Retry-After 1 is waited for once, 120 is not.
run busy-once 20 "$bin" dump "$base/busy-once.xml"
expect_items busy-once "Second post" "503 with Retry-After: 1, then 200"
[ "$(asked /busy-once.xml)" = 2 ] || fail "busy-once.xml was asked $(asked /busy-once.xml) times (want 2)"
run busy-long 20 "$bin" dump "$base/busy-long.xml"
expect_failure busy-long "503" "503 with Retry-After: 120"
[ "$(asked /busy-long.xml)" = 1 ] || fail "busy-long.xml was asked $(asked /busy-long.xml) times (want 1: no retry)"
awk -v s="$seconds" 'BEGIN { exit !(s < 10) }' || fail "503 with Retry-After: 120 took $seconds s"

# TLS: trusted through SSL_CERT_FILE, refused with the system's CAs.
# (Untrusted first, with a cache of its own: a stored copy would be shown, marked offline.)
run tls-untrusted 20 env XDG_CACHE_HOME="$tmp/untrusted-cache" "$bin" dump "https://127.0.0.1:$tls_port/feed.xml"
expect_failure tls-untrusted "certificate" "https with the system's CAs"
run tls 20 env SSL_CERT_FILE="$certs/ca.pem" "$bin" dump "https://127.0.0.1:$tls_port/feed.xml"
expect_items tls "Second post" "https with SSL_CERT_FILE naming the test CA"

# The stall: the 15 s no-data limit, one line.
collect stall
expect_failure stall "no data for 15 s" "a server that stops sending after the headers"
awk -v s="$seconds" 'BEGIN { exit !(s >= 14 && s < 25) }' || fail "the stall ended after $seconds s (want about 15)"

elapsed=$(($(date +%s) - started))
[ "$failures" = 0 ] || { echo "live-hostile: $failures failures (${elapsed} s)" >&2; exit 1; }
echo "live-hostile: passed (${elapsed} s)"
