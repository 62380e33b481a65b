#!/usr/bin/env python3
"""The local HTTP(S) server of NetworkTests: fixed answers and scripted hostile behaviours.

Listens on 127.0.0.1 only, on a port the system picks, and prints that port on its first line of
stdout. Exits when its stdin reaches end of file (the test closed it, or the test process died), so
no server outlives its test.

Usage: fixture_server.py [--cert CERT.pem --key KEY.pem]   (HTTPS with that certificate)

Routes (GET):
  /plain                  200, a short text, ETag, Last-Modified, two Link fields, a repeated field
  /echo-headers           200, the request's headers as a JSON object (lowercase names, values joined by "\\n")
  /redirect/N             302 to /redirect/N-1; /redirect/0 answers 200 "arrived"
  /loop                   302 to itself
  /to-file, /to-ftp       302 to file:///etc/passwd, ftp://127.0.0.1:9/x
  /conditional            304 when If-None-Match is "v1" or If-Modified-Since is the fixed date, else 200;
                          both answers echo the validators seen in X-Seen-If-None-Match / -Modified-Since
  /gzip                   a gzip-encoded text (Content-Encoding: gzip)
  /gzip-bomb              1 GiB of zeros gzip-encoded into about 1 MiB
  /endless                a body without length that never ends
  /stall                  headers announcing 100 bytes, then nothing for 30 s
  /drip                   headers announcing 10000 bytes, then one byte every 0.1 s
  /busy?key=K&status=S&after=A&times=N
                          the first N (default 1) requests of key K answer S with Retry-After A; later ones 200
  /status/N               answers status N with a short body
  /huge-headers           200 with 400 header fields of 1 KiB each
  /connections            200, how many connections the server has accepted so far (this one's included),
                          as decimal text: what the connection-reuse tests count with
  /tls-resumed            200, how many of those resumed an earlier TLS session (abbreviated handshake)
"""
import http.server
import json
import os
import ssl
import struct
import sys
import threading
import time
import zlib
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Sun, 06 Nov 1994 08:49:37 GMT"
PLAIN_BODY = b"hello, plumage\n"
GZIP_TEXT = ("The quick brown fox jumps over the lazy dog. " * 200).encode()

busy_counts = {}
busy_lock = threading.Lock()
bomb = None
accepted = 0
resumed = 0
accepted_lock = threading.Lock()
bomb_lock = threading.Lock()


PNG_START = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])


