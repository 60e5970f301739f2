"""Connections under hostile clients: how many are open, and how long each may take
to say what it wants.

uvicorn reads a request as slowly as its client sends it: a connection that sends
half a header and waits is kept for ever (its keep-alive timer is reset by every
byte, uvicorn issue #157), and once the process runs out of file descriptors,
``accept()`` fails and asyncio logs a traceback for each try. So, as Go's
``ReadHeaderTimeout`` and ``netutil.LimitListener`` do:

- **Deadlines** (:class:`GuardedH11Protocol`, uvicorn's h11 protocol with a timer):
  the request line and headers must arrive within ``read_timeout`` seconds of the
  connection (or of the previous answer), and each piece of a body within
  ``read_timeout`` of the one before; a connection that misses its deadline is
  closed. The timer is disarmed while the server itself is not reading (the
  application has not taken the body so far) and while it answers; an answer the
  client stops reading must be taken up again within as long.
- **A cap on open connections** (:class:`DoorSocket`, the listening socket), below
  the process's file limit (``RLIMIT_NOFILE``), so ``accept()`` never runs out of
  descriptors: at the cap, the connection waiting longest for a request (a
  half-sent header, an idle keep-alive) is closed to let the new one in, else an
  upload silent for a second; when every connection is busy with a request, the
  new one is answered 503 by uvicorn's own ``limit_concurrency``. A real client
  (the page, a token holder) sends its headers within milliseconds, so a flood of
  half-open connections cannot keep it out.
- **A quiet log** (:class:`QuietRepeats`): a message repeated within a minute is
  held back and counted, and asyncio's messages lose their tracebacks.

Relies on uvicorn's h11 protocol class (``H11Protocol``: its ``conn``, ``flow``,
``transport`` and the two hooks it calls); pyproject pins the uvicorn versions it
is tested with.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "READ_TIMEOUT",
    "DoorSocket",
    "Doorman",
    "GuardedH11Protocol",
    "QuietRepeats",
    "connection_cap",
    "serve_forever",
]

READ_TIMEOUT = 10.0
"""Seconds a client has for a request's line and headers, and for each piece of its
body (``serve --read-timeout``)."""
MAX_CONNECTIONS = 1000
"""Open connections at most by default (a class of 30, six connections each, is 180)."""
RESERVED_FILES = 128
"""File descriptors kept for everything but connections (the listening socket, the
event loop, worker processes' pipes, files read)."""
IDLE_UPLOAD = 1.0
"""An upload silent this long may be dropped to let a new connection in at the cap."""
FIRST_BYTES = 0.25
"""A connection waiting for a request is not dropped to make room before this many
seconds: one accepted in the same turn as the newcomer may have its request in the
kernel's buffer, not yet read (a real client sends its headers within milliseconds)."""
_EVICTING_AT_ONCE = 32  # connections closed but not yet released, beyond the cap
_log = logging.getLogger("uvicorn.error")


def connection_cap(max_connections: int | None = None) -> int:
    """Open connections at most: ``max_connections`` (default :data:`MAX_CONNECTIONS`),
    and always below the file limit (``ulimit -n``) less :data:`RESERVED_FILES` and
    the connections that may be closing at once."""
    cap = MAX_CONNECTIONS if max_connections is None else max_connections
    try:
        import resource
    except ImportError:  # not on POSIX: no file limit to read
        return cap
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY:
        cap = min(cap, soft - RESERVED_FILES - _EVICTING_AT_ONCE)
    return max(cap, 1)


class Doorman:
    """The open connections of one server: which wait for a request (and may be
    closed to let another in), which upload, and the deadlines.

    ``cap``: connections open at most; ``read_timeout``: seconds for a request's
    headers and for each piece of its body."""

    def __init__(self, cap: int, read_timeout: float = READ_TIMEOUT) -> None:
        self.cap = cap
        self.read_timeout = read_timeout
        self.open: set[GuardedH11Protocol] = set()
        self.waiting: dict[GuardedH11Protocol, float] = {}  # since when, oldest first
        self.uploading: set[GuardedH11Protocol] = set()
        self.accepted: dict[int, float] = {}  # descriptors accepted, not yet connected: when
        self.closing = 0  # connections dropped, not yet released
        self.turned_away = 0
        self._told = -float("inf")

    def protocol(self) -> type[GuardedH11Protocol]:
        """uvicorn's HTTP protocol class for connections this doorman keeps."""
        return type("DoorProtocol", (GuardedH11Protocol,), {"doorman": self})

    def listening(self, sock: socket.socket) -> DoorSocket:
        """``sock`` (bound and listening) as a :class:`DoorSocket` of this doorman."""
        door = DoorSocket(sock.family, sock.type, sock.proto, fileno=sock.detach())
        door.doorman = self
        return door

    def count(self) -> int:
        """Descriptors held for connections (those being closed included)."""
        return len(self.open) + len(self.accepted)

    def connecting(self) -> bool:
        """Whether connections accepted are about to be connected (asyncio connects
        them on its next turn; one it never connected is forgotten after a second)."""
        now = time.monotonic()
        for fd, when in list(self.accepted.items()):
            if now - when > 1.0:
                del self.accepted[fd]
        return bool(self.accepted)

    def staying(self) -> int:
        """Connections open and not being closed."""
        return self.count() - self.closing

    def just_arrived(self) -> bool:
        """Whether a connection waits for a request for less than :data:`FIRST_BYTES`
        (it may be about to send one: better to wait a turn than to drop it)."""
        oldest = next(iter(self.waiting.values()), None)
        return oldest is not None and time.monotonic() - oldest < FIRST_BYTES

    def make_room(self) -> bool:
        """Close the connection that may best be closed (waiting longest for a request,
        if :data:`FIRST_BYTES` or more, else the upload silent longest, if a second or
        more); False if none may."""
        now = time.monotonic()
        victim = next(iter(self.waiting), None)
        if victim is not None and now - self.waiting[victim] < FIRST_BYTES:
            victim = None
        if victim is None:
            idle = [p for p in self.uploading if now - p.last_data >= IDLE_UPLOAD]
            victim = min(idle, key=lambda p: p.last_data, default=None)
        if victim is None:
            return False
        victim.drop()
        self.turned_away += 1
        return True

    def tell(self) -> None:
        """One line a minute at most on connections closed or refused at the cap."""
        now = time.monotonic()
        if self.turned_away and now - self._told >= 60:
            _log.warning(
                "%d connection(s) closed or refused: %d open at most (serve --max-connections)",
                self.turned_away,
                self.cap,
            )
            self.turned_away, self._told = 0, now


class DoorSocket(socket.socket):
    """A listening socket that accepts a connection only below its doorman's cap,
    making room first when it can (asyncio calls ``accept()`` on the socket it
    serves, as Go's LimitListener wraps a listener)."""

    doorman: Doorman

    def accept(self) -> tuple[socket.socket, Any]:
        doorman = self.doorman
        while doorman.staying() >= doorman.cap and doorman.make_room():
            pass
        if doorman.count() >= doorman.cap + _EVICTING_AT_ONCE or (
            doorman.staying() >= doorman.cap and (doorman.connecting() or doorman.just_arrived())
        ):
            # too many being closed, or those just accepted may make room once asyncio
            # has connected them and read their first bytes: it tries again on its next
            # turn
            raise BlockingIOError
        # below the cap, or every connection busy with a request (uvicorn answers 503)
        conn, address = super().accept()
        doorman.accepted[conn.fileno()] = time.monotonic()
        doorman.tell()
        return conn, address


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with read deadlines, known to a :class:`Doorman`."""

    doorman: ClassVar[Doorman]
    _deadline: asyncio.TimerHandle | None = None
    _write_deadline: asyncio.TimerHandle | None = None
    _dropped = False
    last_data = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        socket_ = transport.get_extra_info("socket")
        if socket_ is not None:
            self.doorman.accepted.pop(socket_.fileno(), None)
        self.doorman.open.add(self)
        self.last_data = time.monotonic()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._no_write_deadline()
        doorman = self.doorman
        doorman.open.discard(self)
        doorman.waiting.pop(self, None)
        doorman.uploading.discard(self)
        if self._dropped:
            doorman.closing -= 1
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.last_data = time.monotonic()
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def pause_writing(self) -> None:
        """The client has stopped reading the answer: it has ``read_timeout`` seconds
        to take the next piece (an answer held for a client that never reads is
        memory held for good)."""
        super().pause_writing()
        if self._write_deadline is None:
            self._write_deadline = self.loop.call_later(self.doorman.read_timeout, self.drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._no_write_deadline()

    def _no_write_deadline(self) -> None:
        if self._write_deadline is not None:
            self._write_deadline.cancel()
            self._write_deadline = None

    def drop(self) -> None:
        """Close at once (a missed deadline, or room needed at the cap)."""
        if self._dropped:
            return
        self._dropped = True
        self.doorman.closing += 1
        self._disarm()
        self._no_write_deadline()
        self.doorman.waiting.pop(self, None)
        self.doorman.uploading.discard(self)
        self.transport.abort()

    def _watch(self) -> None:
        """Set the deadline for what the client owes now: a request's line and headers
        (a deadline that new bytes do not move), the next piece of a body (one that
        they do), or nothing while the server answers."""
        doorman = self.doorman
        if self.transport.is_closing():
            self._disarm()
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            doorman.waiting.setdefault(self, time.monotonic())
            if self._deadline is None:
                self._arm(doorman.read_timeout)
            return
        doorman.waiting.pop(self, None)
        if state is h11.SEND_BODY:
            doorman.uploading.add(self)
            self._disarm()
            self._arm(doorman.read_timeout)
        else:
            doorman.uploading.discard(self)
            self._disarm()

    def _arm(self, seconds: float) -> None:
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.SEND_BODY and self.flow.read_paused:
            self._arm(self.doorman.read_timeout)  # the server is not reading: not late
            return
        self.drop()


class QuietRepeats(logging.Filter):
    """Lets a message through at most once a ``period`` per logger; the next one
    after a quiet period says how many were held back. ``tracebacks=False``: records
    lose their tracebacks and all but their first line (asyncio's)."""

    def __init__(self, period: float = 60.0, *, tracebacks: bool = True) -> None:
        super().__init__()
        self.period = period
        self.tracebacks = tracebacks
        self.seen: dict[tuple[str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        first = str(record.msg).split("\n", 1)[0]
        key = (record.name, first)
        now = time.monotonic()
        last, held = self.seen.get(key, (-float("inf"), 0))
        if now - last < self.period:
            self.seen[key] = (last, held + 1)
            return False
        if len(self.seen) > 1000:  # messages are templates: a handful in practice
            self.seen.clear()
        self.seen[key] = (now, 0)
        if not self.tracebacks:
            error = record.exc_info[1] if record.exc_info else None
            record.msg = first if error is None else f"{first}: {error}"
            record.args, record.exc_info, record.exc_text = None, None, None
        if held:
            record.msg = f"{record.getMessage()} ({held} more like it held back)"
            record.args = None
        return True


def serve_forever(
    app: Any,
    listening: socket.socket,
    *,
    max_connections: int | None = None,
    read_timeout: float = READ_TIMEOUT,
) -> None:
    """Serve ``app`` with uvicorn on ``listening`` (bound and listening) until
    interrupted, with the deadlines, the connection cap and the quiet log above."""
    import uvicorn

    doorman = Doorman(connection_cap(max_connections), read_timeout)
    # the h11 protocol with deadlines, and asyncio's own loop: uvloop (picked when
    # installed) accepts in C and would not ask the listening socket
    config = uvicorn.Config(
        app,
        http=doorman.protocol(),
        loop="asyncio",
        log_level="warning",
        limit_concurrency=doorman.cap + 1,  # over the cap only when no one could make room
    )
    logging.getLogger("asyncio").addFilter(QuietRepeats(tracebacks=False))
    logging.getLogger("uvicorn.error").addFilter(QuietRepeats())
    uvicorn.Server(config).run(sockets=[doorman.listening(listening)])
