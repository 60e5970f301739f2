"""Why a placement wins or loses in the edge game, shown as a teacher would show it.

By the theorem of :mod:`matchgame.games.edge.analysis`, on a bipartite component:

- the placer wins on ``v`` when a *parity set* S holds ``v``: every vertex has an
  even number of edges into S (S lies on one side, so no edge joins two of its
  vertices). Whenever the opponent takes the token out of S to a vertex ``y``, an
  odd number of ``y``'s edges into S are still unused, so the placer takes it back
  into S: the opponent runs out of moves first;
- the placer loses on ``v`` when the opponent has a move ``v -> y`` into a set T
  that ``v`` has an odd number of edges into and every other vertex an even
  number: after the move, T is a parity set holding ``y`` for the placer, now to
  move.

On a component with an odd cycle the game is PSPACE-complete: the verdict comes
from the exhaustive search and has no short proof; the explanation names a
winning move found by the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..budget import MAX_STATES
from ..explanations import BaseExplanation, Marks
from .engines import searched_winning_move

if TYPE_CHECKING:
    from .analysis import EdgeAnalysis

__all__ = ["EdgeExplanation", "explain_edges"]


@dataclass(frozen=True, eq=False, repr=False)
class EdgeExplanation(BaseExplanation):
    """Why placing the token on a vertex wins or loses in the edge game.

    Parameters
    ----------
    analysis : EdgeAnalysis
        The analysis explained.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    parity_set : list of int
        The set S or T, as vertex ids (empty when ``searched``).
    move : int or None
        The opponent's winning move when the placer loses, else None.
    searched : bool
        Whether the verdict comes from the exhaustive search.

    Attributes
    ----------
    analysis : EdgeAnalysis
        The board or graph analysed.
    vertex : int
        The vertex id explained.
    placer_wins : bool
        Whether placing the token there wins.
    parity_set : list of int
        S (the placer wins: a set holding ``vertex``) or T (the placer loses: the
        set the opponent's move enters), as vertex ids; empty when :attr:`searched`.
    move : int or None
        The opponent's winning move when the placer loses (a vertex of T, or the
        search's move); else None.
    searched : bool
        The vertex's component has an odd cycle (or an odd self-loop): the verdict
        comes from the exhaustive search, without a short proof.

    See Also
    --------
    Explanation : The vertex game's explanation.
    DirectedExplanation : The directed game's explanation.
    EdgeProof : The parity set of a vertex, by name.
    explain : Makes the explanation of any game.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    On a path of three cells the placer wins on an end: S is both ends, and the
    opponent's every move leaves the token next to S. In the middle the placer
    loses: the opponent moves to an end (T = that end).

    >>> import matchgame
    >>> why = matchgame.explain(["..."], (0, 0), game="edge")
    >>> why.placer_wins, why.parity_set, why.searched
    (True, [0, 2], False)
    >>> lost = matchgame.explain(["..."], (0, 1), game="edge")
    >>> lost.placer_wins, lost.move, lost.parity_set
    (False, 0, [0])
    """

    analysis: EdgeAnalysis
    vertex: int
    placer_wins: bool
    parity_set: list[int]
    move: int | None
    searched: bool

    def text(self) -> str:
        """The explanation in words, vertices in their 1-based text form."""
        names = self.analysis.names
        at = names.describe(self.vertex)
        listed = "{" + ", ".join(names.text(v) for v in self.parity_set) + "}"
        if self.searched:
            why = (
                "Its component has an odd cycle (or a self-loop), where edge geography is "
                "PSPACE-complete: the verdict comes from an exhaustive search of the "
                "component and has no short proof."
            )
            if self.placer_wins:
                return f"Placing the token on {at} wins. {why}"
            reply = f" The opponent wins by moving to {names.text(self.move)}." if self.move else ""
            return f"Placing the token on {at} loses. {why}{reply}"
        if self.placer_wins:
            if not self.analysis.multigraph.support.neighbours(self.vertex).shape[0]:
                return (
                    f"Placing the token on {at} wins: no edge leads from it to another "
                    "vertex, and its self-loops, if any, come in pairs (answer one with the "
                    "other): the opponent runs out of moves first."
                )
            return (
                f"Placing the token on {at} wins. The set S = {listed} holds it, and every "
                "vertex has an even number of edges into S. Whenever the opponent moves the "
                "token out of S to a vertex, that vertex still has an odd number of unused "
                "edges into S: take the token back into S along one. The opponent runs out "
                "of moves first."
            )
        assert self.move is not None
        return (
            f"Placing the token on {at} loses. The opponent moves to {names.text(self.move)}, "
            f"into the set T = {listed}: {names.text(self.vertex)} has an odd number of edges "
            "into T and every other vertex an even number, so once that edge is used every "
            "vertex has an even number of edges into T, and T holds the token: the opponent "
            "takes the token back into T after each of your moves, and you run out of "
            "moves first."
        )

    def marks(self) -> Marks:
        """The parity set (S, or T) ringed, the opponent's winning move as a line, the
        placement ringed."""
        legend = [("path", "the placement")]
        if self.parity_set:
            what = (
                "S: every vertex has an even number of edges into it"
                if self.placer_wins
                else "T: the winning move's set"
            )
            legend.append(("better", what))
        rings = [(v, "better", 0.6) for v in self.parity_set]
        lines: list[tuple[tuple[int, ...], str, float]] = []
        if self.move is not None:
            legend.append(("mistake", "the opponent's winning move"))
            lines.append(((self.vertex, self.move), "mistake", 1.0))
        rings.append((self.vertex, "path", 1.0))
        return Marks(tuple(lines), tuple(rings), tuple(legend))

    def document(self) -> dict[str, Any]:
        """The explanation as JSON (vertices in their 1-based JSON form)."""
        names = self.analysis.names
        return {
            "game": "edge",
            "vertex": names.json_value(self.vertex),
            "placer_wins": self.placer_wins,
            "text": self.text(),
            "searched": self.searched,
            "parity_set": [names.json_value(v) for v in self.parity_set],
            "move": None if self.move is None else names.json_value(self.move),
        }


def explain_edges(
    analysis: EdgeAnalysis, name: Any, *, max_states: int | None = None
) -> EdgeExplanation:
    """Why placing the token on the vertex ``name`` wins or loses in the edge game.

    ``max_states``: the search's budget for the opponent's winning move on a
    component with an odd cycle (default: the edge game's).

    Raises
    ------
    InvalidInputError, InvalidTypeError
        If ``name`` is not a vertex of the analysis.
    BudgetExceededError
        If the winning move on a component with an odd cycle needs more positions
        than the budget.

    Examples
    --------
    A path of three vertices: the placer wins on an end (S = both ends) and loses
    in the middle (the opponent moves to an end, T = that end).

    >>> from matchgame import Graph, analyse
    >>> analysis = analyse(Graph.from_edges(3, [(0, 1), (1, 2)]), game="edge")
    >>> why = explain_edges(analysis, 0)
    >>> why.placer_wins, why.parity_set
    (True, [0, 2])
    >>> why = explain_edges(analysis, 1)
    >>> why.placer_wins, why.move, why.parity_set
    (False, 0, [0])
    """
    names = analysis.names
    v = names.vertex(name)
    placer_wins = bool(analysis.winning_mask[v])
    if analysis.searched[v]:
        move = None
        if not placer_wins:
            budget = MAX_STATES if max_states is None else max_states
            move = searched_winning_move(analysis.multigraph, v, budget)
        return EdgeExplanation(analysis, v, placer_wins, [], move, True)
    proof = analysis.proof(names.name(v))
    parity_set = [names.vertex(x) for x in proof.parity_set]
    move = None if proof.move is None else names.vertex(proof.move)
    return EdgeExplanation(analysis, v, placer_wins, parity_set, move, False)
