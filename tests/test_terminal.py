"""Terminal play fits the terminal: spaced, packed or windowed boards, the token
highlighted on colour terminals, one board a turn, empty lines re-prompt; boards
print as text the command line reads back."""

from __future__ import annotations

import re

import numpy as np
from cli_helpers import run_cli

from matchgame import Board, GameRecord
from matchgame.apps.play import game_session, run_terminal
from matchgame.draw.terminal import GridPicture, fit_grid
from matchgame.generate import random_board

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def play(session, lines, size=(80, 24), colour=False):
    """Drive run_terminal with typed ``lines``; everything written, and the prompts."""
    written: list[str] = []
    prompts: list[str] = []
    typed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    run_terminal(session, read, written.append, "legend", size=lambda: size, colour=colour)
    return "".join(written), prompts


def boards_in(output: str) -> int:
    """How many boards were drawn: each starts with the column-number line."""
    return sum(1 for line in output.splitlines() if line.lstrip().startswith("1 2 3"))


def test_small_boards_are_spaced_with_real_numbers():
    text = fit_grid(GridPicture(np.full((3, 12), ".")), 80, 24)
    assert text.splitlines()[0] == "   1  2  3  4  5  6  7  8  9 10 11 12"
    assert "rows" not in text


def test_wide_boards_are_packed_with_column_numbers_downwards():
    text = fit_grid(GridPicture(np.full((12, 60), ".")), 80, 40)
    lines = text.splitlines()
    assert lines[0] == "   " + "".join(str(c + 1).rjust(2)[0] for c in range(60))
    assert lines[1] == "   " + "".join(str(c + 1).rjust(2)[1] for c in range(60))
    assert lines[2] == " 1 " + "." * 60 and len(lines) == 2 + 12
    assert max(map(len, lines)) <= 80


def test_huge_boards_show_a_window_around_the_token():
    board = random_board(300, 300, 0.0, seed=1)
    session = game_session("vertex", board, you_move_first=True)
    session.play((150, 200))
    session.engine_move()
    text = session.picture(80, 24)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) <= 24
    window = re.fullmatch(r"rows (\d+)-(\d+), columns (\d+)-(\d+) of 300 x 300.*", lines[-1])
    assert window is not None
    top, bottom, left, right = map(int, window.groups())
    token = session.moves[-1]
    assert top <= token[0] + 1 <= bottom and left <= token[1] + 1 <= right
    # the token's mark sits under its real row and column numbers
    row_line = next(line for line in lines if line.startswith(f"{token[0] + 1} "))
    margin = len("300 ")
    assert row_line[margin + token[1] - (left - 1)] == "@"


def test_the_token_is_highlighted_only_in_colour():
    session = game_session("vertex", Board.from_rows(["...."]), you_move_first=True)
    session.play((0, 0))
    plain = session.picture(80, 24)
    coloured = session.picture(80, 24, colour=True)
    assert "\x1b" not in plain
    assert "\x1b[7m@\x1b[0m" in coloured
    assert ANSI.sub("", coloured) == plain


def test_one_board_a_turn_and_empty_lines_reprompt():
    session = game_session("vertex", Board.from_rows(["....."]), you_move_first=True)
    # place on the end (1 1) of a 5-cell corridor: a winning placement
    output, prompts = play(session, ["", "1 1", "", "1 3", "1 5"])
    assert "error" not in output.lower() and "expected" not in output
    before_move = output.split("engine plays")[0]
    assert boards_in(before_move) == 1  # the first board, not repeated for the empty line
    turns = output.split("engine plays")[1:]
    assert [boards_in(turn) for turn in turns] == [1, 2]  # one after each reply; the
    assert output.rstrip().endswith("You win!")  # last also shows the final position
    assert len(prompts) == 5


def test_print_board_is_readable_by_the_cli(tmp_path):
    board = random_board(5, 7, 0.3, seed=3)
    assert np.array_equal(Board.parse(str(board)).free, board.free)
    path = tmp_path / "printed.txt"
    path.write_text(str(board) + "\n")  # what print(board) > file writes
    assert run_cli("placements", str(path)).code == 0
    record = GameRecord.parse("1 6\nXO.OXO\n1\n1 2\n1 1\n")
    path.write_text(str(record) + "\n")
    assert run_cli("mistakes", str(path)).out == "1\n1\n"
    assert str(record.board).splitlines()[0] == "1 6"
    path.write_text(str(record.board) + "\n")  # a board alone: a record with no rounds
    assert run_cli("mistakes", str(path)).out == "0\n"
