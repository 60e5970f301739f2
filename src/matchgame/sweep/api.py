"""The sweep as a call: :func:`sweep` returns the answers or the counts;
:func:`write_sweep` writes them as they come (the command line's way)."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..core._convert import is_scipy_sparse
from ..core._validate import (
    Boolean,
    Integer,
    NoneOr,
    Options,
    Satisfies,
    validate_params,
)
from ..core.graph import Graph
from ..errors import InvalidInputError, InvalidTypeError, ParseError, UnreadableInput
from ..games.contract import DEFAULT, Game, find_game
from .checkpoint import Checkpoint, file_entry
from .counts import SweepCounts
from .executors import default_jobs, run_tasks
from .sources import (
    CHUNK_BYTES,
    FORMATS,
    Geng,
    _type_name,
    file_tasks,
    geng_parts,
    geng_tasks,
    graph_tasks,
    stream_tasks,
)
from .tasks import ChunkResult, Output, merge

__all__ = ["sweep", "write_sweep"]


def _is_path(item: object) -> bool:
    return isinstance(item, str | os.PathLike)


def _is_text_or_path(source: object) -> bool:
    """Text, a path or a list of paths: what has a format to name."""
    if isinstance(source, bytes | bytearray | memoryview) or _is_path(source):
        return True
    return isinstance(source, list | tuple) and bool(source) and all(map(_is_path, source))


def _tasks_of(
    source: Any, output: Output, jobs: int, chunk_bytes: int, format: str | None
) -> Iterator[tuple[Any, ...]]:
    """The tasks of what :func:`sweep` was given (see its ``graphs_or_source``)."""
    if isinstance(source, Geng):
        yield from geng_tasks(source, output, jobs)
    elif isinstance(source, bytes | bytearray | memoryview):
        stream = io.BytesIO(bytes(source))
        yield from stream_tasks(stream, output, chunk_bytes=chunk_bytes, format=format)
    elif isinstance(source, str) and ("\n" in source or "\r" in source):
        stream = io.BytesIO(source.encode())  # text, as read_graphs takes it
        yield from stream_tasks(stream, output, chunk_bytes=chunk_bytes, format=format)
    elif _is_path(source):
        try:
            yield from file_tasks(os.fspath(source), output, chunk_bytes=chunk_bytes, format=format)
        except UnreadableInput as exc:
            if not isinstance(source, str):
                raise
            raise UnreadableInput(
                f"{exc} (a str without a line break is taken as a path: to sweep text, "
                "give bytes or a str with line breaks)"
            ) from None
    elif _is_text_or_path(source):
        for path in source:
            if isinstance(path, str) and ("\n" in path or "\r" in path):
                raise InvalidInputError(
                    "a list of str is a list of paths, and one holds a line break: to "
                    "sweep text, give it as one bytes or str"
                )
            # several files: one task each, read where it runs
            yield from file_tasks(os.fspath(path), output, whole=True, format=format)
    elif isinstance(source, Graph) or is_scipy_sparse(source) or hasattr(source, "is_directed"):
        raise InvalidTypeError(
            f"sweep takes many graphs, got one {_type_name(source)}: give a list of them "
            "(for one graph, matchgame.analyse)"
        )
    elif isinstance(source, Iterable) and not isinstance(source, str | bytes):
        yield from graph_tasks(source, output)
    else:
        raise InvalidTypeError(
            "graphs_or_source must be graph6/sparse6 or JSON lines (bytes, or a str with "
            "line breaks), a path or a list of paths, a Geng, or an iterable of graphs, got "
            f"{_type_name(source)}"
        )


def _is_dask_client(client: object) -> bool:
    return hasattr(client, "scheduler_info") and hasattr(client, "submit")


@validate_params(
    count=Boolean(),
    echo=Boolean(),
    format=NoneOr(Options(FORMATS)),
    jobs=NoneOr(Integer(low=0)),
    client=NoneOr(Satisfies(_is_dask_client, "a dask.distributed.Client")),
    chunk_bytes=Integer(low=1, high=1 << 30),
    checkpoint=NoneOr(Satisfies(_is_path, "a path (str or os.PathLike)")),
)
def sweep(
    graphs_or_source: Any,
    *,
    count: bool = False,
    echo: bool = False,
    filter: str | None = None,
    format: str | None = None,
    jobs: int | None = None,
    client: Any = None,
    chunk_bytes: int = CHUNK_BYTES,
    game: str | Game = DEFAULT,
    checkpoint: str | os.PathLike[str] | None = None,
    **options: Any,
) -> SweepCounts | list[dict[str, Any]]:
    """Answer the placement game on many graphs.

    Parameters
    ----------
    graphs_or_source : bytes, str, path, list of paths, Geng, or iterable of graphs
        Text: graph6/sparse6 lines or JSON lines (``bytes``, or a ``str`` with a line
        break; a ``str`` without one is a path, as :func:`matchgame.read_graphs` takes
        it); a file in any format :func:`matchgame.read_graphs` reads; several files
        (one task each, read where it runs); ``Geng("10")`` (split by geng's res/mod,
        each task running its part of geng); or graphs: :class:`Graph` objects,
        NetworkX graphs, SciPy sparse adjacency matrices.
    count : bool
        Return :class:`SweepCounts` instead of one document per graph.
    echo : bool
        Each document also carries its graph's text: ``"graph6"`` (``"sparse6"``
        for a sparse6 line), the line as read, or the graph written as graph6.
        Documents of a :class:`Geng` source always do.
    filter : str, optional
        Only the graphs meeting this condition, e.g. ``"placer_wins"``,
        ``"matching_size >= 4 and not mover_wins"`` (see
        ``matchgame.sweep.filters``); each document keeps its ``"index"``.
    format : str, optional
        The input's format: ``"json"`` (JSON lines) or a name of
        ``matchgame.readers.graphs.FORMATS``; by default guessed from the first
        bytes and a file's name.
    jobs : int, optional
        Local worker processes (default, or 0: one per core); 1 runs here.
    client : dask.distributed.Client, optional
        Run the tasks on a Dask cluster instead (workers need matchgame, and
        ``nauty-geng`` for a geng source).
    chunk_bytes : int
        Bytes of a stream per task.
    game : str or Game
        The game (:func:`matchgame.game`; default the vertex game). Documents are
        its ``placements --game NAME --format json`` answers; its counts histogram
        the values it declares (:attr:`~matchgame.Game.sweep_values`: the vertex game's
        ``matching_size`` among them).
    checkpoint : str or os.PathLike, optional
        With ``count=True``: a file recording the sweep's progress part by part
        (``matchgame.sweep.checkpoint``). Called again with the same arguments and
        file after an interruption (Ctrl-C, a kill, a crash), the sweep answers only
        the parts not done and returns the counts of the whole. A file recording
        another sweep (other arguments, or inputs changed since) is refused.
    **options
        The game's own options (:attr:`~matchgame.Game.options`), checked by the game:
        ``max_states``, an exact search's budget per graph (the games that search;
        default 10**6; a graph past it raises ParseError naming its line).

    Returns
    -------
    SweepCounts or list of dict
        The counts, or each graph's document (``placements --edges --format
        json``, vertices numbered from 1) with its ``"index"`` in the input, a JSON
        line's own fields (an ``"id"``) after it.

    Raises
    ------
    ParseError
        At the first bad line (with ``count=False`` the documents before it are
        lost: use the command line to keep them).
    InvalidInputError, InvalidTypeError
        For arguments of the wrong value or type, before anything is read; for a
        checkpoint of another sweep.
    UnreadableInput
        If a path cannot be read.

    See Also
    --------
    matchgame.analyse : The answer for one graph.
    matchgame.read_graphs : The graphs of a file, one at a time.
    matchgame.generate : Graphs and boards made to order.

    Examples
    --------
    >>> counts = sweep(b"Bw\\nBW\\n", count=True, jobs=1)  # a triangle, a path
    >>> counts.to_document()["winning_vertices"]
    {'2': 1, '3': 1}
    >>> [d["index"] for d in sweep("Bw\\nBW\\n", filter="winning == n", jobs=1)]
    [0]

    A checkpoint: run again, the sweep goes on where it stopped (here, at its end):

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "counts.json")
    >>> sweep(b"Bw\\nBW\\n", count=True, jobs=1, checkpoint=path).graphs
    2
    >>> sweep(b"Bw\\nBW\\n", count=True, jobs=1, checkpoint=path).graphs
    2
    """
    jobs = jobs or default_jobs()
    if echo and count:
        raise InvalidInputError("echo goes with the documents, not with count=True")
    if format is not None and (
        isinstance(graphs_or_source, Geng) or not _is_text_or_path(graphs_or_source)
    ):
        raise InvalidInputError(
            "format names the format of text or files, not of "
            f"{_type_name(graphs_or_source)} (graph objects and geng need none)"
        )
    rules = find_game(game)
    options = rules.checked_options(options, defaults=False)
    where = None
    if filter is not None:
        from .filters import parse_condition  # here: a sweep without one does without

        where = parse_condition(filter, "filter", rules.sweep_values, rules.title)
    output = Output(
        count=count, echo=echo, where=where, game=rules.name, options=tuple(options.items())
    )
    tasks = _tasks_of(graphs_or_source, output, jobs, chunk_bytes, format)
    if checkpoint is not None:
        if not count:
            raise InvalidInputError(
                "checkpoint goes with count=True (a resumed sweep cannot return the "
                "documents found before; the command line's -o FILE --checkpoint FILE "
                "resumes them)"
            )
        first = next(tasks, None)  # the arguments checked before the checkpoint is written
        tasks = itertools.chain([] if first is None else [first], tasks)
        arguments = {
            "via": "matchgame.sweep",
            "source": _source_entry(graphs_or_source, jobs),
            "chunk_bytes": chunk_bytes,
            "format": format,
            "filter": filter,
            "game": rules.name,
            "options": dict(output.options),
        }
        ledger = Checkpoint.open(os.fspath(checkpoint), arguments, count=True)
        error = write_sweep(
            run_tasks(ledger.pending(tasks), jobs=jobs, client=client, early=ledger.early),
            lambda data: None,
            count=False,
            checkpoint=ledger,
        )
        if error is not None:
            raise ParseError(error)
        return ledger.total()
    merged = merge(run_tasks(tasks, jobs=jobs, client=client), output)
    if merged.error is not None:
        raise ParseError(merged.error)
    if output.count:
        assert merged.counts is not None
        return merged.counts
    indices = merged.positions or range(len(merged.documents))
    return [
        {"index": index, **json.loads(document)}
        for index, document in zip(indices, merged.documents, strict=True)
    ]


def _source_entry(source: Any, jobs: int) -> dict[str, Any]:
    """How a checkpoint names what :func:`sweep` reads (text by its length and hash;
    graph objects by the digests of their batches alone)."""
    if isinstance(source, Geng):
        return {"geng": source.args, "program": source.program, "parts": geng_parts(source, jobs)}
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        source = source.encode()
    if isinstance(source, bytes | bytearray | memoryview):
        digest = hashlib.blake2b(source, digest_size=16).hexdigest()
        return {"text": len(source), "blake2b": digest}
    if _is_path(source):
        return {"file": file_entry(os.fspath(source))}
    if _is_text_or_path(source):
        return {"files": [file_entry(os.fspath(path)) for path in source]}
    return {"graphs": "objects"}


def write_sweep(
    results: Iterable[ChunkResult],
    write: Callable[[bytes], None],
    *,
    count: bool,
    progress: Callable[[int], object] | None = None,
    checkpoint: Checkpoint | None = None,
    written: Callable[[], int] | None = None,
) -> str | None:
    """Pass the results of a sweep's tasks to ``write`` as they come (documents in
    order, each line starting with its ``"index"``; the lines a filter kept; or, at
    the end, the counts); returns the first error's message, after every graph
    before it was written.

    With a ``checkpoint`` (whose ``pending`` tasks gave the
    results), each part is recorded once written (``written()``: the output's
    length then), the indices go on from the parts done before, and the counts
    written are those of every part."""
    counts = SweepCounts()
    index = 0 if checkpoint is None else checkpoint.graphs
    for result in results:
        if count and result.counts is not None:
            counts = counts + result.counts
        if result.documents:
            places = result.positions or range(len(result.documents))
            write(
                b"".join(
                    b'{"index":%d,%s\n' % (index + place, document[1:])
                    for place, document in zip(places, result.documents, strict=True)
                )
            )
        if result.lines:
            write(result.lines)
        index += result.n_graphs
        if progress is not None:
            progress(result.n_graphs)
        if result.error is not None:
            return result.error
        if checkpoint is not None:
            checkpoint.advance(result, None if written is None else written())
    if checkpoint is not None:
        checkpoint.finish()
        counts = checkpoint.total()
    if count:
        write(json.dumps(counts.to_document(), separators=(",", ":")).encode() + b"\n")
    return None
