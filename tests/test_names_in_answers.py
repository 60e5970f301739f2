"""What a new user tripped on, round 2 (issue 26), one test or more an item: names
everywhere, graphs back out, hints, small wrongs, a python-chess feel."""

from __future__ import annotations

import json
import re

import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import bipartite_edge_lists, board_rows, general_edge_lists
from web_helpers import FRIENDS_GRAPHML

import matchgame
from matchgame import Graph, InvalidInputError, InvalidTypeError
from matchgame.core.labels import NodeLabels
from matchgame.core.names import FileNumbers

# -- small wrongs ------------------------------------------------------------------


def test_explain_takes_a_graph_and_checks_its_argument():
    nx = pytest.importorskip("networkx")
    why = matchgame.explain(nx.path_graph(3), 1)
    assert not why.placer_wins and why.name == 1
    assert matchgame.explain(Graph.from_edges(3, [(0, 1), (1, 2)]), 0).placer_wins
    with pytest.raises(InvalidTypeError, match="source must be"):
        matchgame.explain(3, 1)
    edge = matchgame.analyse(Graph.from_edges(2, [(0, 1)]), game="edge")
    assert not matchgame.explain(edge, 0).placer_wins  # every game's analysis explains


# -- --out-dir ---------------------------------------------------------------------


def test_out_dir_is_made_with_its_parents_and_said(tmp_path):
    boards = []
    for i in range(2):
        boards.append(tmp_path / f"{i}.in")
        boards[-1].write_text("3 3\n.##\n...\n#.#\n")
    out = tmp_path / "answers" / "today"
    run = run_cli("placements", *map(str, boards), "--out-dir", str(out))
    assert run.code == 0, run.err
    assert (out / "0.out").read_text() == "WIN\n2 3\n3 2\n"
    assert f"created the directory {str(out)!r}" in run.err
    again = run_cli("placements", *map(str, boards), "--out-dir", str(out))
    assert again.code == 0 and "created" not in again.err


# -- one naming rule for vertices across every face -----------------------------------

# a path alice - bob - carol: the placer wins on the ends
FRIENDS = FRIENDS_GRAPHML
GML_IDS = "graph [ node [ id 10 ] node [ id 20 ] node [ id 30 ] edge [ source 10 target 20 ] edge [ source 20 target 30 ] ]\n"  # noqa: E501


@pytest.fixture
def friends(tmp_path):
    pytest.importorskip("networkx")
    path = tmp_path / "friends.graphml"
    path.write_text(FRIENDS)
    return str(path)


def test_the_rule_for_labels_in_text_and_json():
    names = NodeLabels(["a", 7, ("x", 1), "New York", "", " pad", "tab\there", True])
    assert names.texts(range(8)) == [
        "a",
        "7",
        "('x', 1)",
        "New York",
        '""',
        '" pad"',
        '"tab\\there"',
        "True",
    ]
    assert names.json_array(range(8)) == [
        "a",
        7,
        "('x', 1)",
        "New York",
        "",
        " pad",
        "tab\there",
        "True",
    ]
    for v in range(8):  # what is written reads back, as text and as JSON
        assert names.parse(names.text(v)) == v
        assert names.from_json(names.json_value(v)) == v
    assert names.parse("  New York ") == 3
    with pytest.raises(InvalidInputError, match="no vertex is named so"):
        names.parse("b")
    with pytest.raises(InvalidInputError, match="not a node"):
        names.from_json(1)  # True is a label, not the number 1
    twins = NodeLabels([1, "1"])
    assert twins.json_array([0, 1]) == [1, "1"] and twins.from_json("1") == 1
    with pytest.raises(InvalidInputError, match="two vertices are written so"):
        twins.parse("1")
    numbers = NodeLabels([5, 3, 9])
    assert numbers.json_array([2, 0]).tolist() == [9, 5]  # an array: written fast


