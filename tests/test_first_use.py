"""What a new user tripped on (issue 20), one test each: wrong kinds of input named,
SciPy matrices taken, a busy port, closed pipes, typed moves quoted, records' reprs,
an example record to annotate, Position.turn and copy."""

from __future__ import annotations

import socket
import subprocess
import sys
from importlib import resources

import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
from matchgame import Board, GameRecord, Graph, InvalidTypeError, Position, TokenRecord, annotate

EXAMPLES = resources.files("matchgame.examples")


@pytest.mark.parametrize(
    ("command", "example", "kind", "suggestion"),
    [
        (["placements"], "noi3", "a NOI2011 record", "matchgame mistakes"),
        (["placements"], "petersen", "an edge list", "matchgame placements --edges"),
        (["mistakes"], "heart", "a board", "matchgame placements"),
        (["placements", "--edges"], "walk", "a token-game record", "matchgame annotate"),
        (["annotate"], "jsoi", "a board", "matchgame placements"),
    ],
)
def test_an_input_of_another_kind_is_named(command, example, kind, suggestion):
    path = str(EXAMPLES.joinpath(f"{example}.txt"))
    run = run_cli(*command, path)
    assert_user_error(run, f"the input reads as {kind}", f"(for those: {suggestion})")


def test_a_bad_input_of_no_other_kind_says_only_what_is_wrong():
    run = run_cli("placements", stdin="3 3\n.?#\n...\n#.#\n")
    assert_user_error(run, "unknown character")
    assert "reads as" not in run.err


def test_scipy_sparse_matrices_are_graphs():
    sparse = pytest.importorskip("scipy.sparse")
    path = sparse.csr_matrix([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    assert matchgame.analyse(path).winning == [0, 2]
    assert Position(path, token=1).winning_moves() == [0, 2]
    with pytest.raises(InvalidTypeError) as caught:
        matchgame.analyse(3.5)
    for accepted in ("Board", "row strings", "Graph", "NetworkX graph", "SciPy sparse"):
        assert accepted in str(caught.value)


def test_serve_on_a_busy_port_is_one_clean_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        run = run_cli("serve", "--port", str(port))
    assert_user_error(run, f"cannot listen on 127.0.0.1:{port}")
    assert "serving" not in run.err


def test_output_closed_by_its_reader_ends_quietly(tmp_path):
    """``matchgame ... | head -1``: no 'Broken pipe' message, the status of SIGPIPE."""
    board = tmp_path / "big.txt"
    board.write_text("1 200000\n" + "." * 200000 + "\n")
    for command in (["placements", str(board)], ["play", str(board), "--you", "second"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "matchgame", *command],
            stdin=subprocess.DEVNULL if command[0] == "placements" else subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # what head does after its line
        if proc.stdin is not None:
            proc.stdin.write(b"1 1\n" * 5)  # moves keep the engine answering
            proc.stdin.close()
        status = proc.wait(timeout=120)
        err = proc.stderr.read().decode()
        assert "Broken pipe" not in err and "Traceback" not in err, err
        assert status in (0, 141), (command, status, err)


def test_line_protocol_errors_quote_what_was_typed():
    run = run_cli("play", "--strict", "--example", "jsoi", stdin="abc\n")
    assert_user_error(run, "got 'abc'")
    assert "\N{REPLACEMENT CHARACTER}" not in run.err and "\\n" not in run.err


def test_records_show_themselves_briefly():
    record = GameRecord.parse("1 6\nXO.OXO\n1\n1 2\n1 1\n")
    assert repr(record) == "<GameRecord on a 1x6 board, 1 rounds>"
    assert repr(record.board) == "BunnyBoard.from_rows(['XO.OXO'])"
    assert repr(matchgame.analyse_record(record)).startswith("<RecordAnalysis of a 1x6 record")
    walk = TokenRecord.from_moves(Board.from_rows(["..."]), [(0, 0), (0, 1)])
    assert (
        repr(walk) == "<TokenRecord on a 1x3 board (orthogonal moves), 2 moves of vertex geography>"
    )
    assert "array" not in repr(annotate(walk))


def test_annotate_has_an_example_and_says_what_losing_means():
    run = run_cli("annotate", "--example")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].startswith("winning/losing: whether the player who moved can still force")
    assert sum("mistake:" in line for line in lines) == 5
    assert lines[-1] == "the first player wins"


def test_position_turn_and_copy():
    path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    position = Position(path)
    assert position.turn == "first"
    position.push(1)
    assert position.turn == "second"
    twin = position.copy()
    twin.push(2)
    assert position.move_stack == [1] and twin.move_stack == [1, 2]
    assert twin.turn == "first" and not position.is_visited(2) and twin.is_visited(2)
    assert twin.mover_wins() == Position(path, token=2, used=[1]).mover_wins()


def test_hex_matching_bars_are_drawn_above_the_cells():
    from matchgame import draw

    board = matchgame.parse_board(EXAMPLES.joinpath("hex.txt").read_text())
    scene = draw.analysis_scene(matchgame.analyse(board, moves="hex"), matching=True)
    svg = draw.to_svg(scene)
    bars = [
        i
        for i in range(len(svg))
        if svg.startswith("<polyline", i) and "#1f4e9a" in svg[i : i + 400]
    ]
    assert bars and min(bars) > svg.rfind("<circle")  # every bar after every disc


def test_graph_pictures_use_the_graph_names():
    nx = pytest.importorskip("networkx")
    from matchgame import draw

    people = nx.Graph([("alice", "bob"), ("bob", "carol"), ("carol", "dave")])
    svg = draw.to_svg(draw.analysis_scene(matchgame.analyse(people)))
    assert all(f">{name}</text>" in svg for name in ("alice", "bob", "carol", "dave"))
    petersen = draw.to_svg(draw.analysis_scene(matchgame.analyse(nx.petersen_graph())))
    assert ">0</text>" in petersen and ">10</text>" not in petersen  # 0..9, as the nodes are


def test_render_draws_token_game_records(tmp_path):
    out = tmp_path / "walk.svg"
    run = run_cli("render", "--example", "walk", "-o", str(out))
    assert run.code == 0, run.err
    svg = out.read_text()
    assert svg.count('stroke="#d7191c"') >= 5  # the five mistakes ringed
    record = tmp_path / "walk.txt"
    record.write_text(EXAMPLES.joinpath("walk.txt").read_text())
    assert run_cli("render", str(record), "-o", str(out)).code == 0  # recognised as a record
    run = run_cli("render", "--game", "walk", "--matching", str(record), "-o", str(out))
    assert_user_error(run, "--matching")


def test_the_hint_of_a_losing_player_is_the_best_defence():
    from matchgame.apps.play import game_session, run_terminal

    session = game_session("vertex", Board.from_rows(["..", ".."]), you_move_first=True)
    said: list[str] = []
    answers = iter(["hint", "quit"])
    run_terminal(session, lambda prompt: next(answers), said.append, "")
    text = "".join(said)
    assert "no winning move" in text and "the best defence is" in text
