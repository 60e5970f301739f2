"""Two installs of matchgame compared face by face, with farm-bench alternating them.

Issue 32 moved every face onto one game contract; this checks nothing a user runs got
slower: start-up, placements on a 1000x1000 board (vertex and edge game), a walk of
positions on it, and a sweep of every graph geng makes on 9 vertices::

    python benchmarks/bench_contract.py --baseline /path/to/old-venv/bin

``--baseline`` is the ``bin`` folder of a virtual environment holding the other
install (a clone at the older commit, ``pip install -e .``); this install is the one
whose ``python`` runs the script. Needs farm-bench and nauty-geng on the PATH. Prints
farm-bench's median A/B ratios (A: this install; below 1: this install is faster).
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

WALK = """\
import sys, numpy as np, matchgame
rows = open(sys.argv[1]).read().split("\\n")[1:-1]
position = matchgame.Position(matchgame.Board.from_rows(rows), token=(500, 500))
rng = np.random.default_rng(3)
for _ in range(200):
    moves = position.legal_moves()
    if not moves:
        break
    best = position.winning_moves()
    pick = best[0] if best and rng.random() < 0.7 else moves[int(rng.integers(len(moves)))]
    position.push(pick)
"""


def board_text(size: int, blocked: float, seed: int) -> str:
    free = np.random.default_rng(seed).random((size, size)) >= blocked
    rows = ("".join("." if cell else "#" for cell in row) for row in free)
    return f"{size} {size}\n" + "\n".join(rows) + "\n"


def ratios(new: str, old: str, runs: int, timeout: int) -> dict[str, str]:
    """farm-bench's median A/B ratios (cpu, wall) of ``new`` against ``old``."""
    run = subprocess.run(
        [
            "farm-bench",
            "-n",
            str(runs),
            "--timeout",
            str(timeout),
            "--vs",
            old,
            "--",
            *shlex.split(new),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = {}
    for line in run.stdout.splitlines():
        match = re.match(r"A/B (cpu|wall)\s+(\S+)\s+(\S+)\s+(\S+)", line)
        if match:
            found[match[1]] = f"{match[3]} ({match[2]}-{match[4]})"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other install's bin")
    parser.add_argument(
        "--new", type=Path, default=None, help="this side's bin (default: this Python's)"
    )
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if shutil.which("farm-bench") is None or shutil.which("nauty-geng") is None:
        sys.exit("needs farm-bench and nauty-geng on the PATH")
    new_bin = Path(sys.executable).parent if args.new is None else args.new
    old_bin = args.baseline
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        board = work / "board.txt"
        board.write_text(board_text(1000, 0.2, 1))
        walk = work / "walk.py"
        walk.write_text(WALK)
        graphs = work / "g9.g6"
        with graphs.open("wb") as out:
            subprocess.run(["nauty-geng", "-q", "9"], stdout=out, check=True)
        cases = {
            "start-up (placements --example jsoi)": "{bin}/matchgame placements --example jsoi",
            "placements, 1000x1000": f"{{bin}}/matchgame placements {board}",
            "edge game, 1000x1000": f"{{bin}}/matchgame placements --game edge {board}",
            "positions: a 200-move walk": f"{{bin}}/python {walk} {board}",
            "sweep --count, geng 9": f"sh -c '{{bin}}/matchgame sweep --count --jobs 1 < {graphs}'",
        }
        print("| face | A/B cpu, median (min-max) | A/B wall |")
        print("|---|---|---|")
        for name, command in cases.items():
            new, old = command.format(bin=new_bin), command.format(bin=old_bin)
            found = ratios(new, old, args.runs, 900)
            print(f"| {name} | {found.get('cpu', '?')} | {found.get('wall', '?')} |", flush=True)


if __name__ == "__main__":
    main()
