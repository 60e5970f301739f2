"""The commands: each reads its input once, asks the public API, writes the answer.

Every command is written once over the games' contract (:class:`matchgame.Game`):
``--game`` picks the game (:mod:`.games`), which reads the input, analyses it,
certifies, explains and judges records; nothing here asks which game it holds.
Each command imports what it needs when it runs: a 1x1 board must not pay for
certificates, pictures or the record engine.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.moves import MOVES_HELP
from ...errors import InvalidParameterError, ParseError
from ...games.contract import all_games
from ...inputs import parse_input, record_kind
from ...readers.inputs import GRAPH_KINDS
from . import batch
from .answer_files import answer_path, write_file
from .games import chosen_game
from .output import (
    UsageError,
    VerifyFailed,
    Warn,
    budget_text,
    explained_vertices,
    input_bytes,
    json_for_people,
    placement_kind,
    print_error,
    read_path,
    write_chunks,
    write_output,
)
from .paths import check_output, write_whole

if TYPE_CHECKING:
    from ...games.analyses import BaseAnalysis


__all__ = [
    "MOVES_HELP",
    "annotate",
    "example",
    "explain",
    "mistakes",
    "placements",
    "play",
    "render",
    "verify",
]

ANSWER_BYTES_PER_ITEM = 400
"""Generous bound on an answer file's bytes per vertex and edge of its input."""


def _analysis(args: argparse.Namespace, data: bytes, kind: str | None = None) -> BaseAnalysis:
    """The chosen game's analysis of one board or graph."""
    game, options = chosen_game(args)
    kind = placement_kind(args) if kind is None else kind
    source = parse_input(data, kind, moves=args.moves, game=game)
    return game.analyse(source.value, moves=source.moves, **options)


def placements(args: argparse.Namespace) -> int:
    kind = placement_kind(args)
    if args.certificate and args.format != "json":
        raise UsageError("--certificate goes with --format json")
    if args.edges and args.format == "board":
        raise UsageError("--format board needs a board, not an edge list")
    chosen_game(args)  # an option of another game is refused before any input is read
    if args.graph_out is not None:
        _check_graph_out(args)
    return batch.run(args, kind, answer_placements)


def _check_graph_out(args: argparse.Namespace) -> None:
    """Refuse ``--graph-out`` before any input is read: several inputs, a suffix that
    names no format, GraphML or GML without NetworkX."""
    from ...writers.graphfiles import TITLES, verdicts_format

    if len(args.files or []) > 1:
        raise UsageError(
            f"--graph-out writes one input's graph, and {len(args.files)} inputs are given"
        )
    try:
        chosen = verdicts_format(args.graph_out)
    except InvalidParameterError:
        raise UsageError(
            f"--graph-out {args.graph_out!r}: give a file name ending in .graphml, .gml or .csv"
        ) from None
    if chosen != "csv":
        try:
            import networkx  # type: ignore[import-untyped]  # noqa: F401
        except ImportError:
            raise UsageError(
                f"--graph-out {args.graph_out!r}: writing {TITLES[chosen]} needs NetworkX: "
                "pip install networkx (.csv needs nothing)"
            ) from None
    inputs = [("the input", name) for name in args.files or [] if name != "-"]
    check_output("--graph-out", args.graph_out, reads=inputs)


