"""Depth-first proof-number search (df-pn) of directed geography: the experiment of
issue 40, in plain Python, to count the positions it expands against the kernel's
depth-first search.

    python benchmarks/geography_dfpn.py digraph.txt [--epsilon 0.25] [--init mobility|one]

Reads matchgame's edge list (``n m``, then the arcs ``u v``, 1-based), answers every
placement as ``matchgame placements --game directed --edges`` prints it, and reports
on standard error the expansions (a position's moves generated, once per visit of
the search), the table's entries and the seconds.

The search (Nagai's df-pn, in the phi/delta form: phi is the proof number of "the
player to move wins", delta its disproof number; phi(n) = min over moves of
delta(child), delta(n) = the sum of phi(child)) keys positions by canonical states
as the kernel does (the token and the unvisited vertices it can reach). A new
position is (1, the opponent's moves) with ``--init mobility`` (the heuristic that
orders the kernel's moves), (1, 1) with ``--init one``; ``--epsilon`` is the 1 + e
trick of Pawlewicz and Lew (a child's threshold the second best times 1 + e).
"""

from __future__ import annotations

import argparse
import sys
import time

INFINITE = 10**9


def read(path: str) -> tuple[int, list[int]]:
    with open(path) as handle:
        words = handle.read().split()
    n, m = int(words[0]), int(words[1])
    successors = [0] * n
    for i in range(m):
        u, v = int(words[2 + 2 * i]) - 1, int(words[3 + 2 * i]) - 1
        if u != v:
            successors[u] |= 1 << v
    return n, successors


class ProofNumbers:
    def __init__(self, successors: list[int], epsilon: float, mobility: bool) -> None:
        self.successors = successors
        self.epsilon = epsilon
        self.mobility = mobility
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        self.expansions = 0

    def reach(self, x: int, available: int) -> int:
        """The vertices of ``available`` reachable from ``x``."""
        found = frontier = self.successors[x] & available
        while frontier:
            grown = 0
            while frontier:
                low = frontier & -frontier
                grown |= self.successors[low.bit_length() - 1]
                frontier ^= low
            frontier = grown & available & ~found
            found |= frontier
        return found

    def moves(self, state: tuple[int, int]) -> list[tuple[int, int]]:
        token, unvisited = state
        found, bits = [], self.successors[token] & unvisited
        while bits:
            low = bits & -bits
            x = low.bit_length() - 1
            bits ^= low
            found.append((x, self.reach(x, unvisited & ~low)))
        return found

    def numbers(self, state: tuple[int, int]) -> tuple[int, int]:
        known = self.table.get(state)
        if known is not None:
            return known
        moves = bin(self.successors[state[0]] & state[1]).count("1")
        if moves == 0:
            return INFINITE, 0
        return 1, moves if self.mobility else 1

    def search(self, state: tuple[int, int], phi_limit: int, delta_limit: int) -> None:
        """Nagai's MID: search ``state`` until its numbers reach a threshold."""
        known = self.table.get(state)
        if known is not None and 0 in known:
            return
        children = self.moves(state)
        self.expansions += 1
        if not children:
            self.table[state] = (INFINITE, 0)
            return
        while True:
            numbers = [self.numbers(child) for child in children]
            phi = min(delta for _, delta in numbers)
            delta = min(INFINITE, sum(p for p, _ in numbers))
            if phi >= phi_limit or delta >= delta_limit or phi == 0 or delta == 0:
                self.table[state] = (phi, delta)
                return
            best = min(range(len(children)), key=lambda i: numbers[i][1])
            second = min(
                (numbers[i][1] for i in range(len(children)) if i != best), default=INFINITE
            )
            child_phi = min(INFINITE, delta_limit - delta + numbers[best][0])
            child_delta = min(phi_limit, int(second * (1 + self.epsilon)) + 1)
            self.search(children[best], child_phi, child_delta)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--epsilon", type=float, default=0.25)
    parser.add_argument("--init", choices=("mobility", "one"), default="mobility")
    args = parser.parse_args()
    sys.setrecursionlimit(100_000)
    n, successors = read(args.file)
    search = ProofNumbers(successors, args.epsilon, args.init == "mobility")
    start = time.process_time()
    everything = (1 << n) - 1
    placer_wins = []
    for v in range(n):
        root = (v, search.reach(v, everything & ~(1 << v)))
        search.search(root, INFINITE, INFINITE)
        if search.table[root][0] != 0:  # the mover does not win: the placer does
            placer_wins.append(v + 1)
    print("WIN" if placer_wins else "LOSE")
    for v in placer_wins:
        print(v)
    print(
        f"{search.expansions} expansions, {len(search.table)} entries, "
        f"{time.process_time() - start:.1f} s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
