"""Edge lists as people write them: lines ``u v`` without a header, read by the SNAP
format (:mod:`.snap`) when its compiled fast path (two integer ids a line) does not fit.

What this reads, besides SNAP's own lines:

- NetworkX's ``write_edgelist`` (``0 1`` with ``data=False``; ``0 1 {}`` or
  ``0 1 {'weight': 4}`` with its default ``data=True``), ``write_weighted_edgelist``
  (``0 1 2.5``) and ``generate_edgelist(G, data=[...])`` (the values, blank
  separated): every line the same data (numbers, or a ``{...}`` dict), which the
  games ignore;
- names of any words (``Myriel Napoleon``): the vertices are named by them, in the
  order they first occur; integer ids name them by the ids, smallest first, as SNAP
  files do;
- CSV (``u,v``, quoted fields, extra columns ignored), with or without a header row
  (``source,target`` as ``networkx.to_pandas_edgelist`` and pandas write it, and a
  leading index column).

A name with a blank in it is refused, saying why: NetworkX writes such names as they
are, and nothing can tell ``Jean Valjean Myriel`` apart (GraphML keeps them).

:func:`reads_as_pairs` tells, from the beginning of a text, whether it is such a
list and cannot be read as anything else (a board, matchgame's ``n m`` edge list, a
record): the readers of every face then read it without being told.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np

from ..core._validate import plural
from ..core.digraph import DiGraph
from ..core.graph import MAX_VERTICES, Graph
from ..core.labels import FileIds, NodeLabels
from ..errors import ParseError
from ._memory import require_memory

__all__ = ["HEADERS", "hints_pairs", "is_csv", "pair_lines", "parse_pairs", "reads_as_pairs"]

BYTES_PER_NAMED_LINE = 400
"""Peak memory per line read as words: its two names and their line number as
Python objects, the names' index and the pair renumbered."""

HEADERS = frozenset(
    {
        ("source", "target"),
        ("from", "to"),
        ("u", "v"),
        ("node1", "node2"),
        ("src", "dst"),
        ("fromnodeid", "tonodeid"),
        ("tail", "head"),
    }
)
"""The first two columns of a header row (lower case), as pandas, NetworkX
(``to_pandas_edgelist``), Gephi and SNAP's comments name them."""

_IDS = re.compile(r"\d+")
_DIGITS = 18  # an id of more digits is read by the readers, which say what is wrong
_INT64_MAX = 2**63 - 1
SNIFF_LINES = 200
"""Lines of a text's beginning that :func:`reads_as_pairs` looks at."""


def parse_pairs(data: bytes, *, directed: bool = False) -> Graph | DiGraph:
    """Read lines ``u v`` (see the module) as a :class:`Graph`, or with ``directed``
    as a :class:`DiGraph` whose arcs are ``u -> v``.

    Raises
    ------
    ParseError
        With the line of the first line that is no edge: fewer than two names, other
        data than on the lines before, a name with a blank in it; for an empty input.

    Examples
    --------
    >>> g = parse_pairs(b"Myriel Napoleon {'weight': 1}\\nMyriel Cravatte {}\\n")
    >>> g.n_vertices, g.names.names(range(3)), g.edges.tolist()
    (3, ['Myriel', 'Napoleon', 'Cravatte'], [[0, 1], [0, 2]])
    >>> parse_pairs(b"source,target\\n10,7\\n").names.names(range(2))
    [7, 10]
    """
    text = _decoded(data)
    if not text.strip():
        raise ParseError("empty input")
    lines = [(number, line) for number, line in _content_lines(text)]
    require_memory(
        len(lines) * BYTES_PER_NAMED_LINE, f"an edge list of {plural(len(lines), 'line')}", line=1
    )
    rows = list(_rows(lines))
    if len(rows) > 1 and not _integers(rows[0][1:]) and all(_integers(row[1:]) for row in rows[1:]):
        rows = rows[1:]  # a header row of words over integer ids ('a b' over '0 1' ...)
    ends = [name for _, u, v in rows for name in (u, v)]
    if ends and _integers(ends):
        return _by_ids(rows, ends, directed)
    labels = list(dict.fromkeys(ends))  # in the order they first occur
    if len(labels) > MAX_VERTICES:
        raise ParseError(f"{len(labels)} distinct names is more vertices than matchgame handles")
    index = {label: i for i, label in enumerate(labels)}
    pairs = np.array([index[name] for name in ends], dtype=np.int64).reshape(-1, 2)
    return _graph(len(labels), pairs, NodeLabels(labels), directed)


def _by_ids(rows: list[tuple[int, str, str]], ends: list[str], directed: bool) -> Graph | DiGraph:
    """The graph of rows whose names are all integer ids, named by the ids."""
    for number, u, v in rows:
        for name in (u, v):
            digits = name.lstrip("0")
            if len(digits) > 19 or (len(digits) == 19 and int(digits) > _INT64_MAX):
                raise ParseError("an id is too large (ids are below 2**63)", line=number)
    values = np.array([int(name) for name in ends], dtype=np.int64)
    ids = np.unique(values)
    if ids.shape[0] > MAX_VERTICES:
        raise ParseError(f"{ids.shape[0]} distinct ids is more vertices than matchgame handles")
    pairs = np.searchsorted(ids, values).astype(np.int64).reshape(-1, 2)
    return _graph(int(ids.shape[0]), pairs, FileIds(ids), directed)


