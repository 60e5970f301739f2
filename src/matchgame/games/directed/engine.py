"""The exact solver of directed geography: the digraph cut into strongly connected
parts, each part answered the cheapest way its shape allows, the rest searched by the
compiled kernel (:mod:`matchgame._kernels.geography`), within the budgets of a
question (positions, bytes, seconds).

The reductions, each exact by the rules (proofs in docs/theory.md, "Directed
geography"):

- **the condensation**: the token never comes back to a strongly connected component
  it has left, and a component it enters is wholly unvisited, so the value of entering
  one at ``u`` is the value of placing the token on ``u``: the components are answered
  sinks first, each once;
- **winning exits**: a vertex with an arc out of its component to a vertex where the
  mover loses is won (make that move); a move *into* such a vertex is lost, so once
  they are decided those vertices are cut off, the other exits (all to positions the
  opponent wins) dropped, and what is left is cut into components again;
- **a cycle**: a component that is one directed cycle of ``k`` vertices with no
  winning exit is a forced walk round it: the mover wins iff ``k`` is even;
- **symmetric**: a component whose every arc has its reverse is undirected vertex
  geography, answered by the matching theorem (the vertex game, by name);
- **the search**: any other component is searched by the kernel over canonical
  states, one question a vertex.

A question (the placements of a digraph, or the moves of a position) gets its own
budget of positions and seconds; the kernels' tables, the memory, stay within
``max_memory`` across questions (the oldest are dropped first), and each search is
kept with the world it sees (the used vertices outside its part that it can reach):
a later position in the same world, a game played on inside the part, asks it
again. A question that runs out of positions or seconds stops searching; with
``partial`` its answer keeps what it settled and says "unknown" for the rest, else
it is refused in one line naming the bound and the part that stopped it.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from ..._kernels import geography as kernel
from ..._kernels._stop import check as stop_point
from ...core.digraph import DiGraph
from ...core.graph import Graph
from ...errors import BudgetExceededError
from ..budget import MAX_MEMORY
from ..contract import game as find_game
from .searches import Question, Searches, partial_refused

__all__ = [
    "LOSS",
    "UNASKED",
    "UNKNOWN",
    "WIN",
    "DirectedEngine",
    "Question",
    "partial_refused",
]

WIN, LOSS, UNKNOWN, UNASKED = 1, 0, -1, -2
"""A vertex's value: the mover wins, loses, unknown (a budget ran out), not asked."""

_Answer = tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]
_Request = tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.bool_],
    "Question",
    "npt.NDArray[np.bool_] | None",
    "npt.NDArray[np.int64] | None",
    "npt.NDArray[np.bool_] | None",
]


