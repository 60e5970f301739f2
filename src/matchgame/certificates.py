"""Certificates: the placement game's answer with a proof that a short checker verifies.

``matchgame placements --format json --certificate`` writes the JSON answer
(:mod:`matchgame.formats`) with one more field, ``"certificate"``, made by
:func:`make_certificate`; :func:`check_answer` reads such a file and returns
everything wrong with it. It uses no matching algorithm: edge look-ups, counts,
a 2-colouring and component labels of the input, and pointer jumping along the
given paths.

The format (version ``matchgame-certificate/2``). Ids are 1-based: vertex
numbers of an edge list; on a board the row-major cell number
``(row - 1) * cols + col``. ``D`` is the answer's own list of winning
placements (``winning_cells`` as [row, col], ``winning_vertices``), in
increasing order.

``format``
    ``"matchgame-certificate/2"``.
``input``
    ``{"kind": "board" | "edges", "sha256": ...}``: the SHA-256 of the
    canonical text of the input (:func:`canonical_input`). A certificate is for
    exactly one input.
``matching``
    A matching M as pairs of ids.

On a bipartite input (every board):

``forest``
    One id for every vertex w of D, in D's order: 0 if M leaves w exposed, else
    the next vertex x on an even alternating path from w to an exposed vertex:
    the path is w, M(w), x, then the path of x (which must be in D).

On any other graph:

``tutte_berge_set``
    A set U of vertices, increasing.
``paths``
    For every vertex w of D that M covers, in D's order, the vertices x1, x2,
    ..., e of an even alternating path w, M(w), x1, M(x1), ..., e to an exposed
    vertex e; the paths are concatenated (each ends at its first exposed vertex).

What the checker proves (n vertices; every claim of the answer must follow):

- M is a matching of the input.
- Every vertex of D is missed by a maximum matching (the placer wins there):
  exposed, or the start of an even alternating path to an exposed vertex with
  no vertex twice (flip it). A forest path alternates on a bipartite graph by
  construction, and reaches an exposed vertex iff the pointers have no cycle.
- M is maximum, and every vertex outside D is covered by every maximum
  matching (the placer loses there). Bipartite: with L, R the sides of the
  checker's own 2-colouring, ``(L - D) | N(D & L)`` is a vertex cover by
  construction; if it has ``|M|`` vertices it is a minimum one, so M is
  maximum (König) and every vertex in it is in every maximum matching (it
  covers G - v with one vertex less). The same for R; the two covers hold
  every vertex outside D. Other graphs: ``|M| = (n + |U| - odd(G - U)) / 2``
  with the components of G - U counted by the checker (Tutte-Berge); then a
  vertex of U, or of an even component of G - U, is in every maximum matching
  (removing it lowers the bound by one). Every vertex outside D must be one.
- The answer's other fields are what these facts give: ``matching_size`` is
  ``|M|``, ``placer_wins`` says D is not empty, ``A = N(D) - D``, ``C`` the
  rest, the answer's ``matching`` is M, ``engine`` is ``bipartite`` exactly on
  bipartite graphs, the sizes are the input's. A missing or extra field is an
  error.

Unreadable documents (not JSON, beyond the reader's limits, a field missing,
extra or of the wrong type, another format version) raise
:class:`~matchgame.formats.DocumentError`; a readable certificate that is
wrong yields the list of problems.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from . import formats
from ._kernels import bipartite as _bip
from ._kernels import blossom as _blossom
from ._kernels.graphs import component_sizes_without, two_colouring
from ._kernels.jsonscan import OUT_OF_RANGE
from ._kernels.text import format_int_rows
from .analysis import Analysis
from .boards import Board
from .errors import InvalidInputError
from .formats import BadList, DocumentError, IntList
from .graph import INDEX_DTYPE, Graph
from .matching import Decomposition, decompose, gallai_edmonds

__all__ = ["FORMAT", "canonical_input", "check_answer", "input_digest", "make_certificate"]

FORMAT = "matchgame-certificate/2"

_BIPARTITE_FIELDS = ("format", "input", "matching", "forest")
_GENERAL_FIELDS = ("format", "input", "matching", "tutte_berge_set", "paths")


def canonical_input(source: Board | Graph) -> bytes:
    """The input as canonical text, the text a certificate's digest is taken of.

    A board: ``N M`` and its rows of ``.`` (free) and ``#`` (blocked), each
    line ending in a newline. A graph: ``n m`` and its ``m`` distinct edges
    ``u v`` (1-based, ``u < v``, sorted), loops dropped.

    Examples
    --------
    >>> canonical_input(Board.from_rows([".x", ".."]))
    b'2 2\\n.#\\n..\\n'
    >>> canonical_input(Graph.from_edges(3, [(2, 1), (0, 1), (1, 2)]))
    b'3 2\\n1 2\\n2 3\\n'
    """
    if isinstance(source, Board):
        chars = np.where(source.free, ord("."), ord("#")).astype(np.uint8)
        lines = np.concatenate([chars, np.full((source.n_rows, 1), ord("\n"), np.uint8)], 1)
        return f"{source.n_rows} {source.n_cols}\n".encode() + lines.tobytes()
    edges = source.edges().astype(np.int64) + 1
    body = format_int_rows(edges).tobytes() if edges.shape[0] else b""
    return f"{source.n_vertices} {source.n_edges}\n".encode() + body


def input_digest(source: Board | Graph) -> str:
    """The SHA-256 (hex) of :func:`canonical_input`."""
    return hashlib.sha256(canonical_input(source)).hexdigest()


# -- writing -------------------------------------------------------------------


def make_certificate(
    source: Analysis | Board | Graph, decomposition: Decomposition | None = None
) -> dict[str, Any]:
    """The ``"certificate"`` field of the JSON answer on ``source``, as written.

    Lists are numpy arrays (a 2-D array is a list of pairs), ids 1-based as
    described in the module docstring; :func:`matchgame.formats.json_chunks`
    writes it. ``source`` is an :class:`~matchgame.Analysis` (whose matching
    the certificate proves), or a board or graph with the ``decomposition`` the
    answer reports (computed if None). Boards are covered with orthogonal moves;
    for other move rules certify the board's graph as an edge list.

    Examples
    --------
    The JSOI sample: cells are numbered 1..9 row by row; the placer wins on
    cells 6 and 8. Cell 6 is exposed; the path of cell 8 is 8, 5 (its
    partner), 6.

    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> certificate = make_certificate(board)
    >>> certificate["matching"].tolist(), certificate["forest"].tolist()
    ([[1, 4], [5, 8]], [0, 6])
    """
    if isinstance(source, Analysis):
        if source.board is not None and source.moves != "orthogonal":
            raise InvalidInputError(
                f"certificates cover boards with orthogonal moves and graphs, not {source.moves} "
                "moves; certify the board's graph (analyse(board.to_graph(moves)))"
            )
        decomposition = source.decomposition
        source = source.board if source.board is not None else source.graph
    on_board = isinstance(source, Board)
    graph = source.graph if isinstance(source, Board) else source
    if decomposition is None:
        decomposition = decompose(graph)
    # text ids: the 1-based row-major cell number on a board, else the vertex + 1
    text_ids = source.cell_of_vertex if isinstance(source, Board) else np.arange(graph.n_vertices)
    mate = np.ascontiguousarray(decomposition.mate, dtype=INDEX_DTYPE)
    ends = np.flatnonzero(mate > np.arange(mate.shape[0], dtype=INDEX_DTYPE))
    matching = np.empty((ends.shape[0], 2), dtype=INDEX_DTYPE)
    matching[:, 0] = text_ids[ends]
    matching[:, 1] = text_ids[mate[ends]]
    matching += 1
    del ends
    certificate: dict[str, Any] = {
        "format": FORMAT,
        "input": {"kind": "board" if on_board else "edges", "sha256": input_digest(source)},
        "matching": matching,
    }
    winning = np.flatnonzero(decomposition.missable)
    if graph.is_bipartite:
        _, via = _bip.missable_bipartite(graph.offsets, graph.neighbors, mate)
        following = via[winning]
        del via, winning
        forest = np.zeros(following.shape[0], dtype=INDEX_DTYPE)
        on_path = following >= 0
        forest[on_path] = text_ids[following[on_path]] + 1
        certificate["forest"] = forest
        return certificate
    sets = gallai_edmonds(graph, decomposition)
    targets = winning[mate[winning] >= 0].astype(INDEX_DTYPE)
    flat, offsets = _blossom.missable_paths(graph.offsets, graph.neighbors, mate, targets)
    lengths = np.diff(offsets)
    if (lengths < 3).any():
        raise RuntimeError("no alternating path for a vertex the engine found missable")
    # keep x1, x2, ..., e: the even places after w and M(w)
    place = np.arange(flat.shape[0]) - np.repeat(offsets[:-1], lengths)
    certificate["tutte_berge_set"] = text_ids[np.flatnonzero(sets.A)] + 1
    certificate["paths"] = text_ids[flat[(place >= 2) & (place % 2 == 0)]] + 1
    return certificate


# -- checking ------------------------------------------------------------------


class _BoardArena:
    """A board's cells as ids 0 .. rows * cols - 1 (blocked cells are not vertices).

    Every question is answered on the cell grid, without building the graph.
    """

    kind = "board"
    bipartite = True

    def __init__(self, board: Board) -> None:
        self.board = board
        self.n_rows, self.n_cols = board.shape
        self.size = self.n_rows * self.n_cols
        self.present = board.free.reshape(-1)
        self.n_vertices = board.n_free

    def name(self, i: int) -> str:
        row, col = divmod(int(i), self.n_cols)
        return f"cell {int(i) + 1} ({row + 1}, {col + 1})"

    def side(self) -> np.ndarray:
        """The cell parity ``(row + col) % 2``."""
        rows = (np.arange(self.n_rows) & 1).astype(np.uint8)[:, None]
        cols = (np.arange(self.n_cols) & 1).astype(np.uint8)[None, :]
        return (rows ^ cols).reshape(-1)

    def is_edge(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether the cells ``a[i]``, ``b[i]`` (valid ids) are free and side by side."""
        step = b - a
        same_row = a // self.n_cols == b // self.n_cols
        beside = (np.abs(step) == self.n_cols) | ((np.abs(step) == 1) & same_row)
        return beside & self.present[a] & self.present[b]

    def neighbourhood(self, mask: np.ndarray) -> np.ndarray:
        """The free cells next to a cell of ``mask``."""
        grid = mask.reshape(self.n_rows, self.n_cols)
        out = np.zeros_like(grid)
        out[1:, :] |= grid[:-1, :]
        out[:-1, :] |= grid[1:, :]
        out[:, 1:] |= grid[:, :-1]
        out[:, :-1] |= grid[:, 1:]
        return out.reshape(-1) & self.present


