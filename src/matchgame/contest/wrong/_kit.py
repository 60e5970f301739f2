"""What the shipped wrong solutions share: reading the inputs, matchings, searches.

Plain Python with no imports beyond the standard library (the programs run as
``python -S wrong/NAME.py PROBLEM``, each in its own process, as a contestant's
program would). Each wrong program is right except for the one mistake its
docstring names.
"""

from __future__ import annotations

import sys
from collections import deque

Adjacency = list[list[int]]


def tokens() -> list[str]:
    return sys.stdin.read().split()


# -- inputs --------------------------------------------------------------------------


def read_board() -> tuple[list[tuple[int, int]], Adjacency]:
    """The free cells (row-major) and the grid graph on them."""
    words = tokens()
    n, m = int(words[0]), int(words[1])
    rows = words[2 : 2 + n]
    index: dict[tuple[int, int], int] = {}
    cells: list[tuple[int, int]] = []
    for r in range(n):
        for c in range(m):
            if rows[r][c] == ".":
                index[r, c] = len(cells)
                cells.append((r, c))
    adjacency: Adjacency = [[] for _ in cells]
    for (r, c), v in index.items():
        for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if other in index:
                adjacency[v].append(index[other])
    return cells, adjacency


def read_edges() -> tuple[int, list[tuple[int, int]]]:
    """``n`` and the edges, 0-based, loops and repeats kept."""
    words = [int(w) for w in tokens()]
    n, m = words[0], words[1]
    return n, [(words[2 + 2 * i] - 1, words[3 + 2 * i] - 1) for i in range(m)]


def simple_adjacency(n: int, edges: list[tuple[int, int]]) -> Adjacency:
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        if u != v:
            neighbours[u].add(v)
            neighbours[v].add(u)
    return [sorted(s) for s in neighbours]


# -- bipartite matchings ---------------------------------------------------------------


def augment(root: int, adjacency: Adjacency, mate: list[int], seen: set[int]) -> bool:
    """Kuhn's search from ``root`` (iterative); flips the path when it finds one.
    ``seen`` holds vertices of ``root``'s side not to enter (and is filled)."""
    seen.add(root)
    stack = [(root, iter(adjacency[root]))]
    chosen: list[int] = []
    while stack:
        _, options = stack[-1]
        for u in options:
            other = mate[u]
            if other == -1:
                for (x, _), y in zip(stack, [*chosen, u], strict=True):
                    mate[x], mate[y] = y, x
                return True
            if other not in seen:
                seen.add(other)
                chosen.append(u)
                stack.append((other, iter(adjacency[other])))
                break
        else:
            stack.pop()
            if chosen:
                chosen.pop()
    return False


def bipartite_matching(adjacency: Adjacency, left: list[int]) -> list[int]:
    """A maximum matching (``mate``, -1 for free) of a bipartite graph, searching
    from the vertices of ``left``."""
    mate = [-1] * len(adjacency)
    for v in left:
        if mate[v] == -1:
            augment(v, adjacency, mate, set())
    return mate


def greedy_matching(adjacency: Adjacency) -> list[int]:
    """A maximal matching: each vertex in turn takes its first free neighbour."""
    mate = [-1] * len(adjacency)
    for v in range(len(adjacency)):
        if mate[v] == -1:
            for u in adjacency[v]:
                if mate[u] == -1 and u != v:
                    mate[u], mate[v] = v, u
                    break
    return mate


def even_reach(
    adjacency: Adjacency, mate: list[int], starts: list[int], odd: bool = False
) -> set[int]:
    """Vertices an alternating path of even length from ``starts`` reaches (with
    ``odd``, of any length): bipartite graphs only."""
    reached = set(starts)
    queue = deque(starts)
    while queue:
        x = queue.popleft()
        for y in adjacency[x]:
            if odd:
                reached.add(y)
            z = mate[y]
            if z != -1 and z not in reached:
                reached.add(z)
                queue.append(z)
    return reached


# -- general matchings (Edmonds' blossoms) ---------------------------------------------


