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

import json
import warnings
from pathlib import PurePath
from typing import Any

import numpy as np
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send

from ... import draw
from ...core.graph import Graph
from ...core.moves import MOVES, as_moves
from ...core.names import BoardCells
from ...errors import MatchgameError
from ...examples import EXAMPLES, UnknownExample
from ...examples import example as bundled
from ...games.analyses import BaseAnalysis
from ...games.contract import DEFAULT, Game, all_games, find_game, names
from ...games.notes import annotate
from ...games.positions import BasePosition
from ...games.tokens import TokenRecord
from ...inputs import input_kind, parse_input, record_kind
from ...readers.graphs import EXTENSIONS
from ...readers.inputs import GRAPH_KINDS
from ...writers.jsonstream import json_chunks
from ...writers.placements import placements_answer
from ...writers.positions import position_document
from ...writers.records import annotation_document, mistakes_document
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


def flag(query: QueryParams, name: str) -> bool:
    """Whether the query sets ``name`` (anything but 0, false, no or empty)."""
    return query.get(name, "0") not in ("", "0", "false", "no")


def _moves(query: QueryParams) -> str:
    """The move rule on a board (``moves=``); a graph's edges are its moves."""
    text = query.get("moves", "orthogonal")
    if text not in MOVES:
        raise MatchgameError(f"query moves={text[:20]!r}: expected one of {', '.join(MOVES)}")
    moves = as_moves(text)
    if moves != "orthogonal" and _graph_query(query):
        raise MatchgameError(f"query moves={moves} goes with a board, not a graph")
    return moves


def _game(query: QueryParams) -> Game:
    """The game the query names (``game=NAME``; none: the default game)."""
    name = query.get("game", DEFAULT)
    if name not in names():
        raise MatchgameError(f"query game={name[:20]!r}: expected one of {', '.join(names())}")
    return find_game(name)


def _options(query: QueryParams, game: Game) -> dict[str, Any]:
    """The game options the query gives (``max_states=1000``: each option of any game
    under its API name), read and checked by the game (an option of another game is
    one line naming the games that take it)."""
    given: dict[str, Any] = {}
    for option in {o.name: o for g in all_games() for o in g.options}.values():
        text = query.get(option.name)
        if text is not None:
            try:
                given[option.name] = option.from_text(text[:64])
            except MatchgameError as exc:
                raise MatchgameError(f"query {option.name}={text[:20]!r}: {exc}") from None
    return game.checked_options(given, defaults=False)


def _kind(query: QueryParams, data: bytes, record: bool = False) -> str:
    """The kind of input the query names, recognised as the command line recognises
    a file (:func:`matchgame.inputs.input_kind`): a token-game record (``record``), or
    a graph in the ``format`` the query names (``edgelist`` for matchgame's own), else
    in the one the extension of the ``name`` of the file it came from names (a METIS
    or SNAP file opened in the page has no signature line), else with ``edges=1`` in
    the one its text shows (graph6, Matrix Market, DIMACS, GML ... pasted into the
    page), else a board (an edge list with ``edges=1``)."""
    edges = flag(query, "edges")
    if record:
        return record_kind(edges, _game(query))
    chosen = query.get("format")
    if chosen is not None and chosen != "edgelist" and chosen not in GRAPH_KINDS:
        raise MatchgameError(
            f"query format={chosen[:20]!r}: expected one of edgelist, {', '.join(GRAPH_KINDS)}"
        )
    name = query.get("name")
    return input_kind(edges, format=chosen, name=None if name is None else name[-200:], head=data)


# what reads each kind of input, for "the input reads as X" (as the command line's
# "(for those: --input-format gml)")
_QUERY_FOR = {
    "board": "a request without edges=1",
    "edges": "edges=1",
    "noi": "/api/mistakes",
    "walk-board": "/api/annotate",
    "walk-edges": "/api/annotate?edges=1",
    "edgelist": "edges=1&format=edgelist",
    **{kind: f"edges=1&format={kind}" for kind in GRAPH_KINDS},
    "sweep": "matchgame sweep, which answers every graph",
}


def error_text(exc: MatchgameError) -> str:
    """A bad input's one-line message; for an input of another kind than the request
    reads, which query reads it."""
    text = str(exc)
    other = getattr(exc, "other_kind", None)
    if other in _QUERY_FOR:
        text += f" (for those: {_QUERY_FOR[other]})"
    return text


NETWORKX_KINDS = ("graphml", "gml")
"""Graph formats read by NetworkX (:mod:`matchgame.readers.networkx_formats`)."""


def parses_graphs(query: QueryParams, body: bytes) -> bool:
    """Whether reading the body runs NetworkX (GraphML, GML), which cannot be stopped
    on a thread."""
    if not on_graphs(query, body):
        return False
    try:
        return _kind(query, body) in NETWORKX_KINDS
    except MatchgameError:
        return False


def on_graphs(query: QueryParams, body: bytes) -> bool:
    """Whether the work may run NetworkX: a graph's picture (its layout), or a graph in
    a JSON body, in whichever format."""
    return _graph_query(query)