def test_graphs_name_their_vertices_as_their_files_do(friends):
    metis = matchgame.read_graph(b"3 2\n2\n1 3\n2\n", "metis")
    assert isinstance(metis.names, FileNumbers)
    assert list(metis.names) == [1, 2, 3] and matchgame.analyse(metis).winning == [1, 3]
    dimacs = matchgame.read_graph(b"p edge 3 2\ne 1 2\ne 2 3\n")
    mtx = matchgame.read_graph(
        b"%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n"
    )
    assert matchgame.analyse(dimacs).winning == matchgame.analyse(mtx).winning == [1, 3]
    assert matchgame.Position(dimacs, token=2).legal_moves() == [1, 3]
    assert list(matchgame.read_graph(b"3 2\n1 2\n2 3\n").names) == [0, 1, 2]  # ids, as before
    labelled = matchgame.read_graph(friends)
    assert list(labelled.names) == ["alice", "bob", "carol"] and "bob" in labelled.names
    why = matchgame.analyse(labelled).explain("carol")
    assert "vertex carol wins" in why.text() and "carol - bob - alice" in why.text()
    assert why.document()["path"] == ["carol", "bob", "alice"]
    nx = pytest.importorskip("networkx")
    assert "vertex 0 wins" in matchgame.explain(nx.path_graph(3), 0).text()


def test_the_command_line_answers_in_the_files_names(friends, tmp_path):
    run = run_cli("placements", friends)
    assert (run.code, run.out) == (0, "WIN\nalice\ncarol\n"), run.err
    assert run_cli("placements", friends, "--format", "loj").out == "2\nalice\ncarol\n"
    answer = json.loads(run_cli("placements", friends, "--format", "json").out)
    assert answer["winning_vertices"] == ["alice", "carol"]
    assert answer["decomposition"] == {"D": ["alice", "carol"], "A": ["bob"], "C": []}
    assert answer["matching"] in ([["alice", "bob"]], [["bob", "carol"]])
    gml = tmp_path / "ids.gml"
    gml.write_text(GML_IDS)
    assert json.loads(run_cli("placements", str(gml), "--format", "json").out)[
        "winning_vertices"
    ] == [10, 30]
    run = run_cli("explain", friends, "carol", "bob")
    assert run.code == 0, run.err
    first, second = run.out.splitlines()
    assert (
        first.startswith("Placing the token on vertex carol wins")
        and "carol - bob - alice" in first
    )
    assert second.startswith("Placing the token on vertex bob loses")
    document = json.loads(run_cli("explain", friends, "alice", "--format", "json").out)
    assert document["vertex"] == "alice" and document["replies"] == [["bob", "carol"]]
    assert_user_error(run_cli("explain", friends, "dave"), "'dave'", "alice, bob, carol")
    run = run_cli("play", friends, stdin="alice\ncarol\n")
    assert run.code == 0, run.err
    assert run.out == "engine: bob\nwinner: you\n"


def test_certificates_name_the_files_vertices_and_verify_reads_them_back(friends, tmp_path):
    run = run_cli("placements", friends, "--format", "json", "--certificate")
    answer = tmp_path / "answer.json"
    answer.write_text(run.out)
    assert run_cli("verify", friends, str(answer)).out == "ok\n"
    assert json.loads(run.out)["certificate"]["matching"] in ([[1, 2]], [[2, 3]])  # positions
    document = json.loads(run.out)
    document["winning_vertices"] = ["alice", "dave"]
    answer.write_text(json.dumps(document))
    run = run_cli("verify", friends, str(answer))
    assert run.code == 1 and '"dave" is not a vertex of the input' in run.out
    document["winning_vertices"] = ["carol", "alice"]
    answer.write_text(json.dumps(document))
    run = run_cli("verify", friends, str(answer))
    assert run.code == 1 and "(vertex alice)" in run.out  # named as the file names it
    graph = matchgame.read_graph(friends)
    analysis = matchgame.analyse(graph)
    from matchgame.certificates import check_answer
    from matchgame.writers.placements import format_placements

    assert check_answer(graph, format_placements(analysis, "json", analysis.certificate())) == []


