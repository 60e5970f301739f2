"""``matchgame sweep``: the placement game on many graphs, one JSON line each, counts,
or the input lines of the graphs that meet a condition.

Input: graph6/sparse6 lines (``nauty-geng`` output) or JSON lines
``{"n": ..., "edges": [[u, v], ...]}`` (0-based ids; other fields are passed
through), from files or stdin; files in any format ``matchgame.read_graphs``
reads; or ``--geng ARGS``, where each task runs its own ``res/mod`` part of geng.

A bad line stops the sweep with one ``error: line N: ...`` on stderr and exit
status 2, after the answers of every graph before it were written (with
``--count`` nothing is written: counts of a part of the input would mislead).

Interrupted (INT or TERM), ``--count`` writes the counts so far with
``"partial": true``, then ends as interrupted (130; TERM: its own status). With
``--checkpoint FILE`` the sweep records its progress part by part
(``matchgame.sweep.checkpoint``); run again with the same arguments it goes on where
it stopped, lines to ``-o FILE`` cut back to what the checkpoint records whole.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, closing, contextmanager
from typing import TYPE_CHECKING, Any

from ...errors import ParseError
from .games import add_game_options, chosen_game
from .output import (
    INPUT_FORMATS,
    Progress,
    UsageError,
    jobs_option,
    print_error,
    write_output,
)
from .paths import check_output

if TYPE_CHECKING:
    from ...sweep.checkpoint import Checkpoint

__all__ = ["add_sweep_command", "run_sweep"]


def add_sweep_command(subcommands: Any) -> None:
    """Add ``sweep`` to the command line's subcommands."""
    command = subcommands.add_parser(
        "sweep",
        help="answer many graphs (graph6/sparse6 or JSON lines, e.g. nauty-geng output)",
        description="One JSON line per graph (the document of 'placements --edges --format "
        'json\' plus "index", its place in the input), or with --count one JSON document '
        "of counts, or with --filter the input lines of the graphs that meet a condition "
        "(as nauty's pickg). Reads graph6/sparse6 lines, JSON lines "
        '{"n": N, "edges": [[u, v], ...]} (0-based; other fields, such as an id, are '
        "passed through), or files in any graph format (see --input-format).",
    )
    command.add_argument("files", nargs="*", metavar="FILE", help="inputs ('-' or nothing: stdin)")
    command.add_argument(
        "--count",
        action="store_true",
        help="write counts: graphs, and histograms by vertices, edges, the game's own "
        f"values ({_own_values()}), placer_wins and winning_vertices (|D|); with --filter, "
        "of the graphs it keeps",
    )
    command.add_argument(
        "--echo",
        action="store_true",
        help='each JSON line also carries its graph\'s text: "graph6" ("sparse6" for a '
        "sparse6 line) as read, or the graph written as graph6 (always with --geng)",
    )
    command.add_argument(
        "--filter",
        metavar="CONDITION",
        help="write only the input lines of the graphs that meet CONDITION (graph6 for "
        "graphs from other formats), e.g. 'placer_wins', 'not mover_wins', "
        "'m>=4 and winning==n'; names: placer_wins, mover_wins, n, m, winning (|D|), "
        f"losing, and the game's own values ({_own_values()}); ==, !=, <, <=, >, >=, and, "
        "or, not, ()",
    )
    command.add_argument(
        "--input-format",
        choices=("json", *INPUT_FORMATS),
        default=None,
        help="the inputs' format: json (JSON lines), graph6, sparse6, or a graph format "
        "(one graph a file: mtx, metis, dimacs, snap, graphml, gml, edgelist); by default "
        "the first bytes and a file's extension tell, else graph6",
    )
    command.add_argument(
        "--jobs",
        type=jobs_option,
        default=None,
        metavar="N",
        help="worker processes (default, or 0: one per core; 1: no worker, all here)",
    )
    command.add_argument(
        "--geng",
        metavar="ARGS",
        help="run 'nauty-geng -q ARGS r/m' in parts instead of reading input, e.g. --geng 10",
    )
    command.add_argument(
        "--parts",
        type=int,
        default=None,
        metavar="M",
        help="with --geng: split geng into M res/mod parts (default: 64, or 4 per job if "
        'more); the order of the answers, and so "index", depends on M: "graph6" is the '
        "graph's stable id",
    )
    command.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the tasks on the Dask scheduler at ADDRESS (e.g. tcp://host:8786)",
    )
    command.add_argument(
        "--dask-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --dask: how long to wait for the scheduler to answer (default 5)",
    )
    command.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the answers (lines or counts) to FILE instead of standard output",
    )
    command.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record the sweep's progress in FILE as each part completes; run again with "
        "the same arguments and FILE, the sweep goes on where it stopped (JSON lines and "
        "--filter lines need -o FILE, which a resumed run cuts back to what FILE records; "
        "a FILE of another sweep is refused)",
    )
    add_game_options(
        command,
        lead="the game (documents are its placements answers; counts of a game with no "
        "matching leave matching sizes out; a graph past a search's budget ends the sweep "
        "as a bad line does)",
    )
    command.set_defaults(handler=run_sweep)


