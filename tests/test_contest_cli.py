"""The contest toolkit's commands as a setter and a contestant use them: generated
folders valid and answered as the seeds answer them, strength tables that kill every
shipped wrong solution, stress's exit statuses and files, and bad usage."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli
from contest_helpers import seed_programs  # noqa: F401  (a fixture)

from matchgame.contest import wrong
from matchgame.contest.catalog import PROBLEMS
from matchgame.contest.problems import compare

SMALL = {"jsoi": "20x20", "loj": "20x20", "noi": "8x8", "graph": "30x90", "edge-graph": "16x20"}
COUNT = {"jsoi": 12, "loj": 12, "noi": 9, "graph": 12, "edge-graph": 12}


@pytest.mark.parametrize("problem", PROBLEMS)
def test_a_generated_folder_is_valid_and_kills_every_shipped_wrong_solution(
    tmp_path: Path, problem: str
) -> None:
    folder = tmp_path / "tests"
    made = run_cli(
        "generate", "--problem", problem, "--count", str(COUNT[problem]), "--out-dir",
        str(folder), "--max-size", SMALL[problem],
    )  # fmt: skip
    assert made.code == 0, made.err
    assert len(made.out.splitlines()) == COUNT[problem]
    inputs = sorted(folder.glob("*.in"))
    assert len(inputs) == len(list(folder.glob("*.out"))) == COUNT[problem]
    checked = run_cli("validate", "--problem", problem, *map(str, inputs))
    assert checked.code == 0, checked.out
    assert checked.out.count(": ok\n") == COUNT[problem]
    table = run_cli("strength", str(folder), "--problem", problem, "--jobs", "2")
    assert table.code == 0, table.err
    solutions = wrong.WRONG_SOLUTIONS[problem]
    share = f"share killed: {len(solutions)} of {len(solutions)} (100%)"
    assert share in table.out, table.out
    for name in solutions:
        assert re.search(rf"^{name} .*\d+\.in", table.out, re.M), table.out


@pytest.mark.parametrize("problem", ["jsoi", "loj", "noi"])
def test_generated_answers_are_the_seeds_answers(
    tmp_path: Path,
    problem: str,
    seed_programs: dict[str, list[Path]],  # noqa: F811  (the fixture, by its name)
) -> None:
    """At the statement's sizes, every family once (the maximum size included)."""
    folder = tmp_path / "tests"
    count = "10" if problem != "noi" else "7"
    assert (
        run_cli("generate", "--problem", problem, "--count", count, "--out-dir", str(folder)).code
        == 0
    )
    for binary in seed_programs[problem]:
        for test in sorted(folder.glob("*.in")):
            answer = subprocess.run(
                [str(binary)], stdin=test.open("rb"), capture_output=True, timeout=60
            ).stdout
            assert compare(test.with_suffix(".out").read_bytes(), answer) is None, (binary, test)


def test_stress_reports_a_wrong_solution_saves_it_and_draws_it(tmp_path: Path) -> None:
    program = f"{sys.executable} -S {wrong.path('odd_paths')} jsoi"
    saved, picture = tmp_path / "min.in", tmp_path / "why.svg"
    run = run_cli(
        "stress", program, "--problem", "jsoi", "--max-size", "4x4", "--save", str(saved),
        "--picture", str(picture), "--jobs", "2",
    )  # fmt: skip
    assert run.code == 1, run.err
    assert "failed: wrong answer" in run.out and "first difference: line" in run.out
    assert "why: Placing the token on" in run.out
    assert saved.read_bytes() in run.out.replace("\n  ", "\n").encode()
    assert run_cli("validate", "--problem", "jsoi", str(saved)).code == 0
    assert picture.read_bytes().startswith(b"<?xml")


def test_stress_accepts_a_right_program_and_says_so(tmp_path: Path) -> None:
    program = f"{sys.executable} -m matchgame placements --edges"
    run = run_cli(
        "stress", program, "--problem", "graph", "--runs", "4", "--max-size", "6x9",
        "--time-limit", "30",  # matchgame's own start, on a busy machine
    )  # fmt: skip
    assert run.code == 0, run.out + run.err
    assert run.out.startswith("4 runs of") and run.out.endswith("all accepted\n")


def test_stress_reads_and_writes_the_problems_files(tmp_path: Path) -> None:
    script = tmp_path / "sol.sh"
    script.write_text(f"#!/bin/sh\n{sys.executable} -m matchgame mistakes game.in > game.out\n")
    script.chmod(0o755)
    run = run_cli(
        "stress", str(script), "--problem", "noi", "--runs", "3", "--file-io", "--time-limit", "30"
    )  # fmt: skip
    assert run.code == 0, run.out + run.err


def test_validate_names_what_is_wrong(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.in", tmp_path / "bad.in"
    good.write_text("3 3\n.##\n...\n#.#\n")
    bad.write_text("3 3\n.##\n....\n#.#\n")
    run = run_cli("validate", "--problem", "loj", str(good), str(bad))
    assert run.code == 1
    assert run.out == (f"{good}: ok\n{bad}: line 3, column 4: row 2 has 4 characters, expected 3\n")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["stress", "./no-such-solver", "--problem", "jsoi"], ["no-such-solver", "not found"]),
        (["stress", "cat", "--problem", "ioi"], ["--problem", "invalid choice"]),
        (["stress", "cat", "--problem", "jsoi", "--max-size", "big"], ["--max-size 'big'"]),
        (["stress", "cat", "--problem", "noi", "--max-size", "1x9"], ["2x2"]),
        (["stress", "cat", "--problem", "jsoi", "--time-limit", "0"], ["--time-limit"]),
        (["stress", "cat", "--problem", "jsoi", "--runs", "x"], ["--runs"]),
        (["stress", "cat", "--problem", "jsoi", "--picture", "a.gif"], [".svg or .png"]),
        (["stress", "'cat", "--problem", "jsoi"], ["PROGRAM", "quotation"]),
        (["generate", "--problem", "jsoi", "--out-dir", "x", "--family", "huge"], ["huge"]),
        (["validate", "--problem", "jsoi", "/no/such/file.in"], ["/no/such/file.in"]),
        (["strength", "/no/such/dir", "--problem", "jsoi"], ["/no/such/dir"]),
    ],
)
def test_bad_usage_is_one_line_and_status_2(
    tmp_path: Path, args: list[str], fragments: list[str]
) -> None:
    args = [str(tmp_path / a) if a == "x" else a for a in args]
    assert_user_error(run_cli(*args), *fragments)


def test_generate_lists_the_families() -> None:
    run = run_cli("generate", "--problem", "noi", "--family", "list", "--out-dir", ".")
    assert run.code == 0
    assert "serpentine" in run.out.split() and "corridor" in run.out.split()
