"""How a finished game ended: :class:`Outcome`, what every game's position gives
(:meth:`~matchgame.BasePosition.outcome`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (as python-chess's ``Outcome``): the player to move
    had no legal move, and lost. :meth:`~matchgame.BasePosition.outcome` gives it.

    Parameters
    ----------
    winner : {"first", "second"}
        The player who won.
    moves : int
        The number of moves played since the position was set up.

    Attributes
    ----------
    winner : {"first", "second"}
        The player who won, named as :attr:`~matchgame.BasePosition.turn` names them
        (``"first"``: the player to move when the position was set up, the placer
        on a fresh one).
    moves : int
        The moves played since the position was set up (the placement included).

    See Also
    --------
    matchgame.BasePosition.outcome : Gives it, once the game is over.
    matchgame.BasePosition.is_game_over : Whether the player to move is stuck.

    Examples
    --------
    >>> from matchgame import Graph, Position
    >>> position = Position(Graph.from_edges(2, [(0, 1)]))
    >>> position.push(0); position.push(1)
    >>> position.outcome()
    Outcome(winner='second', moves=2)
    >>> position.outcome().result()
    '0-1'
    """

    winner: str
    moves: int

    @property
    def loser(self) -> str:
        """The player who could not move."""
        return "second" if self.winner == "first" else "first"

    def result(self) -> str:
        """``"1-0"`` when the first player won, else ``"0-1"`` (python-chess's form;
        these games have no draws)."""
        return "1-0" if self.winner == "first" else "0-1"
