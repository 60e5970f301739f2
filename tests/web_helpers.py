"""A real uvicorn server on a free loopback port, for API and browser tests."""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from unittest import mock
from urllib.parse import urlsplit

# the common test's server in a thread, for the tests too
from matchgame.testing.faces import live_server as live_server


def post(
    url: str, body: bytes, headers: dict[str, str] | None = None, timeout: float = 30
) -> tuple[int, bytes]:
    """POST ``body`` as a script would (with the client header the server asks for);
    returns the status and the answer's body."""
    sent = {"X-Matchgame-Client": "tests"} if headers is None else headers
    request = urllib.request.Request(url, data=body, method="POST", headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


# a path alice - bob - carol, as a GraphML file
FRIENDS_GRAPHML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="undirected">'
    '<node id="alice"/><node id="bob"/><node id="carol"/>'
    '<edge source="alice" target="bob"/><edge source="bob" target="carol"/>'
    "</graph></graphml>\n"
)


def served_app(*arguments: str) -> Any:
    """The app ``matchgame serve ARGUMENTS --port 0`` builds, taken where uvicorn would
    start serving it (the command must succeed)."""
    import uvicorn

    from matchgame.apps import cli

    built = {}

    def take(server: Any, sockets: Any = None) -> None:
        built["app"] = server.config.app

    with mock.patch.object(uvicorn.Server, "run", take):
        assert cli.main(["serve", *arguments, "--port", "0"]) == 0
    return built["app"]


@dataclass
class Served:
    """A ``matchgame serve`` process: its base URL, its process, and what it has
    written to standard error since its first line (read by a thread)."""

    url: str
    process: subprocess.Popen
    log: list[str] = field(default_factory=list)

    def rss(self) -> int:
        """The server's resident memory now, in bytes (Linux)."""
        return self._status_kib("VmRSS") * 1024

    def peak_rss(self) -> int:
        """The server's largest resident memory so far, in bytes (Linux)."""
        return self._status_kib("VmHWM") * 1024

    def _status_kib(self, name: str) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(f"{name}:"):
                    return int(line.split()[1])
        raise RuntimeError(f"no {name}")


def send_post(
    url: str, path: str, body: bytes = b"", *, length: int | None = None, timeout: float = 10
) -> socket.socket:
    """A POST of ``body`` to ``path`` on a connection of its own, declaring ``length``
    bytes (default: the body's), as a script would send it; the socket is left open
    for the caller to send more, read, or abandon (a refusal that closes it while
    the body is sent is not an error)."""
    parts = urlsplit(url)
    client = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
    declared = len(body) if length is None else length
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nX-Matchgame-Client: t\r\n"
        f"Content-Length: {declared}\r\n\r\n"
    ).encode()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        client.sendall(head + body)
    return client


def silent_uploads(url: str, count: int, size: int, length: int) -> list[socket.socket]:
    """``count`` uploads at once, each declaring ``length`` bytes, sending ``size`` and
    falling silent; their sockets, open."""
    clients: list[socket.socket] = []

    def upload() -> None:
        clients.append(send_post(url, "/api/placements", b"." * size, length=length, timeout=60))

    senders = [threading.Thread(target=upload) for _ in range(count)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()
    return clients


@contextlib.contextmanager
def served(*arguments: str, open_files: int | None = None) -> Iterator[Served]:
    """``matchgame serve --port 0 ARGUMENTS`` in a process of its own (under
    ``ulimit -n open_files`` when given), once it answers; stopped on exit."""

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    process = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "serve", "--port", "0", *arguments],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=None if open_files is None else limit,
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        found = re.search(r"(http://\S+?)/", line)
        if not found:
            raise RuntimeError(f"matchgame serve said: {line!r}")
        server = Served(found.group(1), process)
        threading.Thread(target=lambda: server.log.extend(process.stderr), daemon=True).start()
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{server.url}/api/start", timeout=5).read()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.05)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
