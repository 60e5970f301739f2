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


cdef inline bint _scan_integer(
    const uint8_t[::1] buffer, int64_t *pos, int64_t end, int64_t *value
) noexcept nogil:
    """Read an optionally signed decimal integer at ``pos`` (blanks already skipped).

    True if one is there and ends at a blank or at ``end``; ``pos`` moves past what
    was read (on False: to the byte that is no part of it). Leading zeros do not
    count ("0001" is 1, as in every format). Every int64 reads exactly; beyond, the
    value is clamped to the int64 range (2**63 - 1 or -2**63): callers range-check,
    and one that takes 2**63 - 1 itself tells it from a clamped one by the text.
    """
    cdef bint negative = False, beyond = False
    cdef Py_ssize_t digits = 0
    cdef int64_t at = pos[0]
    cdef uint64_t number = 0, limit, digit
    if at < end and (buffer[at] == 45 or buffer[at] == 43):  # '-' or '+'
        negative = buffer[at] == 45
        at += 1
    limit = <uint64_t> 9223372036854775807 + (1 if negative else 0)
    while at < end and 48 <= buffer[at] <= 57:
        digit = buffer[at] - 48
        if number < <uint64_t> 922337203685477580:  # no digit carries it past the limit
            number = number * 10 + digit
        elif not beyond and number == limit // 10 and digit <= limit % 10:
            number = number * 10 + digit
        else:
            beyond = True
        digits += 1
        at += 1
    pos[0] = at
    if digits == 0 or (at < end and not _is_blank(buffer[at])):
        return False
    if beyond:
        number = limit
    value[0] = <int64_t> (0 - number) if negative else <int64_t> number
    return True


cdef int64_t _parse(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends,
    Py_ssize_t n_fields, int64_t[:, ::1] values, int64_t *column, int64_t *found,
) noexcept nogil:
    """Fill ``values``; returns -1, or the index of the first bad line (see parse_int_lines)."""
    cdef Py_ssize_t i, field
    cdef int64_t pos, end, value
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
            if not _scan_integer(buffer, &pos, end, &value):
                column[0] = pos - starts[i]
                found[0] = -1
                return i
            values[i, field] = value
            field += 1
        if field != n_fields:
            column[0] = pos - starts[i]
            found[0] = field
            return i
    return -1


cdef Py_ssize_t _checked_lines(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends
) except -1:
    """How many lines ``starts``/``ends`` give; ValueError unless each lies in ``buffer``
    (the parsers below read without bounds checks)."""
    cdef Py_ssize_t i, n_lines = starts.shape[0]
    if ends.shape[0] != n_lines:
        raise ValueError("starts and ends differ in length")
    for i in range(n_lines):
        if not 0 <= starts[i] <= ends[i] <= buffer.shape[0]:
            raise ValueError(f"line {i} is outside the buffer")
    return n_lines


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
    cdef Py_ssize_t n_lines = _checked_lines(buffer, starts, ends)
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


# -- lines of the standard graph formats (Matrix Market, METIS, DIMACS, SNAP) --------


cdef inline bint _is_comment(uint8_t c, const uint8_t[::1] comments) noexcept nogil:
    cdef Py_ssize_t k
    for k in range(comments.shape[0]):
        if c == comments[k]:
            return True
    return False


cdef Py_ssize_t _content_lines(
    const uint8_t[::1] buffer, Py_ssize_t begin, const uint8_t[::1] comments, bint keep_blank,
    int64_t[::1] starts, int64_t[::1] ends, int64_t[::1] numbers, bint fill,
) noexcept nogil:
    """Count (and with ``fill`` record) the lines from ``begin`` that hold content."""
    cdef Py_ssize_t count = 0, size = buffer.shape[0], line = 0
    cdef Py_ssize_t pos = begin, start, first
    while pos < size:
        start = pos
        while pos < size and buffer[pos] != 10:
            pos += 1
        first = start
        while first < pos and _is_blank(buffer[first]):
            first += 1
        if (first < pos and not _is_comment(buffer[first], comments)) or (
            keep_blank and first == pos
        ):
            if fill:
                starts[count] = first
                ends[count] = pos
                numbers[count] = line
            count += 1
        pos += 1  # past the newline
        line += 1
    return count


def content_lines(const uint8_t[::1] buffer, Py_ssize_t begin, bytes comments, bint keep_blank):
    """The lines from byte ``begin`` on that are not comments: ``(starts, ends, numbers)``.

    A line whose first non-blank byte is one of ``comments`` is left out, and so is
    a blank line unless ``keep_blank`` (METIS: a blank line is an isolated vertex).
    ``starts`` points past a line's leading blanks, ``ends`` at its newline;
    ``numbers`` are the lines' 0-based indices counted from ``begin``. Memory is 24
    bytes per line kept: two passes, the first one counting.
    """
    if not 0 <= begin <= buffer.shape[0]:
        raise ValueError("begin is outside the buffer")
    cdef const uint8_t[::1] marks = comments
    cdef int64_t[::1] none = np.empty(0, dtype=np.int64)
    cdef Py_ssize_t count
    with nogil:
        count = _content_lines(buffer, begin, marks, keep_blank, none, none, none, False)
    starts = np.empty(count, dtype=np.int64)
    ends = np.empty(count, dtype=np.int64)
    numbers = np.empty(count, dtype=np.int64)
    cdef int64_t[::1] s = starts, e = ends, k = numbers
    with nogil:
        _content_lines(buffer, begin, marks, keep_blank, s, e, k, True)
    return starts, ends, numbers


cdef inline bint _is_digit(uint8_t c) noexcept nogil:
    return 48 <= c <= 57


