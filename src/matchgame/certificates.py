"""Certificates: every verdict of the placement game with a proof a short checker verifies.

A certificate (vertex ids, 0-based, in this module) holds

- ``matching``: a matching M and a proof that it is maximum: a vertex cover of
  the same size (König, bipartite graphs) or a Tutte-Berge set U with
  ``|M| = (n + |U| - odd(G - U)) / 2`` (any graph);
- ``placer_wins_at``: the claimed set D (the player to move loses there);
- for every vertex of D covered by M, an even alternating path from it to an
  M-exposed vertex (flip it: a maximum matching missing the vertex). Bipartite
  certificates store the paths as a forest: ``via[w] = x`` means the path of w
  is w, M(w), then the path of x;
- for every other vertex, a proof that every maximum matching covers it: it is
  in one of two minimum vertex covers (bipartite), or in U, or in an even
  component of G - U (then removing it leaves an odd component more, so the
  Tutte-Berge bound drops by one).

:func:`check_certificate` verifies all of it with no matching algorithm: edge
look-ups, component counting and walks along the given paths.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import numpy as np

from ._kernels import bipartite as _bip
from ._kernels import blossom as _blossom
from ._kernels.graphs import component_sizes_without
from .graph import INDEX_DTYPE, Graph
from .matching import Decomposition, gallai_edmonds

__all__ = ["check_certificate", "graph_digest", "make_certificate"]

FORMAT = "matchgame-certificate/1"


def graph_digest(graph: Graph, kind: str) -> str:
    """A fingerprint of the input a certificate belongs to."""
    digest = hashlib.sha256(kind.encode())
    digest.update(np.ascontiguousarray(graph.offsets).tobytes())
    digest.update(np.ascontiguousarray(graph.neighbors).tobytes())
    return digest.hexdigest()


def make_certificate(graph: Graph, decomposition: Decomposition, kind: str = "edges") -> dict:
    """A certificate for every verdict of ``decomposition`` (vertex ids, 0-based)."""
    mate = np.asarray(decomposition.mate)
    missable = np.asarray(decomposition.missable)
    n = graph.n_vertices
    certificate: dict[str, Any] = {
        "format": FORMAT,
        "input": {
            "kind": kind,
            "vertices": n,
            "edges": graph.n_edges,
            "sha256": graph_digest(graph, kind),
        },
        "matching": decomposition.matching_pairs().tolist(),
        "placer_wins_at": np.flatnonzero(missable).tolist(),
    }
    side = graph.side
    if side is not None:
        _, via = _bip.missable_bipartite(graph.offsets, graph.neighbors, mate.astype(INDEX_DTYPE))
        sources = graph.sources
        covers = []
        for own in (0, 1):
            d_own = missable & (side == own)
            cover = (side == own) & ~missable
            cover[graph.neighbors[d_own[sources]]] = True
            covers.append(np.flatnonzero(cover).tolist())
        certificate["vertex_covers"] = covers
        reached = np.flatnonzero(via >= 0)
        certificate["forest"] = np.stack([reached, via[reached]], axis=1).tolist()
    else:
        sets = gallai_edmonds(graph, decomposition)
        certificate["tutte_berge_set"] = np.flatnonzero(sets.A).tolist()
        targets = np.flatnonzero(missable & (mate >= 0)).astype(INDEX_DTYPE)
        flat, offsets = _blossom.missable_paths(graph.offsets, graph.neighbors, mate, targets)
        certificate["paths"] = [
            flat[offsets[i] : offsets[i + 1]].tolist() for i in range(targets.size)
        ]
    return certificate


def check_certificate(
    graph: Graph, certificate: dict, kind: str = "edges", name: Callable[[int], str] = str
) -> list[str]:
    """Everything wrong with ``certificate`` for ``graph``; an empty list means it is valid.

    ``name`` renders a vertex id in the messages (e.g. as a 1-based cell).
    """
    try:
        return _check(graph, certificate, kind, name)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        return [f"malformed certificate: {exc!r}"]


def _check(graph: Graph, cert: dict, kind: str, name: Callable[[int], str]) -> list[str]:
    n = graph.n_vertices
    if cert.get("format") != FORMAT:
        return [f"not a matchgame certificate (format {cert.get('format')!r})"]
    if cert["input"].get("sha256") != graph_digest(graph, kind):
        return ["the certificate was made for another input"]
    sources = graph.sources
    keys = sources.astype(np.int64) * n + graph.neighbors  # sorted: CSR lists are sorted

    def is_edge(u: int, v: int) -> bool:
        if not (0 <= u < n and 0 <= v < n):
            return False
        i = np.searchsorted(keys, u * n + v)
        return bool(i < keys.size and keys[i] == u * n + v)

    problems: list[str] = []
    mate = np.full(n, -1, dtype=np.int64)
    for u, v in cert["matching"]:
        if not is_edge(u, v):
            problems.append(f"matching edge {name(u)}-{name(v)} is not an edge of the graph")
        elif mate[u] >= 0 or mate[v] >= 0:
            problems.append(f"vertex {name(u if mate[u] >= 0 else v)} is matched twice")
        else:
            mate[u], mate[v] = v, u
    if problems:
        return problems
    size = len(cert["matching"])
    claimed = np.zeros(n, dtype=bool)
    claimed[np.asarray(cert["placer_wins_at"], dtype=np.int64)] = True
    proven_missable = mate < 0
    proven_essential = np.zeros(n, dtype=bool)

    if "vertex_covers" in cert:
        for cover_list in cert["vertex_covers"]:
            cover = np.zeros(n, dtype=bool)
            cover[np.asarray(cover_list, dtype=np.int64)] = True
            uncovered = np.flatnonzero(~cover[sources] & ~cover[graph.neighbors])
            if uncovered.size:
                k = int(uncovered[0])
                edge = f"{name(int(sources[k]))}-{name(int(graph.neighbors[k]))}"
                problems.append(f"a vertex cover misses edge {edge}")
            elif int(cover.sum()) != size:
                problems.append(f"a vertex cover has {int(cover.sum())} vertices, not {size}")
            else:
                proven_essential |= cover  # in a minimum cover: nu(G - v) < nu(G)
        proven_missable |= _check_forest(cert["forest"], mate, is_edge, graph, problems, name)
    elif "tutte_berge_set" in cert:
        barrier = np.zeros(n, dtype=bool)
        barrier[np.asarray(cert["tutte_berge_set"], dtype=np.int64)] = True
        component, sizes = component_sizes_without(
            graph.offsets, graph.neighbors, barrier.astype(np.uint8)
        )
        odd = int((sizes % 2 == 1).sum())
        bound = (n + int(barrier.sum()) - odd) // 2
        if bound != size:
            problems.append(f"the Tutte-Berge bound is {bound}, the matching has {size} edges")
        else:
            in_even = np.zeros(n, dtype=bool)
            free = component >= 0
            in_even[free] = sizes[component[free]] % 2 == 0
            proven_essential |= barrier | in_even
        for path in cert["paths"]:
            if _alternating_path_ok(path, mate, is_edge, problems, name):
                proven_missable[path[0]] = True
    else:
        return ["the certificate proves no maximality (no vertex cover, no Tutte-Berge set)"]
    if problems:
        return problems
    both = np.flatnonzero(proven_missable & proven_essential)
    if both.size:
        return [f"vertex {name(int(both[0]))} is proven both missable and essential"]
    wrong = np.flatnonzero(claimed & ~proven_missable)
    if wrong.size:
        problems.append(f"the verdict at vertex {name(int(wrong[0]))} (placer wins) is not proven")
    wrong = np.flatnonzero(~claimed & ~proven_essential)
    if wrong.size:
        problems.append(f"the verdict at vertex {name(int(wrong[0]))} (placer loses) is not proven")
    return problems


def _alternating_path_ok(
    path: list[int], mate: np.ndarray, is_edge, problems: list[str], name
) -> bool:
    """An even path v, M(v), ..., ending at an M-exposed vertex, no vertex twice."""
    if len(path) < 3 or len(path) % 2 == 0 or len(set(path)) != len(path):
        problems.append(
            f"the path from vertex {name(path[0]) if path else '?'} is not a simple even path"
        )
        return False
    for i in range(0, len(path) - 1, 2):
        a, b, c = path[i], path[i + 1], path[i + 2]
        if mate[a] != b or not is_edge(b, c) or mate[b] == c:
            where = f"{name(a)}-{name(b)}-{name(c)}"
            problems.append(f"the path from vertex {name(path[0])} does not alternate at {where}")
            return False
    if mate[path[-1]] >= 0:
        problems.append(f"the path from vertex {name(path[0])} does not end at an exposed vertex")
        return False
    return True


def _check_forest(pairs, mate, is_edge, graph: Graph, problems: list[str], name) -> np.ndarray:
    """Vertices whose forest path (w, M(w), via[w], ...) is a valid even alternating path."""
    n = graph.n_vertices
    side = graph.side
    via = np.full(n, -1, dtype=np.int64)
    for w, x in pairs:
        via[w] = x
    proven = mate < 0
    state = np.zeros(n, dtype=np.int8)  # 0 unknown, 1 in progress, 2 done
    for start in np.flatnonzero(via >= 0).tolist():
        chain = []
        w = start
        while not proven[w] and state[w] == 0 and via[w] >= 0:
            state[w] = 1
            chain.append(w)
            w = int(via[w])
        good = bool(proven[w])
        for u in reversed(chain):
            x = int(via[u])
            step_ok = good and mate[u] >= 0 and side[u] == side[x] and is_edge(int(mate[u]), x)
            if not step_ok and good:
                problems.append(f"the forest path from vertex {name(u)} is not alternating")
            good = step_ok
            proven[u] = good
            state[u] = 2
    return proven
