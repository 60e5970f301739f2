"""``matchgame sweep``: the placement game on many graphs, one JSON line each, or counts.

Input: graph6/sparse6 lines (``nauty-geng`` output) or JSON lines
``{"n": ..., "edges": [[u, v], ...]}`` (0-based ids), from files or stdin; or
``--geng ARGS``, where each task runs its own ``res/mod`` part of geng.

A bad line stops the sweep with one ``error: line N: ...`` on stderr and exit
status 2, after the answers of every graph before it were written (with
``--count`` nothing is written: counts of a part of the input would mislead).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from ...errors import ParseError
from .output import Progress, UsageError, jobs_option, write_output

__all__ = ["add_sweep_command", "run_sweep"]


def add_sweep_command(subcommands: Any) -> None:
    """Add ``sweep`` to the command line's subcommands."""
    command = subcommands.add_parser(
        "sweep",
        help="answer many graphs (graph6/sparse6 or JSON lines, e.g. nauty-geng output)",
        description="One JSON line per graph (the document of 'placements --edges --format "
        'json\' plus "index"), or with --count one JSON document of counts. Reads '
        'graph6/sparse6 lines or JSON lines {"n": N, "edges": [[u, v], ...]} (0-based).',
    )
    command.add_argument("files", nargs="*", metavar="FILE", help="inputs ('-' or nothing: stdin)")
    command.add_argument(
        "--count",
        action="store_true",
        help="write counts: graphs, and histograms by vertices, edges, matching_size, "
        "placer_wins and winning_vertices (|D|)",
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
        help="with --geng: split geng into M res/mod parts (default: 64, or 4 per job if more)",
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
    command.set_defaults(handler=run_sweep)


def _tasks(args: argparse.Namespace, jobs: int, stack: ExitStack) -> Iterator[Any]:
    from ... import sweep as _sweep

    if args.geng is not None:
        if args.files:
            raise UsageError("give either FILE or --geng, not both")
        geng = _sweep.Geng(args.geng, parts=args.parts)
        yield from _sweep.geng_tasks(geng, args.count, jobs)
        return
    if args.parts is not None:
        raise UsageError("--parts goes with --geng")
    for name in args.files or ["-"]:
        if args.dask is not None and name != "-":
            # on a cluster a file is one task, read where it runs (a shared file system)
            yield (_sweep.answer_file, os.path.abspath(name), args.count)
            continue
        if name == "-":
            stream = sys.stdin.buffer
        else:
            try:
                stream = stack.enter_context(open(name, "rb"))  # noqa: SIM115 (closed by stack)
            except OSError as problem:
                raise UsageError(f"cannot read {name}: {problem.strerror}") from None
        source = "<stdin>" if name == "-" else name
        yield from _sweep.stream_tasks(stream, args.count, source)


def run_sweep(args: argparse.Namespace) -> int:
    """Run ``matchgame sweep``."""
    # imported here: the sweep's process pools and subprocesses would cost every other
    # command ~10 ms of start-up
    from ... import sweep as _sweep

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
        results = _sweep.run_tasks(_tasks(args, jobs, stack), jobs=jobs, client=client)
        error = _sweep.write_sweep(
            results, write_output, count=args.count, progress=progress.update
        )
    if error is not None:
        raise ParseError(error)
    return 0
