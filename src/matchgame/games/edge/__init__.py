"""The edge game (undirected edge geography): a move uses up the edge the token
travels; the token may come back to a vertex. On bipartite graphs it is decided by
linear algebra over GF(2) (Fraenkel, Scheinerman, Ullman 1993); on components with
an odd cycle by an exact search within a budget (the game is PSPACE-complete there).

The game's folder: :mod:`.analysis` (:class:`~matchgame.EdgeAnalysis`),
:mod:`._algebra`, :mod:`.search`, :mod:`.position` (:class:`~matchgame.EdgePosition`)
and its :mod:`.engines`, :mod:`.records`, :mod:`.explain`, :mod:`.certificate`,
:mod:`.documents` and :mod:`.batch`. :data:`GAME` is the game's object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.moves import as_moves
from ..budget import MAX_BUDGET, MAX_STATES, MAX_STATES_OPTION
from ..contract import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ...core.board import Board
    from ...core.multigraph import MultiGraph
    from ..notes import WalkAnnotation
    from ..tokens import TokenRecord
    from .analysis import EdgeAnalysis
    from .batch import EdgeBatchAnswers
    from .position import EdgePosition

__all__ = ["GAME", "MAX_BUDGET", "MAX_STATES", "EdgeGame"]


class EdgeGame(Game):
    """Undirected edge geography (see the package docstring)."""

    name = "edge"
    title = "edge geography"
    rule = "a move uses up the edge the token travels"
    keeps_parallel_edges = True
    moves_per_edge = True
    options = (MAX_STATES_OPTION,)
    schemas: ClassVar[Mapping[str, str]] = {
        "placements-board": "edge-placements-board.schema.json",
        "placements-graph": "edge-placements-graph.schema.json",
        "certificate": "edge-certificate.schema.json",
        "explain": "edge-explain.schema.json",
        "position": "position.schema.json",
        "annotate": "annotate.schema.json",
    }

    def graph_of(self, source: Any, moves: str = "orthogonal") -> tuple[MultiGraph, Board | None]:
        from .analysis import edge_source

        return edge_source(self.accept(source, "the source"), as_moves(moves))

    def read_edge_list(self, data: str | bytes) -> MultiGraph:
        from ...readers.edgelists import parse_edge_list

        return parse_edge_list(data, multigraph=True)

    def analyse(self, source: Any, *, moves: str = "orthogonal", **options: Any) -> EdgeAnalysis:
        from .analysis import analyse_edges

        checked = self.checked_options(options)
        return analyse_edges(self.accept(source, "the source"), moves=moves, **checked)

    def position(
        self,
        source: Any,
        token: Any = None,
        used: Any = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> EdgePosition:
        from .position import EdgePosition

        return EdgePosition(self.accept(source, "the source"), token, used, moves=moves, **options)

    def check_walk(
        self,
        graph: Any,
        path: npt.NDArray[np.int64],
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        from .records import check_edge_walk

        check_edge_walk(graph, path, move_lines)

    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        from .records import annotate_edges

        checked = self.checked_options(options)
        return annotate_edges(record, self.record_graph(record), **checked)

    def check_answer(self, source: Any, answer: Any, *, moves: str = "orthogonal") -> list[str]:
        from .checker import check_edge_answer

        return check_edge_answer(self.accept(source, "the source"), answer, moves)

    def sweep_batch(
        self, graphs: Any, **options: Any
    ) -> tuple[EdgeBatchAnswers, tuple[int, str] | None]:
        from .batch import solve_edge_lines

        return solve_edge_lines(graphs, **self.checked_options(options))


GAME = EdgeGame()
"""The edge game's object (``matchgame.game("edge")``)."""
