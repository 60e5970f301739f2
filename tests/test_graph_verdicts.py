"""Answers written into graph files (issue 35, 5): every vertex's verdict as a node
attribute of GraphML and GML (read back by NetworkX), or a row of a CSV table, for
every game, in the input's own node names and beside its own node attributes; the
same from the command line (``placements --graph-out``)."""

from __future__ import annotations

import csv
import io
import os
import sys

import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
import matchgame.games
from matchgame import InvalidInputError, InvalidParameterError, InvalidTypeError
from matchgame.writers.graphfiles import format_verdicts

nx = pytest.importorskip("networkx")

# a triangle with a tail (odd cycle: the edge game searches it) and a separate path
UNDIRECTED = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("x", "y")])
UNDIRECTED.add_edges_from([("p", "q"), ("q", "r")])
DIRECTED = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("x", "y"), ("y", "x")])
GAME_COLUMN = {
    "vertex": "gallai_edmonds",
    "edge": "role",
    "directed": "method",
    "directed-edge": "method",
}
GAME_VALUES = {
    "vertex": {"D", "A", "C"},
    "edge": {"S", "T", "search"},
    "directed": {"acyclic", "symmetric", "search"},
    "directed-edge": {"acyclic", "mirror", "search"},
}


def _source(game: str) -> object:
    return DIRECTED if matchgame.game(game).directed else UNDIRECTED


def _analysis(game: str) -> matchgame.BaseAnalysis:
    return matchgame.analyse(_source(game), game=game)


def _expected(analysis: matchgame.BaseAnalysis) -> dict[object, dict[str, object]]:
    """Per node name: what the analysis says of it, asked one vertex at a time."""
    columns = analysis.node_attributes()
    found = {}
    for v, name in enumerate(analysis.names):
        found[name] = {key: values[v] for key, values in columns.items()}
        assert found[name]["placer_wins"] == analysis.placer_wins_at(name)
    return found


@pytest.mark.parametrize("game", matchgame.games.names())
def test_every_game_says_a_verdict_and_its_own_column_for_every_vertex(game):
    analysis = _analysis(game)
    columns = analysis.node_attributes()
    assert list(columns) == ["placer_wins", GAME_COLUMN[game]]
    assert columns["placer_wins"] == analysis.winning_mask.tolist()
    assert set(columns[GAME_COLUMN[game]]) <= GAME_VALUES[game]
    assert all(len(values) == analysis.n_vertices for values in columns.values())


def test_the_columns_say_what_the_games_say():
    vertex = _analysis("vertex")
    classes = dict(zip(vertex.names, vertex.node_attributes()["gallai_edmonds"], strict=True))
    assert {name for name, k in classes.items() if k == "D"} == set(vertex.D)
    assert {name for name, k in classes.items() if k == "A"} == set(vertex.A)
    assert {name for name, k in classes.items() if k == "C"} == set(vertex.C)
    edge = _analysis("edge")
    roles = dict(zip(edge.names, edge.node_attributes()["role"], strict=True))
    assert {roles[v] for v in "abcde"} == {"search"}  # the triangle's component
    for name in "xypqr":
        why = edge.explain(name)
        assert roles[name] == ("S" if why.placer_wins else "T")
        if why.placer_wins:  # S holds the vertex; T is the set the opponent moves into
            assert why.vertex in why.parity_set
    directed = _analysis("directed")
    methods = directed.node_attributes()["method"]
    assert methods == [directed.method(name) for name in directed.names]


@pytest.mark.parametrize("game", matchgame.games.names())
def test_to_networkx_is_the_game_graph_with_the_answers(game):
    analysis = _analysis(game)
    G = analysis.to_networkx()
    kind = {
        "vertex": nx.Graph,
        "edge": nx.MultiGraph,
        "directed": nx.DiGraph,
        "directed-edge": nx.MultiDiGraph,
    }[game]
    assert type(G) is kind
    assert list(G.nodes) == list(analysis.names)
    assert dict(G.nodes(data=True)) == _expected(analysis)
    assert G.number_of_edges() == _source(game).number_of_edges()


@pytest.mark.parametrize("game", matchgame.games.names())
def test_graphml_read_back_by_networkx_holds_every_verdict(game, tmp_path):
    analysis = _analysis(game)
    path = tmp_path / "answered.graphml"
    matchgame.write_verdicts(analysis, path)
    G = nx.read_graphml(path)
    assert G.is_directed() == matchgame.game(game).directed
    assert dict(G.nodes(data=True)) == _expected(analysis)
    assert all(type(G.nodes[v]["placer_wins"]) is bool for v in G)


@pytest.mark.parametrize("game", matchgame.games.names())
def test_gml_read_back_by_networkx_holds_every_verdict(game, tmp_path):
    analysis = _analysis(game)
    path = tmp_path / "answered.gml"
    matchgame.write_verdicts(analysis, str(path))
    G = nx.read_gml(path)  # nodes by their labels: the names
    expected = _expected(analysis)
    for name, data in G.nodes(data=True):  # GML has no booleans: 1 and 0
        assert data == {**expected[name], "placer_wins": int(expected[name]["placer_wins"])}
    assert set(G) == set(expected)


