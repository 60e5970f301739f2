"""Per-move cost of the move-by-move engine: a graph with odd cycles beside a board.

    python benchmarks/bench_positions.py [--repeats 3] [--vertices 1000000] [--moves 100000]

A random graph (``--vertices``, average degree 6, so full of odd cycles: Edmonds'
engine) and a 1000x1000 board (the bipartite engine), each with a
seeded self-avoiding random walk of up to ``--moves`` moves. Timed in-process,
after the one maximum matching both engines start from: ``analyse_walk`` (one
compiled loop over the walk) and ``Position.push`` + ``mover_wins`` (the Python
API, one call per move). Medians of ``--repeats`` runs, alternating the two graphs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from matchgame import Graph, Position
from matchgame.games.engines import checked_walk, make_engine
from matchgame.generate import random_board


def random_graph(n: int, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    edges = rng.integers(0, n, size=(3 * n, 2))
    return Graph.from_edges(n, edges)


def self_avoiding_walk(graph: Graph, length: int, seed: int) -> np.ndarray:
    """A seeded self-avoiding walk of up to ``length`` vertices that seldom gets stuck:
    each step goes to an unvisited neighbour with the fewest unvisited neighbours
    (Warnsdorff's rule) that is not a dead end, ties broken at random."""
    rng = np.random.default_rng(seed)
    offsets, neighbors = graph.offsets, graph.neighbors
    free_degree = np.diff(offsets).astype(np.int64)
    visited = np.zeros(graph.n_vertices, dtype=bool)
    walk = [int(rng.integers(graph.n_vertices))]
    while True:
        v = walk[-1]
        visited[v] = True
        row = neighbors[offsets[v] : offsets[v + 1]]
        free_degree[row] -= 1
        options = row[~visited[row]]
        if options.size == 0 or len(walk) >= length:
            return np.array(walk, dtype=np.int64)
        low = free_degree[options]
        if (low > 0).any():  # a dead end only as the last step
            options, low = options[low > 0], low[low > 0]
        best = options[low == low.min()]
        walk.append(int(best[rng.integers(best.size)]))


def time_walk(graph: Graph, walk: np.ndarray) -> float:
    steps = checked_walk(graph, walk)
    engine = make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    start = time.perf_counter()
    engine.walk(steps)
    return time.perf_counter() - start


def time_positions(graph: Graph, walk: np.ndarray, moves: int) -> float:
    plain = Graph._trusted(graph.offsets, graph.neighbors)  # vertices named by id
    position = Position(plain, token=int(walk[0]))
    start = time.perf_counter()
    for v in walk[1 : moves + 1].tolist():
        position.push(v)
        position.mover_wins()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--vertices", type=int, default=1_000_000)
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument(
        "--general-moves",
        type=int,
        default=2_000,
        help="moves timed on the random graph (its failed searches scan the whole graph)",
    )
    args = parser.parse_args()
    general = random_graph(args.vertices, 1)
    board = random_board(1000, 1000, 0.0, seed=1).graph
    cases = {
        f"random graph, n={args.vertices:,}, m={general.n_edges:,} (Edmonds)": general,
        f"board 1000x1000, n={board.n_vertices:,} (bipartite)": board,
    }
    lengths = [args.general_moves + 1, args.moves + 1]
    walks = {
        name: self_avoiding_walk(g, length, 2)
        for (name, g), length in zip(cases.items(), lengths, strict=True)
    }
    results: dict[str, dict[str, list[float]]] = {n: {"walk": [], "push": []} for n in cases}
    for _ in range(args.repeats):
        for name, graph in cases.items():
            results[name]["walk"].append(time_walk(graph, walks[name]))
            results[name]["push"].append(time_positions(graph, walks[name], 1_000))
    print("| graph | moves | analyse_walk (s) | per move (us) | push + mover_wins per move (us) |")
    print("|---|---|---|---|---|")
    for name in cases:
        moves = walks[name].shape[0] - 1
        walk_s = statistics.median(results[name]["walk"])
        push_s = statistics.median(results[name]["push"])
        pushed = min(moves, 1_000)
        print(
            f"| {name} | {moves:,} | {walk_s:.3f} | {1e6 * walk_s / max(moves, 1):.2f} | "
            f"{1e6 * push_s / max(pushed, 1):.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
