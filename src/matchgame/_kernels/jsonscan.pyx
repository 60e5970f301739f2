# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A JSON scanner for answer documents: integer lists come back as arrays.

``json.loads`` makes a Python object of every number; a certificate of a
4000x4000 board holds tens of millions of them. :func:`scan_json` reads the
document in one pass with an explicit stack (no recursion) and returns

- every integer that is an item of a list, or of a list inside a list, in one
  int32 array (``numbers``; out-of-range values as ``OUT_OF_RANGE``);
- a small table of the other values ("nodes"): the root, and the members of
  objects that are themselves nodes. A list node says where its integers are
  (``first``, ``count``) and its shape: integers (``FLAT``), lists of integers
  of one length (``ROWS``, ``width`` each), nothing (``EMPTY``) or anything else
  (``MIXED``, with the first offending item and why). Values inside lists are
  validated but not recorded: no list in an answer holds objects or strings.

Limits bound the work a hostile file can cause: nesting depth, the length of a
string or number, the number of nodes. Strings are not decoded here (the caller
decodes the few it needs, all short); their escapes are checked.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t

cdef enum:
    # node kinds, and for a MIXED list the kind of its first offending item
    _OBJECT = 1
    _ARRAY = 2
    _STRING = 3
    _INTEGER = 4
    _FLOAT = 5
    _TRUE = 6
    _FALSE = 7
    _NULL = 8
    _RAGGED = 9  # a list of integer lists of different lengths
    _NESTED = 10  # a list holding a list that holds lists
    _MIXED_INTEGER = 11  # a list of lists that also holds an integer

cdef enum:
    # shapes of a list
    _EMPTY = 0
    _FLAT = 1
    _ROWS = 2
    _MIXED = 3

cdef enum:
    # status codes
    _OK = 0
    _SYNTAX = 1
    _END = 2
    _DEPTH = 3
    _LONG_STRING = 4
    _LONG_NUMBER = 5
    _TOO_MANY = 6
    _BAD_ESCAPE = 7
    _CONTROL = 8
    _TRAILING = 9

cdef enum:
    # parser states
    _VALUE = 0
    _KEY = 1
    _AFTER = 2
    _CLOSE = 3

cdef int32_t _OUT_OF_RANGE = -2147483648  # an integer outside int32 in ``numbers``

OBJECT, ARRAY, STRING, INTEGER, FLOAT, TRUE, FALSE = (
    _OBJECT, _ARRAY, _STRING, _INTEGER, _FLOAT, _TRUE, _FALSE
)
globals()["NULL"] = _NULL  # NULL is C's null pointer in Cython source
RAGGED, NESTED, MIXED_INTEGER = _RAGGED, _NESTED, _MIXED_INTEGER
EMPTY, FLAT, ROWS, MIXED = _EMPTY, _FLAT, _ROWS, _MIXED
OK, SYNTAX, END, DEPTH, LONG_STRING, LONG_NUMBER, TOO_MANY, BAD_ESCAPE, CONTROL, TRAILING = (
    _OK, _SYNTAX, _END, _DEPTH, _LONG_STRING, _LONG_NUMBER, _TOO_MANY, _BAD_ESCAPE, _CONTROL,
    _TRAILING,
)
OUT_OF_RANGE = _OUT_OF_RANGE


cdef inline bint _is_digit(uint8_t c) noexcept nogil:
    return 48 <= c <= 57


cdef inline bint _is_space(uint8_t c) noexcept nogil:
    return c == 32 or c == 10 or c == 13 or c == 9


cdef int64_t _digit_runs(const uint8_t[::1] buffer) noexcept nogil:
    """Digits not preceded by a digit. No state carried from byte to byte and no
    branches, so the compiler vectorises the loop."""
    cdef Py_ssize_t i, n = buffer.shape[0]
    cdef int64_t count
    if n == 0:
        return 0
    count = <uint8_t> (buffer[0] - 48) < 10
    for i in range(1, n):
        count += (<uint8_t> (buffer[i] - 48) < 10) & (<uint8_t> (buffer[i - 1] - 48) >= 10)
    return count


