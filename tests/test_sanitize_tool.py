"""tools/sanitize.sh from the documented install (``pip install -e ".[test]"``): pip
builds the kernels in an isolated environment, so Cython is not where the tests run,
and the script stopped at "No module named 'Cython'" (issue 33, 7d). It now installs
the build requirements once into a virtual environment of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "sanitize.sh"


@pytest.mark.skipif(not SCRIPT.exists(), reason="not running from a source checkout")
def test_the_sanitizer_build_finds_cython_without_it_installed(tmp_path):
    # a `python` that sees no site-packages: no Cython, as after the documented install
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "python").write_text(f'#!/bin/sh\nexec {sys.executable} -S "$@"\n')
    (shim / "python").chmod(0o755)
    hidden = subprocess.run([str(shim / "python"), "-c", "import Cython"], capture_output=True)
    assert hidden.returncode != 0
    env = {**os.environ, "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"}
    env["MATCHGAME_SANITIZE_BUILDER"] = "1"
    run = subprocess.run(
        ["sh", str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    if run.returncode != 0 and "pip" in run.stderr and shutil.which("pip") is None:
        pytest.skip("no pip to install the build requirements with")
    assert run.returncode == 0, run.stderr
    builder = run.stdout.strip().splitlines()[-1]
    assert "build-env" in builder
    # the Python that builds has Cython, as pyproject.toml's build requirements ask
    probe = subprocess.run(
        [builder, "-c", "import Cython, setuptools; print(Cython.__version__)"],
        capture_output=True,
        text=True,
    )
    assert probe.returncode == 0, probe.stderr
    major, minor = (int(part) for part in probe.stdout.split(".")[:2])
    assert (major, minor) >= (3, 1)
