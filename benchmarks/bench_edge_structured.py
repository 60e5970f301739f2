"""The edge game's two eliminations on four families: banded against structured.

    python benchmarks/bench_edge_structured.py [--repeats 1] [--scale 1.0]

For each input: the biadjacency matrix's shape and nonzeros, its band (64-bit words
a row, the larger of A's and A^T's) and the path the analysis takes
(``_structured.wide``), then in process the kernels' supports both ways, each
phase timed: the banded elimination (``_algebra.kernel_supports`` with 63 lanes,
which keeps it banded; its fill: bits of the echelon rows) and the structured one
(Markowitz pivots, the core left and its entries, the two dense eliminations,
the lift back). Both must give the same supports. Families:

- ``board``: a square board, 20% blocked, row-major;
- ``knight``: the same under knight's moves;
- ``random``: n vertices, 3n random edges between the halves (``generate.py --graph
  --bipartite``);
- ``geometric``: n random points in the unit square, X the first half, an edge
  between an X and a Y point closer than r (about 6 neighbours each): a graph from a
  geometry, ordered by reverse Cuthill-McKee.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from matchgame.core.multigraph import MultiGraph
from matchgame.games.edge import _algebra, _structured
from matchgame.generate import random_board


def geometric(n: int, seed: int) -> MultiGraph:
    rng = np.random.default_rng(seed)
    points = rng.random((n, 2))
    half = n // 2
    radius = np.sqrt(6 / (np.pi * half))
    cells = np.floor(points / radius).astype(np.int64)
    key = cells[:, 0] * (int(1 / radius) + 2) + cells[:, 1]
    order = np.argsort(key)
    edges = []
    by_cell: dict[int, list[int]] = {}
    for v in order.tolist():
        by_cell.setdefault(int(key[v]), []).append(v)
    width = int(1 / radius) + 2
    for v in range(half):
        cx, cy = cells[v]
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for u in by_cell.get(int((cx + dx) * width + cy + dy), []):
                    if u >= half and np.hypot(*(points[u] - points[v])) < radius:
                        edges.append((v, u))
    return MultiGraph(n, np.array(edges, dtype=np.int64).reshape(-1, 2))


def random_bipartite(n: int, seed: int) -> MultiGraph:
    rng = np.random.default_rng(seed)
    half = n // 2
    return MultiGraph(n, np.stack([rng.integers(0, half, 3 * n), rng.integers(half, n, 3 * n)], 1))


def family(name: str, size: int) -> MultiGraph:
    if name in ("board", "knight"):
        board = random_board(size, size, 0.2, seed=1)
        moves = "orthogonal" if name == "board" else "knight"
        return MultiGraph.from_graph(board.to_graph(moves))
    return random_bipartite(size, 1) if name == "random" else geometric(size, 1)


def measure(name: str, size: int) -> None:
    graph = family(name, size)
    parts = _algebra.graph_parts(graph)
    bi = _algebra.biadjacency(parts.parity, parts.side, parts.on_bipartite)
    nx, ny = bi.shape
    words = _algebra.band_words(bi)
    chosen = "structured" if _structured.wide(bi) else "banded"
    start = time.perf_counter()
    banded = _algebra.kernel_supports(bi, lanes=63)
    banded_s = time.perf_counter() - start
    start = time.perf_counter()
    structured = _structured.kernel_supports_structured(bi)
    structured_s = time.perf_counter() - start
    same = (structured.support_x == banded.support_x).all() and (
        structured.support_y == banded.support_y
    ).all()
    sparse = structured.stats["sparse"]
    fill = sum(banded.stats["fill"])
    print(
        f"| {name} {size} | {nx} x {ny} | {int(bi.a_ind.shape[0]):,} | {words} ({bi.order}) "
        f"| {chosen} | {banded_s:.3f} | {fill:,} | {structured_s:.3f} | {sparse['pivots']:,} "
        f"| {sparse['core'][0]:,} x {sparse['core'][1]:,} | {sparse['core_entries']:,} "
        f"| {sparse['seconds']:.3f} / {structured.stats['dense_seconds']:.3f} "
        f"| {'yes' if same else 'NO'} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    print(
        "| input | A (X by Y) | nonzeros | band (words) | path taken | banded (s) | fill (bits) "
        "| structured (s) | pivots | core | core entries | sparse / dense (s) | same |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, sizes in (
        ("board", (100, 300)),
        ("knight", (100, 300)),
        ("geometric", (10_000, 40_000)),
        ("random", (2_000, 5_000, 10_000, 20_000)),
    ):
        for size in sizes:
            measure(name, max(2, int(size * args.scale)))


if __name__ == "__main__":
    main()
