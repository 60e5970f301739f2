"""In-process phases of ``matchgame placements --edges`` on random general graphs.

    python benchmarks/bench_general_kernel.py [--sizes 100000 1000000] [--repeats 5]

Each phase of the CLI's path is timed on its own, median of ``--repeats`` runs
(the graph file is generated once per size into a temporary folder, vertices n,
edges 3n, benchmarks/generate.py): reading the bytes, parsing the edge list and
building the CSR, the bipartiteness test (a BFS 2-colouring, which fails), the
Karp-Sipser start, Edmonds' searches and the Gallai-Edmonds labelling (the
blossom module's two passes, ``old:``, and the edmonds module's one pass that
decompose() runs), and writing the JSOI answer. Start-up (interpreter and
imports) is not included: time the whole process from outside for that
(bench_graphs.py).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
from generate import random_graph_text

from matchgame._kernels import bipartite, blossom, edmonds
from matchgame.core.graph import INDEX_DTYPE
from matchgame.games.vertex.analysis import analyse
from matchgame.readers.edgelists import parse_edge_list
from matchgame.writers.placements import placements_chunks


def phases(path: Path) -> dict[str, float]:
    times: dict[str, float] = {}
    clock = time.perf_counter

    start = clock()
    data = path.read_bytes()
    times["read file"] = clock() - start

    start = clock()
    graph = parse_edge_list(data)
    times["parse + CSR"] = clock() - start

    start = clock()
    bipartite_graph = graph.is_bipartite
    times["2-colouring"] = clock() - start
    assert not bipartite_graph

    mate = np.full(graph.n_vertices, -1, dtype=INDEX_DTYPE)
    start = clock()
    bipartite.greedy_karp_sipser(graph.offsets, graph.indices, mate)
    times["Karp-Sipser"] = clock() - start

    greedy = mate.copy()
    start = clock()
    blossom.edmonds_matching(graph.offsets, graph.indices, mate)
    times["old: Edmonds"] = clock() - start

    start = clock()
    labels = blossom.gallai_edmonds_labels(graph.offsets, graph.indices, mate)
    times["old: labelling"] = clock() - start
    assert labels.shape[0] == graph.n_vertices

    start = clock()
    new_labels = edmonds.maximum_matching_labels(graph.offsets, graph.indices, greedy)
    times["Edmonds + labels"] = clock() - start
    assert (new_labels == labels).all() and (greedy >= 0).sum() == (mate >= 0).sum()

    analysis = analyse(graph)  # the same work again, through the public path
    start = clock()
    size = sum(len(chunk) for chunk in placements_chunks(analysis, "jsoi", None))
    times["answer text"] = clock() - start
    assert size > 0

    start = clock()
    analyse(parse_edge_list(path.read_bytes()))
    times["whole (analyse)"] = clock() - start
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**5, 10**6])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for n in args.sizes:
            path = Path(folder) / f"general-{n}.txt"
            path.write_bytes(random_graph_text(n))
            runs = [phases(path) for _ in range(args.repeats)]
            print(f"n = {n:,}, m = {3 * n:,} (median of {args.repeats}, ms)")
            for name in runs[0]:
                median = statistics.median(run[name] for run in runs)
                print(f"  {name:16s} {1000 * median:9.1f}")


if __name__ == "__main__":
    main()
