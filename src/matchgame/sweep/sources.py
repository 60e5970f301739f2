"""What a sweep reads, cut into tasks.

- A stream of lines (graph6/sparse6 or JSON lines) into chunks of whole lines,
  bounded as they are read.
- Files: a file of lines is streamed the same way, or is one task read where it
  runs (several files; a Dask cluster); a file in any other format
  :func:`matchgame.read_graphs` reads (Matrix Market, METIS, GraphML, ...) is one
  task, its graphs read where it runs.
- A ``geng`` run, by geng's own ``res/mod`` argument: each task runs its part of
  geng itself, so no graph crosses the network.
- Graph objects (matchgame, NetworkX, SciPy sparse), in batches of arrays.

A task is a tuple ``(function, *arguments)`` of module-level names (pickled to the
workers); its result is a :class:`~matchgame.sweep.tasks.ChunkResult`.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import IO, Any, BinaryIO, cast

import numpy as np

from ..core._validate import as_int, describe, shorten
from ..core.digraph import is_directed
from ..core.graph import Graph, as_graph
from ..errors import InvalidInputError, InvalidTypeError, MatchgameError, UnreadableInput
from ..readers.graph_lines import stream_kind
from ..readers.graphs import FORMATS as GRAPH_FORMATS
from ..readers.graphs import detect_format, read_graphs
from ..readers.inputs import read_stream
from .executors import child_process
from .tasks import MAX_GRAPH6_VERTICES, ChunkResult, Output, answer_chunk, answer_graphs, merge

__all__ = [
    "CHUNK_BYTES",
    "DEFAULT_GENG_PARTS",
    "FORMATS",
    "MAX_GENG_PARTS",
    "MAX_LINE_BYTES",
    "Geng",
    "answer_file",
    "answer_geng_part",
    "file_tasks",
    "geng_parts",
    "geng_tasks",
    "graph_tasks",
    "most_geng_parts",
    "stream_tasks",
]

CHUNK_BYTES = 1 << 16
"""Bytes of input per task: ~6,500 ``geng 10`` lines, a union of ~65,000 vertices
(measured: 64 KiB chunks beat 256 KiB and 1 MiB by 15-30%, the union staying in cache)."""

MAX_LINE_BYTES = 8 + 11 + 1 + (MAX_GRAPH6_VERTICES * (MAX_GRAPH6_VERTICES - 1) // 2 + 5) // 6
"""The longest line a sweep reads (178,953,515 bytes): graph6 of
:data:`~matchgame.sweep.tasks.MAX_GRAPH6_VERTICES` vertices, with the longest size
field, a ``>>sparse6<<`` header and a CR. A longer line is refused as soon as the
bound is passed, so memory stays bounded whatever the input (``/dev/zero`` has no
line end)."""

DEFAULT_GENG_PARTS = 64
"""res/mod parts of a geng run unless told: a fixed number, so the order of the
answers does not depend on ``jobs`` (more when there are more than 16 workers)."""

FORMATS = ("json", *GRAPH_FORMATS)
"""The formats a sweep reads: JSON lines, and every format of :func:`read_graphs`
(graph6 and sparse6 as lines, the others one file at a time)."""

_LINE_KINDS = {"json": "json", "graph6": "graph6", "sparse6": "graph6"}

# a batch of graph objects is cut when it holds this many graphs or vertices
_BATCH_GRAPHS = 4096
_BATCH_VERTICES = 1 << 20


def _kind_of(name: str | None, head: bytes, format: str | None) -> str:
    """How to read an input: ``"graph6"`` or ``"json"`` (lines), or the name of a
    format of :func:`read_graphs`. ``format`` if given; else JSON lines if the first
    non-blank byte is ``{``; else the format :func:`detect_format` sees in the name
    and the first line, graph6 lines when it sees none (a sweep's default)."""
    if format is not None:
        if format not in FORMATS:
            raise InvalidInputError(f"unknown format {format!r} (one of {', '.join(FORMATS)})")
        return _LINE_KINDS.get(format, format)
    if stream_kind(head) == "json":
        return "json"
    detected = detect_format(name, head)
    return _LINE_KINDS.get(detected or "graph6", detected or "graph6")


# -- streams of lines ----------------------------------------------------------------


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
        if pending_bytes + block.find(b"\n") > max_line_bytes:
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


# how far into a stream of blank lines its format is looked for (then: graph6 lines)
_HEAD_LIMIT = 1 << 20


def _head(stream: IO[bytes], chunk_bytes: int) -> tuple[bytes, IO[bytes]]:
    """The first bytes of ``stream`` that tell its format (at least one that is not
    blank, unless the stream ends or is blank for a MiB), and the stream with them
    put back."""
    pieces = [stream.read(chunk_bytes)]
    size = len(pieces[0])
    while pieces[-1] and not b"".join(pieces).strip() and size < _HEAD_LIMIT:
        pieces.append(stream.read(chunk_bytes))
        size += len(pieces[-1])
    head = b"".join(pieces)
    # _Replayed reads as a file does; cast: the readers take a binary file
    return head, cast(IO[bytes], _Replayed(head, stream))


class _Replayed:
    """A stream whose first bytes were read already (to tell its format): they come again."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head = head
        self._rest = rest

    def read(self, size: int = -1) -> bytes:
        if not self._head:
            return self._rest.read(size)
        if size < 0:
            head, self._head = self._head, b""
            return head + self._rest.read()
        piece, self._head = self._head[:size], self._head[size:]
        return piece


def stream_tasks(
    stream: IO[bytes],
    output: bool | Output,
    source: str = "<input>",
    chunk_bytes: int = CHUNK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
    format: str | None = None,
) -> Iterator[tuple[Any, ...]]:
    """The tasks of one stream: chunks of whole lines, or (for a format of one graph
    a file, told by ``format`` or guessed) its graphs read here and sent in batches.
    ``output``: True counts, False documents, or an :class:`Output`."""
    head, stream = _head(stream, chunk_bytes)
    if not head.strip():
        return  # nothing but blank lines
    name = None if source.startswith("<") else source
    kind = _kind_of(name, head, format)
    if kind not in ("graph6", "json"):
        data = read_stream(cast(BinaryIO, stream), "edges" if kind == "edgelist" else kind)
        yield from graph_tasks(_undirected(read_graphs(data, kind), source), output)
        return
    try:
        for chunk, line in _whole_lines(stream, chunk_bytes, max_line_bytes):
            yield (answer_chunk, chunk, kind, output, line, source)
    except _LineTooLong as problem:
        message = (
            f"line {problem.line}: {source}: longer than any graph line a sweep reads "
            f"({max_line_bytes:,} bytes: graph6 of {MAX_GRAPH6_VERTICES:,} vertices)"
        )
        yield (_refuse, message)


def _answer_stream(
    stream: IO[bytes],
    output: bool | Output,
    chunk_bytes: int,
    source: str,
    format: str | None = None,
) -> ChunkResult:
    """Every task of ``stream`` (see :func:`stream_tasks`) run here, up to the first error."""
    results = []
    for function, *arguments in stream_tasks(stream, output, source, chunk_bytes, format=format):
        results.append(function(*arguments))
        if results[-1].error is not None:
            break
    return merge(results, output)


# -- files ----------------------------------------------------------------------------


def _open(path: str) -> IO[bytes]:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise UnreadableInput(f"cannot read {path!r}: {exc.strerror or exc}") from None


def answer_file(
    path: str, output: bool | Output, chunk_bytes: int = CHUNK_BYTES, format: str | None = None
) -> ChunkResult:
    """Answer every graph of one file, in any format a sweep reads (a task of a sweep
    split by file: read where it runs)."""
    with _open(path) as stream:
        return _answer_stream(stream, output, chunk_bytes, path, format)


def file_tasks(
    path: str,
    output: bool | Output,
    *,
    whole: bool = False,
    chunk_bytes: int = CHUNK_BYTES,
    format: str | None = None,
) -> Iterator[tuple[Any, ...]]:
    """The tasks of one file: lines streamed from here in chunks; with ``whole``, or
    for a format of one graph a file, the file as one task read where it runs."""
    if whole:
        yield (answer_file, os.path.abspath(path), output, chunk_bytes, format)
        return
    with _open(path) as stream:
        head, replayed = _head(stream, chunk_bytes)
        if _kind_of(path, head, format) not in ("graph6", "json"):
            yield (answer_file, os.path.abspath(path), output, chunk_bytes, format)
            return
        yield from stream_tasks(replayed, output, path, chunk_bytes, format=format)


# -- geng -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Geng:
    """A ``nauty-geng`` run as a sweep's source: ``Geng("10")`` is every graph on 10
    vertices up to isomorphism; ``args`` are geng's own options (``"-c 9"``: connected).

    A sweep splits it into ``parts`` by geng's ``res/mod`` argument: part ``r`` runs
    ``nauty-geng -q ARGS r/parts`` where the task runs. Answers come part by part,
    so their order (the ``"index"``) depends on ``parts`` (geng cuts its search tree
    at a level of its own choosing, and the output does not show where a part's
    pieces would interleave): each document carries its graph's ``"graph6"``, the
    same whatever ``parts`` and ``jobs``, as the graph's stable id.
    """

    args: str
    parts: int | None = None
    program: str = "nauty-geng"

    def __post_init__(self) -> None:
        if not isinstance(self.args, str):
            raise InvalidTypeError(f"geng's arguments must be a str, got {describe(self.args)}")
        try:
            shlex.split(self.args)
        except ValueError as exc:  # an unclosed quote
            raise InvalidInputError(f"geng's arguments {shorten(self.args)}: {exc}") from None
        if self.parts is not None:
            as_int(self.parts, "parts", low=1, high=most_geng_parts(self.args))

    def command(self, part: int, parts: int) -> list[str]:
        """The command line of one part."""
        return [self.program, "-q", *shlex.split(self.args), f"{part}/{parts}"]


def answer_geng_part(
    geng: Geng, part: int, parts: int, output: bool | Output, chunk_bytes: int = CHUNK_BYTES
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
        source = f"geng part {part}/{parts}"
        result = _answer_stream(process.stdout, output, chunk_bytes, source, "graph6")
        process.stdout.close()
        problem = process.stderr.read() if process.stderr else b""
        if process.wait() != 0:
            # geng's first line says what is wrong; the rest is its usage text
            said = [line.strip() for line in problem.decode(errors="replace").splitlines()]
            reason = next((line for line in said if line), f"exit status {process.returncode}")
            raise InvalidInputError(f"{shlex.join(command)} failed: {reason}")
    return result


MAX_GENG_PARTS = 1 << 16
"""The most res/mod parts a geng run is cut into (each part is a task)."""

# graphs on n vertices up to isomorphism (OEIS A000088): no more parts than graphs
_GRAPHS_ON = (1, 1, 2, 4, 11, 34, 156, 1044, 12346, 274668)


def most_geng_parts(args: str) -> int:
    """The most parts geng with ``args`` may be cut into: :data:`MAX_GENG_PARTS`, and
    for a small number of vertices (``args``' first number) no more than the graphs
    on them (or :data:`DEFAULT_GENG_PARTS`, if that is more).

    >>> most_geng_parts("-c 5"), most_geng_parts("8"), most_geng_parts("12")
    (64, 12346, 65536)
    """
    try:
        words = shlex.split(args)
    except ValueError:
        return MAX_GENG_PARTS
    sizes = [int(word) for word in words if word.isascii() and word.isdigit()]
    if sizes and sizes[0] < len(_GRAPHS_ON):
        return min(MAX_GENG_PARTS, max(DEFAULT_GENG_PARTS, _GRAPHS_ON[sizes[0]]))
    return MAX_GENG_PARTS


def geng_parts(geng: Geng, jobs: int) -> int:
    """How many res/mod parts a geng run is cut into: ``geng.parts``, else
    ``DEFAULT_GENG_PARTS`` or 4 per job if that is more.

    >>> geng_parts(Geng("10"), 2), geng_parts(Geng("10"), 32), geng_parts(Geng("10", 5), 2)
    (64, 128, 5)
    """
    return max(DEFAULT_GENG_PARTS, 4 * jobs) if geng.parts is None else geng.parts


def geng_tasks(geng: Geng, output: bool | Output, jobs: int) -> list[tuple[Any, ...]]:
    """The tasks of a geng run: one per res/mod part (:func:`geng_parts`). Documents
    carry their graph's graph6 (see :class:`Geng`)."""
    parts = geng_parts(geng, jobs)
    wanted = output if isinstance(output, Output) else Output(count=output)
    if not wanted.count and not wanted.lines:
        wanted = replace(wanted, echo=True)
    return [(answer_geng_part, geng, part, parts, wanted) for part in range(parts)]


# -- graph objects --------------------------------------------------------------------


def _type_name(value: object) -> str:
    """The full name of ``value``'s type, for messages: ``networkx.classes.graph.Graph``."""
    kind = type(value)
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


_DIRECTED = (
    "is directed: sweep reads undirected graphs (the directed game plays each edge as "
    "both arcs); answer a directed graph with `matchgame placements --game directed` "
    "or matchgame.analyse(..., game='directed')"
)


def _undirected(graphs: Iterable[Any], source: str) -> Iterator[Any]:
    """The graphs of a file, refusing a directed one (named by the file)."""
    for i, graph in enumerate(graphs):
        if is_directed(graph):
            raise InvalidInputError(f"{source}: graph {i + 1} {_DIRECTED}")
        yield graph


def _graph(item: object, i: int) -> Graph:
    if is_directed(item):
        # every game's sweep reads undirected graphs (the directed game: each edge as
        # both arcs); a directed graph is one analysis away
        raise InvalidInputError(f"graphs[{i}] {_DIRECTED}")
    try:
        return as_graph(item, f"graphs[{i}]")
    except InvalidTypeError:
        raise InvalidTypeError(
            f"graphs[{i}] must be a matchgame.Graph, a NetworkX graph or a SciPy sparse "
            f"matrix, got {_type_name(item)}"
        ) from None
    except MatchgameError as exc:
        raise type(exc)(f"graphs[{i}]: {exc}") from None


def graph_tasks(graphs: Iterable[Any], output: bool | Output) -> Iterator[tuple[Any, ...]]:
    """Tasks of graph objects (:class:`Graph`, NetworkX graphs, SciPy sparse adjacency
    matrices), sent as arrays in batches."""
    wanted = output if isinstance(output, Output) else Output(count=output)
    sizes: list[int] = []
    edges: list[np.ndarray] = []
    for i, item in enumerate(graphs):
        graph = _graph(item, i)
        sizes.append(graph.n_vertices)
        edges.append(graph.edges)
        if len(sizes) == _BATCH_GRAPHS or sum(sizes) >= _BATCH_VERTICES:
            yield _graphs_task(sizes, edges, wanted)
            sizes, edges = [], []
    if sizes:
        yield _graphs_task(sizes, edges, wanted)


def _graphs_task(sizes: list[int], edges: list[np.ndarray], output: Output) -> tuple[Any, ...]:
    edge_start = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum([pairs.shape[0] for pairs in edges], out=edge_start[1:])
    joined = np.concatenate(edges).astype(np.int32) if edges else np.zeros((0, 2), np.int32)
    return (answer_graphs, np.array(sizes, dtype=np.int64), edge_start, joined, output)
