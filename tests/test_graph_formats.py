"""Standard graph formats (Matrix Market, METIS, DIMACS, SNAP, GraphML, GML): each
reader against SciPy or NetworkX, round trips of random graphs, hostile inputs,
and the command line's --input-format."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
import scipy.io
import scipy.sparse
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import matchgame
from matchgame import Graph, ParseError, read_graph, read_graphs
from matchgame.readers.graphs import FORMATS, detect_format
from matchgame.readers.matrixmarket import parse_matrix_market

# -- helpers ---------------------------------------------------------------------


def edge_set(graph: Graph) -> set[tuple[int, int]]:
    return {(int(u), int(v)) for u, v in graph.edges}


def named_edge_set(graph: Graph) -> set[frozenset]:
    """Edges as pairs of vertex names (the file's ids, a NetworkX graph's nodes)."""
    names = graph.names
    return {frozenset((names.name(int(u)), names.name(int(v)))) for u, v in graph.edges}


def scipy_edges(matrix) -> set[tuple[int, int]]:
    """The graph matchgame should read from a matrix, built from SciPy's reading of it."""
    coo = scipy.sparse.coo_matrix(matrix)
    rows, cols = coo.shape
    edges = set()
    for i, j in zip(coo.row.tolist(), coo.col.tolist(), strict=True):
        if rows == cols:
            if i != j:
                edges.add((min(i, j), max(i, j)))
        else:
            edges.add((i, rows + j))
    return edges


def mmwrite_bytes(matrix, **options) -> bytes:
    buffer = io.BytesIO()
    scipy.io.mmwrite(buffer, matrix, **options)
    return buffer.getvalue()


def random_matrix(rng, rows, cols, density, field, symmetric):
    matrix = scipy.sparse.random(rows, cols, density=density, random_state=rng, format="coo")
    if field == "integer":
        matrix.data = rng.integers(1, 50, size=matrix.nnz)
    if symmetric:
        matrix = (matrix + matrix.T).tocoo()
    if field == "pattern":
        matrix.data = np.ones_like(matrix.data)
    return matrix


# -- Matrix Market against SciPy ------------------------------------------------


@pytest.mark.parametrize("field", ["pattern", "integer", "real"])
@pytest.mark.parametrize("symmetry", ["general", "symmetric"])
@pytest.mark.parametrize("shape", [(30, 30), (12, 20), (25, 7)])
def test_matrix_market_agrees_with_scipy(tmp_path, field, symmetry, shape):
    rows, cols = shape
    if symmetry == "symmetric" and rows != cols:
        pytest.skip("a symmetric matrix is square")
    rng = np.random.default_rng(rows * 100 + cols)
    matrix = random_matrix(rng, rows, cols, 0.15, field, symmetry == "symmetric")
    path = tmp_path / "m.mtx"
    scipy.io.mmwrite(
        str(path), matrix, field=field, symmetry=symmetry if symmetry != "general" else None
    )
    text = path.read_text()
    assert f"coordinate {field} {symmetry}" in text.splitlines()[0]
    expected = scipy_edges(scipy.io.mmread(str(path)))
    graph = read_graph(path)
    assert graph.n_vertices == (rows if rows == cols else rows + cols)
    assert edge_set(graph) == expected
    assert edge_set(read_graph(path.read_bytes(), format="mtx")) == expected


def test_matrix_market_rectangular_is_rows_against_columns():
    text = b"%%MatrixMarket matrix coordinate pattern general\n% a comment\n2 3 3\n1 1\n1 3\n2 2\n"
    graph = parse_matrix_market(text)
    assert graph.n_vertices == 5
    assert edge_set(graph) == {(0, 2), (0, 4), (1, 3)}
    assert graph.is_bipartite


