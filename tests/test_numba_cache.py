"""matchgame must run where numba cannot cache next to the source or in the home directory.

As root, permission bits do not stop writes, so "unwritable" is simulated by
putting a regular file where a directory would have to be created.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import matchgame

SCRIPT = """
import json, os, tempfile
tempfile.tempdir = os.environ.get("TEST_TEMPDIR")  # gettempdir() would fall back to /tmp
import matchgame
from matchgame._kernels import bipartite
board = matchgame.Board.from_rows(['.##', '...', '#.#'])
cells = matchgame.analyse_placements(board).winning_cells
hits = sum(bipartite.push_relabel.stats.cache_hits.values())
print(json.dumps({"file": matchgame.__file__, "cells": cells, "hits": hits}))
"""


def _read_only_install(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    source = Path(matchgame.__file__).parent
    target = tmp_path / "site" / "matchgame"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in [target, *[p for p in target.rglob("*") if p.is_dir()]]:
        (folder / "__pycache__").write_text("not a directory")
    blocker = tmp_path / "blocker"
    blocker.write_text("not a directory")
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(
        PYTHONPATH=str(tmp_path / "site"),
        HOME=str(blocker / "home"),
        XDG_CACHE_HOME=str(blocker / "cache"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return target, env


def _run(env: dict[str, str]) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_falls_back_to_private_temp_cache(tmp_path):
    target, env = _read_only_install(tmp_path)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env["TEST_TEMPDIR"] = str(temp)
    first = _run(env)
    assert Path(first["file"]).parent == target
    assert first["cells"] == [[1, 2], [2, 1]]
    cached = list(temp.glob(f"matchgame-numba-{os.getuid()}/*/*.nbi"))
    assert cached, "kernels were not cached in the private temp directory"
    second = _run(env)
    assert second["hits"] > 0, "the second run compiled instead of loading the cache"


def test_runs_uncached_when_nothing_is_writable(tmp_path):
    _, env = _read_only_install(tmp_path)
    env["TEST_TEMPDIR"] = str(tmp_path / "blocker" / "tmp")
    result = _run(env)
    assert result["cells"] == [[1, 2], [2, 1]]
    assert result["hits"] == 0
