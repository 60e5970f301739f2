"""What a sweep's checkpoint holds (:class:`State`) and its file: written whole
(a temporary file, then renamed over it), read back with every field checked.

The file is one JSON object::

    {"format": "matchgame-sweep-checkpoint/1",
     "sweep": {...},           # the sweep's arguments, compared with a resumed run's
     "parts": 12,              # parts done, from the first, their output written
     "graphs": 78000,          # the graphs in those parts: the next "index"
     "digest": "5f0c...",      # a hash of those parts' inputs (blake2b, 16 bytes)
     "output_bytes": 9123456,  # the output file's length after them (null: no file)
     "counts": {...},          # what they counted (with --count; else null)
     "ahead": [{"part": 14, "digest": "...", "graphs": 6500, "counts": {...}}]}
                               # parts done before their turn (with --count)

>>> state = State().fold(Part(bytes(16), 3, None))
>>> state.parts, state.graphs
(1, 3)
>>> read_state(document({"game": "vertex"}, state), "c.json")[1] == state
True
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field, replace
from typing import Any

from ..core._validate import describe, shorten
from ..errors import InvalidInputError, ParseError, UnreadableInput
from .counts import SweepCounts

__all__ = [
    "DIGEST_BYTES",
    "FORMAT",
    "Part",
    "State",
    "chain",
    "difference",
    "document",
    "load",
    "read_state",
    "save",
]

FORMAT = "matchgame-sweep-checkpoint/1"
"""The ``"format"`` of a checkpoint file."""

DIGEST_BYTES = 16
"""The length of a part's digest (blake2b)."""

_MAX_BYTES = 64 << 20  # no checkpoint is this long: a longer file is not one
_START = bytes(DIGEST_BYTES)  # the digest of no part


def chain(digest: bytes, part: bytes) -> bytes:
    """The digest of the parts of ``digest`` followed by the part of digest ``part``."""
    return hashlib.blake2b(digest + part, digest_size=DIGEST_BYTES).digest()


@dataclass(frozen=True)
class Part:
    """A part done: the digest of its input, its graphs and what it counted."""

    digest: bytes
    graphs: int
    counts: SweepCounts | None


@dataclass(frozen=True)
class State:
    """What a checkpoint holds, replaced whole at each change (an interrupt between
    two changes leaves the old state or the new one, never a mixture)."""

    parts: int = 0
    graphs: int = 0
    digest: bytes = _START
    output_bytes: int | None = None
    counts: SweepCounts | None = None
    ahead: dict[int, Part] = field(default_factory=dict)

    def fold(self, part: Part) -> State:
        """The state with ``part``, the next in order, done."""
        counts = self.counts
        if counts is not None and part.counts is not None:
            counts = counts + part.counts
        return replace(
            self,
            parts=self.parts + 1,
            graphs=self.graphs + part.graphs,
            digest=chain(self.digest, part.digest),
            counts=counts,
            ahead={i: p for i, p in self.ahead.items() if i != self.parts},
        )

    def fold_ahead(self, before: int | None = None) -> State:
        """The state with the parts done ahead that are next in order (up to part
        ``before``) folded in."""
        state = self
        while state.parts in state.ahead and (before is None or state.parts < before):
            state = state.fold(state.ahead[state.parts])
        return state


def document(sweep: dict[str, Any], state: State) -> dict[str, Any]:
    """The checkpoint file's object."""

    def counts(found: SweepCounts | None) -> dict[str, Any] | None:
        return None if found is None else found.to_document()

    ahead = [
        {"part": i, "digest": p.digest.hex(), "graphs": p.graphs, "counts": counts(p.counts)}
        for i, p in sorted(state.ahead.items())
    ]
    return {
        "format": FORMAT,
        "sweep": sweep,
        "parts": state.parts,
        "graphs": state.graphs,
        "digest": state.digest.hex(),
        "output_bytes": state.output_bytes,
        "counts": counts(state.counts),
        "ahead": ahead,
    }


def save(path: str, sweep: dict[str, Any], state: State) -> None:
    """Write the checkpoint ``path``: a temporary file beside it, renamed over it (a
    reader, or a run killed meanwhile, finds the old file or the new one)."""
    text = json.dumps(document(sweep, state), separators=(",", ":")) + "\n"
    temporary = path + ".tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except OSError as exc:
        raise InvalidInputError(
            f"cannot write the checkpoint {path!r}: {exc.strerror or exc}"
        ) from None