def test_matrix_market_square_ignores_diagonal_and_direction():
    text = b"%%MatrixMarket matrix coordinate integer general\n3 3 4\n1 1 5\n1 2 1\n2 1 1\n3 2 -4\n"
    assert edge_set(parse_matrix_market(text)) == {(0, 1), (1, 2)}


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (b"%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 1, "coordinate"),
        (b"%%MatrixMarket matrix coordinate pattern general\n", 2, "size line"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2\n", 2, "size line"),
        (b"%%MatrixMarket matrix coordinate pattern symmetric\n2 3 1\n1 1\n", 2, "square"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n", 4, "expected 2"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n2 1\n", 4, "after"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 x\n", 3, "not a number"),
        (b"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n", 3, "has 2 numbers"),
        (b"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1e\n", 3, "not a number"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 3\n", 3, "outside"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2 3\n", 3, "3 numbers"),
        (b"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 0\n", 3, "outside"),
        (
            b"%%MatrixMarket matrix coordinate pattern general\n1000000000 1000000000 1000000000\n"
            b"1 2\n",
            4,
            "expected 1000000000 entries, got 1",
        ),
    ],
)
def test_matrix_market_errors(text, line, fragment):
    with pytest.raises(ParseError) as caught:
        parse_matrix_market(text)
    assert caught.value.line == line, caught.value
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


# -- METIS, DIMACS, SNAP against hand-built NetworkX graphs -----------------------


def metis_text(nx_graph: nx.Graph, *, edge_weights: bool = False) -> str:
    nodes = sorted(nx_graph.nodes)
    index = {node: i + 1 for i, node in enumerate(nodes)}
    header = f"{len(nodes)} {nx_graph.number_of_edges()}" + (" 001" if edge_weights else "")
    lines = ["% written by the test", header]
    for node in nodes:
        neighbours = sorted(index[other] for other in nx_graph.neighbors(node))
        lines.append(" ".join(f"{v} 3" if edge_weights else str(v) for v in neighbours))
    return "\n".join(lines) + "\n"


def dimacs_text(nx_graph: nx.Graph) -> str:
    nodes = sorted(nx_graph.nodes)
    index = {node: i + 1 for i, node in enumerate(nodes)}
    lines = ["c written by the test", f"p edge {len(nodes)} {nx_graph.number_of_edges()}"]
    lines += [f"e {index[u]} {index[v]}" for u, v in nx_graph.edges()]
    return "\n".join(lines) + "\n"


def snap_text(nx_graph: nx.Graph) -> str:
    lines = ["# Undirected graph", "# FromNodeId\tToNodeId"]
    lines += [f"{u}\t{v}" for u, v in nx_graph.edges()]
    return "\n".join(lines) + "\n"


def relabelled(nx_graph: nx.Graph) -> set[tuple[int, int]]:
    index = {node: i for i, node in enumerate(sorted(nx_graph.nodes))}
    return {(min(index[u], index[v]), max(index[u], index[v])) for u, v in nx_graph.edges()}


HAND_BUILT = {
    "petersen": nx.petersen_graph(),
    "grid": nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4)),
    "star+isolated": nx.Graph([(0, 1), (0, 2), (0, 3)]),
    "karate": nx.karate_club_graph(),
}
HAND_BUILT["star+isolated"].add_nodes_from([4, 5])


@pytest.mark.parametrize("name", HAND_BUILT)
def test_metis_dimacs_agree_with_networkx(name):
    graph = HAND_BUILT[name]
    assert edge_set(read_graph(metis_text(graph).encode(), "metis")) == relabelled(graph)
    weighted = read_graph(metis_text(graph, edge_weights=True).encode(), "metis")
    assert edge_set(weighted) == relabelled(graph)
    dimacs = read_graph(dimacs_text(graph).encode(), "dimacs")
    assert dimacs.n_vertices == graph.number_of_nodes()
    assert edge_set(dimacs) == relabelled(graph)


@pytest.mark.parametrize("name", HAND_BUILT)
def test_snap_keeps_the_files_ids(name):
    graph = nx.relabel_nodes(HAND_BUILT[name], {v: 3 * v + 7 for v in HAND_BUILT[name]})
    read = read_graph(snap_text(graph).encode(), "snap")
    assert named_edge_set(read) == {frozenset(edge) for edge in graph.edges()}
    touched = {v for edge in graph.edges() for v in edge}
    assert read.n_vertices == len(touched)  # an id that never occurs is no vertex


