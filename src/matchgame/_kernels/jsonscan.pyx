# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A JSON scanner for answer documents: integer lists come back as arrays.

``json.loads`` makes a Python object of every number; a certificate of a
4000x4000 board holds tens of millions of them. :func:`scan_json` reads the
document in one pass with an explicit stack (no recursion) and returns

- every integer that is an item of a list, or of a list inside a list, in one
  array (``numbers``): int32 when no run of digits in the document is longer
  than 9 (:func:`measure` says), else int64; an integer beyond 64 bits makes its
  list MIXED (``BIG``);
- with ``strings``, every string that is an item of a list, or of a list inside a
  list, too (and every integer beyond 64 bits, as its text): its place in
  ``numbers`` holds its number in ``texts`` (the spans of the strings' contents
  or of the integers' digits, in order) and ``is_text`` marks it; the list counts
  them (a node's ``texts``). Without it such an item makes its list MIXED;
- a small table of the other values ("nodes"): the root, and the members of
  objects that are themselves nodes. A list node says where its integers are
  (``first``, ``count``) and its shape: integers (``FLAT``), lists of integers
  of one length (``ROWS``, ``width`` each), nothing (``EMPTY``) or anything else
  (``MIXED``, with the first offending item and why). Other values inside lists
  are validated but not recorded: no list in an answer holds objects.

Limits bound the work a hostile file can cause: nesting depth, the length of a
string or number, the number of nodes. Strings are not decoded here (the caller
decodes the few it needs, all short); their escapes are checked.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

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
    _BIG = 12  # an integer beyond 64 bits

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
    NODE_WIDTH = 7  # a node's columns: kind, parent, first, count, shape, width, texts

cdef enum:
    # parser states
    _VALUE = 0
    _KEY = 1
    _AFTER = 2
    _CLOSE = 3

OBJECT, ARRAY, STRING, INTEGER, FLOAT, TRUE, FALSE = (
    _OBJECT, _ARRAY, _STRING, _INTEGER, _FLOAT, _TRUE, _FALSE
)
globals()["NULL"] = _NULL  # NULL is C's null pointer in Cython source
RAGGED, NESTED, MIXED_INTEGER, BIG = _RAGGED, _NESTED, _MIXED_INTEGER, _BIG
EMPTY, FLAT, ROWS, MIXED = _EMPTY, _FLAT, _ROWS, _MIXED
OK, SYNTAX, END, DEPTH, LONG_STRING, LONG_NUMBER, TOO_MANY, BAD_ESCAPE, CONTROL, TRAILING = (
    _OK, _SYNTAX, _END, _DEPTH, _LONG_STRING, _LONG_NUMBER, _TOO_MANY, _BAD_ESCAPE, _CONTROL,
    _TRAILING,
)
NODE_COLUMNS = NODE_WIDTH


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


cdef void _measure(
    const uint8_t[::1] buffer, int64_t *longest, int64_t *quotes
) noexcept nogil:
    """The longest run of digits and the number of double quotes."""
    cdef Py_ssize_t i, n = buffer.shape[0]
    cdef int64_t run = 0, best = 0, count = 0
    cdef uint8_t c
    for i in range(n):
        c = buffer[i]
        if <uint8_t> (c - 48) < 10:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
            count += c == 34
    longest[0] = best
    quotes[0] = count


def measure(const uint8_t[::1] buffer):
    """``(digit runs, longest digit run, double quotes)`` of ``buffer``: bounds on the
    integers and strings :func:`scan_json` may record, and whether int32 holds them."""
    cdef int64_t runs, longest = 0, quotes = 0
    with nogil:
        runs = _digit_runs(buffer)
        _measure(buffer, &longest, &quotes)
    return runs, longest, quotes


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
    const uint8_t *buffer, int64_t n, int64_t pos, bint *integer, int64_t *number, bint *big
) noexcept nogil:
    """The end of the number at ``pos`` (-SYNTAX if none), whether it is an integer,
    and its value; ``big`` when an integer is beyond int64 (its value is then 0)."""
    cdef int64_t i = pos
    cdef uint64_t value = 0, limit
    cdef bint negative = False
    big[0] = False
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
        # int64 holds 9223372036854775807, and -9223372036854775808
        limit = <uint64_t> 9223372036854775807 + (1 if negative else 0)
        while i < n and _is_digit(buffer[i]):
            if not big[0]:
                if value > (limit - (buffer[i] - 48)) // 10:
                    big[0] = True
                else:
                    value = value * 10 + (buffer[i] - 48)
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
    if big[0]:
        number[0] = 0
    elif negative:
        number[0] = <int64_t> (0 - value)  # two's complement: -2**63 too
    else:
        number[0] = <int64_t> value
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
    # the open containers: kind, node, items, first number, shape, width, bad item,
    # bad kind, string items (a list's and its lists')
    int64_t *kind
    int64_t *node
    int64_t *items
    int64_t *first
    int64_t *shape
    int64_t *width
    int64_t *bad_item
    int64_t *bad_kind
    int64_t *texts


cdef struct Scan:
    const uint8_t *buffer
    int64_t n
    int64_t max_depth
    int64_t max_string
    int64_t max_number
    int64_t max_nodes
    int64_t max_numbers
    int32_t *narrow  # the numbers, when int32 holds them
    int64_t *wide  # else
    bint is_wide
    int64_t n_numbers
    bint strings  # record the string items of lists
    uint8_t *is_text  # per number (with strings): a string's number in texts
    int64_t *texts  # (max_texts, 2): the strings' contents, start and end
    int64_t n_texts
    int64_t max_texts
    int64_t *nodes  # (max_nodes, NODE_COLUMNS), row-major
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


cdef inline bint _store(Scan *s, int64_t value) noexcept nogil:
    """Append an integer (or a string's number) to the numbers; False when full."""
    if s.n_numbers == s.max_numbers:
        return False
    if s.is_wide:
        s.wide[s.n_numbers] = value
    else:
        s.narrow[s.n_numbers] = <int32_t> value
    if s.strings:
        s.is_text[s.n_numbers] = 0
    s.n_numbers += 1
    return True


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
    s.nodes[NODE_WIDTH * node] = kind
    s.nodes[NODE_WIDTH * node + 1] = s.f.node[top] if s.depth > 0 else -1
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
    cdef bint in_list, record, after, closed, integer, big = False
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
                            if not _store(s, value):
                                s.pos = pos
                                return _TOO_MANY
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
                        if not _store(s, value):
                            return _TOO_MANY
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
                f.texts[s.depth] = 0
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
                end = _number_end(buffer, n, pos, &integer, &number, &big)
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
                if kind == _INTEGER and not big:
                    if not _store(s, number):
                        return _TOO_MANY
                    _add_integer(f, top)
                elif s.strings and (kind == _STRING or kind == _INTEGER):
                    # a string, or an integer beyond 64 bits, kept as its text
                    if s.n_texts == s.max_texts or not _store(s, s.n_texts):
                        return _TOO_MANY
                    s.is_text[s.n_numbers - 1] = 1
                    s.texts[2 * s.n_texts] = pos + 1 if kind == _STRING else pos
                    s.texts[2 * s.n_texts + 1] = end - 1 if kind == _STRING else end
                    s.n_texts += 1
                    f.texts[top] += 1
                    _add_integer(f, top)
                else:
                    _spoil(f, top, _BIG if kind == _INTEGER else kind)
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
                s.nodes[NODE_WIDTH * node + 3] = f.items[top]
                if f.kind[top] == _ARRAY:
                    s.nodes[NODE_WIDTH * node + 4] = f.shape[top]
                    s.nodes[NODE_WIDTH * node + 6] = f.texts[top]
                    if f.shape[top] == _MIXED:
                        s.nodes[NODE_WIDTH * node + 2] = f.bad_kind[top]
                        s.nodes[NODE_WIDTH * node + 5] = f.bad_item[top]
                    else:
                        s.nodes[NODE_WIDTH * node + 2] = f.first[top]
                        s.nodes[NODE_WIDTH * node + 5] = f.width[top]
            if s.depth >= 2 and f.kind[top] == _ARRAY and f.kind[top - 1] == _ARRAY:
                outer = top - 1
                f.texts[outer] += f.texts[top]
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
    int64_t max_nodes, int64_t max_numbers, bint wide=True, int64_t max_texts=-1,
):
    """Scan the JSON document in ``buffer`` (uint8).

    Returns ``(status, pos, nodes, spans, numbers, n_numbers, stack, pending_key,
    is_text, texts)``:

    - ``status`` (``OK`` or an error code) and ``pos``, the byte where scanning
      stopped;
    - ``nodes``, int64 ``(n_nodes, NODE_COLUMNS)``: kind, parent node (-1 for the
      root), first, count, shape, width, texts (string items of a list, its lists'
      included); for a MIXED list ``width`` is the index of its first offending
      item and ``first`` that item's kind;
    - ``spans``, int64 ``(n_nodes, 4)``: the node's key (start, end, without the
      quotes; -1 for the root) and its text (strings without the quotes,
      numbers and literals as written, containers from bracket to bracket);
    - ``numbers[:n_numbers]``, int64 if ``wide`` else int32: the integers of lists
      (not copied to size: the bound is close);
    - ``stack``, int64 ``(depth, 2)``: at an error, the open containers as
      (node or -1, items read), outermost first; and ``pending_key``, the
      (start, end) of the key whose value was being read, or (-1, -1);
    - with ``max_texts >= 0`` (string items recorded, at most that many; ``wide``
      is then required): ``is_text`` (uint8 per number, 1 where the number is a
      string's number) and ``texts`` (int64 ``(n_texts, 2)``, the strings' contents
      as start and end, without the quotes, or an integer's digits); else two
      empty arrays.

    ``max_numbers`` must be at least :func:`count_digit_runs` of the buffer (and
    the strings recorded), and ``wide`` False only when :func:`measure` finds no
    run of more than 9 digits (int32 holds every integer then). With fewer numbers
    or texts the scan stops with ``TOO_MANY`` when they run out.
    """
    if max_depth < 0 or max_string < 0 or max_number < 0 or max_nodes < 0 or max_numbers < 0:
        raise ValueError("the limits must be >= 0")
    if max_texts >= 0 and not wide:
        raise ValueError("strings are recorded among wide numbers only")
    numbers_array = np.empty(max_numbers, dtype=np.int64 if wide else np.int32)
    nodes_array = np.zeros((max_nodes, NODE_WIDTH), dtype=np.int64)
    spans_array = np.empty((max_nodes, 4), dtype=np.int64)
    frames_array = np.zeros((9, max_depth + 1), dtype=np.int64)
    is_text_array = np.zeros(max_numbers if max_texts >= 0 else 0, dtype=np.uint8)
    texts_array = np.empty((max(max_texts, 0), 2), dtype=np.int64)
    cdef int32_t[::1] narrow
    cdef int64_t[::1] wide_view
    cdef uint8_t[::1] is_text = is_text_array
    cdef int64_t[:, ::1] nodes = nodes_array, spans = spans_array, frames = frames_array
    cdef int64_t[:, ::1] texts = texts_array
    cdef Scan s
    cdef int status
    cdef Py_ssize_t i
    s.narrow = NULL
    s.wide = NULL
    s.is_wide = wide
    if wide:
        wide_view = numbers_array
        s.wide = &wide_view[0] if max_numbers else NULL  # not written when 0
    else:
        narrow = numbers_array
        s.narrow = &narrow[0] if max_numbers else NULL
    s.strings = max_texts >= 0
    s.is_text = &is_text[0] if is_text.shape[0] else NULL
    s.texts = &texts[0, 0] if texts.shape[0] else NULL
    s.n_texts = 0
    s.max_texts = max(max_texts, 0)
    s.buffer = &buffer[0] if buffer.shape[0] else NULL  # not read when empty
    s.n = buffer.shape[0]
    s.max_depth = max_depth
    s.max_string = max_string
    s.max_number = max_number
    s.max_nodes = max_nodes
    s.max_numbers = max_numbers
    s.n_numbers = 0
    s.nodes = &nodes[0, 0] if max_nodes else NULL
    s.spans = &spans[0, 0] if max_nodes else NULL
    s.n_nodes = 0
    s.f = Frames(&frames[0, 0], &frames[1, 0], &frames[2, 0], &frames[3, 0], &frames[4, 0],
                 &frames[5, 0], &frames[6, 0], &frames[7, 0], &frames[8, 0])
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
        is_text_array,
        texts_array[: s.n_texts],
    )
