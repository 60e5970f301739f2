"""What is this input? One place that reads a file or a request body as a board, an
edge list, a graph file, a NOI2011 record or a record of a game, for the command
line and the web app alike, each as the chosen game reads it
(:meth:`matchgame.Game.read_edge_list`, :meth:`matchgame.Game.accept`).

The kinds, and how long each can be, are in :mod:`matchgame.readers.inputs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from .core._memory import memory_share
from .core._text import HEAD_BYTES, prepare
from .core.board import Board, parse_board
from .core.digraph import is_directed
from .core.graph import Graph
from .core.moves import as_moves
from .errors import InvalidParameterError, MatchgameError, ParseError
from .games.contract import DEFAULT, Game, all_games, find_game
from .readers import graphs
from .readers.inputs import GRAPH_KINDS, KINDS, TEXT_KINDS, TRAIL_KINDS, graph_kind
from .readers.pairs import hints_pairs

if TYPE_CHECKING:
    pass

__all__ = [
    "SNIFFED",
    "Input",
    "input_kind",
    "parse_input",
    "record_kind",
    "sniff_input",
    "sniffed_kinds",
]


@dataclass(frozen=True)
class Input:
    """An input read as its kind: ``value`` is a :class:`Board`, a :class:`Graph`, a
    :class:`GameRecord` or a :class:`TokenRecord`; ``moves`` is the move rule on a
    board."""

    kind: str
    value: Any  # a Board, Graph, MultiGraph, DiGraph, GameRecord or TokenRecord
    moves: str = "orthogonal"

    @property
    def graph(self) -> Any:
        """The graph the game is played on (a board's under :attr:`moves`, a NOI2011
        record's arena)."""
        value = self.value
        if isinstance(value, Board):
            return value.to_graph(self.moves)
        if isinstance(value, Graph) or is_directed(value):  # the directed games' arcs
            return value
        from .core.multigraph import MultiGraph  # loaded already when the value is one

        if isinstance(value, MultiGraph):
            return value.support
        if hasattr(value, "n_vertices"):
            return value  # a graph of the game's own (a DiGraph: arcs)
        return value.graph  # a record: a token game's, or a source's (a NOI2011 arena)


def input_kind(
    edges: bool,
    *,
    format: str | None = None,
    name: str | None = None,
    head: bytes | Callable[[], bytes] | None = None,
) -> str:
    """The kind to read a board or a graph as, as every face recognises it (the
    command line a FILE or standard input, the web app a request body): ``edges``,
    the input is a graph (``--edges``, ``edges=1``); ``format``, the graph format
    named (``--input-format``, ``format=``; ``edgelist`` is matchgame's own);
    ``name``, the name of the file it came from; ``head``, its first bytes (or a
    function reading them, called only when they are needed; None: not read yet, as
    standard input).

    The format named comes first (a graph's, whatever ``edges`` says); then the
    format ``name``'s extension names (``.mtx``, ``.gml`` ...: a graph file is a
    graph); then, for a graph, the one its text shows
    (:func:`matchgame.readers.graphs.detect_format`: a signature such as
    ``%%MatrixMarket``, ``<?xml`` or ``graph [``, or the first line's shape), or
    ``graph`` when the text is not read yet (told when it is); else ``board`` or
    ``edges`` (matchgame's edge list). Without ``edges``, a text that can be nothing
    but lines of pairs ``u v``, as NetworkX writes them, is a graph too (``snap``:
    :func:`matchgame.readers.graphs.detect_graph_text`).

    Raises
    ------
    InvalidParameterError
        For a ``format`` that is no graph format.

    Examples
    --------
    >>> input_kind(False), input_kind(True), input_kind(False, name="web.mtx")
    ('board', 'graph', 'mtx')
    >>> input_kind(True, head=b"graph [ node [ id 1 ] ]"), input_kind(True, head=b"3 1\\n1 2\\n")
    ('gml', 'edges')
    >>> input_kind(False, name="karate.txt", head=b"0 1\\n0 2\\n")
    'snap'
    """
    if format is not None:
        if format != "edgelist" and format not in GRAPH_KINDS:
            raise InvalidParameterError(
                f"format must be one of edgelist, {', '.join(GRAPH_KINDS)}, got {format!r}"
            )
        return "edges" if format == "edgelist" else format
    if name is not None:
        named = graphs.EXTENSIONS.get(PurePath(name).suffix.lower())
        if named is not None:
            return named
    if head is None:
        return "graph" if edges else "board"
    text = head() if callable(head) else head
    if not edges:  # a graph file that can be nothing else is a graph (karate.txt)
        return graphs.detect_graph_text(name, text[:HEAD_BYTES]) or "board"
    return graphs.detect_format(name, text[:HEAD_BYTES]) or "edges"


def record_kind(edges: bool, game: str | Game = DEFAULT) -> str:
    """The kind of a record of ``game`` on an edge list (``edges``) or a board: a
    game whose token may come back has longer records (one move per edge).

    >>> record_kind(False), record_kind(True, "edge")
    ('walk-board', 'trail-edges')
    """
    per_edge = find_game(game).moves_per_edge
    return ("trail-" if per_edge else "walk-") + ("edges" if edges else "board")


def parse_input(
    data: str | bytes, kind: str, *, moves: str = "orthogonal", game: str | Game = DEFAULT
) -> Input:
    """Read ``data`` as ``kind`` (see :data:`~matchgame.readers.inputs.KINDS`) as
    ``game`` reads it: ``moves``, the move rule on a board; an edge list is what the
    game reads (the edge game's keeps repeated edges and self-loops, the directed
    game's lines are arcs), a graph file must be one the game plays on, and a record
    is checked by the game's rules.

    Raises
    ------
    ParseError, IllegalMoveError
        From the kind's reader, naming the line. When the text does not follow the
        format but reads as another kind, the message says so and the error's
        ``other_kind`` names it (a NOI2011 record given where a board was expected);
        ``other_kinds``, every kind it reads as (an edge list whose lines are pairs
        ``u v`` reads as matchgame's and as a SNAP edge list).
    """
    if kind == "graph":
        kind = graph_kind(prepare(data[:HEAD_BYTES]))
    rules = find_game(game)
    try:
        return _parse(data, kind, moves, rules)
    except ParseError as exc:
        others = _other_kinds(data, kind, moves, rules)
        if not others:
            raise
        found = ParseError(
            f"{exc.reason}; the input reads as "
            + " and as ".join(KINDS[other].description for other in others),
            line=exc.line,
            column=exc.column,
        )
        # a graph format chosen (or guessed from a file's extension) over what is
        # matchgame's own edge list: "edgelist" is the --input-format that reads it
        named = tuple("edgelist" if kind in GRAPH_KINDS and o == "edges" else o for o in others)
        found.other_kind, found.other_kinds = named[0], named
        raise found from None


def _other_kinds(data: str | bytes, tried: str, moves: str, rules: Game) -> tuple[str, ...]:
    """The other kinds ``data`` reads as: the first of matchgame's own (or a standard
    graph format's); else a SNAP edge list, when its lines are pairs of ids ``u v``
    (an edge list without a header, which reads as matchgame's but for a mistake:
    which was meant is unknown)."""
    first = _other_kind(data, tried, moves, rules)
    if first is not None or tried == "snap" or len(data) > OTHER_KINDS_UP_TO:
        return () if first is None else (first,)
    text = prepare(data)
    if not hints_pairs(text):
        return ()
    with memory_share(OTHER_KINDS_MEMORY):
        try:
            graphs.FORMATS["snap"].parse(text)
        except MatchgameError:
            return ()
    return ("snap",)


def _other_kind(data: str | bytes, tried: str, moves: str, rules: Game) -> str | None:
    """The first other kind ``data`` reads as, if any (small inputs only: this runs on
    the error path, to say what was given)."""
    if len(data) > OTHER_KINDS_UP_TO:
        return None
    kinds = ("edges",) if tried in GRAPH_KINDS else TEXT_KINDS
    # a hint must not cost more than the input: "344444444 0" is no board, but as an
    # edge list it declares 344 million vertices (7 GB and 25 s to build, for a hint)
    with memory_share(OTHER_KINDS_MEMORY):
        for kind in kinds:
            if kind == tried:
                continue
            try:
                _parse(data, kind, moves, rules)
            except MatchgameError:
                continue
            return kind
        if tried in GRAPH_KINDS:
            return None
        return _graph_format_of(data)


def _graph_format_of(data: str | bytes) -> str | None:
    """The standard graph format ``data`` reads as, if any, for a hint on standard
    input, which has no extension to tell: the one its first line's signature or
    shape names (a Matrix Market banner, graph6 lines), else METIS, whose
    ``n m`` header without a ``%`` line looks like an edge list's."""
    head = prepare(data[:HEAD_BYTES])
    guessed = graphs.detect_format(None, head)
    for kind in dict.fromkeys([guessed, "metis"]):
        if kind not in GRAPH_KINDS:
            continue
        try:
            # graph6 and sparse6 may hold many graphs (one command answers one; sweep, many)
            if graphs.FORMATS[kind].parse(prepare(data)):
                return kind
        except (MatchgameError, ImportError):
            continue
    return None


OTHER_KINDS_UP_TO = 1 << 20
"""Inputs up to this many bytes that fail as one kind are tried as the others."""
OTHER_KINDS_MEMORY = 64 << 20
"""What trying another kind may plan for (a share, see :func:`memory_share`)."""


def _parse(data: str | bytes, kind: str, moves: str, rules: Game) -> Input:
    moves = as_moves(moves)
    value: Any
    if kind == "board":
        value = parse_board(data)
    elif kind == "edges":
        value = rules.read_edge_list(data)
    elif kind in _source_kinds():  # a NOI2011 record: the vertex game's source
        value = rules.read_source(kind, data)  # refused, naming the readers, by the others
    elif kind in ("walk-board", "walk-edges", *TRAIL_KINDS):
        from .games.tokens import parse_token_record

        edges = kind.endswith("-edges")
        value = parse_token_record(data, edges=edges, moves=moves, game=rules)
    elif kind in GRAPH_KINDS:
        # a game along arcs reads the formats that carry direction as arcs
        found = graphs.parser(kind, rules.directed)(prepare(data))
        if len(found) != 1:
            many = ParseError(f"expected one graph, the input holds {len(found)}")
            many.other_kind = "sweep" if found else None  # sweep answers many graphs
            raise many
        value = rules.accept(found[0], f"the input ({graphs.FORMATS[kind].description})")
    else:
        raise InvalidParameterError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    return Input(kind, value, moves)


SNIFFED = {False: ("board", "noi", "walk-board"), True: ("edges", "walk-edges")}
"""The kinds :func:`sniff_input` tries, without and with ``edges`` (the vertex game's
records; :func:`sniffed_kinds` gives each game's)."""


def sniffed_kinds(edges: bool, game: str | Game | None = None) -> tuple[str, ...]:
    """The kinds :func:`sniff_input` tries for ``game``: a board, a NOI2011 record and
    a record of the game (``edges``: an edge list and a record on one).

    >>> sniffed_kinds(True, "edge")
    ('edges', 'trail-edges')
    """
    rules = find_game(DEFAULT if game is None else game)
    record = record_kind(edges, rules)
    return tuple(
        record if kind.startswith("walk-") else kind
        for kind in SNIFFED[edges]
        if kind not in _source_kinds() or kind in rules.sources
    )


def _source_kinds() -> set[str]:
    """The kinds some game reads as a source of its own (:attr:`matchgame.Game.sources`)."""
    return {kind for game in all_games() for kind in game.sources}


def sniff_input(
    data: str | bytes,
    *,
    edges: bool = False,
    moves: str = "orthogonal",
    name: str = "the input",
    game: str | Game = DEFAULT,
) -> Input:
    """Read ``data`` as whichever kind fits: a board, a NOI2011 record or a token-game
    record on a board; with ``edges``, an edge list or a token-game record on one.

    Raises
    ------
    MatchgameError
        When no reading fits, saying what each reading found (which one was meant
        is unknown).
    """
    candidates = sniffed_kinds(edges, game)
    if edges:
        what = "an edge list or a token-game record on one"
    else:
        what = "a board, a NOI2011 record or a token-game record (for an edge list: --edges)"
    problems = []
    for kind in candidates:
        try:
            return parse_input(data, kind, moves=moves, game=game)
        except MatchgameError as exc:
            problems.append(f"as {kind}: {exc}")
    raise MatchgameError(f"{name}: not {what}; " + "; ".join(problems))
