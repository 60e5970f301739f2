"""Edge lists as people write them (issue 42, 1; issue 39, 2): what every edge-list
writer of NetworkX writes (``networkx.readwrite.edgelist``: ``write_edgelist`` with and
without data, ``write_weighted_edgelist``, ``generate_edgelist`` with a list of keys,
and a comma for a delimiter), answered with no option under any suffix; texts that
could be matchgame's ``n m`` edge list read as today, their errors naming the format
that reads them; and, under a game along arcs, the formats that carry direction read
as arcs, the others said to be read both ways (``"read_as"``)."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import matchgame
from matchgame.readers.pairs import reads_as_pairs
from matchgame.testing.faces import run_command


def cli(*argv: str) -> tuple[int, str, str]:
    """The command line in this process: status, out, err."""
    run = run_command(*argv)
    return run.code, run.out, run.err


def _weighted(graph: nx.Graph) -> nx.Graph:
    """The graph with a weight on every edge (write_weighted_edgelist needs one)."""
    copy = graph.copy()
    for k, (u, v) in enumerate(copy.edges):
        copy.edges[u, v]["weight"] = 0.5 + k % 7
    return copy


WRITERS = {
    # every writer of networkx.readwrite.edgelist, as a user calls it
    "write_edgelist(data=False)": lambda g, path: nx.write_edgelist(g, path, data=False),
    "write_edgelist()": lambda g, path: nx.write_edgelist(g, path),  # '0 1 {}'
    "write_edgelist(data=True) weighted": lambda g, path: nx.write_edgelist(_weighted(g), path),
    "write_weighted_edgelist": lambda g, path: nx.write_weighted_edgelist(_weighted(g), path),
    "generate_edgelist(data=['weight'])": lambda g, path: Path(path).write_text(
        "".join(line + "\n" for line in nx.generate_edgelist(_weighted(g), data=["weight"]))
    ),
    "write_edgelist(delimiter=',')": lambda g, path: nx.write_edgelist(g, path, delimiter=","),
    "a CSV with a header": lambda g, path: Path(path).write_text(
        "source,target,weight\n" + "".join(f"{u},{v},1\n" for u, v in g.edges)
    ),
    "a CSV with an index column": lambda g, path: Path(path).write_text(
        ",source,target\n" + "".join(f"{k},{u},{v}\n" for k, (u, v) in enumerate(g.edges))
    ),
}
SUFFIXES = (".txt", ".edgelist", ".edges", ".csv", "")


def les_miserables() -> nx.Graph:
    return nx.les_miserables_graph()


def gnm() -> nx.Graph:
    graph = nx.gnm_random_graph(40, 50, seed=7)
    graph.remove_nodes_from([v for v in list(graph) if graph.degree(v) == 0])
    return graph


GRAPHS = {
    "karate club": nx.karate_club_graph,
    "Les Miserables": les_miserables,
    "Petersen": nx.petersen_graph,
    "G(40, 50)": gnm,
    "a path of words": lambda: nx.path_graph(["a", "b", "c", "d"]),
    "ids from 1": lambda: nx.relabel_nodes(nx.cycle_graph(5), {v: v + 1 for v in range(5)}),
}


def expected_answer(graph: nx.Graph) -> list[str]:
    """The placements answer of the graph's own analysis, in its node names."""
    analysis = matchgame.analyse(graph)
    key = int if all(isinstance(v, int) for v in graph) else None
    ordered = sorted(analysis.winning, key=key) if key else analysis.winning
    names = [str(name) for name in ordered]
    return ["WIN", *names] if names else ["LOSE"]


@pytest.mark.parametrize("graph_name", sorted(GRAPHS))
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_every_networkx_edge_list_is_answered_with_no_option(tmp_path, graph_name, writer):
    graph = GRAPHS[graph_name]()
    csv = "," in writer or "CSV" in writer
    for suffix in SUFFIXES:
        if suffix == ".csv" and not csv:
            continue
        path = tmp_path / f"graph{suffix}"
        WRITERS[writer](graph, str(path))
        for flags in ([], ["--edges"]):
            code, out, err = cli("placements", *flags, str(path))
            assert (code, err) == (0, ""), (suffix, flags, err)
            assert sorted(out.split()) == sorted(expected_answer(graph)), (suffix, flags)


