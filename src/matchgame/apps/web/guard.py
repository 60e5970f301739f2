"""Who may use the server: its own names, its own page, and the launch token.

A server on ``127.0.0.1`` is reachable by every web page the user opens: a page
of another site can send it requests (a "simple" cross-site POST needs no
permission), and by DNS rebinding (its own name made to point at 127.0.0.1) it
can read the answers too. So, like Jupyter and Vite:

- **Host**: a request is answered only if its ``Host`` header names this server
  (the loopback names, the bound address, the names given with ``--allow-host``);
  a rebound name is refused before anything is read.
- **Computing requests** (every POST) come from the server's own page: an
  ``Origin`` or ``Sec-Fetch-Site`` header, when the browser sends one, must say
  so, and the request must carry ``X-Matchgame-Client`` (or a JSON content
  type): a page of another site cannot send either without a CORS preflight,
  which this server never grants.
- **Token**: a server bound to anything but loopback needs a per-launch token,
  given once in the URL it prints (``/?token=...``); the page then holds it in a
  cookie, scripts send ``Authorization: token ...``.

Refusals are answered at once with a one-line JSON ``{"error": ...}``: 403 for a
foreign host or origin, 401 without the token.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import secrets
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["CLIENT_HEADER", "Guard", "is_loopback", "local_names", "new_token"]

CLIENT_HEADER = "x-matchgame-client"
"""The header the page (and any script) sends with computing requests."""

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_SAFE_METHODS = ("GET", "HEAD")


def is_loopback(host: str) -> bool:
    """Whether binding to ``host`` keeps the server on this machine."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # another host name: it may resolve to anything


def new_token() -> str:
    """A fresh launch token (192 random bits)."""
    return secrets.token_urlsafe(24)


def local_names(bound: str) -> set[str]:
    """Names a client on the network may use for this machine when it listens on
    ``bound``: the bound address, the host name, and the addresses it resolves to
    (or, for a wildcard bind, the address of the default route)."""
    names = {bound.strip("[]").lower()}
    hostname = socket.gethostname()
    names |= {hostname.lower(), socket.getfqdn().lower()}
    with contextlib.suppress(OSError):
        names |= {str(info[4][0]) for info in socket.getaddrinfo(hostname, None)}
    if bound in ("0.0.0.0", "::", ""):
        try:  # the address this machine uses to reach others (no packet is sent)
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed for real
                names.add(probe.getsockname()[0])
        except OSError:
            pass
    return {name.lower() for name in names if name}


def host_name(header: str) -> str:
    """The host of a ``Host`` header, lower case, without its port and brackets."""
    header = header.strip().lower()
    if header.startswith("["):  # [::1]:8000
        return header[1 : header.find("]")] if "]" in header else header
    if header.count(":") == 1:
        return header.split(":", 1)[0]
    return header


class Guard:
    """ASGI middleware refusing requests not meant for this server (see the module
    docstring). ``hosts``: the names that may appear in ``Host`` (``"*"``: any);
    ``token``: required when not None."""

    def __init__(self, app: ASGIApp, *, hosts: Iterable[str], token: str | None = None) -> None:
        self.app = app
        allowed = {host_name(name) for name in hosts}
        self.any_host = "*" in allowed
        self.hosts = frozenset(allowed | set(LOOPBACK_NAMES))
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        problem = self._refusal(scope, headers)
        if problem is not None:
            status, message, extra = problem
            await _answer(send, status, {"error": message}, extra)
            return
        if self.token is not None:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            if scope["method"] in _SAFE_METHODS and "token" in query:
                # the printed link: keep the token in a cookie, drop it from the address
                del query["token"]
                location = _own_path(scope) + (f"?{urlencode(query)}" if query else "")
                cookie = (
                    f"{self.cookie_name(scope)}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                )
                await _answer(
                    send,
                    303,
                    None,
                    [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode())],
                )
                return
        await self.app(scope, receive, send)

    def cookie_name(self, scope: Scope) -> str:
        # cookies do not tell ports apart: one name per server
        server = scope.get("server") or ("", 0)
        return f"matchgame-token-{server[1]}"

    def _refusal(
        self, scope: Scope, headers: Headers
    ) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        host_header = headers.get("host", "")
        host = host_name(host_header)
        if not self.any_host and host not in self.hosts:
            return (
                403,
                f"this server does not answer to the host name {host!r} "
                "(matchgame serve --allow-host NAME adds one)",
                [],
            )
        if self.token is not None and not self._has_token(scope, headers):
            return (
                401,
                "this server needs its launch token: open the address matchgame serve "
                "printed (with ?token=...), or send 'Authorization: token ...'",
                [],
            )
        if scope["method"] in _SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"http://{host_header.lower()}":
            return 403, f"cross-origin request from {origin[:80]!r} refused", []
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return 403, f"request from another site refused (Sec-Fetch-Site: {site[:20]})", []
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if CLIENT_HEADER not in headers and content_type != "application/json":
            return (
                403,
                "computing requests need the header 'X-Matchgame-Client: NAME' (or a JSON "
                "content type): pages of other sites cannot send it",
                [],
            )
        return None

    def _has_token(self, scope: Scope, headers: Headers) -> bool:
        assert self.token is not None
        presented: list[str] = []
        authorization = headers.get("authorization", "")
        if authorization.lower().startswith("token "):
            presented.append(authorization[6:].strip())
        name = self.cookie_name(scope)
        for header in headers.getlist("cookie"):
            # cookie by cookie, as browsers read them: another cookie holding a space,
            # JSON or non-ASCII text does not hide the token (http.cookies gave up on
            # the whole header), and every cookie of this name is tried
            for piece in header.split(";"):
                value = cookie_parser(piece).get(name)
                if value is not None:
                    presented.append(value)
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        if "token" in query:
            presented.append(query["token"])
        # as bytes: compare_digest refuses a str holding anything but ASCII (a TypeError
        # and 500 for ``?token=%C3%A9``), and what a client presents may hold anything
        expected = self.token.encode()
        return any(
            secrets.compare_digest(value.encode("utf-8", "surrogateescape"), expected)
            for value in presented
        )


def _own_path(scope: Scope) -> str:
    """The request's path as sent, as a path on this server: ``//evil.example/`` (or
    ``/\\evil.example``, which browsers read alike) would send a redirect to another
    site, so leading slashes are collapsed into one."""
    raw: bytes = scope.get("raw_path") or scope.get("path", "/").encode()
    return "/" + raw.decode("latin-1").lstrip("/\\")


async def _answer(
    send: Send, status: int, document: Any, headers: list[tuple[bytes, bytes]]
) -> None:
    body = b"" if document is None else json.dumps(document).encode() + b"\n"
    head = [(b"content-length", str(len(body)).encode()), *headers]
    if document is not None:
        head.append((b"content-type", b"application/json"))
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})
