"""Certificates of graphs with odd cycles at scale: made and verified beside the plain answer.

    python benchmarks/bench_general_certificates.py [--sizes 20000 40000 150000 200000 1000000]
        [--repeats 3]

For each size n, a random graph of ``benchmarks/generate.py --graph n`` (3n uniformly
random edges), the first seed from 1 whose Gallai-Edmonds set D holds more than half
the vertices: one giant factor-critical component, the case where version 3 of the
certificate (one alternating path per vertex of D) was quadratic. Times fresh
processes, alternately so that a drift of the machine's speed hits all alike: the
plain answer (``placements --edges``, text), the plain JSON answer, the answer with
``--certificate``, and ``verify`` of it. Prints |D|, medians, the ratios to the plain
answers, the certificate's bytes per vertex and every command's peak RSS.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np
from bench_certificates import run
from generate import random_graph_text

from matchgame import decompose
from matchgame.readers.edgelists import parse_edge_list

MATCHGAME = [sys.executable, "-m", "matchgame"]


def graph_with_large_d(n: int) -> tuple[bytes, int, int]:
    """The text of the first random graph (seed 1, 2, ...) on n vertices whose D holds
    more than half of them; its seed and |D|."""
    for seed in range(1, 50):
        text = random_graph_text(n, seed)
        size = int(np.count_nonzero(decompose(parse_edge_list(text)).missable))
        if 2 * size > n:
            return text, seed, size
    raise SystemExit(f"no seed below 50 gives a large D on {n} vertices")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[20000, 40000, 150000, 200000, 1000000]
    )
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="matchgame-bench-general-certs-"))
    print(
        "| vertices | seed | \\|D\\| | plain (s) | json (s) | certificate (s) | verify (s) |"
        " certificate / json | verify / json | bytes / vertex |"
        " peak MiB plain / json / certificate / verify |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in args.sizes:
        text, seed, size = graph_with_large_d(n)
        path = workdir / f"graph-{n}.txt"
        path.write_bytes(text)
        answer = workdir / f"answer-{n}.json"
        placements = [*MATCHGAME, "placements", "--edges", str(path)]
        commands = {
            "plain": (placements, None),
            "json": ([*placements, "--format", "json"], None),
            "certificate": ([*placements, "--format", "json", "--certificate"], answer),
            "verify": ([*MATCHGAME, "verify", "--edges", str(path), str(answer)], None),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        peaks: dict[str, float] = dict.fromkeys(commands, 0.0)
        for _ in range(args.repeats):
            for name, (command, output) in commands.items():
                seconds, peak = run(command, output)
                times[name].append(seconds)
                peaks[name] = max(peaks[name], peak)
        median = {name: statistics.median(values) for name, values in times.items()}
        print(
            f"| {n:,} | {seed} | {size:,} | {median['plain']:.2f} | {median['json']:.2f} |"
            f" {median['certificate']:.2f} | {median['verify']:.2f} |"
            f" {median['certificate'] / median['json']:.2f} |"
            f" {median['verify'] / median['json']:.2f} | {answer.stat().st_size / n:.1f} |"
            f" {' / '.join(f'{peaks[name]:.0f}' for name in commands)} |",
            flush=True,
        )
        answer.unlink()


if __name__ == "__main__":
    main()
