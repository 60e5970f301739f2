"""Answer formats: the JSON reader agrees with json.loads; the writer with json.dumps."""

import json

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from matchgame import Board, Graph, InvalidParameterError, analyse
from matchgame.readers.documents import BadList, DocumentError, IntList, read_json
from matchgame.writers import jsonstream, placements

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4), inner, max_size=4)
        | st.lists(st.integers(-(2**33), 2**33), max_size=6)
        | st.lists(st.lists(st.integers(0, 99), min_size=2, max_size=2), max_size=4)
        | st.lists(st.integers(-(2**64), 2**64), max_size=4)  # 64 bits and beyond
        | st.lists(st.lists(st.integers(0, 9), max_size=2), max_size=3)  # empty lists too
    ),
    max_leaves=20,
)


def expected(value):
    """What read_json should return for a value json.loads returned."""
    if isinstance(value, dict):
        return {k: expected(v) for k, v in value.items()}
    if not isinstance(value, list):
        return value
    if not value:
        return ("ints", [], -1)

    def is_int(x):
        return isinstance(x, int) and not isinstance(x, bool)

    def is_int64(x):
        return is_int(x) and -(2**63) <= x < 2**63

    if all(is_int64(x) for x in value):
        return ("ints", value, 0)
    if all(isinstance(x, list) and all(is_int64(y) for y in x) for x in value):
        widths = {len(x) for x in value}
        if len(widths) == 1 and 0 not in widths:  # a list of empty lists is no answer's
            return ("ints", [y for x in value for y in x], widths.pop())
    return "bad"


def seen(value):
    if isinstance(value, dict):
        return {k: seen(v) for k, v in value.items()}
    if isinstance(value, IntList):
        return ("ints", value.values.tolist(), value.width)
    if isinstance(value, BadList):
        return "bad"
    return value


@settings(max_examples=examples(300), deadline=None)
@given(value=json_values, indent=st.sampled_from([None, 0, 2]), compact=st.booleans())
def test_reader_agrees_with_json_loads(value, indent, compact):
    separators = (",", ":") if compact else None
    text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=False)
    assert seen(read_json(text.encode())) == expected(json.loads(text))


ALPHABET = b'[]{}",:0123456789-.eE+ tfnrulas\\/\n'


@settings(max_examples=examples(500), deadline=None)
@given(value=json_values, data=st.data())
def test_reader_refuses_what_json_loads_refuses(value, data):
    text = bytearray(json.dumps(value, ensure_ascii=True).encode())
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        byte = data.draw(st.sampled_from(ALPHABET))
        if action == "insert":
            text[i:i] = bytes([byte])
        elif i < len(text):
            text[i : i + 1] = b"" if action == "delete" else bytes([byte])
    try:
        json.loads(bytes(text))
        loads_ok = True
    except ValueError:
        loads_ok = False
    try:
        read_json(bytes(text))
        read_ok = True
    except DocumentError as error:
        if "appears twice" in str(error):  # json.loads keeps the last one
            return
        read_ok = False
    assert read_ok == loads_ok, bytes(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"[" * 65 + b"]" * 65, "nested deeper than 64"),
        (b'{"a": {"b": "' + b"x" * 2000 + b'"}}', 'field "a.b"'),
        (b'{"' + b"k" * 2000 + b'": 1}', "longer than 1024"),
        (b'{"a": [1, 2, 1' + b"0" * 100 + b"]}", 'field "a[2]"'),
        (b"{" + b",".join(b'"%d": 0' % i for i in range(5000)) + b"}", "more than 4096"),
        (b'{"a": 1, "a": 2}', 'field "a" appears twice'),
        (b'{"a": [1, 2,\n 3 4]}', "line 2, column 4"),
        (b'{"a": NaN}', "not JSON"),
        (b'{"a": "\\x"}', "bad escape"),
        (b'{"a": "\x01"}', "control character"),
        (b'{"\xff": 1}', "UTF-8"),
        (b"{} {}", "more text after"),
        (b"", "ends too early"),
    ],
)
def test_reader_limits_and_errors(text, fragment):
    with pytest.raises(DocumentError) as error:
        read_json(text)
    message = str(error.value)
    assert fragment in message and len(message) < 120, message


def test_reader_keeps_big_lists_as_arrays():
    pairs = np.arange(2_000_000, dtype=np.int64).reshape(-1, 2)
    text = b"".join(jsonstream.json_chunks({"pairs": pairs, "n": 3}))
    document = read_json(text)
    assert document["n"] == 3 and document["pairs"].width == 2
    assert np.array_equal(document["pairs"].rows(2), pairs)


def test_writer_matches_json_dumps(monkeypatch):
    monkeypatch.setattr(jsonstream, "_ROWS_PER_PIECE", 3)
    monkeypatch.setattr(jsonstream, "_PIECE_BYTES", 10)
    document = {
        "a": np.arange(-5, 8, dtype=np.int32),
        "b": np.arange(14, dtype=np.int64).reshape(7, 2) * 10**9,
        "c": {"d": np.zeros(0, dtype=np.int64), "e": np.zeros((0, 2), dtype=np.int64)},
        "f": [True, None, "x\u00e9\n", 1.5, np.int32(3)],
    }
    text = b"".join(jsonstream.json_chunks(document))
    assert text.endswith(b"\n") and b" " not in text
    assert json.loads(text) == {
        "a": list(range(-5, 8)),
        "b": (np.arange(14).reshape(7, 2) * 10**9).tolist(),
        "c": {"d": [], "e": []},
        "f": [True, None, "x\u00e9\n", 1.5, 3],
    }


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=40,
)


@settings(max_examples=examples(300), deadline=None)
@given(document=st.dictionaries(st.text(), _JSON_VALUES, max_size=4))
def test_lists_are_written_as_json_dumps_writes_them(document):
    """Lists go through json's encoder a slice at a time (here 3 items): the text is
    json.dumps's, compact, whatever the slices."""
    original = jsonstream._ITEMS_PER_PIECE
    jsonstream._ITEMS_PER_PIECE = 3
    try:
        text = b"".join(jsonstream.json_chunks(document))
    finally:
        jsonstream._ITEMS_PER_PIECE = original
    assert text == json.dumps(document, separators=(",", ":")).encode() + b"\n"


def test_answer_styles(monkeypatch):
    monkeypatch.setattr(jsonstream, "_ROWS_PER_PIECE", 2)  # several pieces
    board = Board.from_rows([".#..", "....", "#..#"])
    analysis = analyse(board)
    cells = [[r + 1, c + 1] for r, c in analysis.winning]
    assert len(cells) > 2
    jsoi = placements.format_placements(analysis, "jsoi").decode()
    assert jsoi == "WIN\n" + "".join(f"{r} {c}\n" for r, c in cells)
    loj = placements.format_placements(analysis, "loj").decode()
    assert loj == f"{len(cells)}\n" + jsoi[4:]
    assert json.loads(placements.format_placements(analysis, "json"))["winning_cells"] == cells
    graph = analyse(Graph.from_edges(3, [(0, 1), (1, 2)]))
    assert placements.format_placements(graph, "jsoi") == b"WIN\n1\n3\n"
    with pytest.raises(InvalidParameterError, match="needs an analysis of a board"):
        placements.format_placements(graph, "board")
    with pytest.raises(InvalidParameterError, match="style must be one of"):
        placements.format_placements(graph, "xml")
