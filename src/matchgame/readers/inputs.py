"""What is this input? One place that reads a file or a request body as a board, an
edge list, a NOI2011 record or a token-game record, for the command line and the
web app alike.

Kinds of input:

==============  ====================================================  ==================
kind            what                                                  read as
==============  ====================================================  ==================
``board``       ``N M`` and rows of ``.`` and ``#``                   :class:`Board`
``edges``       ``n m`` and ``m`` edges ``u v``                       :class:`Graph`
``noi``         a NOI2011 Bunny-and-Egg record                        :class:`GameRecord`
``walk-board``  a board, ``t`` and ``t`` moves ``ROW COL``            :class:`TokenRecord`
``walk-edges``  an edge list, ``t`` and ``t`` vertex numbers          :class:`TokenRecord`
``mtx`` ...     a graph in a standard format (:data:`GRAPH_KINDS`)      :class:`Graph`
``graph``       a graph in the format its first line shows                :class:`Graph`
==============  ====================================================  ==================

The edge game (``game="edge"``) reads an edge list as a :class:`MultiGraph`
(repeated edges and self-loops kept), and its records as the kinds
``edge-walk-board`` and ``edge-walk-edges`` (moves may come back, one per edge:
their texts may be longer).

Reading is bounded: the first 64 KiB tell, through the kind's header, how long
the whole input may be, and memory follows the bytes really there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from ..core.board import Board
from ..core.graph import Graph
from ..core.moves import as_moves
from ..errors import InvalidParameterError, MatchgameError, ParseError, UnreadableInput
from . import boards, edgelists, graphs
from ._memory import memory_share
from ._text import HEAD_BYTES, prepare, read_all, read_bounded

if TYPE_CHECKING:
    from ..core.multigraph import MultiGraph
    from ..games.bunny import GameRecord
    from ..games.tokens import TokenRecord

__all__ = [
    "GRAPH_KINDS",
    "KINDS",
    "Input",
    "UnreadableInput",
    "graph_kind",
    "parse_input",
    "read_file",
    "read_stream",
    "sniff_input",
]


@dataclass(frozen=True)
class Kind:
    """A kind of input: what it is called in messages, and how long its text can be
    given its first bytes."""

    description: str
    size_limit: Callable[[bytes], int]


def _on_first_use(module: str, function: str) -> Callable[[bytes], int]:
    """``readers.<module>.<function>``, imported when first called: the record readers
    bring the games and their engines with them (~10 ms of every start-up), which a
    board or a graph does not need."""

    def call(head: bytes) -> int:
        limit: Callable[[bytes], int] = getattr(
            importlib.import_module(f".{module}", __package__), function
        )
        return limit(head)

    return call


KINDS = {
    "board": Kind("a board", boards.text_size_limit),
    "edges": Kind("an edge list", edgelists.text_size_limit),
    "noi": Kind("a NOI2011 record", _on_first_use("noi", "text_size_limit")),
    "walk-board": Kind(
        "a token-game record on a board", _on_first_use("tokens", "board_text_size_limit")
    ),
    "walk-edges": Kind(
        "a token-game record on an edge list", _on_first_use("tokens", "edges_text_size_limit")
    ),
}
TEXT_KINDS = tuple(KINDS)
"""matchgame's own text formats (an input of one kind may be recognised as another)."""

EDGE_WALK_KINDS = {"edge-walk-board": "walk-board", "edge-walk-edges": "walk-edges"}
"""The edge game's records, each with the vertex game's kind of the same text."""
KINDS.update(
    {
        "edge-walk-board": Kind(
            "an edge game's record on a board",
            _on_first_use("tokens", "edge_game_board_text_size_limit"),
        ),
        "edge-walk-edges": Kind(
            "an edge game's record on an edge list",
            _on_first_use("tokens", "edge_game_edges_text_size_limit"),
        ),
    }
)

GRAPH_KINDS = tuple(name for name in graphs.FORMATS if name != "edgelist")
"""Graphs in standard formats (:data:`matchgame.readers.graphs.FORMATS`), each a kind
of its own; matchgame's edge list is the kind ``edges``."""
KINDS.update(
    {
        name: Kind(graphs.FORMATS[name].description, graphs.FORMATS[name].size_limit)
        for name in GRAPH_KINDS
    }
)


def graph_kind(head: bytes, name: str | None = None) -> str:
    """The kind of a graph in any format, told by its first bytes and the name of
    the file it came from (None, as for standard input: the bytes alone): a
    standard format's, else ``edges``."""
    return graphs.detect_format(name, head[:HEAD_BYTES]) or "edges"


KINDS["graph"] = Kind("a graph", lambda head: KINDS[graph_kind(head)].size_limit(head))
"""``graph``: a graph in whichever format its first line shows (see :func:`graph_kind`)."""


@dataclass(frozen=True)
class Input:
    """An input read as its kind: ``value`` is a :class:`Board`, a :class:`Graph`, a
    :class:`GameRecord` or a :class:`TokenRecord`; ``moves`` is the move rule on a
    board."""

    kind: str
    value: Board | Graph | GameRecord | TokenRecord | MultiGraph
    moves: str = "orthogonal"

    @property
    def graph(self) -> Graph:
        """The graph the game is played on (a board's under :attr:`moves`, a NOI2011
        record's arena)."""
        value = self.value
        if isinstance(value, Board):
            return value.to_graph(self.moves)
        if isinstance(value, Graph):
            return value
        from ..core.multigraph import MultiGraph  # loaded already when the value is one

        if isinstance(value, MultiGraph):
            return value.support
        from ..games.bunny import GameRecord  # imported already: the value is a record

        if isinstance(value, GameRecord):
            return value.board.arena.graph
        return value.graph  # a token-game record


