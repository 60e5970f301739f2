"""What ``matchgame sweep`` keeps of each graph: ``--filter`` (nauty's ``pickg`` way),
``--echo``, a JSON line's own fields, every graph format, and the API's sources.

Answers are checked against the brute-force game tree (tests/oracle.py).
"""

from __future__ import annotations

import inspect
import json
import os
import pydoc
import subprocess
from functools import cache

import networkx as nx
import numpy as np
import pytest
import scipy.sparse
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from nauty_helpers import geng_output, require_nauty
from oracle import GameOracle, max_matching_size

import matchgame
from matchgame import Graph, InvalidInputError, InvalidTypeError
from matchgame.readers.graph6 import decode_graph6_lines, graph6_line, parse_graph6
from matchgame.readers.inputs import UnreadableInput
from matchgame.sweep import Geng, sweep
from matchgame.sweep.filters import parse_condition


@cache
def _oracle_values(line: bytes) -> dict[str, int]:
    """What a condition may ask of the graph of one graph6 line, by brute force."""
    (graph,) = parse_graph6(line)
    adjacency = [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]
    game = GameOracle(adjacency)
    winning = sum(game.placer_wins_at(v) for v in range(graph.n_vertices))
    n = graph.n_vertices
    return {
        "n": n,
        "m": graph.n_edges,
        "matching_size": max_matching_size(adjacency),
        "winning": winning,
        "losing": n - winning,
        "placer_wins": winning > 0,
        "mover_wins": winning < n,
    }


# -- conditions ---------------------------------------------------------------------

_NUMBER_NAMES = ["n", "m", "matching_size", "winning", "losing"]
_COMPARISONS = ["==", "!=", "<", "<=", ">", ">="]


@st.composite
def conditions(draw, depth: int = 0) -> str:
    """A random condition; as Python text it means the same (no chained comparisons)."""
    choice = draw(st.integers(0, 4 if depth < 3 else 1))
    if choice == 0:
        return draw(st.sampled_from(["placer_wins", "mover_wins"]))
    if choice == 1:
        left = draw(st.one_of(st.sampled_from(_NUMBER_NAMES), st.integers(0, 9).map(str)))
        right = draw(st.one_of(st.sampled_from(_NUMBER_NAMES), st.integers(0, 9).map(str)))
        space = draw(st.sampled_from(["", " "]))
        return f"{left}{space}{draw(st.sampled_from(_COMPARISONS))}{space}{right}"
    if choice == 2:
        return f"not {draw(conditions(depth + 1))}"
    if choice == 3:
        return f"({draw(conditions(depth + 1))})"
    joiner = draw(st.sampled_from([" and ", " or "]))
    return draw(conditions(depth + 1)) + joiner + draw(conditions(depth + 1))


@settings(max_examples=examples(300), deadline=None)
@given(conditions())
def test_a_condition_means_what_python_makes_of_it(condition):
    """The parser (no eval) agrees with Python's own reading of the same text, on
    every graph up to 5 vertices, whose values come from the game tree."""
    require_nauty()
    lines = b"".join(geng_output(n) for n in range(1, 6)).splitlines()
    values = [_oracle_values(line) for line in lines]
    arrays = {name: np.array([v[name] for v in values]) for name in ("n", "m", "matching_size")}
    arrays["winning"] = np.array([v["winning"] for v in values])
    expected = [bool(eval(condition, {}, v)) for v in values]  # the test's oracle only
    vertex_values = matchgame.game("vertex").sweep_values
    assert parse_condition(condition, values=vertex_values).mask(arrays).tolist() == expected


def test_filter_writes_the_input_lines_of_the_graphs_that_meet_it():
    """As nauty's pickg: geng | sweep --filter ... | showg works, and the lines kept
    are exactly those the game tree says meet the condition, in the input's order."""
    require_nauty()
    data = geng_output(6)
    lines = data.splitlines()
    for condition in ("placer_wins", "not mover_wins", "matching_size>=3 and winning==n"):
        run = run_cli("sweep", "--filter", condition, "--jobs", "2", stdin=data)
        assert run.code == 0, run.err
        kept = [line for line in lines if eval(condition, {}, _oracle_values(line))]
        assert run.out.encode().splitlines() == kept
        counted = run_cli("sweep", "--filter", condition, "--count", stdin=data)
        assert json.loads(counted.out)["graphs"] == len(kept)
    shown = subprocess.run(
        ["nauty-showg"],
        input=run_cli("sweep", "--filter", "placer_wins", stdin=data).out.encode(),
        capture_output=True,
        check=True,
    )
    assert shown.stdout.count(b"Graph ") == sum(_oracle_values(x)["placer_wins"] for x in lines)


