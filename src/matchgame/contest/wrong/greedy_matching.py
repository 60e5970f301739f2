"""Builds a greedy maximal matching instead of a maximum one, then searches from it."""

import sys


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    if sys.argv[1] in ("jsoi", "loj"):
        _kit.board_winners(mate_of="greedy")
    else:
        n, edges = _kit.read_edges()
        adjacency = _kit.simple_adjacency(n, edges)
        _kit.write_vertices(_kit.missable(adjacency, _kit.greedy_matching(adjacency)))


if __name__ == "__main__":
    main()
