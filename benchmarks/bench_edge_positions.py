"""An edge game position on a big board, against the vertex game's position on it.

    python benchmarks/bench_edge_positions.py walk --game edge --size 1000 --moves 200
    python benchmarks/bench_edge_positions.py walk --game vertex --size 1000 --moves 200
    python benchmarks/bench_edge_positions.py hint --size 600

``walk``: a board from ``benchmarks/generate.py`` (seed 1, 20% blocked), a
``Position`` set up with the token on the free cell nearest the centre, then a
seeded walk of ``--moves`` moves, each ``push`` and ``mover_wins``: when the mover
wins, half of the time the winning reply, else a random legal move (a mistake as
often as not); stuck, it takes back four moves and goes on. ``hint``: the same
set-up, then ``best_move``, ``winning_reply`` and ``winning_moves`` on the first
position. Each prints its phases' seconds (in
process) on one line; run whole processes under ``farm-bench`` to compare.
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np
from generate import random_board_text

import matchgame


def start_cell(board: matchgame.Board) -> tuple[int, int]:
    """The free cell nearest the centre (row-major order breaks ties)."""
    rows, cols = np.nonzero(board.free)
    centre = (board.n_rows // 2, board.n_cols // 2)
    k = int(np.argmin(np.abs(rows - centre[0]) + np.abs(cols - centre[1])))
    return int(rows[k]), int(cols[k])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["walk", "hint"])
    parser.add_argument("--game", choices=["edge", "vertex"], default="edge")
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board = matchgame.parse_board(random_board_text(args.size, 20, 1))
    start = time.perf_counter()
    position = matchgame.game(args.game).position(board, token=start_cell(board))
    wins = position.mover_wins()
    setup = time.perf_counter() - start
    if args.what == "hint":
        start = time.perf_counter()
        best = position.best_move()
        reply = position.winning_reply()
        moves = position.winning_moves()
        hint = time.perf_counter() - start
        print(f"set-up {setup:.3f} s, hint {hint:.3f} s: {wins} {best} {reply} {moves}")
        return
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    played = 0
    for _ in range(args.moves):
        legal = position.legal_moves()
        while not legal:  # stuck (a dead end uses up its one edge): take back 4 moves
            for _ in range(min(4, len(position.move_stack))):
                position.pop()
            legal = position.legal_moves()
        if position.mover_wins() and rng.random() < 0.5:
            move = position.winning_reply()
        else:
            move = legal[int(rng.integers(len(legal)))]
        position.push(move)
        position.mover_wins()
        played += 1
    walk = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"set-up {setup:.3f} s, {played} moves {walk:.3f} s "
        f"({walk / max(played, 1) * 1e3:.3f} ms a move), peak {peak:.0f} MiB"
    )


if __name__ == "__main__":
    main()
