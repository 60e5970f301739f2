"""The Starlette application behind ``matchgame serve``."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import MatchgameError

DEFAULT_MAX_BODY = 16 << 20
"""Largest request body accepted, in bytes (a 4000x4000 board is 16 MB of text)."""


class _TooLarge(Exception):
    pass


async def _body(request: Request) -> bytes:
    """The request body, refused past the app's limit without reading it all."""
    limit: int = request.app.state.max_body
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "0") not in ("", "0", "false", "no")


def _moves(request: Request) -> str:
    from ..moves import as_moves

    return as_moves(request.query_params.get("moves", "orthogonal"), "moves")


def _analysis(request: Request, data: bytes) -> Any:
    from ..analysis import analyse
    from ..boards import Board
    from ..edgelists import parse_edge_list

    if _flag(request, "edges"):
        return analyse(parse_edge_list(data))
    return analyse(Board.parse(data), moves=_moves(request))


def _json(document: Any) -> Response:
    from ..formats import json_chunks

    return Response(b"".join(json_chunks(document)), media_type="application/json")


async def placements(request: Request) -> Response:
    from ..formats import placements_answer

    return _json(placements_answer(_analysis(request, await _body(request))))


async def render_svg(request: Request) -> Response:
    from .. import render

    scene = render.analysis_scene(
        _analysis(request, await _body(request)), matching=_flag(request, "matching")
    )
    return Response(render.to_svg(scene), media_type="image/svg+xml")


async def mistakes(request: Request) -> Response:
    from ..bunny import GameRecord, analyse_record
    from ..formats import mistakes_document

    return _json(mistakes_document(analyse_record(GameRecord.parse(await _body(request)))))


async def annotate(request: Request) -> Response:
    from ..formats import annotation_document
    from ..walks import TokenRecord, annotate

    record = TokenRecord.parse(
        await _body(request), edges=_flag(request, "edges"), rule=_moves(request)
    )
    return _json(annotation_document(annotate(record)))


async def position(request: Request) -> Response:
    """Who wins after the moves played (``moves`` field: 1-based JSON moves), and
    the engine's best move."""
    from ..game import Position

    try:
        payload = json.loads(await _body(request))
    except (ValueError, UnicodeDecodeError):
        raise MatchgameError("the body must be a JSON object") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("input"), str):
        raise MatchgameError('field "input": expected the board or edge list as a string')
    played = payload.get("played", [])
    if not isinstance(played, list):
        raise MatchgameError('field "played": expected a list of moves')
    data = payload["input"].encode()
    graph = _analysis(request, data).graph
    names = graph.names
    game = Position(graph)
    for i, move in enumerate(played):
        numbers = move if isinstance(move, list) else [move]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in numbers):
            raise MatchgameError(f'field "played[{i}]": expected a move like [3, 5] or 7')
        v = names.parse(" ".join(str(x) for x in numbers), f"played[{i}]")
        game.push(names.name(v))

    def value(name: Any) -> Any:
        return None if name is None else names.json_value(names.vertex(name))

    return _json(
        {
            "token": value(game.token),
            "mover_wins": game.mover_wins(),
            "best_move": value(game.best_move()),
            "winning_moves": [value(m) for m in game.winning_moves()],
            "legal_moves": [value(m) for m in game.legal_moves()],
        }
    )


async def example(request: Request) -> Response:
    from ..cli import EXAMPLES

    name = request.path_params["name"]
    if name not in EXAMPLES:
        return JSONResponse({"error": f"unknown example {name!r}"}, status_code=404)
    text = resources.files("matchgame").joinpath("examples", f"{name}.txt").read_bytes()
    return Response(text, media_type="text/plain")


def _guarded(endpoint: Any) -> Any:
    async def guarded(request: Request) -> Response:
        try:
            return await endpoint(request)
        except _TooLarge:
            limit = request.app.state.max_body
            return JSONResponse(
                {"error": f"the request body is larger than {limit} bytes"}, status_code=413
            )
        except MatchgameError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    return guarded


def create_app(*, max_body: int = DEFAULT_MAX_BODY) -> Starlette:
    """The web app: the JSON API under ``/api`` and the page at ``/``."""
    static = StaticFiles(
        directory=str(resources.files("matchgame.web").joinpath("static")), html=True
    )
    routes = [
        Route("/api/placements", _guarded(placements), methods=["POST"]),
        Route("/api/render", _guarded(render_svg), methods=["POST"]),
        Route("/api/mistakes", _guarded(mistakes), methods=["POST"]),
        Route("/api/annotate", _guarded(annotate), methods=["POST"]),
        Route("/api/position", _guarded(position), methods=["POST"]),
        Route("/api/examples/{name}", example, methods=["GET"]),
        Mount("/", static),
    ]
    app = Starlette(routes=routes)
    app.state.max_body = max_body
    return app
