"""The commands: each reads its input once, asks the public API, writes the answer.

Each command imports what it needs when it runs: a 1x1 board must not pay for
certificates, pictures or the record engine.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import ParseError
from ...readers.inputs import GRAPH_KINDS, parse_input
from . import batch
from .output import (
    UsageError,
    VerifyFailed,
    Warn,
    explained_vertices,
    input_bytes,
    json_for_people,
    placement_kind,
    print_error,
    read_path,
    write_chunks,
    write_output,
)

if TYPE_CHECKING:
    from ...core.graph import Graph
    from ...games.vertex.analysis import Analysis


__all__ = [
    "MOVES_HELP",
    "annotate",
    "explain",
    "mistakes",
    "placements",
    "play",
    "render",
    "verify",
]

ANSWER_BYTES_PER_ITEM = 400
"""Generous bound on an answer file's bytes per vertex and edge of its input."""

MOVES_HELP = {
    "orthogonal": "to a cell sharing a side",
    "king": "to any of the 8 surrounding cells",
    "hex": "to any of the 6 touching hexagons (odd rows shifted right)",
    "knight": "by a knight's jump",
}


def _edge_game(args: argparse.Namespace) -> bool:
    """Whether ``--game edge`` was asked for (apps/cli/edge_game.py answers it);
    ``--max-states`` goes with it only."""
    edge = getattr(args, "game", "vertex") == "edge"
    if not edge and getattr(args, "max_states", None) is not None:
        raise UsageError("--max-states is the edge game's search budget: it goes with --game edge")
    return edge


def _analysis(args: argparse.Namespace, data: bytes) -> Analysis:
    from ...games.vertex.analysis import analyse

    source = parse_input(data, placement_kind(args), moves=args.moves)
    return analyse(source.value, moves=args.moves)


def placements(args: argparse.Namespace) -> int:
    kind = placement_kind(args)
    if args.certificate and args.format != "json":
        raise UsageError("--certificate goes with --format json")
    if args.edges and args.format == "board":
        raise UsageError("--format board needs a board, not an edge list")
    if _edge_game(args):
        from . import edge_game

        return batch.run(args, kind, edge_game.answer_placements)
    return batch.run(args, kind, answer_placements)


