"""Takes a self-loop for a matching edge: a vertex with a loop is never a winning placement."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    n, edges = _kit.read_edges()
    adjacency = _kit.simple_adjacency(n, edges)
    looped = {u for u, v in edges if u == v}
    winners = _kit.missable(adjacency, _kit.general_matching(adjacency))
    _kit.write_vertices([v for v in winners if v not in looped])


if __name__ == "__main__":
    main()