def test_the_karate_club_in_json_names_the_clubs_members(tmp_path):
    path = tmp_path / "karate.txt"
    nx.write_edgelist(nx.karate_club_graph(), path, data=False)
    code, out, _ = cli("placements", str(path), "--format", "json")
    document = json.loads(out)
    assert code == 0 and (document["vertices"], document["edges"]) == (34, 78)
    assert document["winning_vertices"] == sorted(matchgame.analyse(nx.karate_club_graph()).winning)


def test_names_with_a_blank_are_refused_naming_graphml(tmp_path):
    """NetworkX writes a name with a blank as it is ('(0, 0) (0, 1) {}' for a grid, 'Jean
    Valjean Myriel {}'); NetworkX's reader cannot read it back either: one line, and
    the format that keeps such names."""
    grid = nx.grid_2d_graph(3, 3)
    path = tmp_path / "grid.txt"
    nx.write_edgelist(grid, path)
    assert_user_error(run_cli("placements", str(path)), "line 1", "a name with a blank", "GraphML")
    nx.write_edgelist(grid, path, data=False)  # '(0, 0) (0, 1)': nothing tells
    assert_user_error(run_cli("placements", str(path)), "line 1")
    graphml = tmp_path / "grid.graphml"
    nx.write_graphml(grid, graphml)
    assert run_cli("placements", str(graphml)).code == 0


def test_an_adjacency_list_is_no_edge_list(tmp_path):
    """write_adjlist's lines hold a node and all its neighbours: never read as pairs
    (its last line is one node alone), so never a wrong answer."""
    path = tmp_path / "karate.txt"
    nx.write_adjlist(nx.karate_club_graph(), path)
    code, out, err = cli("placements", str(path))
    assert code == 2 and out == "" and err.startswith("error: ")


def test_matchgames_own_edge_list_reads_as_it_always_did(tmp_path):
    """'3 2' then '1 2' and '2 3' is matchgame's path of 3 vertices (as pairs it would
    be a path 3 - 2 - 1 ... with an edge 2 - 3): where the text can be matchgame's
    edge list, it is."""
    path = tmp_path / "p3.txt"
    path.write_text("3 2\n1 2\n2 3\n")
    assert cli("placements", "--edges", str(path))[1] == "WIN\n1\n3\n"
    code, _, err = cli("placements", str(path))  # a board by default: named as before
    assert code == 2 and "(for those: matchgame placements --edges)" in err


@pytest.mark.parametrize(
    ("text", "flags", "fragment"),
    [
        ("5 3\n1 2\n2 3\n", ["--edges"], "expected 3 edges, got 2"),  # or a truncated edge list
        ("5 3\n1 2\n2 3\n", [], "expected 5 rows"),
    ],
)
def test_pairs_that_could_be_matchgames_edge_list_name_the_option_that_reads_them(
    tmp_path, text, flags, fragment
):
    path = tmp_path / "pairs.txt"
    path.write_text(text)
    assert_user_error(
        run_cli("placements", *flags, str(path)),
        fragment,
        "reads as a SNAP edge list",
        "(for those: --input-format snap)",
    )
    assert run_cli("placements", "--input-format", "snap", str(path)).code == 0
    # standard input has no suffix: the same hint
    run = run_cli("placements", *flags, stdin=text)
    assert_user_error(run, fragment, "--input-format snap")


