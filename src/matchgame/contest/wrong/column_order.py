"""Prints the right cells column by column instead of row by row."""

import sys


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    cells, adjacency = _kit.read_board()
    black = [v for v, (r, c) in enumerate(cells) if (r + c) % 2 == 0]
    mate = _kit.bipartite_matching(adjacency, black)
    winners = _kit.even_reach(adjacency, mate, [v for v in range(len(cells)) if mate[v] == -1])
    _kit.write_cells(
        sys.argv[1], sorted((cells[v] for v in winners), key=lambda rc: (rc[1], rc[0]))
    )


if __name__ == "__main__":
    main()
