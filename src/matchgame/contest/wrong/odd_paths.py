"""Counts every cell an alternating path from a free cell reaches, at odd distances too."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    _kit.board_winners(odd=True)


if __name__ == "__main__":
    main()
