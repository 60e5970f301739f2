"""The edge game (undirected edge geography): matchgame against the M4RI anchor.

    python benchmarks/bench_edge.py [--repeats 5] [--sizes 100 200 300] [--big 1000]
        [--only anchor|big|algebra|positions ...] [--anchor-timeout 300]
    python benchmarks/bench_edge.py run BOARD [--cap-gib 4] [--edges]   # one answer, as timed

Every run is a fresh process reading a seeded board (benchmarks/generate.py, 20%
of the cells blocked) and printing the JSOI answer of the edge game's placement
game; the anchor's answer is compared with matchgame's byte for byte. Commands
on one input run alternately; tables give medians and ratios.

Tables (all by default, or those named by --only):
- anchor: matchgame against ``m4ri_edge`` (benchmarks/anchors/, dense GF(2)
  kernels with M4RI) on the ``--sizes`` boards, with peak memory;
- big: the ``--big`` board, matchgame's edge game against its vertex game
  (``matchgame placements``), the edge game under a 4 GiB address-space cap;
- algebra: in-process, per board: the elimination order chosen, the band (64-bit
  words a row), the fill (bits set in the echelon rows against the matrix's
  nonzeros), and the seconds of the analysis;
- positions: on the 100x100 board, a 2,000-move trail of the edge game
  (``matchgame.generate.edge_trail_record``): a move plus ``mover_wins``, the
  winning moves, and ``annotate`` of the whole record.

``run`` is matchgame's side of the tables (``matchgame placements --game edge``
once the command line has the flag): it reads BOARD, analyses it and prints the
answer; ``--cap-gib`` sets its address-space limit first.
"""

from __future__ import annotations

import argparse
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from generate import random_board_text
from peers import build_anchor
from timing import alternate, ratio_cell, seconds_cell

HERE = Path(__file__).resolve().parent
RUN = [sys.executable, str(Path(__file__).resolve()), "run"]
VERTEX = [sys.executable, "-m", "matchgame", "placements"]
TABLES = ("anchor", "big", "algebra", "positions")
BLOCKED = 20


def run(path: str, cap_gib: float | None, edges: bool = False) -> None:
    """Analyse the board (or with ``edges`` the edge list, repeated edges kept) at
    ``path`` in the edge game and print the JSOI answer."""
    if cap_gib:
        limit = int(cap_gib * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    import matchgame
    from matchgame.writers.placements import format_placements

    with open(path, "rb") as handle:
        data = handle.read()
    source = (
        matchgame.parse_edge_list(data, multigraph=True) if edges else matchgame.parse_board(data)
    )
    analysis = matchgame.analyse(source, game="edge")
    sys.stdout.buffer.write(format_placements(analysis, "jsoi"))


def peak_rss_mib(command: list[str]) -> float:
    """Peak resident memory of ``command`` (a fresh process), in MiB."""
    helper = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, "
        "check=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", helper, *command], capture_output=True, check=True)
    return int(out.stdout) / 1024


def board_file(workdir: Path, size: int) -> Path:
    path = workdir / f"board-{size}-{BLOCKED}.txt"
    if not path.exists():
        path.write_bytes(random_board_text(size, BLOCKED))
    return path


def anchor_table(args, workdir: Path) -> None:
    m4ri, why_not = build_anchor("m4ri_edge")
    if m4ri is None:
        print(f"note: no M4RI anchor ({why_not})\n")
        return
    print("| board | matchgame (s) | M4RI (s) | matchgame / M4RI | matchgame MiB | M4RI MiB |")
    print("|---|---|---|---|---|---|")
    for size in args.sizes:
        path = board_file(workdir, size)
        commands = {"matchgame": [*RUN, str(path)], "M4RI": [str(m4ri), str(path)]}
        results = alternate(commands, args.repeats, args.anchor_timeout)
        ours, theirs = results["matchgame"], results["M4RI"]
        if theirs.stdout is not None and theirs.stdout != ours.stdout:
            raise SystemExit(f"M4RI and matchgame disagree on {path}")
        memory = [peak_rss_mib(command) for command in commands.values()]
        anchor = seconds_cell(theirs, args.anchor_timeout)
        print(
            f"| {size}x{size} | {seconds_cell(ours, 0)} | {anchor}"
            f" | {ratio_cell(ours, theirs.median, 0)} | {memory[0]:.0f} | {memory[1]:.0f} |",
            flush=True,
        )
    print()


