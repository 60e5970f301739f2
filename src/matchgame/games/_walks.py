"""A record judged move by move with a game's own objects: its analysis for the
placement, then a position pushed along the walk (the edge and directed games,
whose positions are cheap to update)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .notes import MoveNote, WalkAnnotation
from .tokens import PLAYERS, TokenRecord

if TYPE_CHECKING:
    from .analyses import BaseAnalysis
    from .positions import BasePosition

__all__ = ["annotate_by_positions"]


def annotate_by_positions(
    record: TokenRecord, analysis: BaseAnalysis, position: BasePosition
) -> WalkAnnotation:
    """Judge every move of ``record`` with a game's objects: its placement by
    ``analysis`` (the placement game on the record's graph), then each move by
    ``position``, set up with the token on the placement, pushed move by move (a game
    whose positions are cheap to update: the edge and directed games).
    ``winning_move`` is the first winning move in the order of the game's moves.
    ``record``'s moves are the game's (:meth:`~matchgame.Game.record_moves`)."""
    path = record.path.astype(np.int64)
    names, steps = analysis.names, position.steps
    notes: list[MoveNote] = []
    winner = None
    if path.shape[0]:
        placer_could = analysis.placer_wins
        placement = names.name(int(analysis.winning_ids[0])) if placer_could else None
        first = int(path[0])
        placed_well = bool(analysis.winning_mask[first])
        notes.append(
            MoveNote(1, "first", 1, names.name(first), placer_could, placed_well, placement)
        )
        for t in range(1, path.shape[0]):
            before = position.mover_wins()
            reply = position.winning_reply_id() if before else None
            position._push_id(int(path[t]))
            after = not position.mover_wins()
            move = steps.name(int(path[t]))
            best = None if reply is None else steps.name(reply)
            notes.append(MoveNote(t + 1, PLAYERS[t % 2], t // 2 + 1, move, before, after, best))
        if position.is_game_over():
            winner = PLAYERS[(path.shape[0] - 1) % 2]  # the last mover; the next cannot move
    elif analysis.n_vertices == 0:
        winner = "second"  # the first player cannot even place the token
    return WalkAnnotation(record, tuple(notes), winner)
