"""The seeds' own C++ solutions, compiled for the contest toolkit's tests."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

# beside the clone, as CI lays it out (MATCHGAME_SEEDS: elsewhere, e.g. from a worktree)
SEEDS = Path(
    os.environ.get("MATCHGAME_SEEDS", Path(__file__).resolve().parents[2] / "shared" / "seeds")
)


def _cpp_blocks(text: str) -> list[str]:
    """The C++ programs of a seed's notes: fenced blocks, blocks with line numbers
    (``  1 #include ...``), or a program written plainly from its first #include."""
    fenced = re.findall(r"```cpp\n(.*?)```", text, re.S)
    if fenced:
        return fenced
    numbered = re.findall(r"^ *\d+ (.*)$", text, re.M)
    if numbered and numbered[0].startswith("#include"):
        return ["\n".join(numbered)]
    start = text.find("#include")
    end = text.rfind("}")
    return [text[start : end + 1]] if 0 <= start < end else []


def _problem_of(text: str) -> str:
    if "NOI2011" in text:
        return "noi"
    return "loj" if "loj6033" in text.lower() else "jsoi"


@pytest.fixture(scope="session")
def seed_programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    if not SEEDS.is_dir():
        pytest.skip(f"the seeds' notes are not at {SEEDS}")
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("g++ is not installed: the seeds' C++ solutions cannot be compiled")
    work = tmp_path_factory.mktemp("seeds")
    programs: dict[str, list[Path]] = {}
    builds = []
    for notes in sorted(SEEDS.glob("*.txt")):
        text = notes.read_text()
        for k, source in enumerate(_cpp_blocks(text)):
            path = work / f"{notes.stem}_{k}.cpp"
            path.write_text(source)
            binary = path.with_suffix("")
            command = [compiler, "-O2", "-o", str(binary), str(path)]
            builds.append(subprocess.Popen(command))  # all at once: g++ is the slow part
            programs.setdefault(_problem_of(text), []).append(binary)
    assert all(build.wait() == 0 for build in builds)
    return programs


# -- isolation layers -------------------------------------------------------------------


def survivors(marker: str) -> list[str]:
    """Processes with ``marker`` as a word of their command line."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if marker.encode() in words:
                found.append(entry.name)
    return found


def gone(marker: str, seconds: float = 5.0) -> bool:
    """Whether every process marked ``marker`` is gone within ``seconds`` (killed ones
    take the kernel a moment to reap)."""
    import time

    deadline = time.monotonic() + seconds
    while survivors(marker) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not survivors(marker)


LAYERS = ("none", "cgroup", "bwrap", "unshare")
"""Each layer a test may force alone (MATCHGAME_ISOLATION's values); the best
combination is ``auto``."""


def isolation_of(layer: str) -> Any:
    """The Isolation MATCHGAME_ISOLATION=layer gives, or a skip naming what is missing."""
    from matchgame.contest.programs import Isolation
    from matchgame.contest.sandbox import find_isolation
    from matchgame.errors import MatchgameError

    if layer == "none":
        return Isolation()
    try:
        return find_isolation(frozenset(layer.split(",")), strict=True)
    except MatchgameError as exc:
        # CI installs bubblewrap and requires it (MATCHGAME_REQUIRE_BWRAP=1, .ci/run)
        required = os.environ.get("MATCHGAME_REQUIRE_BWRAP") == "1"
        if required and "bwrap" in layer.split(",") and "cgroup" not in str(exc):
            pytest.fail(f"bwrap is required (MATCHGAME_REQUIRE_BWRAP=1): {exc}")
        pytest.skip(str(exc))
