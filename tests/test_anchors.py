"""The C++ benchmark anchors (benchmarks/anchors/) print matchgame's answers.

Keeps the anchors honest: the benchmarks compare their speed with matchgame's, so
they must solve the same problem. Built with g++ when present; every test skips
when there is no compiler, the build fails, or (for LEMON and Boost) their headers
are missing, so CI never fails for want of a toolchain.
"""

import importlib.util
import subprocess
from pathlib import Path

import numpy as np
import pytest

from matchgame import analyse, parse_edge_list
from matchgame.generate import random_board
from matchgame.writers.placements import format_placements

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name):
    path = BENCHMARKS / f"{name}.py"
    if not path.exists():
        pytest.skip("not running from a source checkout")
    spec = importlib.util.spec_from_file_location(f"_benchmarks_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _anchor(name):
    binary, why_not = _load("peers").build_anchor(name)
    if binary is None:
        pytest.skip(why_not)
    return binary


@pytest.fixture(scope="module")
def greedy_bfs():
    return _anchor("greedy_bfs")


@pytest.fixture(scope="module")
def lemon():
    return _anchor("lemon_matching")


@pytest.fixture(scope="module")
def boost():
    return _anchor("boost_matching")


@pytest.fixture(scope="module")
def m4ri():
    return _anchor("m4ri_edge")


def run(binary, path, *options):
    proc = subprocess.run([str(binary), *options, str(path)], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


BOARDS = [
    (rows, cols, blocked, seed)
    for seed, (rows, cols) in enumerate([(1, 1), (1, 7), (2, 2), (3, 5), (6, 6), (9, 4), (12, 13)])
    for blocked in (0.0, 0.15, 0.35, 0.6)
]


@pytest.mark.parametrize("anchor", ["greedy_bfs", "lemon", "boost"])
def test_boards(anchor, request, tmp_path):
    binary = request.getfixturevalue(anchor)
    path = tmp_path / "board.txt"
    for rows, cols, blocked, seed in BOARDS:
        board = random_board(rows, cols, blocked, seed=seed)
        path.write_text(board.to_text())
        expected = format_placements(analyse(board), "jsoi")
        assert run(binary, path) == expected, board.to_text()


def random_edge_list(n, m, rng, bipartite):
    if bipartite:
        half = max(1, n // 2)
        left = rng.integers(1, half + 1, size=m)
        right = rng.integers(half + 1, n + 1, size=m) if n > half else left
        edges = np.stack([left, right], axis=1)
    else:
        edges = rng.integers(1, n + 1, size=(m, 2))  # self-loops and repeats included
    return f"{n} {m}\n" + "".join(f"{u} {v}\n" for u, v in edges.tolist())


@pytest.mark.parametrize(
    ("anchor", "bipartite"),
    [("greedy_bfs", True), ("lemon", True), ("lemon", False), ("boost", True), ("boost", False)],
)
def test_edge_lists(anchor, bipartite, request, tmp_path):
    binary = request.getfixturevalue(anchor)
    rng = np.random.default_rng(7)
    path = tmp_path / "edges.txt"
    for n in (1, 2, 3, 5, 8, 13, 30, 60):
        for density in (0.5, 1.0, 2.0):
            text = random_edge_list(n, int(density * n), rng, bipartite)
            path.write_text(text)
            expected = format_placements(analyse(parse_edge_list(text)), "jsoi")
            assert run(binary, path, "--edges") == expected, text


def test_greedy_bfs_refuses_an_odd_cycle(greedy_bfs, tmp_path):
    path = tmp_path / "triangle.txt"
    path.write_text("3 3\n1 2\n2 3\n3 1\n")
    proc = subprocess.run([str(greedy_bfs), "--edges", str(path)], capture_output=True)
    assert proc.returncode == 2 and proc.stdout == b""
    assert b"not bipartite" in proc.stderr


@pytest.mark.parametrize("init", ["empty", "greedy", "karp-sipser"])
@pytest.mark.parametrize("start", ["dense", "sparse"])
def test_lemon_starts_and_king_moves(lemon, init, start, tmp_path):
    """Every start gives the same answer; the king graph built from the board (in
    C++) and written as an edge list (benchmarks/generate.py) agree with matchgame."""
    generate = _load("generate")
    board_path, edges_path = tmp_path / "board.txt", tmp_path / "king.txt"
    for seed, (size, percent) in enumerate([(1, 0), (3, 0), (5, 20), (8, 10), (11, 35)]):
        board_path.write_bytes(generate.random_board_text(size, percent, seed))
        free = generate.random_free(size, percent, seed)
        text = generate.king_edge_list_text(size, percent, seed)
        edges_path.write_bytes(text)
        options = (f"--init={init}", f"--start={start}")
        analysis = analyse(parse_edge_list(text))
        expected = format_placements(analysis, "jsoi")
        assert run(lemon, edges_path, "--edges", *options) == expected
        cells = np.flatnonzero(free.reshape(-1))[np.flatnonzero(analysis.decomposition.missable)]
        lines = "".join(f"{c // size + 1} {c % size + 1}\n" for c in cells.tolist())
        expected_cells = ("WIN\n" + lines if lines else "LOSE\n").encode()
        assert run(lemon, board_path, "--moves", "king", *options) == expected_cells


def test_m4ri_edge_game_boards(m4ri, tmp_path):
    """The edge game's anchor (dense GF(2) kernels with M4RI) prints matchgame's
    answer byte for byte, on boards and on bipartite multigraphs (repeated edges)."""
    path = tmp_path / "board.txt"
    for rows, cols, blocked, seed in [*BOARDS, (40, 37, 0.2, 3), (64, 65, 0.1, 5)]:
        board = random_board(rows, cols, blocked, seed=seed)
        path.write_text(board.to_text())
        expected = format_placements(analyse(board, game="edge"), "jsoi")
        assert run(m4ri, path) == expected, board.to_text()


def test_m4ri_edge_game_edge_lists(m4ri, tmp_path):
    rng = np.random.default_rng(11)
    path = tmp_path / "edges.txt"
    for n in (2, 3, 5, 8, 13, 30, 60, 130):  # n = 1 would make loops, which the anchor drops
        for density in (0.5, 1.0, 2.0):
            text = random_edge_list(n, int(density * n), rng, bipartite=True)
            path.write_text(text)
            graph = parse_edge_list(text, multigraph=True)
            expected = format_placements(analyse(graph, game="edge"), "jsoi")
            assert run(m4ri, path, "--edges") == expected, text
