"""Small inputs of every kind a game plays on, drawn at random for the common checks.

Each input is drawn from a :class:`Draw` (:class:`RandomDraw`: a seeded
``random.Random``; the test suite's adapter draws from hypothesis, which then shrinks
a failing case), as text the game reads itself (matchgame's edge list, a board), so
the same input reaches the Python API, the command line and the web app.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .referee import Referee, board_cells, board_edges

__all__ = [
    "BoardCase",
    "Draw",
    "GraphCase",
    "RandomDraw",
    "board_case",
    "digraph_family",
    "graph_case",
]

T = TypeVar("T")


class Draw(Protocol):
    """Where random choices come from."""

    def integer(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high``, both included."""

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty)."""


class RandomDraw:
    """Choices from a seeded ``random.Random`` (reproducible)."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.random.randrange(len(items))]


@dataclass(frozen=True)
class GraphCase:
    """A graph as the game reads matchgame's edge list: its text (1-based, an arc ``u
    v`` where the game is directed), the game's graph of it, and what the referee
    plays on (0-based pairs)."""

    text: str
    source: Any
    n: int
    edges: list[tuple[int, int]]

    def referee(self, game: Any) -> Referee:
        return Referee(game, self.n, self.edges)


@dataclass(frozen=True)
class BoardCase:
    """A small board (rows of ``.`` and ``#``), its free cells (vertex ``i`` is
    ``cells[i]``) and the edges of a rook's step between them (both arcs of each in a
    directed game)."""

    rows: list[str]
    cells: list[tuple[int, int]]
    edges: list[tuple[int, int]]

    @property
    def text(self) -> str:
        return f"{len(self.rows)} {len(self.rows[0])}\n" + "".join(r + "\n" for r in self.rows)

    def referee(self, game: Any) -> Referee:
        return Referee(game, len(self.cells), self.edges)


def digraph_family(draw: Draw, max_vertices: int = 7) -> tuple[int, list[tuple[int, int]]]:
    """``(n, arcs)`` of a digraph of a family a directed game's search is hard on: small
    strongly connected blocks joined acyclically, a tournament, or a cycle with chords."""
    n = draw.integer(1, max_vertices)
    family = draw.choice(("blocks", "tournament", "cycle"))
    arcs: list[tuple[int, int]] = []
    if family == "blocks":
        bounds = sorted({0, n, *(draw.integer(1, n) for _ in range(draw.integer(0, n)))})
        for low, high in itertools.pairwise(bounds):
            block = list(range(low, high))
            if len(block) > 1:  # a cycle through the block, and arcs inside it
                arcs += [(block[i], block[(i + 1) % len(block)]) for i in range(len(block))]
                arcs += [
                    (draw.choice(block), draw.choice(block))
                    for _ in range(draw.integer(0, len(block)))
                ]
        forward = [(draw.integer(0, n - 1), draw.integer(0, n - 1)) for _ in range(n)]
        arcs += [(u, v) for u, v in forward if u < v]
    elif family == "tournament":
        arcs = [(u, v) if draw.integer(0, 1) else (v, u) for u in range(n) for v in range(u + 1, n)]
    else:
        arcs = [(u, (u + 1) % n) for u in range(n)]
        arcs += [
            (draw.integer(0, n - 1), draw.integer(0, n - 1)) for _ in range(draw.integer(0, 2))
        ]
    return n, [(u, v) for u, v in arcs if u != v]


def graph_case(game: Any, draw: Draw, max_vertices: int = 7, max_edges: int = 9) -> GraphCase:
    """A graph the game plays on, read by the game from its edge list's text (repeats and
    loops kept where the game keeps them); for a directed game, half of the time a
    digraph of a family its search is hard on (:func:`digraph_family`)."""
    if game.directed and draw.integer(0, 1):
        n, edges = digraph_family(draw, max_vertices)
    else:
        n = draw.integer(1, max_vertices)
        edges = [
            (draw.integer(0, n - 1), draw.integer(0, n - 1))
            for _ in range(draw.integer(0, max_edges))
        ]
    if not game.keeps_parallel_edges:
        edges = [(u, v) for u, v in edges if u != v]
    text = f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)
    return GraphCase(text, game.read_edge_list(text), n, edges)


def board_case(game: Any, draw: Draw) -> BoardCase:
    """A board of up to 3 x 4 cells, a few blocked."""
    n_rows, n_cols = draw.integer(1, 3), draw.integer(1, 4)
    rows = ["".join(draw.choice(".#") for _ in range(n_cols)) for _ in range(n_rows)]
    cells, edges = board_cells(rows), board_edges(rows)
    if game.directed:
        edges = edges + [(v, u) for u, v in edges]
    return BoardCase(rows, cells, edges)
