"""Records of the edge game: walks checked by its rules, and judged move by move."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.multigraph import MultiGraph
from ...errors import IllegalMoveError
from ..tokens import PLAYERS, MoveNote, TokenRecord, WalkAnnotation
from .analysis import analyse_edges, edge_source
from .position import EdgePosition, no_edge
from .search import MAX_STATES

__all__ = ["annotate_edges", "check_edge_walk", "edge_multigraph", "edge_record"]


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


def edge_multigraph(source: Any, rule: str = "orthogonal") -> MultiGraph:
    """The multigraph of the edge game on ``source`` (a board under ``rule``, or any
    graph; see :func:`matchgame.games.edge.analysis.edge_source`).

    >>> edge_multigraph(Board.from_rows(["..."]), "orthogonal").pairs.tolist()
    [[0, 1], [1, 2]]
    """
    return edge_source(source, rule)[0]


def edge_record(source: Any, moves: list[Hashable], rule: str = "orthogonal") -> TokenRecord:
    """A record of the edge game from where it is played and the moves as names
    (:meth:`TokenRecord.from_moves` with ``game="edge"``).

    >>> edge_record(MultiGraph(2, [(0, 1), (0, 1)]), [0, 1, 0]).path.tolist()
    [0, 1, 0]
    """
    multigraph, board = edge_source(source, rule)
    names = multigraph.names
    path = np.array(
        [names.vertex(m, f"move {i + 1}", IllegalMoveError) for i, m in enumerate(moves)],
        dtype=np.int64,
    )
    check_edge_walk(multigraph, path)
    return TokenRecord(
        multigraph.support,
        path.astype(np.int32),
        board,
        rule if board is not None else None,
        None,
        "edge",
        multigraph,
    )


def annotate_edges(record: TokenRecord, *, max_states: int = MAX_STATES) -> WalkAnnotation:
    """Judge every move of ``record`` by the edge game's rules (:func:`annotate` with
    ``game="edge"``): the placement by the placement analysis, then each move by a
    position kept up to date move by move. ``max_states``: the exact search's budget
    on a component with an odd cycle.

    >>> record = edge_record(MultiGraph(2, [(0, 1), (0, 1)]), [0, 1, 0])
    >>> [note.winning_after for note in annotate_edges(record).notes], annotate_edges(record).winner
    ([True, False, True], 'first')
    """
    multigraph = record.multigraph
    if multigraph is None:  # a vertex game's record: its graph, every edge once
        multigraph = MultiGraph.from_graph(record.graph)
    path = record.path.astype(np.int64)
    check_edge_walk(multigraph, path, record.move_lines)
    names = multigraph.names
    notes: list[MoveNote] = []
    winner = None
    if path.shape[0]:
        analysis = analyse_edges(multigraph, max_states=max_states)
        placer_could = analysis.placer_wins
        placement = names.name(int(analysis.winning_ids[0])) if placer_could else None
        first = int(path[0])
        notes.append(
            MoveNote(
                1,
                "first",
                1,
                names.name(first),
                placer_could,
                bool(analysis.winning_mask[first]),
                placement,
            )
        )
        position = EdgePosition(multigraph, names.name(first), max_states=max_states)
        for t in range(1, path.shape[0]):
            before = position.mover_wins()
            reply = position.winning_reply_id() if before else None
            position._push_id(int(path[t]))
            after = not position.mover_wins()
            move = names.name(int(path[t]))
            best = None if reply is None else names.name(reply)
            notes.append(MoveNote(t + 1, PLAYERS[t % 2], t // 2 + 1, move, before, after, best))
        if position.is_game_over():
            winner = PLAYERS[(path.shape[0] - 1) % 2]  # the last mover; the next cannot move
    elif multigraph.n_vertices == 0:
        winner = "second"  # the first player cannot even place the token
    return WalkAnnotation(record, tuple(notes), winner)
