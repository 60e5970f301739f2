"""End-to-end timings of ``matchgame placements`` beside SciPy and NetworkX pipelines.

    python benchmarks/bench_placements.py [--repeats 5] [--scipy-timeout 120] [--quick]

Every run is a fresh process reading a seeded board file (benchmarks/generate.py)
and printing the JSOI2009 answer; peers' answers are checked against matchgame's.
Prints a Markdown table of medians and ratios, plus the startup floor, a cold
start (empty numba cache) and peak memory at 4000x4000.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generate import random_board_text

HERE = Path(__file__).resolve().parent
MATCHGAME = [sys.executable, "-m", "matchgame", "placements"]
PEER = [sys.executable, str(HERE / "peers.py")]


def timed_run(command: list[str], timeout: float, env: dict[str, str] | None = None):
    """(seconds, stdout) of one fresh process, or (None, None) on timeout."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, None
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{command} failed: {err.decode()}")
    return elapsed, out


def peak_rss_mib(command: list[str]) -> float:
    """Peak resident memory of ``command``, measured from a fresh helper process."""
    helper = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", helper, *command], capture_output=True, check=True)
    return int(out.stdout) / 1024


def median_time(command: list[str], repeats: int, timeout: float):
    times, output = [], None
    for _ in range(repeats):
        elapsed, out = timed_run(command, timeout)
        if elapsed is None:
            return None, None
        times.append(elapsed)
        output = out
    return statistics.median(times), output


def fmt(seconds: float | None, timeout: float) -> str:
    return f"> {timeout:.0f}" if seconds is None else f"{seconds:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scipy-timeout", type=float, default=120)
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--memory", action="store_true", help="also measure peak RSS at 4000x4000")
    args = parser.parse_args()

    sizes = [200, 500] if args.quick else [1000, 2000]
    percents = [5, 10, 20, 40]
    workdir = Path(tempfile.mkdtemp(prefix="matchgame-bench-"))
    tiny = workdir / "tiny.txt"
    tiny.write_text("1 1\n.\n")
    subprocess.run([*MATCHGAME, str(tiny)], check=True, capture_output=True)  # warm the cache

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.platform()}"
    )
    floor, _ = median_time([*MATCHGAME, str(tiny)], args.repeats, 60)
    print(f"startup floor (1x1 board, end to end): {floor:.3f} s\n")

    cold_cache = workdir / "cold-cache"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cold_cache)}
    board = workdir / "board-1000-20.txt"
    board.write_bytes(random_board_text(1000, 20))
    cold, _ = timed_run([*MATCHGAME, str(board)], 600, env)
    warm, _ = timed_run([*MATCHGAME, str(board)], 600, env)
    print(f"1000x1000 20%: cold start (empty numba cache) {cold:.2f} s, next run {warm:.2f} s\n")

    print(
        "| board | blocked | matchgame (s) | SciPy pipeline (s) | SciPy / matchgame |"
        " NetworkX (s) | NetworkX / matchgame |"
    )
    print("|---|---|---|---|---|---|---|")
    for size in sizes:
        for percent in percents:
            path = workdir / f"board-{size}-{percent}.txt"
            path.write_bytes(random_board_text(size, percent))
            ours, expected = median_time([*MATCHGAME, str(path)], args.repeats, 600)
            scipy_repeats = args.repeats if size <= 1000 else 3
            theirs, answer = median_time(
                [*PEER, "scipy", str(path)], scipy_repeats, args.scipy_timeout
            )
            if answer is not None and answer != expected:
                raise SystemExit(f"SciPy disagrees with matchgame on {path}")
            nx_time = None
            if size <= 500:
                nx_time, nx_answer = median_time([*PEER, "networkx", str(path)], 3, 600)
                if nx_answer != expected:
                    raise SystemExit(f"NetworkX disagrees with matchgame on {path}")
            ratio = "-" if theirs is None else f"{theirs / ours:.1f}x"
            if theirs is None:
                ratio = f"> {args.scipy_timeout / ours:.0f}x"
            nx_cell = "-" if nx_time is None else f"{nx_time:.2f}"
            nx_ratio = "-" if nx_time is None else f"{nx_time / ours:.1f}x"
            print(
                f"| {size}x{size} | {percent}% | {ours:.2f} | {fmt(theirs, args.scipy_timeout)} |"
                f" {ratio} | {nx_cell} | {nx_ratio} |",
                flush=True,
            )

    if args.memory:
        print()
        for percent in (20, 5):
            path = workdir / f"board-4000-{percent}.txt"
            path.write_bytes(random_board_text(4000, percent))
            seconds, _ = timed_run([*MATCHGAME, str(path)], 600)
            peak = peak_rss_mib([*MATCHGAME, str(path)])
            print(f"4000x4000 {percent}%: {seconds:.2f} s, peak RSS {peak:.0f} MiB", flush=True)


if __name__ == "__main__":
    main()
