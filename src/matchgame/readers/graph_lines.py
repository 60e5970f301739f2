"""Streams of many graphs, one per line: graph6/sparse6, or JSON lines.

A JSON line is ``{"n": 4, "edges": [[0, 1], [1, 2]]}``: ``n`` vertices, edges
between 0-based vertex ids (as graph6 numbers them); other fields (an ``"id"``) are
kept when the caller allows them. A stream is JSON lines if its first non-blank
byte is ``{``, graph6/sparse6 otherwise; both decode to the same
:class:`GraphLines` arrays.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

import numpy as np

from ..core._validate import shorten
from ..core.graph import MAX_VERTICES
from ..errors import ParseError
from .graph6 import GraphLines, decode_graph6_lines

__all__ = ["decode_graph_lines", "decode_json_lines", "stream_kind"]


def stream_kind(head: bytes) -> str:
    """``"json"`` if the first non-blank byte of ``head`` is ``{``, else ``"graph6"``."""
    stripped = head.lstrip()
    return "json" if stripped[:1] == b"{" else "graph6"


def _json_graph(
    text: bytes, reserved: Collection[str] | None
) -> tuple[int, list[list[int]], dict[str, Any]]:
    """``(n, edges, other fields)`` of one JSON line; ValueError says what is wrong."""
    try:
        document = json.loads(text)
    except RecursionError:  # [[[[... a thousand deep: no graph line nests that far
        raise ValueError("nested deeper than a graph line can be") from None
    others = set(document) - {"n", "edges"} if isinstance(document, dict) else set()
    if not isinstance(document, dict) or "n" not in document or (others and reserved is None):
        raise ValueError('expected an object {"n": ..., "edges": [[u, v], ...]}')
    taken = sorted(others & set(reserved or ()))
    if taken:
        raise ValueError(f"the field {shorten(taken[0])} is a field of the answer: rename it")
    n = document["n"]
    if type(n) is not int or not 0 <= n <= MAX_VERTICES:
        # a number is shown, other values by their kind: a line's text is not quoted
        got = shorten(n) if type(n) is int else f"a {_kind(n)}"
        raise ValueError(f'"n" must be a vertex count 0..{MAX_VERTICES}, got {got}')
    edges = document.get("edges", [])
    if not isinstance(edges, list):
        raise ValueError('"edges" must be a list of [u, v] pairs')
    for index, pair in enumerate(edges):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(type(v) is int and 0 <= v < n for v in pair)
        ):
            raise ValueError(
                f'"edges"[{index}] is not a pair of vertex ids 0..{n - 1}'
                + (f" ({shorten(pair)})" if _all_numbers(pair) else "")
            )
    return n, edges, {key: value for key, value in document.items() if key in others}


def _kind(value: Any) -> str:
    """The JSON kind of a value, for messages that do not quote it."""
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return {str: "string", bool: "boolean", float: "number", int: "number"}.get(type(value), "null")


def _all_numbers(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def decode_json_lines(
    data: bytes,
    *,
    first_line: int = 1,
    source: str = "<input>",
    reserved: Collection[str] | None = None,
) -> GraphLines:
    """Decode JSON lines (see the module doc) into :class:`GraphLines`.

    The first bad line sets ``error`` (not raised); the arrays hold the lines before it.
    ``reserved``: None refuses any field but ``n`` and ``edges``; a collection of
    names allows other fields, except those, and keeps them in ``fields``.

    Examples
    --------
    >>> lines = decode_json_lines(b'{"n": 3, "edges": [[0, 1]]}\\n{"n": 1}\\n')
    >>> lines.n_vertices.tolist(), lines.edge_start.tolist()
    ([3, 1], [0, 1, 1])
    """
    counts: list[int] = []
    starts = [0]
    pairs: list[list[int]] = []
    fields: list[dict[str, Any]] = []
    error = None
    # a vertex costs memory though written in a few bytes: bound them by the input
    vertex_budget = 64 * (len(data) + 1024)
    for number, text in enumerate(data.split(b"\n"), start=first_line):
        if not text.strip():
            continue
        try:
            n, edges, others = _json_graph(text, reserved)
        except ValueError as problem:  # json.JSONDecodeError is a ValueError
            reason = str(problem).splitlines()[0]
            error = ParseError(f"{source}: {reason}", line=number)
            break
        vertex_budget -= n
        if vertex_budget < 0:
            error = ParseError(f"{source}: more vertices than the input can describe", line=number)
            break
        counts.append(n)
        fields.append(others)
        pairs.extend(edges)
        starts.append(len(pairs))
    return GraphLines(
        np.array(counts, dtype=np.int64),
        np.array(starts, dtype=np.int64),
        np.array(pairs, dtype=np.int32).reshape(-1, 2),
        True,
        error,
        None if reserved is None else tuple(fields),
    )


def decode_graph_lines(
    data: bytes,
    kind: str,
    *,
    first_line: int = 1,
    source: str = "<input>",
    reserved: Collection[str] | None = None,
) -> GraphLines:
    """Decode lines of ``kind`` (``"graph6"``, which takes sparse6 too, or ``"json"``;
    ``reserved`` as :func:`decode_json_lines` takes it)."""
    if kind == "json":
        return decode_json_lines(data, first_line=first_line, source=source, reserved=reserved)
    return decode_graph6_lines(data, first_line=first_line, source=source)
