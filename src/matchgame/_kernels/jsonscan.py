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

from __future__ import annotations

import numpy as np

from ._jit import kernel

# node kinds, and for a MIXED list the kind of its first offending item
OBJECT, ARRAY, STRING, INTEGER, FLOAT, TRUE, FALSE, NULL = 1, 2, 3, 4, 5, 6, 7, 8
RAGGED = 9  # a list of integer lists of different lengths
NESTED = 10  # a list holding a list that holds lists
MIXED_INTEGER = 11  # a list of lists that also holds an integer

# shapes of a list
EMPTY, FLAT, ROWS, MIXED = 0, 1, 2, 3

# status codes
OK, SYNTAX, END, DEPTH, LONG_STRING, LONG_NUMBER, TOO_MANY, BAD_ESCAPE, CONTROL, TRAILING = range(
    10
)

OUT_OF_RANGE = -(2**31)  # stands for an integer outside int32 in ``numbers``

# parser states
_VALUE, _KEY, _AFTER, _CLOSE = 0, 1, 2, 3


@kernel
def count_digit_runs(buffer):
    """How many maximal runs of ASCII digits ``buffer`` holds (bounds the integers)."""
    count = 0
    previous = False
    for i in range(buffer.shape[0]):
        c = buffer[i]
        digit = c >= 48 and c <= 57
        if digit and not previous:
            count += 1
        previous = digit
    return count


@kernel
def _skip_space(buffer, pos):
    n = buffer.shape[0]
    while pos < n:
        c = buffer[pos]
        if c != 32 and c != 10 and c != 13 and c != 9:
            break
        pos += 1
    return pos


@kernel
def _is_hex(c):
    return (c >= 48 and c <= 57) or (c >= 65 and c <= 70) or (c >= 97 and c <= 102)


@kernel
def _string_end(buffer, pos, max_length):
    """The index of the closing quote of the string opening at ``pos``, or -status."""
    n = buffer.shape[0]
    i = pos + 1
    while i < n:
        if i - pos - 1 > max_length:
            return -LONG_STRING
        c = buffer[i]
        if c == 34:  # '"'
            return i
        if c < 32:
            return -CONTROL
        if c == 92:  # backslash
            if i + 1 >= n:
                return -END
            e = buffer[i + 1]
            if e == 117:  # 'u' and four hex digits
                if i + 5 >= n:
                    return -END
                for k in range(2, 6):
                    if not _is_hex(buffer[i + k]):
                        return -BAD_ESCAPE
                i += 6
                continue
            if e not in (34, 92, 47, 98, 102, 110, 114, 116):  # " \ / b f n r t
                return -BAD_ESCAPE
            i += 2
            continue
        i += 1
    return -END


@kernel
def _number_end(buffer, pos):
    """``(end, is_integer, value)`` of the number at ``pos``; ``end`` is -SYNTAX if none.

    ``value`` is the integer clamped to int32 (``OUT_OF_RANGE`` beyond it).
    """
    n = buffer.shape[0]
    i = pos
    negative = False
    if i < n and buffer[i] == 45:  # '-'
        negative = True
        i += 1
    if i >= n or buffer[i] < 48 or buffer[i] > 57:
        return -SYNTAX, False, 0
    value = 0
    big = False
    if buffer[i] == 48:  # a leading 0 stands alone
        i += 1
    else:
        while i < n and buffer[i] >= 48 and buffer[i] <= 57:
            if not big:
                value = value * 10 + (buffer[i] - 48)
                if value > 2147483647:
                    big = True
            i += 1
    integer = True
    if i < n and buffer[i] == 46:  # '.'
        integer = False
        i += 1
        if i >= n or buffer[i] < 48 or buffer[i] > 57:
            return -SYNTAX, False, 0
        while i < n and buffer[i] >= 48 and buffer[i] <= 57:
            i += 1
    if i < n and (buffer[i] == 101 or buffer[i] == 69):  # 'e' 'E'
        integer = False
        i += 1
        if i < n and (buffer[i] == 43 or buffer[i] == 45):
            i += 1
        if i >= n or buffer[i] < 48 or buffer[i] > 57:
            return -SYNTAX, False, 0
        while i < n and buffer[i] >= 48 and buffer[i] <= 57:
            i += 1
    if big:
        return i, integer, OUT_OF_RANGE
    return i, integer, -value if negative else value


