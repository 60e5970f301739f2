"""Run first by every executed page (``%run``, a hidden cell): the page then runs in a
fresh, empty folder, as a reader's would be (every input a page uses is made by a
cell the reader sees: ``matchgame example NAME > FILE``, ``printf``, Python), and
``%%bash`` cells show their output whole and fail the build when a command fails.
The folder also holds a copy of the JSON schemas (docs/schemas), which the formats
page checks its documents against."""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from IPython.core.magic import register_cell_magic

_docs = Path(__file__).resolve().parent.parent
_work = Path(tempfile.mkdtemp(prefix="matchgame-docs-"))
shutil.copytree(_docs / "schemas", _work / "schemas")  # the JSON schemas
os.chdir(_work)
atexit.register(shutil.rmtree, _work, True)


@register_cell_magic
def bash(line, cell):
    """``%%bash`` as IPython's, except that any failing command fails the cell, and so the
    build (IPython's looks at the last command only), and that the output is passed on
    whole and in order (IPython's streams it in 100-byte pieces, which myst-nb's merging
    of streams then cuts into lines and strips)."""
    run = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", cell],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    print(run.stdout, end="")
    run.check_returncode()