def count_digit_runs(const uint8_t[::1] buffer):
    """How many maximal runs of ASCII digits ``buffer`` holds (bounds the integers)."""
    cdef int64_t count
    with nogil:
        count = _digit_runs(buffer)
    return count


cdef inline int64_t _skip_space(const uint8_t *buffer, int64_t n, int64_t pos) noexcept nogil:
    while pos < n and _is_space(buffer[pos]):
        pos += 1
    return pos


cdef inline bint _is_hex(uint8_t c) noexcept nogil:
    return _is_digit(c) or 65 <= c <= 70 or 97 <= c <= 102


cdef int64_t _string_end(
    const uint8_t *buffer, int64_t n, int64_t pos, int64_t max_length
) noexcept nogil:
    """The index of the closing quote of the string opening at ``pos``, or -status."""
    cdef int64_t i = pos + 1, k
    cdef uint8_t c, e
    while i < n:
        if i - pos - 1 > max_length:
            return -_LONG_STRING
        c = buffer[i]
        if c == 34:  # '"'
            return i
        if c < 32:
            return -_CONTROL
        if c == 92:  # backslash
            if i + 1 >= n:
                return -_END
            e = buffer[i + 1]
            if e == 117:  # 'u' and four hex digits
                if i + 5 >= n:
                    return -_END
                for k in range(2, 6):
                    if not _is_hex(buffer[i + k]):
                        return -_BAD_ESCAPE
                i += 6
                continue
            # " \ / b f n r t
            if not (e == 34 or e == 92 or e == 47 or e == 98 or e == 102 or e == 110
                    or e == 114 or e == 116):
                return -_BAD_ESCAPE
            i += 2
            continue
        i += 1
    return -_END


cdef int64_t _number_end(
    const uint8_t *buffer, int64_t n, int64_t pos, bint *integer, int64_t *number
) noexcept nogil:
    """The end of the number at ``pos`` (-SYNTAX if none), whether it is an integer,
    and its value clamped to int32 (``OUT_OF_RANGE`` beyond it)."""
    cdef int64_t i = pos, value = 0
    cdef bint negative = False, big = False
    integer[0] = False
    number[0] = 0
    if i < n and buffer[i] == 45:  # '-'
        negative = True
        i += 1
    if i >= n or not _is_digit(buffer[i]):
        return -_SYNTAX
    if buffer[i] == 48:  # a leading 0 stands alone
        i += 1
    else:
        while i < n and _is_digit(buffer[i]):
            if not big:
                value = value * 10 + (buffer[i] - 48)
                if value > 2147483647:
                    big = True
            i += 1
    integer[0] = True
    if i < n and buffer[i] == 46:  # '.'
        integer[0] = False
        i += 1
        if i >= n or not _is_digit(buffer[i]):
            integer[0] = False
            return -_SYNTAX
        while i < n and _is_digit(buffer[i]):
            i += 1
    if i < n and (buffer[i] == 101 or buffer[i] == 69):  # 'e' 'E'
        integer[0] = False
        i += 1
        if i < n and (buffer[i] == 43 or buffer[i] == 45):
            i += 1
        if i >= n or not _is_digit(buffer[i]):
            return -_SYNTAX
        while i < n and _is_digit(buffer[i]):
            i += 1
    number[0] = _OUT_OF_RANGE if big else (-value if negative else value)
    return i


cdef int64_t _word_end(
    const uint8_t *buffer, int64_t n, int64_t pos, const char *word, int64_t length
) noexcept nogil:
    """The end of ``word`` if it is written at ``pos``, else -1."""
    cdef int64_t k
    if pos + length > n:
        return -1
    for k in range(length):
        if buffer[pos + k] != <uint8_t> word[k]:
            return -1
    return pos + length


