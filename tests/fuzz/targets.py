"""What each fuzz harness feeds its bytes to: one entry point of the readers and kernels.

Every target takes the fuzzer's bytes and reads (and, where the entry point does,
solves) them as the command line or the web API would. The property (checked by
:func:`one_input`, which ``run.py`` hands to atheris and ``tests/test_fuzz_corpus.py``
replays the saved inputs through): an answer or a
:class:`~matchgame.errors.MatchgameError`; any other exception, a crash of the
interpreter, a hang past the per-input time bound or memory past the bound of
:func:`one_input` is a finding.
"""

from __future__ import annotations

import contextlib
import resource
from collections.abc import Callable
from typing import Any

from matchgame.errors import MatchgameError

# inputs larger than this are cut (the fuzzer's -max_len keeps them below it anyway)
MAX_INPUT = 1 << 16
# memory an input may add (see one_input)
PEAK_MEMORY_BYTES = 512 << 20
# graphs above this many vertices are read but not solved (a time bound, not a limit)
SOLVE_VERTICES = 200_000


def _solve(source: Any) -> None:
    """Answer what an input was read as, as the command line's default command does."""
    from matchgame import Board, GameRecord, Graph, TokenRecord, analyse, analyse_record, annotate

    value = source.value
    if isinstance(value, Board | Graph):
        if not isinstance(value, Graph) or value.n_vertices <= SOLVE_VERTICES:
            analyse(value, moves=source.moves)
    elif isinstance(value, GameRecord):
        analyse_record(value)
    elif isinstance(value, TokenRecord):
        annotate(value)


# a board's first byte may choose a move rule other than the orthogonal one
RULES = {b"k": "king", b"h": "hex", b"n": "knight"}


def _kind(kind: str) -> Callable[[bytes], None]:
    """Read the bytes as ``kind`` (:data:`matchgame.readers.inputs.KINDS`) and solve them."""

    def target(data: bytes) -> None:
        from matchgame.inputs import parse_input

        moves = "orthogonal"
        if kind in ("board", "walk-board") and data[:1] in RULES:  # other move rules too
            moves, data = RULES[data[:1]], data[1:]
        _solve(parse_input(data, kind, moves=moves))

    return target


def graph6_lines(data: bytes) -> None:
    """graph6/sparse6 (and digraph6, refused) lines, one graph each, as Graph objects."""
    from matchgame.readers.graph6 import parse_graph6

    for graph in parse_graph6(data):
        if graph.n_vertices <= SOLVE_VERTICES:
            from matchgame import analyse

            analyse(graph)


def _sweep(kind: str) -> Callable[[bytes], None]:
    """A chunk of a sweep's stream (graph6/sparse6 or JSON lines), decoded as a batch and
    solved as one union, both ways a sweep does (counts and documents)."""

    def target(data: bytes) -> None:
        from matchgame.errors import ParseError
        from matchgame.sweep import answer_chunk

        result = answer_chunk(data, kind, output=len(data) % 2 == 1)  # counts or documents
        if result.error is not None:
            raise ParseError(result.error)

    return target


# the edge game's search on odd cycles: small, so that a harness input stays fast
EDGE_STATES = 20_000


def _edge_source(data: bytes) -> tuple[Any, str]:
    """An edge game's input: ``b`` and a rule byte before a board, else an edge list
    whose repeated edges and loops are kept (a multigraph)."""
    from matchgame.readers.boards import parse_board
    from matchgame.readers.edgelists import parse_edge_list

    if data[:1] == b"b":
        moves = RULES.get(data[1:2], "orthogonal")
        return parse_board(data[2:]), moves
    return parse_edge_list(data, multigraph=True), "orthogonal"


def edge_game(data: bytes) -> None:
    """The placement game of edge geography on a board or a multigraph; where the
    answer is proven (every component bipartite), its certificate must pass the
    checker: a proof matchgame makes and refuses is a finding too."""
    from matchgame import analyse
    from matchgame.certificates import check_answer
    from matchgame.writers.placements import format_placements

    source, moves = _edge_source(data)
    analysis = analyse(source, moves=moves, game="edge", max_states=EDGE_STATES)
    if not analysis.searched.any():  # every component bipartite: a proof exists
        answer = format_placements(analysis, "json", analysis.certificate())
        problems = check_answer(source, answer, moves=moves, game="edge")
        if problems:
            raise AssertionError(f"matchgame's own certificate refused: {problems[:3]}")


def edge_walk(data: bytes) -> None:
    """A token-game record of the edge game (cells and vertices may repeat), annotated."""
    from matchgame.games.notes import annotate
    from matchgame.games.tokens import parse_token_record

    edges = data[:1] != b"b"
    record = parse_token_record(data if edges else data[1:], edges=edges, game="edge")
    annotate(record)