def test_pictures_hook_the_files_names(friends, tmp_path):
    out = tmp_path / "friends.svg"
    assert run_cli("render", friends, "-o", str(out)).code == 0
    svg = out.read_text()
    assert all(f'data-vertex="{name}"' in svg for name in ("alice", "bob", "carol"))
    assert 'data-vertex="1"' not in svg


def test_the_web_api_speaks_the_files_names():
    pytest.importorskip("uvicorn")
    pytest.importorskip("networkx")
    from web_helpers import live_server, post

    from matchgame.apps.web import create_app

    with live_server(create_app()) as server:
        query = f"{server}/api/%s?edges=1&format=graphml"
        status, body = post(query % "placements", FRIENDS.encode())
        assert status == 200 and json.loads(body)["winning_vertices"] == ["alice", "carol"]
        payload = {"input": FRIENDS, "played": ["alice", "bob"]}  # as written, or as typed
        status, body = post(query % "position", json.dumps(payload).encode())
        position = json.loads(body)
        assert status == 200, body
        assert position["token"] == "bob" and position["legal_moves"] == ["carol"]
        status, body = post(query % "hint", json.dumps({"input": FRIENDS}).encode())
        assert json.loads(body)["move"] in ("alice", "carol")
        status, body = post(query % "explain" + "&at=carol", FRIENDS.encode())
        assert status == 200 and json.loads(body)["path"] == ["carol", "bob", "alice"]
        payload = {"input": FRIENDS, "played": ["dave"]}
        status, body = post(query % "position", json.dumps(payload).encode())
        assert status == 400 and "played[0]" in json.loads(body)["error"]


def _choices(command: str) -> dict[str, set[str]]:
    """``--option``: its choices, for each option of ``command`` that has some (the
    ``--game`` options check their values in a type, which also takes old spellings:
    their choices are the games they document)."""
    from matchgame.apps.cli import parser as cli

    documented: dict = {}
    subcommands = next(a for a in cli.build_parser()._actions if a.dest == "command")
    sub = subcommands.choices[command]
    found = {}
    for action in sub._actions:
        listed = getattr(action.type, "choices", None)  # --game: the registry's games
        choices = set(action.choices or listed or ()) or documented.get(action.type)
        for option in action.option_strings if choices else ():
            found[option] = choices
    return found


