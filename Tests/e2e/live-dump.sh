#!/usr/bin/env bash
# `plumage dump URL` against a real HTTP server on 127.0.0.1 (Python's http.server over fixture
# files this script writes, with a few routes of its own): an RSS feed and its RFC 5005 next page,
# feed discovery from a page, a Mastodon tag (instance probe, then the timeline, then its Link next
# page), a used-up rate limit holding the next page back (or ending the read when it refills in an
# hour), a locked tag (401: "login"), a 429 with Retry-After 1 retried once, a Bluesky profile through
# PLUMAGE_BLUESKY_APPVIEW, a conditional request answered 304 (the server's log shows it), and with
# the server stopped: a feed read before comes from the cache with an "offline" line and status 0,
# one never read fails with one line.
# Needs no display and touches no address but loopback. Usage: Tests/e2e/live-dump.sh PATH/TO/plumage
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
failures=0
fail() { echo "live-dump: FAIL: $*" >&2; failures=$((failures + 1)); }

site=$tmp/site
mkdir -p "$site/api/v2" "$site/api/v1/timelines/tag" "$site/xrpc"
cat >"$site/feed.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Test Blog</title>
<link>http://blog.test/</link><atom:link rel="next" href="page2.xml"/>
<item><guid>one</guid><title>First post</title><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate>
<description>&lt;p&gt;Hello &lt;a href="https://example.com/x"&gt;example.com/x&lt;/a&gt;&lt;/p&gt;</description></item>
<item><guid>two</guid><title>Second post</title><pubDate>Wed, 03 Jan 2024 03:04:05 GMT</pubDate></item>
</channel></rss>
EOF
cat >"$site/page2.xml" <<'EOF'
<?xml version="1.0"?><rss version="2.0"><channel><title>Test Blog</title>
<item><guid>zero</guid><title>Older post</title><pubDate>Mon, 01 Jan 2024 03:04:05 GMT</pubDate></item>
</channel></rss>
EOF
cat >"$site/index.html" <<'EOF'
<!doctype html><html><head><title>Blog</title>
<link rel="alternate" type="application/rss+xml" title="Feed" href="/feed.xml"></head><body>Hi</body></html>
EOF
echo '{"domain": "127.0.0.1", "title": "Test", "version": "4.3.0"}' >"$site/api/v2/instance"
cat >"$site/api/v1/timelines/tag/cats" <<'EOF'
[{"id": "7", "created_at": "2024-05-06T07:08:09Z", "sensitive": false, "spoiler_text": "",
  "account": {"id": "1", "username": "ada", "acct": "ada", "display_name": "Ada", "url": "http://127.0.0.1/@ada", "avatar": "http://127.0.0.1/a.png"},
  "content": "<p>A <a href=\"http://127.0.0.1/tags/cats\" class=\"mention hashtag\" rel=\"tag\">#<span>cats</span></a> photo</p>",
  "media_attachments": [{"id": "m", "type": "image", "url": "http://127.0.0.1/cat.jpg", "description": "A cat",
                         "meta": {"original": {"width": 1200, "height": 900}}}]}]
EOF
cat >"$site/older-cats.json" <<'EOF'
[{"id": "3", "created_at": "2024-05-01T00:00:00Z", "account": {"id": "1", "username": "ada", "acct": "ada", "display_name": "Ada", "url": "http://127.0.0.1/@ada"},
  "content": "<p>An older cat</p>", "media_attachments": []}]
EOF
cat >"$site/xrpc/app.bsky.feed.getAuthorFeed" <<'EOF'
{"feed": [{"post": {"uri": "at://did:plc:a/app.bsky.feed.post/1", "author": {"did": "did:plc:a", "handle": "a.test"},
  "record": {"text": "hello from bluesky", "createdAt": "2024-01-02T03:04:05Z"}, "indexedAt": "2024-01-02T03:04:05Z"}}]}
EOF

