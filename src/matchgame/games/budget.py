"""The budgets of an exact search, as the games that search take them.

Where no theorem answers (edge geography on a component with an odd cycle,
directed geography on a digraph with cycles) a game searches positions, remembering
them; its budgets bound the search, and past one the answer is refused in one line
(:class:`~matchgame.errors.BudgetExceededError`) that names the bound:

- ``max_states``: positions (the edge game: positions remembered; the directed game:
  positions searched);
- ``max_memory``: bytes (the directed game: its table of positions is sized to fit,
  and a part of the digraph whose search cannot fit at all is refused);
- ``max_seconds``: seconds (the directed game reads the clock every few thousand
  positions);
- ``partial``: rather than refusing, answer with the verdicts settled before the
  budget ran out and "unknown" for the rest (the directed game's placements).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from typing import Any

from ..core._memory import available_memory
from ..core._validate import describe, plural
from ..errors import InvalidParameterError, InvalidTypeError
from .options import GameOption, check_int_option

__all__ = [
    "DIRECTED_MAX_STATES_OPTION",
    "MAX_BUDGET",
    "MAX_MEMORY",
    "MAX_MEMORY_OPTION",
    "MAX_SECONDS_OPTION",
    "MAX_STATES",
    "MAX_STATES_OPTION",
    "PARTIAL_OPTION",
    "SEARCH_STATES",
    "parse_size",
    "raising_hint",
]

MAX_STATES = 1_000_000
"""Default budget of the edge game's exact search (positions remembered)."""

MAX_BUDGET = 1 << 32
"""The largest ``max_states`` taken (a table of more positions would take over 64 GiB,
and its size would overflow a kernel's 64-bit arithmetic)."""

MAX_STATES_OPTION = GameOption(
    name="max_states",
    flag="--max-states",
    default=MAX_STATES,
    check=check_int_option(1, MAX_BUDGET),
    help=(
        "the budget of the exact search where no theorem answers, in positions "
        f"(default {MAX_STATES:,}); past it the answer is refused in one line"
    ),
    accepts=f"a number of positions from 1 to {MAX_BUDGET:,}",
)
"""``max_states`` (``--max-states``), an option of every game that searches."""

SEARCH_STATES = 100_000_000
"""Default budget of the directed game's search: positions searched (half a minute or
so; the table that remembers them is bounded by ``max_memory``, not by this)."""

DIRECTED_MAX_STATES_OPTION = dataclasses.replace(
    MAX_STATES_OPTION,
    default=SEARCH_STATES,
    help=(
        "the budget of the exact search, in positions searched "
        f"(default {SEARCH_STATES:,}); past it the answer is refused in one line"
    ),
)
"""``max_states`` of the directed game: positions searched, not remembered."""

MAX_MEMORY = 1 << 30
"""Default memory of the directed game's search (1 GiB)."""

_MIN_MEMORY = 1 << 20
_MAX_MEMORY = 1 << 50
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?\s*", re.IGNORECASE)


def parse_size(value: Any, name: str) -> int:
    """A size in bytes: an int, or a text such as ``"512M"``, ``"2G"``, ``"1.5GiB"`` or
    ``"1048576"`` (units of 1024), from 1 MiB to 1 PiB.

    >>> parse_size("512M", "max_memory"), parse_size(1 << 30, "max_memory")
    (536870912, 1073741824)
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidTypeError(
            f"{name} must be a number of bytes or a size such as '2G', got {describe(value)}"
        )
    if isinstance(value, str):
        found = _SIZE.fullmatch(value)
        if found is None:
            raise InvalidParameterError(
                f"{name} must be a number of bytes or a size such as 512M or 2G, got {value!r}"
            )
        size = float(found.group(1)) * _UNITS[found.group(2).upper()]
        value = int(size) if math.isfinite(size) else _MAX_MEMORY + 1
    if not _MIN_MEMORY <= value <= _MAX_MEMORY:
        raise InvalidParameterError(f"{name} must be from 1M to 1P bytes, got {value:,}")
    return int(value)


def _seconds(value: Any, name: str) -> float:
    """Seconds above 0 (an int, a float, or on the command line their text)."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise InvalidParameterError(
                f"{name} must be a number of seconds, got {value!r}"
            ) from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidTypeError(f"{name} must be a number of seconds, got {describe(value)}")
    if not 0 < value <= 1e9:
        raise InvalidParameterError(f"{name} must be above 0 and at most 1e9 seconds, got {value}")
    return float(value)


