"""What every text format shares: encoding checks, line positions, header integers, limits.

The formats (boards, edge lists, NOI2011 records, token-game records) read bytes.
They all

- accept a UTF-8 byte-order mark and refuse UTF-16 with a clear message;
- allow blank lines before the header and after the content;
- read integers as ASCII digits with an optional sign and any number of leading
  zeros;
- say where an input is wrong (line, column) and at most the one character found
  there (:func:`character_at`), never a line of it: a file's line may be a secret
  (``matchgame placements /etc/passwd``; SECURITY.md);
- tell from their header how many bytes the whole input can need
  (:func:`read_bounded`), so a reader never swallows ``/dev/zero``;
- refuse, before allocating, sizes that cannot fit in memory
  (:mod:`matchgame.readers._memory`).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterable, Mapping, Set
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError, ParseError
from ._validate import InstanceOf, describe, plural, shorten

TRAILING = b" \t\r\f\v"
"""Whitespace allowed at the end of a line (CRLF line ends included)."""

MAX_DIGITS = 18
"""Significant digits of the largest integer a format accepts (fits in int64)."""

_INTEGER = re.compile(rb"[+-]?[0-9]+")
_FIELD = re.compile(rb"\S+")
_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

HEAD_BYTES = 1 << 16
"""How much of an input :func:`read_bounded` reads before it trusts a header."""


_TEXT = InstanceOf((str, bytes, bytearray, memoryview), "a str or bytes")


def prepare(text: str | bytes) -> bytes:
    """The bytes of an input, without a UTF-8 byte-order mark.

    Raises
    ------
    ParseError
        If the text looks like UTF-16 (a UTF-16 byte-order mark, or NUL bytes at
        every other position of an otherwise ASCII start).
    InvalidTypeError
        If ``text`` is neither text nor bytes (``bytes(n)`` of an int would be n
        zero bytes, and a list of rows is not the file's text).
    """
    if not isinstance(text, str | bytes | bytearray | memoryview):
        raise InvalidTypeError(
            f"the input must be its text (str) or bytes, got {describe(text)}"
            + ("; for rows, Board.from_rows(rows)" if isinstance(text, list | tuple) else "")
        )
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
    """At most ``limit`` characters of a line, for quoting text a caller typed (a move
    at a prompt); never a line of an input (see :func:`character_at`)."""
    text = raw[: 4 * limit].rstrip(TRAILING).decode("utf-8", "replace")
    text = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in text)
    return text if len(text) <= limit and len(raw) <= 4 * limit else text[: limit - 3] + "..."


def character_at(raw: bytes, index: int) -> str:
    """The character at byte ``index`` of a line, as an error shows it: a printable
    ASCII character quoted, any other byte by its value, ``the end of the line`` past
    it. Errors name the place and this one character, not the line: a file read as
    the wrong format may be a secret (``/etc/passwd``), and its first line is."""
    if index >= len(raw.rstrip(TRAILING)):
        return "the end of the line"
    byte = raw[index]
    if 0x21 <= byte <= 0x7E:
        return repr(chr(byte))
    return "a space" if byte in b" \t" else f"the byte 0x{byte:02x}"


def field_starts(raw: bytes) -> list[int]:
    """The byte index where each whitespace-separated field of ``raw`` starts."""
    return [found.start() for found in _FIELD.finditer(raw)]


def first_content(raw: bytes) -> int:
    """The byte index of the first character of ``raw`` that is not blank."""
    return len(raw) - len(raw.lstrip())


def unexpected_content(what: str, raw: bytes, line_number: int) -> ParseError:
    """``unexpected content after WHAT``, at the line and column where it starts."""
    start = first_content(raw)
    return ParseError(
        f"unexpected content after {what}: {character_at(raw, start)}",
        line=line_number,
        column=start + 1,
    )


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


def parse_integers(
    line: bytes, count: int, *, line_number: int, what: str, skip: int = 0, more: bool = False
) -> list[int]:
    """Exactly ``count`` integers (ASCII digits, optional sign) from one line, after its
    first ``skip`` fields (a ``p edge`` before the sizes); ``more``: fields after them
    are left for the caller.

    Raises
    ------
    ParseError
        Naming ``what`` was expected, the column of the first character at fault and
        that character (never the line: :func:`character_at`).
    """
    spans = [(found.start(), found.group()) for found in _FIELD.finditer(line)][skip:]
    for start, field in spans[:count]:
        if not _INTEGER.fullmatch(field):
            signed = field[:1] in (b"+", b"-")
            bad = next(
                (i for i in range(int(signed), len(field)) if not field[i : i + 1].isdigit()),
                0,  # a sign alone: the sign is at fault
            )
            raise ParseError(
                f"expected {what}, found {character_at(line, start + bad)}",
                line=line_number,
                column=start + bad + 1,
            )
        if len(field.lstrip(b"+-").lstrip(b"0")) > MAX_DIGITS:
            raise ParseError(
                f"the number is too large (more than {MAX_DIGITS} digits)",
                line=line_number,
                column=start + 1,
            )
    if len(spans) < count:
        found = f"{len(spans)} number{'s' if len(spans) != 1 else ''}" if spans else "nothing"
        raise ParseError(f"expected {what}, the line holds {found}", line=line_number)
    if len(spans) > count and not more:
        raise ParseError(
            f"expected {what}, found more after {count} number{'s' if count != 1 else ''}: "
            f"{character_at(line, spans[count][0])}",
            line=line_number,
            column=spans[count][0] + 1,
        )
    return [int(field) for _, field in spans[:count]]


def number_as_written(raw: bytes, index: int) -> str:
    """The ``index``-th whitespace-separated field of a line, shortened, for messages
    (a field the line's reader has read as an integer: digits and a sign)."""
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


READ_CHUNK = 1 << 20
"""Bytes read at a time: memory follows what the input holds, not what its header claims."""


def read_bounded(
    stream: BinaryIO,
    limit_of: Callable[[bytes], int],
    too_long: str = "the input is longer than its header allows",
) -> bytes:
    """Read an input whose header says how long it can be.

    ``limit_of(head)`` gets the first :data:`HEAD_BYTES` bytes (or all of a shorter
    input) and returns the largest size the input may have, raising
    :class:`ParseError` for a bad header. The rest is read in chunks of
    :data:`READ_CHUNK` bytes, so memory follows the bytes really there (a header
    may claim gigabytes over a short file); an input longer than its limit is
    refused as soon as it passes the limit, without reading it all.
    """
    head = stream.read(HEAD_BYTES)
    if len(head) < HEAD_BYTES:
        return head
    limit = limit_of(prepare(head))
    chunks = [head]
    size = len(head)
    while True:
        chunk = stream.read(min(READ_CHUNK, max(limit - size, 0) + 1))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise ParseError(f"{too_long} (more than {plural(limit, 'byte')})")


def read_all(stream: BinaryIO) -> bytes:
    """All of ``stream``, read in chunks (a file object's ``read()`` may first
    allocate what the file's size suggests)."""
    chunks = []
    while chunk := stream.read(READ_CHUNK):
        chunks.append(chunk)
    return b"".join(chunks)


def checked_rows(rows: Any, name: str = "rows") -> list[str]:
    """``rows`` as a non-empty list of strings without line breaks."""
    try:
        if isinstance(rows, str | bytes | Set | Mapping) or not isinstance(rows, Iterable):
            raise TypeError
        listed: list[Any] = list(rows)
    except TypeError:
        raise InvalidTypeError(
            f"{name} must be a list of row strings, got {describe(rows)}; for the whole "
            "text use parse(text)"
        ) from None
    for i, row in enumerate(listed):
        if not isinstance(row, str):
            raise InvalidTypeError(f"{name}[{i}] must be a string, got {describe(row)}")
        if "\n" in row or "\r" in row:
            raise InvalidInputError(f"{name}[{i}] = {shorten(row)} holds a line break")
    if not listed or not listed[0]:
        raise InvalidInputError(f"{name} must hold at least one non-empty row")
    return listed


def rows_error(exc: ParseError) -> ParseError:
    """A parse error of the text built from rows (header on line 1), renumbered so that
    ``line`` is the 1-based row."""
    if exc.line is None or exc.line < 2:
        return ParseError(exc.reason)
    return ParseError(exc.reason, line=exc.line - 1, column=exc.column)


def skip_blank(lines: list[bytes], index: int) -> int:
    """The first line from ``index`` on that is not blank (``len(lines)`` if none)."""
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def is_path_target(target: Any) -> bool:
    """Whether ``target`` (where a writer writes) is a path; else it must be an open
    file (binary or text), or this refuses it."""
    if isinstance(target, str | os.PathLike):
        return True
    if not callable(getattr(target, "write", None)):
        raise InvalidTypeError(f"target must be a path or an open file, got {describe(target)}")
    return False


def write_target(target: Any, data: bytes) -> None:
    """Write ``data`` to ``target``: a path (its file replaced), a binary file, or a
    text file (as UTF-8 text)."""
    if is_path_target(target):
        with open(target, "wb") as handle:
            handle.write(data)
    elif isinstance(target, io.TextIOBase):
        target.write(data.decode("utf-8"))
    else:
        target.write(data)
