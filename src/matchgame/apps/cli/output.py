"""What every command shares: its input (a FILE, standard input or a bundled
example), its output (standard output, flushed, a closed one reported), and the
errors that end it."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ...core._text import HEAD_BYTES
from ...errors import BudgetExceededError, MatchgameError, UnreadableInput
from ...examples import EXAMPLES, names_of_kind
from ...examples import example as bundled
from ...inputs import input_kind as recognised_kind
from ...readers.inputs import GRAPH_KINDS, KINDS, read_file, read_stream

if TYPE_CHECKING:
    from ...core.names import VertexNames

__all__ = [
    "INPUT_FORMATS",
    "OutputClosed",
    "UsageError",
    "VerifyFailed",
    "budget_text",
    "discard_stdout",
    "error_text",
    "indent_option",
    "input_bytes",
    "input_kind",
    "jobs_option",
    "json_for_people",
    "print_error",
    "read_path",
    "write_chunks",
    "write_output",
]

# the kind of example each kind of input can be given by
_EXAMPLE_KINDS = {
    "board": ("board",),
    "edges": ("edges",),
    "noi": ("noi",),
    "walk-board": ("walk-board",),
    "walk-edges": ("walk-edges",),
    # a record whose token never comes back is one of a game whose token may
    "trail-board": ("walk-board",),
    "trail-edges": ("walk-edges",),
    # a graph file's example is read in its format (c5: Matrix Market)
    **{kind: (kind,) for kind in GRAPH_KINDS},
}


class UsageError(MatchgameError):
    """A problem with the command line or the files it names."""


class VerifyFailed(Exception):
    """Raised by verify with the report to print; exit status 1."""


class OutputClosed(Exception):
    """Standard output was closed by its reader (``matchgame ... | head``): the run
    ends quietly, as Unix tools do."""


# the command that reads each kind of input, for "you gave X to the wrong command"
_COMMAND_FOR = {
    "board": "matchgame placements",
    "edges": "matchgame placements --edges",
    "noi": "matchgame mistakes",
    "walk-board": "matchgame annotate",
    "walk-edges": "matchgame annotate --edges",
    "edgelist": "--input-format edgelist",
    **{name: f"--input-format {name}" for name in GRAPH_KINDS},
    "sweep": "matchgame sweep, which answers every graph",
}


def error_text(exc: MatchgameError) -> str:
    """The one-line message of a user's mistake; for an input of another kind than
    the command reads, which command reads it."""
    text = str(exc)
    if isinstance(exc, BudgetExceededError):  # the API's argument is the option here
        text = budget_text(text)
    other = getattr(exc, "other_kind", None)
    commands = [
        _COMMAND_FOR[kind]
        for kind in getattr(exc, "other_kinds", ()) or (other,)
        if kind in _COMMAND_FOR
    ]
    if commands:
        text += f" (for those: {'; '.join(commands)})"
    return text


def budget_text(text: str) -> str:
    """A budget's refusal as the command line spells its options (``max_states = 10``
    is ``--max-states 10`` here)."""
    from ...games.contract import all_games

    for option in {option for game in all_games() for option in game.options}:
        text = text.replace(f"{option.name} = ", f"{option.flag} ")
    return text


def jobs_option(text: str) -> int:
    """``--jobs N`` of every command (an argparse type): N worker processes, 0 for as
    many as the cores (as leaving the option out); negative or not a number is refused."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = -1
    if jobs < 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of processes (0: one per core), got {text!r}"
        )
    return jobs


Warn = Callable[[str], None]
"""What a command calls with a warning for standard error."""


def placement_kind(args: argparse.Namespace) -> str:
    """``board``, ``edges`` or a standard graph format (``--input-format``, or guessed
    from FILE), refusing ``--moves`` on a graph."""
    kind = input_kind(args, "edges" if args.edges else "board")
    if kind != "board" and getattr(args, "moves", "orthogonal") != "orthogonal":
        raise UsageError("--moves goes with a board, not an edge list")
    return kind


MAX_INDENT = 16


def indent_option(text: str) -> int:
    """``--indent N`` of every JSON-writing command (an argparse type): 0 to
    :data:`MAX_INDENT` spaces."""
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_INDENT:
        raise argparse.ArgumentTypeError(
            f"expected a number of spaces from 0 to {MAX_INDENT}, got {text!r}"
        )
    return int(text)


def explained_vertices(args: argparse.Namespace, names: VertexNames, items: list[str]) -> list[int]:
    """explain's placements: ``items`` cut into one vertex's words each (``ROW COL``
    on a board, one name on a graph), read as ``names`` reads them; ``-o`` draws one."""
    width = names.width
    if len(items) % width or not items:
        raise UsageError(
            f"explain: the cells come as ROW COL pairs, got {len(items)} number"
            f"{'' if len(items) == 1 else 's'} after FILE"
        )
    groups = [" ".join(items[i : i + width]) for i in range(0, len(items), width)]
    if args.output is not None and len(groups) > 1:
        raise UsageError(f"-o draws one explanation; {len(groups)} placements were given")
    try:
        return [names.parse(text, "the placement") for text in groups]
    except MatchgameError as exc:
        raise UsageError(str(exc)) from None


