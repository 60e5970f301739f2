"""hypothesis strategies for boards and graphs (directed multigraphs too)."""

from __future__ import annotations

from hypothesis import strategies as st

MAX_FREE = 16


@st.composite
def board_rows(draw: st.DrawFn, max_side: int = 6, max_free: int = MAX_FREE) -> list[str]:
    """Boards up to ``max_side`` on a side with at most ``max_free`` free cells.

    Includes one-cell, single-row, single-column and fully blocked boards; free
    cells beyond ``max_free`` (row-major) are blocked to bound the oracle's work.
    """
    n_rows = draw(st.integers(1, max_side))
    n_cols = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.0, 0.5, 0.7, 0.85, 1.0]))
    cells = draw(
        st.lists(
            st.floats(0, 1, exclude_max=True), min_size=n_rows * n_cols, max_size=n_rows * n_cols
        )
    )
    free = [x < density for x in cells]
    seen = 0
    for i, is_free in enumerate(free):
        if is_free:
            seen += 1
            if seen > max_free:
                free[i] = False
    return [
        "".join("." if free[r * n_cols + c] else "#" for c in range(n_cols)) for r in range(n_rows)
    ]


@st.composite
def bipartite_edge_lists(
    draw: st.DrawFn, max_vertices: int = 14
) -> tuple[int, list[tuple[int, int]]]:
    """Random bipartite graphs (sides interleaved at random), isolated vertices included."""
    n = draw(st.integers(0, max_vertices))
    side = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n) if side[u] != side[v]]
    if not pairs:
        return n, []
    edges = draw(st.lists(st.sampled_from(pairs), max_size=3 * n))
    return n, edges


def _cycle(vertices: list[int]) -> list[tuple[int, int]]:
    return [(vertices[i], vertices[(i + 1) % len(vertices)]) for i in range(len(vertices))]


@st.composite
def general_edge_lists(
    draw: st.DrawFn, max_vertices: int = 14
) -> tuple[int, list[tuple[int, int]]]:
    """Random graphs rich in odd cycles: random edges plus planted triangles and
    pentagons (which nest and share vertices), isolated vertices and loops included."""
    n = draw(st.integers(0, max_vertices))
    if n == 0:
        return 0, []
    vertex = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(vertex, vertex), max_size=2 * n))
    for length in draw(st.lists(st.sampled_from([3, 5, 7]), max_size=3)):
        if length <= n:
            cycle = draw(st.permutations(range(n)))[:length]
            edges += _cycle(list(cycle))
    return n, edges


@st.composite
def multidigraphs(
    draw: st.DrawFn, max_vertices: int = 6, max_arcs: int = 10
) -> tuple[int, list[tuple[int, int]]]:
    """``(n, arcs)`` of a directed multigraph: random arcs, then some of them repeated
    (parallel arcs) and some reversed (2-cycles), self-loops among them."""
    n = draw(st.integers(1, max_vertices))
    vertex = st.integers(0, n - 1)
    arcs = draw(st.lists(st.tuples(vertex, vertex), max_size=max_arcs // 2))
    for u, v in list(arcs):
        kind = draw(st.sampled_from(["none", "none", "parallel", "reverse"]))
        if kind == "parallel":
            arcs.append((u, v))
        elif kind == "reverse":
            arcs.append((v, u))
    arcs = draw(st.permutations(arcs)) if arcs else arcs
    return n, [(int(u), int(v)) for u, v in arcs[:max_arcs]]