def edge_certificate(data: bytes) -> None:
    """``matchgame verify`` of an edge game's answer: the input (a board, or ``e`` and
    an edge list kept as a multigraph) before the first blank line, the answer after."""
    from matchgame.certificates import check_answer
    from matchgame.readers.boards import parse_board
    from matchgame.readers.edgelists import parse_edge_list

    source, separator, answer = data.partition(b"\n\n")
    if not separator:
        source, answer = b"3 3\n.##\n...\n#.#\n", data
    if source[:1] == b"e":
        check_answer(parse_edge_list(source[1:], multigraph=True), answer, game="edge")
    else:
        check_answer(parse_board(source), answer, game="edge")


def directed_edge_game(data: bytes) -> None:
    """Directed edge geography on a board (``b`` and a rule byte first) or an edge list
    of arcs (every line an arc of its own, repeats and loops kept), within a small
    budget; where no cycle is left its certificate must pass the checker, and one of
    its moves bent must not."""
    import numpy as np

    from matchgame import analyse
    from matchgame.certificates import check_answer
    from matchgame.readers.boards import parse_board
    from matchgame.readers.edgelists import parse_edge_list
    from matchgame.writers.placements import format_placements

    if data[:1] == b"b":
        source: Any = parse_board(data[2:])
        moves = RULES.get(data[1:2], "orthogonal")
    else:
        source, moves = parse_edge_list(data, multigraph=True, directed=True), "orthogonal"
    analysis = analyse(source, moves=moves, game="directed-edge", max_states=EDGE_STATES)
    if analysis.certified:
        certificate = analysis.certificate()
        answer = format_placements(analysis, "json", certificate)
        problems = check_answer(source, answer, moves=moves, game="directed-edge")
        if problems:
            raise AssertionError(f"matchgame's own certificate refused: {problems[:3]}")
        if certificate["moves"]:  # a move to the first vertex that moves: never into W
            first = int(np.flatnonzero(~analysis.winning_mask)[0])
            bent = {**certificate, "moves": [first + 1, *certificate["moves"][1:]]}
            if analysis.board is None and not check_answer(
                source, format_placements(analysis, "json", bent), game="directed-edge"
            ):
                raise AssertionError("a certificate with a move out of the proof passed")