def test_metis_vertex_weights_and_sizes():
    text = b"3 2 111 2\n9 1 1 2 5\n9 1 1 1 5 3 6\n9 1 1 2 6\n"
    assert edge_set(read_graph(text, "metis")) == {(0, 1), (1, 2)}


@pytest.mark.parametrize(
    ("format_name", "text", "line", "fragment"),
    [
        ("metis", b"3 2\n2\n1 3\n", 4, "expected 3 vertex lines"),
        ("metis", b"3 2\n2\n1 3\n2\n4\n", 5, "after the 3"),
        ("metis", b"3 2\n2\n1 4\n2\n", 3, "outside 1..3"),
        ("metis", b"3 5\n2\n1 3\n2\n", 1, "2 edges"[-5:]),
        ("metis", b"3 2 001\n2 1\n1 1 3\n2 1\n", 3, "pairs"),
        ("metis", b"3 2\n2\n1 x3\n2\n", 3, "something else"),
        ("metis", b"3 2 0x1\n", 1, "fmt"),
        ("dimacs", b"c hello\np edge 3 2\ne 1 2\n", 4, "expected 2 edges"),
        ("dimacs", b"p edge 3 1\ne 1 2\ne 2 3\n", 3, "after the 1"),
        ("dimacs", b"p edge 3 1\nx 1 2\n", 2, "'e u v'"),
        ("dimacs", b"p edge 3 1\ne 1 2 3\n", 2, "3 numbers"),
        ("dimacs", b"p edge 3 1\ne 1 9\n", 2, "outside 1..3"),
        ("dimacs", b"p cnf 3 1\n", 1, "problem line"),
        ("dimacs", b"c only a comment\n", None, "comments"),
        ("snap", b"# c\n0 1\n1 2 3\n", 3, "3 words where line 2 has 2"),
        ("snap", b"0 1\n1\n", 2, "one word"),
        ("snap", b"0 1 {}\nJean Valjean Myriel {}\n", 2, "a name with a blank"),
        ("snap", b"0 1 {'w': 1\n", 1, "does not close it"),
        ("snap", b"0,1\n2\n", 2, "'u,v'"),
    ],
)
def test_reader_errors(format_name, text, line, fragment):
    with pytest.raises(ParseError) as caught:
        read_graph(text, format_name)
    assert caught.value.line == line, caught.value
    assert fragment in str(caught.value), caught.value
    assert "\n" not in str(caught.value)


# -- round trips of random graphs ------------------------------------------------


@st.composite
def random_graphs(draw) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(1, 25))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))
    return n, pairs


def written(format_name: str, n: int, edges: set[tuple[int, int]]) -> bytes:
    """The graph written in a format, by the test (independently of the readers)."""
    if format_name == "mtx":
        matrix = scipy.sparse.coo_matrix(
            (np.ones(len(edges)), ([u for u, _ in edges], [v for _, v in edges])), shape=(n, n)
        )
        return mmwrite_bytes(matrix, field="pattern")
    nx_graph = nx.Graph()
    nx_graph.add_nodes_from(range(n))
    nx_graph.add_edges_from(edges)
    if format_name == "metis":
        return metis_text(nx_graph).encode()
    if format_name == "dimacs":
        return dimacs_text(nx_graph).encode()
    if format_name == "graphml":
        return "\n".join(nx.generate_graphml(nx_graph)).encode()
    if format_name == "gml":
        return "\n".join(nx.generate_gml(nx_graph)).encode()
    return snap_text(nx_graph).encode()


@pytest.mark.parametrize("format_name", ["mtx", "metis", "dimacs", "snap", "graphml", "gml"])
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=random_graphs())
def test_round_trip(format_name, graph):
    n, pairs = graph
    edges = {(min(u, v), max(u, v)) for u, v in pairs if u != v}
    read = read_graph(written(format_name, n, edges), format_name)
    if format_name in ("snap", "graphml", "gml"):
        name = int if format_name == "snap" else str  # GraphML ids, GML labels: text
        assert named_edge_set(read) == {frozenset(map(name, edge)) for edge in edges}
    else:
        assert read.n_vertices == n
        assert edge_set(read) == edges
    # without format=, the text's own signature or shape says which format it is
    if format_name != "metis":
        assert detect_format(None, written(format_name, n, edges)) == format_name


