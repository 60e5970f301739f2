"""Graphs back out to the ecosystem (issue 26): ``Graph.to_networkx`` and ``to_scipy``,
a writer beside each reader (``matchgame.write_graph``), each read back to the same
graph, with the names where the format holds them."""

from __future__ import annotations

import io
import subprocess

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from nauty_helpers import geng_output, require_nauty
from strategies import general_edge_lists

import matchgame
from matchgame import Graph, InvalidInputError, InvalidTypeError, MatchgameError
from matchgame.readers import graph6
from matchgame.readers.graphs import FORMATS
from matchgame.writers.graphs import format_graph

nx = pytest.importorskip("networkx")
pytest.importorskip("scipy")

# what each format calls the vertices of a graph named 0 .. n - 1 when read back
NUMBERED_FROM_ONE = {"mtx", "metis", "dimacs"}
NAMED_BY_TEXT = {"graphml", "gml"}


def _same_graph(read: Graph, written: Graph) -> None:
    assert read.n_vertices == written.n_vertices
    assert read.edges.tolist() == written.edges.tolist()


def _expected_names(format_name: str, graph: Graph) -> list[object]:
    if format_name in NUMBERED_FROM_ONE:
        return list(range(1, graph.n_vertices + 1))
    if format_name in NAMED_BY_TEXT:
        return [str(name) for name in graph.names]
    return list(graph.names)


@settings(max_examples=examples(150), deadline=None)
@given(general_edge_lists(max_vertices=70), st.sampled_from(sorted(FORMATS)))
def test_every_format_reads_back_what_it_writes(case, format_name):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    if format_name == "snap" and (graph.degrees == 0).any():
        with pytest.raises(InvalidInputError, match="names only the ends of its edges"):
            format_graph(graph, format_name)
        return
    text = format_graph(graph, format_name)
    for read in (
        matchgame.read_graph(text, format=format_name),
        matchgame.read_graph(text),  # the format is told from the text itself
    ):
        _same_graph(read, graph)
        assert list(read.names) == _expected_names(format_name, graph)


@settings(max_examples=examples(300), deadline=None)
@given(general_edge_lists(max_vertices=70))
def test_graph6_is_written_as_networkx_writes_it(case):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    theirs = nx.Graph()
    theirs.add_nodes_from(range(n))
    theirs.add_edges_from(graph.edges.tolist())
    assert format_graph(graph, "graph6") == nx.to_graph6_bytes(theirs, header=False)


def test_graph6_and_sparse6_are_written_as_nauty_writes_them():
    # nauty's copyg -s is the reference (NetworkX pads some sparse6 lines otherwise):
    # every graph on 6 vertices, and random ones up to 70 vertices, where vertex n - 2
    # ending the list on n = 2, 4, 8, 16, 32 or 64 vertices asks for nauty's padding
    require_nauty()
    random = np.random.default_rng(26)
    lines = geng_output(6).splitlines(keepends=True)
    for n in [*range(1, 71), 2, 4, 8, 16, 32, 64] * 12:
        pairs = random.integers(0, n, size=(int(random.integers(0, 3 * n + 1)), 2))
        if random.random() < 0.5 and n >= 2:
            pairs = np.vstack([pairs, [[0, n - 2]]])
            pairs = pairs[(pairs < n - 1).all(axis=1)]
        lines.append(format_graph(Graph.from_edges(n, pairs), "graph6"))
    graphs = [matchgame.read_graph(line, format="graph6") for line in lines]
    ours = b"".join(format_graph(graph, "sparse6") for graph in graphs)
    theirs = subprocess.run(
        ["nauty-copyg", "-s", "-q"], input=b"".join(lines), capture_output=True, check=True
    ).stdout
    assert ours.splitlines() == theirs.splitlines()
    assert (
        b"".join(lines)
        == subprocess.run(
            ["nauty-copyg", "-g", "-q"], input=theirs, capture_output=True, check=True
        ).stdout
    )


