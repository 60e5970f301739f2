"""What a command loads before it works: start-up is most of a small input's run."""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_placements_on_a_graph_loads_neither_records_nor_resources(tmp_path):
    path = tmp_path / "triangle.txt"
    path.write_text("3 3\n1 2\n2 3\n3 1\n")
    code = (
        "import sys\n"
        "from matchgame.apps.cli import main\n"
        f"assert main(['placements', '--edges', {str(path)!r}]) == 0\n"
        "names = ('matchgame.games.bunny', 'matchgame.games.engines', 'matchgame.readers.noi',"
        " 'importlib.resources', 'importlib.abc')\n"
        "print([name for name in names if name in sys.modules])\n"
    )
    assert _run(code).splitlines()[-1] == "[]"