def answer_placements(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """The placement answer of one board or graph, in ``args.format``, in pieces (and,
    with ``--graph-out``, the verdicts written into a graph file first)."""
    from ...writers.placements import placements_chunks

    if args.format == "board" and placement_kind(args) != "board":
        raise UsageError("--format board needs a board, not a graph")
    analysis = _analysis(args, data)
    if analysis.refusal is not None:  # a partial answer (--partial): the bound that stopped it
        warn(budget_text(analysis.refusal))
    if args.graph_out is not None:
        from ...writers.graphfiles import format_verdicts, verdicts_format

        verdicts = format_verdicts(analysis, verdicts_format(args.graph_out))
        write_file(Path(args.graph_out), [verdicts])
    certificate = analysis.make_certificate() if args.certificate else None
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
    from ...certificates import check_answer, named_game
    from ...readers.documents import DocumentError

    chosen, _ = chosen_game(args)
    graph = parse_input(data, placement_kind(args), game=chosen).graph
    path = args.answer_file
    if args.answers is not None:
        assert name is not None  # several inputs are files
        path = str(answer_path(args.answers, name, args.suffix))
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
    try:
        named = named_game(answer)
        if args.game is not None and named != args.game:
            raise UsageError(
                f"{path}: the certificate is for the {named} game, not the {args.game} game "
                f"(--game {args.game}): it proves nothing about this one"
            )
        source = parse_input(data, placement_kind(args), moves=args.moves, game=named).value
        # the answer's bytes go straight in, so the checker can free them early
        problems = check_answer(source, answer, moves=args.moves)
    except DocumentError as exc:
        raise UsageError(f"{path}: {exc}") from None
    if problems:
        raise VerifyFailed("".join(f"invalid: {p}\n" for p in problems))
    return [b"ok\n"]


def render(args: argparse.Namespace) -> int:
    from ... import draw
    from ...games.notes import annotate as judge
    from ...games.tokens import TokenRecord
    from ...inputs import sniff_input

    suffix = Path(args.output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError(
            f"-o {args.output!r}: give a file name ending in .svg or .png (e.g. board.svg)"
        )
    check_output("-o", args.output, reads=_input_of(args))
    if args.scale is not None and not 0.1 <= args.scale <= 10:
        raise UsageError(f"--scale {args.scale:g}: expected 0.1 to 10")
    _check_size(args)
    if args.game in PICTURES:  # the old spelling of --picture
        if args.picture not in (None, args.game):
            raise UsageError(f"--game {args.game} (the old --picture) and --picture {args.picture}")
        args.picture, args.game = args.game, None
    game, options = chosen_game(args)
    picture = args.picture
    if picture in ("bunny", "walk") and (args.matching or args.sets):
        raise UsageError("--matching and --sets go with placements (a board or a graph)")
    if picture == "bunny" and (args.edges or args.moves != "orthogonal"):
        raise UsageError("--picture bunny draws a NOI2011 record: no --edges or --moves")
    if args.edges and args.moves != "orthogonal":
        raise UsageError("--moves goes with a board, not an edge list")
    kinds = {"placement": placement_kind(args), "bunny": "noi"}
    kinds["walk"] = record_kind(args.edges, game)
    if kinds["placement"] in GRAPH_KINDS:  # a standard graph format: nothing else to try
        if picture not in (None, "placement"):
            raise UsageError(f"--picture {picture} draws a record, not a graph file")
        picture = "placement"
    if picture is not None:
        chosen = kinds[picture]
        source = parse_input(input_bytes(args, chosen), chosen, moves=args.moves, game=game)
    else:
        data = input_bytes(args, None, game=game)
        source = sniff_input(
            data, edges=args.edges, moves=args.moves, name=args.file or "the input", game=game
        )
    value = source.value
    style = {"layout": args.layout, "size": args.size}
    if source.kind in game.sources:  # a NOI2011 record: its board, the empty cell's walk
        if args.layout != "auto":
            raise UsageError(f"--layout {args.layout}: a NOI2011 record is drawn on its board")
        scene = draw.record_scene(game.annotate_source(value, **options), size=args.size)
    elif isinstance(value, TokenRecord):
        _note_layout(value.graph, args.layout)
        scene = draw.walk_scene(judge(value, game=game, **options), **style)
    else:
        for flag, wanted in (("--matching", args.matching), ("--sets", args.sets)):
            if wanted and not game.has_matching:  # a game with no matching: name the option
                raise UsageError(f"{flag}: {game.title} has no maximum matching to draw")
        analysis = game.analyse(value, moves=source.moves, **options)
        _note_layout(analysis.graph, args.layout)
        scene = draw.analysis_scene(analysis, matching=args.matching, sets=args.sets, **style)
    _save(scene, args.output, args.scale)
    return 0


PICTURES = ("placement", "bunny", "walk")
"""render's pictures (``--picture``); ``--game`` took them before it named games."""


def _input_of(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The input file a command reads, as :func:`~.paths.check_output` takes it."""
    name = getattr(args, "file", None)
    return [] if name in (None, "-") else [("the input", name)]


def _save(scene: Any, output: str, scale: float | None = None) -> None:
    """Write a picture to ``output`` (.svg or .png) whole, its problems as usage errors."""
    from ... import draw

    if Path(output).suffix.lower() not in (".svg", ".png"):
        raise UsageError(f"-o {output!r}: give a file name ending in .svg or .png")
    try:
        write_whole(output, lambda temporary: draw.save(scene, temporary, scale=scale))
    except RuntimeError as exc:  # Pillow missing
        raise UsageError(str(exc)) from None


def _check_size(args: argparse.Namespace) -> None:
    """``--size`` within what a picture may be asked for (render, explain)."""
    from ...draw.layouts import MAX_SIZE, MIN_SIZE

    if args.size is not None and not MIN_SIZE <= args.size <= MAX_SIZE:
        raise UsageError(f"--size {args.size}: expected {MIN_SIZE} to {MAX_SIZE:,} pixels")


def _note_layout(graph: Any, layout: str = "auto") -> None:
    """On a terminal, say that a big graph's layout takes a while (it is one NetworkX
    call: no progress to show inside it)."""
    from ...core.names import BoardCells
    from ...draw.layouts import KAMADA_KAWAI_MAX

    least = 100 if layout == "kamada-kawai" and graph.n_vertices <= KAMADA_KAWAI_MAX else 300
    big = graph.n_vertices >= least and not isinstance(graph.names, BoardCells)
    if big and sys.stderr is not None and sys.stderr.isatty():
        print(f"laying out {graph.n_vertices:,} vertices (a few seconds)...", file=sys.stderr)


def play(args: argparse.Namespace) -> int:
    from .. import play as sessions

    if args.file in (None, "-") and args.example is None:
        raise UsageError("play reads your moves from standard input: give the board as FILE")
    you_first = args.you == "first"
    game, options = chosen_game(args)
    kind = placement_kind(args)
    if kind == "board" and game.sources:  # a board, or a source of the game (NOI2011)
        from ...inputs import sniff_input

        data = input_bytes(args, None, game=game)
        source = sniff_input(data, moves=args.moves, name=args.file or "the input", game=game)
        if source.kind not in ("board", *game.sources):
            raise UsageError(f"play plays a board or a graph, not {source.kind} (see annotate)")
    else:
        source = parse_input(input_bytes(args, kind, game=game), kind, moves=args.moves, game=game)
    if source.kind in game.sources:  # a NOI2011 record: you slide pieces into the empty cell
        if args.moves != "orthogonal":
            raise UsageError("a NOI2011 record is played with orthogonal moves: no --moves")
        session = sessions.record_session(source.value, you_move_first=you_first, **options)
        legend = (
            f"You are {'Bunny (white pieces O)' if you_first else 'Egg (black pieces X)'}. "
            "Name the piece to slide into the empty cell '.'."
        )
    else:
        session = sessions.game_session(
            game, source.value, you_move_first=you_first, moves=source.moves, **options
        )
        legend = sessions.legend(game, session, you_move_first=you_first, board=kind == "board")

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
    game, _ = chosen_game(args)
    return batch.run(args, record_kind(placement_kind(args) == "edges", game), answer_annotate)


def answer_annotate(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """One record judged move by move by the chosen game's rules, in ``args.format``."""
    from ...games.notes import annotate as judge
    from ...games.tokens import TokenRecord
    from ...writers.records import format_annotation

    game, options = chosen_game(args)
    kind = record_kind(args.edges, game)
    record = parse_input(data, kind, moves=args.moves, game=game).value
    assert isinstance(record, TokenRecord)
    return [format_annotation(judge(record, game=game, **options), args.format)]


def mistakes(args: argparse.Namespace) -> int:
    game, _ = chosen_game(args)
    if "noi" not in game.sources:
        readers = " or ".join(f"--game {g.name}" for g in all_games() if "noi" in g.sources)
        raise UsageError(
            "mistakes judges Bunny and Egg (NOI2011) records, which "
            f"{game.title} does not read ({readers} does: a piece never slides back into a "
            f"cell it left); for a record of {game.title} use annotate --game {game.name}"
        )
    return batch.run(args, "noi", answer_mistakes)


def answer_mistakes(
    args: argparse.Namespace, name: str | None, data: bytes, warn: Warn
) -> Iterable[bytes]:
    """One NOI2011 record's mistakes, in ``args.format``."""
    from ...writers.records import format_mistakes

    game, options = chosen_game(args)
    record = parse_input(data, "noi", game=game).value
    analysis = game.annotate_source(record, **options)
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

    items = list(args.items)
    if args.example is not None and args.example.isdigit():  # --example 3 2: the default's cell
        items, args.example = [args.example, *items], ""
    if args.example is None:
        if len(items) < 2:
            raise UsageError("explain FILE ROW COL (or, with --edges, FILE VERTEX)")
        args.file, items = items[0], items[1:]
    else:
        args.file = None
    _, options = chosen_game(args)
    if args.output is None and (args.layout != "auto" or args.size is not None):
        raise UsageError("--layout and --size draw the explanation: give -o OUT.svg or OUT.png")
    if args.output is not None:
        if Path(args.output).suffix.lower() not in (".svg", ".png"):
            raise UsageError(f"-o {args.output!r}: give a file name ending in .svg or .png")
        check_output("-o", args.output, reads=_input_of(args))
    _check_size(args)
    kind = placement_kind(args)
    analysis = _analysis(args, input_bytes(args, kind), kind)
    names = analysis.names
    vertices = explained_vertices(args, names, items)
    explanations = [analysis.explain(names.name(vertex), **options) for vertex in vertices]
    if args.output is not None:
        _note_layout(analysis.graph, args.layout)
        scene = draw.explain_scene(explanations[0], layout=args.layout, size=args.size)
        _save(scene, args.output)
    if args.format == "json":
        from ...writers.jsonstream import json_document

        write_chunks(json_for_people(args, [json_document(why.document()) for why in explanations]))
    else:
        write_output("".join(why.text() + "\n" for why in explanations).encode())
    return 0


def example(args: argparse.Namespace) -> int:
    """A bundled example's text on standard output (``-o``: in a file), or with
    ``--list`` every example, its kind and what it shows."""
    from ...examples import EXAMPLES
    from ...examples import example as bundled

    if args.output is not None:
        check_output("-o", args.output)
    if args.list:
        if args.name is not None:
            raise UsageError("give an example's NAME or --list, not both")
        from ...readers.inputs import KINDS

        # what each is, as messages name the kinds ("a board" -> "board")
        kinds = {
            name: KINDS[info.kind].description.split(" ", 1)[1] for name, info in EXAMPLES.items()
        }
        width, kind_width = max(map(len, kinds)), max(map(len, kinds.values()))
        data = "".join(
            f"{name:<{width}}  {kinds[name]:<{kind_width}}  {info.description}\n"
            for name, info in EXAMPLES.items()
        ).encode()
    elif args.name is None:
        raise UsageError("give an example's NAME (matchgame example --list names them)")
    else:
        data = bundled(args.name).text.encode("ascii")
    if args.output is None:
        write_output(data)
        return 0
    write_whole(args.output, data)
    return 0
