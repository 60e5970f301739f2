"""Directed edge geography (``game="directed-edge"``), held to a brute-force referee of
its own: plain minimax over (token, arcs used), written here from the rules alone.

The game's analysis cancels opposite arcs, splits the digraph into strongly connected
components, labels the acyclic ones by retrograde analysis and searches the others;
none of that is used below. The common test (``tests/test_games.py``) runs every
face's check on it too; this file adds what only this game has (parallel arcs,
self-loops, 2-cycles drawn on purpose; the budget's refusal) and the faces the
common test reaches through positions, which come in phase 2 of issue 39. Its graph
and kernel: ``tests/test_dimultigraph.py``.
"""

from __future__ import annotations

import contextlib
import json
from functools import cache

import numpy as np
import pytest
from budget import examples
from cli_helpers import assert_user_error
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import multidigraphs

import matchgame
import matchgame.games
from matchgame import draw
from matchgame.games.analyses import plain_json
from matchgame.games.budget import MAX_BUDGET
from matchgame.testing.faces import run_command

GAME = matchgame.game("directed-edge")


# -- the referee: minimax over the arcs used, from the rules ------------------------


def referee(n: int, arcs: list[tuple[int, int]]):
    """``mover_wins(token, used)``: ``used`` a bit set of arc indices."""

    @cache
    def mover_wins(token: int, used: int) -> bool:
        return any(
            u == token and not used >> i & 1 and not mover_wins(v, used | 1 << i)
            for i, (u, v) in enumerate(arcs)
        )

    return mover_wins


def placer_wins(n: int, arcs: list[tuple[int, int]]) -> list[int]:
    mover_wins = referee(n, arcs)
    return [v for v in range(n) if not mover_wins(v, 0)]


# -- the answers, against the referee -------------------------------------------------


@settings(max_examples=examples(3000), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs())
def test_placements_are_the_referees(case):
    n, arcs = case
    analysis = GAME.analyse(matchgame.DiMultiGraph(n, arcs))
    assert analysis.winning_ids.tolist() == placer_wins(n, arcs)
    mover_wins = referee(n, arcs)
    for v in range(n):
        move = analysis.winning_move(v)
        if analysis.placer_wins_at(v):
            assert move is None
            continue
        u, w, key = move  # an arc of v, and the opponent loses after it
        assert u == v
        index = [i for i, arc in enumerate(arcs) if arc == (u, w)][key]
        assert not mover_wins(w, 1 << index)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_every_source_of_the_same_arcs_answers_alike(case, data):
    """A NetworkX MultiDiGraph, a SciPy matrix of counts and the edge list text are the
    same multigraph; arcs given in another order, the same answers."""
    nx = pytest.importorskip("networkx")
    sparse = pytest.importorskip("scipy.sparse")
    n, arcs = case
    expected = placer_wins(n, arcs)
    multi = nx.MultiDiGraph()
    multi.add_nodes_from(range(n))
    multi.add_edges_from(arcs)
    counts = np.zeros((n, n), dtype=np.int64)
    for u, v in arcs:
        counts[u, v] += 1
    text = f"{n} {len(arcs)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in arcs)
    shuffled = data.draw(st.permutations(arcs)) if arcs else arcs
    for source in (
        multi,
        sparse.csr_array(counts),
        matchgame.DiMultiGraph.from_scipy(counts),
        GAME.read_edge_list(text),
        matchgame.DiMultiGraph(n, shuffled),
    ):
        assert GAME.analyse(source).winning_ids.tolist() == expected


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_the_placer_wins_every_free_cell_of_a_board(n_rows, n_cols, data):
    """Every move of a board is both arcs, which cancel: the referee agrees, and every
    such answer has a certificate that verify accepts."""
    rows = ["".join(data.draw(st.sampled_from(".#")) for _ in range(n_cols)) for _ in range(n_rows)]
    board = matchgame.Board.from_rows(rows)
    cells = [(r, c) for r in range(n_rows) for c in range(n_cols) if rows[r][c] == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    arcs = [
        (index[(r, c)], index[(r + dr, c + dc)])
        for r, c in cells
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if (r + dr, c + dc) in index
    ]
    assert placer_wins(len(cells), arcs) == list(range(len(cells)))
    analysis = GAME.analyse(rows)
    assert analysis.winning == cells
    answer = {**plain_json(analysis.answer()), "certificate": analysis.certificate()}
    assert matchgame.verify(board, answer, game="directed-edge") == []


def test_an_undirected_graph_is_both_arcs_and_a_loop_is_one():
    nx = pytest.importorskip("networkx")
    graph = nx.MultiGraph([(0, 1), (1, 2), (2, 2)])
    multi = matchgame.DiMultiGraph.from_networkx(graph)
    assert multi.arcs.tolist() == [[0, 1], [1, 0], [1, 2], [2, 1], [2, 2]]
    # both arcs cancel; the loop at 2 is a pass the mover there takes
    assert GAME.analyse(graph).winning == [0, 1]
    assert GAME.analyse(matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])).winning == [0, 1, 2]


