"""The contest problems: the judge's comparison, the validators, the generated
families, the expected answers (checked against matchgame's own commands) and the
shrinking steps."""

from __future__ import annotations

import re

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import matchgame
from matchgame.contest.catalog import PROBLEMS, find_problem
from matchgame.contest.compare import Comparison
from matchgame.contest.problems import Size, compare
from matchgame.errors import InvalidInputError, ParseError
from matchgame.readers.boards import parse_board


def test_the_judge_compares_tokens() -> None:
    assert compare(b"WIN\n2 3\n3 2\n", b"WIN \n2   3\n3 2\n\n\n") is None
    assert compare(b"1\n1\n", b"1 1") is None  # line breaks are whitespace as well
    missing = compare(b"WIN\n2 3\n3 2\n", b"WIN\n2 3\n")
    assert missing is not None and (missing.line, missing.expected, missing.received) == (
        3,
        "3",
        None,
    )
    extra = compare(b"LOSE\n", b"LOSE\n1 1\n")
    assert extra is not None and (extra.line, extra.expected, extra.received) == (2, None, "1")
    assert compare(b"LOSE\n", b"lose\n") is not None


def _oracle(expected: bytes, received: bytes) -> tuple[int, str | None, str | None] | None:
    """The first differing token by the whole token lists (no streaming)."""
    wanted, got = re.findall(rb"\S+", expected), re.findall(rb"\S+", received)
    for k in range(max(len(wanted), len(got))):
        a = wanted[k] if k < len(wanted) else None
        b = got[k] if k < len(got) else None
        if a != b:
            return k, a and a.decode(), b and b.decode()
    return None


_PIECES = st.lists(st.sampled_from([b"1", b"2", b"WIN", b"LOSE", b" ", b"\n", b"\t", b"12"]))


@settings(max_examples=examples(500), deadline=None)
@given(_PIECES, _PIECES, st.lists(st.integers(0, 40), max_size=6))
def test_the_comparison_as_the_output_comes_is_the_whole_outputs(
    expected_pieces: list[bytes], received_pieces: list[bytes], cuts: list[int]
) -> None:
    """Fed in pieces cut anywhere (inside a token too), the first difference is the one
    the whole token lists give."""
    expected, received = b"".join(expected_pieces), b"".join(received_pieces)
    judged = Comparison(expected)
    at = 0
    for cut in sorted(cuts):
        judged.feed(received[at:cut])
        at = max(at, cut)
    judged.feed(received[at:])
    judged.finish()
    found = judged.difference
    wanted = _oracle(expected, received)
    if wanted is None:
        assert found is None
    else:
        assert found is not None and (found.token, found.expected, found.received) == wanted
        assert found.line == (compare(expected, received) or found).line


def test_a_long_token_is_cut_and_the_comparison_stops_at_the_first_difference() -> None:
    judged = Comparison(b"WIN\n1 1\n")
    judged.feed(b"WIN\n")
    judged.feed(b"\x1b[2J" + b"9" * 1000)
    judged.feed(b"9" * (15 << 20))  # after the difference: counted, not read
    judged.finish()
    assert judged.difference is not None
    text = judged.difference.text()
    assert len(text) < 200 and "\\x1b" in text and "..." in text, text
    assert judged.received_bytes > 15 << 20


@pytest.mark.parametrize("name", PROBLEMS)
def test_every_family_is_valid_and_answered_as_matchgame_answers(name: str) -> None:
    problem = find_problem(name)
    rng = np.random.default_rng(7)
    for family in problem.families:
        least = Size(2, 2) if name == "noi" else Size(1, 1)
        for size in (least, Size(5, 7), problem.limits.scaled(0.3)):
            case = problem.generate(family, rng, size)
            data = case.text()
            assert problem.validate(data, size) == case, (family, size)
            answer = problem.answer(case)
            if name in ("jsoi", "loj"):
                analysis = matchgame.analyse(parse_board(data))
                cells = [f"{r + 1} {c + 1}" for r, c in analysis.winning]
                head = str(len(cells)) if name == "loj" else ("WIN" if cells else "LOSE")
                assert answer.decode().split("\n")[:-1] == [head, *cells]
            elif name == "noi":
                mistakes = matchgame.analyse_record(matchgame.parse_noi_record(data)).mistakes()
                assert answer.split() == [str(x).encode() for x in [len(mistakes), *mistakes]]
            else:
                multigraph = name == "edge-graph"
                graph = matchgame.parse_edge_list(data, multigraph=multigraph)
                game = "edge" if multigraph else "vertex"
                winners = matchgame.analyse(graph, game=game).winning
                assert answer.split()[1:] == [str(v + 1).encode() for v in winners]


def test_the_all_win_and_all_lose_families_keep_their_promise() -> None:
    rng = np.random.default_rng(3)
    for name in ("jsoi", "graph", "edge-graph"):
        problem = find_problem(name)
        for _ in range(5):
            lose = problem.generate("all-lose", rng, Size(8, 30))
            assert problem.answer(lose).split()[0] == b"LOSE"
            win = problem.generate("all-win", rng, Size(8, 30))
            tokens = problem.answer(win).split()
            if hasattr(win, "rows"):  # every free cell, as "row col"
                assert len(tokens) - 1 == 2 * sum(row.count(".") for row in win.rows)
            else:
                assert len(tokens) - 1 == win.n


