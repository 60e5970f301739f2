"""Command-line front end: ``matchgame <command> ...``.

A thin layer over the public API. User mistakes (bad input, unreadable files,
bad options) print one ``error: ...`` line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NoReturn

from . import __version__
from ._textlines import read_bounded
from .errors import MatchgameError, ParseError

if TYPE_CHECKING:
    from .analysis import Analysis
    from .graph import Graph

# Each command imports what it needs when it runs: a 1x1 board must not pay for
# certificates, pictures or the record engine.

EXIT_OK = 0
EXIT_VERIFY_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
ANSWER_BYTES_PER_ITEM = 400
"""Generous bound on an answer file's bytes per vertex and edge of its input."""

EXAMPLES = {
    "jsoi": "the JSOI2009 sample (3x3 board)",
    "heart": "a heart-shaped board with holes (16x19)",
    "noi1": "NOI2011 sample 1 (Bunny-and-Egg record)",
    "noi2": "NOI2011 sample 2 (Bunny-and-Egg record)",
    "noi3": "NOI2011 sample 3 (Bunny-and-Egg record)",
    "blossom": "two triangles joined by a path (edge list, 7 vertices)",
    "king": "a 7x8 board for the king's moves (--moves king)",
    "hex": "a 7x7 hex board (--moves hex)",
    "petersen": "the Petersen graph (edge list, 10 vertices)",
    "bunny": "a Bunny-and-Egg start position with no moves yet (7x7)",
}
BOARD_EXAMPLES = ("jsoi", "heart", "king", "hex")
EDGE_EXAMPLES = ("blossom", "petersen")
RECORD_EXAMPLES = ("noi3", "noi1", "noi2", "bunny")
EXAMPLE_MOVES = {"king": "king", "hex": "hex"}
"""The move rule a bundled board is meant for, used when --moves is not given."""

MOVES = ("orthogonal", "king", "hex", "knight")
MOVES_HELP = {
    "orthogonal": "to a cell sharing a side",
    "king": "to any of the 8 surrounding cells",
    "hex": "to any of the 6 touching hexagons (odd rows shifted right)",
    "knight": "by a knight's jump",
}


