#!/usr/bin/env python3
"""A Mastodon-shaped server on 127.0.0.1 for the window's live-feed tests and `plumage bench net`.

Serves generated, deterministic posts (no network beyond loopback, no external data):
  /api/v2/instance                              a Mastodon instance document
  /api/v1/timelines/tag/TAG?limit=N[&max_id=ID]   a page of TAG's posts, newest first, with a
                                                  Link rel="next" header while older posts remain
  /api/v1/accounts/lookup?acct=NAME             an account (id = NAME)
  /api/v1/accounts/NAME/statuses?...            a page of NAME's posts
  /media/K.jpg, /avatars/K.jpg                  JPEG bytes (the demo photos and avatars, by K)
  /control/add?tag=TAG&n=N                      N newer posts appear in TAG (for F5)
Post n has a content warning when n % 7 == 3, sensitive media when n % 5 == 2 and a link card when
n % 6 == 1. Every answer carries an ETag; a matching If-None-Match gets 304. Each request is logged, one line
("GET /path?query status"), to --log when given.

Usage: live-fixture-server.py --root REPO [--port P] [--posts N] [--delay-ms D] [--log FILE]
Prints the port on its first line of stdout once listening.
"""
import argparse, hashlib, http.server, json, os, socketserver, sys, threading, time
from urllib.parse import urlsplit, parse_qs

parser = argparse.ArgumentParser()
parser.add_argument("--root", required=True)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--posts", type=int, default=100, help="posts per tag and account")
parser.add_argument("--delay-ms", type=int, default=0, help="wait before each media answer")
parser.add_argument("--log")
args = parser.parse_args()

photos_dir = os.path.join(args.root, "Assets/demo/photos")
avatars_dir = os.path.join(args.root, "Assets/demo/avatars")
photos = sorted(f for f in os.listdir(photos_dir) if f.endswith(".jpg") and "full" not in f and "panorama" not in f)
avatars = sorted(f for f in os.listdir(avatars_dir) if f.endswith((".jpg", ".png")))
extra = {}  # tag -> number of newer posts added
lock = threading.Lock()
log_lock = threading.Lock()
BASE_TIME = 1714000000  # 2024-04-24T23:06:40Z

def status(host, tag, n, newer=False):
    """Post n of tag (higher n = newer); ids sort by n."""
    author = ["ada", "bob", "cyd", "dee"][n % 4]
    ident = (2_000_000 if newer else 1_000_000) + n
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(BASE_TIME + (86400 if newer else 0) + n * 60))
    other = [t for t in ["cats", "dogs", "birds", "fish"] if t != tag][n % 3]
    content = (f'<p>Post {n} about <a href="http://{host}/tags/{tag}" class="mention hashtag" rel="tag">#<span>{tag}</span></a>'
               f' and <a href="http://{host}/tags/{other}" class="mention hashtag" rel="tag">#<span>{other}</span></a>'
               f' with <span class="h-card"><a href="http://{host}/@{author}" class="u-url mention">@<span>{author}</span></a></span></p>')
    media = [{"id": f"m{ident}", "type": "image", "url": f"http://{host}/media/{n}.jpg",
              "preview_url": f"http://{host}/media/{n}.jpg", "description": f"Photo {n}",
              "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
              "meta": {"original": {"width": 1200, "height": 800}}}]
    # Some posts carry what live posts may: a content warning, sensitive media, a link card.
    card = None
    if n % 6 == 1:
        card = {"url": f"https://example.com/story/{n}", "title": f"A story about {tag}, number {n}",
                "provider_name": "Example News", "description": "", "type": "link"}
    return {"id": str(ident), "created_at": created, "sensitive": n % 5 == 2,
            "spoiler_text": "Spoilers about cat food" if n % 7 == 3 else "", "card": card,
            "url": f"http://{host}/@{author}/{ident}", "content": content,
            "account": {"id": author, "username": author, "acct": author, "display_name": author.title(),
                        "url": f"http://{host}/@{author}", "avatar": f"http://{host}/avatars/{n % 8}.jpg"},
            "media_attachments": media, "mentions": [], "tags": [{"name": tag}, {"name": other}]}

def posts(host, tag):
    with lock:
        added = extra.get(tag, 0)
    newer = [status(host, tag, n, newer=True) for n in range(added, 0, -1)]
    return newer + [status(host, tag, n) for n in range(args.posts, 0, -1)]

def page(host, path, query, items):
    limit = min(40, int(query.get("limit", ["20"])[0]))
    if "max_id" in query:
        max_id = int(query["max_id"][0])
        items = [s for s in items if int(s["id"]) < max_id]
    chunk = items[:limit]
    headers = []
    if len(items) > limit and chunk:
        headers.append(("Link", f'<http://{host}{path}?limit={limit}&max_id={chunk[-1]["id"]}>; rel="next"'))
    return json.dumps(chunk).encode(), headers

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a):
        pass
    def answer(self, status, body, headers=(), content_type="application/json"):
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if status == 200 and self.headers.get("If-None-Match") == etag:
            status, body = 304, b""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("ETag", etag)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        if args.log:
            with log_lock, open(args.log, "a") as f:
                f.write(f"GET {self.path} {status}\n")
    def do_GET(self):
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        host = self.headers.get("Host", f"127.0.0.1:{args.port}")
        if path == "/api/v2/instance":
            return self.answer(200, json.dumps({"domain": "127.0.0.1", "title": "Fixture", "version": "4.3.0"}).encode())
        if path.startswith("/api/v1/timelines/tag/"):
            tag = path.rsplit("/", 1)[1]
            body, headers = page(host, path, query, posts(host, tag))
            return self.answer(200, body, headers)
        if path == "/api/v1/accounts/lookup":
            name = query.get("acct", [""])[0].split("@")[0]
            return self.answer(200, json.dumps({"id": name, "username": name, "acct": name, "display_name": name.title(),
                                                "url": f"http://{host}/@{name}"}).encode())
        if path.startswith("/api/v1/accounts/") and path.endswith("/statuses"):
            name = path.split("/")[4]
            items = [s for s in posts(host, "cats") if s["account"]["id"] == name]
            body, headers = page(host, path, query, items)
            return self.answer(200, body, headers)
        if path.startswith("/media/") or path.startswith("/avatars/"):
            if args.delay_ms:
                time.sleep(args.delay_ms / 1000)
            k = int(path.rsplit("/", 1)[1].split(".")[0])
            folder, names = (photos_dir, photos) if path.startswith("/media/") else (avatars_dir, avatars)
            with open(os.path.join(folder, names[k % len(names)]), "rb") as f:
                return self.answer(200, f.read(), content_type="image/jpeg")
        if path == "/control/add":
            tag, n = query.get("tag", ["cats"])[0], int(query.get("n", ["1"])[0])
            with lock:
                extra[tag] = extra.get(tag, 0) + n
            return self.answer(200, b"{}")
        return self.answer(404, b'{"error": "Record not found"}')
    do_HEAD = do_GET

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

server = Server(("127.0.0.1", args.port), Handler)
args.port = server.server_address[1]
print(args.port, flush=True)
server.serve_forever()
