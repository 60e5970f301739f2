"""Counts of a sweep: how many graphs, by vertices, edges, matching size, winner and ``|D|``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core._validate import describe, shorten
from ..errors import ParseError
from ..games.contract import DEFAULT
from ..games.vertex.batch import BatchAnswers

__all__ = ["SweepCounts"]


def _histogram(values: np.ndarray) -> npt.NDArray[np.int64]:
    return np.bincount(values, minlength=1).astype(np.int64)


def _add(a: np.ndarray, b: np.ndarray) -> npt.NDArray[np.int64]:
    size = max(a.shape[0], b.shape[0])
    total = np.zeros(size, dtype=np.int64)
    total[: a.shape[0]] += a
    total[: b.shape[0]] += b
    return total


_EMPTY = np.zeros(0, dtype=np.int64)

_WINS = ("false", "true")

# the histograms of a counts document, with the names of their entries (None: numbers)
_FIELDS: dict[str, tuple[str, ...] | None] = {
    "vertices": None,
    "edges": None,
    "matching_size": None,
    "placer_wins": _WINS,
    "winning_vertices": None,
}

_MOST_ENTRIES = 1 << 24  # a histogram's longest: a graph of more vertices is no sweep's


def _read_histogram(
    entries: Any, keys: tuple[str, ...] | None, name: str, field_name: str
) -> npt.NDArray[np.int64]:
    """A histogram of a counts document (``{"3": 1, ...}``) as an array."""
    where = f"'{name}.{field_name}'"
    if not isinstance(entries, dict):
        raise ParseError(f"{where} must be an object, got {describe(entries)}")
    places: dict[int, int] = {}
    for key, value in entries.items():
        if keys is not None and key in keys:
            place = keys.index(key)
        elif keys is None and key.isascii() and key.isdigit() and int(key[:9]) < _MOST_ENTRIES:
            place = int(key)
        else:
            raise ParseError(f"{where} has a key {shorten(key)} that is not one of its values")
        if type(value) is not int or value < 0:
            raise ParseError(f"{where} at {key!r} must be a count, got {describe(value)}")
        places[place] = value
    histogram = np.zeros(max(places, default=-1) + 1, dtype=np.int64)
    for place, value in places.items():
        histogram[place] = value
    return histogram


@dataclass(frozen=True, eq=False)
class SweepCounts:
    """How many graphs a sweep saw, by vertices, edges, matching size, winner and ``|D|``.

    Each histogram is an int64 array: entry ``k`` counts the graphs with value ``k``
    (``placer_wins``: entry 0 for false, 1 for true).
    """

    graphs: int = 0
    vertices: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    edges: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    matching_size: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    placer_wins: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    winning_vertices: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    game: str = DEFAULT
    has_matching: bool = True  # False: the game's answers have no matching

    @classmethod
    def of(cls, answers: BatchAnswers, graphs: npt.NDArray[np.intp] | None = None) -> SweepCounts:
        """The counts of one solved batch (``graphs``: of these only)."""
        vertices = np.diff(answers.vertex_start)
        edges, sizes, winning = answers.n_edges, answers.matching_size, answers.winning_count
        game = getattr(answers, "game", DEFAULT)
        has_matching = sizes is not None  # a game with no matching has no sizes
        if sizes is None:
            sizes = np.zeros(0, dtype=np.int64)
        if graphs is not None:
            vertices, edges, winning = (a[graphs] for a in (vertices, edges, winning))
            sizes = sizes[graphs] if has_matching else sizes
        return cls(
            int(vertices.shape[0]),
            _histogram(vertices),
            _histogram(edges),
            _histogram(sizes) if has_matching else sizes,
            _histogram((winning > 0).view(np.int8).astype(np.int64)),
            _histogram(winning),
            game,
            has_matching,
        )

    def __add__(self, other: SweepCounts) -> SweepCounts:
        return SweepCounts(
            self.graphs + other.graphs,
            _add(self.vertices, other.vertices),
            _add(self.edges, other.edges),
            _add(self.matching_size, other.matching_size),
            _add(self.placer_wins, other.placer_wins),
            _add(self.winning_vertices, other.winning_vertices),
            self.game if self.graphs else other.game,
            self.has_matching if self.graphs else other.has_matching,
        )

    def __eq__(self, other: object) -> bool:
        # equal counts, whatever the histograms' trailing zeros
        if not isinstance(other, SweepCounts):
            return NotImplemented
        return self.to_document() == other.to_document()

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside

    @classmethod
    def from_document(cls, document: Any, name: str = "counts") -> SweepCounts:
        """The counts :meth:`to_document` wrote (a checkpoint keeps them so);
        anything else raises ParseError naming the field (``name``: what the
        document is called in the message).

        >>> counts = SweepCounts.from_document({"graphs": 1, "vertices": {"3": 1}})
        >>> counts.to_document()["vertices"], counts.to_document()["placer_wins"]
        ({'3': 1}, {})
        """
        if not isinstance(document, dict):
            raise ParseError(f"{name!r} must be an object, got {describe(document)}")
        unknown = sorted(set(document) - {"game", "graphs", *_FIELDS})
        if unknown:
            raise ParseError(f"{name!r} has no field {unknown[0]!r}")
        game = document.get("game", DEFAULT)
        if not isinstance(game, str):
            raise ParseError(f"'{name}.game' must be a game's name, got {describe(game)}")
        graphs = document.get("graphs", 0)
        if type(graphs) is not int or graphs < 0:
            raise ParseError(f"'{name}.graphs' must be a count, got {describe(graphs)}")
        histograms = {
            field_name: _read_histogram(document.get(field_name, {}), keys, name, field_name)
            for field_name, keys in _FIELDS.items()
        }
        return cls(graphs, **histograms, game=game, has_matching="matching_size" in document)

    def to_document(self) -> dict[str, Any]:
        """The counts as JSON: ``{"graphs": N, "vertices": {"10": ...}, ...}``, zero
        entries left out, keys in increasing order."""

        def nonzero(histogram: np.ndarray, keys: Callable[[int], str] = str) -> dict[str, int]:
            return {keys(k): int(c) for k, c in enumerate(histogram.tolist()) if c}

        wins = _WINS
        document = {
            "graphs": self.graphs,
            "vertices": nonzero(self.vertices),
            "edges": nonzero(self.edges),
            "matching_size": nonzero(self.matching_size),
            "placer_wins": nonzero(self.placer_wins, lambda k: wins[k]),
            "winning_vertices": nonzero(self.winning_vertices),
        }
        if not self.has_matching:
            del document["matching_size"]
        if self.game != DEFAULT:  # another game's counts say whose they are
            document = {"game": self.game, **document}
        return document
