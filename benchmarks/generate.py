"""Seeded random inputs for the benchmarks.

    python benchmarks/generate.py SIZE BLOCKED_PERCENT [SEED] > board.txt
    python benchmarks/generate.py --king SIZE BLOCKED_PERCENT [SEED] > king-edges.txt
    python benchmarks/generate.py --graph N [--bipartite] [SEED] > edges.txt

Boards: each cell blocked independently. ``--king``: the same board's king graph
(a free cell joined to its up to 8 free neighbours) as an edge list, vertices the
free cells numbered row by row from 1. ``--graph``: n vertices and 3n random
edges, with ``--bipartite`` every edge between 1..n/2 and n/2+1..n.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np


def random_free(size: int, blocked_percent: float, seed: int = 1) -> np.ndarray:
    """The free cells (True) of a ``size x size`` board, each blocked with the given probability."""
    rng = np.random.default_rng(seed)
    return ~(rng.random((size, size)) < blocked_percent / 100)


def random_board_text(size: int, blocked_percent: float, seed: int = 1) -> bytes:
    """An ``size x size`` board with each cell blocked with the given probability."""
    free = random_free(size, blocked_percent, seed)
    chars = np.where(free, ord("."), ord("#")).astype(np.uint8)
    body = np.concatenate([chars, np.full((size, 1), ord("\n"), np.uint8)], axis=1)
    return f"{size} {size}\n".encode() + body.tobytes()


def int_rows_text(rows: np.ndarray, chunk: int = 1 << 20) -> bytes:
    """The rows of a 2-D array of non-negative integers as text lines, numbers space-separated.

    Vectorised: a Python f-string per line costs seconds on the 10^7-edge lists here.
    """
    rows = np.asarray(rows, dtype=np.int64)
    if rows.size == 0:
        return b""
    rows = rows.reshape(len(rows), -1)
    n_cols = rows.shape[1]
    width = max(1, len(str(int(rows.max(initial=0)))))
    pieces = []
    for start in range(0, rows.shape[0], chunk):
        part = rows[start : start + chunk]
        # Digits right-aligned in fixed-width fields; zero bytes pad and are dropped.
        text = np.zeros((part.shape[0], n_cols, width + 1), np.uint8)
        text[:, :, width] = ord(" ")
        text[:, -1, width] = ord("\n")
        rest = part.copy()
        for k in range(width - 1, -1, -1):
            digit = (rest % 10).astype(np.uint8) + ord("0")
            text[:, :, k] = np.where((rest > 0) | (k == width - 1), digit, 0)
            rest //= 10
        flat = text.reshape(-1)
        pieces.append(flat[flat != 0].tobytes())
    return b"".join(pieces)


def edge_list_text(n: int, edges: np.ndarray) -> bytes:
    """``n m`` then the ``(m, 2)`` array of 1-based edges, one per line."""
    return f"{n} {len(edges)}\n".encode() + int_rows_text(edges)


def random_graph_text(n: int, seed: int = 1, bipartite: bool = False) -> bytes:
    """n vertices, 3n uniformly random edges (self-loops and repeats possible, as drawn)."""
    rng = np.random.default_rng(seed)
    if not bipartite:
        edges = rng.integers(1, n + 1, size=(3 * n, 2))
    else:
        half = n // 2
        edges = np.stack(
            [rng.integers(1, half + 1, size=3 * n), rng.integers(half + 1, n + 1, size=3 * n)],
            axis=1,
        )
    return edge_list_text(n, edges)


KING_STEPS = ((0, 1), (1, 0), (1, -1), (1, 1))  # forward half of the 8 king moves


def king_edges(free: np.ndarray) -> tuple[int, np.ndarray]:
    """(vertex count, 1-based edges) of the king graph on the free cells.

    Vertices are the free cells in row-major order. Edges come cell by cell, each
    cell's in the order right, down, down-left, down-right, as the anchors build them.
    """
    n_rows, n_cols = free.shape
    vertex = np.full(free.shape, -1, dtype=np.int64)
    vertex[free] = np.arange(1, int(free.sum()) + 1)
    sources, targets, steps = [], [], []
    for step, (dr, dc) in enumerate(KING_STEPS):
        rows = slice(0, n_rows - dr)
        cols = slice(max(0, -dc), n_cols - max(0, dc))
        here = vertex[rows, cols]
        there = vertex[dr:n_rows, max(0, dc) : n_cols - max(0, -dc)]
        keep = (here > 0) & (there > 0)
        sources.append(here[keep])
        targets.append(there[keep])
        steps.append(np.full(int(keep.sum()), step))
    source, target, step = map(np.concatenate, (sources, targets, steps))
    order = np.lexsort((step, source))
    return int(free.sum()), np.stack([source[order], target[order]], axis=1)


def king_edge_list_text(size: int, blocked_percent: float, seed: int = 1) -> bytes:
    """The king graph of ``random_board_text(size, blocked_percent, seed)`` as an edge list."""
    n, edges = king_edges(random_free(size, blocked_percent, seed))
    return edge_list_text(n, edges)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--king", action="store_true", help="the board's king graph as edges")
    parser.add_argument("--graph", action="store_true", help="a random graph: N [SEED]")
    parser.add_argument("--bipartite", action="store_true", help="with --graph")
    parser.add_argument("numbers", nargs="+", type=float)
    args = parser.parse_args()
    if args.graph:
        n, seed = int(args.numbers[0]), int(args.numbers[1]) if len(args.numbers) > 1 else 1
        text = random_graph_text(n, seed, args.bipartite)
    else:
        size, percent = int(args.numbers[0]), args.numbers[1]
        seed = int(args.numbers[2]) if len(args.numbers) > 2 else 1
        text = (king_edge_list_text if args.king else random_board_text)(size, percent, seed)
    sys.stdout.buffer.write(text)
