"""The mistakes of a NOI2011 "Bunny and Egg" record: every move judged by the vertex
game's incremental engine on the empty cell's walk (:class:`RecordAnalysis`,
:func:`analyse_record`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...core._cache import cached_property
from ...core._validate import as_choice, as_int, describe
from ...core.names import Cell
from ...errors import InvalidTypeError
from ...readers.noi import PLAYERS, player_of
from ..contract import GameOf
from ..noi import GameRecord
from ..notes import MoveNote
from .engines import analyse_walk

__all__ = ["MoveAnnotation", "RecordAnalysis", "analyse_record"]


MoveAnnotation = MoveNote
"""The name of :class:`~matchgame.games.tokens.MoveNote` before both kinds of record
shared it."""


@dataclass(frozen=True, eq=False, repr=False)
class RecordAnalysis:
    """Verdicts at every position of a record (position t: after t moves).

    ``mover_wins[t]``: the player to move at position t has a winning strategy.
    ``ended``: Bunny cannot move at the end, so Egg won.

    Parameters
    ----------
    record : GameRecord
        The record judged.
    mover_wins : ndarray of bool, shape (2k + 1,)
        Whether the player to move wins at each position.
    reply_cells : ndarray of int64, shape (2k + 1,)
        A winning move at each position (``row * n_cols + col``), or -1 if none.
    ended : bool
        Whether Bunny cannot move at the end (Egg won).

    See Also
    --------
    analyse_record : Makes it.
    WalkAnnotation : The same judgement of a token game's record.
    MoveNote : One judged move.

    Examples
    --------
    >>> import matchgame
    >>> record = matchgame.parse_noi_record("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")
    >>> matchgame.analyse_record(record).mistakes("Bunny")
    [1]
    """

    record: GameRecord
    mover_wins: npt.NDArray[np.bool_]  # 2k + 1 positions
    reply_cells: npt.NDArray[np.int64]  # per position: a winning move's flat cell, or -1
    ended: bool

    rules = GameOf("vertex")

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the board with the empty cell's path and the mistakes."""
        from ... import draw

        return draw.to_svg(draw.record_scene(self))

    def winning_reply(self, position: int) -> Cell | None:
        """A winning move at ``position`` (0-based cell), or None if the mover loses."""
        position = as_int(position, "position", low=0, high=self.reply_cells.shape[0] - 1)
        flat = int(self.reply_cells[position])
        return None if flat < 0 else divmod(flat, self.record.board.shape[1])

    @cached_property
    def notes(self) -> tuple[MoveNote, ...]:
        """Every move of both players, judged (as token-game records are:
        :class:`~matchgame.games.tokens.MoveNote`); cells are 0-based ``(row, col)``."""
        wins = self.mover_wins.tolist()
        result = []
        for i, (r, c) in enumerate(self.record.moves.tolist()):
            player, round_ = player_of(i)
            winning = self.winning_reply(i)
            result.append(
                MoveNote(i + 1, player, round_, (r, c), wins[i], not wins[i + 1], winning)
            )
        return tuple(result)

    def annotations(self) -> list[MoveNote]:
        """Every move of both players, judged (:attr:`notes` as a list)."""
        return list(self.notes)

    def __repr__(self) -> str:
        n_rows, n_cols = self.record.board.shape
        ending = "Egg won" if self.ended else "not over"
        return (
            f"<RecordAnalysis of a {n_rows}x{n_cols} record, {self.record.n_rounds} rounds: "
            f"Bunny's mistakes {self.mistakes('Bunny')}, Egg's {self.mistakes('Egg')}, {ending}>"
        )

    def mistakes(self, player: str = "Bunny") -> list[int]:
        """The player's move numbers (1-based) that threw away a win."""
        first = PLAYERS.index(as_choice(player, "player", PLAYERS))
        before = self.mover_wins[first:-1:2]
        after = self.mover_wins[first + 1 :: 2]
        return (np.flatnonzero(before & after) + 1).tolist()


def analyse_record(record: GameRecord) -> RecordAnalysis:
    """Judge every move of a record with the incremental engine.

    Parameters
    ----------
    record : GameRecord
        A record (:func:`parse_noi_record`).

    Returns
    -------
    RecordAnalysis
        Who wins at every position of the record, and a winning move there.

    See Also
    --------
    parse_noi_record : Reads a record.
    annotate : Judges the record of a token game on a board or a graph.
    analyse_walk : The engine, on the token game the record reduces to.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    The first NOI2011 sample: Bunny's only move throws the game away.

    >>> record = GameRecord.parse("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")
    >>> analyse_record(record).mistakes()
    [1]
    """
    if not isinstance(record, GameRecord):
        hint = "; for text use GameRecord.parse(text)" if isinstance(record, str | bytes) else ""
        raise InvalidTypeError(f"record must be a GameRecord, got {describe(record)}{hint}")
    arena = record.board.arena
    n_cols = record.board.shape[1]
    cells = np.vstack([np.array([record.board.empty]), record.moves])
    path = arena.vertex_of_cell[cells[:, 0] * n_cols + cells[:, 1]]
    if (path < 0).any():
        raise RuntimeError("a legal move left the arena: the reduction is broken")
    walk = analyse_walk(arena.graph, path)
    visited = np.zeros(arena.graph.n_vertices, dtype=bool)
    visited[path] = True
    ended = bool(visited[arena.graph.neighbours(int(path[-1]))].all())
    replies = walk.winning_reply
    reply_cells = np.where(replies >= 0, arena.cell_of_vertex[np.maximum(replies, 0)], -1)
    return RecordAnalysis(record, walk.mover_wins, reply_cells.astype(np.int64), ended)
