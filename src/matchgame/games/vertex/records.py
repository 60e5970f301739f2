"""The vertex game's records: walks that never come back, judged move by move."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...core.graph import Graph
from ...core.matching import decompose
from ...errors import IllegalMoveError
from ..notes import MoveNote, WalkAnnotation
from ..tokens import PLAYERS, TokenRecord
from .engines import analyse_walk

__all__ = ["annotate_vertex", "check_walk"]


def _where(move_lines: npt.NDArray[np.int64] | None, i: int) -> str:
    return f"line {move_lines[i]}: " if move_lines is not None else ""


def check_walk(
    graph: Graph, path: npt.NDArray[np.int64], move_lines: npt.NDArray[np.int64] | None
) -> None:
    """Refuse the first move that is not along an edge or returns to a visited vertex."""
    names = graph.names
    problems: list[tuple[int, str]] = []
    if path.shape[0] > 1:
        along = graph.has_edges(path[:-1], path[1:])
        if not along.all():
            i = int(np.flatnonzero(~along)[0]) + 1
            problems.append((i, f"not adjacent to the token at {names.text(int(path[i - 1]))}"))
        order = np.argsort(path, kind="stable")
        repeats = order[1:][path[order[1:]] == path[order[:-1]]]
        if repeats.size:
            i = int(repeats.min())
            before = int(np.flatnonzero(path[:i] == path[i])[0])
            problems.append((i, f"returns to a vertex visited at move {before + 1}"))
    if problems:
        i, why = min(problems)
        raise IllegalMoveError(
            f"{_where(move_lines, i)}move {i + 1} ({names.text(int(path[i]))}): {why}"
        )


def annotate_vertex(record: TokenRecord, graph: Graph) -> WalkAnnotation:
    """Judge every move of ``record`` on ``graph`` (the vertex game's, the moves
    checked already) by the vertex game's rules: one augmenting search a move,
    in one compiled loop (:func:`~matchgame.games.vertex.engines.analyse_walk`).

    >>> path = Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> annotate_vertex(TokenRecord.from_moves(path, [1, 0]), path).winner
    'second'
    """
    path = record.path
    names = graph.names
    notes: list[MoveNote] = []
    if path.shape[0]:
        missable = decompose(graph).missable
        walk = analyse_walk(graph, path)
        wins, replies = walk.mover_wins, walk.winning_reply
        placer_could = bool(missable.any())
        placed_well = bool(missable[path[0]])
        placement = names.name(int(np.flatnonzero(missable)[0])) if placer_could else None
        notes.append(
            MoveNote(1, "first", 1, names.name(int(path[0])), placer_could, placed_well, placement)
        )
        for t in range(1, path.shape[0]):
            before, after = bool(wins[t - 1]), not bool(wins[t])
            reply = names.name(int(replies[t - 1])) if before else None
            move = names.name(int(path[t]))
            notes.append(MoveNote(t + 1, PLAYERS[t % 2], t // 2 + 1, move, before, after, reply))
    winner = None
    if path.shape[0]:
        token = int(path[-1])
        visited = np.zeros(graph.n_vertices, dtype=bool)
        visited[path] = True
        if visited[graph.indices[graph.offsets[token] : graph.offsets[token + 1]]].all():
            winner = PLAYERS[(path.shape[0] - 1) % 2]  # the last mover; the next cannot move
    elif graph.n_vertices == 0:
        winner = "second"  # the first player cannot even place the token
    return WalkAnnotation(record, tuple(notes), winner)
