"""The contest toolkit's commands: ``stress``, ``generate``, ``validate``, ``strength``.

Their arguments and their functions; :mod:`matchgame.contest` does the work. A
program under test runs isolated as a judge isolates it (:mod:`matchgame.contest.sandbox`:
cgroups, namespaces, a subreaper); on Ctrl-C or TERM every run still going is
ended before matchgame exits. Every file a command writes is checked before the
first run (:mod:`.paths`).
"""

from __future__ import annotations

import argparse
import contextlib
import shlex
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...errors import MatchgameError
from .output import Progress, UsageError, jobs_option, write_output
from .paths import check_out_dir, check_output, write_whole

__all__ = ["add_contest_commands"]

PROBLEM_NAMES = ("jsoi", "loj", "noi", "graph", "edge-graph")  # matchgame.contest.PROBLEMS
EXIT_FOUND = 1
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_TERMINATED = 143  # 128 + SIGTERM


def _real(text: str, low: float, high: float, unit: str) -> float:
    """``text`` as a number in ``(low, high]``, or the argparse error naming the range."""
    try:
        value = float(text)
    except ValueError:
        value = low
    if not low < value <= high:
        raise argparse.ArgumentTypeError(f"expected {unit} from {low:g} to {high:g}, got {text!r}")
    return value


def _seconds(text: str) -> float:
    return _real(text, 0, 3600, "seconds")


def _megabytes(text: str) -> int:
    value = _real(text, 0, 1 << 20, "megabytes")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected megabytes from 1 to {1 << 20}, got {text!r}")
    return int(value * (1 << 20))


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 1000000, got {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {text!r}")
    return int(text)


def _problem_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--problem",
        required=True,
        choices=PROBLEM_NAMES,
        help="jsoi: JSOI2009 'Game' (WIN/LOSE and the cells); loj: LOJ 6033 (the count "
        "and the cells); noi: NOI2011 'Bunny and Egg' (Bunny's mistakes); graph: any "
        "graph, the vertex game; edge-graph: any graph, the edge game",
    )


def _limit_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--time-limit",
        type=_seconds,
        default=2.0,
        metavar="SECONDS",
        help="CPU seconds a run may take, all its processes together (default 2; a run past "
        "it is run again before it is judged a time limit; the wall clock ends a run "
        "after three times as long and a second, for programs that sleep)",
    )
    command.add_argument(
        "--memory-limit",
        type=_megabytes,
        default=256 << 20,
        metavar="MB",
        help="memory of a run in MiB, all its processes together (default 256; past it: "
        "memory limit exceeded)",
    )
    command.add_argument(
        "--output-limit",
        type=_megabytes,
        default=16 << 20,
        metavar="MB",
        help="output of a run in MiB (default 16)",
    )
    command.add_argument(
        "--jobs",
        type=jobs_option,
        default=None,
        metavar="N",
        help="runs at once (default, or 0: one per core)",
    )


def _size_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--max-size",
        metavar="AxB",
        help="the largest input: ROWSxCOLS of a board, VERTICESxEDGES of a graph (default: "
        "the statement's limits: 100x100, NOI 40x40, graph 1000x5000, edge-graph 1000x1000)",
    )


