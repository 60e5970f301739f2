"""The contest toolkit's commands as a setter and a contestant use them: generated
folders valid and answered as the seeds answer them, strength tables that kill every
shipped wrong solution, stress's exit statuses and files, and bad usage."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli
from contest_helpers import seed_programs  # noqa: F401  (a fixture)

from matchgame.contest import wrong
from matchgame.contest.catalog import PROBLEMS
from matchgame.contest.problems import compare

# what most tests here judge does not depend on the isolation (test_contest_hostile.py
# tests each layer): the keeper alone costs a run the least
FALLBACK = {**os.environ, "MATCHGAME_ISOLATION": "none"}

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
    table = run_cli("strength", str(folder), "--problem", problem, "--jobs", "2", env=FALLBACK)
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


# -- issue 41 and 42: the report, shrinking, references, isolation ----------------------


def _generated(tmp_path: Path, problem: str, count: int, size: str) -> Path:
    folder = tmp_path / "tests"
    made = run_cli(
        "generate", "--problem", problem, "--count", str(count), "--out-dir", str(folder),
        "--max-size", size,
    )  # fmt: skip
    assert made.code == 0, made.err
    return folder


def test_strength_with_a_reference_scores_the_wrong_solutions_only(tmp_path: Path) -> None:
    """A reference and two wrong solutions: 2 of 2; a test the reference fails is a
    bad test, reported, and the kills it alone made are left out."""
    folder = _generated(tmp_path, "graph", 6, "14x30")
    reference = f"{sys.executable} -m matchgame placements --edges"
    wrongs = [
        f"{sys.executable} -S {wrong.path(name)} graph" for name in ("unmatched_only", "self_loops")
    ]
    args = ["strength", str(folder), "--problem", "graph", "--reference", reference, "--only"]
    args += ["--time-limit", "30", "--jobs", "2", "--solution", wrongs[0]]
    table = run_cli(*args, "--solution", wrongs[1], env=FALLBACK)
    assert table.code == 0, table.err
    assert "share killed: 2 of 2 (100%), wrong solutions only (1 reference not scored)" in table.out
    assert re.search(r"^.*placements --edges .*reference: passes$", table.out, re.M), table.out
    assert "bad test" not in table.out
    # a wrong answer file: the reference fails that test, which no longer counts
    (folder / "1.out").write_bytes((folder / "2.out").read_bytes() + b"7\n")
    table = run_cli(*args)
    assert table.code == 0, table.err
    assert re.search(
        r"^bad test 1\.in: a reference fails it \(.*wrong answer\): left out", table.out, re.M
    ), table.out
    assert "reference: fails 1.in" in table.out


def test_shrinking_says_each_step_and_stops_in_its_time(tmp_path: Path) -> None:
    program = f"{sys.executable} -S {wrong.path('greedy_matching')} jsoi"
    run = run_cli(
        "stress", program, "--problem", "jsoi", "--max-size", "6x6", "--jobs", "2", env=FALLBACK
    )
    assert run.code == 1
    steps = [line for line in run.err.splitlines() if line.startswith("shrunk to ")]
    assert steps and "step" in steps[-1], run.err
    assert "where no single step keeps the failure" in run.out
    quick = run_cli(
        "stress", program, "--problem", "jsoi", "--max-size", "6x6", "--jobs", "2",
        "--shrink-time", "0.001", env=FALLBACK,
    )  # fmt: skip
    assert quick.code == 1
    assert "the smallest failing input found in the time allowed (--shrink-time)" in quick.out


def test_ctrl_c_while_shrinking_reports_the_smallest_input_so_far(tmp_path: Path) -> None:
    program = f"{sys.executable} -S {wrong.path('greedy_matching')} jsoi"
    command = [sys.executable, "-m", "matchgame", "stress", program, "--problem", "jsoi"]
    for _ in range(5):  # a shrink may end before the test reads its first line (load)
        process = subprocess.Popen(
            [*command, "--max-size", "30x30", "--jobs", "2"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert process.stderr is not None
        said = b""
        while b"shrunk to " not in said:
            line = process.stderr.readline()
            assert line, said
            said += line
        ended_first = process.poll() is not None
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        if not ended_first:
            break
    assert process.returncode == 130
    text = out.decode()
    assert "the smallest failing input found before the interrupt:" in text, text
    assert "first difference: line" in text


def test_the_report_escapes_and_cuts_what_the_program_wrote(tmp_path: Path) -> None:
    """Escape sequences and a 15 MB line: the report is short and holds no control
    character but its line breaks."""
    program = tmp_path / "loud.py"
    program.write_text(
        "import sys\n"
        "sys.stdout.write('\\x1b]0;pwned\\x07\\x1b[2J' + 'A' * (15 << 20) + '\\n')\n"
        "sys.stderr.write('\\x1b[31mred\\n')\n"
        "sys.exit(3)\n"
    )
    for verdict in ("wrong", "crash"):
        if verdict == "wrong":
            program.write_text(program.read_text().replace("sys.exit(3)\n", ""))
        run = run_cli(
            "stress", f"{sys.executable} -S {program}", "--problem", "jsoi", "--runs", "1",
            "--no-shrink",
        )  # fmt: skip
        assert run.code == 1, run.err
        assert len(run.out) < 20_000
        assert not any(c < " " and c != "\n" for c in run.out), run.out[:2000]
        assert "\\x1b" in run.out


def test_the_first_line_names_the_isolation_and_a_bad_choice_is_one_line() -> None:
    program = f"{sys.executable} -m matchgame placements --edges"
    args = ["stress", program, "--problem", "graph", "--runs", "2", "--max-size", "5x6"]
    args += ["--time-limit", "30"]
    fallback = run_cli(*args, env={**os.environ, "MATCHGAME_ISOLATION": "none"})
    assert fallback.code == 0, fallback.err
    assert fallback.out.splitlines()[0].endswith("isolation: a subreaper: all accepted")
    bad = run_cli(*args, env={**os.environ, "MATCHGAME_ISOLATION": "jail"})
    assert_user_error(bad, "MATCHGAME_ISOLATION", "'jail' is not a layer")


_CHEATER = """
import glob, os, sys
data = sys.stdin.buffer.read()
for pid in os.listdir("/proc"):
    try:
        folder = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        continue
    for path in glob.glob(folder + "/*/*.in"):
        try:
            if open(path, "rb").read() == data:
                sys.stdout.buffer.write(open(path[:-3] + ".out", "rb").read())
                sys.exit()
        except OSError:
            pass
