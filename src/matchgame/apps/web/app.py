"""The Starlette application behind ``matchgame serve``: routes, request bodies, lanes.

What each URL computes is in :mod:`.endpoints`; who may ask, in :mod:`.guard`; how
much work runs at once, in :mod:`.work`.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...core._validate import plural
from ...errors import MatchgameError
from . import endpoints, menus, worker
from .guard import Guard
from .work import ESCALATED, LIGHT_BODY, Claims, Escalate, Lane, Lanes, Uploads, claiming

__all__ = ["DEFAULT_MAX_BODY", "create_app"]

DEFAULT_MAX_BODY = 16 << 20
"""Largest request body accepted, in bytes (a 4000x4000 board is 16 MB of text)."""


class _TooLarge(Exception):
    pass


class _NoRoom(Exception):
    """The bodies being held already fill the server's room for uploads."""


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's refusals (404, 405) as the API's one line of JSON."""
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, exc.status_code, headers=exc.headers)


async def _body(request: Request, uploads: Uploads, taken: list[int]) -> bytes:
    """The request body, refused past the app's limit without reading it all, and
    counted in ``uploads`` as it arrives beyond its first :data:`LIGHT_BODY` bytes
    (``taken[0]``: how much; the caller gives it back). Small bodies are not counted:
    the page's requests get in while big uploads fill the room (their memory is
    bounded by the connections, each at most that much)."""
    limit: int = request.app.state.max_body
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit():
        if int(declared) > limit:
            raise _TooLarge
        if uploads.held + int(declared) - LIGHT_BODY > uploads.limit:
            raise _NoRoom  # refused before it is sent rather than half way
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        more = size - LIGHT_BODY - taken[0]
        if more > 0:
            if not uploads.take(more):
                raise _NoRoom
            taken[0] += more
        chunks.append(chunk)
    return b"".join(chunks)


Compute = Callable[[QueryParams, bytes], Response]
"""An endpoint's computation: the query and the body to the answer (see :mod:`.endpoints`)."""


def _post(compute: Compute, isolated: Callable[[QueryParams, bytes], bool] | None = None) -> Any:
    """An endpoint that reads the body (within the size limit), then computes its
    answer on a worker thread of its lane (see :mod:`matchgame.apps.web.work`): bad input
    is 400 with the command line's message, too big 413, a full lane or a request
    over the time limit 503. ``isolated(query, body)``: the computation may run
    NetworkX, so in the heavy lane it runs in a worker process (:mod:`.worker`)."""

    async def endpoint(request: Request) -> Response:
        uploads: Uploads = request.app.state.uploads
        taken = [0]
        try:
            return await answer(request, uploads, taken)
        finally:
            uploads.give(taken[0])

    async def answer(request: Request, uploads: Uploads, taken: list[int]) -> Response:
        lanes: Lanes = request.app.state.lanes
        try:
            body = await _body(request, uploads, taken)
        except ClientDisconnect:  # the client left mid-upload: nobody to answer, nothing to log
            return Response(status_code=499)
        except _TooLarge:
            limit = request.app.state.max_body
            return JSONResponse(
                {"error": f"the request body is larger than {plural(limit, 'byte')}"},
                status_code=413,
            )
        except _NoRoom:
            megabytes = uploads.limit / 2**20
            return JSONResponse(
                {
                    "error": f"the server holds as many request bodies as it takes at once "
                    f"({megabytes:.0f} MiB): try again in a moment"
                },
                status_code=503,
                headers={"Retry-After": "1"},
            )
        query = request.query_params

        def work(lane: Lane) -> Callable[[], Response]:
            claims = lanes.claims(lane, max_size=request.app.state.max_body)
            if lane is lanes.heavy and isolated is not None and isolated(query, body):
                return partial(computed_apart, compute, query, body, claims)
            return partial(computed, compute, query, body, claims)

        # in the heavy lane too if it claims or spends more than the light lane takes
        return await lanes.run(request, lanes.lane(body), work)

    return endpoint


