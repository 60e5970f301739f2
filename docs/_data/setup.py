"""Run first by every executed page (``%run``): its shell commands and file names then
work in a fresh folder holding copies of the example files beside this script and of
the JSON schemas (docs/schemas), and ``%%bash`` cells show their output whole."""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from IPython.core.magic import register_cell_magic

_examples = Path(__file__).resolve().parent
_work = Path(tempfile.mkdtemp(prefix="matchgame-docs-"))
shutil.copytree(_examples, _work, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.py"))
shutil.copytree(_examples.parent / "schemas", _work / "schemas")  # the JSON schemas
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
