"""The budget of an exact search, as the games that search take it (``max_states``).

Where no theorem answers (edge geography on a component with an odd cycle,
directed geography on a digraph with cycles) a game searches every position,
remembering each; the budget bounds how many, and past it the answer is refused
in one line (:class:`~matchgame.errors.BudgetExceededError`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core._memory import available_memory
from ..core._validate import plural
from .options import GameOption, check_int_option

__all__ = ["MAX_BUDGET", "MAX_STATES", "MAX_STATES_OPTION", "raising_hint"]

MAX_STATES = 1_000_000
"""Default budget of an exact search (positions remembered)."""

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
