"""The checks of the edge game's certificates (the format and what it proves: see
:mod:`matchgame.games.edge.certificate`; :mod:`matchgame.games.edge.checker` calls them):
counts of edges, sorts and comparisons, no linear algebra; they share no code with
the eliminations that made the certificate."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ...core._validate import plural
from ...core.board import Board
from ...core.graph import Graph
from ...core.multigraph import MultiGraph, as_multigraph
from ...core.names import BoardCells
from ..proofs import checked_ids, input_digest

__all__ = ["FIELDS", "MAX_LANES", "Arena", "digest", "lanes_ok", "programs_ok"]

MAX_LANES = 31
"""Most bits of a lane mask (a JSON integer the checker reads as int32)."""

FIELDS: dict[str, Any] = {
    "format": "str",
    "game": "str",
    "input": {"kind": "str", "sha256": "str"},
    "lanes": "ints",
    "pivots": "ints",
    "pivot_rows": "ints",
    "pivot_refs": "ints",
    "proved": "ints",
    "proofs": "ints",
}


class Arena:
    """The input as the checker sees it: ids ``0 .. size - 1`` (a board's cells,
    blocked ones not ``present``), the pairs of the multigraph with their counts,
    and the reduced graph's 2-colouring."""

    def __init__(self, source: Board | Graph | MultiGraph, moves: str) -> None:
        if isinstance(source, Board):
            self.kind = "board"
            self.board: Board | None = source
            self.n_rows, self.n_cols = source.shape
            self.size = source.n_rows * source.n_cols
            self.present = source.free.reshape(-1)
            graph = source.to_graph(moves)
            names = graph.names
            assert isinstance(names, BoardCells)
            self.pairs = names.cell_of_vertex[graph.edges].astype(np.int64).reshape(-1, 2)
            self.counts = np.ones(self.pairs.shape[0], dtype=np.int64)
            self.multigraph = MultiGraph.from_graph(graph)
        else:
            self.kind = "edges"
            self.board = None
            self.multigraph = as_multigraph(source, "source")
            self.graph = self.multigraph.support  # its names, for the answer's ids
            self.size = self.multigraph.n_vertices
            self.present = np.ones(self.size, dtype=bool)
            self.pairs = self.multigraph.pairs.astype(np.int64)
            self.counts = self.multigraph.multiplicity
        self.n_vertices = int(np.count_nonzero(self.present))
        odd = (self.counts & 1).astype(bool)
        loops = self.pairs[:, 0] == self.pairs[:, 1]
        self.odd_loop = np.zeros(self.size, dtype=bool)
        self.odd_loop[self.pairs[odd & loops, 0]] = True
        odd_pairs = self.pairs[odd & ~loops]
        # the reduced graph as CSR, both directions
        ends = np.concatenate([odd_pairs[:, 0], odd_pairs[:, 1]])
        others = np.concatenate([odd_pairs[:, 1], odd_pairs[:, 0]])
        order = np.argsort(ends, kind="stable")
        self.offsets = np.zeros(self.size + 1, dtype=np.int32)
        np.cumsum(np.bincount(ends, minlength=self.size), out=self.offsets[1:])
        self.indices = others[order].astype(np.int32)
        self.sources = ends[order]
        self.component, self.side, good = _gf2.component_sides(
            self.offsets, self.indices, self.odd_loop.view(np.uint8)
        )
        self.bipartite = good[self.component] if self.size else np.zeros(0, dtype=bool)

    def name(self, i: int) -> str:
        """The vertex or cell ``i`` in the user's words: its name in the input (the
        numbers ``1 .. n`` only where the input has no names)."""
        if self.board is not None:
            row, col = divmod(int(i), self.n_cols)
            return f"cell {row + 1} {col + 1}"
        return self.graph.names.describe(int(i))


def digest(source: Board | Graph | MultiGraph) -> str:
    """The input's digest: a board's, else the multigraph's (a simple graph's text is
    the vertex game's)."""
    if isinstance(source, Board):
        return input_digest(source)
    return input_digest(as_multigraph(source, "source"))