_TRUE_BYTES = (116, 114, 117, 101)
_FALSE_BYTES = (102, 97, 108, 115, 101)
_NULL_BYTES = (110, 117, 108, 108)


@kernel
def _word_end(buffer, pos, word):
    """The end of ``word`` (a tuple of bytes) if it is written at ``pos``, else -1."""
    if pos + len(word) > buffer.shape[0]:
        return -1
    for k in range(len(word)):
        if buffer[pos + k] != word[k]:
            return -1
    return pos + len(word)


@kernel
def _literal_end(buffer, pos):
    """``(end, kind)`` of ``true``, ``false`` or ``null`` at ``pos``; end -1 if none."""
    c = buffer[pos]
    if c == 116:
        return _word_end(buffer, pos, _TRUE_BYTES), TRUE
    if c == 102:
        return _word_end(buffer, pos, _FALSE_BYTES), FALSE
    if c == 110:
        return _word_end(buffer, pos, _NULL_BYTES), NULL
    return -1, 0


@kernel
def scan_json(buffer, max_depth, max_string, max_number, max_nodes, max_numbers):
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

    ``max_numbers`` must be at least :func:`count_digit_runs` of the buffer.
    """
    n = buffer.shape[0]
    numbers = np.empty(max_numbers, dtype=np.int32)
    n_numbers = 0
    nodes = np.zeros((max_nodes, 6), dtype=np.int64)
    spans = np.full((max_nodes, 4), -1, dtype=np.int64)
    n_nodes = 0
    # the open containers: kind, node, items, first number, shape, width, bad item, bad kind
    frame_kind = np.zeros(max_depth + 1, dtype=np.int64)
    frame_node = np.full(max_depth + 1, -1, dtype=np.int64)
    frame_items = np.zeros(max_depth + 1, dtype=np.int64)
    frame_first = np.zeros(max_depth + 1, dtype=np.int64)
    frame_shape = np.zeros(max_depth + 1, dtype=np.int64)
    frame_width = np.zeros(max_depth + 1, dtype=np.int64)
    frame_bad_item = np.full(max_depth + 1, -1, dtype=np.int64)
    frame_bad_kind = np.zeros(max_depth + 1, dtype=np.int64)
    depth = 0
    key_start = -1
    key_end = -1
    status = OK
    state = _VALUE
    pos = _skip_space(buffer, 0)
    while True:
        if state == _VALUE:
            if pos >= n:
                status = END
                break
            c = buffer[pos]
            in_list = depth > 0 and frame_kind[depth - 1] == ARRAY
            record = depth == 0 or (not in_list and frame_node[depth - 1] >= 0)
            top = depth - 1
            if in_list and (c == 91 or c == 45 or (c >= 48 and c <= 57)):
                # The fast path for long lists: integers, or lists of integers, as
                # items of this list, read inline (a call per number costs more than
                # the number). Anything unusual is left to the general code below:
                # a sign, a leading 0, 10 digits or more, a fraction, other values.
                after = False  # whether the items read so far end the fast path
                while True:
                    c = buffer[pos]
                    if c == 91:  # '[' : a list of plain integers?
                        q = pos + 1
                        while q < n and (
                            buffer[q] == 32 or buffer[q] == 10 or buffer[q] == 13 or buffer[q] == 9
                        ):
                            q += 1
                        first = n_numbers
                        count = 0
                        closed = False
                        while q < n:
                            d = q
                            value = 0
                            while d < n and d - q < 10 and buffer[d] >= 48 and buffer[d] <= 57:
                                value = value * 10 + (buffer[d] - 48)
                                d += 1
                            if d == q or d - q == 10 or (buffer[q] == 48 and d - q > 1):
                                break
                            if d < n and (buffer[d] == 46 or buffer[d] == 101 or buffer[d] == 69):
                                break
                            numbers[n_numbers] = value
                            n_numbers += 1
                            count += 1
                            q = d
                            while q < n and (
                                buffer[q] == 32
                                or buffer[q] == 10
                                or buffer[q] == 13
                                or buffer[q] == 9
                            ):
                                q += 1
                            if q < n and buffer[q] == 44:  # ','
                                q += 1
                                while q < n and (
                                    buffer[q] == 32
                                    or buffer[q] == 10
                                    or buffer[q] == 13
                                    or buffer[q] == 9
                                ):
                                    q += 1
                                continue
                            if q < n and buffer[q] == 93:  # ']'
                                closed = True
                                q += 1
                            break
                        if not closed:
                            n_numbers = first
                            break
                        if frame_shape[top] == EMPTY:
                            frame_shape[top] = ROWS
                            frame_width[top] = count
                        elif frame_shape[top] == ROWS:
                            if frame_width[top] != count:
                                frame_shape[top] = MIXED
                                frame_bad_item[top] = frame_items[top]
                                frame_bad_kind[top] = RAGGED
                        elif frame_shape[top] == FLAT:
                            frame_shape[top] = MIXED
                            frame_bad_item[top] = frame_items[top]
                            frame_bad_kind[top] = ARRAY
                    else:  # a plain integer?
                        d = pos
                        value = 0
                        while d < n and d - pos < 10 and buffer[d] >= 48 and buffer[d] <= 57:
                            value = value * 10 + (buffer[d] - 48)
                            d += 1
                        if d == pos or d - pos == 10 or (buffer[pos] == 48 and d - pos > 1):
                            break
                        if d < n and (buffer[d] == 46 or buffer[d] == 101 or buffer[d] == 69):
                            break
                        numbers[n_numbers] = value
                        n_numbers += 1
                        q = d
                        if frame_shape[top] == EMPTY:
                            frame_shape[top] = FLAT
                        elif frame_shape[top] == ROWS:
                            frame_shape[top] = MIXED
                            frame_bad_item[top] = frame_items[top]
                            frame_bad_kind[top] = MIXED_INTEGER
                    frame_items[top] += 1
                    pos = q
                    after = True
                    # go on while a comma and another integer or list follow
                    while q < n and (
                        buffer[q] == 32 or buffer[q] == 10 or buffer[q] == 13 or buffer[q] == 9
                    ):
                        q += 1
                    if q >= n or buffer[q] != 44:
                        break
                    q += 1
                    while q < n and (
                        buffer[q] == 32 or buffer[q] == 10 or buffer[q] == 13 or buffer[q] == 9
                    ):
                        q += 1
                    if q >= n:
                        break
                    c = buffer[q]
                    if c != 91 and (c < 48 or c > 57):
                        break
                    pos = q
                    after = False
                if after:
                    state = _AFTER
                    continue
                c = buffer[pos]
            if c == 123 or c == 91:  # '{' '['
                if depth == max_depth:
                    status = DEPTH
                    break
                kind = OBJECT if c == 123 else ARRAY
                node = -1
                if record:
                    if n_nodes == max_nodes:
                        status = TOO_MANY
                        break
                    node = n_nodes
                    n_nodes += 1
                    nodes[node, 0] = kind
                    nodes[node, 1] = frame_node[top] if depth > 0 else -1
                    spans[node, 0] = key_start
                    spans[node, 1] = key_end
                    spans[node, 2] = pos
                if in_list and kind == OBJECT and frame_shape[top] != MIXED:
                    frame_shape[top] = MIXED
                    frame_bad_item[top] = frame_items[top]
                    frame_bad_kind[top] = OBJECT
                frame_kind[depth] = kind
                frame_node[depth] = node
                frame_items[depth] = 0
                frame_first[depth] = n_numbers
                frame_shape[depth] = EMPTY
                frame_width[depth] = 0
                frame_bad_item[depth] = -1
                frame_bad_kind[depth] = 0
                depth += 1
                key_start = -1
                key_end = -1
                pos = _skip_space(buffer, pos + 1)
                if pos < n and buffer[pos] == (125 if kind == OBJECT else 93):
                    state = _CLOSE
                else:
                    state = _KEY if kind == OBJECT else _VALUE
                continue
            kind = 0
            end = -1
            value = 0
            if c == 34:  # '"'
                end = _string_end(buffer, pos, max_string)
                if end < 0:
                    status = -end
                    break
                kind = STRING
                end += 1
            elif c == 45 or (c >= 48 and c <= 57):
                end, integer, value = _number_end(buffer, pos)
                if end < 0:
                    status = SYNTAX
                    break
                if end - pos > max_number:
                    status = LONG_NUMBER
                    break
                kind = INTEGER if integer else FLOAT
            else:
                end, kind = _literal_end(buffer, pos)
                if end < 0:
                    status = SYNTAX
                    break
            if in_list:
                if kind == INTEGER:
                    numbers[n_numbers] = value
                    n_numbers += 1
                    if frame_shape[top] == EMPTY:
                        frame_shape[top] = FLAT
                    elif frame_shape[top] == ROWS:
                        frame_shape[top] = MIXED
                        frame_bad_item[top] = frame_items[top]
                        frame_bad_kind[top] = MIXED_INTEGER
                elif frame_shape[top] != MIXED:
                    frame_shape[top] = MIXED
                    frame_bad_item[top] = frame_items[top]
                    frame_bad_kind[top] = kind
            elif record:
                if n_nodes == max_nodes:
                    status = TOO_MANY
                    break
                node = n_nodes
                n_nodes += 1
                nodes[node, 0] = kind
                nodes[node, 1] = frame_node[top] if depth > 0 else -1
                spans[node, 0] = key_start
                spans[node, 1] = key_end
                if kind == STRING:
                    spans[node, 2] = pos + 1
                    spans[node, 3] = end - 1
                else:
                    spans[node, 2] = pos
                    spans[node, 3] = end
            if depth > 0:
                frame_items[top] += 1
            key_start = -1
            key_end = -1
            pos = end
            state = _AFTER
        elif state == _KEY:
            if pos >= n:
                status = END
                break
            if buffer[pos] != 34:
                status = SYNTAX
                break
            end = _string_end(buffer, pos, max_string)
            if end < 0:
                status = -end
                break
            key_start = pos + 1
            key_end = end
            pos = _skip_space(buffer, end + 1)
            if pos >= n:
                status = END
                break
            if buffer[pos] != 58:  # ':'
                status = SYNTAX
                break
            pos = _skip_space(buffer, pos + 1)
            state = _VALUE
        elif state == _AFTER:
            pos = _skip_space(buffer, pos)
            if depth == 0:
                if pos < n:
                    status = TRAILING
                break
            if pos >= n:
                status = END
                break
            c = buffer[pos]
            closer = 125 if frame_kind[depth - 1] == OBJECT else 93
            if c == 44:  # ','
                pos = _skip_space(buffer, pos + 1)
                state = _KEY if frame_kind[depth - 1] == OBJECT else _VALUE
            elif c == closer:
                state = _CLOSE
            else:
                status = SYNTAX
                break
        else:  # _CLOSE: buffer[pos] closes the innermost container
            top = depth - 1
            node = frame_node[top]
            if node >= 0:
                spans[node, 3] = pos + 1
                nodes[node, 3] = frame_items[top]
                if frame_kind[top] == ARRAY:
                    nodes[node, 4] = frame_shape[top]
                    if frame_shape[top] == MIXED:
                        nodes[node, 2] = frame_bad_kind[top]
                        nodes[node, 5] = frame_bad_item[top]
                    else:
                        nodes[node, 2] = frame_first[top]
                        nodes[node, 5] = frame_width[top]
            if depth >= 2 and frame_kind[top] == ARRAY and frame_kind[top - 1] == ARRAY:
                outer = top - 1
                shape = frame_shape[top]
                if shape in (EMPTY, FLAT):
                    if frame_shape[outer] == EMPTY:
                        frame_shape[outer] = ROWS
                        frame_width[outer] = frame_items[top]
                    elif frame_shape[outer] == ROWS:
                        if frame_width[outer] != frame_items[top]:
                            frame_shape[outer] = MIXED
                            frame_bad_item[outer] = frame_items[outer]
                            frame_bad_kind[outer] = RAGGED
                    elif frame_shape[outer] == FLAT:
                        frame_shape[outer] = MIXED
                        frame_bad_item[outer] = frame_items[outer]
                        frame_bad_kind[outer] = ARRAY
                elif frame_shape[outer] != MIXED:
                    frame_shape[outer] = MIXED
                    frame_bad_item[outer] = frame_items[outer]
                    frame_bad_kind[outer] = NESTED
            depth -= 1
            if depth > 0:
                frame_items[depth - 1] += 1
            pos += 1
            state = _AFTER
    stack = np.empty((depth, 2), dtype=np.int64)
    for i in range(depth):
        stack[i, 0] = frame_node[i]
        stack[i, 1] = frame_items[i]
    pending = np.empty(2, dtype=np.int64)
    pending[0] = key_start
    pending[1] = key_end
    return (
        status,
        pos,
        nodes[:n_nodes].copy(),
        spans[:n_nodes].copy(),
        numbers,
        n_numbers,
        stack,
        pending,
    )
