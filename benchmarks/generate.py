"""Seeded random boards for the benchmarks.

python benchmarks/generate.py SIZE BLOCKED_PERCENT [SEED] > board.txt
"""

from __future__ import annotations

import sys

import numpy as np


def random_board_text(size: int, blocked_percent: float, seed: int = 1) -> bytes:
    """An ``size x size`` board with each cell blocked with the given probability."""
    rng = np.random.default_rng(seed)
    blocked = rng.random((size, size)) < blocked_percent / 100
    chars = np.where(blocked, ord("#"), ord(".")).astype(np.uint8)
    body = np.concatenate([chars, np.full((size, 1), ord("\n"), np.uint8)], axis=1)
    return f"{size} {size}\n".encode() + body.tobytes()


if __name__ == "__main__":
    size, percent = int(sys.argv[1]), float(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sys.stdout.buffer.write(random_board_text(size, percent, seed))
