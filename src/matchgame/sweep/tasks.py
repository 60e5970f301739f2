"""One task of a sweep: a chunk of lines (or a batch of graphs) decoded, solved, and
turned into what was asked: documents, counts, or the input lines of the graphs
that meet a condition.

Tasks are module-level functions and their results plain data: they are pickled
to worker processes and Dask workers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError
from ..games.contract import DEFAULT, find_game
from ..readers.graph6 import GraphLines, graph6_line
from ..readers.graph_lines import decode_graph_lines
from .counts import SweepCounts

if TYPE_CHECKING:  # filters are imported when a condition is given
    from ..games.batches import BaseBatchAnswers
    from .filters import Condition

__all__ = ["ChunkResult", "Output", "answer_chunk", "answer_graphs", "merge", "reserved_fields"]

MAX_GRAPH6_VERTICES = 46_341
"""The most vertices a graph6 line may have in a sweep: the largest ``n`` whose complete
graph's CSR, ``n (n - 1)`` entries, still fits the int32 offsets of a batch."""


@cache
def reserved_fields(game: str) -> frozenset[str]:
    """Names a JSON line's own fields may not take: the output line's (the fields of
    ``game``'s graph answer, as its schema declares them)."""
    answer = find_game(game).schema("placements-graph")
    return frozenset({"index", "graph6", "sparse6", *answer.get("properties", {})})


@dataclass(frozen=True)
class Output:
    """What a task gives back for its graphs.

    Attributes
    ----------
    count : bool
        Counts instead of documents.
    echo : bool
        Each document carries its graph's text: ``"graph6"`` (``"sparse6"`` for a
        sparse6 line), the line as read, or the graph written as graph6.
    where : Condition or None
        Only the graphs meeting it.
    lines : bool
        The text of the graphs (the input lines; graph6 for graphs that came as
        objects or in other formats), one a line, instead of documents: what
        ``--filter`` writes, as nauty's ``pickg`` does.
    game : str
        The game's name (:func:`matchgame.game`; a name travels to worker processes):
        its :meth:`~matchgame.Game.sweep_batch` answers each batch.
    options : tuple of (str, value)
        The game's options (``max_states``: a search's budget per graph).
    """

    count: bool = False
    echo: bool = False
    where: Condition | None = None
    lines: bool = False
    game: str = DEFAULT
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class ChunkResult:
    """What one task found: counts, documents (without ``index``) or lines, and the
    error (a one-line message) that stopped it, if any.

    ``positions``: with a condition, the place in the task's graphs of each
    document (None: every graph has one, in order).
    """

    n_graphs: int
    counts: SweepCounts | None
    documents: list[bytes]
    error: str | None
    positions: list[int] | None = None
    lines: bytes = b""


def _as_output(output: bool | Output) -> Output:
    return output if isinstance(output, Output) else Output(count=output)


def answer_chunk(
    data: bytes,
    kind: str,
    output: bool | Output,
    first_line: int = 1,
    source: str = "<input>",
) -> ChunkResult:
    """Decode and solve one chunk of whole lines of ``kind`` (``graph6``, which takes
    sparse6 too, or ``json``); ``output`` says what to give back (True: counts,
    False: documents, or an :class:`Output`).

    A chunk of graph6 goes to the game's fast path first
    (:meth:`~matchgame.Game.sweep_graph6`: the vertex game decodes geng's lines straight
    into its union's CSR); any other chunk, or one the fast path does not take (a bad
    line), takes the general decoder, which names the error and its line, then the
    game's :meth:`~matchgame.Game.sweep_batch`.
    """
    output = _as_output(output)
    rules = find_game(output.game)
    options = dict(output.options)
    fast = rules.sweep_graph6(data, **options) if kind == "graph6" else None
    if fast is not None:
        if output.count and output.where is None:  # the benchmarked path: nothing per graph
            return ChunkResult(fast.n_graphs, SweepCounts.of(fast), [], None)
        as_read = output.lines or output.echo
        texts = _line_texts(data, kind, fast.n_graphs) if as_read else None
        return _finish(fast, output, None, texts, None)
    lines = decode_graph_lines(
        data, kind, first_line=first_line, source=source, reserved=reserved_fields(rules.name)
    )
    error = None if lines.error is None else str(lines.error)
    texts = None  # the lines as read: a JSON line is echoed as graph6, written as it is
    if output.lines or (output.echo and kind == "graph6"):
        texts = _line_texts(data, kind, lines.n_graphs)

    def where(g: int) -> str:  # the line of graph g: the g-th line with text
        numbers = [i for i, line in enumerate(data.split(b"\n")) if line.strip()]
        return f"line {first_line + numbers[g]}" if g < len(numbers) else "a graph"

    return _finish_batch(lines, output, error, texts, where)


def answer_graphs(
    n_vertices: npt.NDArray[np.int64],
    edge_start: npt.NDArray[np.int64],
    edges: npt.NDArray[np.int32],
    output: Output,
) -> ChunkResult:
    """Solve a batch of graphs given as arrays (see ``GraphLines``; repeats and loops
    kept where the game makes moves of them), the task of graphs that came as objects
    or from files in formats of one graph each."""
    keeps = find_game(output.game).keeps_parallel_edges
    lines = GraphLines(n_vertices, edge_start, edges, keeps, None)
    return _finish_batch(lines, output, None, None, lambda g: "a graph")


