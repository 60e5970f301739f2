"""`matchgame placements` end to end, through a subprocess."""

import json

import pytest
from cli_helpers import assert_user_error, run_cli

JSOI_SAMPLE = "3 3\n.##\n...\n#.#\n"


def test_jsoi_sample_default_format():
    run = run_cli("placements", stdin=JSOI_SAMPLE)
    assert (run.code, run.out, run.err) == (0, "WIN\n2 3\n3 2\n", "")


def test_file_argument_and_dash(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(JSOI_SAMPLE)
    assert run_cli("placements", str(path)).out == "WIN\n2 3\n3 2\n"
    assert run_cli("placements", "-", stdin=JSOI_SAMPLE).out == "WIN\n2 3\n3 2\n"


def test_lose():
    assert run_cli("placements", stdin="2 2\n..\n..\n").out == "LOSE\n"


def test_loj_format():
    run = run_cli("placements", "--format", "loj", stdin=JSOI_SAMPLE)
    assert run.out == "2\n2 3\n3 2\n"
    assert run_cli("placements", "--format", "loj", stdin="1 2\n..\n").out == "0\n"


def test_json_format():
    run = run_cli("placements", "--format", "json", stdin=JSOI_SAMPLE)
    assert json.loads(run.out) == {
        "rows": 3,
        "cols": 3,
        "free_cells": 5,
        "matching_size": 2,
        "placer_wins": True,
        "winning_cells": [[2, 3], [3, 2]],
        "matching": [[1, 1, 2, 1], [2, 2, 3, 2]],
    }


def test_board_format():
    run = run_cli("placements", "--format", "board", stdin=JSOI_SAMPLE)
    lines = run.out.splitlines()
    assert lines[:3] == [".##", "..W", "#W#"]
    assert lines[3].startswith("W placer wins")
    assert len(lines) == 4


def test_crlf_and_trailing_whitespace():
    run = run_cli("placements", stdin=b"3 3\r\n.## \r\n...\r\n#.#\r\n\r\n\r\n")
    assert run.out == "WIN\n2 3\n3 2\n"


def test_bundled_examples():
    assert run_cli("placements", "--example").out == "WIN\n2 3\n3 2\n"
    heart = run_cli("placements", "--example", "heart", "--format", "board")
    assert heart.code == 0 and "W" in heart.out


@pytest.mark.parametrize(
    ("stdin", "fragments"),
    [
        ("", ["empty input"]),
        ("abc\n...\n", ["line 1", "two integers"]),
        ("3\n", ["line 1", "two integers"]),
        ("0 5\n", ["line 1", "positive"]),
        ("3 3\n...\n...\n", ["line 4", "expected 3 rows"]),
        ("3 3\n...\n..\n...\n", ["line 3", "expected 3 characters, got 2"]),
        ("2 3\n...\n.?.\n", ["line 3", "column 2", "'?'"]),
        ("1 1\n.\n\n#\n", ["line 4", "unexpected content"]),
        ("999999999 999999999\n", ["line 1", "more than"]),
        (b"1 2\n.\xff\n", ["line 2", "column 2"]),
    ],
)
def test_bad_input(stdin, fragments):
    assert_user_error(run_cli("placements", stdin=stdin), *fragments)


def test_unreadable_file(tmp_path):
    assert_user_error(run_cli("placements", str(tmp_path / "missing.txt")), "cannot read")
    assert_user_error(run_cli("placements", str(tmp_path)), "cannot read")


def test_bad_options():
    assert_user_error(run_cli("placements", "--format", "xml", stdin=JSOI_SAMPLE), "--format")
    assert_user_error(run_cli("placements", "--example", "nope"), "unknown example")
    assert_user_error(run_cli("placements", "x.txt", "--example"), "either FILE or --example")
    assert_user_error(run_cli("frobnicate"), "invalid choice")


def test_no_command_prints_usage_and_the_commands():
    run = run_cli()
    assert run.code == 2 and run.out == ""
    assert run.err.startswith("usage: matchgame")
    for command in ("placements", "verify", "render", "play", "mistakes"):
        assert f"    {command} " in run.err