# -- hostile inputs --------------------------------------------------------------


HOSTILE = {
    "mtx-lying-header": (
        "mtx",
        b"%%MatrixMarket matrix coordinate pattern general\n1000000000 1000000000 1000000000\n"
        b"1 2\n",
    ),
    "mtx-truncated": ("mtx", b"%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 "),
    "mtx-long-line": (
        "mtx",
        b"%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 " + b"2" * 10**6 + b"\n",
    ),
    "mtx-bad-bytes": ("mtx", b"%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 \xff\n"),
    "metis-lying-header": ("metis", b"1000000000 1000000000\n2\n1\n"),
    "metis-long-line": ("metis", b"2 1\n" + b"2 " * 500_000 + b"\n1\n"),
    "dimacs-lying-header": ("dimacs", b"p edge 1000000000 1000000000\ne 1 2\n"),
    "dimacs-truncated": ("dimacs", b"p edge 3 2\ne 1 2\ne 2"),
    "snap-long-line": ("snap", b"0 1\n" + b"7" * 10**6 + b"\n"),
    "snap-bad-bytes": ("snap", b"0 1\n1\x002\n"),
    "graphml-broken": ("graphml", b'<?xml version="1.0"?>\n<graphml><graph>\n<node id="a">\n'),
    "gml-broken": ("gml", b"graph [\n node [ id 1 \n"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_inputs_give_one_clean_error(name):
    format_name, text = HOSTILE[name]
    with pytest.raises(ParseError) as caught:
        read_graph(text, format_name)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    if format_name not in ("graphml", "gml"):
        assert caught.value.line is not None, message


# -- the API ----------------------------------------------------------------------


def test_api_sources_and_formats(tmp_path):
    mtx = b"%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n"
    path = tmp_path / "path.mtx"
    path.write_bytes(mtx)
    for source in (path, str(path), mtx, mtx.decode()):
        assert edge_set(read_graph(source)) == {(0, 1), (1, 2)}
    assert [g.n_edges for g in read_graphs(path)] == [2]
    assert matchgame.read_graph is read_graph
    with pytest.raises(matchgame.InvalidInputError, match="unknown format"):
        read_graph(mtx, "xml")
    with pytest.raises(matchgame.MatchgameError, match="cannot read"):
        read_graph(str(tmp_path / "missing.mtx"))
    assert set(FORMATS) == {
        "edgelist", "mtx", "metis", "dimacs", "snap", "graphml", "gml", "graph6", "sparse6"
    }  # fmt: skip


def test_native_edge_list_is_the_default(tmp_path):
    assert edge_set(read_graph(b"3 2\n1 2\n2 3\n")) == {(0, 1), (1, 2)}
    path = tmp_path / "g.txt"
    path.write_bytes(b"# a SNAP file named .txt\n5 6\n")
    assert named_edge_set(read_graph(path)) == {frozenset((5, 6))}


@pytest.mark.parametrize(
    ("name", "head", "expected"),
    [
        ("a.mtx", b"", "mtx"),
        ("a.graph", b"3 2\n", "metis"),
        ("a.metis", b"", "metis"),
        ("a.col", b"", "dimacs"),
        ("a.clq", b"", "dimacs"),
        ("a.dimacs", b"", "dimacs"),
        ("a.edges", b"0 1\n", "snap"),
        ("a.snap", b"", "snap"),
        ("a.graphml", b"", "graphml"),
        ("a.gml", b"", "gml"),
        ("a.g6", b"", "graph6"),
        ("a.s6", b"", "sparse6"),
        (None, b">>graph6<<Bw\n", "graph6"),
        (None, b">>sparse6<<:Bf\n", "sparse6"),
        (None, b"\n\np edge 3 1\n", "dimacs"),
        (None, b'<?xml version="1.0"?>\n', "graphml"),
        (None, b"graph [\n", "gml"),
        # what may come before GML's graph: comments, top-level keys, '[' on the next line
        (None, b'Creator "yFiles"\nVersion "2.2"\ngraph\n[\n  node [ id 0 ]\n]\n', "gml"),
        (None, b"# drawn by hand\n\ngraph [\n", "gml"),
        (None, b"graph\n[\n", "gml"),  # not graph6, whose characters 'graph' are
        (None, b"<!-- a path -->\n<graphml xmlns='x'>\n", "graphml"),
        (None, b"# Directed graph\n# Nodes: 2\n0 1\n", "snap"),
        ("x.txt", b"3 2\n1 2\n", None),
        ("board.txt", b"3 3\n.##\n", None),
    ],
)
def test_detect_format(name, head, expected):
    assert detect_format(name, head) == expected


def test_graph6_and_sparse6_through_the_registry(tmp_path):
    """The registry hands graph6/sparse6 to readers.graph6: files, bytes and text, as
    NetworkX reads them."""
    petersen = nx.petersen_graph()
    g6 = nx.to_graph6_bytes(petersen)
    s6 = nx.to_sparse6_bytes(petersen)
    for data, name in ((g6, "p.g6"), (s6, "p.s6")):
        path = tmp_path / name
        path.write_bytes(data)
        for source in (path, data, data.decode()):
            graph = read_graph(source)
            assert graph.n_vertices == 10 and graph.n_edges == 15
            assert sorted(map(tuple, graph.edges.tolist())) == sorted(petersen.edges())
    assert len(list(read_graphs(g6 + g6.split(b"<<", 2)[-1], "graph6"))) == 2
    with pytest.raises(ParseError, match="line 1"):
        read_graph(b"B~~\n", "graph6")  # one byte too many for 3 vertices


def test_files_ids_name_the_vertices():
    graph = read_graph(b"# ids\n100 200\n200 300\n", "snap")
    analysis = matchgame.analyse(graph)
    assert sorted(analysis.winning) == [100, 300]  # a path: its ends are missable


def test_missing_networkx_names_the_packages(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)  # as if not installed
    with pytest.raises(ParseError, match=r"pip install networkx scipy") as caught:
        read_graph(b"graph [ ]\n", "gml")
    assert "\n" not in str(caught.value)


# -- the command line ------------------------------------------------------------

CLI_GRAPHS = {
    "petersen": nx.petersen_graph(),
    "path5": nx.path_graph(5),
    "grid": nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3)),
    "odd-cycle+tail": nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5)]),
}


