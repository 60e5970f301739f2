"""Directed geography (issue 40): matchgame against a plain memoised minimax in C.

    python benchmarks/bench_geography.py compare [--families out2 out3 blocks]
        [--sizes 20 40 60 80 100 150 200] [--seeds 1 2 3] [--timeout 60]
        [--table 23000000] [--repeats 1]
    python benchmarks/bench_geography.py ideas [--instances out3-50 out2-100 ...]
    python benchmarks/bench_geography.py moonshot [--sizes 100 200] [--timeout 120]
        [--max-memory 4G]
    python benchmarks/bench_geography.py limits

The instances come from ``benchmarks/geography_instances.py`` (seeded). The C program,
``benchmarks/geography_minimax.c``, is compiled here with the machine's ``gcc -O2``
(never committed as a binary): one hash table of ``--table`` positions, no reductions.

- compare: every instance answered by both, each a fresh process (matchgame: ``python
  -m matchgame placements --game directed --edges FILE`` at its default budgets), the
  two alternated (C first on odd repeats); CPU seconds (user + system, the operating
  system's accounting of the finished child) and peak memory; the answers compared
  where both answered. A row says who answered within ``--timeout`` seconds.
- ideas: in one process, the search kernel alone on each instance (every vertex a
  start, one table), with each idea switched off in turn: move ordering (2: fewest
  moves for the opponent then most for us, 1: fewest moves, 0: the arcs' order),
  canonical keys (off: the key is every unvisited vertex), the table's size.
- moonshot: random digraphs of out-degree 3 on ``--sizes`` vertices, matchgame with
  ``--max-memory`` and no position budget, within ``--timeout`` seconds.
- limits: the directed cycle of 100,000 vertices under 20 s and 1 GB, and a
  120-vertex tournament under ``--max-seconds 10``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from geography_instances import FAMILIES, edge_list, instance

HERE = Path(__file__).resolve().parent


def compile_minimax(work: Path) -> Path:
    """The C minimax, compiled with the machine's gcc."""
    binary = work / "geography_minimax"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "geography_minimax.c")], check=True)
    return binary


def timed(command: list[str], stdin: Path, timeout: float) -> dict[str, object]:
    """Run ``command`` on ``stdin`` (a file): its CPU seconds, peak memory (MiB), wall
    seconds, exit status and output; ``timed_out`` past ``timeout`` wall seconds."""
    start = time.perf_counter()
    with (
        open(stdin, "rb") as given,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):
        process = subprocess.Popen(command, stdin=given, stdout=out, stderr=err)
        deadline = start + timeout
        status, usage = 0, None
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                pid, status, usage = os.wait4(process.pid, 0)
                return {"timed_out": True, "cpu": usage.ru_utime + usage.ru_stime}
            time.sleep(0.005)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return {
            "timed_out": False,
            "cpu": usage.ru_utime + usage.ru_stime,
            "peak": usage.ru_maxrss / 1024,
            "wall": time.perf_counter() - start,
            "status": process.returncode,
            "output": out.read(),
            "error": err.read().decode(errors="replace").strip().splitlines()[-1:],
        }


