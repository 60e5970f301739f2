"""The placement game on a board: JSOI2009 "Game" (BZOJ 1443) and LOJ 6033.

Input ``N M`` then ``N`` rows of ``M`` characters, ``.`` free and ``#`` blocked,
``1 <= N, M <= 100``. JSOI2009's output: ``WIN`` and the winning cells (``row col``,
1-based, row-major), or ``LOSE``; LOJ 6033's: their number, then the cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import matchgame

from .. import draw, generate
from ..writers.placements import format_placements
from ._reader import StrictReader
from .problems import Problem, Size, chunks, numbers, plural

__all__ = ["BoardCase", "BoardProblem"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class BoardCase:
    """A board as rows of ``.`` and ``#``."""

    rows: tuple[str, ...]

    @classmethod
    def from_free(cls, free: np.ndarray) -> BoardCase:
        return cls(tuple("".join("." if x else "#" for x in row) for row in free.tolist()))

    @property
    def free(self) -> np.ndarray:
        return np.array([[c == "." for c in row] for row in self.rows], dtype=bool)

    def text(self) -> bytes:
        return (
            f"{len(self.rows)} {len(self.rows[0])}\n" + "".join(r + "\n" for r in self.rows)
        ).encode()

    def describe(self) -> str:
        free = sum(row.count(".") for row in self.rows)
        return f"a {len(self.rows)}x{len(self.rows[0])} board, {plural(free, 'free cell')}"

    def analysis(self) -> matchgame.Analysis:
        return matchgame.game("vertex").analyse(matchgame.Board(self.free))


def _dims(rng: np.random.Generator, size: Size) -> tuple[int, int]:
    return int(rng.integers(1, size.first + 1)), int(rng.integers(1, size.second + 1))


def _domino_tiled(rng: np.random.Generator, n: int, m: int) -> np.ndarray:
    """Free cells covered by dominoes laid at random: a perfect matching, so every
    placement loses."""
    free = np.zeros((n, m), dtype=bool)
    for flat in rng.permutation(n * m).tolist():
        r, c = divmod(flat, m)
        if free[r, c]:
            continue
        options = [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < m and not free[r + dr, c + dc]
        ]
        if options and rng.random() < 0.9:
            other = options[int(rng.integers(len(options)))]
            free[r, c] = free[other] = True
    return free


def _independent(rng: np.random.Generator, n: int, m: int) -> np.ndarray:
    """Free cells no two of which touch: every placement wins (the opponent cannot move)."""
    free = np.zeros((n + 2, m + 2), dtype=bool)
    for flat in rng.permutation(n * m).tolist():
        r, c = divmod(flat, m)
        r, c = r + 1, c + 1
        near = free[r - 1, c] or free[r + 1, c] or free[r, c - 1] or free[r, c + 1]
        if not near and rng.random() < 0.7:
            free[r, c] = True
    return free[1:-1, 1:-1]


