"""Serves the built page (web/dist) on this machine only, compressed.

    python3 web/serve.py                 # http://127.0.0.1:8000/
    python3 web/serve.py --port 8080 --dist web/dist

It listens on 127.0.0.1 alone (not on every interface), sends each file with its type
(`application/wasm` for the WebAssembly, which browsers compile while it downloads) and,
when the browser accepts it, gzipped (the wasm is about a fifth of its size); files are
compressed once and kept until they change. The standard library only. The browser test
(web/browser.py) serves the page with this same handler.
"""

import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading

COMPRESSED = {".html", ".js", ".css", ".wasm", ".json", ".svg", ".webmanifest", ".mgn", ".txt"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
        ".mgn": "text/plain",
    }
    _gzipped = {}
    _lock = threading.Lock()

    def log_message(self, *args):
        pass

    def end_headers(self):
        # Revalidated on each load (the service worker keeps the offline copy).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def gzipped(self, path):
        """The gzipped bytes of `path`, made once per version of the file."""
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self._lock:
            body = self._gzipped.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), 9, mtime=0)
            with self._lock:
                self._gzipped[key] = body
        return body

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's slash
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or os.path.splitext(path)[1] not in COMPRESSED or not os.path.isfile(path):
            return super().send_head()
        body = self.gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def server(dist, port=0, handler=Handler):
    """A threading HTTP server of `dist` on 127.0.0.1 (port 0: a free one)."""
    h = functools.partial(handler, directory=os.path.abspath(dist))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), h)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dist", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "dist"))
    p.add_argument("--port", type=int, default=8000)
    args = p.parse_args()
    if not os.path.isfile(os.path.join(args.dist, "index.html")):
        sys.exit(f"{args.dist}: no index.html; build the page first (web/build.sh)")
    s = server(args.dist, args.port)
    print(f"serving {args.dist} at http://127.0.0.1:{s.server_address[1]}/ (Ctrl-C stops)")
    try:
        s.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