@settings(max_examples=examples(100), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs())
def test_every_game_reads_a_dimultigraph_as_its_arcs_or_refuses_it(case):
    """The directed game once took a DiMultiGraph for an undirected multigraph (its
    support, both ways): every game answers it as a NetworkX MultiDiGraph of the same
    arcs, or refuses it as directed."""
    nx = pytest.importorskip("networkx")
    n, arcs = case
    multi = nx.MultiDiGraph()
    multi.add_nodes_from(range(n))
    multi.add_edges_from(arcs)
    for game in matchgame.games.all_games():
        if not game.directed:
            with pytest.raises(matchgame.InvalidInputError, match="directed"):
                game.analyse(matchgame.DiMultiGraph(n, arcs))
            continue
        ours = game.analyse(matchgame.DiMultiGraph(n, arcs), max_states=10**6)
        theirs = game.analyse(multi, max_states=10**6)
        assert ours.winning_ids.tolist() == theirs.winning_ids.tolist(), game.name


# -- the linear part: a large DAG -----------------------------------------------------


@pytest.mark.slow
def test_a_dag_of_100000_vertices_is_the_directed_vertex_game():
    """On an acyclic digraph no vertex can repeat, so the two directed games agree
    (the directed game's own analysis as the reference); 10**5 vertices, 2 * 10**5
    arcs, parallel ones included (the speed is measured in BENCHMARKS.md)."""
    rng = np.random.default_rng(5)
    n, m = 100_000, 200_000
    ends = rng.integers(0, n, size=(m, 2))
    ends = np.sort(ends[ends[:, 0] != ends[:, 1]], axis=1)
    ends = np.vstack([ends, ends[:1000]])  # parallel arcs change nothing on a DAG
    analysis = GAME.analyse(matchgame.DiMultiGraph(n, ends))
    vertex_game = matchgame.analyse(matchgame.DiGraph(n, ends), game="directed")
    assert np.array_equal(analysis.winning_mask, vertex_game.winning_mask)
    assert analysis.search_states == 0 and set(analysis.node_attributes()["method"]) == {"acyclic"}
    assert len(analysis.certificate()["moves"]) == n - int(analysis.winning_mask.sum())


# -- explanations and certificates ------------------------------------------------------


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs())
def test_an_explanations_replies_win(case):
    """Each reply the explanation gives (the opponent moves to w, the placer answers
    by moving to r) leaves the opponent a lost position, as the referee judges it."""
    n, arcs = case
    analysis = GAME.analyse(matchgame.DiMultiGraph(n, arcs))
    mover_wins = referee(n, arcs)
    for v in range(n):
        why = analysis.explain(v)
        assert str(why).startswith(f"Placing the token on vertex {v + 1} ")
        json.dumps(why.document())
        for w, r in why.replies:
            first = next(i for i, arc in enumerate(arcs) if arc == (v, w))
            second = next(i for i, arc in enumerate(arcs) if arc == (w, r) and i != first)
            assert not mover_wins(r, 1 << first | 1 << second)
        if why.method != "search" and why.placer_wins:
            assert {w for w, _ in why.replies} == {w for u, w in arcs if u == v}


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_certificates_are_accepted_and_tampered_ones_refused(case, data):
    n, arcs = case
    source = matchgame.DiMultiGraph(n, arcs)
    analysis = GAME.analyse(source)
    try:
        certificate = analysis.certificate()
    except matchgame.InvalidInputError as exc:
        assert "no short proof" in str(exc) and "\n" not in str(exc)
        assert "search" in analysis.node_attributes()["method"]
        return
    answer = {**plain_json(analysis.answer()), "certificate": certificate}
    assert matchgame.verify(source, answer, game="directed-edge") == []
    assert matchgame.verify(source, json.dumps(answer), game="directed-edge") == []
    shuffled = matchgame.DiMultiGraph(n, data.draw(st.permutations(arcs)) if arcs else arcs)
    assert matchgame.verify(shuffled, answer, game="directed-edge") == []  # order: no matter
    winning = answer["winning_vertices"]
    flip = data.draw(st.integers(1, n))
    changed = sorted(set(winning) ^ {flip})
    claims = {**answer, "winning_vertices": changed, "placer_wins": bool(changed)}
    moves = certificate["moves"]
    if len(changed) < len(winning):
        claims["certificate"] = {**certificate, "moves": [*moves, 1]}
    elif moves:
        claims["certificate"] = {**certificate, "moves": moves[1:]}
    with contextlib.suppress(matchgame.DocumentError):
        assert matchgame.verify(source, claims, game="directed-edge") != []
    if moves:  # a move to the vertex itself: never into the winning placements
        k = data.draw(st.integers(0, len(moves) - 1))
        itself = [v + 1 for v in range(n) if v + 1 not in winning][k]
        bent = {**certificate, "moves": [*moves[:k], itself, *moves[k + 1 :]]}
        assert matchgame.verify(source, {**answer, "certificate": bent}, game="directed-edge") != []