def _graph(
    n: int, pairs: np.ndarray, names: FileIds | NodeLabels, directed: bool
) -> Graph | DiGraph:
    if directed:
        return DiGraph._trusted(n, pairs, names)
    built = Graph.from_edges(n, pairs)
    return Graph._trusted(built.offsets, built.indices, names=names)


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ParseError("the text is not UTF-8", line=line) from None


def _content_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines that are neither blank nor comments (``#``, ``%``), numbered from 1."""
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped and stripped[0] not in "#%":
            yield number, stripped


def is_csv(line: str) -> bool:
    """Whether a first line is CSV: a comma outside quotes and before any ``{``
    (NetworkX's dict of data), and no blank between the fields there."""
    fields = re.sub(r'"[^"]*"', "", line.split("{", 1)[0])
    return "," in fields and not re.search(r"\s", fields.strip())


def _rows(lines: list[tuple[int, str]]) -> Iterator[tuple[int, str, str]]:
    """``(line number, u, v)`` per edge line; a header row and an index column left out.

    Raises
    ------
    ParseError
        At the first line that is no edge.
    """
    if not lines:
        return
    if is_csv(lines[0][1]):
        yield from _csv_rows(lines)
        return
    first_data: tuple[int, str] | None = None  # the first line's data: its line, its shape
    for k, (number, line) in enumerate(lines):
        fields = line.split(None, 2)
        if k == 0 and tuple(f.lower() for f in fields[:2]) in HEADERS:
            continue
        if len(fields) < 2:
            raise ParseError(
                "expected an edge 'u v' (two names), the line has one word", line=number
            )
        shape = _data_shape(fields[2] if len(fields) == 3 else "", number)
        if first_data is None:
            first_data = (number, shape)
        elif shape != first_data[1]:
            raise ParseError(
                f"the line {_shape_words(shape)} where line {first_data[0]} "
                f"{_shape_words(first_data[1])} (an edge 'u v', then the same data on every "
                "line)",
                line=number,
            )
        yield number, fields[0], fields[1]


def _data_shape(rest: str, number: int) -> str:
    """What follows ``u v`` on a line: ``""`` nothing, ``"{}"`` a dict, ``"k"`` k numbers.

    Raises
    ------
    ParseError
        For words that are no data: a name with a blank (NetworkX writes it as it is).
    """
    if not rest:
        return "0"
    if rest.startswith("{"):
        if not rest.endswith("}"):
            raise ParseError("the edge's data opens a '{' and does not close it", line=number)
        return "{}"
    fields = rest.split()
    try:
        for field in fields:
            float(field)
    except ValueError:
        raise ParseError(
            "expected an edge 'u v' and its data (numbers, or a {...} dict), found more "
            "words: a name with a blank in it cannot be told apart in an edge list "
            "(NetworkX writes such names as they are): write GraphML "
            "(networkx.write_graphml) to keep them",
            line=number,
        ) from None
    return str(len(fields))


def _shape_words(shape: str) -> str:
    if shape == "{}":
        return "has a {...} of data after 'u v'"
    return f"has {int(shape) + 2} words"


def _csv_rows(lines: list[tuple[int, str]]) -> Iterator[tuple[int, str, str]]:
    import csv  # only for CSV (a start-up reads boards and edge lists without it)

    index_column = False
    for k, (number, line) in enumerate(lines):
        try:
            fields = next(csv.reader([line]))
        except csv.Error:
            raise ParseError(
                "the line is no CSV line (a quote not closed, or a NUL)", line=number
            ) from None
        if k == 0:
            named = tuple(f.strip().lower() for f in fields)
            index_column = bool(fields) and fields[0] == "" and len(fields) > 2
            if index_column:  # pandas' to_csv: an unnamed index before the columns
                named = named[1:]
            if named[:2] in HEADERS or index_column:
                continue
        if index_column:
            fields = fields[1:]
        if len(fields) < 2 or not fields[0].strip() or not fields[1].strip():
            raise ParseError(
                "expected an edge 'u,v' (two names, separated by a comma)", line=number
            )
        yield number, fields[0].strip(), fields[1].strip()


def _integers(names: list[str] | tuple[str, ...]) -> bool:
    return all(_IDS.fullmatch(name) for name in names)


def reads_as_pairs(head: bytes, *, whole: bool) -> bool:
    """Whether a text beginning with ``head`` (all of it when ``whole``) is an edge
    list of pairs ``u v`` without a header that nothing else matchgame reads can
    be: every line an edge (:func:`pair_lines`), and not matchgame's ``n m`` edge
    list, whose header is two numbers and whose edges stay within ``1 .. n`` (``3 2``
    then ``1 2`` and ``2 3`` is that), nor a board (whose rows are one word).

    Only the first :data:`SNIFF_LINES` lines are looked at.

    >>> reads_as_pairs(b"0 1\\n0 2\\n1 2\\n", whole=True)  # NetworkX's, 0-based
    True
    >>> reads_as_pairs(b"3 2\\n1 2\\n2 3\\n", whole=True)  # matchgame's edge list
    False
    >>> reads_as_pairs(b"Myriel Napoleon {'weight': 1}\\n", whole=True)
    True
    >>> reads_as_pairs(b"B w\\n", whole=True)  # two words: too little to tell
    False
    """
    found = _sniffed_lines(head, whole)
    if found is None:
        return False
    lines, complete = found
    if is_csv(lines[0][1]):
        return True  # no format of matchgame's has commas
    words = [line.split(None, 2) for _, line in lines]
    if len(lines) == 1 and len(words[0]) == 2 and not _integers(words[0]):
        return False  # one line of two words (a graph6 line with a blank ...): anything
    return not _could_be_edge_list(lines, complete)


def pair_lines(head: bytes, *, whole: bool) -> bool:
    """Whether every line of a text beginning with ``head`` is an edge ``u v`` (with
    the same data after it), as :func:`parse_pairs` reads them, whatever else the
    text could be (matchgame's edge list is such a text too): for hints.

    >>> pair_lines(b"3 2\\n1 2\\n2 3\\n", whole=True), pair_lines(b"3 3\\n.#.\\n", whole=True)
    (True, False)
    """
    return _sniffed_lines(head, whole) is not None


def _sniffed_lines(head: bytes, whole: bool) -> tuple[list[tuple[int, str]], bool] | None:
    """The content lines of the head and whether they are all of the text, when they
    are all edges; else None."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if whole or exc.start < len(head) - 4:
            return None
        text = head[: exc.start].decode("utf-8")
    chunks = text.split("\n", SNIFF_LINES + 1)
    complete = whole and len(chunks) <= SNIFF_LINES + 1
    if not complete:
        chunks = chunks[:-1]  # the last piece may be cut short
    lines = []
    for number, line in enumerate(chunks, 1):
        stripped = line.strip()
        if stripped and stripped[0] not in "#%":
            lines.append((number, stripped))
    if not lines:
        return None
    try:
        rows = list(_rows(lines))
    except ParseError:
        # NetworkX's edge list with its data after every pair, whose names may have
        # blanks: its reader says what cannot be read
        dicts = all(line.endswith("}") and "{" in line for _, line in lines)
        return (lines, complete) if dicts else None
    return (lines, complete) if rows else None


def _could_be_edge_list(lines: list[tuple[int, str]], complete: bool) -> bool:
    """Whether lines of pairs could be matchgame's edge list (or one with a mistake):
    a header ``n m`` that could head edges, then ``m`` lines (an edge list whose
    vertex is out of range is still one), or edges all within ``1 .. n``."""
    header = lines[0][1].split()
    if len(header) != 2 or not _integers(header):
        return False
    if max(len(field) for field in header) > _DIGITS:
        return True  # no graph's header: its reader says what is wrong
    n, m = int(header[0]), int(header[1])
    if n == 0 and m > 0:  # no vertex, and edges
        return False
    body = lines[1:]
    if complete and len(body) == m:
        return True
    for _, line in body:
        fields = line.split()
        if len(fields) != 2 or not _integers(fields) or max(map(len, fields)) > _DIGITS:
            return False
        if not all(1 <= int(field) <= n for field in fields):
            return False
    return True


def hints_pairs(data: bytes) -> bool:
    """Whether a text that no reader of matchgame's took is worth naming as a SNAP edge
    list in a hint: every line two integer ids (comments aside from none: a board's
    rows may begin with ``#``), more than one line or no edge list's header, and not
    a header ``n m`` over exactly ``m`` lines (matchgame's edge list with a mistake).

    >>> hints_pairs(b"5 3\\n1 2\\n2 3\\n"), hints_pairs(b"344444444 0\\n")
    (True, False)
    >>> hints_pairs(b"3 2\\n1 x\\n"), hints_pairs(b"3 2\\n1 2\\n2 4\\n")  # a mistake
    (False, False)
    """
    lines = data.split(b"\n")
    if len(lines) > SNIFF_LINES + 1:
        return False
    fields = [line.split() for line in lines if line.strip()]
    if not fields or not all(
        len(f) == 2 and all(_IDS.fullmatch(x.decode("latin-1")) for x in f) for f in fields
    ):
        return False
    declared = fields[0][1]  # as an edge list's header 'n m': m
    if len(declared) <= _DIGITS and len(fields) - 1 == int(declared):
        return False  # 'n m' and m lines: matchgame's edge list, with a mistake in it
    return len(fields) > 1 or reads_as_pairs(data, whole=True)