def _tasks(args: argparse.Namespace, output: Any, jobs: int) -> Iterator[Any]:
    from ... import sweep as _sweep

    if args.geng is not None:
        if args.files:
            raise UsageError("give either FILE or --geng, not both")
        if args.input_format is not None:
            raise UsageError("--input-format reads FILE, not --geng")
        if args.parts is not None:
            from ...sweep.sources import MAX_GENG_PARTS, most_geng_parts

            most = most_geng_parts(args.geng)
            if args.parts < 1:
                raise UsageError(f"--parts must be at least 1, got {args.parts}")
            if args.parts > most:
                raise UsageError(
                    f"--parts must be at most {most:,} for --geng {args.geng!r} (no more "
                    f"parts than graphs, {MAX_GENG_PARTS:,} at most), got {args.parts:,}"
                )
        geng = _sweep.Geng(args.geng, parts=args.parts)
        yield from _sweep.geng_tasks(geng, output, jobs)
        return
    if args.parts is not None:
        raise UsageError("--parts goes with --geng")
    for name in args.files or ["-"]:
        if name == "-":
            yield from _sweep.stream_tasks(
                sys.stdin.buffer, output, "<stdin>", format=args.input_format
            )
        else:
            # on a cluster a file is one task, read where it runs (a shared file system)
            whole = args.dask is not None
            yield from _sweep.file_tasks(name, output, whole=whole, format=args.input_format)


def _output(args: argparse.Namespace) -> Any:
    """What the tasks give back, from ``--count``, ``--echo`` and ``--filter``."""
    from ... import sweep as _sweep

    if args.echo and args.count:
        raise UsageError("--echo goes with the JSON lines, not --count")
    if args.echo and args.filter is not None:
        raise UsageError("--echo goes with the JSON lines; --filter writes the input lines")
    game, options = chosen_game(args)
    where = None
    if args.filter is not None:
        from ...sweep.filters import parse_condition

        where = parse_condition(args.filter, "--filter", game.sweep_values, game.title)
    lines = where is not None and not args.count
    return _sweep.Output(
        count=args.count,
        echo=args.echo,
        where=where,
        lines=lines,
        game=game.name,
        options=tuple(options.items()),
    )


def _started(tasks: Iterator[Any]) -> Iterator[Any]:
    """``tasks`` with the first one made already: the options it checks are checked
    before anything is written."""
    first = next(tasks, None)
    return itertools.chain([] if first is None else [first], tasks)


def _to_stdout(args: argparse.Namespace) -> bool:
    return args.output is None or args.output == "-"


def _check_files(args: argparse.Namespace) -> None:
    """Refuse, before anything is read, a checkpoint or output that cannot be written
    (a folder, a device, a missing folder: :func:`~.paths.check_output`), that is an
    input or the other one, and line output to standard output with a checkpoint."""
    if args.checkpoint is not None and not args.count and _to_stdout(args):
        raise UsageError(
            "--checkpoint with JSON lines or --filter lines needs -o FILE: output to "
            "standard output cannot be resumed (--count can)"
        )
    reads = [("an input", name) for name in args.files if name != "-"]
    for option, name in (
        ("--checkpoint", args.checkpoint),
        ("-o", None if _to_stdout(args) else args.output),
    ):
        if name is not None:
            check_output(option, name, reads=reads)
            reads.append((f"{option} {name!r}", name))


