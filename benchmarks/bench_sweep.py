"""``nauty-geng N | matchgame sweep --count`` against geng alone, and the NetworkX route.

    python benchmarks/bench_sweep.py [--vertices 9] [--repeats 5] [--jobs 2] [--sample 2000]

Whole processes, the commands alternating (``A B C ...``), medians of wall
seconds: geng piped into ``matchgame sweep --count --jobs J``, geng into
``/dev/null``, ``matchgame sweep --geng N --count`` (each job running its own
res/mod parts of geng), and geng piped into ``matchgame sweep --filter
placer_wins`` (nauty's pickg way: the kept graph6 lines written out). The
NetworkX route (``nx.from_graph6_bytes``, then per vertex "is it missed by some
maximum matching", i.e. ``max_weight_matching`` of the graph without it keeps the
size) is timed on a seeded sample of ``--sample`` lines and extrapolated to all
of them.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time

import networkx as nx


def wall(command: str) -> float:
    """Seconds of one run of ``command`` through the shell, its output discarded."""
    start = time.perf_counter()
    subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def alternating_medians(commands: dict[str, str], repeats: int) -> dict[str, float]:
    """Median wall seconds of each command, the commands run in turn ``repeats`` times."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm-up: page cache, imports
        wall(command)
    for _ in range(repeats):
        for name, command in commands.items():
            times[name].append(wall(command))
    return {name: statistics.median(values) for name, values in times.items()}


def networkx_winning(graph: nx.Graph) -> list[int]:
    """The placer's winning vertices by NetworkX alone: ``v`` wins iff deleting it
    leaves a maximum matching as large (some maximum matching misses ``v``)."""
    size = len(nx.max_weight_matching(graph, maxcardinality=True))
    winning = []
    for v in list(graph.nodes):
        rest = graph.subgraph(n for n in graph.nodes if n != v)
        if len(nx.max_weight_matching(rest, maxcardinality=True)) == size:
            winning.append(v)
    return winning


def networkx_seconds(lines: list[bytes], sample: int, seed: int = 1) -> tuple[float, int]:
    """Seconds the NetworkX route would take on all ``lines``, from a seeded sample."""
    chosen = random.Random(seed).sample(lines, min(sample, len(lines)))
    start = time.perf_counter()
    for line in chosen:
        networkx_winning(nx.from_graph6_bytes(line))
    spent = time.perf_counter() - start
    return spent * len(lines) / len(chosen), len(chosen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vertices", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, default=2000)
    args = parser.parse_args()
    if shutil.which("nauty-geng") is None:
        print("nauty-geng is not installed (Debian: apt install nauty)", file=sys.stderr)
        return 2
    n, jobs = args.vertices, args.jobs
    sweep = f"{sys.executable} -m matchgame sweep --count --jobs {jobs}"
    commands = {
        "geng > /dev/null": f"nauty-geng -q {n} > /dev/null",
        f"geng | sweep --count --jobs {jobs}": f"nauty-geng -q {n} | {sweep}",
        f"sweep --geng {n} --count --jobs {jobs}": f"{sweep} --geng {n}",
        f"geng | sweep --filter placer_wins --jobs {jobs}": (
            f"nauty-geng -q {n} | {sys.executable} -m matchgame sweep --jobs {jobs} "
            "--filter placer_wins"
        ),
    }
    medians = alternating_medians(commands, args.repeats)
    lines = subprocess.run(
        ["nauty-geng", "-q", str(n)], capture_output=True, check=True
    ).stdout.splitlines()
    baseline = medians["geng > /dev/null"]
    print(f"{len(lines)} graphs on {n} vertices; medians of {args.repeats} runs, wall seconds")
    for name, seconds in medians.items():
        per_graph = 1e6 * seconds / len(lines)
        ratio = seconds / baseline
        print(f"  {name:44} {seconds:8.3f} s  {per_graph:6.2f} us/graph  {ratio:5.2f}x")
    estimate, sampled = networkx_seconds(lines, args.sample)
    print(
        f"  {'NetworkX (extrapolated)':44} {estimate:8.1f} s  "
        f"{1e6 * estimate / len(lines):6.1f} us/graph  (from {sampled} graphs)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
