"""A strict reader of contest inputs, as testlib's validators read them.

``inf.read_int(1, 100, "n")`` reads one integer in range, ``read_space`` exactly one
space, ``read_eoln`` exactly one ``\\n``, ``read_eof`` the end; anything else is a
:class:`~matchgame.errors.ParseError` whose one line names the line, the column and
what was expected, as testlib's ``inf.readInt(1, 100, "n")`` would say it.
"""

from __future__ import annotations

import re

from ..core._validate import plural
from ..errors import ParseError

__all__ = ["StrictReader"]

_INT = re.compile(rb"-?[0-9]+")


class StrictReader:
    """The input's bytes, read token by token with exact whitespace."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0
        self.line = 1
        self.line_start = 0

    def fail(self, message: str) -> ParseError:
        """The error to raise at the current place."""
        return ParseError(message, line=self.line, column=self.at - self.line_start + 1)

    def _shown(self) -> str:
        if self.at >= len(self.data):
            return "the end of the file"
        char = self.data[self.at : self.at + 1]
        return {b"\n": "a line break", b" ": "a space", b"\r": "a carriage return"}.get(
            char, repr(char.decode("latin-1"))
        )

    def read_int(self, low: int, high: int, name: str) -> int:
        """An integer ``low <= x <= high`` (no sign on 0, no leading zeros)."""
        found = _INT.match(self.data, self.at)
        if found is None:
            raise self.fail(f"expected the integer {name}, found {self._shown()}")
        text = found.group().decode()
        if (text.lstrip("-").startswith("0") and text not in ("0",)) or text == "-0":
            raise self.fail(f"{name} = {text}: leading zeros")
        value = int(text)
        if not low <= value <= high:
            raise self.fail(f"{name} = {value} is outside {low}..{high}")
        self.at = found.end()
        return value

    def read_line(self, pattern: bytes, length: int, name: str) -> bytes:
        """``length`` characters, each one of ``pattern``, then a line break."""
        end = self.data.find(b"\n", self.at)
        stop = len(self.data) if end < 0 else end
        text = self.data[self.at : stop]
        for offset, code in enumerate(text[:length]):
            if bytes([code]) not in pattern:
                self.at += offset
                allowed = " ".join(repr(chr(c)) for c in pattern)
                raise self.fail(f"{name}: {self._shown()} is not one of {allowed}")
        if len(text) != length:
            self.at += min(len(text), length)  # where the line should have ended
            raise self.fail(f"{name} has {plural(len(text), 'character')}, expected {length}")
        self.at = stop
        self.read_eoln()
        return text

    def read_space(self) -> None:
        """Exactly one space."""
        if self.data[self.at : self.at + 1] != b" ":
            raise self.fail(f"expected a space, found {self._shown()}")
        self.at += 1

    def read_eoln(self) -> None:
        """Exactly one line break."""
        if self.data[self.at : self.at + 1] != b"\n":
            raise self.fail(f"expected the end of the line, found {self._shown()}")
        self.at += 1
        self.line += 1
        self.line_start = self.at

    def read_eof(self) -> None:
        """The end of the input."""
        if self.at != len(self.data):
            raise self.fail(f"expected the end of the file, found {self._shown()}")

    def read_ints(self, bounds: list[tuple[int, int, str]]) -> list[int]:
        """Integers on one line, one space apart, then a line break."""
        values = []
        for k, (low, high, name) in enumerate(bounds):
            if k:
                self.read_space()
            values.append(self.read_int(low, high, name))
        self.read_eoln()
        return values