def _arguments(args: argparse.Namespace, output: Any, jobs: int) -> dict[str, Any]:
    """How the checkpoint names this sweep: what it reads, how it is cut, what it writes."""
    from ... import sweep as _sweep
    from ...sweep.checkpoint import file_entry, stream_entry

    if args.geng is not None:
        geng = _sweep.Geng(args.geng, parts=args.parts)
        source: dict[str, Any] = {"geng": geng.args, "parts": _sweep.geng_parts(geng, jobs)}
    else:
        stdin = getattr(sys.stdin, "buffer", None)
        names = args.files or ["-"]
        source = {
            "inputs": [stream_entry(stdin) if n == "-" else file_entry(n) for n in names],
            "split": "files" if args.dask is not None else "chunks",
            "input_format": args.input_format,
        }
    lines = not args.count
    return {
        "via": "matchgame sweep",
        **source,
        "chunk_bytes": _sweep.CHUNK_BYTES,
        "count": args.count,
        "echo": args.echo,
        "filter": args.filter,
        "game": output.game,
        "options": dict(output.options),
        "output": os.path.abspath(args.output) if lines else None,
    }


def _ledger(args: argparse.Namespace, output: Any, jobs: int) -> Checkpoint | None:
    """The sweep's checkpoint: in ``--checkpoint FILE``, or here only (``--count``: for
    the counts so far, should the sweep be interrupted), or None."""
    from ...sweep.checkpoint import Checkpoint

    if args.checkpoint is None:
        return Checkpoint(None, {}, count=True) if args.count else None
    arguments = _arguments(args, output, jobs)
    return Checkpoint.open(args.checkpoint, arguments, count=args.count, output=not args.count)


def _target(
    args: argparse.Namespace, ledger: Checkpoint | None, stack: ExitStack
) -> tuple[Callable[[bytes], None], Callable[[], int] | None]:
    """Where the answers go: ``write(data)``, and the length written (a file's)."""
    from ...sweep.checkpoint import open_output

    if _to_stdout(args):
        return write_output, None
    path = args.output
    length = None  # from scratch; resuming lines, after what the checkpoint holds whole
    if ledger is not None and ledger.resumed and not args.count:
        length = ledger.output_bytes
    file = stack.enter_context(open_output(path, length, ledger))

    def write(data: bytes) -> None:
        try:
            if ledger is not None:
                ledger.wrote(data)
            file.write(data)
            file.flush()
        except OSError as exc:
            raise UsageError(f"cannot write {path!r}: {exc.strerror or exc}") from None

    return write, file.tell


def run_sweep(args: argparse.Namespace) -> int:
    """Run ``matchgame sweep``."""
    # imported here: the sweep's process pools and subprocesses would cost every other
    # command ~10 ms of start-up
    from ... import sweep as _sweep

    output = _output(args)
    _check_files(args)
    _sweep.keep_heap()  # with --jobs 1 the tasks run in this process
    client = None
    ledger: Checkpoint | None = None
    caught: list[int] = []
    whole = False
    try:
        with ExitStack() as stack:
            if args.dask is not None:
                timeout = _sweep.DASK_TIMEOUT if args.dask_timeout is None else args.dask_timeout
                if not 0 < timeout <= 3600:
                    raise UsageError(f"--dask-timeout must be 0 to 3600 seconds, got {timeout:g}")
                client = stack.enter_context(_sweep.connect_dask(args.dask, timeout))
            elif args.dask_timeout is not None:
                raise UsageError("--dask-timeout goes with --dask")
            jobs = args.jobs or _sweep.default_jobs()
            if client is not None:  # the parts of geng go by the cluster's workers
                jobs = max(1, len(client.scheduler_info().get("workers", {})))
            tasks = _started(_tasks(args, output, jobs))
            ledger = _ledger(args, output, jobs)
            write, written = _target(args, ledger, stack)
            progress = Progress(None, " graphs")
            stack.callback(progress.close)
            early = None
            if ledger is not None:
                tasks = ledger.pending(tasks)
                early = ledger.early if args.count else None
                if progress.update is not None and ledger.graphs:
                    progress.update(ledger.graphs)
            if args.count:  # an interrupted count says the counts so far
                caught = stack.enter_context(_interrupts())
            # closed on the way out: a sweep stopped by an error ends its tasks in flight
            results = stack.enter_context(
                closing(_sweep.run_tasks(tasks, jobs=jobs, client=client, early=early))
            )
            error = _sweep.write_sweep(
                _watched(results, caught),
                write,
                count=args.count,
                progress=progress.update,
                checkpoint=ledger,
                written=written,
            )
            whole = True  # a signal from now on comes after the whole answer
    except BaseException as problem:
        signum = _signal_of(problem, caught)
        if signum is None or ledger is None or not args.count or whole:
            raise
        return _interrupted(args, ledger, signum)
    if error is not None:
        raise ParseError(error.replace("max_states = ", "--max-states "))
    return 0


