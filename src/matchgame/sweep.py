"""Sweeps: the placement game answered on many graphs, on every core or a Dask cluster.

A batch of graphs is solved as one graph, their disjoint union: one CSR, one
maximum matching (Karp-Sipser, then Edmonds' blossoms), one Gallai-Edmonds
labelling; the answers are then split by vertex offsets. That keeps the cost
per graph at a few microseconds, which is what a sweep over every graph
``nauty-geng`` makes needs.

Work is cut three ways: a stream into chunks of whole lines, a list of files by
file, a ``geng`` run by geng's own ``res/mod`` argument (each task runs its
part of geng itself, so no graph crosses the network). Chunks run in a local
process pool (``jobs``) or as Dask tasks (``client``); answers keep the input's
order and counts are summed.

>>> counts = sweep(b"Bw\\nBW\\n", count=True, jobs=1)
>>> counts.to_document()["winning_vertices"]
{'2': 1, '3': 1}
"""

from __future__ import annotations

import io
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from ._kernels import batch as _batch
from ._kernels import bipartite as _bip
from ._kernels import edmonds as _edmonds
from ._kernels import graph6 as _graph6
from .core.graph import Graph
from .errors import InvalidInputError, ParseError
from .readers.graph6 import GraphLines
from .readers.graph_lines import decode_graph_lines, stream_kind

__all__ = ["BatchAnswers", "Geng", "SweepCounts", "solve_lines", "solve_union", "sweep"]

CHUNK_BYTES = 1 << 16
"""Bytes of input per task: ~6,500 ``geng 10`` lines, a union of ~65,000 vertices
(measured: 64 KiB chunks beat 256 KiB and 1 MiB by 15-30%, the union staying in cache)."""

# graphs of more vertices than this on average get a greedy matching before Edmonds
_GREEDY_FROM_AVERAGE_VERTICES = 64

DEFAULT_GENG_PARTS = 64
"""res/mod parts of a geng run unless told: a fixed number, so the order of the
answers does not depend on ``jobs`` (more when there are more than 16 workers)."""

# how many chunks a job may have queued ahead: enough to hide the reading, bounded memory
_AHEAD_PER_JOB = 3


# -- one batch ---------------------------------------------------------------------


@dataclass(frozen=True)
class BatchAnswers:
    """The answers of a batch of graphs, solved as their disjoint union.

    Attributes
    ----------
    vertex_start : ndarray of int64
        ``n_graphs + 1`` offsets: graph ``g`` is the union's vertices
        ``vertex_start[g]`` up to ``vertex_start[g + 1]``.
    offsets, neighbors : ndarray of int32
        The union's CSR (loops dropped, repeats collapsed).
    mate : ndarray of int32
        A maximum matching of the union (so of every graph), global ids.
    labels : ndarray of uint8
        Gallai-Edmonds labels: ``EVEN`` for D, ``ODD`` for A, 0 for C.
    n_edges, matching_size, winning_count : ndarray of int64
        Per graph: edges, the size of a maximum matching, ``|D|``.
    """

    vertex_start: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int32]
    neighbors: npt.NDArray[np.int32]
    mate: npt.NDArray[np.int32]
    labels: npt.NDArray[np.uint8]
    n_edges: npt.NDArray[np.int64]
    matching_size: npt.NDArray[np.int64]
    winning_count: npt.NDArray[np.int64]

    @property
    def n_graphs(self) -> int:
        """Number of graphs in the batch."""
        return int(self.vertex_start.shape[0]) - 1

    def documents(self) -> list[bytes]:
        """One JSON document per graph, as ``placements --edges --format json`` writes it
        (vertices 1-based; the matching is one maximum matching, not necessarily the
        same one a single analysis picks)."""
        bipartite = _batch.bipartite_parts(self.offsets, self.neighbors, self.vertex_start)
        # plain lists once per batch: per graph (ten vertices or so) list comprehensions
        # beat numpy calls on tiny arrays several times over
        labels, mate = self.labels.tolist(), self.mate.tolist()
        starts, n_edges = self.vertex_start.tolist(), self.n_edges.tolist()
        sizes, is_bipartite = self.matching_size.tolist(), bipartite.tolist()
        even, odd = int(_edmonds.EVEN), int(_edmonds.ODD)
        documents = []
        for g in range(self.n_graphs):
            low, high = starts[g], starts[g + 1]
            vertices = range(low, high)
            shift = 1 - low  # global id -> 1-based id in its graph
            winning = [v + shift for v in vertices if labels[v] == even]
            document = {
                "vertices": high - low,
                "edges": n_edges[g],
                "engine": "bipartite" if is_bipartite[g] else "blossom",
                "matching_size": sizes[g],
                "placer_wins": bool(winning),
                "winning_vertices": winning,
                "decomposition": {
                    "D": winning,
                    "A": [v + shift for v in vertices if labels[v] == odd],
                    "C": [v + shift for v in vertices if labels[v] == 0],
                },
                "matching": [[v + shift, mate[v] + shift] for v in vertices if mate[v] > v],
            }
            documents.append(json.dumps(document, separators=(",", ":")).encode())
        return documents