@pytest.mark.parametrize("game", matchgame.games.names())
def test_csv_has_a_row_a_vertex(game, tmp_path):
    analysis = _analysis(game)
    path = tmp_path / "answered.CSV"  # the suffix in any case
    matchgame.write_verdicts(analysis, path)
    rows = list(csv.DictReader(path.open(newline="")))
    assert [row["vertex"] for row in rows] == list(analysis.names)
    expected = _expected(analysis)
    for row in rows:
        assert row["placer_wins"] == ("true" if expected[row["vertex"]]["placer_wins"] else "false")
        assert row[GAME_COLUMN[game]] == expected[row["vertex"]][GAME_COLUMN[game]]


GRAPHML = b"""<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="k0" for="node" attr.name="colour" attr.type="string"/>
  <key id="k1" for="node" attr.name="x" attr.type="double"/>
  <key id="k2" for="node" attr.name="y" attr.type="double"/>
  <graph id="g" edgedefault="undirected">
    <node id="alice">
      <data key="k0">red</data><data key="k1">0</data><data key="k2">1.5</data>
    </node>
    <node id="bob">
      <data key="k0">blue</data><data key="k1">2</data><data key="k2">0</data>
    </node>
    <node id="New York"><data key="k1">4</data><data key="k2">1</data></node>
    <edge source="alice" target="bob"/>
    <edge source="bob" target="New York"/>
  </graph>
</graphml>
"""


@pytest.mark.parametrize("format_name", ["graphml", "gml"])
def test_a_files_names_and_node_attributes_are_kept(format_name, tmp_path):
    source = tmp_path / f"people.{format_name}"
    if format_name == "graphml":
        source.write_bytes(GRAPHML)
    else:  # the same graph as GML, by NetworkX
        nx.write_gml(nx.read_graphml(io.BytesIO(GRAPHML)), source)
    graph = matchgame.read_graph(source)
    assert graph.names.positions().tolist() == [[0, 1.5], [2, 0], [4, 1]]
    for game in matchgame.games.names():
        analysis = matchgame.analyse(graph, game=game)
        out = tmp_path / f"out.{format_name}"
        matchgame.write_verdicts(analysis, out)
        G = nx.read_graphml(out) if format_name == "graphml" else nx.read_gml(out)
        assert list(G) == ["alice", "bob", "New York"]
        assert G.nodes["alice"]["colour"] == "red" and G.nodes["bob"]["colour"] == "blue"
        assert (G.nodes["New York"]["x"], G.nodes["New York"]["y"]) == (4, 1)
        assert bool(G.nodes["bob"]["placer_wins"]) == analysis.placer_wins_at("bob")
        assert GAME_COLUMN[game] in G.nodes["alice"]
        # and matchgame reads what it wrote under the same names, the answers beside
        again = matchgame.read_graph(out)
        assert list(again.names) == ["alice", "bob", "New York"]
        assert matchgame.analyse(again, game=game).winning == analysis.winning


def test_names_on_boards_and_numbered_graphs_are_the_answers_text(tmp_path):
    board = matchgame.analyse([".##", "...", "#.#"])
    rows = format_verdicts(board, "csv").decode().splitlines()
    assert rows[0] == "vertex,placer_wins,gallai_edmonds"
    winning = [row.split(",")[0] for row in rows[1:] if ",true," in row]
    assert winning == ["2 3", "3 2"]  # as placements writes them: row col, 1-based
    numbered = matchgame.analyse(matchgame.read_graph(b"3 2\n1 2\n2 3\n"))
    G = nx.read_graphml(io.BytesIO(format_verdicts(numbered, "graphml")))
    assert list(G) == ["1", "2", "3"] and G.nodes["2"]["placer_wins"] is False


def test_attributes_the_formats_cannot_hold_are_written_as_text():
    G = nx.Graph([("a", "b")])
    G.nodes["a"].update({"graphics": {"x": 1, "y": 2}, "tags": ("u", 2), "font size": 3})
    G.nodes["b"]["none"] = None
    analysis = matchgame.analyse(G)
    back = nx.read_graphml(io.BytesIO(format_verdicts(analysis, "graphml")))
    assert back.nodes["a"]["graphics"] == '{"x": 1, "y": 2}' and back.nodes["a"]["font size"] == 3
    assert "none" not in back.nodes["b"]
    gml = nx.parse_gml(format_verdicts(analysis, "gml").decode())
    assert gml.nodes["a"]["graphics"] == {"x": 1, "y": 2} and gml.nodes["a"]["font_size"] == 3


