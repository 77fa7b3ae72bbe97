#!/usr/bin/env python3
"""Serve a built site (``dist/`` by default) on 127.0.0.1 for play and tests.

Correct MIME types for Pyodide and PyScript (``.mjs``/``.js`` JavaScript, ``.wasm``
``application/wasm``, ``.json``), ``Cache-Control: no-cache`` so the browser always revalidates
(tests see fresh files; the service worker does the offline caching). One connection per request
(HTTP/1.0), so stopping the server really cuts the page off.

Usage: ``python3 tools/serve.py [--port N] [--dir DIST] [--prefix /railtable/]`` (``$PORT`` overrides
the default 8000; ``--port 0`` takes a free port; ``--prefix`` serves the site under a subpath, as
GitHub Pages serves a project site, and answers 404 outside it). Tests and benchmarks use
:class:`SiteServer`.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "application/javascript; charset=utf-8",
    ".mjs": "application/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
    "": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the right types and no HTTP caching."""

    extensions_map = MIME_TYPES
    protocol_version = "HTTP/1.0"
    quiet = True
    sent: list[tuple[str, int, int]] | None = None
    """When a list: (path, status, body bytes) of every answer, for tests and benchmarks."""
    prefix = "/"
    """The site's path on the server ("/railtable/": a project site on GitHub Pages)."""

    def translate_path(self, path: str) -> str:
        if self.prefix != "/":
            if path == self.prefix.rstrip("/"):
                path = self.prefix  # /railtable -> /railtable/ (index.html)
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / ".outside-the-site" / "none")  # a 404
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]  (stdlib signature)
        try:
            if self.sent is None:
                super().copyfile(source, outputfile)
                return
            data = source.read()
            outputfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            # the browser stopped reading (a reload or a closed page aborts its downloads): no
            # traceback in the test log, nothing to answer
            self.close_connection = True
            return
        self.sent.append((self.path.split("?")[0], getattr(self, "_status", 200), len(data)))

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)

    def log_error(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet or (args and args[0] != HTTPStatus.NOT_FOUND):
            super().log_message(format, *args)


def make_handler(
    directory: Path, quiet: bool = True, sent: list[tuple[str, int, int]] | None = None, prefix: str = "/"
) -> functools.partial[SiteHandler]:
    """A request handler class serving ``directory`` under ``prefix`` (recording what it sends in ``sent``)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler_class = type("Handler", (SiteHandler,), {"quiet": quiet, "sent": sent, "prefix": prefix})
    return functools.partial(handler_class, directory=str(directory))


class SiteHTTPServer(ThreadingHTTPServer):
    """A threading server with a deeper accept queue (a page opens many connections at once)."""

    request_queue_size = 128
    daemon_threads = True


class SiteServer:
    """A stoppable, restartable static server in a background thread.

    ``start()`` binds ``port`` (0 picks a free one; a restart keeps the same port so the origin,
    and with it the service worker and storage, stays the same); ``stop()`` closes the socket.
    ``sent`` lists (path, status, body bytes) of every file sent (``sent.clear()`` to restart).
    ``prefix`` serves the site under a subpath ("/railtable/"): ``url`` then ends with it.
    """

    def __init__(self, directory: Path, port: int = 0, host: str = HOST, quiet: bool = True,
                 prefix: str = "/") -> None:
        self.directory = Path(directory)
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.host = host
        self.port = port
        self.quiet = quiet
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.sent: list[tuple[str, int, int]] = []

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{self.prefix}"

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> SiteServer:
        if self._server is not None:
            return self
        server = SiteHTTPServer((self.host, self.port), make_handler(self.directory, self.quiet, self.sent, self.prefix))
        self.port = server.server_address[1]
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name=f"serve:{self.port}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")),
                        help="port (default: $PORT or 8000; 0 = any free port)")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="folder to serve (default: dist/)")
    parser.add_argument("--prefix", default="/", help="serve the site under this path (default: /)")
    parser.add_argument("--log", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve: {args.dir} has no index.html; build first: python3 tools/build.py", file=sys.stderr)
        return 1
    try:
        server = SiteHTTPServer((HOST, args.port), make_handler(args.dir, quiet=not args.log, prefix=args.prefix))
    except OSError as err:
        print(f"serve: cannot listen on {HOST}:{args.port}: {err} (set PORT to another port)", file=sys.stderr)
        return 1
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    print(f"Railtable is served at http://{HOST}:{server.server_address[1]}{prefix} (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
