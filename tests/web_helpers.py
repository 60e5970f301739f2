"""A real uvicorn server on a free loopback port, for API and browser tests."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any
from unittest import mock


@contextlib.contextmanager
def live_server(app: Any) -> Iterator[str]:
    """Serve ``app`` in a thread; yields its base URL, stops it on exit."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


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
