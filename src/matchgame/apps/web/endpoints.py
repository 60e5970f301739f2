"""What each URL of the API computes: the command line's documents and pictures.

Each endpoint takes the request's query and its body, reads the body with
:func:`matchgame.inputs.parse_input` (the command line's reader) as the game the
query names reads it (``game=``, any game of :func:`matchgame.games.names`), and
answers with a document of :mod:`matchgame.writers` or a picture of
:mod:`matchgame.draw`: every endpoint is written once over the games' contract. Bad
input raises :class:`~matchgame.errors.MatchgameError`,
which :mod:`.app` turns into a 400 with its message.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send

from ... import draw
from ...core.graph import Graph
from ...core.names import BoardCells
from ...errors import MatchgameError
from ...examples import EXAMPLES, UnknownExample
from ...examples import example as bundled
from ...games.analyses import BaseAnalysis
from ...games.contract import DEFAULT, all_games
from ...games.notes import annotate
from ...games.positions import BasePosition
from ...games.tokens import TokenRecord
from ...inputs import parse_input
from ...readers.inputs import GRAPH_KINDS
from ...writers.jsonstream import json_chunks
from ...writers.placements import placements_answer
from ...writers.positions import position_document
from ...writers.records import annotation_document, mistakes_document
from .menus import picture_style
from .queries import (
    error_text,
    flag,
    game_of,
    json_body,
    kind_of,
    moves_of,
    on_graphs,
    options_of,
    parses_graphs,
    upto_of,
)
from .work import claim_layout

__all__ = [
    "Pieces",
    "annotate_record",
    "error_text",
    "example",
    "explain",
    "games",
    "hint",
    "mistakes",
    "on_graphs",
    "opening",
    "parses_graphs",
    "placements",
    "position",
    "render_analysis",
    "render_record",
    "render_walk",
]


def _claim_picture(graph: Graph) -> None:
    """A graph picture lays its vertices out (NetworkX's spring layout, O(n^2) a step):
    claimed, so that a big one takes the heavy lane (see :mod:`.work`)."""
    if not isinstance(graph.names, BoardCells) and graph.n_vertices <= draw.MAX_GRAPH_VERTICES:
        claim_layout(graph.n_vertices)


def _analysis(query: QueryParams, data: bytes) -> BaseAnalysis:
    # a game's computations claim their memory (core/_memory), as readers do
    game = game_of(query)
    source = parse_input(data, kind_of(query, data), moves=moves_of(query), game=game)
    return game.analyse(source.value, moves=source.moves, **options_of(query, game))


def _token_record(query: QueryParams, data: bytes) -> TokenRecord:
    kind = kind_of(query, data, record=True)
    record = parse_input(data, kind, moves=moves_of(query), game=game_of(query)).value
    assert isinstance(record, TokenRecord)  # the walk kinds read token-game records
    return record


class Pieces(Response):
    """A body sent in its pieces, each given up once sent (a plain response, so a
    worker process can send it back)."""

    def __init__(self, pieces: list[bytes], media_type: str) -> None:
        self.pieces = pieces
        size = str(sum(len(piece) for piece in pieces))
        super().__init__(media_type=media_type, headers={"content-length": size})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        pieces, self.pieces = self.pieces, []
        pieces.reverse()
        while pieces:
            await send({"type": "http.response.body", "body": pieces.pop(), "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})


def _json(document: Any) -> Response:
    """The document as JSON, formatted here (on the request's worker thread).

    A big answer (a 4000x4000 board's is 190 MB) goes out in its ~1 MB pieces: one
    write of the whole would hold the event loop for ~0.2 s, and every cheap request
    with it."""
    chunks = list(json_chunks(document))
    if len(chunks) == 1:
        return Response(chunks[0], media_type="application/json")
    return Pieces(chunks, media_type="application/json")


def _svg(scene: draw.Scene, note: str | None = None) -> Response:
    headers = {"X-Matchgame-Note": note} if note else None
    svg = draw.to_svg(scene).encode("utf-8")
    return Response(svg, media_type="image/svg+xml", headers=headers)


def _why_not_drawn(graph: Graph) -> str | None:
    """Why no picture of ``graph`` is drawn (too many vertices to lay out), or None.

    Documents with a picture answer ``"svg": null`` and this reason instead, so the
    page can say why it shows none rather than keep an older picture."""
    if graph.n_vertices <= draw.MAX_GRAPH_VERTICES or isinstance(graph.names, BoardCells):
        return None  # boards are drawn at any size (as one image when big)
    return (
        f"no picture: a graph picture draws at most {draw.MAX_GRAPH_VERTICES} vertices, "
        f"this graph has {graph.n_vertices}"
    )


def placements(query: QueryParams, body: bytes) -> Response:
    """The document of ``matchgame placements --format json``."""
    return _json(placements_answer(_analysis(query, body)))


def render_analysis(query: QueryParams, body: bytes) -> Response:
    """The analysis picture; ``matching=1`` adds the matching, ``sets=1`` colours
    the Gallai-Edmonds sets; ``layout=`` and ``size=`` as ``render --layout`` and
    ``--size`` (every picture of a graph takes them)."""
    analysis = _analysis(query, body)
    _claim_picture(analysis.graph)
    matching, sets = flag(query, "matching"), flag(query, "sets")
    # what the picture leaves out (the matching on a big board) goes to the page in
    # the X-Matchgame-Note header, so the page can say why
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", draw.RenderWarning)
        scene = draw.analysis_scene(analysis, matching=matching, sets=sets, **picture_style(query))
    notes = [str(w.message) for w in caught if issubclass(w.category, draw.RenderWarning)]
    return _svg(scene, "; ".join(notes) or None)


def render_record(query: QueryParams, body: bytes) -> Response:
    """A NOI2011 record's picture after ``upto`` moves (the vertex game's source)."""
    game = game_of(query)
    record = parse_input(body, "noi", game=game).value
    analysis = game.annotate_source(record, **options_of(query, game))
    return _svg(draw.record_scene(analysis, upto=upto_of(query)))


def render_walk(query: QueryParams, body: bytes) -> Response:
    """A token-game record's picture after ``upto`` moves."""
    record = _token_record(query, body)
    _claim_picture(record.graph)
    return _svg(
        draw.walk_scene(_annotated(query, record), upto=upto_of(query), **picture_style(query))
    )


def mistakes(query: QueryParams, body: bytes) -> Response:
    """The document of ``matchgame mistakes --format json``."""
    game = game_of(query)
    record = parse_input(body, "noi", game=game).value
    return _json(mistakes_document(game.annotate_source(record, **options_of(query, game))))


def annotate_record(query: QueryParams, body: bytes) -> Response:
    """The document of ``matchgame annotate --format json``."""
    return _json(annotation_document(_annotated(query, _token_record(query, body))))


def _annotated(query: QueryParams, record: TokenRecord) -> Any:
    """``record`` judged by its game, with the query's options."""
    return annotate(record, **options_of(query, record.rules))


def _position(query: QueryParams, body: bytes) -> tuple[BasePosition, int, Any]:
    """The position a ``/api/position`` or ``/api/hint`` body describes, how many
    moves led to it, and the NOI2011 record it comes from (None for other games)."""
    payload = json_body(body)
    if not isinstance(payload, dict):
        raise MatchgameError("the body must be a JSON object")
    if not isinstance(payload.get("input"), str):
        raise MatchgameError('field "input": expected the board or edge list as a string')
    played = payload.get("played", [])
    if not isinstance(played, list):
        raise MatchgameError('field "played": expected a list of moves')
    try:
        data = payload["input"].encode()
    except UnicodeEncodeError as exc:  # JSON may escape half of a surrogate pair
        raise MatchgameError(
            f'field "input": not text (a lone surrogate \\u{ord(exc.object[exc.start]):04x} '
            f"at character {exc.start + 1})"
        ) from None
    bunny = None
    earlier = 0
    rules = game_of(query)
    if flag(query, "noi") or flag(query, "record"):
        record: Any
        if flag(query, "noi"):
            # through the readers, as every other face reads a record (limits, hints)
            bunny = record = parse_input(data, "noi", game=rules).value
            length = record.moves.shape[0]
        else:
            record = _token_record(query, data)
            length = record.path.shape[0]
        taken = payload.get("record_moves", length)
        if not isinstance(taken, int) or isinstance(taken, bool) or not 0 <= taken <= length:
            raise MatchgameError(
                f'field "record_moves": expected a number of moves from 0 to {length}'
            )
        game, earlier = record.position(taken, **options_of(query, record.rules)), taken
    else:  # a board keeps its cells; an edge list is what the game reads
        found = parse_input(data, kind_of(query, data), moves=moves_of(query), game=rules)
        game = rules.position(found.value, moves=found.moves, **options_of(query, rules))
    for i, move in enumerate(played):
        # a move as the documents write it ([3, 5], 7, "a"), or as typed ("3 5", "a")
        if isinstance(move, str):
            move = move[:MAX_TYPED]
        elif not isinstance(move, int | list) or isinstance(move, bool):
            raise MatchgameError(f'field "played[{i}]": expected a move like [3, 5], 7 or "a"')
        v = game.move_from_json(move, f'field "played[{i}]"')
        try:
            game.push_id(v)  # its refusal names the cells as the request does, from 1
        except MatchgameError as exc:
            raise MatchgameError(f'field "played[{i}]": {exc}') from None
    return game, earlier + len(played), bunny


MAX_TYPED = 1024
"""Longest move or vertex read from a request (a label is quoted, cut, in messages)."""


def position(query: QueryParams, body: bytes) -> Response:
    """Who wins after the moves played, the engine's best move, and (``picture=1``)
    the position's picture.

    The body is JSON: ``input`` (the board or edge list text) and ``played`` (the
    moves so far, each as the documents write it: ``[3, 5]`` on a board, ``7`` or a
    label such as ``"a"`` on a graph; or as typed, a string like ``"3 5"``).
    With the query ``record=1``, ``input`` is a token-game record whose first
    ``record_moves`` moves (all by default) come before ``played``; with ``noi=1``
    a NOI2011 record likewise, and the game is Bunny and Egg's (a move names the
    piece that slides into the empty cell). A graph too big to draw has ``svg``
    null and ``picture_note`` saying why.
    """
    game, moves_played, bunny = _position(query, body)
    document = position_document(game, moves_played)
    if game.rules.names_itself:  # the game's documents say whose they are
        document["game"] = game.game
    if game.rules.moves_per_edge:  # what the moves used up: edges
        value = game.names.json_value
        document["used"] = [[value(u), value(v)] for u, v in game.used_edge_ids()]
    if flag(query, "picture"):
        note = _why_not_drawn(game.graph)
        if note is not None:
            document["svg"], document["picture_note"] = None, note
            return _json(document)
        _claim_picture(game.graph)
        pieces = None
        if bunny is not None:
            pieces = bunny.board.pieces_after(np.array(game.move_stack, dtype=np.int64))
        scene = draw.position_scene(game, pieces=pieces, **picture_style(query))
        document["svg"] = draw.to_svg(scene)
    return _json(document)


def hint(query: QueryParams, body: bytes) -> Response:
    """A hint for the player to move (the body and query of ``/api/position``):
    ``move``, a winning move when there is one (``winning`` true), else the best
    defence, the move leaving the opponent the fewest winning replies, as the
    terminal play's hint; ``winning_replies``: how many the opponent has after it."""
    game, _, _ = _position(query, body)
    move = game.best_move()
    if move is None:
        return _json({"move": None, "winning": False, "winning_replies": 0})
    winning = game.mover_wins()
    after = game.copy()
    after.push(move)
    return _json(
        {
            "move": game.move_json(move),
            "winning": winning,
            "winning_replies": len(after.winning_moves()),
        }
    )


def explain(query: QueryParams, body: bytes) -> Response:
    """Why placing the token on ``at`` (``ROW,COL`` 1-based, or a vertex as the graph
    writes it: a number, or a label) wins or loses: the explanation's document
    (``text``, ``path``, ``replies``, ``matching``) and its picture (``svg``)."""
    analysis = _analysis(query, body)
    _claim_picture(analysis.graph)
    names = analysis.names
    at = query.get("at", "")[:MAX_TYPED]
    vertex = names.parse(at.replace(",", " ") if names.width == 2 else at, "query at")
    why = analysis.explain(names.name(vertex), **options_of(query, analysis.rules))
    document = why.document()
    note = _why_not_drawn(analysis.graph)
    if note is None:
        document["svg"] = draw.to_svg(draw.explain_scene(why, **picture_style(query)))
    else:
        document["svg"], document["picture_note"] = None, note
    return _json(document)


async def games(request: Request) -> Response:
    """Every game the server plays (the page's game switch): ``name``, ``title``,
    ``rule``, and whether its analyses have a maximum matching to draw; ``default``."""
    listed = [
        {
            "name": each.name,
            "title": each.title,
            "rule": each.rule,
            "matching": each.has_matching,
        }
        for each in all_games()
    ]
    return JSONResponse({"default": DEFAULT, "games": listed})


async def opening(request: Request) -> Response:
    """What ``matchgame serve`` was started on: ``text``, its ``kind`` (board, edges,
    noi, walk-board, walk-edges), ``moves``, and for a graph in a standard format its
    ``format`` (for the ``format`` query); null when nothing was given."""
    return JSONResponse(request.app.state.start)


async def example(request: Request) -> Response:
    """A bundled example's text; ``X-Matchgame-Kind`` says what it is (a graph file's
    is ``edges``, its format in ``X-Matchgame-Format``, for the ``format`` query)."""
    name = request.path_params["name"]
    try:
        found = bundled(name)
    except UnknownExample:
        return JSONResponse({"error": f"unknown example {name!r}"}, status_code=404)
    headers = {"X-Matchgame-Kind": found.kind, "X-Matchgame-Moves": EXAMPLES[name].moves}
    if found.kind in GRAPH_KINDS:
        headers.update({"X-Matchgame-Kind": "edges", "X-Matchgame-Format": found.kind})
    return Response(found.text.encode("ascii"), media_type="text/plain", headers=headers)
