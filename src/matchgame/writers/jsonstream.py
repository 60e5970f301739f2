"""JSON written in pieces, numpy arrays through a compiled formatter.

Answers can be hundreds of MB (a 4000x4000 board's certificate): they are built
as dicts whose big lists are numpy integer arrays (a 2-D array is a list of
rows), and :func:`json_chunks` writes them about a megabyte at a time, so the
whole text is never held in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np

from .._kernels._stop import check as _stop_point
from .._kernels.text import format_json_ints

__all__ = ["json_chunks", "json_document"]

_ROWS_PER_PIECE = 1 << 18  # rows of an array formatted at a time
_ITEMS_PER_PIECE = 1 << 16  # items of a list encoded at a time
_PIECE_BYTES = 1 << 20  # pieces of JSON are joined up to this size


def json_chunks(document: Any) -> Iterator[bytes]:
    """``document`` as compact JSON and a final newline, in pieces of about 1 MB.

    Dicts, lists, strings, numbers, booleans and None as ``json.dumps`` writes
    them; a 1-D numpy integer array as a list of integers, a 2-D one as a list
    of rows. Arrays are formatted a slice at a time, so the whole text is never
    held in memory.
    """
    pending: list[bytes] = []
    size = 0
    for piece in _json_pieces(document):
        pending.append(piece)
        size += len(piece)
        if size >= _PIECE_BYTES:
            _stop_point()
            yield b"".join(pending)
            pending, size = [], 0
    pending.append(b"\n")
    yield b"".join(pending)


def _json_pieces(value: Any) -> Iterator[bytes]:
    if isinstance(value, dict):
        yield b"{"
        for i, (key, item) in enumerate(value.items()):
            yield (b"," if i else b"") + json.dumps(str(key)).encode() + b":"
            yield from _json_pieces(item)
        yield b"}"
    elif isinstance(value, np.ndarray):
        if value.dtype.kind not in "iu" or value.ndim not in (1, 2):
            raise TypeError(f"cannot write a {value.ndim}-D {value.dtype} array as JSON")
        nested = value.ndim == 2
        rows = value if nested else value.reshape(-1, 1)
        yield b"["
        for start in range(0, rows.shape[0], _ROWS_PER_PIECE):
            part = np.ascontiguousarray(rows[start : start + _ROWS_PER_PIECE], dtype=np.int64)
            yield (b"," if start else b"") + format_json_ints(part, nested).tobytes()
        yield b"]"
    elif isinstance(value, (list, tuple)):
        # json's C encoder a slice at a time (an item at a time through Python took
        # 2.5 us an item: 8 s for a certificate's lists of 3 million vertices)
        yield b"["
        for start in range(0, len(value), _ITEMS_PER_PIECE):
            text = json.dumps(
                value[start : start + _ITEMS_PER_PIECE], separators=(",", ":"), default=_plain
            )
            yield (b"," if start else b"") + text[1:-1].encode()
        yield b"]"
    elif isinstance(value, (np.integer, np.bool_)):
        yield json.dumps(value.item()).encode()
    else:
        yield json.dumps(value, separators=(",", ":")).encode()


def _plain(value: Any) -> Any:
    """What ``json.dumps`` cannot write itself, inside a list: numpy's scalars and
    small arrays (as :func:`_json_pieces` writes them)."""
    if isinstance(value, (np.integer, np.bool_)):
        return value.item()
    if isinstance(value, np.ndarray) and value.dtype.kind in "iu" and value.ndim in (1, 2):
        return value.tolist()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def json_document(document: Any) -> bytes:
    """The whole document as compact JSON and a final newline (see :func:`json_chunks`)."""
    return b"".join(json_chunks(document))
