"""hypothesis strategies and an independent proof checker for the edge game's tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

from hypothesis import strategies as st
from oracle_edge import board_edges

MAX_EDGES = 13  # the oracle's positions grow as 2 ** edges


@st.composite
def small_boards(draw: st.DrawFn, moves: str) -> list[str]:
    """Boards whose graph under ``moves`` has at most MAX_EDGES edges."""
    n_rows = draw(st.integers(1, 4))
    n_cols = draw(st.integers(1, 4))
    cells = draw(st.lists(st.booleans(), min_size=n_rows * n_cols, max_size=n_rows * n_cols))
    rows = [
        "".join("." if cells[r * n_cols + c] else "#" for c in range(n_cols)) for r in range(n_rows)
    ]
    while len(board_edges(rows, moves)) > MAX_EDGES:  # block free cells from the end
        flat = list("".join(rows))
        flat[max(i for i, ch in enumerate(flat) if ch == ".")] = "#"
        rows = ["".join(flat[r * n_cols : (r + 1) * n_cols]) for r in range(n_rows)]
    return rows


@st.composite
def multigraphs(
    draw: st.DrawFn, bipartite: bool, loops: bool = True, max_vertices: int = 7
) -> tuple[int, list[tuple[int, int]]]:
    """Random multigraphs with repeats (and, unless bipartite, self-loops and odd
    cycles), isolated vertices included, at most MAX_EDGES edges."""
    n = draw(st.integers(1, max_vertices))
    if bipartite:
        side = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n) if side[u] != side[v]]
    else:
        pairs = [(u, v) for u in range(n) for v in range(u, n) if loops or u != v]
    if not pairs:
        return n, []
    edges = draw(st.lists(st.sampled_from(pairs), max_size=MAX_EDGES))
    order = draw(st.permutations(range(len(edges))))
    return n, [edges[i] if i % 2 else edges[i][::-1] for i in order]


def proof_problem(
    n: int,
    edges: Iterable[tuple[int, int]],
    vertex: int,
    mover_wins: bool,
    parity_set: Sequence[int],
    move: int | None,
) -> str | None:
    """What is wrong with a proof of the verdict at ``vertex`` (None if it proves it),
    read from the rules alone: counts of edges into the set, with multiplicity."""
    counts = Counter((min(u, v), max(u, v)) for u, v in edges)
    inside = set(parity_set)
    if len(inside) != len(parity_set):
        return "the set repeats a vertex"
    if (vertex in inside) == mover_wins:
        return "the vertex is on the wrong side of the set"
    into = [0] * n
    for (u, v), k in counts.items():
        if u in inside and v in inside:
            if k % 2:
                return f"an odd number of edges inside the set ({u}-{v})"
            continue
        if u in inside:
            into[v] += k
        elif v in inside:
            into[u] += k
    for w in range(n):
        if w in inside:
            continue
        odd = into[w] % 2 == 1
        if odd != (mover_wins and w == vertex):
            return f"vertex {w} has {into[w]} edges into the set"
    if mover_wins:
        if move is None or move not in inside:
            return "the move does not go into the set"
        if counts[(min(vertex, move), max(vertex, move))] == 0:
            return "the move is not along an edge"
    return None


def ids(names: Sequence[Hashable], cells: Sequence[tuple[int, int]] | None) -> list[int]:
    """Vertex ids of names (cells on a board, ids otherwise)."""
    if cells is None:
        return [int(v) for v in names]  # type: ignore[call-overload]
    index = {cell: i for i, cell in enumerate(cells)}
    return [index[c] for c in names]  # type: ignore[index]