def lanes_ok(arena: Arena, lanes: np.ndarray, winning: np.ndarray, problems: list[str]) -> bool:
    """Every vertex of W is in a lane; every vertex has an even number of edges into
    every lane's set on each side (one XOR of masks along every edge)."""
    if lanes.shape[0] != winning.shape[0]:
        problems.append(
            f"the lanes have {plural(lanes.shape[0], 'mask')} for {winning.shape[0]} winning "
            "placements"
        )
        return False
    bad = np.flatnonzero((lanes <= 0) | (lanes >= 1 << MAX_LANES))
    if bad.size:
        problems.append(
            f"no proof that the placer wins at {arena.name(winning[bad[0]])}: its lane mask "
            f"must be a number in 1..2**{MAX_LANES} - 1"
        )
        return False
    odd = np.flatnonzero(~arena.bipartite[winning])
    if odd.size:
        problems.append(
            f"{arena.name(winning[odd[0]])} is in a component with an odd cycle: lanes prove "
            "nothing there"
        )
        return False
    masks = np.zeros(arena.size, dtype=np.int64)
    masks[winning] = lanes
    into = np.zeros(arena.size, dtype=np.int64)
    np.bitwise_xor.at(into, arena.sources, masks[arena.indices])
    uneven = np.flatnonzero(into)
    if uneven.size:
        v = int(uneven[0])
        bit = int(into[v] & -into[v]).bit_length() - 1
        problems.append(
            f"{arena.name(v)} has an odd number of edges into the set of lane {bit}: it "
            "proves nothing"
        )
        return False
    return True


def _lists(flat: np.ndarray, count: int) -> npt.NDArray[np.int64] | None:
    """The offsets of ``count`` lists each ended by a 0 in ``flat`` (without the
    zeros), or None if there are not exactly that many."""
    ends = np.flatnonzero(flat == 0)
    if ends.shape[0] != count or (flat.shape[0] and flat[-1] != 0):
        return None
    ptr = np.zeros(count + 1, dtype=np.int64)
    ptr[1:] = ends - np.arange(count)  # each end drops one zero before it
    return ptr