@pytest.mark.parametrize(
    "text",
    [
        "3 2\n1 2\n2 x\n",  # a word where a vertex goes
        "3 2\n1 2\n2 4\n",  # 'n m' over m lines: a vertex out of range
        "1 2\n1 3\n2 3\n",  # the same shape (a triangle from 1, as pairs): read as before
    ],
)
def test_a_mistake_in_matchgames_edge_list_gets_no_pairs_hint(text):
    run = run_cli("placements", "--edges", stdin=text)
    assert_user_error(run, "line ")
    assert "snap" not in run.err


def test_pairs_on_standard_input(tmp_path):
    karate = "".join(line + "\n" for line in nx.generate_edgelist(nx.karate_club_graph()))
    expected = expected_answer(nx.karate_club_graph())
    run = run_cli("placements", "--edges", stdin=karate)
    assert run.code == 0 and run.out.split() == expected
    run = run_cli("placements", stdin=karate)  # a board by default: the hint says how
    assert_user_error(run, "reads as a SNAP edge list", "--input-format snap")


# -- the sniffing rule, against what can be matchgame's own ---------------------------


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 30), st.integers(0, 30)).filter(lambda e: e[0] != e[1]),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from(["", " {}", " 1.5", ",", "\t"]),
)
def test_what_reads_as_pairs_is_no_edge_list_and_reads_back(edges, style):
    """Whatever the sniffing rule reads as pairs is read back with NetworkX's edges;
    whatever reads as matchgame's edge list is never taken for pairs."""
    if style == ",":
        text = "".join(f"{u},{v}\n" for u, v in edges)
    else:
        sep = "\t" if style == "\t" else " "
        data = style if style.strip() else ""
        text = "".join(f"{u}{sep}{v}{data}\n" for u, v in edges)
    data = text.encode()
    try:
        matchgame.parse_edge_list(data)
        edge_list = True
    except matchgame.MatchgameError:
        edge_list = False
    if reads_as_pairs(data, whole=True):
        assert not edge_list
        read = matchgame.read_graph(data)
        theirs = nx.Graph(edges)
        theirs.remove_edges_from(nx.selfloop_edges(theirs))
        ours = {frozenset(read.names.names(e)) for e in read.edges.tolist()}
        assert ours == {frozenset(e) for e in theirs.edges}
    elif style in ("", "\t"):
        # not read as pairs: it can be matchgame's edge list, or a mistake in one
        first = edges[0]
        assert first[0] >= 1 or first[1] == 0


# -- under a game along arcs ------------------------------------------------------------


def _directed(path: Path, *flags: str) -> dict:
    code, out, err = cli("placements", "--game", "directed", str(path), "--format", "json", *flags)
    assert (code, err) == (0, ""), err
    return json.loads(out)


@pytest.mark.parametrize("suffix", [".edges", ".txt", ".edgelist", ""])
def test_an_arc_alone_is_an_arc_and_the_placer_wins_at_its_head(tmp_path, suffix):
    """printf '0 1\\n' > a.edges: the arc 0 -> 1 (SNAP's directed data sets are so
    written); was symmetrised to 2 arcs and no winner."""
    path = tmp_path / f"a{suffix}"
    path.write_text("0 1\n")
    document = _directed(path)
    assert (document["arcs"], document["read_as"]) == (1, "arcs")
    assert document["placer_wins"] and document["winning_vertices"] == [1]
    text = run_cli("placements", "--game", "directed", str(path))
    assert text.out == "WIN\n1\n"


def test_networkx_digraphs_written_as_edge_lists_read_as_arcs(tmp_path):
    digraph = nx.gn_graph(30, seed=3)  # a random tree of arcs towards 0
    expected = matchgame.analyse(digraph, game="directed")
    for writer in (
        "write_edgelist(data=False)",
        "write_edgelist()",
        "write_edgelist(delimiter=',')",
    ):
        path = tmp_path / ("arcs.csv" if "," in writer else "arcs.txt")
        WRITERS[writer](digraph, str(path))
        document = _directed(path)
        assert document["arcs"] == digraph.number_of_edges() and document["read_as"] == "arcs"
        assert document["winning_vertices"] == sorted(expected.winning)