def load(path: str) -> dict[str, Any] | None:
    """The checkpoint object in ``path`` (its format checked), None if there is no file."""
    try:
        with open(path, "rb") as file:
            data = file.read(_MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UnreadableInput(
            f"cannot read the checkpoint {path!r}: {exc.strerror or exc}"
        ) from None
    not_one = f"checkpoint {path!r} is not a sweep checkpoint"
    if len(data) > _MAX_BYTES:
        raise ParseError(f"{not_one}: longer than any")
    try:
        found = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"{not_one}: malformed JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})"
        ) from None
    except (UnicodeDecodeError, RecursionError):
        raise ParseError(f"{not_one}: not JSON text") from None
    if not isinstance(found, dict):
        raise ParseError(f"{not_one}: not a JSON object")
    if found.get("format") != FORMAT:
        raise ParseError(
            f"{not_one}: field 'format' must be {FORMAT!r}, got {shorten(found.get('format'))}"
        )
    return found


class _Fields:
    """Reads the fields of a checkpoint's object, each refused by name if it is wrong."""

    def __init__(self, path: str) -> None:
        self.path = path

    def wrong(self, name: str, wanted: str, value: Any) -> ParseError:
        return ParseError(
            f"checkpoint {self.path!r} is corrupt: field {name!r} must be {wanted}, "
            f"got {describe(value)}"
        )

    def count(self, holder: dict[str, Any], name: str, where: str = "") -> int:
        value = holder.get(name)
        if type(value) is not int or value < 0:
            raise self.wrong(where + name, "a non-negative integer", value)
        return value

    def digest(self, holder: dict[str, Any], name: str, where: str = "") -> bytes:
        value = holder.get(name)
        wanted = f"{2 * DIGEST_BYTES} hexadecimal digits"
        if not (isinstance(value, str) and len(value) == 2 * DIGEST_BYTES and value.isascii()):
            raise self.wrong(where + name, wanted, value)
        try:
            return bytes.fromhex(value)
        except ValueError:
            raise self.wrong(where + name, wanted, value) from None

    def counts(self, holder: dict[str, Any], name: str, where: str = "") -> SweepCounts | None:
        value = holder.get(name)
        try:
            return None if value is None else SweepCounts.from_document(value, where + name)
        except ParseError as exc:
            raise ParseError(f"checkpoint {self.path!r} is corrupt: field {exc}") from None


def read_state(found: dict[str, Any], path: str) -> tuple[dict[str, Any], State]:
    """The arguments and the state of a checkpoint's object (from :func:`load`),
    each field checked in turn (ParseError naming the first one wrong)."""
    fields = _Fields(path)
    sweep = found.get("sweep")
    if not isinstance(sweep, dict):
        raise fields.wrong("sweep", "an object", sweep)
    parts = fields.count(found, "parts")
    graphs = fields.count(found, "graphs")
    digest = fields.digest(found, "digest")
    output_bytes = None
    if found.get("output_bytes") is not None:
        output_bytes = fields.count(found, "output_bytes")
    counts = fields.counts(found, "counts")
    entries = found.get("ahead")
    if not isinstance(entries, list):
        raise fields.wrong("ahead", "a list", entries)
    ahead: dict[int, Part] = {}
    for i, entry in enumerate(entries):
        where = f"ahead[{i}]."
        if not isinstance(entry, dict):
            raise fields.wrong(f"ahead[{i}]", "an object", entry)
        part = fields.count(entry, "part", where)
        if part < parts or part in ahead:  # part == parts: done ahead, next in order now
            raise fields.wrong(where + "part", "a part not done in order, once", part)
        ahead[part] = Part(
            fields.digest(entry, "digest", where),
            fields.count(entry, "graphs", where),
            fields.counts(entry, "counts", where),
        )
    return sweep, State(parts, graphs, digest, output_bytes, counts, ahead)


def difference(was: Any, now: Any, where: str = "") -> str | None:
    """Where two sweeps' arguments first differ, None if nowhere.

    >>> difference({"game": "edge", "parts": 4}, {"game": "vertex", "parts": 4})
    "game: 'edge' then, 'vertex' now"
    """
    if isinstance(was, dict) and isinstance(now, dict):
        for key in [*now, *(key for key in was if key not in now)]:  # in the sweep's order
            found = difference(was.get(key), now.get(key), f"{where}.{key}" if where else key)
            if found is not None:
                return found
        return None
    if isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for i, (a, b) in enumerate(zip(was, now, strict=True)):
            found = difference(a, b, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if was == now and type(was) is type(now):
        return None
    return f"{where}: {shorten(was)} then, {shorten(now)} now"
