"""Making certificates: the proof written beside a placement answer of the vertex game.

It is checked by :mod:`.checker`, which uses no matching algorithm: edge look-ups,
counts, a 2-colouring and component labels of the input, and pointer jumping along
the given pointers.

The format (version ``matchgame-certificate/4``). Ids are 1-based: vertex
numbers of an edge list; on a board the row-major cell number
``(row - 1) * cols + col``. ``D`` is the answer's own list of winning
placements (``winning_cells`` as [row, col], ``winning_vertices``), in
increasing order.

``format``
    ``"matchgame-certificate/4"`` (version 3 proved graphs with odd cycles by one
    path per vertex, quadratic: its certificates with a ``forest``, the same as
    version 4's, are still read, those with ``paths`` are refused; version 2
    lacked the boards' ``"moves"`` and their answers' ``"matching"``).
``input``
    ``{"kind": "board" | "edges", "sha256": ...}``: the SHA-256 of the
    canonical text of the input (:func:`canonical_input`), and on a board whose
    token moves otherwise than orthogonally ``"moves"`` (``"king"``, ``"hex"``,
    ``"knight"``). A certificate is for exactly one input and one rule.
``matching``
    A matching M as pairs of ids.

On a bipartite input (every board with orthogonal or knight's moves):

``forest``
    One id for every vertex w of D, in D's order: 0 if M leaves w exposed, else
    the next vertex x on an even alternating path from w to an exposed vertex:
    the path is w, M(w), x, then the path of x (which must be in D).

On any other graph (king's and hex boards included, as the graphs they are):

``tutte_berge_set``
    A set U of vertices, increasing (the Gallai-Edmonds set A).
``ears``
    An odd ear decomposition of every odd component of G - U, each ear's
    vertices followed by a 0. A component's first ear is one vertex, its start;
    every other ear is a path or closed path with an odd number of edges whose two
    ends an earlier ear holds and whose inner vertices are new.
``links``
    One id per component, in the order of their starts in ``ears``: 0 if M
    leaves a vertex of it exposed; else a vertex y of another odd component next
    to the vertex of U that M matches into it.

What the checker proves (n vertices; every claim of the answer must follow):

- M is a matching of the input, and every vertex it leaves exposed is in D.
- Bipartite: every vertex of D is missed by a maximum matching (the placer
  wins there): exposed, or the start of a forest path, which alternates on a
  bipartite graph by construction and reaches an exposed vertex iff the
  pointers have no cycle (flip it). M is maximum, and every vertex outside D is
  covered by every maximum matching (the placer loses there): with L, R the
  sides of the checker's own 2-colouring, ``(L - D) | N(D & L)`` is a vertex
  cover by construction; if it has ``|M|`` vertices it is a minimum one, so M is
  maximum (König) and every vertex in it is in every maximum matching (it
  covers G - v with one vertex less). The same for R; the two covers hold every
  vertex outside D.
- Other graphs: ``|M| = (n + |U| - odd(G - U)) / 2`` with the components of
  G - U labelled by the checker (Tutte-Berge): M is maximum, a vertex of U or
  of an even component is in every maximum matching, and M matches every odd
  component perfectly but for one vertex, exposed or matched into U (no two
  into one component). D must be exactly the odd components. The ears make
  each of them factor-critical (Lovász: an odd ear decomposition of a spanning
  subgraph); the ears must make every vertex of D new exactly once, one start
  per component, each ear of odd length between vertices already built. The
  links must run, without a cycle (pointer jumping), from every component
  matched into U to one with an exposed vertex, each to another odd component
  next to the component's partner in U: flipping the partners along the chain
  and rematching every component on it (factor-critical) gives a maximum
  matching that misses any chosen vertex of D.
- The answer's other fields are what these facts give: ``matching_size`` is
  ``|M|``, ``placer_wins`` says D is not empty, ``A = N(D) - D``, ``C`` the
  rest, the answer's ``matching`` is M, ``engine`` is ``bipartite`` exactly on
  bipartite graphs, the sizes are the input's. A missing or extra field is an
  error.

The proofs are written out in the documentation's theory page ("What a
certificate proves"); the ears are made by ``matchgame._kernels.ears``.
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
