"""Answers the vertex game (a move uses up the vertex it leaves) instead of the edge game."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    n, edges = _kit.read_edges()
    adjacency = _kit.simple_adjacency(n, edges)
    _kit.write_vertices(_kit.missable(adjacency, _kit.general_matching(adjacency)))


if __name__ == "__main__":
    main()
