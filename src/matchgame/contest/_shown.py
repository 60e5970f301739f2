"""What a report shows of a program's bytes: lines cut, control characters escaped.

A contestant's program writes what it likes: escape sequences that would move a
terminal's cursor or retitle its window, a line of fifteen megabytes. A report
shows each line up to :data:`WIDTH` characters, every control character (and every
other character the terminal would not print as itself: bidirectional overrides,
zero-width marks) written as its escape, as Python's ``repr`` writes it.
"""

from __future__ import annotations

from ..core._validate import plural

__all__ = ["WIDTH", "block", "escaped", "line"]

WIDTH = 200
"""Characters of a line a report shows."""


def escaped(text: str) -> str:
    """``text`` with each character that is not printable as itself escaped (``\\x1b``,
    ``\\u202e``), tabs included."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def line(text: str, width: int = WIDTH) -> str:
    """One line as a report shows it: escaped, and cut after ``width`` characters
    (saying how many more there were)."""
    if len(text) > width:
        return escaped(text[:width]) + f"... ({len(text) - width:,} more characters)"
    return escaped(text)


def _bytes_line(data: bytes, start: int, stop: int, width: int) -> str:
    """The line ``data[start:stop]``, decoded only as far as it is shown."""
    head = data[start : min(stop, start + 4 * width)].decode("utf-8", "replace")
    head = head.removesuffix("\r")
    if stop - start > 4 * width or len(head) > width:
        return escaped(head[:width]) + f"... ({plural(stop - start, 'byte', grouped=True)} in all)"
    return escaped(head)


def block(data: bytes, lines: int = 20, width: int = WIDTH) -> str:
    """The first ``lines`` lines of ``data``, indented by two spaces, each cut and
    escaped; ``(nothing)`` for no bytes."""
    if not data:
        return "  (nothing)"
    shown: list[str] = []
    start = 0
    while start < len(data) and len(shown) < lines:
        end = data.find(b"\n", start)
        stop = len(data) if end < 0 else end
        shown.append("  " + _bytes_line(data, start, stop, width))
        start = stop + 1
    if start < len(data):
        rest = data.count(b"\n", start) + (not data.endswith(b"\n"))
        shown.append(f"  ... ({rest:,} more line{'' if rest == 1 else 's'})")
    return "\n".join(shown)