def add_contest_commands(subcommands: Any) -> None:
    """Add ``stress``, ``generate``, ``validate`` and ``strength`` to the command line."""
    stress = subcommands.add_parser(
        "stress",
        help="run a program on generated inputs, judge it, shrink what fails",
        description="Run PROGRAM on generated inputs of growing size, compare its output "
        "with matchgame's answer as a judge does (tokens; whitespace not judged), and "
        "stop at the first failure: wrong answer, runtime error, time limit or output "
        "limit. The failing input is shrunk while it fails the same way, then reported "
        "with the expected and received output, the first difference and why the right "
        "answer is right. Exit status 1 when a run failed, 0 when all were accepted, 2 for "
        "bad input or usage (one 'error:' line on standard error).",
    )
    stress.add_argument(
        "program",
        metavar="PROGRAM",
        help="the command line to test, one argument: './sol' or 'python3 sol.py'",
    )
    _problem_option(stress)
    stress.add_argument(
        "--runs", type=_count, default=100, metavar="N", help="inputs to try (default 100)"
    )
    stress.add_argument(
        "--seed",
        type=_seed,
        default=1,
        metavar="S",
        help="run i reads the input generated from (S, i): --seed S --runs i repeats it "
        "(default 1)",
    )
    _size_option(stress)
    _limit_options(stress)
    stress.add_argument(
        "--file-io",
        action="store_true",
        help="the program reads NAME.in and writes NAME.out in its directory (game.* for "
        "jsoi, loj and noi; graph.* for graph and edge-graph) instead of standard input "
        "and output",
    )
    stress.add_argument(
        "--no-shrink", action="store_true", help="report the first failing input as it was"
    )
    stress.add_argument(
        "--shrink-time",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="shrink for at most this long (default 60), then report the smallest failing "
        "input found; each smaller one is said on standard error as it is found, and "
        "Ctrl-C ends the shrinking the same way",
    )
    stress.add_argument("--save", metavar="FILE", help="write the (shrunk) failing input to FILE")
    stress.add_argument(
        "--picture",
        metavar="FILE",
        help="draw the failing input and the explanation to FILE (.svg or .png)",
    )
    stress.set_defaults(handler=run_stress)

    generate = subcommands.add_parser(
        "generate",
        help="write a setter's tests and their answers (1.in, 1.out, ...)",
        description="Write COUNT tests as judges lay them out, from every family of "
        "inputs in turn (random at several densities, the statement's maximum size, "
        "all-win and all-lose, serpentines, the adversarial families of the benchmarks, "
        "many small cases), each checked by the problem's validator, with matchgame's "
        "answers; one line per test on standard output.",
    )
    _problem_option(generate)
    generate.add_argument(
        "--count", type=_count, default=20, metavar="N", help="tests to write (default 20)"
    )
    generate.add_argument(
        "--out-dir", required=True, metavar="DIR", help="the folder (made if missing)"
    )
    generate.add_argument(
        "--force",
        action="store_true",
        help="replace tests already in DIR (without it, a test there is refused before "
        "anything is written)",
    )
    generate.add_argument(
        "--seed", type=_seed, default=1, metavar="S", help="test i comes from (S, i) (default 1)"
    )
    generate.add_argument(
        "--family",
        action="append",
        metavar="NAME",
        help="only this family (repeatable); the problem's families are listed by "
        "'matchgame generate --problem P --family list --out-dir .'",
    )
    _size_option(generate)
    generate.set_defaults(handler=run_generate)

    validate = subcommands.add_parser(
        "validate",
        help="check inputs against a problem's statement, as a testlib validator",
        description="Read each FILE strictly (one space between numbers, one line break "
        "after each line, nothing after the input) against the statement's limits: "
        "'FILE: ok', or 'FILE: ' and one line naming the place and what is wrong. Exit "
        "status 0 when every input is valid, 1 when one is invalid, 2 for bad usage or a "
        "FILE that cannot be read (one 'error:' line on standard error).",
    )
    _problem_option(validate)
    validate.add_argument("files", nargs="+", metavar="FILE", help="the inputs")
    validate.set_defaults(handler=run_validate)

    strength = subcommands.add_parser(
        "strength",
        help="which tests kill which wrong solutions, and the share killed",
        description="Run the shipped wrong solutions of the problem (and any --solution) "
        "on every test of DIR (N.in, answered by N.out, else by matchgame), as Polygon's "
        "invocations table: a row per solution, a mark per test, the tests that kill it, "
        "and the share of wrong solutions killed. A --reference solution must pass every "
        "test: a test it fails is reported as a bad test and left out of the score. The "
        "programs do not see DIR where the isolation has namespaces.",
    )
    strength.add_argument("folder", metavar="DIR", help="the tests: *.in (and *.out)")
    _problem_option(strength)
    strength.add_argument(
        "--solution",
        action="append",
        default=[],
        metavar="PROGRAM",
        help="also run this command line (repeatable), e.g. your own wrong solution",
    )
    strength.add_argument(
        "--reference",
        action="append",
        default=[],
        metavar="PROGRAM",
        help="a right solution (repeatable): it must pass every test, and is not scored",
    )
    strength.add_argument(
        "--only",
        action="store_true",
        help="run only the --solution (and --reference) programs",
    )
    _limit_options(strength)
    strength.set_defaults(handler=run_strength)


# -- running -------------------------------------------------------------------------


