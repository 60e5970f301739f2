"""End-to-end timings of ``matchgame mistakes`` on NOI2011 records.

    python benchmarks/bench_records.py [--repeats 5]

Records: a checkerboard walked as a serpentine over every cell (401x401 and
1001x1001), and a random-coloured 1000x1000 board with a short record played by
a random Bunny and an optimal Egg. Peer: NetworkX recomputing a maximum matching
for every position (the textbook method), at a small size, answers cross-checked.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from matchgame.generate import (
    corridor_record,
    play_record,
    random_bunny_board,
    serpentine_record,
    walled_serpentine_record,
)

HERE = Path(__file__).resolve().parent
MATCHGAME = [sys.executable, "-m", "matchgame", "mistakes"]
PEER = [sys.executable, str(HERE / "peers.py"), "noi"]


def median_run(command: list[str], repeats: int) -> tuple[float, bytes]:
    times, out = [], b""
    for _ in range(repeats):
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, check=True).stdout
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="matchgame-records-"))
    cases = [
        ("serpentine 31x31 (480 rounds)", serpentine_record(31), True),
        ("serpentine 401x401 (80,400 rounds)", serpentine_record(401), False),
        ("serpentine 1001x1001 (500,500 rounds)", serpentine_record(1001), False),
        (
            "random 1000x1000, random Bunny vs optimal Egg (50 rounds)",
            play_record(random_bunny_board(1000, 1000, 5), 5, max_rounds=50),
            False,
        ),
    ]
    print("| record | matchgame (s) | NetworkX per position (s) | ratio |")
    print("|---|---|---|---|")
    for name, record, with_peer in cases:
        path = workdir / "record.txt"
        path.write_text(record.to_text())
        ours, answer = median_run([*MATCHGAME, str(path)], args.repeats)
        peer_cell, ratio = "-", "-"
        if with_peer:
            theirs, peer_answer = median_run([*PEER, str(path)], 3)
            if peer_answer != answer:
                raise SystemExit(f"NetworkX disagrees on {name}")
            peer_cell, ratio = f"{theirs:.2f}", f"{theirs / ours:.1f}x"
        print(f"| {name} | {ours:.2f} | {peer_cell} | {ratio} |", flush=True)


def adversarial(repeats: int, workdir: Path) -> None:
    """The records built to make an engine without a bound rescan the unvisited
    region at every move, beside the plain serpentine of about the same size."""
    pairs = [
        (
            "serpentine 301x301",
            serpentine_record(301),
            "walled serpentine 300x302",
            walled_serpentine_record(300, 302),
        ),
        (
            "serpentine 1001x1001",
            serpentine_record(1001),
            "walled serpentine 1000x1002",
            walled_serpentine_record(1000, 1002),
        ),
        (
            "serpentine 1001x1001",
            serpentine_record(1001),
            "corridor 1001x1000 (every move a mistake)",
            corridor_record(1001, 1000),
        ),
    ]
    print()
    print("| plain record | s | adversarial record | s | ratio |")
    print("|---|---|---|---|---|")
    for plain_name, plain, hard_name, hard in pairs:
        plain_path, hard_path = workdir / "plain.txt", workdir / "hard.txt"
        plain_path.write_text(plain.to_text())
        hard_path.write_text(hard.to_text())
        times: dict[str, list[float]] = {"plain": [], "hard": []}
        for _ in range(repeats):  # alternate: the machine's speed drifts
            for key, path in (("plain", plain_path), ("hard", hard_path)):
                start = time.perf_counter()
                subprocess.run([*MATCHGAME, str(path)], capture_output=True, check=True)
                times[key].append(time.perf_counter() - start)
        a, b = statistics.median(times["plain"]), statistics.median(times["hard"])
        print(f"| {plain_name} | {a:.2f} | {hard_name} | {b:.2f} | {b / a:.2f} |", flush=True)


if __name__ == "__main__":
    main()
    adversarial(5, Path(tempfile.mkdtemp(prefix="matchgame-adversarial-")))
