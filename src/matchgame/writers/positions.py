"""A position of the token game as a JSON document (the web API's ``/api/position``)."""

from __future__ import annotations

from typing import Any

from ..games.positions import BasePosition

__all__ = ["position_document"]


def position_document(position: BasePosition, moves_played: int) -> dict[str, Any]:
    """Who is to move, the token, whether the game is over, who wins, the engine's best
    move, and the winning and legal moves, in their 1-based JSON form (``[row, col]``
    or a vertex number; an arc ``[tail, head, key]`` where the game's moves are arcs);
    move lists are arrays, written fast by
    :func:`~matchgame.writers.jsonstream.json_chunks` where they can be."""
    names = position.graph.names
    token = position.token_id
    best = position.best_move_id()
    return {
        "moves_played": moves_played,
        "to_move": "first" if moves_played % 2 == 0 else "second",
        "token": None if token is None else names.json_value(token),
        "game_over": position.is_game_over(),
        "mover_wins": position.mover_wins(),
        "best_move": None if best is None else _first(position.move_json_array([best])),
        "winning_moves": position.move_json_array(position.winning_move_ids()),
        "legal_moves": position.move_json_array(position.legal_move_ids()),
    }


def _first(values: Any) -> Any:
    """The one value of a JSON array of one move (a number, a row, an arc)."""
    first = values[0]
    return first.tolist() if hasattr(first, "tolist") else first