cdef int64_t _literal_end(const uint8_t *buffer, int64_t n, int64_t pos, int *kind) noexcept nogil:
    """The end of ``true``, ``false`` or ``null`` at ``pos`` (-1 if none) and its kind."""
    cdef uint8_t c = buffer[pos]
    if c == 116:
        kind[0] = _TRUE
        return _word_end(buffer, n, pos, b"true", 4)
    if c == 102:
        kind[0] = _FALSE
        return _word_end(buffer, n, pos, b"false", 5)
    if c == 110:
        kind[0] = _NULL
        return _word_end(buffer, n, pos, b"null", 4)
    kind[0] = 0
    return -1


cdef struct Frames:
    # the open containers: kind, node, items, first number, shape, width, bad item, bad kind
    int64_t *kind
    int64_t *node
    int64_t *items
    int64_t *first
    int64_t *shape
    int64_t *width
    int64_t *bad_item
    int64_t *bad_kind


cdef struct Scan:
    const uint8_t *buffer
    int64_t n
    int64_t max_depth
    int64_t max_string
    int64_t max_number
    int64_t max_nodes
    int64_t max_numbers
    int32_t *numbers
    int64_t n_numbers
    int64_t *nodes  # (max_nodes, 6), row-major
    int64_t *spans  # (max_nodes, 4), row-major
    int64_t n_nodes
    Frames f
    int64_t depth
    int64_t pos
    int64_t key_start
    int64_t key_end


cdef inline void _spoil(Frames *f, int64_t top, int64_t bad_kind) noexcept nogil:
    """Mark list ``top`` MIXED at its current item, unless it already is."""
    if f.shape[top] != _MIXED:
        f.shape[top] = _MIXED
        f.bad_item[top] = f.items[top]
        f.bad_kind[top] = bad_kind


cdef inline void _add_row(Frames *f, int64_t top, int64_t count) noexcept nogil:
    """List ``top`` gets an item that is a list of ``count`` integers."""
    if f.shape[top] == _EMPTY:
        f.shape[top] = _ROWS
        f.width[top] = count
    elif f.shape[top] == _ROWS:
        if f.width[top] != count:
            f.shape[top] = _MIXED
            f.bad_item[top] = f.items[top]
            f.bad_kind[top] = _RAGGED
    elif f.shape[top] == _FLAT:
        f.shape[top] = _MIXED
        f.bad_item[top] = f.items[top]
        f.bad_kind[top] = _ARRAY


cdef inline void _add_integer(Frames *f, int64_t top) noexcept nogil:
    """List ``top`` gets an integer item."""
    if f.shape[top] == _EMPTY:
        f.shape[top] = _FLAT
    elif f.shape[top] == _ROWS:
        f.shape[top] = _MIXED
        f.bad_item[top] = f.items[top]
        f.bad_kind[top] = _MIXED_INTEGER


cdef inline int64_t _plain_integer(
    const uint8_t *buffer, int64_t n, int64_t pos, int32_t *value
) noexcept nogil:
    """The end of a short plain integer at ``pos`` (at most 9 digits, no sign, no
    leading 0, no fraction or exponent after it), or -1 if there is none."""
    cdef int64_t d = pos, v = 0  # up to 10 digits are read: int64 cannot overflow
    while d < n and d - pos < 10 and _is_digit(buffer[d]):
        v = v * 10 + (buffer[d] - 48)
        d += 1
    if d == pos or d - pos == 10 or (buffer[pos] == 48 and d - pos > 1):
        return -1
    if d < n and (buffer[d] == 46 or buffer[d] == 101 or buffer[d] == 69):
        return -1
    value[0] = <int32_t> v
    return d


