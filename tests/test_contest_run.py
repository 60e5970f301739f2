"""The contest toolkit's runner: verdict classes, limits, and no process left behind
(a run's grandchildren, and everything when matchgame itself is interrupted)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from contest_helpers import survivors

from matchgame.contest.run import Program, RunLimits, run_program, run_programs
from matchgame.errors import InvalidInputError


def sh(script: str, files: tuple[str, str] | None = None) -> Program:
    return Program(("sh", "-c", script), files)


def test_output_is_read_and_inputs_keep_their_order() -> None:
    results = list(
        run_programs(Program(("cat",)), [b"%d\n" % i for i in range(12)], RunLimits(), jobs=2)
    )
    assert [r.output for r in results] == [b"%d\n" % i for i in range(12)]
    assert {r.status for r in results} == {"exited"}


@pytest.mark.parametrize(
    ("script", "status", "words"),
    [
        ("exit 3", "runtime-error", "exit status 3"),
        ("kill -SEGV $$", "runtime-error", "signal 11 (SIGSEGV)"),
        ("sleep 30", "time-limit", ""),
        ("yes", "output-limit", ""),
        ("exec head -c 5000 /dev/zero > big", "output-limit", ""),  # RLIMIT_FSIZE: SIGXFSZ
    ],
)
def test_each_way_a_run_ends_is_classified(script: str, status: str, words: str) -> None:
    # run once: a second run of a time limit is the confirmation's test (test_contest_hostile)
    result = run_program(sh(script), b"", RunLimits(time=0.5, output=1000), confirm=False)
    assert result.status == status, result
    assert words in result.describe()
    assert result.seconds < 5


def test_a_cpu_hog_is_stopped_at_its_cpu_time() -> None:
    result = run_program(sh("while :; do :; done"), b"", RunLimits(time=0.3))
    assert result.status == "time-limit"


def test_memory_is_limited() -> None:
    """Memory used as a program grows (the layers' ways of counting it differ for one
    allocation past the limit: the kernel may refuse it at once)."""
    code = "blocks = []\nwhile len(blocks) < 60: blocks.append(b'x' * (10 << 20))"
    program = Program((sys.executable, "-S", "-c", code))
    result = run_program(program, b"", RunLimits(memory=256 << 20))
    assert result.status == "memory-limit"


def test_file_io_reads_and_writes_the_problems_files() -> None:
    program = sh("tr a-z A-Z < game.in > game.out", ("game.in", "game.out"))
    assert run_program(program, b"lose\n", RunLimits()).output == b"LOSE\n"
    silent = run_program(sh("true", ("game.in", "game.out")), b"x", RunLimits())
    assert (silent.status, silent.output) == ("exited", b"")


def test_a_missing_program_is_named() -> None:
    with pytest.raises(InvalidInputError, match="no-such-solver"):
        Program(("./no-such-solver",))


@pytest.mark.parametrize("ends", ["echo done", "sleep 30", "kill -KILL $$"])
def test_no_grandchild_outlives_a_run(ends: str) -> None:
    marker = "1000.25"
    script = f"sleep {marker} & (sleep {marker} &) ; {ends}"
    run_program(sh(script), b"", RunLimits(time=0.5), confirm=False)
    deadline = time.monotonic() + 5  # killed at once; gone once the kernel has reaped them
    while survivors(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert survivors(marker) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_interrupting_matchgame_kills_every_run(tmp_path: Path, signum: int) -> None:
    marker = "1000.5"
    program = tmp_path / "sol.sh"
    program.write_text(f"#!/bin/sh\nsleep {marker} &\nsleep {marker}\n")
    program.chmod(0o755)
    command = [sys.executable, "-m", "matchgame", "stress", str(program), "--problem", "jsoi"]
    process = subprocess.Popen(
        [*command, "--time-limit", "60", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 20
    while len(survivors(marker)) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(survivors(marker)) == 4  # two runs, each a sleep and its child
    os.kill(process.pid, signum)
    _, err = process.communicate(timeout=20)
    # 130 for Ctrl-C; TERM: 143, or TERM's own action (-15 here, 143 in a shell)
    assert process.returncode in ((130,) if signum == signal.SIGINT else (143, -15)), err
    deadline = time.monotonic() + 5
    while survivors(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert survivors(marker) == []
