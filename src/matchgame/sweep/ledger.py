"""What a sweep's checkpoint holds (:class:`State`) and its file: written whole
(a temporary file made exclusively beside it, then renamed over it), read back with
every field checked, and believed only when it agrees with itself.

The file is one JSON object::

    {"format": "matchgame-sweep-checkpoint/2",
     "sweep": {...},           # the sweep's arguments, compared with a resumed run's
     "parts": 12,              # parts done, from the first, their output written
     "graphs": 78000,          # the graphs in those parts: the next "index"
     "digest": "5f0c...",      # a hash of those parts' inputs (blake2b, 16 bytes)
     "output_bytes": 9123456,  # the output file's length after them (null: no file)
     "output_digest": "9a1e...",  # a hash of those bytes of the output (null: no file)
     "counts": {...},          # what they counted (with --count; else null)
     "ahead": [{"part": 14, "digest": "...", "graphs": 6500, "counts": {...}}],
                               # parts done before their turn (with --count)
     "check": "77b0..."}       # a hash of all the above, as written

A checkpoint is refused, naming the field, when its counts disagree with
themselves (a histogram that does not sum to its ``graphs``, more graphs counted
than the parts held), when ``check`` is not the hash of the rest (an edit, a file
cut short), and, on resume, when the output's first ``output_bytes`` bytes are not
the ones it vouches for. A symbolic link is not read as a checkpoint, and the
temporary file never follows one.

>>> state = State().fold(Part(bytes(16), 3, None))
>>> state.parts, state.graphs
(1, 3)
>>> read_state(document({"game": "vertex"}, state), "c.json")[1] == state
True
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass, field, replace
from typing import Any

from ..core._validate import describe, plural, shorten
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

FORMAT = "matchgame-sweep-checkpoint/2"
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
    output_digest: bytes | None = None

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


def _check(document: dict[str, Any]) -> str:
    """The hash of a checkpoint's object but its ``check``, as written."""
    rest = {key: value for key, value in document.items() if key != "check"}
    text = json.dumps(rest, separators=(",", ":"), sort_keys=True).encode()
    return hashlib.blake2b(text, digest_size=DIGEST_BYTES).hexdigest()


def document(sweep: dict[str, Any], state: State) -> dict[str, Any]:
    """The checkpoint file's object."""

    def counts(found: SweepCounts | None) -> dict[str, Any] | None:
        return None if found is None else found.to_document()

    ahead = [
        {"part": i, "digest": p.digest.hex(), "graphs": p.graphs, "counts": counts(p.counts)}
        for i, p in sorted(state.ahead.items())
    ]
    found = {
        "format": FORMAT,
        "sweep": sweep,
        "parts": state.parts,
        "graphs": state.graphs,
        "digest": state.digest.hex(),
        "output_bytes": state.output_bytes,
        "output_digest": None if state.output_digest is None else state.output_digest.hex(),
        "counts": counts(state.counts),
        "ahead": ahead,
    }
    return {**found, "check": _check(found)}


def save(path: str, sweep: dict[str, Any], state: State) -> None:
    """Write the checkpoint ``path``: a temporary file made exclusively beside it (never
    through a link), renamed over it (a reader, or a run killed meanwhile, finds the
    old file or the new one)."""
    text = json.dumps(document(sweep, state), separators=(",", ":")) + "\n"
    folder = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder
        )
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
        temporary = None
    except OSError as exc:
        raise InvalidInputError(
            f"cannot write the checkpoint {path!r}: {exc.strerror or exc}"
        ) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def load(path: str) -> dict[str, Any] | None:
    """The checkpoint object in ``path`` (its format checked), None if there is no file."""
    not_one = f"checkpoint {path!r} is not a sweep checkpoint"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ParseError(f"{not_one}: it is a symbolic link (give the file itself)") from None
        raise UnreadableInput(
            f"cannot read the checkpoint {path!r}: {exc.strerror or exc}"
        ) from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ParseError(f"{not_one}: not a regular file")
        data = file.read(_MAX_BYTES + 1)
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

    def consistent(self, counts: Any, graphs: int, name: str, graphs_name: str) -> None:
        """Refuse counts (read already) that disagree with themselves: a histogram
        that does not sum to the graphs counted, or more graphs counted than the
        parts held (``graphs``)."""
        if not isinstance(counts, dict):
            return
        counted = counts.get("graphs", 0)
        if counted > graphs:
            raise ParseError(
                f"checkpoint {self.path!r} is corrupt: field '{name}.graphs' counts "
                f"{plural(counted, 'graph', grouped=True)}, and '{graphs_name}' says its parts "
                f"held {graphs:,}"
            )
        for histogram, total in _sums(counts).items():
            if total != counted:
                raise ParseError(
                    f"checkpoint {self.path!r} is corrupt: field '{name}.{histogram}' sums "
                    f"to {total:,}, and '{name}.graphs' is {counted:,}"
                )

    def counts(self, holder: dict[str, Any], name: str, where: str = "") -> SweepCounts | None:
        value = holder.get(name)
        try:
            return None if value is None else SweepCounts.from_document(value, where + name)
        except ParseError as exc:
            raise ParseError(f"checkpoint {self.path!r} is corrupt: field {exc}") from None


def _sums(document: dict[str, Any]) -> dict[str, int]:
    """Each histogram of a counts document and the graphs it counts (its values' sum)."""
    return {
        name: sum(value.values())
        for name, value in document.items()
        if isinstance(value, dict) and all(type(v) is int for v in value.values())
    }


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
    output_bytes = output_digest = None
    if found.get("output_bytes") is not None:
        output_bytes = fields.count(found, "output_bytes")
        output_digest = fields.digest(found, "output_digest")
    counts = fields.counts(found, "counts")
    fields.consistent(found.get("counts"), graphs, "counts", "graphs")
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
        fields.consistent(
            entry.get("counts"), ahead[part].graphs, where + "counts", where + "graphs"
        )
    if found.get("check") != _check(found):
        raise fields.wrong(
            "check",
            "the hash of the other fields as written (edited or cut short since)",
            found.get("check"),
        )
    return sweep, State(parts, graphs, digest, output_bytes, counts, ahead, output_digest)


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
