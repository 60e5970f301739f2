"""NOI2011 "Bunny and Egg" (BZOJ 2437): Bunny's mistakes in a record Egg won.

Input ``n m``, ``n`` rows of ``O``, ``X`` and one ``.``, ``k``, then ``2k`` moves
``x y``; ``1 <= n, m <= 40``, ``1 <= k <= 1000``, the moves legal and Egg winning
in the end (Bunny cannot move after the last one). Output: the number of Bunny's
mistakes, then their move numbers, one a line.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import matchgame

from .. import draw, generate
from ..errors import InvalidInputError, ParseError
from ..writers.records import format_mistakes
from ._reader import StrictReader
from .problems import Problem, Size, chunks, numbers, plural

__all__ = ["RecordCase", "RecordProblem"]

Cell = tuple[int, int]
MAX_ROUNDS = 1000
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class RecordCase:
    """A start (rows of ``O``, ``X``, one ``.``) and the moves, 0-based cells."""

    rows: tuple[str, ...]
    moves: tuple[Cell, ...]

    def text(self) -> bytes:
        head = f"{len(self.rows)} {len(self.rows[0])}\n" + "".join(r + "\n" for r in self.rows)
        moves = "".join(f"{r + 1} {c + 1}\n" for r, c in self.moves)
        return f"{head}{len(self.moves) // 2}\n{moves}".encode()

    def describe(self) -> str:
        rounds = plural(len(self.moves) // 2, "round")
        return f"a {len(self.rows)}x{len(self.rows[0])} board, {rounds}"

    @property
    def empty(self) -> Cell:
        for r, row in enumerate(self.rows):
            if "." in row:
                return r, row.index(".")
        raise ValueError("no empty cell")

    def record(self) -> matchgame.GameRecord:
        return matchgame.parse_noi_record(self.text())

    def path(self) -> list[Cell]:
        return [self.empty, *self.moves]


def _after(case: RecordCase) -> list[list[str]]:
    """The pieces after every move (the empty cell walks the path)."""
    cells = [list(row) for row in case.rows]
    path = case.path()
    for (r0, c0), (r1, c1) in itertools.pairwise(path):
        cells[r0][c0], cells[r1][c1] = cells[r1][c1], "."
    return cells


def _neighbours(case: RecordCase, cell: Cell) -> Iterator[Cell]:
    n, m = len(case.rows), len(case.rows[0])
    for dr, dc in _STEPS:
        r, c = cell[0] + dr, cell[1] + dc
        if 0 <= r < n and 0 <= c < m:
            yield r, c


def sealed(case: RecordCase) -> RecordCase:
    """The record with Egg's win made sure: every white piece next to the final empty
    cell (never moved, as the empty cell never returns) turned black."""
    after = _after(case)
    end = case.path()[-1]
    rows = [list(row) for row in case.rows]
    for r, c in _neighbours(case, end):
        if after[r][c] == "O":
            rows[r][c] = "X"
    return RecordCase(tuple("".join(row) for row in rows), case.moves)


def _from_record(record: matchgame.GameRecord) -> RecordCase:
    rows = tuple(record.board.rows())
    moves = tuple((int(r), int(c)) for r, c in record.moves.tolist())
    return sealed(RecordCase(rows, moves))


def _arena(case: RecordCase) -> list[Cell]:
    """The cells the empty cell could ever enter: black on the start's parity, white
    on the other (the start itself counts as black)."""
    er, ec = case.empty
    return [
        (r, c)
        for r, row in enumerate(case.rows)
        for c, piece in enumerate(row)
        if (piece in "X." if (r + c) % 2 == (er + ec) % 2 else piece == "O")
    ]


class RecordProblem(Problem):
    """NOI2011 "Bunny and Egg": the mistakes in a record."""

    name = "noi"
    title = 'NOI2011 "Bunny and Egg" (BZOJ 2437)'
    limits = Size(40, 40)
    size_names = ("rows", "columns")
    file_name = "game"
    input_format = (
        "`n m` (1 to 40 each), `n` rows of `m` characters: `O` a white piece, `X` a black "
        "one, exactly one `.` (the empty cell); then `k` and `2k` lines `x y` (counted from "
        "1): Bunny's move `i` on line `2i - 1`, Egg's on line `2i`, each the cell of the "
        "piece moved into the empty cell; Egg wins in the end"
    )
    output_format = (
        "the number `r` of Bunny's mistakes (moves after which Egg wins where Bunny could "
        "win before), then the `r` move numbers in increasing order, one a line"
    )
    families = (
        "random",
        "checkerboard",
        "max-size",
        "serpentine",
        "walled-serpentine",
        "corridor",
        "small",
    )
    stress_families = ("random", "checkerboard", "serpentine", "corridor", "small", "random")

    least_second = 2

    def parse_size(self, text: str) -> Size:
        size = super().parse_size(text)
        if size.first < 2:
            raise InvalidInputError(f"--max-size {text!r}: a record needs 2x2 cells at least")
        return size

    def generate(self, family: str, rng: np.random.Generator, size: Size) -> RecordCase:
        size = Size(max(2, size.first), max(2, size.second))  # the least board with a round
        n, m = int(rng.integers(1, size.first + 1)), int(rng.integers(1, size.second + 1))
        if family == "max-size":
            n, m = size.first, size.second
        if family == "small":
            n, m = min(n, 4), min(m, 4)
        if family == "serpentine" and min(size.first, size.second) >= 3:
            side = min(max(n, 3), max(m, 3), size.first, size.second, 43)
            return _from_record(generate.serpentine_record(side - 1 + side % 2))
        if family == "walled-serpentine" and size.first >= 4 and size.second >= 3:
            n, m = max(4, n), max(3, m)
            if n * (m - 2) <= 2 * MAX_ROUNDS:
                return _from_record(generate.walled_serpentine_record(n, m))
        if family == "corridor" and size.first >= 9 and size.second >= 2:
            k = int(rng.integers(1, (size.first - 5) // 4 + 1))
            return _from_record(generate.corridor_record(4 * k + 5, max(2, m)))
        return self._played(rng, n, m, checkerboard=family in ("checkerboard", "max-size"))

    def _played(self, rng: np.random.Generator, n: int, m: int, checkerboard: bool) -> RecordCase:
        """A game played to its end: Bunny at random, Egg well; on a board where Bunny
        cannot move at all, another one (a record has a round at least)."""
        for _ in range(20):
            board = generate.random_bunny_board(n, m, rng, checkerboard=checkerboard)
            record = generate.play_record(board, rng, max_rounds=MAX_ROUNDS)
            if record.n_rounds:
                return _from_record(record)
            checkerboard = checkerboard or rng.random() < 0.3
            n, m = max(n, 2), max(m, 2)
        return self.validate(b"2 2\n.O\nXX\n1\n1 2\n2 2\n")

    def validate(self, data: bytes, size: Size | None = None) -> RecordCase:
        limits = size or self.limits
        inf = StrictReader(data)
        n, m = inf.read_ints([(1, limits.first, "n"), (1, limits.second, "m")])
        rows = tuple(inf.read_line(b"XO.", m, f"row {i + 1}").decode() for i in range(n))
        empties = sum(row.count(".") for row in rows)
        if empties != 1:
            raise ParseError(f"the board has {empties} empty cells '.', expected exactly one")
        (k,) = inf.read_ints([(1, MAX_ROUNDS, "k")])
        moves = []
        for i in range(2 * k):
            x, y = inf.read_ints(
                [(1, n, f"x of move line {i + 1}"), (1, m, f"y of move line {i + 1}")]
            )
            moves.append((x - 1, y - 1))
        inf.read_eof()
        case = RecordCase(rows, tuple(moves))
        case.record()  # the moves are legal
        if sealed(case).rows != case.rows:
            raise ParseError("Egg has not won at the end: Bunny can still move")
        return case

    def answer(self, case: RecordCase) -> bytes:
        return format_mistakes(matchgame.analyse_record(case.record()), "noi")

    def measure(self, case: RecordCase) -> tuple[int, ...]:
        return (len(case.rows) * len(case.rows[0]), len(case.moves), len(_arena(case)))

    def reductions(self, case: RecordCase) -> Iterator[RecordCase]:
        rounds = len(case.moves) // 2
        for start, stop in chunks(rounds, least=1):
            if stop == rounds:  # only the end of a record can go
                yield sealed(RecordCase(case.rows, case.moves[: 2 * start]))
        path = set(case.path())
        n, m = len(case.rows), len(case.rows[0])
        for r in range(n):
            if n > 1 and all((r, c) not in path for c in range(m)):
                rows = case.rows[:r] + case.rows[r + 1 :]
                moves = tuple((x - (x > r), y) for x, y in case.moves)
                yield from self._if_legal(RecordCase(rows, moves))
        for c in range(m):
            if m > 1 and all((r, c) not in path for r in range(n)):
                rows = tuple(row[:c] + row[c + 1 :] for row in case.rows)
                moves = tuple((x, y - (y > c)) for x, y in case.moves)
                yield from self._if_legal(RecordCase(rows, moves))
        for r, c in _arena(case):
            if (r, c) not in path:
                cells = [list(row) for row in case.rows]
                cells[r][c] = "O" if cells[r][c] == "X" else "X"
                yield RecordCase(tuple("".join(row) for row in cells), case.moves)

    def _if_legal(self, case: RecordCase) -> Iterator[RecordCase]:
        case = sealed(case)
        try:
            case.record()
        except matchgame.MatchgameError:
            return
        yield case

    # -- explaining -----------------------------------------------------------------

    def focus(
        self, case: RecordCase, expected: bytes, received: bytes | None
    ) -> tuple[str, int | None]:
        """What the outputs disagree on, and Bunny's move to explain (1-based)."""
        want = numbers([t.decode() for t in expected.split()]) or [0]
        mistakes = want[1:]
        if received is None:
            return "", mistakes[0] if mistakes else None
        got = numbers([t.decode("latin-1") for t in received.split()])
        if not got:
            return "the output is not a list of numbers", mistakes[0] if mistakes else None
        listed = got[1:]
        missing = [i for i in mistakes if i not in listed]
        extra = [i for i in listed if i not in mistakes]
        if missing:
            return f"Bunny's move {missing[0]} is a mistake but is not in the output", missing[0]
        if extra:
            i = extra[0]
            if not 1 <= i <= len(case.moves) // 2:
                return f"the output names move {i}; Bunny made {len(case.moves) // 2}", None
            return f"the output names Bunny's move {i}, which is no mistake", i
        if got[0] != want[0]:
            return (
                f"the first line should be {want[0]} (the number of mistakes), not {got[0]}",
                None,
            )
        return "the right moves in the wrong order (increasing)", None

    def why(self, case: RecordCase, move: int) -> str:
        analysis = matchgame.analyse_record(case.record())
        note = analysis.notes[2 * (move - 1)]
        cell = f"({note.move[0] + 1}, {note.move[1] + 1})"  # type: ignore[index]
        if not note.winning_before:
            return (
                f"before Bunny's move {move}, sliding {cell}, Egg could already force a win "
                "(the empty cell is missed by some maximum matching of the cells still "
                "free): a move cannot throw away a win Bunny did not have"
            )
        better = note.winning_move
        hint = f" (the winning move was ({better[0] + 1}, {better[1] + 1}))" if better else ""  # type: ignore[index]
        if note.winning_after:
            return (
                f"before Bunny's move {move} Bunny could force a win, and sliding {cell} "
                "keeps it (the empty cell stays on cells every maximum matching covers)"
            )
        return (
            f"before Bunny's move {move} Bunny could force a win (every maximum matching "
            f"of the free cells covers the empty cell), but after sliding {cell} Egg can: "
            f"a maximum matching misses the new empty cell{hint}"
        )

    def picture(
        self, case: RecordCase, expected: bytes, received: bytes | None, path: Path
    ) -> None:
        analysis = matchgame.analyse_record(case.record())
        _, move = self.focus(case, expected, received)
        upto = None if move is None else 2 * move - 1
        draw.save(draw.record_scene(analysis, upto), path)