def parse_input(
    data: str | bytes, kind: str, *, moves: str = "orthogonal", game: str = "vertex"
) -> Input:
    """Read ``data`` as ``kind`` (see :data:`KINDS`); ``moves``: the move rule on a board;
    ``game="edge"``: an edge list is read as a :class:`MultiGraph` (repeated edges and
    self-loops kept) and a record by the edge game's rules.

    Raises
    ------
    ParseError, IllegalMoveError
        From the kind's reader, naming the line. When the text does not follow the
        format but reads as another kind, the message says so and the error's
        ``other_kind`` names it (a NOI2011 record given where a board was expected).
    """
    if kind == "graph":
        kind = graph_kind(prepare(data[:HEAD_BYTES]))
    if game == "edge":
        return _parse_edge_game(data, kind, moves)
    try:
        return _parse(data, kind, moves)
    except ParseError as exc:
        other = _other_kind(data, kind, moves)
        if other is None:
            raise
        found = ParseError(
            f"{exc.reason}; the input reads as {KINDS[other].description}",
            line=exc.line,
            column=exc.column,
        )
        # a graph format chosen (or guessed from a file's extension) over what is
        # matchgame's own edge list: "edgelist" is the --input-format that reads it
        found.other_kind = "edgelist" if kind in GRAPH_KINDS and other == "edges" else other
        raise found from None


def _other_kind(data: str | bytes, tried: str, moves: str) -> str | None:
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
                _parse(data, kind, moves)
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


def _parse(data: str | bytes, kind: str, moves: str) -> Input:
    moves = as_moves(moves)
    value: Board | Graph | GameRecord | TokenRecord
    if kind == "board":
        value = boards.parse_board(data)
    elif kind == "edges":
        value = edgelists.parse_edge_list(data)
    elif kind == "noi":
        from . import noi

        value = noi.parse_noi_record(data)
    elif kind in ("walk-board", "walk-edges"):
        from . import tokens

        value = tokens.parse_token_record(data, edges=kind == "walk-edges", rule=moves)
    elif kind in EDGE_WALK_KINDS:
        return _parse_edge_game(data, kind, moves)
    elif kind in GRAPH_KINDS:
        found = graphs.FORMATS[kind].parse(prepare(data))
        if len(found) != 1:
            many = ParseError(f"expected one graph, the input holds {len(found)}")
            many.other_kind = "sweep" if found else None  # sweep answers many graphs
            raise many
        value = found[0]
    else:
        raise InvalidParameterError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    return Input(kind, value, moves)


def _parse_edge_game(data: str | bytes, kind: str, moves: str) -> Input:
    """An input of the edge game: an edge list keeps its repeats and loops, a record
    follows the edge game's rules; other kinds read as in the vertex game."""
    if kind == "edges":
        return Input(kind, edgelists.parse_edge_list(data, multigraph=True), as_moves(moves))
    if kind in ("walk-board", "walk-edges", *EDGE_WALK_KINDS):
        from . import tokens

        edges = kind in ("walk-edges", "edge-walk-edges")
        record = tokens.parse_token_record(data, edges=edges, rule=as_moves(moves), game="edge")
        return Input(kind, record, moves)
    return parse_input(data, kind, moves=moves)


SNIFFED = {False: ("board", "noi", "walk-board"), True: ("edges", "walk-edges")}
"""The kinds :func:`sniff_input` tries, without and with ``edges``."""


def sniff_input(
    data: str | bytes,
    *,
    edges: bool = False,
    moves: str = "orthogonal",
    name: str = "the input",
    game: str = "vertex",
) -> Input:
    """Read ``data`` as whichever kind fits: a board, a NOI2011 record or a token-game
    record on a board; with ``edges``, an edge list or a token-game record on one.

    Raises
    ------
    MatchgameError
        When no reading fits, saying what each reading found (which one was meant
        is unknown).
    """
    candidates = SNIFFED[edges]
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


def read_stream(
    stream: BinaryIO,
    kind: str | tuple[str, ...] | None = None,
    *,
    limit: int | None = None,
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """All of ``stream``, no longer than ``kind``'s header allows (or ``limit`` bytes);
    ``kind`` may be several kinds when which one is not known yet (the longest
    allowance counts).

    Raises
    ------
    ParseError
        For a bad header, or an input longer than allowed (refused without reading it
        all).
    """
    if limit is not None:
        return read_bounded(stream, lambda head: limit, too_long)
    if kind is None:
        return read_all(stream)
    if isinstance(kind, str):
        return read_bounded(stream, KINDS[kind].size_limit, too_long)
    return read_bounded(stream, _longest_allowance(kind), too_long)


def _longest_allowance(kinds: tuple[str, ...]) -> Callable[[bytes], int]:
    def limit_of(head: bytes) -> int:
        allowances, first_error = [], None
        for kind in kinds:
            try:
                allowances.append(KINDS[kind].size_limit(head))
            except ParseError as exc:
                first_error = first_error or exc
        if not allowances:
            assert first_error is not None
            raise first_error
        return max(allowances)

    return limit_of


def read_file(
    path: str,
    kind: str | tuple[str, ...] | None = None,
    *,
    limit: int | None = None,
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """The bytes of the file ``path``, bounded as :func:`read_stream` bounds them.

    Raises
    ------
    UnreadableInput
        If the file cannot be read, with the system's reason.
    """
    try:
        with open(path, "rb") as handle:
            return read_stream(handle, kind, limit=limit, too_long=too_long)
    except OSError as exc:
        raise UnreadableInput(f"cannot read {path!r}: {exc.strerror or exc}") from None