class DirectedEngine:
    """The solver of one digraph (see the module docstring), and the searches it keeps.

    Parameters
    ----------
    graph : DiGraph
        The digraph played on.
    max_states, max_memory, max_seconds, partial
        The budgets (``max_states`` and ``max_seconds`` a question; ``max_memory`` in
        all) and what a budget that runs out does: see :mod:`matchgame.games.budget`.
    """

    def __init__(
        self,
        graph: DiGraph,
        *,
        max_states: int | None = None,
        max_memory: int = MAX_MEMORY,
        max_seconds: float | None = None,
        partial: bool = False,
    ) -> None:
        self.graph = graph
        self.offsets = np.ascontiguousarray(graph.offsets, dtype=np.int32)
        self.targets = np.ascontiguousarray(graph.indices, dtype=np.int32)
        self.max_states = max_states
        self.max_memory = max_memory
        self.max_seconds = max_seconds
        self.partial = partial
        self.searches = Searches(graph, self.offsets, self.targets, max_memory)

    @property
    def positions(self) -> int:
        """Positions searched, over every question."""
        return self.searches.positions

    def kept(self, token: int, visited: npt.NDArray[np.bool_], question: Question) -> int | None:
        """Who wins with the token on ``token`` and ``visited`` used up, from a kept
        search (:meth:`Searches.kept`): a winning move, -1, or None."""
        return self.searches.kept(token, visited, question)

    def question(self, partial: bool | None = None) -> Question:
        """A new question's budget."""
        chosen = self.partial if partial is None else partial
        return Question(self.max_states, self.max_seconds, chosen)

    # -- the decomposition -------------------------------------------------------------

    def solve(
        self,
        ids: npt.NDArray[np.int64],
        needed: npt.NDArray[np.bool_],
        question: Question,
        exit_win: npt.NDArray[np.bool_] | None = None,
        exit_move: npt.NDArray[np.int64] | None = None,
        visited: npt.NDArray[np.bool_] | None = None,
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Per vertex of the digraph induced on ``ids`` (sorted vertex ids) its value
        (:data:`WIN`, :data:`LOSS`, :data:`UNKNOWN`, or :data:`UNASKED` where nothing
        needed it) and a winning move (a vertex id, or -1), where ``needed`` says which
        values are asked. ``exit_win``: vertices won by a move out of ``ids``
        (``exit_move``); ``visited``: the vertices used up (None: none), which decide
        whether a search can be kept for later questions (if it can reach none).

        A part cut off inside a component is solved before the component goes on;
        that nesting can be as deep as the digraph has vertices, so the parts are
        generators driven here from a stack of their own, not by recursion."""
        stack = [self._solving(ids, needed, question, exit_win, exit_move, visited)]
        answer: tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]] | None = None
        while stack:
            try:
                request = stack[-1].send(answer)
            except StopIteration as done:
                stack.pop()
                answer = done.value
                continue
            answer = None
            stack.append(self._solving(*request))
        assert answer is not None
        return answer

    def _solving(
        self,
        ids: npt.NDArray[np.int64],
        needed: npt.NDArray[np.bool_],
        question: Question,
        exit_win: npt.NDArray[np.bool_] | None = None,
        exit_move: npt.NDArray[np.int64] | None = None,
        visited: npt.NDArray[np.bool_] | None = None,
    ) -> Generator[_Request, _Answer | None, _Answer]:
        """:meth:`solve`'s work on one digraph: it yields the parts it needs solved
        first (the arguments of another ``_solving``) and is sent their answers."""
        n = ids.shape[0]
        value = np.full(n, UNASKED, dtype=np.int8)
        move = np.full(n, -1, dtype=np.int64)
        if n == 0:
            return value, move
        offsets, targets = self._induced(ids)
        comp, n_comp = kernel.strong_components(offsets, targets)
        members = np.argsort(comp, kind="stable").astype(np.int32)
        comp_start = np.zeros(n_comp + 1, dtype=np.int64)
        np.cumsum(np.bincount(comp, minlength=n_comp), out=comp_start[1:])
        wins = np.zeros(n, dtype=np.uint8) if exit_win is None else exit_win.astype(np.uint8)
        if exit_move is not None:
            move[wins.astype(bool)] = exit_move[wins.astype(bool)]
        starts = self._asked(offsets, targets, comp, needed)
        local_move = np.full(n, -1, dtype=np.int64)
        c = 0
        while True:
            c = kernel.sweep(offsets, targets, members, comp_start, c, value, local_move, wins)
            if c >= n_comp:
                break
            part = members[comp_start[c] : comp_start[c + 1]].astype(np.int64)
            stop_point()
            yield from self._component(
                ids, offsets, targets, comp, c, part, starts, value, move, wins, question, visited
            )
            c += 1
        inner = local_move >= 0
        move[inner] = ids[local_move[inner]]
        return value, move

    def _induced(
        self, ids: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """The CSR of the digraph induced on ``ids``, in their local numbering."""
        n_all = self.graph.n_vertices
        if ids.shape[0] == n_all:
            return self.offsets, self.targets
        local = np.full(n_all, -1, dtype=np.int64)
        local[ids] = np.arange(ids.shape[0])
        starts, ends = self.offsets[ids], self.offsets[ids + 1]
        counts = (ends - starts).astype(np.int64)
        index = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
        heads = local[self.targets[index]]
        kept = heads >= 0
        owner = np.repeat(np.arange(ids.shape[0]), counts)
        offsets = np.zeros(ids.shape[0] + 1, dtype=np.int32)
        np.cumsum(np.bincount(owner[kept], minlength=ids.shape[0]), out=offsets[1:])
        return offsets, heads[kept].astype(np.int32)

    def _asked(
        self,
        offsets: npt.NDArray[np.int32],
        targets: npt.NDArray[np.int32],
        comp: npt.NDArray[np.int32],
        needed: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.bool_]:
        """The vertices whose search is asked: those ``needed``, and those entered from
        another component that a needed vertex can reach (a component's exits decide
        its winning vertices)."""
        if needed.all():
            return needed
        n = needed.shape[0]
        ask = needed.astype(np.uint8)
        closure = kernel.reachable(offsets, targets, ask, np.ones(n, dtype=np.uint8)) | ask
        tails = np.repeat(np.arange(n), np.diff(offsets))
        entering = closure[tails].astype(bool) & (comp[tails] != comp[targets])
        asked = needed.copy()
        asked[targets[entering]] = True
        return asked

    def _component(
        self,
        ids: npt.NDArray[np.int64],
        offsets: npt.NDArray[np.int32],
        targets: npt.NDArray[np.int32],
        comp: npt.NDArray[np.int32],
        c: int,
        part: npt.NDArray[np.int64],
        starts: npt.NDArray[np.bool_],
        value: npt.NDArray[np.int8],
        move: npt.NDArray[np.int64],
        wins: npt.NDArray[np.uint8],
        question: Question,
        visited: npt.NDArray[np.bool_] | None,
    ) -> Generator[_Request, _Answer | None, None]:
        """Settle component ``c`` (vertices ``part``, of more than one vertex); a part
        left after cutting off its won vertices is yielded to be solved first."""
        counts = (offsets[part + 1] - offsets[part]).astype(np.int64)
        index = np.repeat(offsets[part] - np.cumsum(counts) + counts, counts) + np.arange(
            counts.sum()
        )
        tails, heads = np.repeat(part, counts), targets[index].astype(np.int64)
        out = comp[heads] != c
        won = wins[part].astype(bool)
        lost_exit = out & (value[heads] == LOSS)
        exit_tails, exit_heads = tails[lost_exit], heads[lost_exit]
        first = np.unique(exit_tails, return_index=True)
        won_now = np.zeros(value.shape[0], dtype=bool)
        won_now[first[0]] = True
        move[first[0]] = ids[exit_heads[first[1]]]
        won_now[part[won]] = True
        value[part[won_now[part]]] = WIN
        rest = part[~won_now[part]]
        if rest.size == 0:
            return
        unsure = np.zeros(value.shape[0], dtype=bool)
        unsure[tails[out & (value[heads] < 0)]] = True
        if unsure[rest].any():  # an exit nobody could settle: so is this part
            value[rest] = UNKNOWN
            return
        if rest.size < part.size:  # the won vertices cut off: what is left, again
            solved = yield (ids[rest], starts[rest], question, None, None, visited)
            assert solved is not None
            value[rest], move[rest] = solved
            return
        self._irreducible(
            ids, part, tails[~out], heads[~out], starts, value, move, question, visited
        )

    def _irreducible(
        self,
        ids: npt.NDArray[np.int64],
        part: npt.NDArray[np.int64],
        tails: npt.NDArray[np.int64],
        heads: npt.NDArray[np.int64],
        starts: npt.NDArray[np.bool_],
        value: npt.NDArray[np.int8],
        move: npt.NDArray[np.int64],
        question: Question,
        visited: npt.NDArray[np.bool_] | None,
    ) -> None:
        """A strongly connected part with no winning exit (its exits dropped): a cycle,
        a symmetric part, or the search."""
        k = part.shape[0]
        local = np.full(value.shape[0], -1, dtype=np.int64)
        local[part] = np.arange(k)
        sub_tails, sub_heads = local[tails], local[heads]
        degree = np.bincount(sub_tails, minlength=k)
        if (degree == 1).all():  # one cycle: a forced walk round it
            order = np.argsort(sub_tails, kind="stable")
            value[part] = WIN if k % 2 == 0 else LOSS
            if k % 2 == 0:
                move[part[sub_tails[order]]] = ids[part[sub_heads[order]]]
            return
        keys = sub_tails * k + sub_heads
        if np.isin(sub_heads * k + sub_tails, keys).all():  # the undirected game
            pairs = np.stack([sub_tails, sub_heads], axis=1)[sub_tails < sub_heads]
            vertex: object = find_game("vertex").analyse(Graph.from_edges(k, pairs))
            mover_wins = ~vertex.winning_mask  # type: ignore[attr-defined]
            mate = vertex.decomposition.mate  # type: ignore[attr-defined]
            value[part] = np.where(mover_wins, WIN, LOSS)
            winners = np.flatnonzero(mover_wins)
            move[part[winners]] = ids[part[mate[winners]]]
            return
        asked = np.flatnonzero(starts[part])
        if asked.size == 0:
            return
        if question.exhausted:
            value[part[asked]] = UNKNOWN
            return
        order = np.lexsort((sub_heads, sub_tails))
        sub_offsets = np.zeros(k + 1, dtype=np.int32)
        np.cumsum(degree, out=sub_offsets[1:])
        held = self.searches.get(
            ids[part], sub_offsets, sub_heads[order].astype(np.int32), question, visited
        )
        if held is None:
            value[part[asked]] = UNKNOWN
            return
        everything = np.ones(k, dtype=np.uint8)
        for i in asked.tolist():
            if question.exhausted:
                value[part[asked[asked >= i]]] = UNKNOWN
                return
            outcome = self.searches.run(held, i, everything, question)
            if outcome is None:
                value[part[i]] = UNKNOWN
                continue
            value[part[i]] = WIN if outcome >= 0 else LOSS
            if outcome >= 0:
                move[part[i]] = ids[part[outcome]]

    # -- the kernels ---------------------------------------------------------------------

    def after_moves(
        self, token: int, visited: npt.NDArray[np.bool_], question: Question
    ) -> dict[int, bool]:
        """Per legal move ``w`` from ``token`` (``visited`` used up, the token's
        included): whether the player to move then wins."""
        unvisited = ~visited
        moves = [w for w in self.graph.successors(token).tolist() if unvisited[w]]
        found: dict[int, bool] = {}
        rest = []
        for w in moves:
            after = visited.copy()
            after[w] = True
            outcome = self.searches.kept(w, after, question)
            if outcome is None:
                rest.append(w)
            else:
                found[w] = outcome >= 0
        if rest:
            source = np.zeros(self.graph.n_vertices, dtype=np.uint8)
            source[token] = 1
            world = kernel.reachable(self.offsets, self.targets, source, unvisited.astype(np.uint8))
            ids = np.flatnonzero(world).astype(np.int64)
            needed = np.isin(ids, rest)
            value, _ = self.solve(ids, needed, question, visited=visited)
            for w in rest:
                got = int(value[np.searchsorted(ids, w)])
                if got < 0:
                    raise BudgetExceededError(question.refusal or "a budget ran out")
                found[w] = got == WIN
        return found