def _members(ptr: np.ndarray, which: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For the lists ``which`` (indices into ``ptr``): each member's place (into the
    flat values without zeros) and which of ``which`` it belongs to."""
    lengths = ptr[which + 1] - ptr[which]
    owner = np.repeat(np.arange(which.shape[0], dtype=np.int64), lengths)
    first = np.zeros(which.shape[0], dtype=np.int64)
    np.cumsum(lengths[:-1], out=first[1:])
    return ptr[which][owner] + (np.arange(owner.shape[0]) - first[owner]), owner


def _even(keys: np.ndarray) -> int:
    """-1 if every key occurs an even number of times, else one key that does not."""
    keys = np.sort(keys, kind="stable")
    if keys.shape[0] % 2 == 0:
        bad = np.flatnonzero(keys[0::2] != keys[1::2])
        if not bad.size:
            return -1
        return int(keys[2 * bad[0]])
    values, counts = np.unique(keys, return_counts=True)
    return int(values[np.flatnonzero(counts % 2)[0]])


def programs_ok(
    arena: Arena, certificate: dict[str, Any], winning: np.ndarray, problems: list[str]
) -> bool:
    """Every vertex of L is proved by its program (see the module docstring of
    :mod:`matchgame.games.edge.certificate`)."""
    pivots = checked_ids(arena, certificate["pivots"].values, "the pivots", problems)
    if pivots is None:
        return False
    pivots = pivots.astype(np.int64)
    n_nodes = pivots.shape[0]
    flat_rows = certificate["pivot_rows"].values
    flat_refs = certificate["pivot_refs"].values
    row_ptr, ref_ptr = _lists(flat_rows, n_nodes), _lists(flat_refs, n_nodes)
    if row_ptr is None or ref_ptr is None:
        problems.append(
            f"the pivot rows or references are not {plural(n_nodes, 'list')} each ended by 0"
        )
        return False
    rows = checked_ids(arena, flat_rows[flat_rows != 0], "the pivot rows", problems)
    if rows is None:
        return False
    rows = rows.astype(np.int64)
    refs = flat_refs[flat_refs != 0].astype(np.int64) - 1  # 0-based node numbers
    ref_owner = np.repeat(np.arange(n_nodes), np.diff(ref_ptr))
    row_owner = np.repeat(np.arange(n_nodes), np.diff(row_ptr))
    size = arena.size
    keys = row_owner * size + rows
    if (np.diff(keys) <= 0).any():
        k = int(row_owner[np.flatnonzero(np.diff(keys) <= 0)[0]])
        problems.append(f"the row of pivot node {k + 1} is not increasing")
        return False
    bad = np.flatnonzero((refs < 0) | (refs >= ref_owner))
    if bad.size:
        k = int(ref_owner[bad[0]])
        problems.append(f"pivot node {k + 1} refers to node {refs[bad[0]] + 1}, not an earlier one")
        return False
    if not _same_place(arena, pivots, ref_owner, pivots[refs], True, "pivot node", problems):
        return False
    # claim: N(q_k) + the rows of its references + its own row: every count even
    first, node = _members(arena.offsets.astype(np.int64), pivots)
    parts = [
        (node, arena.indices[first].astype(np.int64)),
        (row_owner, rows),
    ]
    place, which = _members(row_ptr, refs)
    parts.append((ref_owner[which], rows[place]))
    if not _claims_hold(arena, parts, "pivot node", problems, pivots):
        return False
    return _proofs_ok(arena, certificate, winning, pivots, row_ptr, rows, problems)


def _same_place(
    arena: Arena,
    vertex: np.ndarray,
    owner: np.ndarray,
    other: np.ndarray,
    same_side: bool,
    what: str,
    problems: list[str],
) -> bool:
    """Every ``other[i]`` is in the bipartite component of ``vertex[owner[i]]``, on
    its side (``same_side``) or the other."""
    mine = vertex[owner]
    odd = np.flatnonzero(~arena.bipartite[vertex])
    if odd.size:
        problems.append(
            f"{arena.name(vertex[odd[0]])} is in a component with an odd cycle: its {what} "
            "proves nothing"
        )
        return False
    wrong = (arena.component[other] != arena.component[mine]) | (
        (arena.side[other] == arena.side[mine]) != same_side
    )
    bad = np.flatnonzero(wrong)
    if bad.size:
        i = int(bad[0])
        problems.append(
            f"the {what} of {arena.name(mine[i])} uses {arena.name(other[i])}, "
            + ("not on its side" if same_side else "not on the other side")
            + " of its component"
        )
        return False
    return True


def _claims_hold(
    arena: Arena,
    parts: list[tuple[np.ndarray, np.ndarray]],
    what: str,
    problems: list[str],
    vertex: np.ndarray,
) -> bool:
    """Each ``(owner, vertex)`` item of ``parts`` counted: every pair an even number of
    times (a claim ``counts into T(k) = R_k`` with ``R_k`` among the parts)."""
    size = arena.size
    keys = np.concatenate([owner * size + v for owner, v in parts])
    odd = _even(keys)
    if odd >= 0:
        k, w = divmod(odd, size)
        problems.append(
            f"the {what} of {arena.name(vertex[k])} proves nothing: the count of "
            f"{arena.name(w)}'s edges into its set is not as claimed"
        )
        return False
    return True


def _proofs_ok(
    arena: Arena,
    certificate: dict[str, Any],
    winning: np.ndarray,
    pivots: np.ndarray,
    row_ptr: np.ndarray,
    rows: np.ndarray,
    problems: list[str],
) -> bool:
    """The proved vertices are L, each once, and each proof's claim holds."""
    proved = checked_ids(arena, certificate["proved"].values, "the proved vertices", problems)
    if proved is None:
        return False
    proved = proved.astype(np.int64)
    in_w = np.zeros(arena.size, dtype=bool)
    in_w[winning] = True
    losing = np.flatnonzero(arena.present & ~in_w)
    if proved.shape[0] != losing.shape[0] or not np.array_equal(np.sort(proved), losing):
        problems.append(
            f"the proved vertices are not the {losing.shape[0]} losing placements, each once"
        )
        return False
    flat = certificate["proofs"].values
    ptr = _lists(flat, proved.shape[0])
    if ptr is None:
        problems.append(f"the proofs are not {plural(proved.shape[0], 'list')} each ended by 0")
        return False
    terms = flat[flat != 0].astype(np.int64)
    owner = np.repeat(np.arange(proved.shape[0]), np.diff(ptr))
    to_node = terms > 0
    bad = np.flatnonzero((to_node & (terms > pivots.shape[0])) | (~to_node & (-terms - 1 >= owner)))
    if bad.size:
        i = int(bad[0])
        problems.append(
            f"the proof of {arena.name(proved[owner[i]])} refers to {int(terms[i])}: no "
            "such pivot node, or not a vertex proved before"
        )
        return False
    nodes, units = terms[to_node] - 1, -terms[~to_node] - 1
    if not _same_place(
        arena, proved, owner[to_node], pivots[nodes], False, "proof", problems
    ) or not _same_place(arena, proved, owner[~to_node], proved[units], True, "proof", problems):
        return False
    place, which = _members(row_ptr, nodes)
    parts = [
        (owner[to_node][which], rows[place]),
        (owner[~to_node], proved[units]),
        (np.arange(proved.shape[0]), proved),
    ]
    return _claims_hold(arena, parts, "proof", problems, proved)
