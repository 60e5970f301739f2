"""What a command loads before it works: start-up is most of a small input's run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


SPY_ON_NUMPY = """
import os, sys
seen = []
class Spy:  # records the BLAS setting when numpy is first imported
    def find_spec(self, name, path, target=None):
        if name == "numpy" and not seen:
            seen.append(os.environ.get("OPENBLAS_NUM_THREADS"))
        return None
sys.meta_path.insert(0, Spy())
import matchgame.apps.cli
print(seen)
"""


def _run(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    ).stdout.strip()


def test_the_command_line_loads_numpy_with_one_blas_thread():
    """OpenBLAS's threads spin at start-up (~0.1 s of CPU a command): the command line
    asks for one before numpy loads, unless the user set a number; a library user's
    process is left alone."""
    assert _run(SPY_ON_NUMPY) == "['1']"
    assert _run(SPY_ON_NUMPY, OPENBLAS_NUM_THREADS="3") == "['3']"
    library = SPY_ON_NUMPY.replace("import matchgame.apps.cli", "import matchgame.apps.web")
    assert _run(library) == "[None]"


# Who imports what: a site hook or a third-party package may load importlib.resources
# before or beside matchgame (a CI interpreter did), so the spy forgets any earlier
# import and blames only the module whose own statement imports it.
SPY_ON_IMPORTERS = """
import importlib, sys
WATCHED = ("importlib.resources", "importlib.abc")
for name in [m for m in sys.modules if m.startswith(WATCHED)]:
    del sys.modules[name]
for name in ("resources", "abc"):
    importlib.__dict__.pop(name, None)
importers = []
class Spy:
    def find_spec(self, name, path, target=None):
        if name in WATCHED:
            frame = sys._getframe(1)
            while frame.f_code.co_filename.startswith("<frozen"):
                frame = frame.f_back
            importers.append((frame.f_globals.get("__name__"), name))
        return None
sys.meta_path.insert(0, Spy())
from matchgame.apps.cli import main
assert main(["placements", "--edges", PATH]) == 0
loaded = [n for n in ("matchgame.games.noi", "matchgame.games.vertex.engines",
                      "matchgame.readers.noi") if n in sys.modules]
print(loaded, sorted({who for who in importers if str(who[0]).startswith("matchgame")}))
"""


def test_placements_on_a_graph_loads_neither_records_nor_resources(tmp_path):
    path = tmp_path / "triangle.txt"
    path.write_text("3 3\n1 2\n2 3\n3 1\n")
    assert _run(SPY_ON_IMPORTERS.replace("PATH", repr(str(path)))).splitlines()[-1] == "[] []"


def test_the_import_spy_sees_an_example_load_its_resource():
    """The spy above can fail: reading a bundled example imports importlib.resources
    from matchgame.examples."""
    code = SPY_ON_IMPORTERS.replace(
        'assert main(["placements", "--edges", PATH]) == 0',
        'assert main(["placements", "--example", "jsoi"]) == 0',
    )
    assert "('matchgame.examples', 'importlib.resources')" in _run(code).splitlines()[-1]
