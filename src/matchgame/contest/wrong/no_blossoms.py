"""Searches alternating paths as on a bipartite graph: odd cycles (blossoms) are ignored."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    n, edges = _kit.read_edges()
    adjacency = _kit.simple_adjacency(n, edges)
    mate = _kit.general_matching(adjacency)
    _kit.write_vertices(
        sorted(_kit.even_reach(adjacency, mate, [v for v in range(n) if mate[v] == -1]))
    )


if __name__ == "__main__":
    main()
