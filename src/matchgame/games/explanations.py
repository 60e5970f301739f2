"""What every game's explanation of a verdict gives: why placing the token on a vertex
wins or loses, in words, as JSON and as a picture.

:class:`BaseExplanation` is the face the command line (``explain``), the web app and
notebooks read; each game's argument (a matching's alternating path, a parity set, a
retrograde label) is its own subclass.
"""

from __future__ import annotations

import abc
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import Game

__all__ = ["BaseExplanation", "Marks"]


@dataclass(frozen=True)
class Marks:
    """What the picture of an explanation draws over the board or graph coloured by
    who wins a placement where: each game's argument as lines and rings, in colour
    roles the pictures know (``"path"``, ``"mistake"``, ``"better"``,
    ``"matching"``: :data:`matchgame.draw.COLOURS`).

    Attributes
    ----------
    lines : tuple of (vertex ids, role, weight)
        Polylines through vertices, drawn above them; ``weight`` 1 is a bold line,
        less a thinner one.
    rings : tuple of (vertex id, role, size)
        Circles around vertices, ``size`` a share of a vertex's radius.
    legend : tuple of (role, text)
        What the colours mean, in order.
    """

    lines: tuple[tuple[tuple[int, ...], str, float], ...] = ()
    rings: tuple[tuple[int, str, float], ...] = ()
    legend: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of_moves(
        cls, vertex: int, winning_head: int | None, replies: Sequence[tuple[int, int]]
    ) -> Marks:
        """An explanation by moves, drawn from the placement on ``vertex``: the
        opponent's winning move (to ``winning_head``, where the placer loses), or the
        placer's answers ``(opponent's move, answer)`` to each of the opponent's moves."""
        legend = [("path", "the placement")]
        lines: list[tuple[tuple[int, ...], str, float]] = []
        rings = []
        if winning_head is not None:
            legend.append(("mistake", "the opponent's winning move"))
            lines.append(((vertex, winning_head), "mistake", 1.0))
        if replies:
            legend.append(("better", "your answers to the opponent's moves"))
            lines += [((u, r), "better", 0.5) for u, r in replies]
            rings += [(r, "better", 0.55) for _, r in replies]
        rings.append((vertex, "path", 1.0))
        return cls(tuple(lines), tuple(rings), tuple(legend))


class BaseExplanation(abc.ABC):
    """Why placing the token on ``vertex`` wins or loses for the placer.

    Subclasses are dataclasses with at least ``analysis``, ``vertex`` (an id) and
    ``placer_wins``; they write :meth:`text`, :meth:`document` and :meth:`marks`.

    See Also
    --------
    Explanation : The vertex game's explanation.
    EdgeExplanation : The edge game's explanation.
    DirectedExplanation : The directed game's explanation.
    explain : Makes the explanation of any game.

    Examples
    --------
    >>> import matchgame
    >>> why = matchgame.explain(["..."], (0, 1), game="edge")
    >>> why.placer_wins, str(why)[:34]
    (False, 'Placing the token on cell 1 2 lose')
    """

    analysis: Any
    vertex: int
    placer_wins: bool

    @property
    def rules(self) -> Game:
        """The game explained: its analysis' (:attr:`BaseAnalysis.rules`)."""
        rules: Game = self.analysis.rules
        return rules

    @property
    def name(self) -> Hashable:
        """The vertex's name (a cell on a board)."""
        name: Hashable = self.analysis.names.name(self.vertex)
        return name

    @abc.abstractmethod
    def text(self) -> str:
        """The explanation in words, vertices in their 1-based text form."""

    @abc.abstractmethod
    def document(self) -> dict[str, Any]:
        """The explanation as JSON (vertices in their JSON form): what ``explain
        --format json`` writes and the web app shows."""

    @abc.abstractmethod
    def marks(self) -> Marks:
        """What its picture draws (``matchgame.draw.explain_scene`` draws it)."""

    def __str__(self) -> str:
        """The explanation in words (:meth:`text`): ``print(why)`` reads it."""
        return self.text()

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the picture of the explanation."""
        from .. import draw

        return draw.notebook_svg(self)

    def __repr__(self) -> str:
        verdict = "wins" if self.placer_wins else "loses"
        return f"<{type(self).__name__}: placing on {self.name!r} {verdict}>"