class _Terminated(Exception):
    """TERM arrived: the runs in flight are killed on the way out."""


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C and TERM raise here (not the immediate exit the command line sets up),
    so that every process group still running is killed before matchgame ends."""

    def terminated(signum: int, frame: object) -> None:
        raise _Terminated

    old_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    old_term = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)


def _problem(args: argparse.Namespace) -> Any:
    from ...contest.catalog import find_problem

    problem = find_problem(args.problem)
    size = None
    if getattr(args, "max_size", None) is not None:
        size = problem.parse_size(args.max_size)
    return problem, size


def _limits(args: argparse.Namespace) -> Any:
    from ...contest.run import RunLimits

    return RunLimits(args.time_limit, args.memory_limit, args.output_limit)


def _jobs(args: argparse.Namespace) -> int:
    import os

    return int(args.jobs or len(os.sched_getaffinity(0)))


def _program(text: str, files: tuple[str, str] | None = None) -> Any:
    from ...contest.run import Program

    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise UsageError(f"PROGRAM {text!r}: {exc}") from None
    return Program(tuple(words), files)


def _quiet_bar() -> None:
    """tqdm's monitor thread off: a run's child is set up between fork and exec, which
    must not happen beside another thread."""
    with contextlib.suppress(ImportError):
        import tqdm

        tqdm.tqdm.monitor_interval = 0


def _program_files(program: Any) -> list[tuple[str, str]]:
    return [("the program", path) for path in program.files_named()]


def run_stress(args: argparse.Namespace) -> int:
    from ...contest.stress import report, stress

    problem, size = _problem(args)
    limits = _limits(args)
    files = (f"{problem.file_name}.in", f"{problem.file_name}.out") if args.file_io else None
    program = _program(args.program, files)
    if args.picture is not None and Path(args.picture).suffix.lower() not in (".svg", ".png"):
        raise UsageError(f"--picture {args.picture!r}: the name must end in .svg or .png")
    written: list[tuple[str, str]] = []
    for option in ("save", "picture"):
        path = getattr(args, option)
        if path is not None:
            check_output(f"--{option}", path, reads=[*_program_files(program), *written])
            written.append((f"--{option}", path))
    _quiet_bar()
    progress = Progress(args.runs, " runs")
    try:
        with _interruptible():
            result = stress(
                problem,
                program,
                runs=args.runs,
                seed=args.seed,
                size=size,
                limits=limits,
                jobs=_jobs(args),
                minimise=not args.no_shrink,
                shrink_seconds=args.shrink_time,
                progress=progress.update,
                say=progress.say,
            )
    except _Terminated:
        progress.close()
        return EXIT_TERMINATED
    finally:
        progress.close()
    failure = result.failure
    picture = None
    if failure is not None and args.picture is not None:
        picture = Path(args.picture)
    text = report(result, limits, picture, draw=_drawn_whole)
    write_output(text.encode())
    if failure is None:
        return 0
    if args.save is not None:
        final = failure.shrunk.judged if failure.shrunk is not None else failure.first
        write_whole(args.save, final.case.text())
    if failure.shrunk is not None and failure.shrunk.cut_short == "interrupted":
        return EXIT_INTERRUPTED
    return EXIT_FOUND


def _drawn_whole(draw: Any, path: Path) -> None:
    """Draw a picture to ``path`` whole (a temporary file, renamed)."""
    write_whole(str(path), lambda temporary: draw(Path(temporary)))


def run_generate(args: argparse.Namespace) -> int:
    from ...contest.strength import write_tests

    problem, size = _problem(args)
    if args.family == ["list"]:
        write_output("".join(f"{name}\n" for name in problem.families).encode())
        return 0
    check_out_dir("--out-dir", args.out_dir)
    out_dir = Path(args.out_dir)
    written = write_tests(
        problem,
        args.count,
        out_dir,
        seed=args.seed,
        size=size,
        families=args.family,
        force=args.force,
    )
    lines = [f"{out_dir / name}\t{family}\t{what}\n" for name, family, what in written]
    write_output("".join(lines).encode())
    return 0


def run_validate(args: argparse.Namespace) -> int:
    from ...readers.inputs import read_file

    problem, _ = _problem(args)
    lines = []
    bad = False
    for name in args.files:
        data = read_file(name, None, limit=64 << 20)
        try:
            problem.validate(data)
        except MatchgameError as exc:
            lines.append(f"{name}: {exc}\n")
            bad = True
        else:
            lines.append(f"{name}: ok\n")
    write_output("".join(lines).encode())
    return EXIT_FOUND if bad else 0


def run_strength(args: argparse.Namespace) -> int:
    from ...contest.strength import measure_strength, shipped_solutions, test_files

    problem, _ = _problem(args)
    folder = Path(args.folder)
    tests = test_files(folder)
    if args.only and not (args.solution or args.reference):
        raise UsageError("--only runs the --solution and --reference programs: give one")
    solutions = [] if args.only else shipped_solutions(problem)
    solutions += [(text, _program(text)) for text in args.solution]
    references = [(text, _program(text)) for text in args.reference]
    names = [name for name, _ in [*references, *solutions]]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise UsageError(f"{twice[0]!r} is given twice: give each program once")
    _quiet_bar()
    progress = Progress(len(tests) * len(names), " runs")
    try:
        with _interruptible():
            strength = measure_strength(
                problem,
                folder,
                solutions,
                references=references,
                limits=_limits(args),
                jobs=_jobs(args),
                progress=progress.update,
            )
    except _Terminated:
        progress.close()
        return EXIT_TERMINATED
    finally:
        progress.close()
    write_output(strength.table().encode())
    return 0
