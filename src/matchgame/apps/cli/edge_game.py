"""The commands with ``--game edge``: edge geography (a move uses up the edge it
travels) on the same inputs and in the same output formats as the vertex game.

:mod:`.commands` hands a command over here when ``args.game`` is ``edge``; this
module is imported only then, so the vertex game's start-up does not pay for it.
An edge list is read keeping its repeated edges and self-loops (each is a move of
its own); the other graph formats are read as they are for the vertex game.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ...readers.inputs import parse_input
from . import batch
from .output import (
    UsageError,
    Warn,
    explained_vertices,
    input_bytes,
    json_for_people,
    placement_kind,
    read_path,
    write_chunks,
    write_output,
)

if TYPE_CHECKING:
    from ...games.edge.analysis import EdgeAnalysis
    from ..play import Session

__all__ = [
    "annotate",
    "answer_game",
    "edge_analysis",
    "explain",
    "play_session",
    "record_kind",
    "render",
    "verify_with",
]


def budget(args: argparse.Namespace) -> int:
    """``--max-states``, or the edge game's default budget."""
    from ...games.edge.analysis import MAX_STATES

    chosen = getattr(args, "max_states", None)
    return MAX_STATES if chosen is None else int(chosen)


def edge_analysis(args: argparse.Namespace, data: bytes, kind: str | None = None) -> EdgeAnalysis:
    """The edge game's analysis of one board or graph."""
    from ...games.edge.analysis import analyse_edges

    kind = placement_kind(args) if kind is None else kind
    source = parse_input(data, kind, moves=args.moves, game="edge")
    return analyse_edges(source.value, moves=source.moves, max_states=budget(args))


# -- placements and verify ------------------------------------------------------------


