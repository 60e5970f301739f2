"""Why a placement wins or loses in directed vertex geography, in words and drawn.

Where the token can reach no cycle the verdict has a short argument: a vertex
where the mover loses has only arcs to vertices where the mover wins, and a
winning vertex an arc to a losing one (retrograde analysis, vertex by vertex
towards the sinks). On a symmetric component the matching theorem of the
undirected game decides; elsewhere the exhaustive search, which names a winning
move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..explanations import BaseExplanation, Marks

if TYPE_CHECKING:
    from .analysis import DirectedAnalysis

__all__ = ["DirectedExplanation", "explain_directed"]


@dataclass(frozen=True, eq=False, repr=False)
class DirectedExplanation(BaseExplanation):
    """Why placing the token on ``vertex`` wins or loses in directed geography.

    Parameters
    ----------
    analysis : DirectedAnalysis
        The analysis explained.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    method : {"acyclic", "symmetric", "search"}
        How the verdict was found.
    move : int or None
        The opponent's winning move when the placer loses, else None.
    replies : list of (int, int)
        Each move of the opponent and the placer's winning answer.

    Attributes
    ----------
    analysis : DirectedAnalysis
        The digraph analysed.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    method : str
        ``"acyclic"``, ``"symmetric"`` or ``"search"`` (see
        :meth:`~matchgame.DirectedAnalysis.method`).
    move : int or None
        The opponent's winning move when the placer loses; else None.
    replies : list of (int, int)
        Where the placer wins and the verdict is retrograde: each move of the
        opponent and the placer's winning answer there (empty when it has no answer
        to give: the opponent is stuck after it).

    See Also
    --------
    Explanation : The vertex game's explanation.
    EdgeExplanation : The edge game's explanation.
    explain : Makes the explanation of any game.

    Examples
    --------
    A directed path 0 -> 1 -> 2: placed on 0, the opponent must move to 1, and
    the placer answers 2; placed on 1, the opponent moves to 2 and wins.

    >>> import matchgame
    >>> path = matchgame.DiGraph(3, [(0, 1), (1, 2)])
    >>> why = matchgame.explain(path, 0, game="directed")
    >>> why.placer_wins, why.method, why.replies
    (True, 'acyclic', [(1, 2)])
    >>> matchgame.explain(path, 1, game="directed").move
    2
    """

    analysis: DirectedAnalysis
    vertex: int
    placer_wins: bool
    method: str
    move: int | None
    replies: list[tuple[int, int]]

    def text(self) -> str:
        """The explanation in words, vertices in their 1-based text form."""
        names = self.analysis.names
        at = names.describe(self.vertex)
        verdict = "wins" if self.placer_wins else "loses"
        if self.method == "symmetric":
            why = (
                "Its component has every arc both ways: the game there is undirected vertex "
                "geography, decided by the matching theorem (the mover wins iff every maximum "
                "matching covers the token's vertex)."
            )
        elif self.method == "search":
            why = (
                "A cycle can be reached from it, where directed geography is PSPACE-complete: "
                "the verdict comes from an exhaustive search and has no short proof."
            )
        elif self.placer_wins:
            arcs = self.analysis.digraph.successors(self.vertex)
            if not arcs.size:
                why = "No arc leaves it: the opponent cannot move."
            else:
                answers = ", ".join(f"{names.text(u)} -> {names.text(r)}" for u, r in self.replies)
                why = (
                    "No cycle can be reached from it, so the token never comes back: every "
                    "arc from it leads to a vertex where the player to move wins, and you "
                    f"answer each move there ({answers})."
                )
        else:
            why = (
                "No cycle can be reached from it, so the token never comes back: an arc "
                "leads from it to a vertex where the player to move loses."
            )
        reply = ""
        if self.move is not None:
            reply = f" The opponent wins by moving to {names.text(self.move)}."
        return f"Placing the token on {at} {verdict}. {why}{reply}"

    def document(self) -> dict[str, Any]:
        """The explanation as JSON (``explain --game directed --format json``)."""
        names = self.analysis.names
        return {
            "game": "directed",
            "vertex": names.json_value(self.vertex),
            "placer_wins": self.placer_wins,
            "text": self.text(),
            "method": self.method,
            "move": None if self.move is None else names.json_value(self.move),
            "replies": [[names.json_value(u), names.json_value(r)] for u, r in self.replies],
        }

    def marks(self) -> Marks:
        """The opponent's winning move, or the answers to the opponent's moves, drawn
        from the placement."""
        return Marks.of_moves(self.vertex, self.move, self.replies)


def explain_directed(analysis: DirectedAnalysis, v: int) -> DirectedExplanation:
    """Why placing the token on vertex id ``v`` wins or loses (``v`` checked).

    >>> from matchgame.core.digraph import DiGraph
    >>> from matchgame.games.directed.analysis import analyse_directed
    >>> why = explain_directed(analyse_directed(DiGraph(3, [(0, 1), (1, 2)])), 0)
    >>> why.placer_wins, why.replies
    (True, [(1, 2)])
    """
    placer_wins = bool(analysis.winning_mask[v])
    method = analysis.method(analysis.names.name(v))
    found = int(analysis._moves[v])
    move = None if placer_wins or found < 0 else found
    replies: list[tuple[int, int]] = []
    if placer_wins and method == "acyclic":
        for u in analysis.digraph.successors(v).tolist():
            answer = int(analysis._moves[u])
            if answer >= 0 and answer != v:
                replies.append((u, answer))
    return DirectedExplanation(analysis, v, placer_wins, method, move, replies)
