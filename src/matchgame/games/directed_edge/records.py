"""Records of directed edge geography: walks along arcs, each arc once, judged move by
move.

A record's moves after the placement are arcs (ids in the graph's order: the game's
:class:`~matchgame.core.steps.ArcSteps`); a record of another game (a walk of
vertices) is played along the first arc not used yet from each vertex to the next
(:func:`walk_arcs`), then checked here like any other.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...core.dimultigraph import DiMultiGraph
from ...core.steps import ArcSteps
from ...errors import IllegalMoveError
from .._walks import annotate_by_positions
from ..budget import MAX_STATES
from ..notes import WalkAnnotation
from ..tokens import TokenRecord
from .analysis import analyse_directed_edge
from .position import DirectedEdgePosition

__all__ = ["annotate_directed_edge", "check_arc_record", "walk_arcs"]


def walk_arcs(graph: DiMultiGraph, walk: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The moves of a walk of vertex ids (the placement, then each vertex reached): the
    placement, then for each step ``u -> w`` the first arc ``u -> w`` the walk has not
    used yet (the ``k``-th step from ``u`` to ``w`` takes the arc of key ``k``); where
    there is none, ``-1 - w`` (:func:`check_arc_record` refuses it, naming ``w``).

    >>> graph = DiMultiGraph(2, [(0, 1), (1, 0), (0, 1)])
    >>> walk_arcs(graph, np.array([0, 1, 0, 1, 0])).tolist()
    [0, 0, 1, 2, -1]
    """
    walk = np.asarray(walk, dtype=np.int64)
    if walk.shape[0] < 2:
        return walk.copy()
    n = max(graph.n_vertices, 1)
    wanted = walk[:-1] * n + walk[1:]
    # the rank of each step among the steps between the same ends, in the walk's order
    order = np.argsort(wanted, kind="stable")
    ordered = wanted[order]
    first = np.ones(order.shape[0], dtype=bool)
    first[1:] = ordered[1:] != ordered[:-1]
    group_start = np.maximum.accumulate(np.where(first, np.arange(order.shape[0]), 0))
    rank = np.empty(order.shape[0], dtype=np.int64)
    rank[order] = np.arange(order.shape[0]) - group_start
    # the arcs by their ends, each pair's in order (their keys)
    pairs = graph.tails.astype(np.int64) * n + graph.heads
    by_pair = np.argsort(pairs, kind="stable")
    sorted_pairs = pairs[by_pair]
    start = np.searchsorted(sorted_pairs, wanted, side="left")
    count = np.searchsorted(sorted_pairs, wanted, side="right") - start
    there = rank < count
    arcs = np.full(wanted.shape[0], -1, dtype=np.int64)
    arcs[there] = by_pair[start[there] + rank[there]]
    arcs[~there] = -1 - walk[1:][~there]
    return np.concatenate([walk[:1], arcs])


def check_arc_record(
    graph: DiMultiGraph,
    path: npt.NDArray[np.int64],
    move_lines: npt.NDArray[np.int64] | None = None,
) -> None:
    """Refuse the first move of ``path`` (the placement's vertex id, then arc ids; ``-1
    - w`` for a step to ``w`` along no arc: :func:`walk_arcs`) that does not leave the
    token along an arc not used yet.

    Raises
    ------
    IllegalMoveError
        Naming the move (its number and, when ``move_lines`` are given, its line) and why.

    Examples
    --------
    >>> graph = DiMultiGraph(3, [(0, 1), (1, 0), (1, 2)])
    >>> check_arc_record(graph, np.array([0, 0, 1, 0]))
    Traceback (most recent call last):
    ...
    matchgame.errors.IllegalMoveError: move 4 (1 2): the arc 1 2 was used at move 2
    >>> check_arc_record(graph, np.array([0, 2]), np.array([5, 6]))
    Traceback (most recent call last):
    ...
    matchgame.errors.IllegalMoveError: line 6: move 2 (2 3): the arc 2 3 leaves vertex 2, not ...
    """
    if path.shape[0] < 2:
        return
    names, steps = graph.names, ArcSteps(graph.names, graph.tails, graph.heads)
    arcs = np.asarray(path[1:], dtype=np.int64)
    known = (arcs >= 0) & (arcs < graph.n_edges)
    safe = np.where(known, arcs, 0)
    tails, heads = graph.tails[safe].astype(np.int64), graph.heads[safe].astype(np.int64)
    token = np.concatenate([np.asarray(path[:1], dtype=np.int64), heads[:-1]])
    # (move index among the arcs, what is wrong first at a move: none such, astray,
    # again), its text, why
    problems: list[tuple[int, int, str, str]] = []
    if not known.all():
        t = int(np.flatnonzero(~known)[0])
        u = int(token[t])
        if arcs[t] >= 0:
            problems.append((t, 0, str(int(arcs[t])), "no such arc"))
        else:
            w = -1 - int(arcs[t])
            total = int(np.count_nonzero((graph.tails == u) & (graph.heads == w)))
            ends = f"{names.text(u)} {names.text(w)}"
            why = (
                f"there is no arc {ends}"
                if not total
                else f"the arc{'s' if total > 1 else ''} {ends} {'are' if total > 1 else 'is'} "
                f"used up ({total} in all)"
            )
            problems.append((t, 0, ends, why))
    astray = known & (tails != token)
    if astray.any():
        t = int(np.flatnonzero(astray)[0])
        problems.append(
            (
                t,
                1,
                steps.text(int(arcs[t])),
                f"the arc {steps.text(int(arcs[t]))} leaves {names.describe(int(tails[t]))}, "
                f"not the token's {names.describe(int(token[t]))}",
            )
        )
    order = np.argsort(arcs, kind="stable")
    again = order[1:][known[order[1:]] & (arcs[order[1:]] == arcs[order[:-1]])]
    if again.size:
        t = int(again.min())
        before = int(np.flatnonzero(arcs[:t] == arcs[t])[0])
        text = steps.text(int(arcs[t]))
        problems.append((t, 2, text, f"the arc {text} was used at move {before + 2}"))
    if problems:
        t, _, text, why = min(problems)
        where = f"line {move_lines[t + 1]}: " if move_lines is not None else ""
        raise IllegalMoveError(f"{where}move {t + 2} ({text}): {why}")


def annotate_directed_edge(
    record: TokenRecord, graph: DiMultiGraph, *, max_states: int = MAX_STATES
) -> WalkAnnotation:
    """Judge every move of ``record`` (a record of this game, its moves checked
    already) on ``graph`` by directed edge geography's rules: the placement by the
    placement's analysis, then each move by a position kept up to date move by move
    (``winning_move``: the first winning arc, in the arcs' order).

    A path 0 -> 1 -> 2 with a branch 1 -> 3 -> 4: the placer should place on 0, 2 or
    4, and the second player at 1 should go to the dead end 2.

    >>> graph = DiMultiGraph(5, [(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> record = TokenRecord.from_moves(graph, [1, (1, 3), (3, 4)], game="directed-edge")
    >>> judged = annotate_directed_edge(record, graph)
    >>> [note.mistake for note in judged.notes], judged.notes[1].better, judged.winner
    ([True, True, False], (1, 2, 0), 'first')
    """
    analysis = analyse_directed_edge(graph, max_states=max_states)
    position = DirectedEdgePosition(graph, max_states=max_states)
    position._analysis = analysis  # the placement's verdicts: the first region
    if record.path.shape[0]:
        position._push_id(int(record.path[0]))
    return annotate_by_positions(record, analysis, position)