def matchgame_command(extra: list[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "matchgame",
        "placements",
        "--game",
        "directed",
        "--edges",
        "-",
        *extra,
    ]


def write_instance(work: Path, family: str, n: int, seed: int) -> Path:
    path = work / f"{family}-{n}-{seed}.txt"
    path.write_bytes(edge_list(n, instance(family, n, seed)))
    return path


def _cell(run: dict[str, object] | None) -> str:
    if run is None:
        return "-"
    if run["timed_out"]:
        return "timeout"
    if run["status"] != 0:
        return "refused" if run["status"] == 2 else f"table full ({run['cpu']:.1f} s)"
    return f"{run['cpu']:.2f} s, {run['peak']:.0f} MiB"


def compare(args: argparse.Namespace, work: Path) -> None:
    binary = compile_minimax(work)
    print(
        "| instance | arcs | C minimax (cpu, peak) | matchgame (cpu, peak) | C/matchgame | same |"
    )
    print("|---|---|---|---|---|---|")
    for family in args.families:
        for n in args.sizes:
            for seed in args.seeds:
                path = write_instance(work, family, n, seed)
                arcs = len(instance(family, n, seed))
                runs: dict[str, list[dict[str, object]]] = {"c": [], "m": []}
                commands = {
                    "c": [str(binary), "--table", str(args.table)],
                    "m": matchgame_command([]),
                }
                for repeat in range(args.repeats):
                    order = ("c", "m") if repeat % 2 == 0 else ("m", "c")
                    for name in order:
                        runs[name].append(timed(commands[name], path, args.timeout))
                c, m = (min(runs[k], key=lambda r: float(r["cpu"])) for k in ("c", "m"))
                both = not c["timed_out"] and not m["timed_out"]
                both = both and c["status"] == 0 and m["status"] == 0
                ratio = f"{float(c['cpu']) / max(float(m['cpu']), 1e-3):.1f}" if both else "-"
                same = (c["output"] == m["output"]) if both else "-"
                print(
                    f"| {family}-{n} seed {seed} | {arcs} | {_cell(c)} | {_cell(m)} | {ratio} "
                    f"| {same} |",
                    flush=True,
                )


def ideas(args: argparse.Namespace, work: Path) -> None:
    from matchgame._kernels import geography as kernel

    variants = [
        ("all ideas (order 2, canonical keys, 1 GiB)", 2, True, 1 << 30),
        ("order 1 (fewest moves only)", 1, True, 1 << 30),
        ("order 0 (the arcs' order)", 0, True, 1 << 30),
        ("plain keys (every unvisited vertex)", 2, False, 1 << 30),
        ("a 64 MiB table", 2, True, 64 << 20),
    ]
    print("| instance | variant | cpu s | positions | table hits | stored |")
    print("|---|---|---|---|---|---|")
    for name in args.instances:
        family, n_text = name.rsplit("-", 1)
        n = int(n_text)
        arcs = np.array(instance(family, n, 1), dtype=np.int64).reshape(-1, 2)
        arcs = arcs[np.lexsort((arcs[:, 1], arcs[:, 0]))]
        offsets = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(np.bincount(arcs[:, 0], minlength=n), out=offsets[1:])
        targets = arcs[:, 1].astype(np.int32)
        for label, order, canonical, table in variants:
            search = kernel.GeographySearch(offsets, targets, table, order, canonical)
            start = time.process_time()
            status = kernel.WIN
            for v in range(n):
                search.begin(v, np.ones(n, dtype=np.uint8))
                status = search.run(1 << 62, args.timeout - (time.process_time() - start))
                while status == kernel.NEEDS_ROOM:
                    search.grow()
                    status = search.run(1 << 62, args.timeout)
                if status < 0:
                    break
            seconds = time.process_time() - start
            shown = f"{seconds:.2f}" if status >= 0 else f"> {args.timeout:g}"
            print(
                f"| {name} | {label} | {shown} | {search.n_positions:,} | {search.n_hits:,} "
                f"| {search.n_stored:,} |",
                flush=True,
            )


def moonshot(args: argparse.Namespace, work: Path) -> None:
    print("| instance | matchgame (cpu, peak) | answer |")
    print("|---|---|---|")
    for n in args.sizes:
        path = write_instance(work, "out3", n, 1)
        extra = [
            "--max-memory",
            args.max_memory,
            "--max-states",
            str(1 << 32),
            "--max-seconds",
            str(args.timeout),
        ]
        run = timed(matchgame_command(extra), path, args.timeout + 30)
        answer = run.get("error") or run.get("output", b"")[:40]
        print(f"| out3-{n} | {_cell(run)} | {answer} |", flush=True)


def limits(args: argparse.Namespace, work: Path) -> None:
    print("| instance | command | cpu, peak | wall s | answer |")
    print("|---|---|---|---|---|")
    cases = [
        ("cycle", 100_000, ["--max-memory", "1G"], 20.0),
        ("tournament", 120, ["--max-seconds", "10"], 30.0),
    ]
    for family, n, extra, timeout in cases:
        path = write_instance(work, family, n, 1)
        run = timed(matchgame_command(extra), path, timeout)
        first = run.get("output", b"").split(b"\n")[0] if not run["timed_out"] else b""
        answer = run.get("error") if run.get("status") else first
        wall = f"{run['wall']:.2f}" if "wall" in run else "-"
        print(f"| {family}-{n} | {' '.join(extra)} | {_cell(run)} | {wall} | {answer} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("compare")
    one.add_argument("--families", nargs="+", default=["out2", "out3", "blocks"], choices=FAMILIES)
    one.add_argument("--sizes", nargs="+", type=int, default=[20, 40, 60, 80, 100, 150, 200])
    one.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    one.add_argument("--timeout", type=float, default=60.0)
    one.add_argument("--table", type=int, default=23_000_000)
    one.add_argument("--repeats", type=int, default=1)
    two = commands.add_parser("ideas")
    two.add_argument(
        "--instances",
        nargs="+",
        default=["out3-40", "out3-50", "out2-100", "blocks-200", "tournament-20"],
    )
    two.add_argument("--timeout", type=float, default=120.0)
    three = commands.add_parser("moonshot")
    three.add_argument("--sizes", nargs="+", type=int, default=[100, 200])
    three.add_argument("--timeout", type=float, default=120.0)
    three.add_argument("--max-memory", default="4G")
    commands.add_parser("limits")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="matchgame-geography-") as folder:
        {"compare": compare, "ideas": ideas, "moonshot": moonshot, "limits": limits}[args.command](
            args, Path(folder)
        )


if __name__ == "__main__":
    main()