def test_filter_keeps_lines_as_read_and_json_lines_whole():
    data = b">>graph6<<Bw\r\nBW\r\n\r\n:Bc\r\n"
    run = run_cli("sweep", "--filter", "winning==3", stdin=data)
    assert run.out.encode().splitlines() == [b"Bw"]
    run = run_cli("sweep", "--filter", "m==2", stdin=data)
    assert run.out.encode().splitlines() == [b"BW", b":Bc"]
    json_lines = b'{"n": 3, "edges": [[0, 1]], "id": "a"}\n\n{"id": 7, "n": 2}\n'
    run = run_cli("sweep", "--filter", "winning>=2", stdin=json_lines)
    assert run.out == '{"id": 7, "n": 2}\n'
    documents = sweep(json_lines, filter="winning>=2", jobs=1)
    assert [(d["index"], d["id"]) for d in documents] == [(1, 7)]


@pytest.mark.parametrize(
    ("condition", "column", "said"),
    [
        ("placer_wins and", 16, "got the end"),
        ("matching_size=4", 14, "'==' compares"),
        ("winning >= -1", 12, "unexpected '-'"),
        ("n", 2, "n is a number"),
        ("placer_wins == 1", 13, "true or false"),
        ("(n > 1", 7, "expected ')'"),
        ("n > 1 m", 7, "expected 'and', 'or' or the end"),
        ("vertexes > 1", 1, "got 'vertexes'"),
        ("n > 1 and __import__('os')", 11, "got '__import__'"),
    ],
)
def test_a_bad_condition_names_the_column_of_its_bad_token(condition, column, said):
    run = run_cli("sweep", "--filter", condition, stdin=b"Bw\n")
    assert_user_error(run, "--filter", f"column {column}:", said)
    with pytest.raises(InvalidInputError, match=f"column {column}:"):
        sweep(b"Bw\n", filter=condition, jobs=1)


# -- --echo and a JSON line's own fields -----------------------------------------------


def test_echo_carries_each_graphs_text_as_read():
    data = b">>graph6<<Bw\r\nBW\n\n:Bc\nB\\\n"  # '\' is a graph6 byte, escaped in JSON
    run = run_cli("sweep", "--echo", "--jobs", "1", stdin=data)
    assert run.code == 0, run.err
    documents = [json.loads(line) for line in run.out.splitlines()]
    assert [d.get("graph6", d.get("sparse6")) for d in documents] == ["Bw", "BW", ":Bc", "B\\"]
    assert [list(d)[:2] for d in documents] == [["index", "graph6"]] * 2 + [
        ["index", "sparse6"],
        ["index", "graph6"],
    ]
    plain = [json.loads(line) for line in run_cli("sweep", stdin=data).out.splitlines()]
    for echoed, document in zip(documents, plain, strict=True):
        echoed.pop("graph6", None)
        echoed.pop("sparse6", None)
        assert echoed == document


def test_json_lines_keep_their_own_fields_and_echo_graph6():
    data = (
        b'{"id": "p3", "n": 3, "edges": [[0, 1], [1, 2]], "tags": {"a": [1]}}\n'
        b'{"n": 2, "edges": [], "id": 2}\n'
    )
    run = run_cli("sweep", "--echo", stdin=data)
    assert run.code == 0, run.err
    first, second = (json.loads(line) for line in run.out.splitlines())
    assert list(first)[:4] == ["index", "id", "tags", "graph6"]
    assert first["id"] == "p3" and first["tags"] == {"a": [1]} and second["id"] == 2
    (path,) = parse_graph6(first["graph6"].encode())
    assert path.edges.tolist() == [[0, 1], [1, 2]]
    assert first["winning_vertices"] == [1, 3]
    for field in ("index", "graph6", "winning_vertices", "matching"):
        clash = json.dumps({"n": 1, field: 0}).encode() + b"\n"
        assert_user_error(run_cli("sweep", stdin=clash), "line 1", repr(field), "rename")


def test_geng_answers_carry_graph6_the_same_whatever_the_parts():
    """The index of a geng sweep follows its parts; its graph6 is the graph's stable id."""
    require_nauty()
    whole = {d["graph6"]: d for d in sweep(geng_output(6), echo=True, jobs=1)}
    for parts in (3, 5):
        documents = sweep(Geng("6", parts=parts), jobs=2)
        assert len(documents) == len(whole)
        for document in documents:
            expected = dict(whole[document["graph6"]])
            expected.pop("index"), document.pop("index")
            assert document == expected
    run = run_cli("sweep", "--geng", "5", "--parts", "2")
    assert all('"graph6":' in line for line in run.out.splitlines())
    kept = run_cli("sweep", "--geng", "6", "--parts", "3", "--filter", "placer_wins")
    piped = run_cli("sweep", "--filter", "placer_wins", stdin=geng_output(6))
    assert sorted(kept.out.splitlines()) == sorted(piped.out.splitlines())
    assert len(kept.out.splitlines()) == sum(d["placer_wins"] for d in whole.values())


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--echo", "--count"], "--echo goes with the JSON lines"),
        (["--echo", "--filter", "placer_wins"], "--filter writes the input lines"),
        (["--geng", "4", "--input-format", "mtx"], "--input-format reads FILE"),
    ],
)
def test_options_that_do_not_go_together(options, said):
    assert_user_error(run_cli("sweep", *options, stdin=b"Bw\n"), said)


