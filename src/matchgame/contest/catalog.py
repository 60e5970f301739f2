"""The problems by name: ``jsoi``, ``loj``, ``noi``, ``graph``, ``edge-graph``."""

from __future__ import annotations

from ..errors import InvalidInputError
from .boards import BoardProblem
from .graphs import GraphProblem
from .problems import Problem
from .records import RecordProblem

__all__ = ["PROBLEMS", "find_problem"]

PROBLEMS: tuple[str, ...] = ("jsoi", "loj", "noi", "graph", "edge-graph")
"""The problems' names."""

_PROBLEMS: dict[str, Problem] = {
    problem.name: problem
    for problem in (
        BoardProblem("jsoi"),
        BoardProblem("loj"),
        RecordProblem(),
        GraphProblem("graph"),
        GraphProblem("edge-graph"),
    )
}


def find_problem(name: str) -> Problem:
    """The problem called ``name`` (one of :data:`PROBLEMS`)."""
    try:
        return _PROBLEMS[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown problem {name!r}: expected one of {', '.join(PROBLEMS)}"
        ) from None
