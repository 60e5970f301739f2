"""What every text format shares: encoding checks, line positions, header integers, limits.

The three formats (boards, edge lists, NOI2011 records) read bytes. They all

- accept a UTF-8 byte-order mark and refuse UTF-16 with a clear message;
- allow blank lines before the header and after the content;
- read integers as ASCII digits with an optional sign and any number of leading
  zeros, quoting a bad number as it was written;
- tell from their header how many bytes the whole input can need
  (:func:`read_bounded`), so a reader never swallows ``/dev/zero``;
- refuse, before allocating, sizes that cannot fit in this machine's memory.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

from .errors import ParseError

TRAILING = b" \t\r\f\v"
"""Whitespace allowed at the end of a line (CRLF line ends included)."""

MAX_DIGITS = 18
"""Significant digits of the largest integer a format accepts (fits in int64)."""

_INTEGER = re.compile(rb"[+-]?[0-9]+")
_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

HEAD_BYTES = 1 << 16
"""How much of an input :func:`read_bounded` reads before it trusts a header."""


def prepare(text: str | bytes) -> bytes:
    """The bytes of an input, without a UTF-8 byte-order mark.

    Raises
    ------
    ParseError
        If the text looks like UTF-16 (a UTF-16 byte-order mark, or NUL bytes at
        every other position of an otherwise ASCII start).
    """
    data = text.encode() if isinstance(text, str) else bytes(text)
    if data.startswith(_UTF8_BOM):
        return data[len(_UTF8_BOM) :]
    if data[:2] in _UTF16_BOMS or _looks_like_utf16(data[:64]):
        raise ParseError("the file looks like UTF-16; save it as UTF-8 (or ASCII)")
    return data


def _looks_like_utf16(sample: bytes) -> bool:
    if len(sample) < 4:
        return False
    even, odd = sample[0::2], sample[1::2]
    return (odd.count(0) == len(odd) and even.count(0) == 0) or (
        even.count(0) == len(even) and odd.count(0) == 0
    )


def shorten_line(raw: bytes, limit: int = 40) -> str:
    """At most ``limit`` characters of a line, for quoting it in a message."""
    text = raw[: 4 * limit].rstrip(TRAILING).decode("utf-8", "replace")
    text = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in text)
    return text if len(text) <= limit and len(raw) <= 4 * limit else text[: limit - 3] + "..."


def header_line(data: bytes) -> tuple[int, bytes]:
    """The first line that is not blank: its 0-based index and its bytes."""
    index = 0
    start = 0
    while True:
        end = data.find(b"\n", start)
        line = data[start:] if end < 0 else data[start:end]
        if line.strip():
            return index, line
        if end < 0:
            raise ParseError("empty input")
        start = end + 1
        index += 1


def parse_integers(line: bytes, count: int, *, line_number: int, what: str) -> list[int]:
    """Exactly ``count`` integers (ASCII digits, optional sign) from one line.

    Raises
    ------
    ParseError
        Naming ``what`` was expected and quoting (a prefix of) what was found.
    """
    fields = line.split()
    if len(fields) != count or not all(_INTEGER.fullmatch(field) for field in fields):
        raise ParseError(f"expected {what}, got {shorten_line(line)!r}", line=line_number)
    for field in fields:
        if len(field.lstrip(b"+-").lstrip(b"0")) > MAX_DIGITS:
            raise ParseError(f"the number {shorten_line(field)} is too large", line=line_number)
    return [int(field) for field in fields]


def number_as_written(raw: bytes, index: int) -> str:
    """The ``index``-th whitespace-separated field of a line, shortened, for messages."""
    fields = raw.split()
    return shorten_line(fields[index]) if index < len(fields) else "?"


def line_bounds(
    data: bytes,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """``(buffer, starts, ends, n_lines)``: line ``i`` is ``data[starts[i]:ends[i]]``.

    ``n_lines`` leaves out trailing blank lines.
    """
    buffer = np.frombuffer(data, dtype=np.uint8)
    newlines = np.flatnonzero(buffer == 10)
    starts = np.concatenate([[0], newlines + 1]).astype(np.int64)
    ends = np.concatenate([newlines, [len(data)]]).astype(np.int64)
    n_lines = len(starts)
    while n_lines and not data[starts[n_lines - 1] : ends[n_lines - 1]].strip():
        n_lines -= 1
    return buffer, starts, ends, n_lines


def text_limit(n_lines: int, core_bytes: int) -> int:
    """How many bytes an input of ``n_lines`` lines holding ``core_bytes`` characters
    of content may take, generously: room for CRLF, trailing spaces, padding zeros."""
    return 2 * core_bytes + 64 * n_lines + HEAD_BYTES


def read_bounded(
    stream: BinaryIO,
    limit_of: Callable[[bytes], int],
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """Read an input whose header says how long it can be.

    ``limit_of(head)`` gets the first :data:`HEAD_BYTES` bytes (or all of a shorter
    input) and returns the largest size the input may have, raising
    :class:`ParseError` for a bad header. A longer input is refused without
    reading it all: memory stays proportional to what the header announces.
    """
    head = stream.read(HEAD_BYTES)
    if len(head) < HEAD_BYTES:
        return head
    limit = limit_of(prepare(head))
    rest = stream.read(max(limit - len(head), 0) + 1)
    if len(head) + len(rest) > limit:
        raise ParseError(f"{too_long} (more than {limit} bytes)")
    return head + rest


def available_memory() -> int | None:
    """Bytes of memory this process may still use, or None when unknown."""
    try:
        with open("/proc/meminfo", "rb") as meminfo:
            for line in meminfo:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def require_memory(n_bytes: int, what: str, *, line: int | None = None) -> None:
    """Refuse, before allocating, an input whose solution cannot fit in memory."""
    available = available_memory()
    if available is not None and n_bytes > available:
        raise ParseError(
            f"{what} needs about {_gigabytes(n_bytes)} of memory; "
            f"{_gigabytes(available)} is available",
            line=line,
        )


def _gigabytes(n_bytes: int) -> str:
    return f"{n_bytes / 2**30:.1f} GiB"
