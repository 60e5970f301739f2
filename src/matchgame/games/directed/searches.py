"""The compiled searches of directed geography's irreducible parts, kept between
questions within ``max_memory``, and a question's budgets of positions and seconds.

A search (:class:`matchgame._kernels.geography.GeographySearch`) answers positions
of one part of the digraph, its table filled as it goes. :class:`Searches` makes
them within the memory left (the oldest dropped first), doubles a table when the
memory is there (else its entries are replaced), and keeps each with the world it
sees: the used vertices outside its part that the part can reach. Its answers hold
for every position in that world, which is how a game played on inside a part asks
the same search again (:meth:`Searches.kept`). A :class:`Question` carries one
question's budgets and the first refusal; the messages name the bound and the part.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels import geography as kernel
from ..._kernels._stop import check as stop_point
from ...core._memory import require_memory
from ...core._validate import plural
from ...core.digraph import DiGraph
from ...errors import BudgetExceededError
from ..budget import MAX_BUDGET

__all__ = ["Question", "Searches", "partial_refused"]

_PSPACE = "directed geography is PSPACE-complete: Lichtenstein and Sipser 1980"


def partial_refused(what: str) -> str:
    """Why ``partial`` is refused by ``what`` (a position, a record, a sweep)."""
    return (
        f"partial goes with the placements (analyse, matchgame placements), not with {what}: "
        "its questions are answered whole or refused"
    )


def _part(n_vertices: int, n_arcs: int) -> str:
    """``"24 vertices and 276 arcs"``, each count with its noun."""
    vertices = plural(n_vertices, "vertex", "vertices", grouped=True)
    return f"{vertices} and {plural(n_arcs, 'arc', grouped=True)}"


def _size(n_bytes: int) -> str:
    """Bytes in MiB below a GiB, else in GiB."""
    if n_bytes < 1 << 30:
        return f"{max(n_bytes / 2**20, 0.1):.1f} MiB"
    return f"{n_bytes / 2**30:.1f} GiB"


class Question:
    """One question's budget (positions and seconds) and what stopped it, if anything.

    Parameters
    ----------
    max_states : int or None
        Positions the kernels may search (None: no bound).
    max_seconds : float or None
        Seconds from now (None: no bound).
    partial : bool
        Whether a budget that runs out leaves the rest unknown (else it raises).
    """

    def __init__(self, max_states: int | None, max_seconds: float | None, partial: bool):
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.partial = partial
        self.started = time.monotonic()
        self.positions = 0
        self.refusal: str | None = None
        self.exhausted = False  # positions or seconds spent: no more searching

    def states_left(self) -> int:
        if self.max_states is None:
            return 1 << 62
        return max(self.max_states - self.positions, 0)

    def seconds_left(self) -> float:
        if self.max_seconds is None:
            return 1e18
        return max(self.max_seconds - (time.monotonic() - self.started), 0.0)

    def refuse(self, message: str, *, spent: bool) -> None:
        """A bound stopped a search: raise, or with ``partial`` remember the first one
        (``spent``: positions or seconds, so nothing more is searched)."""
        if not self.partial:
            raise BudgetExceededError(message)
        if self.refusal is None:
            self.refusal = message
        self.exhausted = self.exhausted or spent


@dataclass
class _Held:
    """A kernel search kept between questions: its part's vertices (sorted ids), the
    used vertices outside it that it can reach when it was made (``seen``: their ids'
    bytes), and all the vertices outside it that it can reach (computed when first
    asked). Its answers hold for every position whose used vertices outside the part
    that the part can reach are those: the world the part sees is the same."""

    search: kernel.GeographySearch
    ids: npt.NDArray[np.int64]
    member: npt.NDArray[np.bool_]
    fixed: int
    seen: bytes = b""
    outside: npt.NDArray[np.bool_] | None = None

    @property
    def bytes(self) -> int:
        return self.fixed + self.search.table_bytes


class Searches:
    """The searches of one digraph's parts, within ``max_memory`` bytes in all.

    Parameters
    ----------
    graph : DiGraph
        The digraph (its names name the parts in a refusal).
    offsets, targets : int32 arrays
        Its CSR.
    max_memory : int
        Bytes the searches may take together.
    """

    def __init__(
        self,
        graph: DiGraph,
        offsets: npt.NDArray[np.int32],
        targets: npt.NDArray[np.int32],
        max_memory: int,
    ) -> None:
        self.graph = graph
        self.offsets = offsets
        self.targets = targets
        self.max_memory = max_memory
        self._held: OrderedDict[bytes, _Held] = OrderedDict()
        self.positions = 0  # searched, over every question

    def get(
        self,
        ids: npt.NDArray[np.int64],
        offsets: npt.NDArray[np.int32],
        targets: npt.NDArray[np.int32],
        question: Question,
        visited: npt.NDArray[np.bool_] | None,
    ) -> _Held | None:
        """The kept search of the part ``ids`` in the same world (the used vertices of
        ``visited`` it can reach outside the part; None: none used), or a new one
        within the memory left (the oldest kept searches dropped first), kept in turn;
        None, the question told, when even an empty table cannot fit."""
        member = np.zeros(self.graph.n_vertices, dtype=bool)
        member[ids] = True
        outside, seen = None, b""
        if visited is not None:
            outside = self._reaches(member)
            seen = self._seen(visited, outside)
        key = ids.tobytes() + b"/" + seen
        held = self._held.get(key)
        if held is not None:
            self._held.move_to_end(key)
            return held
        k, n_arcs = ids.shape[0], targets.shape[0]
        fixed = kernel.GeographySearch.fixed_bytes(k, n_arcs)
        least = fixed + 1024 * 4 * kernel.GeographySearch.entry_bytes(k)
        while self._held and self._bytes() + least > self.max_memory:
            self._held.popitem(last=False)
        room = self.max_memory - self._bytes() - fixed
        problem = None
        if room < least - fixed:
            problem = f"more than max_memory = {_size(self.max_memory)} allows"
        else:
            try:
                require_memory(least, "the search", error=BudgetExceededError)
            except BudgetExceededError as exc:
                problem = str(exc)
        if problem is not None:
            names = self.graph.names
            question.refuse(
                f"the exact search of a strongly connected part of {_part(k, n_arcs)} "
                f"holding {names.text(int(ids[0]))} needs about "
                f"{_size(least)} of memory: {problem} ({_PSPACE})",
                spent=False,
            )
            return None
        # a third of the room is kept for the moment the table doubles (old and new)
        search = kernel.GeographySearch(offsets, targets, room * 2 // 3)
        held = _Held(search, ids, member, fixed, seen, outside)
        self._held[key] = held
        return held

    def _reaches(self, member: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """The vertices outside ``member`` that it can reach."""
        everywhere = np.ones(self.graph.n_vertices, dtype=np.uint8)
        reached = kernel.reachable(self.offsets, self.targets, member.astype(np.uint8), everywhere)
        return reached.astype(bool) & ~member

    @staticmethod
    def _seen(visited: npt.NDArray[np.bool_], outside: npt.NDArray[np.bool_]) -> bytes:
        """The used vertices among ``outside``, as bytes (a kept search's world)."""
        return np.flatnonzero(visited & outside).tobytes()

    def _bytes(self) -> int:
        return sum(held.bytes for held in self._held.values())

    def run(
        self, held: _Held, start: int, available: npt.NDArray[np.uint8], question: Question
    ) -> int | None:
        """Who wins with the token on ``start`` (local) and ``available`` unvisited in
        the kept search: a winning move (local, >= 0), -1 the mover loses, or None when
        a budget ran out (the question told)."""
        search = held.search
        search.begin(start, available)
        while True:
            before = search.n_positions
            status = search.run(question.states_left(), question.seconds_left())
            question.positions += search.n_positions - before
            self.positions += search.n_positions - before
            if status == kernel.NEEDS_ROOM:
                self._grow(held)
                continue
            if status == kernel.STOPPED:
                stop_point()
                continue
            if status == kernel.WIN:
                return search.best_move
            if status == kernel.LOSS:
                return -1
            self._refuse(held, start, status, question)
            return None

    def _grow(self, held: _Held) -> None:
        """Double the table when the memory is there, else keep it as it is."""
        search = held.search
        growth = search.growth_bytes()
        others = sum(h.bytes for h in self._held.values() if h is not held)
        if growth == 0 or others + held.fixed + growth > self.max_memory:
            search.limit_table()
            return
        try:
            require_memory(growth, "the search's table", error=BudgetExceededError)
        except BudgetExceededError:
            search.limit_table()
            return
        search.grow()

    def _refuse(self, held: _Held, start: int, status: int, question: Question) -> None:
        names = self.graph.names
        k, n_arcs = held.ids.shape[0], held.search.n_arcs
        where = (
            f"the exact search from {names.text(int(held.ids[start]))}, in a strongly "
            f"connected part of {_part(k, n_arcs)},"
        )
        if status == kernel.TIMED_OUT:
            searched = plural(question.positions, "position", grouped=True)
            why = (
                f"{where} took longer than max_seconds = {question.max_seconds:g} allows "
                f"({searched} searched; {_PSPACE})"
            )
        else:
            # the table replaces entries within max_memory: more positions cost time only
            hint = (
                "raising it cannot help: it is at its largest"
                if (question.max_states or 0) >= MAX_BUDGET
                else "raising it may help: the table stays within the memory budget, so more "
                "positions cost time, not memory"
            )
            why = (
                f"{where} needs more positions than max_states = {question.max_states:,} "
                f"allows; {hint} ({_PSPACE})"
            )
        question.refuse(why, spent=True)

    # -- positions ---------------------------------------------------------------------

    def kept(self, token: int, visited: npt.NDArray[np.bool_], question: Question) -> int | None:
        """Who wins with the token on ``token`` and ``visited`` used up (the token's
        included), from a kept search whose world is the same (the used vertices it can
        reach outside its part): a winning move (>= 0), -1 the mover loses, or None
        when no kept search answers it."""
        for key, held in list(self._held.items()):
            if not held.member[token]:
                continue
            if held.outside is None:
                held.outside = self._reaches(held.member)
            if self._seen(visited, held.outside) != held.seen:
                continue
            self._held.move_to_end(key)
            local = int(np.searchsorted(held.ids, token))
            available = (~visited[held.ids]).astype(np.uint8)
            outcome = self.run(held, local, available, question)
            if outcome is None:
                raise BudgetExceededError(question.refusal or "a budget ran out")
            return int(held.ids[outcome]) if outcome >= 0 else -1
        return None
