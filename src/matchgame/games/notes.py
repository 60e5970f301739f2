"""Records judged move by move, for every game: :func:`annotate` and what it gives.

:func:`annotate` judges every move of a :class:`~matchgame.TokenRecord`: whether the
player making it could force a win before it and still can after it, and a winning
move when the move threw a win away. Each game says how
(:meth:`matchgame.Game.annotate`); the notes (:class:`MoveNote`) are the same for
every game, and for NOI2011 records (:class:`~matchgame.RecordAnalysis`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..core._validate import InstanceOf, plural, validate_params
from .contract import Game, find_game
from .tokens import PLAYERS, TokenRecord

__all__ = ["PLAYERS", "MoveNote", "WalkAnnotation", "annotate"]


@dataclass(frozen=True)
class MoveNote:
    """One move of a record, judged: the same fields for token-game records and
    NOI2011 records (:meth:`matchgame.RecordAnalysis.notes`).

    Parameters
    ----------
    number : int
        The move's number in the record, from 1.
    player : str
        Who moved.
    round : int
        The player's own move number.
    move : name
        Where the move went.
    winning_before, winning_after : bool
        Whether the player could force a win before the move, and still can after.
    winning_move : name or None
        A winning move the player had, or None.

    Attributes
    ----------
    number : int
        1-based over the whole record, both players (move 1 places the token).
    player : str
        Who moved: ``"first"``/``"second"``; in a NOI2011 record ``"Bunny"``/``"Egg"``.
    round : int
        The player's own move number (``"Bunny's move 2"``: NOI2011 counts mistakes so).
    move : name
        Where the move went: a vertex or ``(row, col)`` cell (in a NOI2011 record the
        piece's cell, where the empty cell goes).
    winning_before, winning_after : bool
        Whether the player could force a win before the move, and still can after it.
    winning_move : name or None
        A winning move the player had before this one; None when they had none.

    See Also
    --------
    WalkAnnotation : The notes of a token game's record.
    RecordAnalysis : The notes of a NOI2011 record.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> note = matchgame.annotate(matchgame.TokenRecord.from_moves(path, [1, 0])).notes[0]
    >>> note.player, note.move, note.winning_before, note.mistake
    ('first', 1, True, True)
    """

    number: int
    player: str
    round: int
    move: Hashable
    winning_before: bool
    winning_after: bool
    winning_move: Hashable | None

    @property
    def mistake(self) -> bool:
        """A move from a won position to a lost one."""
        return self.winning_before and not self.winning_after

    @property
    def better(self) -> Hashable | None:
        """The winning move the player had, when this move threw the win away."""
        return self.winning_move if self.mistake else None


@dataclass(frozen=True, eq=False, repr=False)
class WalkAnnotation:
    """Every move of a record judged, and the winner if the game is over.

    Parameters
    ----------
    record : TokenRecord
        The record judged.
    notes : tuple of MoveNote
        One note per move, in order.
    winner : {"first", "second"} or None
        Who won, or None while the player to move still has a move.

    See Also
    --------
    annotate : Makes it.
    RecordAnalysis : The same judgement of a NOI2011 record.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> judged = matchgame.annotate(matchgame.TokenRecord.from_moves(path, [1, 0]))
    >>> judged.winner, judged.mistakes("first")
    ('second', [1])
    """

    record: TokenRecord
    notes: tuple[MoveNote, ...]
    winner: str | None  # "first", "second", or None while moves remain

    def mistakes(self, player: str) -> list[int]:
        """The :attr:`MoveNote.number` of ``player``'s mistakes ("first" or "second")."""
        return [note.number for note in self.notes if note.player == player and note.mistake]

    def __repr__(self) -> str:
        return (
            f"<WalkAnnotation of {plural(len(self.notes), 'move')}: mistakes "
            f"{self.mistakes('first')} "
            f"and {self.mistakes('second')}, winner {self.winner}>"
        )

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the final position, moves numbered, mistakes ringed."""
        from .. import draw

        return draw.notebook_svg(self)


@validate_params(record=InstanceOf(TokenRecord, "a TokenRecord"))
def annotate(
    record: TokenRecord, *, game: str | Game | None = None, **options: Any
) -> WalkAnnotation:
    """Judge every move of ``record``: by its own game's rules, or by ``game``'s (the
    record must follow them: :class:`~matchgame.errors.IllegalMoveError` names the
    first move that does not). ``options``: the game's own (``max_states``: the budget
    of an exact search; default 10**6).

    Each game judges in its own way (:meth:`matchgame.Game.annotate`): the vertex
    game with one augmenting search a move, the edge game with a rank-one update
    over GF(2) a move (``winning_move`` the first winning move in vertex order).

    Parameters
    ----------
    record : TokenRecord
        The record, e.g. from :func:`parse_token_record` or
        :meth:`TokenRecord.from_moves`.
    game : str or Game, optional
        Judge by this game's rules instead of the record's own game.
    **options
        The game's options (:attr:`Game.options`), checked by the game:
        ``max_states``, the budget of an exact search (the games that search).

    Returns
    -------
    WalkAnnotation
        Every move judged, and the winner if the game is over.

    See Also
    --------
    analyse_record : Judges a NOI2011 record.
    TokenRecord : What is judged.
    analyse : Who wins where, before any move.

    Examples
    --------
    On a path of 4 vertices the first player must not place on an end... nor
    anywhere: it has a perfect matching, so the placer always loses.

    >>> from matchgame import Board, Graph, TokenRecord
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> notes = annotate(TokenRecord.from_moves(path, [1, 2, 3])).notes
    >>> [(n.player, n.winning_before, n.winning_after) for n in notes]
    [('first', False, False), ('second', True, False), ('first', True, True)]

    In the edge game the token may come back: round a 2x2 board in four moves,
    and the player who moved first is stuck.

    >>> square = Board.from_rows(["..", ".."])
    >>> walk = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]
    >>> annotate(TokenRecord.from_moves(square, walk, game="edge")).winner
    'first'
    """
    rules = record.rules if game is None else find_game(game)
    return rules.annotate(record, **options)
