"""The compiled kernels' type stubs (``src/matchgame/_kernels/*.pyi``) tell the truth.

One stub per ``.pyx``; mypy's stubtest imports each compiled module and compares it
with its stub: every name of the stub is in the module, every public name of the
module is in the stub, with the same parameters (names, kinds, defaults). mypy
--strict (tests/test_lint.py) checks every caller in the package against the stubs,
so a name the Python layer imports from a kernel exists in its stub, and so in the
compiled module.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ROOT / "src" / "matchgame" / "_kernels"

# What Cython adds to every module and extension type, not the kernels' interface
CYTHON_ADDITIONS = [
    r"matchgame\._kernels\.\w+\.__test__",  # each module's table of doctests
    r"matchgame\._kernels\.\w+(\.\w+)?\.__reduce_cython__",  # pickling support
    r"matchgame\._kernels\.\w+(\.\w+)?\.__setstate_cython__",
    r"matchgame\._kernels\._stop\.__pyx_capi__",  # stop_requested, cimported by the kernels
    r"matchgame\._kernels\._checks\.__pyx_capi__",  # the checks, cimported by the kernels
]


@pytest.fixture(scope="module")
def kernel_names() -> list[str]:
    if not (ROOT / "pyproject.toml").exists() or not KERNELS.exists():
        pytest.skip("not running from a source checkout")
    pytest.importorskip("mypy")
    return sorted(path.stem for path in KERNELS.glob("*.pyx"))


def _stubtest(
    modules: list[str], tmp_path: Path, stub_path: Path | None = None
) -> subprocess.CompletedProcess[str]:
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text("\n".join(CYTHON_ADDITIONS) + "\n")
    env = dict(os.environ)
    if stub_path is not None:  # these stubs before the package's own
        env["MYPYPATH"] = str(stub_path)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "--allowlist",
            str(allowlist),
            "--ignore-unused-allowlist",  # not every module has every addition
            *[f"matchgame._kernels.{name}" for name in modules],
        ],
        cwd=tmp_path,  # its cache goes there, not into the checkout
        capture_output=True,
        text=True,
        env=env,
    )


def test_every_kernel_has_a_stub(kernel_names):
    stubs = sorted(path.stem for path in KERNELS.glob("*.pyi"))
    assert stubs == kernel_names


def test_the_stubs_match_the_compiled_kernels(kernel_names, tmp_path):
    run = _stubtest(kernel_names, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_stub_that_lies_is_caught(kernel_names, tmp_path):
    """The check can fail: a copy of graphs.pyi with a name the module lacks, a
    function left out and a parameter renamed."""
    copy = tmp_path / "stubs" / "matchgame" / "_kernels"
    copy.mkdir(parents=True)
    (copy.parent / "__init__.pyi").write_text("")
    (copy / "__init__.pyi").write_text("")
    text = (KERNELS / "graphs.pyi").read_text()
    lies = [
        ("def two_colouring(", "def no_such_kernel() -> None: ...\ndef two_colouring("),
        ("def component_sizes_without(", "def _left_out("),
        ("n: int, sources:", "count: int, sources:"),
    ]
    for true, false in lies:
        assert text.count(true) == 1, true
        text = text.replace(true, false)
    (copy / "graphs.pyi").write_text(text)
    run = _stubtest(["graphs"], tmp_path, tmp_path / "stubs")
    assert run.returncode != 0
    out = run.stdout
    assert "matchgame._kernels.graphs.no_such_kernel is not present at runtime" in out
    assert "matchgame._kernels.graphs.component_sizes_without is not present in stub" in out
    assert 'csr_from_edges is inconsistent, stub parameter "count" differs' in out