# -- an interrupted --count -------------------------------------------------------------


class _Interrupted(KeyboardInterrupt):
    """TERM or INT reached a counting sweep."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _at_once(signum: int) -> None:
    """Let ``signum`` end the process at once: INT as the command line's Ctrl-C does
    (``interrupted``, status 130, even inside a kernel), TERM by its default action."""
    if signum == signal.SIGINT:
        try:
            from ..._kernels._signals import exit_on_interrupt
        except ImportError:  # built without the compiled helper
            signal.signal(signum, signal.default_int_handler)
        else:
            exit_on_interrupt(b"interrupted\n", 128 + signum)
    else:
        signal.signal(signum, signal.SIG_DFL)


@contextmanager
def _interrupts() -> Iterator[list[int]]:
    """Have the first TERM or INT raise :class:`_Interrupted` here (the list yielded
    gets its number); a second one ends the process at once. Only in the main thread,
    where Python runs its handlers."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    signals = (signal.SIGINT, signal.SIGTERM)
    previous = {signum: signal.getsignal(signum) for signum in signals}

    def interrupt(signum: int, frame: object) -> None:
        caught.append(signum)
        for each in signals:
            _at_once(each)
        raise _Interrupted(signum)

    def unraisable(report: Any) -> None:  # an _Interrupted lost is seen by _watched
        if not isinstance(report.exc_value, _Interrupted):
            hook(report)

    hook = sys.unraisablehook
    sys.unraisablehook = unraisable
    for signum in signals:
        signal.signal(signum, interrupt)
    try:
        yield caught
    finally:
        sys.unraisablehook = hook
        for signum, handler in previous.items():
            if handler is None:  # a handler set outside Python: the command line's Ctrl-C
                _at_once(signum)
            else:
                signal.signal(signum, handler)


def _signal_of(problem: BaseException, caught: list[int]) -> int | None:
    """The signal that ended a sweep with ``problem``, if one did."""
    if isinstance(problem, _Interrupted):
        return problem.signum
    if isinstance(problem, KeyboardInterrupt):
        return signal.SIGINT
    if caught and isinstance(problem, Exception):
        return caught[0]  # a worker ended by the same Ctrl-C, its end seen first
    return None


def _watched(results: Iterator[Any], caught: list[int]) -> Iterator[Any]:
    """``results``, stopped by a TERM or INT whose :class:`_Interrupted` was lost (raised
    where Python only reports an exception: a callback run at a fork, a finaliser)."""
    for result in results:
        if caught:
            raise _Interrupted(caught[0])
        yield result


def _interrupted(args: argparse.Namespace, ledger: Checkpoint, signum: int) -> int:
    """Write the counts so far, marked partial, after the workers are gone and the
    checkpoint is up to date; then end as interrupted (INT: status 130; TERM: the
    signal's own)."""
    ledger.save()
    partial = {"partial": True, **ledger.total().to_document()}
    text = json.dumps(partial, separators=(",", ":")).encode() + b"\n"
    if _to_stdout(args):
        write_output(text)
    else:
        with open(args.output, "wb") as file:  # opened (so writable) when the sweep began
            file.write(text)
    if signum == signal.SIGTERM:
        print_error("interrupted")
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)  # its default action now: status 143
        return 128 + signum
    raise KeyboardInterrupt  # said and given status 130 by the command line's main


def _own_values() -> str:
    """The values games add to a sweep's (``matching_size: --game vertex``), for help."""
    from ...games.batches import BASE_VALUES
    from ...games.contract import all_games

    own = [
        f"{value}: --game {game.name}"
        for game in all_games()
        for value in game.sweep_values
        if value not in BASE_VALUES
    ]
    return "; ".join(own) or "none"
