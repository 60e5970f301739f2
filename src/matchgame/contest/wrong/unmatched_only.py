"""Prints only what one maximum matching leaves free, not all that some one misses."""

import sys


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    if sys.argv[1] in ("jsoi", "loj"):
        _kit.board_winners(mate_of="free-only")
    else:
        n, edges = _kit.read_edges()
        mate = _kit.general_matching(_kit.simple_adjacency(n, edges))
        _kit.write_vertices([v for v in range(n) if mate[v] == -1])


if __name__ == "__main__":
    main()