def read_path(
    path: str | None,
    kind: str | tuple[str, ...] | None = None,
    *,
    limit: int | None = None,
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """The bytes of ``path``, standard input for None or '-', bounded by ``kind``'s
    header (see :func:`matchgame.readers.inputs.read_stream`) or by ``limit``."""
    if path is None or path == "-":
        stdin = sys.stdin
        if stdin is None:
            raise UsageError("standard input is closed: give a FILE")
        if stdin.isatty():
            what = KINDS[kind].description if isinstance(kind, str) else "the input"
            print(f"reading {what} from standard input (end it with Ctrl-D)...", file=sys.stderr)
        return read_stream(stdin.buffer, kind, limit=limit, too_long=too_long)
    return read_file(path, kind, limit=limit, too_long=too_long)


INPUT_FORMATS = ("edgelist", *GRAPH_KINDS)
"""What ``--input-format`` takes: matchgame's edge list or a standard graph format."""


def input_kind(args: argparse.Namespace, kind: str) -> str:
    """The kind to read ``args.file`` as, where ``kind`` is ``board`` or ``edges``
    (``--edges``), recognised as every face recognises an input
    (:func:`matchgame.inputs.input_kind`): the graph format ``--input-format``
    names; else the one the file's extension names (``.mtx``, ``.graph`` ...);
    else with ``--edges`` the one its text shows (``%%MatrixMarket``, ``p edge``,
    ``graph [``, ``#`` ...: ``graph`` on standard input, told when it is read);
    else ``kind`` itself. A bundled example is read in its own format. Other kinds
    (records) are returned as they are."""
    if kind not in ("board", "edges") or not hasattr(args, "input_format"):
        return kind
    example = getattr(args, "example", None) is not None
    chosen = args.input_format
    if chosen is not None and chosen != "edgelist" and example:
        raise UsageError(f"--input-format {chosen} reads FILE, not a bundled example")
    if example and chosen is None:  # a graph file's example is in its format
        info = EXAMPLES.get(args.example)
        return info.kind if info is not None and info.kind in GRAPH_KINDS else kind
    path = getattr(args, "file", None)
    if example or path is None or path == "-":
        # standard input cannot be read twice: with --edges its head is read for the
        # format when the whole of it is read ("graph")
        return recognised_kind(kind == "edges", format=chosen)
    return recognised_kind(kind == "edges", format=chosen, name=path, head=lambda: _head(path))


def _head(path: str) -> bytes:
    """The first bytes of the file ``path``, which tell its format."""
    try:
        with open(path, "rb") as handle:
            return handle.read(HEAD_BYTES)
    except OSError as exc:
        raise UnreadableInput(f"cannot read {path!r}: {exc.strerror or exc}") from None


def input_bytes(args: argparse.Namespace, kind: str | None, *, game: Any = None) -> bytes:
    """The input named on the command line: ``--example [NAME]`` (default: the first
    example of the kind) or FILE / standard input, read as ``kind``; None: any kind
    :func:`~matchgame.inputs.sniff_input` tries for ``game`` (``--edges`` says which)."""
    from ...inputs import sniffed_kinds

    edges = bool(getattr(args, "edges", False))
    kinds = sniffed_kinds(edges, game) if kind is None else (kind,)
    example = getattr(args, "example", None)
    if example is not None:
        examples = tuple(k for each in kinds for k in _EXAMPLE_KINDS[each])
        return bundled(example or names_of_kind(*examples)[0], examples).text.encode("ascii")
    return read_path(args.file, kind if kind is not None else kinds)


def json_for_people(args: argparse.Namespace, pieces: Iterable[bytes]) -> Iterable[bytes]:
    """A command's answer as written: JSON compact, one document a line, on every
    command; with ``--indent N`` (and ``--format json``) each document re-written
    indented by N spaces, for people to read (a certificate's lists become long)."""
    indent = getattr(args, "indent", None)
    if indent is None or getattr(args, "format", None) != "json":
        return pieces
    lines = b"".join(pieces).splitlines()
    return [
        (json.dumps(json.loads(line), indent=indent) + "\n").encode()
        for line in lines
        if line.strip()
    ]


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
    except BrokenPipeError:
        discard_stdout()
        raise OutputClosed from None
    except OSError as exc:
        discard_stdout()
        raise UsageError(f"cannot write output: {exc.strerror or exc}") from None


def discard_stdout() -> None:
    """Point the process's standard output at the null device, so that the
    interpreter's last flush at exit cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests) or nothing to redirect


def print_error(message: str) -> None:
    """One line on standard error; with stderr closed there is nowhere left to say
    it (the exit status still does)."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        print(message, file=sys.stderr)


class Progress:
    """A progress bar with rate and time left (tqdm, the optional extra ``progress``) on
    standard error when it is a terminal; silent otherwise (pipes and logs stay clean).

    Lines said while the bar runs go through :meth:`say`, above the bar.
    """

    def __init__(self, total: int | None, unit: str) -> None:
        self._bar: Any = None
        if not sys.stderr.isatty():
            return
        try:
            from tqdm import tqdm
        except ImportError:  # the extra is not installed: no bar, nothing else changes
            return
        try:
            size = os.get_terminal_size(sys.stderr.fileno())
        except OSError:
            size = os.terminal_size((0, 0))
        # a terminal that reports no size (a fresh pty, `script`) would hide the bar
        self._bar = tqdm(
            total=total,
            unit=unit,
            unit_scale=total is None,
            file=sys.stderr,
            ncols=size.columns or 80,
            nrows=size.lines or 24,
        )

    @property
    def update(self) -> Callable[[int], object] | None:
        """The bar's ``update(n)``, or None without a bar."""
        return None if self._bar is None else self._bar.update

    def say(self, message: str) -> None:
        if self._bar is None:
            print_error(message)
        else:
            self._bar.write(message, file=sys.stderr)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
