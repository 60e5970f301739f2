"""Stress throughput: ``matchgame stress`` beside the plain shell loop a contestant writes.

    python benchmarks/bench_stress.py [--runs 40] [--size 10] [--repeats 5]
                                      [--seed-dir ../shared/seeds]

The program under test is the seed's JSOI2009 C++ solution (extracted from the seed
notes and compiled here, never committed; see bench_many.py), or, without the notes,
matchgame's shipped wrong solution ``odd_paths`` run by Python. Both commands run it
``--runs`` times on boards of at most ``--size`` x ``--size``:

- A: ``matchgame stress PROGRAM --problem jsoi --runs N --max-size SxS --jobs 1``
  (each run in its own process group under limits, judged against matchgame's answer
  computed in the same process);
- B: ``for i in 1..N: gen.py i > in; PROGRAM < in > out; matchgame placements in >
  ans; diff -w out ans``, the loop a contestant writes around a generator and a
  reference (gen.py: a seeded random board, standard library only).

``farm-bench --vs B -- A`` times them alternately; the runs a second are N / median
wall seconds.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_many import seed_program

from matchgame.contest import wrong

HERE = Path(__file__).resolve().parent

GENERATOR = """import random, sys
rng = random.Random(int(sys.argv[1]))
n, m = rng.randint(1, {size}), rng.randint(1, {size})
p = rng.choice([0.0, 0.1, 0.25, 0.4])
print(n, m)
for _ in range(n):
    print("".join("#" if rng.random() < p else "." for _ in range(m)))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--size", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed-dir", type=Path, default=HERE.parent.parent / "shared" / "seeds")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="matchgame-stress-"))
    binary = seed_program(args.seed_dir, work)
    if binary is not None:
        program = str(binary)
    else:
        program = shlex.join([sys.executable, "-S", str(wrong.path("odd_paths")), "jsoi"])
        print("seed notes missing: timing the shipped wrong solution odd_paths", file=sys.stderr)
    (work / "gen.py").write_text(GENERATOR.format(size=args.size))
    loop = (
        f"cd {work} && for i in $(seq {args.runs}); do "
        f"{sys.executable} gen.py $i > in && {program} < in > out && "
        f"{sys.executable} -m matchgame placements in > ans && diff -w out ans > /dev/null; done"
    )
    stress = [
        sys.executable, "-m", "matchgame", "stress", program, "--problem", "jsoi",
        "--runs", str(args.runs), "--max-size", f"{args.size}x{args.size}", "--jobs", "1",
    ]  # fmt: skip
    command = [
        "farm-bench", "-n", str(args.repeats), "--timeout", "1800",
        "--vs", shlex.join(["sh", "-c", loop]), "--", *stress,
    ]  # fmt: skip
    print(shlex.join(command))
    subprocess.run(command, check=False)


if __name__ == "__main__":
    main()
