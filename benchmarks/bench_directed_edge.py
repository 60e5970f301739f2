"""Directed edge geography on a large DAG, against the directed (vertex) game on the same
arcs: on an acyclic digraph no vertex can repeat, so the two games agree, and both
are decided in linear time by retrograde labels.

    python benchmarks/bench_directed_edge.py [--vertices 100000] [--arcs 200000] [--repeats 5]
    python benchmarks/bench_directed_edge.py write FILE [--vertices N] [--arcs M]
    python benchmarks/bench_directed_edge.py records FOLDER [--vertices N] [--arcs M]
    python benchmarks/bench_directed_edge.py walk [--game G] [--size S] [--moves K]

``records`` writes a record of each game on a DAG holding the path ``1 -> 2 -> ...
-> N`` (the other arcs drawn as below), the walk along that path: ``directed-edge.txt``
(its moves as arcs) and ``directed.txt`` (as vertices), for ``matchgame annotate
--game G --edges FILE`` (the same verdicts, move by move). ``walk`` plays ``K`` moves
on a seeded ``S x S`` board (20% blocked) in one process, asking the verdict and the
winning moves before each (the last legal move played), for timing whole processes
of two games on the same board.

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


def path_records(folder: Path, n: int, m: int) -> None:
    """The two records of the walk along the path 1 -> ... -> n, on that path and
    ``m - n + 1`` arcs ``u -> v``, ``u < v``, drawn as :func:`dag_text` draws them."""
    rng = np.random.default_rng(1)
    path = np.stack([np.arange(1, n), np.arange(2, n + 1)], axis=1)
    extra = rng.integers(0, n, size=(2 * m, 2))
    extra = np.sort(extra[extra[:, 0] != extra[:, 1]], axis=1)[: m - (n - 1)] + 1
    arcs = edge_list_text(n, np.concatenate([path, extra]))
    steps = "".join(f"{v} {v + 1}\n" for v in range(1, n))
    (folder / "directed-edge.txt").write_bytes(arcs + f"{n}\n1\n{steps}".encode())
    vertices = "".join(f"{v}\n" for v in range(1, n + 1))
    (folder / "directed.txt").write_bytes(arcs + f"{n}\n{vertices}".encode())


def walk(game: str, size: int, moves: int) -> None:
    """``moves`` moves on a seeded board, the verdict and winning moves asked before
    each; prints how many were played."""
    import matchgame
    from matchgame.generate import random_board

    position = matchgame.game(game).position(random_board(size, size, 0.2, seed=1))
    legal = position.legal_moves()
    position.push(legal[len(legal) // 2])
    played = 0
    while played < moves and not position.is_game_over():
        position.mover_wins()
        position.winning_moves()
        position.push(position.legal_moves()[-1])
        played += 1
    print(played)


def main() -> None:
    if sys.argv[1:2] == ["walk"]:
        walker = argparse.ArgumentParser(description="moves on a board, in one process")
        walker.add_argument("walk")
        walker.add_argument("--game", default="directed-edge")
        walker.add_argument("--size", type=int, default=1000)
        walker.add_argument("--moves", type=int, default=300)
        chosen = walker.parse_args()
        walk(chosen.game, chosen.size, chosen.moves)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("write", nargs="?", help="write the DAG to FILE, or records to FOLDER")
    parser.add_argument("file", nargs="?")
    parser.add_argument("--vertices", type=int, default=100_000)
    parser.add_argument("--arcs", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    if args.write == "records" and args.file is not None:
        path_records(Path(args.file), args.vertices, args.arcs)
        return
    text = dag_text(args.vertices, args.arcs)
    if args.write is not None:
        if args.write != "write" or args.file is None:
            parser.error("write FILE, records FOLDER or walk: the subcommands")
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
