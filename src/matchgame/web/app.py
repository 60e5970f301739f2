"""The Starlette application behind ``matchgame serve``."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import numpy as np
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
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


def _source(request: Request, data: bytes) -> Any:
    """The body read as an edge list (``edges=1``) or a board."""
    from ..boards import Board
    from ..edgelists import parse_edge_list

    return parse_edge_list(data) if _flag(request, "edges") else Board.parse(data)


def _graph(request: Request, data: bytes) -> Any:
    """The graph the game is played on: the edge list, or the board under ``moves``."""
    from ..graph import Graph

    source = _source(request, data)
    return source if isinstance(source, Graph) else source.to_graph(_moves(request))


def _analysis(request: Request, data: bytes) -> Any:
    from ..analysis import analyse

    return analyse(_source(request, data), moves=_moves(request))


def _upto(request: Request) -> int | None:
    """The ``upto`` query: how many moves of a record to show (all when absent)."""
    text = request.query_params.get("upto")
    if text is None:
        return None
    if not text.isdigit() or len(text) > 9:
        raise MatchgameError(f"query upto={text[:20]!r}: expected a number of moves")
    return int(text)


def _json(document: Any) -> Response:
    from ..formats import json_chunks

    return Response(b"".join(json_chunks(document)), media_type="application/json")


def _svg(scene: Any) -> Response:
    from .. import render

    return Response(render.to_svg(scene), media_type="image/svg+xml")


def placements(request: Request, body: bytes) -> Response:
    from ..formats import placements_answer

    return _json(placements_answer(_analysis(request, body)))


def render_svg(request: Request, body: bytes) -> Response:
    """The analysis picture; ``matching=1`` adds the matching, ``sets=1`` colours
    the Gallai-Edmonds sets."""
    from .. import render

    analysis = _analysis(request, body)
    return _svg(
        render.analysis_scene(
            analysis, matching=_flag(request, "matching"), sets=_flag(request, "sets")
        )
    )


def render_record(request: Request, body: bytes) -> Response:
    """A NOI2011 record's picture after ``upto`` moves."""
    from .. import render
    from ..bunny import GameRecord, analyse_record

    analysis = analyse_record(GameRecord.parse(body))
    return _svg(render.record_scene(analysis, upto=_upto(request)))


def render_walk(request: Request, body: bytes) -> Response:
    """A token-game record's picture after ``upto`` moves."""
    from .. import render
    from ..walks import annotate

    annotation = annotate(_token_record(request, body))
    return _svg(render.walk_scene(annotation, upto=_upto(request)))


def mistakes(request: Request, body: bytes) -> Response:
    from ..bunny import GameRecord, analyse_record
    from ..formats import mistakes_document

    return _json(mistakes_document(analyse_record(GameRecord.parse(body))))


def _token_record(request: Request, data: bytes) -> Any:
    from ..walks import TokenRecord

    return TokenRecord.parse(data, edges=_flag(request, "edges"), rule=_moves(request))


def annotate(request: Request, body: bytes) -> Response:
    from ..formats import annotation_document
    from ..walks import annotate

    return _json(annotation_document(annotate(_token_record(request, body))))