def _find_path(
    root: int, adjacency: Adjacency, mate: list[int], banned: int = -1
) -> list[int] | None:
    """An augmenting path from the free vertex ``root`` (Edmonds' search), avoiding
    ``banned``; None when there is none."""
    n = len(adjacency)
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        on_path = [False] * n
        while True:
            a = base[a]
            on_path[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if on_path[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if to == banned or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return _walk(to, parent, mate)
                used[mate[to]] = True
                queue.append(mate[to])
    return None


def _walk(end: int, parent: list[int], mate: list[int]) -> list[int]:
    """The vertices of the augmenting path ending at ``end``, flipped pairwise."""
    flips = []
    v = end
    while v != -1:
        pv = parent[v]
        ppv = mate[pv]
        flips.append((v, pv))
        v = ppv
    return [x for pair in flips for x in pair]


def general_matching(adjacency: Adjacency) -> list[int]:
    """A maximum matching of any graph (Edmonds)."""
    mate = greedy_matching(adjacency)
    for v in range(len(adjacency)):
        if mate[v] == -1:
            path = _find_path(v, adjacency, mate)
            if path is not None:
                for i in range(0, len(path), 2):
                    mate[path[i]], mate[path[i + 1]] = path[i + 1], path[i]
    return mate


def missable(adjacency: Adjacency, mate: list[int]) -> list[int]:
    """The vertices some maximum matching misses (``mate`` maximum): the free ones,
    and each ``v`` whose partner finds an augmenting path once ``v`` is gone."""
    result = []
    for v, w in enumerate(mate):
        if w == -1:
            result.append(v)
            continue
        trial = list(mate)
        trial[v] = trial[w] = -1
        if _find_path(w, adjacency, trial, banned=v) is not None:
            result.append(v)
    return result


# -- the edge game by search -------------------------------------------------------------


def edge_game_winners(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """The vertices where the placer wins the edge game (the mover cannot force a
    win), by an exhaustive search of the used edges (small components only)."""
    incident: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, (u, v) in enumerate(edges):
        incident[u].append((k, v))
        if u != v:
            incident[v].append((k, u))
    memo: dict[tuple[int, int], bool] = {}

    def wins(v: int, used: int) -> bool:
        key = (v, used)
        if key not in memo:
            memo[key] = any(not wins(u, used | 1 << k) for k, u in incident[v] if not used >> k & 1)
        return memo[key]

    sys.setrecursionlimit(10000)
    return [v for v in range(n) if not wins(v, 0)]


# -- NOI2011 ------------------------------------------------------------------------------


def read_record() -> tuple[list[str], list[tuple[int, int]]]:
    words = tokens()
    n = int(words[0])
    rows = words[2 : 2 + n]
    k = int(words[2 + n])
    numbers = [int(w) - 1 for w in words[3 + n : 3 + n + 4 * k]]
    moves = [(numbers[2 * i], numbers[2 * i + 1]) for i in range(2 * k)]
    return rows, moves


def record_wins(rows: list[str], moves: list[tuple[int, int]], bug: str = "") -> list[bool]:
    """Whether the player to move wins at each position of the record.

    ``bug``: ``"start"`` never removes the empty cell's start; ``"before"`` judges
    the position after each of Bunny's moves on the board before it.
    """
    n, m = len(rows), len(rows[0])
    start = next((r, row.index(".")) for r, row in enumerate(rows) if "." in row)
    parity = sum(start) % 2

    def enterable(r: int, c: int) -> bool:
        return rows[r][c] in "X." if (r + c) % 2 == parity else rows[r][c] == "O"

    index = {(r, c): r * m + c for r in range(n) for c in range(m)}
    adjacency: Adjacency = [[] for _ in range(n * m)]
    for (r, c), v in index.items():
        if enterable(r, c):
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if other in index and enterable(*other):
                    adjacency[v].append(index[other])
    alive = [True] * (n * m)
    live: Adjacency = adjacency
    left = [v for v, (r, c) in enumerate(index) if (r + c) % 2 == parity and enterable(r, c)]
    mate = bipartite_matching(live, left)

    def remove(v: int) -> None:
        alive[v] = False
        for u in adjacency[v]:
            live[u] = [x for x in live[u] if x != v]
        w = mate[v]
        if w != -1:
            mate[v] = mate[w] = -1
            augment(w, live, mate, set())

    def wins(v: int) -> bool:
        w = mate[v]
        if w == -1:
            return False
        mate[w] = -1
        mate[v] = v  # v itself is out of the search: taken, and already seen
        if augment(w, live, mate, {v}):
            mate[v] = -1
            return False
        mate[v], mate[w] = w, v
        return True

    path = [index[start]] + [index[cell] for cell in moves]
    result = [wins(path[0])]
    for t in range(1, len(path)):
        if bug == "before" and t % 2 == 1:
            result.append(wins(path[t]))
            if not (bug == "start" and t == 1):
                remove(path[t - 1])
            continue
        if not (bug == "start" and t == 1):
            remove(path[t - 1])
        result.append(wins(path[t]))
    return result


def bunny_mistakes(wins: list[bool], need_before: bool = True) -> list[int]:
    k = (len(wins) - 1) // 2
    return [i for i in range(1, k + 1) if (wins[2 * i - 2] or not need_before) and wins[2 * i - 1]]


# -- outputs ------------------------------------------------------------------------------


def write_cells(style: str, cells: list[tuple[int, int]]) -> None:
    lines = [str(len(cells))] if style == "loj" else ["WIN" if cells else "LOSE"]
    lines += [f"{r + 1} {c + 1}" for r, c in cells]
    sys.stdout.write("\n".join(lines) + "\n")


def write_vertices(vertices: list[int]) -> None:
    lines = ["WIN" if vertices else "LOSE"] + [str(v + 1) for v in sorted(vertices)]
    sys.stdout.write("\n".join(lines) + "\n")


def write_mistakes(mistakes: list[int]) -> None:
    sys.stdout.write("".join(f"{x}\n" for x in [len(mistakes), *mistakes]))


def board_winners(mate_of: str = "maximum", starts_of: str = "both", odd: bool = False) -> None:
    """Solve the board problem in ``sys.argv[1]``'s style, with the given faults."""
    cells, adjacency = read_board()
    black = [v for v, (r, c) in enumerate(cells) if (r + c) % 2 == 0]
    if mate_of == "greedy":
        mate = greedy_matching(adjacency)
    else:
        mate = bipartite_matching(adjacency, black)
    free = [v for v in range(len(cells)) if mate[v] == -1]
    if mate_of == "free-only":
        winners = set(free)
    else:
        starts = [v for v in free if v in set(black)] if starts_of == "black" else free
        winners = even_reach(adjacency, mate, starts, odd)
    chosen = sorted(cells[v] for v in winners)
    write_cells(sys.argv[1], chosen)
