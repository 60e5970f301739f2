"""Why a placement wins or loses in directed edge geography, in words and drawn.

Where no cycle is left once opposite arcs cancel, the verdict has a short argument:
a vertex where the mover loses has only arcs to vertices where the mover wins, or
arcs whose opposite answers them (the token goes back, both arcs used); a winning
vertex has an arc to a losing one (retrograde analysis, towards the sinks).
Elsewhere the exhaustive search, which names a winning move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..explanations import BaseExplanation, Marks

if TYPE_CHECKING:
    from .analysis import DirectedEdgeAnalysis

__all__ = ["DirectedEdgeExplanation", "explain_directed_edge"]


@dataclass(frozen=True, eq=False, repr=False)
class DirectedEdgeExplanation(BaseExplanation):
    """Why placing the token on ``vertex`` wins or loses in directed edge geography.

    Parameters
    ----------
    analysis : DirectedEdgeAnalysis
        The analysis explained.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    method : {"acyclic", "mirror", "search"}
        How the verdict was found.
    move : int or None
        The arc id of the opponent's winning move when the placer loses, else None.
    replies : list of (int, int)
        Each vertex the opponent can move to and the vertex the placer answers by
        moving to.

    Attributes
    ----------
    analysis : DirectedEdgeAnalysis
        The multigraph analysed.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    method : str
        ``"acyclic"``, ``"mirror"`` or ``"search"`` (see
        :meth:`~matchgame.DirectedEdgeAnalysis.method`).
    move : int or None
        The arc id of the opponent's winning first move when the placer loses; else
        None (:attr:`move_arc` names it).
    replies : list of (int, int)
        Where the placer wins and the verdict has a proof: each vertex ``w`` the
        opponent can move to first, and the vertex ``r`` the placer then moves to (back
        to the placement, along the opposite arc, where one cancels the opponent's).

    See Also
    --------
    DirectedExplanation : The directed (vertex) game's explanation.
    explain : Makes the explanation of any game.

    Examples
    --------
    A path 0 -> 1 -> 2 and an arc back 1 -> 0: placed on 0, the opponent moves to 1
    and the placer answers by going back to 0, where the opponent is stuck.

    >>> import matchgame
    >>> arcs = matchgame.DiMultiGraph(3, [(0, 1), (1, 2), (1, 0)])
    >>> why = matchgame.explain(arcs, 0, game="directed-edge")
    >>> why.placer_wins, why.method, why.replies
    (True, 'mirror', [(1, 0)])
    >>> matchgame.explain(arcs, 1, game="directed-edge").move_arc
    (1, 2, 0)
    """

    analysis: DirectedEdgeAnalysis
    vertex: int
    placer_wins: bool
    method: str
    move: int | None
    replies: list[tuple[int, int]]

    @property
    def move_arc(self) -> tuple[Any, Any, int] | None:
        """The opponent's winning first move as the arc ``(u, v, key)`` (names, and the
        arc's key among the arcs ``u -> v``), or None."""
        if self.move is None:
            return None
        graph = self.analysis.multigraph
        names = self.analysis.names
        u, v = int(graph.tails[self.move]), int(graph.heads[self.move])
        return (names.name(u), names.name(v), int(graph.keys[self.move]))

    def text(self) -> str:
        """The explanation in words, vertices in their 1-based text form."""
        names = self.analysis.names
        at = names.describe(self.vertex)
        verdict = "wins" if self.placer_wins else "loses"
        cancel = (
            "Opposite arcs cancel (a move along one is answered along the other, back where "
            "the token was), and once they are set aside no cycle can be reached from it"
        )
        acyclic = "No cycle can be reached from it, so no arc is ever used twice"
        answers = ", ".join(f"{names.text(w)} -> {names.text(r)}" for w, r in self.replies)
        if self.method == "search":
            why = (
                "A cycle is left once opposite arcs cancel, where directed edge geography is "
                "PSPACE-complete: the verdict comes from an exhaustive search and has no "
                "short proof."
            )
        elif self.placer_wins and not self.replies:
            why = "No arc leaves it: the opponent cannot move."
        elif self.placer_wins and self.method == "mirror":
            why = (
                f"{cancel}: you answer every move from it ({answers}), back along the "
                "opposite arc where there is one, else towards a vertex where the player to "
                "move loses."
            )
        elif self.placer_wins:
            why = (
                f"{acyclic}: every arc from it leads to a vertex where the player to move "
                f"wins, and you answer each move there ({answers})."
            )
        else:
            start = cancel if self.method == "mirror" else acyclic
            why = f"{start}: an arc leads from it to a vertex where the player to move loses."
        reply = ""
        if self.move is not None:
            u, v = self.analysis.graph.tails[self.move], self.analysis.graph.heads[self.move]
            reply = f" The opponent wins by moving along {names.text(u)} -> {names.text(v)}."
        return f"Placing the token on {at} {verdict}. {why}{reply}"

    def document(self) -> dict[str, Any]:
        """The explanation as JSON (``explain --game directed-edge --format json``): the
        opponent's winning move as ``[u, v, key]``."""
        names = self.analysis.names
        arc = None
        if self.move is not None:
            graph = self.analysis.multigraph
            u, v = int(graph.tails[self.move]), int(graph.heads[self.move])
            arc = [names.json_value(u), names.json_value(v), int(graph.keys[self.move])]
        return {
            "game": "directed-edge",
            "vertex": names.json_value(self.vertex),
            "placer_wins": self.placer_wins,
            "text": self.text(),
            "method": self.method,
            "move": arc,
            "replies": [[names.json_value(w), names.json_value(r)] for w, r in self.replies],
        }

    def marks(self) -> Marks:
        """The opponent's winning move, or the answers to the opponent's moves, drawn
        from the placement."""
        head = None if self.move is None else int(self.analysis.multigraph.heads[self.move])
        return Marks.of_moves(self.vertex, head, self.replies)


def explain_directed_edge(analysis: DirectedEdgeAnalysis, v: int) -> DirectedEdgeExplanation:
    """Why placing the token on vertex id ``v`` wins or loses (``v`` checked).

    >>> from matchgame.core.dimultigraph import DiMultiGraph
    >>> from matchgame.games.directed_edge.analysis import analyse_directed_edge
    >>> why = explain_directed_edge(analyse_directed_edge(DiMultiGraph(3, [(0, 1), (1, 2)])), 0)
    >>> why.placer_wins, why.replies
    (True, [(1, 2)])
    """
    verdicts = analysis.verdicts
    placer_wins = bool(analysis.winning_mask[v])
    method = analysis.method(analysis.names.name(v))
    found = int(verdicts.move[v])
    move = None if placer_wins or found < 0 else found
    replies: list[tuple[int, int]] = []
    if placer_wins and method != "search":
        graph = analysis.multigraph
        arcs = graph.out_arcs[graph.offsets[v] : graph.offsets[v + 1]]
        for w in np.unique(graph.heads[arcs]).tolist():
            to_w = arcs[graph.heads[arcs] == w]
            if w == v or not verdicts.kept[to_w].all():  # a cancelled arc: back along its pair
                replies.append((w, v))
            else:
                replies.append((w, int(graph.heads[verdicts.move[w]])))
    return DirectedEdgeExplanation(analysis, v, placer_wins, method, move, replies)
