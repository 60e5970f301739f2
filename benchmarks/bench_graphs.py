"""End-to-end timings of ``matchgame placements --edges`` on random graphs.

    python benchmarks/bench_graphs.py [--repeats 5] [--peer-timeout 120]

Random graphs with n vertices and 3n random edges (average degree about 6, odd
cycles everywhere, so the blossom engine runs), written as edge lists. Peer:
NetworkX ``max_weight_matching(maxcardinality=True)``, the matching only (no
decomposition), where it finishes; matching sizes are compared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
MATCHGAME = [sys.executable, "-m", "matchgame", "placements", "--edges", "--format", "json"]
PEER = [sys.executable, str(HERE / "peers.py"), "networkx-general"]


def edge_list_text(n: int, seed: int = 1) -> bytes:
    edges = np.random.default_rng(seed).integers(1, n + 1, size=(3 * n, 2))
    body = "\n".join(f"{u} {v}" for u, v in edges.tolist())
    return f"{n} {3 * n}\n{body}\n".encode()


def timed(command: list[str], timeout: float) -> tuple[float | None, bytes | None]:
    start = time.perf_counter()
    try:
        out = subprocess.run(command, capture_output=True, check=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, None
    return time.perf_counter() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--peer-timeout", type=float, default=120)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="matchgame-graphs-"))
    warm = workdir / "warm.txt"
    warm.write_bytes(edge_list_text(100))
    timed([*MATCHGAME, str(warm)], 600)  # load the numba cache once before timing
    print(
        "| n | edges | matchgame (s) | engine | NetworkX matching only (s) | NetworkX / matchgame |"
    )
    print("|---|---|---|---|---|---|")
    for n in (10**3, 10**4, 10**5, 10**6):
        path = workdir / f"graph-{n}.txt"
        path.write_bytes(edge_list_text(n))
        runs = [timed([*MATCHGAME, str(path)], 600) for _ in range(args.repeats)]
        ours = statistics.median(t for t, _ in runs)
        document = json.loads(runs[-1][1])
        peer_cell, ratio = "-", "-"
        if n <= 10**4:
            theirs, out = timed([*PEER, str(path)], args.peer_timeout)
            if theirs is None:
                peer_cell, ratio = (
                    f"> {args.peer_timeout:.0f}",
                    f"> {args.peer_timeout / ours:.0f}x",
                )
            else:
                if int(out) != document["matching_size"]:
                    raise SystemExit(f"NetworkX disagrees on n={n}")
                peer_cell, ratio = f"{theirs:.2f}", f"{theirs / ours:.1f}x"
        print(
            f"| {n:,} | {3 * n:,} | {ours:.2f} | {document['engine']} | {peer_cell} | {ratio} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