# -- graph6 written -----------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, 300), st.floats(0, 1), st.integers(0, 1000))
def test_graph6_lines_are_networkx_lines(n, density, seed):
    graph = nx.gnp_random_graph(n, density if n < 80 else density / 10, seed=seed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    ours = graph6_line(n, edges[:, ::-1] if seed % 2 else edges)  # either end first
    assert ours == nx.to_graph6_bytes(graph, header=False).strip()
    lines = decode_graph6_lines(ours + b"\n")
    assert lines.n_vertices.tolist() == [n]


# -- every format read_graphs reads -------------------------------------------------------


def _documents(run) -> list[dict]:
    assert run.code == 0, run.err
    return [json.loads(line) for line in run.out.splitlines()]


def test_every_graph_format_can_be_swept(tmp_path):
    graph = nx.petersen_graph()
    graph.remove_edges_from([(0, 1), (5, 7)])
    nx.set_node_attributes(graph, {}, "x")
    expected = sweep([graph], jobs=1)[0]
    files = {
        "p.mtx": "%%MatrixMarket matrix coordinate pattern symmetric\n10 10 13\n"
        + "".join(f"{max(u, v) + 1} {min(u, v) + 1}\n" for u, v in graph.edges()),
        "p.graph": "10 13\n"
        + "".join(" ".join(str(w + 1) for w in graph[v]) + "\n" for v in range(10)),
        "p.col": "p edge 10 13\n" + "".join(f"e {u + 1} {v + 1}\n" for u, v in graph.edges()),
        "p.txt": "10 13\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in graph.edges()),
        "p.g6": nx.to_graph6_bytes(graph, header=False).decode(),
    }
    nx.write_graphml(graph, tmp_path / "p.graphml")
    nx.write_gml(graph, tmp_path / "p.gml")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    names = sorted(os.listdir(tmp_path))
    formats = {"p.txt": "edgelist"}
    for name in names:
        path = str(tmp_path / name)
        extra = ["--input-format", formats[name]] if name in formats else []
        (document,) = _documents(run_cli("sweep", path, *extra))
        assert document == expected, name
        # on standard input no name tells: METIS without a '%' line needs saying
        if name == "p.graph":
            extra = ["--input-format", "metis"]
        piped = run_cli("sweep", *extra, stdin=(tmp_path / name).read_bytes())
        assert _documents(piped) == [expected], name
        assert sweep(path, format=formats.get(name), jobs=1) == [expected]
    together = _documents(run_cli("sweep", *(str(tmp_path / n) for n in names if n != "p.txt")))
    assert [d["index"] for d in together] == list(range(len(names) - 1))
    assert all({**d, "index": 0} == expected for d in together)
    kept = run_cli("sweep", "--filter", "n==10", str(tmp_path / "p.mtx"))
    assert kept.out.encode().strip() == nx.to_graph6_bytes(graph, header=False).strip()


def test_a_file_of_another_format_with_a_bad_line_is_one_error(tmp_path):
    path = tmp_path / "bad.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 9\n")
    assert_user_error(run_cli("sweep", str(path)), "line 3")


# -- the API's sources ------------------------------------------------------------------


def test_networkx_graphs_and_scipy_matrices_are_swept_as_graphs():
    graphs = [nx.path_graph(3), nx.complete_graph(4), nx.Graph([("a", "b")])]
    matrices = [nx.to_scipy_sparse_array(g) for g in graphs]
    ours = [Graph.from_networkx(g) for g in graphs]
    expected = sweep(ours, jobs=1)
    assert sweep(graphs, jobs=1) == expected
    assert sweep(matrices, jobs=1) == expected
    assert sweep(iter(graphs), jobs=2, count=True) == sweep(ours, jobs=1, count=True)
    assert [d["winning_vertices"] for d in expected] == [[1, 3], [], []]