def computed(compute: Compute, query: QueryParams, body: bytes, claims: Claims) -> Response:
    """``compute(query, body)`` within ``claims``: bad input as a 400, no memory as a
    503; :data:`ESCALATED` when it claims more than its (light) lane takes."""
    try:
        with claiming(claims):
            return compute(query, body)
    except Escalate:
        return ESCALATED
    except MatchgameError as exc:
        return JSONResponse({"error": endpoints.error_text(exc)}, status_code=400)
    except MemoryError:
        return JSONResponse(
            {"error": "the input needs more memory than the server has free"}, status_code=503
        )


def computed_apart(compute: Compute, query: QueryParams, body: bytes, claims: Claims) -> Response:
    """:func:`computed` in a worker process, stopped with this thread's stop flag."""
    try:
        return worker.call(computed, compute, query, body, claims)
    except worker.WorkerGone as exc:
        return JSONResponse({"error": f"{exc} before it answered"}, status_code=503)


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """At start, the worker processes' forkserver is started in the background (its
    imports take a second or two) when NetworkX is there to need it."""
    if importlib.util.find_spec("networkx") is not None:
        threading.Thread(target=worker.start, daemon=True).start()
    yield


def create_app(
    *,
    max_body: int = DEFAULT_MAX_BODY,
    start: dict[str, str] | None = None,
    hosts: Sequence[str] = (),
    token: str | None = None,
    lanes: Lanes | None = None,
    uploads: Uploads | None = None,
) -> Starlette:
    """The web app: the JSON API under ``/api`` and the page at ``/``.

    ``start``: what the page opens with (``text``, ``kind``, ``moves``), as
    ``matchgame serve`` reads them from its command line); None: the page's default.
    ``hosts``: names the server answers to besides the loopback names (``"*"``: any);
    ``token``: a launch token every request must carry (see
    :mod:`matchgame.apps.web.guard`); ``lanes``: how much work runs at once (default:
    :meth:`Lanes.for_machine`); ``uploads``: how many bytes of request bodies are
    held at once (default: :meth:`Uploads.for_lanes`).
    """
    here = resources.files("matchgame.apps.web")
    static = StaticFiles(directory=str(here.joinpath("static")), html=True)
    api = [
        Route(
            "/placements", _post(endpoints.placements, endpoints.parses_graphs), methods=["POST"]
        ),
        Route("/render", _post(endpoints.render_analysis, endpoints.on_graphs), methods=["POST"]),
        Route("/render/record", _post(endpoints.render_record), methods=["POST"]),
        Route("/render/walk", _post(endpoints.render_walk, endpoints.on_graphs), methods=["POST"]),
        Route("/start", endpoints.opening, methods=["GET"]),
        Route("/games", endpoints.games, methods=["GET"]),
        Route("/menus", menus.menus, methods=["GET"]),
        Route("/input", _post(menus.input_of), methods=["POST"]),
        Route("/mistakes", _post(endpoints.mistakes), methods=["POST"]),
        Route("/annotate", _post(endpoints.annotate_record), methods=["POST"]),
        Route("/position", _post(endpoints.position, endpoints.on_graphs), methods=["POST"]),
        Route("/hint", _post(endpoints.hint, endpoints.on_graphs), methods=["POST"]),
        Route("/explain", _post(endpoints.explain, endpoints.on_graphs), methods=["POST"]),
        Route("/examples/{name}", endpoints.example, methods=["GET"]),
    ]
    # the API in a mount of its own: a path of the API asked with the wrong method is
    # 405 and an unknown one 404, not left to the page's files (which answered 404)
    routes = [Mount("/api", routes=api), Mount("/", static)]
    app = Starlette(
        routes=routes,
        lifespan=_lifespan,
        middleware=[Middleware(Guard, hosts=hosts, token=token)],
        exception_handlers={HTTPException: _http_error},
    )
    app.state.max_body = max_body
    app.state.start = start
    app.state.lanes = lanes = lanes or Lanes.for_machine()
    app.state.uploads = Uploads.for_lanes(lanes, max_body) if uploads is None else uploads
    return app
