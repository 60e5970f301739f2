"""``matchgame serve`` under load: cheap requests while big analyses run.

    python benchmarks/bench_serve.py [--size 4000] [--heavy 4] [--rounds 3]

Starts ``matchgame serve`` in its own process (as a user would), posts ``--heavy``
analyses of a ``--size`` x ``--size`` board (20% blocked) at once from other
processes (as other users' browsers would), and while they run times cheap
requests one after another, in turn: the page (``GET /``), an example
(``GET /api/examples/heart``) and the analysis of a 30x30 board
(``POST /api/placements``). Prints, per kind of cheap request, the median and the
largest latency over all rounds, and the heavy analyses' own times; the target is
every cheap request within 0.2 s.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from web_helpers import post

from matchgame.generate import random_board


def start_server() -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "serve", "--port", "0", "--max-body", str(64 << 20)],
        stderr=subprocess.PIPE,
        text=True,
    )
    line = server.stderr.readline()
    found = re.search(r"(http://\S+?)/", line)
    if not found:
        server.kill()
        raise RuntimeError(f"matchgame serve said: {line!r}")
    url = found.group(1)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/start", timeout=5).read()
            return server, url
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                raise
            time.sleep(0.05)


def cheap_requests(url: str, small: bytes) -> dict[str, float]:
    times = {}
    for name, path in (("page", "/"), ("example", "/api/examples/heart")):
        start = time.perf_counter()
        urllib.request.urlopen(f"{url}{path}", timeout=60).read()
        times[name] = time.perf_counter() - start
    start = time.perf_counter()
    status, _ = post(f"{url}/api/placements", small)
    times["30x30 board"] = time.perf_counter() - start
    if status != 200:
        raise RuntimeError(f"the 30x30 board was answered {status}")
    return times


def analysis(url: str, board: bytes) -> tuple[int, float]:
    """Post one heavy analysis; its status and seconds."""
    start = time.perf_counter()
    status, _ = post(f"{url}/api/placements", board, timeout=600)
    return status, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4000)
    parser.add_argument("--heavy", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    big = random_board(args.size, args.size, 0.2, seed=5).to_text().encode()
    small = random_board(30, 30, 0.2, seed=3).to_text().encode()
    server, url = start_server()
    latencies: dict[str, list[float]] = {}
    heavy_seconds: list[float] = []
    statuses: list[int] = []
    try:
        for _ in range(args.rounds):
            # the heavy clients are another process, as a second user's browser would be:
            # their reading of 190 MB answers must not hold this process's interpreter
            with ProcessPoolExecutor(max_workers=args.heavy) as clients:
                futures = [clients.submit(analysis, url, big) for _ in range(args.heavy)]
                time.sleep(0.3)
                while not all(future.done() for future in futures):
                    for name, seconds in cheap_requests(url, small).items():
                        latencies.setdefault(name, []).append(seconds)
                for future in futures:
                    status, seconds = future.result()
                    statuses.append(status)
                    heavy_seconds.append(seconds)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{args.heavy} analyses of {args.size}x{args.size} at once, {args.rounds} rounds")
    middle = statistics.median(heavy_seconds)
    print(f"heavy: statuses {sorted(set(statuses))}, median {middle:.2f} s")
    for name, values in latencies.items():
        median_ms, max_ms = statistics.median(values) * 1000, max(values) * 1000
        print(f"{name:>12}: {len(values)} requests, median {median_ms:.1f} ms, max {max_ms:.1f} ms")


if __name__ == "__main__":
    main()