cdef int64_t _new_node(Scan *s, int64_t kind, int64_t top) noexcept nogil:
    """A node for a value at the current position, or -1 when the table is full."""
    cdef int64_t node
    if s.n_nodes == s.max_nodes:
        return -1
    node = s.n_nodes
    s.n_nodes += 1
    s.nodes[6 * node] = kind
    s.nodes[6 * node + 1] = s.f.node[top] if s.depth > 0 else -1
    s.spans[4 * node] = s.key_start
    s.spans[4 * node + 1] = s.key_end
    return node


cdef int _scan(Scan *s) noexcept nogil:
    """Run the scanner; returns the status (``s.pos`` is where it stopped)."""
    cdef const uint8_t *buffer = s.buffer
    cdef int64_t n = s.n, pos, q, end, first, count, top, node, outer, shape
    cdef int64_t number = 0
    cdef int32_t value = 0
    cdef int kind = 0, state = _VALUE, closer
    cdef uint8_t c
    cdef bint in_list, record, after, closed, integer
    cdef Frames *f = &s.f
    pos = _skip_space(buffer, n, 0)
    while True:
        s.pos = pos
        if state == _VALUE:
            if pos >= n:
                return _END
            c = buffer[pos]
            in_list = s.depth > 0 and f.kind[s.depth - 1] == _ARRAY
            record = s.depth == 0 or (not in_list and f.node[s.depth - 1] >= 0)
            top = s.depth - 1
            if in_list and (c == 91 or c == 45 or _is_digit(c)):
                # The fast path for long lists: integers, or lists of integers, as
                # items of this list, read inline. Anything unusual is left to the
                # general code below: a sign, a leading 0, 10 digits or more, a
                # fraction, other values.
                after = False  # whether the items read so far end the fast path
                while True:
                    c = buffer[pos]
                    if c == 91:  # '[' : a list of plain integers?
                        q = _skip_space(buffer, n, pos + 1)
                        first = s.n_numbers
                        count = 0
                        closed = False
                        while q < n:
                            end = _plain_integer(buffer, n, q, &value)
                            if end < 0:
                                break
                            if s.n_numbers == s.max_numbers:
                                s.pos = pos
                                return _TOO_MANY
                            s.numbers[s.n_numbers] = value
                            s.n_numbers += 1
                            count += 1
                            q = _skip_space(buffer, n, end)
                            if q < n and buffer[q] == 44:  # ','
                                q = _skip_space(buffer, n, q + 1)
                                continue
                            if q < n and buffer[q] == 93:  # ']'
                                closed = True
                                q += 1
                            break
                        if not closed:
                            s.n_numbers = first
                            break
                        _add_row(f, top, count)
                    else:  # a plain integer?
                        q = _plain_integer(buffer, n, pos, &value)
                        if q < 0:
                            break
                        if s.n_numbers == s.max_numbers:
                            return _TOO_MANY
                        s.numbers[s.n_numbers] = value
                        s.n_numbers += 1
                        _add_integer(f, top)
                    f.items[top] += 1
                    pos = q
                    s.pos = pos
                    after = True
                    # go on while a comma and another integer or list follow
                    q = _skip_space(buffer, n, q)
                    if q >= n or buffer[q] != 44:
                        break
                    q = _skip_space(buffer, n, q + 1)
                    if q >= n:
                        break
                    c = buffer[q]
                    if c != 91 and not _is_digit(c):
                        break
                    pos = q
                    s.pos = pos
                    after = False
                if after:
                    state = _AFTER
                    continue
                c = buffer[pos]
            if c == 123 or c == 91:  # '{' '['
                if s.depth == s.max_depth:
                    return _DEPTH
                kind = _OBJECT if c == 123 else _ARRAY
                node = -1
                if record:
                    node = _new_node(s, kind, top)
                    if node < 0:
                        return _TOO_MANY
                    s.spans[4 * node + 2] = pos
                if in_list and kind == _OBJECT:
                    _spoil(f, top, _OBJECT)
                f.kind[s.depth] = kind
                f.node[s.depth] = node
                f.items[s.depth] = 0
                f.first[s.depth] = s.n_numbers
                f.shape[s.depth] = _EMPTY
                f.width[s.depth] = 0
                f.bad_item[s.depth] = -1
                f.bad_kind[s.depth] = 0
                s.depth += 1
                s.key_start = -1
                s.key_end = -1
                pos = _skip_space(buffer, n, pos + 1)
                if pos < n and buffer[pos] == (125 if kind == _OBJECT else 93):
                    state = _CLOSE
                else:
                    state = _KEY if kind == _OBJECT else _VALUE
                continue
            kind = 0
            number = 0
            if c == 34:  # '"'
                end = _string_end(buffer, n, pos, s.max_string)
                if end < 0:
                    return <int> -end
                kind = _STRING
                end += 1
            elif c == 45 or _is_digit(c):
                end = _number_end(buffer, n, pos, &integer, &number)
                if end < 0:
                    return _SYNTAX
                if end - pos > s.max_number:
                    return _LONG_NUMBER
                kind = _INTEGER if integer else _FLOAT
            else:
                end = _literal_end(buffer, n, pos, &kind)
                if end < 0:
                    return _SYNTAX
            if in_list:
                if kind == _INTEGER:
                    if s.n_numbers == s.max_numbers:
                        return _TOO_MANY
                    s.numbers[s.n_numbers] = <int32_t> number
                    s.n_numbers += 1
                    _add_integer(f, top)
                else:
                    _spoil(f, top, kind)
            elif record:
                node = _new_node(s, kind, top)
                if node < 0:
                    return _TOO_MANY
                if kind == _STRING:
                    s.spans[4 * node + 2] = pos + 1
                    s.spans[4 * node + 3] = end - 1
                else:
                    s.spans[4 * node + 2] = pos
                    s.spans[4 * node + 3] = end
            if s.depth > 0:
                f.items[top] += 1
            s.key_start = -1
            s.key_end = -1
            pos = end
            state = _AFTER
        elif state == _KEY:
            if pos >= n:
                return _END
            if buffer[pos] != 34:
                return _SYNTAX
            end = _string_end(buffer, n, pos, s.max_string)
            if end < 0:
                return <int> -end
            s.key_start = pos + 1
            s.key_end = end
            pos = _skip_space(buffer, n, end + 1)
            s.pos = pos
            if pos >= n:
                return _END
            if buffer[pos] != 58:  # ':'
                return _SYNTAX
            pos = _skip_space(buffer, n, pos + 1)
            state = _VALUE
        elif state == _AFTER:
            pos = _skip_space(buffer, n, pos)
            s.pos = pos
            if s.depth == 0:
                return _TRAILING if pos < n else _OK
            if pos >= n:
                return _END
            c = buffer[pos]
            closer = 125 if f.kind[s.depth - 1] == _OBJECT else 93
            if c == 44:  # ','
                pos = _skip_space(buffer, n, pos + 1)
                state = _KEY if f.kind[s.depth - 1] == _OBJECT else _VALUE
            elif c == closer:
                state = _CLOSE
            else:
                return _SYNTAX
        else:  # _CLOSE: buffer[pos] closes the innermost container
            top = s.depth - 1
            node = f.node[top]
            if node >= 0:
                s.spans[4 * node + 3] = pos + 1
                s.nodes[6 * node + 3] = f.items[top]
                if f.kind[top] == _ARRAY:
                    s.nodes[6 * node + 4] = f.shape[top]
                    if f.shape[top] == _MIXED:
                        s.nodes[6 * node + 2] = f.bad_kind[top]
                        s.nodes[6 * node + 5] = f.bad_item[top]
                    else:
                        s.nodes[6 * node + 2] = f.first[top]
                        s.nodes[6 * node + 5] = f.width[top]
            if s.depth >= 2 and f.kind[top] == _ARRAY and f.kind[top - 1] == _ARRAY:
                outer = top - 1
                shape = f.shape[top]
                if shape == _EMPTY or shape == _FLAT:
                    _add_row(f, outer, f.items[top])
                else:
                    _spoil(f, outer, _NESTED)
            s.depth -= 1
            if s.depth > 0:
                f.items[s.depth - 1] += 1
            pos += 1
            state = _AFTER


