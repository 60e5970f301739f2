"""Certificates at scale: writing and verifying beside the plain answer.

    python benchmarks/bench_certificates.py [--sizes 2000 4000] [--repeats 3]

For each board (``matchgame.generate.random_board``, seed 1, 20% and 5% of
cells blocked) times fresh processes, alternately so that a drift of the
machine's speed hits all alike: the plain answer (``placements``, JSOI text),
the plain JSON answer, the answer with ``--certificate``, and ``verify`` of it.
Prints medians, the ratios to the plain answer, the certificate's bytes per
free cell and every command's peak RSS.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from matchgame.generate import random_board

MATCHGAME = [sys.executable, "-m", "matchgame"]


def run(command: list[str], output: Path | None = None) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of one fresh process."""
    helper = (
        "import resource, subprocess, sys, time; "
        "out = open(sys.argv[1], 'wb'); start = time.perf_counter(); "
        "subprocess.run(sys.argv[2:], stdout=out, check=True); "
        "print(time.perf_counter() - start, "
        "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    target = str(output) if output else "/dev/null"
    out = subprocess.run(
        [sys.executable, "-c", helper, target, *command], capture_output=True, check=True
    )
    seconds, peak_kib = out.stdout.split()
    return float(seconds), int(peak_kib) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000])
    parser.add_argument("--percents", type=int, nargs="+", default=[20, 5])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="matchgame-bench-certs-"))
    print(
        "| board | blocked | plain (s) | json (s) | certificate (s) | verify (s) |"
        " certificate / plain | verify / plain | bytes / free cell |"
        " peak MiB plain / json / certificate / verify |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        for percent in args.percents:
            board = random_board(size, size, percent / 100, seed=1)
            path = workdir / f"board-{size}-{percent}.txt"
            path.write_text(board.to_text())
            answer = workdir / f"answer-{size}-{percent}.json"
            commands = {
                "plain": ([*MATCHGAME, "placements", str(path)], None),
                "json": ([*MATCHGAME, "placements", str(path), "--format", "json"], None),
                "certificate": (
                    [*MATCHGAME, "placements", str(path), "--format", "json", "--certificate"],
                    answer,
                ),
                "verify": ([*MATCHGAME, "verify", str(path), str(answer)], None),
            }
            times: dict[str, list[float]] = {name: [] for name in commands}
            peaks: dict[str, float] = dict.fromkeys(commands, 0.0)
            for _ in range(args.repeats):
                for name, (command, output) in commands.items():
                    seconds, peak = run(command, output)
                    times[name].append(seconds)
                    peaks[name] = max(peaks[name], peak)
            median = {name: statistics.median(values) for name, values in times.items()}
            per_cell = answer.stat().st_size / board.n_free
            print(
                f"| {size}x{size} | {percent}% | {median['plain']:.2f} | {median['json']:.2f} |"
                f" {median['certificate']:.2f} | {median['verify']:.2f} |"
                f" {median['certificate'] / median['plain']:.2f} |"
                f" {median['verify'] / median['plain']:.2f} | {per_cell:.1f} |"
                f" {' / '.join(f'{peaks[name]:.0f}' for name in commands)} |",
                flush=True,
            )
            answer.unlink()


if __name__ == "__main__":
    main()
