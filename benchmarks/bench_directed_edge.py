"""Directed edge geography on a large DAG, against the directed (vertex) game on the same
arcs: on an acyclic digraph no vertex can repeat, so the two games agree, and both
are decided in linear time by retrograde labels.

    python benchmarks/bench_directed_edge.py [--vertices 100000] [--arcs 200000] [--repeats 5]
    python benchmarks/bench_directed_edge.py write FILE [--vertices N] [--arcs M]

Every run is a fresh process (``matchgame placements --game G --edges FILE``: Python's
start, the imports, reading the edge list, the analysis, the answer written), the
two commands alternated; the table gives the medians and the ratio. The DAG is seeded:
``M`` arcs ``u -> v`` with ``u < v`` drawn uniformly (repeats kept: parallel arcs), on
``N`` vertices. ``write`` only writes it, for timing by other means.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np
from generate import edge_list_text
from timing import alternate, ratio_cell, seconds_cell

MATCHGAME = [sys.executable, "-m", "matchgame", "placements", "--edges"]


def dag_text(n: int, m: int, seed: int = 1) -> bytes:
    """``m`` arcs ``u -> v``, ``u < v``, uniformly drawn (1-based), as matchgame's edge list."""
    rng = np.random.default_rng(seed)
    ends = rng.integers(0, n, size=(2 * m, 2))
    ends = np.sort(ends[ends[:, 0] != ends[:, 1]][:m], axis=1)
    return edge_list_text(n, ends + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("write", nargs="?", help="only write the DAG to FILE")
    parser.add_argument("file", nargs="?")
    parser.add_argument("--vertices", type=int, default=100_000)
    parser.add_argument("--arcs", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    text = dag_text(args.vertices, args.arcs)
    if args.write is not None:
        if args.write != "write" or args.file is None:
            parser.error("write FILE: the only subcommand")
        Path(args.file).write_bytes(text)
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "dag.txt"
        path.write_bytes(text)
        commands = {
            game: [*MATCHGAME, str(path), "--game", game] for game in ("directed-edge", "directed")
        }
        results = alternate(commands, args.repeats, args.timeout)
    answers = {game: result.stdout for game, result in results.items()}
    if answers["directed-edge"] != answers["directed"]:
        sys.exit("the two games' answers differ on a DAG")
    reference = results["directed"].median
    print(f"DAG: {args.vertices:,} vertices, {args.arcs:,} arcs, medians of {args.repeats} runs")
    print("| game | seconds | / directed |")
    print("|---|---|---|")
    for game, result in results.items():
        print(
            f"| {game} | {seconds_cell(result, args.timeout)} | "
            f"{ratio_cell(result, reference, args.timeout)} |"
        )


if __name__ == "__main__":
    main()