def scan_json(
    const uint8_t[::1] buffer, int64_t max_depth, int64_t max_string, int64_t max_number,
    int64_t max_nodes, int64_t max_numbers,
):
    """Scan the JSON document in ``buffer`` (uint8).

    Returns ``(status, pos, nodes, spans, numbers, n_numbers, stack, pending_key)``:

    - ``status`` (``OK`` or an error code) and ``pos``, the byte where scanning
      stopped;
    - ``nodes``, int64 ``(n_nodes, 6)``: kind, parent node (-1 for the root),
      first, count, shape, width; for a MIXED list ``width`` is the index of its
      first offending item and ``first`` that item's kind;
    - ``spans``, int64 ``(n_nodes, 4)``: the node's key (start, end, without the
      quotes; -1 for the root) and its text (strings without the quotes,
      numbers and literals as written, containers from bracket to bracket);
    - ``numbers[:n_numbers]``, int32: the integers of lists (not copied to size:
      the bound is close);
    - ``stack``, int64 ``(depth, 2)``: at an error, the open containers as
      (node or -1, items read), outermost first; and ``pending_key``, the
      (start, end) of the key whose value was being read, or (-1, -1).

    ``max_numbers`` must be at least :func:`count_digit_runs` of the buffer
    (with fewer, the scan stops with ``TOO_MANY`` when they run out).
    """
    if max_depth < 0 or max_string < 0 or max_number < 0 or max_nodes < 0 or max_numbers < 0:
        raise ValueError("the limits must be >= 0")
    numbers_array = np.empty(max_numbers, dtype=np.int32)
    nodes_array = np.zeros((max_nodes, 6), dtype=np.int64)
    spans_array = np.empty((max_nodes, 4), dtype=np.int64)
    frames_array = np.zeros((8, max_depth + 1), dtype=np.int64)
    cdef int32_t[::1] numbers = numbers_array
    cdef int64_t[:, ::1] nodes = nodes_array, spans = spans_array, frames = frames_array
    cdef Scan s
    cdef int status
    cdef Py_ssize_t i
    s.buffer = &buffer[0] if buffer.shape[0] else NULL  # not read when empty
    s.n = buffer.shape[0]
    s.max_depth = max_depth
    s.max_string = max_string
    s.max_number = max_number
    s.max_nodes = max_nodes
    s.max_numbers = max_numbers
    s.numbers = &numbers[0] if max_numbers else NULL  # not written when 0
    s.n_numbers = 0
    s.nodes = &nodes[0, 0] if max_nodes else NULL
    s.spans = &spans[0, 0] if max_nodes else NULL
    s.n_nodes = 0
    s.f = Frames(&frames[0, 0], &frames[1, 0], &frames[2, 0], &frames[3, 0], &frames[4, 0],
                 &frames[5, 0], &frames[6, 0], &frames[7, 0])
    s.depth = 0
    s.pos = 0
    s.key_start = -1
    s.key_end = -1
    with nogil:
        spans[:, :] = -1
        frames[1, :] = -1  # no node
        frames[6, :] = -1  # no bad item
        status = _scan(&s)
    stack = np.empty((s.depth, 2), dtype=np.int64)
    for i in range(s.depth):
        stack[i, 0] = s.f.node[i]
        stack[i, 1] = s.f.items[i]
    pending = np.array([s.key_start, s.key_end], dtype=np.int64)
    return (
        status,
        s.pos,
        nodes_array[: s.n_nodes].copy(),
        spans_array[: s.n_nodes].copy(),
        numbers_array,
        s.n_numbers,
        stack,
        pending,
    )
