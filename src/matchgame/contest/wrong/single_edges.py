"""Keeps one copy of each repeated edge, whose number of copies matters in the edge game."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    n, edges = _kit.read_edges()
    distinct = sorted({(min(u, v), max(u, v)) for u, v in edges})
    _kit.write_vertices(_kit.edge_game_winners(n, distinct))


if __name__ == "__main__":
    main()