class _GraphArena:
    """A graph's vertices as ids 0 .. n - 1."""

    kind = "edges"

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.size = self.n_vertices = graph.n_vertices
        self.present = np.ones(self.size, dtype=bool)
        colour = two_colouring(graph.offsets, graph.neighbors)
        self.bipartite = colour.shape[0] == self.size
        self._colour = colour

    def name(self, i: int) -> str:
        return f"vertex {int(i) + 1}"

    def side(self) -> np.ndarray:
        return self._colour

    def is_edge(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether ``a[i] - b[i]`` (valid ids) is an edge: a binary search in every
        sorted neighbour list at once."""
        offsets, neighbors = self.graph.offsets, self.graph.neighbors
        low = offsets[a].astype(np.int64)
        high = offsets[a + 1].astype(np.int64)
        end = high.copy()
        while True:
            active = low < high
            if not active.any():
                break
            middle = (low + high) // 2
            below = active & (neighbors[np.minimum(middle, max(neighbors.shape[0] - 1, 0))] < b)
            low = np.where(below, middle + 1, low)
            high = np.where(active & ~below, middle, high)
        found = low < end
        found[found] = neighbors[low[found]] == b[found]
        return found

    def neighbourhood(self, mask: np.ndarray) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        out[self.graph.neighbors[mask[self.graph.sources]]] = True
        return out


def check_answer(source: Board | Graph, data: bytes | str) -> list[str]:
    """Everything wrong with the answer file ``data`` for ``source``; [] if it is proven.

    Raises
    ------
    DocumentError
        If ``data`` is not an answer document with a certificate: not JSON, a
        field missing, extra or of the wrong type, or another format version.

    Examples
    --------
    >>> from matchgame import analyse_placements
    >>> from matchgame.formats import format_placements
    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> answer = format_placements(analyse_placements(board), "json", make_certificate(board))
    >>> check_answer(board, answer)
    []
    >>> check_answer(board, answer.replace(b'"matching_size":2', b'"matching_size":3'))
    ['field "matching_size" is 3, the certificate proves 2']
    """
    document = formats.read_json(data)
    del data  # a certificate can be hundreds of MB; the caller may hand over its only copy
    arena: _BoardArena | _GraphArena = (
        _BoardArena(source) if isinstance(source, Board) else _GraphArena(source)
    )
    if not isinstance(document, dict):
        raise DocumentError("expected a JSON object (an answer with a certificate)")
    if "certificate" not in document:
        raise DocumentError('field "certificate" is missing (answers carry one with --certificate)')
    certificate = _field(document, "certificate", {}, "certificate")
    version = certificate.get("format")
    if isinstance(version, str) and version != FORMAT:
        raise DocumentError(
            f'field "certificate.format": {formats._quote(version)} is not {FORMAT} '
            "(made by another version?)"
        )
    fields = _GENERAL_FIELDS if "tutte_berge_set" in certificate else _BIPARTITE_FIELDS
    schema: dict[str, Any] = dict.fromkeys(fields, "ints")
    schema.update(format="str", input={"kind": "str", "sha256": "str"}, matching="pairs")
    _check_fields(certificate, schema, "certificate")
    identity = certificate["input"]
    if identity["kind"] != arena.kind or identity["sha256"] != input_digest(source):
        return ["the certificate was made for another input"]
    answer_schema = formats.ANSWER_FIELDS[arena.kind]
    _check_fields(document, {**answer_schema, "certificate": {}}, "")

    problems: list[str] = []
    proven = _prove(arena, document, certificate, problems)
    if proven is None:
        return problems
    pairs, winning = proven
    if isinstance(arena, _BoardArena):
        expected = formats.board_answer(arena.board, pairs.shape[0], winning)
    else:
        d = np.zeros(arena.size, dtype=bool)
        d[winning] = True
        a = arena.neighbourhood(d) & ~d
        expected = formats.graph_answer(
            arena.graph, "bipartite" if arena.bipartite else "blossom", pairs, d, a, ~(d | a)
        )
    _compare(document, expected, "", problems)
    return problems


# -- the document's shape (unusable files: DocumentError) ------------------------

_TYPE_NAMES = {
    "int": "an integer",
    "bool": "true or false",
    "str": "a string",
    "ints": "a list of integers",
    "pairs": "a list of pairs of integers",
}


def _field(obj: dict, key: str, kind: Any, path: str) -> Any:
    if key not in obj:
        raise DocumentError(f"field {formats._quote(path)} is missing")
    value = obj[key]
    if isinstance(kind, dict):
        ok = isinstance(value, dict)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "str":
        ok = isinstance(value, str)
    else:
        width = 0 if kind == "ints" else 2
        ok = isinstance(value, IntList) and value.width in (-1, width)
    if not ok:
        expected = "an object" if isinstance(kind, dict) else _TYPE_NAMES[kind]
        found = f" (item {value.item} is {value.problem})" if isinstance(value, BadList) else ""
        raise DocumentError(f"field {formats._quote(path)}: expected {expected}{found}")
    return value


def _check_fields(obj: dict, schema: dict, path: str) -> None:
    """``obj`` has exactly the fields of ``schema``, each of its type (recursively)."""
    prefix = f"{path}." if path else ""
    for key in obj:
        if key not in schema:
            raise DocumentError(f"unexpected field {formats._quote(prefix + key)}")
    for key, kind in schema.items():
        value = _field(obj, key, kind, prefix + key)
        if isinstance(kind, dict) and kind:
            _check_fields(value, kind, prefix + key)


# -- the proof (wrong certificates: problems) ------------------------------------


def _ids(arena, values: np.ndarray, what: str, problems: list[str]) -> np.ndarray | None:
    """1-based text ids -> 0-based int32 ids, or None (and a problem) if one names no vertex."""
    outside = np.flatnonzero((values < 1) | (values > arena.size))
    if outside.size:
        noun = "cell" if arena.kind == "board" else "vertex"
        problems.append(
            f"{what} names {noun} {_number(values[outside[0]])}, not one of 1..{arena.size}"
        )
        return None
    ids = values.astype(INDEX_DTYPE)
    ids -= 1
    blocked = np.flatnonzero(~arena.present[ids])
    if blocked.size:
        problems.append(f"{what} names {arena.name(ids[blocked[0]])}, a blocked cell")
        return None
    return ids


def _number(value: int) -> str:
    """An integer read from the document; the reader's stand-in for a huge one shown as such."""
    return "a number out of range" if int(value) == OUT_OF_RANGE else str(int(value))


def _increasing(ids: np.ndarray, arena, what: str, problems: list[str]) -> bool:
    bad = np.flatnonzero(ids[1:] <= ids[:-1])
    if bad.size:
        problems.append(
            f"{what} is not in increasing order without repeats ({arena.name(ids[bad[0] + 1])})"
        )
    return not bad.size


def _winning_ids(arena, document: dict, problems: list[str]) -> np.ndarray | None:
    """D, the answer's winning placements, as increasing ids."""
    if arena.kind == "edges":
        what = '"winning_vertices"'
        ids = _ids(arena, document["winning_vertices"].values, what, problems)
    else:
        what = '"winning_cells"'
        cells = document["winning_cells"].rows(2)
        rows, cols = cells[:, 0], cells[:, 1]
        outside = np.flatnonzero(
            (rows < 1) | (rows > arena.n_rows) | (cols < 1) | (cols > arena.n_cols)
        )
        if outside.size:
            row, col = (_number(v) for v in cells[outside[0]])
            problems.append(
                f'"winning_cells" names [{row}, {col}], not a cell of the '
                f"{arena.n_rows}x{arena.n_cols} board"
            )
            return None
        ids = (rows - 1) * arena.n_cols + (cols - 1)  # int32: a board has under 2**28 cells
        blocked = np.flatnonzero(~arena.present[ids])
        if blocked.size:
            problems.append(f'"winning_cells" names {arena.name(ids[blocked[0]])}, a blocked cell')
            return None
    if ids is None or not _increasing(ids, arena, what, problems):
        return None
    return ids


def _prove(arena, document: dict, certificate: dict, problems: list[str]):
    """Check the proof; ``(matching pairs, D)`` as 0-based ids if it proves everything."""
    pairs = _ids(arena, certificate["matching"].values, "the matching", problems)
    winning = _winning_ids(arena, document, problems)
    if pairs is None or winning is None:
        return None
    pairs = pairs.reshape(-1, 2)
    mate = _matching(arena, pairs, problems)
    if mate is None:
        return None
    in_d = np.zeros(arena.size, dtype=bool)
    in_d[winning] = True
    unclaimed = np.flatnonzero(arena.present & (mate < 0) & ~in_d)
    if unclaimed.size:
        problems.append(
            f"{arena.name(unclaimed[0])} is exposed by the matching, so the placer wins "
            "there, but the answer says the placer loses"
        )
        return None
    has_forest = "forest" in certificate
    if arena.bipartite != has_forest:
        problems.append(
            "the input is bipartite: its certificate needs a forest, not a Tutte-Berge set"
            if arena.bipartite
            else "the input has an odd cycle: a forest proves nothing there, it needs a "
            "Tutte-Berge set and paths"
        )
        return None
    if has_forest:
        proven = _forest_ok(arena, certificate["forest"].values, winning, mate, problems)
        proven = proven and _konig_ok(arena, in_d, pairs.shape[0], problems)
    else:
        proven = _paths_ok(arena, certificate["paths"].values, winning, mate, problems)
        proven = proven and _tutte_berge_ok(
            arena, certificate["tutte_berge_set"].values, in_d, pairs.shape[0], problems
        )
    return (pairs, winning) if proven else None


def _matching(arena, pairs: np.ndarray, problems: list[str]) -> np.ndarray | None:
    """The mate array of ``pairs`` (-1 = exposed), or None if they are not a matching."""
    a, b = pairs[:, 0], pairs[:, 1]
    not_edge = np.flatnonzero(~arena.is_edge(a, b))
    if not_edge.size:
        i = not_edge[0]
        problems.append(
            f"the matching pair {arena.name(a[i])} - {arena.name(b[i])} is not an edge "
            f"({not_edge.size} such pairs)"
        )
        return None
    mate = np.full(arena.size, -1, dtype=INDEX_DTYPE)
    mate[a] = b
    mate[b] = a
    # a vertex in two pairs keeps one partner; a pair listed twice matches 2 vertices, not 4
    broken = np.flatnonzero((mate[a] != b) | (mate[b] != a))
    if broken.size or np.count_nonzero(mate >= 0) != 2 * pairs.shape[0]:
        if broken.size:
            i = broken[0]
            twice = a[i] if mate[a[i]] != b[i] else b[i]
        else:
            ends = np.sort(pairs, axis=None)
            twice = ends[np.flatnonzero(ends[1:] == ends[:-1])[0]]
        problems.append(f"{arena.name(twice)} is in two pairs of the matching")
        return None
    return mate


def _forest_ok(arena, forest: np.ndarray, winning, mate, problems: list[str]) -> bool:
    """Every vertex of D is exposed or starts a forest path to an exposed vertex."""
    if forest.shape[0] != winning.shape[0]:
        problems.append(
            f"the forest has {forest.shape[0]} entries for {winning.shape[0]} winning placements"
        )
        return False
    exposed = mate[winning] < 0
    mismatch = np.flatnonzero(exposed != (forest == 0))
    if mismatch.size:
        w = winning[mismatch[0]]
        problems.append(
            f"the forest entry of {arena.name(w)} must be 0 exactly when the matching "
            "leaves it exposed"
        )
        return False
    steps = np.flatnonzero(~exposed)
    if not steps.size:
        return True
    nxt = _ids(arena, forest[steps], "the forest", problems)
    if nxt is None:
        return False
    # the path of w goes on at x: x must be in D (its own path follows) and next to M(w)
    where = np.minimum(np.searchsorted(winning, nxt), winning.shape[0] - 1)
    good = (winning[where] == nxt) & arena.is_edge(mate[winning[steps]], nxt)
    bad = np.flatnonzero(~good)
    if bad.size:
        w, x = winning[steps[bad[0]]], nxt[bad[0]]
        problems.append(
            f"the forest path from {arena.name(w)} goes on at {arena.name(x)}, which is not "
            "a winning placement next to its partner"
        )
        return False
    # pointer jumping: after k rounds every vertex points 2**k steps up (roots to
    # themselves); a path that has not reached a root after len(D) steps is a cycle
    parent = np.arange(winning.shape[0], dtype=INDEX_DTYPE)
    parent[steps] = where
    del where, nxt, good
    for _ in range(max(int(winning.shape[0]).bit_length(), 1)):
        jumped = parent[parent]
        if np.array_equal(jumped, parent):
            break
        parent = jumped
    cyclic = np.flatnonzero(~exposed[parent])
    if cyclic.size:
        problems.append(
            f"the forest path from {arena.name(winning[cyclic[0]])} runs in a cycle and "
            "never reaches an exposed vertex"
        )
        return False
    return True


def _konig_ok(arena, in_d: np.ndarray, size: int, problems: list[str]) -> bool:
    """Both covers ``(S - D) | N(D & S)`` (S a side) have ``size`` vertices.

    Each is a vertex cover whatever D is: an edge with no end in ``S - D`` has
    its S end in D and its other end in ``N(D & S)``.
    """
    side = arena.side()
    for own in (0, 1):
        in_side = arena.present & (side == own)
        cover = (in_side & ~in_d) | arena.neighbourhood(in_d & in_side)
        found = int(np.count_nonzero(cover))
        if found != size:
            problems.append(
                f"the vertex cover of the non-winning placements of one colour and the "
                f"neighbours of its winning ones has {found} vertices, the matching {size} "
                "pairs: the matching is not maximum or winning placements are missing"
            )
            return False
    return True


def _paths_ok(arena, paths: np.ndarray, winning, mate, problems: list[str]) -> bool:
    """Every covered vertex of D starts a simple even alternating path to an exposed one."""
    starts = winning[mate[winning] >= 0]
    ids = _ids(arena, paths, "the paths", problems)
    if ids is None:
        return False
    ends = mate[ids] < 0
    if np.count_nonzero(ends) != starts.shape[0] or (ids.shape[0] and not ends[-1]):
        problems.append(
            f"the paths hold {np.count_nonzero(ends)} complete paths for {starts.shape[0]} "
            "covered winning placements"
        )
        return False
    path = np.cumsum(ends) - ends  # which path each entry belongs to
    first = np.ones(ids.shape[0], dtype=bool)
    first[1:] = path[1:] != path[:-1]
    previous = np.where(first, starts[path], np.roll(ids, 1))
    bad = np.flatnonzero(~arena.is_edge(mate[previous], ids))
    if bad.size:
        w = starts[path[bad[0]]]
        problems.append(
            f"the path from {arena.name(w)} does not alternate at {arena.name(ids[bad[0]])}"
        )
        return False
    # every vertex of a path: w, M(w), then each x and, but for the last, M(x)
    vertices = np.concatenate([starts, mate[starts], ids, mate[ids[~ends]]])
    owner = np.concatenate(
        [np.arange(starts.shape[0]), np.arange(starts.shape[0]), path, path[~ends]]
    )
    keys = np.sort(owner * arena.size + vertices)
    repeated = np.flatnonzero(keys[1:] == keys[:-1])
    if repeated.size:
        key = int(keys[repeated[0]])
        w, v = starts[key // arena.size], key % arena.size
        problems.append(f"the path from {arena.name(w)} visits {arena.name(v)} twice")
        return False
    return True


def _tutte_berge_ok(arena, values: np.ndarray, in_d, size: int, problems: list[str]) -> bool:
    """U is a tight Tutte-Berge set and every vertex outside D is in U or an even component."""
    barrier = _ids(arena, values, "the Tutte-Berge set", problems)
    if barrier is None or not _increasing(barrier, arena, "the Tutte-Berge set", problems):
        return False
    removed = np.zeros(arena.size, dtype=np.uint8)
    removed[barrier] = 1
    graph = arena.graph
    component, sizes = component_sizes_without(graph.offsets, graph.neighbors, removed)
    odd = int(np.count_nonzero(sizes % 2))
    bound = (arena.size + barrier.shape[0] - odd) // 2
    if bound != size:
        problems.append(
            f"the Tutte-Berge bound of the set is {bound}, the matching has {size} pairs"
        )
        return False
    in_even = np.zeros(arena.size, dtype=bool)
    inside = component >= 0
    in_even[inside] = sizes[component[inside]] % 2 == 0
    unproven = np.flatnonzero(~in_d & ~in_even & (removed == 0))
    if unproven.size:
        problems.append(
            f"no proof that the placer loses at {arena.name(unproven[0])}: it is neither in "
            "the Tutte-Berge set nor in an even component without it"
        )
        return False
    return True


# -- the answer's fields --------------------------------------------------------


def _compare(document: dict, expected: dict, path: str, problems: list[str]) -> None:
    """Every field of ``document`` equals the proven ``expected`` value."""
    for key, want in expected.items():
        where = f"{path}.{key}" if path else key
        name = formats._quote(where)
        have = document[key]
        if isinstance(want, dict):
            _compare(have, want, where, problems)
        elif isinstance(want, np.ndarray):
            if len(have) != want.shape[0]:
                problems.append(
                    f"field {name} has {len(have)} items, the certificate proves {want.shape[0]}"
                )
                continue
            if not want.size:
                continue
            got = have.values.reshape(want.shape)
            differ = np.flatnonzero((got != want).reshape(want.shape[0], -1).any(axis=1))
            if differ.size:
                i = int(differ[0])
                problems.append(
                    f"field {name} item {i} is {got[i].tolist()}, "
                    f"the certificate proves {want[i].tolist()}"
                )
        elif have != want or type(have) is not type(want):
            problems.append(f"field {name} is {_show(have)}, the certificate proves {_show(want)}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return formats._quote(value)
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