@pytest.mark.parametrize(
    ("name", "data", "fragment"),
    [
        ("jsoi", b"3 3\n.##\n..\n#.#\n", "line 3, column 3: row 2 has 2 characters, expected 3"),
        ("jsoi", b"0 3\n", "N = 0 is outside 1..100"),
        ("jsoi", b"3 3\n.##\n...\n#.#", "line 4, column 4: expected the end of the line"),
        ("jsoi", b"3  3\n", "line 1, column 3: expected the integer M, found a space"),
        ("jsoi", b"2 2\n.x\n..\n", "row 1: 'x' is not one of '.' '#'"),
        ("loj", b"1 1\n.\n\n", "line 3, column 1: expected the end of the file"),
        ("loj", b"101 1\n", "N = 101 is outside 1..100"),
        ("noi", b"1 3\nXO.\n1\n1 1\n1 2\n", "Bunny's move 1 (1, 1)"),
        ("noi", b"1 3\nX..\n1\n1 1\n1 2\n", "2 empty cells"),
        ("noi", b"1 5\nX.OXO\n1\n1 3\n1 4\n", "Egg has not won"),
        ("noi", b"1 3\nX.O\n0\n", "k = 0 is outside 1..1000"),
        ("graph", b"3 1\n1 4\n", "v of edge 1 = 4 is outside 1..3"),
        ("graph", b"3 2\n1 2\n", "expected the integer u of edge 2"),
        ("edge-graph", b"3 13\n2 3\n3 1\n" + b"1 2\n" * 11, "has 13 edges, more than 12"),
    ],
)
def test_the_validators_name_what_is_wrong(name: str, data: bytes, fragment: str) -> None:
    with pytest.raises(matchgame.MatchgameError) as caught:
        find_problem(name).validate(data)
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message


def test_the_samples_are_valid() -> None:
    assert find_problem("jsoi").answer(find_problem("jsoi").validate(b"3 3\n.##\n...\n#.#\n")) == (
        b"WIN\n2 3\n3 2\n"
    )
    noi = find_problem("noi")
    sample = b"4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n"
    assert noi.answer(noi.validate(sample)) == b"2\n1\n2\n"


@pytest.mark.parametrize("name", PROBLEMS)
def test_reductions_are_valid_and_smaller(name: str) -> None:
    problem = find_problem(name)
    rng = np.random.default_rng(11)
    for family in problem.families[:6]:
        case = problem.generate(family, rng, Size(6, 9))
        for smaller in problem.reductions(case):
            assert problem.measure(smaller) < problem.measure(case)
            if name != "noi":  # NOI's steps are checked where they are tried (shrink)
                problem.validate(smaller.text(), Size(1 << 30, 1 << 30))


def test_max_size_is_parsed_against_the_problem() -> None:
    assert find_problem("jsoi").parse_size("10x20") == Size(10, 20)
    assert find_problem("graph").parse_size("50") == Size(50, 250)
    with pytest.raises(InvalidInputError, match="expected rowsxcolumns"):
        find_problem("jsoi").parse_size("big")
    with pytest.raises(InvalidInputError, match="unknown problem 'ioi'"):
        find_problem("ioi")
    with pytest.raises(ParseError):
        find_problem("graph").validate(b"")


@pytest.mark.parametrize("name", PROBLEMS)
def test_each_problems_answers_are_as_its_statement_says(name):
    """Issue 42, 3: the contest tutorial states every problem's input and output from
    the problems' own ``input_format`` and ``output_format``; the judge's answers are
    as they say (WIN or LOSE, cells from 1 in row-major order, counts first)."""
    import re

    problem = find_problem(name)
    said = problem.output_format
    small = Size(5, 5) if name in ("jsoi", "loj", "noi") else Size(6, 8)
    rng = np.random.default_rng(42)
    for family in problem.stress_families * 3:
        case = problem.generate(family, rng, small)
        assert problem.validate(case.text()) is not None  # the input as stated
        lines = problem.answer(case).decode().splitlines()
        if name in ("jsoi", "graph", "edge-graph"):
            assert "`WIN`" in said and "`LOSE`" in said
            assert lines == ["LOSE"] or (lines[0] == "WIN" and len(lines) > 1), lines
            items = lines[1:] if lines[0] == "WIN" else []
        else:
            assert said.startswith("the number")
            assert int(lines[0]) == len(lines) - 1, lines
            items = lines[1:]
        keys = [tuple(map(int, item.split())) for item in items]
        width = 2 if name in ("jsoi", "loj") else 1
        assert all(len(key) == width and min(key) >= 1 for key in keys), items
        assert keys == sorted(set(keys)), items  # row-major, or increasing, no repeats
        if width == 2:
            assert "`ROW COL` (counted from 1)" in said and "row-major" in said
        else:
            assert "increasing order" in said
    assert problem.input_format and problem.input_format[0] == "`"
    assert re.search(r"`[nN] [mM]`", problem.input_format)
