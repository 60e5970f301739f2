"""Run first by every executed page (``%run``): its shell commands and file names then
work in a fresh folder holding copies of the example files beside this script and of
the JSON schemas (docs/schemas)."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

_examples = Path(__file__).resolve().parent
_work = Path(tempfile.mkdtemp(prefix="matchgame-docs-"))
shutil.copytree(_examples, _work, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.py"))
shutil.copytree(_examples.parent / "schemas", _work / "schemas")  # the JSON schemas
os.chdir(_work)
atexit.register(shutil.rmtree, _work, True)