def native_text(nx_graph: nx.Graph) -> str:
    lines = [f"{nx_graph.number_of_nodes()} {nx_graph.number_of_edges()}"]
    lines += [f"{u + 1} {v + 1}" for u, v in nx_graph.edges()]
    return "\n".join(lines) + "\n"


def mtx_text(nx_graph: nx.Graph) -> str:
    n = nx_graph.number_of_nodes()
    lines = ["%%MatrixMarket matrix coordinate pattern symmetric", f"{n} {n} {nx_graph.size()}"]
    lines += [f"{max(u, v) + 1} {min(u, v) + 1}" for u, v in nx_graph.edges()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", CLI_GRAPHS)
def test_cli_answers_equal_the_edge_list_answers(tmp_path, name):
    graph = CLI_GRAPHS[name]
    files = {
        "edgelist": native_text(graph),
        "mtx": mtx_text(graph),
        "metis": metis_text(graph),
        "dimacs": dimacs_text(graph),
        # 1-based ids, every vertex on an edge: the file's ids are the edge list's numbers
        "snap": snap_text(nx.relabel_nodes(graph, {v: v + 1 for v in graph})),
    }
    answers = {}
    for format_name, text in files.items():
        path = tmp_path / f"{format_name}.in"
        path.write_text(text)
        run = run_cli("placements", "--format", "loj", "--input-format", format_name, str(path))
        assert run.code == 0, run
        answers[format_name] = run.out
    assert len(set(answers.values())) == 1, answers


def test_cli_guesses_from_extension_and_first_line(tmp_path):
    graph = CLI_GRAPHS["path5"]
    expected = run_cli("placements", "--edges", stdin=native_text(graph)).out
    (tmp_path / "g.mtx").write_text(mtx_text(graph))
    (tmp_path / "g.graph").write_text(metis_text(graph))
    (tmp_path / "g.in").write_text(dimacs_text(graph))  # no telling extension
    assert run_cli("placements", str(tmp_path / "g.mtx")).out == expected
    assert run_cli("placements", str(tmp_path / "g.graph")).out == expected
    assert run_cli("placements", "--edges", str(tmp_path / "g.in")).out == expected
    # stdin is not guessed at: --input-format says
    assert run_cli("placements", "--input-format", "dimacs", stdin=dimacs_text(graph)).out == (
        expected
    )
    # several files, each its own format
    many = run_cli("placements", str(tmp_path / "g.mtx"), str(tmp_path / "g.graph"))
    named = [f"==> {tmp_path / name} <==\n{expected}" for name in ("g.mtx", "g.graph")]
    assert many.code == 0 and many.out == "\n".join(named), many


def test_cli_snap_answers_speak_the_files_ids(tmp_path):
    path = tmp_path / "ids.edges"
    path.write_text("# a path 100 - 200 - 300\n100 200\n200 300\n")
    run = run_cli("placements", str(path))
    assert run.code == 0 and run.out == "WIN\n100\n300\n", run
    explained = run_cli("explain", str(path), "300")
    assert explained.code == 0 and "vertex 300 wins" in explained.out, explained


CLI_HOSTILE = {
    "mtx-lying-header": "line 4",
    "mtx-long-line": "longer than its header allows",  # refused while reading
    "metis-lying-header": "line 4",
    "dimacs-truncated": "line 3",
    "snap-bad-bytes": "line 2",
    "graphml-broken": "GraphML",
}


@pytest.mark.parametrize("name", CLI_HOSTILE)
def test_cli_hostile_inputs(tmp_path, name):
    format_name, text = HOSTILE[name]
    path = tmp_path / "hostile.in"
    path.write_bytes(text)
    run = run_cli("placements", "--input-format", format_name, str(path))
    assert_user_error(run, CLI_HOSTILE[name])


def test_cli_options_that_do_not_fit(tmp_path):
    path = tmp_path / "g.mtx"
    path.write_text(mtx_text(CLI_GRAPHS["path5"]))
    assert_user_error(run_cli("placements", "--format", "board", str(path)), "board")
    assert_user_error(run_cli("placements", "--moves", "king", str(path)), "--moves")
    assert_user_error(
        run_cli("placements", "--input-format", "mtx", "--example"), "--input-format mtx"
    )
    assert_user_error(run_cli("placements", "--input-format", "xml", str(path)), "xml")


def test_cli_certificate_render_and_play_on_a_matrix(tmp_path):
    path = tmp_path / "g.mtx"
    path.write_text(mtx_text(CLI_GRAPHS["odd-cycle+tail"]))
    answer = run_cli("placements", "--format", "json", "--certificate", str(path))
    assert answer.code == 0, answer
    (tmp_path / "answer.json").write_text(answer.out)
    checked = run_cli("verify", str(path), str(tmp_path / "answer.json"))
    assert checked.code == 0 and checked.out == "ok\n", checked
    picture = tmp_path / "g.svg"
    drawn = run_cli("render", str(path), "-o", str(picture))
    assert drawn.code == 0 and "<svg" in picture.read_text(), drawn
    # the engine places the token first; without moves from us the game stops there
    played = run_cli("play", "--you", "second", str(path))
    assert played.out == "engine: 3\n", played


# -- line ends, signs, sizes -------------------------------------------------------

SAME_PATH = {  # the path 1 - 2 - 3, written in each format with CRLF, a BOM, tabs, zeros
    "mtx": "%%MatrixMarket matrix coordinate real general\n%\n3 3 2\n1\t02 +1.5\n3 2 -2E-3\n",
    "metis": "% c\n3 2\n2\n  1 3  \n002\n\n",
    "dimacs": "c c\np edge 3 2\ne\t1 2\n\ne 2 +3\n",
    "snap": "# c\n1 2\n\n   2\t3\n",
    "edgelist": "3 2\n1 2\n2 3\n",
}


@pytest.mark.parametrize("format_name", SAME_PATH)
@pytest.mark.parametrize("style", ["unix", "crlf", "bom+crlf"])
def test_line_ends_and_number_forms(format_name, style):
    text = SAME_PATH[format_name].encode()
    if style != "unix":
        text = text.replace(b"\n", b"\r\n")
    if style == "bom+crlf":
        text = b"\xef\xbb\xbf" + text
    graph = read_graph(text, format_name)
    if format_name == "snap":
        assert named_edge_set(graph) == {frozenset((1, 2)), frozenset((2, 3))}
    else:
        assert edge_set(graph) == {(0, 1), (1, 2)}


def test_huge_numbers_are_refused_with_their_line():
    with pytest.raises(ParseError, match="too large") as caught:
        read_graph(b"# c\n0 1\n1 " + b"9" * 30 + b"\n", "snap")
    assert caught.value.line == 3
    with pytest.raises(ParseError, match="outside") as caught:
        read_graph(b"p edge 3 1\ne 1 " + b"9" * 30 + b"\n", "dimacs")
    assert caught.value.line == 2


def test_memory_is_checked_before_allocating(monkeypatch):
    from matchgame.core import _memory  # the readers' check lives there

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 30)
    # 10^8 vertices hold no edge, yet a graph of them needs their offsets
    text = b"%%MatrixMarket matrix coordinate pattern general\n100000000 100000000 1\n1 2\n"
    with pytest.raises(ParseError, match="memory") as caught:
        read_graph(text, "mtx")
    assert caught.value.line == 2
    with pytest.raises(ParseError, match="memory"):
        read_graph(b"p edge 100000000 1\ne 1 2\n", "dimacs")


