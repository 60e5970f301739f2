"""The proof in a certificate, checked: each step adds what is wrong to ``problems``.

What is proven, and how, is described in :mod:`matchgame.certificates`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels.graphs import component_sizes_without
from ...core.graph import INDEX_DTYPE
from ..proofs import checked_ids, claimed_winning_ids, increasing
from ._arenas import BoardArena, GraphArena

__all__ = ["prove"]


def prove(
    arena: BoardArena | GraphArena,
    document: dict[str, Any],
    certificate: dict[str, Any],
    problems: list[str],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.integer]] | None:
    """Check the proof; ``(matching pairs, D)`` as 0-based ids if it proves everything."""
    pairs = checked_ids(arena, certificate["matching"].values, "the matching", problems)
    winning = claimed_winning_ids(arena, document, problems)
    if pairs is None or winning is None:
        return None
    pairs = pairs.reshape(-1, 2)
    mate = _matching(arena, pairs, problems)
    if mate is None:
        return None
    in_d = np.zeros(arena.size, dtype=bool)
    in_d[winning] = True
    unclaimed = np.flatnonzero(arena.present & (mate < 0) & ~in_d)
    if unclaimed.size:
        problems.append(
            f"{arena.name(unclaimed[0])} is exposed by the matching, so the placer wins "
            "there, but the answer says the placer loses"
        )
        return None
    has_forest = "forest" in certificate
    if arena.bipartite != has_forest:
        problems.append(
            "the input is bipartite: its certificate needs a forest, not a Tutte-Berge set"
            if arena.bipartite
            else "the input has an odd cycle: a forest proves nothing there, it needs a "
            "Tutte-Berge set and paths"
        )
        return None
    if has_forest:
        proven = _forest_ok(arena, certificate["forest"].values, winning, mate, problems)
        proven = proven and _konig_ok(arena, in_d, pairs.shape[0], problems)
    else:
        assert isinstance(arena, GraphArena)  # a board's grid has no odd cycle
        proven = _paths_ok(arena, certificate["paths"].values, winning, mate, problems)
        proven = proven and _tutte_berge_ok(
            arena, certificate["tutte_berge_set"].values, in_d, pairs.shape[0], problems
        )
    return (pairs, winning) if proven else None


def _matching(
    arena: BoardArena | GraphArena, pairs: npt.NDArray[np.int32], problems: list[str]
) -> npt.NDArray[np.int32] | None:
    """The mate array of ``pairs`` (-1 = exposed), or None if they are not a matching."""
    a, b = pairs[:, 0], pairs[:, 1]
    not_edge = np.flatnonzero(~arena.is_edge(a, b))
    if not_edge.size:
        i = not_edge[0]
        problems.append(
            f"the matching pair {arena.name(a[i])} - {arena.name(b[i])} is not an edge "
            f"({not_edge.size} such pairs)"
        )
        return None
    mate = np.full(arena.size, -1, dtype=INDEX_DTYPE)
    mate[a] = b
    mate[b] = a
    # a vertex in two pairs keeps one partner; a pair listed twice matches 2 vertices, not 4
    broken = np.flatnonzero((mate[a] != b) | (mate[b] != a))
    if broken.size or np.count_nonzero(mate >= 0) != 2 * pairs.shape[0]:
        if broken.size:
            i = broken[0]
            twice = a[i] if mate[a[i]] != b[i] else b[i]
        else:
            ends = np.sort(pairs, axis=None)
            twice = ends[np.flatnonzero(ends[1:] == ends[:-1])[0]]
        problems.append(f"{arena.name(twice)} is in two pairs of the matching")
        return None
    return mate


def _forest_ok(
    arena: BoardArena | GraphArena,
    forest: npt.NDArray[np.int32],
    winning: npt.NDArray[np.integer],
    mate: npt.NDArray[np.int32],
    problems: list[str],
) -> bool:
    """Every vertex of D is exposed or starts a forest path to an exposed vertex."""
    if forest.shape[0] != winning.shape[0]:
        problems.append(
            f"the forest has {forest.shape[0]} entries for {winning.shape[0]} winning placements"
        )
        return False
    exposed = mate[winning] < 0
    mismatch = np.flatnonzero(exposed != (forest == 0))
    if mismatch.size:
        w = winning[mismatch[0]]
        problems.append(
            f"the forest entry of {arena.name(w)} must be 0 exactly when the matching "
            "leaves it exposed"
        )
        return False
    steps = np.flatnonzero(~exposed)
    if not steps.size:
        return True
    nxt = checked_ids(arena, forest[steps], "the forest", problems)
    if nxt is None:
        return False
    # the path of w goes on at x: x must be in D (its own path follows) and next to M(w)
    where = np.minimum(np.searchsorted(winning, nxt), winning.shape[0] - 1)
    good = (winning[where] == nxt) & arena.is_edge(mate[winning[steps]], nxt)
    bad = np.flatnonzero(~good)
    if bad.size:
        w, x = winning[steps[bad[0]]], nxt[bad[0]]
        problems.append(
            f"the forest path from {arena.name(w)} goes on at {arena.name(x)}, which is not "
            "a winning placement next to its partner"
        )
        return False
    # pointer jumping: after k rounds every vertex points 2**k steps up (roots to
    # themselves); a path that has not reached a root after len(D) steps is a cycle
    parent = np.arange(winning.shape[0], dtype=INDEX_DTYPE)
    parent[steps] = where
    del where, nxt, good
    for _ in range(max(int(winning.shape[0]).bit_length(), 1)):
        jumped = parent[parent]
        if np.array_equal(jumped, parent):
            break
        parent = jumped
    cyclic = np.flatnonzero(~exposed[parent])
    if cyclic.size:
        problems.append(
            f"the forest path from {arena.name(winning[cyclic[0]])} runs in a cycle and "
            "never reaches an exposed vertex"
        )
        return False
    return True


def _konig_ok(
    arena: BoardArena | GraphArena, in_d: npt.NDArray[np.bool_], size: int, problems: list[str]
) -> bool:
    """Both covers ``(S - D) | N(D & S)`` (S a side) have ``size`` vertices.

    Each is a vertex cover whatever D is: an edge with no end in ``S - D`` has
    its S end in D and its other end in ``N(D & S)``.
    """
    side = arena.side()
    for own in (0, 1):
        in_side = arena.present & (side == own)
        cover = (in_side & ~in_d) | arena.neighbourhood(in_d & in_side)
        found = int(np.count_nonzero(cover))
        if found != size:
            problems.append(
                f"the vertex cover of the non-winning placements of one colour and the "
                f"neighbours of its winning ones has {found} vertices, the matching {size} "
                "pairs: the matching is not maximum or winning placements are missing"
            )
            return False
    return True


def _paths_ok(
    arena: GraphArena,
    paths: npt.NDArray[np.int32],
    winning: npt.NDArray[np.integer],
    mate: npt.NDArray[np.int32],
    problems: list[str],
) -> bool:
    """Every covered vertex of D starts a simple even alternating path to an exposed one."""
    starts = winning[mate[winning] >= 0]
    ids = checked_ids(arena, paths, "the paths", problems)
    if ids is None:
        return False
    ends = mate[ids] < 0
    if np.count_nonzero(ends) != starts.shape[0] or (ids.shape[0] and not ends[-1]):
        problems.append(
            f"the paths hold {np.count_nonzero(ends)} complete paths for {starts.shape[0]} "
            "covered winning placements"
        )
        return False
    path: npt.NDArray[np.intp] = np.cumsum(ends) - ends  # which path each entry belongs to
    first = np.ones(ids.shape[0], dtype=bool)
    first[1:] = path[1:] != path[:-1]
    previous = np.where(first, starts[path], np.roll(ids, 1))
    bad = np.flatnonzero(~arena.is_edge(mate[previous], ids))
    if bad.size:
        w = starts[path[bad[0]]]
        problems.append(
            f"the path from {arena.name(w)} does not alternate at {arena.name(ids[bad[0]])}"
        )
        return False
    # every vertex of a path: w, M(w), then each x and, but for the last, M(x)
    vertices = np.concatenate([starts, mate[starts], ids, mate[ids[~ends]]])
    owner = np.concatenate(
        [np.arange(starts.shape[0]), np.arange(starts.shape[0]), path, path[~ends]]
    )
    keys = np.sort(owner * arena.size + vertices)
    repeated = np.flatnonzero(keys[1:] == keys[:-1])
    if repeated.size:
        key = int(keys[repeated[0]])
        w, v = starts[key // arena.size], key % arena.size
        problems.append(f"the path from {arena.name(w)} visits {arena.name(v)} twice")
        return False
    return True


def _tutte_berge_ok(
    arena: GraphArena,
    values: npt.NDArray[np.int32],
    in_d: npt.NDArray[np.bool_],
    size: int,
    problems: list[str],
) -> bool:
    """U is a tight Tutte-Berge set and every vertex outside D is in U or an even component."""
    barrier = checked_ids(arena, values, "the Tutte-Berge set", problems)
    if barrier is None or not increasing(barrier, arena, "the Tutte-Berge set", problems):
        return False
    removed = np.zeros(arena.size, dtype=np.uint8)
    removed[barrier] = 1
    removed[~arena.present] = 1  # blocked cells are not vertices (a board's graph)
    graph = arena.graph
    component, sizes = component_sizes_without(graph.offsets, graph.indices, removed)
    odd = int(np.count_nonzero(sizes % 2))
    bound = (arena.n_vertices + barrier.shape[0] - odd) // 2
    if bound != size:
        problems.append(
            f"the Tutte-Berge bound of the set is {bound}, the matching has {size} pairs"
        )
        return False
    in_even = np.zeros(arena.size, dtype=bool)
    inside = component >= 0
    in_even[inside] = sizes[component[inside]] % 2 == 0
    unproven = np.flatnonzero(~in_d & ~in_even & (removed == 0))
    if unproven.size:
        problems.append(
            f"no proof that the placer loses at {arena.name(unproven[0])}: it is neither in "
            "the Tutte-Berge set nor in an even component without it"
        )
        return False
    return True