def test_a_certificate_is_refused_where_a_cycle_is_left():
    triangle = matchgame.DiMultiGraph(3, [(0, 1), (1, 2), (2, 0)])
    with pytest.raises(matchgame.InvalidInputError, match="from vertex 1: directed edge"):
        GAME.analyse(triangle).certificate()
    # a 2-cycle cancels: certified, although the graph has a cycle
    two = GAME.analyse(matchgame.DiMultiGraph(3, [(0, 1), (1, 0), (1, 2)]))
    assert two.method(0) == "mirror" and two.method(2) == "acyclic"
    assert two.certificate()["moves"] == [3]


# -- the budget --------------------------------------------------------------------


def _knot(n: int) -> matchgame.DiMultiGraph:
    """A regular tournament: every vertex's arcs to the next three round a circle. One
    component, no opposite arcs to cancel: on 7 vertices the search settles 15,715
    positions."""
    return matchgame.DiMultiGraph(n, [(u, (u + d) % n) for u in range(n) for d in (1, 2, 3)])


def test_the_search_is_refused_past_its_budget_in_one_line():
    knot = _knot(7)
    with pytest.raises(matchgame.BudgetExceededError) as info:
        GAME.analyse(knot, max_states=50)
    message = str(info.value)
    assert "\n" not in message
    assert "max_states = 50" in message and "PSPACE-complete (Schaefer 1978)" in message
    assert "a larger budget (up to 4,294,967,296 positions) may answer it" in message
    assert GAME.analyse(knot, max_states=10**6).search_states > 50


def test_the_refusal_says_when_a_larger_budget_cannot_help(monkeypatch):
    from matchgame.games.directed_edge import search

    monkeypatch.setattr(search, "available_memory", lambda: 1 << 10)
    with pytest.raises(matchgame.BudgetExceededError, match="a larger budget cannot help: 100 "):
        GAME.analyse(_knot(7), max_states=50)
    budget = search.Budget(MAX_BUDGET)
    part = search._Part(matchgame.DiMultiGraph(3, []).names, 0, 3, 9)
    assert part.over_budget(budget).endswith(
        "that is the largest budget taken, so raising it cannot help"
    )


def test_the_command_line_answers_and_refuses_in_one_line(tmp_path):
    path = tmp_path / "arcs.txt"
    path.write_text("4 5\n1 2\n2 3\n2 1\n3 4\n4 4\n")
    assert _cli("placements", "--game", "directed-edge", "--edges", str(path)) == (
        0,
        "WIN\n1\n3\n",
        "",
    )
    lose = tmp_path / "lose.txt"
    lose.write_text("2 1\n1 1\n1 2\n")  # the only line is the vertex count
    lose.write_text("1 1\n1 1\n")
    assert _cli("placements", "--game", "directed-edge", "--edges", str(lose))[:2] == (0, "LOSE\n")
    code, out, err = _cli(
        "placements", "--game", "directed-edge", "--edges", str(path), "--max-states", "1"
    )
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "--max-states 1" in err and "strongly connected component of vertex 4" in err
    code, out, err = _cli(
        "placements",
        "--game",
        "directed-edge",
        "--edges",
        str(path),
        "--certificate",
        "--format",
        "json",
    )
    assert code == 2 and out == "" and "no short proof" in err


