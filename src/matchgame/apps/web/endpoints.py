"""What each URL of the API computes: the command line's documents and pictures.

Each endpoint takes the request (its query) and the body, reads the body with
:func:`matchgame.readers.inputs.parse_input` (the command line's reader) and
answers with a document of :mod:`matchgame.writers` or a picture of
:mod:`matchgame.draw`. Bad input raises :class:`~matchgame.errors.MatchgameError`,
which :mod:`.app` turns into a 400 with its message.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import AsyncIterator
from typing import Any

import numpy as np
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ... import draw
from ...core.graph import Graph
from ...core.moves import as_moves
from ...core.names import BoardCells
from ...errors import MatchgameError
from ...examples import EXAMPLES, UnknownExample, load
from ...games.bunny import GameRecord, analyse_record
from ...games.placement import Analysis, analyse
from ...games.position import Position
from ...games.tokens import TokenRecord, annotate
from ...readers.inputs import GRAPH_KINDS, graph_kind, parse_input
from ...writers.jsonstream import json_chunks
from ...writers.placements import placements_answer
from ...writers.positions import position_document
from ...writers.records import annotation_document, mistakes_document

__all__ = [
    "annotate_record",
    "example",
    "explain",
    "hint",
    "mistakes",
    "opening",
    "placements",
    "position",
    "render_analysis",
    "render_record",
    "render_walk",
]


def flag(request: Request, name: str) -> bool:
    """Whether the query sets ``name`` (anything but 0, false, no or empty)."""
    return request.query_params.get(name, "0") not in ("", "0", "false", "no")


def _moves(request: Request) -> str:
    return as_moves(request.query_params.get("moves", "orthogonal"), "moves")


def _kind(request: Request, data: bytes, record: bool = False) -> str:
    """The kind of input the query names: a board, a token-game record, or with
    ``edges=1`` a graph in the ``format`` the query names (``edgelist`` for
    matchgame's own), else in the one the ``name`` of the file it came from and its
    first line show, as the command line reads a file (a METIS or SNAP file opened in
    the page has no signature line: its extension tells), else in the one its first
    line shows (graph6, Matrix Market, DIMACS, ... pasted into the page)."""
    edges = flag(request, "edges")
    if record:
        return "walk-edges" if edges else "walk-board"
    if not edges:
        return "board"
    chosen = request.query_params.get("format")
    if chosen is None:
        name = request.query_params.get("name")
        return "graph" if name is None else graph_kind(data, name[-200:])
    if chosen == "edgelist":
        return "edges"
    if chosen not in GRAPH_KINDS:
        raise MatchgameError(
            f"query format={chosen[:20]!r}: expected one of edgelist, {', '.join(GRAPH_KINDS)}"
        )
    return chosen


def _analysis(request: Request, data: bytes) -> Analysis:
    source = parse_input(data, _kind(request, data), moves=_moves(request))
    return analyse(source.value, moves=source.moves)


def _token_record(request: Request, data: bytes) -> TokenRecord:
    record = parse_input(data, _kind(request, data, record=True), moves=_moves(request)).value
    assert isinstance(record, TokenRecord)  # the walk kinds read token-game records
    return record


def _upto(request: Request) -> int | None:
    """The ``upto`` query: how many moves of a record to show (all when absent)."""
    text = request.query_params.get("upto")
    if text is None:
        return None
    if not text.isdigit() or len(text) > 9:
        raise MatchgameError(f"query upto={text[:20]!r}: expected a number of moves")
    return int(text)


def _json(document: Any) -> Response:
    """The document as JSON, formatted here (on the request's worker thread).

    A big answer (a 4000x4000 board's is 190 MB) goes out in its ~1 MB pieces: one
    write of the whole would hold the event loop for ~0.2 s, and every cheap request
    with it."""
    chunks = list(json_chunks(document))
    if len(chunks) == 1:
        return Response(chunks[0], media_type="application/json")

    async def pieces() -> AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk

    size = str(sum(len(chunk) for chunk in chunks))
    return StreamingResponse(
        pieces(), media_type="application/json", headers={"content-length": size}
    )


def _svg(scene: draw.Scene, note: str | None = None) -> Response:
    headers = {"X-Matchgame-Note": note} if note else None
    return Response(draw.to_svg(scene), media_type="image/svg+xml", headers=headers)


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


def placements(request: Request, body: bytes) -> Response:
    """The document of ``matchgame placements --format json``."""
    return _json(placements_answer(_analysis(request, body)))


def render_analysis(request: Request, body: bytes) -> Response:
    """The analysis picture; ``matching=1`` adds the matching, ``sets=1`` colours
    the Gallai-Edmonds sets."""
    analysis = _analysis(request, body)
    matching, sets = flag(request, "matching"), flag(request, "sets")
    # what the picture leaves out (the matching on a big board) goes to the page in
    # the X-Matchgame-Note header, so the page can say why
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", draw.RenderWarning)
        scene = draw.analysis_scene(analysis, matching=matching, sets=sets)
    notes = [str(w.message) for w in caught if issubclass(w.category, draw.RenderWarning)]
    return _svg(scene, "; ".join(notes) or None)


def render_record(request: Request, body: bytes) -> Response:
    """A NOI2011 record's picture after ``upto`` moves."""
    record = parse_input(body, "noi").value
    assert isinstance(record, GameRecord)
    return _svg(draw.record_scene(analyse_record(record), upto=_upto(request)))


def render_walk(request: Request, body: bytes) -> Response:
    """A token-game record's picture after ``upto`` moves."""
    annotation = annotate(_token_record(request, body))
    return _svg(draw.walk_scene(annotation, upto=_upto(request)))


def mistakes(request: Request, body: bytes) -> Response:
    """The document of ``matchgame mistakes --format json``."""
    record = parse_input(body, "noi").value
    assert isinstance(record, GameRecord)
    return _json(mistakes_document(analyse_record(record)))


def annotate_record(request: Request, body: bytes) -> Response:
    """The document of ``matchgame annotate --format json``."""
    return _json(annotation_document(annotate(_token_record(request, body))))


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


def _game(request: Request, body: bytes) -> tuple[Position, int, GameRecord | None]:
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
    if flag(request, "noi") or flag(request, "record"):
        record: GameRecord | TokenRecord
        if flag(request, "noi"):
            bunny = record = GameRecord.parse(data)
            length = record.moves.shape[0]
        else:
            record = _token_record(request, data)
            length = record.path.shape[0]
        taken = payload.get("record_moves", length)
        if not isinstance(taken, int) or isinstance(taken, bool) or not 0 <= taken <= length:
            raise MatchgameError(
                f'field "record_moves": expected a number of moves from 0 to {length}'
            )
        game, earlier = record.position(taken), taken
    else:
        game = Position(parse_input(data, _kind(request, data), moves=_moves(request)).graph)
    names = game.graph.names
    for i, move in enumerate(played):
        numbers = move if isinstance(move, list) else [move]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in numbers):
            raise MatchgameError(f'field "played[{i}]": expected a move like [3, 5] or 7')
        v = names.parse(" ".join(str(x) for x in numbers), f"played[{i}]")
        try:
            game.push(names.name(v))
        except MatchgameError as exc:
            raise MatchgameError(f'field "played[{i}]": {exc}') from None
    return game, earlier + len(played), bunny


def position(request: Request, body: bytes) -> Response:
    """Who wins after the moves played, the engine's best move, and (``picture=1``)
    the position's picture.

    The body is JSON: ``input`` (the board or edge list text) and ``played`` (the
    moves so far, each like ``[3, 5]`` on a board or ``7`` on a graph, 1-based).
    With the query ``record=1``, ``input`` is a token-game record whose first
    ``record_moves`` moves (all by default) come before ``played``; with ``noi=1``
    a NOI2011 record likewise, and the game is Bunny and Egg's (a move names the
    piece that slides into the empty cell). A graph too big to draw has ``svg``
    null and ``picture_note`` saying why.
    """
    game, moves_played, bunny = _game(request, body)
    document = position_document(game, moves_played)
    if flag(request, "picture"):
        note = _why_not_drawn(game.graph)
        if note is not None:
            document["svg"], document["picture_note"] = None, note
            return _json(document)
        pieces = None
        if bunny is not None:
            pieces = bunny.board.pieces_after(np.array(game.move_stack, dtype=np.int64))
        document["svg"] = draw.to_svg(draw.position_scene(game, pieces=pieces)).decode()
    return _json(document)


def hint(request: Request, body: bytes) -> Response:
    """A hint for the player to move (the body and query of ``/api/position``):
    ``move``, a winning move when there is one (``winning`` true), else the best
    defence, the move leaving the opponent the fewest winning replies, as the
    terminal play's hint; ``winning_replies``: how many the opponent has after it."""
    game, _, _ = _game(request, body)
    move = game.best_move()
    if move is None:
        return _json({"move": None, "winning": False, "winning_replies": 0})
    winning = game.mover_wins()
    after = game.copy()
    after.push(move)
    names = game.graph.names
    return _json(
        {
            "move": names.json_value(names.vertex(move)),
            "winning": winning,
            "winning_replies": len(after.winning_moves()),
        }
    )


def explain(request: Request, body: bytes) -> Response:
    """Why placing the token on ``at`` (``ROW,COL`` or a vertex number, 1-based) wins
    or loses: the explanation's document (``text``, ``path``, ``replies``,
    ``matching``) and its picture (``svg``)."""
    analysis = _analysis(request, body)
    names = analysis.names
    at = request.query_params.get("at", "")
    vertex = names.parse(at.replace(",", " ")[:40], "query at")
    why = analysis.explain(names.name(vertex))
    document = why.document()
    note = _why_not_drawn(analysis.graph)
    if note is None:
        document["svg"] = draw.to_svg(draw.explain_scene(why)).decode()
    else:
        document["svg"], document["picture_note"] = None, note
    return _json(document)


async def opening(request: Request) -> Response:
    """What ``matchgame serve`` was started on: ``text``, its ``kind`` (board, edges,
    noi, walk-board, walk-edges), ``moves``, and for a graph in a standard format its
    ``format`` (for the ``format`` query); null when nothing was given."""
    return JSONResponse(request.app.state.start)


async def example(request: Request) -> Response:
    """A bundled example's text; ``X-Matchgame-Kind`` says what it is."""
    name = request.path_params["name"]
    try:
        found = load(name)
    except UnknownExample:
        return JSONResponse({"error": f"unknown example {name!r}"}, status_code=404)
    headers = {"X-Matchgame-Kind": found.kind, "X-Matchgame-Moves": EXAMPLES[name].moves}
    return Response(found.text.encode("ascii"), media_type="text/plain", headers=headers)
