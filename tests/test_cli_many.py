"""Many inputs in one run: a problem setter's folder of tests answered, checked and timed
by one command (placements, mistakes, annotate, verify with several FILEs)."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_user_error, run_cli

from matchgame.generate import play_record, random_board, random_bunny_board

pytestmark = pytest.mark.slow

BAD_BOARD = "3 3\n.?#\n...\n#.#\n"


def _boards(folder, count=6, size=9):
    folder.mkdir()
    paths = []
    for seed in range(count):
        path = folder / f"{seed}.in"
        path.write_text(random_board(size, size + 1, 0.25, seed=seed).to_text())
        paths.append(path)
    return paths


def test_answers_in_order_and_a_bad_input_does_not_stop_the_others(tmp_path):
    paths = _boards(tmp_path / "tests", 4)
    bad = tmp_path / "tests" / "bad.in"
    bad.write_text(BAD_BOARD)
    files = [str(paths[0]), str(bad), *map(str, paths[1:])]
    run = run_cli("placements", "--format", "loj", "--jobs", "1", *files)
    singles = [run_cli("placements", "--format", "loj", str(p)).out for p in paths]
    assert run.code == 2
    # the others answered, in order, each after its name as head writes it
    assert run.out == "\n".join(
        f"==> {p} <==\n{out}" for p, out in zip(paths, singles, strict=True)
    )
    errors = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert errors == [
        f"error: {bad}: line 2, column 2: unknown character '?' (expected '.', '#', 'x' or 'X')"
    ]
    summary = run.err.splitlines()[-1]
    assert summary.startswith("matchgame: 5 inputs: 4 answered, 1 failed; ")
    assert "slowest" in summary


def test_out_dir_writes_one_answer_per_input(tmp_path):
    paths = _boards(tmp_path / "tests")
    answers = tmp_path / "answers"
    answers.mkdir()
    run = run_cli("placements", "--out-dir", str(answers), *map(str, paths))
    assert run.code == 0 and run.out == ""
    assert run.err.startswith("matchgame: 6 inputs: 6 answered, 0 failed")
    for path in paths:
        assert (answers / f"{path.stem}.out").read_text() == run_cli("placements", str(path)).out
    run = run_cli("placements", "--out-dir", str(answers), "--suffix", ".ans", str(paths[0]))
    assert run.code == 0 and (answers / "0.ans").exists()


def test_jobs_keep_the_order_and_the_answers(tmp_path):
    paths = [str(p) for p in _boards(tmp_path / "tests", 12, 7)]
    one = run_cli("placements", "--format", "json", "--jobs", "1", *paths)
    two = run_cli("placements", "--format", "json", "--jobs", "2", *paths)
    assert one.code == two.code == 0
    assert one.out == two.out and len(one.out.splitlines()) == 12


def test_a_folder_answered_then_verified(tmp_path):
    paths = _boards(tmp_path / "tests")
    answers = tmp_path / "answers"
    answers.mkdir()
    files = [str(p) for p in paths]
    made = run_cli(
        "placements", "--format", "json", "--certificate", "--out-dir", str(answers), *files
    )
    assert made.code == 0
    run = run_cli("verify", "--answers", str(answers), *files)
    assert run.code == 0, run.err
    assert run.out.splitlines() == [f"{name}: ok" for name in files]
    # a wrong answer for one input: exit 1, that input named
    target = answers / "3.out"
    document = json.loads(target.read_text())
    document["matching_size"] += 1
    target.write_text(json.dumps(document))
    run = run_cli("verify", "--answers", str(answers), "--jobs", "2", *files)
    assert run.code == 1
    assert [line.split(":")[0] for line in run.out.splitlines() if "invalid" in line] == [files[3]]
    assert "1 with a wrong certificate" in run.err.splitlines()[-1]
    # a missing answer is a failed input, not a wrong one
    target.unlink()
    run = run_cli("verify", "--answers", str(answers), *files)
    assert run.code == 2 and f"error: {files[3]}: cannot read" in run.err


def test_records_many_at_once(tmp_path):
    records = []
    for seed in range(3):
        path = tmp_path / f"game{seed}.txt"
        board = random_bunny_board(4, 5, seed=seed)
        path.write_text(play_record(board, seed, bunny="random", egg="random").to_text())
        records.append(str(path))
    run = run_cli("mistakes", "--format", "json", *records)
    assert run.code == 0, run.err
    assert [json.loads(line)["rows"] for line in run.out.splitlines()] == [4, 4, 4]
    game = tmp_path / "walk.txt"
    game.write_text("3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n")
    run = run_cli("annotate", "--format", "json", str(game), str(game))
    assert run.code == 0 and len(run.out.splitlines()) == 2


def test_usage_errors_before_any_input_is_read(tmp_path):
    paths = [str(p) for p in _boards(tmp_path / "tests", 2)]
    (tmp_path / "a-file").write_text("")
    run = run_cli("placements", "--out-dir", str(tmp_path / "a-file"), *paths)
    assert_user_error(run, "not a directory")
    twin = tmp_path / "other"
    twin.mkdir()
    (twin / "0.in").write_text("1 1\n.\n")
    run = run_cli("placements", "--out-dir", str(tmp_path), paths[0], str(twin / "0.in"))
    assert_user_error(run, "would both be answered in")
    assert_user_error(run_cli("placements", "-", paths[0]), "standard input")
    assert_user_error(run_cli("placements", "--example", "jsoi", paths[0]), "not both")
    assert_user_error(run_cli("verify", paths[0]), "--answers")
    assert_user_error(run_cli("placements", "--jobs", "-1", *paths), "--jobs", "'-1'")


def test_a_terminal_gets_a_progress_bar_and_a_pipe_does_not(tmp_path):
    """On a terminal (stderr a pty) tqdm draws the inputs answered; errors still show."""
    import os
    import pty
    import subprocess
    import sys

    paths = _boards(tmp_path / "tests", 3)
    bad = tmp_path / "tests" / "bad.in"
    bad.write_text(BAD_BOARD)
    (tmp_path / "out").mkdir()
    (tmp_path / "out2").mkdir()
    argv = [sys.executable, "-m", "matchgame", "placements", "--jobs", "1"]
    argv += ["--out-dir", str(tmp_path / "out"), *map(str, paths), str(bad)]
    leader, follower = pty.openpty()
    try:
        run = subprocess.run(argv, stdout=subprocess.PIPE, stderr=follower, timeout=120)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other side closed
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    said = seen.decode(errors="replace")
    assert run.returncode == 2
    assert "4/4" in said and "inputs" in said  # tqdm's count and unit
    assert f"error: {bad}:" in said
    piped = run_cli(
        "placements", "--jobs", "1", "--out-dir", str(tmp_path / "out2"), *map(str, paths)
    )
    assert "\r" not in piped.err and "/3" not in piped.err  # no bar in a pipe


def test_out_dir_is_made_only_when_an_answer_is_written(tmp_path):
    """A run whose every input was unreadable still created an empty --out-dir."""
    missing = [str(tmp_path / "gone1.in"), str(tmp_path / "gone2.in")]
    out = tmp_path / "answers" / "today"
    for jobs in ("1", "2"):
        run = run_cli("placements", "--jobs", jobs, "--out-dir", str(out), *missing)
        assert run.code == 2 and "cannot read" in run.err and "created" not in run.err
        assert not (tmp_path / "answers").exists()
    good = tmp_path / "good.in"
    good.write_text("3 3\n.##\n...\n#.#\n")
    run = run_cli("placements", "--out-dir", str(out), missing[0], str(good))
    assert run.code == 2 and (out / "good.out").read_text() == "WIN\n2 3\n3 2\n"
    assert f"created the directory {str(out)!r}" in run.err
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    run = run_cli("placements", "--out-dir", str(blocked / "sub"), str(good), missing[0])
    assert_user_error(run, "cannot create it", "not a directory")  # refused before reading
