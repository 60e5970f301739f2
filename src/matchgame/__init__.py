"""matchgame: exact solutions of token games on graphs through maximum matching.

A token sits on a vertex; players alternately move it to an unvisited neighbour;
who cannot move loses. The player to move wins iff the token's vertex is covered
by every maximum matching of the unvisited graph.

>>> import matchgame
>>> matchgame.analyse([".##", "...", "#.#"]).winning
[(1, 2), (2, 1)]

Submodules are imported on first use, so ``import matchgame`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidTypeError,
    MatchgameError,
    ParseError,
)

if TYPE_CHECKING:
    from .analysis import Analysis, analyse, analyse_graph, analyse_placements
    from .boards import Board, Cell
    from .edgelists import parse_edge_list
    from .game import Position
    from .graph import Graph
    from .matching import (
        Decomposition,
        GallaiEdmonds,
        decompose,
        gallai_edmonds,
        is_maximum_matching,
        maximum_matching,
    )

__version__ = "0.2.0"

# public name -> the module that defines it (imported when the name is first used)
_LAZY = {
    "Analysis": "analysis",
    "analyse": "analysis",
    "analyse_graph": "analysis",
    "analyse_placements": "analysis",
    "Board": "boards",
    "Cell": "boards",
    "parse_edge_list": "edgelists",
    "Position": "game",
    "Graph": "graph",
    "Decomposition": "matching",
    "GallaiEdmonds": "matching",
    "decompose": "matching",
    "gallai_edmonds": "matching",
    "is_maximum_matching": "matching",
    "maximum_matching": "matching",
}

__all__ = [
    "Analysis",
    "Board",
    "Cell",
    "Decomposition",
    "EmptyMoveStackError",
    "GallaiEdmonds",
    "Graph",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidTypeError",
    "MatchgameError",
    "ParseError",
    "Position",
    "__version__",
    "analyse",
    "analyse_graph",
    "analyse_placements",
    "decompose",
    "gallai_edmonds",
    "is_maximum_matching",
    "maximum_matching",
    "parse_edge_list",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'matchgame' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