def test_the_readme_synopses_list_the_choices_the_parser_has():
    """``render [--game placement|bunny]`` left out ``walk``: every ``--option a|b``
    of a synopsis in the README is the parser's choices."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    checked = 0
    for line in readme.splitlines():
        command = re.match(r"matchgame (\w+) ", line)
        if command is None or command.group(1) == "sweep":
            continue
        choices = _choices(command.group(1))
        narrowed = re.search(r"(?<!\[)--edges\b", line)  # a synopsis for graphs only
        for option, listed in re.findall(r"(--[\w-]+) ([\w-]+(?:\|[\w-]+)+)", line):
            if narrowed:
                assert set(listed.split("|")) <= choices[option], (line, option)
            else:
                assert set(listed.split("|")) == choices[option], (line, option)
            checked += 1
    assert checked >= 8


def test_explain_takes_several_cells_of_one_file_as_its_synopsis_says(tmp_path):
    board = tmp_path / "jsoi.txt"
    board.write_text("3 3\n.##\n...\n#.#\n")
    run = run_cli("explain", str(board), "3", "2", "1", "1")
    assert run.code == 0, run.err
    assert [line[:40] for line in run.out.splitlines()] == [
        "Placing the token on cell 3 2 wins. A ma",
        "Placing the token on cell 1 1 loses. Eve",
    ]
    documents = run_cli("explain", "--example", "jsoi", "3", "2", "1", "1", "--format", "json")
    assert [json.loads(line)["vertex"] for line in documents.out.splitlines()] == [[3, 2], [1, 1]]
    usage = run_cli("explain", "--help").out
    assert "FILE ROW COL [ROW COL ...]" in usage and "[FILE ROW COL ..." not in usage
    assert_user_error(run_cli("explain", str(board), "3", "2", "1"), "ROW COL pairs")
    out = str(tmp_path / "x.svg")
    assert_user_error(run_cli("explain", str(board), "3", "2", "1", "1", "-o", out), "-o draws one")


# -- graphs back out: certificates as JSON, names as a sequence --------------------------


@settings(max_examples=examples(80), deadline=None)
@given(
    st.one_of(
        board_rows().map(lambda rows: (rows, "orthogonal")),
        board_rows(max_free=10).map(lambda rows: (rows, "king")),
        general_edge_lists().map(lambda case: (Graph.from_edges(*case), None)),
    )
)
def test_a_certificate_is_the_json_answers_certificate(case):
    from matchgame.certificates import check_answer
    from matchgame.games.vertex.certificate import make_certificate
    from matchgame.writers.placements import format_placements

    source, moves = case
    analysis = matchgame.analyse(source, moves=moves or "orthogonal")
    certificate = analysis.certificate()
    written = json.loads(format_placements(analysis, "json", make_certificate(analysis)))
    assert json.loads(json.dumps(certificate)) == certificate == written["certificate"]
    answer = json.dumps({**written, "certificate": certificate})
    checked = matchgame.Board.from_rows(source) if moves else source
    assert check_answer(checked, answer, moves=moves or "orthogonal") == []


@settings(max_examples=examples(40), deadline=None)
@given(bipartite_edge_lists())
def test_an_edge_game_certificate_is_the_json_answers_certificate(case):
    from matchgame.games.edge.certificate import make_edge_certificate
    from matchgame.writers.placements import format_placements

    analysis = matchgame.analyse(Graph.from_edges(*case), game="edge")
    certificate = analysis.certificate()
    written = json.loads(format_placements(analysis, "json", make_edge_certificate(analysis)))
    assert json.loads(json.dumps(certificate)) == certificate == written["certificate"]


def test_every_kind_of_names_is_a_sequence():
    nx = pytest.importorskip("networkx")
    board = matchgame.parse_board("2 2\n..\n#.\n").graph
    assert list(board.names) == [(0, 0), (0, 1), (1, 1)] and len(board.names) == 3
    kinds = [
        (Graph.from_edges(2, [(0, 1)]), [0, 1]),
        (matchgame.read_graph(b"% m\n2 1\n2\n1\n"), [1, 2]),
        (matchgame.read_graph(b"# s\n9 4\n", format="snap"), [4, 9]),
        (Graph.from_networkx(nx.path_graph(["x", "y"])), ["x", "y"]),
    ]
    for graph, names in kinds:
        assert list(graph.names) == names and [*reversed(list(graph.names))] == names[::-1]


# -- what python-chess users expect of a position ----------------------------------------


def test_a_board_position_draws_itself_as_text():
    position = matchgame.Position(matchgame.Board.from_rows([".##", "...", "#.#"]))
    assert str(position) == "  1 2 3\n1 . # #\n2 . . .\n3 # . #"  # placing: no marks
    position.push(position.parse_move("2 2"))
    assert str(position) == "  1 2 3\n1 . # #\n2 * @ *\n3 # * #"
    position.push((1, 0))
    assert str(position) == "  1 2 3\n1 * # #\n2 @ o .\n3 # . #"
    edge = matchgame.EdgePosition(matchgame.Board.from_rows(["...", "..."]))
    for move in [(0, 1), (1, 1), (1, 2), (0, 2), (0, 1)]:
        edge.push(move)
    # the token came back to (1, 2) round a square: the cells it left are marked, and its
    # one unused edge leads to (1, 1)
    assert str(edge) == "  1 2 3\n1 * @ o\n2 . o o"


def test_a_graph_position_lists_what_is_left_to_play():
    path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    position = matchgame.Position(path)
    assert str(position).splitlines() == [
        "no token: place it on any of 4 vertices",
        "1: 2",
        "2: 1 3",
        "3: 2 4",
        "4: 3",
    ]
    position.push(1)
    position.push(2)  # vertex 2 (id 1) is visited, the token is on vertex 3
    assert str(position).splitlines() == ["token on vertex 3; moves: 4", "1:", "@3: 4", "4: 3"]
    nx = pytest.importorskip("networkx")
    named = matchgame.Position(nx.path_graph(["a b", "c", "d"]), token="c")
    assert str(named).splitlines() == [
        "token on vertex c; moves: a b, d",
        "a b: c",
        "@c: a b, d",
        "d: c",
    ]
    loops = matchgame.MultiGraph(2, [(0, 1), (0, 1), (1, 1)])
    edge = matchgame.EdgePosition(loops, token=0)
    edge.push(1)
    assert str(edge).splitlines() == ["token on vertex 2; moves: 1 2", "1: 2", "@2: 1 2"]


def test_repr_counts_the_tokens_vertex_as_visited():
    position = matchgame.Position(matchgame.Board.from_rows(["...", "..."]))
    position.push((0, 0))
    assert (
        position.is_visited((0, 0)) and repr(position) == "<Position token=(0, 0) visited=1 of 6>"
    )


def _playouts(draw, game):
    n, edges = draw(general_edge_lists(max_vertices=8))
    graph = Graph.from_edges(n, edges) if game == "vertex" else matchgame.MultiGraph(n, edges)
    position = matchgame.game(game).position(graph)
    moves = []
    while position.legal_moves() and len(moves) < 30:
        moves.append(draw(st.sampled_from(position.legal_moves())))
        position.push(moves[-1])
    return graph, moves


@settings(max_examples=examples(150), deadline=None)
@given(st.data(), st.sampled_from(["vertex", "edge"]))
def test_outcome_and_parse_move_along_random_games(data, game):
    graph, moves = _playouts(data.draw, game)
    position = matchgame.game(game).position(graph)
    names = graph.names
    for played, move in enumerate(moves):
        assert position.outcome() is None and not position.is_game_over()
        legal = position.legal_moves()
        for other in legal:  # every legal move reads back from its text
            assert position.parse_move(" " + names.text(names.vertex(other)) + "\n") == other
        if len(legal) < names.n_vertices:
            illegal = next(v for v in range(names.n_vertices) if names.name(v) not in legal)
            with pytest.raises(matchgame.IllegalMoveError):
                position.parse_move(names.text(illegal))
        position.push(move)
        assert len(position.move_stack) == played + 1
    if position.legal_moves():
        assert position.outcome() is None
        return
    outcome = position.outcome()
    assert position.is_game_over() and outcome is not None
    # the player to move is stuck: the other one, who made the last move, has won
    assert outcome.loser == position.turn and outcome.moves == len(moves)
    assert outcome.winner == ("first" if len(moves) % 2 else "second")
    assert outcome.result() == ("1-0" if outcome.winner == "first" else "0-1")


def test_parse_move_refuses_what_is_not_a_move():
    position = matchgame.Position(matchgame.Board.from_rows([".##", "...", "#.#"]))
    with pytest.raises(matchgame.InvalidInputError, match="expected ROW COL"):
        position.parse_move("2")
    with pytest.raises(matchgame.InvalidInputError, match="blocked"):
        position.parse_move("1 2")
    with pytest.raises(InvalidTypeError, match="must be a str"):
        position.parse_move((1, 1))
    position.push((1, 1))
    with pytest.raises(matchgame.IllegalMoveError, match="has been visited"):
        position.parse_move("2 2")
    edge = matchgame.EdgePosition(Graph.from_edges(3, [(0, 1)]), token=0)
    with pytest.raises(matchgame.IllegalMoveError, match="there is no edge between 1 and 3"):
        edge.parse_move("3")


# -- play asks again after an illegal move, unless --strict ------------------------------


def test_play_asks_again_after_an_illegal_move(tmp_path, friends):
    board = tmp_path / "corridor.txt"
    board.write_text("1 3\n...\n")
    clean = run_cli("play", str(board), stdin="1 2\n")
    again = run_cli("play", str(board), stdin="one two\n5 5\n\n1 2\n")
    assert again.code == 0 and again.out == clean.out == "engine: 1 3\nwinner: engine\n"
    assert again.err.splitlines() == [
        "warning: input line 1: expected 'ROW COL', got 'one two'; your move again",
        "warning: input line 2: move 1 (your placement): 5 5 is not a legal move (legal: 1 1, "
        "1 2, 1 3); your move again",
    ]
    named = run_cli("play", friends, stdin="dave\nalice\ncarol\n")
    assert named.code == 0 and named.out == "engine: bob\nwinner: you\n"
    assert [line.split(":")[1] for line in named.err.splitlines()] == [" input line 1"]
    edge = run_cli("play", "--game", "edge", str(board), stdin="7 7\n1 2\n")
    assert edge.code == 0 and edge.out.endswith("winner: engine\n")
    assert edge.err.startswith("warning: input line 1: move 1 (your placement): 7 7 is not")
    stuck = run_cli("play", str(board), stdin="5 5\n")  # asked again, then the input ends
    assert stuck.code == 2 and stuck.err.splitlines()[-1].startswith("error: input line 2:")


def test_play_strict_ends_at_the_first_illegal_move(tmp_path):
    board = tmp_path / "corridor.txt"
    board.write_text("1 3\n...\n")
    run = run_cli("play", "--strict", str(board), stdin="5 5\n1 2\n")
    assert_user_error(run, "input line 1", "5 5 is not a legal move")


# -- small wrongs ------------------------------------------------------------------------


def test_an_analysis_repr_counts_winning_placements():
    assert repr(matchgame.analyse(Graph.from_edges(2, [(0, 1)]))) == (
        "<Analysis of a graph with 2 vertices and 1 edge: 0 winning placements, matching size 1>"
    )
    alone = Graph.from_edges(1, [])  # the opponent cannot move from the only vertex
    assert repr(matchgame.analyse(alone)).endswith(": 1 winning placement, matching size 0>")
    edge = matchgame.analyse(alone, game="edge")
    assert repr(edge).endswith("with 1 vertex and 0 edges: 1 winning placement>")
    board = matchgame.analyse([".##", "...", "#.#"])
    assert repr(board).endswith(": 2 winning placements, matching size 2>")


JSON_COMMANDS = [
    ["placements", "--example", "jsoi", "--format", "json", "--certificate"],
    ["placements", "--example", "jsoi", "--format", "json", "--game", "edge"],
    ["mistakes", "--example", "noi3", "--format", "json"],
    ["annotate", "--example", "walk", "--format", "json"],
    ["annotate", "--example", "walk", "--format", "json", "--game", "edge"],
    ["explain", "--example", "jsoi", "3", "2", "1", "1", "--format", "json"],
    ["explain", "--example", "jsoi", "3", "2", "--format", "json", "--game", "edge"],
]


@pytest.mark.parametrize("command", JSON_COMMANDS, ids=lambda c: " ".join(c[:1] + c[-2:]))
def test_json_is_compact_on_every_command_and_indented_on_request(command):
    compact = run_cli(*command)
    assert compact.code == 0, compact.err
    documents = [json.loads(line) for line in compact.out.splitlines()]
    assert compact.out == "".join(
        json.dumps(document, separators=(",", ":")) + "\n" for document in documents
    )
    indented = run_cli(*command, "--indent", "2")
    assert indented.code == 0, indented.err
    assert indented.out == "".join(json.dumps(d, indent=2) + "\n" for d in documents)


def test_indent_is_checked():
    assert_user_error(run_cli("placements", "--example", "jsoi", "--indent", "2"), "--format json")
    refused = run_cli("mistakes", "--example", "noi3", "--format", "json", "--indent", "99")
    assert refused.code == 2 and "from 0 to 16" in refused.err


def test_several_text_answers_are_named_as_head_names_files(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("3 3\n.##\n...\n#.#\n")
    second.write_text("1 2\n..\n")
    run = run_cli("placements", "--jobs", "1", str(first), str(second))
    assert run.code == 0
    assert run.out == f"==> {first} <==\nWIN\n2 3\n3 2\n\n==> {second} <==\nLOSE\n"
    # JSON stays one document a line, in the inputs' order
    run = run_cli("placements", "--format", "json", str(first), str(second))
    assert [json.loads(line)["placer_wins"] for line in run.out.splitlines()] == [True, False]


# -- hints that save a search ------------------------------------------------------------

P3_MTX = b"%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n"
P3_METIS = b"3 2\n2\n1 3\n2\n"  # METIS without a % line: its header is an edge list's


def test_a_graph_file_on_standard_input_is_named_with_its_option():
    run = run_cli("placements", stdin=P3_MTX)
    assert_user_error(run, "expected the board size", "Matrix Market", "--input-format mtx")
    assert run_cli("placements", "--input-format", "mtx", stdin=P3_MTX).out == "WIN\n1\n3\n"
    for flags in ([], ["--edges"]):
        run = run_cli("placements", *flags, stdin=P3_METIS)
        assert_user_error(run, "METIS", "(for those: --input-format metis)")
    assert run_cli("placements", "--input-format", "metis", stdin=P3_METIS).out == "WIN\n1\n3\n"
    # no hint where no format reads the text
    run = run_cli("placements", "--edges", stdin=b"3 2\n1 2\n2 x\n")
    assert_user_error(run, "line 3")
    assert "reads as" not in run.err


def test_many_graphs_where_one_is_expected_point_to_sweep(tmp_path):
    lines = b"Bw\nBW\nB?\n"  # graph6: a triangle, a path, no edge
    path = tmp_path / "three.g6"
    path.write_bytes(lines)
    for run in (run_cli("placements", str(path)), run_cli("placements", "--edges", stdin=lines)):
        assert_user_error(run, "the input holds 3", "matchgame sweep")
    single = tmp_path / "one.g6"
    single.write_bytes(b"Bw\n")
    assert run_cli("placements", str(single)).out == "WIN\n1\n2\n3\n"  # a triangle


def test_binary_junk_is_named_not_quoted(tmp_path):
    """Each reading says where it stopped and the one character there (issue 33, 7a: a
    file's text is never quoted; it once was, once for all readings)."""
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 4)
    for command in (
        ["render", str(junk), "-o", str(tmp_path / "x.svg")],
        ["render", "--edges", str(junk), "-o", str(tmp_path / "x.svg")],
        ["serve", str(junk), "--port", "0"],
    ):
        run = run_cli(*command)
        assert_user_error(run, "junk.bin: not", "line 1, column 1", "found 'P'")
        assert "PK" not in run.err, run.err


@pytest.mark.parametrize(
    "parse",
    [
        matchgame.parse_board,
        matchgame.parse_edge_list,
        matchgame.parse_noi_record,
        matchgame.parse_token_record,
    ],
)
def test_the_readers_take_text_or_bytes_only(parse):
    # bytes(10**12) would have been a terabyte of zeros; a list of rows, a TypeError
    for value in (10**12, ["..", ".."], None):
        with pytest.raises(InvalidTypeError, match=r"must be its text \(str\) or bytes"):
            parse(value)
    with pytest.raises(InvalidTypeError, match=r"Board.from_rows"):
        parse([".."])
