"""What a sweep reads, cut into tasks: streams into chunks of whole lines, files by
file, a ``geng`` run by geng's own ``res/mod`` argument (each task runs its part of
geng itself, so no graph crosses the network), and Graph objects in batches.
"""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from ..core.graph import Graph
from ..errors import InvalidInputError
from ..readers.graph_lines import stream_kind
from .executors import child_process
from .tasks import ChunkResult, answer_chunk, merge

__all__ = [
    "CHUNK_BYTES",
    "DEFAULT_GENG_PARTS",
    "Geng",
    "answer_file",
    "answer_geng_part",
    "geng_tasks",
    "graph_tasks",
    "stream_tasks",
]

CHUNK_BYTES = 1 << 16
"""Bytes of input per task: ~6,500 ``geng 10`` lines, a union of ~65,000 vertices
(measured: 64 KiB chunks beat 256 KiB and 1 MiB by 15-30%, the union staying in cache)."""

MAX_GRAPH6_VERTICES = 46_341
"""The most vertices a graph6 line may have in a sweep: the largest ``n`` whose complete
graph's CSR, ``n (n - 1)`` entries, still fits the int32 offsets of a batch."""

MAX_LINE_BYTES = 8 + 11 + 1 + (MAX_GRAPH6_VERTICES * (MAX_GRAPH6_VERTICES - 1) // 2 + 5) // 6
"""The longest line a sweep reads (178,953,515 bytes): graph6 of
:data:`MAX_GRAPH6_VERTICES` vertices, with the longest size field, a ``>>sparse6<<``
header and a CR. A longer line is refused as soon as the bound is passed, so memory
stays bounded whatever the input (``/dev/zero`` has no line end)."""

DEFAULT_GENG_PARTS = 64
"""res/mod parts of a geng run unless told: a fixed number, so the order of the
answers does not depend on ``jobs`` (more when there are more than 16 workers)."""


class _LineTooLong(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def _whole_lines(
    stream: IO[bytes], chunk_bytes: int, max_line_bytes: int = MAX_LINE_BYTES
) -> Iterator[tuple[bytes, int]]:
    """``(chunk, first line number)`` of whole lines read from ``stream``; a line
    longer than ``max_line_bytes`` raises :class:`_LineTooLong` once it passes the
    bound (the lines before it were yielded)."""
    pending: list[bytes] = []  # the start of a line longer than a block, kept in pieces
    pending_bytes = 0
    line = 1
    while True:
        block = stream.read(chunk_bytes)
        if not block:
            break
        cut = block.rfind(b"\n") + 1
        if cut == 0:  # no line ends in this block: join once the line is whole
            pending.append(block)
            pending_bytes += len(block)
            if pending_bytes > max_line_bytes:
                raise _LineTooLong(line)
            continue
        first_end = block.find(b"\n")
        if pending_bytes + first_end > max_line_bytes:
            raise _LineTooLong(line)
        chunk = b"".join([*pending, block[:cut]])
        pending = [block[cut:]] if cut < len(block) else []
        pending_bytes = len(block) - cut
        yield chunk, line
        line += chunk.count(b"\n")
    if pending:
        yield b"".join(pending), line


def _refuse(message: str) -> ChunkResult:
    """A task that only reports an error (so that it comes after the answers before it)."""
    return ChunkResult(0, None, [], message)


def stream_tasks(
    stream: IO[bytes],
    count: bool,
    source: str = "<input>",
    chunk_bytes: int = CHUNK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
) -> Iterator[tuple[Any, ...]]:
    """The tasks of one stream: a chunk of whole lines each."""
    kind = None
    try:
        for chunk, line in _whole_lines(stream, chunk_bytes, max_line_bytes):
            if kind is None:
                if not chunk.strip():
                    continue
                kind = stream_kind(chunk)
            yield (answer_chunk, chunk, kind, count, line, source)
    except _LineTooLong as problem:
        message = (
            f"line {problem.line}: {source}: longer than any graph line a sweep reads "
            f"({max_line_bytes:,} bytes: graph6 of {MAX_GRAPH6_VERTICES:,} vertices)"
        )
        yield (_refuse, message)


def _answer_stream(stream: IO[bytes], count: bool, chunk_bytes: int, source: str) -> ChunkResult:
    """Every task of ``stream`` (see :func:`stream_tasks`) run here, up to the first error."""
    results = []
    for function, *arguments in stream_tasks(stream, count, source, chunk_bytes):
        results.append(function(*arguments))
        if results[-1].error is not None:
            break
    return merge(results, count)


def answer_file(path: str, count: bool, chunk_bytes: int = CHUNK_BYTES) -> ChunkResult:
    """Answer every graph of one file (a task of a sweep split by file)."""
    with open(path, "rb") as stream:
        return _answer_stream(stream, count, chunk_bytes, path)


@dataclass(frozen=True)
class Geng:
    """A ``nauty-geng`` run as a sweep's source: ``Geng("10")`` is every graph on 10
    vertices up to isomorphism; ``args`` are geng's own options (``"-c 9"``: connected).

    A sweep splits it into ``parts`` by geng's ``res/mod`` argument: part ``r`` runs
    ``nauty-geng -q ARGS r/parts`` where the task runs. Answers come part by part,
    so their order (the ``"index"``) depends on ``parts``, not on the workers.
    """

    args: str
    parts: int | None = None
    program: str = "nauty-geng"

    def command(self, part: int, parts: int) -> list[str]:
        """The command line of one part."""
        return [self.program, "-q", *shlex.split(self.args), f"{part}/{parts}"]


def answer_geng_part(
    geng: Geng, part: int, parts: int, count: bool, chunk_bytes: int = CHUNK_BYTES
) -> ChunkResult:
    """Run one part of geng and answer its graphs (a task of a sweep split by res/mod)."""
    program = shutil.which(geng.program)
    if program is None:
        raise InvalidInputError(
            f"{geng.program} not found on this machine (Debian: apt install nauty)"
        )
    command = geng.command(part, parts)
    with child_process([program, *command[1:]]) as process:
        assert process.stdout is not None
        result = _answer_stream(process.stdout, count, chunk_bytes, f"geng part {part}/{parts}")
        process.stdout.close()
        problem = process.stderr.read() if process.stderr else b""
        if process.wait() != 0:
            # geng's first line says what is wrong; the rest is its usage text
            said = [line.strip() for line in problem.decode(errors="replace").splitlines()]
            reason = next((line for line in said if line), f"exit status {process.returncode}")
            raise InvalidInputError(f"{shlex.join(command)} failed: {reason}")
    return result


def geng_tasks(geng: Geng, count: bool, jobs: int) -> list[tuple[Any, ...]]:
    """The tasks of a geng run: one per res/mod part (``geng.parts``, else
    :data:`DEFAULT_GENG_PARTS` or 4 per job if that is more)."""
    parts = geng.parts or max(DEFAULT_GENG_PARTS, 4 * jobs)
    if parts < 1:
        raise InvalidInputError(f"a geng run needs at least 1 part, got {parts}")
    return [(answer_geng_part, geng, part, parts, count) for part in range(parts)]


def graph_tasks(graphs: Iterable[Graph], count: bool, per_task: int = 4096) -> Iterator[Any]:
    """Tasks of :class:`Graph` objects: JSON lines of ``per_task`` graphs each."""
    batch: list[bytes] = []
    for graph in graphs:
        if not isinstance(graph, Graph):
            raise InvalidInputError(f"sweep takes Graph objects, got {type(graph).__name__}")
        edges = graph.edges().tolist()
        batch.append(json.dumps({"n": graph.n_vertices, "edges": edges}).encode())
        if len(batch) == per_task:
            yield (answer_chunk, b"\n".join(batch), "json", count)
            batch = []
    if batch:
        yield (answer_chunk, b"\n".join(batch), "json", count)
