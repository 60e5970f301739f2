"""Resumable sweeps: a checkpoint file records what a sweep has done, part by part.

A part is one task of the sweep (a chunk of lines, a file, a batch of graphs, a
``res/mod`` part of geng: see ``sources``). As each part completes, the checkpoint
is written again whole (``ledger``: a temporary file renamed over it, so a reader
finds the old checkpoint or the new one): the sweep's arguments (the game and its
options, what is written, the inputs' names, sizes and modification times, geng's
arguments and parts), how many parts from the first are done and their output
written, the output file's length then, a hash of their inputs, their counts, and
the parts done before their turn (workers finish out of order) with theirs.

Run again with the same arguments and checkpoint, a sweep skips the parts done and
answers the others: no graph is answered twice, and the output and the counts are
those of one uninterrupted run. A checkpoint of other arguments, or of inputs that
changed since (their names, sizes and times; what no name tells, standard input or
a list of graphs, by the hash of the parts done), is refused, naming the first
difference. The file survives the process being killed at any moment (``SIGKILL``
included); nothing is synced to the disk, so a crash of the machine itself may
leave an older checkpoint (more is answered again) or a truncated one (refused as
corrupt).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "sweep.json")
>>> tasks = [(len, b"Bw\\n"), (len, b"BW\\n")]
>>> checkpoint = Checkpoint.open(path, {"test": 1}, count=False)
>>> [task[1] for task in checkpoint.pending(tasks)]
[b'Bw\\n', b'BW\\n']
>>> checkpoint.advance(ChunkResult(1, None, [], None))  # the first part is done
>>> resumed = Checkpoint.open(path, {"test": 1}, count=False)
>>> resumed.parts, [task[1] for task in resumed.pending(tasks)]
(1, [b'BW\\n'])
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import IO, Any

import numpy as np

from ..core._validate import plural
from ..errors import InvalidInputError, ParseError, UnreadableInput
from . import ledger
from .counts import SweepCounts
from .ledger import DIGEST_BYTES, Part, State, chain
from .tasks import ChunkResult

__all__ = [
    "Checkpoint",
    "file_entry",
    "open_output",
    "stream_entry",
    "task_digest",
]


def task_digest(task: tuple[Any, ...]) -> bytes:
    """A hash of what a task reads: its function's name and its arguments' bytes,
    arrays, numbers and text (the rest, such as what it writes, is in the sweep's
    arguments)."""
    digest = hashlib.blake2b(digest_size=DIGEST_BYTES)
    digest.update(getattr(task[0], "__qualname__", "?").encode())
    for argument in task[1:]:
        if isinstance(argument, bytes | bytearray | memoryview):
            digest.update(b"\0b%d\0" % len(argument))
            digest.update(argument)
        elif isinstance(argument, np.ndarray):
            digest.update(f"\0a{argument.dtype.str}{argument.shape}\0".encode())
            digest.update(np.ascontiguousarray(argument).data)
        elif argument is None or isinstance(argument, int | str):
            digest.update(f"\0{argument!r}".encode())
    return digest.digest()


def file_entry(path: str) -> dict[str, Any]:
    """How a sweep's arguments name an input file: its absolute path, size and
    modification time (a file changed since is another input)."""
    try:
        status = os.stat(path)
    except OSError as exc:
        raise UnreadableInput(f"cannot read {path!r}: {exc.strerror or exc}") from None
    return {"name": os.path.abspath(path), "size": status.st_size, "mtime_ns": status.st_mtime_ns}


def stream_entry(stream: Any, name: str = "<stdin>") -> dict[str, Any]:
    """How a sweep's arguments name a stream: its name, and the size and modification
    time of the file behind it, if it is one (a pipe's input is checked by its
    parts' digests alone)."""
    entry: dict[str, Any] = {"name": name}
    try:
        status = os.fstat(stream.fileno())
    except (OSError, AttributeError, ValueError):  # no descriptor (a test's BytesIO)
        return entry
    if stat.S_ISREG(status.st_mode):
        entry.update(size=status.st_size, mtime_ns=status.st_mtime_ns)
    return entry


def open_output(path: str, length: int | None, checkpoint: Checkpoint | None = None) -> IO[bytes]:
    """``path`` opened to write a sweep's lines: from scratch (``length`` None), or,
    resuming, after its first ``length`` bytes, what the checkpoint records as whole
    (whatever was written after them is cut off); those bytes must be the ones the
    ``checkpoint`` vouches for (its ``output_digest``), or the output is refused."""
    try:
        file = open(path, "wb" if length is None else "r+b")  # noqa: SIM115  (the caller's)
    except FileNotFoundError:
        if length is None:
            raise InvalidInputError(f"cannot write {path!r}: no such directory") from None
        raise InvalidInputError(
            f"output {path!r} is gone, and the checkpoint records "
            f"{plural(length, 'byte', grouped=True)} of it: "
            "start again with a new checkpoint"
        ) from None
    except OSError as exc:
        raise InvalidInputError(f"cannot write {path!r}: {exc.strerror or exc}") from None
    if length is None:
        return file
    size = os.fstat(file.fileno()).st_size
    if size < length:
        file.close()
        raise InvalidInputError(
            f"output {path!r} holds "
            f"{plural(size, 'byte', grouped=True)}, and the checkpoint records {length:,}: "
            "it changed since; start again with a new checkpoint"
        )
    if checkpoint is not None:
        try:
            checkpoint.vouch(file, length, path)
        except BaseException:
            file.close()
            raise
    file.truncate(length)
    file.seek(length)
    return file


class Checkpoint:
    """A sweep's progress, part by part, kept in the file ``path`` (None: here only).

    Use :meth:`open` to start or resume one; :meth:`pending` for the tasks still to
    run; :meth:`early` and :meth:`advance` as their results come; :meth:`finish`
    after the last.

    Parameters
    ----------
    path : str or None
        The checkpoint file, written at each change (None: nothing is written, the
        counts so far are kept for an interrupted ``--count``).
    sweep : dict
        The sweep's arguments, as JSON (see the module's docstring).
    count : bool
        Whether the sweep counts (counts are kept, and parts done before their turn).
    output : bool
        Whether its lines go to a file that a resumed run cuts back.
    """

    def __init__(
        self, path: str | None, sweep: dict[str, Any], *, count: bool, output: bool = False
    ) -> None:
        self.path = path
        self.sweep: dict[str, Any] = json.loads(json.dumps(sweep))  # as the file holds it
        self.count = count
        self.resumed = False  # True: read from its file, the sweep goes on
        lines = output and not count  # lines to a file, which a resumed run cuts back
        self._output = hashlib.blake2b(digest_size=DIGEST_BYTES) if lines else None
        self._state = State(
            output_bytes=0 if lines else None,
            counts=SweepCounts() if count else None,
            output_digest=self._output.digest() if self._output is not None else None,
        )
        self._sent = 0  # tasks handed out by pending
        self._taken = 0  # results passed to advance
        self._tasks: dict[int, tuple[int, bytes]] = {}  # task sent -> (part, digest)

    # -- reading ----------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str, sweep: dict[str, Any], *, count: bool, output: bool = False
    ) -> Checkpoint:
        """The checkpoint in ``path`` if there is one (refused if it records another
        sweep, or is not a checkpoint), else a new one, written at once (so that a path
        where none can be written is said before any work)."""
        checkpoint = cls(path, sweep, count=count, output=output)
        found = ledger.load(path)
        if found is None:
            checkpoint.save()
            return checkpoint
        sweep_was, checkpoint._state = ledger.read_state(found, path)
        checkpoint.resumed = True
        where = ledger.difference(sweep_was, checkpoint.sweep)
        if where is not None:
            raise InvalidInputError(
                f"checkpoint {path!r} records another sweep ({where}): run it again with "
                "the same arguments, or give another checkpoint file"
            )
        state = checkpoint._state
        kept = (state.counts is not None, state.output_bytes is not None)
        if kept != (count, output and not count) or (state.ahead and not count):
            raise ParseError(f"checkpoint {path!r} is corrupt: its fields are of another sweep")
        return checkpoint

    @property
    def parts(self) -> int:
        """How many parts, from the first, are done (their output written)."""
        return self._state.parts

    @property
    def graphs(self) -> int:
        """How many graphs those parts held: the ``"index"`` of the next graph."""
        return self._state.graphs

    @property
    def output_bytes(self) -> int | None:
        """The output file's length once those parts were written (None: no file)."""
        return self._state.output_bytes

    def total(self) -> SweepCounts:
        """The counts of every part done so far (in order or ahead)."""
        state = self._state
        counts = state.counts if state.counts is not None else SweepCounts()
        for part in sorted(state.ahead):
            found = state.ahead[part].counts
            if found is not None:
                counts = counts + found
        return counts

    # -- running ----------------------------------------------------------------------

    def pending(self, tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
        """The tasks of parts not done yet; those done are read and checked against
        their digests (InvalidInputError if the input changed)."""
        state = self._state
        digests = self.path is not None
        check = State().digest
        part = -1
        for part, task in enumerate(tasks):
            digest = task_digest(task) if digests else b""
            if part < state.parts:
                check = chain(check, digest)
                if part == state.parts - 1 and digests and check != state.digest:
                    first = (
                        "part differs"
                        if part == 0
                        else f"{plural(part + 1, 'part', grouped=True)} differ"
                    )
                    raise self._changed(f"its first {first}")
                continue
            done = state.ahead.get(part)
            if done is not None:
                if digests and done.digest != digest:
                    raise self._changed(f"part {part + 1:,} differs")
                continue
            self._tasks[self._sent] = (part, digest)
            self._sent += 1
            yield task
        recorded = max([state.parts - 1, *state.ahead])
        if part < recorded:
            raise self._changed(
                f"it has {plural(part + 1, 'part', grouped=True)}, and {recorded + 1:,} were done"
            )

    def _changed(self, how: str) -> InvalidInputError:
        return InvalidInputError(
            f"checkpoint {self.path!r} records another input ({how}): run it again on "
            "the same input, or give another checkpoint file"
        )

    def early(self, n: int, result: ChunkResult) -> None:
        """Record the result of the ``n``-th task handed out, done before its turn
        (counted: see :func:`~matchgame.sweep.executors.run_tasks`)."""
        if not self.count or result.error is not None:
            return
        part, digest = self._tasks[n]
        ahead = {**self._state.ahead, part: Part(digest, result.n_graphs, result.counts)}
        self._state = replace(self._state, ahead=ahead)
        self.save()

    def advance(self, result: ChunkResult, output_bytes: int | None = None) -> None:
        """Record the next result in order, done and (``output_bytes``: the output's
        length now) written."""
        part, digest = self._tasks.pop(self._taken)
        self._taken += 1
        state = self._state.fold_ahead(part)
        if state.parts != part:  # pending hands out every part not done, in order
            raise AssertionError(f"part {part} came after {plural(state.parts, 'part')}")
        done = state.ahead.get(part) or Part(digest, result.n_graphs, result.counts)
        state = state.fold(done)
        if output_bytes is not None and self._output is not None:  # lines to a file
            state = replace(state, output_bytes=output_bytes, output_digest=self._output.digest())
        self._state = state
        self.save()

    def wrote(self, data: bytes) -> None:
        """Note ``data`` as written to the output file (its hash goes in the checkpoint)."""
        if self._output is not None:
            self._output.update(data)

    def vouch(self, file: IO[bytes], length: int, path: str) -> None:
        """Check that the first ``length`` bytes of the output ``file`` are the ones this
        checkpoint records (InvalidInputError naming ``output_digest`` if not); the
        output's hash goes on from them."""
        digest = hashlib.blake2b(digest_size=DIGEST_BYTES)
        file.seek(0)
        left = length
        while left:
            chunk = file.read(min(left, 1 << 20))
            if not chunk:
                break
            digest.update(chunk)
            left -= len(chunk)
        if left or digest.digest() != self._state.output_digest:
            raise InvalidInputError(
                f"output {path!r} is not what checkpoint {self.path!r} records (field "
                "'output_digest': its first "
                f"{plural(length, 'byte', grouped=True)} changed since): start again with a new "
                "checkpoint"
            )
        self._output = digest

    def finish(self) -> None:
        """Record the end of the sweep: the parts done ahead are all in order now."""
        self._state = self._state.fold_ahead()
        self.save()

    # -- writing ----------------------------------------------------------------------

    def save(self) -> None:
        """Write the checkpoint (nothing without a path)."""
        if self.path is not None:
            ledger.save(self.path, self.sweep, self._state)