print("LOSE")
"""


@pytest.mark.parametrize("layer", ["none", "auto"])
def test_the_answers_cannot_be_read_through_proc(tmp_path: Path, layer: str) -> None:
    """A program that finds its input's folder through the judge's /proc/PID/cwd and
    prints N.out: with namespaces it sees no judge and no answers."""
    _generated(tmp_path, "jsoi", 6, "8x8")
    cheater = tmp_path / "cheat.py"
    cheater.write_text(_CHEATER)
    env = {**os.environ, "MATCHGAME_ISOLATION": layer}
    run = subprocess.run(
        [sys.executable, "-m", "matchgame", "strength", "tests", "--problem", "jsoi", "--only",
         "--solution", f"{sys.executable} -S {cheater}", "--jobs", "2"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    namespaces = "namespaces" in run.stdout.splitlines()[0]
    if namespaces:
        assert "share killed: 1 of 1" in run.stdout, run.stdout
    elif layer == "none":  # the fallback shares the judge's processes and files (SECURITY.md)
        assert "share killed: 0 of 1" in run.stdout, run.stdout
    elif os.environ.get("MATCHGAME_REQUIRE_BWRAP") == "1":
        pytest.fail(f"no namespaces, and bwrap is required: {run.stdout.splitlines()[0]}")
    else:
        pytest.skip("this machine offers no namespaces (install bubblewrap)")
