"""Random and structured inputs: boards, Bunny-and-Egg boards and game records.

For tests, benchmarks and contest setters. Every function takes a
``numpy.random.Generator`` (or a seed) so results are reproducible.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from .core._validate import as_choice, as_int, as_real, describe
from .core.board import MAX_CELLS, Board
from .errors import InvalidInputError, InvalidTypeError
from .games.noi import BunnyBoard, GameRecord

if TYPE_CHECKING:
    from .core.multigraph import MultiGraph
    from .games.tokens import TokenRecord

__all__ = [
    "corridor_record",
    "edge_trail_record",
    "play_record",
    "random_board",
    "random_bunny_board",
    "serpentine_record",
    "walled_serpentine_record",
]

Player = Literal["random", "optimal"]
PLAYER_KINDS = ("random", "optimal")
# what the functions take as ``seed`` (see _rng)
Seed = int | np.random.Generator | np.random.SeedSequence | np.random.BitGenerator | None


def _rng(seed: Seed) -> np.random.Generator:
    """A generator from ``seed``: None (fresh entropy), an int >= 0, a Generator (used
    as is), a SeedSequence or a BitGenerator."""
    if seed is None or isinstance(
        seed, np.random.Generator | np.random.SeedSequence | np.random.BitGenerator
    ):
        return np.random.default_rng(seed)
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer):
        raise InvalidTypeError(
            f"seed must be None, an int >= 0 or a numpy.random.Generator, got {describe(seed)}"
        )
    return np.random.default_rng(as_int(seed, "seed", low=0))


def _board_size(n_rows: int, n_cols: int) -> tuple[int, int]:
    n_rows = as_int(n_rows, "n_rows", low=1)
    n_cols = as_int(n_cols, "n_cols", low=1)
    if n_rows * n_cols > MAX_CELLS:
        raise InvalidInputError(f"a {n_rows} x {n_cols} board has more than {MAX_CELLS} cells")
    return n_rows, n_cols


def random_board(n_rows: int, n_cols: int, blocked: float, seed: Seed = None) -> Board:
    """A board whose cells are blocked independently with probability ``blocked``."""
    n_rows, n_cols = _board_size(n_rows, n_cols)
    blocked = as_real(blocked, "blocked", low=0.0, high=1.0)
    return Board(_rng(seed).random((n_rows, n_cols)) >= blocked)


def random_bunny_board(
    n_rows: int, n_cols: int, seed: Seed = None, *, checkerboard: bool = False
) -> BunnyBoard:
    """A Bunny-and-Egg board with the empty cell at a random place.

    ``checkerboard=True`` colours every cell so that the empty cell can reach all
    of them (black on the empty cell's parity, white elsewhere).
    """
    n_rows, n_cols = _board_size(n_rows, n_cols)
    if not isinstance(checkerboard, bool | np.bool_):
        raise InvalidTypeError(f"checkerboard must be a bool, got {describe(checkerboard)}")
    rng = _rng(seed)
    empty = (int(rng.integers(n_rows)), int(rng.integers(n_cols)))
    if checkerboard:
        rows, cols = np.indices((n_rows, n_cols))
        pieces = np.where((rows + cols) % 2 == sum(empty) % 2, 2, 1).astype(np.uint8)
    else:
        pieces = rng.integers(1, 3, size=(n_rows, n_cols)).astype(np.uint8)
    pieces[empty] = 0
    return BunnyBoard(pieces, empty)


def play_record(
    board: BunnyBoard,
    seed: Seed = None,
    *,
    bunny: Player = "random",
    egg: Player = "optimal",
    max_rounds: int | None = None,
) -> GameRecord:
    """Play a game on ``board`` and return its record.

    A ``"random"`` player picks uniformly among legal moves; an ``"optimal"`` one
    plays a winning move when it has one, else a random move. The game stops when
    Bunny cannot move (Egg won), when Egg cannot move after Bunny's move (that
    last Bunny move is dropped: a record holds whole rounds), or after
    ``max_rounds`` rounds.
    """
    if not isinstance(board, BunnyBoard):
        raise InvalidTypeError(
            f"board must be a BunnyBoard (e.g. random_bunny_board(...)), got {describe(board)}"
        )
    strategies = (as_choice(bunny, "bunny", PLAYER_KINDS), as_choice(egg, "egg", PLAYER_KINDS))
    if max_rounds is not None:
        max_rounds = as_int(max_rounds, "max_rounds", low=0)
    rng = _rng(seed)
    position = GameRecord(board, np.zeros((0, 2), dtype=np.int64)).position()
    moves: list[Hashable] = []  # cells
    while max_rounds is None or len(moves) < 2 * max_rounds:
        legal = position.legal_moves()
        if not legal:
            break
        reply = position.winning_reply() if strategies[len(moves) % 2] == "optimal" else None
        move = reply if reply is not None else legal[int(rng.integers(len(legal)))]
        position.push(move)
        moves.append(move)
    if len(moves) % 2:
        moves.pop()
    cells = np.array(moves, dtype=np.int64).reshape(-1, 2)
    return GameRecord(board, cells)


def serpentine_record(size: int) -> GameRecord:
    """A ``size x size`` checkerboard (``size`` odd) walked as a serpentine.

    The empty cell starts in the top-left corner and sweeps row by row,
    alternating direction, over every cell: ``(size * size - 1) / 2`` rounds.
    """
    size = as_int(size, "size", low=1)
    if size % 2 == 0:
        raise InvalidInputError(f"size must be odd (the serpentine ends in a corner), got {size}")
    _board_size(size, size)
    rows, cols = np.indices((size, size))
    pieces = np.where((rows + cols) % 2 == 0, 2, 1).astype(np.uint8)
    pieces[0, 0] = 0
    cols = cols.copy()
    cols[1::2] = cols[1::2, ::-1]
    walk = np.stack([rows.reshape(-1), cols.reshape(-1)], axis=1)[1:]
    return GameRecord(BunnyBoard(pieces, (0, 0)), walk.astype(np.int64))


def _record_on_arena(enterable: npt.NDArray[np.bool_], walk: npt.NDArray[np.int64]) -> GameRecord:
    """The record whose empty cell walks ``walk`` (cells, the start first) on a board
    whose arena is ``enterable``, cut to whole rounds."""
    rows, cols = np.indices(enterable.shape)
    start = (int(walk[0, 0]), int(walk[0, 1]))
    same_parity = (rows + cols) % 2 == sum(start) % 2
    # an arena cell of the start's parity holds a black piece, of the other a white one
    black = np.where(same_parity, enterable, ~enterable)
    pieces = np.where(black, 2, 1).astype(np.uint8)
    pieces[start] = 0
    moves = walk[1:]
    return GameRecord(BunnyBoard(pieces, start), moves[: moves.shape[0] // 2 * 2])


def _serpentine(n_rows: int, n_cols: int) -> npt.NDArray[np.int64]:
    """The cells of an ``n_rows x n_cols`` rectangle row by row, alternating direction."""
    rows, cols = np.indices((n_rows, n_cols))
    cols[1::2] = cols[1::2, ::-1]
    return np.stack([rows.reshape(-1), cols.reshape(-1)], axis=1).astype(np.int64)


def walled_serpentine_record(n_rows: int, n_cols: int) -> GameRecord:
    """A serpentine that keeps an exposed cell of each side out of reach.

    The first ``n_cols - 2`` columns are a checkerboard walked as a serpentine
    from the top-left corner (cut to whole rounds); column ``n_cols - 2`` is a
    wall, and the last column holds two enterable cells of opposite parity
    (rows 0 and 3) with walls between them. Those two cells are exposed in every
    maximum matching and can never be reached, so a search for an exposed vertex
    of the token's side never ends early: an engine without a bound re-scans the
    whole unvisited region at every position, quadratic time in all.
    """
    n_rows, n_cols = _board_size(n_rows, n_cols)
    if n_rows < 4 or n_cols < 3:
        raise InvalidInputError(
            f"a walled serpentine needs at least 4 rows and 3 columns, got {n_rows} x {n_cols}"
        )
    enterable = np.zeros((n_rows, n_cols), dtype=bool)
    enterable[:, : n_cols - 2] = True
    enterable[0, n_cols - 1] = enterable[3, n_cols - 1] = True
    return _record_on_arena(enterable, _serpentine(n_rows, n_cols - 2))


def corridor_record(n_rows: int, n_cols: int) -> GameRecord:
    """A record in which every move is a mistake, along a corridor between two blocks.

    ``n_rows = 4k + 5`` (k >= 1); the empty cell walks the middle row ``y = 2k + 2``
    from left to right. Every cell of rows ``y - 1 .. y + 1`` is enterable; row
    ``y - 2`` only in odd columns and row ``y + 2`` only in even ones; above and
    below are two full ``2k``-row blocks. Every position is won by the mover
    (the partner of a corridor cell is the cell above or below it), and every
    move goes along the corridor instead, a mistake. Because the upper block
    can only reach the corridor and the corridor only the lower block by
    alternating paths, deciding the positions one at a time from scratch
    searches a whole block at each move: quadratic time in all for an engine
    that does not remember what it has already ruled out.
    """
    n_rows, n_cols = _board_size(n_rows, n_cols)
    if n_rows < 9 or n_rows % 4 != 1 or n_cols < 2:
        raise InvalidInputError(
            f"a corridor record needs n_rows = 4k + 5 >= 9 and n_cols >= 2, got {n_rows} x {n_cols}"
        )
    middle = (n_rows - 1) // 2
    enterable = np.ones((n_rows, n_cols), dtype=bool)
    enterable[middle - 2, 0::2] = False
    enterable[middle + 2, 1::2] = False
    walk = np.stack([np.full(n_cols, middle), np.arange(n_cols)], axis=1).astype(np.int64)
    return _record_on_arena(enterable, walk)


def edge_trail_record(
    source: Any, length: int, seed: Seed = None, *, moves: str = "orthogonal"
) -> TokenRecord:
    """A long record of the edge game: a trail (each move along an unused edge) of
    ``length`` moves, the placement included, or fewer when the trail ends.

    Edges of a breadth-first tree of a largest component (rooted at a random
    vertex) are set aside so that every other degree is even (a T-join of the odd
    vertices), then Hierholzer's algorithm walks an Euler circuit of what is left,
    from the vertex with most edges: on a board's graph about as long as its edges. ``source``:
    a board (under ``moves``) or any graph of the edge game; the result is a
    :class:`~matchgame.TokenRecord` with ``game="edge"``.

    >>> record = edge_trail_record(random_board(8, 8, 0.1, seed=1), 40, seed=2)
    >>> record.game, record.path.shape[0]
    ('edge', 40)
    """
    from .games.contract import find_game
    from .games.tokens import TokenRecord

    length = as_int(length, "length", low=1)
    rng = _rng(seed)
    edge = find_game("edge")
    multigraph, _ = edge.graph_of(source, moves)
    graph = multigraph.support
    n = graph.n_vertices
    if n == 0:
        raise InvalidInputError("the graph has no vertex to place the token on")
    from ._kernels.graphs import component_sizes_without

    component, sizes = component_sizes_without(
        graph.offsets, graph.indices, np.zeros(n, dtype=np.uint8)
    )
    big = np.flatnonzero(component == int(np.argmax(sizes)))
    start = int(big[int(rng.integers(big.shape[0]))])
    trail = _euler_trail(multigraph, start)
    walk = trail[:length]
    return TokenRecord.from_moves(
        source, multigraph.names.names(np.array(walk)), moves=moves, game=edge
    )


def _euler_trail(multigraph: MultiGraph, start: int) -> list[int]:
    """A trail from ``start`` through the multigraph's edges, most of them: the edges
    of a breadth-first tree needed to make every degree even are set aside, and
    Hierholzer's algorithm walks what is left from ``start``."""
    pairs = multigraph.pairs.astype(np.int64)
    left = multigraph.multiplicity.astype(np.int64).copy()
    n = multigraph.n_vertices
    incident: list[list[int]] = [[] for _ in range(n)]
    for k, (u, v) in enumerate(pairs.tolist()):
        incident[u].append(k)
        if u != v:
            incident[v].append(k)
    # a breadth-first tree of start's component, then a T-join of its odd vertices
    parent_edge = [-1] * n
    order = [start]
    seen = [False] * n
    seen[start] = True
    for u in order:
        for k in incident[u]:
            v = int(pairs[k, 0] + pairs[k, 1] - u)
            if not seen[v]:
                seen[v] = True
                parent_edge[v] = k
                order.append(v)
    degree = [0] * n
    for k, (u, v) in enumerate(pairs.tolist()):
        degree[u] += int(left[k]) * (2 if u == v else 1)
        if u != v:
            degree[v] += int(left[k])
    odd = [d % 2 for d in degree]
    for v in reversed(order[1:]):
        if odd[v]:
            k = parent_edge[v]
            left[k] -= 1
            odd[v] = 0
            u = int(pairs[k, 0] + pairs[k, 1] - v)
            odd[u] ^= 1
    # every degree is even now; walk from the vertex of start's component with most edges
    remaining = np.zeros(n, dtype=np.int64)
    np.add.at(remaining, pairs[:, 0], left)
    np.add.at(remaining, pairs[:, 1], left)
    start = max(order, key=lambda v: int(remaining[v]))
    # Hierholzer: extend a stack of vertices; a vertex with no edge left goes to the trail
    cursor = [0] * n
    stack, trail = [start], []
    while stack:
        u = stack[-1]
        edges = incident[u]
        while cursor[u] < len(edges) and left[edges[cursor[u]]] == 0:
            cursor[u] += 1
        if cursor[u] == len(edges):
            trail.append(stack.pop())
            continue
        k = edges[cursor[u]]
        left[k] -= 1
        stack.append(int(pairs[k, 0] + pairs[k, 1] - u))
    trail.reverse()
    return trail