@settings(max_examples=examples(25), deadline=None)
@given(
    rows=st.integers(1, 30),
    cols=st.integers(1, 30),
    density=st.floats(0, 0.4),
    seed=st.integers(0, 2**32 - 1),
)
def test_matching_size_agrees_with_scipy(rows, cols, density, seed):
    rng = np.random.default_rng(seed)
    matrix = random_matrix(rng, rows, cols + (rows == cols), density, "pattern", False)
    text = mmwrite_bytes(matrix, field="pattern")
    expected = scipy.sparse.csgraph.maximum_bipartite_matching(
        scipy.sparse.csr_matrix(scipy.io.mmread(io.BytesIO(text))), perm_type="column"
    )
    analysis = matchgame.analyse(read_graph(text, "mtx"))
    assert analysis.matching_size == int((expected >= 0).sum())


def test_cli_reads_files_longer_than_their_head(tmp_path):
    """Past the first 64 KiB a file is read as long as its header allows: each
    format's allowance must cover what it really holds."""
    rng = np.random.default_rng(7)
    n = 3000
    pairs = rng.integers(0, n, size=(12_000, 2))
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((int(u), int(v)) for u, v in pairs if u != v)
    snap_graph = nx.relabel_nodes(graph, {v: v + 1 for v in graph})
    snap_graph.remove_nodes_from([v for v in list(snap_graph) if snap_graph.degree(v) == 0])
    files = {
        "edgelist": native_text(graph),
        "mtx": mtx_text(graph),
        "metis": metis_text(graph, edge_weights=True),
        "dimacs": dimacs_text(graph),
    }
    answers = set()
    for format_name, text in files.items():
        assert len(text) > 1 << 16
        path = tmp_path / f"big.{format_name}"
        path.write_text(text)
        run = run_cli("placements", "--format", "loj", "--input-format", format_name, str(path))
        assert run.code == 0, (format_name, run.err)
        answers.add(run.out)
    assert len(answers) == 1
    path = tmp_path / "big.edges"
    path.write_text(snap_text(snap_graph))
    run = run_cli("placements", "--format", "json", str(path))
    assert run.code == 0, run.err


