"""Certificates verify, and tampering with them is caught."""

import copy
import json

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import bipartite_edge_lists, board_rows, general_edge_lists

from matchgame import Board, Graph, decompose
from matchgame.certificates import check_certificate, make_certificate


@settings(max_examples=400, deadline=None)
@given(case=st.one_of(general_edge_lists(), bipartite_edge_lists()))
def test_certificates_of_graphs_verify(case):
    graph = Graph.from_edges(*case)
    certificate = make_certificate(graph, decompose(graph))
    assert check_certificate(graph, certificate) == []
    assert ("vertex_covers" in certificate) == graph.is_bipartite


@settings(max_examples=300, deadline=None)
@given(rows=board_rows(max_free=30, max_side=7))
def test_certificates_of_boards_verify(rows):
    graph = Board.from_rows(rows).graph
    assert (
        check_certificate(graph, make_certificate(graph, decompose(graph), "board"), "board") == []
    )


@settings(max_examples=300, deadline=None)
@given(case=st.one_of(general_edge_lists(), bipartite_edge_lists()), data=st.data())
def test_flipping_any_verdict_is_caught(case, data):
    graph = Graph.from_edges(*case)
    if graph.n_vertices == 0:
        return
    certificate = make_certificate(graph, decompose(graph))
    v = data.draw(st.integers(0, graph.n_vertices - 1))
    claimed = set(certificate["placer_wins_at"])
    claimed ^= {v}
    certificate["placer_wins_at"] = sorted(claimed)
    assert check_certificate(graph, certificate) != []


@settings(max_examples=300, deadline=None)
@given(case=st.one_of(general_edge_lists(), bipartite_edge_lists()), data=st.data())
def test_dropping_a_matching_edge_is_caught(case, data):
    graph = Graph.from_edges(*case)
    certificate = make_certificate(graph, decompose(graph))
    if not certificate["matching"]:
        return
    i = data.draw(st.integers(0, len(certificate["matching"]) - 1))
    del certificate["matching"][i]
    assert check_certificate(graph, certificate) != []


TRIANGLE_TAIL = Graph.from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])
PATH = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])


@pytest.mark.parametrize(
    ("graph", "tamper", "message"),
    [
        (PATH, lambda c: c["matching"].__setitem__(0, [0, 2]), "not an edge"),
        (PATH, lambda c: c["matching"].append([1, 2]), "matched twice"),
        (PATH, lambda c: c["vertex_covers"][0].pop(), "cover"),
        (PATH, lambda c: c["input"].__setitem__("sha256", "0" * 64), "another input"),
        (PATH, lambda c: c.pop("vertex_covers"), "no vertex cover"),
        (TRIANGLE_TAIL, lambda c: c["tutte_berge_set"].append(0), "Tutte-Berge bound"),
        (TRIANGLE_TAIL, lambda c: c["paths"][0].reverse(), "path"),
        (TRIANGLE_TAIL, lambda c: c.__setitem__("format", "x"), "not a matchgame certificate"),
    ],
)
def test_tampering(graph, tamper, message):
    certificate = make_certificate(graph, decompose(graph))
    assert check_certificate(graph, certificate) == []
    bad = copy.deepcopy(certificate)
    tamper(bad)
    problems = check_certificate(graph, bad)
    assert problems and any(message in p for p in problems), problems


def test_forest_cycle_is_not_a_proof():
    graph = Graph.from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)])  # even cycle
    certificate = make_certificate(graph, decompose(graph))
    certificate["placer_wins_at"] = [0, 2]
    certificate["forest"] = [[0, 2], [2, 0]]
    assert check_certificate(graph, certificate) != []


def test_cli_certificate_round_trip_and_errors(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("3 3\n.##\n...\n#.#\n")
    run = run_cli("placements", str(board), "--format", "json", "--certificate")
    assert run.code == 0
    cert = tmp_path / "cert.json"
    cert.write_text(run.out)
    assert (
        run_cli("verify", str(board), str(cert)).out,
        run_cli("verify", str(board), str(cert)).code,
    ) == ("ok\n", 0)

    other = tmp_path / "other.txt"
    other.write_text("3 3\n.##\n...\n#..\n")
    result = run_cli("verify", str(other), str(cert))
    assert result.code == 1 and "another input" in result.out

    document = json.loads(run.out)
    document["certificate"]["matching"][0][1] = [1, 3]
    cert.write_text(json.dumps(document))
    result = run_cli("verify", str(board), str(cert))
    assert result.code == 1 and "cell [1, 3], not a free cell" in result.out

    cert.write_text("{not json")
    assert run_cli("verify", str(board), str(cert)).code == 2

    edges = tmp_path / "graph.txt"
    edges.write_text("5 5\n1 2\n2 3\n3 1\n3 4\n4 5\n")
    run = run_cli("placements", "--edges", str(edges), "--format", "json", "--certificate")
    cert.write_text(run.out)
    assert run_cli("verify", "--edges", str(edges), str(cert)).out == "ok\n"
    assert run_cli("placements", "--certificate", str(board)).code == 2
