"""The problems a contest toolkit knows, and what a judge does with their outputs.

Each problem (:data:`.catalog.PROBLEMS`, looked up by :func:`.catalog.find_problem`) has its
statement's limits, families of generated inputs, a validator, the expected answer
(computed through matchgame's public API), the steps that shrink an input, and the
explanation of a right answer; the problems live in :mod:`.boards` (JSOI2009 and
LOJ 6033), :mod:`.records` (NOI2011) and :mod:`.graphs` (any graph, the vertex and
the edge game). :func:`~.compare.compare` is the judge's comparison: the outputs'
tokens, as testlib's ``wcmp`` compares them (spaces, line breaks and trailing
whitespace are not judged), from :mod:`.compare`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..core._validate import plural
from ..errors import InvalidInputError
from ._shown import line as shown_line
from .compare import Difference, compare

__all__ = [
    "VERDICTS",
    "Case",
    "Difference",
    "Problem",
    "Size",
    "chunks",
    "compare",
    "plural",
    "verdict_text",
]

VERDICTS = (
    "accepted",
    "wrong-answer",
    "runtime-error",
    "time-limit",
    "memory-limit",
    "output-limit",
)
"""A run's verdict classes, as a judge names them."""

_VERDICT_WORDS = {
    "accepted": "accepted",
    "wrong-answer": "wrong answer",
    "runtime-error": "runtime error",
    "time-limit": "time limit exceeded",
    "memory-limit": "memory limit exceeded",
    "output-limit": "output limit exceeded",
}


def verdict_text(verdict: str) -> str:
    """A verdict class in words (``wrong-answer`` -> ``wrong answer``)."""
    return _VERDICT_WORDS[verdict]


class Case(Protocol):
    """One input of a problem: what a program reads, and what a person reads."""

    def text(self) -> bytes:
        """The input as the statement lays it out."""
        ...

    def describe(self) -> str:
        """A few words: ``a 3x4 board``, ``a graph of 5 vertices and 7 edges``."""
        ...


@dataclass(frozen=True)
class Size:
    """Two numbers that bound an input: rows and columns of a board, or vertices and
    edges of a graph."""

    first: int
    second: int

    def text(self) -> str:
        return f"{self.first}x{self.second}"

    def scaled(self, fraction: float) -> Size:
        """This size times ``fraction`` (at least 1 each)."""
        return Size(max(1, round(self.first * fraction)), max(1, round(self.second * fraction)))


def chunks(count: int, *, least: int = 1) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges of ``range(count)`` to drop, as delta debugging tries
    them: halves first, then quarters, ... then single items; never so many that
    fewer than ``least`` would be left."""
    size = count // 2 or 1
    seen = set()
    while True:
        for start in range(0, count, size):
            stop = min(count, start + size)
            if count - (stop - start) >= least and (start, stop) not in seen:
                seen.add((start, stop))
                yield start, stop
        if size == 1:
            return
        size = max(1, size // 2)


class Problem(ABC):
    """One problem: its statement's limits, inputs, answers and shrinking steps."""

    name: str
    title: str
    limits: Size
    size_names: tuple[str, str]
    file_name: str  # file I/O: NAME.in and NAME.out
    families: tuple[str, ...]
    input_format: str  # the statement's input, in a sentence (the contest tutorial's table)
    output_format: str  # the statement's output, as the judge compares it

    def parse_size(self, text: str) -> Size:
        """``--max-size``: ``AxB`` or ``A`` (then B from the statement's ratio)."""
        found = re.fullmatch(r"\s*(\d+)\s*(?:[xX*,]\s*(\d+))?\s*", text)
        if found is None:
            raise InvalidInputError(
                f"--max-size {text!r}: expected {self.size_names[0]}x{self.size_names[1]} "
                f"(e.g. {self.limits.text()})"
            )
        first = int(found.group(1))
        second = int(found.group(2)) if found.group(2) else self.default_second(first)
        if first < 1 or second < self.least_second:
            raise InvalidInputError(
                f"--max-size {text!r}: {self.size_names[0]} must be at least 1 and "
                f"{self.size_names[1]} at least {self.least_second}"
            )
        return Size(first, second)

    least_second = 1

    def default_second(self, first: int) -> int:
        """The second number of ``--max-size A``."""
        return max(1, first * self.limits.second // self.limits.first)

    # -- inputs ---------------------------------------------------------------------

    @abstractmethod
    def generate(self, family: str, rng: np.random.Generator, size: Size) -> Case:
        """An input of ``family`` within ``size``."""

    def stress_case(self, rng: np.random.Generator, size: Size) -> Case:
        """A stress run's input: a family drawn at random, its size drawn within ``size``."""
        family = self.stress_families[int(rng.integers(len(self.stress_families)))]
        return self.generate(family, rng, size)

    stress_families: tuple[str, ...] = ()

    @abstractmethod
    def validate(self, data: bytes, size: Size | None = None) -> Case:
        """The input read strictly against the statement (``size``: other limits);
        :class:`~matchgame.errors.ParseError` naming the first thing wrong."""

    @abstractmethod
    def answer(self, case: Any) -> bytes:
        """The expected output, from matchgame."""

    # -- shrinking ------------------------------------------------------------------

    @abstractmethod
    def reductions(self, case: Any) -> Iterator[Any]:
        """Smaller inputs, one step away, the biggest steps first; each valid and of a
        smaller :meth:`measure`."""

    @abstractmethod
    def measure(self, case: Any) -> tuple[int, ...]:
        """What shrinking makes smaller, compared as tuples."""

    # -- explaining -----------------------------------------------------------------

    @abstractmethod
    def focus(self, case: Any, expected: bytes, received: bytes | None) -> tuple[str, Any]:
        """What the outputs disagree on, in words (empty when ``received`` is None: no
        output to judge), and the cell, vertex or move to explain (None: none)."""

    @abstractmethod
    def why(self, case: Any, focus: Any) -> str:
        """Why matchgame's answer is right at ``focus``."""

    def explain(
        self,
        case: Any,
        expected: bytes,
        received: bytes | None,
        difference: Difference | None = None,
    ) -> list[str]:
        """Lines that say where the outputs first differ (``difference``, else found
        here), which cell, vertex or move they disagree on and why matchgame's answer
        is right there (what comes from the received output cut and escaped, as a
        report shows it)."""
        lines = []
        if received is not None:
            difference = difference or compare(expected, received)
            if difference is not None:
                lines.append(f"first difference: {difference.text()}")
        what, focus = self.focus(case, expected, received)
        if what:
            lines.append(shown_line(what))
        if focus is not None:
            lines.append(f"why: {self.why(case, focus)}")
        return lines

    @abstractmethod
    def picture(self, case: Any, expected: bytes, received: bytes | None, path: Path) -> None:
        """Draw the input and the explanation to ``path`` (.svg or .png)."""


def numbers(tokens: Sequence[str]) -> list[int] | None:
    """The tokens as integers, or None when one is not an integer."""
    try:
        return [int(token) for token in tokens]
    except ValueError:
        return None