def _per_graph_sums(values: np.ndarray, starts: np.ndarray) -> npt.NDArray[np.int64]:
    """Sums of ``values`` over the slices ``starts[g]:starts[g + 1]`` (empty slices too)."""
    running = np.zeros(values.shape[0] + 1, dtype=np.int64)
    np.cumsum(values, out=running[1:])
    return running[starts[1:]] - running[starts[:-1]]


def solve_lines(lines: GraphLines) -> BatchAnswers:
    """Solve every graph of ``lines`` in one matching and one decomposition of their union.

    Examples
    --------
    >>> from matchgame.readers.graph6 import decode_graph6_lines
    >>> answers = solve_lines(decode_graph6_lines(b"Bw\\nBW\\n"))  # a triangle, a path
    >>> answers.matching_size.tolist(), answers.winning_count.tolist()
    ([1, 1], [3, 2])
    """
    if int(lines.n_vertices.sum()) > np.iinfo(np.int32).max - 1:
        raise InvalidInputError("a batch has more vertices than int32 ids can name: split it")
    vertex_start, offsets, neighbors = _batch.union_csr(
        lines.n_vertices, lines.edge_start, lines.edges, lines.may_repeat
    )
    return solve_union(vertex_start, offsets, neighbors)


def solve_union(
    vertex_start: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
) -> BatchAnswers:
    """Solve every graph of a union already in CSR form (graph ``g`` is the vertices
    ``vertex_start[g]`` up to ``vertex_start[g + 1]``; no loops, no repeats).

    Examples
    --------
    >>> from matchgame._kernels.graph6 import decode_graph6_union
    >>> union = decode_graph6_union(np.frombuffer(b"Bw\\nBW\\n", dtype=np.uint8))
    >>> solve_union(*union).winning_count.tolist()
    [3, 2]
    """
    n_graphs = int(vertex_start.shape[0]) - 1
    total = int(vertex_start[-1])
    mate = np.full(total, -1, dtype=np.int32)
    # Karp-Sipser first pays on large graphs; on geng's small dense ones Edmonds'
    # searches alone are ~2x faster (measured on geng 10)
    if neighbors.shape[0] and total > _GREEDY_FROM_AVERAGE_VERTICES * n_graphs:
        _bip.greedy_karp_sipser(offsets, neighbors, mate)
    # one pass: the matching and the Gallai-Edmonds labels (see _kernels/edmonds.pyx)
    labels = _edmonds.maximum_matching_labels(offsets, neighbors, mate)
    n_edges = (offsets[vertex_start[1:]] - offsets[vertex_start[:-1]]).astype(np.int64) // 2
    matched = _per_graph_sums((mate >= 0).view(np.int8), vertex_start) // 2
    winning = _per_graph_sums((labels == _edmonds.EVEN).view(np.int8), vertex_start)
    return BatchAnswers(vertex_start, offsets, neighbors, mate, labels, n_edges, matched, winning)


# -- counts ------------------------------------------------------------------------


def _histogram(values: np.ndarray) -> npt.NDArray[np.int64]:
    return np.bincount(values, minlength=1).astype(np.int64)


def _add(a: np.ndarray, b: np.ndarray) -> npt.NDArray[np.int64]:
    size = max(a.shape[0], b.shape[0])
    total = np.zeros(size, dtype=np.int64)
    total[: a.shape[0]] += a
    total[: b.shape[0]] += b
    return total


