"""The command line's grammar: commands, arguments, help texts (argparse)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from ... import __version__
from ...examples import EXAMPLES, names_of_kind
from ...games.contract import DEFAULT, all_games
from . import commands
from .commands import PICTURES
from .contest import add_contest_commands
from .games import add_game_options
from .options import (
    add_indent,
    add_input_format,
    add_many,
    add_moves,
    add_picture_options,
)
from .output import UsageError
from .serve import serve
from .sweep import add_sweep_command

__all__ = ["build_parser"]

BOARD_EXAMPLES = names_of_kind("board")
EDGE_EXAMPLES = names_of_kind("edges")
RECORD_EXAMPLES = names_of_kind("noi")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="matchgame",
        description=_description(),
        epilog="Exit status: 0 an answer; 1 verify, stress or validate found something "
        "wrong (what, on standard output); 2 bad input or usage (one 'error:' line on "
        "standard error, nothing on standard output); 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"matchgame {__version__}")
    subcommands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    placements = subcommands.add_parser(
        "placements",
        help="where can the first player place the token and win (JSOI2009 / LOJ 6033)",
        description="Winning placements on a board: 'N M' then N rows of '.' (free) and "
        "'#', 'x', 'X' (blocked); or, with --edges, on any graph.",
    )
    placements.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="board files ('-' or nothing: stdin); several: see --out-dir",
    )
    placements.add_argument(
        "--format",
        choices=("jsoi", "loj", "json", "board"),
        default="jsoi",
        help="jsoi: WIN + cells or LOSE (default); loj: count + cells; json; board: a picture",
    )
    add_indent(placements)
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
    add_moves(placements)
    add_input_format(placements)
    add_many(placements)
    add_game_options(placements)
    placements.set_defaults(handler=commands.placements)

    placements.add_argument(
        "--certificate",
        action="store_true",
        help="with --format json: add a proof of every verdict (check it with 'verify')",
    )
    placements.add_argument(
        "--graph-out",
        metavar="FILE",
        help="also write the graph with every vertex's verdict to FILE (one input), the "
        "format told by its suffix: .graphml or .gml, node attributes placer_wins and the "
        "game's own (the vertex game's Gallai-Edmonds class gallai_edmonds, the edge "
        "game's role, the directed game's method), a GraphML or GML input's own node "
        "attributes kept (needs NetworkX); .csv, one row a vertex",
    )

    verify = subcommands.add_parser(
        "verify",
        help="check a certificate made by 'placements --format json --certificate'",
        description="Check a certificate against its input: prints 'ok' (exit 0) or what "
        "is wrong (exit 1); an input or answer that cannot be read is one 'error:' line on "
        "standard error (exit 2, bad input or usage). The check uses no matching algorithm.",
    )
    verify.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="FILE ANSWER: the board or edge list, then the JSON answer holding the "
        "certificate; with --answers: the inputs only",
    )
    verify.add_argument("--edges", action="store_true", help="FILE is an edge list")
    add_moves(verify)
    add_input_format(verify)
    verify.add_argument(
        "--answers",
        metavar="DIR",
        help="check many inputs: each input's answer is in DIR, named as placements "
        "--out-dir names it (the input's name, its extension replaced by --suffix)",
    )
    add_many(verify, out_dir=False)
    add_game_options(
        verify,
        default=None,
        lead="the game the certificate must be for (default: the game the certificate "
        "names; a certificate for another game is refused)",
    )
    verify.set_defaults(handler=commands.verify)

    render_cmd = subcommands.add_parser(
        "render",
        help="draw a board or graph (who wins where), a Bunny-and-Egg record or a token-game "
        "record as SVG or PNG",
        description="Draw a placement board or graph coloured by outcome, a NOI2011 record "
        "with the empty cell's path and the mistakes, or a token-game record with its moves "
        "and mistakes. PNG needs Pillow (pip install Pillow; "
        "in a clone: pip install '.[png]').",
    )
    render_cmd.add_argument("file", nargs="?", help="input file ('-' or nothing: stdin)")
    render_cmd.add_argument(
        "-o", "--output", required=True, metavar="OUT.svg|OUT.png", help="OUT.svg or OUT.png"
    )
    render_cmd.add_argument(
        "--picture",
        choices=PICTURES,
        default=None,
        help="what FILE holds: a board or graph (placement), a NOI2011 record (bunny), a "
        "token-game record (walk); by default whichever reading fits",
    )
    add_game_options(
        render_cmd,
        default=None,
        lead="the token game (--game placement|bunny|walk is the old spelling of --picture)",
        hidden=PICTURES,
    )
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
        help="size on screen relative to the drawing's pixels, 0.1 to 10 (default: small "
        "pictures enlarged to about 560 pixels wide, at most 3x; 1 with --size)",
    )
    add_picture_options(render_cmd)
    add_moves(render_cmd)
    add_input_format(render_cmd)
    render_cmd.set_defaults(handler=commands.render)

    play_cmd = subcommands.add_parser(
        "play",
        help="play any game (--game) on a board or graph, or Bunny and Egg, against the engine",
        description="Play against the engine. On a terminal: the board after every move, "
        "moves as 'ROW COL', 'hint', 'undo', 'quit'. Otherwise a line protocol: the engine "
        "writes 'engine: ROW COL', reads your moves as 'ROW COL' lines, and ends with "
        "'winner: you' or 'winner: engine'; a line may also be 'hint' (answered 'hint: ROW "
        "COL ...'), 'undo' (your last move and the engine's reply taken back: 'undone: ...') "
        "or 'quit' (you resign: 'winner: engine'). Exit status 0 when the game ends, 2 for "
        "bad input (with --strict, an illegal or unreadable move too).",
    )
    play_cmd.add_argument(
        "file", nargs="?", help="a board or a graph, or a NOI2011 record (the vertex game)"
    )
    add_game_options(
        play_cmd,
        lead="the game (a NOI2011 Bunny-and-Egg record is played as the vertex game, the "
        "empty cell's walk)",
    )
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
        f"{', '.join(EDGE_EXAMPLES)}; NOI2011 records {', '.join(RECORD_EXAMPLES)} "
        "(bunny: a start with no moves yet)",
    )
    play_cmd.add_argument(
        "--edges", action="store_true", help="play on a graph (moves are vertex numbers)"
    )
    add_moves(play_cmd)
    add_input_format(play_cmd)
    play_cmd.add_argument(
        "--strict",
        action="store_true",
        help="moves from a pipe or file (not a terminal): an illegal or unreadable move "
        "ends the game with an error and exit status 2, for scripts (default: the move is "
        "reported on standard error as a warning and the next line is read instead)",
    )
    play_cmd.set_defaults(handler=commands.play)

    annotate_cmd = subcommands.add_parser(
        "annotate",
        help="judge every move of a token-game record on any board or graph",
        description="Read a board (or, with --edges, an edge list), then a line t and t moves "
        "('ROW COL' or a vertex number; the first places the token, then the players "
        "alternate) and judge every move: who could force a win before and after it, the "
        "mistakes, and a better move.",
    )
    annotate_cmd.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="record files ('-' or nothing: stdin); several: see --out-dir",
    )
    annotate_cmd.add_argument("--edges", action="store_true", help="the game is on an edge list")
    annotate_cmd.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    add_indent(annotate_cmd)
    annotate_cmd.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"run on a bundled record ({', '.join(names_of_kind('walk-board'))})",
    )
    add_moves(annotate_cmd)
    add_many(annotate_cmd)
    add_game_options(annotate_cmd)
    annotate_cmd.set_defaults(handler=commands.annotate)

    explain_cmd = subcommands.add_parser(
        "explain",
        # written out: argparse would repeat FILE for every cell ("FILE ROW COL [FILE ...")
        usage="%(prog)s [options] FILE ROW COL [ROW COL ...]\n"
        "       %(prog)s [options] --edges FILE VERTEX [VERTEX ...]\n"
        "       %(prog)s [options] --example [NAME] ROW COL [ROW COL ...]",
        help="why placing the token on a cell (or vertex) wins or loses, in words and drawn",
        description="Explain placements, as a teacher would: when the placer wins, the "
        "alternating path to a free vertex that shows some maximum matching misses the "
        "cell, and the answer to each first move of the opponent; when the placer loses, "
        "the opponent's winning move, the cell's partner in every maximum matching. "
        "Several cells of one file: one explanation each, in the order given.",
    )
    explain_cmd.add_argument(
        "items",
        nargs="+",
        metavar="FILE ROW COL",
        help="the board (or a graph: --edges, --input-format; '-': stdin), then one or more "
        "cells as ROW COL, or vertices as the file names them (a number, a SNAP id, a "
        "GraphML or GML node); with --example only the cells",
    )
    explain_cmd.add_argument("--edges", action="store_true", help="FILE is an edge list")
    explain_cmd.add_argument(
        "--example", nargs="?", const="", metavar="NAME", help="explain on a bundled example"
    )
    explain_cmd.add_argument(
        "-o", "--output", metavar="OUT", help="also draw the explanation to OUT.svg or OUT.png"
    )
    add_picture_options(explain_cmd)
    explain_cmd.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    add_indent(explain_cmd)
    add_moves(explain_cmd)
    add_input_format(explain_cmd)
    add_game_options(explain_cmd)
    explain_cmd.set_defaults(handler=commands.explain)

    serve_cmd = subcommands.add_parser(
        "serve",
        help="explore boards and graphs in a browser (local web app; needs the web extra)",
        description="Start a local web app: explore who wins where on a board or graph "
        "(click cells to block them), play against the engine, step through records; the "
        "JSON API under /api returns the command line's documents.",
    )
    serve_cmd.add_argument(
        "file",
        nargs="?",
        help="open the page on this board, record, edge list or graph in a standard format",
    )
    serve_cmd.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"open the page on a bundled example ({', '.join(EXAMPLES)}; default heart)",
    )
    serve_cmd.add_argument("--edges", action="store_true", help="FILE is an edge list")
    add_moves(serve_cmd)
    add_input_format(serve_cmd)
    add_game_options(serve_cmd, lead="the game the page opens on (the page has a switch)")
    serve_cmd.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; any other "
        "address needs --allow-remote)",
    )
    serve_cmd.add_argument(
        "--allow-remote",
        action="store_true",
        help="listen on a network address; every request then needs the token printed at launch",
    )
    serve_cmd.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests that call the server NAME (e.g. a proxy's name); repeatable",
    )
    serve_cmd.add_argument(
        "--max-analyses",
        type=int,
        default=None,
        metavar="N",
        help="big analyses running at once (default: the cores); more wait in a queue",
    )
    serve_cmd.add_argument(
        "--queue",
        type=int,
        default=None,
        metavar="N",
        help="big analyses waiting at most (default: as many as run); beyond it: 503",
    )
    serve_cmd.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="an analysis running longer is stopped with 503 (default 60)",
    )
    serve_cmd.add_argument(
        "--read-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="a client has this long for a request's headers and for each piece of its body; "
        "a connection that takes longer is closed (default 10)",
    )
    serve_cmd.add_argument(
        "--max-connections",
        type=int,
        default=None,
        metavar="N",
        help="open connections at most (default 1000, and below the file limit, ulimit -n); "
        "at the cap the one waiting longest for a request is closed to let a new one in",
    )
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--open", action="store_true", help="open a browser on the page")
    serve_cmd.add_argument(
        "--max-body",
        type=int,
        default=16 << 20,
        metavar="BYTES",
        help="largest request body in bytes (413 above)",
    )
    serve_cmd.set_defaults(handler=serve)

    mistakes = subcommands.add_parser(
        "mistakes",
        help="Bunny's mistakes in a Bunny-and-Egg game record (NOI2011)",
        description="Judge every move of a NOI2011 record: 'n m', n rows of 'O', 'X' and one "
        "'.', then k and 2k moves 'x y' (Bunny first).",
    )
    mistakes.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="record files ('-' or nothing: stdin); several: see --out-dir",
    )
    mistakes.add_argument(
        "--format",
        choices=("noi", "json"),
        default="noi",
        help="noi: the number of Bunny's mistakes, then their move numbers (default); "
        "json: every move of both players annotated",
    )
    add_indent(mistakes)
    mistakes.add_argument(
        "--example",
        nargs="?",
        const="",
        metavar="NAME",
        help=f"run on a bundled record ({', '.join(RECORD_EXAMPLES)}; default noi3)",
    )
    add_many(mistakes)
    add_game_options(
        mistakes,
        lead="NOI2011 is the vertex game (a piece never slides back into a cell it left); "
        "another game is refused",
    )
    mistakes.set_defaults(handler=commands.mistakes)

    example_cmd = subcommands.add_parser(
        "example",
        help="print a bundled example (a board, a graph file, a record) to try the commands on",
        description="Print a bundled example's text, to save as a file and give to the "
        "other commands: 'matchgame example jsoi > board.txt', then 'matchgame placements "
        "board.txt'. In Python: matchgame.examples.load(NAME) reads it, "
        "matchgame.examples.text(NAME) gives its text.",
    )
    example_cmd.add_argument(
        "name",
        nargs="?",
        metavar="NAME",
        help=f"the example: {', '.join(EXAMPLES)}",
    )
    example_cmd.add_argument(
        "--list",
        action="store_true",
        help="list the examples, each with what it is and a line saying what it shows",
    )
    example_cmd.add_argument(
        "-o", "--output", metavar="FILE", help="write the example to FILE, not to standard output"
    )
    example_cmd.set_defaults(handler=commands.example)

    # matchgame sweep: many graphs at once (its arguments live in apps/cli/sweep.py)
    add_sweep_command(subcommands)
    add_contest_commands(subcommands)  # stress, generate, validate, strength
    return parser


def _description() -> str:
    """What matchgame solves: every game of the registry, by name, with its rule."""
    games = "; ".join(f"{g.name} ({g.title}): {g.rule}" for g in all_games())
    return (
        "Solve token games on graphs exactly, on boards and any graph: a token sits on a "
        "vertex, the players move it in turn, and who cannot move loses. The games "
        f"(--game NAME on every command, {DEFAULT} by default): {games}. Try them on a "
        "bundled example: "
        "matchgame example --list."
    )
