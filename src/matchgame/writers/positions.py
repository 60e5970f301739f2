"""A position of the token game as a JSON document (the web API's ``/api/position``)."""

from __future__ import annotations

from typing import Any

from ..games.positions import BasePosition

__all__ = ["position_document"]


def position_document(position: BasePosition, moves_played: int) -> dict[str, Any]:
    """Who is to move, the token, whether the game is over, who wins, the engine's best
    move, and the winning and legal moves, in their 1-based JSON form (``[row, col]``
    or a vertex number); move lists are arrays, written fast by
    :func:`~matchgame.writers.jsonstream.json_chunks`."""
    names = position.graph.names

    def value(v: int | None) -> Any:
        return None if v is None else names.json_value(v)

    return {
        "moves_played": moves_played,
        "to_move": "first" if moves_played % 2 == 0 else "second",
        "token": value(position.token_id),
        "game_over": position.is_game_over(),
        "mover_wins": position.mover_wins(),
        "best_move": value(position.best_move_id()),
        "winning_moves": names.json_array(position.winning_move_ids()),
        "legal_moves": names.json_array(position.legal_move_ids()),
    }
