"""Peer pipelines for the placement game, printing the JSOI2009 answer.

    python benchmarks/peers.py scipy|networkx BOARD_FILE
    python benchmarks/peers.py build   # compile the C++ anchors, print where they are

scipy: ``scipy.sparse.csgraph.maximum_bipartite_matching`` (Hopcroft-Karp in C)
then the alternating BFS as a vectorised reachability query
(``breadth_first_order`` from a virtual source). networkx:
``bipartite.hopcroft_karp_matching`` then the same BFS in Python.

The C++ anchors (benchmarks/anchors/) are separate programs, built here by
:func:`build_anchor`: ``lemon_matching`` (LEMON's MaxMatching, any graph) and
``greedy_bfs`` (greedy matching plus one BFS per exposed vertex, bipartite only);
for the edge game ``m4ri_edge`` (dense GF(2) kernels with M4RI, bipartite only).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import deque
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ANCHOR_SOURCES = HERE / "anchors"
ANCHOR_BIN = HERE / "results" / "bin"
# LEMON's MaxMatching is all templates; LEMON_ONLY_TEMPLATES defines lemon::INVALID
# in the program, so nothing is linked from liblemon.
ANCHOR_FLAGS = {
    "lemon_matching": ["-DLEMON_ONLY_TEMPLATES"],
    "greedy_bfs": [],
    "boost_matching": [],  # BGL's matching is header-only too
    "m4ri_edge": [],
}
# libraries to link, after the source (the edge game's anchor links M4RI)
ANCHOR_LIBS = {"m4ri_edge": ["-lm4ri"]}


def build_anchor(name: str, bin_dir: Path = ANCHOR_BIN) -> tuple[Path | None, str]:
    """Compile ``anchors/NAME.cpp`` with ``g++ -O2 -std=c++17`` (or ``$CXX``).

    Rebuilds only when the binary is missing or older than a source. Returns
    ``(binary, "")``, or ``(None, why)`` when there is no compiler or the compile
    fails (for LEMON, typically its headers missing: ``apt-get install liblemon-dev``;
    for the edge game's ``m4ri_edge``, ``libm4ri-dev``).
    """
    source = ANCHOR_SOURCES / f"{name}.cpp"
    binary = bin_dir / name
    newest = max(path.stat().st_mtime for path in (source, ANCHOR_SOURCES / "anchor_io.hpp"))
    if binary.exists() and binary.stat().st_mtime >= newest:
        return binary, ""
    compiler = shutil.which(os.environ.get("CXX", "g++"))
    if compiler is None:
        return None, f"{name}: no C++ compiler (g++ or $CXX) on PATH"
    try:
        bin_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return None, f"{name}: cannot create {bin_dir}: {exc}"
    partial = bin_dir / f".{name}.{os.getpid()}"  # renamed into place: builds may race
    proc = subprocess.run(
        [
            compiler,
            "-O2",
            "-std=c++17",
            *ANCHOR_FLAGS[name],
            "-o",
            str(partial),
            str(source),
            *ANCHOR_LIBS.get(name, []),
        ],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        partial.unlink(missing_ok=True)
        first = next((line for line in proc.stderr.splitlines() if "error" in line), proc.stderr)
        return None, f"{name}: compile failed: {first.strip()[:300]}"
    partial.replace(binary)
    return binary, ""


def read_board(path: str) -> np.ndarray:
    with open(path, "rb") as handle:
        header, _, body = handle.read().partition(b"\n")
    n_rows, n_cols = map(int, header.split())
    rows = body.split(b"\n")[:n_rows]
    return np.frombuffer(b"".join(r.rstrip() for r in rows), np.uint8).reshape(
        n_rows, n_cols
    ) == ord(".")


def grid_edges(free: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cell ids of the free cells and their edges (even-parity cell first)."""
    n_cols = free.shape[1]
    ids = np.arange(free.size).reshape(free.shape)
    pairs = []
    for a, b in (
        (free[:, :-1] & free[:, 1:], (ids[:, :-1], ids[:, 1:])),
        (free[:-1, :] & free[1:, :], (ids[:-1, :], ids[1:, :])),
    ):
        pairs.append(np.stack([b[0][a], b[1][a]], axis=1))
    edges = np.concatenate(pairs)
    parity = (edges[:, 0] // n_cols + edges[:, 0] % n_cols) % 2
    edges[parity == 1] = edges[parity == 1][:, ::-1]
    return ids[free], edges[:, 0], edges[:, 1]


def answer(free: np.ndarray, winning: np.ndarray) -> str:
    cells = np.flatnonzero(winning.reshape(-1))
    if cells.size == 0:
        return "LOSE\n"
    rows, cols = np.divmod(cells, free.shape[1])
    return "WIN\n" + "".join(f"{r + 1} {c + 1}\n" for r, c in zip(rows, cols, strict=True))


def scipy_pipeline(free: np.ndarray) -> np.ndarray:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order, maximum_bipartite_matching

    n_cells = free.size
    _, left, right = grid_edges(free)
    ones = np.ones(left.size, dtype=np.int8)
    biadjacency = csr_matrix((ones, (left, right)), shape=(n_cells, n_cells))
    match_of_left = maximum_bipartite_matching(biadjacency, perm_type="column")  # -1 = exposed
    match_of_right = np.full(n_cells, -1)
    has = match_of_left >= 0
    match_of_right[match_of_left[has]] = np.flatnonzero(has)
    parity = (np.arange(n_cells) // free.shape[1] + np.arange(n_cells) % free.shape[1]) % 2
    flat_free = free.reshape(-1)
    winning = np.zeros(n_cells, dtype=bool)
    for side_edges, mate_of_other, side in (
        ((left, right), match_of_right, 0),
        ((right, left), match_of_left, 1),
    ):
        src, dst = side_edges
        nxt = mate_of_other[dst]
        keep = nxt >= 0
        own_mate = match_of_left if side == 0 else match_of_right
        exposed = np.flatnonzero(flat_free & (parity == side) & (own_mate < 0))
        source = n_cells
        rows = np.concatenate([src[keep], np.full(exposed.size, source)])
        cols = np.concatenate([nxt[keep], exposed])
        graph = csr_matrix(
            (np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n_cells + 1, n_cells + 1)
        )
        reached = breadth_first_order(graph, source, directed=True, return_predecessors=False)
        winning[reached[reached < n_cells]] = True
    return winning.reshape(free.shape)


def networkx_pipeline(free: np.ndarray) -> np.ndarray:
    import networkx as nx

    _, left, right = grid_edges(free)
    graph = nx.Graph()
    cells = np.flatnonzero(free.reshape(-1)).tolist()
    graph.add_nodes_from(cells)
    graph.add_edges_from(zip(left.tolist(), right.tolist(), strict=True))
    n_cols = free.shape[1]
    top = [c for c in cells if (c // n_cols + c % n_cols) % 2 == 0]
    mate = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)
    winning = np.zeros(free.size, dtype=bool)
    queue = deque(c for c in cells if c not in mate)
    for c in queue:
        winning[c] = True
    while queue:
        x = queue.popleft()
        for y in graph[x]:
            w = mate.get(y)
            if w is not None and not winning[w]:
                winning[w] = True
                queue.append(w)
    return winning.reshape(free.shape)


def noi_mistakes(path: str) -> str:
    """NOI2011 mistakes by recomputing a maximum matching for every position.

    Uses matchgame's parser and reduction only to read the record; the verdicts
    come from NetworkX: the mover at v wins iff removing v shrinks the matching.
    """
    import networkx as nx

    from matchgame import GameRecord

    record = GameRecord.parse(Path(path).read_bytes())
    arena = record.board.arena
    cells = [record.board.empty, *map(tuple, record.moves.tolist())]
    path_vertices = [arena.vertex(cell) for cell in cells]
    graph = nx.Graph()
    graph.add_nodes_from(range(arena.graph.n_vertices))
    graph.add_edges_from(arena.graph.edges.tolist())
    top = [v for v in graph if arena.graph.side[v] == 0]

    def size(g: nx.Graph) -> int:
        return len(nx.bipartite.hopcroft_karp_matching(g, [v for v in top if v in g])) // 2

    wins = []
    for v in path_vertices:
        whole = size(graph)
        graph.remove_node(v)
        wins.append(size(graph) < whole)
    mistakes = [i // 2 + 1 for i in range(0, len(cells) - 1, 2) if wins[i] and wins[i + 1]]
    return "".join(f"{x}\n" for x in [len(mistakes), *mistakes])


def networkx_general_matching_size(path: str) -> str:
    """Maximum matching size of an edge-list graph by NetworkX's blossom code."""
    import networkx as nx

    lines = Path(path).read_text().split("\n")
    n, m = map(int, lines[0].split())
    graph = nx.Graph()
    graph.add_nodes_from(range(1, n + 1))
    graph.add_edges_from(tuple(map(int, line.split())) for line in lines[1 : 1 + m])
    graph.remove_edges_from(nx.selfloop_edges(graph))
    return f"{len(nx.max_weight_matching(graph, maxcardinality=True))}\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["build"]:
        for anchor in ANCHOR_FLAGS:
            built, why_not = build_anchor(anchor)
            print(built or f"skipped: {why_not}")
        sys.exit()
    engine, path = sys.argv[1], sys.argv[2]
    if engine == "networkx-general":
        sys.stdout.write(networkx_general_matching_size(path))
        sys.exit()
    if engine == "noi":
        sys.stdout.write(noi_mistakes(path))
        sys.exit()
    board = read_board(path)
    pipeline = {"scipy": scipy_pipeline, "networkx": networkx_pipeline}[engine]
    sys.stdout.write(answer(board, pipeline(board)))
