"""Heavy work, bounded: a few analyses at once, a short queue, a time limit, and
work that stops when its client goes away.

Every computing request runs on a worker thread (the kernels release the GIL, so
the server keeps answering). Requests with a small body take the *light* lane,
the rest the *heavy* one; each lane runs at most ``slots`` requests at once and
lets at most ``queue`` more wait, and refuses the next with 503 at once rather
than letting it hang. While a request runs, a watcher raises its
:class:`~matchgame._kernels._stop.StopFlag` when the client disconnects or the
time limit passes; the kernels poll that flag and return early, the Python code
around them raises :class:`~matchgame._kernels._stop.Stopped`, and the lane's
slot is given back only once the work has really stopped.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..._kernels._stop import StopFlag, Stopped
from ...readers._memory import available_memory, memory_share

__all__ = ["DEFAULT_TIME_LIMIT", "LIGHT_BODY", "Lane", "Lanes", "Uploads"]

DEFAULT_TIME_LIMIT = 60.0
"""Seconds a request may compute before it is stopped (``serve --time-limit``)."""
LIGHT_BODY = 64 << 10
"""Bodies up to this size take the light lane (a 250x250 board, a 5,000-edge graph)."""
_WATCH_PERIOD = 0.05  # seconds between looks at the client and the clock


class Busy(Exception):
    """Every slot is taken and the queue is full."""


@dataclass
class Uploads:
    """Request bodies held at once, all requests together, in bytes: taken piece by
    piece as they arrive (not as their ``Content-Length`` claims), given back when
    their request ends. ``limit``: at most this many."""

    limit: int
    held: int = 0

    def take(self, n_bytes: int) -> bool:
        """Count ``n_bytes`` more if they fit under the limit."""
        if self.held + n_bytes > self.limit:
            return False
        self.held += n_bytes
        return True

    def give(self, n_bytes: int) -> None:
        self.held -= n_bytes

    @classmethod
    def for_lanes(cls, lanes: Lanes, max_body: int) -> Uploads:
        """Room for the bodies of the heavy analyses running and waiting and one more
        being received (each up to ``max_body``), at most a quarter of the memory
        free, at least one body."""
        limit = (lanes.heavy.slots + lanes.heavy.queue + 1) * max_body
        free = available_memory()
        if free is not None:
            limit = min(limit, free // 4)
        return cls(max(limit, max_body))


@dataclass
class Lane:
    """At most ``slots`` requests at once, ``queue`` more waiting."""

    name: str
    slots: int
    queue: int
    running: int = 0
    waiting: int = 0
    _semaphore: anyio.Semaphore | None = field(default=None, repr=False)

    def _gate(self) -> anyio.Semaphore:
        if self._semaphore is None:  # created inside the event loop
            self._semaphore = anyio.Semaphore(self.slots)
        return self._semaphore

    async def run(
        self,
        request: Request,
        compute: Callable[[], Response],
        time_limit: float,
        memory: int | None,
    ) -> Response:
        """``compute()`` on a worker thread once a slot is free; 503 when the lane
        is full or the time limit passes."""
        if self.running + self.waiting >= self.slots + self.queue:
            return _busy(
                f"the server is busy ({self.running} {self.name} analyses running, "
                f"{self.waiting} waiting): try again in a moment"
            )
        self.waiting += 1
        try:
            await self._gate().acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            return await _watched(request, compute, time_limit, memory)
        finally:
            self.running -= 1
            self._gate().release()


@dataclass
class Lanes:
    """The light and heavy lanes of one server, and its time limit."""

    heavy: Lane
    light: Lane
    time_limit: float = DEFAULT_TIME_LIMIT

    @classmethod
    def for_machine(
        cls,
        slots: int | None = None,
        queue: int | None = None,
        time_limit: float = DEFAULT_TIME_LIMIT,
    ) -> Lanes:
        """``slots`` heavy analyses at once (default: the cores) and ``queue`` waiting
        (default: as many); the light lane takes four times as many."""
        cores = os.cpu_count() or 1
        slots = cores if slots is None else slots
        queue = slots if queue is None else queue
        return cls(
            heavy=Lane("heavy", slots, queue),
            light=Lane("light", 4 * max(slots, 1), 4 * max(slots, 1)),
            time_limit=time_limit,
        )

    def lane(self, body: bytes, heavy: bool = False) -> Lane:
        return self.heavy if heavy or len(body) > LIGHT_BODY else self.light

    def memory_share(self) -> int | None:
        """The memory one heavy analysis may plan for: what is free, shared by the
        slots (one request cannot take what the others need)."""
        free = available_memory()
        return None if free is None else free // max(self.heavy.slots, 1)


async def _watched(
    request: Request, compute: Callable[[], Response], time_limit: float, memory: int | None
) -> Response:
    flag = StopFlag()
    deadline = time.monotonic() + time_limit
    reason: list[str] = []

    def work() -> Response:
        with flag, memory_share(memory):
            return compute()

    async def watch() -> None:
        while True:
            await anyio.sleep(_WATCH_PERIOD)
            if time.monotonic() > deadline:
                reason.append("time")
                flag.raise_()
                return
            if await request.is_disconnected():
                reason.append("gone")
                flag.raise_()
                return

    async with anyio.create_task_group() as group:
        group.start_soon(watch)
        try:
            # not abandoned on cancellation: the slot is held until the thread ends
            answer = await anyio.to_thread.run_sync(work)
        except Stopped:
            answer = None
        group.cancel_scope.cancel()
    if answer is not None:
        return answer
    if reason and reason[0] == "gone":
        return Response(status_code=499)  # nobody is listening
    return _busy(
        f"the analysis took longer than the server's limit of {time_limit:g} s "
        "(matchgame serve --time-limit)"
    )


def _busy(message: str) -> Response:
    return JSONResponse({"error": message}, status_code=503, headers={"Retry-After": "1"})