def test_the_command_line_in_a_process_refuses_cleanly(tmp_path):
    from cli_helpers import run_cli

    path = tmp_path / "arcs.txt"
    path.write_text("3 3\n1 2\n2 3\n3 1\n")
    assert_user_error(
        run_cli("placements", "--game", "directed-edge", "--edges", str(path), "--max-states", "1"),
        "--max-states 1",
        "a larger budget",
    )


def _cli(*argv: str) -> tuple[int, str, str]:
    run = run_command(*argv)
    return run.code, run.out, run.err


# -- faces the common test reaches through positions (phase 2) ---------------------------


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.sampled_from([["..", ".#"], ["...", ".#."], ["#"]]))
def test_pictures_of_analyses_and_explanations(case, rows):
    n, arcs = case
    for source in (matchgame.DiMultiGraph(n, arcs), rows):
        analysis = GAME.analyse(source)
        svg = draw.to_svg(draw.analysis_scene(analysis))
        assert svg.startswith("<?xml")
        assert analysis._repr_svg_().startswith("<?xml")
        if analysis.n_vertices:
            why = analysis.explain(analysis.names.name(0))
            assert draw.to_svg(draw.explain_scene(why)).startswith("<?xml")


def test_refusals_in_one_line():
    graph = matchgame.DiMultiGraph(2, [(0, 1)])
    for call, error in (
        (lambda: GAME.analyse("not a source"), matchgame.InvalidTypeError),
        (lambda: GAME.analyse(graph, max_states=0), matchgame.InvalidParameterError),
        (lambda: GAME.analyse(graph, algorithm="blossom"), matchgame.InvalidParameterError),
        (lambda: GAME.analyse(graph).explain(5), matchgame.InvalidInputError),
        (lambda: matchgame.DiMultiGraph(2, [(0, 2)]), matchgame.InvalidInputError),
        (lambda: matchgame.DiMultiGraph.from_scipy(-np.eye(2)), matchgame.InvalidInputError),
    ):
        with pytest.raises(error) as info:
            call()
        assert "\n" not in str(info.value)


def test_the_web_app_answers_placements_render_and_explain():
    if pytest.importorskip("starlette") is None or pytest.importorskip("uvicorn") is None:
        return
    from web_helpers import live_server, post

    from matchgame.apps.web import create_app

    text = b"3 3\n1 2\n2 3\n1 2\n"
    query = "edges=1&game=directed-edge"
    with live_server(create_app()) as url:
        status, answer = post(f"{url}/api/placements?{query}", text)
        assert status == 200, answer
        assert json.loads(answer)["winning_vertices"] == [1, 3]
        assert post(f"{url}/api/render?{query}", text)[0] == 200
        status, why = post(f"{url}/api/explain?{query}&at=2", text)
        assert status == 200, why


def test_sweeps_answer_as_each_graphs_analysis():
    """graph6 and sparse6 lines (loops and repeats in sparse6): each edge both arcs, a
    loop one; the batch's shortcut agrees with the analysis of each graph."""
    nx = pytest.importorskip("networkx")
    graphs = [nx.path_graph(4), nx.complete_graph(4), nx.empty_graph(2)]
    loops = nx.MultiGraph([(0, 1), (0, 1), (1, 1), (2, 2), (2, 2), (2, 0)])
    lines = b"".join(nx.to_graph6_bytes(g, header=False) for g in graphs)
    lines += nx.to_sparse6_bytes(loops, header=False)
    documents = matchgame.sweep(lines, game="directed-edge", jobs=1)
    for graph, document in zip([*graphs, loops], documents, strict=True):
        edges = list(graph.edges())
        ids = matchgame.MultiGraph(graph.number_of_nodes(), edges) if edges else None
        source = ids if ids is not None else matchgame.DiMultiGraph(graph.number_of_nodes(), [])
        expected = plain_json(GAME.analyse(source).answer())
        assert {key: document[key] for key in expected} == expected
    assert [d["winning_vertices"] for d in documents] == [[1, 2, 3, 4]] * 2 + [[1, 2], [1, 3]]
    counts = matchgame.sweep(lines, game="directed-edge", jobs=1, count=True)
    assert counts.graphs == 4
