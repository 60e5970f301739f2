"""The command line's edges: odd inputs, closed or full outputs, Ctrl-C, hostile sizes.

Each test pins a case that once ended in a traceback or ate memory.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli

JSOI = b"3 3\n.##\n...\n#.#\n"
JSOI_ANSWER = "WIN\n2 3\n3 2\n"
MATCHGAME = [sys.executable, "-m", "matchgame"]


def _shell(command: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run ``command`` in bash with ``$MG`` the matchgame program."""
    env = {**os.environ, "MG": " ".join(MATCHGAME)}
    return subprocess.run(
        ["bash", "-c", command], input=stdin, capture_output=True, env=env, timeout=120
    )


def test_board_header_of_thousands_of_digits():
    assert_user_error(run_cli("placements", stdin=b"1" * 5000 + b" 3\n"), "line 1", "too large")


def test_huge_edge_list_header_is_refused_before_allocating():
    run = run_cli("placements", "--edges", stdin=b"1073741824 0\n")
    assert_user_error(run, "line 1", "memory")


def test_endless_input_is_not_read_into_memory():
    assert_user_error(run_cli("placements", "/dev/zero"), "line 1")
    proc = _shell("$MG placements < /dev/zero")
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr


def test_input_longer_than_the_header_allows():
    data = b"2 2\n..\n..\n" + b"\n" * 3_000_000
    assert_user_error(run_cli("placements", stdin=data), "longer than its header allows")


def test_byte_order_mark_is_accepted_in_every_format():
    assert run_cli("placements", stdin=b"\xef\xbb\xbf" + JSOI).out == JSOI_ANSWER
    edges = run_cli("placements", "--edges", stdin=b"\xef\xbb\xbf3 2\n1 2\n2 3\n")
    assert edges.code == 0 and edges.out == "WIN\n1\n3\n"
    record = run_cli("mistakes", stdin=b"\xef\xbb\xbf1 6\nXO.OXO\n1\n1 2\n1 1\n")
    assert record.out == "1\n1\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_gets_advice(encoding):
    data = JSOI.decode().encode(encoding)
    assert_user_error(run_cli("placements", stdin=data), "UTF-16", "UTF-8")


def test_leading_zeros_and_blank_lines_are_accepted_everywhere():
    assert run_cli("placements", stdin=b"\n003 0003\n.##\n...\n#.#\n").out == JSOI_ANSWER
    edges = run_cli("placements", "--edges", stdin=b"\n03 2\n01 002\n000000000000000002 3\n")
    assert edges.out == "WIN\n1\n3\n"
    record = run_cli("mistakes", stdin=b"\n01 6\nXO.OXO\n01\n01 2\n1 01\n")
    assert record.out == "1\n1\n"


def test_numbers_are_quoted_as_written():
    run = run_cli("placements", "--edges", stdin=b"3 1\n1 100000000000000000000\n")
    assert_user_error(run, "line 2", "edge 1 100000000000000000000 ")


def test_output_to_a_closed_pipe_or_a_full_disk():
    for redirect in ("| true", "> /dev/full", ">&-"):
        proc = _shell(f"$MG placements --example heart {redirect}; echo status=${{PIPESTATUS[0]}}")
        err = proc.stderr.decode()
        assert "Traceback" not in err and "Exception ignored" not in err, (redirect, err)
        if redirect != "| true":  # a closed pipe may not be noticed before the answer fits
            assert "status=2" in proc.stdout.decode(), (redirect, proc)
            assert err.startswith("error: cannot write output"), (redirect, err)


def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    board = tmp_path / "board.txt"
    board.write_bytes(JSOI)
    proc = subprocess.Popen(
        [*MATCHGAME, "play", str(board)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(2.0)  # let it start and wait for the first move
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert b"Traceback" not in err and b"interrupted" in err


@pytest.mark.parametrize("name", [".svg", "dir/.png", "board.gif", "board"])
def test_render_needs_a_picture_file_name(tmp_path, name):
    run = run_cli("render", "--example", "-o", str(tmp_path / name))
    assert_user_error(run, "-o", ".svg or .png")


def test_render_to_a_missing_directory(tmp_path):
    run = run_cli("render", "--example", "-o", str(tmp_path / "missing" / "board.svg"))
    assert_user_error(run, "cannot write")


def test_play_lines_are_bounded_ascii(tmp_path):
    board = tmp_path / "board.txt"
    board.write_bytes(JSOI)
    huge = run_cli("play", "--strict", str(board), stdin=b"9" * 1_000_000 + b" 1\n")
    assert_user_error(huge, "input line 1")
    assert len(huge.err) < 300
    binary = run_cli("play", "--strict", str(board), stdin=b"\xff\xfe 1\n")
    assert_user_error(binary, "input line 1", "ROW COL")
    arabic = run_cli(
        "play",
        "--strict",
        str(board),
        stdin="\N{ARABIC-INDIC DIGIT ONE} \N{ARABIC-INDIC DIGIT ONE}\n".encode(),
    )
    assert_user_error(arabic, "input line 1", "ROW COL")


def test_import_needs_no_temporary_directory(tmp_path):
    blocked = tmp_path / "no-such-dir"
    env = {**os.environ, "TMPDIR": str(blocked), "TEMP": str(blocked), "TMP": str(blocked)}
    proc = subprocess.run(
        [*MATCHGAME, "placements", "--example"],
        capture_output=True,
        env=env,
        cwd=Path("/"),
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == JSOI_ANSWER