cdef Py_ssize_t _real_token(const uint8_t[::1] buffer, Py_ssize_t pos, Py_ssize_t end) noexcept nogil:
    """The end of a real number ``[+-]digits[.digits][(e|E|d|D)[+-]digits]`` starting at
    ``pos``, or -1 when the bytes there are not one."""
    cdef Py_ssize_t digits = 0
    if pos < end and (buffer[pos] == 43 or buffer[pos] == 45):
        pos += 1
    while pos < end and _is_digit(buffer[pos]):
        pos += 1
        digits += 1
    if pos < end and buffer[pos] == 46:  # '.'
        pos += 1
        while pos < end and _is_digit(buffer[pos]):
            pos += 1
            digits += 1
    if digits == 0:
        return -1
    if pos < end and (buffer[pos] == 101 or buffer[pos] == 69 or buffer[pos] == 100 or buffer[pos] == 68):
        pos += 1
        if pos < end and (buffer[pos] == 43 or buffer[pos] == 45):
            pos += 1
        digits = 0
        while pos < end and _is_digit(buffer[pos]):
            pos += 1
            digits += 1
        if digits == 0:
            return -1
    return pos


cdef int64_t _skip_reals(
    const uint8_t[::1] buffer, int64_t start, int64_t pos, int64_t end, Py_ssize_t n_reals,
    int64_t *column, int64_t *found,
) noexcept nogil:
    """Check that exactly ``n_reals`` real numbers follow ``pos`` on the line; 0 or -1."""
    cdef Py_ssize_t k
    cdef int64_t after
    for k in range(n_reals + 1):
        while pos < end and _is_blank(buffer[pos]):
            pos += 1
        if pos == end:
            if k == n_reals:
                return 0
            column[0] = pos - start
            found[0] = -2 - k  # fewer values than expected
            return -1
        if k == n_reals:
            column[0] = pos - start
            found[0] = -2 - k - 1  # more values than expected
            return -1
        after = _real_token(buffer, pos, end)
        if after < 0 or (after < end and not _is_blank(buffer[after])):
            column[0] = (pos if after < 0 else after) - start
            found[0] = -1
            return -1
        pos = after
    return 0


def parse_int_real_lines(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends,
    Py_ssize_t n_ints, Py_ssize_t n_reals,
):
    """Lines of ``n_ints`` decimal integers followed by ``n_reals`` real numbers (a
    Matrix Market entry ``i j value``): the integers are returned, the reals only
    checked. Returns ``(values, bad_line, bad_column, found)`` as
    :func:`parse_int_lines`; for a problem among the reals ``found`` is -1 (not a
    number) or ``-2 - count`` (``count`` values after the integers).
    """
    cdef Py_ssize_t n_lines = _checked_lines(buffer, starts, ends)
    result = np.zeros((n_lines, n_ints), dtype=np.int64)
    cdef int64_t[:, ::1] values = result
    cdef int64_t column = 0, found = 0, pos, end
    cdef Py_ssize_t line, field
    cdef int64_t value
    cdef int64_t bad = -1
    with nogil:
        for line in range(n_lines):
            pos = starts[line]
            end = ends[line]
            for field in range(n_ints):
                while pos < end and _is_blank(buffer[pos]):
                    pos += 1
                if pos == end:
                    column = pos - starts[line]
                    found = field
                    bad = line
                    break
                if not _scan_integer(buffer, &pos, end, &value):
                    column = pos - starts[line]
                    found = -1
                    bad = line
                    break
                values[line, field] = value
            if bad >= 0:
                break
            if _skip_reals(buffer, starts[line], pos, end, n_reals, &column, &found) < 0:
                if found < -1:  # a count of values: say how many numbers the line had
                    found = n_ints + (-2 - found)
                bad = line
                break
    if bad < 0:
        return result, -1, 0, 0
    return result, bad, column, found


cdef Py_ssize_t _ragged(
    const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends,
    int64_t[::1] values, int64_t[::1] counts, bint fill, int64_t *bad, int64_t *column,
) noexcept nogil:
    """Count (and with ``fill`` store) the integers of every line; -1 on a bad byte."""
    cdef Py_ssize_t i, total = 0
    cdef int64_t pos, end, value, here
    for i in range(starts.shape[0]):
        pos = starts[i]
        end = ends[i]
        here = 0
        while True:
            while pos < end and _is_blank(buffer[pos]):
                pos += 1
            if pos == end:
                break
            if not _scan_integer(buffer, &pos, end, &value):
                bad[0] = i
                column[0] = pos - starts[i]
                return -1
            if fill:
                values[total] = value
            total += 1
            here += 1
        if fill:
            counts[i] = here
    return total


def parse_ragged_int_lines(const uint8_t[::1] buffer, const int64_t[:] starts, const int64_t[:] ends):
    """Lines of any number of decimal integers (METIS adjacency lists).

    Returns ``(values, counts, bad_line, bad_column)``: all integers in order and
    how many each line holds; on a byte that is no part of an integer, ``bad_line``
    and the 0-based ``bad_column`` of it (else -1). Two passes, the first counting,
    so memory is 8 bytes per integer plus 8 per line.
    """
    cdef Py_ssize_t n_lines = _checked_lines(buffer, starts, ends)
    cdef int64_t bad = -1, column = 0
    cdef Py_ssize_t total
    cdef int64_t[::1] none = np.empty(0, dtype=np.int64)
    with nogil:
        total = _ragged(buffer, starts, ends, none, none, False, &bad, &column)
    if total < 0:
        return np.empty(0, np.int64), np.zeros(n_lines, np.int64), bad, column
    values = np.empty(total, dtype=np.int64)
    counts = np.zeros(n_lines, dtype=np.int64)
    cdef int64_t[::1] v = values, c = counts
    with nogil:
        _ragged(buffer, starts, ends, v, c, True, &bad, &column)
    return values, counts, -1, 0