def position(request: Request, body: bytes) -> Response:
    """Who wins after the moves played, the engine's best move, and (``picture=1``)
    the position's picture.

    The body is JSON: ``input`` (the board or edge list text) and ``played`` (the
    moves so far, each like ``[3, 5]`` on a board or ``7`` on a graph, 1-based).
    With the query ``record=1``, ``input`` is a token-game record whose first
    ``record_moves`` moves (all by default) come before ``played``; with ``noi=1``
    a NOI2011 record likewise, and the game is Bunny and Egg's (a move names the
    piece that slides into the empty cell).
    """
    from .. import render
    from ..bunny import GameRecord
    from ..game import Position

    try:
        payload = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise MatchgameError("the body must be a JSON object") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("input"), str):
        raise MatchgameError('field "input": expected the board or edge list as a string')
    played = payload.get("played", [])
    if not isinstance(played, list):
        raise MatchgameError('field "played": expected a list of moves')
    data = payload["input"].encode()
    bunny = None
    if _flag(request, "noi"):
        bunny = GameRecord.parse(data)
        graph = bunny.board.arena.graph
        game = Position(graph, token=bunny.board.empty)
        earlier: list[Any] = [tuple(cell) for cell in bunny.moves.tolist()]
    elif _flag(request, "record"):
        record = _token_record(request, data)
        graph, game = record.graph, Position(record.graph)
        earlier = graph.names.names(record.path)
    else:
        graph = _graph(request, data)
        game, earlier = Position(graph), []
    if bunny is not None or _flag(request, "record"):
        taken = payload.get("record_moves", len(earlier))
        if not isinstance(taken, int) or isinstance(taken, bool) or not 0 <= taken <= len(earlier):
            raise MatchgameError(
                f'field "record_moves": expected a number of moves from 0 to {len(earlier)}'
            )
        earlier = earlier[:taken]
    names = graph.names
    for name in earlier:
        game.push(name)
    for i, move in enumerate(played):
        numbers = move if isinstance(move, list) else [move]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in numbers):
            raise MatchgameError(f'field "played[{i}]": expected a move like [3, 5] or 7')
        v = names.parse(" ".join(str(x) for x in numbers), f"played[{i}]")
        try:
            game.push(names.name(v))
        except MatchgameError as exc:
            raise MatchgameError(f'field "played[{i}]": {exc}') from None

    def value(v: int | None) -> Any:
        return None if v is None else names.json_value(v)

    total = len(earlier) + len(played)
    document = {
        "moves_played": total,
        "to_move": "first" if total % 2 == 0 else "second",
        "token": value(game.token_id),
        "game_over": game.is_game_over(),
        "mover_wins": game.mover_wins(),
        "best_move": value(game._best_move_id()),
        "winning_moves": names.json_array(game._winning_ids()),
        "legal_moves": names.json_array(game._legal_ids()),
    }
    if _flag(request, "picture"):
        pieces = None
        if bunny is not None:
            pieces = bunny.board.pieces_after(np.array(game.move_stack, dtype=np.int64))
        document["svg"] = render.to_svg(render.position_scene(game, pieces=pieces)).decode()
    return _json(document)


async def opening(request: Request) -> Response:
    """What ``matchgame serve`` was started on: ``text``, its ``kind`` (board, edges,
    noi, walk-board, walk-edges) and ``moves``; null when nothing was given."""
    return JSONResponse(request.app.state.start)


async def example(request: Request) -> Response:
    """A bundled example's text; ``X-Matchgame-Kind`` says what it is."""
    from ..cli import BOARD_EXAMPLES, EDGE_EXAMPLES, EXAMPLE_MOVES, RECORD_EXAMPLES

    name = request.path_params["name"]
    kinds = {
        **dict.fromkeys(BOARD_EXAMPLES, "board"),
        **dict.fromkeys(EDGE_EXAMPLES, "edges"),
        **dict.fromkeys(RECORD_EXAMPLES, "noi"),
    }
    if name not in kinds:
        return JSONResponse({"error": f"unknown example {name!r}"}, status_code=404)
    text = resources.files("matchgame").joinpath("examples", f"{name}.txt").read_bytes()
    headers = {
        "X-Matchgame-Kind": kinds[name],
        "X-Matchgame-Moves": EXAMPLE_MOVES.get(name, "orthogonal"),
    }
    return Response(text, media_type="text/plain", headers=headers)


def _post(compute: Callable[[Request, bytes], Response]) -> Callable[..., Any]:
    """An endpoint that reads the body (within the size limit), then computes its
    answer on a worker thread (the kernels release the GIL: the server stays
    responsive); bad input is 400 with the command line's message, too big 413."""

    async def endpoint(request: Request) -> Response:
        try:
            body = await _body(request)
            return await run_in_threadpool(compute, request, body)
        except _TooLarge:
            limit = request.app.state.max_body
            return JSONResponse(
                {"error": f"the request body is larger than {limit} bytes"}, status_code=413
            )
        except MatchgameError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    return endpoint


def create_app(
    *, max_body: int = DEFAULT_MAX_BODY, start: dict[str, str] | None = None
) -> Starlette:
    """The web app: the JSON API under ``/api`` and the page at ``/``.

    ``start``: what the page opens with (``text``, ``kind``, ``moves``), as
    ``matchgame serve`` reads them from its command line); None: the page's default.
    """
    static = StaticFiles(
        directory=str(resources.files("matchgame.web").joinpath("static")), html=True
    )
    routes = [
        Route("/api/placements", _post(placements), methods=["POST"]),
        Route("/api/render", _post(render_svg), methods=["POST"]),
        Route("/api/render/record", _post(render_record), methods=["POST"]),
        Route("/api/render/walk", _post(render_walk), methods=["POST"]),
        Route("/api/start", opening, methods=["GET"]),
        Route("/api/mistakes", _post(mistakes), methods=["POST"]),
        Route("/api/annotate", _post(annotate), methods=["POST"]),
        Route("/api/position", _post(position), methods=["POST"]),
        Route("/api/examples/{name}", example, methods=["GET"]),
        Mount("/", static),
    ]
    app = Starlette(routes=routes)
    app.state.max_body = max_body
    app.state.start = start
    return app
