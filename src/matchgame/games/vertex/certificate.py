"""Making certificates: the proof written beside a placement answer.

The format is described in :mod:`matchgame.certificates`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import bipartite as _bip
from ..._kernels import ears as _ears
from ...core.board import Board
from ...core.graph import INDEX_DTYPE, Graph
from ...core.matching import Decomposition, decompose
from ...core.moves import as_moves
from ...core.names import BoardCells
from ...errors import InvalidInputError
from ..analyses import BaseAnalysis, plain_json
from ..proofs import canonical_input, input_digest

__all__ = ["FORMAT", "FORMAT_3", "as_json", "canonical_input", "input_digest", "make_certificate"]

FORMAT = "matchgame-certificate/4"
"""The vertex game's certificate format (:mod:`matchgame.certificates`)."""
FORMAT_3 = "matchgame-certificate/3"
"""The version before: its certificates of bipartite inputs (a forest) are read as
version 4's; those of other graphs (paths, quadratic in size) are refused."""


def as_json(certificate: dict[str, Any]) -> dict[str, Any]:
    """A certificate as plain lists, numbers and strings: what ``json.loads`` reads
    of its JSON text (written by the compiled formatter, then parsed), so that
    ``json.dumps`` takes it. :meth:`~matchgame.Analysis.certificate` returns this.

    >>> as_json({"format": FORMAT, "matching": np.array([[1, 2]])})
    {'format': 'matchgame-certificate/4', 'matching': [[1, 2]]}
    """
    document: dict[str, Any] = plain_json(certificate)
    return document


def make_certificate(
    source: BaseAnalysis | Board | Graph,
    decomposition: Decomposition | None = None,
    *,
    moves: str = "orthogonal",
) -> dict[str, Any]:
    """The ``"certificate"`` field of the JSON answer on ``source``, as written.

    Lists are numpy arrays (a 2-D array is a list of pairs), ids 1-based as
    described in :mod:`matchgame.certificates`; :func:`~matchgame.writers.jsonstream.json_chunks`
    writes it. ``source`` is an :class:`~matchgame.Analysis` (whose matching
    the certificate proves), or a board or graph with the ``decomposition`` the
    answer reports (computed if None); ``moves``: how the token moves on a board (an
    analysis says it itself). A board under a rule with odd cycles (king, hex) is
    certified as the graph it is: Tutte-Berge set and paths, its cells numbered as
    on any board.

    Examples
    --------
    The JSOI sample: cells are numbered 1..9 row by row; the placer wins on
    cells 6 and 8. Cell 6 is exposed; the path of cell 8 is 8, 5 (its
    partner), 6.

    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> certificate = make_certificate(board)
    >>> certificate["matching"].tolist(), certificate["forest"].tolist()
    ([[1, 4], [5, 8]], [0, 6])

    A triangle 1 2 3 with a tail 3 - 4 - 5: U = {4}; the ears [3] and
    [3, 2, 1, 3] build the triangle, [5] the component {5}, which M matches to 4
    and links to 3, next to 4, in the triangle (where M leaves 3 exposed).

    >>> tail = Graph.from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])
    >>> certificate = make_certificate(tail)
    >>> certificate["tutte_berge_set"].tolist(), certificate["links"].tolist()
    ([4], [0, 3])
    >>> certificate["ears"].tolist()
    [3, 0, 3, 2, 1, 3, 0, 5, 0]
    """
    if isinstance(source, BaseAnalysis):  # the vertex game's: it has the decomposition
        decomposition = source.decomposition  # type: ignore[attr-defined]
        moves = source.moves or "orthogonal"
        source = source.board if source.board is not None else source.graph
    moves = as_moves(moves)
    on_board = isinstance(source, Board)
    graph = source.to_graph(moves) if isinstance(source, Board) else source
    if decomposition is None:
        decomposition = decompose(graph)
    # text ids: the 1-based row-major cell number on a board, else the vertex + 1
    names = graph.names
    text_ids = (
        names.cell_of_vertex if isinstance(names, BoardCells) else np.arange(graph.n_vertices)
    )
    mate = np.ascontiguousarray(decomposition.mate, dtype=INDEX_DTYPE)
    ends = np.flatnonzero(mate > np.arange(mate.shape[0], dtype=INDEX_DTYPE))
    matching = np.empty((ends.shape[0], 2), dtype=INDEX_DTYPE)
    matching[:, 0] = text_ids[ends]
    matching[:, 1] = text_ids[mate[ends]]
    matching += 1
    del ends
    certificate: dict[str, Any] = {
        "format": FORMAT,
        "input": {
            "kind": "board" if on_board else "edges",
            "sha256": input_digest(source),
            **({} if moves == "orthogonal" else {"moves": moves}),
        },
        "matching": matching,
    }
    winning = np.flatnonzero(decomposition.missable)
    if graph.is_bipartite:
        via = decomposition._via if decomposition._graph is graph else None
        if via is None:  # a decomposition made by hand, or by the blossom engine
            _, via = _bip.missable_bipartite(graph.offsets, graph.indices, mate)
        following = via[winning]
        del via, winning
        forest = np.zeros(following.shape[0], dtype=INDEX_DTYPE)
        on_path = following >= 0
        forest[on_path] = text_ids[following[on_path]] + 1
        certificate["forest"] = forest
        return certificate
    in_d = np.ascontiguousarray(decomposition.missable).view(np.uint8)
    del winning
    status, ears, component, starts = _ears.odd_ears(graph.offsets, graph.indices, mate, in_d)
    if status == _ears.DONE:
        status, links = _ears.component_links(
            graph.offsets, graph.indices, mate, component, starts.shape[0]
        )
    if status != _ears.DONE:
        raise InvalidInputError(
            "the decomposition's missable set is not the Gallai-Edmonds set D of its "
            "matching (some maximum matching misses a vertex outside it, or it is not "
            "maximum): no certificate proves it"
        )
    del component, starts
    # U = A, the neighbours of D outside D
    barrier = np.zeros(graph.n_vertices, dtype=bool)
    barrier[graph.indices[decomposition.missable[graph.sources]]] = True
    barrier &= ~decomposition.missable
    certificate["tutte_berge_set"] = text_ids[np.flatnonzero(barrier)] + 1
    del barrier
    certificate["ears"] = _text_ids(text_ids, ears)
    certificate["links"] = _text_ids(text_ids, links)
    return certificate


def _text_ids(text_ids: npt.NDArray[np.integer], ids: npt.NDArray[np.int32]) -> np.ndarray:
    """0-based ids as a certificate writes them, 1-based; -1 (an end mark, no link) as 0."""
    out = np.zeros(ids.shape[0], dtype=text_ids.dtype)
    given = ids >= 0
    out[given] = text_ids[ids[given]] + 1
    return out
