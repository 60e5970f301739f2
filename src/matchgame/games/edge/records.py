"""Records of the edge game: walks checked by its rules, and judged move by move."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...core.multigraph import MultiGraph
from ...errors import IllegalMoveError
from .._walks import annotate_by_positions
from ..notes import WalkAnnotation
from ..tokens import TokenRecord
from .analysis import analyse_edges
from .position import EdgePosition, no_edge
from .search import MAX_STATES

__all__ = ["annotate_edges", "check_edge_walk"]


def check_edge_walk(
    multigraph: MultiGraph,
    path: npt.NDArray[np.int64],
    move_lines: npt.NDArray[np.int64] | None = None,
) -> None:
    """Refuse the first move that is not along an unused edge (vertices may repeat).

    Raises
    ------
    IllegalMoveError
        Naming the move (its number, its line when ``move_lines`` are given) and why.

    Examples
    --------
    >>> import numpy as np
    >>> check_edge_walk(MultiGraph(2, [(0, 1)]), np.array([0, 1, 0]))
    Traceback (most recent call last):
    ...
    matchgame.errors.IllegalMoveError: move 3 (1): the edge between 2 and 1 is used up (1 in all)
    """
    names = multigraph.names
    if path.shape[0] < 2:
        return
    n = max(multigraph.n_vertices, 1)
    before, after = path[:-1].astype(np.int64), path[1:].astype(np.int64)
    keys = np.minimum(before, after) * n + np.maximum(before, after)
    pair_keys = multigraph._keys
    found = np.searchsorted(pair_keys, keys)
    exists = found < pair_keys.shape[0]
    exists[exists] = pair_keys[found[exists]] == keys[exists]
    problems: list[tuple[int, str]] = []
    if not exists.all():
        t = int(np.flatnonzero(~exists)[0])
        problems.append((t, no_edge(names, int(before[t]), int(after[t]), False)))
    # the k-th use of a pair (in move order) needs k copies of it
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    starts = np.ones(order.shape[0], dtype=bool)
    starts[1:] = sorted_keys[1:] != sorted_keys[:-1]
    group_start = np.maximum.accumulate(np.where(starts, np.arange(order.shape[0]), 0))
    uses = np.empty(order.shape[0], dtype=np.int64)
    uses[order] = np.arange(order.shape[0]) - group_start + 1
    copies = np.zeros(keys.shape[0], dtype=np.int64)
    copies[exists] = multigraph.multiplicity[found[exists]]
    over = exists & (uses > copies)
    if over.any():
        t = int(np.flatnonzero(over)[0])
        count = int(copies[t])
        problems.append(
            (t, f"{no_edge(names, int(before[t]), int(after[t]), True)} ({count} in all)")
        )
    if problems:
        t, why = min(problems)
        where = f"line {move_lines[t + 1]}: " if move_lines is not None else ""
        raise IllegalMoveError(f"{where}move {t + 2} ({names.text(int(after[t]))}): {why}")


def annotate_edges(
    record: TokenRecord, multigraph: MultiGraph, *, max_states: int = MAX_STATES
) -> WalkAnnotation:
    """Judge every move of ``record`` on ``multigraph`` (the moves checked by the edge
    game's rules already) by the edge game's rules (:func:`matchgame.annotate` with
    ``game="edge"``): the placement by the placement analysis, then each move by a
    position kept up to date move by move. ``max_states``: the exact search's budget
    on a component with an odd cycle.

    >>> from matchgame import TokenRecord
    >>> twice = MultiGraph(2, [(0, 1), (0, 1)])
    >>> record = TokenRecord.from_moves(twice, [0, 1, 0], game="edge")
    >>> judged = annotate_edges(record, twice)
    >>> [note.winning_after for note in judged.notes], judged.winner
    ([True, False, True], 'first')
    """
    analysis = analyse_edges(multigraph, max_states=max_states)
    path = record.path
    start = multigraph.names.name(int(path[0])) if path.shape[0] else None
    position = EdgePosition(multigraph, start, max_states=max_states)
    return annotate_by_positions(record, analysis, position)
