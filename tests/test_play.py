"""Playing against the engine: the line protocol through pipes, the terminal under a pty."""

import os
import pty
import random
import select
import subprocess
import sys
import time

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, board_adjacency
from strategies import board_rows, general_edge_lists

from matchgame import Board
from matchgame.apps.play import game_session


class Driver:
    """Talks to `matchgame play` line by line, as a script would."""

    def __init__(self, path, *args):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "matchgame", "play", str(path), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def read(self) -> str:
        return self.proc.stdout.readline().strip()

    def send(self, row, col):
        self.proc.stdin.write(f"{row + 1} {col + 1}\n")
        self.proc.stdin.flush()

    def finish(self):
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err


def random_opponent_game(tmp_path, rows, you, seed):
    """Play random legal moves against the engine; return (winner line, first placement)."""
    board = Board.from_rows(rows)
    path = tmp_path / "board.txt"
    path.write_text(board.to_text())
    adjacency, cells = board_adjacency(rows)
    index = {cell: i for i, cell in enumerate(cells)}
    rng = random.Random(seed)
    driver = Driver(path, "--you", you)
    visited, token, first, my_turn = set(), None, None, you == "first"
    while True:
        options = (
            list(range(len(cells)))
            if token is None
            else [w for w in adjacency[token] if w not in visited]
        )
        if not options:
            break
        if my_turn:
            move = rng.choice(options)
            driver.send(*cells[move])
        else:
            line = driver.read()
            assert line.startswith("engine: "), line
            r, c = (int(x) - 1 for x in line.split()[1:])
            move = index[(r, c)]
            assert move in options, "the engine played an illegal move"
        if token is not None:
            visited.add(token)
        token = move
        first = move if first is None else first
        my_turn = not my_turn
    winner = driver.read()
    code, _, err = driver.finish()
    assert code == 0 and err == ""
    expected = "winner: you" if not my_turn else "winner: engine"
    assert winner == expected
    return winner, first, adjacency


@settings(max_examples=examples(300), deadline=None)
@given(rows=board_rows(max_side=4, max_free=12), you_first=st.booleans(), data=st.data())
def test_engine_never_loses_a_won_game_in_process(rows, you_first, data):
    board = Board.from_rows(rows)
    if board.n_free == 0:
        return
    oracle = GameOracle(board_adjacency(rows)[0])
    session = game_session("vertex", board, you_move_first=you_first)
    engine_won_position = None
    while not session.is_over():
        if session.your_turn:
            session.play(data.draw(st.sampled_from(session.legal_moves())))
        else:
            if engine_won_position is None:
                engine_won_position = session.position.mover_wins()
            session.engine_move()
    if engine_won_position:
        assert not session.winner_is_you()
    if not you_first:  # the engine placed: its verdict is the oracle's, and it keeps a win
        placer_can_win = any(oracle.placer_wins_at(v) for v in range(board.n_free))
        assert engine_won_position == placer_can_win
        if placer_can_win:
            assert not session.winner_is_you()


@pytest.mark.slow  # a session of the command line a case, through its line protocol
@settings(max_examples=examples(8), deadline=None)
@given(rows=board_rows(max_side=4, max_free=12), seed=st.integers(0, 10**6))
def test_engine_never_loses_a_won_game(tmp_path_factory, rows, seed):
    if not any("." in row for row in rows):
        return
    tmp_path = tmp_path_factory.mktemp("play")
    # the engine places first: it wins iff some placement wins
    winner, _, adjacency = random_opponent_game(tmp_path, rows, "second", seed)
    oracle = GameOracle(adjacency)
    if any(oracle.placer_wins_at(v) for v in range(len(adjacency))):
        assert winner == "winner: engine"
    # you place first: after your placement the engine wins iff the placement lost
    winner, first, _ = random_opponent_game(tmp_path, rows, "first", seed)
    if not oracle.placer_wins_at(first):
        assert winner == "winner: engine"


def test_bunny_protocol_and_illegal_move(tmp_path):
    record = tmp_path / "r.txt"
    record.write_text("3 3\nXOX\nO.O\nXOX\n0\n")
    driver = Driver(record, "--strict")  # a NOI2011 record: the vertex game's source
    driver.send(0, 1)  # a white piece next to the empty centre: legal for Bunny
    line = driver.read()
    assert line.startswith("engine: ")
    driver.send(2, 2)  # a corner, not next to the empty cell
    code, out, err = driver.finish()
    assert code == 2 and out == ""
    assert err.startswith("error: input line 2: Bunny's move 2") and "not a legal move" in err


