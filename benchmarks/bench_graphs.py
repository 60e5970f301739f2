"""End-to-end timings of ``matchgame placements --edges`` on random graphs.

    python benchmarks/bench_graphs.py [--repeats 5] [--peer-timeout 120]
        [--anchor-timeout 300] [--quick] [--lemon-variants]

Random graphs with n vertices and 3n random edges (average degree about 6),
written as edge lists (benchmarks/generate.py). General graphs have odd cycles
everywhere, so matchgame's blossom engine runs; bipartite ones join 1..n/2 to
n/2+1..n. Every program is a fresh process reading the file and printing the JSOI
answer (``WIN`` and the winning vertices, or ``LOSE``); commands on one graph run
alternately and answers are compared with matchgame's byte for byte. matchgame's
engine and matching size come from one extra, untimed ``--format json`` run.

Others: LEMON's MaxMatching (C++ anchor, benchmarks/anchors/; with LEMON's
greedy start on general graphs and its empty start on bipartite ones, the faster
of its own starts on each, see --lemon-variants), the same with a Karp-Sipser
start written in the anchor (the start matchgame uses), the greedy + BFS C++
anchor on bipartite graphs, the Boost Graph Library's Edmonds matching with its
extra-greedy start on general graphs (C++ anchor; the Gallai-Edmonds labels its
last search leaves, as BGL's own verifier reads them; Debian's libboost-graph-dev),
and NetworkX ``max_weight_matching (maxcardinality=True)``, the matching only
(sizes compared), up to n = 10^4.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from generate import random_graph_text
from peers import build_anchor
from timing import alternate, matching_size, ratio_cell, seconds_cell

HERE = Path(__file__).resolve().parent
MATCHGAME = [sys.executable, "-m", "matchgame", "placements", "--edges"]
PEER = [sys.executable, str(HERE / "peers.py"), "networkx-general"]
LEMON_START = {"general": ["--init=greedy", "--start=sparse"], "bipartite": []}
VARIANTS = {
    "greedy + sparse": ["--init=greedy", "--start=sparse"],
    "greedy + dense": ["--init=greedy", "--start=dense"],
    "empty + sparse": ["--init=empty", "--start=sparse"],
    "empty + dense": ["--init=empty", "--start=dense"],
    "karp-sipser + sparse": ["--init=karp-sipser"],
}


def graph_file(workdir: Path, n: int, kind: str) -> Path:
    path = workdir / f"{kind}-{n}.txt"
    if not path.exists():
        path.write_bytes(random_graph_text(n, bipartite=kind == "bipartite"))
    return path


def table(args, workdir: Path, kind: str, sizes: list[int], anchors: dict[str, Path]) -> None:
    lemon, greedy = anchors.get("lemon_matching"), anchors.get("greedy_bfs")
    boost = anchors.get("boost_matching")
    columns = ["LEMON", "LEMON + Karp-Sipser"]
    if kind == "bipartite":
        columns.append("greedy+BFS")
    else:
        columns += ["Boost", "NetworkX matching only"]
    print(f"{kind} graphs:\n")
    print(
        "| n | edges | engine | matchgame (s) | "
        + " | ".join(f"{name} (s) | {name} / matchgame" for name in columns)
        + " |"
    )
    print("|---|---|---|---|" + "---|---|" * len(columns))
    timeout = args.anchor_timeout
    for n in sizes:
        path = graph_file(workdir, n, kind)
        document = json.loads(
            subprocess.run(
                [*MATCHGAME, "--format", "json", str(path)], capture_output=True, check=True
            ).stdout
        )
        commands = {"matchgame": [*MATCHGAME, str(path)]}
        if lemon:
            commands["LEMON"] = [str(lemon), *LEMON_START[kind], "--edges", str(path)]
            commands["LEMON + Karp-Sipser"] = [
                str(lemon),
                "--init=karp-sipser",
                "--edges",
                str(path),
            ]
        if boost and kind == "general":
            commands["Boost"] = [str(boost), "--edges", str(path)]
        if greedy and kind == "bipartite":
            commands["greedy+BFS"] = [str(greedy), "--edges", str(path)]
        if kind == "general" and n <= 10**4:
            commands["NetworkX matching only"] = [*PEER, str(path)]
        timeouts = {**dict.fromkeys(commands, timeout), "matchgame": 600}
        timeouts["NetworkX matching only"] = args.peer_timeout
        results = alternate(commands, args.repeats, timeouts, {"NetworkX matching only": 1})
        expected = results["matchgame"].stdout
        for name, result in results.items():
            if result.stdout is None:
                continue
            if name.startswith("NetworkX"):
                size = int(result.stdout)
            elif result.stdout != expected:
                raise SystemExit(f"{name} disagrees with matchgame on {kind} n={n}")
            elif name == "matchgame":
                continue
            else:
                size = matching_size(result.stderr)
            if size != document["matching_size"]:
                raise SystemExit(f"{name}: matching size {size} on {kind} n={n}")
        ours = results["matchgame"].median
        cells = []
        for name in columns:
            limit = timeouts.get(name, timeout)
            cells += [
                seconds_cell(results.get(name), limit),
                ratio_cell(results.get(name), ours, limit),
            ]
        print(
            f"| {n:,} | {3 * n:,} | {document['engine']} | {ours:.2f} | "
            + " | ".join(cells)
            + " |",
            flush=True,
        )
    print()


def variants_table(args, workdir: Path, lemon: Path, sizes: list[int]) -> None:
    print("LEMON's starts (--init, --start of benchmarks/anchors/lemon_matching.cpp):\n")
    print("| graph | n | " + " | ".join(f"{name} (s)" for name in VARIANTS) + " |")
    print("|---|---|" + "---|" * len(VARIANTS))
    for kind in ("general", "bipartite"):
        for n in sizes:
            path = graph_file(workdir, n, kind)
            commands = {
                name: [str(lemon), *options, "--edges", str(path)]
                for name, options in VARIANTS.items()
            }
            results = alternate(commands, args.repeats, args.anchor_timeout)
            if len({r.stdout for r in results.values() if r.stdout is not None}) > 1:
                raise SystemExit(f"LEMON's starts disagree on {kind} n={n}")
            cells = " | ".join(seconds_cell(r, args.anchor_timeout) for r in results.values())
            print(f"| {kind} | {n:,} | {cells} |", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--peer-timeout", type=float, default=120)
    parser.add_argument("--anchor-timeout", type=float, default=300)
    parser.add_argument("--quick", action="store_true", help="small graphs only")
    parser.add_argument(
        "--lemon-variants", action="store_true", help="only time LEMON's starts (n = 10^5, 10^6)"
    )
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="matchgame-graphs-"))
    warm = graph_file(workdir, 100, "general")
    subprocess.run([*MATCHGAME, str(warm)], capture_output=True, check=True)  # warm the OS caches
    anchors = {}
    for name in ("lemon_matching", "greedy_bfs", "boost_matching"):
        binary, why_not = build_anchor(name)
        if binary is None:
            print(f"note: anchor skipped: {why_not}")
        else:
            anchors[name] = binary
    if args.lemon_variants:
        if "lemon_matching" in anchors:
            sizes = [10**3, 10**4] if args.quick else [10**5, 10**6]
            variants_table(args, workdir, anchors["lemon_matching"], sizes)
        return
    general = [10**3, 10**4] if args.quick else [10**3, 10**4, 10**5, 10**6]
    table(args, workdir, "general", general, anchors)
    table(args, workdir, "bipartite", [10**3, 10**4] if args.quick else [10**5, 10**6], anchors)


if __name__ == "__main__":
    main()