# A port nobody uses: bind 0, read it, start the server on it.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The fixture files, plus what a static server cannot do: a Link header to the tag's older page, a
# locked tag (401, as Mastodon answers without a token) and a feed that is busy once (429, Retry-After 1).
cat >"$tmp/server.py" <<'PY'
import datetime, http.server, sys
from urllib.parse import urlsplit
port, site = int(sys.argv[1]), sys.argv[2]
busy = {"count": 0}
class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=site, **kwargs)
    def answer(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        parts = urlsplit(self.path)
        if parts.path == "/api/v1/timelines/tag/cats" and "max_id=7" in parts.query:
            return self.answer(200, open(site + "/older-cats.json", "rb").read())
        if parts.path == "/api/v1/timelines/tag/cats":
            link = '<http://127.0.0.1:%d/api/v1/timelines/tag/cats?max_id=7>; rel="next"' % port
            return self.answer(200, open(site + "/api/v1/timelines/tag/cats", "rb").read(), [("Link", link)])
        if parts.path in ("/api/v1/timelines/tag/slow", "/api/v1/timelines/tag/closed"):
            if "max_id=7" in parts.query:
                return self.answer(200, open(site + "/older-cats.json", "rb").read())
            wait = 2 if parts.path.endswith("slow") else 3600
            reset = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=wait)
            link = '<http://127.0.0.1:%d%s?max_id=7>; rel="next"' % (port, parts.path)
            return self.answer(200, open(site + "/api/v1/timelines/tag/cats", "rb").read(),
                               [("Link", link), ("X-RateLimit-Limit", "300"), ("X-RateLimit-Remaining", "0"),
                                ("X-RateLimit-Reset", reset.strftime("%Y-%m-%dT%H:%M:%S.%fZ"))])
        if parts.path == "/api/v1/timelines/tag/locked":
            return self.answer(401, b'{"error": "This method requires an authenticated user"}')
        if parts.path == "/busy.xml":
            busy["count"] += 1
            if busy["count"] == 1:
                return self.answer(429, b"slow down", [("Retry-After", "1")])
            return self.answer(200, open(site + "/feed.xml", "rb").read())
        return super().do_GET()
http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
PY
python3 "$tmp/server.py" "$port" "$site" >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break; sleep 0.1; done
base=http://127.0.0.1:$port
export XDG_CACHE_HOME=$tmp/cache PLUMAGE_BLUESKY_APPVIEW=$base
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY all_proxy

# run NAME -- COMMAND…: stdout to $tmp/NAME.out, stderr to $tmp/NAME.err, the status in $status.
run() { local name=$1; shift 2; timeout 60 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; status=$?; }
# field FILE EXPR: a value of the dump JSON in FILE (python's json, an independent reader).
field() { python3 -c "import json,sys; d = json.load(open(sys.argv[1])); print($2)" "$1"; }

run rss -- "$bin" dump "$base/feed.xml" --json
[ "$status" = 0 ] || fail "dump feed.xml: status $status: $(head -c 300 "$tmp/rss.err")"
[ "$(field "$tmp/rss.out" 'd["source"]["kind"]')" = rss ] || fail "feed.xml is not kind rss"
[ "$(field "$tmp/rss.out" '",".join(i["id"] for i in d["items"])')" = "two,one" ] || fail "feed.xml items: $(field "$tmp/rss.out" '[i["id"] for i in d["items"]]')"
run pages -- "$bin" dump "$base/feed.xml" --pages 2 --json
[ "$(field "$tmp/pages.out" '",".join(i["id"] for i in d["items"])')" = "two,one,zero" ] || fail "--pages 2 did not follow the next link: $(head -c 300 "$tmp/pages.err")"
run discovery -- "$bin" dump "$base/" --json
[ "$(field "$tmp/discovery.out" 'len(d["items"])')" = 2 ] || fail "the page's feed was not discovered: $(head -c 300 "$tmp/discovery.err")"
run tag -- "$bin" dump "$base/tags/cats" --json
[ "$(field "$tmp/tag.out" 'd["source"]["kind"]')" = mastodon-tag ] || fail "tags/cats is not a mastodon-tag: $(head -c 300 "$tmp/tag.err")"
[ "$(field "$tmp/tag.out" 'd["items"][0]["media"][0]["url"]')" = "http://127.0.0.1/cat.jpg" ] || fail "the tag's photo has no url"
run tagpages -- "$bin" dump "$base/tags/cats" --pages 2 --json
[ "$(field "$tmp/tagpages.out" '",".join(i["id"] for i in d["items"])')" = "7,3" ] || fail "the tag's Link next page was not followed: $(head -c 300 "$tmp/tagpages.err")"
# A used-up quota that refills in 2 s holds the next page back until then (the server's log shows
# the older page asked at least a second after the first); one refilling in an hour ends the read.
run slow -- "$bin" dump "$base/tags/slow" --pages 2 --json
[ "$(field "$tmp/slow.out" '",".join(i["id"] for i in d["items"])')" = "7,3" ] || fail "tags/slow: $(head -c 300 "$tmp/slow.err")"
python3 - "$tmp/server.log" <<'PY' || fail "the rate limit did not hold the older page back: $(grep slow "$tmp/server.log")"
import re, sys, datetime
times = [datetime.datetime.strptime(m.group(1), "%d/%b/%Y %H:%M:%S")
         for m in (re.search(r"\[(.*?)\] \"GET /api/v1/timelines/tag/slow", line) for line in open(sys.argv[1])) if m]