def test_snap_json_answers_and_certificates_use_the_files_ids(tmp_path):
    path = tmp_path / "ids.edges"
    path.write_text("# 100 - 200 - 300 and 7 - 8\n100 200\n200 300\n7 8\n")
    answer = run_cli("placements", "--format", "json", "--certificate", str(path))
    assert answer.code == 0, answer
    document = json.loads(answer.out)
    assert document["winning_vertices"] == [100, 300]
    matched = {frozenset(pair) for pair in document["matching"]}
    edges = {frozenset((100, 200)), frozenset((200, 300)), frozenset((7, 8))}
    assert len(matched) == 2 and frozenset((7, 8)) in matched and matched <= edges
    good = tmp_path / "answer.json"
    good.write_text(answer.out)
    assert run_cli("verify", str(path), str(good)).out == "ok\n"
    document["winning_vertices"] = [100, 301]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    checked = run_cli("verify", str(path), str(bad))
    assert checked.code == 1 and "301, not an id of the input" in checked.out, checked


def test_cli_reads_the_format_of_standard_input_with_edges():
    graph = CLI_GRAPHS["grid"]
    expected = run_cli("placements", "--edges", stdin=native_text(graph)).out
    for text in (mtx_text(graph), dimacs_text(graph), metis_text(graph)):
        run = run_cli("placements", "--edges", stdin=text)
        assert run.code == 0 and run.out == expected, (text[:40], run)
    # a board given as a graph is still named as one
    assert_user_error(run_cli("placements", "--edges", stdin="3 3\n.##\n...\n#.#\n"), "board")