def gzip_bomb():
    """1 GiB of zeros as one valid gzip member: after a full flush every 1 MiB block of zeros
    compresses to the same bytes, so the block is repeated instead of compressing 1 GiB."""
    global bomb
    with bomb_lock:
        if bomb is None:
            chunk = bytes(1 << 20)
            count = 1024
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            first = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
            repeated = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
            crc = 0
            for _ in range(count):
                crc = zlib.crc32(chunk, crc)
            header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
            trailer = struct.pack("<II", crc, (count << 20) & 0xFFFFFFFF)
            bomb = header + first + repeated * (count - 1) + compressor.flush() + trailer
        return bomb


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: with Nagle's algorithm the body of an answer on a
    # kept connection waits for the client's delayed ACK of the headers (40 ms on Linux).
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        try:
            self.route(path, query)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    def route(self, path, query):
        if path == "/plain":
            self.answer(200, PLAIN_BODY, [
                ("Content-Type", "text/plain; charset=utf-8"),
                ("ETag", '"v1"'),
                ("Last-Modified", LAST_MODIFIED),
                ("Link", '<https://social.example/api/v1/timelines/tag/cats?max_id=7>; rel="next"'),
                ("Link", '</api/v1/timelines/tag/cats?min_id=9>; rel="prev"'),
                ("X-Repeated", "one"),
                ("X-Repeated", "two"),
            ])
        elif path == "/image":
            # The first bytes of a PNG file (its signature and an IHDR header): what an image starts with.
            self.answer(200, PNG_START, [("Content-Type", "image/png")])
        elif path == "/echo-headers":
            seen = {}
            for name, value in self.headers.items():
                key = name.lower()
                seen[key] = seen[key] + "\n" + value if key in seen else value
            self.answer(200, json.dumps(seen, sort_keys=True).encode(), [("Content-Type", "application/json")])
        elif path.startswith("/redirect/"):
            remaining = int(path.rsplit("/", 1)[1])
            if remaining > 0:
                self.answer(302, b"", [("Location", "/redirect/%d" % (remaining - 1))])
            else:
                self.answer(200, b"arrived")
        elif path == "/loop":
            self.answer(302, b"", [("Location", "/loop")])
        elif path == "/to-file":
            self.answer(302, b"", [("Location", "file:///etc/passwd")])
        elif path == "/to-ftp":
            self.answer(302, b"", [("Location", "ftp://127.0.0.1:9/x")])
        elif path == "/conditional":
            etag = self.headers.get("If-None-Match")
            since = self.headers.get("If-Modified-Since")
            echo = [("X-Seen-If-None-Match", etag or "-"), ("X-Seen-If-Modified-Since", since or "-"),
                    ("ETag", '"v1"'), ("Last-Modified", LAST_MODIFIED)]
            if etag == '"v1"' or since == LAST_MODIFIED:
                self.send_response(304)
                for name, value in echo:
                    self.send_header(name, value)
                self.end_headers()
            else:
                self.answer(200, b"fresh copy", echo)
        elif path == "/gzip":
            self.answer(200, gzip_member(GZIP_TEXT),
                        [("Content-Encoding", "gzip"), ("Content-Type", "text/plain")])
        elif path == "/gzip-bomb":
            self.answer(200, gzip_bomb(), [("Content-Encoding", "gzip"), ("Content-Type", "application/json")])
        elif path == "/endless":
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            block = b"x" * 65536
            while True:
                self.wfile.write(block)
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            self.wfile.flush()
            time.sleep(30)
            self.close_connection = True
        elif path == "/drip":
            self.send_response(200)
            self.send_header("Content-Length", "10000")
            self.end_headers()
            for _ in range(10000):
                self.wfile.write(b".")
                self.wfile.flush()
                time.sleep(0.1)
        elif path == "/busy":
            key = query.get("key", [""])[0]
            times = int(query.get("times", ["1"])[0])
            with busy_lock:
                busy_counts[key] = busy_counts.get(key, 0) + 1
                count = busy_counts[key]
            if count <= times:
                status = int(query.get("status", ["429"])[0])
                self.answer(status, b"busy", [("Retry-After", query.get("after", ["1"])[0])])
            else:
                self.answer(200, ("served after %d refusals" % times).encode())
        elif path == "/huge-headers":
            self.answer(200, b"ok", [("X-Filler-%d" % n, "f" * 1024) for n in range(400)])
        elif path == "/connections":
            with accepted_lock:
                count = accepted
            self.answer(200, str(count).encode(), [("Content-Type", "text/plain")])
        elif path == "/tls-resumed":
            with accepted_lock:
                count = resumed
            self.answer(200, str(count).encode(), [("Content-Type", "text/plain")])
        elif path.startswith("/status/"):
            self.answer(int(path.rsplit("/", 1)[1]), b"status body")
        else:
            self.answer(404, b"no such fixture")


def gzip_member(data):
    """`data` as one gzip member (what Content-Encoding: gzip carries)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def process_request(self, request, client_address):
        """Counts each accepted connection (after the TLS handshake, when there is one) before serving it."""
        global accepted, resumed
        with accepted_lock:
            accepted += 1
            if getattr(request, "session_reused", False):
                resumed += 1
        super().process_request(request, client_address)

    def handle_error(self, request, client_address):
        pass  # a client that hangs up or refuses our certificate is part of the tests


def main():
    arguments = sys.argv[1:]
    server = Server(("127.0.0.1", 0), Handler)
    if arguments:
        if len(arguments) != 4 or arguments[0] != "--cert" or arguments[2] != "--key":
            sys.exit("usage: fixture_server.py [--cert CERT.pem --key KEY.pem]")
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments[1], arguments[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the test closes our stdin
    os._exit(0)


if __name__ == "__main__":
    main()
