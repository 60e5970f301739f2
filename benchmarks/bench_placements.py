"""End-to-end timings of ``matchgame placements`` beside Python peers and C++ anchors.

    python benchmarks/bench_placements.py [--repeats 5] [--scipy-timeout 120] [--quick]
        [--only peers|anchors|king|lemon-variants ...] [--anchor-timeout 300] [--memory]

Every run is a fresh process reading a seeded board file (benchmarks/generate.py)
and printing the JSOI2009 answer; every other program's answer is compared with
matchgame's, byte for byte. Commands on one board run alternately; tables give
medians and ratios (other / matchgame: above 1, matchgame is faster).

Tables (all by default, or those named by --only):
- peers: SciPy and NetworkX pipelines (benchmarks/peers.py) on 1000 and 2000 boards;
  also the startup floor (a 1x1 board).
- anchors: the C++ anchors (benchmarks/anchors/, compiled here with g++ when
  present): LEMON's MaxMatching and a greedy + BFS augmenting reference.
- king: king moves (non-bipartite) on a 2000x2000 board at 10%: LEMON on the board
  and on its king graph as an edge list, matchgame on that edge list (and on the
  board with ``--moves king`` once matchgame has it); then a small king graph where
  NetworkX's blossom matching finishes too (matching sizes compared).
- lemon-variants: LEMON's start options (greedyInit/init, startSparse/startDense).
--memory adds peak RSS at 4000x4000.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from generate import int_rows_text, king_edge_list_text, random_board_text, random_free
from peers import build_anchor
from timing import alternate, matching_size, ratio_cell, run_once, seconds_cell

HERE = Path(__file__).resolve().parent
MATCHGAME = [sys.executable, "-m", "matchgame", "placements"]
PEER = [sys.executable, str(HERE / "peers.py")]
TABLES = ("peers", "anchors", "king", "lemon-variants")


def peak_rss_mib(command: list[str]) -> float:
    """Peak resident memory of ``command``, measured from a fresh helper process."""
    helper = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
        "stderr=subprocess.DEVNULL, check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", helper, *command], capture_output=True, check=True)
    return int(out.stdout) / 1024


def board_file(workdir: Path, size: int, percent: float) -> Path:
    path = workdir / f"board-{size}-{percent:g}.txt"
    if not path.exists():
        path.write_bytes(random_board_text(size, percent))
    return path


def winning_count(answer: bytes) -> int:
    return 0 if answer.startswith(b"LOSE") else answer.count(b"\n") - 1


def check_same(results, reference: str, where: str) -> None:
    """Every finished command printed what ``reference`` printed."""
    expected = results[reference].stdout
    for name, result in results.items():
        if result.stdout is not None and expected is not None and result.stdout != expected:
            raise SystemExit(f"{name} disagrees with {reference} on {where}")


def build_anchors() -> dict[str, Path]:
    """The anchors that could be built; a note for each that could not."""
    built = {}
    for name in ("lemon_matching", "greedy_bfs"):
        binary, why_not = build_anchor(name)
        if binary is None:
            print(f"note: anchor skipped: {why_not}")
        else:
            built[name] = binary
    return built


def peers_table(args, workdir: Path) -> None:
    tiny = workdir / "tiny.txt"
    floor = alternate({"floor": [*MATCHGAME, str(tiny)]}, args.repeats, 60)["floor"].median
    print(f"startup floor (1x1 board, end to end): {floor:.3f} s\n")

    sizes = [200, 500] if args.quick else [1000, 2000]
    print(
        "| board | blocked | matchgame (s) | SciPy pipeline (s) | SciPy / matchgame |"
        " NetworkX (s) | NetworkX / matchgame |"
    )
    print("|---|---|---|---|---|---|---|")
    for size in sizes:
        for percent in (5, 10, 20, 40):
            path = board_file(workdir, size, percent)
            commands = {
                "matchgame": [*MATCHGAME, str(path)],
                "SciPy": [*PEER, "scipy", str(path)],
            }
            if size <= 500:
                commands["NetworkX"] = [*PEER, "networkx", str(path)]
            runs = {"SciPy": args.repeats if size <= 1000 else 3, "NetworkX": 3}
            timeouts = {"matchgame": 600, "SciPy": args.scipy_timeout, "NetworkX": 600}
            results = alternate(commands, args.repeats, timeouts, runs)
            check_same(results, "matchgame", str(path))
            ours = results["matchgame"].median
            scipy, networkx = results["SciPy"], results.get("NetworkX")
            print(
                f"| {size}x{size} | {percent}% | {ours:.2f} |"
                f" {seconds_cell(scipy, args.scipy_timeout)} |"
                f" {ratio_cell(scipy, ours, args.scipy_timeout)} |"
                f" {seconds_cell(networkx, 600)} | {ratio_cell(networkx, ours, 600)} |",
                flush=True,
            )
    print()


ANCHOR_BOARDS = [(1, 0), (1000, 20), (1000, 5), (2000, 5), (4000, 20)]
QUICK_ANCHOR_BOARDS = [(1, 0), (200, 20), (200, 5), (500, 5), (1000, 20)]


def anchors_table(args, workdir: Path, anchors: dict[str, Path]) -> None:
    print(
        "| board | blocked | winning cells | matchgame (s) | LEMON (s) | LEMON / matchgame |"
        " greedy+BFS (s) | greedy+BFS / matchgame |"
    )
    print("|---|---|---|---|---|---|---|---|")
    timeout = args.anchor_timeout
    for size, percent in QUICK_ANCHOR_BOARDS if args.quick else ANCHOR_BOARDS:
        path = board_file(workdir, size, percent)
        commands = {"matchgame": [*MATCHGAME, str(path)]}
        commands.update({name: [str(binary), str(path)] for name, binary in anchors.items()})
        timeouts = {**dict.fromkeys(anchors, timeout), "matchgame": 600}
        results = alternate(commands, args.repeats, timeouts)
        check_same(results, "matchgame", str(path))
        sizes = {matching_size(results[name].stderr) for name in anchors if results[name].stdout}
        if len(sizes) > 1:
            raise SystemExit(f"the anchors' matching sizes differ on {path}: {sizes}")
        ours = results["matchgame"].median
        lemon, greedy = results.get("lemon_matching"), results.get("greedy_bfs")
        print(
            f"| {size}x{size} | {percent}% | {winning_count(results['matchgame'].stdout):,} |"
            f" {ours:.2f} | {seconds_cell(lemon, timeout)} | {ratio_cell(lemon, ours, timeout)} |"
            f" {seconds_cell(greedy, timeout)} | {ratio_cell(greedy, ours, timeout)} |",
            flush=True,
        )
    print()


def lemon_variants_table(args, workdir: Path, lemon: Path) -> None:
    variants = {
        f"{init} + {start}": [str(lemon), f"--init={init}", f"--start={start}"]
        for init in ("greedy", "empty")
        for start in ("sparse", "dense")
    }
    variants["karp-sipser + sparse"] = [str(lemon), "--init=karp-sipser"]
    boards = [(500, 20), (500, 5)] if args.quick else [(1000, 20), (1000, 5)]
    print("| board | blocked | " + " | ".join(f"LEMON {name} (s)" for name in variants) + " |")
    print("|---|---|" + "---|" * len(variants))
    for size, percent in boards:
        path = board_file(workdir, size, percent)
        commands = {name: [*command, str(path)] for name, command in variants.items()}
        results = alternate(commands, args.repeats, args.anchor_timeout)
        check_same(results, next(iter(variants)), str(path))
        cells = " | ".join(seconds_cell(r, args.anchor_timeout) for r in results.values())
        print(f"| {size}x{size} | {percent}% | {cells} |", flush=True)
    print()


def matchgame_has_moves() -> bool:
    proc = subprocess.run([*MATCHGAME, "--help"], capture_output=True, text=True, check=True)
    return "--moves" in proc.stdout


def vertex_answer_as_cells(answer: bytes, free: np.ndarray) -> bytes:
    """An edge-list answer (vertex numbers of the free cells, row by row) as board cells."""
    if answer.startswith(b"LOSE"):
        return answer
    vertices = np.array(answer.split()[1:], dtype=np.int64)
    cells = np.flatnonzero(free.reshape(-1))[vertices - 1]
    rows, cols = np.divmod(cells, free.shape[1])
    return b"WIN\n" + int_rows_text(np.stack([rows + 1, cols + 1], axis=1))


def king_tables(args, workdir: Path, anchors: dict[str, Path]) -> None:
    lemon = anchors.get("lemon_matching")
    has_moves = matchgame_has_moves()
    if not has_moves:
        print("note: `matchgame placements` has no --moves yet: its king-board row is skipped")
    size, percent = (200, 10) if args.quick else (2000, 10)
    board = board_file(workdir, size, percent)
    edges = workdir / f"king-{size}-{percent}.txt"
    edges.write_bytes(king_edge_list_text(size, percent))
    commands = {}
    if has_moves:
        commands["matchgame --moves king (board)"] = [*MATCHGAME, "--moves", "king", str(board)]
    if lemon:
        commands["LEMON --moves king (board)"] = [str(lemon), "--moves", "king", str(board)]
    commands["matchgame --edges (king graph)"] = [*MATCHGAME, "--edges", str(edges)]
    if lemon:
        commands["LEMON --edges (king graph)"] = [str(lemon), "--edges", str(edges)]
    timeout = args.anchor_timeout
    results = alternate(commands, args.repeats, timeout)
    free = random_free(size, percent)
    answers = {
        name: r.stdout if "(board)" in name else vertex_answer_as_cells(r.stdout, free)
        for name, r in results.items()
        if r.stdout is not None
    }
    if len(set(answers.values())) > 1:
        raise SystemExit(f"king graph {size}x{size}: answers differ among {', '.join(answers)}")
    n_edges = int(edges.read_bytes().split(b"\n", 1)[0].split()[1])
    print(f"king moves, {size}x{size} board at {percent}% blocked ({n_edges:,} edges):\n")
    print("| program | input | seconds | / LEMON on the board |")
    print("|---|---|---|---|")
    lemon_board = results.get("LEMON --moves king (board)")
    reference = lemon_board.median if lemon_board else None
    for name, result in results.items():
        program, what = name.split(" (")
        print(
            f"| {program} | {what[:-1]} | {seconds_cell(result, timeout)} |"
            f" {ratio_cell(result, reference, timeout)} |"
        )
    print()

    small = 30 if args.quick else 60
    edges = workdir / f"king-{small}-{percent}.txt"
    edges.write_bytes(king_edge_list_text(small, percent))
    commands = {"matchgame": [*MATCHGAME, "--edges", str(edges)]}
    if lemon:
        commands["LEMON"] = [str(lemon), "--edges", str(edges)]
    commands["NetworkX"] = [*PEER, "networkx-general", str(edges)]
    timeouts = {"matchgame": 600, "LEMON": timeout, "NetworkX": args.scipy_timeout}
    results = alternate(commands, args.repeats, timeouts, {"NetworkX": 3})
    networkx = results.pop("NetworkX")
    check_same(results, "matchgame", str(edges))
    if lemon and networkx.stdout and int(networkx.stdout) != matching_size(results["LEMON"].stderr):
        raise SystemExit(f"NetworkX's matching size differs from LEMON's on {edges}")
    ours = results["matchgame"].median
    print(
        f"king graph of a {small}x{small} board at {percent}%, edge lists"
        " (NetworkX: maximum matching only):\n"
    )
    print("| matchgame (s) | LEMON (s) | LEMON / matchgame | NetworkX (s) | NetworkX / matchgame |")
    print("|---|---|---|---|---|")
    lemon_result = results.get("LEMON")
    print(
        f"| {ours:.2f} | {seconds_cell(lemon_result, timeout)} |"
        f" {ratio_cell(lemon_result, ours, timeout)} | {seconds_cell(networkx, args.scipy_timeout)}"
        f" | {ratio_cell(networkx, ours, args.scipy_timeout)} |\n",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scipy-timeout", type=float, default=120, help="and NetworkX's")
    parser.add_argument("--anchor-timeout", type=float, default=300, help="C++ anchors, king")
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--only", choices=TABLES, action="append", help="tables to print")
    parser.add_argument("--memory", action="store_true", help="also measure peak RSS at 4000x4000")
    args = parser.parse_args()
    tables = args.only or ["peers", "anchors", "king"]

    workdir = Path(tempfile.mkdtemp(prefix="matchgame-bench-"))
    tiny = workdir / "tiny.txt"
    tiny.write_text("1 1\n.\n")
    subprocess.run([*MATCHGAME, str(tiny)], check=True, capture_output=True)  # warm the OS caches

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.platform()}\n"
    )
    anchors = build_anchors() if set(tables) - {"peers"} or args.memory else {}
    if "peers" in tables:
        peers_table(args, workdir)
    if "anchors" in tables:
        anchors_table(args, workdir, anchors)
    if "lemon-variants" in tables and "lemon_matching" in anchors:
        lemon_variants_table(args, workdir, anchors["lemon_matching"])
    if "king" in tables:
        king_tables(args, workdir, anchors)

    if args.memory:
        for percent in (20, 5):
            path = board_file(workdir, 4000, percent)
            seconds, _, _ = run_once([*MATCHGAME, str(path)], 600)
            peak = peak_rss_mib([*MATCHGAME, str(path)])
            line = f"4000x4000 {percent}%: {seconds:.2f} s, peak RSS {peak:.0f} MiB"
            for name, binary in anchors.items() if percent == 20 else ():  # 5%: minutes
                line += f"; {name} peak RSS {peak_rss_mib([str(binary), str(path)]):.0f} MiB"
            print(line, flush=True)


if __name__ == "__main__":
    main()
