"""The shipped wrong solutions: small Python programs, each wrong in one way.

Each is run as ``python -S PATH PROBLEM`` (``PROBLEM`` one of the problems it
answers) and says in its docstring's one line what it gets wrong;
:data:`WRONG_SOLUTIONS` lists them by problem. :mod:`matchgame.contest.strength`
runs them on a setter's tests.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["WRONG_SOLUTIONS", "describe", "path"]

HERE = Path(__file__).resolve().parent

WRONG_SOLUTIONS: dict[str, tuple[str, ...]] = {
    "jsoi": ("unmatched_only", "greedy_matching", "one_colour", "column_order", "odd_paths"),
    "loj": ("unmatched_only", "greedy_matching", "one_colour", "column_order", "odd_paths"),
    "noi": ("board_before", "start_cell", "no_before"),
    "graph": ("unmatched_only", "greedy_matching", "no_blossoms", "self_loops"),
    "edge-graph": ("vertex_game", "single_edges"),
}
"""The wrong solutions that answer each problem, by name (``NAME.py`` here)."""


def path(name: str) -> Path:
    """The program's file."""
    return HERE / f"{name}.py"


def describe(name: str) -> str:
    """The first line of the program's docstring: what it gets wrong."""
    doc = ast.get_docstring(ast.parse(path(name).read_text())) or ""
    return doc.splitlines()[0] if doc else name