class UsageError(MatchgameError):
    """A problem with the command line or the files it names."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_input(
    path: str | None,
    limit_of: Callable[[bytes], int] | None = None,
    what: str = "the input",
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """The bytes of ``path``; standard input for None or '-'.

    ``limit_of`` reads the largest size the input may have from its beginning
    (see :func:`matchgame._textlines.read_bounded`); without it, all is read.
    """
    if path is None or path == "-":
        stdin = sys.stdin
        if stdin is None:
            raise UsageError("standard input is closed: give a FILE")
        if stdin.isatty():
            print(f"reading {what} from standard input (end it with Ctrl-D)...", file=sys.stderr)
        return _read_stream(stdin.buffer, limit_of, too_long)
    try:
        with open(path, "rb") as handle:
            return _read_stream(handle, limit_of, too_long)
    except OSError as exc:
        raise UsageError(f"cannot read {path!r}: {exc.strerror or exc}") from None


def _read_stream(stream: BinaryIO, limit_of: Callable[[bytes], int] | None, too_long: str) -> bytes:
    return stream.read() if limit_of is None else read_bounded(stream, limit_of, too_long)


def example_text(name: str, choices: tuple[str, ...]) -> bytes:
    """The bundled example ``name``, one of ``choices``."""
    if name not in choices:
        raise UsageError(f"unknown example {name!r} (choose from {', '.join(choices)})")
    return resources.files("matchgame").joinpath("examples", f"{name}.txt").read_bytes()


# input kinds: the module whose text_size_limit bounds the read, and a description
_FORMATS = {
    "board": ("boards", "text_size_limit", "a board"),
    "edges": ("edgelists", "text_size_limit", "an edge list"),
    "record": ("bunny", "text_size_limit", "a NOI2011 record"),
    "board-walk": ("walks", "board_text_size_limit", "a token-game record on a board"),
    "edges-walk": ("walks", "edges_text_size_limit", "a token-game record on an edge list"),
}


def _limit_of(kind: str) -> tuple[Callable[[bytes], int], str]:
    module, function, what = _FORMATS[kind]
    return getattr(importlib.import_module(f".{module}", __package__), function), what


def _input_bytes(args: argparse.Namespace, examples: tuple[str, ...], kind: str) -> bytes:
    """The input named on the command line: ``--example [NAME]`` (default: the
    first of ``examples``) or FILE / standard input, read as format ``kind``."""
    if args.example is not None:
        return example_text(args.example or examples[0], examples)
    limit_of, what = _limit_of(kind)
    return read_input(args.file, limit_of, what)


def _source(args: argparse.Namespace, data: bytes) -> Graph:
    """The graph the command works on: the edge list, or the board under ``--moves``."""
    if args.edges:
        if getattr(args, "moves", None) not in (None, "orthogonal"):
            raise UsageError("--moves goes with a board, not an edge list")
        from .edgelists import parse_edge_list

        return parse_edge_list(data)
    from .boards import Board

    return Board.parse(data).to_graph(getattr(args, "moves", None) or "orthogonal")


def _analysis(args: argparse.Namespace, data: bytes) -> Analysis:
    from .analysis import analyse
    from .boards import Board

    if args.edges:
        return analyse(_source(args, data))
    return analyse(Board.parse(data), moves=args.moves)


def _cmd_placements(args: argparse.Namespace) -> bytes:
    data = _input_bytes(
        args, EDGE_EXAMPLES if args.edges else BOARD_EXAMPLES, "edges" if args.edges else "board"
    )
    if args.certificate and args.format != "json":
        raise UsageError("--certificate goes with --format json")
    if args.edges and args.format == "board":
        raise UsageError("--format board needs a board, not an edge list")
    if args.certificate and not args.edges and args.moves != "orthogonal":
        raise UsageError(
            "--certificate covers boards with orthogonal moves and edge lists, not "
            f"--moves {args.moves}"
        )
    from .formats import placements_chunks

    analysis = _analysis(args, data)
    certificate = analysis.certificate() if args.certificate else None
    # piece by piece: a certificate can be hundreds of MB
    write_chunks(placements_chunks(analysis, args.format, certificate))
    return b""


def _cmd_verify(args: argparse.Namespace) -> bytes:
    from .boards import Board
    from .certificates import check_answer
    from .edgelists import parse_edge_list
    from .formats import DocumentError

    limit_of, what = _limit_of("edges" if args.edges else "board")
    data = read_input(args.file, limit_of, what)
    source = parse_edge_list(data) if args.edges else Board.parse(data)
    graph = source if not isinstance(source, Board) else source.graph
    # an answer file holds a bounded number of bytes per vertex and edge of its input
    answer_limit = ANSWER_BYTES_PER_ITEM * (graph.n_vertices + graph.n_edges) + (64 << 20)
    try:
        answer = read_input(
            args.certificate,
            lambda head: answer_limit,
            "an answer file",
            "the file is longer than an answer for this input can be",
        )
    except ParseError as exc:
        raise UsageError(f"{args.certificate}: {exc}") from None
    try:  # the answer's bytes go straight in, so the checker can free them early
        problems = check_answer(source, answer)
    except DocumentError as exc:
        raise UsageError(f"{args.certificate}: {exc}") from None
    if problems:
        raise VerifyFailed("".join(f"invalid: {p}\n" for p in problems))
    return b"ok\n"


def _cmd_render(args: argparse.Namespace) -> bytes:
    from . import render

    suffix = Path(args.output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError(
            f"-o {args.output!r}: give a file name ending in .svg or .png (e.g. board.svg)"
        )
    bunny = args.game == "bunny"
    if bunny and (args.edges or args.moves != "orthogonal"):
        raise UsageError("--game bunny draws a NOI2011 record: no --edges or --moves")
    kind = "record" if bunny else "edges" if args.edges else "board"
    examples = {"record": RECORD_EXAMPLES, "edges": EDGE_EXAMPLES, "board": BOARD_EXAMPLES}
    data = _input_bytes(args, examples[kind], kind)
    if bunny:
        from .bunny import GameRecord, analyse_record

        if args.matching or args.sets:
            raise UsageError("--matching and --sets go with --game placement")
        scene = render.record_scene(analyse_record(GameRecord.parse(data)))
    else:
        scene = render.analysis_scene(_analysis(args, data), matching=args.matching, sets=args.sets)
    if args.scale is not None and not 0.1 <= args.scale <= 10:
        raise UsageError(f"--scale {args.scale:g}: expected 0.1 to 10")
    try:
        render.save(scene, args.output, scale=args.scale)
    except RuntimeError as exc:  # Pillow missing
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    return b""


def _cmd_play(args: argparse.Namespace) -> bytes:
    from . import play

    if args.file in (None, "-") and args.example is None:
        raise UsageError("play reads your moves from standard input: give the board as FILE")
    you_first = args.you == "first"
    if args.game == "bunny":
        if args.edges or args.moves != "orthogonal":
            raise UsageError("--game bunny is played on a NOI2011 record: no --edges or --moves")
        from .bunny import GameRecord

        session = play.bunny_session(
            GameRecord.parse(_input_bytes(args, RECORD_EXAMPLES, "record")),
            you_move_first=you_first,
        )
        legend = (
            f"You are {'Bunny (white pieces O)' if you_first else 'Egg (black pieces X)'}. "
            "Name the piece to slide into the empty cell '.'."
        )
    elif args.edges:
        from .edgelists import parse_edge_list

        graph = parse_edge_list(_input_bytes(args, EDGE_EXAMPLES, "edges"))
        session = play.graph_session(graph, you_move_first=you_first)
        legend = (
            f"{'You place the token' if you_first else 'The engine places the token'} on a "
            "vertex; then move it along an edge to an unvisited vertex. Who cannot move loses."
        )
    else:
        from .boards import Board

        board = Board.parse(_input_bytes(args, BOARD_EXAMPLES, "board"))
        session = play.placement_session(board, you_move_first=you_first, moves=args.moves)
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
        play.run_terminal(session, input, write, legend, colour=colour)
    else:
        play.run_line_protocol(session, play.read_lines(stdin.buffer), write)
    return b""


def _cmd_serve(args: argparse.Namespace) -> bytes:
    try:
        import uvicorn

        from .web import create_app
    except ImportError:
        raise UsageError(
            "serve needs the web extra: pip install starlette uvicorn "
            "(in a clone: pip install '.[web]')"
        ) from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: expected 0..65535")
    if args.max_body < 1:
        raise UsageError(f"--max-body {args.max_body}: expected a positive number of bytes")
    start = _serve_start(args)
    if args.port == 0:  # any free port; it is printed, so pick it now
        import socket

        with socket.socket() as probe:
            probe.bind((args.host, 0))
            args.port = probe.getsockname()[1]
    url = f"http://{args.host}:{args.port}/"
    print(f"matchgame serving on {url} (Ctrl-C stops)", file=sys.stderr, flush=True)
    if args.open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, [url]).start()  # once the server listens
    uvicorn.run(
        create_app(max_body=args.max_body, start=start),
        host=args.host,
        port=args.port,
        log_level="warning",
    )
    return b""


def _serve_start(args: argparse.Namespace) -> dict[str, str]:
    """What the page opens with: the example, or FILE recognised as a board, an edge
    list (``--edges``), a NOI2011 record or a token-game record; checked now, so a
    bad file is an error here rather than in the browser."""
    if args.example is not None or args.file is None:
        name = args.example or "heart"
        kind = "edges" if name in EDGE_EXAMPLES else "noi" if name in RECORD_EXAMPLES else "board"
        example = example_text(name, BOARD_EXAMPLES + EDGE_EXAMPLES + RECORD_EXAMPLES)
        return {"text": example.decode("ascii"), "kind": kind, "moves": args.moves, "name": name}
    data = read_input(args.file, lambda head: args.max_body, "the input", "larger than --max-body")
    kind = _sniff(data, args)
    text = data.decode("ascii", "replace")  # the parsers accepted it: ASCII in practice
    return {"text": text, "kind": kind, "moves": args.moves, "name": args.file}


def _sniff(data: bytes, args: argparse.Namespace) -> str:
    """The kind of input ``data`` is, tried in turn by each parser."""
    from .boards import Board
    from .bunny import GameRecord
    from .edgelists import parse_edge_list
    from .walks import TokenRecord

    candidates: list[tuple[str, Callable[[bytes], object]]]
    if args.edges:
        if args.moves != "orthogonal":
            raise UsageError("--moves goes with a board, not an edge list")
        candidates = [
            ("edges", parse_edge_list),
            ("walk-edges", lambda d: TokenRecord.parse(d, edges=True)),
        ]
        what = "an edge list or a token-game record on one"
    else:
        candidates = [
            ("board", Board.parse),
            ("noi", GameRecord.parse),
            ("walk-board", lambda d: TokenRecord.parse(d, rule=args.moves)),
        ]
        what = "a board, a NOI2011 record or a token-game record (for an edge list: --edges)"
    # which reading was meant is unknown: say what each one found
    problems = []
    for kind, parse in candidates:
        try:
            parse(data)
        except MatchgameError as exc:
            problems.append(f"as {kind}: {exc}")
            continue
        return kind
    raise UsageError(f"{args.file}: not {what}; " + "; ".join(problems))


def _cmd_annotate(args: argparse.Namespace) -> bytes:
    from .formats import format_annotation
    from .walks import TokenRecord, annotate

    kind = "edges-walk" if args.edges else "board-walk"
    if args.edges and args.moves != "orthogonal":
        raise UsageError("--moves goes with a board, not an edge list")
    limit_of, what = _limit_of(kind)
    data = read_input(args.file, limit_of, what)
    record = TokenRecord.parse(data, edges=args.edges, rule=args.moves)
    return format_annotation(annotate(record), args.format)


class VerifyFailed(Exception):
    """Raised by verify with the report to print; exit status 1."""


def _cmd_mistakes(args: argparse.Namespace) -> bytes:
    from .bunny import GameRecord, analyse_record

    data = _input_bytes(args, RECORD_EXAMPLES, "record")
    analysis = analyse_record(GameRecord.parse(data))
    if not analysis.ended:
        print(
            "warning: the record does not end with Egg's win (Bunny can still move); "
            "every move is judged all the same",
            file=sys.stderr,
        )
    from .formats import format_mistakes

    return format_mistakes(analysis, args.format)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="matchgame",
        description="Solve token games on graphs exactly (undirected vertex geography).",
    )
    parser.add_argument("--version", action="version", version=f"matchgame {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    placements = commands.add_parser(
        "placements",
        help="where can the first player place the token and win (JSOI2009 / LOJ 6033)",
        description="Winning placements on a board: 'N M' then N rows of '.' (free) and "
        "'#', 'x', 'X' (blocked); or, with --edges, on any graph.",
    )
    placements.add_argument("file", nargs="?", help="board file ('-' or nothing: stdin)")
    placements.add_argument(
        "--format",
        choices=("jsoi", "loj", "json", "board"),
        default="jsoi",
        help="jsoi: WIN + cells or LOSE (default); loj: count + cells; json; board: a picture",
    )
    placements.add_argument(
        "--edges",
        action="store_true",
        help="the input is a graph: 'n m' then m lines 'u v' (1-based vertices)",
    )
    placements.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"run on a bundled example instead of FILE (boards: {', '.join(BOARD_EXAMPLES)}, "
        f"default jsoi; with --edges: {', '.join(EDGE_EXAMPLES)})",
    )
    _add_moves(placements)
    placements.set_defaults(handler=_cmd_placements)

    placements.add_argument(
        "--certificate",
        action="store_true",
        help="with --format json: add a proof of every verdict (check it with 'verify')",
    )

    verify = commands.add_parser(
        "verify",
        help="check a certificate made by 'placements --format json --certificate'",
        description="Check a certificate against its input: prints 'ok' (exit 0) or what "
        "is wrong (exit 1). The check uses no matching algorithm.",
    )
    verify.add_argument("file", help="the board or edge-list file the certificate is for")
    verify.add_argument("certificate", help="the JSON output holding the certificate")
    verify.add_argument("--edges", action="store_true", help="FILE is an edge list")
    verify.set_defaults(handler=_cmd_verify)

    render_cmd = commands.add_parser(
        "render",
        help="draw a board (who wins where) or a Bunny-and-Egg record as SVG or PNG",
        description="Draw a placement board coloured by outcome, or a NOI2011 record with the "
        "empty cell's path and the mistakes. PNG needs Pillow (pip install Pillow; "
        "in a clone: pip install '.[png]').",
    )
    render_cmd.add_argument("file", nargs="?", help="input file ('-' or nothing: stdin)")
    render_cmd.add_argument("-o", "--output", required=True, help="OUT.svg or OUT.png")
    render_cmd.add_argument("--game", choices=("placement", "bunny"), default="placement")
    render_cmd.add_argument(
        "--matching", action="store_true", help="draw the maximum matching (placement)"
    )
    render_cmd.add_argument(
        "--example", nargs="?", const="", metavar="NAME", help="draw a bundled example"
    )
    render_cmd.add_argument("--edges", action="store_true", help="the input is an edge list")
    render_cmd.add_argument(
        "--sets", action="store_true", help="colour the Gallai-Edmonds sets D, A, C (placement)"
    )
    render_cmd.add_argument(
        "--scale",
        type=float,
        default=None,
        help="size relative to the drawing's pixels, 0.1 to 10 (default: small pictures "
        "enlarged to about 560 pixels wide, at most 3x)",
    )
    _add_moves(render_cmd)
    render_cmd.set_defaults(handler=_cmd_render)

    play_cmd = commands.add_parser(
        "play",
        help="play the placement game or Bunny and Egg against the engine",
        description="Play against the engine. On a terminal: the board after every move, "
        "moves as 'ROW COL', 'hint', 'undo', 'quit'. Otherwise a line protocol: the engine "
        "writes 'engine: ROW COL', reads your moves as 'ROW COL' lines, and ends with "
        "'winner: you' or 'winner: engine'.",
    )
    play_cmd.add_argument("file", nargs="?", help="a board, or with --game bunny a NOI2011 record")
    play_cmd.add_argument("--game", choices=("placement", "bunny"), default="placement")
    play_cmd.add_argument(
        "--you",
        choices=("first", "second"),
        default="first",
        help="first: you place the token / you are Bunny (default); second: the engine is",
    )
    play_cmd.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"a bundled example: boards {', '.join(BOARD_EXAMPLES)}; with --edges "
        f"{', '.join(EDGE_EXAMPLES)}; with --game bunny {', '.join(RECORD_EXAMPLES)} "
        "(bunny: a start with no moves yet)",
    )
    play_cmd.add_argument(
        "--edges", action="store_true", help="play on a graph (moves are vertex numbers)"
    )
    _add_moves(play_cmd)
    play_cmd.set_defaults(handler=_cmd_play)

    annotate_cmd = commands.add_parser(
        "annotate",
        help="judge every move of a token-game record on any board or graph",
        description="Read a board (or, with --edges, an edge list), then a line t and t moves "
        "('ROW COL' or a vertex number; the first places the token, then the players "
        "alternate) and judge every move: who could force a win before and after it, the "
        "mistakes, and a better move.",
    )
    annotate_cmd.add_argument("file", nargs="?", help="record file ('-' or nothing: stdin)")
    annotate_cmd.add_argument("--edges", action="store_true", help="the game is on an edge list")
    annotate_cmd.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    _add_moves(annotate_cmd)
    annotate_cmd.set_defaults(handler=_cmd_annotate)

    serve_cmd = commands.add_parser(
        "serve",
        help="explore boards and graphs in a browser (local web app; needs the web extra)",
        description="Start a local web app: explore who wins where on a board or graph "
        "(click cells to block them), play against the engine, step through records; the "
        "JSON API under /api returns the command line's documents.",
    )
    serve_cmd.add_argument(
        "file", nargs="?", help="open the page on this board, edge list or record"
    )
    serve_cmd.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"open the page on a bundled example ({', '.join(EXAMPLES)}; default heart)",
    )
    serve_cmd.add_argument("--edges", action="store_true", help="FILE is an edge list")
    _add_moves(serve_cmd)
    serve_cmd.add_argument("--host", default="127.0.0.1", help="default: loopback only")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--open", action="store_true", help="open a browser on the page")
    serve_cmd.add_argument(
        "--max-body", type=int, default=16 << 20, help="largest request body in bytes (413 above)"
    )
    serve_cmd.set_defaults(handler=_cmd_serve)

    mistakes = commands.add_parser(
        "mistakes",
        help="Bunny's mistakes in a Bunny-and-Egg game record (NOI2011)",
        description="Judge every move of a NOI2011 record: 'n m', n rows of 'O', 'X' and one "
        "'.', then k and 2k moves 'x y' (Bunny first).",
    )
    mistakes.add_argument("file", nargs="?", help="record file ('-' or nothing: stdin)")
    mistakes.add_argument(
        "--format",
        choices=("noi", "json"),
        default="noi",
        help="noi: the number of Bunny's mistakes, then their move numbers (default); "
        "json: every move of both players annotated",
    )
    mistakes.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"run on a bundled record ({', '.join(RECORD_EXAMPLES)}; default noi3)",
    )
    mistakes.set_defaults(handler=_cmd_mistakes)
    return parser


def _add_moves(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--moves",
        choices=MOVES,
        default=None,
        help="how the token moves on a board: "
        + "; ".join(f"{name}: {text}" for name, text in MOVES_HELP.items())
        + " (default orthogonal)",
    )


def write_output(data: bytes) -> None:
    """Write to standard output and flush; a closed or full output is a usage error."""
    write_chunks((data,))


def write_chunks(chunks: Iterable[bytes]) -> None:
    """Write pieces to standard output, then flush; a closed or full output is a usage
    error."""
    stdout = sys.stdout
    if stdout is None:
        raise UsageError("cannot write output: standard output is closed")
    try:
        for chunk in chunks:
            stdout.buffer.write(chunk)
        stdout.flush()
    except OSError as exc:
        _discard_stdout()
        raise UsageError(f"cannot write output: {exc.strerror or exc}") from None


def _discard_stdout() -> None:
    """Point the process's standard output at the null device, so that the
    interpreter's last flush at exit cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests) or nothing to redirect


