"""The directed game's exact solver (issue 40): the search kernel and the parts of the
digraph against the brute-force referee, the kernel's checks of what it is given, and
the budgets (positions, bytes, seconds) with their refusals and partial answers."""

from __future__ import annotations

import time

import numpy as np
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import matchgame
from matchgame._kernels import geography as kernel
from matchgame.games.analyses import plain_json
from matchgame.testing.checks import _validator
from matchgame.testing.inputs import digraph_family
from matchgame.testing.referee import Referee

DIRECTED = matchgame.game("directed")


class HypothesisDraw:
    """The shipped inputs' random choices (matchgame.testing.inputs), drawn by hypothesis."""

    def __init__(self, draw):
        self.draw = draw

    def integer(self, low, high):
        return self.draw(st.integers(low, high))

    def choice(self, items):
        return self.draw(st.sampled_from(list(items)))


def _validate(kind, document):
    """The document against the directed game's schema of ``kind``."""
    validate = _validator()
    if validate is None:
        pytest.skip("jsonschema is not installed")
    validate(DIRECTED, kind, document)


def csr(n: int, arcs: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """The arcs as CSR (int32), each vertex's heads in the order given."""
    heads: list[list[int]] = [[] for _ in range(n)]
    for u, v in arcs:
        heads[u].append(v)
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum([len(h) for h in heads], out=offsets[1:])
    return offsets, np.array([v for h in heads for v in h], dtype=np.int32)


@st.composite
def any_digraph(draw, max_vertices: int = 9):
    """``(n, arcs)``: random arcs, or a digraph of the hard families."""
    if draw(st.booleans()):
        return digraph_family(HypothesisDraw(draw), max_vertices)
    n = draw(st.integers(1, max_vertices))
    pair = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return n, draw(st.lists(pair, max_size=3 * n))


def answered(search, start: int, available: np.ndarray) -> int:
    """The kernel's answer, its table grown whenever it asks."""
    search.begin(start, available)
    status = search.run(1 << 62, 1e9)
    while status == kernel.NEEDS_ROOM:
        search.grow()
        status = search.run(1 << 62, 1e9)
    return status


# -- the kernel -----------------------------------------------------------------------


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_the_kernel_agrees_with_the_referee(data):
    """Any position (token, visited), every move ordering, canonical keys or not, and
    tables from one bucket (every entry replaced) to roomy: the verdict and a winning
    move are the referee's."""
    n, arcs = data.draw(any_digraph())
    referee = Referee(DIRECTED, n, arcs)
    offsets, targets = csr(n, arcs)
    order = data.draw(st.integers(0, 2))
    canonical = data.draw(st.booleans())
    table = data.draw(st.sampled_from([0, 200, 4096, 1 << 20]))
    search = kernel.GeographySearch(offsets, targets, table, order, canonical)
    for _ in range(4):
        token = data.draw(st.integers(0, n - 1))
        visited = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
        visited[token] = True
        available = np.array([not v for v in visited], dtype=np.uint8)
        used = sum(1 << v for v in range(n) if visited[v])
        status = answered(search, token, available)
        assert status == int(referee.mover_wins(token, used))
        if status == kernel.WIN:
            assert search.best_move in referee.winning(token, used)
        else:
            assert search.best_move == -1


def test_the_kernel_on_many_words():
    """Digraphs of 70 to 200 vertices (several words a set), few of them unvisited."""
    rng = np.random.default_rng(3)
    for _ in range(examples(100)):
        n = int(rng.integers(70, 200))
        arcs = [tuple(map(int, rng.integers(0, n, 2))) for _ in range(3 * n)]
        referee = Referee(DIRECTED, n, arcs)
        search = kernel.GeographySearch(*csr(n, arcs), 1 << 20)
        free = rng.choice(n, size=12, replace=False)
        available = np.zeros(n, dtype=np.uint8)
        available[free] = 1
        token = int(free[0])
        used = sum(1 << v for v in range(n) if not available[v]) | 1 << token
        assert answered(search, token, available) == int(referee.mover_wins(token, used))


def test_the_kernel_goes_on_after_its_budget_ran_out():
    """Past max_positions it says so, and run again goes on where it stopped."""
    n, arcs = (
        14,
        [
            (u, v) if (u * 7 + v * 3) % 5 < 3 else (v, u)
            for u in range(14)
            for v in range(u + 1, 14)
        ],
    )
    referee = Referee(DIRECTED, n, arcs)
    search = kernel.GeographySearch(*csr(n, arcs), 1 << 20)
    search.begin(0, np.ones(n, dtype=np.uint8))
    statuses = set()
    while True:
        status = search.run(50, 1e9)
        statuses.add(status)
        if status >= 0:
            break
        if status == kernel.NEEDS_ROOM:
            search.grow()
    assert kernel.OVER_BUDGET in statuses
    assert status == int(referee.mover_wins(0, 1))
    search.begin(1, np.ones(n, dtype=np.uint8))
    assert search.run(10**9, 0.0) in (kernel.TIMED_OUT, kernel.WIN, kernel.LOSS)


@pytest.mark.parametrize(
    ("offsets", "targets", "fragment"),
    [
        ([0], [], "2 to"),
        ([1, 1], [0], "CSR offsets"),
        ([0, 2], [0], "CSR offsets"),
        ([0, 2, 1, 2], [0, 1], "decrease"),
        ([0, 1], [5], "out of range"),
        ([0, 1], [-1], "out of range"),
    ],
)
def test_the_kernel_checks_what_it_is_given(offsets, targets, fragment):
    offsets = np.array(offsets, dtype=np.int32)
    targets = np.array(targets, dtype=np.int32)
    with pytest.raises(ValueError, match=fragment):
        kernel.GeographySearch(offsets, targets, 1 << 20)
    if fragment != "2 to":
        for call in (
            lambda: kernel.strong_components(offsets, targets),
            lambda: kernel.reachable(
                offsets,
                targets,
                np.zeros(len(offsets) - 1, np.uint8),
                np.zeros(len(offsets) - 1, np.uint8),
            ),
        ):
            with pytest.raises(ValueError):
                call()


def test_the_kernel_checks_its_questions():
    offsets, targets = csr(3, [(0, 1), (1, 2), (2, 0)])
    search = kernel.GeographySearch(offsets, targets, 1 << 20)
    with pytest.raises(ValueError, match="start"):
        search.begin(3, np.ones(3, dtype=np.uint8))
    with pytest.raises(ValueError, match="available"):
        search.begin(0, np.ones(4, dtype=np.uint8))
    with pytest.raises(ValueError, match="order"):
        kernel.GeographySearch(offsets, targets, 1 << 20, order=3)
    search.begin(0, np.ones(3, dtype=np.uint8))
    with pytest.raises(ValueError, match="max_positions"):
        search.run(-1, 1.0)
    n3 = np.zeros(3, dtype=np.uint8)
    with pytest.raises(ValueError, match="sources"):
        kernel.reachable(offsets, targets, np.zeros(2, np.uint8), n3)
    members, value = np.arange(3, dtype=np.int32), np.full(3, -2, dtype=np.int8)
    moves = np.full(3, -1, dtype=np.int64)
    with pytest.raises(ValueError, match="comp_start"):
        kernel.sweep(offsets, targets, members, np.array([0, 2], np.int64), 0, value, moves, n3)
    with pytest.raises(ValueError, match="member"):
        bad = np.array([0, 1, 7], dtype=np.int32)
        kernel.sweep(offsets, targets, bad, np.array([0, 3], np.int64), 0, value, moves, n3)


@settings(max_examples=examples(500), deadline=None)
@given(any_digraph(max_vertices=12))
def test_strong_components_by_mutual_reachability(graph):
    n, arcs = graph
    offsets, targets = csr(n, [(u, v) for u, v in arcs if u != v])
    component, count = kernel.strong_components(offsets, targets)
    reach = np.eye(n, dtype=bool)
    for u, v in arcs:
        reach[u, v] = True
    for k in range(n):  # Warshall
        reach |= reach[:, [k]] & reach[[k], :]
    same = reach & reach.T
    assert count == len({tuple(row) for row in same})
    assert ((component[:, None] == component[None, :]) == same).all()
    for u, v in arcs:
        assert component[u] >= component[v]  # sinks first


# -- the solver through the API: placements and positions -------------------------------


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_placements_and_positions_agree_with_the_referee(data):
    """The placements, a winning move from every vertex where the mover wins, and
    positions after any visited set: the referee's, on every family."""
    n, arcs = data.draw(any_digraph(max_vertices=10))
    referee = Referee(DIRECTED, n, arcs)
    graph = matchgame.DiGraph(n, arcs)
    analysis = matchgame.analyse(graph, game="directed")
    assert analysis.winning == referee.placer_wins()
    for v in range(n):
        move = analysis.winning_move(v)
        if v in analysis.winning:
            assert move is None
        else:
            assert move in referee.winning(v, 1 << v)
    token = data.draw(st.integers(0, n - 1))
    used = [v for v in range(n) if v != token and data.draw(st.booleans())]
    position = matchgame.DirectedPosition(graph, token, used)
    visited = sum(1 << v for v in used) | 1 << token
    assert position.mover_wins() == referee.mover_wins(token, visited)
    assert position.winning_moves() == referee.winning(token, visited)


@pytest.mark.parametrize("n", [2, 3, 1000, 1001])
def test_a_long_cycle_is_a_forced_walk(n):
    """Round a directed cycle the walk is forced: the mover wins iff n is even."""
    cycle = matchgame.DiGraph(n, [(v, (v + 1) % n) for v in range(n)])
    analysis = matchgame.analyse(cycle, game="directed")
    assert analysis.winning_ids.tolist() == ([] if n % 2 == 0 else list(range(n)))
    position = matchgame.DirectedPosition(cycle, 0, [n // 2])  # a path of n // 2 - 1 moves
    assert position.mover_wins() == ((n // 2 - 1) % 2 == 1)


def test_a_cycle_of_a_hundred_thousand_is_answered_at_once():
    n = 100_000
    cycle = matchgame.DiGraph(n, [(v, (v + 1) % n) for v in range(n)])
    start = time.process_time()
    analysis = matchgame.analyse(cycle, game="directed", max_memory="1G")
    assert analysis.winning_ids.shape[0] == 0
    assert time.process_time() - start < 20


def test_a_long_cycle_with_chords_against_the_referee():
    """A cycle of 40 with a few chords: long forced stretches, searched."""
    rng = np.random.default_rng(7)
    for _ in range(examples(30)):
        n = 40
        arcs = [(v, (v + 1) % n) for v in range(n)]
        arcs += [tuple(map(int, rng.choice(n, 2, replace=False))) for _ in range(3)]
        referee = Referee(DIRECTED, n, arcs)
        analysis = matchgame.analyse(matchgame.DiGraph(n, arcs), game="directed")
        assert analysis.winning == referee.placer_wins()


def _ladder(k: int) -> tuple[int, list[tuple[int, int]]]:
    """A component whose won vertices, cut off, leave a component with won vertices of
    its own, k times over: level i holds w_i and d_(i+1); d_(i+1) -> w_i -> w_(i+1) ->
    d_(i+1); w_0 -> a sink; the last level a 3-cycle through w_k."""
    names: dict[str, int] = {}

    def v(name: str) -> int:
        return names.setdefault(name, len(names))

    arcs = [(v("w0"), v("sink"))]
    for i in range(k):
        arcs += [(v(f"d{i + 1}"), v(f"w{i}")), (v(f"w{i}"), v(f"w{i + 1}"))]
        arcs.append((v(f"w{i + 1}"), v(f"d{i + 1}")))
    arcs += [(v(f"w{k}"), v("a")), (v("a"), v("b")), (v("b"), v(f"w{k}"))]
    return len(names), arcs


def test_parts_cut_off_inside_parts_to_any_depth():
    """Cutting off won vertices nests as deep as the digraph is long: the referee on
    short ladders, and 700 levels (deeper than Python's recursion) answered."""
    for k in range(1, 5):
        n, arcs = _ladder(k)
        analysis = matchgame.analyse(matchgame.DiGraph(n, arcs), game="directed")
        assert analysis.winning == Referee(DIRECTED, n, arcs).placer_wins()
    n, arcs = _ladder(700)
    analysis = matchgame.analyse(matchgame.DiGraph(n, arcs), game="directed")
    assert len(analysis.winning) == 702


# -- budgets: each bounds what it says, and its refusal names it ----------------------


def _tournament(n: int, seed: int = 1) -> matchgame.DiGraph:
    rng = np.random.default_rng(seed)
    arcs = [(u, v) if rng.random() < 0.5 else (v, u) for u in range(n) for v in range(u + 1, n)]
    return matchgame.DiGraph(n, arcs)


def test_past_max_states_the_refusal_names_it_and_the_part():
    with pytest.raises(matchgame.BudgetExceededError) as caught:
        matchgame.analyse(_tournament(16), game="directed", max_states=1000)
    message = str(caught.value)
    assert "\n" not in message
    assert "max_states = 1,000" in message
    assert "strongly connected part of 16 vertices and 120 arcs" in message
    assert "PSPACE-complete" in message


def test_max_seconds_is_kept_to_and_named():
    start = time.monotonic()
    with pytest.raises(matchgame.BudgetExceededError, match=r"max_seconds = 0\.3"):
        matchgame.analyse(_tournament(40), game="directed", max_seconds=0.3)
    assert time.monotonic() - start < 2.0  # 0.3 s and the way out


def test_max_memory_refuses_a_part_whose_search_cannot_fit():
    """A 6,000-vertex cycle with chords needs about 9 MB of fixed tables: 1 MiB refuses
    it naming max_memory; 64 MiB takes it (and the search is refused by positions)."""
    n = 6000
    arcs = [(v, (v + 1) % n) for v in range(n)] + [(v, (v + 7) % n) for v in range(0, n, 50)]
    graph = matchgame.DiGraph(n, arcs)
    with pytest.raises(matchgame.BudgetExceededError) as caught:
        matchgame.analyse(graph, game="directed", max_memory="1M", max_states=10)
    assert "max_memory = 0.0 GiB" not in str(caught.value)
    assert "max_memory" in str(caught.value) and "6,000 vertices" in str(caught.value)
    with pytest.raises(matchgame.BudgetExceededError, match=r"max_states = 10 "):
        matchgame.analyse(graph, game="directed", max_memory="64M", max_states=10)


def test_a_small_table_still_answers_right():
    """The memory bounds the table, not the answer: with 1 MiB every entry is replaced
    over and over, and the verdicts are those of a roomy table."""
    graph = _tournament(13, seed=4)
    roomy = matchgame.analyse(graph, game="directed")
    small = matchgame.analyse(graph, game="directed", max_memory=1 << 20)
    assert small.winning == roomy.winning and small.search_states >= roomy.search_states


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"max_memory": "2X"}, "max_memory"),
        ({"max_memory": 100}, "from 1M"),
        ({"max_memory": True}, "max_memory"),
        ({"max_seconds": 0}, "above 0"),
        ({"max_seconds": "soon"}, "max_seconds"),
        ({"partial": 1}, "partial"),
        ({"max_states": 0}, "max_states"),
    ],
)
def test_bad_budgets_are_refused_in_one_line(options, fragment):
    with pytest.raises(matchgame.MatchgameError) as caught:
        matchgame.analyse(matchgame.DiGraph(2, [(0, 1)]), game="directed", **options)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_sizes_read_as_the_command_line_writes_them():
    from matchgame.games.budget import parse_size

    assert parse_size("512M", "m") == 512 << 20
    assert parse_size("2g", "m") == 2 << 30
    assert parse_size("1.5GiB", "m") == 3 << 29
    assert parse_size("1048576", "m") == 1 << 20


# -- partial answers: what was settled is right, the rest unknown -----------------------


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_partial_answer_settles_only_what_is_right(data):
    n, arcs = data.draw(any_digraph(max_vertices=10))
    referee = Referee(DIRECTED, n, arcs)
    budget = data.draw(st.integers(1, 60))
    graph = matchgame.DiGraph(n, arcs)
    analysis = matchgame.analyse(graph, game="directed", max_states=budget, partial=True)
    unknown = set(analysis.unknown_ids.tolist())
    expected = set(referee.placer_wins())
    assert set(analysis.winning_ids.tolist()) == expected - unknown
    assert (analysis.refusal is None) == (not unknown)
    document = plain_json(analysis.answer())
    _validate("placements-graph", document)
    if unknown:
        assert document["unknown_vertices"] == [v + 1 for v in sorted(unknown)]
        assert "max_states" in document["refusal"]
        v = min(unknown)
        with pytest.raises(matchgame.BudgetExceededError, match="unknown"):
            analysis.placer_wins_at(v)


def test_a_partial_answer_on_a_board_follows_its_schema():
    pytest.importorskip("jsonschema")
    rows = ["....", "..#.", "...."]
    analysis = matchgame.analyse(rows, game="directed", moves="king", max_states=5, partial=True)
    document = plain_json(analysis.answer())
    _validate("placements-board", document)
    if not analysis.complete:
        assert document["unknown_cells"] and document["refusal"]


def test_partial_is_the_placements_only():
    graph = matchgame.DiGraph(3, [(0, 1), (1, 2), (2, 0)])
    with pytest.raises(matchgame.InvalidParameterError, match="partial goes with"):
        matchgame.DirectedPosition(graph, 0, partial=True)


def test_the_schema_still_takes_a_whole_answer():
    pytest.importorskip("jsonschema")
    analysis = matchgame.analyse(_tournament(9), game="directed")
    document = plain_json(analysis.answer())
    assert "unknown_vertices" not in document and "refusal" not in document
    _validate("placements-graph", document)
    assert "unknown_vertices" in DIRECTED.schema("placements-graph")["properties"]
