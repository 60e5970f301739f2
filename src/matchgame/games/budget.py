"""The budget of an exact search, as the games that search take it (``max_states``).

Where no theorem answers (edge geography on a component with an odd cycle,
directed geography on a digraph with cycles) a game searches every position,
remembering each; the budget bounds how many, and past it the answer is refused
in one line (:class:`~matchgame.errors.BudgetExceededError`).
"""

from __future__ import annotations

from .options import GameOption, check_int_option

__all__ = ["MAX_BUDGET", "MAX_STATES", "MAX_STATES_OPTION"]

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
