"""Timing fresh processes for the benchmark scripts.

Commands compared on one input run alternately (A B C A B C ...), so that a drift
of the machine's speed hits them alike; each gets the median of its runs. A run
that exceeds its timeout is killed and the command is not run again on that input.
"""

from __future__ import annotations

import statistics
import subprocess
import time
from dataclasses import dataclass, field


@dataclass
class Timing:
    """The runs of one command on one input."""

    seconds: list[float] = field(default_factory=list)
    timed_out: bool = False
    stdout: bytes | None = None
    stderr: bytes = b""

    @property
    def median(self) -> float | None:
        """Median wall seconds, or None if a run timed out."""
        if self.timed_out or not self.seconds:
            return None
        return statistics.median(self.seconds)


def run_once(
    command: list[str], timeout: float, env: dict[str, str] | None = None
) -> tuple[float | None, bytes | None, bytes]:
    """(wall seconds, stdout, stderr) of one fresh process; (None, None, b"") on timeout."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, None, b""
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{command} failed ({proc.returncode}): {err.decode(errors='replace')}")
    return elapsed, out, err


def alternate(
    commands: dict[str, list[str]],
    repeats: int,
    timeout: float | dict[str, float],
    runs: dict[str, int] | None = None,
) -> dict[str, Timing]:
    """Time every command ``repeats`` times (``runs[name]`` for some), in turn."""
    results = {name: Timing() for name in commands}
    wanted = {name: (runs or {}).get(name, repeats) for name in commands}
    for round_ in range(max(wanted.values(), default=0)):
        for name, command in commands.items():
            result = results[name]
            if result.timed_out or round_ >= wanted[name]:
                continue
            limit = timeout[name] if isinstance(timeout, dict) else timeout
            seconds, out, err = run_once(command, limit)
            if seconds is None:
                result.timed_out = True
                continue
            result.seconds.append(seconds)
            result.stdout, result.stderr = out, err
    return results


def matching_size(stderr: bytes) -> int:
    """The ``matching_size K`` line a C++ anchor writes on stderr."""
    for line in stderr.decode().splitlines():
        if line.startswith("matching_size "):
            return int(line.split()[1])
    raise ValueError(f"no matching size in {stderr[:200]!r}")


def seconds_cell(result: Timing | None, timeout: float) -> str:
    """A table cell: the median, ``> T`` after a timeout, ``-`` when not run."""
    if result is None:
        return "-"
    median = result.median
    return f"> {timeout:.0f}" if median is None else f"{median:.2f}"


def ratio_cell(result: Timing | None, reference: float | None, timeout: float) -> str:
    """``result / reference`` as a table cell (``> x`` after a timeout)."""
    if result is None or reference is None:
        return "-"
    median = result.median
    if median is None:
        return f"> {timeout / reference:.0f}x"
    return f"{median / reference:.2f}x"
