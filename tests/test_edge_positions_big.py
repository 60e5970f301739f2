"""Edge game positions on boards and graphs too big for the oracle, against a
from-scratch analysis of the graph that is left after every move of random walks
(mistakes included), and the proofs the engine keeps, checked by counting edges."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from budget import examples
from edge_strategies import multigraphs
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_edge import EdgeOracle
from test_edge_positions import check_walk

from matchgame import EdgePosition, MultiGraph, analyse
from matchgame.games.edge import engines
from matchgame.games.edge.engines import Algebra


@contextmanager
def engine(name: str) -> Iterator[None]:
    """Positions made inside use the pattern engine ("algebra") or the dense
    transforms ("dense") on every bipartite component, whatever its size."""
    before = engines.DENSE_BYTES
    engines.DENSE_BYTES = 0 if name == "algebra" else 1 << 62
    try:
        yield
    finally:
        engines.DENSE_BYTES = before


def random_rows(size: int, blocked: float, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    free = rng.random((size, size)) >= blocked
    return ["".join("." if f else "#" for f in row) for row in free]


def remaining(position) -> MultiGraph:
    """The multigraph of the edges not used yet (vertex ids), from scratch."""
    graph = position.multigraph
    ids = graph.names
    left = Counter(
        {tuple(p): int(m) for p, m in zip(graph.pairs.tolist(), graph.multiplicity, strict=True)}
    )
    for u, v in position.used:
        left[tuple(sorted((ids.vertex(u, "u"), ids.vertex(v, "v"))))] -= 1
    edges = [pair for pair, m in left.items() for _ in range(m)]
    return MultiGraph(graph.n_vertices, np.array(edges, dtype=np.int64).reshape(-1, 2))


def check_proof(position) -> None:
    """The engine's set proves its verdict: counted edge by edge on what is left."""
    engine = position._component_engine
    if not isinstance(engine, Algebra):
        return
    token = position.token_id
    wins, members = engine.proof(token)
    graph = remaining(position)
    odd = graph.pairs[(graph.multiplicity & 1) == 1]
    inside = np.zeros(graph.n_vertices, dtype=bool)
    inside[members] = True
    count = np.zeros(graph.n_vertices, dtype=np.int64)
    for u, v in odd.tolist():
        count[u] += inside[v]
        count[v] += inside[u]
    side = engine.side
    if wins:  # T on the other side; the token's side: odd at the token, even elsewhere
        assert not inside[token] and (side[members] != side[token]).all()
        mine = np.flatnonzero(side == side[token])
        expected = (mine == token).astype(np.int64)
        assert ((count[mine] & 1) == expected).all()
    else:  # S on the token's side, holding it; every vertex of the other side even
        assert inside[token] and (side[members] == side[token]).all()
        assert (count[side != side[token]] & 1 == 0).all()


def walk_and_compare(position, rng, steps: int, every_hint: int) -> None:
    stack = []
    for step in range(steps):
        legal = position.legal_moves()
        token = position.token_id
        truth = analyse(remaining(position), game="edge")
        assert position.mover_wins() == (not truth.winning_mask[token])
        check_proof(position)
        if step % every_hint == 0:
            winners = position.winning_moves()
            assert winners == [m for m in legal if _loses_after(position, m)]
            assert position.winning_reply() == (winners[0] if winners else None)
        if not legal:
            break
        wins = position.mover_wins()
        choice = rng.random()
        if wins and choice < 0.3:
            move = position.winning_reply()
        elif wins and choice < 0.7:  # a mistake when there is one
            winners = set(position.winning_moves())
            mistakes = [m for m in legal if m not in winners]
            move = mistakes[int(rng.integers(len(mistakes)))] if mistakes else legal[0]
        else:
            move = legal[int(rng.integers(len(legal)))]
        stack.append((position.mover_wins(), position.token))
        position.push(move)
    while stack:  # taking back restores every verdict
        verdict, token = stack.pop()
        position.pop()
        assert position.token == token and position.mover_wins() == verdict


def _loses_after(position, move) -> bool:
    position.push(move)
    try:
        truth = analyse(remaining(position), game="edge")
        return bool(truth.winning_mask[position.token_id])
    finally:
        position.pop()


@pytest.mark.parametrize("name", ["algebra", "dense"])
@pytest.mark.parametrize("size, seed", [(30, 1), (45, 2), (60, 3)])
def test_random_walks_on_boards_agree_with_analyses_from_scratch(name, size, seed):
    rows = random_rows(size, 0.2, seed)
    rng = np.random.default_rng(seed)
    cells = [(r, c) for r in range(size) for c in range(size) if rows[r][c] == "."]
    with engine(name):
        position = EdgePosition(rows, token=cells[len(cells) // 2])
    walk_and_compare(position, rng, 60, every_hint=7)


def test_random_walks_on_a_bipartite_multigraph():
    rng = np.random.default_rng(7)
    n = 400
    edges = np.stack([rng.integers(0, n // 2, 1200), rng.integers(n // 2, n, 1200)], axis=1)
    edges = np.concatenate([edges, edges[:150]])  # parallel copies
    with engine("algebra"):
        position = EdgePosition(MultiGraph(n, edges), token=int(edges[0, 0]))
    walk_and_compare(position, rng, 80, every_hint=5)


def test_a_position_set_up_with_used_edges_and_a_knight_board():
    rows = random_rows(24, 0.1, 5)
    cells = [(r, c) for r in range(24) for c in range(24) if rows[r][c] == "."]
    position = EdgePosition(rows, token=cells[100], moves="knight")
    rng = np.random.default_rng(5)
    for _ in range(10):
        position.push(position.legal_moves()[0])
    with engine("algebra"):
        later = EdgePosition(rows, token=position.token, used=position.used, moves="knight")
    walk_and_compare(later, rng, 40, every_hint=4)


def test_the_engine_is_chosen_by_the_transforms_size():
    rows = ["." * 20] * 20
    assert isinstance(EdgePosition(rows, token=(10, 10))._component_engine, engines.Dense)
    with engine("algebra"):
        position = EdgePosition(rows, token=(10, 10))
    assert isinstance(position._component_engine, Algebra)


@settings(max_examples=examples(400), deadline=None)
@given(
    graph=st.one_of(multigraphs(bipartite=True), multigraphs(bipartite=False)),
    data=st.data(),
)
def test_the_pattern_engine_against_the_oracle(graph, data):
    """The oracle walks of test_edge_positions, every bipartite component on the
    pattern engine."""
    n, edges = graph
    token = data.draw(st.integers(0, n - 1))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    with engine("algebra"):
        position = EdgePosition(MultiGraph(n, edges), token=token)
    check_walk(position, EdgeOracle(n, edges), lambda v: v, 14, rng)
