"""The tutorials run anywhere: each tutorial's shell cells, run in order in an empty
folder, succeed, so a reader who types them into a terminal gets what the page shows.

Every input a tutorial's commands read is made by a cell the reader sees (``matchgame
example NAME > FILE``, ``printf``, ``matchgame generate``), not by the site's hidden
set-up (``docs/_data/setup.py``, which only moves the page into an empty folder). The
cells are read from the pages' sources (MyST notebooks: ``%%bash`` code cells) and run
as the site runs them: ``bash -e -o pipefail``, so any failing command fails the cell.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
TUTORIALS = [DOCS / "getting-started.md", *sorted((DOCS / "tutorials").glob("*.md"))]

_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
NEEDS_A_SERVER = ("matchgame serve", "--open", "dask ")
"""Cells that start a server or a browser are left out (none runs in a shell cell yet)."""


def shell_cells(page: Path) -> list[str]:
    """The ``%%bash`` cells of a MyST notebook page, in order, without the magic line."""
    cells = []
    for match in _CELL.finditer(page.read_text(encoding="utf-8")):
        lines = [line for line in match[1].splitlines() if not line.startswith(":")]
        if lines and lines[0].strip() == "%%bash":
            cells.append("\n".join(lines[1:]) + "\n")
    return cells


WITH_SHELL = [page for page in TUTORIALS if shell_cells(page)]


def test_the_tutorials_are_found_and_have_shell_cells():
    names = {page.name for page in WITH_SHELL}
    assert {"getting-started.md", "jsoi-board.md", "any-graph.md", "contest.md"} <= names
    # no page reads an input it does not make: the set-up copies no example
    setup = (DOCS / "_data" / "setup.py").read_text()
    assert 'copytree(_docs / "schemas"' in setup and "ignore_patterns" not in setup
    assert not list((DOCS / "_data").glob("*.txt"))


@pytest.mark.slow
@pytest.mark.parametrize("page", WITH_SHELL, ids=[page.stem for page in WITH_SHELL])
def test_a_tutorials_shell_cells_run_in_an_empty_folder(page, tmp_path):
    environment = dict(os.environ)
    # the matchgame and python of this interpreter, as the reader's own
    environment["PATH"] = os.path.dirname(sys.executable) + os.pathsep + environment["PATH"]
    have_geng = shutil.which("nauty-geng") is not None
    for number, cell in enumerate(shell_cells(page), 1):
        if any(word in cell for word in NEEDS_A_SERVER):
            continue
        if ("nauty-geng" in cell or "--geng" in cell) and not have_geng:
            continue  # nauty is not installed here
        run = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", cell],
            cwd=tmp_path,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, f"{page.name}, shell cell {number}:\n{cell}\n{run.stdout}"
