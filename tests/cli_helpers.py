"""Run the command line in a subprocess, as a user would."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, stdin: str | bytes = b"", env: dict[str, str] | None = None) -> Run:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", "matchgame", *args],
        input=data,
        capture_output=True,
        timeout=300,
        env=env,
    )
    return Run(proc.returncode, proc.stdout.decode(), proc.stderr.decode())


def assert_user_error(run: Run, *fragments: str) -> None:
    """Exit 2, nothing on stdout, one 'error:' line on stderr mentioning every fragment."""
    assert run.code == 2, run
    assert run.out == "", run
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("error: "), run.err
    assert "Traceback" not in run.err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
