"""Positions of directed vertex geography, move by move.

A position is the digraph, the visited vertices and the token. Who wins is asked of
the exact solver (:mod:`.engine`): the unvisited vertices the token can reach, cut
into strongly connected parts and each answered its way, searched where it must be;
its searches are kept for the next moves while the world they see is untouched (a
game played on from a placement), and each question has the budgets of positions
and seconds. On a symmetric digraph (a board's, an undirected graph's) the game is
the vertex game, and a position of the vertex game answers, kept up to date move by
move.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core._validate import describe
from ...core.digraph import DiGraph
from ...errors import IllegalMoveError, InvalidParameterError, InvalidTypeError
from ..contract import GameOf, find_game
from ..positions import BasePosition
from .engine import LOSS, DirectedEngine, partial_refused
from .source import directed_source

__all__ = ["DirectedPosition"]


class DirectedPosition(BasePosition):
    """A position of directed vertex geography on a digraph (or a board or undirected
    graph, whose edges are both arcs); the vertex game's
    :class:`~matchgame.Position`'s sibling, with the same constructor and methods.

    Parameters
    ----------
    source : DiGraph, NetworkX graph, Board, list of str, Graph or SciPy matrix
        Where the game is played (see
        ``matchgame.games.directed.source.directed_source``).
    token : name, optional
        The token's vertex; None for the placement phase.
    used : iterable of names
        Vertices visited already.
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    **options
        The game's options: the budgets of each question's search, ``max_states``
        (positions), ``max_seconds`` and ``max_memory`` (see
        :mod:`matchgame.games.budget`); ``partial`` is the placements' only.

    See Also
    --------
    Position : The vertex game's position.
    EdgePosition : The edge game's position.
    DirectedAnalysis : Who wins where, from the start.

    Examples
    --------
    >>> position = DirectedPosition(DiGraph(3, [(0, 1), (1, 2), (2, 0)]), token=0)
    >>> position.legal_moves(), position.mover_wins()
    ([1], False)
    >>> position.push(1); position.legal_moves(), position.mover_wins()
    ([2], True)
    """

    rules = GameOf("directed")

    def _set_up(
        self, source: Any, token: Hashable | None, used: Any, moves: str, options: dict[str, Any]
    ) -> None:
        digraph, _ = directed_source(source, moves)
        self._digraph = digraph
        names = digraph.names
        n = digraph.n_vertices
        visited = np.zeros(n, dtype=bool)
        if isinstance(used, str | bytes) or not isinstance(used, Iterable):
            raise InvalidTypeError(
                f"used must be an iterable of vertex names, got {describe(used)}"
            )
        for i, v in enumerate(used):
            visited[names.vertex(v, f"used[{i}]", IllegalMoveError)] = True
        token_id = None
        if token is not None:
            token_id = names.vertex(token, "token", IllegalMoveError)
            if visited[token_id]:
                raise IllegalMoveError(f"the token's vertex {token!r} is marked visited")
        elif visited.any():
            raise IllegalMoveError("visited vertices need a token (they are its past)")
        self._visited = visited
        self._start = token_id
        self._token = token_id
        self._moves: list[int] = []
        self._successors = [
            digraph.indices[digraph.offsets[v] : digraph.offsets[v + 1]].tolist() for v in range(n)
        ]
        self._vertex_game: BasePosition | None = None
        self._engine: DirectedEngine | None = None
        if options["partial"]:
            raise InvalidParameterError(partial_refused("a position"))
        if digraph.is_symmetric:  # the undirected game: the vertex game's position
            self._vertex_game = find_game("vertex").position(
                digraph.support, token, [names.name(int(v)) for v in np.flatnonzero(visited)]
            )
        else:
            self._engine = DirectedEngine(
                digraph,
                max_states=options["max_states"],
                max_memory=options["max_memory"],
                max_seconds=options["max_seconds"],
            )
        self._memo: dict[tuple[int, bytes], bool] = {}  # (token, visited) -> mover wins
        self._placements: list[int] | None = None
        self._set_naming(names)

    @property
    def graph(self) -> DiGraph:
        """The directed graph played on."""
        return self._digraph

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        mask = self._visited.copy()
        if self._token is not None:
            mask[self._token] = True
        return mask

    def _state_key(self) -> tuple[Any, ...]:
        return (self._visited.tobytes(),)

    def is_visited(self, v: Hashable) -> bool:
        """Whether ``v`` can no longer be entered (visited, or holding the token)."""
        u = self._names.vertex(v, "v")
        return bool(self._visited[u]) or u == self._token

    def remaining_edge_ids(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """The arcs between unvisited vertices (from the token's included)."""
        alive = ~self._visited
        arcs = self._digraph.arcs
        kept = arcs[alive[arcs[:, 0]] & alive[arcs[:, 1]]]
        if self._token is not None:
            kept = kept[kept[:, 1] != self._token]
        return kept, np.ones(kept.shape[0], dtype=np.int64)

    def _legal_list(self) -> list[int]:
        if self._token is None:
            return np.flatnonzero(~self._visited).tolist()
        visited = self._visited
        return [w for w in self._successors[self._token] if not visited[w]]

    def _illegal(self, u: int) -> str | None:
        names = self._names
        if u == self._token or self._visited[u]:
            return f"{names.describe(u)} has been visited"
        token = self._token
        if token is not None and u not in self._successors[token]:
            return f"no arc leads from the token at {names.describe(token)} to {names.describe(u)}"
        return None

    def _key(self, token: int, visited: npt.NDArray[np.bool_]) -> tuple[int, bytes]:
        return token, np.packbits(visited).tobytes()

    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play (placing: whether some
        placement wins).

        Raises
        ------
        BudgetExceededError
            Past a budget of the search (one line naming it).
        """
        if self._vertex_game is not None:
            return self._vertex_game.mover_wins()
        if self._token is None:
            return bool(self._winning_ids())
        engine = self._engine
        assert engine is not None
        visited = self._visited_mask()
        key = self._key(self._token, visited)
        known = self._memo.get(key)
        if known is None:
            outcome = engine.kept(self._token, visited, engine.question())
            known = not all(self._after_moves().values()) if outcome is None else outcome >= 0
            self._memo[key] = known
        return known

    def _after_moves(self) -> dict[int, bool]:
        """Per legal move: whether the player to move wins after it."""
        assert self._engine is not None and self._token is not None
        visited = self._visited_mask()
        found: dict[int, bool] = {}
        for w in self._legal_list():
            visited[w] = True
            known = self._memo.get(self._key(w, visited))
            visited[w] = False
            if known is None:
                break
            found[w] = known
        else:
            return found
        found = self._engine.after_moves(self._token, visited, self._engine.question())
        for w, wins in found.items():
            visited[w] = True
            self._memo[self._key(w, visited)] = wins
            visited[w] = False
        return found

    def _winning_ids(self) -> list[int]:
        if self._vertex_game is not None:
            return self._vertex_game.winning_move_ids()
        engine = self._engine
        assert engine is not None
        if self._token is None:  # the placements: where the mover then loses
            if self._placements is None:
                ids = np.arange(self._n, dtype=np.int64)
                value, _ = engine.solve(ids, np.ones(self._n, dtype=bool), engine.question())
                self._placements = np.flatnonzero(value == LOSS).tolist()
            return self._placements
        return [w for w, wins in self._after_moves().items() if not wins]

    def _push_id(self, u: int) -> None:
        if self._vertex_game is not None:
            self._vertex_game._push_id(u)
        if self._token is not None:
            self._visited[self._token] = True
        self._moves.append(u)
        self._token = u

    def _pop_id(self) -> int:
        move = self._moves.pop()
        if self._vertex_game is not None:
            self._vertex_game._pop_id()
        self._token = self._moves[-1] if self._moves else self._start
        if self._token is not None:
            self._visited[self._token] = False
        return move

    def __repr__(self) -> str:
        visited = int(self._visited_mask().sum())
        return f"<DirectedPosition token={self.token!r} visited={visited} of {self._n}>"
