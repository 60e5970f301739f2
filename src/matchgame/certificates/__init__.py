"""Certificates: the placement game's answer with a proof that a short checker verifies.

``matchgame placements --format json --certificate`` writes the JSON answer
(:mod:`matchgame.writers.placements`) with one more field, ``"certificate"``,
made by :func:`make_certificate` (:mod:`.make`); :func:`check_answer`
(:mod:`.check`) reads such a file and returns everything wrong with it. It uses
no matching algorithm: edge look-ups, counts, a 2-colouring and component labels
of the input, and pointer jumping along the given pointers.

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

Every game makes and checks its own certificates (the edge game's, ``"game":
"edge"``, are described in :mod:`matchgame.games.edge.certificate`); this module
is the face: :func:`check_answer` reads which game an answer's certificate names
(none: the vertex game) and hands it to that game's checker
(:meth:`matchgame.Game.check_answer`); a certificate made for one game is refused
for another.

Unreadable documents (longer than an answer for the input can be, not JSON,
beyond the reader's limits, a field missing, extra or of the wrong type, a list
item that is no integer of up to 64 bits, another format version) raise
:class:`~matchgame.readers.documents.DocumentError`; a readable certificate that is
wrong yields the list of problems.
"""

import json
from typing import Any

from ..games.contract import DEFAULT, find_game
from ..games.proofs import canonical_input, input_digest
from ..games.vertex.certificate import FORMAT, as_json, make_certificate
from ..readers.documents import DocumentError, document_game, quote

__all__ = [
    "FORMAT",
    "as_json",
    "canonical_input",
    "check_answer",
    "input_digest",
    "make_certificate",
    "named_game",
    "verify",
]


def named_game(data: bytes | str) -> str:
    """The game an answer file's certificate is for, as its ``"game"`` field says
    (the vertex game's answers have none); its checker then proves it.

    Raises
    ------
    DocumentError
        If the document is empty, no JSON object, has no certificate, or names no
        game matchgame knows.

    >>> named_game(b'{"game":"edge","certificate":{}}'), named_game(b'{"certificate":{}}')
    ('edge', 'vertex')
    """
    name = document_game(data)
    if name is None:
        return DEFAULT
    try:
        return find_game(name).name
    except (ValueError, TypeError):
        raise DocumentError(f'field "game": {quote(name)} is no game matchgame knows') from None


def check_answer(
    source: Any, data: bytes | str, *, moves: str = "orthogonal", game: Any = None
) -> list[str]:
    """Everything wrong with the answer file ``data`` (a JSON answer with its
    certificate) for ``source``; [] if it is proven. The certificate says which game
    it is for; ``game``, when given, is the game it must be for (a certificate made
    for another game proves nothing about this one).

    Raises
    ------
    DocumentError
        If ``data`` is not an answer document with a certificate: not JSON, a
        field missing, extra or of the wrong type, or another format version.

    Examples
    --------
    >>> import matchgame
    >>> from matchgame.writers.placements import format_placements
    >>> board = matchgame.Board.from_rows([".##", "...", "#.#"])
    >>> analysis = matchgame.analyse(board)
    >>> answer = format_placements(analysis, "json", analysis.make_certificate())
    >>> check_answer(board, answer)
    []
    >>> check_answer(board, answer, game="edge")
    ['the certificate was made for the vertex game, not the edge game']
    """
    named = named_game(data)
    if game is not None:
        wanted = find_game(game).name
        if wanted != named:
            return [f"the certificate was made for the {named} game, not the {wanted} game"]
    return find_game(named).check_answer(source, data, moves=moves)


def verify(source: Any, answer: Any, *, moves: str = "orthogonal", game: Any = None) -> list[str]:
    """Everything wrong with ``answer`` (a JSON answer with its certificate: its text,
    bytes, or the dict :meth:`~matchgame.BaseAnalysis.answer` and
    :meth:`~matchgame.BaseAnalysis.certificate` make) as a proof about ``source`` (what
    :func:`matchgame.analyse` takes); [] when it proves its answer. The game is the one
    the certificate names (``game``: the one it must name). The checker shares no
    code with the algorithms that made the answer.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, NetworkX graph or SciPy sparse matrix
        What the answer is about: anything :func:`matchgame.analyse` takes (rows are
        read with :meth:`Board.from_rows`).
    answer : str, bytes or dict
        The JSON answer with its ``"certificate"`` field, as text, bytes or the
        parsed dict.
    moves : {"orthogonal", "king", "hex", "knight"}, default "orthogonal"
        On a board, how the token moves: the rule the answer must be for.
    game : str or Game, optional
        The game the certificate must be for; by default the one it names (a
        certificate without ``"game"`` is the vertex game's).

    Returns
    -------
    list of str
        One line per fault found, ``[]`` when the certificate proves the answer.

    Raises
    ------
    DocumentError
        If ``answer`` is not an answer document with a certificate.

    See Also
    --------
    matchgame.analyse : The answers.
    BaseAnalysis.certificate : The certificate of an analysis, as JSON values.
    DocumentError : The error of a document that is no answer.

    Examples
    --------
    >>> import matchgame
    >>> analysis = matchgame.analyse(["..", ".#"])
    >>> answer = {**analysis.answer(), "certificate": analysis.certificate()}
    >>> matchgame.verify(["..", ".#"], answer)
    []
    >>> matchgame.verify(["..", ".#"], {**answer, "placer_wins": False})
    ['field "placer_wins" is false, the certificate proves true']
    """
    from ..core._validate import describe
    from ..core.board import Board
    from ..errors import InvalidTypeError
    from ..games.analyses import plain_json

    if not isinstance(answer, dict | str | bytes | bytearray):
        raise InvalidTypeError(
            f"answer must be a JSON answer (text, bytes or a dict), got {describe(answer)}"
        )
    if isinstance(answer, dict):
        answer = json.dumps(plain_json(answer))
    if isinstance(source, list | tuple):
        source = Board.from_rows(source)
    return check_answer(source, answer, moves=moves, game=game)
