"""Command-line front end: ``matchgame <command> ...``.

A thin layer over the public API. User mistakes (bad input, unreadable files,
bad options) print one ``error: ...`` line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib import resources
from typing import NoReturn

import numpy as np

from . import __version__
from .boards import Board
from .bunny import GameRecord, RecordAnalysis, analyse_record
from .errors import MatchgameError
from .placement import PlacementAnalysis, analyse_placements

EXIT_USAGE = 2

EXAMPLES = {
    "jsoi": "the JSOI2009 sample (3x3 board)",
    "heart": "a heart-shaped board with holes (16x19)",
    "noi1": "NOI2011 sample 1 (Bunny-and-Egg record)",
    "noi2": "NOI2011 sample 2 (Bunny-and-Egg record)",
    "noi3": "NOI2011 sample 3 (Bunny-and-Egg record)",
}
BOARD_EXAMPLES = ("jsoi", "heart")
RECORD_EXAMPLES = ("noi1", "noi2", "noi3")


class UsageError(MatchgameError):
    """A problem with the command line or the files it names."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_input(path: str | None) -> bytes:
    """The bytes of ``path``; standard input for None or '-'."""
    if path is None or path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path!r}: {exc.strerror or exc}") from None


def example_text(name: str, choices: tuple[str, ...]) -> bytes:
    """The bundled example ``name``, one of ``choices``."""
    if name not in choices:
        raise UsageError(f"unknown example {name!r} (choose from {', '.join(choices)})")
    return resources.files("matchgame").joinpath("examples", f"{name}.txt").read_bytes()


def _cell_lines(cells: np.ndarray) -> bytes:
    from ._kernels.text import format_int_rows

    if cells.shape[0] == 0:
        return b""
    return format_int_rows(np.ascontiguousarray(cells, dtype=np.int64)).tobytes()


def format_placements(analysis: PlacementAnalysis, style: str) -> bytes:
    """The answer in one of the output formats (cells 1-based)."""
    cells = analysis.winning_cells_array() + 1
    if style == "jsoi":
        if cells.shape[0] == 0:
            return b"LOSE\n"
        return b"WIN\n" + _cell_lines(cells)
    if style == "loj":
        return f"{cells.shape[0]}\n".encode() + _cell_lines(cells)
    if style == "json":
        board = analysis.board
        document = {
            "rows": board.n_rows,
            "cols": board.n_cols,
            "free_cells": board.n_free,
            "matching_size": analysis.matching_size,
            "placer_wins": analysis.placer_wins,
            "winning_cells": cells.tolist(),
        }
        return (json.dumps(document) + "\n").encode()
    if style == "board":
        return _draw_board(analysis).encode()
    raise AssertionError(style)


def _draw_board(analysis: PlacementAnalysis) -> str:
    board = analysis.board
    chars = np.full(board.shape, ord("#"), dtype=np.uint8)
    chars[board.free] = ord(".")
    chars[analysis.winning_mask] = ord("W")
    body = "\n".join(bytes(row).decode() for row in chars)
    legend = "W placer wins  . placer loses  # blocked"
    verdict = (
        f"{int(analysis.winning_mask.sum())} winning placements"
        if analysis.placer_wins
        else "no winning placement: the placer loses"
    )
    return f"{body}\n{legend}; {verdict}\n"


def _cmd_placements(args: argparse.Namespace) -> bytes:
    data = example_text(args.example, BOARD_EXAMPLES) if args.example else read_input(args.file)
    board = Board.parse(data)
    return format_placements(analyse_placements(board), args.format)


def format_mistakes(analysis: RecordAnalysis, style: str) -> bytes:
    """The NOI2011 answer, or the whole annotated game as JSON (cells 1-based)."""
    if style == "noi":
        mistakes = analysis.mistakes("Bunny")
        return "".join(f"{x}\n" for x in [len(mistakes), *mistakes]).encode()
    record = analysis.record
    n_rows, n_cols = record.board.shape
    moves = [
        {
            "move": note.index + 1,
            "player": note.player,
            "number": note.number,
            "cell": [note.cell[0] + 1, note.cell[1] + 1],
            "winning_before": note.winning_before,
            "winning_after": note.winning_after,
            "mistake": note.mistake,
            "winning_move": None
            if note.winning_move is None
            else [note.winning_move[0] + 1, note.winning_move[1] + 1],
        }
        for note in analysis.annotations()
    ]
    document = {
        "rows": n_rows,
        "cols": n_cols,
        "rounds": record.n_rounds,
        "egg_won": analysis.ended,
        "bunny_mistakes": analysis.mistakes("Bunny"),
        "egg_mistakes": analysis.mistakes("Egg"),
        "moves": moves,
    }
    return (json.dumps(document) + "\n").encode()


def _cmd_mistakes(args: argparse.Namespace) -> bytes:
    data = example_text(args.example, RECORD_EXAMPLES) if args.example else read_input(args.file)
    analysis = analyse_record(GameRecord.parse(data))
    if not analysis.ended:
        print(
            "warning: the record does not end with Egg's win (Bunny can still move); "
            "every move is judged all the same",
            file=sys.stderr,
        )
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
        "'#', 'x', 'X' (blocked).",
    )
    placements.add_argument("file", nargs="?", help="board file ('-' or nothing: stdin)")
    placements.add_argument(
        "--format",
        choices=("jsoi", "loj", "json", "board"),
        default="jsoi",
        help="jsoi: WIN + cells or LOSE (default); loj: count + cells; json; board: a picture",
    )
    placements.add_argument(
        "--example",
        nargs="?",
        const="jsoi",
        metavar="NAME",
        help=f"run on a bundled example instead of FILE ({', '.join(BOARD_EXAMPLES)}; "
        "default jsoi)",
    )
    placements.set_defaults(handler=_cmd_placements)

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
        const="noi3",
        metavar="NAME",
        help=f"run on a bundled record ({', '.join(RECORD_EXAMPLES)}; default noi3)",
    )
    mistakes.set_defaults(handler=_cmd_mistakes)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "example", None) and getattr(args, "file", None):
            raise UsageError("give either FILE or --example, not both")
        output = args.handler(args)
    except MatchgameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.buffer.write(output)
    sys.stdout.flush()
    return 0
