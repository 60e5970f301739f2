"""How much of the Gallai-Edmonds decomposition a walk's moves change.

    python benchmarks/decomposition_churn.py [--n 20000] [--moves 200] [--seed 1]

A seeded self-avoiding walk on a random graph (average degree 6, as
``bench_positions.py``); after every move the set D of the unvisited graph (the
vertices some maximum matching misses: a token there loses) is computed from
scratch, and the script prints how many unvisited vertices changed sides (in D or
not) and the size of D, per move. The answer bounds what an engine that keeps the
decomposition up to date must do per move, whatever its data structure: on random
graphs D alternates between a few dozen vertices and nearly all of them, so every
move changes almost every vertex's side (the numbers are in BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from bench_positions import random_graph, self_avoiding_walk

from matchgame.core.matching import decompose
from matchgame.games.vertex.engines import _alive_subgraph


def missable(graph, alive: np.ndarray) -> np.ndarray:
    """D of the subgraph ``alive`` induces, as flags over all vertices."""
    sub, new_id = _alive_subgraph(graph, alive)
    flags = np.zeros(graph.n_vertices, dtype=bool)
    kept = np.flatnonzero(alive)
    flags[kept] = decompose(sub).missable[new_id[kept]]
    return flags


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    graph = random_graph(args.n, args.seed)
    walk = self_avoiding_walk(graph, args.moves + 1, args.seed + 1)
    alive = np.ones(args.n, dtype=np.uint8)
    before = missable(graph, alive)
    changed, sizes = [], []
    for token in walk[:-1].tolist():
        alive[token] = 0
        after = missable(graph, alive)
        changed.append(int((after != before)[alive == 1].sum()))
        sizes.append(int(after.sum()))
        before = after
    print(f"random graph n = {args.n:,}, {len(changed)} moves of a self-avoiding walk")
    print(f"|D| after the first moves: {sizes[:8]}")
    print(
        f"vertices changing sides per move: median {statistics.median(changed):,.0f}, "
        f"mean {statistics.fmean(changed):,.0f}; moves changing more than half the "
        f"graph: {sum(2 * c > args.n for c in changed)} of {len(changed)}"
    )


if __name__ == "__main__":
    main()
