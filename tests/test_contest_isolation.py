"""The isolation layers themselves (issue 41): how MATCHGAME_ISOLATION chooses them,
what a run's cgroup writes and reads (version 2 and version 1, on a folder made to
look like one, so that both are tested on any machine), and the folders a run does
not see."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from contest_helpers import isolation_of

from matchgame.contest._cgroups import CgroupRoot, RunCgroup, find_root
from matchgame.contest.programs import Isolation
from matchgame.contest.run import Program, RunLimits, Task, run_program
from matchgame.contest.sandbox import ENVIRONMENT, find_isolation, isolation
from matchgame.errors import MatchgameError


def test_the_environment_chooses_the_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, "none")
    assert isolation() == Isolation()
    assert isolation().text() == "isolation: a subreaper"
    monkeypatch.setenv(ENVIRONMENT, "auto")
    assert isolation() == find_isolation()
    monkeypatch.setenv(ENVIRONMENT, "cgroup,jail")
    with pytest.raises(MatchgameError, match="'jail' is not a layer"):
        isolation()


def test_the_best_layers_are_found_and_said() -> None:
    found = find_isolation()
    text = found.text()
    assert text.startswith("isolation: ") and text.endswith("a subreaper")
    assert (found.cgroup is not None) == ("cgroup v" in text)
    assert (found.cgroup is not None) == (find_root() is not None)
    if found.namespaces is not None:
        assert f"{found.namespaces} namespaces" in text


def _sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen(["sleep", "1000.4142"])


def test_a_version_2_cgroup_writes_its_limits_and_reads_its_counters(tmp_path: Path) -> None:
    run = RunCgroup(CgroupRoot(2, {"": str(tmp_path)}), "run-1", 64 << 20, 32)
    folder = tmp_path / "run-1"
    assert (folder / "memory.max").read_text() == str(64 << 20)
    assert (folder / "pids.max").read_text() == "32"
    assert run.procs == (str(folder / "cgroup.procs"),)
    (folder / "cpu.stat").write_text("usage_usec 1250000\nuser_usec 1000000\n")
    assert run.cpu() == 1.25
    (folder / "memory.current").write_text("4096\n")
    (folder / "memory.peak").write_text("8192\n")
    assert (run.memory(), run.peak()) == (4096, 8192)
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 0\n")
    assert not run.out_of_memory()
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n")
    assert run.out_of_memory()
    sleeper = _sleeper()
    (folder / "cgroup.procs").write_text(f"{sleeper.pid}\n")
    run.kill()  # cgroup.kill written, and every process listed killed
    assert sleeper.wait(timeout=5) == -9
    assert (folder / "cgroup.kill").read_text() == "1"


def test_a_version_1_cgroup_writes_its_limits_and_reads_its_counters(tmp_path: Path) -> None:
    bases = {name: tmp_path / name for name in ("memory", "pids", "cpuacct")}
    for base in bases.values():
        base.mkdir()
    root = CgroupRoot(1, {name: str(base) for name, base in bases.items()})
    run = RunCgroup(root, "run-1", 64 << 20, 32)
    memory, pids, cpu = (bases[name] / "run-1" for name in ("memory", "pids", "cpuacct"))
    assert (memory / "memory.limit_in_bytes").read_text() == str(64 << 20)
    assert (memory / "memory.memsw.limit_in_bytes").read_text() == str(64 << 20)
    assert (pids / "pids.max").read_text() == "32"
    (cpu / "cpuacct.usage").write_text("2500000000\n")
    assert run.cpu() == 2.5
    (memory / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
    assert run.out_of_memory()


def test_without_cpuacct_the_cpu_time_comes_from_the_processes(tmp_path: Path) -> None:
    bases = {name: tmp_path / name for name in ("memory", "pids")}
    for base in bases.values():
        base.mkdir()
    run = RunCgroup(CgroupRoot(1, {k: str(v) for k, v in bases.items()}), "r", 1 << 20, 4)
    assert run.cpu() is None


@pytest.mark.parametrize("layer", ["bwrap", "unshare"])
def test_a_hidden_folder_shows_only_the_programs_own_files(tmp_path: Path, layer: str) -> None:
    """A setter's folder (tests and answers) is empty to the program, but for the
    program's own script kept there."""
    chosen = isolation_of(layer)
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "1.in").write_text("1 1\n.\n")
    (folder / "1.out").write_text("WIN\n1 1\n")
    script = folder / "sol.py"
    script.write_text(
        "import os, sys\n"
        f"print(sorted(os.listdir({str(folder)!r})))\n"
        f"print(os.path.exists({str(folder / '1.out')!r}))\n"
    )
    program = Program((sys.executable, "-S", str(script)))
    result = run_program(
        program, Task(b""), RunLimits(time=5), isolation=chosen, hidden=[str(folder)]
    )
    assert result.output == b"['sol.py']\nFalse\n", result
    seen = run_program(program, Task(b""), RunLimits(time=5), isolation=chosen)
    assert seen.output == b"['1.in', '1.out', 'sol.py']\nTrue\n", seen


def test_a_run_is_quick_in_every_layer_the_machine_has() -> None:
    """The keeper and the layers cost milliseconds a run, not a second."""
    for layer in ("none", "cgroup", "bwrap", "unshare"):
        try:
            chosen = isolation_of(layer)
        except pytest.skip.Exception:
            continue
        started = time.monotonic()
        for _ in range(5):
            result = run_program(Program(("true",)), b"", RunLimits(), isolation=chosen)
            assert result.status == "exited", (layer, result)
        assert (time.monotonic() - started) / 5 < 1.0, layer
