"""The proof in a certificate, checked: each step adds what is wrong to ``problems``.

What is proven, and how, is described in :mod:`matchgame.certificates`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels.graphs import component_sizes_without
from ...core._validate import plural
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
        proven = _odd_components_ok(arena, certificate, in_d, mate, pairs.shape[0], problems)
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
            f"the forest has {plural(forest.shape[0], 'entry', 'entries')} for {winning.shape[0]} "
            "winning placements"
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
    parent = np.arange(winning.shape[0], dtype=INDEX_DTYPE)
    parent[steps] = where
    del where, nxt, good
    cyclic = np.flatnonzero(~exposed[_ends(parent)])
    if cyclic.size:
        problems.append(
            f"the forest path from {arena.name(winning[cyclic[0]])} runs in a cycle and "
            "never reaches an exposed vertex"
        )
        return False
    return True


def _ends(parent: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """Where the pointers ``parent`` lead (a root points to itself), by pointer
    jumping: after k rounds every entry points 2**k steps on; one that has not
    reached a root after len(parent) steps is on a cycle (its end is no root)."""
    for _ in range(max(int(parent.shape[0]).bit_length(), 1)):
        jumped = parent[parent]
        if np.array_equal(jumped, parent):
            break
        parent = jumped
    return parent


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
                f"neighbours of its winning ones has {plural(found, 'vertex', 'vertices')}, the "
                f"matching {plural(size, 'pair')}: the matching is not maximum or winning "
                "placements are missing"
            )
            return False
    return True


# -- graphs with odd cycles: Tutte-Berge, ears, links ------------------------------------


def _odd_components_ok(
    arena: GraphArena,
    certificate: dict[str, Any],
    in_d: npt.NDArray[np.bool_],
    mate: npt.NDArray[np.int32],
    size: int,
    problems: list[str],
) -> bool:
    """M is maximum and D is exactly the union of the odd components of G - U
    (Tutte-Berge); every odd component is factor-critical (its ears) and linked to
    one that M leaves with an exposed vertex (the links)."""
    components = _tutte_berge_ok(arena, certificate["tutte_berge_set"].values, in_d, size, problems)
    if components is None:
        return False
    starts = _ears_ok(arena, certificate["ears"].values, in_d, components, problems)
    if starts is None:
        return False
    return _links_ok(arena, certificate["links"].values, starts, in_d, mate, components, problems)


def _tutte_berge_ok(
    arena: GraphArena,
    values: npt.NDArray[np.integer],
    in_d: npt.NDArray[np.bool_],
    size: int,
    problems: list[str],
) -> npt.NDArray[np.int32] | None:
    """U is a tight Tutte-Berge set whose odd components of G - U make up D: the
    component of every vertex (-1 in U), or None."""
    barrier = checked_ids(arena, values, "the Tutte-Berge set", problems)
    if barrier is None or not increasing(barrier, arena, "the Tutte-Berge set", problems):
        return None
    removed = np.zeros(arena.size, dtype=np.uint8)
    removed[barrier] = 1
    removed[~arena.present] = 1  # blocked cells are not vertices (a board's graph)
    graph = arena.graph
    component, sizes = component_sizes_without(graph.offsets, graph.indices, removed)
    odd = int(np.count_nonzero(sizes % 2))
    bound = (arena.n_vertices + barrier.shape[0] - odd) // 2
    if bound != size:
        problems.append(
            f"the Tutte-Berge bound of the set is {bound}, the matching has {plural(size, 'pair')}"
        )
        return None
    in_odd = np.zeros(arena.size, dtype=bool)
    inside = component >= 0
    in_odd[inside] = sizes[component[inside]] % 2 == 1
    unproven = np.flatnonzero(~in_d & in_odd)
    if unproven.size:
        problems.append(
            f"no proof that the placer loses at {arena.name(unproven[0])}: it is neither in "
            "the Tutte-Berge set nor in an even component without it"
        )
        return None
    covered = np.flatnonzero(in_d & ~in_odd)
    if covered.size:
        problems.append(
            f"every maximum matching covers {arena.name(covered[0])} (it is in the "
            "Tutte-Berge set or in an even component without it), but the answer says the "
            "placer wins there"
        )
        return None
    return component


def _ears_ok(
    arena: GraphArena,
    values: npt.NDArray[np.integer],
    in_d: npt.NDArray[np.bool_],
    component: npt.NDArray[np.int32],
    problems: list[str],
) -> npt.NDArray[np.int32] | None:
    """The ears are an odd ear decomposition of a spanning subgraph of every odd
    component, one start each: the starts (in the ears' order), or None."""
    marks = values == 0
    n_ears = int(np.count_nonzero(marks))
    if values.shape[0] and not marks[-1]:
        problems.append("the ears do not end with a 0 (each ear is ended by one)")
        return None
    ear = (np.cumsum(marks) - marks)[~marks]  # the ear of every vertex entry
    lengths = np.bincount(ear, minlength=n_ears)
    bad = np.flatnonzero((lengths == 0) | ((lengths % 2 == 1) & (lengths > 1)))
    if bad.size:
        k = int(bad[0])
        what = (
            "is empty"
            if lengths[k] == 0
            else f"has {plural(lengths[k] - 1, 'edge')}, an even number"
        )
        problems.append(f"ear {k + 1} {what}: an ear is one vertex or an odd path or cycle")
        return None
    ids = checked_ids(arena, values[~marks], "the ears", problems)
    if ids is None:
        return None
    place = np.arange(ids.shape[0]) - (np.cumsum(lengths) - lengths)[ear]
    born = ((place > 0) & (place < lengths[ear] - 1)) | (lengths[ear] == 1)
    times = np.bincount(ids[born], minlength=arena.size)
    twice = np.flatnonzero(times > 1)
    missing = np.flatnonzero(times != in_d)
    if twice.size or missing.size:
        v = int(twice[0]) if twice.size else int(missing[0])
        problems.append(
            f"{arena.name(v)} is new in two ears"
            if twice.size
            else f"no ear makes {arena.name(v)} new, a winning placement"
            if in_d[v]
            else f"an ear makes {arena.name(v)} new, but the answer says the placer loses there"
        )
        return None
    birth = np.full(arena.size, n_ears, dtype=np.int64)
    birth[ids[born]] = ear[born]
    early = np.flatnonzero(~born & (birth[ids] >= ear))
    if early.size:
        i = int(early[0])
        problems.append(
            f"ear {int(ear[i]) + 1} ends at {arena.name(ids[i])}, which no earlier ear holds"
        )
        return None
    joined = np.flatnonzero(ear[1:] == ear[:-1])
    broken = joined[~arena.is_edge(ids[joined], ids[joined + 1])]
    if broken.size:
        i = int(broken[0])
        problems.append(
            f"ear {int(ear[i]) + 1} goes from {arena.name(ids[i])} to "
            f"{arena.name(ids[i + 1])}, which is not an edge"
        )
        return None
    starts: npt.NDArray[np.int32] = ids[lengths[ear] == 1]
    labels = np.sort(component[starts])
    again = np.flatnonzero(labels[1:] == labels[:-1])
    if again.size:
        v = starts[np.flatnonzero(component[starts] == labels[again[0]])[1]]
        problems.append(
            f"the ears start a component of G - U twice (again at {arena.name(v)}): "
            "two starts prove nothing"
        )
        return None
    return starts


def _links_ok(
    arena: GraphArena,
    links: npt.NDArray[np.integer],
    starts: npt.NDArray[np.int32],
    in_d: npt.NDArray[np.bool_],
    mate: npt.NDArray[np.int32],
    component: npt.NDArray[np.int32],
    problems: list[str],
) -> bool:
    """Every odd component that M matches into U links to a vertex of another odd
    component next to its partner there; the links reach, without a cycle, a
    component with an exposed vertex."""
    if links.shape[0] != starts.shape[0]:
        problems.append(
            f"the links have {plural(links.shape[0], 'entry', 'entries')} for "
            f"{plural(starts.shape[0], 'component')} (one "
            "a start of the ears)"
        )
        return False
    n_labels = int(component.max(initial=-1)) + 1
    own = component[starts]  # the component of every start, in the ears' order
    rooted = np.zeros(n_labels, dtype=bool)
    rooted[component[np.flatnonzero(in_d & (mate < 0))]] = True
    partner = np.full(n_labels, -1, dtype=np.int64)  # the vertex of U matched into it
    out = np.flatnonzero(in_d & (mate >= 0))
    out = out[~in_d[mate[out]]]
    partner[component[out]] = mate[out]
    mismatch = np.flatnonzero(rooted[own] != (links == 0))
    if mismatch.size:
        problems.append(
            f"the link of the component of {arena.name(starts[mismatch[0]])} must be 0 "
            "exactly when the matching leaves a vertex of it exposed"
        )
        return False
    steps = np.flatnonzero(~rooted[own])
    to = checked_ids(arena, links[steps], "the links", problems)
    if to is None:
        return False
    via = partner[own[steps]]
    good = in_d[to] & (component[to] != own[steps]) & (via >= 0)
    good[good] = arena.is_edge(via[good], to[good])
    bad = np.flatnonzero(~good)
    if bad.size:
        i = int(bad[0])
        problems.append(
            f"the link of the component of {arena.name(starts[steps[i]])} goes to "
            f"{arena.name(to[i])}, which is not in another odd component next to the "
            "component's partner in the Tutte-Berge set"
        )
        return False
    place = np.full(n_labels, -1, dtype=INDEX_DTYPE)
    place[own] = np.arange(own.shape[0], dtype=INDEX_DTYPE)
    parent = np.arange(own.shape[0], dtype=INDEX_DTYPE)
    parent[steps] = place[component[to]]
    cyclic = np.flatnonzero(~rooted[own[_ends(parent)]])
    if cyclic.size:
        problems.append(
            f"the links from the component of {arena.name(starts[cyclic[0]])} run in a "
            "cycle and never reach a component with an exposed vertex"
        )
        return False
    return True
