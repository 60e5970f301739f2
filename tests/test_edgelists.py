"""Graph inputs: the edge-list format, NetworkX and SciPy adapters, and `--edges`."""

import json
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from cli_helpers import assert_user_error, run_cli

from matchgame import Graph, ParseError, analyse, parse_edge_list

BOWTIE_TAIL = "7 8\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n6 4\n6 7\n"


def test_parse_edge_list_ignores_loops_and_repeats_and_keeps_isolated_vertices():
    graph = parse_edge_list("5 4\r\n1 2 \r\n2 1\n3 3\n2 3\n\n")
    assert graph.n_vertices == 5
    assert graph.edges.tolist() == [[0, 1], [1, 2]]
    assert graph.degrees.tolist() == [1, 2, 1, 0, 0]


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("", None, "empty input"),
        ("3\n", 1, "expected 'n m'"),
        ("a b\n", 1, "expected 'n m'"),
        ("-1 0\n", 1, ">= 0"),
        ("3 -2\n", 1, ">= 0"),
        ("3 2\n1 2\n", 3, "expected 2 edges, got 1"),
        ("3 1\n1 2\n2 3\n", 3, "unexpected content"),
        ("3 1\n1 x\n", 2, "not an integer"),
        ("3 1\n1 2 3\n", 2, "3 numbers"),
        ("3 1\n1.5 2\n", 2, "not an integer"),
        ("3 1\n1 4\n", 2, "outside 1..3"),
        ("3 1\n0 1\n", 2, "outside 1..3"),
    ],
)
def test_edge_list_errors(text, line, fragment):
    with pytest.raises(ParseError, match=fragment) as info:
        parse_edge_list(text)
    assert info.value.line == line


def test_networkx_labels_come_back():
    graph = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e")])
    graph.add_node("lonely")
    analysis = analyse(Graph.from_networkx(graph))
    assert analysis.D == ["a", "b", "c", "e", "lonely"]
    assert analysis.A == ["d"]
    assert analysis.C == []
    assert len(analysis.matching()) == analysis.matching_size == 2


def test_networkx_directed_graph_is_refused():
    from matchgame import MatchgameError

    with pytest.raises(MatchgameError, match="undirected"):
        Graph.from_networkx(nx.DiGraph([(0, 1)]))


def test_scipy_and_numpy_adjacency_agree_with_networkx():
    nx_graph = nx.gnm_random_graph(40, 70, seed=3)
    from_nx = analyse(Graph.from_networkx(nx_graph)).winning
    matrix = nx.to_scipy_sparse_array(nx_graph, nodelist=range(40))
    assert analyse(Graph.from_scipy(sp.csr_matrix(matrix))).winning == from_nx
    assert analyse(Graph.from_scipy(matrix.toarray())).winning == from_nx
    edges = np.array(list(nx_graph.edges()))
    assert analyse(Graph.from_edges(40, edges)).winning == from_nx


def test_networkx_and_scipy_are_not_imported_unless_passed():
    # numba itself may import scipy.linalg (its BLAS probe), never scipy.sparse
    code = (
        "import sys, matchgame\n"
        "g = matchgame.parse_edge_list('3 3\\n1 2\\n2 3\\n3 1\\n')\n"
        "matchgame.analyse(g)\n"
        "print('networkx' in sys.modules, 'scipy.sparse' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_cli_edges_all_formats():
    assert run_cli("placements", "--edges", stdin=BOWTIE_TAIL).out == "WIN\n1\n2\n3\n5\n7\n"
    assert run_cli("placements", "--edges", "--format", "loj", stdin=BOWTIE_TAIL).out == (
        "5\n1\n2\n3\n5\n7\n"
    )
    document = json.loads(
        run_cli("placements", "--edges", "--format", "json", stdin=BOWTIE_TAIL).out
    )
    assert document["engine"] == "blossom"
    assert document["decomposition"] == {"D": [1, 2, 3, 5, 7], "A": [4, 6], "C": []}
    assert document["matching_size"] == 3 and len(document["matching"]) == 3
    square = "4 4\n1 2\n2 3\n3 4\n4 1\n"
    assert run_cli("placements", "--edges", stdin=square).out == "LOSE\n"
    assert (
        json.loads(run_cli("placements", "--edges", "--format", "json", stdin=square).out)["engine"]
        == "bipartite"
    )
    assert run_cli("placements", "--edges", "--example").out == "WIN\n1\n2\n3\n5\n7\n"


@pytest.mark.parametrize(
    ("args", "stdin", "fragments"),
    [
        (["--edges"], "3 1\n1 9\n", ["line 2", "outside"]),
        (["--edges"], "3 2\n1 2\n", ["expected 2 edges"]),
        (["--edges"], "x\n", ["line 1"]),
        (["--edges"], "2 1\n1 -2\n", ["line 2", "outside"]),
        (["--edges", "--format", "board"], "2 1\n1 2\n", ["needs a board"]),
        (["--edges", "--example", "jsoi"], "", ["unknown example"]),
    ],
)
def test_cli_edges_bad_input(args, stdin, fragments):
    assert_user_error(run_cli("placements", *args, stdin=stdin), *fragments)