@pytest.mark.parametrize(
    ("source", "error", "said"),
    [
        ([nx.path_graph(2), 5], InvalidTypeError, "graphs[1] must be a matchgame.Graph"),
        ([nx.DiGraph([(0, 1)])], InvalidInputError, "graphs[0] is directed"),
        (nx.path_graph(3), InvalidTypeError, "one networkx.classes.graph.Graph"),
        (scipy.sparse.eye(3, format="csr"), InvalidTypeError, "one scipy.sparse"),
        (42, InvalidTypeError, "got int"),
        ([np.zeros(2)], InvalidTypeError, "got numpy.ndarray"),
        ("Bw", UnreadableInput, "a str without a line break is taken as a path"),
        (["Bw\n"], InvalidInputError, "a list of str is a list of paths"),
    ],
)
def test_a_wrong_source_names_its_full_type_or_how_it_was_taken(source, error, said):
    with pytest.raises(error) as caught:
        sweep(source, jobs=1)
    assert said in str(caught.value)
    assert isinstance(caught.value, matchgame.MatchgameError)


def test_a_str_with_a_line_break_is_graph_text():
    """As read_graphs takes a str: text when it has a line break (was: a file name)."""
    assert sweep("Bw\nBW\n", jobs=1) == sweep(b"Bw\nBW\n", jobs=1)
    assert sweep("Bw\r\n", count=True, jobs=1).graphs == 1


def test_help_and_signature_show_the_real_parameters():
    signature = inspect.signature(matchgame.sweep)
    assert list(signature.parameters) == list(inspect.signature(sweep).parameters)
    assert signature.parameters["count"].default is False
    text = pydoc.render_doc(matchgame.sweep, renderer=pydoc.plaintext)
    assert "matchgame.sweep(graphs_or_source, *, count=False, echo=False, filter=None" in text
    assert "*args" not in text
    assert matchgame.sweep(b"Bw\n", count=True, jobs=1).graphs == 1
    import matchgame.sweep as module

    assert module is matchgame.sweep and module.sweep is sweep
    assert not {"inspect", "sys", "ModuleType"} & set(dir(matchgame))


@pytest.mark.parametrize(
    ("options", "error", "said"),
    [
        ({"count": 1}, InvalidTypeError, "count must be True or False"),
        ({"echo": "yes"}, InvalidTypeError, "echo must be True or False"),
        ({"echo": True, "count": True}, InvalidInputError, "echo goes with the documents"),
        ({"filter": 5}, InvalidTypeError, "filter must be a string"),
        ({"format": "dot"}, InvalidInputError, "format must be one of"),
        ({"chunk_bytes": 0}, InvalidInputError, "chunk_bytes"),
    ],
)
def test_wrong_options_are_refused_before_anything_is_read(options, error, said):
    with pytest.raises(error, match=said):
        sweep(b"Bw\n", jobs=1, **options)


def test_a_format_for_what_has_none_is_refused():
    with pytest.raises(InvalidInputError, match="format names the format of text or files"):
        sweep([nx.path_graph(2)], format="mtx", jobs=1)
    with pytest.raises(InvalidInputError, match="format names the format"):
        sweep(Geng("4"), format="graph6", jobs=1)


def test_conditions_are_bounded_in_length_and_depth():
    """No condition makes the parser (or the masks, or pickling them to the workers)
    recurse without bound: long chains are flat, nesting is limited."""
    chain = " and ".join(["n>1"] * 120)
    assert len(sweep(b"Bw\nBW\n", filter=chain.replace("n>1", "n>3", 1), jobs=2)) == 0
    assert len(sweep(b"Bw\nBW\n", filter=chain, jobs=2)) == 2
    assert len(sweep(b"Bw\n", filter=" or ".join(["n>5"] * 120) + " or m==3", jobs=1)) == 1
    deep = "(" * 32 + "placer_wins" + ")" * 32
    assert len(sweep(b"Bw\n", filter=deep, jobs=1)) == 1
    for condition, said in (
        ("(" * 33 + "placer_wins" + ")" * 33, "column 33: more than 32 levels"),
        ("not " * 40 + "placer_wins", "column 129: more than 32 levels"),
        ("(" * 5000 + "n>1" + ")" * 5000, "10,003 characters long"),
    ):
        assert_user_error(run_cli("sweep", "--filter", condition, stdin=b"Bw\n"), said)


DIRECTED_GRAPHML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
    '<graph edgedefault="directed"><node id="a"/><node id="b"/>'
    '<edge source="a" target="b"/></graph></graphml>\n'
)


@pytest.mark.parametrize("game", matchgame.games.names())
def test_a_directed_graph_file_is_refused_by_every_games_sweep(tmp_path, game):
    """A directed GraphML file was read as arcs the sweep cannot carry: every game's
    sweep refuses it in one line that names the file and the command that answers it."""
    path = tmp_path / "arcs.graphml"
    path.write_text(DIRECTED_GRAPHML)
    result = run_cli("sweep", str(path), "--count", "--game", game)
    assert_user_error(result, "arcs.graphml: graph 1 is directed", "--game directed")
    with pytest.raises(InvalidInputError, match=r"graphs\[0\] is directed"):
        matchgame.sweep([nx.DiGraph([(0, 1)])], game=game)
