"""Directed edge geography: a token on a vertex of a directed multigraph; the players
alternately move it along an arc not used yet (each arc once, vertices may repeat;
parallel arcs are moves of their own, a self-loop a move that leaves the token in
place); who cannot move loses. Schaefer (1978) showed it PSPACE-complete (his
*generalized geography*, played on arcs); once opposite arcs cancel, every part
without a cycle is decided in linear time by retrograde analysis, and the rest by an
exact search, one strongly connected component at a time.

A move after the placement is the arc it travels, ``(tail, head, key)``
(:class:`~matchgame.core.steps.ArcSteps`): parallel arcs are moves of their own.

The game's folder: :mod:`.source` (what it plays on), :mod:`.solve` (opposite arcs
cancelled, components, retrograde labels) and :mod:`.search` (the exact search of a
component), :mod:`.analysis` (:class:`~matchgame.DirectedEdgeAnalysis`),
:mod:`.remaining` (a position as the fresh game on the arcs left), :mod:`.position`
(:class:`~matchgame.DirectedEdgePosition`), :mod:`.records`, :mod:`.explain`,
:mod:`.certificate`, :mod:`.documents` and :mod:`.batch`. It was added through the
games' contract alone: no face of matchgame names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.moves import as_moves
from ..budget import MAX_STATES_OPTION
from ..contract import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ...core.board import Board
    from ...core.dimultigraph import DiMultiGraph
    from ...core.names import VertexNames
    from ...core.steps import ArcSteps
    from ..notes import WalkAnnotation
    from ..tokens import TokenRecord
    from .analysis import DirectedEdgeAnalysis
    from .batch import DirectedEdgeBatchAnswers
    from .position import DirectedEdgePosition

__all__ = ["GAME", "DirectedEdgeGame"]


class DirectedEdgeGame(Game):
    """Directed edge geography (see the package docstring)."""

    name = "directed-edge"
    title = "directed edge geography"
    rule = "a move goes along an arc and uses it up"
    directed = True
    keeps_parallel_edges = True
    moves_per_edge = True
    options = (MAX_STATES_OPTION,)
    schemas: ClassVar[Mapping[str, str]] = {
        "placements-board": "directed-edge-placements-board.schema.json",
        "placements-graph": "directed-edge-placements-graph.schema.json",
        "certificate": "directed-edge-certificate.schema.json",
        "explain": "directed-edge-explain.schema.json",
        "position": "position.schema.json",
        "annotate": "annotate.schema.json",
    }

    def graph_of(self, source: Any, moves: str = "orthogonal") -> tuple[DiMultiGraph, Board | None]:
        from .source import directed_edge_source

        return directed_edge_source(source, as_moves(moves))

    def read_edge_list(self, data: str | bytes) -> DiMultiGraph:
        from ...readers.edgelists import parse_edge_list

        return parse_edge_list(data, multigraph=True, directed=True)

    def accept(self, graph: Any, what: str = "the graph") -> Any:
        """A graph read from a file, as this game plays it: a directed graph's arcs, an
        undirected graph's edges both ways (a :class:`~matchgame.DiMultiGraph`)."""
        from .source import directed_edge_source

        return directed_edge_source(graph)[0]

    def analyse(
        self, source: Any, *, moves: str = "orthogonal", **options: Any
    ) -> DirectedEdgeAnalysis:
        from .analysis import analyse_directed_edge

        return analyse_directed_edge(source, moves=moves, **self.checked_options(options))

    def position(
        self,
        source: Any,
        token: Any = None,
        used: Any = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> DirectedEdgePosition:
        from .position import DirectedEdgePosition

        return DirectedEdgePosition(source, token, used, moves=moves, **options)

    def steps(self, graph: Any, names: VertexNames | None = None) -> ArcSteps:
        """A move is the arc it travels, ``(tail, head, key)``: arc ``i`` of the
        :class:`~matchgame.DiMultiGraph` (its arcs in the order given) is step ``i``."""
        from ...core.steps import ArcSteps

        return ArcSteps(graph.names if names is None else names, graph.tails, graph.heads)

    def walk_moves(self, graph: Any, walk: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """A walk of vertices as arcs: from each vertex to the next, the first arc the
        walk has not used yet (:meth:`check_walk` refuses a step along none)."""
        from .records import walk_arcs

        return walk_arcs(graph, walk)

    def check_walk(
        self,
        graph: Any,
        path: npt.NDArray[np.int64],
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        from .records import check_arc_record

        check_arc_record(graph, path, move_lines)

    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        from ..tokens import TokenRecord
        from .records import annotate_directed_edge

        graph, moves = self.record_moves(record)
        if record.rules is not self:  # another game's walk, as this game's arcs
            record = TokenRecord.of_game(
                self,
                graph,
                moves,
                record.board,
                record.moves_rule or "orthogonal",
                record.move_lines,
            )
        return annotate_directed_edge(record, graph, **self.checked_options(options))

    def check_answer(self, source: Any, answer: Any, *, moves: str = "orthogonal") -> list[str]:
        from .certificate import check_directed_edge_answer

        return check_directed_edge_answer(source, answer, moves)

    def sweep_batch(
        self, graphs: Any, **options: Any
    ) -> tuple[DirectedEdgeBatchAnswers, tuple[int, str] | None]:
        from .batch import solve_directed_edge_lines

        return solve_directed_edge_lines(graphs, **self.checked_options(options))


GAME = DirectedEdgeGame()
"""Directed edge geography's object (``matchgame.game("directed-edge")``)."""