def answer_placements(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """The placement answer of one board or edge list, in ``args.format``, in pieces."""
    from ...writers.placements import placements_chunks

    if args.format == "board" and placement_kind(args) != "board":
        raise UsageError("--format board needs a board, not a graph")
    analysis = _analysis(args, data)
    certificate = None
    if args.certificate:
        from ...certificates import make_certificate

        certificate = make_certificate(analysis)
    return placements_chunks(analysis, args.format, certificate)


def verify(args: argparse.Namespace) -> int:
    if args.answers is None:
        if len(args.files) != 2:
            raise UsageError(
                "verify FILE ANSWER checks one certificate; for several inputs give "
                "--answers DIR (the answers named as placements --out-dir names them)"
            )
        args.answer_file = args.files[1]
        args.files = args.files[:1]
    elif not os.path.isdir(args.answers):
        raise UsageError(f"--answers {args.answers!r}: not a directory")
    else:
        args.answer_file = None
    return batch.run(args, placement_kind(args), answer_verify, label_lines=True)


def answer_verify(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """``ok`` if the certificate of one input proves its answer (else VerifyFailed)."""
    from ...certificates import check_answer
    from ...core.board import Board
    from ...core.graph import Graph
    from ...readers.documents import DocumentError
    from ...readers.inputs import parse_input

    source = parse_input(data, placement_kind(args)).value
    if not isinstance(source, Board | Graph):  # what the two kinds read as
        raise TypeError(f"read {type(source).__name__} for a placement input")
    graph = source.graph if isinstance(source, Board) else source
    path = args.answer_file
    if args.answers is not None:
        assert name is not None  # several inputs are files
        path = str(batch.answer_path(args.answers, name, args.suffix))
    # an answer file holds a bounded number of bytes per vertex and edge of its input
    answer_limit = ANSWER_BYTES_PER_ITEM * (graph.n_vertices + graph.n_edges) + (64 << 20)
    try:
        answer = read_path(
            path,
            limit=answer_limit,
            too_long="the file is longer than an answer for this input can be",
        )
    except ParseError as exc:
        raise UsageError(f"{path}: {exc}") from None
    game = _answer_game(args, answer, path)
    if game == "edge":
        from . import edge_game

        problems = edge_game.verify_with(args, data, answer, path)
        if problems:
            raise VerifyFailed("".join(f"invalid: {p}\n" for p in problems))
        return [b"ok\n"]
    try:  # the answer's bytes go straight in, so the checker can free them early
        problems = check_answer(source, answer, moves=args.moves)
    except DocumentError as exc:
        raise UsageError(f"{path}: {exc}") from None
    if problems:
        raise VerifyFailed("".join(f"invalid: {p}\n" for p in problems))
    return [b"ok\n"]


def _answer_game(args: argparse.Namespace, answer: bytes, path: str) -> str:
    """The game to check an answer as: the one its certificate is for; with
    ``--game``, that game, and a certificate for the other one is refused."""
    from ...readers.documents import DocumentError, document_game

    try:
        found = document_game(answer)  # an empty or gameless document is named as such
    except DocumentError as exc:
        raise UsageError(f"{path}: {exc}") from None
    if found not in ("vertex", "edge"):
        raise UsageError(f"{path}: the certificate names an unknown game {found!r}")
    if args.game is not None and found != args.game:
        raise UsageError(
            f"{path}: the certificate is for the {found} game, not the {args.game} game "
            f"(--game {args.game}): it proves nothing about this one"
        )
    return found


def render(args: argparse.Namespace) -> int:
    from ... import draw
    from ...games.bunny import GameRecord, analyse_record
    from ...games.tokens import TokenRecord
    from ...games.tokens import annotate as judge
    from ...games.vertex.analysis import analyse
    from ...readers.inputs import sniff_input

    suffix = Path(args.output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError(
            f"-o {args.output!r}: give a file name ending in .svg or .png (e.g. board.svg)"
        )
    if args.scale is not None and not 0.1 <= args.scale <= 10:
        raise UsageError(f"--scale {args.scale:g}: expected 0.1 to 10")
    if args.game in ("placement", "bunny", "walk"):  # the old spelling of --picture
        if args.picture not in (None, args.game):
            raise UsageError(f"--game {args.game} (the old --picture) and --picture {args.picture}")
        args.picture, args.game = args.game, "vertex"
    if _edge_game(args):
        from . import edge_game

        return edge_game.render(args, args.picture)
    args.game = args.picture
    if args.game in ("bunny", "walk") and (args.matching or args.sets):
        raise UsageError("--matching and --sets go with placements (a board or a graph)")
    if args.game == "bunny" and (args.edges or args.moves != "orthogonal"):
        raise UsageError("--game bunny draws a NOI2011 record: no --edges or --moves")
    if args.edges and args.moves != "orthogonal":
        raise UsageError("--moves goes with a board, not an edge list")
    kinds = {"placement": placement_kind(args), "bunny": "noi"}
    kinds["walk"] = "walk-edges" if args.edges else "walk-board"
    if kinds["placement"] in GRAPH_KINDS:  # a standard graph format: nothing else to try
        if args.game not in (None, "placement"):
            raise UsageError(f"--game {args.game} draws a record, not a graph file")
        args.game = "placement"
    if args.game is not None:
        source = parse_input(
            input_bytes(args, kinds[args.game]), kinds[args.game], moves=args.moves
        )
    else:
        data = input_bytes(args, None)
        source = sniff_input(
            data, edges=args.edges, moves=args.moves, name=args.file or "the input"
        )
    value = source.value
    if isinstance(value, GameRecord):
        scene = draw.record_scene(analyse_record(value))
    elif isinstance(value, TokenRecord):
        _note_layout(value.graph)
        scene = draw.walk_scene(judge(value))
    else:
        analysis = analyse(value, moves=source.moves)
        _note_layout(analysis.graph)
        scene = draw.analysis_scene(analysis, matching=args.matching, sets=args.sets)
    try:
        draw.save(scene, args.output, scale=args.scale)
    except RuntimeError as exc:  # Pillow missing
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    return 0


def _note_layout(graph: Graph) -> None:
    """On a terminal, say that a big graph's layout takes a while (it is one NetworkX
    call: no progress to show inside it)."""
    from ...core.names import BoardCells

    big = graph.n_vertices >= 300 and not isinstance(graph.names, BoardCells)
    if big and sys.stderr is not None and sys.stderr.isatty():
        print(f"laying out {graph.n_vertices:,} vertices (a few seconds)...", file=sys.stderr)


def play(args: argparse.Namespace) -> int:
    from .. import play as sessions

    if args.file in (None, "-") and args.example is None:
        raise UsageError("play reads your moves from standard input: give the board as FILE")
    you_first = args.you == "first"
    if args.game != "edge" and args.max_states is not None:
        raise UsageError("--max-states is the edge game's search budget: it goes with --game edge")
    if args.game == "edge":
        from . import edge_game

        session, legend = edge_game.play_session(args, you_first)
    elif args.game == "bunny":
        if args.edges or args.moves != "orthogonal":
            raise UsageError("--game bunny is played on a NOI2011 record: no --edges or --moves")
        from ...games.bunny import GameRecord

        record = parse_input(input_bytes(args, "noi"), "noi").value
        assert isinstance(record, GameRecord)
        session = sessions.bunny_session(record, you_move_first=you_first)
        legend = (
            f"You are {'Bunny (white pieces O)' if you_first else 'Egg (black pieces X)'}. "
            "Name the piece to slide into the empty cell '.'."
        )
    elif args.edges or placement_kind(args) != "board":
        kind = placement_kind(args)
        graph = parse_input(input_bytes(args, kind), kind).graph
        session = sessions.graph_session(graph, you_move_first=you_first)
        legend = (
            f"{'You place the token' if you_first else 'The engine places the token'} on a "
            "vertex; then move it along an edge to an unvisited vertex. Who cannot move loses."
        )
    else:
        from ...core.board import Board

        board = parse_input(input_bytes(args, "board"), "board").value
        assert isinstance(board, Board)
        session = sessions.placement_session(board, you_move_first=you_first, moves=args.moves)
        legend = (
            f"'@' token, 'o' visited, '#' blocked; the token moves {MOVES_HELP[args.moves]}. "
            f"{'You place the token' if you_first else 'The engine places the token'}; "
            "who cannot move loses."
        )

    def write(text: str) -> None:
        write_output(text.encode())  # flushed: a script reads each engine move before answering

    stdin = sys.stdin
    if stdin is None:
        raise UsageError("standard input is closed: play reads your moves from it")
    if stdin.isatty():
        stdout = sys.stdout
        colour = (
            stdout is not None
            and stdout.isatty()
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM", "") != "dumb"
        )
        sessions.run_terminal(session, input, write, legend, colour=colour)
    else:
        sessions.run_line_protocol(
            session,
            sessions.read_lines(stdin.buffer),
            write,
            again=None if args.strict else lambda message: print_error(f"warning: {message}"),
        )
    return 0


def annotate(args: argparse.Namespace) -> int:
    if _edge_game(args):
        from . import edge_game

        return edge_game.annotate(args)
    kind = "walk-edges" if placement_kind(args) == "edges" else "walk-board"
    return batch.run(args, kind, answer_annotate)


def answer_annotate(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """One token-game record judged move by move, in ``args.format``."""
    from ...games.tokens import TokenRecord
    from ...games.tokens import annotate as judge
    from ...writers.records import format_annotation

    kind = "walk-edges" if args.edges else "walk-board"
    record = parse_input(data, kind, moves=args.moves).value
    assert isinstance(record, TokenRecord)
    return [format_annotation(judge(record), args.format)]


def mistakes(args: argparse.Namespace) -> int:
    if args.game == "edge":
        raise UsageError(
            "mistakes judges Bunny and Egg (NOI2011), a vertex game (a piece never slides "
            "back into a cell it left): --game edge does not apply; for an edge game's "
            "record use annotate --game edge"
        )
    return batch.run(args, "noi", answer_mistakes)


def answer_mistakes(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """One NOI2011 record's mistakes, in ``args.format``."""
    from ...games.bunny import GameRecord, analyse_record
    from ...writers.records import format_mistakes

    record = parse_input(data, "noi").value
    assert isinstance(record, GameRecord)
    analysis = analyse_record(record)
    if not analysis.ended:
        warn(
            "the record does not end with Egg's win (Bunny can still move); "
            "every move is judged all the same"
        )
    return [format_mistakes(analysis, args.format)]


def explain(args: argparse.Namespace) -> int:
    """Why placing the token on a cell (or vertex) wins or loses, in words, and
    drawn with ``-o``; several cells of one file, one explanation each."""
    from ... import draw
    from ...games.vertex.analysis import analyse

    items = list(args.items)
    if args.example is not None and args.example.isdigit():  # --example 3 2: the default's cell
        items, args.example = [args.example, *items], ""
    if args.example is None:
        if len(items) < 2:
            raise UsageError("explain FILE ROW COL (or, with --edges, FILE VERTEX)")
        args.file, items = items[0], items[1:]
    else:
        args.file = None
    if _edge_game(args):
        from . import edge_game

        return edge_game.explain(args, items)
    kind = placement_kind(args)
    source = parse_input(input_bytes(args, kind), kind, moves=args.moves)
    analysis = analyse(source.value, moves=source.moves)
    names = analysis.names
    vertices = explained_vertices(args, names, items)
    explanations = [analysis.explain(names.name(vertex)) for vertex in vertices]
    if args.output is not None:
        if Path(args.output).suffix.lower() not in (".svg", ".png"):
            raise UsageError(f"-o {args.output!r}: give a file name ending in .svg or .png")
        try:
            draw.save(draw.explain_scene(explanations[0]), args.output)
        except RuntimeError as exc:  # Pillow missing
            raise UsageError(str(exc)) from None
        except OSError as exc:
            raise UsageError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    if args.format == "json":
        from ...writers.jsonstream import json_document

        write_chunks(json_for_people(args, [json_document(why.document()) for why in explanations]))
    else:
        write_output("".join(why.text() + "\n" for why in explanations).encode())
    return 0