def test_protocol_errors(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("1 3\n...\n")
    proc = subprocess.run(
        [sys.executable, "-m", "matchgame", "play", "--strict", str(board)],
        input="one two\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "expected 'ROW COL'" in proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "matchgame", "play", str(board)],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "ended before the game" in proc.stderr


def _play(*args: str, moves: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "matchgame", "play", *args],
        input=moves,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_line_protocol_takes_the_terminals_commands():
    """Piped, ``quit``, ``undo`` and ``hint`` were refused ("expected 'ROW COL'")."""
    run = _play("--example", "jsoi", "--strict", moves="hint\n3 2\nHINT\nundo\nquit\n")
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.splitlines() == [
        "hint: 2 3 wins",  # the first winning placement
        "engine: 2 2",
        "hint: 2 3 wins",  # the token's partner in the matching
        "undone: 3 2, 2 2",
        "winner: engine",  # quit: you resign
    ]
    # a lost position's hint is the best defence; the engine placed first
    run = _play("--example", "jsoi", "--you", "second", "--strict", moves="hint\nq\n")
    assert run.returncode == 0
    assert run.stdout.splitlines() == [
        "engine: 2 3",
        "hint: 2 2 (no move wins: the best defence)",
        "winner: engine",
    ]


def test_undo_with_nothing_to_take_back_is_a_warning_or_with_strict_an_error():
    run = _play("--example", "jsoi", moves="undo\n3 2\n2 3\n")
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "winner: you"
    assert run.stderr == (
        "warning: input line 1: nothing to undo: you have not moved yet; your move again\n"
    )
    run = _play("--example", "jsoi", "--strict", moves="undo\n")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == "error: input line 1: nothing to undo: you have not moved yet\n"


def test_a_vertex_named_like_a_command_is_a_move(tmp_path):
    """On a graph of labelled vertices a label such as 'q' is the move, not quit."""
    pytest.importorskip("networkx")
    graph = tmp_path / "letters.gml"
    graph.write_text(
        'graph [ node [ id 0 label "q" ] node [ id 1 label "hint" ] edge [ source 0 target 1 ] ]\n'
    )
    run = _play(str(graph), "--strict", moves="q\n")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["engine: hint", "winner: engine"]


def test_session_undo_and_hint():
    session = game_session("vertex", Board.from_rows(["...."]), you_move_first=True)
    session.play((0, 1))  # a losing placement on an even corridor
    assert session.hint() is not None  # the engine (to move) has a win
    session.engine_move()
    assert session.undo() and session.moves == []
    assert not session.undo()


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_terminal_mode_under_a_pty(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("1 3\n...\n")
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "play", str(board)],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        close_fds=True,
    )
    os.close(follower)
    screen = ""

    def read_until(text, timeout=60.0):
        nonlocal screen
        deadline = time.monotonic() + timeout
        while text not in screen and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    screen += os.read(leader, 4096).decode()
                except OSError:
                    break
        assert text in screen, screen
        return screen

    read_until("hint, undo, quit> ")
    os.write(leader, b"hint\n")
    read_until("hint: 1 1 wins")
    os.write(leader, b"1 1\n")  # an end of the 3-cell corridor: a winning placement
    read_until("engine plays 1 2")
    read_until("move 3 (your move)")
    os.write(leader, b"1 3\n")
    read_until("You win!")
    assert "1 2 3" in screen and "@" in screen  # the board with coordinates and the token
    proc.wait(timeout=60)
    os.close(leader)
    assert proc.returncode == 0


@settings(max_examples=examples(150), deadline=None)
@given(case=general_edge_lists(max_vertices=9), you_first=st.booleans(), data=st.data())
def test_engine_never_loses_a_won_game_on_graphs_with_odd_cycles(case, you_first, data):
    from matchgame import Graph
    from matchgame.apps.play import game_session

    n, edges = case
    if n == 0:
        return
    graph = Graph.from_edges(n, edges)
    oracle = GameOracle([graph.neighbours(v).tolist() for v in range(n)])
    session = game_session("vertex", graph, you_move_first=you_first)
    engine_won = None
    while not session.is_over():
        if session.your_turn:
            session.play(data.draw(st.sampled_from(session.legal_moves())))
        else:
            if engine_won is None:
                engine_won = session.position.mover_wins()
                walk = session.moves
                truth = (
                    any(oracle.placer_wins_at(v) for v in range(n))
                    if not walk
                    else oracle.mover_wins(walk[-1], walk[:-1])
                )
                assert engine_won == truth
            session.engine_move()
    if engine_won:
        assert not session.winner_is_you()


@settings(max_examples=examples(60), deadline=None)
@given(rows=board_rows(max_side=4, max_free=10), rule=st.sampled_from(["king", "hex"]))
def test_engine_keeps_its_wins_on_king_and_hex_boards(rows, rule):
    board = Board.from_rows(rows)
    if board.n_free == 0:
        return
    session = game_session("vertex", board, you_move_first=False, moves=rule)
    engine_wins = session.position.mover_wins()
    while not session.is_over():
        if session.your_turn:
            session.play(session.legal_moves()[0])  # a stubborn opponent
        else:
            session.engine_move()
    if engine_wins:
        assert not session.winner_is_you()