def _finish_batch(
    lines: GraphLines,
    output: Output,
    error: str | None,
    texts: list[bytes] | None,
    where: Callable[[int], str],
) -> ChunkResult:
    """A decoded batch answered by the game's :meth:`~matchgame.Game.sweep_batch`."""
    answers, over = find_game(output.game).sweep_batch(lines, **dict(output.options))
    if over is not None:  # a graph past the budget ends the sweep as a bad line does
        error = f"{where(over[0])}: {over[1]}"
    return _finish(answers, output, error, texts, lines)


def _finish(
    answers: BaseBatchAnswers,
    output: Output,
    error: str | None,
    texts: list[bytes] | None,
    lines: GraphLines | None,
) -> ChunkResult:
    """The result of a solved batch: its graphs filtered, then counted, written as lines
    or as documents. ``texts``: each graph's text as read (None: write graph6 from
    ``lines``, which also holds a JSON line's other fields)."""
    n_graphs = answers.n_graphs
    chosen = None
    if output.where is not None:
        chosen = np.flatnonzero(output.where.mask(answers.values()))
    if output.count:
        return ChunkResult(n_graphs, SweepCounts.of(answers, chosen), [], error)
    picked: list[int] = list(range(n_graphs)) if chosen is None else chosen.tolist()
    positions = None if chosen is None else picked
    if (output.lines or output.echo) and texts is None:
        assert lines is not None
        texts = _graph6_texts(lines, picked)
    if output.lines:
        assert texts is not None
        selected = b"".join(texts[g] + b"\n" for g in picked)
        return ChunkResult(n_graphs, None, [], error, positions, selected)
    fields = None if lines is None else lines.fields
    prefixes = None
    if output.echo or fields is not None:
        prefixes = [_prefix(g, texts if output.echo else None, fields) for g in range(n_graphs)]
    documents = answers.documents(None if chosen is None else picked, prefixes)
    return ChunkResult(n_graphs, None, documents, error, positions)


_COMPACT = json.JSONEncoder(separators=(",", ":"))  # made once: json.dumps makes one a call


def _prefix(g: int, texts: list[bytes] | None, fields: tuple[dict[str, Any], ...] | None) -> bytes:
    """What graph ``g``'s document carries before its answer: its JSON line's own
    fields, then its text (``"graph6":"..."``), each followed by a comma."""
    prefix = b""
    if fields is not None and fields[g]:
        prefix = _COMPACT.encode(fields[g]).encode()[1:-1] + b","
    if texts is not None:
        text = texts[g].replace(b"\\", b"\\\\")  # graph6 bytes are JSON-safe but for '\\'
        prefix += (b'"sparse6":"' if text[:1] == b":" else b'"graph6":"') + text + b'",'
    return prefix


def _line_texts(data: bytes, kind: str, n_graphs: int) -> list[bytes]:
    """The text of each of the first ``n_graphs`` graphs of a chunk of lines, as read
    (a graph6 line without its line end or header; a JSON line stripped)."""
    if kind == "json":
        return [text for text in (line.strip() for line in data.split(b"\n")) if text][:n_graphs]
    if b"\r" not in data and b">>" not in data:  # geng's output: nothing to cut
        return [line for line in data.split(b"\n") if line][:n_graphs]
    texts = []
    for line in data.split(b"\n"):
        line = line.removesuffix(b"\r").removeprefix(b">>graph6<<").removeprefix(b">>sparse6<<")
        if line:
            texts.append(line)
    return texts[:n_graphs]


def _graph6_texts(lines: GraphLines, picked: Iterable[int]) -> list[bytes]:
    """graph6 of the ``picked`` graphs of ``lines`` (the others are left empty)."""
    texts = [b""] * lines.n_graphs
    starts = lines.edge_start
    for g in picked:
        n = int(lines.n_vertices[g])
        if n > MAX_GRAPH6_VERTICES:
            raise InvalidInputError(
                f"a graph of {n:,} vertices is too large for a graph6 line (a sweep writes "
                f"at most {MAX_GRAPH6_VERTICES:,}): leave out --echo and --filter"
            )
        texts[g] = graph6_line(n, lines.edges[starts[g] : starts[g + 1]])
    return texts


def merge(results: Iterable[ChunkResult], output: bool | Output) -> ChunkResult:
    """Results of consecutive tasks as one, stopping at the first error (``positions``
    made relative to the first task)."""
    count = _as_output(output).count
    counts = SweepCounts()
    documents: list[bytes] = []
    positions: list[int] = []
    lines: list[bytes] = []
    n_graphs = 0
    error = None
    for result in results:
        if count and result.counts is not None:
            counts = counts + result.counts
        documents.extend(result.documents)
        if result.positions is None:
            positions.extend(range(n_graphs, n_graphs + len(result.documents)))
        else:
            positions.extend(n_graphs + p for p in result.positions)
        lines.append(result.lines)
        n_graphs += result.n_graphs
        if result.error is not None:
            error = result.error
            break
    every = positions == list(range(n_graphs))
    return ChunkResult(
        n_graphs,
        counts if count else None,
        documents,
        error,
        None if every else positions,
        b"".join(lines),
    )
