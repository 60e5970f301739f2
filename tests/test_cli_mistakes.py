"""`matchgame mistakes` end to end, through a subprocess."""

import json

import pytest
from cli_helpers import assert_user_error, run_cli
from test_bunny import SAMPLES


@pytest.mark.parametrize(("text", "mistakes"), SAMPLES)
def test_official_samples_byte_for_byte(text, mistakes):
    run = run_cli("mistakes", stdin=text)
    assert run.code == 0 and run.err == ""
    assert run.out == "".join(f"{x}\n" for x in [len(mistakes), *mistakes])


def test_official_sample_with_crlf_and_trailing_spaces():
    text = SAMPLES[2][0].replace("\n", " \r\n")
    assert run_cli("mistakes", stdin=text).out == "2\n1\n2\n"


def test_examples_and_files(tmp_path):
    assert run_cli("mistakes", "--example", "noi1").out == "1\n1\n"
    path = tmp_path / "record.txt"
    path.write_text(SAMPLES[1][0])
    assert run_cli("mistakes", str(path)).out == "0\n"


def test_json_annotates_every_move_of_both_players():
    run = run_cli("mistakes", "--format", "json", stdin=SAMPLES[2][0])
    document = json.loads(run.out)
    assert document["bunny_mistakes"] == [1, 2]
    assert document["egg_won"] is True
    assert [m["player"] for m in document["moves"]] == ["Bunny", "Egg", "Bunny", "Egg"]
    first = document["moves"][0]
    assert first == {
        "number": 1,
        "player": "Bunny",
        "round": 1,
        "move": [3, 2],
        "winning_before": True,
        "winning_after": False,
        "mistake": True,
        "winning_move": [3, 4],
    }
    assert [m["number"] for m in document["moves"]] == [1, 2, 3, 4]
    assert [m["round"] for m in document["moves"]] == [1, 1, 2, 2]
    for move in document["moves"]:
        assert move["mistake"] == (move["winning_before"] and not move["winning_after"])
        assert (move["winning_move"] is None) == (not move["winning_before"])


def test_record_not_won_by_egg_gets_a_warning():
    run = run_cli("mistakes", stdin="1 3\nO.O\n0\n")
    assert run.code == 0
    assert run.out == "0\n"
    assert run.err.startswith("warning: ") and len(run.err.splitlines()) == 1


@pytest.mark.parametrize(
    ("stdin", "fragments"),
    [
        ("", ["empty input"]),
        ("1 3\nO.\n0\n", ["line 2", "expected 3 characters"]),
        ("1 3\nO.Z\n0\n", ["line 2", "column 3"]),
        ("1 3\nOXO\n0\n", ["exactly one empty cell"]),
        ("1 3\n.O.\n0\n", ["exactly one empty cell"]),
        ("1 3\nO.O\n", ["line 3", "number of rounds"]),
        ("1 3\nO.O\n-2\n", ["line 3", ">= 0"]),
        ("1 3\nO.O\n2\n1 1\n1 2\n", ["expected 2k = 4 moves, got 2"]),
        ("1 3\nO.O\n1\n9 9\n1 2\n", ["line 4", "Bunny's move 1", "outside"]),
        ("1 4\nO.OX\n1\n1 4\n1 3\n", ["line 4", "Bunny's move 1 (1, 4)", "not next to"]),
        ("1 3\nO.O\n1\n1 1\n1 2\n", ["line 5", "Egg's move 1 (1, 2)", "black"]),
    ],
)
def test_bad_records(stdin, fragments):
    assert_user_error(run_cli("mistakes", stdin=stdin), *fragments)