def big_table(args, workdir: Path) -> None:
    path = board_file(workdir, args.big)
    commands = {
        "edge": [*RUN, str(path), "--cap-gib", "4"],
        "vertex": [*VERTEX, str(path)],
    }
    results = alternate(commands, args.repeats, 3600)
    edge, vertex = results["edge"], results["vertex"]
    memory = peak_rss_mib([*RUN, str(path)])
    print(f"{args.big}x{args.big} board, {BLOCKED}% blocked, fresh processes:\n")
    print("| game | seconds | / vertex game | peak MiB |")
    print("|---|---|---|---|")
    print(
        f"| edge (4 GiB cap) | {seconds_cell(edge, 0)} | {ratio_cell(edge, vertex.median, 0)} "
        f"| {memory:.0f} |"
    )
    print(f"| vertex | {seconds_cell(vertex, 0)} | 1 | {peak_rss_mib(commands['vertex']):.0f} |\n")


def algebra_table(args, workdir: Path) -> None:
    import matchgame

    print(
        "| board | order | A's shape | nonzeros | rank | band (words) | fill (A, A^T) "
        "| most rows active | analysis (s) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for size in [*args.sizes, args.big]:
        board = matchgame.parse_board(board_file(workdir, size).read_bytes())
        seconds = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            analysis = matchgame.analyse(board, game="edge")
            seconds.append(time.perf_counter() - start)
        stats = analysis.stats
        shape = "x".join(str(s) for s in stats["shape"])
        fill = ", ".join(f"{f:,}" for f in stats["fill"])
        words = "/".join(str(w) for w in stats["band_words"])
        active = "/".join(str(a) for a in stats["most_active"])
        print(
            f"| {size}x{size} | {stats['order']} | {shape} | {stats['nonzeros']:,} | "
            f"{stats['rank']:,} | {words} | {fill} | {active} | {np.median(seconds):.3f} |",
            flush=True,
        )
    print()


def positions_table(args, workdir: Path) -> None:
    import matchgame
    from matchgame.generate import edge_trail_record

    board = matchgame.parse_board(board_file(workdir, 100).read_bytes())
    record = edge_trail_record(board, 2000, seed=1)
    path = record.path.tolist()
    rows = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        position = matchgame.EdgePosition(board, token=board.cell(path[0]))
        position.mover_wins()
        setup = time.perf_counter() - start
        start = time.perf_counter()
        for vertex in path[1:]:
            position.push(board.cell(vertex))
            position.mover_wins()
        moves = (time.perf_counter() - start) / (len(path) - 1)
        start = time.perf_counter()
        for _ in range(200):
            position.pop()
            position.winning_moves()
        winning = (time.perf_counter() - start) / 200
        start = time.perf_counter()
        matchgame.annotate(record)
        rows.append((setup, moves, winning, time.perf_counter() - start))
    setup, moves, winning, annotate = np.median(np.array(rows), axis=0)
    print(
        f"100x100 board, {BLOCKED}% blocked, a {len(path)}-move trail (medians of "
        f"{args.repeats}):\n"
    )
    print(
        "| Position set-up (ms) | push + mover_wins (ms) | pop + winning_moves (ms) "
        "| annotate, 2,000 moves (s) |"
    )
    print("|---|---|---|---|")
    print(f"| {setup * 1e3:.1f} | {moves * 1e3:.3f} | {winning * 1e3:.3f} | {annotate:.2f} |\n")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "run":
        parser = argparse.ArgumentParser(prog="bench_edge.py run")
        parser.add_argument("board")
        parser.add_argument("--cap-gib", type=float)
        parser.add_argument("--edges", action="store_true", help="an edge list, not a board")
        options = parser.parse_args(sys.argv[2:])
        run(options.board, options.cap_gib, options.edges)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 300])
    parser.add_argument("--big", type=int, default=1000)
    parser.add_argument("--only", action="append", choices=TABLES)
    parser.add_argument("--anchor-timeout", type=float, default=300)
    args = parser.parse_args()
    tables = args.only or list(TABLES)
    print(
        f"machine: {platform.machine()}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}\n"
    )
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        for name in tables:
            {
                "anchor": anchor_table,
                "big": big_table,
                "algebra": algebra_table,
                "positions": positions_table,
            }[name](args, workdir)


if __name__ == "__main__":
    main()
