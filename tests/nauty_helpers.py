"""nauty's geng for the sweep's tests: its output, or a skip where it is missing.

Tests that need ``nauty-geng`` (Debian: nauty) skip when it is missing, unless
``MATCHGAME_REQUIRE_NAUTY=1`` (CI sets it) makes that a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import cache

import pytest


def require_nauty() -> None:
    """Skip the test (or fail it, when nauty is required) without ``nauty-geng``."""
    if shutil.which("nauty-geng"):
        return
    if os.environ.get("MATCHGAME_REQUIRE_NAUTY") == "1":
        pytest.fail("nauty-geng is required (MATCHGAME_REQUIRE_NAUTY=1) but not installed")
    pytest.skip("nauty-geng is not installed (Debian: apt install nauty)")


@cache
def geng_output(n: int) -> bytes:
    """Every graph on ``n`` vertices, as ``nauty-geng -q n`` writes them."""
    return subprocess.run(["nauty-geng", "-q", str(n)], capture_output=True, check=True).stdout