def _serpentine(rng: np.random.Generator, n: int, m: int) -> np.ndarray:
    """A corridor winding row by row (a path), cut at a random length."""
    free = np.zeros((n, m), dtype=bool)
    cells: list[Cell] = []
    for r in range(0, n, 2):
        row = [(r, c) for c in range(m)]
        cells += row if (r // 2) % 2 == 0 else row[::-1]
        if r + 1 < n:
            cells.append((r + 1, m - 1 if (r // 2) % 2 == 0 else 0))
    for cell in cells[: int(rng.integers(1, len(cells) + 1))]:
        free[cell] = True
    return free


class BoardProblem(Problem):
    """JSOI2009 (``jsoi``) or LOJ 6033 (``loj``): the same game, two output formats."""

    size_names = ("rows", "columns")
    families = (
        "random",
        "sparse",
        "dense",
        "max-size",
        "all-lose",
        "all-win",
        "serpentine",
        "corridor",
        "walled-serpentine",
        "small",
    )
    stress_families = tuple(f for f in families if f != "max-size")

    def __init__(self, style: str) -> None:
        self.name = style
        self.style = style
        self.title = 'JSOI2009 "Game" (BZOJ 1443)' if style == "jsoi" else "LOJ 6033"
        self.limits = Size(100, 100)
        self.file_name = "game"
        self.input_format = (
            "`N M` (1 to 100 each), then `N` rows of `M` characters: `.` a free cell, `#` a "
            "blocked one"
        )
        cells = (
            "every cell where the placer wins as `ROW COL` (counted from 1), one a line, in "
            "row-major order"
        )
        self.output_format = (
            f"`WIN`, then {cells}; or the single line `LOSE` when there is none"
            if style == "jsoi"
            else f"the number of winning cells, then {cells} (`0` alone when there is none)"
        )

    def generate(self, family: str, rng: np.random.Generator, size: Size) -> BoardCase:
        n, m = _dims(rng, size)
        if family == "max-size":
            n, m = size.first, size.second
        if family == "small":
            n, m = min(n, 4), min(m, 4)
        if family in ("random", "max-size", "small"):
            blocked = float(rng.choice([0.0, 0.1, 0.25, 0.4, 0.6]))
        else:
            blocked = float(rng.uniform(0.55, 0.85) if family == "sparse" else rng.uniform(0, 0.1))
        if family == "all-lose":
            return BoardCase.from_free(_domino_tiled(rng, n, m))
        if family == "all-win":
            return BoardCase.from_free(_independent(rng, n, m))
        if family == "serpentine":
            return BoardCase.from_free(_serpentine(rng, n, m))
        if family == "corridor" and size.first >= 9 and size.second >= 2:
            k = int(rng.integers(1, (size.first - 5) // 4 + 1))
            record = generate.corridor_record(4 * k + 5, max(2, m))
            return BoardCase.from_free(record.board.arena.free)
        if family == "walled-serpentine" and size.first >= 4 and size.second >= 3:
            record = generate.walled_serpentine_record(max(4, n), max(3, m))
            return BoardCase.from_free(record.board.arena.free)
        board = generate.random_board(n, m, blocked, seed=rng)
        return BoardCase.from_free(board.free)

    def validate(self, data: bytes, size: Size | None = None) -> BoardCase:
        limits = size or self.limits
        inf = StrictReader(data)
        n, m = inf.read_ints([(1, limits.first, "N"), (1, limits.second, "M")])
        rows = tuple(inf.read_line(b".#", m, f"row {i + 1}").decode() for i in range(n))
        inf.read_eof()
        return BoardCase(rows)

    def answer(self, case: BoardCase) -> bytes:
        return format_placements(case.analysis(), self.style)

    def measure(self, case: BoardCase) -> tuple[int, ...]:
        return (len(case.rows) * len(case.rows[0]), sum(r.count(".") for r in case.rows))

    def reductions(self, case: BoardCase) -> Iterator[BoardCase]:
        rows = case.rows
        for start, stop in chunks(len(rows)):
            yield BoardCase(rows[:start] + rows[stop:])
        for start, stop in chunks(len(rows[0])):
            yield BoardCase(tuple(row[:start] + row[stop:] for row in rows))
        free = np.flatnonzero(case.free.reshape(-1)).tolist()
        width = len(rows[0])
        for start, stop in chunks(len(free), least=0):
            cells = [list(row) for row in rows]
            for flat in free[start:stop]:
                cells[flat // width][flat % width] = "#"
            yield BoardCase(tuple("".join(row) for row in cells))

    # -- explaining -----------------------------------------------------------------

    def _cells(self, data: bytes) -> tuple[str, list[Cell]] | None:
        """The head token (``WIN``/``LOSE`` or the count) and the cells, 0-based."""
        tokens = data.split()
        if not tokens:
            return None
        values = numbers([t.decode("latin-1") for t in tokens[1:]])
        if values is None or len(values) % 2:
            return None
        pairs = [(values[i] - 1, values[i + 1] - 1) for i in range(0, len(values), 2)]
        return tokens[0].decode("latin-1"), pairs

    def focus(
        self, case: BoardCase, expected: bytes, received: bytes | None
    ) -> tuple[str, Cell | None]:
        """What the outputs disagree on, in words, and the cell to explain."""
        want = self._cells(expected)
        assert want is not None
        head, cells = want
        if received is None:
            cell = cells[0] if cells else None
            return "", cell
        got = self._cells(received)
        if got is None:
            return "the output is not a list of cells", cells[0] if cells else None
        missing = [c for c in cells if c not in set(got[1])]
        extra = [c for c in got[1] if c not in set(cells)]
        if missing:
            r, c = missing[0]
            return f"the cell ({r + 1}, {c + 1}) wins but is not in the output", missing[0]
        if extra:
            r, c = extra[0]
            if not (0 <= r < len(case.rows) and 0 <= c < len(case.rows[0])):
                return f"the output names ({r + 1}, {c + 1}), which is off the board", None
            if case.rows[r][c] != ".":
                return f"the output names ({r + 1}, {c + 1}), a blocked cell", None
            return f"the output names ({r + 1}, {c + 1}), where the placer loses", extra[0]
        if got[0] != head:
            return f"the first line should be {head!r}, not {got[0]!r}", cells[0] if cells else None
        if len(got[1]) != len(set(got[1])):
            return "the output names a cell twice", None
        return "the right cells in the wrong order (row by row, then column by column)", None

    def why(self, case: BoardCase, focus: Cell) -> str:
        return case.analysis().explain(focus).text()

    def picture(self, case: BoardCase, expected: bytes, received: bytes | None, path: Path) -> None:
        analysis = case.analysis()
        _, cell = self.focus(case, expected, received)
        scene = (
            draw.analysis_scene(analysis, matching=True)
            if cell is None
            else draw.explain_scene(analysis.explain(cell))
        )
        draw.save(scene, path)
