"""``matchgame sweep``: the placement game on many graphs, one JSON line each, counts,
or the input lines of the graphs that meet a condition.

Input: graph6/sparse6 lines (``nauty-geng`` output) or JSON lines
``{"n": ..., "edges": [[u, v], ...]}`` (0-based ids; other fields are passed
through), from files or stdin; files in any format ``matchgame.read_graphs``
reads; or ``--geng ARGS``, where each task runs its own ``res/mod`` part of geng.

A bad line stops the sweep with one ``error: line N: ...`` on stderr and exit
status 2, after the answers of every graph before it were written (with
``--count`` nothing is written: counts of a part of the input would mislead).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import ExitStack, closing
from typing import Any

from ...errors import ParseError
from .games import add_game_options, chosen_game
from .output import (
    INPUT_FORMATS,
    Progress,
    UsageError,
    jobs_option,
    write_output,
)

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
        help="write counts: graphs, and histograms by vertices, edges, matching_size, "
        "placer_wins and winning_vertices (|D|); with --filter, of the graphs it keeps",
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
        "'matching_size>=4 and winning==n'; names: placer_wins, mover_wins, n, m, "
        "matching_size, winning (|D|), losing; ==, !=, <, <=, >, >=, and, or, not, ()",
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
        if args.parts is not None and args.parts < 1:
            raise UsageError(f"--parts must be at least 1, got {args.parts}")
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
    where = None
    if args.filter is not None:
        from ...sweep.filters import parse_condition

        where = parse_condition(args.filter, "--filter")
    lines = where is not None and not args.count
    game, options = chosen_game(args)
    missing = [name for name in ("matching_size",) if name not in game.sweep_values]
    if args.filter is not None and any(name in args.filter for name in missing):
        listed = ", ".join(game.sweep_values)
        raise UsageError(f"--filter: {game.title} has no {missing[0]} ({listed} ...)")
    return _sweep.Output(
        count=args.count,
        echo=args.echo,
        where=where,
        lines=lines,
        game=game.name,
        options=tuple(options.items()),
    )


def run_sweep(args: argparse.Namespace) -> int:
    """Run ``matchgame sweep``."""
    # imported here: the sweep's process pools and subprocesses would cost every other
    # command ~10 ms of start-up
    from ... import sweep as _sweep

    output = _output(args)
    _sweep.keep_heap()  # with --jobs 1 the tasks run in this process
    client = None
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
        progress = Progress(None, " graphs")
        stack.callback(progress.close)
        # closed on the way out: a sweep stopped by an error ends its tasks in flight
        results = stack.enter_context(
            closing(_sweep.run_tasks(_tasks(args, output, jobs), jobs=jobs, client=client))
        )
        error = _sweep.write_sweep(
            results, write_output, count=args.count, progress=progress.update
        )
    if error is not None:
        raise ParseError(error.replace("max_states = ", "--max-states "))
    return 0
