"""Answers about game records: a NOI2011 record's mistakes, a token-game record judged.

The documents (dicts) are what ``matchgame mistakes --format json`` and
``matchgame annotate --format json`` write, and what the web API returns.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..games.notes import MoveNote, WalkAnnotation

if TYPE_CHECKING:
    from ..games.vertex.mistakes import RecordAnalysis

__all__ = [
    "ANNOTATION_LEGEND",
    "annotation_document",
    "format_annotation",
    "format_mistakes",
    "mistakes_document",
    "note_document",
]


def note_document(note: MoveNote, value: Callable[[Any], Any]) -> dict[str, Any]:
    """One judged move as JSON, the same fields for both kinds of record; ``value``
    writes a vertex or cell name in its 1-based JSON form."""
    return {
        "number": note.number,
        "player": note.player,
        "round": note.round,
        "move": value(note.move),
        "winning_before": note.winning_before,
        "winning_after": note.winning_after,
        "mistake": note.mistake,
        "winning_move": None if note.winning_move is None else value(note.winning_move),
    }


def _cell(cell: Any) -> list[int]:
    return [cell[0] + 1, cell[1] + 1]


def mistakes_document(analysis: RecordAnalysis) -> dict[str, Any]:
    """A NOI2011 record with every move judged (cells 1-based), as ``matchgame
    mistakes --format json`` writes it."""
    record = analysis.record
    n_rows, n_cols = record.board.shape
    return {
        "rows": n_rows,
        "cols": n_cols,
        "rounds": record.n_rounds,
        "egg_won": analysis.ended,
        "bunny_mistakes": analysis.mistakes("Bunny"),
        "egg_mistakes": analysis.mistakes("Egg"),
        "moves": [note_document(note, _cell) for note in analysis.notes],
    }


def format_mistakes(analysis: RecordAnalysis, style: str) -> bytes:
    """The NOI2011 answer (``"noi"``: the count of Bunny's mistakes, then their
    round numbers) or the annotated record (``"json"``)."""
    if style == "noi":
        mistakes = analysis.mistakes("Bunny")
        return "".join(f"{x}\n" for x in [len(mistakes), *mistakes]).encode()
    return (json.dumps(mistakes_document(analysis), separators=(",", ":")) + "\n").encode()


def annotation_document(annotation: WalkAnnotation) -> dict[str, Any]:
    """A token-game record judged move by move, as ``matchgame annotate --format
    json`` writes it; moves in their 1-based JSON form (``[row, col]`` or a number; an
    arc ``[tail, head, key]`` after the placement, where the game's moves are arcs)."""
    record = annotation.record
    names, steps = record.graph.names, record.steps

    def writer(note: MoveNote) -> Callable[[Any], Any]:
        if note.number == 1 or steps.by_vertex:  # the placement names a vertex
            return lambda name: names.json_value(names.vertex(name))
        return lambda name: steps.json_value(steps.find(name))

    moves = [note_document(note, writer(note)) for note in annotation.notes]
    return {"moves": moves, "winner": annotation.winner}


ANNOTATION_LEGEND = (
    "winning/losing: whether the player who moved can still force a win after the move; "
    "a mistake turns a win into a loss"
)


def format_annotation(annotation: WalkAnnotation, style: str) -> bytes:
    """The judged record as JSON (``"json"``) or, after a line saying what the words
    mean, one line per move (``"text"``)."""
    if style == "json":
        return (json.dumps(annotation_document(annotation), separators=(",", ":")) + "\n").encode()
    record = annotation.record
    names, steps = record.graph.names, record.steps

    def text(note: MoveNote, name: Any) -> str:
        if note.number == 1 or steps.by_vertex:  # the placement names a vertex
            return names.text(names.vertex(name))
        return steps.text(steps.find(name))

    lines = [ANNOTATION_LEGEND]
    for note in annotation.notes:
        move = text(note, note.move)
        verdict = "winning" if note.winning_after else "losing"
        line = f"{note.number:>4}  {note.player:<6}  {move:<9}  {verdict}"
        if note.mistake:
            line += f"  mistake: {text(note, note.better)} would win"
        lines.append(line)
    if annotation.winner is None:
        lines.append("the game is not over")
    else:
        lines.append(f"the {annotation.winner} player wins")
    return ("\n".join(lines) + "\n").encode()
