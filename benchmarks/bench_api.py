"""The Python API per call, beside a pure-Python game library: ``Position`` against
python-chess.

    python benchmarks/bench_api.py [--size 300] [--vertices 100000] [--moves 2000] [--repeats 5]

On a ``--size`` x ``--size`` board (orthogonal moves: the bipartite engine) and on a
random graph of ``--vertices`` vertices and average degree 6 (odd cycles: the
general engine), a seeded self-avoiding walk of ``--moves`` moves is played through
the public API, in vertex names ((row, col) cells; integer ids), timing each call:
``push`` + ``mover_wins()``, ``legal_moves()``, ``best_move()``, then ``pop()``
back to the start. python-chess (the ``bench`` extra) plays random legal games in
the same process: ``push_uci`` + ``pop`` and ``list(board.legal_moves)``. Medians
of per-call microseconds over ``--repeats`` rounds, the commands alternating.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
from bench_positions import random_graph, self_avoiding_walk

from matchgame import Graph, Position
from matchgame.generate import random_board


def time_position(graph: Graph, names: list, token_first: bool) -> dict[str, float]:
    """Microseconds per call along the walk ``names`` (the first placed or set up)."""
    position = Position(graph, token=names[0]) if token_first else Position(graph)
    walk = names[1:] if token_first else names
    timings: dict[str, list[float]] = {"push + mover_wins": [], "legal_moves": [], "best_move": []}
    clock = time.perf_counter
    pushed = 0
    for move in walk:
        start = clock()
        position.push(move)
        position.mover_wins()
        timings["push + mover_wins"].append(clock() - start)
        pushed += 1
        start = clock()
        legal = position.legal_moves()
        timings["legal_moves"].append(clock() - start)
        start = clock()
        position.best_move()
        timings["best_move"].append(clock() - start)
        if not legal:
            break
    pops = []
    for _ in range(pushed):
        start = clock()
        position.pop()
        pops.append(clock() - start)
    result = {name: 1e6 * statistics.median(values) for name, values in timings.items()}
    result["pop"] = 1e6 * statistics.median(pops)
    return result


def time_chess(games: int, seed: int) -> dict[str, float]:
    import chess

    rng = random.Random(seed)
    push_pop, legal = [], []
    clock = time.perf_counter
    for _ in range(games):
        board = chess.Board()
        ucis = []
        for _ in range(80):
            start = clock()
            moves = list(board.legal_moves)
            legal.append(clock() - start)
            if not moves:
                break
            uci = rng.choice(moves).uci()
            start = clock()
            board.push_uci(uci)
            board.pop()
            push_pop.append(clock() - start)
            board.push_uci(uci)
            ucis.append(uci)
    return {
        "push_uci + pop": 1e6 * statistics.median(push_pop),
        "list(legal_moves)": 1e6 * statistics.median(legal),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--vertices", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    board = random_board(args.size, args.size, 0.0, seed=1)
    board_walk = self_avoiding_walk(board.graph, args.moves + 1, 3)
    board_names = board.graph.names.names(board_walk)
    graph = random_graph(args.vertices, 1)
    plain = Graph._trusted(graph.offsets, graph.indices)  # vertices named by id
    graph_walk = self_avoiding_walk(plain, args.moves + 1, 3).tolist()
    cases = {
        f"board {args.size}x{args.size} (bipartite engine)": (board, board_names, False),
        f"random graph n={args.vertices:,} (general engine)": (plain, graph_walk, True),
    }
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in [*cases, "python-chess"]}
    for repeat in range(args.repeats):
        for name, (where, names, token_first) in cases.items():
            rounds[name].append(time_position(where, names, token_first))
        rounds["python-chess"].append(time_chess(20, repeat))
    print("| what | call | median us per call |")
    print("|---|---|---|")
    for name, results in rounds.items():
        for call in results[0]:
            value = statistics.median(r[call] for r in results)
            print(f"| {name} | {call} | {value:.1f} |")
    _ = np  # the walks are numpy arrays


if __name__ == "__main__":
    main()
