"""The proof of one verdict of the edge game: a parity set (:class:`EdgeProof`).

On a bipartite multigraph the player to move loses with the token on ``s`` iff some
set S holding ``s`` takes an even number of edges from every vertex outside it, and
wins iff some set T without ``s`` takes an odd number from ``s`` and an even number
from every other vertex outside it (Fraenkel, Scheinerman, Ullman 1993; the theorem
is in :mod:`matchgame.games.edge.analysis`). :meth:`matchgame.EdgeAnalysis.proof`
gives the set for a vertex, by name.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

__all__ = ["EdgeProof"]


@dataclass(frozen=True)
class EdgeProof:
    """Why the player to move wins or loses with the token on a vertex, nothing used.

    Parameters
    ----------
    vertex : name
        The token's vertex.
    mover_wins : bool
        Whether the player to move wins.
    parity_set : list of names
        The set S (a losing start) or T (a winning start) described below.
    move : name or None
        A winning move when ``mover_wins``, else None.

    Attributes
    ----------
    vertex : name
        The token's vertex.
    mover_wins : bool
        Whether the player to move wins (the placer loses by placing there).
    parity_set : list of names
        A losing start (``mover_wins`` False): a set S holding ``vertex`` such that
        every vertex outside S has an even number of edges into S and no odd number
        of edges joins two vertices of S. A winning start: a set T without
        ``vertex`` into which ``vertex`` has an odd number of edges, every other
        vertex outside T an even number, and no odd number of edges joins two
        vertices of T.
    move : name or None
        A winning move (the vertex reached, in T) when ``mover_wins``.

    See Also
    --------
    EdgeAnalysis.proof : Makes it.
    EdgeExplanation : The same argument, in words and drawn.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import matchgame
    >>> graph = matchgame.Graph.from_edges(2, [(0, 1)])
    >>> proof = matchgame.analyse(graph, game="edge").proof(0)
    >>> proof.mover_wins, proof.parity_set, proof.move, proof.placer_wins
    (True, [1], 1, False)
    """

    vertex: Hashable
    mover_wins: bool
    parity_set: list[Hashable]
    move: Hashable | None

    @property
    def placer_wins(self) -> bool:
        """Whether placing the token on the vertex wins (the mover there loses)."""
        return not self.mover_wins
