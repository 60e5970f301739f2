# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Fast text: millions of "row col" lines formatted or parsed without a Python loop."""

import numpy as np

from libc.stdint cimport int64_t, uint8_t, uint64_t


cdef inline Py_ssize_t _digits(int64_t value) noexcept nogil:
    cdef Py_ssize_t count = 1
    while value >= 10:
        value //= 10
        count += 1
    return count


cdef Py_ssize_t _formatted_size(const int64_t[:, :] values) noexcept nogil:
    cdef Py_ssize_t i, j, size = 0
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            size += _digits(values[i, j]) + 1
    return size


cdef void _format(const int64_t[:, :] values, uint8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i, j, k, width, pos = 0, n_cols = values.shape[1]
    cdef int64_t value
    for i in range(values.shape[0]):
        for j in range(n_cols):
            value = values[i, j]
            width = _digits(value)
            for k in range(width - 1, -1, -1):
                # values are >= 0; a negative one still stays inside its slot
                out[pos + k] = <uint8_t> (48 + value % 10)
                value //= 10
            pos += width
            out[pos] = 32 if j + 1 < n_cols else 10
            pos += 1


def format_int_rows(const int64_t[:, :] values):
    """ASCII lines of the rows of a 2-D int64 array (values >= 0): numbers space-separated."""
    cdef Py_ssize_t size
    with nogil:
        size = _formatted_size(values)
    result = np.empty(size, dtype=np.uint8)
    cdef uint8_t[::1] out = result
    with nogil:
        _format(values, out)
    return result


cdef inline bint _is_blank(uint8_t c) noexcept nogil:
    return c == 32 or c == 9 or c == 13  # space, tab, CR


cdef int64_t _parse(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends,
    Py_ssize_t n_fields, int64_t[:, ::1] values, int64_t *column, int64_t *found,
) noexcept nogil:
    """Fill ``values``; returns -1, or the index of the first bad line (see parse_int_lines)."""
    cdef Py_ssize_t i, field, digits, significant
    cdef int64_t pos, end, value
    cdef bint negative
    for i in range(starts.shape[0]):
        pos = starts[i]
        end = ends[i]
        field = 0
        while True:
            while pos < end and _is_blank(buffer[pos]):
                pos += 1
            if pos == end:
                break
            if field == n_fields:
                column[0] = pos - starts[i]
                found[0] = field + 1
                return i
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
            if digits == 0 or (pos < end and not _is_blank(buffer[pos])):
                column[0] = pos - starts[i]
                found[0] = -1
                return i
            if significant >= 18:
                value = 100000000000000000  # 10**17, absurdly large; callers range-check
            values[i, field] = -value if negative else value
            field += 1
        if field != n_fields:
            column[0] = pos - starts[i]
            found[0] = field
            return i
    return -1


def parse_int_lines(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends, Py_ssize_t n_fields
):
    """Parse lines of exactly ``n_fields`` decimal integers (spaces/tabs/CR between).

    ``starts``/``ends`` delimit each line in ``buffer`` (uint8). Returns
    ``(values, bad_line, bad_column, found)``: on success ``bad_line`` is -1;
    otherwise the line index and 0-based column of the first problem, and how
    many fields were read on that line (``found``; -1 for a character that is
    no digit).
    """
    cdef Py_ssize_t i, n_lines = starts.shape[0]
    if ends.shape[0] != n_lines:
        raise ValueError("starts and ends differ in length")
    for i in range(n_lines):
        if not 0 <= starts[i] <= ends[i] <= buffer.shape[0]:
            raise ValueError(f"line {i} is outside the buffer")
    result = np.zeros((n_lines, n_fields), dtype=np.int64)
    cdef int64_t[:, ::1] values = result
    cdef int64_t bad_line, column = 0, found = 0
    with nogil:
        bad_line = _parse(buffer, starts, ends, n_fields, values, &column, &found)
    if bad_line < 0:
        return result, -1, 0, 0
    return result, bad_line, column, found


cdef inline Py_ssize_t _unsigned_digits(uint64_t value) noexcept nogil:
    cdef Py_ssize_t count = 1
    while value >= 10:
        value //= 10
        count += 1
    return count


cdef inline uint64_t _magnitude(int64_t value) noexcept nogil:
    # -value overflows for the most negative int64; this does not
    return <uint64_t> value if value >= 0 else <uint64_t> (-(value + 1)) + 1


cdef Py_ssize_t _json_size(const int64_t[:, :] values, bint nested) noexcept nogil:
    """The exact length of format_json_ints' output."""
    cdef Py_ssize_t i, j, n_rows = values.shape[0], n_cols = values.shape[1], size = 0
    for i in range(n_rows):
        for j in range(n_cols):
            size += _unsigned_digits(_magnitude(values[i, j])) + (values[i, j] < 0)
        if n_cols:
            size += n_cols - 1  # commas inside the row
        if nested:
            size += 2  # brackets
    if n_rows:
        size += n_rows - 1  # commas between rows
    return size


cdef void _format_json(const int64_t[:, :] values, bint nested, uint8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i, j, k, width, pos = 0, n_rows = values.shape[0], n_cols = values.shape[1]
    cdef uint64_t magnitude
    for i in range(n_rows):
        if nested:
            out[pos] = 91  # '['
            pos += 1
        for j in range(n_cols):
            if values[i, j] < 0:
                out[pos] = 45  # '-'
                pos += 1
            magnitude = _magnitude(values[i, j])
            width = _unsigned_digits(magnitude)
            for k in range(width - 1, -1, -1):
                out[pos + k] = <uint8_t> (48 + magnitude % 10)
                magnitude //= 10
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


def format_json_ints(const int64_t[:, :] values, bint nested):
    """The rows of a 2-D int64 array as JSON list items, comma-separated, no brackets
    around the whole: ``[1,2],[3,4]`` if ``nested``, else ``1,2,3,4`` (one number a row)."""
    cdef Py_ssize_t size
    with nogil:
        size = _json_size(values, nested)
    result = np.empty(size, dtype=np.uint8)
    cdef uint8_t[::1] out = result
    with nogil:
        _format_json(values, nested, out)
    return result
