"""Seeded digraphs for the directed game's benchmarks (issue 40).

    python benchmarks/geography_instances.py FAMILY N [SEED] > digraph.txt

Families (``N`` vertices, matchgame's edge list: ``n m`` then ``m`` lines ``u v``,
the arc ``u -> v``, 1-based):

- ``out2``, ``out3``: every vertex has 2 (3) distinct random out-neighbours, itself
  excluded;
- ``blocks``: strongly connected blocks of 5 to 10 vertices (a random directed cycle
  through each block plus as many random arcs inside it), the blocks in a random
  order and about two arcs a vertex from a block to a later one: a digraph of small
  strongly connected components joined acyclically;
- ``tournament``: every pair of vertices joined by one arc, its direction random;
- ``cycle``: the directed cycle ``1 -> 2 -> ... -> N -> 1``;
- ``chords``: that cycle and ``N / 10`` random chords.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

FAMILIES = ("out2", "out3", "blocks", "tournament", "cycle", "chords")


def out_degree(n: int, degree: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Every vertex with ``degree`` distinct random out-neighbours (not itself)."""
    arcs = []
    for u in range(n):
        others = np.delete(np.arange(n), u)
        for v in rng.choice(others, size=min(degree, n - 1), replace=False).tolist():
            arcs.append((u, v))
    return arcs


def blocks(n: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Small strongly connected blocks joined acyclically (see the module docstring)."""
    order = rng.permutation(n)
    sizes: list[int] = []
    while sum(sizes) < n:
        sizes.append(int(min(rng.integers(5, 11), n - sum(sizes))))
    arcs: set[tuple[int, int]] = set()
    starts = np.cumsum([0, *sizes])
    for b, size in enumerate(sizes):
        members = order[starts[b] : starts[b + 1]].tolist()
        if size > 1:
            for i in range(size):
                arcs.add((members[i], members[(i + 1) % size]))
            for _ in range(size):
                u, v = rng.choice(members, size=2, replace=False).tolist()
                arcs.add((u, v))
    block_of = np.empty(n, dtype=np.int64)
    for b in range(len(sizes)):
        block_of[order[starts[b] : starts[b + 1]]] = b
    for _ in range(2 * n):
        u, v = rng.choice(n, size=2, replace=False).tolist()
        if block_of[u] > block_of[v]:
            u, v = v, u
        if block_of[u] != block_of[v]:
            arcs.add((u, v))
    return sorted(arcs)


def tournament(n: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """One arc between every pair, its direction random."""
    return [(u, v) if rng.random() < 0.5 else (v, u) for u in range(n) for v in range(u + 1, n)]


def cycle(n: int, chords: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """The directed cycle on ``n`` vertices and ``chords`` random chords."""
    arcs = {(u, (u + 1) % n) for u in range(n)}
    while len(arcs) < n + chords:
        u, v = rng.choice(n, size=2, replace=False).tolist()
        arcs.add((u, v))
    return sorted(arcs)


def instance(family: str, n: int, seed: int = 1) -> list[tuple[int, int]]:
    """The arcs (0-based) of ``family`` on ``n`` vertices with ``seed``."""
    rng = np.random.default_rng([seed, n, FAMILIES.index(family)])
    if family in ("out2", "out3"):
        return out_degree(n, int(family[-1]), rng)
    if family == "blocks":
        return blocks(n, rng)
    if family == "tournament":
        return tournament(n, rng)
    return cycle(n, 0 if family == "cycle" else n // 10, rng)


def edge_list(n: int, arcs: list[tuple[int, int]]) -> bytes:
    """matchgame's edge list of the arcs (1-based)."""
    lines = [f"{n} {len(arcs)}"] + [f"{u + 1} {v + 1}" for u, v in arcs]
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("family", choices=FAMILIES)
    parser.add_argument("n", type=int)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    args = parser.parse_args()
    sys.stdout.buffer.write(edge_list(args.n, instance(args.family, args.n, args.seed)))


if __name__ == "__main__":
    main()
