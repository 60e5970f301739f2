"""The bundled examples anywhere: ``matchgame example NAME`` prints one, ``--list`` names
them, ``-o`` writes one; ``matchgame.examples.load`` reads one into what it is and
``text`` gives its text; a graph file's example is read in its format everywhere."""

from __future__ import annotations

from importlib import resources

import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
from matchgame import Board, GameRecord, Graph, TokenRecord
from matchgame.examples import EXAMPLES, UnknownExample, example, load, text


def test_every_example_is_installed_and_read_into_what_it_is():
    expected = {
        "board": Board,
        "edges": Graph,
        "mtx": Graph,
        "graphml": Graph,
        "noi": GameRecord,
        "walk-board": TokenRecord,
    }
    files = resources.files("matchgame.examples")
    for name, info in EXAMPLES.items():
        if info.kind == "graphml":
            pytest.importorskip("networkx")
        assert text(name) == files.joinpath(name + info.suffix).read_text()
        assert isinstance(load(name), expected[info.kind]), name
        assert example(name).file_name == name + info.suffix


def test_loaded_examples_answer_as_the_command_line_does():
    assert matchgame.analyse(load("jsoi")).winning == [(1, 2), (2, 1)]
    assert matchgame.analyse(load("c5")).winning == [1, 2, 3, 4, 5]  # the file's numbers
    king = matchgame.analyse(load("king"), moves=EXAMPLES["king"].moves)
    assert (king.moves, len(king.winning)) == ("king", 2)
    pytest.importorskip("networkx")
    assert matchgame.analyse(load("p3")).winning == ["a", "c"]


def test_an_unknown_example_names_the_examples():
    with pytest.raises(UnknownExample, match=r"unknown example 'nope' \(choose from jsoi, "):
        load("nope")
    with pytest.raises(matchgame.MatchgameError, match="unknown example"):
        text("nope")


def test_the_example_command_prints_writes_and_lists(tmp_path):
    printed = run_cli("example", "jsoi")
    assert printed.code == 0 and printed.out == text("jsoi") and printed.err == ""
    out = tmp_path / "c5.mtx"
    written = run_cli("example", "c5", "-o", str(out))
    assert written.code == 0 and written.out == "" and out.read_text() == text("c5")
    listed = run_cli("example", "--list")
    assert listed.code == 0
    lines = listed.out.splitlines()
    assert [line.split()[0] for line in lines] == list(EXAMPLES)
    assert lines[0].split(None, 2)[2].endswith(EXAMPLES["jsoi"].description)
    assert "Matrix Market file" in lines[list(EXAMPLES).index("c5")]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("example",), ("NAME", "--list")),
        (("example", "nope"), ("unknown example 'nope'", "jsoi")),
        (("example", "--list", "jsoi"), ("not both",)),
        (("example", "jsoi", "-o", "/nonexistent/board.txt"), ("cannot write", "board.txt")),
    ],
)
def test_the_example_commands_mistakes_are_one_line(args, fragments):
    assert_user_error(run_cli(*args), *fragments)


def test_a_saved_example_is_answered_as_the_example_is(tmp_path):
    """``matchgame example c5 > c5.mtx`` then ``placements c5.mtx`` is ``--example c5``."""
    path = tmp_path / "c5.mtx"
    path.write_text(text("c5"))
    from_file = run_cli("placements", str(path), "--format", "json")
    assert from_file.code == 0
    assert run_cli("placements", "--example", "c5", "--format", "json").out == from_file.out
    assert run_cli("placements", "--edges", "--example", "c5", "--format", "json").out == (
        from_file.out
    )
