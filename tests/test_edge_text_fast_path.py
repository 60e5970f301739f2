"""The one-pass reader of plain edge lists (_kernels/edgetext.pyx) never changes an answer.

Texts near the common form (signs, zeros, blank lines, stray characters, wrong
counts, vertices out of range) are read with the fast path on and off: the same
graph, or the same error with the same line and column.
"""

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from matchgame import ParseError
from matchgame._kernels.edgetext import parse_edge_lines
from matchgame.readers import edgelists


def read(text: bytes, fast: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(edgelists, "_parse_common_form", lambda *args: None)
        try:
            graph = edgelists.parse_edge_list(text)
        except ParseError as exc:
            return ("error", str(exc))
    return (graph.n_vertices, graph.offsets.tolist(), graph.indices.tolist())


PIECES = [b" ", b"\t", b"\r", b"\n", b"0", b"+", b"-", b"x", b"\x0b", b"00"]


@st.composite
def edge_texts(draw: st.DrawFn) -> bytes:
    n = draw(st.integers(0, 6))
    m = draw(st.integers(0, 6))
    lines = [f"{draw(st.integers(0, 7))} {draw(st.integers(0, 7))}".encode() for _ in range(m)]
    lines += [b""] * draw(st.integers(0, 2))
    claimed = m + draw(st.sampled_from([0, 0, 0, -1, 1]))
    text = bytearray(b"\n".join([b"\n" * draw(st.integers(0, 1)) + f"{n} {claimed}".encode()]))
    text += b"\n" + b"\n".join(lines)
    for _ in range(draw(st.integers(0, 3))):  # perturb a few bytes
        at = draw(st.integers(0, len(text)))
        text[at:at] = draw(st.sampled_from(PIECES))
    return bytes(text)


@settings(max_examples=examples(1500), deadline=None)
@given(text=edge_texts())
def test_fast_and_general_readers_agree(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert read(text, True, monkeypatch) == read(text, False, monkeypatch)


def test_the_common_form_takes_the_fast_path():
    text = b"5 3\n1 2\n 2\t3 \r\n5 5\n\n \n"
    start = text.index(b"\n") + 1
    ends = parse_edge_lines(np.frombuffer(text, dtype=np.uint8), start, 5, 3)
    assert ends is not None
    assert [e.tolist() for e in ends] == [[0, 1, 4], [1, 2, 4]]
    for other in (b"5 3\n1 2\n2 +3\n5 5\n", b"5 3\n1 2\n2 3\n5 6\n", b"5 3\n1 2\n\n2 3\n5 5\n"):
        assert parse_edge_lines(np.frombuffer(other, dtype=np.uint8), start, 5, 3) is None