def answer_placements(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """The edge game's placement answer of one board or graph, in ``args.format``."""
    from ...games.edge.certificate import make_edge_certificate
    from ...writers.placements import placements_chunks

    if args.format == "board" and placement_kind(args) != "board":
        raise UsageError("--format board needs a board, not a graph")
    analysis = edge_analysis(args, data)
    certificate = make_edge_certificate(analysis) if args.certificate else None
    return placements_chunks(analysis, args.format, certificate)


def answer_game(answer: bytes) -> str:
    """The game an answer file's certificate is for (the vertex game's answers name
    none): :func:`matchgame.readers.documents.document_game`; the checker then proves
    it."""
    from ...readers.documents import document_game

    return document_game(answer)


def verify_with(args: argparse.Namespace, data: bytes, answer: bytes, path: str) -> list[str]:
    """The edge game's check of ``answer`` (the bytes of the file ``path``) against
    the input ``data``: its problems, [] if proven."""
    from ...certificates import check_answer
    from ...readers.documents import DocumentError

    source = parse_input(data, placement_kind(args), moves=args.moves, game="edge").value
    try:
        return check_answer(source, answer, moves=args.moves, game="edge")  # type: ignore[arg-type]
    except DocumentError as exc:
        raise UsageError(f"{path}: {exc}") from None


# -- records --------------------------------------------------------------------------


def record_kind(args: argparse.Namespace) -> str:
    """The edge game's kind of record: on an edge list or on a board."""
    return "edge-walk-edges" if placement_kind(args) == "edges" else "edge-walk-board"


def annotate(args: argparse.Namespace) -> int:
    return batch.run(args, record_kind(args), answer_annotate)


def answer_annotate(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """One record judged move by move by the edge game's rules, in ``args.format``."""
    from ...games.tokens import TokenRecord
    from ...games.tokens import annotate as judge
    from ...writers.records import format_annotation

    kind = "edge-walk-edges" if args.edges else "edge-walk-board"
    record = parse_input(data, kind, moves=args.moves, game="edge").value
    assert isinstance(record, TokenRecord)
    return [format_annotation(judge(record, game="edge", max_states=budget(args)), args.format)]


# -- explain, render, play -------------------------------------------------------------


def explain(args: argparse.Namespace, items: list[str]) -> int:
    """Why placing the token on a vertex wins or loses in the edge game: the parity
    set S (or the winning move and T), in words, and drawn with ``-o``."""
    from ... import draw

    kind = placement_kind(args)
    analysis = edge_analysis(args, input_bytes(args, kind), kind)
    names = analysis.names
    explanations = [
        analysis.explain(names.name(vertex), max_states=budget(args))
        for vertex in explained_vertices(args, names, items)
    ]
    if args.output is not None:
        _save(draw.edge_explain_scene(explanations[0]), args.output, None)
    if args.format == "json":
        from ...writers.jsonstream import json_document

        documents = [json_document(why.document()) for why in explanations]
        write_chunks(json_for_people(args, documents))
    else:
        write_output("".join(why.text() + "\n" for why in explanations).encode())
    return 0


def render(args: argparse.Namespace, picture: str | None) -> int:
    """A board or graph coloured by the edge game's outcomes, or an edge game's
    record with its used edges; ``picture`` as render's ``--picture``."""
    from ... import draw
    from ...games.edge.analysis import EdgeAnalysis, analyse_edges
    from ...games.tokens import TokenRecord
    from ...games.tokens import annotate as judge
    from ...readers.inputs import GRAPH_KINDS, sniff_input

    if picture == "bunny":
        raise UsageError("Bunny and Egg (NOI2011) is a vertex game: --game edge does not draw it")
    if args.matching or args.sets:
        raise UsageError("--matching and --sets are the vertex game's (its maximum matching)")
    kind = placement_kind(args)
    walk_kind = "edge-walk-edges" if args.edges else "edge-walk-board"
    if kind in GRAPH_KINDS:
        if picture not in (None, "placement"):
            raise UsageError(f"--picture {picture} draws a record, not a graph file")
        picture = "placement"
    if picture is not None:
        chosen = {"placement": kind, "walk": walk_kind}[picture]
        source = parse_input(input_bytes(args, chosen), chosen, moves=args.moves, game="edge")
    else:
        if args.example is not None:
            data = input_bytes(args, None)
        else:
            kinds = ("edges", walk_kind) if args.edges else ("board", "noi", walk_kind)
            data = read_path(args.file, kinds)
        source = sniff_input(
            data, edges=args.edges, moves=args.moves, name=args.file or "the input", game="edge"
        )
    value = source.value
    if isinstance(value, TokenRecord):
        scene = draw.walk_scene(judge(value, game="edge", max_states=budget(args)))
    elif type(value).__name__ == "GameRecord":
        raise UsageError("Bunny and Egg (NOI2011) is a vertex game: --game edge does not draw it")
    else:
        analysis = analyse_edges(value, moves=source.moves, max_states=budget(args))
        assert isinstance(analysis, EdgeAnalysis)
        scene = draw.edge_analysis_scene(analysis)
    _save(scene, args.output, args.scale)
    return 0


def _save(scene: object, output: str, scale: float | None) -> None:
    from ... import draw

    if Path(output).suffix.lower() not in (".svg", ".png"):
        raise UsageError(f"-o {output!r}: give a file name ending in .svg or .png")
    try:
        draw.save(scene, output, scale=scale)  # type: ignore[arg-type]
    except RuntimeError as exc:  # Pillow missing
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {output!r}: {exc.strerror or exc}") from None


def play_session(args: argparse.Namespace, you_first: bool) -> tuple[Session, str]:
    """The edge game's session and its legend for ``matchgame play --game edge``."""
    from .. import play as sessions

    kind = placement_kind(args)
    source = parse_input(input_bytes(args, kind), kind, moves=args.moves, game="edge").value
    session = sessions.edge_session(
        source, you_move_first=you_first, moves=args.moves, max_states=budget(args)
    )
    who = "You place the token" if you_first else "The engine places the token"
    legend = (
        f"Edge geography. {who}; then move it along an edge not used before (each move "
        "uses up its edge; vertices may be visited again). Who cannot move loses."
    )
    if kind == "board":
        legend += " '@' token, 'o' visited, '#' blocked."
    return session, legend
