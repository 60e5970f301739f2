"""Checks of arrays given for a graph: CSR offsets and neighbours, a 2-colouring,
vertex labels. Vectorised; every message names the array and the entry."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import as_int, as_int_array, describe, first_index, shorten

__all__ = [
    "INDEX_DTYPE",
    "MAX_ENTRIES",
    "MAX_VERTICES",
    "checked_csr",
    "checked_edges",
    "checked_labels",
    "checked_side",
]

INDEX_DTYPE = np.int32
"""Vertex ids and CSR offsets. One dtype, so every kernel compiles once."""

MAX_ENTRIES = np.iinfo(INDEX_DTYPE).max
"""Most adjacency entries (twice the edges) a graph may have."""

MAX_VERTICES = 1 << 30
"""Most vertices a graph may have: ids and offsets stay well inside INDEX_DTYPE."""


def checked_csr(offsets: Any, indices: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate CSR arrays completely; returns them as int32 with every row sorted.

    Vectorised: one sort of the ``m`` entries (as keys ``u * n + v``) finds
    repeats, and comparing it with the sorted reversed keys proves symmetry.
    """
    offsets = as_int_array(offsets, "offsets")
    indices = as_int_array(indices, "indices")
    for name, array in (("offsets", offsets), ("indices", indices)):
        if array.ndim != 1:
            raise InvalidInputError(f"{name} must be 1-D, got shape {array.shape}")
    if offsets.shape[0] == 0 or offsets[0] != 0:
        raise InvalidInputError(
            "offsets must start with 0 (it has n_vertices + 1 entries), got "
            + (shorten(offsets.tolist()) if offsets.shape[0] < 8 else f"offsets[0] = {offsets[0]}")
        )
    n = offsets.shape[0] - 1
    if n > MAX_VERTICES:
        raise InvalidInputError(f"offsets describes {n} vertices, more than {MAX_VERTICES}")
    m = indices.shape[0]
    if m > MAX_ENTRIES:
        raise InvalidInputError(f"indices has {m} entries, more than {MAX_ENTRIES}")
    degrees = np.diff(offsets)
    if (degrees < 0).any():
        i = first_index(degrees < 0)
        raise InvalidInputError(
            f"offsets must be non-decreasing: offsets[{i}] = {offsets[i]} > "
            f"offsets[{i + 1}] = {offsets[i + 1]}"
        )
    if offsets[-1] != m:
        raise InvalidInputError(f"offsets[-1] = {offsets[-1]} must equal len(indices) = {m}")
    outside = (indices < 0) | (indices >= n)
    if outside.any():
        k = first_index(outside)
        raise InvalidInputError(
            f"indices[{k}] = {indices[k]} is not a vertex id "
            + (f"(0..{n - 1})" if n else "(there are no vertices)")
        )
    sources = np.repeat(np.arange(n, dtype=np.int64), degrees)
    loops = sources == indices
    if loops.any():
        k = first_index(loops)
        raise InvalidInputError(
            f"indices[{k}] = {indices[k]} is a self-loop at vertex {sources[k]}"
        )
    keys = sources * n + indices
    if not (keys[1:] > keys[:-1]).all():  # rows not already sorted and free of repeats
        keys.sort()
    repeats = keys[1:] == keys[:-1]
    if repeats.any():
        u, v = divmod(int(keys[first_index(repeats)]), n)
        raise InvalidInputError(f"vertex {u} lists neighbour {v} more than once")
    reverse = np.sort(indices * n + sources)
    if not np.array_equal(keys, reverse):
        at = np.minimum(np.searchsorted(reverse, keys), m - 1)
        u, v = divmod(int(keys[first_index(reverse[at] != keys)]), n)
        raise InvalidInputError(
            f"the adjacency is not symmetric: {v} is a neighbour of {u} but {u} is not one of {v}"
        )
    return offsets.astype(INDEX_DTYPE), (keys - sources * n).astype(INDEX_DTYPE)


def checked_side(side: Any, n: int) -> np.ndarray:
    """A 0/1 (or bool) array with one entry per vertex, as uint8."""
    if isinstance(side, np.ndarray) and side.dtype == np.bool_:
        array = side.astype(np.int64)
    else:
        array = as_int_array(side, "side")
    if array.shape != (n,):
        raise InvalidInputError(
            f"side must have shape ({n},), one entry per vertex; got {array.shape}"
        )
    bad = (array != 0) & (array != 1)
    if bad.any():
        k = first_index(bad)
        raise InvalidInputError(f"side[{k}] = {array[k]} must be 0 or 1")
    return array.astype(np.uint8)


def checked_labels(labels: Any, n: int) -> tuple[Hashable, ...]:
    """Distinct hashable labels, one per vertex."""
    if isinstance(labels, str | bytes) or not isinstance(labels, Sequence | np.ndarray):
        raise InvalidTypeError(
            f"labels must be a list, tuple or array of vertex names, got {describe(labels)}"
        )
    if isinstance(labels, np.ndarray) and labels.ndim != 1:
        raise InvalidInputError(f"labels must be 1-D, got shape {labels.shape}")
    names = tuple(labels)
    if len(names) != n:
        raise InvalidInputError(f"labels must have one entry per vertex ({n}), got {len(names)}")
    try:
        distinct = len(set(names))
    except TypeError:
        raise InvalidTypeError("labels must be hashable (e.g. str, int or tuple)") from None
    if distinct != n:
        seen: set[Hashable] = set()
        repeated = None
        for name in names:
            if name in seen:
                repeated = name
                break
            seen.add(name)
        raise InvalidInputError(f"labels must be distinct; {shorten(repeated)} appears twice")
    return names


def checked_edges(n_vertices: Any, edges: Any) -> tuple[int, np.ndarray]:
    """``n_vertices`` as an int and ``edges`` as an ``(m, 2)`` int64 array of ids in
    ``0 .. n_vertices - 1`` (an empty list is fine), or a clear error."""
    n = as_int(n_vertices, "n_vertices", low=0, high=MAX_VERTICES)
    pairs = as_int_array(edges, "edges")
    if pairs.size == 0 and pairs.ndim == 1:
        pairs = pairs.reshape(0, 2)
    if pairs.ndim != 2 or pairs.shape[1] != 2:
        raise InvalidInputError(
            f"edges must have shape (m, 2), one (u, v) row per edge; got shape {pairs.shape}"
        )
    outside = (pairs < 0) | (pairs >= n)
    if outside.any():
        bad = first_index(np.asarray(outside.any(axis=1)))
        raise InvalidInputError(
            f"edges[{bad}] = ({pairs[bad, 0]}, {pairs[bad, 1]}) names a vertex outside "
            + (f"0..{n - 1}" if n else "the graph (it has no vertices)")
        )
    if 2 * pairs.shape[0] > MAX_ENTRIES:
        raise InvalidInputError(f"edges has {pairs.shape[0]} rows, more than matchgame handles")
    return n, pairs