MTX = "%%MatrixMarket matrix coordinate pattern {}\n3 3 2\n{}\n"


def test_a_general_matrix_is_arcs_and_a_symmetric_one_both_ways(tmp_path):
    general = tmp_path / "g.mtx"
    general.write_text(MTX.format("general", "1 2\n2 3"))  # 1 -> 2 -> 3
    document = _directed(general)
    assert (document["arcs"], document["read_as"]) == (2, "arcs")
    assert document["winning_vertices"] == [1, 3]  # the mover on 2 moves to 3 and wins
    reversed_ = tmp_path / "r.mtx"
    reversed_.write_text(MTX.format("general", "2 1\n3 2"))  # 3 -> 2 -> 1
    assert _directed(reversed_)["winning_vertices"] == [1, 3]
    one_arc = tmp_path / "one.mtx"
    one_arc.write_text("%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 0.5\n")
    assert _directed(one_arc)["winning_vertices"] == [1]  # 2 -> 1: stuck on 1
    symmetric = tmp_path / "s.mtx"
    symmetric.write_text(MTX.format("symmetric", "2 1\n3 2"))
    document = _directed(symmetric)
    assert (document["arcs"], document["read_as"]) == (4, "symmetric")
    assert document["winning_vertices"] == [1, 3]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("p3.graph", "3 2\n2\n1 3\n2\n"),  # METIS: adjacency, edges only
        ("p3.dimacs", "p edge 3 2\ne 1 2\ne 2 3\n"),
    ],
)
def test_a_format_without_direction_says_it_was_read_both_ways(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    document = _directed(path)
    assert (document["arcs"], document["read_as"]) == (4, "symmetric")


def test_directed_graphml_and_digraphs_are_arcs(tmp_path):
    digraph = nx.DiGraph([("a", "b"), ("b", "c")])
    path = tmp_path / "abc.graphml"
    nx.write_graphml(digraph, path)
    document = _directed(path)
    assert (document["arcs"], document["read_as"]) == (2, "arcs")
    assert document["winning_vertices"] == ["a", "c"]
    assert matchgame.analyse(digraph, game="directed").answer()["read_as"] == "arcs"
    assert matchgame.analyse(digraph.to_undirected(), game="directed").answer()["read_as"] == (
        "symmetric"
    )
    assert matchgame.read_graph(b"0 1\n", "snap", directed=True).arcs.tolist() == [[0, 1]]


def test_verify_checks_the_answer_of_arcs_and_how_they_were_read(tmp_path):
    path = tmp_path / "dag.edges"
    path.write_text("0 1\n1 2\n0 2\n")
    code, out, _ = cli(
        "placements", "--game", "directed", str(path), "--format", "json", "--certificate"
    )
    answer = tmp_path / "answer.json"
    answer.write_text(out)
    assert cli("verify", "--game", "directed", str(path), str(answer))[:2] == (0, "ok\n")
    document = json.loads(out)
    document["read_as"] = "symmetric"
    answer.write_text(json.dumps(document))
    code, out, _ = cli("verify", "--game", "directed", str(path), str(answer))
    assert code == 1 and '"read_as"' in out


@pytest.mark.parametrize(
    "text",
    [
        b"9 " + b"7" * 5000 + b"\n",  # two fields: the compiled reader's clamp, then text
        b"9 " + b"7" * 5000 + b" {}\n",  # the reader of names and data
        b"source,target\n1," + b"7" * 5000 + b"\n",
        b"0 9223372036854775808\n",
    ],
)
def test_an_id_of_thousands_of_digits_is_refused_in_one_line(text):
    """Python refuses to convert a number of more than 4,300 digits (a ValueError, a
    traceback on the command line): the readers count the digits first."""
    with pytest.raises(matchgame.ParseError, match="an id is too large"):
        matchgame.read_graph(text, "snap")
    run = run_cli("placements", "--input-format", "snap", stdin=text)
    assert_user_error(run, "an id is too large")
