"""Why a placement wins or loses, shown as a teacher would show it.

The theorem: placing the token on ``v`` wins for the placer iff some maximum
matching misses ``v``. :func:`explain_placement` gives what shows it (the public
entry points are :func:`matchgame.explain` and ``Analysis.explain``, in
:mod:`matchgame.games.vertex.analysis`, which this module does not import):

- when the placer wins, an even alternating path from ``v`` (through its partner)
  to a vertex the matching leaves free: flipping it gives a maximum matching that
  misses ``v``, in which every neighbour of ``v`` is matched (else the matching
  would grow), so the placer answers the opponent's first move ``u`` with ``u``'s
  partner, and every later move likewise: the opponent runs out of moves first;
- when the placer loses, every maximum matching covers ``v`` (no such path
  exists), so the opponent moves to ``v``'s partner and answers every move along
  the matching.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..._kernels import bipartite as _bip
from ..._kernels import blossom as _blossom
from ...core.graph import INDEX_DTYPE
from ..explanations import BaseExplanation, Marks

if TYPE_CHECKING:  # placement imports this module (Analysis.explain): not the other way
    from .analysis import Analysis

__all__ = ["Explanation", "explain_placement"]


@dataclass(frozen=True, eq=False, repr=False)
class Explanation(BaseExplanation):
    """Why placing the token on a vertex wins or loses (see the module docstring).

    Parameters
    ----------
    analysis : Analysis
        The analysis explained.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    mate : ndarray of int32
        The maximum matching the explanation rests on.
    path : list of int
        The alternating path to a free vertex, as vertex ids.
    replies : list of (int, int)
        First moves of the opponent, each with its answer.

    Attributes
    ----------
    analysis : Analysis
        The board or graph analysed.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    mate : ndarray of int32
        The maximum matching the explanation rests on (-1 = free): when the placer
        wins, one that misses ``vertex`` (the analysis' matching with
        :attr:`path` flipped); else the analysis' own.
    path : list of int
        When the placer wins and the analysis' matching covers the vertex: the
        alternating path ``v, M(v), x1, M(x1), ..., e`` to a free vertex ``e``;
        ``[v]`` when it is free already; empty when the placer loses.
    replies : list of (int, int)
        When the placer wins: every first move of the opponent, with the placer's
        answer (its partner in :attr:`mate`); when the placer loses: one pair, the
        vertex and the opponent's winning move, its partner.

    See Also
    --------
    EdgeExplanation : The edge game's explanation.
    DirectedExplanation : The directed game's explanation.
    explain : Makes the explanation of any game.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import matchgame
    >>> why = matchgame.explain([".##", "...", "#.#"], (1, 2))
    >>> why.placer_wins, why.name
    (True, (1, 2))
    """

    analysis: Analysis
    vertex: int
    placer_wins: bool
    mate: npt.NDArray[np.int32]
    path: list[int]
    replies: list[tuple[int, int]]

    def text(self) -> str:
        """The explanation in words, vertices in their 1-based text form."""
        names = self.analysis.names
        at = names.describe(self.vertex)
        if not self.placer_wins:
            partner = names.text(self.replies[0][1])
            return (
                f"Placing the token on {at} loses. Every maximum matching covers it: no "
                "alternating path leads from it to a vertex a maximum matching leaves free. "
                f"The opponent moves to its partner, {partner}, and then answers every move "
                "along the matching; you run out of moves first."
            )
        if len(self.path) > 1:
            walk = " - ".join(names.text(v) for v in self.path)
            free = names.text(self.path[-1])
            how = (
                "A maximum matching misses it: in the maximum matching found (the one "
                f"drawn), flip the alternating path {walk}; it ends at {free}, which that "
                "matching leaves free."
            )
        else:
            how = "The maximum matching found (the one drawn) leaves it free."
        if self.replies:
            answers = ", ".join(f"{names.text(u)} -> {names.text(r)}" for u, r in self.replies)
            then = (
                "In that matching every neighbour is matched, so answer the opponent's first "
                f"move with its partner ({answers}) and keep answering along the matching; "
                "the opponent runs out of moves first."
            )
        else:
            then = "It has no neighbour: the opponent cannot even move."
        return f"Placing the token on {at} wins. {how} {then}"

    def marks(self) -> Marks:
        """The analysis' maximum matching, the alternating path whose flip gives one
        that misses the placement (when the placer wins), each answer to a first move
        as a line from the opponent's move to the ringed reply, the placement ringed."""
        mate = self.analysis.decomposition.mate
        ends = np.flatnonzero(mate > np.arange(mate.shape[0])).tolist()
        lines: list[tuple[tuple[int, ...], str, float]] = [
            ((u, int(mate[u])), "matching", 1.0) for u in ends
        ]
        legend = [("path", "the placement")]
        if len(self.path) > 1:
            lines.append((tuple(self.path), "mistake", 0.5))
            legend.append(("mistake", "alternating path (flip it)"))
        legend.append(("matching", "a maximum matching"))
        replies = "answers to the first moves" if self.placer_wins else "the opponent's move"
        legend.append(("better", replies))
        lines += [((u, reply), "better", 0.5) for u, reply in self.replies]
        rings = [(reply, "better", 0.55) for _, reply in self.replies]
        rings.append((self.vertex, "path", 1.0))
        return Marks(tuple(lines), tuple(rings), tuple(legend))

    def document(self) -> dict[str, Any]:
        """The explanation as JSON (vertices in their 1-based JSON form): what the web
        app shows."""
        names = self.analysis.names
        pairs = _pairs(self.mate)
        return {
            "vertex": names.json_value(self.vertex),
            "placer_wins": self.placer_wins,
            "text": self.text(),
            "path": [names.json_value(v) for v in self.path],
            "replies": [[names.json_value(u), names.json_value(r)] for u, r in self.replies],
            "matching": [[names.json_value(int(u)), names.json_value(int(v))] for u, v in pairs],
        }


