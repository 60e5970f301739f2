"""Bunny and Egg (NOI2011): the reduction and the record analysis against a board oracle."""

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import SlidingOracle

from matchgame import GameRecord, IllegalMoveError, ParseError, analyse_record
from matchgame.generate import play_record, random_bunny_board, serpentine_record

SAMPLES = [
    ("1 6\nXO.OXO\n1\n1 2\n1 1\n", [1]),
    ("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n", []),
    ("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n", [1, 2]),
]


@pytest.mark.parametrize(("text", "mistakes"), SAMPLES)
def test_official_samples(text, mistakes):
    analysis = analyse_record(GameRecord.parse(text))
    assert analysis.mistakes("Bunny") == mistakes
    assert analysis.ended


@st.composite
def random_games(draw):
    """A random small board and a random legal record played on real board states."""
    n_rows = draw(st.integers(1, 4))
    n_cols = draw(st.integers(1, 5 if n_rows < 4 else 4))
    cells = draw(
        st.lists(st.sampled_from("OX"), min_size=n_rows * n_cols, max_size=n_rows * n_cols)
    )
    cells[draw(st.integers(0, n_rows * n_cols - 1))] = "."
    rows = ["".join(cells[r * n_cols : (r + 1) * n_cols]) for r in range(n_rows)]
    oracle = SlidingOracle(rows)
    state, moves = oracle.start, []
    while True:
        bunny_moves = oracle.legal_moves(state, 0)
        if not bunny_moves or draw(st.integers(0, 7)) == 0:
            break
        after_bunny = oracle.play(state, bunny := draw(st.sampled_from(bunny_moves)))
        egg_moves = oracle.legal_moves(after_bunny, 1)
        if not egg_moves:
            break
        egg = draw(st.sampled_from(egg_moves))
        state = oracle.play(after_bunny, egg)
        moves += [bunny, egg]
    text = f"{n_rows} {n_cols}\n" + "\n".join(rows) + f"\n{len(moves) // 2}\n"
    text += "".join(f"{r + 1} {c + 1}\n" for r, c in moves)
    return moves, text, oracle


@settings(max_examples=examples(1000), deadline=None)
@given(game=random_games())
def test_records_match_board_oracle(game):
    moves, text, oracle = game
    analysis = analyse_record(GameRecord.parse(text))
    state = oracle.start
    expected_wins = [oracle.mover_wins(state, 0)]
    for i, cell in enumerate(moves):
        state = oracle.play(state, cell)
        expected_wins.append(oracle.mover_wins(state, (i + 1) % 2))
    assert analysis.mover_wins.tolist() == expected_wins
    bunny_mistakes = [
        i // 2 + 1 for i in range(0, len(moves), 2) if expected_wins[i] and expected_wins[i + 1]
    ]
    assert analysis.mistakes("Bunny") == bunny_mistakes
    assert analysis.ended == (not oracle.legal_moves(state, 0))
    # every suggested winning move is legal and wins on the real board
    state = oracle.start
    for i, note in enumerate(analysis.annotations()):
        mover = i % 2
        if note.winning_move is None:
            assert not expected_wins[i]
        else:
            assert note.winning_move in oracle.legal_moves(state, mover)
            assert not oracle.mover_wins(oracle.play(state, note.winning_move), 1 - mover)
        state = oracle.play(state, note.move)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6), bunny=st.sampled_from(["random", "optimal"]))
def test_generated_records_are_legal_and_optimal_egg_never_errs(seed, bunny):
    board = random_bunny_board(4, 5, seed)
    record = play_record(board, seed, bunny=bunny, egg="optimal")
    record.check_legal()
    reparsed = GameRecord.parse(record.to_text())
    analysis = analyse_record(reparsed)
    assert analysis.mistakes("Egg") == []
    if bunny == "optimal":
        assert analysis.mistakes("Bunny") == []


def test_serpentine_record_is_legal_and_ends_with_egg_winning():
    record = serpentine_record(7)
    assert record.n_rounds == 24
    analysis = analyse_record(GameRecord.parse(record.to_text()))
    assert analysis.ended
    # the board has one more black-like cell than white ones: Bunny loses from the start
    assert not analysis.mover_wins[0]


@pytest.mark.parametrize(
    ("text", "error", "fragments"),
    [
        ("", ParseError, ["empty input"]),
        ("2\n", ParseError, ["line 1", "board size"]),
        ("1 3\nO.\n0\n", ParseError, ["line 2", "expected 3 characters, got 2"]),
        ("1 3\nO.a\n0\n", ParseError, ["line 2", "column 3", "'a'"]),
        ("1 3\nOXO\n0\n", ParseError, ["exactly one empty cell", "no '.'"]),
        ("1 3\n..O\n0\n", ParseError, ["exactly one empty cell", "2 '.'"]),
        ("1 3\nO.O\n", ParseError, ["line 3", "number of rounds"]),
        ("1 3\nO.O\n-1\n", ParseError, ["line 3", ">= 0"]),
        ("1 3\nO.O\nx\n", ParseError, ["line 3", "number of rounds"]),
        ("1 3\nO.O\n1\n1 1\n", ParseError, ["expected 2k = 2 moves, got 1"]),
        ("1 3\nO.O\n1\n1 1\n1 b\n", ParseError, ["line 5", "Egg's move 1", "not an integer"]),
        ("1 3\nO.O\n1\n1 1 1\n1 2\n", ParseError, ["line 4", "Bunny's move 1", "3 numbers"]),
        ("1 3\nO.O\n1\n1 4\n1 2\n", IllegalMoveError, ["line 4", "Bunny's move 1", "outside"]),
        ("1 3\nO.O\n1\n0 1\n1 2\n", IllegalMoveError, ["outside"]),
        ("1 4\nO.OX\n1\n1 4\n1 3\n", IllegalMoveError, ["line 4", "not next to the empty cell"]),
        ("1 3\nX.O\n1\n1 1\n1 2\n", IllegalMoveError, ["Bunny's move 1 (1, 1)", "white"]),
        ("1 3\nO.O\n1\n1 1\n1 2\n", IllegalMoveError, ["line 5", "Egg's move 1", "black"]),
        ("1 3\nO.O\n0\n\n7 7\n", ParseError, ["line 5", "unexpected content"]),
    ],
)
def test_bad_records(text, error, fragments):
    with pytest.raises(error) as info:
        GameRecord.parse(text)
    for fragment in fragments:
        assert fragment in str(info.value)


def test_crlf_and_trailing_spaces():
    text = "1 6 \r\nXO.OXO  \r\n1\r\n1 2 \r\n1 1\r\n\r\n"
    assert analyse_record(GameRecord.parse(text)).mistakes() == [1]


def test_arena_of_a_board():
    record = GameRecord.parse("2 3\n.OO\nXXO\n0\n")
    # the start (0, 0) has parity 0: enterable are the X cells of parity 0 and the O cells of
    # parity 1; the O at (0, 2) and the X at (1, 0) can never be entered
    assert record.board.arena.rows() == ["..#", "#.."]