@settings(max_examples=examples(60), deadline=None)
@given(general_edge_lists(max_vertices=40))
def test_graph6_and_sparse6_written_a_piece_at_a_time_are_the_same(case):
    # tiny pieces cross every boundary: a graph6 group, a sparse6 edge's bits, a vertex jump
    n, edges = case
    graph = Graph.from_edges(n, edges)
    whole = format_graph(graph, "graph6"), format_graph(graph, "sparse6")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(graph6, "_GRAPH6_CHUNK", 6)
        patch.setattr(graph6, "_SPARSE6_CHUNK", 1)
        assert (format_graph(graph, "graph6"), format_graph(graph, "sparse6")) == whole


def test_sparse6_holds_a_graph_too_big_for_graph6():
    n = (1 << 18) + 5  # the long form of graph6's vertex count
    # (with edges enough that the reader's bound of vertices per byte lets it in)
    graph = Graph.from_edges(n, [(0, n - 1), *((v, v + 1) for v in range(3000))])
    with pytest.raises(InvalidInputError, match="write sparse6"):
        format_graph(graph, "graph6")
    _same_graph(matchgame.read_graph(format_graph(graph, "sparse6")), graph)


def test_names_survive_where_the_format_holds_them():
    snap = matchgame.read_graph("# ids\n10 7\n7 42\n", format="snap")
    assert list(matchgame.read_graph(format_graph(snap, "snap")).names) == [7, 10, 42]
    friends = nx.path_graph(["alice", "bob", "carol"])
    graphml = matchgame.read_graph(format_graph(friends, "graphml"))
    assert list(graphml.names) == ["alice", "bob", "carol"]
    assert graphml.edges.tolist() == [[0, 1], [1, 2]]
    gml = matchgame.read_graph(format_graph(graphml, "gml"))
    assert list(gml.names) == ["alice", "bob", "carol"]
    # a METIS file's numbers go out as SNAP ids and come back
    metis = matchgame.read_graph(b"% m\n3 2\n2\n1 3\n2\n")
    assert list(matchgame.read_graph(format_graph(metis, "snap"), format="snap").names) == [1, 2, 3]


def test_formats_that_cannot_hold_a_graphs_names_say_so():
    cells = matchgame.parse_board("1 2\n..\n").graph  # named by (row, col) cells
    with pytest.raises(InvalidInputError, match="SNAP ids are non-negative integers"):
        format_graph(cells, "snap")
    alike = nx.Graph([(1, "1")])
    with pytest.raises(InvalidInputError, match="names written alike"):
        format_graph(alike, "graphml")


def test_to_networkx_names_nodes_as_the_graph_names_vertices():
    friends = Graph.from_networkx(nx.path_graph(["alice", "bob", "carol"]))
    back = friends.to_networkx()
    assert list(back.nodes) == ["alice", "bob", "carol"]
    assert sorted(back.edges) == [("alice", "bob"), ("bob", "carol")]
    assert Graph.from_networkx(back).labels == friends.labels
    board = matchgame.parse_board("2 2\n..\n#.\n").graph
    assert sorted(board.to_networkx().nodes) == [(0, 0), (0, 1), (1, 1)]


@settings(max_examples=examples(100), deadline=None)
@given(general_edge_lists(max_vertices=30))
def test_to_networkx_and_to_scipy_give_back_the_same_graph(case):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    theirs = graph.to_networkx()
    assert theirs.number_of_nodes() == n and theirs.number_of_edges() == graph.n_edges
    _same_graph(Graph.from_networkx(theirs), graph)
    matrix = graph.to_scipy()
    assert matrix.shape == (n, n) and (matrix != matrix.T).nnz == 0
    assert matrix.dtype == np.int8 and matrix.nnz == 2 * graph.n_edges
    _same_graph(Graph.from_scipy(matrix), graph)


