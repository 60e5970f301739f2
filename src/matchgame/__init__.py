"""matchgame: exact solutions of token games on graphs through maximum matching.

A token sits on a vertex; players alternately move it to an unvisited neighbour;
who cannot move loses. The player to move wins iff the token's vertex is covered
by every maximum matching of the unvisited graph.

>>> import matchgame
>>> matchgame.analyse([".##", "...", "#.#"]).winning
[(1, 2), (2, 1)]

The package has floors, each importing only those below it (see
docs/architecture.md): ``core`` (graphs, boards, matchings), ``games`` (analyses,
positions, records), ``readers`` and ``writers`` (text in and out),
``certificates``, ``draw`` (pictures), and the applications in ``apps``. Every
public name is here; submodules are imported on first use, so ``import
matchgame`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _moved
from .errors import (
    BudgetExceededError,
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidParameterError,
    InvalidTypeError,
    MatchgameError,
    ParseError,
    UnreadableInput,
)

if TYPE_CHECKING:
    from .certificates import verify
    from .core.board import Board, Cell, parse_board
    from .core.digraph import DiGraph
    from .core.dimultigraph import DiMultiGraph
    from .core.graph import Graph
    from .core.matching import (
        Decomposition,
        GallaiEdmonds,
        decompose,
        gallai_edmonds,
        is_maximum_matching,
        maximum_matching,
    )
    from .core.multigraph import MultiGraph
    from .games.analyses import BaseAnalysis
    from .games.api import (
        analyse,
        analyse_edges,
        analyse_graph,
        analyse_placements,
        explain,
    )
    from .games.contract import Game, game
    from .games.directed.analysis import DirectedAnalysis
    from .games.directed.explain import DirectedExplanation
    from .games.directed.position import DirectedPosition
    from .games.directed_edge.analysis import DirectedEdgeAnalysis
    from .games.directed_edge.explain import DirectedEdgeExplanation
    from .games.directed_edge.position import DirectedEdgePosition
    from .games.edge.analysis import EdgeAnalysis, EdgeProof
    from .games.edge.explain import EdgeExplanation
    from .games.edge.position import EdgePosition
    from .games.explanations import BaseExplanation
    from .games.noi import BunnyBoard, GameRecord, parse_noi_record
    from .games.notes import MoveNote, WalkAnnotation, annotate
    from .games.outcome import Outcome
    from .games.positions import BasePosition
    from .games.tokens import TokenRecord, parse_token_record
    from .games.vertex.analysis import Analysis
    from .games.vertex.engines import WalkAnalysis, analyse_walk
    from .games.vertex.explain import Explanation
    from .games.vertex.mistakes import (
        MoveAnnotation,
        RecordAnalysis,
        analyse_record,
    )
    from .games.vertex.position import Position
    from .readers.documents import DocumentError
    from .readers.edgelists import parse_edge_list
    from .readers.graphs import read_graph, read_graphs
    from .writers.graphfiles import write_verdicts
    from .writers.graphs import write_graph

__version__ = "0.3.0"

# public name -> the module that defines it (imported when the name is first used)
_LAZY = {
    "Board": "core.board",
    "Cell": "core.board",
    "Graph": "core.graph",
    "MultiGraph": "core.multigraph",
    "DiGraph": "core.digraph",
    "DiMultiGraph": "core.dimultigraph",
    "DirectedAnalysis": "games.directed.analysis",
    "DirectedPosition": "games.directed.position",
    "DirectedExplanation": "games.directed.explain",
    "DirectedEdgeAnalysis": "games.directed_edge.analysis",
    "DirectedEdgeExplanation": "games.directed_edge.explain",
    "DirectedEdgePosition": "games.directed_edge.position",
    "Decomposition": "core.matching",
    "GallaiEdmonds": "core.matching",
    "decompose": "core.matching",
    "gallai_edmonds": "core.matching",
    "is_maximum_matching": "core.matching",
    "maximum_matching": "core.matching",
    "Analysis": "games.vertex.analysis",
    "analyse": "games.api",
    "analyse_graph": "games.api",
    "analyse_placements": "games.api",
    "Position": "games.vertex.position",
    "Outcome": "games.outcome",
    "EdgeAnalysis": "games.edge.analysis",
    "EdgeProof": "games.edge.analysis",
    "EdgePosition": "games.edge.position",
    "analyse_edges": "games.api",
    "WalkAnalysis": "games.vertex.engines",
    "analyse_walk": "games.vertex.engines",
    "Explanation": "games.vertex.explain",
    "explain": "games.api",
    "EdgeExplanation": "games.edge.explain",
    "Game": "games.contract",
    "game": "games.contract",
    "BaseAnalysis": "games.analyses",
    "BasePosition": "games.positions",
    "BaseExplanation": "games.explanations",
    "verify": "certificates",
    "TokenRecord": "games.tokens",
    "WalkAnnotation": "games.notes",
    "MoveNote": "games.notes",
    "annotate": "games.notes",
    "BunnyBoard": "games.noi",
    "GameRecord": "games.noi",
    "MoveAnnotation": "games.vertex.mistakes",
    "RecordAnalysis": "games.vertex.mistakes",
    "analyse_record": "games.vertex.mistakes",
    "parse_board": "core.board",
    "parse_edge_list": "readers.edgelists",
    "read_graph": "readers.graphs",
    "read_graphs": "readers.graphs",
    "write_graph": "writers.graphs",
    "write_verdicts": "writers.graphfiles",
    "parse_noi_record": "games.noi",
    "parse_token_record": "games.tokens",
    "DocumentError": "readers.documents",
}

__all__ = [
    "Analysis",
    "BaseAnalysis",
    "BaseExplanation",
    "BasePosition",
    "Board",
    "BudgetExceededError",
    "BunnyBoard",
    "Cell",
    "Decomposition",
    "DiGraph",
    "DiMultiGraph",
    "DirectedAnalysis",
    "DirectedEdgeAnalysis",
    "DirectedEdgeExplanation",
    "DirectedEdgePosition",
    "DirectedExplanation",
    "DirectedPosition",
    "DocumentError",
    "EdgeAnalysis",
    "EdgeExplanation",
    "EdgePosition",
    "EdgeProof",
    "EmptyMoveStackError",
    "Explanation",
    "GallaiEdmonds",
    "Game",
    "GameRecord",
    "Graph",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidParameterError",
    "InvalidTypeError",
    "MatchgameError",
    "MoveAnnotation",
    "MoveNote",
    "MultiGraph",
    "Outcome",
    "ParseError",
    "Position",
    "RecordAnalysis",
    "TokenRecord",
    "UnreadableInput",
    "WalkAnalysis",
    "WalkAnnotation",
    "__version__",
    "analyse",
    "analyse_edges",
    "analyse_graph",
    "analyse_placements",
    "analyse_record",
    "analyse_walk",
    "annotate",
    "decompose",
    "explain",
    "gallai_edmonds",
    "game",
    "is_maximum_matching",
    "maximum_matching",
    "parse_board",
    "parse_edge_list",
    "parse_noi_record",
    "parse_token_record",
    "read_graph",
    "read_graphs",
    "sweep",
    "verify",
    "write_graph",
    "write_verdicts",
]

_moved.install()


def __getattr__(name: str) -> Any:
    if name == "sweep":
        # the module itself: it is callable (matchgame.sweep(...) runs sweep.sweep), and
        # "import matchgame.sweep as m" must still find the module, not a function
        return importlib.import_module(".sweep", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'matchgame' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    # the API and the module's dunders: what dir() and an editor's completion offer
    # (the imports this file needs, Any or importlib, are not part of it)
    dunders = {name for name in globals() if name.startswith("__") and name.endswith("__")}
    return sorted(set(__all__) | dunders)