def _switch(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be True or False, got {describe(value)}")
    return value


MAX_MEMORY_OPTION = GameOption(
    name="max_memory",
    flag="--max-memory",
    default=MAX_MEMORY,
    check=parse_size,
    help=(
        "the memory of the exact search, in bytes or with a unit (512M, 2G; default 1G): "
        "its table of positions is sized to fit, and a part of the digraph whose search "
        "cannot fit is refused in one line"
    ),
    accepts="a size from 1M to 1P bytes, such as 512M, 2G or 1073741824",
    metavar="SIZE",
)
"""``max_memory`` (``--max-memory``): the bytes a search may take."""

MAX_SECONDS_OPTION = GameOption(
    name="max_seconds",
    flag="--max-seconds",
    default=None,
    check=_seconds,
    help=(
        "the seconds the exact search may take (default: no limit); past them the answer "
        "is refused in one line"
    ),
    accepts="a number of seconds above 0, such as 10 or 0.5",
    metavar="SECONDS",
    example=10.0,
)
"""``max_seconds`` (``--max-seconds``; not ``--time-limit``, which ``serve`` and the
contest commands give their own meaning): the seconds a search may take."""

PARTIAL_OPTION = GameOption(
    name="partial",
    flag="--partial",
    default=False,
    check=_switch,
    help=(
        "when a budget stops the search, answer the placements with the verdicts settled "
        "and the rest unknown (the bound named on standard error) rather than refusing"
    ),
    accepts="no value",
    metavar="",
    switch=True,
)
"""``partial`` (``--partial``): a refused search answers what it settled."""


def raising_hint(
    max_states: int,
    memory: Callable[[int], int],
    *,
    decided: int,
    questions: int,
    what: str = "placement",
) -> str:
    """What raising ``max_states`` can do, for a refusal (``"; ..."``, or ``""`` when
    nothing can be said): it cannot help when the budget is at its largest
    (:data:`MAX_BUDGET`), when the memory available holds no more positions than the
    budget allowed already, or at a size where not one of the ``questions`` (the
    component's placements) was decided within the budget and the memory holds fewer
    positions per question than that; otherwise it says how far the memory lets it go.

    ``memory(n)`` is the bytes a search of ``n`` positions takes; ``decided``, how many
    questions the search answered before the budget ran out.

    >>> raising_hint(4, lambda n: 100 * n, decided=0, questions=1)[:44]
    '; raising it may help: the memory here holds'
    >>> raising_hint(MAX_BUDGET, lambda n: n, decided=0, questions=1)
    '; raising it cannot help: it is at its largest'
    """
    if max_states >= MAX_BUDGET:
        return "; raising it cannot help: it is at its largest"
    available = available_memory()
    if available is None:
        return ""
    base, per_state = memory(1), max(memory(1 << 20) - memory(1), 1) / float((1 << 20) - 1)
    held = int(max(available - base, 0) / per_state)
    if held >= MAX_BUDGET:
        return ""  # any budget fits: only trying says
    fit = f"the memory here holds about {plural(held, 'position', grouped=True)} of this search"
    if held <= max_states:
        return f"; raising it cannot help: {fit}"
    each = held // max(questions, 1)
    if decided == 0 and questions > 1 and each <= max_states:
        return (
            f"; raising it cannot help at this size: not one of the {questions:,} {what}s "
            f"was decided within it, and {fit}, {each:,} a {what}"
        )
    return f"; raising it may help: {fit}"
