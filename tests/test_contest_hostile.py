"""Hostile programs against the judge, in every isolation layer this machine has
(issue 41): each tries one thing a contestant's program should not get away with,
and after each the test checks the verdict, that no process of the run is left
(found by a marker in its command line), that nothing was written outside the run's
folder where namespaces exist, and that the judge stayed within its time and memory.

The layers are forced through MATCHGAME_ISOLATION's values (``none``: the keeper
alone, the fallback, always run); a layer this machine lacks is skipped, naming why.
The quick loop runs the fallback and the best layer; the others are slow.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from contest_helpers import LAYERS, gone, isolation_of, survivors

from matchgame.contest.programs import Isolation
from matchgame.contest.run import Program, RunLimits, RunResult, Task, run_program
from matchgame.contest.sandbox import find_isolation

BEST = "auto"
LAYER_PARAMS = [
    pytest.param(layer, marks=() if layer in ("none", BEST) else pytest.mark.slow)
    for layer in ("none", BEST, *LAYERS[1:])
]
ROOT = os.geteuid() == 0


@pytest.fixture(params=LAYER_PARAMS)
def layer(request: pytest.FixtureRequest) -> Isolation:
    if request.param == BEST:
        return find_isolation()
    return isolation_of(request.param)


def sh(script: str, files: tuple[str, str] | None = None) -> Program:
    return Program(("sh", "-c", script), files)


def python(code: str, *words: str) -> Program:
    return Program((sys.executable, "-S", "-c", textwrap.dedent(code), *words))


def run(
    isolation: Isolation,
    program: Program,
    data: bytes = b"",
    answer: bytes | None = None,
    **limits: Any,
) -> RunResult:
    chosen = RunLimits(**{"time": 1.0, **limits})
    return run_program(program, Task(data, answer), chosen, isolation=isolation)


@pytest.fixture
def marker() -> str:
    """A sleep's argument of this test alone: the processes a run leaves are found by it."""
    return f"1000.{uuid.uuid4().int % 10**12}"


@pytest.mark.parametrize(
    "escape",
    [
        "setsid -f sleep {}",  # a session of its own
        "(sleep {} &)",  # a double fork: its parent gone at once
        "sleep {} & disown 2>/dev/null",
    ],
)
def test_an_escaped_process_is_killed_with_the_run(
    layer: Isolation, escape: str, marker: str
) -> None:
    result = run(layer, sh(f"{escape.format(marker)}; echo ok"))
    assert (result.status, result.output) == ("exited", b"ok\n"), result
    assert gone(marker)


def test_a_process_group_of_its_own_is_killed_with_the_run(layer: Isolation, marker: str) -> None:
    code = """
        import os, sys, time
        if os.fork() == 0:
            os.setpgid(0, 0)
            time.sleep(1000)
        print("ok")
    """
    result = run(layer, python(code, marker))
    assert (result.status, result.output) == ("exited", b"ok\n"), result
    assert gone(marker)


def test_killing_its_parent_kills_only_the_run(layer: Isolation, marker: str) -> None:
    """The parent is the keeper (or, in a PID namespace, its first process, which
    no signal from inside kills): the judge goes on, the run ends with nothing left."""
    result = run(layer, sh(f"sleep {marker} & kill -9 $PPID; sleep 0.5; echo z"))
    if layer.namespaces is not None:
        assert (result.status, result.output) == ("exited", b"z\n"), result
    else:
        assert result.status == "runtime-error" and "keeper" in result.note, result
    assert gone(marker)
    assert run(layer, sh("echo again")).output == b"again\n"  # the judge is fine


def test_stopping_its_parent_does_not_stop_the_judge(layer: Isolation) -> None:
    started = time.monotonic()
    result = run(layer, sh("kill -STOP $PPID; echo w"))
    assert (result.status, result.output) == ("exited", b"w\n"), result
    assert time.monotonic() - started < 3


