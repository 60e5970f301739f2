"""matchgame: exact solutions of token games on graphs through maximum matching.

A token sits on a vertex; players alternately move it to an unvisited neighbour;
who cannot move loses. The player to move wins iff the token's vertex is covered
by every maximum matching of the unvisited graph.

>>> import matchgame
>>> board = matchgame.Board.from_rows([".##", "...", "#.#"])
>>> matchgame.analyse_placements(board).winning_cells
[(1, 2), (2, 1)]
"""

from __future__ import annotations

from .boards import Board, Cell
from .edgelists import parse_edge_list
from .errors import (
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidTypeError,
    MatchgameError,
    ParseError,
)
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
from .placement import GraphAnalysis, PlacementAnalysis, analyse_graph, analyse_placements

__version__ = "0.1.0"

__all__ = [
    "Board",
    "Cell",
    "Decomposition",
    "EmptyMoveStackError",
    "GallaiEdmonds",
    "Graph",
    "GraphAnalysis",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidTypeError",
    "MatchgameError",
    "ParseError",
    "PlacementAnalysis",
    "Position",
    "__version__",
    "analyse_graph",
    "analyse_placements",
    "decompose",
    "gallai_edmonds",
    "is_maximum_matching",
    "maximum_matching",
    "parse_edge_list",
]