_EMPTY = np.zeros(0, dtype=np.int64)


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

    @classmethod
    def of(cls, answers: BatchAnswers) -> SweepCounts:
        """The counts of one solved batch."""
        return cls(
            answers.n_graphs,
            _histogram(np.diff(answers.vertex_start)),
            _histogram(answers.n_edges),
            _histogram(answers.matching_size),
            _histogram((answers.winning_count > 0).view(np.int8).astype(np.int64)),
            _histogram(answers.winning_count),
        )

    def __add__(self, other: SweepCounts) -> SweepCounts:
        return SweepCounts(
            self.graphs + other.graphs,
            _add(self.vertices, other.vertices),
            _add(self.edges, other.edges),
            _add(self.matching_size, other.matching_size),
            _add(self.placer_wins, other.placer_wins),
            _add(self.winning_vertices, other.winning_vertices),
        )

    def __eq__(self, other: object) -> bool:
        # equal counts, whatever the histograms' trailing zeros
        if not isinstance(other, SweepCounts):
            return NotImplemented
        return self.to_document() == other.to_document()

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside

    def to_document(self) -> dict[str, Any]:
        """The counts as JSON: ``{"graphs": N, "vertices": {"10": ...}, ...}``, zero
        entries left out, keys in increasing order."""

        def nonzero(histogram: np.ndarray, keys: Callable[[int], str] = str) -> dict[str, int]:
            return {keys(k): int(c) for k, c in enumerate(histogram.tolist()) if c}

        wins = ("false", "true")
        return {
            "graphs": self.graphs,
            "vertices": nonzero(self.vertices),
            "edges": nonzero(self.edges),
            "matching_size": nonzero(self.matching_size),
            "placer_wins": nonzero(self.placer_wins, lambda k: wins[k]),
            "winning_vertices": nonzero(self.winning_vertices),
        }


# -- tasks (module-level: they are pickled to worker processes and Dask workers) --------


@dataclass(frozen=True)
class ChunkResult:
    """What one task found: counts or documents (without ``index``), and the error
    (a one-line message) that stopped it, if any."""

    n_graphs: int
    counts: SweepCounts | None
    documents: list[bytes]
    error: str | None


def answer_chunk(
    data: bytes, kind: str, count: bool, first_line: int = 1, source: str = "<input>"
) -> ChunkResult:
    """Decode and solve one chunk of whole lines.

    graph6 of at most 64 vertices a line (all of geng's) is decoded straight into
    the union's CSR (``decode_graph6_union``, about half the cost of decoding then
    building); any other chunk, or one with a bad line, takes the general decoder,
    which also names the error and its line.
    """
    union = None
    if kind == "graph6":
        union = _graph6.decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
    if union is not None:
        answers = solve_union(*union)
        error = None
    else:
        lines = decode_graph_lines(data, kind, first_line=first_line, source=source)
        answers = solve_lines(lines)
        error = None if lines.error is None else str(lines.error)
    if count:
        return ChunkResult(answers.n_graphs, SweepCounts.of(answers), [], error)
    return ChunkResult(answers.n_graphs, None, answers.documents(), error)


def _merge(results: Iterable[ChunkResult], count: bool) -> ChunkResult:
    """Results of consecutive chunks as one, stopping at the first error."""
    counts = SweepCounts()
    documents: list[bytes] = []
    n_graphs = 0
    for result in results:
        n_graphs += result.n_graphs
        if count and result.counts is not None:
            counts = counts + result.counts
        documents.extend(result.documents)
        if result.error is not None:
            return ChunkResult(n_graphs, counts if count else None, documents, result.error)
    return ChunkResult(n_graphs, counts if count else None, documents, None)


def _whole_lines(stream: IO[bytes], chunk_bytes: int) -> Iterator[tuple[bytes, int]]:
    """``(chunk, first line number)`` of whole lines read from ``stream``."""
    pending: list[bytes] = []  # the start of a line longer than a block, kept in pieces
    line = 1
    while True:
        block = stream.read(chunk_bytes)
        if not block:
            break
        cut = block.rfind(b"\n") + 1
        if cut == 0:  # no line ends in this block: join once the line is whole
            pending.append(block)
            continue
        chunk = b"".join([*pending, block[:cut]])
        pending = [block[cut:]] if cut < len(block) else []
        yield chunk, line
        line += chunk.count(b"\n")
    if pending:
        yield b"".join(pending), line


