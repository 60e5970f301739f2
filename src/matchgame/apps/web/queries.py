"""How a request to the API is read: its query's flags, move rule, game, the game's
options, the kind of its body (as the command line recognises a file), and a JSON
body; each mistake a :class:`~matchgame.errors.MatchgameError` of one line naming the
query field (:mod:`.endpoints` answers with what they read).
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

from starlette.datastructures import QueryParams

from ...core.moves import MOVES, as_moves
from ...errors import MatchgameError
from ...games.contract import DEFAULT, Game, all_games, find_game, names
from ...inputs import input_kind, record_kind
from ...readers.graphs import EXTENSIONS
from ...readers.inputs import GRAPH_KINDS

__all__ = [
    "error_text",
    "flag",
    "game_of",
    "graph_query",
    "json_body",
    "kind_of",
    "moves_of",
    "on_graphs",
    "options_of",
    "parses_graphs",
    "upto_of",
]


def flag(query: QueryParams, name: str) -> bool:
    """Whether the query sets ``name`` (anything but 0, false, no or empty)."""
    return query.get(name, "0") not in ("", "0", "false", "no")


def moves_of(query: QueryParams) -> str:
    """The move rule on a board (``moves=``); a graph's edges are its moves."""
    text = query.get("moves", "orthogonal")
    if text not in MOVES:
        raise MatchgameError(f"query moves={text[:20]!r}: expected one of {', '.join(MOVES)}")
    moves = as_moves(text)
    if moves != "orthogonal" and graph_query(query):
        raise MatchgameError(f"query moves={moves} goes with a board, not a graph")
    return moves


def game_of(query: QueryParams) -> Game:
    """The game the query names (``game=NAME``; none: the default game)."""
    name = query.get("game", DEFAULT)
    if name not in names():
        raise MatchgameError(f"query game={name[:20]!r}: expected one of {', '.join(names())}")
    return find_game(name)


def options_of(query: QueryParams, game: Game) -> dict[str, Any]:
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


def kind_of(query: QueryParams, data: bytes, record: bool = False) -> str:
    """The kind of input the query names, recognised as the command line recognises
    a file (:func:`matchgame.inputs.input_kind`): a token-game record (``record``), or
    a graph in the ``format`` the query names (``edgelist`` for matchgame's own), else
    in the one the extension of the ``name`` of the file it came from names (a METIS
    or SNAP file opened in the page has no signature line), else with ``edges=1`` in
    the one its text shows (graph6, Matrix Market, DIMACS, GML ... pasted into the
    page), else a board (an edge list with ``edges=1``)."""
    edges = flag(query, "edges")
    if record:
        return record_kind(edges, game_of(query))
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
    queries = [
        _QUERY_FOR[kind]
        for kind in getattr(exc, "other_kinds", ()) or (other,)
        if kind in _QUERY_FOR
    ]
    if queries:
        text += f" (for those: {'; '.join(queries)})"
    return text


NETWORKX_KINDS = ("graphml", "gml")
"""Graph formats read by NetworkX (:mod:`matchgame.readers.networkx_formats`)."""


def parses_graphs(query: QueryParams, body: bytes) -> bool:
    """Whether reading the body runs NetworkX (GraphML, GML), which cannot be stopped
    on a thread."""
    if not on_graphs(query, body):
        return False
    try:
        return kind_of(query, body) in NETWORKX_KINDS
    except MatchgameError:
        return False


def on_graphs(query: QueryParams, body: bytes) -> bool:
    """Whether the work may run NetworkX: a graph's picture (its layout), or a graph in
    a JSON body, in whichever format."""
    return graph_query(query)


def graph_query(query: QueryParams) -> bool:
    """Whether the query says the input is a graph: ``edges=1``, a ``format``, or the
    ``name`` of a graph file (its extension names a graph format)."""
    if flag(query, "edges") or query.get("format") is not None:
        return True
    name = query.get("name")
    return name is not None and PurePath(name[-200:]).suffix.lower() in EXTENSIONS


def upto_of(query: QueryParams) -> int | None:
    """The ``upto`` query: how many moves of a record to show (all when absent)."""
    text = query.get("upto")
    if text is None:
        return None
    if not text.isdigit() or len(text) > 9:
        raise MatchgameError(f"query upto={text[:20]!r}: expected a number of moves")
    return int(text)


def json_body(body: bytes) -> Any:
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