def test_writing_to_open_files(tmp_path):
    analysis = _analysis("vertex")
    binary, text = io.BytesIO(), io.StringIO()
    matchgame.write_verdicts(analysis, binary, format="csv")
    matchgame.write_verdicts(analysis, text, format="csv")
    expected = format_verdicts(analysis, "csv").decode()
    assert binary.getvalue().decode() == text.getvalue() == expected
    with pytest.raises(InvalidParameterError, match="give format="):
        matchgame.write_verdicts(analysis, io.BytesIO())


def test_mistakes_are_one_line_errors(tmp_path, monkeypatch):
    analysis = _analysis("vertex")
    with pytest.raises(InvalidParameterError, match=r"'out\.txt'.*\.graphml, \.gml or \.csv"):
        matchgame.write_verdicts(analysis, "out.txt")
    assert not os.path.exists("out.txt")
    with pytest.raises(InvalidParameterError, match="format must be one of"):
        matchgame.write_verdicts(analysis, tmp_path / "x.graphml", format="svg")
    with pytest.raises(InvalidTypeError, match="target"):
        matchgame.write_verdicts(analysis, 7)
    with pytest.raises(InvalidTypeError, match="analysis"):
        matchgame.write_verdicts(UNDIRECTED, tmp_path / "x.csv")
    alike = matchgame.analyse(matchgame.Graph.from_networkx(nx.Graph([(1, "1")])))
    with pytest.raises(InvalidInputError, match="written alike"):
        format_verdicts(alike, "csv")
    monkeypatch.setitem(sys.modules, "networkx", None)  # as if not installed
    for format_name, title in (("graphml", "GraphML"), ("gml", "GML")):
        with pytest.raises(ImportError, match=rf"writing {title} needs NetworkX.*graphs") as caught:
            format_verdicts(analysis, format_name)
        assert "\n" not in str(caught.value)
    assert format_verdicts(analysis, "csv").startswith(b"vertex,")  # CSV needs nothing


# -- the command line ---------------------------------------------------------------


def test_cli_graph_out_writes_the_graph_beside_the_answer(tmp_path):
    source = tmp_path / "people.graphml"
    source.write_bytes(GRAPHML)
    out = tmp_path / "answered.graphml"
    plain = run_cli("placements", str(source))
    run = run_cli("placements", str(source), "--graph-out", str(out))
    assert run.code == 0 and run.err == "" and run.out == plain.out  # the answer as ever
    G = nx.read_graphml(out)
    analysis = matchgame.analyse(matchgame.read_graph(source))
    assert dict(G.nodes(data="placer_wins")) == {n: analysis.placer_wins_at(n) for n in G}
    assert G.nodes["alice"]["colour"] == "red" and "gallai_edmonds" in G.nodes["alice"]


@pytest.mark.parametrize("game", matchgame.games.names())
def test_cli_graph_out_for_every_game(game, tmp_path):
    source = tmp_path / "g.graphml"
    nx.write_graphml(_source(game), source)
    for suffix in (".gml", ".csv"):
        out = tmp_path / f"answered{suffix}"
        run = run_cli("placements", str(source), "--game", game, "--graph-out", str(out))
        assert run.code == 0, run
        if suffix == ".csv":
            rows = list(csv.DictReader(out.open(newline="")))
            columns = {row["vertex"]: row[GAME_COLUMN[game]] for row in rows}
        else:
            columns = dict(nx.read_gml(out).nodes(data=GAME_COLUMN[game]))
        analysis = _analysis(game)
        assert columns == dict(
            zip(analysis.names, analysis.node_attributes()[GAME_COLUMN[game]], strict=True)
        )


def test_cli_graph_out_on_a_board(tmp_path):
    out = tmp_path / "jsoi.csv"
    assert run_cli("placements", "--example", "--graph-out", str(out)).code == 0
    assert out.read_text().splitlines()[0] == "vertex,placer_wins,gallai_edmonds"


def test_cli_graph_out_mistakes(tmp_path):
    assert_user_error(
        run_cli("placements", "--example", "--graph-out", str(tmp_path / "a.txt")),
        "--graph-out",
        ".graphml, .gml or .csv",
    )
    board = tmp_path / "b.txt"
    board.write_text("1 3\n...\n")
    assert_user_error(
        run_cli("placements", str(board), str(board), "--graph-out", str(tmp_path / "a.csv")),
        "one input",
    )
    assert_user_error(
        run_cli("placements", "--example", "--graph-out", str(tmp_path / "no" / "a.csv")),
        "cannot write",
    )
    # without NetworkX: GraphML and GML are refused before the input is read, CSV works
    fake = tmp_path / "site" / "networkx"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('no networkx here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake.parent), *sys.path])}
    assert_user_error(
        run_cli("placements", "--example", "--graph-out", str(tmp_path / "a.gml"), env=env),
        "writing GML needs NetworkX",
        "pip install networkx",
    )
    assert not (tmp_path / "a.gml").exists()
    run = run_cli("placements", "--example", "--graph-out", str(tmp_path / "a.csv"), env=env)
    assert run.code == 0 and (tmp_path / "a.csv").exists()
