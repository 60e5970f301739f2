"""A problem setter's folder: every expected output of N contest-sized tests, written.

    python benchmarks/bench_many.py [--count 300] [--size 100] [--blocked 0.2] [--runs 5]
                                    [--seed-dir ../shared/seeds]

N boards of ``--size`` x ``--size`` (seeded, ``--blocked`` of the cells blocked, as
JSOI2009's largest tests) are answered, every answer written to a file, by:

- ``matchgame placements tests/*.in --out-dir answers`` (one process; ``--jobs 1``
  and the default, all cores);
- a shell loop of N ``matchgame placements`` processes;
- a loop of N runs of the C++ reference ``benchmarks/anchors/greedy_bfs.cpp``
  (greedy matching + one BFS per exposed vertex; built by ``peers.py``);
- a loop of N runs of the seed's C++ program (JSOI2009's Dinic solution, extracted
  from the seed notes given by ``--seed-dir`` and compiled here; never committed),
  when the notes are there.

The commands alternate run after run; each line gives the median seconds for the
whole folder and the ratio to matchgame's one-process run. Each loop's answers are
checked against matchgame's.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from peers import build_anchor

from matchgame.generate import random_board

HERE = Path(__file__).resolve().parent


def seed_program(seed_dir: Path, work: Path) -> Path | None:
    """The seed's JSOI2009 C++ solution, compiled, or None when the notes are missing."""
    notes = sorted(seed_dir.glob("001_*.txt")) if seed_dir.is_dir() else []
    if not notes:
        return None
    found = re.search(r"```cpp\n(.*?)```", notes[0].read_text(), re.S)
    compiler = shutil.which(os.environ.get("CXX", "g++"))
    if found is None or compiler is None:
        return None
    source, binary = work / "seed.cpp", work / "seed"
    source.write_text(found.group(1))
    built = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True)
    return binary if built.returncode == 0 else None


def loop(command: list[str], inputs: list[Path], out_dir: Path, stdin: bool) -> float:
    """Seconds for one process per input (the input as its argument, or on standard
    input), each answer written to ``out_dir``."""
    start = time.perf_counter()
    for path in inputs:
        with path.open("rb") as source, (out_dir / f"{path.stem}.out").open("wb") as out:
            argv = command if stdin else [*command, str(path)]
            # the anchors report their phases on stderr: not part of the answer
            subprocess.run(argv, stdin=source, stdout=out, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--blocked", type=float, default=0.2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed-dir", type=Path, default=HERE.parent.parent / "shared" / "seeds")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="matchgame-many-"))
    tests = work / "tests"
    tests.mkdir()
    inputs = []
    for i in range(args.count):
        path = tests / f"{i}.in"
        path.write_text(random_board(args.size, args.size, args.blocked, seed=i).to_text())
        inputs.append(path)
    matchgame = [sys.executable, "-m", "matchgame"]
    commands: dict[str, object] = {}
    for jobs in ("1", str(os.cpu_count() or 1)):
        out = work / f"answers-jobs{jobs}"
        out.mkdir()
        argv = [*matchgame, "placements", "--out-dir", str(out), "--jobs", jobs, *map(str, inputs)]
        commands[f"matchgame, one process, --jobs {jobs}"] = lambda argv=argv: _timed(argv)
    for name, binary, stdin in (
        ("matchgame, a process per input", [*matchgame, "placements"], False),
        ("C++ greedy + BFS (anchors/greedy_bfs)", [str(build_anchor("greedy_bfs")[0])], False),
        ("C++ seed program (Dinic)", [str(seed_program(args.seed_dir, work))], True),
    ):
        if binary[-1] == "None":
            print(f"{name}: not available", file=sys.stderr)
            continue
        out = work / f"answers-{len(commands)}"
        out.mkdir()
        commands[name] = lambda binary=binary, out=out, stdin=stdin: loop(
            binary, inputs, out, stdin
        )
    seconds: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, run in commands.items():
            seconds[name].append(run())  # type: ignore[operator]
    reference = work / "answers-jobs1"
    for out in work.glob("answers-*"):
        for path in inputs:
            mine = (reference / f"{path.stem}.out").read_text().split()
            theirs = (out / f"{path.stem}.out").read_text().split()
            if mine != theirs:
                raise SystemExit(f"{out.name} disagrees with matchgame on {path.name}")
    base = statistics.median(seconds["matchgame, one process, --jobs 1"])
    print(
        f"{args.count} boards {args.size}x{args.size}, {args.blocked:.0%} blocked; "
        f"medians of {args.runs} alternated runs"
    )
    for name, values in seconds.items():
        middle = statistics.median(values)
        print(
            f"  {name:<42} {middle:7.3f} s   {middle / args.count * 1000:6.2f} ms/input   "
            f"x{middle / base:5.2f}"
        )
    shutil.rmtree(work)


def _timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