def test_a_fork_bomb_is_bounded(layer: Isolation, marker: str) -> None:
    """A cgroup's pids limit, or RLIMIT_NPROC (not root), holds it to a few hundred."""
    if layer.cgroup is None and ROOT:
        pytest.skip(
            "as root without a cgroup only the judge's look every 20 ms bounds a fork bomb: "
            "thousands of processes (SECURITY.md)"
        )
    code = """
        import os, sys, time
        for _ in range(16):
            try:
                os.fork()
            except OSError:
                pass
        time.sleep(100)
    """
    sampler = subprocess.Popen(
        [sys.executable, "-c", _SAMPLER, marker], stdout=subprocess.PIPE, text=True
    )
    try:
        result = run(layer, python(code, marker), time=0.5)
    finally:
        sampler.send_signal(signal.SIGINT)
        peak = int(sampler.communicate(timeout=30)[0] or 0)
    assert result.status in ("time-limit", "runtime-error", "memory-limit"), result
    assert gone(marker)
    assert peak <= 300, peak


_SAMPLER = """
import os, sys
marker = sys.argv[1].encode()
peak = 0
try:
    while True:
        count = 0
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/cmdline", "rb") as f:
                        count += marker in f.read().split(b"\\0")
                except OSError:
                    pass
        peak = max(peak, count)
except KeyboardInterrupt:
    print(peak)
"""


def test_the_memory_of_all_its_processes_is_summed(layer: Isolation, marker: str) -> None:
    code = """
        import os, time
        for _ in range(8):
            if os.fork() == 0:
                block = b"x" * (200 << 20)
                time.sleep(30)
                os._exit(0)
        os.wait()
    """
    result = run(layer, python(code, marker), time=5.0)
    assert result.status == "memory-limit", result
    assert gone(marker)


def test_ten_gigabytes_is_a_memory_limit(layer: Isolation) -> None:
    code = """
        blocks = []
        while len(blocks) < 1000:
            blocks.append(b"x" * (10 << 20))
    """
    result = run(layer, python(code), time=5.0)
    assert result.status == "memory-limit", result


@pytest.mark.parametrize(
    ("make", "why"),
    [("mkfifo game.out", "not a regular file"), ("ln -s /etc/passwd game.out", "symbolic link")],
)
def test_an_output_file_must_be_a_regular_file(layer: Isolation, make: str, why: str) -> None:
    started = time.monotonic()
    result = run(layer, sh(make, ("game.in", "game.out")), b"1 1\n.\n", b"WIN\n1 1\n")
    assert result.status == "runtime-error" and why in result.describe(), result
    assert time.monotonic() - started < 5


def test_writing_outside_its_folder(layer: Isolation, tmp_path: Path) -> None:
    outside = tmp_path / "outside-41"
    result = run(layer, sh(f"echo x > {outside}; echo y > mine; cat mine"))
    assert result.output == b"y\n", result
    if layer.namespaces is not None:
        assert not outside.exists()
        assert b"Read-only file system" in result.error


def test_no_network_and_no_judge_in_sight(layer: Isolation) -> None:
    if layer.namespaces is None:
        pytest.skip("without namespaces the program shares the judge's network and processes")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        code = f"""
            import os, socket
            try:
                socket.create_connection(("127.0.0.1", {port}), timeout=2)
                print("connected")
            except OSError:
                print("no network")
            try:
                os.kill({os.getpid()}, 0)
                print("judge seen")
            except OSError:
                print("no judge")
            print(len([p for p in os.listdir("/proc") if p.isdigit()]))
        """
        result = run(layer, python(code), time=5.0)
    words = result.output.split()
    assert words[:4] == [b"no", b"network", b"no", b"judge"], result
    assert int(words[4]) <= 4  # its own processes only


def test_a_time_limit_is_cpu_time(layer: Isolation) -> None:
    busy = run(layer, sh("while :; do :; done"), time=0.3)
    assert busy.status == "time-limit" and busy.note == "", busy
    assert 0.3 <= busy.seconds < 1.5


