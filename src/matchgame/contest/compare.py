"""The judge's comparison of outputs: tokens, as testlib's ``wcmp`` compares them
(spaces, line breaks and trailing whitespace are not judged), read as the output
comes and stopped at the first difference.

A :class:`Comparison` takes the received output in pieces (:meth:`~Comparison.feed`)
and keeps only what it needs: the expected tokens, the part of a token cut by the
end of a piece (never much longer than the expected token it is compared with),
and the first difference once found; after it, bytes are only counted. So judging
costs what the output's first differing token costs, whatever follows it: twelve
megabytes that differ at their third token are judged in a few milliseconds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Comparison", "Difference", "compare"]

_TOKEN = re.compile(rb"\S+")
_SHOWN = 40  # characters of a token a difference shows


def _cut(token: bytes) -> str:
    text = token[: _SHOWN * 4].decode("utf-8", "replace")
    return text if len(text) <= _SHOWN and len(token) <= _SHOWN * 4 else text[:_SHOWN] + "..."


@dataclass(frozen=True)
class Difference:
    """The first place where a received output differs from the expected one.

    ``token`` counts the expected output's tokens from 0; ``line`` is the line of
    that token in the expected output (of the received one's token when the
    expected output has ended); ``expected``/``received`` are the tokens there
    (a long one cut after 40 characters, ending ``...``), None at the end of an
    output.
    """

    token: int
    line: int
    expected: str | None
    received: str | None

    def text(self) -> str:
        def shown(token: str | None) -> str:
            return "the end of the output" if token is None else repr(token)

        return (
            f"line {self.line}, token {self.token + 1}: expected {shown(self.expected)}, "
            f"received {shown(self.received)}"
        )


def _tokens(data: bytes) -> list[tuple[bytes, int]]:
    """Each token with its 1-based line."""
    result = []
    line = 1
    last = 0
    for found in _TOKEN.finditer(data):
        line += data.count(b"\n", last, found.start())
        last = found.start()
        result.append((found.group(), line))
    return result


class Comparison:
    """A received output compared with ``expected`` as it comes, piece by piece.

    >>> judged = Comparison(b"WIN\\n2 3\\n")
    >>> judged.feed(b"WIN 2"); judged.feed(b" 4\\n"); judged.finish()
    >>> judged.difference.text()
    "line 2, token 3: expected '3', received '4'"
    """

    def __init__(self, expected: bytes) -> None:
        self._expected = _tokens(expected)
        self._at = 0  # the next expected token
        self._pending = b""  # a token the last piece may have cut
        self._line = 1  # the received output's line where the pending bytes start
        self.received_bytes = 0
        self.difference: Difference | None = None

    def _differ(self, token: bytes | None, line: int) -> None:
        at = self._at
        if at < len(self._expected):
            wanted, line = self._expected[at]
            received = None if token is None else _cut(token)
            self.difference = Difference(at, line, _cut(wanted), received)
        else:
            self.difference = Difference(at, line, None, None if token is None else _cut(token))

    def _check(self, token: bytes, line: int) -> None:
        if self._at >= len(self._expected) or token != self._expected[self._at][0]:
            self._differ(token, line)
        else:
            self._at += 1

    def feed(self, piece: bytes) -> None:
        """The next piece of the received output."""
        self.received_bytes += len(piece)
        if self.difference is not None or not piece:
            return
        data = self._pending + piece
        line = self._line
        last = 0
        self._pending = b""
        for found in _TOKEN.finditer(data):
            line += data.count(b"\n", last, found.start())
            last = found.start()
            if found.end() == len(data):  # it may go on in the next piece
                self._pending = found.group()
                longest = len(self._expected[self._at][0]) if self._at < len(self._expected) else 0
                # longer than what it must equal, and than a difference shows of it
                if len(self._pending) > max(longest, 4 * _SHOWN):
                    self._differ(self._pending, line)
                break
            self._check(found.group(), line)
            if self.difference is not None:
                return
        if not self._pending:
            line += data.count(b"\n", last)
        self._line = line

    def finish(self) -> None:
        """The received output has ended."""
        if self.difference is not None:
            return
        if self._pending:
            self._check(self._pending, self._line)
            self._pending = b""
        if self.difference is None and self._at < len(self._expected):
            self._differ(None, self._line)


def compare(expected: bytes, received: bytes) -> Difference | None:
    """The first token where ``received`` differs from ``expected``, or None when they
    hold the same tokens (whitespace between tokens and at the end not judged).

    >>> compare(b"WIN\\n2 3\\n", b"WIN  \\n2 3")
    >>> compare(b"WIN\\n2 3\\n3 2\\n", b"WIN\\n2 3\\n").text()
    "line 3, token 4: expected '3', received the end of the output"
    """
    judged = Comparison(expected)
    judged.feed(received)
    judged.finish()
    return judged.difference
