"""Certificates: the placement game's answer with a proof that a short checker verifies.

``matchgame placements --format json --certificate`` writes the JSON answer
(:mod:`matchgame.writers.placements`) with one more field, ``"certificate"``, made
by the analysis (:meth:`~matchgame.BaseAnalysis.certificate`); :func:`check_answer`
reads such a file and returns everything wrong with it, by the checker of the game
it names, which shares no code with the algorithms that made the answer. Each
game's format is its own: the vertex game's (matchings, alternating forests, odd
ear decompositions) is described in :mod:`matchgame.games.vertex.certificate`, the
edge game's in :mod:`matchgame.games.edge.certificate`, the directed game's in
:mod:`matchgame.games.directed.certificate`.

Every game makes and checks its own certificates; this module is the face:
:func:`check_answer` reads which game an answer's certificate names (a document that
names none is the vertex game's: :func:`matchgame.games.document_game`) and hands it
to that game's checker (:meth:`matchgame.Game.check_answer`); a certificate made for
one game is refused for another.

Unreadable documents (longer than an answer for the input can be, not JSON,
beyond the reader's limits, a field missing, extra or of the wrong type, a list
item that is no integer of up to 64 bits, another format version) raise
:class:`~matchgame.readers.documents.DocumentError`; a readable certificate that is
wrong yields the list of problems.
"""

import json
from typing import Any

from ..errors import MatchgameError
from ..games.contract import document_game, find_game
from ..games.proofs import canonical_input, input_digest
from ..readers.documents import DocumentError, quote
from ..readers.documents import document_game as game_field

__all__ = ["canonical_input", "check_answer", "input_digest", "named_game", "verify"]


def __getattr__(name: str) -> Any:
    """Names that moved to the vertex game's folder (``make_certificate``, ``FORMAT``,
    ``as_json``), with a warning."""
    from .._moved import moved_name

    return moved_name(__name__, name)


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
    name = game_field(data)
    try:
        return document_game(name).name
    except MatchgameError:
        raise DocumentError(
            f'field "game": {quote(str(name))} is no game matchgame knows'
        ) from None


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
