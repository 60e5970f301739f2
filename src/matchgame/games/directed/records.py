"""Records of directed vertex geography: walks along arcs that never come back, judged
move by move."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.digraph import DiGraph
from ...errors import IllegalMoveError, InvalidParameterError
from .._walks import annotate_by_positions
from ..budget import MAX_MEMORY, SEARCH_STATES
from ..notes import WalkAnnotation
from ..tokens import TokenRecord
from .analysis import analyse_directed
from .engine import partial_refused
from .position import DirectedPosition

__all__ = ["annotate_directed", "check_arc_walk"]


def check_arc_walk(
    graph: DiGraph,
    path: npt.NDArray[np.int64],
    move_lines: npt.NDArray[np.int64] | None = None,
) -> None:
    """Refuse the first move that is not along an arc or enters a visited vertex.

    Raises
    ------
    IllegalMoveError
        Naming the move (its number, its line when ``move_lines`` are given) and why.

    Examples
    --------
    >>> check_arc_walk(DiGraph(3, [(0, 1), (2, 1)]), np.array([0, 1, 2]))
    Traceback (most recent call last):
    ...
    matchgame.errors.IllegalMoveError: move 3 (3): no arc leads to it from the token at 2
    """
    names = graph.names
    problems: list[tuple[int, str]] = []
    if path.shape[0] > 1:
        n = max(graph.n_vertices, 1)
        keys = graph.tails.astype(np.int64) * n + graph.indices
        wanted = path[:-1].astype(np.int64) * n + path[1:]
        along = np.isin(wanted, keys)
        if not along.all():
            i = int(np.flatnonzero(~along)[0]) + 1
            problems.append(
                (i, f"no arc leads to it from the token at {names.text(int(path[i - 1]))}")
            )
        order = np.argsort(path, kind="stable")
        repeats = order[1:][path[order[1:]] == path[order[:-1]]]
        if repeats.size:
            i = int(repeats.min())
            before = int(np.flatnonzero(path[:i] == path[i])[0])
            problems.append((i, f"returns to a vertex visited at move {before + 1}"))
    if problems:
        i, why = min(problems)
        where = f"line {move_lines[i]}: " if move_lines is not None else ""
        raise IllegalMoveError(f"{where}move {i + 1} ({names.text(int(path[i]))}): {why}")


def annotate_directed(
    record: TokenRecord,
    graph: DiGraph,
    *,
    max_states: int | None = SEARCH_STATES,
    max_memory: int = MAX_MEMORY,
    max_seconds: float | None = None,
    partial: bool = False,
) -> WalkAnnotation:
    """Judge every move of ``record`` on ``graph`` (the moves checked already) by the
    directed game's rules, each question within the budgets (``partial`` is refused:
    a record is judged whole).

    >>> path = DiGraph(3, [(0, 1), (1, 2)])
    >>> judged = annotate_directed(TokenRecord.from_moves(path, [0, 1, 2], game="directed"), path)
    >>> [note.mistake for note in judged.notes], judged.winner
    ([False, False, False], 'first')
    """
    if partial:
        raise InvalidParameterError(partial_refused("a record, judged whole"))
    budgets: dict[str, Any] = {
        "max_states": max_states,
        "max_memory": max_memory,
        "max_seconds": max_seconds,
    }
    analysis = analyse_directed(graph, **budgets)
    start = graph.names.name(int(record.path[0])) if record.path.shape[0] else None
    position = DirectedPosition(graph, start, **budgets)
    return annotate_by_positions(record, analysis, position)
