"""Heavy work, bounded: a few analyses at once, a short queue, a time limit, work
that stops when its client goes away, and lanes chosen by the work a request
claims and does rather than by its bytes.

Every computing request runs on a worker thread (the kernels release the GIL, so
the server keeps answering). Requests with a small body start in the *light*
lane, the rest in the *heavy* one; each lane runs at most ``slots`` requests at
once and lets at most ``queue`` more wait, and refuses the next with 503 at once
rather than letting it hang.

A small body may claim big work: ``50000000 0`` is an edge list of 11 bytes whose
answer is 878 MB, and a graph picture of 26 KB lays out 2,000 vertices. So a
request runs under :class:`Claims`: every size its input announces is shown to it
before anything is allocated (:func:`matchgame.readers._memory.claims_checked`),
with the memory of the answer it will produce, and so is every graph picture's
layout. In the light lane a claim beyond :data:`LIGHT_CLAIM` or
:data:`LIGHT_LAYOUT` stops the request before it allocates, and it starts again
in the heavy lane; in the heavy lane a claim beyond the analysis's share of the
memory, or of more vertices or cells than ``--max-body`` bytes hold, is refused
with 400. Heavy work that may run NetworkX (its readers and layouts cannot poll
the stop flag) runs in a worker process (:mod:`.worker`).

A small body may also claim little and cost much CPU: an edge game of 113 bytes
(K8 minus an edge) searches 713,501 positions, and sixteen such requests filled
the light lane so that a 3x3 board got 503. So the light lane also accounts the
work a request *does*, as it does it: the CPU time of its worker thread. Past
:data:`LIGHT_CPU` seconds the request is stopped (its kernels poll the stop flag)
and starts again in the heavy lane, like a request that claims too much; there
a request moved from the light lane may wait behind the others (a queue as long
as the light lane's) rather than being refused at once, so its client does not
send it again at once into the light lane.

While a request runs, a watcher raises its
:class:`~matchgame._kernels._stop.StopFlag` when the client disconnects or the
time limit passes; the kernels poll that flag and return early, the Python code
around them raises :class:`~matchgame._kernels._stop.Stopped` (a worker process
is killed), and the lane's slot is given back only once the work has really
stopped.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..._kernels._stop import StopFlag, Stopped
from ...core._validate import plural
from ...errors import ParseError
from ...readers._memory import available_memory, claims_checked, memory_share

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "ESCALATED",
    "LIGHT_BODY",
    "LIGHT_CLAIM",
    "LIGHT_CPU",
    "LIGHT_LAYOUT",
    "Claims",
    "Escalate",
    "Lane",
    "Lanes",
    "Uploads",
    "claim_layout",
    "claiming",
]

LIGHT_CPU = 0.1
"""CPU seconds a request may spend in the light lane before it moves to the heavy one
(a 3x3 board takes under a millisecond, a 250x250 board about 30 ms)."""
DEFAULT_TIME_LIMIT = 60.0
"""Seconds a request may compute before it is stopped (``serve --time-limit``)."""
LIGHT_BODY = 64 << 10
"""Bodies up to this size start in the light lane (a 250x250 board, a 5,000-edge graph)."""
LIGHT_CLAIM = 32 << 20
"""Memory a request may claim in the light lane, its answer's included (a dense
graph6 graph of 64 KB claims 19 MB; ``1000000 0``, a million vertices, 96 MB)."""
LIGHT_LAYOUT = 200
"""Vertices a graph picture may lay out in the light lane (0.07 s; 500 take 2 s)."""
ANSWER_BYTES = 32
"""Rough memory of an answer per vertex or cell (a placements document: its arrays,
and its JSON text, 18 bytes a vertex for a graph without edges)."""
_WATCH_PERIOD = 0.05  # seconds between looks at the client and the clock
_CPU_WATCH_PERIOD = 0.01  # ... at the CPU a light request has spent


class Escalate(Exception):
    """The request claims more than the light lane takes: it moves to the heavy one."""


ESCALATED = Response(status_code=307)
"""What a light request answers when it claimed, or spent, more than its lane takes."""


@dataclass(frozen=True)
class Claims:
    """What a request may claim where it runs: ``max_size`` vertices or cells,
    ``memory`` bytes for its analysis and answer (None: no cap but the machine's);
    ``light``: a claim beyond them moves it to the heavy lane (:class:`Escalate`)
    rather than refusing it."""

    max_size: int
    memory: int | None
    light: bool = False

    def check(self, n_bytes: int, size: int, what: str) -> None:
        """An input's claim (see :func:`~matchgame.readers._memory.claims_checked`)."""
        if size > self.max_size:
            raise ParseError(
                f"{what} is more than this server takes: at most "
                f"{plural(self.max_size, 'vertex', 'vertices')} "
                "or cells (as many as its largest request body has bytes, serve --max-body)"
            )
        need = n_bytes + size * ANSWER_BYTES
        if self.light:
            if self.memory is not None and need > self.memory:
                raise Escalate
            return
        if self.memory is not None and need > self.memory:
            raise ParseError(
                f"{what} needs about {need / 2**30:.1f} GiB of memory with its answer; "
                f"one analysis here may use {self.memory / 2**30:.1f} GiB"
            )

    def layout(self, n_vertices: int) -> None:
        """A graph picture's layout of ``n_vertices``."""
        if self.light and n_vertices > LIGHT_LAYOUT:
            raise Escalate


_CLAIMS: ContextVar[Claims | None] = ContextVar("matchgame_web_claims", default=None)


@contextmanager
def claiming(claims: Claims) -> Iterator[None]:
    """Within the block, inputs and pictures claim their work from ``claims``."""
    token = _CLAIMS.set(claims)
    try:
        with claims_checked(claims.check), memory_share(claims.memory):
            yield
    finally:
        _CLAIMS.reset(token)


def claim_layout(n_vertices: int) -> None:
    """Claim a graph picture's layout of ``n_vertices`` (nothing outside a request)."""
    claims = _CLAIMS.get()
    if claims is not None:
        claims.layout(n_vertices)


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
        work: Callable[[], Response],
        time_limit: float,
        *,
        cpu_limit: float | None = None,
        extra_queue: int = 0,
    ) -> Response:
        """``work()`` on a worker thread once a slot is free; 503 when the lane
        is full or the time limit passes; :data:`ESCALATED` when it spends more than
        ``cpu_limit`` seconds of CPU. ``extra_queue``: this request may wait even when
        that many more are waiting already (one moved from the light lane)."""
        if self.running + self.waiting >= self.slots + self.queue + extra_queue:
            running = plural(self.running, f"{self.name} analysis", f"{self.name} analyses")
            return _busy(
                f"the server is busy ({running} running, "
                f"{self.waiting} waiting): try again in a moment"
            )
        self.waiting += 1
        try:
            await self._gate().acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            return await _watched(request, work, time_limit, cpu_limit)
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

    def lane(self, body: bytes) -> Lane:
        """The lane a request starts in, by its body's size."""
        return self.heavy if len(body) > LIGHT_BODY else self.light

    async def run(
        self, request: Request, lane: Lane, work: Callable[[Lane], Callable[[], Response]]
    ) -> Response:
        """``work(lane)()`` in ``lane``, and in the heavy one if it claims or spends
        more than the light lane takes (there it may wait behind as many as the light
        lane holds)."""
        if lane is self.light:
            response = await lane.run(request, work(lane), self.time_limit, cpu_limit=LIGHT_CPU)
            if response is not ESCALATED:
                return response
            lane = self.heavy
            return await lane.run(
                request,
                work(lane),
                self.time_limit,
                extra_queue=self.light.slots + self.light.queue,
            )
        return await lane.run(request, work(lane), self.time_limit)

    def claims(self, lane: Lane, max_size: int) -> Claims:
        """What a request may claim in ``lane``: in the light one :data:`LIGHT_CLAIM`;
        in the heavy one, ``max_size`` vertices or cells and the free memory shared
        by the slots (one request cannot take what the others need)."""
        if lane is self.light:
            return Claims(max_size, LIGHT_CLAIM, light=True)
        free = available_memory()
        return Claims(max_size, None if free is None else free // max(self.heavy.slots, 1))


async def _watched(
    request: Request, work: Callable[[], Response], time_limit: float, cpu_limit: float | None
) -> Response:
    flag = StopFlag()
    deadline = time.monotonic() + time_limit
    reason: list[str] = []
    spent: list[Callable[[], float]] = []  # the worker thread's CPU seconds so far

    def stoppable() -> Response:
        spent.append(_cpu_clock())
        with flag:
            return work()

    async def watch() -> None:
        period = _WATCH_PERIOD if cpu_limit is None else _CPU_WATCH_PERIOD
        polls = 0
        while True:
            await anyio.sleep(period)
            polls += 1
            if cpu_limit is not None and spent and spent[0]() > cpu_limit:
                reason.append("cpu")
                flag.raise_()
                return
            if time.monotonic() > deadline:
                reason.append("time")
                flag.raise_()
                return
            if polls * period >= _WATCH_PERIOD:  # the client, every _WATCH_PERIOD
                polls = 0
                if await request.is_disconnected():
                    reason.append("gone")
                    flag.raise_()
                    return

    async with anyio.create_task_group() as group:
        group.start_soon(watch)
        try:
            # not abandoned on cancellation: the slot is held until the thread ends
            answer = await anyio.to_thread.run_sync(stoppable)
        except Stopped:
            answer = None
        group.cancel_scope.cancel()
    if answer is not None:
        return answer
    if reason and reason[0] == "gone":
        return Response(status_code=499)  # nobody is listening
    if reason and reason[0] == "cpu":
        return ESCALATED
    return _busy(
        f"the analysis took longer than the server's limit of {time_limit:g} s "
        "(matchgame serve --time-limit)"
    )


def _cpu_clock() -> Callable[[], float]:
    """A clock of the CPU seconds the calling thread spends from now on (read from any
    thread); where threads have no CPU clock, the wall seconds."""
    try:
        clock = time.pthread_getcpuclockid(threading.get_ident())
        start = time.clock_gettime(clock)
    except (AttributeError, OSError):  # not a POSIX system with thread CPU clocks
        wall = time.monotonic()
        return lambda: time.monotonic() - wall
    return lambda: time.clock_gettime(clock) - start


def _busy(message: str) -> Response:
    return JSONResponse({"error": message}, status_code=503, headers={"Retry-After": "1"})