def _print_error(message: str) -> None:
    # with stderr closed there is nowhere left to say it; the exit status still does
    with contextlib.suppress(OSError, AttributeError, ValueError):
        print(message, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 an answer, 1 ``verify`` found the certificate wrong, 2 bad input or usage
    (one ``error:`` line on stderr, nothing on stdout), 130 interrupted.
    """
    try:
        return _run(sys.argv[1:] if argv is None else list(argv))
    except KeyboardInterrupt:
        _print_error("interrupted")
        return EXIT_INTERRUPTED


def _run(argv: list[str]) -> int:
    parser = build_parser()
    if not argv:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        args = parser.parse_args(argv)
        if getattr(args, "example", None) is not None and getattr(args, "file", None):
            raise UsageError("give either FILE or --example, not both")
        if hasattr(args, "moves") and args.moves is None:
            example = getattr(args, "example", None) or ""
            args.moves = EXAMPLE_MOVES.get(example, "orthogonal")
        output = args.handler(args)
        if output:
            write_output(output)
    except MatchgameError as exc:
        _print_error(f"error: {exc}")
        return EXIT_USAGE
    except VerifyFailed as exc:
        try:
            write_output(str(exc).encode())
        except UsageError as write_error:
            _print_error(f"error: {write_error}")
            return EXIT_USAGE
        return EXIT_VERIFY_FAILED
    return EXIT_OK


def run() -> None:
    """The ``matchgame`` program: :func:`main` with the process's arguments, then exit.

    Ctrl-C ends the program at once with status 130, also inside a long kernel
    (where Python's own handler would wait for the kernel to return).
    """
    try:
        from ._kernels._signals import exit_on_interrupt
    except ImportError:  # built without the compiled helper: KeyboardInterrupt still works
        pass
    else:
        exit_on_interrupt(b"interrupted\n", EXIT_INTERRUPTED)
    sys.exit(main())
