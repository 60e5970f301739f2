"""The code base stays ruff clean (ruff is a test dependency)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    exe = shutil.which("ruff")
    if exe:
        return [exe]
    pytest.importorskip("ruff")
    return [sys.executable, "-m", "ruff"]


@pytest.mark.parametrize("check", [["check"], ["format", "--check"]])
def test_ruff(check):
    if not (ROOT / "pyproject.toml").exists():
        pytest.skip("not running from a source checkout")
    proc = subprocess.run(
        [*_ruff(), *check, "src", "tests", "benchmarks", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy():
    """The package ships py.typed: its annotations must type-check (config in pyproject)."""
    if not (ROOT / "pyproject.toml").exists():
        pytest.skip("not running from a source checkout")
    pytest.importorskip("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