def answer_file(path: str, count: bool, chunk_bytes: int = CHUNK_BYTES) -> ChunkResult:
    """Answer every graph of one file (a task of a sweep split by file)."""
    with open(path, "rb") as stream:
        return _answer_stream(stream, count, chunk_bytes, path)


def _answer_stream(stream: IO[bytes], count: bool, chunk_bytes: int, source: str) -> ChunkResult:
    """Every task of ``stream`` (see :func:`stream_tasks`) run here, up to the first error."""
    results = []
    for function, *arguments in stream_tasks(stream, count, source, chunk_bytes):
        results.append(function(*arguments))
        if results[-1].error is not None:
            break
    return _merge(results, count)


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
    with subprocess.Popen(
        [program, *command[1:]], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
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


# -- running tasks -----------------------------------------------------------------


# glibc's mallopt parameter: bytes to keep at the top of the heap when it grows or shrinks
_M_TOP_PAD = -2
_TOP_PAD_BYTES = 64 << 20
_heap_tuned = False


def keep_heap() -> None:
    """Let this process's heap keep 64 MiB beyond what it uses (glibc only; elsewhere
    nothing happens).

    Every chunk allocates and frees arrays of the same few sizes; without the pad,
    glibc gives the top of the heap back to the kernel each time and touches it
    again as new pages: measured on geng 10, 180 minor page faults per chunk and a
    third of a worker's time in the kernel, gone with the pad. Called in the
    processes that run a sweep's tasks (pool workers, Dask workers, the command
    line), not in a caller's own process.
    """
    global _heap_tuned
    if _heap_tuned:
        return
    _heap_tuned = True
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.mallopt(_M_TOP_PAD, _TOP_PAD_BYTES)
    except (OSError, AttributeError):  # not glibc: the default heap is slower, not wrong
        pass


def _in_tuned_process(function: Callable[..., ChunkResult], *args: Any) -> ChunkResult:
    """``function(*args)`` in a worker process whose heap was tuned (:func:`keep_heap`)."""
    keep_heap()
    return function(*args)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _Inline(Executor):
    """Runs each task when it is submitted (``jobs=1``: no process to start)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as problem:
            future.set_exception(problem)
        return future


def _in_order(
    submit: Callable[..., Any],
    wait: Callable[[Any], ChunkResult],
    tasks: Iterable[tuple[Any, ...]],
    ahead: int,
) -> Iterator[ChunkResult]:
    """Submit ``tasks`` keeping at most ``ahead`` in flight; yield results in order."""
    pending: deque[Any] = deque()
    for task in tasks:
        pending.append(submit(*task))
        if len(pending) >= ahead:
            yield wait(pending.popleft())
    while pending:
        yield wait(pending.popleft())


def run_tasks(
    tasks: Iterable[tuple[Any, ...]], *, jobs: int | None = None, client: Any = None
) -> Iterator[ChunkResult]:
    """Run ``(function, *arguments)`` tasks in a process pool of ``jobs`` or on a Dask
    ``client``; results come in the tasks' order."""
    if client is not None:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from _in_order(
            lambda fn, *args: client.submit(_in_tuned_process, fn, *args, pure=False),
            lambda future: future.result(),
            tasks,
            _AHEAD_PER_JOB * workers,
        )
        return
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InvalidInputError(f"jobs must be at least 1, got {jobs}")
    with _Inline() if jobs == 1 else ProcessPoolExecutor(jobs, initializer=keep_heap) as pool:
        yield from _in_order(
            pool.submit, lambda future: future.result(), tasks, _AHEAD_PER_JOB * jobs
        )


def stream_tasks(
    stream: IO[bytes], count: bool, source: str = "<input>", chunk_bytes: int = CHUNK_BYTES
) -> Iterator[tuple[Any, ...]]:
    """The tasks of one stream: a chunk of whole lines each."""
    kind = None
    for chunk, line in _whole_lines(stream, chunk_bytes):
        if kind is None:
            if not chunk.strip():
                continue
            kind = stream_kind(chunk)
        yield (answer_chunk, chunk, kind, count, line, source)


def geng_tasks(geng: Geng, count: bool, jobs: int) -> list[tuple[Any, ...]]:
    """The tasks of a geng run: one per res/mod part (``geng.parts``, else
    :data:`DEFAULT_GENG_PARTS` or 4 per job if that is more)."""
    parts = geng.parts or max(DEFAULT_GENG_PARTS, 4 * jobs)
    if parts < 1:
        raise InvalidInputError(f"a geng run needs at least 1 part, got {parts}")
    return [(answer_geng_part, geng, part, parts, count) for part in range(parts)]


def _graph_tasks(graphs: Iterable[Graph], count: bool, per_task: int = 4096) -> Iterator[Any]:
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


# -- the API -----------------------------------------------------------------------


def _tasks_of(source: Any, count: bool, jobs: int, chunk_bytes: int) -> Iterator[tuple[Any, ...]]:
    if isinstance(source, Geng):
        yield from geng_tasks(source, count, jobs)
    elif isinstance(source, bytes | bytearray):
        yield from stream_tasks(io.BytesIO(bytes(source)), count, chunk_bytes=chunk_bytes)
    elif isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from stream_tasks(stream, count, os.fspath(source), chunk_bytes)
    elif (
        isinstance(source, list | tuple)
        and source
        and all(isinstance(item, str | os.PathLike) for item in source)
    ):
        for path in source:
            yield (answer_file, os.fspath(Path(path).resolve()), count)
    else:
        yield from _graph_tasks(source, count)


def sweep(
    graphs_or_source: Any,
    *,
    count: bool = False,
    jobs: int | None = None,
    client: Any = None,
    chunk_bytes: int = CHUNK_BYTES,
) -> SweepCounts | list[dict[str, Any]]:
    """Answer the placement game on many graphs.

    Parameters
    ----------
    graphs_or_source : bytes, path, list of paths, Geng, or iterable of Graph
        graph6/sparse6 or JSON lines (bytes, or a file); several files (one
        task each); ``Geng("10")`` (split by geng's res/mod, each task running
        its part of geng); or :class:`Graph` objects.
    count : bool
        Return :class:`SweepCounts` instead of one document per graph.
    jobs : int, optional
        Local worker processes (default: this machine's cores); 1 runs here.
    client : dask.distributed.Client, optional
        Run the tasks on a Dask cluster instead (workers need matchgame, and
        ``nauty-geng`` for a geng source).
    chunk_bytes : int
        Bytes of a stream per task.

    Returns
    -------
    SweepCounts or list of dict
        The counts, or each graph's document (``placements --edges --format
        json``) with its ``"index"`` in the input.

    Raises
    ------
    ParseError
        At the first bad line (with ``count=False`` the documents before it are
        lost: use the command line to keep them).
    """
    jobs = default_jobs() if jobs is None else jobs
    tasks = _tasks_of(graphs_or_source, count, jobs, chunk_bytes)
    results = run_tasks(tasks, jobs=jobs, client=client)
    merged = _merge(results, count)
    if merged.error is not None:
        raise ParseError(merged.error)
    if count:
        assert merged.counts is not None
        return merged.counts
    return [
        {"index": index, **json.loads(document)} for index, document in enumerate(merged.documents)
    ]


def write_sweep(
    results: Iterable[ChunkResult],
    write: Callable[[bytes], None],
    *,
    count: bool,
    progress: Callable[[int], object] | None = None,
) -> str | None:
    """Pass the results of a sweep's tasks to ``write`` as they come (documents in
    order, each line starting with its ``"index"``; or, at the end, the counts);
    returns the first error's message, after every graph before it was written."""
    counts = SweepCounts()
    index = 0
    for result in results:
        if count and result.counts is not None:
            counts = counts + result.counts
        if result.documents:
            write(
                b"".join(
                    b'{"index":%d,%s\n' % (index + i, document[1:])
                    for i, document in enumerate(result.documents)
                )
            )
        index += result.n_graphs
        if progress is not None:
            progress(result.n_graphs)
        if result.error is not None:
            return result.error
    if count:
        write(json.dumps(counts.to_document(), separators=(",", ":")).encode() + b"\n")
    return None


class _CallableModule(ModuleType):
    """``matchgame.sweep`` is this module and, called, :func:`sweep` (the package
    exports the function under the module's own name)."""

    def __call__(self, *args: Any, **kwargs: Any) -> SweepCounts | list[dict[str, Any]]:
        return sweep(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
