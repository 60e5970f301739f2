"""The vertex game (undirected vertex geography): a move uses up the vertex the token
leaves. The player to move wins iff every maximum matching of the unvisited graph
covers the token's vertex; the placer wins on the vertices some maximum matching
misses (the Gallai-Edmonds set D).

The game's folder: :mod:`.analysis` (:class:`~matchgame.Analysis`), :mod:`.position`
(:class:`~matchgame.Position`) and its :mod:`.engines`, :mod:`.records`,
:mod:`.explain`, :mod:`.certificate` and :mod:`.checker`, :mod:`.documents`, and
:mod:`.batch` (sweeps). :data:`GAME` is the game's object; modules load when asked
for, so a placement on a graph does not load the position engines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...core._algorithms import ALGORITHMS
from ...core.moves import as_moves
from ..contract import Game
from ..options import GameOption, check_choice_option

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ...core.board import Board
    from ...core.graph import Graph
    from ...readers.graph6 import GraphLines
    from ..noi import GameRecord
    from ..notes import WalkAnnotation
    from ..tokens import TokenRecord
    from .analysis import Analysis
    from .batch import BatchAnswers
    from .mistakes import RecordAnalysis
    from .position import Position

__all__ = ["ALGORITHM_OPTION", "GAME", "VertexGame"]

ALGORITHM_OPTION = GameOption(
    name="algorithm",
    flag="--algorithm",
    default="auto",
    check=check_choice_option(ALGORITHMS),
    help=(
        "the maximum matching's engine (every engine gives the same verdicts; auto picks "
        "push-relabel on bipartite graphs, Edmonds' blossoms otherwise)"
    ),
    accepts=f"one of {', '.join(ALGORITHMS)}",
    metavar="ENGINE",
    choices=ALGORITHMS,
)
"""``algorithm`` (``--algorithm``): the vertex game's matching engine."""


class VertexGame(Game):
    """Undirected vertex geography (see the package docstring)."""

    name = "vertex"
    title = "vertex geography"
    rule = "a move uses up the vertex the token leaves"
    has_matching = True
    names_itself = False  # its documents began before there were other games
    sources: ClassVar[Mapping[str, str]] = {
        "noi": "a NOI2011 Bunny-and-Egg record (the empty cell's walk is this game)"
    }
    options = (ALGORITHM_OPTION,)
    sweep_values = ("n", "m", "matching_size", "winning")
    schemas: ClassVar[Mapping[str, str]] = {
        "placements-board": "placements-board.schema.json",
        "placements-graph": "placements-graph.schema.json",
        "certificate": "certificate.schema.json",
        "explain": "explain.schema.json",
        "position": "position.schema.json",
        "annotate": "annotate.schema.json",
    }

    def graph_of(self, source: Any, moves: str = "orthogonal") -> tuple[Graph, Board | None]:
        from .analysis import vertex_source

        graph = self.accept(source, "the source")
        return vertex_source(graph, as_moves(moves))

    def read_edge_list(self, data: str | bytes) -> Graph:
        from ...readers.edgelists import parse_edge_list

        return parse_edge_list(data)

    def analyse(self, source: Any, *, moves: str = "orthogonal", **options: Any) -> Analysis:
        from .analysis import analyse_vertex

        checked = self.checked_options(options)
        graph = self.accept(source, "the source")
        return analyse_vertex(graph, moves=moves, algorithm=checked["algorithm"])

    def position(
        self,
        source: Any,
        token: Any = None,
        used: Any = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> Position:
        from .position import Position

        return Position(self.accept(source, "the source"), token, used, moves=moves, **options)

    def check_walk(
        self,
        graph: Any,
        path: npt.NDArray[np.int64],
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        from .records import check_walk

        check_walk(graph, path, move_lines)

    def read_source(self, kind: str, data: str | bytes) -> GameRecord:
        if kind != "noi":
            return super().read_source(kind, data)  # type: ignore[no-any-return]
        from ..noi import parse_noi_record

        return parse_noi_record(data)

    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        from .records import annotate_vertex

        self.checked_options(options, defaults=False)
        return annotate_vertex(record, self.record_graph(record))

    def annotate_source(self, record: Any, **options: Any) -> RecordAnalysis:
        """A NOI2011 record's moves judged (its mistakes: :func:`~matchgame.analyse_record`)."""
        from .mistakes import analyse_record

        self.checked_options(options, defaults=False)
        return analyse_record(record)

    def check_answer(self, source: Any, answer: Any, *, moves: str = "orthogonal") -> list[str]:
        from .checker import check_answer

        return check_answer(self.accept(source, "the source"), answer, moves=moves)

    def sweep_batch(self, graphs: GraphLines, **options: Any) -> tuple[BatchAnswers, None]:
        from .batch import solve_lines

        self.checked_options(options, defaults=False)
        return solve_lines(graphs), None

    def sweep_graph6(self, data: bytes, **options: Any) -> BatchAnswers | None:
        """graph6 of at most 64 vertices a line (all of geng's) decoded straight into
        the union's CSR: about half the cost of decoding, then building it."""
        import numpy as np

        from ..._kernels import graph6 as _graph6
        from .batch import solve_union

        self.checked_options(options, defaults=False)
        union = _graph6.decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
        return None if union is None else solve_union(*union)


GAME = VertexGame()
"""The vertex game's object (``matchgame.game("vertex")``)."""