def test_an_edge_list_named_like_another_format_is_pointed_at(tmp_path):
    path = tmp_path / "native.graph"  # the extension says METIS
    path.write_text(native_text(CLI_GRAPHS["path5"]))
    assert_user_error(run_cli("placements", str(path)), "line ", "--input-format edgelist")
    run = run_cli("placements", "--input-format", "edgelist", str(path))
    assert run.code == 0 and run.out.startswith("WIN"), run


def test_serve_opens_a_graph_file_as_an_edge_list(tmp_path):
    import argparse

    from matchgame.apps.cli.serve import _start

    path = tmp_path / "g.mtx"
    path.write_text(mtx_text(CLI_GRAPHS["path5"]))
    args = argparse.Namespace(
        example=None, file=str(path), edges=False, moves="orthogonal", max_body=1 << 20,
        input_format=None,
    )  # fmt: skip
    start = _start(args)
    assert start["kind"] == "edges"
    assert edge_set(read_graph(start["text"].encode())) == {(0, 1), (1, 2), (2, 3), (3, 4)}


def test_a_digraph6_line_is_named_as_such(tmp_path):
    """digraph6 ('&') was "a byte outside the graph6/sparse6 range": the line says what it
    is and why it is not read, on every face that reads graph6."""
    with pytest.raises(ParseError, match=r"line 2: .*digraph6 \('&': a directed graph\)"):
        list(read_graphs(b"Bw\n&B?\n", "graph6"))
    assert_user_error(run_cli("sweep", "--jobs", "1", stdin=b"&B?\n"), "line 1", "digraph6")
    with pytest.raises(ParseError, match=r"range 63\.\.126"):
        list(read_graphs(b"Bw\n:=\n", "graph6"))  # other bytes keep their message


def test_a_missing_networkx_suggests_what_installs_it(monkeypatch):
    """The hints said pip install 'matchgame[graphs]', which fails: matchgame is on no
    package index. They name the packages (and the extra for a clone)."""
    monkeypatch.setitem(sys.modules, "networkx", None)  # import networkx fails
    with pytest.raises(ParseError) as raised:
        read_graph(b'<?xml version="1.0"?>\n<graphml><graph/></graphml>\n')
    assert "pip install networkx scipy" in str(raised.value)
    assert "pip install -e '.[graphs]'" in str(raised.value)
    with pytest.raises(ImportError, match=r"pip install networkx scipy"):
        Graph.from_edges(2, [(0, 1)]).to_networkx()
    source = Path(__file__).resolve().parent.parent / "src" / "matchgame"
    for path in source.rglob("*.py"):
        assert "matchgame[" not in path.read_text(), path
