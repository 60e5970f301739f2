import inspect
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

# Every kernel checks its arguments in full while the tests run (and in the command
# lines and servers they start): a public path that handed a kernel a graph, matching
# or bipartition breaking its preconditions fails the test (_kernels/_checks.pyx).
os.environ["MATCHGAME_CHECK_KERNELS"] = "1"


def pytest_configure(config):
    # the quick loop (-m "not slow") draws a tenth of each hypothesis test's examples
    # (tests/budget.py); set here, before the test modules are imported
    if "not slow" in (config.getoption("markexpr", "") or ""):
        os.environ["MATCHGAME_QUICK"] = "1"


_STARTS_PROCESSES = ("run_cli(", "subprocess.", "live_server(", "Popen(")


def pytest_collection_modifyitems(config, items):
    # a test that starts matchgame's command line (or any process) costs a Python
    # start-up a call: it is slow, whatever module it sits in
    for item in items:
        function = getattr(item, "function", None)
        if function is None or item.get_closest_marker("slow"):
            continue
        try:
            source = inspect.getsource(function)
        except (OSError, TypeError):
            continue
        if any(call in source for call in _STARTS_PROCESSES):
            item.add_marker(pytest.mark.slow)