@pytest.mark.slow  # the sleeper waits for the wall clock twice: 4 s
@pytest.mark.parametrize("chosen", ["none", "auto"])
def test_a_sleeper_meets_the_wall_clock(chosen: str, marker: str) -> None:
    layer = Isolation() if chosen == "none" else find_isolation()
    asleep = run(layer, sh(f"sleep {marker}"), time=0.2)
    assert asleep.status == "time-limit" and asleep.note == "wall-clock", asleep
    assert asleep.seconds < 0.2 and asleep.wall >= 3 * 0.2 + 1
    assert gone(marker)


def test_a_time_limit_is_confirmed_by_a_second_run(tmp_path: Path) -> None:
    """In the fallback (whose programs may write where the user can), a program slow
    on its first run only: the second run's result is the one given."""
    count = tmp_path / "runs"
    script = f'echo >> {count}; [ "$(wc -l < {count})" -gt 1 ] || while :; do :; done; echo ok'
    result = run(Isolation(), sh(script), time=0.3)
    assert (result.status, result.output) == ("exited", b"ok\n"), result
    assert count.read_text().count("\n") == 2
    count.unlink()
    slow = run(Isolation(), sh(f"echo >> {count}; while :; do :; done"), time=0.3)
    assert slow.status == "time-limit"
    assert count.read_text().count("\n") == 2  # run twice before it was said


_DRIVER = """
import os, sys, time
from matchgame.contest.run import Program, RunLimits, Task, run_program
code, answer, limit = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
started = time.monotonic()
result = run_program(Program((sys.executable, "-S", "-c", code)), Task(b"", answer),
                     RunLimits(time=20, output=limit << 20))
seconds = time.monotonic() - started
with open("/proc/self/status") as status:
    peak = [line.split()[1] for line in status if line.startswith("VmHWM:")][0]
print(result.status, result.output_bytes, seconds, int(peak) * 1024)
"""


@pytest.mark.parametrize(
    ("code", "limit", "status", "least"),
    [
        # twelve megabytes: WIN and three million '1 1' lines (differing at the third token)
        ("import sys; sys.stdout.write('WIN\\n' + '1 1\\n' * 3_000_000)", 16, "exited", 12_000_000),
        # a gigabyte where sixteen megabytes are allowed, and where two gigabytes are
        ("import os\nwhile True: os.write(1, b'1 ' * 32768)", 16, "output-limit", 16 << 20),
        ("import os\nfor _ in range(16384): os.write(1, b'1 ' * 32768)", 2048, "exited", 1 << 30),
    ],
)
def test_big_outputs_are_judged_in_seconds_and_little_memory(
    code: str, limit: int, status: str, least: int
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _DRIVER, code, "LOSE\n", str(limit)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    verdict, output_bytes, seconds, peak = done.stdout.split()
    assert verdict == status
    assert int(output_bytes) >= least
    assert float(seconds) < 15
    assert int(peak) < 300 << 20  # the judge's own resident peak


def test_a_killed_judge_leaves_nothing(tmp_path: Path, marker: str) -> None:
    """The judge SIGKILLed while two runs go, each with an escaped process: their
    keepers (or their namespaces) end every process and remove every run's folder."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    driver = f"""
import sys
from matchgame.contest.run import Program, RunLimits, run_programs
program = Program(("sh", "-c", "setsid -f sleep {marker}; sleep {marker}"))
list(run_programs(program, [b"", b""], RunLimits(time=60), jobs=2))
"""
    layers = ["none", "auto"]
    for layer in layers:
        env = {**os.environ, "TMPDIR": str(scratch), "MATCHGAME_ISOLATION": layer}
        judge = subprocess.Popen([sys.executable, "-c", driver], env=env)
        deadline = time.monotonic() + 30
        while len(survivors(marker)) < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(survivors(marker)) == 4
        judge.kill()
        judge.wait()
        assert gone(marker), layer
        deadline = time.monotonic() + 5
        while list(scratch.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert list(scratch.iterdir()) == [], layer
