"""Command-line front end: ``matchgame <command> ...``.

A thin layer over the public API: :mod:`.parser` reads the command line,
:mod:`.commands` (and :mod:`.serve`) run it, :mod:`.output` holds what they
share. User mistakes (bad input, unreadable files, bad options) print one
``error: ...`` line on stderr and exit with status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ...errors import MatchgameError
from ...examples import EXAMPLES
from . import _blas  # noqa: F401  (before .output, which loads numpy)
from .output import (
    OutputClosed,
    UsageError,
    VerifyFailed,
    discard_stdout,
    error_text,
    print_error,
    write_output,
)
from .parser import build_parser

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_OUTPUT_CLOSED",
    "EXIT_USAGE",
    "EXIT_VERIFY_FAILED",
    "main",
    "run",
]

EXIT_OK = 0
EXIT_VERIFY_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
EXIT_OUTPUT_CLOSED = 141  # 128 + SIGPIPE: what a Unix tool piped into head ends with


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 an answer, 1 ``verify`` found the certificate wrong, 2 bad input or usage
    (one ``error:`` line on stderr, nothing on stdout), 130 interrupted.
    """
    try:
        return _run(sys.argv[1:] if argv is None else list(argv))
    except KeyboardInterrupt:
        print_error("interrupted")
        return EXIT_INTERRUPTED


def _run(argv: list[str]) -> int:
    parser = build_parser()
    if not argv:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        args = parser.parse_args(argv)
        if getattr(args, "example", None) is not None and (
            getattr(args, "file", None) or getattr(args, "files", None)
        ):
            raise UsageError("give either FILE or --example, not both")
        if getattr(args, "indent", None) is not None and args.format != "json":
            raise UsageError("--indent goes with --format json")
        if getattr(args, "input_format", None) is not None:
            args.edges = True  # a graph format names a graph
        if hasattr(args, "moves") and args.moves is None:
            example = EXAMPLES.get(getattr(args, "example", None) or "")
            args.moves = example.moves if example is not None else "orthogonal"
        status: int = args.handler(args)
    except MatchgameError as exc:
        print_error(f"error: {error_text(exc)}")
        return EXIT_USAGE
    except MemoryError:
        # the estimates made before allocating (see readers._memory) missed
        discard_stdout()
        print_error("error: out of memory: the input needs more memory than this process may use")
        return EXIT_USAGE
    except OutputClosed:
        return EXIT_OUTPUT_CLOSED
    except VerifyFailed as exc:
        try:
            write_output(str(exc).encode())
        except OutputClosed:
            return EXIT_OUTPUT_CLOSED
        except UsageError as write_error:
            print_error(f"error: {write_error}")
            return EXIT_USAGE
        return EXIT_VERIFY_FAILED
    return status


def run() -> None:
    """The ``matchgame`` program: :func:`main` with the process's arguments, then exit.

    Ctrl-C ends the program at once with status 130, also inside a long kernel
    (where Python's own handler would wait for the kernel to return).
    """
    try:
        from ..._kernels._signals import exit_on_interrupt
    except ImportError:  # built without the compiled helper: KeyboardInterrupt still works
        pass
    else:
        exit_on_interrupt(b"interrupted\n", EXIT_INTERRUPTED)
    sys.exit(main())
