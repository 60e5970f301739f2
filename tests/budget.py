"""How many examples a hypothesis test draws: the number its decorator names in a full
run (the README's test command, CI), a tenth of it (at least 10) in the quick loop
(``python -m pytest -n auto -m "not slow"``: ``conftest.py`` sets
``MATCHGAME_QUICK=1`` when the slow tests are left out)."""

from __future__ import annotations

import os


def examples(full: int) -> int:
    """``full``, or a tenth of it (at least 10) in the quick loop."""
    if os.environ.get("MATCHGAME_QUICK") == "1":
        return max(10, full // 10)
    return full