def explain_placement(analysis: Analysis, v: int) -> Explanation:
    """Why placing the token on vertex id ``v`` (checked by the caller) wins or loses.

    Examples
    --------
    The JSOI sample: the placer wins on (1, 2), which the matching leaves free.

    >>> from matchgame import analyse
    >>> analysis = analyse([".##", "...", "#.#"])
    >>> why = explain_placement(analysis, analysis.names.vertex((1, 2)))
    >>> why.placer_wins, why.path, [analysis.names.name(u) for u, _ in why.replies]
    (True, [3], [(1, 1)])
    """
    graph = analysis.graph
    mate = np.array(analysis.decomposition.mate, dtype=INDEX_DTYPE)
    if not analysis.decomposition.missable[v]:
        partner = int(mate[v])
        return Explanation(analysis, v, False, _frozen(mate), [], [(v, partner)])
    path = _path_to_free(analysis, mate, v)
    for i in range(1, len(path) - 1, 2):  # flip: M(w) - x1, M(x1) - x2, ...
        a, b = path[i], path[i + 1]
        mate[a], mate[b] = b, a
    mate[v] = -1
    neighbours = graph.indices[graph.offsets[v] : graph.offsets[v + 1]].tolist()
    replies = [(u, int(mate[u])) for u in neighbours]
    return Explanation(analysis, v, True, _frozen(mate), path, replies)


def _path_to_free(analysis: Analysis, mate: np.ndarray, v: int) -> list[int]:
    """An even alternating path ``v, M(v), x1, M(x1), ..., e`` to a free vertex."""
    if mate[v] < 0:
        return [v]
    graph = analysis.graph
    decomposition = analysis.decomposition
    if decomposition.engine == "bipartite":
        via = decomposition._via if decomposition._graph is graph else None
        if via is None:
            _, via = _bip.missable_bipartite(graph.offsets, graph.indices, mate)
        path = [v]
        w = v
        while mate[w] >= 0:  # the search reached w from via[w]: w, M(w), via[w], ...
            path += [int(mate[w]), int(via[w])]
            w = int(via[w])
        return path
    targets = np.array([v], dtype=INDEX_DTYPE)
    flat, _ = _blossom.missable_paths(graph.offsets, graph.indices, mate, targets)
    return [int(x) for x in flat]


def _pairs(mate: np.ndarray) -> np.ndarray:
    ends = np.flatnonzero(mate > np.arange(mate.shape[0]))
    return np.stack([ends, mate[ends]], axis=1)


def _frozen(mate: np.ndarray) -> npt.NDArray[np.int32]:
    mate.setflags(write=False)
    return mate