def _graph_query(query: QueryParams) -> bool:
    """Whether the query says the input is a graph: ``edges=1``, a ``format``, or the
    ``name`` of a graph file (its extension names a graph format)."""
    if flag(query, "edges") or query.get("format") is not None:
        return True
    name = query.get("name")
    return name is not None and PurePath(name[-200:]).suffix.lower() in EXTENSIONS


def _claim_picture(graph: Graph) -> None:
    """A graph picture lays its vertices out (NetworkX's spring layout, O(n^2) a step):
    claimed, so that a big one takes the heavy lane (see :mod:`.work`)."""
    if not isinstance(graph.names, BoardCells) and graph.n_vertices <= draw.MAX_GRAPH_VERTICES:
        claim_layout(graph.n_vertices)


def _analysis(query: QueryParams, data: bytes) -> BaseAnalysis:
    # a game's computations claim their memory (core/_memory), as readers do
    game = _game(query)
    source = parse_input(data, _kind(query, data), moves=_moves(query), game=game)
    return game.analyse(source.value, moves=source.moves, **_options(query, game))


def _token_record(query: QueryParams, data: bytes) -> TokenRecord:
    kind = _kind(query, data, record=True)
    record = parse_input(data, kind, moves=_moves(query), game=_game(query)).value
    assert isinstance(record, TokenRecord)  # the walk kinds read token-game records
    return record


def _upto(query: QueryParams) -> int | None:
    """The ``upto`` query: how many moves of a record to show (all when absent)."""
    text = query.get("upto")
    if text is None:
        return None
    if not text.isdigit() or len(text) > 9:
        raise MatchgameError(f"query upto={text[:20]!r}: expected a number of moves")
    return int(text)


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
    the Gallai-Edmonds sets."""
    analysis = _analysis(query, body)
    _claim_picture(analysis.graph)
    matching, sets = flag(query, "matching"), flag(query, "sets")
    # what the picture leaves out (the matching on a big board) goes to the page in
    # the X-Matchgame-Note header, so the page can say why
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", draw.RenderWarning)
        scene = draw.analysis_scene(analysis, matching=matching, sets=sets)
    notes = [str(w.message) for w in caught if issubclass(w.category, draw.RenderWarning)]
    return _svg(scene, "; ".join(notes) or None)


def render_record(query: QueryParams, body: bytes) -> Response:
    """A NOI2011 record's picture after ``upto`` moves (the vertex game's source)."""
    game = _game(query)
    record = parse_input(body, "noi", game=game).value
    analysis = game.annotate_source(record, **_options(query, game))
    return _svg(draw.record_scene(analysis, upto=_upto(query)))


def render_walk(query: QueryParams, body: bytes) -> Response:
    """A token-game record's picture after ``upto`` moves."""
    record = _token_record(query, body)
    _claim_picture(record.graph)
    return _svg(draw.walk_scene(_annotated(query, record), upto=_upto(query)))


def mistakes(query: QueryParams, body: bytes) -> Response:
    """The document of ``matchgame mistakes --format json``."""
    game = _game(query)
    record = parse_input(body, "noi", game=game).value
    return _json(mistakes_document(game.annotate_source(record, **_options(query, game))))


def annotate_record(query: QueryParams, body: bytes) -> Response:
    """The document of ``matchgame annotate --format json``."""
    return _json(annotation_document(_annotated(query, _token_record(query, body))))


def _annotated(query: QueryParams, record: TokenRecord) -> Any:
    """``record`` judged by its game, with the query's options."""
    return annotate(record, **_options(query, record.rules))


def _json_body(body: bytes) -> Any:
    """The body read as JSON; anything else is a one-line error saying where."""
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise MatchgameError(
            f"the body is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except UnicodeDecodeError as exc:  # json.loads takes UTF-8, -16 or -32 bytes
        raise MatchgameError(
            f"the body is not JSON: not {exc.encoding} text (byte {exc.start + 1})"
        ) from None
    except RecursionError:
        raise MatchgameError("the body is not JSON this server reads: nested too deeply") from None


def _position(query: QueryParams, body: bytes) -> tuple[BasePosition, int, Any]:
    """The position a ``/api/position`` or ``/api/hint`` body describes, how many
    moves led to it, and the NOI2011 record it comes from (None for other games)."""
    payload = _json_body(body)
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
    rules = _game(query)
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
        game, earlier = record.position(taken, **_options(query, record.rules)), taken
    else:  # a board keeps its cells; an edge list is what the game reads
        found = parse_input(data, _kind(query, data), moves=_moves(query), game=rules)
        game = rules.position(found.value, moves=found.moves, **_options(query, rules))
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
        document["svg"] = draw.to_svg(draw.position_scene(game, pieces=pieces))
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
    why = analysis.explain(names.name(vertex), **_options(query, analysis.rules))
    document = why.document()
    note = _why_not_drawn(analysis.graph)
    if note is None:
        document["svg"] = draw.to_svg(draw.explain_scene(why))
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
