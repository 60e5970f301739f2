"""The directed game (directed vertex geography, "generalized geography"): the vertex
game along arcs. A move takes the token along an arc to a vertex not visited yet;
who cannot move loses. Lichtenstein and Sipser (1980) showed it PSPACE-complete; on acyclic
digraphs retrograde analysis decides it in linear time, and on symmetric ones it is
the undirected vertex game, decided by the matching theorem.

The game's folder: :mod:`.solve` (the regions, retrograde labels), :mod:`.engine`
(the exact solver: strongly connected parts, their reductions, the search kernel and
the budgets), :mod:`.analysis` (:class:`~matchgame.DirectedAnalysis`), :mod:`.position`
(:class:`~matchgame.DirectedPosition`), :mod:`.records`, :mod:`.explain`,
:mod:`.certificate`, :mod:`.documents` and :mod:`.batch`. It was added through
the games' contract alone: no face of matchgame names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.moves import as_moves
from ..budget import (
    DIRECTED_MAX_STATES_OPTION,
    MAX_MEMORY_OPTION,
    MAX_SECONDS_OPTION,
    PARTIAL_OPTION,
)
from ..contract import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ...core.board import Board
    from ...core.digraph import DiGraph
    from ..notes import WalkAnnotation
    from ..tokens import TokenRecord
    from .analysis import DirectedAnalysis
    from .batch import DirectedBatchAnswers
    from .position import DirectedPosition

__all__ = ["GAME", "DirectedGame"]


class DirectedGame(Game):
    """Directed vertex geography (see the package docstring)."""

    name = "directed"
    title = "directed geography"
    rule = "a move goes along an arc and uses up the vertex the token leaves"
    directed = True
    options = (
        DIRECTED_MAX_STATES_OPTION,
        MAX_MEMORY_OPTION,
        MAX_SECONDS_OPTION,
        PARTIAL_OPTION,
    )
    schemas: ClassVar[Mapping[str, str]] = {
        "placements-board": "directed-placements-board.schema.json",
        "placements-graph": "directed-placements-graph.schema.json",
        "certificate": "directed-certificate.schema.json",
        "explain": "directed-explain.schema.json",
        "position": "position.schema.json",
        "annotate": "annotate.schema.json",
    }

    def graph_of(self, source: Any, moves: str = "orthogonal") -> tuple[DiGraph, Board | None]:
        from .source import directed_source

        return directed_source(source, as_moves(moves))

    def read_edge_list(self, data: str | bytes) -> DiGraph:
        from ...readers.edgelists import parse_edge_list

        return parse_edge_list(data, directed=True)

    def analyse(
        self, source: Any, *, moves: str = "orthogonal", **options: Any
    ) -> DirectedAnalysis:
        from .analysis import analyse_directed

        return analyse_directed(source, moves=moves, **self.checked_options(options))

    def position(
        self,
        source: Any,
        token: Any = None,
        used: Any = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> DirectedPosition:
        from .position import DirectedPosition

        return DirectedPosition(source, token, used, moves=moves, **options)

    def check_walk(
        self,
        graph: Any,
        path: npt.NDArray[np.int64],
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        from .records import check_arc_walk

        check_arc_walk(graph, path, move_lines)

    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        from .records import annotate_directed

        return annotate_directed(record, self.record_graph(record), **self.checked_options(options))

    def check_answer(self, source: Any, answer: Any, *, moves: str = "orthogonal") -> list[str]:
        from .certificate import check_directed_answer

        return check_directed_answer(source, answer, moves)

    def sweep_batch(
        self, graphs: Any, **options: Any
    ) -> tuple[DirectedBatchAnswers, tuple[int, str] | None]:
        from .batch import solve_directed_lines

        return solve_directed_lines(graphs, **self.checked_options(options))


GAME = DirectedGame()
"""The directed game's object (``matchgame.game("directed")``)."""
