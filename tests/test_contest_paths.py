"""Paths checked before the work (issue 41, 9 and 10): every output path a contest
command (and every other command that writes a file) takes is refused in one line,
exit status 2, before the first run or input; never the same file as an input or
the program; ``generate`` replaces no test without --force and writes through no
symbolic link; a test folder whose test is not a regular file is one line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli

from matchgame.contest import wrong

FALLBACK = {**os.environ, "MATCHGAME_ISOLATION": "none"}  # the program may write its trace


@pytest.fixture
def traced(tmp_path: Path) -> tuple[Path, Path]:
    """A program that leaves a trace when it runs, and where its trace goes."""
    trace = tmp_path / "ran"
    program = tmp_path / "sol.sh"
    program.write_text(f"#!/bin/sh\ntouch {trace}\necho LOSE\n")
    program.chmod(0o755)
    return program, trace


@pytest.mark.parametrize(
    ("option", "value", "fragments"),
    [
        ("--save", "{tmp}", ["--save", "is a directory"]),
        ("--save", "/dev/full", ["--save '/dev/full'", "not a regular file"]),
        ("--save", "{tmp}/no/such/min.in", ["no such directory"]),
        ("--save", "{program}", ["--save", "is also the program"]),
        ("--picture", "{tmp}/dir.svg", ["--picture", "is a directory"]),
        ("--picture", "{program}.svg", ["--picture", "is also the program"]),
    ],
)
def test_a_bad_output_of_stress_is_one_line_before_any_run(
    tmp_path: Path, traced: tuple[Path, Path], option: str, value: str, fragments: list[str]
) -> None:
    program, trace = traced
    (tmp_path / "dir.svg").mkdir()
    if value == "{program}.svg":  # the program itself named .svg
        program = program.rename(tmp_path / "sol.svg")
        value = str(program)
    value = value.replace("{tmp}", str(tmp_path)).replace("{program}", str(program))
    before = program.read_bytes()
    run = run_cli("stress", str(program), "--problem", "jsoi", option, value, env=FALLBACK)
    assert_user_error(run, *fragments)
    assert not trace.exists()  # nothing ran
    assert program.read_bytes() == before


def test_save_and_picture_are_written_whole_over_a_link(tmp_path: Path) -> None:
    """A symbolic link where --save goes is replaced, not written through."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    saved = tmp_path / "min.in"
    saved.symlink_to(victim)
    program = f"{sys.executable} -S {wrong.path('odd_paths')} jsoi"
    run = run_cli(
        "stress", program, "--problem", "jsoi", "--max-size", "4x4", "--save", str(saved),
        "--jobs", "2",
    )  # fmt: skip
    assert run.code == 1, run.err
    assert victim.read_text() == "mine\n"
    assert not saved.is_symlink()
    assert run_cli("validate", "--problem", "jsoi", str(saved)).code == 0


def test_generate_replaces_no_test_without_force_and_no_link_with_it(tmp_path: Path) -> None:
    folder = tmp_path / "T"
    folder.mkdir()
    (folder / "1.in").write_text("my own hand-made test\n")
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    (folder / "1.out").symlink_to(victim)
    run = run_cli("generate", "--problem", "jsoi", "--count", "2", "--out-dir", str(folder))
    assert_user_error(run, str(folder / "1.in"), "exists", "--force")
    assert (folder / "1.in").read_text() == "my own hand-made test\n"
    assert not (folder / "2.in").exists()  # refused before anything was written
    forced = run_cli(
        "generate", "--problem", "jsoi", "--count", "2", "--out-dir", str(folder), "--force",
        "--max-size", "5x5",
    )  # fmt: skip
    assert forced.code == 0, forced.err
    assert victim.read_text() == "mine\n"  # the link replaced, not written through
    assert not (folder / "1.out").is_symlink()
    assert run_cli("validate", "--problem", "jsoi", str(folder / "1.in")).code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["1.in", "1.out", "2.in", "2.out"]


@pytest.mark.parametrize(
    ("out_dir", "fragments"),
    [
        ("/proc/g", ["/proc/g"]),
        ("{tmp}/file", ["is not a directory"]),
    ],
)
def test_generate_into_a_bad_folder_is_one_line(
    tmp_path: Path, out_dir: str, fragments: list[str]
) -> None:
    (tmp_path / "file").write_text("x")
    folder = out_dir.replace("{tmp}", str(tmp_path))
    run = run_cli("generate", "--problem", "jsoi", "--count", "1", "--out-dir", folder)
    assert_user_error(run, *fragments)


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_test_that_is_not_a_regular_file_is_one_line(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "T"
    folder.mkdir()
    (folder / "2.in").write_text("1 1\n.\n")
    if kind == "folder":
        (folder / "1.in").mkdir()
    else:
        os.mkfifo(folder / "1.in")
    run = run_cli("strength", str(folder), "--problem", "jsoi")
    assert_user_error(run, str(folder / "1.in"), "not a regular file")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["placements", "{tmp}/g.csv", "--input-format", "edgelist", "--edges", "--graph-out",
          "{tmp}/g.csv"], ["--graph-out", "is also the input"]),
        (["render", "{tmp}/b.txt", "-o", "{tmp}/dir.svg"], ["-o", "is a directory"]),
        (["explain", "{tmp}/b.txt", "1", "1", "-o", "{tmp}/dir.svg"], ["-o", "is a directory"]),
        (["example", "-o", "/dev/full"], ["not a regular file"]),
        (["example", "jsoi", "-o", "{tmp}"], ["is a directory"]),
    ],
)  # fmt: skip
def test_the_other_commands_outputs_are_checked_first(
    tmp_path: Path, args: list[str], fragments: list[str]
) -> None:
    (tmp_path / "dir.svg").mkdir()
    (tmp_path / "b.txt").write_text("2 2\n..\n..\n")
    (tmp_path / "g.csv").write_text("1 2\n2 3\n")
    before = (tmp_path / "g.csv").read_bytes()
    run = run_cli(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert_user_error(run, *fragments)
    assert (tmp_path / "g.csv").read_bytes() == before
