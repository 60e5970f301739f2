"""Per-move cost of the move-by-move engine on graphs with odd cycles and on boards.

    python benchmarks/bench_positions.py [--repeats 3] [--families random,planted,...]
        [--scale 1.0] [--moves 100000] [--general-moves 20000]

Families (each a graph and a seeded walk; ``--scale`` multiplies the sizes):

- ``random``: random graphs (n = 10^5 and 10^6, average degree 6: Edmonds'
  engine) with a self-avoiding walk (Warnsdorff's rule, stuck after a fraction
  of the graph);
- ``planted``: random graphs of average degree 6 with a planted Hamiltonian path,
  walked along it (n = 10^5 and 10^6);
- ``mistakes``: a random graph (n = 20,000) walked by a player who, when winning,
  always makes a losing move other than the partner: every such question searches
  and fails, the blossom engine's expensive case;
- ``king``, ``hex``: 1000x1000 boards under king and hex moves (odd cycles
  everywhere, perfectly matchable), self-avoiding walks;
- ``board``: the 1000x1000 orthogonal board (the bipartite engine), the yardstick.

Timed in-process after the one maximum matching every engine starts from:
``analyse_walk``'s compiled loop (per move) and ``Position.push`` + ``mover_wins``
(the Python API, per move, first 1,000 moves). Medians of ``--repeats`` runs.
Run it under two installations to compare engines, with ``--walks DIR``: the
mistakes walk is found by asking the engine, and two engines may keep different
maximum matchings, so the first run saves each walk there and later runs reuse it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from matchgame import Graph, Position
from matchgame.games.vertex.engines import checked_walk, make_engine
from matchgame.generate import random_board


def random_graph(n: int, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    edges = rng.integers(0, n, size=(3 * n, 2))
    return Graph.from_edges(n, edges)


def planted_walk_graph(n: int, seed: int) -> tuple[Graph, np.ndarray]:
    """A random graph of average degree 6 that holds a Hamiltonian path, and that path
    as the walk: ``n - 1`` moves, through the whole graph (a random walk gets stuck
    after a fraction of it)."""
    rng = np.random.default_rng(seed)
    walk = rng.permutation(n)
    path_edges = np.stack([walk[:-1], walk[1:]], axis=1)
    edges = np.concatenate([path_edges, rng.integers(0, n, size=(2 * n, 2))])
    return Graph.from_edges(n, edges[edges[:, 0] != edges[:, 1]]), walk.astype(np.int64)


def self_avoiding_walk(graph: Graph, length: int, seed: int) -> np.ndarray:
    """A seeded self-avoiding walk of up to ``length`` vertices that seldom gets stuck:
    each step goes to an unvisited neighbour with the fewest unvisited neighbours
    (Warnsdorff's rule) that is not a dead end, ties broken at random."""
    rng = np.random.default_rng(seed)
    offsets, neighbors = graph.offsets, graph.indices
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


def mistakes_walk(graph: Graph, length: int, seed: int) -> np.ndarray:
    """The adversarial walk for the blossom engine: from a winning position the token
    always takes a losing move that is not the winning partner, when there is one
    (so the next question cannot be answered by the free rule or the partner rule:
    its search fails, the expensive case), else a random move that is not a dead
    end. Found by asking the engine itself, a few candidates per move."""
    rng = np.random.default_rng(seed)
    alive = np.ones(graph.n_vertices, dtype=np.uint8)
    matching = make_engine(graph, alive, logging=True).matching
    offsets, neighbors = graph.offsets, graph.indices
    walk = [int(rng.integers(graph.n_vertices))]
    while len(walk) < length:
        token = walk[-1]
        wins = bool(matching.essential(token))
        partner = int(matching.partner(token)) if wins else -1
        matching.delete(token)
        row = neighbors[offsets[token] : offsets[token + 1]]
        options = row[alive[row] == 1]
        if options.size == 0:
            break
        rng.shuffle(options)
        choice = -1
        if wins:
            for candidate in options[options != partner][:4].tolist():
                mark = matching.mark()
                mistake = bool(matching.essential(candidate))
                matching.undo(mark)
                if mistake:
                    choice = candidate
                    break
        if choice < 0:
            onward = [
                int(c)
                for c in options
                if (alive[neighbors[offsets[c] : offsets[c + 1]]] == 1).any()
            ]
            choice = onward[0] if onward else int(options[0])
        walk.append(choice)
    return np.array(walk, dtype=np.int64)


def time_walk(graph: Graph, walk: np.ndarray) -> float:
    steps = checked_walk(graph, walk)
    engine = make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    start = time.perf_counter()
    engine.walk(steps)
    return time.perf_counter() - start


def time_positions(graph: Graph, walk: np.ndarray, moves: int) -> float:
    plain = Graph._trusted(graph.offsets, graph.indices)  # vertices named by id
    position = Position(plain, token=int(walk[0]))
    start = time.perf_counter()
    for v in walk[1 : moves + 1].tolist():
        position.push(v)
        position.mover_wins()
    return time.perf_counter() - start


def cached(walks: Path | None, key: str, make) -> np.ndarray:
    """``make()``, saved as ``walks/key.npy`` the first time and read back after."""
    if walks is None:
        return make()
    path = walks / f"{key}.npy"
    if not path.exists():
        walks.mkdir(parents=True, exist_ok=True)
        np.save(path, make())
    return np.load(path)


def families(names: list[str], scale: float, moves: int, general_moves: int, walks=None):
    """(name, graph, walk) for each family asked for."""
    size = lambda n: max(int(n * scale), 100)  # noqa: E731
    for name in names:
        if name == "random":
            for n in (size(100_000), size(1_000_000)):
                graph = random_graph(n, 1)
                walk = self_avoiding_walk(graph, general_moves + 1, 2)
                yield f"random graph n={n:,}, self-avoiding walk", graph, walk
        elif name == "planted":
            for n in (size(100_000), size(1_000_000)):
                graph, walk = planted_walk_graph(n, 5)
                yield f"random graph n={n:,}, planted path", graph, walk[: general_moves + 1]
        elif name == "mistakes":
            graph = random_graph(size(20_000), 3)
            length = min(general_moves, size(20_000)) + 1
            walk = cached(
                walks,
                f"mistakes-{graph.n_vertices}-{length}",
                lambda: mistakes_walk(graph, length, 4),  # noqa: B023
            )
            yield f"random graph n={graph.n_vertices:,}, winner's mistakes", graph, walk
        elif name in ("king", "hex", "board"):
            side = max(int(1000 * scale**0.5), 10)
            moves_rule = "orthogonal" if name == "board" else name
            graph = random_board(side, side, 0.0, seed=1).to_graph(moves_rule)
            graph = Graph._trusted(graph.offsets, graph.indices)
            walk = self_avoiding_walk(graph, moves + 1, 2)
            yield f"{moves_rule} board {side}x{side}", graph, walk
        else:
            raise SystemExit(f"unknown family {name!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--families", default="random,planted,mistakes,king,hex,board")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument("--walks", type=Path, default=None, help="save and reuse walks here")
    parser.add_argument(
        "--general-moves",
        type=int,
        default=20_000,
        help="moves on the random graphs (the old engine's failed searches scan them)",
    )
    args = parser.parse_args()
    print("| family | moves | analyse_walk (s) | per move (us) | push + mover_wins (us) |")
    print("|---|---|---|---|---|")
    names = args.families.split(",")
    found = families(names, args.scale, args.moves, args.general_moves, args.walks)
    for name, graph, walk in found:
        walk_s = statistics.median(time_walk(graph, walk) for _ in range(args.repeats))
        push_s = statistics.median(time_positions(graph, walk, 1_000) for _ in range(args.repeats))
        moves = walk.shape[0] - 1
        pushed = min(moves, 1_000)
        print(
            f"| {name} | {moves:,} | {walk_s:.3f} | {1e6 * walk_s / max(moves, 1):.2f} | "
            f"{1e6 * push_s / max(pushed, 1):.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
