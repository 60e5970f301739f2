"""The kinds of input and how long each can be: bounded reading of files and streams.

What an input *is* (a board, an edge list, a record of some game) and how a game
reads it is decided above the games, in :mod:`matchgame.inputs`; this module knows
each kind's name and how many bytes its header allows, so nothing reads more than
the input can need.

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

A game whose token may come back (the edge game) has records of the kinds
``trail-board`` and ``trail-edges`` (a move per edge: their texts may be longer).

Reading is bounded: the first 64 KiB tell, through the kind's header, how long
the whole input may be, and memory follows the bytes really there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from ..core._text import HEAD_BYTES, read_all, read_bounded
from ..errors import ParseError, UnreadableInput
from . import boards, edgelists, graphs

if TYPE_CHECKING:
    pass

__all__ = [
    "GRAPH_KINDS",
    "KINDS",
    "TEXT_KINDS",
    "TRAIL_KINDS",
    "UnreadableInput",
    "graph_kind",
    "read_file",
    "read_stream",
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

TRAIL_KINDS = {"trail-board": "walk-board", "trail-edges": "walk-edges"}
"""Records of a game whose token may come back (a move per edge, not per vertex: the
edge game's), each with the kind of the same text whose token never comes back."""
KINDS.update(
    {
        "trail-board": Kind(
            "a record on a board whose token may come back",
            _on_first_use("tokens", "per_edge_board_text_size_limit"),
        ),
        "trail-edges": Kind(
            "a record on an edge list whose token may come back",
            _on_first_use("tokens", "per_edge_edges_text_size_limit"),
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