@pytest.mark.parametrize("format_name", sorted(FORMATS))
def test_write_graph_writes_to_paths_and_streams(tmp_path, format_name):
    graph = nx.path_graph(["a", "b", "c"]) if format_name != "snap" else nx.path_graph(3)
    expected = format_graph(graph, format_name)
    extension = (FORMATS[format_name].extensions or (".txt",))[0]
    path = tmp_path / f"g{extension}"
    matchgame.write_graph(graph, path)  # the format from the extension
    assert path.read_bytes() == expected
    matchgame.write_graph(graph, str(tmp_path / "h.any"), format=format_name)
    assert (tmp_path / "h.any").read_bytes() == expected
    binary = io.BytesIO()
    matchgame.write_graph(graph, binary, format=format_name)
    assert binary.getvalue() == expected
    text = io.StringIO()
    matchgame.write_graph(graph, text, format=format_name)
    assert text.getvalue().encode() == expected
    with open(tmp_path / "opened", "w", encoding="utf-8") as handle:
        matchgame.write_graph(graph, handle, format=format_name)
    assert (tmp_path / "opened").read_bytes() == expected


def test_write_graph_defaults_to_matchgames_edge_list(tmp_path):
    graph = Graph.from_edges(3, [(0, 1), (1, 2)])
    matchgame.write_graph(graph, tmp_path / "g.txt")
    assert (tmp_path / "g.txt").read_text() == "3 2\n1 2\n2 3\n"


def test_write_graph_refuses_an_extension_that_names_no_format(tmp_path):
    """``write_graph(g, "x.foo")`` wrote an edge list under a name that says nothing of it."""
    graph = Graph.from_edges(3, [(0, 1), (1, 2)])
    target = tmp_path / "x.foo"
    with pytest.raises(InvalidInputError, match=r"'\.foo' names no graph format") as raised:
        matchgame.write_graph(graph, target)
    message = str(raised.value)
    assert all(extension in message for extension in (".mtx", ".graphml", ".g6", "'.txt'"))
    assert "format=" in message and not target.exists()
    matchgame.write_graph(graph, target, format="dimacs")  # named: written as asked
    assert target.read_text() == "p edge 3 2\ne 1 2\ne 2 3\n"
    for name in ("plain", "g.in", "G.TXT"):  # matchgame's edge list
        matchgame.write_graph(graph, tmp_path / name)
        assert (tmp_path / name).read_text() == "3 2\n1 2\n2 3\n"


@pytest.mark.parametrize(
    ("graph", "target", "format_name", "error", "message"),
    [
        ("not a graph", io.BytesIO(), None, InvalidTypeError, "graph must be"),
        (nx.path_graph(2), 3, None, InvalidTypeError, "target must be a path or an open file"),
        (nx.path_graph(2), io.BytesIO(), "png", InvalidInputError, "unknown format 'png'"),
        (nx.path_graph(2), io.BytesIO(), 6, InvalidTypeError, "format must be a string"),
        (nx.empty_graph(2), io.BytesIO(), "snap", InvalidInputError, "has none"),
    ],
)
def test_write_graph_refuses_bad_arguments_before_writing(
    tmp_path, graph, target, format_name, error, message
):
    with pytest.raises(error, match=message) as raised:
        matchgame.write_graph(graph, target, format=format_name)
    assert isinstance(raised.value, MatchgameError)
    if not isinstance(target, io.BytesIO):
        return
    assert target.getvalue() == b""
    path = tmp_path / "never.edges"
    with pytest.raises(error):
        matchgame.write_graph(graph, path, format=format_name)
    assert not path.exists()


def test_graph6_refuses_a_graph_whose_text_would_not_fit(monkeypatch):
    monkeypatch.setattr("matchgame.core._memory.available_memory", lambda: 1 << 20)
    with pytest.raises(InvalidInputError, match="graph6 text of 30000 vertices needs about"):
        format_graph(Graph.from_edges(30000, []), "graph6")
