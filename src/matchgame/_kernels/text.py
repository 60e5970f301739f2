"""Fast text output: millions of "row col" lines without a Python loop."""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def _digits(value):
    count = 1
    while value >= 10:
        value //= 10
        count += 1
    return count


@kernel
def format_int_rows(values):
    """ASCII lines of the rows of a 2-D int64 array: numbers space-separated."""
    n_rows, n_cols = values.shape
    size = 0
    for i in range(n_rows):
        for j in range(n_cols):
            size += _digits(values[i, j]) + 1
    out = np.empty(size, dtype=np.uint8)
    pos = 0
    for i in range(n_rows):
        for j in range(n_cols):
            value = values[i, j]
            width = _digits(value)
            for k in range(width - 1, -1, -1):
                out[pos + k] = 48 + value % 10
                value //= 10
            pos += width
            out[pos] = 32 if j + 1 < n_cols else 10
            pos += 1
    return out


@kernel
def parse_int_lines(buffer, starts, ends, n_fields):
    """Parse lines of exactly ``n_fields`` decimal integers (spaces/tabs/CR between).

    ``starts``/``ends`` delimit each line in ``buffer`` (uint8). Returns
    ``(values, bad_line, bad_column, found)``: on success ``bad_line`` is -1;
    otherwise the line index and 0-based column of the first problem, and how
    many fields were read on that line (``found``; -1 for a character that is
    no digit).
    """
    n_lines = starts.shape[0]
    values = np.zeros((n_lines, n_fields), dtype=np.int64)
    for i in range(n_lines):
        pos = starts[i]
        end = ends[i]
        field = 0
        while True:
            while pos < end and (buffer[pos] == 32 or buffer[pos] == 9 or buffer[pos] == 13):
                pos += 1
            if pos == end:
                break
            if field == n_fields:
                return values, i, pos - starts[i], field + 1
            negative = False
            if buffer[pos] == 45 or buffer[pos] == 43:  # '-' or '+'
                negative = buffer[pos] == 45
                pos += 1
            digits = 0
            significant = 0  # digits after leading zeros: "0001" is 1, as in every format
            value = 0
            while pos < end and 48 <= buffer[pos] <= 57:
                if significant < 18:
                    value = value * 10 + (buffer[pos] - 48)
                if value > 0:
                    significant += 1
                digits += 1
                pos += 1
            if digits == 0 or (
                pos < end and buffer[pos] != 32 and buffer[pos] != 9 and buffer[pos] != 13
            ):
                return values, i, pos - starts[i], -1
            if significant >= 18:
                value = 10**17  # absurdly large; callers range-check and quote the text
            values[i, field] = -value if negative else value
            field += 1
        if field != n_fields:
            return values, i, pos - starts[i], field
    return values, -1, 0, 0


@kernel
def _signed_digits(value):
    return _digits(-value) + 1 if value < 0 else _digits(value)


@kernel
def format_json_ints(values, nested):
    """The rows of a 2-D int64 array as JSON list items, comma-separated, no brackets
    around the whole: ``[1,2],[3,4]`` if ``nested``, else ``1,2,3,4`` (one number a row)."""
    n_rows, n_cols = values.shape
    size = 0
    for i in range(n_rows):
        for j in range(n_cols):
            size += _signed_digits(values[i, j]) + 1
        if nested:
            size += 2
    if size > 0:
        size -= 1  # no comma after the last item
    out = np.empty(size, dtype=np.uint8)
    pos = 0
    for i in range(n_rows):
        if nested:
            out[pos] = 91  # '['
            pos += 1
        for j in range(n_cols):
            value = values[i, j]
            if value < 0:
                out[pos] = 45  # '-'
                pos += 1
                value = -value
            width = _digits(value)
            for k in range(width - 1, -1, -1):
                out[pos + k] = 48 + value % 10
                value //= 10
            pos += width
            if j + 1 < n_cols:
                out[pos] = 44  # ','
                pos += 1
        if nested:
            out[pos] = 93  # ']'
            pos += 1
        if i + 1 < n_rows:
            out[pos] = 44
            pos += 1
    return out