def gf2_kernels(data: bytes) -> None:
    """The edge game's structured, dense and proof kernels on a small matrix read from
    the bytes (first byte: columns; then one byte a row entry, 255 ending a row, as
    CSR with repeats and order fixed), and, raw, on arrays the bytes spell out (the
    kernels must refuse what is out of range, never read past it). Each answer is
    checked: kernel bases in the kernel, proofs adding up to their unit vectors."""
    import numpy as np

    from matchgame._kernels import gf2, gf2dense, gf2proofs, gf2sparse

    if not data:
        return
    n_cols = data[0] % 48
    rows: list[list[int]] = [[]]
    for byte in data[1:]:
        if byte == 255:
            rows.append([])
        elif n_cols:
            rows[-1].append(byte % n_cols)
    rows = [sorted(set(row)) for row in rows]
    ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum([len(row) for row in rows], out=ptr[1:])
    ind = np.array([c for row in rows for c in row], dtype=np.int32)
    dense = np.zeros((len(rows), n_cols), dtype=np.int64)
    for r, row in enumerate(rows):
        dense[r, row] = 1
    result = gf2sparse.markowitz(ptr, ind, n_cols, data[0] % 7 * 10, 10_000)
    assert result is not None
    rank, basis = gf2dense.dense_kernel(ptr, ind, n_cols) or (0, None)
    assert basis is not None
    for k in range(n_cols - rank):
        vector = np.array([(int(basis[j, k >> 6]) >> (k & 63)) & 1 for j in range(n_cols)])
        assert not ((dense @ vector) % 2).any()
    t_ptr, t_ind = gf2.transpose_csr(ptr, ind, n_cols)
    words = gf2.band_words(t_ptr, t_ind, len(rows), np.empty(0, dtype=np.uint8))
    ops = np.empty((4, 2), dtype=np.int32)
    logged = gf2.eliminate_logged(t_ptr, t_ind, len(rows), words, ops)
    assert logged is not None
    _, pivot_row, store, last, *_ = logged
    gf2proofs.ring_bits(pivot_row, store, last)
    provable = [c for c in range(len(rows)) if pivot_row[c] >= 0]
    with contextlib.suppress(ValueError):  # a pivot whose unit vector is no sum of rows
        gf2proofs.unit_proofs(pivot_row, store, last, np.array(provable[::-1], dtype=np.int32))
    # raw arrays: the checks must refuse them
    raw = np.frombuffer(data[: len(data) // 4 * 4], dtype=np.int32)
    for call in (
        lambda: gf2sparse.back_substitute_pivots(
            raw[:2].copy(),
            np.array([0, len(raw) - 2], dtype=np.int64),
            raw[2:].copy(),
            np.zeros((max(n_cols, 1), 1), dtype=np.uint64),
        ),
        lambda: gf2proofs.unit_proofs(pivot_row, store, last, raw[:3].copy()),
    ):
        with contextlib.suppress(ValueError):
            call()


def vertex_certificate(data: bytes) -> None:
    """The vertex game's certificate of a board (``b`` and a rule byte first) or an
    edge list, made and checked: a proof matchgame makes and refuses is a finding
    (on graphs with odd cycles its ears and links come from a kernel of their own)."""
    from matchgame import Board, analyse
    from matchgame.certificates import check_answer
    from matchgame.games.vertex.certificate import make_certificate
    from matchgame.readers.boards import parse_board
    from matchgame.readers.edgelists import parse_edge_list
    from matchgame.writers.placements import format_placements

    source: Any
    moves = "orthogonal"
    if data[:1] == b"b":
        moves = RULES.get(data[1:2], "orthogonal")
        source = parse_board(data[2:])
    else:
        source = parse_edge_list(data)
    size = source.n_free if isinstance(source, Board) else source.n_vertices
    if size > SOLVE_VERTICES:
        return
    analysis = analyse(source, moves=moves)
    answer = format_placements(analysis, "json", make_certificate(analysis))
    problems = check_answer(source, answer, moves=moves)
    if problems:
        raise AssertionError(f"matchgame's own certificate refused: {problems[:3]}")


def certificate(data: bytes) -> None:
    """``matchgame verify``: an answer document checked against its input. The input
    is the text before the first blank line (a board or an edge list), the answer the
    rest; without a blank line, the answer of the board in ``seeds``."""
    from matchgame.certificates import check_answer
    from matchgame.inputs import parse_input

    source, separator, answer = data.partition(b"\n\n")
    if not separator:
        source, answer = b"3 3\n.##\n...\n#.#\n", data
    kind = "edges" if source[:1] == b"e" else "board"
    parsed = parse_input(source[1:] if kind == "edges" else source, kind)
    check_answer(parsed.value, answer)  # type: ignore[arg-type]


# the POST endpoints of the web API (matchgame.apps.web.app's routes), by name
WEB_ENDPOINTS = (
    "placements",
    "render_analysis",
    "render_record",
    "render_walk",
    "mistakes",
    "annotate_record",
    "position",
    "hint",
    "explain",
)


def web_request(data: bytes) -> None:
    """A request to the web API, parsed as its endpoint parses it (no server): the first
    byte picks the endpoint, the rest of the first line is the query string, the rest
    the body."""
    from starlette.requests import Request

    from matchgame.apps.web import endpoints

    if not data:
        return
    name = WEB_ENDPOINTS[data[0] % len(WEB_ENDPOINTS)]
    query, _, body = data[1:].partition(b"\n")
    scope = {
        "type": "http",
        "method": "POST",
        "path": f"/api/{name}",
        "query_string": query,
        "headers": [],
    }
    # the endpoints take the query's parameters, as the app hands them over
    response = getattr(endpoints, name)(Request(scope).query_params, body)
    assert response.status_code == 200


class _Bytes:
    """The fuzzer's bytes read as small numbers, zeros once they run out."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        self.at += 1
        return self.data[self.at - 1] if self.at <= len(self.data) else 0

    def value(self, n: int) -> int:
        """An index-like int32 that may be just outside the range or absurd."""
        pick = self.byte()
        special = (-1, n, n - 1, -(2**31), 2**31 - 1, n + 1, -2)
        return special[pick % len(special)] if pick >= 224 else pick % max(n, 1)


def kernels(data: bytes) -> None:
    """The kernels' private entry points, handed what looks like a graph, a matching and a
    bipartition but may not be one: a real graph's CSR with entries overwritten, a
    matching and a side overwritten too, then one kernel, or an engine's operations
    with marks of any shape. Full-check mode (_kernels/_checks.pyx) is on: a ValueError
    or IndexError is a refusal; a crash, a hang or another exception is a finding."""
    import numpy as np

    from matchgame import Graph
    from matchgame._kernels import _checks, bipartite, blossom, edmonds, graphs, incremental

    take = _Bytes(data)
    which, n = take.byte(), take.byte() % 24 + 1
    pairs = {(take.byte() % n, take.byte() % n) for _ in range(take.byte() % 48)}
    graph = Graph.from_edges(n, sorted((u, v) for u, v in pairs if u != v))
    offsets, neighbours = graph.offsets.copy(), graph.indices.copy()
    mate = np.full(n, -1, dtype=np.int32)
    bipartite.greedy_karp_sipser(offsets, neighbours, mate)
    side = graphs.two_colouring(offsets, neighbours)
    if side.shape[0] != n:
        side = (np.arange(n) % 2).astype(np.uint8)
    arrays = [offsets, neighbours, mate, side]
    for _ in range(take.byte() % 4):  # a few entries overwritten: valid-looking arrays
        target = arrays[take.byte() % 4]
        if target.shape[0]:
            at = take.byte() % target.shape[0]
            target[at] = take.value(n) % 256 if target.dtype == np.uint8 else take.value(n)
    alive = np.ones(n, dtype=np.uint8)
    before = _checks.set_full_checks(True)
    try:
        kind = which % 13
        if kind == 0:
            graphs.two_colouring(offsets, neighbours)
        elif kind == 1:
            graphs.component_sizes_without(offsets, neighbours, (side & 1).copy())
        elif kind == 2:
            bipartite.greedy_karp_sipser(offsets, neighbours, mate)
        elif kind == 3:
            bipartite.push_relabel(offsets, neighbours, side, mate, 0.5)
        elif kind == 4:
            bipartite.short_augmentations(offsets, neighbours, side, mate, take.byte())
        elif kind == 5:
            bipartite.hopcroft_karp(offsets, neighbours, side, mate)
        elif kind == 6:
            bipartite.missable_bipartite(offsets, neighbours, mate)
        elif kind == 7:
            blossom.edmonds_matching(offsets, neighbours, mate)
        elif kind == 8:
            blossom.gallai_edmonds_labels(offsets, neighbours, mate)
        elif kind == 9:
            targets = np.array([take.value(n) for _ in range(take.byte() % 4)], dtype=np.int32)
            blossom.missable_paths(offsets, neighbours, mate, targets)
        elif kind == 10:
            edmonds.maximum_matching_labels(offsets, neighbours, mate)
        else:
            engine: Any
            if kind == 11:
                engine = blossom.IncrementalMatching(offsets, neighbours, mate, alive)
            else:
                engine = incremental.BipartiteMatching(offsets, neighbours, side, mate, alive)
            _engine_steps(engine, take, n)
    except (ValueError, IndexError):
        pass  # refused: the arrays break a precondition, or a vertex is no vertex
    finally:
        _checks.set_full_checks(before)


def _engine_steps(engine: Any, take: _Bytes, n: int) -> None:
    """An engine's operations as a position makes them (essential, then delete), and
    marks and undos, some marks not an engine's."""
    marks = [engine.mark()]
    for _ in range(take.byte() % 16):
        step, v = take.byte() % 5, take.value(n)
        if step <= 1:
            if engine.essential(v) or step == 1:
                engine.delete(v)
        elif step == 2:
            marks.append(engine.mark())
        elif step == 3:
            engine.undo(marks[take.byte() % len(marks)])
            del marks[1:]
        else:
            forged = [
                (),
                (v,),
                (v, v, v),
                (0, 0, 0, v, 0),
                [0, 0, 0],
                tuple(range(take.byte() % 6)),
            ]
            engine.undo(forged[take.byte() % len(forged)])


def geography(data: bytes) -> None:
    """The directed game's kernel (_kernels/geography.pyx) handed what looks like a
    digraph but may not be one: a digraph's CSR with entries overwritten, then the
    search (a start and an available mask that may be wrong, a budget of positions and
    a table from nothing to roomy, grown when it asks), the strongly connected
    components, the reachable vertices or the sweep; or, with the first byte odd, the
    bytes after it as an edge list solved by the directed game within small budgets. A
    ValueError is a refusal; a crash, a hang or another exception is a finding."""
    import numpy as np

    from matchgame import analyse
    from matchgame._kernels import geography as kernel
    from matchgame.readers.edgelists import parse_edge_list

    take = _Bytes(data)
    which = take.byte()
    if which & 1:
        graph = parse_edge_list(data[1:], directed=True)
        if graph.n_vertices <= SOLVE_VERTICES:
            analyse(graph, game="directed", max_states=5000, max_memory=8 << 20, partial=True)
        return
    n = take.byte() % 40 + 1
    arcs = sorted({(take.byte() % n, take.byte() % n) for _ in range(take.byte() % 96)})
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(np.bincount([u for u, _ in arcs], minlength=n), out=offsets[1:])
    targets = np.array([v for _, v in arcs], dtype=np.int32)
    for _ in range(take.byte() % 3):  # a few entries overwritten
        array = offsets if take.byte() & 1 or not targets.shape[0] else targets
        array[take.byte() % array.shape[0]] = take.value(n)
    mask = np.array([take.byte() & 1 for _ in range(n + take.byte() % 3 - 1)], np.uint8)
    try:
        kind = (which >> 1) % 4
        if kind == 0:
            search = kernel.GeographySearch(offsets, targets, take.byte() * 997, take.byte() % 4)
            for _ in range(take.byte() % 4 + 1):
                search.begin(take.value(n), mask)
                status = search.run(take.byte() * 50, 1.0)
                while status == kernel.NEEDS_ROOM:
                    search.grow()
                    status = search.run(take.byte() * 50, 1.0)
        elif kind == 1:
            kernel.strong_components(offsets, targets)
        elif kind == 2:
            kernel.reachable(offsets, targets, mask, np.ones(n, dtype=np.uint8))
        else:
            component, count = kernel.strong_components(offsets, targets)
            members = np.argsort(component, kind="stable").astype(np.int32)
            starts = np.zeros(count + 1, dtype=np.int64)
            np.cumsum(np.bincount(component, minlength=count), out=starts[1:])
            value, move = np.full(n, -2, dtype=np.int8), np.full(n, -1, dtype=np.int64)
            kernel.sweep(offsets, targets, members, starts, take.value(count), value, move, mask)
    except ValueError:
        pass  # refused: the arrays break a precondition, or a vertex is no vertex


TARGETS: dict[str, Callable[[bytes], None]] = {
    "graph6": graph6_lines,
    "sweep-graph6": _sweep("graph6"),
    "sweep-json": _sweep("json"),
    "mtx": _kind("mtx"),
    "metis": _kind("metis"),
    "dimacs": _kind("dimacs"),
    "snap": _kind("snap"),
    "graphml": _kind("graphml"),
    "gml": _kind("gml"),
    "graph": _kind("graph"),  # the format guessed from the first line
    "edges": _kind("edges"),
    "board": _kind("board"),
    "noi": _kind("noi"),
    "walk-board": _kind("walk-board"),
    "walk-edges": _kind("walk-edges"),
    "certificate": certificate,
    "vertex-certificate": vertex_certificate,
    "web": web_request,
    "edge-game": edge_game,
    "edge-walk": edge_walk,
    "edge-certificate": edge_certificate,
    "directed-edge-game": directed_edge_game,
    "kernels": kernels,
    "gf2-kernels": gf2_kernels,
    "geography": geography,
}
"""Every harness, by the name ``run.py`` and the corpus directories use."""


def _data_in_use() -> int:
    """Bytes of this process's data segment and private mappings (VmData)."""
    with open("/proc/self/status", "rb") as status:
        for line in status:
            if line.startswith(b"VmData:"):
                return int(line.split()[1]) * 1024
    raise OSError("no VmData in /proc/self/status")


# none today: the lone surrogate (apps/web) and the edgeless picture of 501+ vertices
# (draw/) were fixed where they live, and their inputs replay as ordinary findings
KNOWN_ELSEWHERE: dict[str, str] = {}
"""Exceptions the web harness finds in modules other work owns, by class name: with
``known_ok`` (run.py --known-ok) they end an input like a MatchgameError so the
fuzzer goes on; their inputs are kept as strict xfails (test_fuzz_corpus.py)."""


def one_input(name: str, *, known_ok: bool = False) -> Callable[[bytes], None]:
    """The property, for target ``name``: an answer or a MatchgameError, within memory.

    Each input runs under ``RLIMIT_DATA`` = what the process holds + PEAK_MEMORY_BYTES:
    the readers' own check (readers/_memory.py) sees that limit and refuses an input
    that declares more (a ParseError), and a reader whose estimate is too low meets a
    MemoryError, which is a finding. (A header may declare sizes: "5 0" is five
    isolated vertices; the bound is the budget the readers enforce, not a multiple of
    the bytes.)
    """
    target = TARGETS[name]

    def test_one_input(data: bytes) -> None:
        data = bytes(data[:MAX_INPUT])
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        limit = _data_in_use() + PEAK_MEMORY_BYTES
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))
        try:
            target(data)
        except MatchgameError:
            pass
        except Exception as exc:
            if not (known_ok and type(exc).__name__ in KNOWN_ELSEWHERE):
                raise
        finally:
            resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))

    return test_one_input
