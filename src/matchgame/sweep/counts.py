"""Counts of a sweep: how many graphs, by vertices, edges, winner, ``|D|`` and the
values the game declares (the vertex game's matching size).

Every game's batch gives the same values per graph (:meth:`BaseBatchAnswers.values`:
``n``, ``m``, ``winning``, then the game's own :attr:`~matchgame.Game.sweep_values`),
and :class:`SweepCounts` histograms each of them: the counts never ask which game
they count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core._validate import describe, shorten
from ..errors import MatchgameError, ParseError
from ..games.batches import BASE_VALUES
from ..games.contract import DEFAULT, document_game, find_game

if TYPE_CHECKING:
    from ..games.batches import BaseBatchAnswers

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

# the histograms every game's counts have, with the names of their entries (None: numbers)
_FIELDS: dict[str, tuple[str, ...] | None] = {
    "vertices": None,
    "edges": None,
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


def _empty_values() -> dict[str, npt.NDArray[np.int64]]:
    return {}


@dataclass(frozen=True, eq=False)
class SweepCounts:
    """How many graphs a sweep saw, by vertices, edges, winner, ``|D|`` and the game's
    own values.

    Each histogram is an int64 array: entry ``k`` counts the graphs with value ``k``
    (``placer_wins``: entry 0 for false, 1 for true). ``values`` holds the histograms
    of the values the game adds (:attr:`~matchgame.Game.sweep_values` beyond ``n``,
    ``m`` and ``winning``), each also an attribute: ``counts.matching_size``.
    """

    graphs: int = 0
    vertices: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    edges: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    placer_wins: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    winning_vertices: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    game: str = DEFAULT
    values: dict[str, npt.NDArray[np.int64]] = field(default_factory=_empty_values)

    def __getattr__(self, name: str) -> npt.NDArray[np.int64]:
        # a game's own histogram (counts.matching_size), when its counts have one
        values = self.__dict__.get("values", {})
        if name in values:
            found: npt.NDArray[np.int64] = values[name]
            return found
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @classmethod
    def of(
        cls, answers: BaseBatchAnswers, graphs: npt.NDArray[np.intp] | None = None
    ) -> SweepCounts:
        """The counts of one solved batch (``graphs``: of these only)."""
        per_graph = answers.values()
        if graphs is not None:
            per_graph = {name: values[graphs] for name, values in per_graph.items()}
        winning = per_graph["winning"]
        return cls(
            int(per_graph["n"].shape[0]),
            _histogram(per_graph["n"]),
            _histogram(per_graph["m"]),
            _histogram((winning > 0).view(np.int8).astype(np.int64)),
            _histogram(winning),
            answers.game,
            {
                name: _histogram(values)
                for name, values in per_graph.items()
                if name not in BASE_VALUES
            },
        )

    def __add__(self, other: SweepCounts) -> SweepCounts:
        if not self.graphs:
            return other
        if not other.graphs:
            return self
        names = dict.fromkeys([*self.values, *other.values])
        return SweepCounts(
            self.graphs + other.graphs,
            _add(self.vertices, other.vertices),
            _add(self.edges, other.edges),
            _add(self.placer_wins, other.placer_wins),
            _add(self.winning_vertices, other.winning_vertices),
            self.game,
            {
                name: _add(self.values.get(name, _EMPTY), other.values.get(name, _EMPTY))
                for name in names
            },
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
        game_name = document.get("game")
        if game_name is not None and not isinstance(game_name, str):
            raise ParseError(f"'{name}.game' must be a game's name, got {describe(game_name)}")
        try:
            rules = document_game(game_name)
        except MatchgameError:
            raise ParseError(f"'{name}.game' names no game: {shorten(str(game_name))}") from None
        own = [value for value in rules.sweep_values if value not in BASE_VALUES]
        unknown = sorted(set(document) - {"game", "graphs", *_FIELDS, *own})
        if unknown:
            raise ParseError(f"{name!r} has no field {unknown[0]!r}")
        graphs = document.get("graphs", 0)
        if type(graphs) is not int or graphs < 0:
            raise ParseError(f"'{name}.graphs' must be a count, got {describe(graphs)}")
        histograms = {
            field_name: _read_histogram(document.get(field_name, {}), keys, name, field_name)
            for field_name, keys in _FIELDS.items()
        }
        values = {
            value: _read_histogram(document.get(value, {}), None, name, value) for value in own
        }
        return cls(graphs, **histograms, game=rules.name, values=values)

    def to_document(self) -> dict[str, Any]:
        """The counts as JSON: ``{"graphs": N, "vertices": {"10": ...}, ...}``, zero
        entries left out, keys in increasing order; ``"game"`` first where the game's
        documents name it (:attr:`~matchgame.Game.names_itself`)."""

        def nonzero(histogram: np.ndarray, keys: Callable[[int], str] = str) -> dict[str, int]:
            return {keys(k): int(c) for k, c in enumerate(histogram.tolist()) if c}

        wins = _WINS
        document: dict[str, Any] = {}
        if find_game(self.game).names_itself:
            document["game"] = self.game
        document.update(
            graphs=self.graphs,
            vertices=nonzero(self.vertices),
            edges=nonzero(self.edges),
            **{name: nonzero(values) for name, values in self._own_values().items()},
            placer_wins=nonzero(self.placer_wins, lambda k: wins[k]),
            winning_vertices=nonzero(self.winning_vertices),
        )
        return document

    def _own_values(self) -> Mapping[str, npt.NDArray[np.int64]]:
        """The game's own histograms, in the order it declares its values (empty ones
        too: a count of no graph still says what it counts)."""
        declared = [v for v in find_game(self.game).sweep_values if v not in BASE_VALUES]
        return {name: self.values.get(name, _EMPTY) for name in declared}