sys.exit(0 if len(times) == 2 and (times[1] - times[0]).total_seconds() >= 1 else 1)
PY
run closed -- "$bin" dump "$base/tags/closed" --pages 2
[ "$status" = 1 ] && grep -q "rate limited" "$tmp/closed.err" || fail "a quota refilling in an hour: status $status, $(cat "$tmp/closed.err")"
run closedone -- "$bin" dump "$base/tags/closed"
[ "$status" = 0 ] || fail "one page of a used-up quota must still be read: $(cat "$tmp/closedone.err")"
run locked -- "$bin" dump "$base/tags/locked"
[ "$status" = 1 ] && grep -q "login" "$tmp/locked.err" && [ "$(wc -l <"$tmp/locked.err")" = 1 ] \
  || fail "a locked tag: status $status, stderr: $(cat "$tmp/locked.err")"
run busy -- "$bin" dump "$base/busy.xml"
[ "$status" = 0 ] && grep -q "Second post" "$tmp/busy.out" || fail "a 429 with Retry-After 1 was not retried: $(cat "$tmp/busy.err")"
[ "$(grep -c 'GET /busy.xml' "$tmp/server.log")" = 2 ] || fail "busy.xml was not asked exactly twice: $(grep busy "$tmp/server.log")"
run bsky -- "$bin" dump "https://bsky.app/profile/a.test" --json
[ "$(field "$tmp/bsky.out" 'd["items"][0]["text"]')" = "hello from bluesky" ] || fail "the Bluesky profile was not read from the AppView: $(head -c 300 "$tmp/bsky.err")"
# Read before: the second request carries If-Modified-Since and the server answers 304.
run again -- "$bin" dump "$base/feed.xml"
[ "$status" = 0 ] || fail "dump feed.xml again: status $status"
grep -q '"GET /feed.xml HTTP/1.1" 304' "$tmp/server.log" || fail "no 304 for the conditional request: $(grep feed.xml "$tmp/server.log" | tail -2)"

kill "$server"; wait "$server" 2>/dev/null; server=
run offline -- "$bin" dump "$base/feed.xml"
[ "$status" = 0 ] || fail "offline dump: status $status"
grep -q offline "$tmp/offline.err" || fail "offline dump said nothing about being offline: $(cat "$tmp/offline.err")"
grep -q "Second post" "$tmp/offline.out" || fail "offline dump printed no cached items"
run never -- "$bin" dump "$base/never-read.xml"
[ "$status" = 1 ] || fail "a never-read URL offline: status $status (want 1)"
[ "$(wc -l <"$tmp/never.err")" = 1 ] || fail "a never-read URL offline: not one line: $(cat "$tmp/never.err")"

[ "$failures" = 0 ] || exit 1
echo "live-dump: passed"
